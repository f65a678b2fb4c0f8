// C++ unit tests of the runtime core: kernels, broadcasting errors, graph naming,
// session pruning / executor cache, ref-variable initialization, function library.
#include <limits>
#include <gtest/gtest.h>

#include <cstring>

#include "runtime/eager/execute.h"
#include "runtime/function/function.h"
#include "runtime/graph/session.h"

namespace tfm::rt {
namespace {

Tensor Vec(std::vector<float> v) {
  Tensor t = Tensor::Alloc(DType::kFloat, {static_cast<int64_t>(v.size())});
  for (size_t i = 0; i < v.size(); ++i) t.data<float>()[i] = v[i];
  return t;
}

TEST(Kernels, AddBroadcastsAndReportsIncompatibleShapes) {
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("AddV2", {Vec({1, 2, 3}), Tensor::Scalar<float>(10)}, {}, &out).ok());
  EXPECT_EQ(out[0].shape(), Shape({3}));
  EXPECT_FLOAT_EQ(out[0].data<float>()[2], 13);
  Status s = Execute("AddV2", {Vec({1, 2}), Vec({1, 2, 3})}, {}, &out);
  EXPECT_EQ(s.code(), Code::kInvalidArgument);
  EXPECT_EQ(s.message(), "Incompatible shapes: [2] vs. [3] [Op:AddV2]");
}

TEST(Kernels, DtypeMismatchIsInvalidArgument) {
  std::vector<Tensor> out;
  Status s = Execute("AddV2", {Tensor::Scalar<int32_t>(1), Tensor::Scalar<float>(1)}, {}, &out);
  EXPECT_EQ(s.code(), Code::kInvalidArgument);
  // TF 2.21's words, type names as TF spells them ("float", not "float32")
  EXPECT_EQ(s.message(),
            "cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a float tensor "
            "[Op:AddV2]");
}

TEST(Kernels, MatMulAndReduce) {
  Tensor a = Tensor::Alloc(DType::kFloat, {2, 2});
  float* p = a.data<float>();
  p[0] = 1; p[1] = 2; p[2] = 3; p[3] = 4;
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("MatMul", {a, a}, {}, &out).ok());
  EXPECT_FLOAT_EQ(out[0].data<float>()[0], 7);
  EXPECT_FLOAT_EQ(out[0].data<float>()[3], 22);
  Tensor axis = Tensor::Scalar<int32_t>(1);
  ASSERT_TRUE(Execute("Sum", {a, axis}, {}, &out).ok());
  EXPECT_EQ(out[0].shape(), Shape({2}));
  EXPECT_FLOAT_EQ(out[0].data<float>()[1], 7);
}

TEST(Kernels, FloorDivAndModFollowPython) {
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("FloorDiv", {Tensor::Scalar<int32_t>(-7), Tensor::Scalar<int32_t>(2)}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], -4);
  ASSERT_TRUE(Execute("FloorMod", {Tensor::Scalar<int32_t>(-7), Tensor::Scalar<int32_t>(2)}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], 1);
}

// A Const node's attrs, as TensorFlow requires them (value and dtype).
AttrMap ConstAttrs(const Tensor& t) { return {{"value", t}, {"dtype", t.dtype()}}; }

// Every op the runtime registers has TensorFlow's signature (tools/gen_op_signatures.py
// writes runtime/ops/op_signatures.inc; rerun it when an op is added).
TEST(Signatures, EveryRegisteredOpHasOne) {
  std::vector<std::string> missing;
  for (const std::string& op : RegisteredOps()) {
    const OpDef* d = LookupOpDef(op);
    if (!d || !d->signature || d->signature->name != op) missing.push_back(op);
  }
  EXPECT_TRUE(missing.empty()) << "ops without a signature entry (run tools/gen_op_signatures.py): " << missing.size()
                               << ", first " << (missing.empty() ? "" : missing[0]);
  EXPECT_GT(RegisteredOps().size(), 200u);
  // Spot checks against TF's OpDefs.
  const OpSignature* pack = LookupOpSignature("Pack");
  ASSERT_NE(pack, nullptr);
  ASSERT_EQ(pack->inputs.size(), 1u);
  EXPECT_STREQ(pack->inputs[0].number_attr, "N");
  EXPECT_EQ(pack->fixed_inputs, -1);
  const OpSignature* assign = LookupOpSignature("Assign");
  ASSERT_NE(assign, nullptr);
  EXPECT_TRUE(assign->inputs[0].is_ref);
  EXPECT_FALSE(assign->inputs[1].is_ref);
  EXPECT_EQ(assign->fixed_inputs, 2);
  EXPECT_TRUE(LookupOpDef("Assign")->ref_input0);
  const OpSignature* mp = LookupOpSignature("MaxPool");
  ASSERT_NE(mp, nullptr);
  bool saw_ksize = false, saw_format = false;
  for (const AttrSig& a : mp->attrs) {
    if (!std::strcmp(a.name, "ksize")) {
      saw_ksize = true;
      EXPECT_EQ(a.kind, AttrKind::kListInt);
      EXPECT_FALSE(a.has_default);
      EXPECT_EQ(a.minimum, 4);
    }
    if (!std::strcmp(a.name, "data_format")) {
      saw_format = true;
      EXPECT_EQ(std::get<std::string>(a.default_value), "NHWC");
    }
  }
  EXPECT_TRUE(saw_ksize && saw_format);
  // A ref input of the signature is the runtime's ref_input0 (Assign*, IsVariableInitialized),
  // but for v1 control flow's Ref forms, which the session's frame executor forwards (Session::FrameRun).
  for (const std::string& op : RegisteredOps()) {
    const OpDef* d = LookupOpDef(op);
    if (d->signature && !d->signature->inputs.empty() && op.rfind("Ref", 0) != 0) {
      EXPECT_EQ(d->ref_input0, d->signature->inputs[0].is_ref) << op;
    }
  }
}

// A malformed node from the facade (or any Graph user) is an InvalidArgument naming the
// node and the op; so is a malformed eager call. Never an abort.
TEST(Signatures, MalformedNodesAreInvalidArgument) {
  Graph g;
  int a = g.AddNode("a", "Const", {}, {}, ConstAttrs(Tensor::Scalar<float>(1))).value();
  auto one = g.AddNode("y", "AddV2", {{a, 0}}, {}, {});
  ASSERT_FALSE(one.ok());
  EXPECT_EQ(one.status().code(), Code::kInvalidArgument);
  EXPECT_NE(one.status().message().find("do not match 1 inputs specified; Op<name=AddV2; signature=x:T, y:T -> z:T>; "
                                        "NodeDef: {{node y}}"),
            std::string::npos)
      << one.status().message();
  auto port = g.AddNode("y", "Neg", {{a, 2}}, {}, {});
  ASSERT_FALSE(port.ok());
  EXPECT_NE(port.status().message().find("invalid output 2 of source node a which has 1 outputs"), std::string::npos);
  // The facade leaves out the attrs the inputs determine (T, N) but not the others.
  EXPECT_TRUE(g.AddNode("sum", "Pack", {{a, 0}, {a, 0}, {a, 0}}, {}, {}).ok());
  auto n = g.AddNode("sum2", "Pack", {{a, 0}, {a, 0}}, {}, {{"N", int64_t{3}}});
  EXPECT_EQ(n.status().code(), Code::kInvalidArgument);
  auto cast = g.AddNode("c", "Cast", {{a, 0}}, {}, {});
  EXPECT_NE(cast.status().message().find("NodeDef missing attr 'DstT' from Op<name=Cast"), std::string::npos)
      << cast.status().message();
  auto kind = g.AddNode("m", "MatMul", {{a, 0}, {a, 0}}, {}, {{"transpose_a", int64_t{1}}});
  EXPECT_NE(kind.status().message().find("AttrValue had value with type 'int' when 'bool' expected for attr 'transpose_a'"),
            std::string::npos)
      << kind.status().message();
  auto type = g.AddNode("t", "AddV2", {{a, 0}, {a, 0}}, {}, {{"T", DType::kInt32}});
  EXPECT_NE(type.status().message().find("Input 0 of node t was passed float from a:0 incompatible with expected int32."),
            std::string::npos)
      << type.status().message();
  // Graph files carry every attr: T is required there.
  auto strict = g.AddNode("s", "AddV2", {{a, 0}, {a, 0}}, {}, {}, NodeSource::kGraphDef);
  EXPECT_NE(strict.status().message().find("NodeDef missing attr 'T'"), std::string::npos) << strict.status().message();
  EXPECT_EQ(g.num_nodes(), 2);  // a and sum: nothing malformed was added

  std::vector<Tensor> out;
  Status e = Execute("AddV2", {Tensor::Scalar<float>(1)}, {}, &out);
  EXPECT_EQ(e.code(), Code::kInvalidArgument);
  EXPECT_NE(e.message().find("do not match 1 inputs specified"), std::string::npos) << e.message();
  Status u = Execute("Unpack", {Vec({1, 2})}, {{"num", int64_t{-1}}}, &out);
  EXPECT_NE(u.message().find("Value for attr 'num' of -1 must be at least minimum 0"), std::string::npos) << u.message();
  Status z = Execute("Pack", {}, {}, &out);  // N >= 1
  EXPECT_EQ(z.code(), Code::kInvalidArgument) << z.message();
  // The kernels' own guard (RunKernel), below the node checks.
  KernelContext k{.op = "MatMul", .node_name = "mm", .inputs = {Tensor::Scalar<float>(1)}};
  Status r = RunKernel(k);
  EXPECT_EQ(r.code(), Code::kInvalidArgument);
  EXPECT_NE(r.message().find("{{node mm}}"), std::string::npos) << r.message();
}

