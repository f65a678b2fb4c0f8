// C++ unit tests of kernels_special_math.cc (special functions: values and the Polygamma
// gradient kernel), kernels_random.cc (Multinomial: TensorFlow's draws for fixed seeds, its
// stream continuing across eager calls, all -inf rows, errors; the candidate samplers'
// draws and expected counts, ComputeAccidentalHits), kernels_string.cc
// (StringToNumber's parsing rules and TensorFlow's error message, Substr, StringJoin,
// AsString) and kernels_nn.cc's Cumprod. Expected values
// come from TensorFlow 2.21's raw ops.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "runtime/eager/execute.h"
#include "runtime/kernels/kernel.h"

namespace tfm::rt {
namespace {

template <typename T>
Tensor Vec(DType dt, std::vector<T> v, Shape shape = {}) {
  if (shape.empty()) shape = {static_cast<int64_t>(v.size())};
  Tensor t = Tensor::Alloc(dt, shape);
  for (size_t i = 0; i < v.size(); ++i) t.data<T>()[i] = v[i];
  return t;
}

template <typename T>
std::vector<T> Values(const Tensor& t) {
  return std::vector<T>(t.data<T>(), t.data<T>() + t.num_elements());
}

TEST(SpecialKernels, LgammaDigammaPolygammaMatchTensorFlow) {
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("Digamma", {Vec<float>(DType::kFloat, {1.0f, 0.5f})}, {}, &out).ok());
  EXPECT_NEAR(out[0].data<float>()[0], -0.5772159099578857, 1e-6);
  EXPECT_NEAR(out[0].data<float>()[1], -1.9635107517242432, 1e-6);
  ASSERT_TRUE(Execute("Lgamma", {Vec<double>(DType::kDouble, {0.5, 10.0})}, {}, &out).ok());
  EXPECT_NEAR(out[0].data<double>()[0], 0.5723649429247001, 1e-13);
  EXPECT_NEAR(out[0].data<double>()[1], 12.80182748008147, 1e-12);
  ASSERT_TRUE(Execute("Polygamma", {Tensor::Scalar<double>(1.0), Vec<double>(DType::kDouble, {1.0, 2.0})}, {}, &out).ok());
  EXPECT_NEAR(out[0].data<double>()[0], 1.6449340668482266, 1e-13);
  EXPECT_NEAR(out[0].data<double>()[1], 0.6449340668482266, 1e-13);
  ASSERT_TRUE(Execute("Erfc", {Vec<double>(DType::kDouble, {0.0, 1.0})}, {}, &out).ok());
  EXPECT_NEAR(out[0].data<double>()[1], std::erfc(1.0), 1e-15);
  Status s = Execute("Lgamma", {Vec<int32_t>(DType::kInt32, {1})}, {}, &out);
  EXPECT_EQ(s.code(), Code::kInvalidArgument);
}

TEST(SpecialKernels, MultinomialDrawsTensorFlowsNumbers) {
  ResetEagerRngs();
  Tensor logits = Vec<float>(DType::kFloat, {0.0f, 1.0f, 2.0f, 3.0f, -1.0f, 0.5f}, {2, 3});
  AttrMap attrs{{"seed", int64_t{3}}, {"seed2", int64_t{9}}, {"output_dtype", DType::kInt64}};
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("Multinomial", {logits, Tensor::Scalar<int32_t>(5)}, attrs, &out).ok());
  EXPECT_EQ(out[0].shape(), Shape({2, 5}));
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{2, 2, 2, 1, 2, 0, 0, 0, 0, 0}));
  // an int32 kernel is another kernel: its own stream from the start
  AttrMap attrs32 = attrs;
  attrs32["output_dtype"] = DType::kInt32;
  ASSERT_TRUE(Execute("Multinomial", {logits, Tensor::Scalar<int32_t>(5)}, attrs32, &out).ok());
  EXPECT_EQ(Values<int32_t>(out[0]), (std::vector<int32_t>{2, 2, 2, 1, 2, 0, 0, 0, 0, 0}));
  // the int64 kernel's stream continues
  ASSERT_TRUE(Execute("Multinomial", {logits, Tensor::Scalar<int32_t>(5)}, attrs, &out).ok());
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{2, 1, 2, 2, 2, 0, 2, 0, 0, 0}));
}

