#include "analyzer/source/source.h"

#include <fmt/format.h>
#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <regex>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tfm {
namespace {

InputError Err(const std::string& path, std::string what) {
  return InputError{path, fmt::format("{}: {}", path, what)};
}

// PEP 263: a comment on line 1 or 2 matching `coding[:=]\s*([-\w.]+)`.
std::string DeclaredEncoding(std::string_view text) {
  size_t pos = 0;
  for (int line = 0; line < 2 && pos < text.size(); ++line) {
    size_t eol = text.find('\n', pos);
    std::string_view l = text.substr(pos, eol == std::string_view::npos ? text.size() - pos : eol - pos);
    size_t i = l.find_first_not_of(" \t\f");
    if (i != std::string_view::npos && l[i] == '#') {
      size_t c = l.find("coding", i);
      if (c != std::string_view::npos && c + 6 < l.size() && (l[c + 6] == ':' || l[c + 6] == '=')) {
        size_t s = c + 7;
        while (s < l.size() && (l[s] == ' ' || l[s] == '\t')) ++s;
        size_t e = s;
        while (e < l.size() && (std::isalnum(static_cast<unsigned char>(l[e])) || l[e] == '-' ||
                                l[e] == '_' || l[e] == '.'))
          ++e;
        std::string enc(l.substr(s, e - s));
        std::transform(enc.begin(), enc.end(), enc.begin(), [](unsigned char ch) {
          return ch == '_' ? '-' : static_cast<char>(std::tolower(ch));
        });
        return enc;
      }
    } else if (i != std::string_view::npos) {
      break;  // a non-comment line ends the search (PEP 263)
    }
    if (eol == std::string_view::npos) break;
    pos = eol + 1;
  }
  return {};
}

bool IsUtf8Name(const std::string& enc) {
  return enc == "utf-8" || enc == "utf8" || enc == "ascii" || enc == "us-ascii" ||
         enc.rfind("utf-8-", 0) == 0;
}

// Converts `in` from `enc` to UTF-8 with iconv; nullopt when impossible.
// Python codec names that glibc's iconv spells differently.
std::string IconvName(const std::string& enc) {
  if (enc == "latin-1" || enc == "latin1" || enc == "l1" || enc == "iso-8859-1" || enc == "iso8859-1") return "ISO-8859-1";
  if (enc == "cp1252" || enc == "windows-1252") return "CP1252";
  if (enc == "euc-jp" || enc == "shift-jis" || enc == "gbk" || enc == "gb2312" || enc == "big5") return enc;
  return enc;
}

std::optional<std::string> Transcode(const std::string& in, const std::string& enc, std::string* why) {
  iconv_t cd = iconv_open("UTF-8", IconvName(enc).c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) {
    *why = fmt::format("unknown encoding '{}' in the coding line", enc);
    return std::nullopt;
  }
  std::string out(in.size() * 4 + 16, '\0');
  char* src = const_cast<char*>(in.data());
  size_t src_left = in.size();
  char* dst = out.data();
  size_t dst_left = out.size();
  size_t rc = iconv(cd, &src, &src_left, &dst, &dst_left);
  iconv_close(cd);
  if (rc == static_cast<size_t>(-1)) {
    *why = fmt::format("cannot decode as '{}' at byte {}", enc, in.size() - src_left);
    return std::nullopt;
  }
  out.resize(out.size() - dst_left);
  return out;
}

bool LooksBinary(std::string_view s) {
  return s.substr(0, 8192).find('\0') != std::string_view::npos;
}

std::string LineColOf(std::string_view s, size_t byte) {
  size_t line = 1 + std::count(s.begin(), s.begin() + byte, '\n');
  size_t ls = s.rfind('\n', byte == 0 ? 0 : byte - 1);
  ls = (ls == std::string_view::npos || byte == 0) ? 0 : ls + 1;
  return fmt::format("line {}, column {}", line, CodePointCount(s.substr(ls, byte - ls)) + 1);
}

// JSON nesting depth, computed without recursion (refuse absurd depth before parsing).
size_t JsonDepth(std::string_view s) {
  size_t depth = 0, max_depth = 0;
  bool in_str = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (in_str) {
      if (c == '\\') ++i;
      else if (c == '"') in_str = false;
    } else if (c == '"') {
      in_str = true;
    } else if (c == '[' || c == '{') {
      max_depth = std::max(max_depth, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return max_depth;
}

bool IsMagicLine(std::string_view line) {
  size_t i = line.find_first_not_of(" \t");
  if (i == std::string_view::npos) return false;
  char c = line[i];
  if (c == '%' || c == '!') return true;
  // `obj?` / `obj??` help lines
  size_t e = line.find_last_not_of(" \t\r");
  return e != std::string_view::npos && line[e] == '?' && line.find('#') == std::string_view::npos;
}

Result<SourceFile> NotebookToSource(const std::string& bytes, std::string display) {
  if (JsonDepth(bytes) > 256) return Err(display, "notebook JSON is nested too deeply (more than 256 levels)");
  nlohmann::json nb;
  try {
    nb = nlohmann::json::parse(bytes);
  } catch (const nlohmann::json::parse_error& e) {
    return Err(display, fmt::format("not a valid notebook: invalid JSON at {}",
                                    LineColOf(bytes, std::min<size_t>(e.byte ? e.byte - 1 : 0, bytes.size()))));
  }
  if (!nb.is_object() || !nb.contains("cells") || !nb["cells"].is_array())
    return Err(display, "not a valid notebook: no \"cells\" array");
  SourceFile f;
  f.path = std::move(display);
  f.kind = SourceKind::kNotebook;
  uint32_t line = 0, code_no = 0;
  const auto& cells = nb["cells"];
  for (uint32_t ci = 0; ci < cells.size(); ++ci) {
    const auto& cell = cells[ci];
    if (!cell.is_object() || cell.value("cell_type", "") != "code") continue;
    ++code_no;
    std::string src;
    if (cell.contains("source")) {
      const auto& s = cell["source"];
      if (s.is_string()) {
        src = s.get<std::string>();
      } else if (s.is_array()) {
        for (const auto& part : s) {
          if (!part.is_string()) return Err(f.path, fmt::format("not a valid notebook: cell {} has a non-string source line", ci));
          src += part.get<std::string>();
        }
      } else {
        return Err(f.path, fmt::format("not a valid notebook: cell {} has a malformed source", ci));
      }
    }
    if (!src.empty() && src.back() != '\n') src += '\n';
    // Blank IPython syntax with '#' in place, keeping every byte offset. A cell magic
    // makes the whole cell foreign, except %%time / %%timeit / %%capture, which run
    // the rest of the cell as Python.
    bool cell_magic = src.rfind("%%", 0) == 0;
    if (cell_magic) {
      for (const char* k : {"%%time", "%%timeit", "%%capture"}) {
        size_t len = std::strlen(k);
        if (src.compare(0, len, k) == 0 && (src.size() == len || std::isspace(static_cast<unsigned char>(src[len])))) {
          cell_magic = false;
          src[0] = '#';
        }
      }
    }
    size_t pos = 0;
    uint32_t n = 0;
    while (pos < src.size()) {
      size_t eol = src.find('\n', pos);
      std::string_view l(src.data() + pos, eol - pos);
      if (cell_magic || IsMagicLine(l)) {
        size_t i = l.find_first_not_of(" \t");
        if (i != std::string_view::npos) src[pos + i] = '#';
      }
      pos = eol + 1;
      ++n;
    }
    f.cells.push_back(NotebookCell{ci, code_no, line, n});
    f.text += src;
    line += n;
  }
  return f;
}

}  // namespace

uint32_t CodePointCount(std::string_view s) {
  uint32_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

size_t FindInvalidUtf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size(), i = 0;
  while (i < n) {
    if (i + 8 <= n) {  // eight ASCII bytes at a time
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      if (!(w & 0x8080808080808080ull)) {
        i += 8;
        continue;
      }
    }
    unsigned char c = p[i];
    if (c < 0x80) { ++i; continue; }
    size_t len = 0;
    uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
    else return i;
    if (i + len > n) return i;
    for (size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return i;
    i += len;
  }
  return std::string_view::npos;
}

void SourceFile::BuildLineIndex() {
  line_starts_.clear();
  line_starts_.push_back(0);
  const char* begin = text.data();
  const char* end = begin + text.size();
  for (const char* nl = begin; (nl = static_cast<const char*>(std::memchr(nl, '\n', end - nl))) != nullptr; ++nl)
    line_starts_.push_back(static_cast<uint32_t>(nl - begin + 1));
}

uint32_t SourceFile::LineOf(uint32_t byte) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), byte);
  return static_cast<uint32_t>(it - line_starts_.begin()) - 1;
}