TEST(Graph, UniqueNamesFollowTensorFlow) {
  Graph g;
  EXPECT_EQ(g.UniqueName("add"), "add");
  EXPECT_EQ(g.UniqueName("add"), "add_1");
  EXPECT_EQ(g.UniqueName("add"), "add_2");
  EXPECT_EQ(g.UniqueName("add_1"), "add_1_1");
  EXPECT_EQ(g.UniqueName("Add"), "Add_3");
}

TEST(Graph, ConstructionTimeShapeError) {
  Graph g;
  int a = g.AddNode("a", "Const", {}, {}, ConstAttrs(Vec({1, 2}))).value();
  int b = g.AddNode("b", "Const", {}, {}, ConstAttrs(Vec({1, 2, 3}))).value();
  auto r = g.AddNode("add", "AddV2", {{a, 0}, {b, 0}}, {}, {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("Dimensions must be equal, but are 2 and 3"), std::string::npos);
}

TEST(Graph, StaticShapesWithUnknownDimensions) {
  Graph g;
  int x = g.AddNode("x", "Placeholder", {}, {}, {{"dtype", DType::kFloat}, {"shape", std::vector<int64_t>{-1, 3}}}).value();
  Tensor flat = Tensor::Alloc(DType::kInt32, {1});
  flat.data<int32_t>()[0] = -1;
  int s = g.AddNode("s", "Const", {}, {}, ConstAttrs(flat)).value();
  int r = g.AddNode("r", "Reshape", {{x, 0}, {s, 0}}, {}, {}).value();
  EXPECT_EQ(g.node(r).outputs[0].shape, Shape({-1}));
  int ax = g.AddNode("ax", "Const", {}, {}, ConstAttrs(Tensor::Scalar<int32_t>(1))).value();
  int c = g.AddNode("c", "ConcatV2", {{x, 0}, {x, 0}, {ax, 0}}, {}, {}).value();
  EXPECT_EQ(g.node(c).outputs[0].shape, Shape({-1, 6}));
  EXPECT_FALSE(g.node(c).outputs[0].unknown_rank);
  // an unknown batch merged with a known one (TF's ConcatShape: a TF1 cell's concat([x, h])
  // of a [None, 3] input and a zero state of batch 4 is [4, 7]; the probes made it unknown)
  Tensor z = Tensor::Alloc(DType::kFloat, {4, 4});
  int h = g.AddNode("h", "Const", {}, {}, ConstAttrs(z)).value();
  int xh = g.AddNode("xh", "ConcatV2", {{x, 0}, {h, 0}, {ax, 0}}, {}, {}).value();
  EXPECT_EQ(g.node(xh).outputs[0].shape, Shape({4, 7}));
  int ax0 = g.AddNode("ax0", "Const", {}, {}, ConstAttrs(Tensor::Scalar<int32_t>(0))).value();
  int rows = g.AddNode("rows", "ConcatV2", {{x, 0}, {x, 0}, {ax0, 0}}, {}, {}).value();
  EXPECT_EQ(g.node(rows).outputs[0].shape, Shape({-1, 3}));
  // known dimensions that differ: still TF's construction-time error
  Tensor w = Tensor::Alloc(DType::kFloat, {4, 5});
  int hw = g.AddNode("hw", "Const", {}, {}, ConstAttrs(w)).value();
  auto bad = g.AddNode("bad", "ConcatV2", {{x, 0}, {hw, 0}, {ax0, 0}}, {}, {});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("Dimension 0 in both shapes must be equal, but are 3 and 5. Shapes are [3] and [5]."),
            std::string::npos);
}

// A run re-checks only inputs whose type differs from the one the node was validated with;
// such an input must still be of a type TF allows (runtime_api_fuzzer: L2Loss of a fed int8
// tensor read it as float).
TEST(Session, FedTensorOfAnotherTypeIsCheckedAgainstTheAllowedTypes) {
  auto g = std::make_shared<Graph>();
  int x = g->AddNode("x", "Placeholder", {}, {}, {{"dtype", DType::kFloat}}).value();
  int l2 = g->AddNode("l2", "L2Loss", {{x, 0}}, {}, {}).value();
  Session s(g);
  std::vector<Tensor> out;
  Tensor i8 = Tensor::Alloc(DType::kInt8, {3});
  Status st = s.Run({{{x, 0}, i8}}, {{l2, 0}}, {}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument);
  EXPECT_NE(st.message().find("is not in the list of allowed values"), std::string::npos) << st.message();
  ASSERT_TRUE(s.Run({{{x, 0}, Tensor::Scalar<float>(2)}}, {{l2, 0}}, {}, &out).ok());
  EXPECT_FLOAT_EQ(out[0].data<float>()[0], 2);
}

// L2Loss of float16 is float16, as TF's (runtime_api_fuzzer: it wrote a float into the
// half's two bytes). TF 2.21: tf.nn.l2_loss(tf.constant([1., 2., 3.], tf.float16)) = 7.0.
TEST(Kernels, L2LossOfHalfIsHalf) {
  Tensor x = Tensor::Alloc(DType::kFloat, {3});
  for (int i = 0; i < 3; ++i) x.data<float>()[i] = static_cast<float>(i + 1);
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("L2Loss", {x.CastTo(DType::kHalf)}, {}, &out).ok());
  ASSERT_EQ(out[0].dtype(), DType::kHalf);
  EXPECT_FLOAT_EQ(out[0].CastTo(DType::kFloat).data<float>()[0], 7.0f);
}

// Integer products and sums wrap around as TensorFlow's do (runtime_api_fuzzer: signed
// overflows in the int32 MatMul and in BiasAddGrad). TF 2.21: tf.matmul([[46656, 1]],
// [[46656], [5]]) = [[-2118184955]]; bias_add_grad([[-1], [-2147483648]]) = [2147483647].
TEST(Kernels, IntegerMatMulAndBiasAddGradWrapAround) {
  Tensor a = Tensor::Alloc(DType::kInt32, {1, 2}), b = Tensor::Alloc(DType::kInt32, {2, 1});
  a.data<int32_t>()[0] = 46656;
  a.data<int32_t>()[1] = 1;
  b.data<int32_t>()[0] = 46656;
  b.data<int32_t>()[1] = 5;
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("MatMul", {a, b}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], -2118184955);
  Tensor g = Tensor::Alloc(DType::kInt32, {2, 1});
  g.data<int32_t>()[0] = -1;
  g.data<int32_t>()[1] = std::numeric_limits<int32_t>::min();
  ASSERT_TRUE(Execute("BiasAddGrad", {g}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], 2147483647);
}

// BroadcastTo and Tile copy runs of elements (runtime_api_fuzzer: element by element, a
// broadcast to 64 M elements ran for minutes under ASan). Values as numpy's broadcast_to
// and tile give them (TF 2.21 agrees: tf.tile([[1., 2.], [3., 4.]], [2, 2])).
TEST(Kernels, BroadcastToAndTileCopyRuns) {
  Tensor x = Vec({1, 2, 3, 4});
  Tensor col = x.Reshaped({4, 1}), grid = x.Reshaped({2, 2});
  auto ints = [](std::vector<int64_t> v) {
    Tensor t = Tensor::Alloc(DType::kInt64, {static_cast<int64_t>(v.size())});
    for (size_t i = 0; i < v.size(); ++i) t.data<int64_t>()[i] = v[i];
    return t;
  };
  auto values = [](const Tensor& t) { return std::vector<float>(t.data<float>(), t.data<float>() + t.num_elements()); };
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("BroadcastTo", {col, ints({2, 4, 3})}, {}, &out).ok());
  ASSERT_EQ(out[0].shape(), Shape({2, 4, 3}));
  std::vector<float> want;
  for (int b = 0; b < 2; ++b)
    for (float v : {1, 2, 3, 4}) want.insert(want.end(), 3, v);
  EXPECT_EQ(values(out[0]), want);
  ASSERT_TRUE(Execute("BroadcastTo", {x, ints({2, 4})}, {}, &out).ok());
  EXPECT_EQ(values(out[0]), std::vector<float>({1, 2, 3, 4, 1, 2, 3, 4}));
  ASSERT_TRUE(Execute("Tile", {grid, ints({2, 2})}, {}, &out).ok());
  ASSERT_EQ(out[0].shape(), Shape({4, 4}));
  EXPECT_EQ(values(out[0]), std::vector<float>({1, 2, 1, 2, 3, 4, 3, 4, 1, 2, 1, 2, 3, 4, 3, 4}));
  ASSERT_TRUE(Execute("Tile", {grid, ints({0, 3})}, {}, &out).ok());
  EXPECT_EQ(out[0].shape(), Shape({0, 6}));
  Status s = Execute("Tile", {grid, ints({-1, 1})}, {}, &out);
  EXPECT_EQ(s.code(), Code::kInvalidArgument);
}