// LogUniform / UniformCandidateSampler: TensorFlow's classes and expected counts for fixed
// seeds (tf.raw_ops in TF 2.21), the eager kernel's stream moving on by 512 * num_sampled
// 128-bit samples a call.
TEST(SpecialKernels, CandidateSamplersDrawTensorFlowsClasses) {
  ResetEagerRngs();
  Tensor truth = Vec<int64_t>(DType::kInt64, {1, 5, 7}, {3, 1});
  AttrMap log_attrs{{"num_true", int64_t{1}}, {"num_sampled", int64_t{6}}, {"unique", true},
                    {"range_max", int64_t{20}}, {"seed", int64_t{42}}, {"seed2", int64_t{3}}};
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("LogUniformCandidateSampler", {truth}, log_attrs, &out).ok());
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[1].shape(), Shape({3, 1}));
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{0, 4, 5, 16, 6, 1}));
  // unique: counts from the number of tries, -expm1(tries * log1p(-p))
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{0.6812595725059509f, 0.3401029109954834f, 0.2706785202026367f}));
  EXPECT_EQ(out[2].data<float>()[0], 0.8734034299850464f);
  EXPECT_EQ(out[2].data<float>()[3], 0.1406862884759903f);
  ASSERT_TRUE(Execute("LogUniformCandidateSampler", {truth}, log_attrs, &out).ok());
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{9, 0, 1, 5, 10, 2}));
  EXPECT_EQ(out[2].data<float>()[5], 0.54799884557724f);

  AttrMap uni{{"num_true", int64_t{1}}, {"num_sampled", int64_t{7}}, {"unique", false},
              {"range_max", int64_t{13}}, {"seed", int64_t{42}}, {"seed2", int64_t{9}}};
  ASSERT_TRUE(Execute("UniformCandidateSampler", {truth}, uni, &out).ok());
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{12, 7, 9, 2, 11, 5, 11}));
  EXPECT_EQ(out[1].data<float>()[0], 0.5384615659713745f);  // p * num_sampled
  ASSERT_TRUE(Execute("UniformCandidateSampler", {truth}, uni, &out).ok());
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{9, 12, 2, 11, 11, 7, 11}));
  // every class of the range, by rejection; a power-of-two range masks the bits
  AttrMap all{{"num_true", int64_t{1}}, {"num_sampled", int64_t{8}}, {"unique", true},
              {"range_max", int64_t{8}}, {"seed", int64_t{1}}, {"seed2", int64_t{2}}};
  ASSERT_TRUE(Execute("UniformCandidateSampler", {truth}, all, &out).ok());
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{7, 6, 3, 1, 5, 2, 0, 4}));
  EXPECT_EQ(out[2].data<float>()[0], 0.9307912588119507f);
  AttrMap pow2{{"num_true", int64_t{1}}, {"num_sampled", int64_t{5}}, {"unique", false},
               {"range_max", int64_t{16}}, {"seed", int64_t{1}}, {"seed2", int64_t{2}}};
  ASSERT_TRUE(Execute("UniformCandidateSampler", {truth}, pow2, &out).ok());
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{15, 6, 3, 1, 5}));
  AttrMap big{{"num_true", int64_t{1}}, {"num_sampled", int64_t{3}}, {"unique", false},
              {"range_max", int64_t{1000000000000}}, {"seed", int64_t{5}}, {"seed2", int64_t{6}}};
  ASSERT_TRUE(Execute("LogUniformCandidateSampler", {truth}, big, &out).ok());
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{149645039, 478013, 5007394605}));
  EXPECT_EQ(out[1].data<float>()[0], 0.0440228134393692f);
}

