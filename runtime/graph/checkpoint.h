// Reading TensorFlow checkpoints (the V2 "tensor bundle" format that tf.train.Saver and
// SavedModel write: PREFIX.index and PREFIX.data-NNNNN-of-MMMMM), so `tfmigrate run` can
// execute a SavedModel or a MetaGraph with its trained variable values instead of their
// initializers.
//
//   auto ckpt = CheckpointReader::Open("export/variables/variables");
//   if (ckpt.ok() && ckpt.value().Has("dense/kernel"))
//     StatusOr<Tensor> w = ckpt.value().Read("dense/kernel");
//
// The index is a LevelDB-format table (uncompressed blocks, as TensorFlow writes them)
// whose keys are tensor names and whose values are BundleEntryProto records (dtype,
// shape, shard, offset, size, masked CRC-32C); the data files hold the raw little-endian
// bytes. Numbers and bools are read; partitioned (sliced) entries and string tensors are
// Unimplemented; anything malformed — a truncated file, a bad block, a CRC mismatch, a
// size that does not match the shape — is one InvalidArgument/DataLoss-style error naming
// the file or the key. Nothing is allocated before sizes are checked against the files.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime/core/status.h"
#include "runtime/core/tensor.h"

namespace tfm::rt {

class CheckpointReader {
 public:
  // PREFIX: "dir/model.ckpt" for dir/model.ckpt.index (+ data files).
  static StatusOr<CheckpointReader> Open(const std::string& prefix);

  bool Has(const std::string& key) const { return entries_.count(key) > 0; }
  StatusOr<Tensor> Read(const std::string& key) const;
  std::vector<std::string> Keys() const;
  const std::string& prefix() const { return prefix_; }

 private:
  struct Entry {
    int dtype = 0;  // DataType enum value
    std::vector<int64_t> shape;
    int shard = 0;
    int64_t offset = 0, size = 0;
    uint32_t masked_crc = 0;
    bool sliced = false;
  };
  std::string prefix_;
  int num_shards_ = 1;
  std::map<std::string, Entry> entries_;
};

// CRC-32C (Castagnoli) and the masking LevelDB/TensorFlow apply to stored CRCs.
uint32_t Crc32c(const void* data, size_t n, uint32_t init = 0);
inline uint32_t MaskCrc(uint32_t crc) { return ((crc >> 15) | (crc << 17)) + 0xa282ead8u; }

}  // namespace tfm::rt
