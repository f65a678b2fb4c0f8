// String kernels (TensorFlow's string_ops): StringToNumber (tf.strings.to_number /
// tf.string_to_number), Substr, StringJoin and AsString, with TensorFlow's parsing,
// formatting and error messages. Registered by RegisterStringKernels; shapes are in
// ops/op_defs.cc.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {

namespace {

// ---- StringToNumber ----------------------------------------------------------------
// Floats: surrounding whitespace ignored, then the whole rest must be one strtod/strtof
// number (decimal, hex, inf/infinity/nan in any case; overflow gives inf). Integers:
// surrounding whitespace, an optional sign and decimal digits, in range.

bool IsSpace(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r'; }

std::string Trimmed(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && IsSpace(s[b])) ++b;
  while (e > b && IsSpace(s[e - 1])) --e;
  return s.substr(b, e - b);
}

template <typename T>
bool ParseFloat(const std::string& s, T* v) {
  std::string t = Trimmed(s);
  if (t.empty() || t.find('\0') != std::string::npos) return false;
  char* end = nullptr;
  if constexpr (std::is_same_v<T, float>)
    *v = std::strtof(t.c_str(), &end);
  else
    *v = std::strtod(t.c_str(), &end);
  return end == t.c_str() + t.size();
}

template <typename T>
bool ParseInt(const std::string& s, T* v) {
  std::string t = Trimmed(s);
  size_t i = 0;
  bool neg = false;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) neg = t[i++] == '-';
  if (i == t.size()) return false;
  // magnitude accumulated as unsigned; the limit of a negative value is one more
  using U = std::make_unsigned_t<T>;
  const U limit = neg ? static_cast<U>(std::numeric_limits<T>::max()) + 1 : static_cast<U>(std::numeric_limits<T>::max());
  U mag = 0;
  for (; i < t.size(); ++i) {
    if (t[i] < '0' || t[i] > '9') return false;
    U d = static_cast<U>(t[i] - '0');
    if (mag > (limit - d) / 10) return false;
    mag = mag * 10 + d;
  }
  *v = neg ? static_cast<T>(U(0) - mag) : static_cast<T>(mag);
  return true;
}

template <typename T>
Status ParseAll(const Tensor& in, Tensor* out) {
  for (int64_t i = 0; i < in.num_elements(); ++i) {
    const std::string& s = in.strings()[i];
    T v{};
    bool ok;
    if constexpr (std::is_floating_point_v<T>)
      ok = ParseFloat(s, &v);
    else
      ok = ParseInt(s, &v);
    if (!ok) return InvalidArgument("StringToNumberOp could not correctly convert string: " + s);
    out->data<T>()[i] = v;
  }
  return Status::Ok();
}

Status StringToNumberK(KernelContext& c) {
  const Tensor& in = c.inputs[0];
  if (in.dtype() != DType::kString)
    return InvalidArgument(std::string("StringToNumber expects a string tensor, got ") + DTypeName(in.dtype()));
  DType dt = GetTypeAttr(*c.attrs, "out_type", DType::kFloat);
  Tensor out = Tensor::Alloc(dt, in.shape());
  switch (dt) {
    case DType::kFloat: TFM_RETURN_IF_ERROR(ParseAll<float>(in, &out)); break;
    case DType::kDouble: TFM_RETURN_IF_ERROR(ParseAll<double>(in, &out)); break;
    case DType::kInt32: TFM_RETURN_IF_ERROR(ParseAll<int32_t>(in, &out)); break;
    case DType::kInt64: TFM_RETURN_IF_ERROR(ParseAll<int64_t>(in, &out)); break;
    default:
      return InvalidArgument("Value for attr 'out_type' of " + std::string(DTypeName(dt)) +
                             " is not in the list of allowed values: float, double, int32, int64, uint32, uint64");
  }
  c.outputs = {out};
  return Status::Ok();
}

// ---- string ops ----------------------------------------------------------------------
// Python's bytes repr of a string (TF's error messages quote strings that way).
std::string BytesRepr(const std::string& s) {
  bool has_single = s.find('\'') != std::string::npos, has_double = s.find('"') != std::string::npos;
  char q = has_single && !has_double ? '"' : '\'';
  std::string r = "b";
  r += q;
  for (unsigned char ch : s) {
    if (ch == q || ch == '\\') {
      r += '\\';
      r += static_cast<char>(ch);
    } else if (ch == '\n') {
      r += "\\n";
    } else if (ch == '\t') {
      r += "\\t";
    } else if (ch == '\r') {
      r += "\\r";
    } else if (ch < 32 || ch >= 127) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", ch);
      r += buf;
    } else {
      r += static_cast<char>(ch);
    }
  }
  r += q;
  return r;
}

// Substr(input, pos, len), unit BYTE: pos and len scalars or shaped as input; a negative
// pos counts from the end; len is clipped at the end of the string.
Status SubstrK(KernelContext& c) {
  const Tensor& in = c.inputs[0];
  const Tensor& pos = c.inputs[1];
  const Tensor& len = c.inputs[2];
  if (GetStringAttr(*c.attrs, "unit", "BYTE") != "BYTE")
    return InvalidArgument("Substr with unit UTF8_CHAR is not yet in the bundled runtime");
  for (const Tensor* t : {&pos, &len})
    if (t->num_elements() != 1 && t->shape() != in.shape())
      return InvalidArgument("pos and len should have the same shape, and be scalars or shaped as input; got " +
                             t->ShapeString() + " for input " + in.ShapeString() +
                             " (the bundled runtime does not broadcast Substr further)");
  Tensor out = Tensor::String(std::vector<std::string>(in.num_elements()), in.shape());
  for (int64_t i = 0; i < in.num_elements(); ++i) {
    const std::string& s = in.strings()[i];
    int64_t p = pos.AsInt64(pos.num_elements() == 1 ? 0 : i), l = len.AsInt64(len.num_elements() == 1 ? 0 : i);
    int64_t n = static_cast<int64_t>(s.size());
    int64_t start = p < 0 ? n + p : p;
    if (start < 0 || start > n)
      return InvalidArgument("pos " + std::to_string(p) + " out of range for string " + BytesRepr(s) + " at index " +
                             std::to_string(i));
    int64_t take = std::max<int64_t>(0, std::min(l, n - start));
    out.strings()[i] = s.substr(static_cast<size_t>(start), static_cast<size_t>(take));
  }
  c.outputs = {out};
  return Status::Ok();
}

