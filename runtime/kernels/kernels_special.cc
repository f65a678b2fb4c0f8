// Kernels for special functions, categorical sampling and string parsing:
//   Lgamma, Digamma, Erf, Erfc (element-wise, float32/float64, Eigen's special functions
//   as TensorFlow uses them), Polygamma(a, x) (the gradient of Digamma),
//   Multinomial (tf.random.categorical / tf.multinomial: TensorFlow's CPU sampler over
//   the Philox stream, so seeded draws are TensorFlow's numbers),
//   StringToNumber (tf.strings.to_number / tf.string_to_number),
//   and the string ops Substr, StringJoin, AsString (Cumprod is kernels_nn.cc's, beside Cumsum).
// Registered with the other kernels (RegisterSpecialKernels); shapes are in ops/op_defs.cc.
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include <Eigen/Core>
#include <unsupported/Eigen/SpecialFunctions>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {

namespace {

Status NotAllowedT(const KernelContext& c, DType dt) {
  return InvalidArgument("Value for attr 'T' of " + std::string(DTypeName(dt)) +
                         " is not in the list of allowed values: bfloat16, half, float, double\n\t; NodeDef: {{node " +
                         c.op + "}}; Op<name=" + c.op + ">");
}

enum class Special { kLgamma, kDigamma, kErf, kErfc };

template <typename T>
void ApplySpecial(Special f, const T* a, T* r, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    switch (f) {
      case Special::kLgamma: r[i] = Eigen::numext::lgamma(a[i]); break;
      case Special::kDigamma: r[i] = Eigen::numext::digamma(a[i]); break;
      case Special::kErf: r[i] = Eigen::numext::erf(a[i]); break;
      case Special::kErfc: r[i] = Eigen::numext::erfc(a[i]); break;
    }
  }
}

Status SpecialUnary(KernelContext& c, Special f) {
  const Tensor& x = c.inputs[0];
  Tensor o = Tensor::Alloc(x.dtype(), x.shape());
  if (x.dtype() == DType::kFloat)
    ApplySpecial(f, x.data<float>(), o.data<float>(), x.num_elements());
  else if (x.dtype() == DType::kDouble)
    ApplySpecial(f, x.data<double>(), o.data<double>(), x.num_elements());
  else
    return NotAllowedT(c, x.dtype());
  c.outputs = {o};
  return Status::Ok();
}

Status LgammaK(KernelContext& c) { return SpecialUnary(c, Special::kLgamma); }
Status DigammaK(KernelContext& c) { return SpecialUnary(c, Special::kDigamma); }
Status ErfK(KernelContext& c) { return SpecialUnary(c, Special::kErf); }
Status ErfcK(KernelContext& c) { return SpecialUnary(c, Special::kErfc); }

// Polygamma(a, x): same dtype; equal shapes or one side a scalar (what the Digamma
// gradient and ordinary calls produce).
template <typename T>
void PolygammaTyped(const Tensor& a, const Tensor& x, Tensor* o) {
  int64_t n = o->num_elements();
  bool sa = a.num_elements() == 1, sx = x.num_elements() == 1;
  for (int64_t i = 0; i < n; ++i) {
    const T order = a.data<T>()[sa ? 0 : i];
    // Eigen converts the order to an integer: an infinite or NaN order (no integer) is NaN,
    // as Eigen answers for any other non-integer order, not an undefined conversion.
    o->data<T>()[i] = std::isfinite(order) ? Eigen::numext::polygamma(order, x.data<T>()[sx ? 0 : i])
                                           : std::numeric_limits<T>::quiet_NaN();
  }
}

Status PolygammaK(KernelContext& c) {
  const Tensor& a = c.inputs[0];
  const Tensor& x = c.inputs[1];
  if (a.dtype() != x.dtype()) return InvalidArgument("Polygamma: a and x must have the same dtype");
  if (a.dtype() != DType::kFloat && a.dtype() != DType::kDouble)
    return InvalidArgument("Value for attr 'T' of " + std::string(DTypeName(a.dtype())) +
                           " is not in the list of allowed values: float, double");
  Shape s;
  if (a.shape() == x.shape() || (a.num_elements() == 1 && a.dims() <= x.dims()))
    s = x.shape();
  else if (x.num_elements() == 1 && x.dims() <= a.dims())
    s = a.shape();
  else
    return InvalidArgument("Incompatible shapes: " + a.ShapeString() + " vs. " + x.ShapeString() +
                           " (the bundled runtime's Polygamma broadcasts scalars only)");
  Tensor o = Tensor::Alloc(a.dtype(), s);
  if (a.dtype() == DType::kFloat)
    PolygammaTyped<float>(a, x, &o);
  else
    PolygammaTyped<double>(a, x, &o);
  c.outputs = {o};
  return Status::Ok();
}