// TF1's Select with a vector condition picks rows: the condition's length must be the
// number of rows (runtime_api_fuzzer: it read past the condition).
TEST(Kernels, SelectRowwiseConditionMustMatchTheRows) {
  Tensor cond = Tensor::Alloc(DType::kBool, {3});
  Tensor t = Tensor::Alloc(DType::kFloat, {2, 2});
  KernelContext k{.op = "Select", .node_name = "sel", .inputs = {cond, t, t}};
  Status st = RunKernel(k);
  EXPECT_EQ(st.code(), Code::kInvalidArgument);
  EXPECT_NE(st.message().find("Number of batches of 'then' must match size of 'cond', but saw: 2 vs. 3"),
            std::string::npos)
      << st.message();
}

// A cast to a type the runtime does not convert to is TF's Unimplemented, never a tensor of
// no type (runtime_api_fuzzer: SelectV2 then read such a tensor's bytes as bools).
TEST(Kernels, CastToATypeWithoutConversionIsUnimplemented) {
  Tensor u8 = Tensor::Alloc(DType::kUInt8, {2});
  std::vector<Tensor> out;
  Status st = Execute("Cast", {u8}, {{"DstT", static_cast<DType>(20)}}, &out);  // DT_RESOURCE
  EXPECT_EQ(st.code(), Code::kUnimplemented) << st.message();
  ASSERT_TRUE(Execute("Cast", {u8}, {{"DstT", DType::kBool}}, &out).ok());
  EXPECT_EQ(out[0].dtype(), DType::kBool);
}

// runtime_api_fuzzer: a permutation with a repeated axis read past the input; a reshape to
// sizes whose product overflows int64 was undefined behavior.
TEST(Kernels, TransposeAndReshapeRefuseWhatTensorFlowRefuses) {
  Tensor x = Tensor::Alloc(DType::kFloat, {1, 5});
  Tensor perm = Tensor::Alloc(DType::kInt32, {2});
  perm.data<int32_t>()[0] = 1;
  perm.data<int32_t>()[1] = 1;
  std::vector<Tensor> out;
  Status st = Execute("Transpose", {x, perm}, {}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument);
  EXPECT_NE(st.message().find("1 is duplicated in the input."), std::string::npos) << st.message();
  Tensor shape = Tensor::Alloc(DType::kInt64, {3});
  shape.data<int64_t>()[0] = int64_t{1} << 62;
  shape.data<int64_t>()[1] = 5;
  shape.data<int64_t>()[2] = -1;
  st = Execute("Reshape", {x, shape}, {}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument) << st.message();
  shape.data<int64_t>()[0] = -5;
  st = Execute("Reshape", {x, shape}, {}, &out);
  EXPECT_NE(st.message().find("Size 0 must be non-negative, not -5"), std::string::npos) << st.message();
}

// runtime_api_fuzzer: ScatterNd multiplied the dimensions of its shape input unchecked (a
// signed overflow); TF's TensorShape refuses negative and too large shapes.
TEST(Kernels, ScatterNdRefusesShapesTensorFlowRefuses) {
  Tensor idx = Tensor::Alloc(DType::kInt64, {1, 1});
  idx.data<int64_t>()[0] = 0;
  Tensor shape = Tensor::Alloc(DType::kInt64, {2});
  shape.data<int64_t>()[0] = int64_t{1} << 62;
  shape.data<int64_t>()[1] = 4;
  std::vector<Tensor> out;
  Status st = Execute("ScatterNd", {idx, Tensor::Alloc(DType::kFloat, {1, 4}), shape}, {}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument);
  EXPECT_NE(st.message().find("Shape [4611686018427387904,4] would have more than 2**63 - 1 elements"), std::string::npos)
      << st.message();
  shape.data<int64_t>()[1] = -1;
  st = Execute("ScatterNd", {idx, Tensor::Alloc(DType::kFloat, {1}), shape}, {}, &out);
  EXPECT_NE(st.message().find("Dimension -1 must be >= 0"), std::string::npos) << st.message();
  shape.data<int64_t>()[0] = 3;
  shape.data<int64_t>()[1] = 2;
  ASSERT_TRUE(Execute("ScatterNd", {idx, Vec({1, 2}), shape}, {}, &out).ok());
  EXPECT_EQ(out[0].shape(), (Shape{3, 2}));
  // a zero dimension: no elements, but the slices' size (the other dimensions) overflows
  // (runtime_api_fuzzer: a signed overflow)
  Tensor shape3 = Tensor::Alloc(DType::kInt64, {3});
  shape3.data<int64_t>()[0] = 0;
  shape3.data<int64_t>()[1] = int64_t{1} << 62;
  shape3.data<int64_t>()[2] = 6;
  st = Execute("ScatterNd", {idx, Tensor::Alloc(DType::kFloat, {1}), shape3}, {}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument);
  EXPECT_NE(st.message().find("would have more than 2**63 - 1 elements"), std::string::npos) << st.message();
}

// LRNGrad's three inputs must have one shape, and depth_radius fit an int (runtime_api_fuzzer:
// a heap overflow reading a smaller output image). TF 2.21's words.
TEST(Kernels, LrnGradRefusesMismatchedShapes) {
  std::vector<Tensor> out;
  Tensor big = Tensor::Alloc(DType::kFloat, {1, 1, 2, 3}), small = Tensor::Alloc(DType::kFloat, {1, 1, 1, 3});
  std::fill(big.data<float>(), big.data<float>() + 6, 1.0f);
  std::fill(small.data<float>(), small.data<float>() + 3, 1.0f);
  Status st = Execute("LRNGrad", {big, big, small}, {}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument);
  EXPECT_NE(st.message().find("input_grads, input_image, and out_image should have the same shape"), std::string::npos)
      << st.message();
  ASSERT_TRUE(Execute("LRNGrad", {big, big, big}, {}, &out).ok());
  EXPECT_EQ(out[0].shape(), big.shape());
}

// runtime_api_fuzzer: a type attr given as DT_INVALID left a node's inputs unchecked, and
// LowerBound read an int32 input as float64. TF refuses DT_INVALID as a type attr's value.
TEST(Signatures, InvalidTypeAttrIsRefused) {
  Graph g;
  int a = g.AddNode("a", "Const", {}, {}, ConstAttrs(Tensor::Alloc(DType::kDouble, {1, 3}))).value();
  int b = g.AddNode("b", "Const", {}, {}, ConstAttrs(Tensor::Alloc(DType::kInt32, {1, 2}))).value();
  auto n = g.AddNode("lb", "LowerBound", {{a, 0}, {b, 0}}, {}, {{"T", DType::kInvalid}});
  ASSERT_FALSE(n.ok());
  EXPECT_NE(n.status().message().find("AttrValue has invalid DataType for attr 'T'; NodeDef: {{node lb}}"),
            std::string::npos)
      << n.status().message();
  std::vector<Tensor> out;
  Status st = Execute("LowerBound", {Tensor::Alloc(DType::kDouble, {1, 3}), Tensor::Alloc(DType::kInt32, {1, 2})},
                      {{"T", DType::kInvalid}}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument) << st.message();
}

// runtime_api_fuzzer: an integer Prod (and Sum) overflowed a signed accumulator, which is
// undefined in C++; TF's integer reductions wrap around (two's complement).
TEST(Kernels, IntegerReductionsWrapAround) {
  Tensor x = Tensor::Alloc(DType::kInt32, {2});
  x.data<int32_t>()[0] = 1162261467;  // 3^19
  x.data<int32_t>()[1] = -3;
  Tensor axis = Tensor::Scalar<int32_t>(0);
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("Prod", {x, axis}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], 808182895);  // -3486784401 mod 2^32
  x.data<int32_t>()[1] = 1162261467;
  ASSERT_TRUE(Execute("Sum", {x, axis}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], -1970444362);  // 2324522934 - 2^32
}

// A lowered tensor size limit (the fuzzers set one) makes a larger tensor TF's
// ResourceExhausted instead of an allocation; 0 restores the machine's memory as the limit.
TEST(Kernels, TensorSizeLimitIsResourceExhausted) {
  Tensor dims = Tensor::Alloc(DType::kInt32, {1});
  dims.data<int32_t>()[0] = 1000;
  std::vector<Tensor> out;
  SetMaxTensorBytes(1024);
  Status st = Execute("Fill", {dims, Tensor::Scalar<float>(1)}, {}, &out);
  SetMaxTensorBytes(0);
  EXPECT_EQ(st.code(), Code::kResourceExhausted) << st.message();
  ASSERT_TRUE(Execute("Fill", {dims, Tensor::Scalar<float>(1)}, {}, &out).ok());
  EXPECT_EQ(out[0].num_elements(), 1000);
}

// runtime_api_fuzzer: MatrixSetDiag of strings copied bytes through a null pointer; TF sets
// string diagonals too.
TEST(Kernels, MatrixSetDiagOfStrings) {
  Tensor x = Tensor::String({"a", "b", "c", "d"}, {2, 2});
  Tensor d = Tensor::String({"x", "y"}, {2});
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("MatrixSetDiag", {x, d}, {}, &out).ok());
  EXPECT_EQ(out[0].strings(), (std::vector<std::string>{"x", "b", "c", "y"}));
  EXPECT_EQ(x.strings()[0], "a");  // the input is not changed
}

