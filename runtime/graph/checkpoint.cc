#include "runtime/graph/checkpoint.h"

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "analyzer/graph/proto/tensorflow_graph.pb.h"

namespace tfm::rt {

namespace {

constexpr uint64_t kTableMagic = 0xdb4775248b80fb57ull;
constexpr size_t kFooterSize = 48;     // two block handles (padded to 40 bytes) + magic
constexpr size_t kBlockTrailer = 5;    // compression type + masked CRC-32C
constexpr int64_t kMaxIndexBytes = int64_t{1} << 30;

const std::array<uint32_t, 256>& CrcTable() {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82f63b78u : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  return table;
}

// A cursor over bytes that never reads past the end.
struct Cursor {
  const unsigned char* p;
  const unsigned char* end;
  bool ok = true;
  uint64_t Varint() {
    uint64_t v = 0;
    for (int shift = 0; shift <= 63; shift += 7) {
      if (p >= end) break;
      unsigned char b = *p++;
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    ok = false;
    return 0;
  }
  std::string_view Bytes(uint64_t n) {
    if (static_cast<uint64_t>(end - p) < n) {
      ok = false;
      return {};
    }
    std::string_view s(reinterpret_cast<const char*>(p), n);
    p += n;
    return s;
  }
};

uint32_t Fixed32(const unsigned char* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

StatusOr<std::string> ReadFile(const std::string& path, int64_t limit) {
  std::error_code ec;
  auto size = std::filesystem::file_size(path, ec);
  if (ec) return NotFound("checkpoint file " + path + " cannot be read: " + ec.message());
  if (static_cast<int64_t>(size) > limit) return InvalidArgument("checkpoint index " + path + " is too large");
  std::ifstream in(path, std::ios::binary);
  std::string data(size, '\0');
  if (!in.read(data.data(), static_cast<std::streamsize>(size)))
    return InvalidArgument("checkpoint file " + path + " cannot be read");
  return data;
}

// The entries of one table block, in order: (key, value).
Status ParseBlock(std::string_view table, uint64_t offset, uint64_t size, const std::string& path,
                  std::vector<std::pair<std::string, std::string>>* out) {
  if (offset > table.size() || size > table.size() - offset || table.size() - offset - size < kBlockTrailer)
    return InvalidArgument(path + ": a block lies outside the file (truncated checkpoint index?)");
  const auto* b = reinterpret_cast<const unsigned char*>(table.data()) + offset;
  unsigned char type = b[size];
  if (type != 0)
    return Unimplemented(path + ": compressed table blocks (type " + std::to_string(type) + ") are not supported");
  uint32_t stored = Fixed32(b + size + 1);
  if (MaskCrc(Crc32c(b, size + 1)) != stored) return InvalidArgument(path + ": block checksum mismatch");
  if (size < 4) return InvalidArgument(path + ": a block is too short");
  uint32_t restarts = Fixed32(b + size - 4);
  if (uint64_t{restarts} * 4 + 4 > size) return InvalidArgument(path + ": a block has a bad restart count");
  Cursor c{b, b + size - 4 - uint64_t{restarts} * 4};
  std::string key;
  while (c.p < c.end) {
    uint64_t shared = c.Varint(), non_shared = c.Varint(), value_len = c.Varint();
    if (!c.ok || shared > key.size()) return InvalidArgument(path + ": a block entry is malformed");
    std::string_view delta = c.Bytes(non_shared);
    std::string_view value = c.Bytes(value_len);
    if (!c.ok) return InvalidArgument(path + ": a block entry runs past its block");
    key.resize(shared);
    key.append(delta);
    out->emplace_back(key, std::string(value));
  }
  return Status::Ok();
}

}  // namespace

uint32_t Crc32c(const void* data, size_t n, uint32_t init) {
  const auto& t = CrcTable();
  uint32_t c = ~init;
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < n; ++i) c = t[(c ^ p[i]) & 0xff] ^ (c >> 8);
  return ~c;
}

StatusOr<CheckpointReader> CheckpointReader::Open(const std::string& prefix) {
  const std::string path = prefix + ".index";
  auto data = ReadFile(path, kMaxIndexBytes);
  if (!data.ok()) return data.status();
  std::string_view table = data.value();
  if (table.size() < kFooterSize) return InvalidArgument(path + ": too short to be a checkpoint index");
  const auto* f = reinterpret_cast<const unsigned char*>(table.data()) + table.size() - kFooterSize;
  uint64_t magic = uint64_t{Fixed32(f + 40)} | uint64_t{Fixed32(f + 44)} << 32;
  if (magic != kTableMagic) return InvalidArgument(path + ": not a TensorFlow checkpoint index (bad magic number)");
  Cursor fc{f, f + 40};
  fc.Varint();  // metaindex handle: unused
  fc.Varint();
  uint64_t index_offset = fc.Varint(), index_size = fc.Varint();
  if (!fc.ok) return InvalidArgument(path + ": malformed table footer");
  std::vector<std::pair<std::string, std::string>> index;
  Status s = ParseBlock(table, index_offset, index_size, path, &index);
  if (!s.ok()) return s;

  CheckpointReader r;
  r.prefix_ = prefix;
  bool header = false;
  for (const auto& [unused, handle] : index) {
    Cursor hc{reinterpret_cast<const unsigned char*>(handle.data()),
              reinterpret_cast<const unsigned char*>(handle.data()) + handle.size()};
    uint64_t off = hc.Varint(), size = hc.Varint();
    if (!hc.ok) return InvalidArgument(path + ": malformed block handle");
    std::vector<std::pair<std::string, std::string>> entries;
    s = ParseBlock(table, off, size, path, &entries);
    if (!s.ok()) return s;
    for (const auto& [key, value] : entries) {
      if (key.empty()) {
        tensorflow::BundleHeaderProto h;
        if (!h.ParseFromString(value)) return InvalidArgument(path + ": malformed bundle header");
        if (h.endianness() != tensorflow::BundleHeaderProto::LITTLE)
          return Unimplemented(path + ": a big-endian checkpoint");
        if (h.num_shards() < 1 || h.num_shards() > 100000) return InvalidArgument(path + ": bad shard count");
        r.num_shards_ = h.num_shards();
        header = true;
        continue;
      }
      tensorflow::BundleEntryProto e;
      if (!e.ParseFromString(value)) return InvalidArgument(path + ": malformed entry for '" + key + "'");
      Entry en;
      en.dtype = e.dtype();
      for (const auto& d : e.shape().dim()) en.shape.push_back(d.size());
      en.shard = e.shard_id();
      en.offset = e.offset();
      en.size = e.size();
      en.masked_crc = e.crc32c();
      en.sliced = e.slices_size() > 0;
      r.entries_[key] = std::move(en);
    }
  }
  if (!header) return InvalidArgument(path + ": no bundle header (not a V2 checkpoint)");
  return r;
}

std::vector<std::string> CheckpointReader::Keys() const {
  std::vector<std::string> keys;
  for (const auto& [k, unused] : entries_) keys.push_back(k);
  return keys;
}

StatusOr<Tensor> CheckpointReader::Read(const std::string& key) const {
  auto it = entries_.find(key);
  if (it == entries_.end()) return NotFound("checkpoint " + prefix_ + " has no tensor '" + key + "'");
  const Entry& e = it->second;
  if (e.sliced) return Unimplemented("checkpoint tensor '" + key + "' is partitioned (saved in slices)");
  DType dt;
  switch (e.dtype) {
    case tensorflow::DT_FLOAT: dt = DType::kFloat; break;
    case tensorflow::DT_DOUBLE: dt = DType::kDouble; break;
    case tensorflow::DT_INT32: dt = DType::kInt32; break;
    case tensorflow::DT_INT64: dt = DType::kInt64; break;
    case tensorflow::DT_BOOL: dt = DType::kBool; break;
    default:
      return Unimplemented("checkpoint tensor '" + key + "' has dtype " + tensorflow::DataType_Name(
                               static_cast<tensorflow::DataType>(e.dtype)) + ", which the bundled runtime does not read");
  }
  for (int64_t d : e.shape)
    if (d < 0) return InvalidArgument("checkpoint tensor '" + key + "' has a negative dimension");
  int64_t n = 1;
  for (int64_t d : e.shape) {
    if (d != 0 && n > (int64_t{1} << 40) / d) return InvalidArgument("checkpoint tensor '" + key + "' is too large");
    n *= d;
  }
  int64_t bytes = n * static_cast<int64_t>(DTypeSize(dt));
  if (bytes != e.size)
    return InvalidArgument("checkpoint tensor '" + key + "': " + std::to_string(e.size) + " bytes stored for shape " +
                           ShapeString(e.shape));
  if (e.shard < 0 || e.shard >= num_shards_) return InvalidArgument("checkpoint tensor '" + key + "': bad shard id");
  char name[64];
  std::snprintf(name, sizeof name, ".data-%05d-of-%05d", e.shard, num_shards_);
  std::string path = prefix_ + name;
  std::error_code ec;
  auto fsize = std::filesystem::file_size(path, ec);
  if (ec) return NotFound("checkpoint data file " + path + " cannot be read: " + ec.message());
  if (e.offset < 0 || static_cast<uint64_t>(e.offset) > fsize || static_cast<uint64_t>(e.size) > fsize - e.offset)
    return InvalidArgument("checkpoint tensor '" + key + "' lies outside " + path + " (truncated data file?)");
  Tensor t = Tensor::Alloc(dt, e.shape);
  std::ifstream in(path, std::ios::binary);
  in.seekg(e.offset);
  if (bytes && !in.read(reinterpret_cast<char*>(t.data<unsigned char>()), bytes))
    return InvalidArgument("checkpoint tensor '" + key + "' cannot be read from " + path);
  if (MaskCrc(Crc32c(t.raw(), static_cast<size_t>(bytes))) != e.masked_crc)
    return InvalidArgument("checkpoint tensor '" + key + "': checksum mismatch in " + path);
  return t;
}

}  // namespace tfm::rt