TEST(SpecialKernels, CandidateSamplerErrorsAndAccidentalHits) {
  std::vector<Tensor> out;
  AttrMap attrs{{"num_true", int64_t{2}}, {"num_sampled", int64_t{4}}, {"unique", true},
                {"range_max", int64_t{3}}, {"seed", int64_t{1}}, {"seed2", int64_t{1}}};
  Tensor truth = Vec<int64_t>(DType::kInt64, {0, 1, 2, 2}, {2, 2});
  Status s = Execute("UniformCandidateSampler", {truth}, attrs, &out);
  EXPECT_EQ(s.code(), Code::kInvalidArgument);
  EXPECT_NE(s.message().find("Sampler's range is too small."), std::string::npos) << s.message();
  attrs["range_max"] = int64_t{2};
  attrs["unique"] = false;
  s = Execute("UniformCandidateSampler", {truth}, attrs, &out);
  EXPECT_NE(s.message().find("`true_candidate` out of range [0, 2), received 2"), std::string::npos) << s.message();
  attrs["num_true"] = int64_t{1};
  s = Execute("LogUniformCandidateSampler", {truth}, attrs, &out);
  EXPECT_NE(s.message().find("true_classes must have num_true columns, expected: 2 was: 1"), std::string::npos)
      << s.message();

  // the last position of a repeated candidate; rows in order
  AttrMap hits{{"num_true", int64_t{2}}};
  Tensor labels = Vec<int64_t>(DType::kInt64, {1, 2, 5, 0, 7, 7}, {3, 2});
  ASSERT_TRUE(Execute("ComputeAccidentalHits", {labels, Vec<int64_t>(DType::kInt64, {7, 1, 0, 7})}, hits, &out).ok());
  EXPECT_EQ(Values<int32_t>(out[0]), (std::vector<int32_t>{0, 1, 2, 2}));
  EXPECT_EQ(Values<int64_t>(out[1]), (std::vector<int64_t>{1, 2, 3, 3}));
  EXPECT_EQ(out[2].data<float>()[0], -std::numeric_limits<float>::max());
  s = Execute("ComputeAccidentalHits", {Vec<int64_t>(DType::kInt64, {1, 2}), Vec<int64_t>(DType::kInt64, {1})}, hits, &out);
  EXPECT_EQ(s.code(), Code::kInvalidArgument);
}

TEST(SpecialKernels, MultinomialEdgeCasesAndErrors) {
  AttrMap attrs{{"seed", int64_t{1}}, {"seed2", int64_t{2}}};
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<Tensor> out;
  // every logit -inf: TensorFlow returns num_classes
  ASSERT_TRUE(Execute("Multinomial", {Vec<float>(DType::kFloat, {-inf, -inf}, {1, 2}), Tensor::Scalar<int32_t>(3)},
                      attrs, &out).ok());
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{2, 2, 2}));
  ASSERT_TRUE(Execute("Multinomial", {Tensor::Alloc(DType::kFloat, {0, 3}), Tensor::Scalar<int32_t>(4)}, attrs, &out).ok());
  EXPECT_EQ(out[0].shape(), Shape({0, 4}));
  Status s = Execute("Multinomial", {Tensor::Alloc(DType::kFloat, {2, 0}), Tensor::Scalar<int32_t>(4)}, attrs, &out);
  EXPECT_EQ(s.code(), Code::kInvalidArgument);
  EXPECT_NE(s.message().find("num_classes should be positive, got 0"), std::string::npos);
  s = Execute("Multinomial", {Vec<float>(DType::kFloat, {1, 2}), Tensor::Scalar<int32_t>(4)}, attrs, &out);
  EXPECT_NE(s.message().find("logits should be a matrix, got shape [2]"), std::string::npos);
  s = Execute("Multinomial", {Vec<float>(DType::kFloat, {1, 2}, {1, 2}), Tensor::Scalar<int32_t>(-1)}, attrs, &out);
  EXPECT_NE(s.message().find("num_samples should be nonnegative, got -1"), std::string::npos);
}