std::string_view SourceFile::LineText(uint32_t line0) const {
  if (line0 >= line_starts_.size()) return {};
  uint32_t b = line_starts_[line0];
  uint32_t e = line0 + 1 < line_starts_.size() ? line_starts_[line0 + 1] : static_cast<uint32_t>(text.size());
  std::string_view l(text.data() + b, e - b);
  while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.remove_suffix(1);
  return l;
}

Position SourceFile::PositionOf(uint32_t byte) const {
  byte = std::min<uint32_t>(byte, static_cast<uint32_t>(text.size()));
  uint32_t l0 = LineOf(byte);
  Position p;
  p.column = CodePointCount(std::string_view(text).substr(line_starts_[l0], byte - line_starts_[l0])) + 1;
  p.line = l0 + 1;
  if (kind == SourceKind::kNotebook && !cells.empty()) {
    auto it = std::upper_bound(cells.begin(), cells.end(), l0,
                               [](uint32_t l, const NotebookCell& c) { return l < c.first_line; });
    if (it != cells.begin()) --it;
    p.cell = it->code_number;
    p.line = l0 - it->first_line + 1;
  }
  return p;
}

std::string SourceFile::FormatPosition(const Position& p) const {
  if (p.cell) return fmt::format("cell {}:{}:{}", p.cell, p.line, p.column);
  return fmt::format("{}:{}", p.line, p.column);
}

