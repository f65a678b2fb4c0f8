// The one entry point of the runtime API fuzzers (issue 19: the runtime's Python front
// end): bytes -> a short program of the calls the Python facade makes through _tfrt
// (runtime/python/module.cc) -> Graph::AddNode with any registered op, any inputs and
// attrs of the kinds its signature names (or of the wrong kind, or missing), eager
// Execute of any op on any tensors, Session::Run of any node's output, SetOutputShape.
// Whatever the calls, the runtime must answer with a Status, and every error must carry a
// message; a crash, an abort or a sanitizer report is a bug. Used by the libFuzzer target
// (runtime_api_fuzzer.cc, clang, ASan and UBSan) and by the bounded replay in
// runtime/tests/runtime_api_fuzz_test.cc with any compiler.
//
// Values are kept small (dimensions 0..4, integers -3..8) so that a program explores
// arities, dtypes and attrs rather than allocating gigabytes; shapes are still negative,
// empty and mismatched where the bytes say so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "runtime/eager/execute.h"
#include "runtime/graph/session.h"

namespace tfm::fuzz {

class ApiBytes {
 public:
  ApiBytes(const uint8_t* d, size_t n) : d_(d), n_(n) {}
  bool empty() const { return i_ >= n_; }
  uint8_t Byte() { return i_ < n_ ? d_[i_++] : 0; }
  size_t Pick(size_t n) { return n ? Byte() % n : 0; }
  uint16_t Word() { return static_cast<uint16_t>(Byte() | (Byte() << 8)); }
  int64_t SmallInt() { return static_cast<int64_t>(Byte() % 12) - 3; }