// Integer division (and power) check their divisors as TF's kernels do, per element
// computed: over no elements nothing fails (TF 2.21: floormod(zeros([0], int32), 0) is [];
// a scalar's reduction gradient computes `(axes + rank) % rank` with rank 0 and no axes),
// over some the zero divisor fails.
TEST(Kernels, IntegerDivisionByZeroOverNoElements) {
  Tensor empty = Tensor::Alloc(DType::kInt32, {0});
  Tensor zero = Tensor::Scalar<int32_t>(0), minus = Tensor::Scalar<int32_t>(-1);
  std::vector<Tensor> out;
  for (const char* op : {"FloorMod", "FloorDiv", "TruncateDiv", "Div"}) {
    ASSERT_TRUE(Execute(op, {empty, zero}, {{"T", DType::kInt32}}, &out).ok()) << op;
    EXPECT_EQ(out[0].num_elements(), 0) << op;
    Status s = Execute(op, {Tensor::Scalar<int32_t>(1), zero}, {{"T", DType::kInt32}}, &out);
    EXPECT_FALSE(s.ok()) << op;
    EXPECT_NE(s.message().find("Integer division by zero"), std::string::npos) << op << ": " << s.message();
  }
  ASSERT_TRUE(Execute("Pow", {empty, minus}, {{"T", DType::kInt32}}, &out).ok());
  EXPECT_FALSE(Execute("Pow", {Tensor::Scalar<int32_t>(2), minus}, {{"T", DType::kInt32}}, &out).ok());
}

// runtime_api_fuzzer (UBSan): Cross of int32 overflowed a signed multiply; TF's kernel wraps
// (TF 2.21: cross([-2^31, 3, 1], [5, 2, 2]) is [4, 5, -15]).
TEST(Kernels, CrossOfIntegersWraps) {
  Tensor a = Tensor::Alloc(DType::kInt32, {3}), b = Tensor::Alloc(DType::kInt32, {3});
  const int32_t av[] = {std::numeric_limits<int32_t>::min(), 3, 1}, bv[] = {5, 2, 2};
  for (int i = 0; i < 3; ++i) {
    a.data<int32_t>()[i] = av[i];
    b.data<int32_t>()[i] = bv[i];
  }
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("Cross", {a, b}, {{"T", DType::kInt32}}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], 4);
  EXPECT_EQ(out[0].data<int32_t>()[1], 5);
  EXPECT_EQ(out[0].data<int32_t>()[2], -15);
}

// runtime_api_fuzzer (UBSan): SegmentProd of int64 overflowed a signed multiply; TF wraps
// (TF 2.21: segment_prod([2^62, 6], [0, 0]) and unsorted_segment_sum([2^62, 2^62], [0, 0], 1)
// are both [-2^63]).
TEST(Kernels, SegmentReductionsOfIntegersWrap) {
  Tensor d = Tensor::Alloc(DType::kInt64, {2}), ids = Tensor::Alloc(DType::kInt32, {2});
  d.data<int64_t>()[0] = int64_t{1} << 62;
  d.data<int64_t>()[1] = 6;
  ids.data<int32_t>()[0] = ids.data<int32_t>()[1] = 0;
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("SegmentProd", {d, ids}, {{"T", DType::kInt64}, {"Tindices", DType::kInt32}}, &out).ok());
  EXPECT_EQ(out[0].data<int64_t>()[0], std::numeric_limits<int64_t>::min());
  d.data<int64_t>()[1] = int64_t{1} << 62;
  Tensor n = Tensor::Scalar<int32_t>(1);
  ASSERT_TRUE(Execute("UnsortedSegmentSum", {d, ids, n},
                      {{"T", DType::kInt64}, {"Tindices", DType::kInt32}, {"Tnumsegments", DType::kInt32}}, &out)
                  .ok());
  EXPECT_EQ(out[0].data<int64_t>()[0], std::numeric_limits<int64_t>::min());
}

