// Unified diff of two texts (line based, Myers' O(ND) algorithm), the output of
// `tfmigrate rewrite --diff`.
//
//   std::string d = tfm::UnifiedDiff(old_text, new_text, "a/model.py", "b/model.py");
//   // "" when the texts are equal
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tfm {

std::string UnifiedDiff(std::string_view old_text, std::string_view new_text, std::string_view old_name,
                        std::string_view new_name, int context = 3);

// Changed lines through the same edit script: element i (1-based new line) is the old line
// that new line i rewrites, inside a hunk that deletes and adds equally many lines (edits
// within lines); 0 for kept and added lines.
std::vector<int> MapLines(std::string_view old_text, std::string_view new_text);

}  // namespace tfm
