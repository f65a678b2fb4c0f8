#include "rewriter/atomic_write.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

namespace tfm {

bool WriteFileAtomic(const std::string& path, const std::string& content, std::ostream* err, bool durable) {
  namespace fs = std::filesystem;
  fs::path target(path);
  fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::string tmpl = (dir / ("." + target.filename().string() + ".tfmigrate-XXXXXX")).string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  int fd = mkstemp(buf.data());
  if (fd < 0) {
    *err << fmt::format("error: {}: cannot create a temporary file in {}: {}\n", path, dir.string(),
                             std::strerror(errno));
    return false;
  }
  size_t off = 0;
  while (off < content.size()) {
    ssize_t n = ::write(fd, content.data() + off, content.size() - off);
    if (n <= 0) {
      ::close(fd);
      ::unlink(buf.data());
      *err << fmt::format("error: {}: write failed: {}\n", path, std::strerror(errno));
      return false;
    }
    off += static_cast<size_t>(n);
  }
  // keep the permissions of a file being replaced
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) ::fchmod(fd, st.st_mode & 07777);
  else ::fchmod(fd, 0644);
  if ((durable && ::fsync(fd) != 0) || ::close(fd) != 0 || std::rename(buf.data(), path.c_str()) != 0) {
    *err << fmt::format("error: {}: cannot replace file: {}\n", path, std::strerror(errno));
    ::unlink(buf.data());
    return false;
  }
  return true;
}

}  // namespace tfm
