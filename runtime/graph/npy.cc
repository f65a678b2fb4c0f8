#include "runtime/graph/npy.h"

#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace tfm::rt {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr uint64_t kMaxFileBytes = 1ull << 30;

Status Bad(const std::string& display, const std::string& what) {
  return InvalidArgument(display + ": not a supported .npy file: " + what);
}

// The value of `key` in the header dict, as raw text up to the next top-level comma.
bool HeaderValue(std::string_view header, std::string_view key, std::string* out) {
  for (const char* quote : {"'", "\""}) {
    std::string k = std::string(quote) + std::string(key) + quote;
    size_t p = header.find(k);
    if (p == std::string_view::npos) continue;
    p = header.find(':', p + k.size());
    if (p == std::string_view::npos) return false;
    ++p;
    while (p < header.size() && header[p] == ' ') ++p;
    size_t end = p;
    int depth = 0;
    while (end < header.size()) {
      char c = header[end];
      if (c == '(' || c == '[') ++depth;
      if (c == ')' || c == ']') --depth;
      if ((c == ',' || c == '}') && depth == 0) break;
      ++end;
    }
    *out = std::string(header.substr(p, end - p));
    while (!out->empty() && out->back() == ' ') out->pop_back();
    return true;
  }
  return false;
}

std::string Unquote(const std::string& s) {
  if (s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front()) return s.substr(1, s.size() - 2);
  return s;
}

}  // namespace

StatusOr<Tensor> ParseNpy(std::string_view b, const std::string& display) {
  if (b.size() < 10 || std::memcmp(b.data(), kMagic, 6) != 0) return Bad(display, "missing the \\x93NUMPY magic");
  unsigned major = static_cast<unsigned char>(b[6]);
  size_t header_len = 0, offset = 0;
  if (major == 1) {
    header_len = static_cast<unsigned char>(b[8]) | (static_cast<size_t>(static_cast<unsigned char>(b[9])) << 8);
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (b.size() < 12) return Bad(display, "truncated header");
    for (int i = 3; i >= 0; --i) header_len = (header_len << 8) | static_cast<unsigned char>(b[8 + i]);
    offset = 12;
  } else {
    return Bad(display, "format version " + std::to_string(major) + " (1, 2 and 3 are supported)");
  }
  if (header_len > b.size() - offset) return Bad(display, "truncated header");
  std::string_view header = b.substr(offset, header_len);
  std::string_view data = b.substr(offset + header_len);

  std::string descr, fortran, shape_text;
  if (!HeaderValue(header, "descr", &descr) || !HeaderValue(header, "fortran_order", &fortran) ||
      !HeaderValue(header, "shape", &shape_text))
    return Bad(display, "header lacks descr, fortran_order or shape");
  descr = Unquote(descr);
  if (fortran != "False") return Bad(display, "Fortran-order arrays are not supported (save with C order)");
  if (descr.size() < 2) return Bad(display, "dtype '" + descr + "'");
  char order = descr[0];
  std::string code = descr.substr(1);
  DType dt = DType::kInvalid;
  if (code == "f4") dt = DType::kFloat;
  else if (code == "f8") dt = DType::kDouble;
  else if (code == "i4") dt = DType::kInt32;
  else if (code == "i8") dt = DType::kInt64;
  else if (code == "b1") dt = DType::kBool;
  if (dt == DType::kInvalid)
    return Bad(display, "dtype '" + descr + "' (supported: float32, float64, int32, int64, bool)");
  if (order == '>' && DTypeSize(dt) > 1) return Bad(display, "big-endian data ('" + descr + "')");
  if (order != '<' && order != '|' && order != '=' && order != '>') return Bad(display, "dtype '" + descr + "'");

  // shape: "()", "(3,)", "(2, 3)".
  if (shape_text.size() < 2 || shape_text.front() != '(' || shape_text.back() != ')')
    return Bad(display, "shape '" + shape_text + "'");
  Shape shape;
  uint64_t elements = 1;
  std::string inner = shape_text.substr(1, shape_text.size() - 2);
  std::stringstream ss(inner);
  std::string part;
  while (std::getline(ss, part, ',')) {
    size_t a = part.find_first_not_of(' ');
    if (a == std::string::npos) continue;
    size_t z = part.find_last_not_of(' ');
    part = part.substr(a, z - a + 1);
    if (part.empty() || part.size() > 18 || part.find_first_not_of("0123456789") != std::string::npos)
      return Bad(display, "shape '" + shape_text + "'");
    int64_t d = std::stoll(part);
    if (d != 0 && elements > std::numeric_limits<uint64_t>::max() / static_cast<uint64_t>(d))
      return Bad(display, "shape '" + shape_text + "' is too large");
    elements *= static_cast<uint64_t>(d);
    shape.push_back(d);
  }
  size_t item = DTypeSize(dt);
  if (elements > data.size() / item || elements * item != data.size())
    return Bad(display, "the header's shape " + shape_text + " needs " +
                            (elements > data.size() ? std::string("more") : std::to_string(elements * item)) +
                            " data bytes, the file has " + std::to_string(data.size()));
  Tensor t = Tensor::Alloc(dt, shape);
  if (dt == DType::kBool) {
    for (uint64_t i = 0; i < elements; ++i) {
      unsigned char c = static_cast<unsigned char>(data[i]);
      if (c > 1) return Bad(display, "bool element " + std::to_string(i) + " is neither 0 nor 1");
      t.data<bool>()[i] = c != 0;
    }
  } else if (elements) {
    std::memcpy(t.data<unsigned char>(), data.data(), elements * item);
  }
  return t;
}

StatusOr<Tensor> ReadNpyFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return InvalidArgument(path + ": cannot open the .npy file");
  std::streamoff size = in.tellg();
  if (size < 0 || static_cast<uint64_t>(size) > kMaxFileBytes)
    return InvalidArgument(path + ": .npy file larger than 1 GiB");
  std::string bytes(static_cast<size_t>(size), '\0');
  in.seekg(0);
  in.read(bytes.data(), size);
  if (!in) return InvalidArgument(path + ": cannot read the .npy file");
  return ParseNpy(bytes, path);
}

}  // namespace tfm::rt