// A batch large enough for TensorFlow to split it into row blocks: each block restarts
// the stream at its first row, so the numbers depend on the intra-op thread count.
// Checksums of TF 2.21's output (a session with intra_op_parallelism_threads = 1, 2, 3).
TEST(SpecialKernels, MultinomialRowBlocksFollowTheThreadCount) {
  Tensor logits = Tensor::Alloc(DType::kFloat, {3000, 7});
  for (int64_t i = 0; i < logits.num_elements(); ++i) logits.data<float>()[i] = static_cast<float>(std::sin(double(i)));
  AttrMap attrs{{"seed", int64_t{87654321}}, {"seed2", int64_t{12}}, {"output_dtype", DType::kInt64}};  // op seed 12
  struct Case {
    int threads;
    int64_t sum, weighted;
  };
  for (Case k : {Case{1, 80717, 40363869}, Case{2, 80492, 40434089}, Case{3, 80459, 40379684}}) {
    SetIntraOpThreads(k.threads);
    ResetEagerRngs();
    std::vector<Tensor> out;
    ASSERT_TRUE(Execute("Multinomial", {logits, Tensor::Scalar<int32_t>(9)}, attrs, &out).ok());
    int64_t sum = 0, weighted = 0;
    for (int64_t i = 0; i < out[0].num_elements(); ++i) {
      sum += out[0].data<int64_t>()[i];
      weighted += out[0].data<int64_t>()[i] * (i % 1000 + 1);
    }
    EXPECT_EQ(sum, k.sum) << k.threads << " threads";
    EXPECT_EQ(weighted, k.weighted) << k.threads << " threads";
  }
  SetIntraOpThreads(0);
}

TEST(SpecialKernels, StringToNumberParsesAsTensorFlow) {
  std::vector<Tensor> out;
  Tensor in = Tensor::String({" 1.5 ", "0x10", "-inf", "1e40", "+3", "\t7\n"}, {6});
  ASSERT_TRUE(Execute("StringToNumber", {in}, {{"out_type", DType::kFloat}}, &out).ok());
  std::vector<float> f = Values<float>(out[0]);
  EXPECT_EQ(f[0], 1.5f);
  EXPECT_EQ(f[1], 16.0f);
  EXPECT_TRUE(std::isinf(f[2]) && f[2] < 0);
  EXPECT_TRUE(std::isinf(f[3]));  // float32 overflow is inf, not an error
  EXPECT_EQ(f[4], 3.0f);
  EXPECT_EQ(f[5], 7.0f);
  ASSERT_TRUE(Execute("StringToNumber", {Tensor::String({"-2147483648", " 42 "}, {2})}, {{"out_type", DType::kInt32}},
                      &out).ok());
  EXPECT_EQ(Values<int32_t>(out[0]), (std::vector<int32_t>{std::numeric_limits<int32_t>::min(), 42}));
  ASSERT_TRUE(Execute("StringToNumber", {Tensor::String({"9223372036854775807"}, {1})}, {{"out_type", DType::kInt64}},
                      &out).ok());
  EXPECT_EQ(out[0].data<int64_t>()[0], std::numeric_limits<int64_t>::max());
  for (auto [text, dt] : std::vector<std::pair<std::string, DType>>{
           {"2147483648", DType::kInt32}, {"1.5", DType::kInt64}, {"1e3", DType::kInt32}, {"", DType::kDouble},
           {"- 3", DType::kFloat}, {"12abc", DType::kDouble}, {"9223372036854775808", DType::kInt64}}) {
    Status s = Execute("StringToNumber", {Tensor::String({text}, {1})}, {{"out_type", dt}}, &out);
    EXPECT_EQ(s.code(), Code::kInvalidArgument) << text;
    EXPECT_NE(s.message().find("StringToNumberOp could not correctly convert string: " + text), std::string::npos);
  }
}