 private:
  const uint8_t* d_;
  size_t n_;
  size_t i_ = 0;
};

struct RuntimeApiStats {
  size_t nodes = 0, node_errors = 0, eager_ok = 0, eager_errors = 0, runs_ok = 0, run_errors = 0;
};

namespace detail {

inline rt::DType PickDType(ApiBytes& b) {
  static const rt::DType kTypes[] = {rt::DType::kFloat, rt::DType::kDouble, rt::DType::kInt32, rt::DType::kInt64,
                                     rt::DType::kBool,  rt::DType::kUInt8,  rt::DType::kInt16, rt::DType::kInt8,
                                     rt::DType::kString, rt::DType::kHalf,  rt::DType::kInvalid};
  return kTypes[b.Pick(sizeof(kTypes) / sizeof(kTypes[0]))];
}

inline rt::Tensor PickTensor(ApiBytes& b) {
  rt::DType dt = PickDType(b);
  if (dt == rt::DType::kInvalid || dt == rt::DType::kHalf) dt = rt::DType::kFloat;
  rt::Shape shape;
  const size_t rank = b.Pick(4);
  int64_t count = 1;
  for (size_t r = 0; r < rank; ++r) {
    const int64_t d = b.Pick(5);
    shape.push_back(d);
    count *= d;
  }
  if (dt == rt::DType::kString) {
    std::vector<std::string> v;
    for (int64_t i = 0; i < count; ++i) v.push_back(std::string(b.Pick(4), static_cast<char>('a' + b.Pick(3))));
    return rt::Tensor::String(std::move(v), shape);
  }
  rt::Tensor t = rt::Tensor::Alloc(dt, shape);
  for (int64_t i = 0; i < count; ++i) {
    const int64_t v = b.SmallInt();
    switch (dt) {
      case rt::DType::kFloat: t.data<float>()[i] = b.Byte() == 255 ? std::numeric_limits<float>::infinity() : static_cast<float>(v) / 2; break;
      case rt::DType::kDouble: t.data<double>()[i] = static_cast<double>(v) / 2; break;
      case rt::DType::kInt32: t.data<int32_t>()[i] = static_cast<int32_t>(v); break;
      case rt::DType::kInt64: t.data<int64_t>()[i] = v; break;
      case rt::DType::kBool: t.data<bool>()[i] = v > 0; break;
      case rt::DType::kUInt8: t.data<uint8_t>()[i] = static_cast<uint8_t>(v); break;
      case rt::DType::kInt16: t.data<int16_t>()[i] = static_cast<int16_t>(v); break;
      case rt::DType::kInt8: t.data<int8_t>()[i] = static_cast<int8_t>(v); break;
      default: break;
    }
  }
  return t;
}

// An attr value of `kind` (what the op asks for) or, one time in eight, of another kind.
inline rt::AttrValue PickAttr(ApiBytes& b, rt::AttrKind kind) {
  if (b.Pick(8) == 0) kind = static_cast<rt::AttrKind>(b.Pick(16));
  switch (kind) {
    case rt::AttrKind::kInt: case rt::AttrKind::kFunc: return b.SmallInt();
    case rt::AttrKind::kFloat: return static_cast<double>(b.SmallInt()) / 4;
    case rt::AttrKind::kBool: return b.Pick(2) == 1;
    case rt::AttrKind::kString: {
      static const char* kStrings[] = {"", "SAME", "VALID", "NHWC", "NCHW", "x", "ab", "DT_FLOAT"};
      return std::string(kStrings[b.Pick(8)]);
    }
    case rt::AttrKind::kType: return PickDType(b);
    case rt::AttrKind::kTensor: return PickTensor(b);
    default: {  // shapes and lists: an int list
      std::vector<int64_t> v(b.Pick(5));
      for (auto& x : v) x = b.SmallInt();
      return v;
    }
  }
}

inline rt::AttrMap PickAttrs(ApiBytes& b, const rt::OpSignature* sig) {
  rt::AttrMap attrs;
  if (sig)
    for (const rt::AttrSig& a : sig->attrs)
      if (b.Pick(4) != 0) attrs[a.name] = PickAttr(b, a.kind);  // one in four left out
  if (b.Pick(16) == 0) attrs["T"] = PickAttr(b, rt::AttrKind::kType);
  return attrs;
}

inline void CheckStatus(const rt::Status& s) {
  if (!s.ok() && s.message().empty()) __builtin_trap();  // every error says what
}

}  // namespace detail

// Runs one program; returns what it did (for the replay test's sanity bounds).
inline RuntimeApiStats RuntimeApiFuzzOne(const uint8_t* data, size_t size) {
  using namespace detail;  // NOLINT
  static const std::vector<std::string> ops = rt::RegisteredOps();
  // Shapes the bytes compute can ask for gigabytes, which TF would allocate too; above
  // 1 MB a tensor is ResourceExhausted here. An element-wise op over 256 MB took 11 s
  // under ASan, and at a 64 MB cap the random ops and casts over a shape built from
  // small integers (8^6 elements) took most of the fuzzer's time, for no new coverage:
  // what this target explores is arities, dtypes and attrs, and the cap's error path.
  static const bool limited = (rt::SetMaxTensorBytes(uint64_t{1} << 20), true);
  (void)limited;
  RuntimeApiStats st;
  ApiBytes b(data, size);
  auto g = std::make_shared<rt::Graph>();
  std::unique_ptr<rt::Session> session;
  std::vector<rt::Tensor> eager;
  for (int step = 0; step < 48 && !b.empty(); ++step) {
    switch (b.Pick(6)) {
      case 0: {  // a Const node
        rt::Tensor t = PickTensor(b);
        auto id = g->AddNode(g->UniqueName("Const"), "Const", {}, {}, {{"value", t}, {"dtype", t.dtype()}});
        CheckStatus(id.status());
        if (id.ok()) ++st.nodes; else ++st.node_errors;
        eager.push_back(t);
        break;
      }
      case 1:
      case 2: {  // any registered op, inputs from the graph so far
        const std::string& op = ops[b.Word() % ops.size()];
        const rt::OpSignature* sig = rt::LookupOpSignature(op);
        size_t nin = sig && sig->fixed_inputs >= 0 && b.Pick(4) != 0 ? sig->fixed_inputs : b.Pick(5);
        std::vector<rt::NodeOutput> inputs;
        for (size_t k = 0; k < nin; ++k) {
          // Mostly existing outputs; now and then an id or index that does not exist.
          int node = g->num_nodes() && b.Pick(16) != 0 ? static_cast<int>(b.Pick(g->num_nodes()))
                                                        : static_cast<int>(b.Byte()) - 2;
          int index = b.Pick(8) == 0 ? static_cast<int>(b.Pick(4)) - 1 : 0;
          inputs.push_back({node, index});
        }
        std::vector<int> control;
        if (g->num_nodes() && b.Pick(8) == 0) control.push_back(static_cast<int>(b.Pick(g->num_nodes() + 1)));
        auto id = g->AddNode(g->UniqueName(op), op, std::move(inputs), std::move(control), PickAttrs(b, sig));
        CheckStatus(id.status());
        if (id.ok()) ++st.nodes; else ++st.node_errors;
        break;
      }
      case 3: {  // eager: any op on tensors made so far
        const std::string& op = ops[b.Word() % ops.size()];
        const rt::OpSignature* sig = rt::LookupOpSignature(op);
        if (sig && sig->stateful && b.Pick(4) != 0) break;  // mostly stateless: global state stays small
        std::vector<rt::Tensor> in;
        size_t nin = sig && sig->fixed_inputs >= 0 && b.Pick(4) != 0 ? sig->fixed_inputs : b.Pick(5);
        for (size_t k = 0; k < nin; ++k) in.push_back(eager.empty() || b.Pick(4) == 0 ? PickTensor(b) : eager[b.Pick(eager.size())]);
        std::vector<rt::Tensor> out;
        rt::Status s = rt::Execute(op, in, PickAttrs(b, sig), &out);
        CheckStatus(s);
        if (s.ok()) {
          ++st.eager_ok;
          for (auto& t : out)
            if (t.valid() && eager.size() < 64) eager.push_back(t);
        } else {
          ++st.eager_errors;
        }
        break;
      }
      case 4: {  // sess.run of one output (the session sees the graph as it is now)
        if (!g->num_nodes()) break;
        if (!session || b.Pick(4) == 0) {
          session = std::make_unique<rt::Session>(g);
          // A v1 loop the bytes build may never end: stop it after 2,000 node executions
          // instead of the default 50 million. Past a few hundred iterations a loop covers
          // nothing new, and each execution costs: 100k element-wise steps took 9 s under
          // ASan, and with a 20k budget the programs that ran a loop to its end took
          // 0.2-1 s each and held the fuzzer to a few hundred executions a second.
          session->set_max_node_executions(2'000);
        }
        rt::NodeOutput fetch{static_cast<int>(b.Pick(g->num_nodes())), static_cast<int>(b.Pick(3))};
        std::vector<std::pair<rt::NodeOutput, rt::Tensor>> feeds;
        if (b.Pick(4) == 0) feeds.push_back({{static_cast<int>(b.Pick(g->num_nodes())), 0}, PickTensor(b)});
        std::vector<int> targets;
        if (b.Pick(4) == 0) targets.push_back(static_cast<int>(b.Pick(g->num_nodes())));
        std::vector<rt::Tensor> out;
        rt::Status s = session->Run(feeds, {fetch}, targets, &out);
        CheckStatus(s);
        if (s.ok()) ++st.runs_ok; else ++st.run_errors;
        break;
      }
      default: {  // Tensor.set_shape
        if (!g->num_nodes()) break;
        int id = static_cast<int>(b.Pick(g->num_nodes()));
        rt::Shape shape(b.Pick(4));
        for (auto& d : shape) d = b.SmallInt();
        g->SetOutputShape(id, static_cast<int>(b.Pick(2)), shape);
        break;
      }
    }
  }
  return st;
}

}  // namespace tfm::fuzz