// An audit of the kernels after the fuzzer's finds (each checked against TF 2.21):
// integer reductions' mean divided by the count cast to T (256 int8 values: by 0, SIGFPE);
// TF accumulates integers narrower than 64 bits in 64 and wraps int64 sums.
TEST(Kernels, IntegerMeanAccumulatesWide) {
  std::vector<Tensor> out;
  Tensor axis = Tensor::Scalar<int32_t>(0);
  Tensor ones8 = Tensor::Alloc(DType::kInt8, {256});
  for (int i = 0; i < 256; ++i) ones8.data<int8_t>()[i] = 1;
  ASSERT_TRUE(Execute("Mean", {ones8, axis}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int8_t>()[0], 1);  // TF 2.21: reduce_mean(ones([256], int8)) is 1
  Tensor i8 = Tensor::Alloc(DType::kInt8, {3});
  for (int i = 0; i < 3; ++i) i8.data<int8_t>()[i] = 100;
  ASSERT_TRUE(Execute("Mean", {i8, axis}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int8_t>()[0], 100);  // not (300 mod 256) / 3
  Tensor i32 = Tensor::Alloc(DType::kInt32, {2});
  i32.data<int32_t>()[0] = i32.data<int32_t>()[1] = std::numeric_limits<int32_t>::max();
  ASSERT_TRUE(Execute("Mean", {i32, axis}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], std::numeric_limits<int32_t>::max());
  ASSERT_TRUE(Execute("Sum", {i32, axis}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], -2);  // a sum still wraps in T
  i32.data<int32_t>()[0] = -1;
  i32.data<int32_t>()[1] = -2;
  ASSERT_TRUE(Execute("Mean", {i32, axis}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], -1);  // toward zero
  Tensor i64 = Tensor::Alloc(DType::kInt64, {2});
  i64.data<int64_t>()[0] = i64.data<int64_t>()[1] = std::numeric_limits<int64_t>::max();
  ASSERT_TRUE(Execute("Mean", {i64, axis}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int64_t>()[0], -1);  // TF 2.21: the int64 sum wraps to -2
  // A reduction whose output holds more than any machine is refused before its accumulators
  // (a [0, 2**20, 2**20] tensor over its first dimension: 2**40 outputs; TF: OOM).
  Tensor empty = Tensor::Alloc(DType::kFloat, {0, int64_t{1} << 20, int64_t{1} << 20});
  Status st = Execute("Sum", {empty, axis}, {}, &out);
  EXPECT_EQ(st.code(), Code::kResourceExhausted) << st.message();
  EXPECT_EQ(NumElements({0, int64_t{1} << 62, int64_t{1} << 62}), 0);
  EXPECT_EQ(NumElements({int64_t{1} << 62, int64_t{1} << 62}), std::numeric_limits<int64_t>::max());
}

// Scatter adds and weighted bincounts of integers wrap as TF's (TF 2.21: each of these is
// [-2**31]); RandomUniformInt over int32's whole span computes its values in unsigned.
TEST(Kernels, IntegerScatterAddsWrap) {
  const int32_t big = std::numeric_limits<int32_t>::max(), min = std::numeric_limits<int32_t>::min();
  auto i32 = [](std::vector<int32_t> v, Shape s) {
    Tensor t = Tensor::Alloc(DType::kInt32, std::move(s));
    std::copy(v.begin(), v.end(), t.data<int32_t>());
    return t;
  };
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("TensorScatterAdd", {i32({big}, {1}), i32({0}, {1, 1}), i32({1}, {1})}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], min);
  Tensor upd = i32({big, 1}, {2});
  ASSERT_TRUE(Execute("ScatterNd", {i32({0, 0}, {2, 1}), upd, i32({1}, {1})}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], min);
  ASSERT_TRUE(Execute("Bincount", {i32({0, 0}, {2}), Tensor::Scalar<int32_t>(1), upd}, {}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], min);
  ASSERT_TRUE(Execute("RandomUniformInt", {i32({64}, {1}), Tensor::Scalar<int32_t>(min), Tensor::Scalar<int32_t>(big)},
                      {{"seed", int64_t{1}}, {"seed2", int64_t{2}}}, &out).ok());
  EXPECT_EQ(out[0].num_elements(), 64);
}

// Gradients given a shape other than the forward op's output were read past their end;
// zero sizes made the resize gradients write before theirs; a pad past int64 wrapped; a
// pooling window of no cells. Each is TF 2.21's error now.
TEST(Kernels, GradientShapesAndSizesAreChecked) {
  std::vector<Tensor> out;
  auto filled = [](Shape s) {
    Tensor t = Tensor::Alloc(DType::kFloat, std::move(s));
    std::fill(t.data<float>(), t.data<float>() + t.num_elements(), 1.0f);
    return t;
  };
  AttrMap pool{{"ksize", std::vector<int64_t>{1, 2, 2, 1}}, {"strides", std::vector<int64_t>{1, 2, 2, 1}},
               {"padding", std::string("VALID")}};
  Status st = Execute("MaxPoolGrad", {filled({1, 4, 4, 1}), filled({1, 2, 2, 1}), filled({1, 1, 1, 1})}, pool, &out);
  EXPECT_NE(st.message().find("Expected grad shape to be [1,2,2,1], but got [1,1,1,1]"), std::string::npos) << st.message();
  Tensor in_shape = Tensor::Alloc(DType::kInt32, {4});
  const int32_t iv[] = {1, 4, 4, 1};
  for (int i = 0; i < 4; ++i) in_shape.data<int32_t>()[i] = iv[i];
  st = Execute("AvgPoolGrad", {in_shape, filled({1, 1, 1, 1})}, pool, &out);
  EXPECT_NE(st.message().find("Expected grad shape"), std::string::npos) << st.message();
  ASSERT_TRUE(Execute("AvgPoolGrad", {in_shape, filled({1, 2, 2, 1})}, pool, &out).ok());
  EXPECT_FLOAT_EQ(out[0].data<float>()[0], 0.25f);
  AttrMap conv{{"strides", std::vector<int64_t>{1, 1, 1, 1}}, {"padding", std::string("VALID")}};
  Tensor f_shape = Tensor::Alloc(DType::kInt32, {4});
  const int32_t fv[] = {2, 2, 1, 1};
  for (int i = 0; i < 4; ++i) f_shape.data<int32_t>()[i] = fv[i];
  st = Execute("Conv2DBackpropInput", {in_shape, filled({2, 2, 1, 1}), filled({1, 1, 1, 1})}, conv, &out);
  EXPECT_NE(st.message().find("Expected grad shape to be [1,3,3,1]"), std::string::npos) << st.message();
  st = Execute("Conv2DBackpropFilter", {filled({1, 4, 4, 1}), f_shape, filled({1, 2, 3, 1})}, conv, &out);
  EXPECT_NE(st.message().find("Expected grad shape to be [1,3,3,1]"), std::string::npos) << st.message();
  Tensor size = Tensor::Alloc(DType::kInt32, {2});
  size.data<int32_t>()[0] = 0;
  size.data<int32_t>()[1] = 2;
  st = Execute("ResizeNearestNeighborGrad", {filled({1, 2, 2, 1}), size}, {}, &out);
  EXPECT_NE(st.message().find("shape_t's elements must be positive"), std::string::npos) << st.message();
  st = Execute("ResizeBilinearGrad", {filled({1, 2, 2, 1}), filled({1, 0, 2, 1})}, {}, &out);
  EXPECT_NE(st.message().find("original dimensions must be positive"), std::string::npos) << st.message();
  Tensor pads = Tensor::Alloc(DType::kInt64, {1, 2});
  pads.data<int64_t>()[0] = 0;
  pads.data<int64_t>()[1] = std::numeric_limits<int64_t>::max();
  st = Execute("Pad", {filled({1}), pads}, {}, &out);
  EXPECT_NE(st.message().find("Expected a non-negative size, got -9223372036854775808"), std::string::npos) << st.message();
  AttrMap empty_window{{"ksize", std::vector<int64_t>{1, 0, 2, 1}}, {"strides", std::vector<int64_t>{1, 2, 2, 1}},
                       {"padding", std::string("VALID")}};
  st = Execute("MaxPool", {filled({1, 4, 4, 1})}, empty_window, &out);
  EXPECT_NE(st.message().find("Sliding window ksize must be positive"), std::string::npos) << st.message();
  AttrMap huge_stride{{"ksize", std::vector<int64_t>{1, 2, 2, 1}},
                      {"strides", std::vector<int64_t>{1, std::numeric_limits<int64_t>::max(), 2, 1}},
                      {"padding", std::string("SAME")}};
  EXPECT_EQ(Execute("MaxPool", {filled({1, 4, 4, 1})}, huge_stride, &out).code(), Code::kInvalidArgument);
}

// Index arithmetic on values past int64 (TF 2.21 for each): Slice's begin of int64's minimum
// with size -1 is "Expected begin[0] in [0, 4]"; StridedSlice of range(4) with stride
// 2**63 - 1 from 0 to 4 is [0], with stride -2**63 from -1 to -5 is [3]; Roll by 2**63 - 1
// twice along one axis of range(5) is [2, 3, 4, 0, 1]; AsString of width 600 is 600 long.
TEST(Kernels, IndexArithmeticPastInt64) {
  const int64_t big = std::numeric_limits<int64_t>::max(), min = std::numeric_limits<int64_t>::min();
  std::vector<Tensor> out;
  auto vec = [](std::vector<int64_t> v) {
    Tensor t = Tensor::Alloc(DType::kInt64, {static_cast<int64_t>(v.size())});
    std::copy(v.begin(), v.end(), t.data<int64_t>());
    return t;
  };
  Tensor x = vec({0, 1, 2, 3});
  Status st = Execute("Slice", {x, vec({min}), vec({-1})}, {}, &out);
  EXPECT_NE(st.message().find("Expected begin[0] in [0, 4]"), std::string::npos) << st.message();
  EXPECT_EQ(Execute("Slice", {x, vec({1}), vec({big})}, {}, &out).code(), Code::kInvalidArgument);
  ASSERT_TRUE(Execute("StridedSlice", {x, vec({0}), vec({4}), vec({big})}, {}, &out).ok());
  ASSERT_EQ(out[0].num_elements(), 1);
  EXPECT_EQ(out[0].data<int64_t>()[0], 0);
  ASSERT_TRUE(Execute("StridedSlice", {x, vec({-1}), vec({-5}), vec({min})}, {}, &out).ok());
  ASSERT_EQ(out[0].num_elements(), 1);
  EXPECT_EQ(out[0].data<int64_t>()[0], 3);
  Tensor axes = Tensor::Alloc(DType::kInt32, {2});
  axes.data<int32_t>()[0] = axes.data<int32_t>()[1] = 0;
  ASSERT_TRUE(Execute("Roll", {vec({0, 1, 2, 3, 4}), vec({big, big}), axes}, {}, &out).ok());
  EXPECT_EQ(std::vector<int64_t>(out[0].data<int64_t>(), out[0].data<int64_t>() + 5),
            (std::vector<int64_t>{2, 3, 4, 0, 1}));
  Tensor f = Tensor::Alloc(DType::kFloat, {1});
  f.data<float>()[0] = 1.5f;
  ASSERT_TRUE(Execute("AsString", {f}, {{"width", int64_t{600}}}, &out).ok());
  EXPECT_EQ(out[0].strings()[0].size(), 600u);
  EXPECT_EQ(out[0].strings()[0].substr(590), "  1.500000");
  // a block size past int32 (TF's attr) and an argmax past int64 with its batch's offset
  Tensor img = Tensor::Alloc(DType::kFloat, {1, 0, 0, 1});
  st = Execute("SpaceToDepth", {img}, {{"block_size", int64_t{1} << 32}}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument) << st.message();
  Tensor in = Tensor::Alloc(DType::kFloat, {2, 1, 1, 1}), g = Tensor::Alloc(DType::kFloat, {2, 1, 1, 1});
  std::fill(g.data<float>(), g.data<float>() + 2, 1.0f);
  st = Execute("MaxPoolGradWithArgmax", {in, g, vec({0, big})},
               {{"ksize", std::vector<int64_t>{1, 1, 1, 1}}, {"strides", std::vector<int64_t>{1, 1, 1, 1}},
                {"padding", std::string("VALID")}},
               &out);
  EXPECT_NE(st.message().find("Invalid argmax index"), std::string::npos) << st.message();
}

// Tensors of no elements may have other dimensions past any tensor ([0, 2**40, 2**40]; as
// TF's, a shape whose running product passes int64 before its 0 is refused). Kernels sized
// their loops, strides and scratch by those dimensions (products past int64, 2**40 empty
// iterations, a 2**40-entry vector); each now returns its empty (or zero) result at once.
// Shapes and errors as TF 2.21's for the same calls, but for pooling and convolutions of
// an empty batch, where TF's oneDNN kernels give other shapes ([0, 3, 3, 0] for the
// MaxPool below, the input's for Conv2D).
TEST(Kernels, EmptyTensorsWithHugeDimensions) {
  const int64_t t40 = int64_t{1} << 40;
  auto zeros = [](DType dt, Shape s) {
    Tensor t = Tensor::Alloc(dt, s);
    if (t.num_elements()) std::memset(const_cast<void*>(t.raw()), 0, t.raw_size());
    return t;
  };
  auto f32 = [&](Shape s) { return zeros(DType::kFloat, s); };
  auto i32 = [](std::vector<int32_t> v) {
    Tensor t = Tensor::Alloc(DType::kInt32, {static_cast<int64_t>(v.size())});
    std::copy(v.begin(), v.end(), t.data<int32_t>());
    return t;
  };
  const Tensor e = f32({0, t40, t40});
  std::vector<Tensor> out;
  auto shape_is = [&](const char* op, Status st, Shape want, size_t i = 0) {
    ASSERT_TRUE(st.ok()) << op << ": " << st.message();
    ASSERT_GT(out.size(), i) << op;
    EXPECT_EQ(out[i].shape(), want) << op;
  };
  shape_is("ConcatV2", Execute("ConcatV2", {e, e, Tensor::Scalar<int32_t>(2)}, {}, &out), {0, t40, 2 * t40});
  shape_is("Add", Execute("AddV2", {e, f32({0, 1, t40})}, {}, &out), {0, t40, t40});
  shape_is("Atan2", Execute("Atan2", {e, f32({0, 1, t40})}, {}, &out), {0, t40, t40});
  shape_is("Mean", Execute("Mean", {e, i32({1, 2})}, {}, &out), {0});
  shape_is("ArgMax", Execute("ArgMax", {f32({t40, 0, 3}), Tensor::Scalar<int32_t>(2)}, {}, &out), {t40, 0});
  shape_is("Cumsum", Execute("Cumsum", {e, Tensor::Scalar<int32_t>(2)}, {}, &out), {0, t40, t40});
  shape_is("GatherV2", Execute("GatherV2", {f32({t40, 0, 5}), i32({0}), Tensor::Scalar<int32_t>(2)}, {}, &out),
           {t40, 0, 1});
  Status unpacked = Execute("Unpack", {e}, {{"axis", int64_t{0}}, {"num", int64_t{0}}}, &out);
  ASSERT_TRUE(unpacked.ok()) << unpacked.message();
  EXPECT_TRUE(out.empty());
  EXPECT_FALSE(Execute("Unpack", {e}, {{"axis", int64_t{2}}, {"num", t40}}, &out).ok());
  shape_is("BatchMatMulV2", Execute("BatchMatMulV2", {f32({0, t40, t40, 3}), f32({3, 4})}, {}, &out),
           {0, t40, t40, 4});
  shape_is("BiasAdd", Execute("BiasAdd", {f32({0, t40, t40, 3}), f32({3})}, {}, &out), {0, t40, t40, 3});
  shape_is("BiasAddGrad", Execute("BiasAddGrad", {f32({0, t40, t40, 3})}, {}, &out), {3});
  EXPECT_EQ(out[0].data<float>()[2], 0.0f);
  shape_is("UnsortedSegmentSum",
           Execute("UnsortedSegmentSum", {e, Tensor::Alloc(DType::kInt32, {0}), Tensor::Scalar<int32_t>(0)}, {}, &out),
           {0, t40, t40});
  shape_is("MatrixBandPart",
           Execute("MatrixBandPart", {f32({t40, 0, 3}), Tensor::Scalar<int64_t>(-1), Tensor::Scalar<int64_t>(0)}, {},
                   &out),
           {t40, 0, 3});
  shape_is("MatrixDiagPart", Execute("MatrixDiagPart", {f32({t40, 0, 3})}, {}, &out), {t40, 0});
  shape_is("MatrixTriangularSolve", Execute("MatrixTriangularSolve", {f32({t40, 0, 0}), f32({t40, 0, 2})}, {}, &out),
           {t40, 0, 2});
  Status st = Execute("TopKV2", {f32({0, t40}), Tensor::Scalar<int32_t>(1)}, {}, &out);
  EXPECT_NE(st.message().find("Second dimension of flattened input must be <= 2147483647"), std::string::npos)
      << st.message();
  st = Execute("TopKV2", {f32({t40, 0}), Tensor::Scalar<int32_t>(0)}, {}, &out);
  EXPECT_NE(st.message().find("First dimension of flattened input must be <= 2147483647"), std::string::npos)
      << st.message();
  shape_is("TopKV2", Execute("TopKV2", {f32({0, 1 << 20}), Tensor::Scalar<int32_t>(1)}, {}, &out), {0, 1});
  const AttrMap unit{{"strides", std::vector<int64_t>{1, 1, 1, 1}}, {"padding", std::string("VALID")}};
  EXPECT_EQ(Execute("Conv2D", {f32({0, t40, t40, 1}), f32({1, 1, 1, 2})}, unit, &out).message(), "Input rows too large [Op:Conv2D]");
  EXPECT_EQ(Execute("DepthwiseConv2dNative", {f32({0, t40, t40, 1}), f32({1, 1, 1, 2})}, unit, &out).message(),
            "Input rows too large [Op:DepthwiseConv2dNative]");
  const int64_t t30 = int64_t{1} << 30;
  shape_is("Conv2D", Execute("Conv2D", {f32({0, t30, t30, 1}), f32({1, 1, 1, 2})}, unit, &out), {0, t30, t30, 2});
  shape_is("DepthwiseConv2dNative",
           Execute("DepthwiseConv2dNative", {f32({0, t30, t30, 1}), f32({1, 1, 1, 2})}, unit, &out), {0, t30, t30, 2});
  AttrMap pool = unit;
  pool["ksize"] = std::vector<int64_t>{1, 2, 2, 1};
  shape_is("MaxPool", Execute("MaxPool", {f32({t40, 4, 4, 0})}, pool, &out), {t40, 3, 3, 0});
  shape_is("AvgPool", Execute("AvgPool", {f32({t40, 4, 4, 0})}, pool, &out), {t40, 3, 3, 0});
  const int32_t s30 = int32_t{1} << 30;
  EXPECT_EQ(Execute("ResizeBilinear", {f32({1, 2, 2, 0}), i32({s30, s30})}, {}, &out).message(),
            "image must have at least one channel [Op:ResizeBilinear]");
  EXPECT_EQ(Execute("ResizeNearestNeighbor", {f32({1, 2, 2, 0}), i32({s30, s30})}, {}, &out).message(),
            "image must have at least one channel [Op:ResizeNearestNeighbor]");
  shape_is("ResizeBilinear", Execute("ResizeBilinear", {f32({0, 2, 2, 1}), i32({s30, s30})}, {}, &out),
           {0, t30, t30, 1});
  shape_is("ResizeNearestNeighborGrad",
           Execute("ResizeNearestNeighborGrad", {f32({1, t30, t30, 0}), i32({2, 2})}, {}, &out), {1, 2, 2, 0});
}

// runtime_api_fuzzer (UBSan): BiasAdd of int64 overflowed a signed add; TF's kernels wrap
// (TF 2.21: bias_add([[2**63 - 1, 5]], [8, 1]) is [[-2**63 + 7, 6]]; BiasAddGrad, NCHW, of
// [[[2**62, 3], [2**62, 4]], [[2**62, 1], [2**62, 1]]] is [-2**63 + 4, -2**63 + 5]).
TEST(Kernels, BiasAddOfIntegersWraps) {
  const int64_t big = std::numeric_limits<int64_t>::max(), min = std::numeric_limits<int64_t>::min();
  Tensor x = Tensor::Alloc(DType::kInt64, {1, 2}), b = Tensor::Alloc(DType::kInt64, {2});
  x.data<int64_t>()[0] = big;
  x.data<int64_t>()[1] = 5;
  b.data<int64_t>()[0] = 8;
  b.data<int64_t>()[1] = 1;
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("BiasAdd", {x, b}, {{"T", DType::kInt64}}, &out).ok());
  EXPECT_EQ(out[0].data<int64_t>()[0], min + 7);
  EXPECT_EQ(out[0].data<int64_t>()[1], 6);
  Tensor g = Tensor::Alloc(DType::kInt64, {2, 2, 2});
  const int64_t gv[] = {int64_t{1} << 62, 3, int64_t{1} << 62, 4, int64_t{1} << 62, 1, int64_t{1} << 62, 1};
  for (int i = 0; i < 8; ++i) g.data<int64_t>()[i] = gv[i];
  ASSERT_TRUE(Execute("BiasAddGrad", {g}, {{"T", DType::kInt64}, {"data_format", std::string("NCHW")}}, &out).ok());
  EXPECT_EQ(out[0].data<int64_t>()[0], min + 4);
  EXPECT_EQ(out[0].data<int64_t>()[1], min + 5);
}

// runtime_api_fuzzer (UBSan): a sorted segment id of int64's maximum overflowed `id + 1`;
// TF adds in int64 and refuses the wrapped size (TF 2.21: "Expected a non-negative size,
// got -9223372036854775808"). An id far past any tensor over rows of no elements is an
// output of no elements (TF 2.21: segment_sum(zeros([1, 0]), [2**40]) is [2**40 + 1, 0]),
// made without a count per segment.
TEST(Kernels, SegmentIdsPastAnyTensor) {
  Tensor d = Tensor::Alloc(DType::kFloat, {1, 0}), ids = Tensor::Alloc(DType::kInt64, {1});
  ids.data<int64_t>()[0] = std::numeric_limits<int64_t>::max();
  std::vector<Tensor> out;
  for (const char* op : {"SegmentSum", "SegmentMean", "SegmentMax"}) {
    Status s = Execute(op, {d, ids}, {}, &out);
    EXPECT_EQ(s.code(), Code::kInvalidArgument) << op;
    EXPECT_NE(s.message().find("Expected a non-negative size, got -9223372036854775808"), std::string::npos)
        << op << ": " << s.message();
  }
  ids.data<int64_t>()[0] = int64_t{1} << 40;
  ASSERT_TRUE(Execute("SegmentSum", {d, ids}, {}, &out).ok());
  EXPECT_EQ(out[0].dim(0), (int64_t{1} << 40) + 1);
  EXPECT_EQ(out[0].num_elements(), 0);
  // Unsorted, num_segments 2**40: no elements either. (TF 2.21 takes num_segments modulo
  // 2**32 here, a [0, 0] result; that is not copied.)
  ids.data<int64_t>()[0] = 3;
  ASSERT_TRUE(Execute("UnsortedSegmentSum", {d, ids, Tensor::Scalar<int64_t>(int64_t{1} << 40)}, {}, &out).ok());
  EXPECT_EQ(out[0].num_elements(), 0);
}

// runtime_api_fuzzer (UBSan): Cumprod of int64 overflowed a signed multiply; TF wraps
// (TF 2.21: cumprod([2^62, 6]) and cumsum([2^62, 2^62]) are [2^62, -2^63]).
TEST(Kernels, CumulativeOfIntegersWrap) {
  Tensor x = Tensor::Alloc(DType::kInt64, {2});
  x.data<int64_t>()[0] = int64_t{1} << 62;
  x.data<int64_t>()[1] = 6;
  Tensor axis = Tensor::Scalar<int32_t>(0);
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("Cumprod", {x, axis}, {{"T", DType::kInt64}, {"Tidx", DType::kInt32}}, &out).ok());
  EXPECT_EQ(out[0].data<int64_t>()[1], std::numeric_limits<int64_t>::min());
  x.data<int64_t>()[1] = int64_t{1} << 62;
  ASSERT_TRUE(Execute("Cumsum", {x, axis}, {{"T", DType::kInt64}, {"Tidx", DType::kInt32}}, &out).ok());
  EXPECT_EQ(out[0].data<int64_t>()[0], int64_t{1} << 62);
  EXPECT_EQ(out[0].data<int64_t>()[1], std::numeric_limits<int64_t>::min());
}