// StringJoin(inputs..., separator): element-wise; scalar inputs broadcast.
Status StringJoinK(KernelContext& c) {
  std::string sep = GetStringAttr(*c.attrs, "separator", "");
  Shape shape;
  for (const Tensor& t : c.inputs) {
    if (t.dtype() != DType::kString) return InvalidArgument("StringJoin expects string inputs");
    if (t.num_elements() == 1 && t.dims() == 0) continue;
    if (!shape.empty() && t.shape() != shape)
      return InvalidArgument("Input shapes do not match: " + ShapeString(shape) + " vs. " + t.ShapeString());
    shape = t.shape();
  }
  int64_t n = NumElements(shape);
  Tensor out = Tensor::String(std::vector<std::string>(n), shape);
  for (int64_t i = 0; i < n; ++i) {
    std::string r;
    for (size_t k = 0; k < c.inputs.size(); ++k) {
      const Tensor& t = c.inputs[k];
      if (k) r += sep;
      r += t.strings()[t.dims() == 0 ? 0 : i];
    }
    out.strings()[i] = std::move(r);
  }
  c.outputs = {out};
  return Status::Ok();
}

// AsString(input): printf formatting as TensorFlow builds it from precision, scientific,
// shortest, width and fill.
Status AsStringK(KernelContext& c) {
  const Tensor& in = c.inputs[0];
  int64_t precision = GetIntAttr(*c.attrs, "precision", -1), width = GetIntAttr(*c.attrs, "width", -1);
  bool scientific = GetBoolAttr(*c.attrs, "scientific", false), shortest = GetBoolAttr(*c.attrs, "shortest", false);
  std::string fill = GetStringAttr(*c.attrs, "fill", "");
  bool floating = in.dtype() == DType::kFloat || in.dtype() == DType::kDouble;
  if (scientific && shortest) return InvalidArgument("Cannot select both scientific and shortest notation");
  if (!floating && (scientific || shortest))
    return InvalidArgument("scientific and shortest format not supported for datatype " +
                           std::string(DTypeName(in.dtype())));
  if (!floating && precision > -1)
    return InvalidArgument("precision not supported for datatype " + std::string(DTypeName(in.dtype())));
  if (fill.size() > 1) return InvalidArgument("Fill string must be one or fewer characters");
  // (each value's text is at least `width` characters: a width of a million makes strings
  // of a megabyte per element, past which the bundled runtime does not go)
  if (width > (int64_t{1} << 20) || precision > (int64_t{1} << 20))
    return InvalidArgument("AsString's width " + std::to_string(width) + " or precision " + std::to_string(precision) +
                           " is past what the bundled runtime formats (2**20)");
  std::string fmt = "%";
  if (!fill.empty()) {
    if (std::string(" +-0#").find(fill[0]) == std::string::npos)
      return InvalidArgument("Fill argument not supported: \"" + fill + "\"");
    fmt += fill;
  }
  if (width > -1) fmt += std::to_string(width);
  if (precision > -1) fmt += "." + std::to_string(precision);
  Tensor out = Tensor::String(std::vector<std::string>(in.num_elements()), in.shape());
  // the whole text, however long (a 512-byte buffer cut a wide one)
  auto format = [](const std::string& f, auto v) {
    const int len = std::snprintf(nullptr, 0, f.c_str(), v);
    std::string s(static_cast<size_t>(std::max(len, 0)), '\0');
    if (len > 0) std::snprintf(s.data(), s.size() + 1, f.c_str(), v);
    return s;
  };
  for (int64_t i = 0; i < in.num_elements(); ++i) {
    std::string text;
    switch (in.dtype()) {
      case DType::kFloat:
      case DType::kDouble: {
        double v = in.dtype() == DType::kFloat ? static_cast<double>(in.data<float>()[i]) : in.data<double>()[i];
        text = format(fmt + (shortest ? "g" : scientific ? "e" : "f"), v);
        break;
      }
      case DType::kInt32: text = format(fmt + "d", in.data<int32_t>()[i]); break;
      case DType::kInt64: text = format(fmt + "lld", static_cast<long long>(in.data<int64_t>()[i])); break;
      case DType::kBool: text = format(fmt + "s", in.data<bool>()[i] ? "true" : "false"); break;
      default: return InvalidArgument(std::string("AsString does not support ") + DTypeName(in.dtype()));
    }
    out.strings()[i] = std::move(text);
  }
  c.outputs = {out};
  return Status::Ok();
}

}  // namespace

void RegisterStringKernels(std::map<std::string, KernelFn>& m) {
  m["StringToNumber"] = StringToNumberK;
  m["Substr"] = SubstrK; m["StringJoin"] = StringJoinK; m["AsString"] = AsStringK;
}

}  // namespace tfm::rt
