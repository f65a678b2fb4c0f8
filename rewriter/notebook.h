// Rewriting notebooks cell by cell. The fix loop runs on the notebook's virtual
// module (all code cells, see analyzer/source/source.h); this unit maps the
// rewritten module back onto the cells and splices only the changed cells'
// "source" values into the original JSON bytes, so indentation, key order and
// every other byte of the notebook stay as they were.
//
//   auto bounds = tfm::CellBoundaries(virtual_source);      // pass to the fix loop
//   auto json = tfm::SpliceNotebook(raw_json, virtual_source, new_text, new_bounds);
#pragma once

#include <string>
#include <vector>

#include "analyzer/source/source.h"

namespace tfm {

// Byte offsets in the virtual text where each code cell starts, plus its end.
std::vector<uint32_t> CellBoundaries(const SourceFile& notebook);

// The original notebook JSON with each code cell's source replaced by its segment
// of `new_text` (cut at `new_bounds`). Magic lines the virtual module blanked are
// restored. Returns an InputError when the JSON cannot be mapped.
Result<std::string> SpliceNotebook(const std::string& raw_json, const SourceFile& notebook,
                                   const std::string& new_text, const std::vector<uint32_t>& new_bounds);

}  // namespace tfm
