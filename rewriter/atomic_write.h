// Atomic file replacement: write a temporary file in the target's directory,
// fsync, keep the old file's permissions, then rename over the target. A reader
// sees either the old or the new file, never a half-written one.
#pragma once

#include <ostream>
#include <string>

namespace tfm {

// Returns false and writes one line ("error: PATH: ...") to `err` on failure; the
// target is untouched then.
bool WriteFileAtomic(const std::string& path, const std::string& content, std::ostream* err);

}  // namespace tfm
