// Unified diff of two texts (line based, Myers' O(ND) algorithm), the output of
// `tfmigrate rewrite --diff`.
//
//   std::string d = tfm::UnifiedDiff(old_text, new_text, "a/model.py", "b/model.py");
//   // "" when the texts are equal
#pragma once

#include <string>
#include <string_view>

namespace tfm {

std::string UnifiedDiff(std::string_view old_text, std::string_view new_text, std::string_view old_name,
                        std::string_view new_name, int context = 3);

}  // namespace tfm
