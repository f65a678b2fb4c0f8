// Kernels of TF1's summary and logging ops, as TensorFlow's summary_op.cc and
// logging_ops.cc compute them:
//   ScalarSummary(tags, values)  -> a serialized Summary, one simple_value per element;
//   HistogramSummary(tag, values) -> a serialized Summary holding TensorFlow's default
//                                    histogram (buckets growing by 10% from 1e-12);
//   MergeSummary(inputs...)      -> the values of every input Summary, a duplicate tag an error;
//   Print(input, data...)        -> input, writing message + "[summary of each datum]" to stderr.
// The Summary bytes are what TensorFlow's protobuf serializer writes (proto3: a zero double of
// HistogramProto is omitted; simple_value sits in a oneof and is always written).
// Registered with the other kernels (RegisterSummaryKernels); shapes are in ops/op_defs.cc.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "runtime/kernels/kernel.h"

namespace tfm::rt {
namespace {

// ---- protobuf wire format (only what Summary needs)
void PutVarint(std::string* out, uint64_t v) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}
void PutKey(std::string* out, int field, int wire) { PutVarint(out, static_cast<uint64_t>(field) << 3 | wire); }
void PutBytes(std::string* out, int field, const std::string& b) {
  PutKey(out, field, 2);
  PutVarint(out, b.size());
  out->append(b);
}
void PutFixed32(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void PutFixed64(std::string* out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void PutFloat(std::string* out, int field, float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  PutKey(out, field, 5);
  PutFixed32(out, u);
}
void PutDouble(std::string* out, int field, double d) {  // proto3: a zero is not written
  if (d == 0.0 && !std::signbit(d)) return;
  uint64_t u;
  std::memcpy(&u, &d, 8);
  PutKey(out, field, 1);
  PutFixed64(out, u);
}
void PutPackedDoubles(std::string* out, int field, const std::vector<double>& v) {
  if (v.empty()) return;
  std::string b;
  for (double d : v) {
    uint64_t u;
    std::memcpy(&u, &d, 8);
    PutFixed64(&b, u);
  }
  PutBytes(out, field, b);
}

bool GetVarint(const std::string& s, size_t* p, uint64_t* v) {
  *v = 0;
  for (int shift = 0; shift < 64 && *p < s.size(); shift += 7) {
    const auto byte = static_cast<uint8_t>(s[(*p)++]);
    *v |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

// One field of a message: its number, wire type and bytes (for length-delimited ones, the
// payload; the whole field's bytes go to `raw`).
bool NextField(const std::string& s, size_t* p, int* field, int* wire, std::string* payload, std::string* raw) {
  const size_t start = *p;
  uint64_t key;
  if (!GetVarint(s, p, &key)) return false;
  *field = static_cast<int>(key >> 3);
  *wire = static_cast<int>(key & 7);
  payload->clear();
  switch (*wire) {
    case 0: {
      uint64_t v;
      if (!GetVarint(s, p, &v)) return false;
      break;
    }
    case 1:
      if (s.size() - *p < 8) return false;
      *p += 8;
      break;
    case 5:
      if (s.size() - *p < 4) return false;
      *p += 4;
      break;
    case 2: {
      uint64_t n;
      if (!GetVarint(s, p, &n) || n > s.size() - *p) return false;
      *payload = s.substr(*p, static_cast<size_t>(n));
      *p += static_cast<size_t>(n);
      break;
    }
    default:
      return false;
  }
  *raw = s.substr(start, *p - start);
  return *field > 0;
}

// ---- ScalarSummary
Status ScalarSummaryK(KernelContext& c) {
  const Tensor& tags = c.inputs[0];
  const Tensor& values = c.inputs[1];
  if (tags.shape() != values.shape())
    return InvalidArgument("tags and values are not the same shape: " + tags.ShapeString() +
                           " != " + values.ShapeString() +
                           (tags.num_elements() ? " (tag '" + tags.strings()[0] + "')" : std::string()));
  std::string summary;
  for (int64_t i = 0; i < tags.num_elements(); ++i) {
    std::string v;
    PutBytes(&v, 1, tags.strings()[static_cast<size_t>(i)]);
    PutFloat(&v, 2, static_cast<float>(values.AsDouble(i)));
    PutBytes(&summary, 1, v);
  }
  c.outputs = {Tensor::String({summary}, {})};
  return Status::Ok();
}

// ---- HistogramSummary: TensorFlow's lib/histogram/histogram.cc
const std::vector<double>& DefaultBucketLimits() {
  static const std::vector<double> limits = [] {
    std::vector<double> pos, neg;
    for (double v = 1.0e-12; v < 1.0e20; v *= 1.1) {
      pos.push_back(v);
      neg.push_back(-v);
    }
    pos.push_back(DBL_MAX);
    neg.push_back(-DBL_MAX);
    std::reverse(neg.begin(), neg.end());
    std::vector<double> r(neg);
    r.push_back(0.0);
    r.insert(r.end(), pos.begin(), pos.end());
    return r;
  }();
  return limits;
}

Status HistogramSummaryK(KernelContext& c) {
  const Tensor& tag = c.inputs[0];
  const Tensor& values = c.inputs[1];
  if (tag.dims() != 0) return InvalidArgument("tags must be scalar");
  const auto& limits = DefaultBucketLimits();
  std::vector<double> buckets(limits.size(), 0.0);
  double mn = limits.back(), mx = -DBL_MAX, num = 0, sum = 0, sum_sq = 0;
  for (int64_t i = 0; i < values.num_elements(); ++i) {
    const double v = values.AsDouble(i);
    if (std::isnan(v)) return InvalidArgument("Nan in summary histogram for: " + c.node_name);
    if (std::isinf(v)) return InvalidArgument("Infinity in Histogram for: " + c.node_name);
    const size_t b = static_cast<size_t>(std::upper_bound(limits.begin(), limits.end(), v) - limits.begin());
    buckets[std::min(b, buckets.size() - 1)] += 1.0;
    mn = std::min(mn, v);
    mx = std::max(mx, v);
    num += 1;
    sum += v;
    sum_sq += v * v;
  }
  // EncodeToProto(preserve_zero_buckets=false): a run of empty buckets becomes one
  std::vector<double> out_limits, out_counts;
  for (size_t i = 0; i < buckets.size();) {
    double end = limits[i], count = buckets[i];
    ++i;
    if (count <= 0.0) {
      while (i < buckets.size() && buckets[i] <= 0.0) {
        end = limits[i];
        count = buckets[i];
        ++i;
      }
    }
    out_limits.push_back(end);
    out_counts.push_back(count);
  }
  std::string histo;
  PutDouble(&histo, 1, mn);
  PutDouble(&histo, 2, mx);
  PutDouble(&histo, 3, num);
  PutDouble(&histo, 4, sum);
  PutDouble(&histo, 5, sum_sq);
  PutPackedDoubles(&histo, 6, out_limits);
  PutPackedDoubles(&histo, 7, out_counts);
  std::string value;
  PutBytes(&value, 1, tag.strings()[0]);
  PutBytes(&value, 5, histo);
  std::string summary;
  PutBytes(&summary, 1, value);
  c.outputs = {Tensor::String({summary}, {})};
  return Status::Ok();
}

// ---- MergeSummary
Status MergeSummaryK(KernelContext& c) {
  std::string out;
  std::set<std::string> tags;
  for (const Tensor& in : c.inputs) {
    if (in.dtype() != DType::kString) return InvalidArgument("MergeSummary expects string inputs");
    for (const std::string& s : in.strings()) {
      size_t p = 0;
      while (p < s.size()) {
        int field, wire;
        std::string payload, raw;
        if (!NextField(s, &p, &field, &wire, &payload, &raw))
          return InvalidArgument("Could not parse one of the summary inputs");
        if (field != 1 || wire != 2) continue;
        std::string tag;
        size_t q = 0;
        while (q < payload.size()) {
          int f, w;
          std::string pl, rw;
          if (!NextField(payload, &q, &f, &w, &pl, &rw))
            return InvalidArgument("Could not parse one of the summary inputs");
          if (f == 1 && w == 2) tag = pl;
        }
        if (!tag.empty() && !tags.insert(tag).second)
          return InvalidArgument("Duplicate tag " + tag + " found in summary inputs ");
        out += raw;
      }
    }
  }
  c.outputs = {Tensor::String({out}, {})};
  return Status::Ok();
}

// ---- Print: Tensor::SummarizeValue(summarize) of TensorFlow's TF1 form (print_v2 false)
std::string FormatFloat(double v, bool is_double) {
  char buf[64];
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (is_double) {
    std::snprintf(buf, sizeof buf, "%.15g", v);
    if (std::strtod(buf, nullptr) != v) std::snprintf(buf, sizeof buf, "%.17g", v);
  } else {
    const auto f = static_cast<float>(v);
    std::snprintf(buf, sizeof buf, "%.6g", static_cast<double>(f));
    if (std::strtof(buf, nullptr) != f) std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
  }
  return buf;
}

std::string CEscape(const std::string& s) {
  std::string r;
  for (unsigned char ch : s) {
    switch (ch) {
      case '\n': r += "\\n"; break;
      case '\r': r += "\\r"; break;
      case '\t': r += "\\t"; break;
      case '\"': r += "\\\""; break;
      case '\'': r += "\\'"; break;
      case '\\': r += "\\\\"; break;
      default:
        if (ch < 0x20 || ch == 0x7f) {
          char b[8];
          std::snprintf(b, sizeof b, "\\%03o", ch);
          r += b;
        } else {
          r.push_back(static_cast<char>(ch));
        }
    }
  }
  return r;
}

std::string OneElement(const Tensor& t, int64_t i) {
  switch (t.dtype()) {
    case DType::kString: return CEscape(t.strings()[static_cast<size_t>(i)]);
    case DType::kFloat:
    case DType::kHalf: return FormatFloat(t.AsDouble(i), false);
    case DType::kDouble: return FormatFloat(t.AsDouble(i), true);
    case DType::kBool: return t.AsDouble(i) != 0 ? "1" : "0";
    default: return std::to_string(t.AsInt64(i));
  }
}

void PrintOneDim(const Tensor& t, size_t dim, int64_t limit, int64_t* index, std::string* r) {
  if (*index >= limit) return;
  const Shape& shape = t.shape();
  const int64_t count = shape[dim];
  if (dim == shape.size() - 1) {
    for (int64_t i = 0; i < count; ++i) {
      if (*index >= limit) {
        if (dim != 0) *r += "...";
        return;
      }
      if (i > 0) *r += " ";
      *r += OneElement(t, (*index)++);
    }
    return;
  }
  for (int64_t i = 0; i < count; ++i) {
    bool open = false;
    if (*index < limit) {
      *r += "[";
      open = true;
    }
    PrintOneDim(t, dim + 1, limit, index, r);
    if (*index < limit || open) *r += "]";
  }
}

std::string SummarizeValue(const Tensor& t, int64_t max_entries) {
  const int64_t n = t.num_elements();
  if (max_entries < 0) max_entries = n;
  int64_t limit = std::min(max_entries, n);
  std::string r;
  if (t.dims() <= 1) {
    if (t.dims() == 0) limit = std::min<int64_t>(1, n);
    for (int64_t i = 0; i < limit; ++i) {
      if (i > 0) r += " ";
      r += OneElement(t, i);
    }
  } else {
    int64_t index = 0;
    PrintOneDim(t, 0, limit, &index, &r);
  }
  if (n > limit) r += "...";
  return r;
}

Status PrintK(KernelContext& c) {
  const int64_t first_n = GetIntAttr(*c.attrs, "first_n", -1);
  if (first_n >= 0) {
    // TF counts the calls of each kernel instance: per node in a session, per op eagerly
    static std::mutex mu;
    static std::map<std::pair<const void*, std::string>, int64_t> calls;
    std::lock_guard<std::mutex> lock(mu);
    if (calls[{c.session, c.node_name}]++ >= first_n) {
      c.outputs = {c.inputs[0]};
      return Status::Ok();
    }
  }
  const int64_t summarize = GetIntAttr(*c.attrs, "summarize", 3);
  std::string msg = GetStringAttr(*c.attrs, "message", "");
  for (size_t i = 1; i < c.inputs.size(); ++i) msg += "[" + SummarizeValue(c.inputs[i], summarize) + "]";
  std::cerr << msg << std::endl;
  c.outputs = {c.inputs[0]};
  return Status::Ok();
}

}  // namespace

void RegisterSummaryKernels(std::map<std::string, KernelFn>& m) {
  m["ScalarSummary"] = ScalarSummaryK;
  m["HistogramSummary"] = HistogramSummaryK;
  m["MergeSummary"] = MergeSummaryK;
  m["Print"] = PrintK;
}

}  // namespace tfm::rt
