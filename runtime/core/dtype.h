// DType: the element types the bundled runtime supports, with TensorFlow's names
// ("float32") and DataType enum numbers (DT_FLOAT = 1), so graph files map directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tfm::rt {

enum class DType : int { kInvalid = 0, kFloat = 1, kDouble = 2, kInt32 = 3, kString = 7, kInt64 = 9, kBool = 10 };

const char* DTypeName(DType t);        // "float32"
const char* DTypeEnumName(DType t);    // "DT_FLOAT"
size_t DTypeSize(DType t);             // bytes per element; 0 for string
bool DTypeFromName(const std::string& name, DType* out);
inline bool IsFloating(DType t) { return t == DType::kFloat || t == DType::kDouble; }
inline bool IsInteger(DType t) { return t == DType::kInt32 || t == DType::kInt64; }

template <typename T> struct DTypeOf;
template <> struct DTypeOf<float> { static constexpr DType value = DType::kFloat; };
template <> struct DTypeOf<double> { static constexpr DType value = DType::kDouble; };
template <> struct DTypeOf<int32_t> { static constexpr DType value = DType::kInt32; };
template <> struct DTypeOf<int64_t> { static constexpr DType value = DType::kInt64; };
template <> struct DTypeOf<bool> { static constexpr DType value = DType::kBool; };

}  // namespace tfm::rt