// ---- Multinomial -------------------------------------------------------------------
// TensorFlow's CPU kernel splits the batch into row blocks (Eigen's ThreadPoolDevice
// parallelFor with a per-row cost estimate) and starts each block's generator at
// start_row * (num_samples + 3) / 4 128-bit samples; within a block one stream runs on
// across rows. The block boundaries therefore shape the numbers, and depend on the
// number of intra-op threads (the schedulable CPUs, or the first session's
// ConfigProto.intra_op_parallelism_threads: SetIntraOpThreads). The partition below
// follows Eigen's cost model (100000 cycles startup and per thread, 40000 a task).

std::atomic<int>& IntraOpThreadsSetting() {
  static std::atomic<int> n{0};
  return n;
}

int SchedulableCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return 1;
}

int64_t DivUp(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Row blocks [k * size, min((k + 1) * size, n)) as Eigen's parallelFor forms them.
int64_t RowBlockSize(int64_t n, double cost_per_row, int threads) {
  if (n <= 1 || threads <= 1) return n;
  double total = static_cast<double>(n) * cost_per_row;
  double want = (total - 100000.0) / 100000.0 + 0.9;
  want = std::min<double>(want, std::numeric_limits<int>::max());
  int used = std::min(threads, std::max<int>(1, static_cast<int>(want)));
  if (used == 1) return n;
  double block_size_f = 1.0 / (cost_per_row / 40000.0);
  int64_t block = std::min<int64_t>(n, std::max<int64_t>(DivUp(n, 4 * threads), static_cast<int64_t>(block_size_f)));
  const int64_t max_block = std::min<int64_t>(n, 2 * block);
  int64_t count = DivUp(n, block);
  auto efficiency = [&](int64_t blocks) {
    return static_cast<double>(blocks) / static_cast<double>(DivUp(blocks, threads) * threads);
  };
  double max_eff = efficiency(count);
  for (int64_t prev = count; max_eff < 1.0 && prev > 1;) {
    int64_t coarser = DivUp(n, prev - 1);
    if (coarser > max_block) break;
    int64_t coarser_count = DivUp(n, coarser);
    prev = coarser_count;
    double eff = efficiency(coarser_count);
    if (eff + 0.01 >= max_eff) {
      block = coarser;
      count = coarser_count;
      if (max_eff < eff) max_eff = eff;
    }
  }
  return count <= 1 ? n : block;
}

template <typename T, typename Out>
void SampleRows(const T* logits, int64_t classes, int64_t samples, int64_t start, int64_t limit, PhiloxRandom gen,
                Out* out) {
  gen.Skip(static_cast<uint64_t>(start * (samples + 3) / 4));
  SingleSamples single(&gen);
  Eigen::ArrayXd cdf(classes);
  for (int64_t b = start; b < limit; ++b) {
    const T* row = logits + b * classes;
    T max = std::numeric_limits<T>::lowest();
    for (int64_t j = 0; j < classes; ++j)
      if (std::isfinite(row[j])) max = std::max(max, row[j]);
    const double max_logit = static_cast<double>(max);
    for (int64_t j = 0; j < classes; ++j) cdf[j] = static_cast<double>(row[j]) - max_logit;
    cdf = cdf.exp();  // Eigen's vectorized exp, as TensorFlow's kernel evaluates it
    double running = 0;
    for (int64_t j = 0; j < classes; ++j) {
      if (std::isfinite(row[j])) running += cdf[j];
      cdf[j] = running;
    }
    const double* begin = cdf.data();
    const double* end = begin + classes;
    for (int64_t j = 0; j < samples; ++j) {
      uint32_t x0 = single(), x1 = single();
      const double to_find = Uint64ToDouble(x0, x1) * running;
      out[b * samples + j] = static_cast<Out>(std::upper_bound(begin, end, to_find) - begin);
    }
  }
}

template <typename T, typename Out>
void SampleAll(const Tensor& logits, int64_t batch, int64_t classes, int64_t samples, PhiloxRandom gen, Tensor* out) {
  const int64_t cost = static_cast<int64_t>(
      50 * (static_cast<double>(samples) * std::log(static_cast<double>(classes)) / std::log(2.0) +
            static_cast<double>(classes)));
  int64_t block = RowBlockSize(batch, static_cast<double>(cost), IntraOpThreads());
  for (int64_t start = 0; start < batch; start += block)
    SampleRows(logits.data<T>(), classes, samples, start, std::min(batch, start + block), gen, out->data<Out>());
}

Status MultinomialK(KernelContext& c) {
  const Tensor& logits = c.inputs[0];
  const Tensor& ns = c.inputs[1];
  if (logits.dims() != 2) return InvalidArgument("logits should be a matrix, got shape " + logits.ShapeString());
  if (ns.dims() != 0) return InvalidArgument("num_samples should be a scalar, got shape " + ns.ShapeString());
  int64_t samples = ns.AsInt64(0);
  if (samples < 0) return InvalidArgument("num_samples should be nonnegative, got " + std::to_string(samples));
  int64_t batch = logits.dim(0), classes = logits.dim(1);
  if (classes <= 0) return InvalidArgument("num_classes should be positive, got " + std::to_string(classes));
  DType out_dt = GetTypeAttr(*c.attrs, "output_dtype", DType::kInt64);
  if (logits.dtype() != DType::kFloat && logits.dtype() != DType::kDouble)  // TF's CPU kernels: floating logits only
    return NotFound("Could not find device for node: {{node Multinomial}} = Multinomial[T=" +
                    std::string(DTypeEnumName(logits.dtype())) + ", output_dtype=" + DTypeEnumName(out_dt) +
                    ", seed=" + std::to_string(GetIntAttr(*c.attrs, "seed", 0)) +
                    ", seed2=" + std::to_string(GetIntAttr(*c.attrs, "seed2", 0)) + "]");
  if (out_dt != DType::kInt32 && out_dt != DType::kInt64)
    return InvalidArgument("Value for attr 'output_dtype' of " + std::string(DTypeName(out_dt)) +
                           " is not in the list of allowed values: int32, int64");
  Tensor out = Tensor::Alloc(out_dt, {batch, samples});
  if (out.num_elements() > 0) {
    // Eagerly TF keeps one kernel (one generator) per attr set: the key combines the
    // logits and output dtypes into the dtype slot of the eager generator table.
    DType key = static_cast<DType>(static_cast<int>(logits.dtype()) * 100 + static_cast<int>(out_dt));
    // CPU: a double per sample takes two 32-bit values.
    int64_t per_row = DivUp(samples, 4) * 4 * 2;
    PhiloxRandom gen = KernelRng(c, key).Reserve(static_cast<uint64_t>(batch * per_row));
    bool f32 = logits.dtype() == DType::kFloat;
    if (out_dt == DType::kInt64) {
      if (f32) SampleAll<float, int64_t>(logits, batch, classes, samples, gen, &out);
      else SampleAll<double, int64_t>(logits, batch, classes, samples, gen, &out);
    } else {
      if (f32) SampleAll<float, int32_t>(logits, batch, classes, samples, gen, &out);
      else SampleAll<double, int32_t>(logits, batch, classes, samples, gen, &out);
    }
  }
  c.outputs = {out};
  return Status::Ok();
}

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
  std::string fmt = "%";
  if (!fill.empty()) {
    if (std::string(" +-0#").find(fill[0]) == std::string::npos)
      return InvalidArgument("Fill argument not supported: \"" + fill + "\"");
    fmt += fill;
  }
  if (width > -1) fmt += std::to_string(width);
  if (precision > -1) fmt += "." + std::to_string(precision);
  Tensor out = Tensor::String(std::vector<std::string>(in.num_elements()), in.shape());
  char buf[512];
  for (int64_t i = 0; i < in.num_elements(); ++i) {
    switch (in.dtype()) {
      case DType::kFloat:
      case DType::kDouble: {
        std::string f = fmt + (shortest ? "g" : scientific ? "e" : "f");
        double v = in.dtype() == DType::kFloat ? static_cast<double>(in.data<float>()[i]) : in.data<double>()[i];
        std::snprintf(buf, sizeof buf, f.c_str(), v);
        break;
      }
      case DType::kInt32: std::snprintf(buf, sizeof buf, (fmt + "d").c_str(), in.data<int32_t>()[i]); break;
      case DType::kInt64:
        std::snprintf(buf, sizeof buf, (fmt + "lld").c_str(), static_cast<long long>(in.data<int64_t>()[i]));
        break;
      case DType::kBool: std::snprintf(buf, sizeof buf, (fmt + "s").c_str(), in.data<bool>()[i] ? "true" : "false"); break;
      default: return InvalidArgument(std::string("AsString does not support ") + DTypeName(in.dtype()));
    }
    out.strings()[i] = buf;
  }
  c.outputs = {out};
  return Status::Ok();
}

}  // namespace

void SetIntraOpThreads(int n) { IntraOpThreadsSetting().store(n > 0 ? n : 0); }

int IntraOpThreads() {
  int threads = IntraOpThreadsSetting().load();
  return threads > 0 ? threads : SchedulableCpus();
}

int64_t EigenParallelForBlock(int64_t n, double cost_per_unit, int threads) {
  return RowBlockSize(n, cost_per_unit, threads);
}

void RegisterSpecialKernels(std::map<std::string, KernelFn>& m) {
  m["Lgamma"] = LgammaK; m["Digamma"] = DigammaK; m["Erf"] = ErfK; m["Erfc"] = ErfcK;
  m["Polygamma"] = PolygammaK;
  m["Multinomial"] = MultinomialK;
  m["StringToNumber"] = StringToNumberK;
  m["Substr"] = SubstrK; m["StringJoin"] = StringJoinK; m["AsString"] = AsStringK;
}

}  // namespace tfm::rt