TEST(SpecialKernels, CumprodExclusiveReverse) {
  std::vector<Tensor> out;
  Tensor x = Vec<float>(DType::kFloat, {1, 2, 3, 4, 5, 6}, {2, 3});
  ASSERT_TRUE(Execute("Cumprod", {x, Tensor::Scalar<int32_t>(1)}, {}, &out).ok());
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{1, 2, 6, 4, 20, 120}));
  ASSERT_TRUE(Execute("Cumprod", {x, Tensor::Scalar<int32_t>(-1)}, {{"exclusive", true}, {"reverse", true}}, &out).ok());
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{6, 3, 1, 30, 6, 1}));
  ASSERT_TRUE(Execute("Cumprod", {x, Tensor::Scalar<int32_t>(0)}, {}, &out).ok());
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{1, 2, 3, 4, 10, 18}));
  EXPECT_FALSE(Execute("Cumprod", {x, Tensor::Scalar<int32_t>(2)}, {}, &out).ok());
}

TEST(SpecialKernels, SubstrJoinAsString) {
  std::vector<Tensor> out;
  ASSERT_TRUE(Execute("Substr", {Tensor::String({"tensorflow", "ab"}, {2}), Tensor::Scalar<int32_t>(1),
                                 Tensor::Scalar<int32_t>(4)}, {}, &out).ok());
  EXPECT_EQ(out[0].strings(), (std::vector<std::string>{"enso", "b"}));
  ASSERT_TRUE(Execute("Substr", {Tensor::String({"hello"}, {}), Tensor::Scalar<int32_t>(-3), Tensor::Scalar<int32_t>(2)},
                      {}, &out).ok());
  EXPECT_EQ(out[0].strings()[0], "ll");
  Status s = Execute("Substr", {Tensor::String({"hello", "ab"}, {2}), Tensor::Scalar<int32_t>(3),
                                Tensor::Scalar<int32_t>(1)}, {}, &out);
  EXPECT_EQ(s.code(), Code::kInvalidArgument);
  EXPECT_NE(s.message().find("pos 3 out of range for string b'ab' at index 1"), std::string::npos);
  ASSERT_TRUE(Execute("StringJoin", {Tensor::String({"a", "b"}, {2}), Tensor::String({"x"}, {})},
                      {{"separator", std::string("-")}}, &out).ok());
  EXPECT_EQ(out[0].strings(), (std::vector<std::string>{"a-x", "b-x"}));
  ASSERT_TRUE(Execute("AsString", {Vec<float>(DType::kFloat, {1.5f, -2.25f})}, {{"precision", int64_t{3}}}, &out).ok());
  EXPECT_EQ(out[0].strings(), (std::vector<std::string>{"1.500", "-2.250"}));
  ASSERT_TRUE(Execute("AsString", {Vec<int32_t>(DType::kInt32, {7, -42})}, {{"width", int64_t{5}}}, &out).ok());
  EXPECT_EQ(out[0].strings(), (std::vector<std::string>{"    7", "  -42"}));
  ASSERT_TRUE(Execute("AsString", {Vec<double>(DType::kDouble, {1e-7, 123456.0})}, {{"shortest", true}}, &out).ok());
  EXPECT_EQ(out[0].strings(), (std::vector<std::string>{"1e-07", "123456"}));
  s = Execute("AsString", {Vec<int32_t>(DType::kInt32, {3})}, {{"precision", int64_t{2}}}, &out);
  EXPECT_NE(s.message().find("precision not supported for datatype int32"), std::string::npos);
}

}  // namespace
}  // namespace tfm::rt