Result<SourceFile> SourceFromBytes(std::string bytes, std::string display, SourceKind kind,
                                   const SourceOptions& opts) {
  if (bytes.size() > opts.max_bytes)
    return Err(display, fmt::format("file is {:.1f} MB, over the {:.0f} MB limit (--max-file-size)",
                                    bytes.size() / 1048576.0, opts.max_bytes / 1048576.0));
  if (LooksBinary(bytes)) return Err(display, "binary file (contains NUL bytes), not source text");
  bool bom = bytes.rfind("\xEF\xBB\xBF", 0) == 0;
  if (bom) bytes.erase(0, 3);
  if (kind == SourceKind::kNotebook) {
    if (size_t bad = FindInvalidUtf8(bytes); bad != std::string::npos)
      return Err(display, fmt::format("not valid UTF-8 at {} (byte 0x{:02X})", LineColOf(bytes, bad),
                                      static_cast<unsigned char>(bytes[bad])));
    auto nb = NotebookToSource(bytes, display);
    if (!nb) return nb;
    nb->had_bom = bom;
    nb->BuildLineIndex();
    return nb;
  }
  SourceFile f;
  f.path = std::move(display);
  f.had_bom = bom;
  f.declared_encoding = DeclaredEncoding(bytes);
  if (!f.declared_encoding.empty() && !IsUtf8Name(f.declared_encoding)) {
    std::string why;
    auto decoded = Transcode(bytes, f.declared_encoding, &why);
    if (!decoded) return Err(f.path, why);
    f.text = std::move(*decoded);
  } else {
    if (size_t bad = FindInvalidUtf8(bytes); bad != std::string::npos)
      return Err(f.path, fmt::format("not valid UTF-8 at {} (byte 0x{:02X}); declare the encoding with a "
                                     "PEP 263 coding line",
                                     LineColOf(bytes, bad), static_cast<unsigned char>(bytes[bad])));
    f.text = std::move(bytes);
  }
  f.BuildLineIndex();
  return f;
}

Result<SourceFile> LoadSource(const std::string& path, const SourceOptions& opts, std::string display) {
  if (display.empty()) display = path;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return Err(display, fmt::format("cannot open: {}", std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) return Err(display, "is a directory");
  if (static_cast<uint64_t>(st.st_size) > opts.max_bytes)
    return Err(display, fmt::format("file is {:.1f} MB, over the {:.0f} MB limit (--max-file-size)",
                                    st.st_size / 1048576.0, opts.max_bytes / 1048576.0));
  // Read with the size stat gave (one read call for a regular file, not a stream
  // iterator's byte at a time), then on to end of file in case it grew.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Err(display, fmt::format("cannot read: {}", std::strerror(errno)));
  std::string bytes(static_cast<size_t>(st.st_size), '\0');
  size_t got = 0;
  char tail[4096];
  for (;;) {
    const bool in_place = got < bytes.size();
    char* dst = in_place ? bytes.data() + got : tail;
    size_t room = in_place ? bytes.size() - got : sizeof tail;
    ssize_t r = ::read(fd, dst, room);
    if (r < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      return Err(display, "read error");
    }
    if (r == 0) break;
    if (!in_place) bytes.append(tail, static_cast<size_t>(r));
    got += static_cast<size_t>(r);
  }
  ::close(fd);
  bytes.resize(got);
  bool nb = path.size() >= 6 && path.compare(path.size() - 6, 6, ".ipynb") == 0;
  return SourceFromBytes(std::move(bytes), std::move(display), nb ? SourceKind::kNotebook : SourceKind::kPython,
                         opts);
}

}  // namespace tfm