// The one truncated quotient that overflows, min / -1, wraps as TF's does (TF 2.21:
// truncatediv([-2^31, 7], [-1, -1]) of int32 is [-2^31, -7]); a plain division traps.
TEST(Kernels, TruncateDivOfMinByMinusOneWraps) {
  Tensor a = Tensor::Alloc(DType::kInt32, {2}), b = Tensor::Alloc(DType::kInt32, {2});
  a.data<int32_t>()[0] = std::numeric_limits<int32_t>::min();
  a.data<int32_t>()[1] = 7;
  b.data<int32_t>()[0] = b.data<int32_t>()[1] = -1;
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("TruncateDiv", {a, b}, {{"T", DType::kInt32}}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], std::numeric_limits<int32_t>::min());
  EXPECT_EQ(out[0].data<int32_t>()[1], -7);
}

// An int64 range whose span passes int64's largest value (TF 2.21:
// range(-5e18, 5e18, 1e18) has 10 elements); the size was a float-to-int overflow.
TEST(Kernels, RangeOfAWideInt64Span) {
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("Range",
                      {Tensor::Scalar<int64_t>(-5000000000000000000), Tensor::Scalar<int64_t>(5000000000000000000),
                       Tensor::Scalar<int64_t>(1000000000000000000)},
                      {{"Tidx", DType::kInt64}}, &out)
                  .ok());
  ASSERT_EQ(out[0].num_elements(), 10);
  EXPECT_EQ(out[0].data<int64_t>()[0], -5000000000000000000);
  EXPECT_EQ(out[0].data<int64_t>()[9], 4000000000000000000);
}

