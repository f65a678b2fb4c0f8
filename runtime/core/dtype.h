// DType: the element types the bundled runtime supports, with TensorFlow's names
// ("float32") and DataType enum numbers (DT_FLOAT = 1), so graph files map directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tfm::rt {

// The small types (uint8, int16, int8, float16) are stored, cast, fed and fetched; the
// integer ones also have the elementwise, comparison and reduction kernels TensorFlow
// registers for them, float16 the elementwise ones (computed in float32 and rounded per
// op, as Eigen::half computes).
enum class DType : int {
  kInvalid = 0, kFloat = 1, kDouble = 2, kInt32 = 3, kUInt8 = 4, kInt16 = 5, kInt8 = 6, kString = 7, kInt64 = 9,
  kBool = 10, kHalf = 19
};

const char* DTypeName(DType t);        // "float32"
const char* DTypeEnumName(DType t);    // "DT_FLOAT"
size_t DTypeSize(DType t);             // bytes per element; 0 for string
bool DTypeFromName(const std::string& name, DType* out);
inline bool IsFloating(DType t) { return t == DType::kFloat || t == DType::kDouble; }
inline bool IsInteger(DType t) { return t == DType::kInt32 || t == DType::kInt64; }
// uint8, int16, int8: the integer types narrower than int32
inline bool IsSmallInteger(DType t) { return t == DType::kUInt8 || t == DType::kInt16 || t == DType::kInt8; }

template <typename T> struct DTypeOf;
template <> struct DTypeOf<float> { static constexpr DType value = DType::kFloat; };
template <> struct DTypeOf<double> { static constexpr DType value = DType::kDouble; };
template <> struct DTypeOf<int32_t> { static constexpr DType value = DType::kInt32; };
template <> struct DTypeOf<int64_t> { static constexpr DType value = DType::kInt64; };
template <> struct DTypeOf<bool> { static constexpr DType value = DType::kBool; };
template <> struct DTypeOf<uint8_t> { static constexpr DType value = DType::kUInt8; };
template <> struct DTypeOf<int16_t> { static constexpr DType value = DType::kInt16; };
template <> struct DTypeOf<int8_t> { static constexpr DType value = DType::kInt8; };

}  // namespace tfm::rt
