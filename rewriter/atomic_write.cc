#include "rewriter/atomic_write.h"

#include <fmt/format.h>
#include <fcntl.h>
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

bool WriteNewFile(const std::string& path, const std::string& content, unsigned mode, std::ostream* err) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    *err << fmt::format("error: {}: cannot create the file: {}\n", path, std::strerror(errno));
    return false;
  }
  size_t off = 0;
  while (off < content.size()) {
    ssize_t n = ::write(fd, content.data() + off, content.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      *err << fmt::format("error: {}: write failed: {}\n", path, std::strerror(errno));
      ::close(fd);
      ::unlink(path.c_str());
      return false;
    }
    off += static_cast<size_t>(n);
  }
  bool ok = ::fchmod(fd, mode & 07777) == 0;
  ok &= ::close(fd) == 0;
  if (!ok) {
    *err << fmt::format("error: {}: cannot finish the file: {}\n", path, std::strerror(errno));
    ::unlink(path.c_str());
    return false;
  }
  return true;
}

}  // namespace tfm