// runtime_api_fuzzer (ASan, seed 72): SoftmaxCrossEntropyWithLogits of int8 logits read them
// as floats, past their buffer; TF has no such kernel (float, double, half and bfloat16 only).
TEST(Kernels, SoftmaxXentOfIntegersIsAnError) {
  Tensor x = Tensor::Alloc(DType::kInt8, {2, 3}), l = Tensor::Alloc(DType::kInt8, {2, 3});
  std::vector<Tensor> out;
  Status st = Execute("SoftmaxCrossEntropyWithLogits", {x, l}, {{"T", DType::kInt8}}, &out);
  EXPECT_FALSE(st.ok());
  EXPECT_FALSE(st.message().empty());
  Tensor f = Tensor::Alloc(DType::kFloat, {2, 3}), labels = Tensor::Alloc(DType::kInt64, {2});
  for (int i = 0; i < 6; ++i) f.data<float>()[i] = 0;
  labels.data<int64_t>()[0] = labels.data<int64_t>()[1] = 0;
  st = Execute("SparseSoftmaxCrossEntropyWithLogits", {x, labels}, {{"T", DType::kInt8}}, &out);
  EXPECT_FALSE(st.ok());
  ASSERT_TRUE(Execute("SparseSoftmaxCrossEntropyWithLogits", {f, labels}, {{"T", DType::kFloat}}, &out).ok());
  EXPECT_NEAR(out[0].data<float>()[0], std::log(3.0f), 1e-6);
}

// runtime_api_fuzzer (UBSan, seed 79): Range's "start <= limit" message cast a float bound
// past int64 to an integer. TF 2.21 prints floats in %g form and names the order the
// delta's sign asks for; an int64 range whose span passes int64 has TF's count and values.
TEST(Kernels, RangeBoundsAndMessagesAsTensorFlows) {
  std::vector<Tensor> out;
  Status st = Execute("Range", {Tensor::Scalar<float>(1e19f), Tensor::Scalar<float>(0.0f), Tensor::Scalar<float>(1.0f)},
                      {{"Tidx", DType::kFloat}}, &out);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("Requires start <= limit when delta > 0: 1e+19/0"), std::string::npos) << st.message();
  st = Execute("Range", {Tensor::Scalar<int32_t>(1), Tensor::Scalar<int32_t>(5), Tensor::Scalar<int32_t>(-1)},
               {{"Tidx", DType::kInt32}}, &out);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("Requires start >= limit when delta < 0: 1/5"), std::string::npos) << st.message();
  ASSERT_TRUE(Execute("Range",
                      {Tensor::Scalar<int64_t>(INT64_MIN), Tensor::Scalar<int64_t>(INT64_MAX),
                       Tensor::Scalar<int64_t>(int64_t{1} << 62)},
                      {{"Tidx", DType::kInt64}}, &out)
                  .ok());
  ASSERT_EQ(out[0].num_elements(), 4);
  EXPECT_EQ(out[0].data<int64_t>()[0], INT64_MIN);
  EXPECT_EQ(out[0].data<int64_t>()[3], int64_t{1} << 62);
  ASSERT_TRUE(Execute("Range", {Tensor::Scalar<int32_t>(10), Tensor::Scalar<int32_t>(0), Tensor::Scalar<int32_t>(-3)},
                      {{"Tidx", DType::kInt32}}, &out)
                  .ok());
  ASSERT_EQ(out[0].num_elements(), 4);
  EXPECT_EQ(out[0].data<int32_t>()[3], 1);
}

// runtime_api_fuzzer (UBSan, seed 77): a cross-entropy over logits of no classes ([2, 0]) read
// the maximum of an empty row through a null pointer. TF 2.21: the loss is 0 per row; the
// sparse op refuses logits without a class.
TEST(Kernels, SoftmaxXentOverNoClasses) {
  Tensor x = Tensor::Alloc(DType::kFloat, {2, 0}), l = Tensor::Alloc(DType::kFloat, {2, 0});
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("SoftmaxCrossEntropyWithLogits", {x, l}, {{"T", DType::kFloat}}, &out).ok());
  ASSERT_EQ(out.size(), 2u);
  ASSERT_EQ(out[0].num_elements(), 2);
  EXPECT_EQ(out[0].data<float>()[0], 0.0f);
  EXPECT_EQ(out[0].data<float>()[1], 0.0f);
  EXPECT_EQ(out[1].shape(), Shape({2, 0}));
  ASSERT_TRUE(Execute("Softmax", {x}, {{"T", DType::kFloat}}, &out).ok());
  EXPECT_EQ(out[0].shape(), Shape({2, 0}));
  Tensor labels = Tensor::Alloc(DType::kInt32, {2});
  labels.data<int32_t>()[0] = labels.data<int32_t>()[1] = 0;
  Status st = Execute("SparseSoftmaxCrossEntropyWithLogits", {x, labels}, {{"T", DType::kFloat}, {"Tlabels", DType::kInt32}}, &out);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("Must have at least one class, but got logits shape [2,0]"), std::string::npos)
      << st.message();
}

// float16 logits pass the op model (TF registers the op for half): before 1e08bf2 the
// kernel read their 2-byte values as floats; it takes float and double only.
TEST(Kernels, SoftmaxXentOfHalfIsAnError) {
  Tensor x = Tensor::Alloc(DType::kHalf, {2, 3}), l = Tensor::Alloc(DType::kHalf, {2, 3});
  Tensor labels = Tensor::Alloc(DType::kInt64, {2});
  labels.data<int64_t>()[0] = labels.data<int64_t>()[1] = 0;
  std::vector<Tensor> out;
  Status st = Execute("SoftmaxCrossEntropyWithLogits", {x, l}, {}, &out);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("float16"), std::string::npos) << st.message();
  st = Execute("SparseSoftmaxCrossEntropyWithLogits", {x, labels}, {}, &out);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("float16"), std::string::npos) << st.message();
}

