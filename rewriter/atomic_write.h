// Atomic file replacement: write a temporary file in the target's directory,
// fsync, keep the old file's permissions, then rename over the target. A reader
// sees either the old or the new file, never a half-written one.
#pragma once

#include <ostream>
#include <string>

namespace tfm {

// Returns false and writes one line ("error: PATH: ...") to `err` on failure; the
// target is untouched then.
// `durable` fsyncs the data before the rename (crash safety for files replaced in
// place); writing a fresh tree can skip it.
bool WriteFileAtomic(const std::string& path, const std::string& content, std::ostream* err, bool durable = true);

// Creates `path`, which must not exist yet (O_EXCL), with `content` and permission
// bits `mode` (not reduced by the umask): a file of a fresh output tree, where no
// reader can see a half-written file that replaced a good one, so no temporary
// file and rename are needed. False and one line on `err` on failure.
bool WriteNewFile(const std::string& path, const std::string& content, unsigned mode, std::ostream* err);

}  // namespace tfm