// Where TF's own kernel writes out of its output (a NaN value, an infinite range) the
// bundled one is an InvalidArgumentError; an int32 range whose span overflows int32 is
// binned in double.
TEST(Kernels, HistogramFixedWidthOfNaNOrInfiniteRangeIsAnError) {
  std::vector<Tensor> out;
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  Status st = Execute("HistogramFixedWidth", {Vec({nan}), Vec({0, 1}), Tensor::Scalar<int32_t>(4)}, {}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument) << st.message();
  st = Execute("HistogramFixedWidth", {Vec({1}), Vec({-inf, 2}), Tensor::Scalar<int32_t>(4)}, {}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument) << st.message();
  Tensor v = Tensor::Alloc(DType::kInt32, {2}), r = Tensor::Alloc(DType::kInt32, {2});
  v.data<int32_t>()[0] = -1;
  v.data<int32_t>()[1] = std::numeric_limits<int32_t>::max();
  r.data<int32_t>()[0] = std::numeric_limits<int32_t>::min();
  r.data<int32_t>()[1] = std::numeric_limits<int32_t>::max();
  ASSERT_TRUE(Execute("HistogramFixedWidth", {v, r, Tensor::Scalar<int32_t>(4)}, {}, &out).ok());
  const int32_t* h = out[0].data<int32_t>();
  EXPECT_EQ(std::vector<int32_t>(h, h + 4), (std::vector<int32_t>{0, 1, 0, 1}));
  // in range, as TF bins: [0, 1) in 4 bins
  ASSERT_TRUE(Execute("HistogramFixedWidth", {Vec({-1, 0.1f, 0.3f, 0.99f, 5}), Vec({0, 1}), Tensor::Scalar<int32_t>(4)},
                      {}, &out)
                  .ok());
  h = out[0].data<int32_t>();
  EXPECT_EQ(std::vector<int32_t>(h, h + 4), (std::vector<int32_t>{2, 1, 0, 2}));
}

TEST(Kernels, MatrixDiagV3NeedsAScalarPadding) {
  std::vector<Tensor> out;
  Tensor pad = Tensor::Alloc(DType::kFloat, {0});
  Status st = Execute("MatrixDiagV3",
                      {Vec({1, 2}), Tensor::Scalar<int32_t>(0), Tensor::Scalar<int32_t>(-1), Tensor::Scalar<int32_t>(-1), pad},
                      {}, &out);
  EXPECT_EQ(st.code(), Code::kInvalidArgument) << st.message();
  ASSERT_TRUE(Execute("MatrixDiagV3",
                      {Vec({1, 2}), Tensor::Scalar<int32_t>(0), Tensor::Scalar<int32_t>(-1), Tensor::Scalar<int32_t>(-1),
                       Tensor::Scalar<float>(9)},
                      {}, &out)
                  .ok());
  const float* m = out[0].data<float>();
  EXPECT_EQ(std::vector<float>(m, m + 4), (std::vector<float>{1, 9, 9, 2}));
}

TEST(Kernels, GatherNdOfStrings) {
  Tensor p = Tensor::String({"a", "bb", "ccc", "d"}, {2, 2});
  Tensor idx = Tensor::Alloc(DType::kInt32, {2, 1});
  idx.data<int32_t>()[0] = 1;
  idx.data<int32_t>()[1] = 0;
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("GatherNd", {p, idx}, {}, &out).ok());
  EXPECT_EQ(out[0].strings(), (std::vector<std::string>{"ccc", "d", "a", "bb"}));
}

// A ConcatV2 node without its N attr: its list takes what the axis leaves of the inputs, so
// the op model checks the axis's type and that the values share one; the kernel checks the
// axis's type too.
TEST(Kernels, ConcatV2AxisMustBeAnInteger) {
  std::vector<Tensor> out;
  Status mixed = Execute("ConcatV2", {Vec({1, 2}), Tensor::Scalar<int32_t>(3), Tensor::Scalar<int32_t>(0)}, {}, &out);
  EXPECT_FALSE(mixed.ok());
  EXPECT_EQ(mixed.message().find("ConcatOp"), std::string::npos) << "the op model, not the kernel: " << mixed.message();
  Status st = Execute("ConcatV2", {Vec({1, 2}), Vec({3}), Tensor::String({"0"}, {})}, {}, &out);
  EXPECT_FALSE(st.ok());
  st = Execute("ConcatV2", {Vec({1, 2}), Vec({3}), Tensor::Scalar<float>(0)}, {}, &out);
  EXPECT_FALSE(st.ok());
  ASSERT_TRUE(Execute("ConcatV2", {Vec({1, 2}), Vec({3}), Tensor::Scalar<int32_t>(0)}, {}, &out).ok());
  EXPECT_EQ(out[0].num_elements(), 3);
}

TEST(Kernels, TopKV2GivesIndicesOfItsIndexType) {
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("TopKV2", {Vec({3, 9, 1}), Tensor::Scalar<int32_t>(2)}, {{"index_type", DType::kInt64}}, &out).ok());
  ASSERT_EQ(out[1].dtype(), DType::kInt64);
  EXPECT_EQ(out[1].data<int64_t>()[0], 1);
  EXPECT_EQ(out[1].data<int64_t>()[1], 0);
  ASSERT_TRUE(Execute("TopKV2", {Vec({3, 9, 1}), Tensor::Scalar<int32_t>(2)}, {}, &out).ok());
  EXPECT_EQ(out[1].dtype(), DType::kInt32);
}

// A StridedSliceGrad node carrying T (every node of a graph file does): the kernel slices an
// int64 iota, not a tensor of type T.
TEST(Kernels, StridedSliceGradWithItsTAttr) {
  auto i32 = [](std::vector<int32_t> v) {
    Tensor t = Tensor::Alloc(DType::kInt32, {static_cast<int64_t>(v.size())});
    for (size_t i = 0; i < v.size(); ++i) t.data<int32_t>()[i] = v[i];
    return t;
  };
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("StridedSliceGrad", {i32({4}), i32({1}), i32({3}), i32({1}), Vec({5, 7})},
                      {{"T", DType::kFloat}, {"Index", DType::kInt32}}, &out)
                  .ok());
  const float* g = out[0].data<float>();
  EXPECT_EQ(std::vector<float>(g, g + 4), (std::vector<float>{0, 5, 7, 0}));
}

TEST(Session, PrunesAndCachesAndRefVariablesNeedInit) {
  auto g = std::make_shared<Graph>();
  int v = g->AddNode("v", "VariableV2", {}, {}, {{"dtype", DType::kFloat}, {"shape", std::vector<int64_t>{}}}).value();
  int c = g->AddNode("c", "Const", {}, {}, ConstAttrs(Tensor::Scalar<float>(3))).value();
  int init = g->AddNode("v/Assign", "Assign", {{v, 0}, {c, 0}}, {}, {}).value();
  int add = g->AddNode("add", "AddV2", {{v, 0}, {c, 0}}, {}, {}).value();
  int unrelated = g->AddNode("ph", "Placeholder", {}, {}, {{"dtype", DType::kFloat}}).value();
  (void)unrelated;
  Session s(g);
  std::vector<Tensor> out;
  Status st = s.Run({}, {{add, 0}}, {}, &out);
  EXPECT_EQ(st.code(), Code::kFailedPrecondition);
  EXPECT_NE(st.message().find("Attempting to use uninitialized value v"), std::string::npos);
  ASSERT_TRUE(s.Run({}, {}, {init}, &out).ok());
  ASSERT_TRUE(s.Run({}, {{add, 0}}, {}, &out).ok());  // the placeholder is pruned away
  EXPECT_FLOAT_EQ(out[0].data<float>()[0], 6);
  ASSERT_TRUE(s.Run({}, {{add, 0}}, {}, &out).ok());
  EXPECT_EQ(s.num_cached_plans(), 2u);
  EXPECT_EQ(s.last_executed(), (std::vector<std::string>{"v", "c", "add"}));
  // Feeding the variable's output replaces it.
  ASSERT_TRUE(s.Run({{{v, 0}, Tensor::Scalar<float>(10)}}, {{add, 0}}, {}, &out).ok());
  EXPECT_FLOAT_EQ(out[0].data<float>()[0], 13);
}

TEST(Function, WhileLoopCallsLibraryFunctions) {
  // cond: i < 5 ; body: i + 1
  auto cg = std::make_shared<Graph>();
  int ci = cg->AddNode("i", "Placeholder", {}, {}, {{"dtype", DType::kInt32}, {"shape", std::vector<int64_t>{}}}).value();
  int five = cg->AddNode("five", "Const", {}, {}, ConstAttrs(Tensor::Scalar<int32_t>(5))).value();
  int lt = cg->AddNode("lt", "Less", {{ci, 0}, {five, 0}}, {}, {}).value();
  int64_t cond = RegisterFunction(cg, {{ci, 0}}, {{lt, 0}}, {});
  auto bg = std::make_shared<Graph>();
  int bi = bg->AddNode("i", "Placeholder", {}, {}, {{"dtype", DType::kInt32}, {"shape", std::vector<int64_t>{}}}).value();
  int one = bg->AddNode("one", "Const", {}, {}, ConstAttrs(Tensor::Scalar<int32_t>(1))).value();
  int add = bg->AddNode("add", "AddV2", {{bi, 0}, {one, 0}}, {}, {}).value();
  int64_t body = RegisterFunction(bg, {{bi, 0}}, {{add, 0}}, {});
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("While", {Tensor::Scalar<int32_t>(0)}, {{"cond", cond}, {"body", body}}, &out).ok());
  EXPECT_EQ(out[0].data<int32_t>()[0], 5);
}

}  // namespace
}  // namespace tfm::rt
