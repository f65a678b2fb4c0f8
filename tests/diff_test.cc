// `tfmigrate diff`: trace comparison (pure), explanation through the analyzer, and whole
// runs of small pairs on the bundled runtime.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>

#include "diff/diff.h"
#include "tests/fuzz/diff_fuzz_entry.h"
#include "tests/test_support.h"

namespace tfm::diff {
namespace {

using testing_support::TempDir;

std::string Rec(const std::string& json) { return json + "\n"; }

const std::string kEndOk = Rec(R"J({"kind":"end","status":"ok","exit_code":0})J");

DiffResult Compare(const std::string& a, const std::string& b, DiffOptions o = {}) {
  DiffResult r;
  r.old_side.path = "old.py";
  r.new_side.path = "new.py";
  CompareTraces(a, b, o, &r);
  return r;
}

TEST(DiffCompare, PrintedNumbersWithinToleranceAreEquivalent) {
  std::string a = Rec(R"J({"kind":"print","text":"loss 0.25","numbers":[0.25],"line":7})J") + kEndOk;
  std::string b = Rec(R"J({"kind":"print","text":"loss 0.2500001","numbers":[0.2500001],"line":9})J") + kEndOk;
  DiffResult r = Compare(a, b);
  EXPECT_TRUE(r.Equivalent()) << (r.divergences.empty() ? "" : r.divergences[0].title);
  ASSERT_EQ(r.observations.size(), 1u);
  EXPECT_TRUE(r.observations[0].ok);
}

TEST(DiffCompare, PrintedNumberBeyondToleranceIsBehaviorDivergenceWithLines) {
  std::string a = Rec(R"J({"kind":"print","text":"loss 0.25","numbers":[0.25],"line":7})J") + kEndOk;
  std::string b = Rec(R"J({"kind":"print","text":"loss 0.5","numbers":[0.5],"line":9})J") + kEndOk;
  DiffResult r = Compare(a, b);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_EQ(r.divergences[0].id, "TFM901");
  EXPECT_EQ(r.divergences[0].old_line, 7);
  EXPECT_EQ(r.divergences[0].new_line, 9);
  EXPECT_EQ(r.divergences[0].old_value, "loss 0.25");
  EXPECT_EQ(r.divergences[0].new_value, "loss 0.5");
  // a looser tolerance accepts it
  DiffOptions loose;
  loose.rtol = 0.6;
  EXPECT_TRUE(Compare(a, b, loose).Equivalent());
}

DiffResult CompareWithAgain(const std::string& a, const std::string& a2, const std::string& b) {
  DiffResult r;
  CompareTraces(a, b, {}, &r, &a2);
  return r;
}

std::string PrintRec(const std::string& text) {
  nlohmann::json j = {{"kind", "print"}, {"text", text}, {"line", 4}};
  return j.dump() + "\n";
}

std::string FetchRec(const std::string& s) {
  nlohmann::json j = {{"kind", "fetch"}, {"call", 1}, {"line", 5},
                      {"values", {{{"dtype", "string"}, {"shape", nlohmann::json::array()}, {"values", {s}}}}}};
  return j.dump() + "\n";
}

TEST(DiffCompare, WhatVariesBetweenTwoOldRunsIsMaskedTokenByToken) {
  // the elapsed time differs between the two old runs: masked; the step count does not
  std::string a = PrintRec("Step 0 (epoch 0.00), 5.7 ms") + kEndOk;
  std::string a2 = PrintRec("Step 0 (epoch 0.00), 3.5 ms") + kEndOk;
  EXPECT_FALSE(Compare(a, PrintRec("Step 0 (epoch 0.00), 3.2 ms") + kEndOk).Equivalent());
  DiffResult r = CompareWithAgain(a, a2, PrintRec("Step 0 (epoch 0.00), 3.2 ms") + kEndOk);
  EXPECT_TRUE(r.Equivalent()) << (r.divergences.empty() ? "" : r.divergences[0].title);
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("compared only where its two runs agree"), std::string::npos);
  // what the old runs agree on is still compared
  EXPECT_FALSE(CompareWithAgain(a, a2, PrintRec("Step 1 (epoch 0.00), 3.2 ms") + kEndOk).Equivalent());
  EXPECT_FALSE(CompareWithAgain(a, a2, PrintRec("Step 0 (epoch 0.00), 3.2 s") + kEndOk).Equivalent());
  // another token count: nothing masked
  EXPECT_FALSE(CompareWithAgain(a, a2, PrintRec("Step 0 (epoch 0.00), 3.2 ms!") + kEndOk).Equivalent());
}

TEST(DiffCompare, TemporaryPathsInStringValuesAreMasked) {
  std::string a = FetchRec("/tmp/runner82h5_m84/tmpgnynq4mr/cifar:0") + kEndOk;
  std::string a2 = FetchRec("/tmp/runnerrffp0lr1/tmpk6m1v3xk/cifar:0") + kEndOk;
  EXPECT_TRUE(CompareWithAgain(a, a2, FetchRec("/tmp/test_p50hdl1i/tmplo373y2x/cifar:0") + kEndOk).Equivalent());
  EXPECT_FALSE(CompareWithAgain(a, a2, FetchRec("/tmp/test_p50hdl1i/tmplo373y2x/cifar:1") + kEndOk).Equivalent());
  // identical old runs: nothing is masked
  EXPECT_FALSE(CompareWithAgain(a, a, FetchRec("/tmp/test_p50hdl1i/tmplo373y2x/cifar:0") + kEndOk).Equivalent());
  // a new string that cannot be lined up with the old runs' tokens differs
  EXPECT_FALSE(CompareWithAgain(a, a2, FetchRec("cifar:0") + kEndOk).Equivalent());
}

TEST(DiffCompare, FinalVariablesThatVaryBetweenOldRunsAreNotJudged) {
  auto vars = [](double bias) {
    nlohmann::json j = {{"kind", "variables"},
                        {"values", {{"dense/bias:0", {{"dtype", "float32"}, {"shape", {1}}, {"values", {bias}}}}}}};
    return PrintRec("trained") + j.dump() + "\n" + kEndOk;
  };
  EXPECT_FALSE(Compare(vars(0.5), vars(0.9)).Equivalent());
  DiffResult r = CompareWithAgain(vars(0.5), vars(0.7), vars(0.9));  // the old runs disagree: not judged
  EXPECT_TRUE(r.Equivalent()) << (r.divergences.empty() ? "" : r.divergences[0].title);
  EXPECT_FALSE(CompareWithAgain(vars(0.5), vars(0.5), vars(0.9)).Equivalent());  // they agree: judged
}

// The old version run twice (again with another rounding order: TensorFlow with its Eigen
// kernels instead of oneDNN's) produced two results; a new result equal to the second one is
// one the old version itself produces, for a value as for a printed line.
TEST(DiffCompare, WhatTheOldVersionsSecondRunProducedAgrees) {
  auto vars = [](double bias) {
    nlohmann::json j = {{"kind", "variables"},
                        {"values", {{"dense/bias:0", {{"dtype", "float32"}, {"shape", {1}}, {"values", {bias}}}}}}};
    return PrintRec("trained") + j.dump() + "\n" + kEndOk;
  };
  // float32's tolerance at 0.5 is 6e-6: the old runs (0.5, 0.500005) agree with each other,
  // the new 0.50001 differs from the first and agrees with the second
  EXPECT_FALSE(Compare(vars(0.5), vars(0.50001)).Equivalent());
  DiffResult r = CompareWithAgain(vars(0.5), vars(0.500005), vars(0.50001));
  EXPECT_TRUE(r.Equivalent()) << (r.divergences.empty() ? "" : r.divergences[0].title);
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("agree with its second run"), std::string::npos) << r.notes[0];
  EXPECT_FALSE(CompareWithAgain(vars(0.5), vars(0.500005), vars(0.500015)).Equivalent());
  std::string a = PrintRec("loss 1167.18") + kEndOk, a2 = PrintRec("loss 1167.39") + kEndOk;
  EXPECT_TRUE(CompareWithAgain(a, a2, PrintRec("loss 1167.39") + kEndOk).Equivalent());
  EXPECT_FALSE(CompareWithAgain(a, a, PrintRec("loss 1167.39") + kEndOk).Equivalent());
}

// A TF1 script that resets its default graph between parts ends with the last part's
// variables, named again from `Variable`; its TF2 form keeps every part's variables, numbered
// on: the last ones are the TF1 ones.
TEST(DiffCompare, VariablesOfTheLastPartAreTf1sAfterAReset) {
  auto var = [](const char* name, double v) {
    return nlohmann::json{name, {{"dtype", "float32"}, {"shape", {1}}, {"values", {v}}}};
  };
  auto rec = [](std::vector<nlohmann::json> vs) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto& v : vs) values[v[0].get<std::string>()] = v[1];
    return PrintRec("done") + nlohmann::json{{"kind", "variables"}, {"values", values}}.dump() + "\n" + kEndOk;
  };
  std::string old_run = rec({var("Variable:0", -403.0), var("Variable_1:0", -515.0)});
  // part 1's variables first, then part 2's (the TF1 ones)
  DiffResult r = Compare(old_run, rec({var("Variable:0", 1.09), var("Variable_1:0", 4.95), var("Variable_2:0", -403.0),
                                       var("Variable_3:0", -515.0)}));
  EXPECT_TRUE(r.Equivalent()) << (r.divergences.empty() ? "" : r.divergences[0].title);
  // the last part's differ too: a divergence
  EXPECT_FALSE(Compare(old_run, rec({var("Variable:0", 1.09), var("Variable_1:0", 4.95), var("Variable_2:0", -40.0),
                                     var("Variable_3:0", -515.0)}))
                   .Equivalent());
  // as many on both sides: matched by name only
  EXPECT_FALSE(Compare(old_run, rec({var("Variable:0", -515.0), var("Variable_1:0", -403.0)})).Equivalent());
}

TEST(DiffCompare, DifferentTextIsADivergence) {
  std::string a = Rec(R"J({"kind":"print","text":"Tensor(\"add:0\", shape=(), dtype=float32)","numbers":[],"line":3})J") + kEndOk;
  std::string b = Rec(R"J({"kind":"print","text":"tf.Tensor(3.0, shape=(), dtype=float32)","numbers":[3.0],"line":3})J") + kEndOk;
  DiffResult r = Compare(a, b);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_EQ(r.divergences[0].detail, "the text differs");
}

TEST(DiffCompare, FewerPrintedLinesIsADivergence) {
  std::string a = Rec(R"J({"kind":"print","text":"step","numbers":[],"line":5})J") +
                  Rec(R"J({"kind":"print","text":"step","numbers":[],"line":5})J") + kEndOk;
  std::string b = Rec(R"J({"kind":"print","text":"step","numbers":[],"line":8})J") + kEndOk;
  DiffResult r = Compare(a, b);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_EQ(r.divergences[0].id, "TFM901");
  EXPECT_EQ(r.divergences[0].old_line, 5);
  EXPECT_EQ(r.divergences[0].new_line, 8);
}

TEST(DiffCompare, FetchesAlignWithFunctionReturnsSkippingNone) {
  std::string a =
      Rec(R"J({"kind":"fetch","call":1,"values":[{"python":"None"}],"line":10})J") +
      Rec(R"J({"kind":"fetch","call":2,"values":[{"python":"None"},{"dtype":"float32","shape":[2],"values":[1.0,2.0]}],"line":12})J") +
      kEndOk;
  std::string b =
      Rec(R"J({"kind":"function_return","function":"step","values":[{"dtype":"float32","shape":[2],"values":[1.0,2.0]}],"line":20})J") +
      Rec(R"J({"kind":"trace_counts","counts":{"step":1}})J") + kEndOk;
  DiffResult r = Compare(a, b);
  EXPECT_TRUE(r.Equivalent());
  bool saw_value = false;
  for (const auto& o : r.observations) saw_value |= o.name.rfind("value 1", 0) == 0;
  EXPECT_TRUE(saw_value);
}

TEST(DiffCompare, ShapeAndDtypeMismatchesAreReported) {
  std::string a = Rec(R"J({"kind":"fetch","call":1,"values":[{"dtype":"float32","shape":[2],"values":[1.0,2.0]}],"line":4})J") + kEndOk;
  std::string b = Rec(R"J({"kind":"function_return","function":"f","values":[{"dtype":"float32","shape":[2,1],"values":[1.0,2.0]}],"line":6})J") + kEndOk;
  DiffResult r = Compare(a, b);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_NE(r.divergences[0].detail.find("shape [2] vs [2,1]"), std::string::npos);
  std::string c = Rec(R"J({"kind":"function_return","function":"f","values":[{"dtype":"float64","shape":[2],"values":[1.0,2.0]}],"line":6})J") + kEndOk;
  r = Compare(a, c);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_NE(r.divergences[0].detail.find("dtype float32 vs float64"), std::string::npos);
}

TEST(DiffCompare, ExceptionOnOneSideIsExceptionDivergence) {
  std::string a = Rec(R"J({"kind":"print","text":"1.0","numbers":[1.0],"line":3})J") +
                  Rec(R"J({"kind":"print","text":"2.0","numbers":[2.0],"line":3})J") + kEndOk;
  std::string b = Rec(R"J({"kind":"print","text":"1.0","numbers":[1.0],"line":3})J") +
                  Rec(R"J({"kind":"exception","type":"ValueError","message":"tf.function only supports singleton tf.Variables created on the first call.","line":11})J") +
                  Rec(R"J({"kind":"end","status":"exception","exit_code":1})J");
  DiffResult r = Compare(a, b);
  ASSERT_EQ(r.divergences.size(), 1u) << "the truncated output is not a second divergence";
  EXPECT_EQ(r.divergences[0].id, "TFM902");
  EXPECT_EQ(r.divergences[0].new_line, 11);
  EXPECT_NE(r.divergences[0].new_value.find("ValueError"), std::string::npos);
}

TEST(DiffCompare, RetracingEveryCallIsRetraceDivergence) {
  std::string b;
  for (int i = 0; i < 4; ++i)
    b += Rec(R"J({"kind":"function_return","function":"step","values":[],"line":14})J");
  b += Rec(R"J({"kind":"trace_counts","counts":{"step":4}})J") + kEndOk;
  DiffResult r = Compare(kEndOk, b);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_EQ(r.divergences[0].id, "TFM903");
  EXPECT_EQ(r.divergences[0].new_line, 14);
  // traced once for four calls: fine
  std::string c;
  for (int i = 0; i < 4; ++i) c += Rec(R"J({"kind":"function_return","function":"step","values":[],"line":14})J");
  c += Rec(R"J({"kind":"trace_counts","counts":{"step":1}})J") + kEndOk;
  EXPECT_TRUE(Compare(kEndOk, c).Equivalent());
}

TEST(DiffCompare, VariablesMatchAcrossScopePrefixes) {
  std::string a = Rec(R"J({"kind":"variables","values":{"model/dense/kernel:0":{"dtype":"float32","shape":[1],"values":[0.5]},"beta1_power:0":{"dtype":"float32","shape":[],"values":[0.9]}}})J") + kEndOk;
  std::string b = Rec(R"J({"kind":"variables","values":{"kernel:0":{"dtype":"float32","shape":[1],"values":[0.75]}}})J") + kEndOk;
  DiffResult r = Compare(a, b);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_NE(r.divergences[0].title.find("model/dense/kernel / kernel"), std::string::npos);
  for (const auto& n : r.notes) EXPECT_EQ(n.find("beta1_power"), std::string::npos) << "optimizer slots are not noise";
}

// A TF1 LSTM cell's one kernel over [inputs, state] (gates i, j, f, o) and its bias, against
// the Keras LSTM the tf2 rewrite makes of it: kernel and recurrent_kernel (gates i, f, c, o),
// the bias's forget part holding TF1's forget_bias of 1. Compared in TF1's layout.
TEST(DiffCompare, RecurrentCellVariablesCompareThroughTf1sLayout) {
  std::string a = Rec(R"J({"kind":"variables","values":{)J"
                      R"J("rnn/basic_lstm_cell/kernel:0":{"dtype":"float32","shape":[2,4],"values":[1,2,3,4,5,6,7,8]},)J"
                      R"J("rnn/basic_lstm_cell/bias:0":{"dtype":"float32","shape":[4],"values":[0.1,0.2,0.3,0.4]}}})J") +
                  kEndOk;
  auto keras = [](double forget) {
    return Rec(R"J({"kind":"variables","values":{)J"
               R"J("lstm/lstm_cell/kernel:0":{"dtype":"float32","shape":[1,4],"values":[1,3,2,4]},)J"
               R"J("lstm/lstm_cell/recurrent_kernel:0":{"dtype":"float32","shape":[1,4],"values":[5,7,6,8]},)J"
               R"J("seed_generator/seed_generator_state:0":{"dtype":"uint32","shape":[2],"values":[1,0]},)J"
               R"J("lstm/lstm_cell/bias:0":{"dtype":"float32","shape":[4],"values":[0.1,)J" +
               std::to_string(forget) + R"J(,0.2,0.4]}}})J") +
           kEndOk;
  };
  DiffResult same = Compare(a, keras(1.3));
  EXPECT_TRUE(same.divergences.empty());
  for (const auto& n : same.notes) EXPECT_EQ(n.find("without a counterpart"), std::string::npos) << n;
  DiffResult other = Compare(a, keras(1.8));
  ASSERT_EQ(other.divergences.size(), 1u);
  EXPECT_NE(other.divergences[0].title.find("rnn/basic_lstm_cell/bias"), std::string::npos);
  // a GRU: TF1's gates (r, u) and candidate kernels against Keras's columns z (TF1's u), r, candidate
  std::string g1 = Rec(R"J({"kind":"variables","values":{)J"
                       R"J("rnn/gru_cell/gates/kernel:0":{"dtype":"float32","shape":[2,2],"values":[1,2,3,4]},)J"
                       R"J("rnn/gru_cell/gates/bias:0":{"dtype":"float32","shape":[2],"values":[0.1,0.2]},)J"
                       R"J("rnn/gru_cell/candidate/kernel:0":{"dtype":"float32","shape":[2,1],"values":[5,6]},)J"
                       R"J("rnn/gru_cell/candidate/bias:0":{"dtype":"float32","shape":[1],"values":[0.3]}}})J") +
                   kEndOk;
  std::string g2 = Rec(R"J({"kind":"variables","values":{)J"
                       R"J("gru/gru_cell/kernel:0":{"dtype":"float32","shape":[1,3],"values":[2,1,5]},)J"
                       R"J("gru/gru_cell/recurrent_kernel:0":{"dtype":"float32","shape":[1,3],"values":[4,3,6]},)J"
                       R"J("gru/gru_cell/bias:0":{"dtype":"float32","shape":[3],"values":[0.2,0.1,0.3]}}})J") +
                   kEndOk;
  DiffResult gru = Compare(g1, g2);
  EXPECT_TRUE(gru.divergences.empty());
  for (const auto& n : gru.notes) EXPECT_EQ(n.find("without a counterpart"), std::string::npos) << n;
}

TEST(DiffCompare, ByNameAlignmentComparesObservationsOnly) {
  std::string a = Rec(R"J({"kind":"print","text":"different","numbers":[],"line":1})J") +
                  Rec(R"J({"kind":"observe","name":"loss","values":[{"dtype":"float32","shape":[],"values":[1.5]}],"line":4})J") + kEndOk;
  std::string b = Rec(R"J({"kind":"print","text":"words","numbers":[],"line":1})J") +
                  Rec(R"J({"kind":"observe","name":"loss","values":[{"dtype":"float32","shape":[],"values":[1.5]}],"line":9})J") + kEndOk;
  DiffOptions o;
  o.align = "by-name";
  EXPECT_TRUE(Compare(a, b, o).Equivalent());
  EXPECT_FALSE(Compare(a, b).Equivalent());
}

TEST(DiffCompare, UnsupportedSymbolGivesNoVerdict) {
  std::string b = Rec(R"J({"kind":"unsupported","symbol":"tf.image","line":2})J") +
                  Rec(R"J({"kind":"end","status":"unsupported","exit_code":3})J");
  DiffResult r = Compare(kEndOk, b);
  EXPECT_FALSE(r.error.empty());
  EXPECT_NE(r.error.find("tf.image"), std::string::npos);
  EXPECT_NE(r.error.find("--backend tensorflow"), std::string::npos);
}

// Tests compare by id; a failing test is the divergence (unittest's exit 1 only its
// consequence); every test's verdict is in the text, JSON and JUnit reports.
TEST(DiffCompare, TestOutcomesAreComparedPerTest) {
  const std::string add = Rec(R"J({"kind":"test","test":"MathTest.test_add","outcome":"passed","line":4})J");
  const std::string skip =
      Rec(R"J({"kind":"test","test":"MathTest.test_skip","outcome":"skipped","message":"not here","line":9})J");
  std::string a = add + Rec(R"J({"kind":"test","test":"MathTest.test_mul","outcome":"passed","line":6})J") + skip +
                  kEndOk;
  std::string b =
      add +
      Rec(R"J({"kind":"test","test":"MathTest.test_mul","outcome":"failed","type":"AssertionError","message":"6 != 7","line":8})J") +
      skip + Rec(R"J({"kind":"end","status":"exit","exit_code":1})J");
  DiffResult r = Compare(a, b);
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_EQ(r.divergences[0].id, "TFM901");
  EXPECT_EQ(r.divergences[0].title, "test MathTest.test_mul passed in the old version, failed in the new");
  EXPECT_EQ(r.divergences[0].new_value, "failed: AssertionError: 6 != 7");
  EXPECT_EQ(r.divergences[0].old_line, 6);
  EXPECT_EQ(r.divergences[0].new_line, 8);
  ASSERT_EQ(r.tests.size(), 3u);
  EXPECT_TRUE(r.tests[0].same);
  EXPECT_FALSE(r.tests[1].same);
  EXPECT_EQ(r.old_side.tests.run, 3);
  EXPECT_EQ(r.old_side.tests.passed, 2);
  EXPECT_EQ(r.old_side.tests.skipped, 1);
  EXPECT_EQ(r.new_side.tests.failed, 1);
  std::ostringstream text, js, xml;
  EmitText(r, text);
  EXPECT_NE(text.str().find("tests: old 3 run, 2 passed, 1 skipped; new 3 run, 1 passed, 1 failed, 1 skipped"),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("  same     MathTest.test_add  passed\n"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("  DIFFERS  MathTest.test_mul  passed -> failed (AssertionError: 6 != 7)"),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("same     MathTest.test_skip skipped (not here)"), std::string::npos) << text.str();
  EmitJson(r, js);
  EXPECT_NE(js.str().find("\"verdict\": \"differs\""), std::string::npos) << js.str();
  EmitJunit({&r}, {"new.py"}, xml);
  EXPECT_NE(xml.str().find("name=\"test MathTest.test_mul\"><failure"), std::string::npos) << xml.str();
  EXPECT_NE(xml.str().find("name=\"test MathTest.test_add\"/>"), std::string::npos) << xml.str();

  // an error outcome is an exception divergence (the test raised)
  std::string c =
      add +
      Rec(R"J({"kind":"test","test":"MathTest.test_mul","outcome":"error","type":"ValueError","message":"bad","line":8})J") +
      skip + kEndOk;
  r = Compare(a, c);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_EQ(r.divergences[0].id, "TFM902");
  EXPECT_EQ(r.divergences[0].new_value, "error: ValueError: bad");
  // a test that ran on one side only diverges
  r = Compare(a, add + skip + kEndOk);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_EQ(r.divergences[0].title, "test MathTest.test_mul passed in the old version, did not run in the new");
  // a failing subTest fails its test, whatever else the test reported
  std::string d =
      add + Rec(R"J({"kind":"test","test":"MathTest.test_mul","outcome":"failed","subtest":"(i=2)","type":"AssertionError","message":"4 != 5","line":8})J") +
      skip + Rec(R"J({"kind":"end","status":"exit","exit_code":1})J");
  r = Compare(a, d);
  ASSERT_EQ(r.divergences.size(), 1u);
  EXPECT_EQ(r.divergences[0].new_value, "failed: (i=2) AssertionError: 4 != 5");
}

// Neither side observed anything: no verdict on behavior, never "equivalent".
TEST(DiffCompare, NothingComparedIsNeitherEquivalentNorDivergent) {
  DiffResult r = Compare(kEndOk, kEndOk);
  EXPECT_TRUE(r.error.empty());
  EXPECT_TRUE(r.NothingCompared());
  EXPECT_FALSE(r.Equivalent());
  EXPECT_EQ(Verdict(r), "nothing-compared");
  std::ostringstream text, js, xml;
  EmitText(r, text);
  EXPECT_NE(text.str().find("nothing compared: neither version printed"), std::string::npos) << text.str();
  EXPECT_EQ(text.str().find("equivalent"), std::string::npos) << text.str();
  EmitJson(r, js);
  EXPECT_NE(js.str().find("\"verdict\": \"nothing-compared\""), std::string::npos) << js.str();
  EmitJunit({&r}, {"new.py"}, xml);
  EXPECT_NE(xml.str().find("errors=\"1\""), std::string::npos) << xml.str();
  // values on one side only are not a comparison either (the note says why)
  std::string a = Rec(R"J({"kind":"fetch","call":1,"values":[{"dtype":"float32","shape":[],"values":[1.0]}],"line":4})J") + kEndOk;
  r = Compare(a, kEndOk);
  EXPECT_TRUE(r.NothingCompared());
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("the new version fetched or returned none"), std::string::npos);
  // both raised the same exception: that was compared
  std::string e = Rec(R"J({"kind":"exception","type":"ValueError","message":"x","line":2})J") +
                  Rec(R"J({"kind":"end","status":"exception","exit_code":1})J");
  EXPECT_TRUE(Compare(e, e).Equivalent());
}

// Whatever a trace holds, the comparison and every report run to the end: each field of
// each record kind replaced by values of every other JSON type, every truncation of a
// trace, random byte changes.
TEST(DiffCompare, MalformedTracesNeverThrow) {
  const std::vector<std::string> records = {
      R"J({"kind":"start","mode":"tf1","backend":"bundled","script":"a.py"})J",
      R"J({"kind":"print","text":"loss 0.5","numbers":[0.5],"line":3})J",
      R"J({"kind":"fetch","call":1,"values":[{"dtype":"float32","shape":[2],"values":[1.0,"nan"]},{"python":"None"}],"names":["y:0"],"line":4})J",
      R"J({"kind":"function_return","function":"f","values":[{"python":"list","items":[{"python":"int"}]}],"line":5})J",
      R"J({"kind":"observe","name":"w","values":[{"dtype":"float32","shape":[],"values":[2.0]}],"line":6})J",
      R"J({"kind":"variables","values":{"w:0":{"dtype":"float32","shape":[1],"values":[1.0]}}})J",
      R"J({"kind":"trace_counts","counts":{"f":3}})J",
      R"J({"kind":"exception","type":"ValueError","message":"m","line":7})J",
      R"J({"kind":"test","test":"T.test_a","outcome":"failed","type":"AssertionError","message":"m","subtest":"(i=1)","line":8})J",
      R"J({"kind":"random_op","op":"random_normal","line":9})J",
      R"J({"kind":"unsupported","symbol":"tf.image","line":2})J",
      R"J({"kind":"end","status":"ok","exit_code":0})J"};
  const std::vector<std::string> junk = {"5", "-1", "\"s\"", "null", "[]", "{}", "[1,{\"a\":[]}]", "true",
                                         "1e308", "18446744073709551615", "{\"python\":7,\"items\":3}"};
  std::string full;
  for (const auto& rec : records) full += rec + "\n";
  size_t runs = 0;
  // the fuzzers' entry point (tests/fuzz/diff_fuzz_entry.h): x against a whole trace, and
  // against itself
  auto exercise = [&](const std::string& x) {
    for (const std::string& bytes : {x + std::string(1, '\0') + full, x}) {
      ASSERT_NO_THROW(fuzz::DiffTraceFuzzOne(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())) << x;
      ++runs;
    }
  };
  for (const auto& rec : records) {
    nlohmann::json j = nlohmann::json::parse(rec);
    for (const auto& [key, value] : j.items()) {
      for (const auto& v : junk) {
        nlohmann::json k = j;
        k[key] = nlohmann::json::parse(v);
        exercise(k.dump() + "\n" + full);
        exercise(full + k.dump() + "\n");
      }
    }
  }
  for (size_t cut = 0; cut <= full.size(); cut += 7) exercise(full.substr(0, cut));
  uint32_t seed = 12345;
  for (int i = 0; i < 300; ++i) {
    std::string m = full;
    for (int k = 0; k < 4; ++k) {
      seed = seed * 1664525u + 1013904223u;
      m[seed % m.size()] = static_cast<char>((seed >> 8) & 0xff);
    }
    exercise(m);
  }
  EXPECT_GT(runs, 1000u);
}

TEST(DiffExplain, NamesTheRuleOnTheDivergentLineFirst) {
  TempDir dir;
  auto old_py = dir.Write("old.py",
                          "import tensorflow as tf\n"
                          "v = tf.Variable(1.0)\n"
                          "with tf.Session() as sess:\n"
                          "    sess.run(tf.global_variables_initializer())\n"
                          "    print(sess.run(v))\n");
  auto new_py = dir.Write("new.py",
                          "import tensorflow as tf\n"
                          "\n"
                          "@tf.function\n"
                          "def f(x):\n"
                          "    v = tf.Variable(1.0)\n"
                          "    return v + x\n"
                          "\n"
                          "print(f(1.0))\n");
  DiffResult r;
  r.old_side.path = old_py.string();
  r.new_side.path = new_py.string();
  std::string a = Rec(R"J({"kind":"print","text":"1.0","numbers":[1.0],"line":5})J") + kEndOk;
  std::string b = Rec(R"J({"kind":"exception","type":"ValueError","message":"tf.function only supports singleton tf.Variables created on the first call.","line":8})J") +
                  Rec(R"J({"kind":"end","status":"exception","exit_code":1})J");
  CompareTraces(a, b, {}, &r);
  ASSERT_EQ(r.divergences.size(), 1u);
  Explain(&r);
  ASSERT_FALSE(r.divergences[0].causes.empty());
  EXPECT_EQ(r.divergences[0].causes[0].rule_id, "TFM401");
  EXPECT_TRUE(r.divergences[0].causes[0].predicts);
  EXPECT_EQ(r.divergences[0].causes[0].line, 5);
}

// Whole runs on the bundled runtime (a child Python with the facade).
constexpr const char* kOldCounter =
    "import tensorflow as tf\n"
    "x = tf.Variable(1.0)\n"
    "step = tf.assign_add(x, 1.0)\n"
    "with tf.Session() as sess:\n"
    "    sess.run(tf.global_variables_initializer())\n"
    "    for i in range(3):\n"
    "        print('x', sess.run(step))\n";

std::string fmt_body(const char* body, const std::string& arg) {
  std::string s = body;
  auto at = s.find("{}");
  return s.replace(at, 2, arg);
}

TEST(DiffRun, EquivalentPairOnTheBundledRuntime) {
  TempDir dir;
  auto old_py = dir.Write("old.py", kOldCounter);
  auto new_py = dir.Write("new.py",
                          "import tensorflow as tf\n"
                          "x = tf.Variable(1.0)\n"
                          "@tf.function\n"
                          "def step():\n"
                          "    return x.assign_add(1.0)\n"
                          "for i in range(3):\n"
                          "    print('x', step().numpy())\n");
  DiffResult r = DiffScripts(old_py.string(), new_py.string(), {});
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_TRUE(r.Equivalent()) << r.divergences[0].title << ": " << r.divergences[0].detail;
  EXPECT_GE(r.observations.size(), 6u);  // three printed lines, three values
}

TEST(DiffRun, DivergentPairPointsAtBothLines) {
  TempDir dir;
  auto old_py = dir.Write("old.py", kOldCounter);
  auto new_py = dir.Write("new.py",
                          "import tensorflow as tf\n"
                          "x = tf.Variable(1.0)\n"
                          "for i in range(3):\n"
                          "    print('x', x.assign_add(2.0).numpy())\n");
  DiffResult r = DiffScripts(old_py.string(), new_py.string(), {});
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_FALSE(r.divergences.empty());
  EXPECT_EQ(r.divergences[0].id, "TFM901");
  EXPECT_EQ(r.divergences[0].old_line, 7);
  EXPECT_EQ(r.divergences[0].new_line, 4);
  EXPECT_EQ(r.divergences[0].old_value, "x 2.0");
  EXPECT_EQ(r.divergences[0].new_value, "x 3.0");
}

TEST(DiffRun, RerunOldMasksWhatVariesBetweenRunsOfTheOldVersion) {
  TempDir dir;
  // a process id and a temporary directory vary from run to run; the sum does not
  const char* body =
      "import os, tempfile\n"
      "print('pid', os.getpid(), 'dir', tempfile.mkdtemp(), 'sum', 1 + {})\n";
  auto old_py = dir.Write("old.py", fmt_body(body, "2"));
  auto same_py = dir.Write("same.py", fmt_body(body, "2"));
  auto other_py = dir.Write("other.py", fmt_body(body, "3"));
  DiffResult plain = DiffScripts(old_py.string(), same_py.string(), {});
  ASSERT_TRUE(plain.error.empty()) << plain.error;
  EXPECT_FALSE(plain.Equivalent());
  DiffOptions o;
  o.rerun_old = true;
  DiffResult r = DiffScripts(old_py.string(), same_py.string(), o);
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_TRUE(r.Equivalent()) << (r.divergences.empty() ? "" : r.divergences[0].title + ": " + r.divergences[0].new_value);
  DiffResult differs = DiffScripts(old_py.string(), other_py.string(), o);
  ASSERT_TRUE(differs.error.empty()) << differs.error;
  EXPECT_FALSE(differs.Equivalent());
}

TEST(DiffRun, CliExitCodesAndJunit) {
  TempDir dir;
  auto old_py = dir.Write("old.py", kOldCounter);
  auto same = dir.Write("same.py", kOldCounter);
  auto junit = dir / "out.xml";
  auto r = testing_support::RunTfmigrate(
      {"diff", old_py.string(), same.string(), "--new-mode", "tf1", "--junit", junit.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("equivalent"), std::string::npos);
  std::string xml = testing_support::ReadFile(junit);
  EXPECT_NE(xml.find("<testcase"), std::string::npos);
  EXPECT_NE(xml.find("failures=\"0\""), std::string::npos);
  auto bad = dir.Write("bad.py", "import tensorflow as tf\nprint('x', 1.0)\n");
  r = testing_support::RunTfmigrate({"diff", old_py.string(), bad.string(), "--format", "json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"verdict\": \"divergent\""), std::string::npos);
  r = testing_support::RunTfmigrate({"diff", old_py.string()});
  EXPECT_EQ(r.exit_code, 2) << "one file that is not a pair directory";
}

// Bad input is an input error (exit 2, one line naming the file), never a "divergence".
TEST(DiffRun, BrokenInputsAreInputErrors) {
  TempDir dir;
  auto old_py = dir.Write("old.py", kOldCounter);
  auto syntax = dir.Write("syntax.py", "import tensorflow as tf\ndef f(:\n    pass\n");
  auto latin1 = dir.Write("latin1.py", "x = '\xe9t\xe9'\n");
  std::string deep = "x = " + std::string(10000, '(') + "1" + std::string(10000, ')') + "\n";
  auto nested = dir.Write("deep.py", deep);
  for (const auto& bad : {syntax, latin1, nested}) {
    auto r = testing_support::RunTfmigrate({"diff", old_py.string(), bad.string()});
    EXPECT_EQ(r.exit_code, 2) << bad << r.out << r.err;
    EXPECT_NE(r.err.find(bad.filename().string()), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(DiffRun, DeterministicRandomDrawsTheSameNumbersOnBothSides) {
  TempDir dir;
  auto old_py = dir.Write("old.py",
                          "import tensorflow as tf\n"
                          "from tfmigrate import observe\n"
                          "w = tf.Variable(tf.random_normal([3], stddev=0.1))\n"
                          "with tf.Session() as sess:\n"
                          "    sess.run(tf.global_variables_initializer())\n"
                          "    print('w', sess.run(w))\n"
                          "    observe('w', sess.run(w))\n");
  auto new_py = dir.Write("new.py",
                          "import tensorflow as tf\n"
                          "from tfmigrate import observe\n"
                          "w = tf.Variable(tf.random.normal([3], stddev=0.1))\n"
                          "print('w', w.numpy())\n"
                          "observe('w', w * 2.0)\n");
  DiffOptions o;
  o.deterministic_random = true;
  DiffResult det = DiffScripts(old_py.string(), new_py.string(), o);
  ASSERT_TRUE(det.error.empty()) << det.error;
  // the printed draws agree; the observation (doubled on the new side) does not
  ASSERT_EQ(det.divergences.size(), 1u);
  EXPECT_EQ(det.divergences[0].title, "observation 'w' #1 differs");
  EXPECT_EQ(det.divergences[0].old_line, 7);
  EXPECT_EQ(det.divergences[0].new_line, 5);
}

// Each execution of a random op draws the next block of that op's stream: a TF1 graph op
// run twice matches a random op traced into a tf.function called twice, and not one eager
// draw reused (the guide's NoiseAdder hazard).
TEST(DiffRun, DeterministicRandomDrawsAgainOnEveryExecution) {
  TempDir dir;
  auto old_py = dir.Write("old.py",
                          "import tensorflow as tf\n"
                          "r = tf.random_uniform([2])\n"
                          "with tf.Session() as sess:\n"
                          "    print('a', sess.run(r))\n"
                          "    print('b', sess.run(r))\n");
  auto traced = dir.Write("traced.py",
                          "import tensorflow as tf\n"
                          "@tf.function\n"
                          "def f():\n"
                          "    return tf.random.uniform([2])\n"
                          "print('a', f().numpy())\n"
                          "print('b', f().numpy())\n");
  auto frozen = dir.Write("frozen.py",
                          "import tensorflow as tf\n"
                          "r = tf.random.uniform([2])\n"
                          "print('a', r.numpy())\n"
                          "print('b', r.numpy())\n");
  DiffOptions o;
  o.deterministic_random = true;
  DiffResult same = DiffScripts(old_py.string(), traced.string(), o);
  ASSERT_TRUE(same.error.empty()) << same.error;
  EXPECT_TRUE(same.divergences.empty()) << same.divergences[0].title;
  DiffResult differs = DiffScripts(old_py.string(), frozen.string(), o);
  ASSERT_TRUE(differs.error.empty()) << differs.error;
  ASSERT_FALSE(differs.divergences.empty());
  EXPECT_EQ(differs.divergences[0].title, "printed line 2 differs");
  EXPECT_EQ(differs.divergences[0].old_line, 5);
}

// A TF1 op with an op seed and the tf2 rewrite's forms of it draw the same numbers: Keras
// initializers given the int seed start the op's stream on every call (TF1: a new session;
// Keras 3: the same numbers each call), and a generator made by Generator.from_seed(seed)
// continues it draw after draw (TF1: the op's successive sess.run calls). Eager seeded
// tf.random draws run on through one stream instead, so the naive port differs.
// The comparison of two scripts under `o`: it ran, and it found nothing, or (`title`) its
// first divergence is that one.
DiffResult ExpectDiff(const std::filesystem::path& a, const std::filesystem::path& b, const DiffOptions& o,
                      const std::string& title = "") {
  DiffResult r = DiffScripts(a.string(), b.string(), o);
  EXPECT_TRUE(r.error.empty()) << r.error;
  if (title.empty()) {
    EXPECT_TRUE(r.divergences.empty()) << r.divergences[0].title;
  } else {
    EXPECT_FALSE(r.divergences.empty());
    if (!r.divergences.empty()) {
      EXPECT_EQ(r.divergences[0].title, title);
    }
  }
  return r;
}

TEST(DiffRun, DeterministicRandomSeededOpsMatchKerasSeedsAndFromSeedGenerators) {
  TempDir dir;
  auto old_py = dir.Write("old.py",
                          "import tensorflow as tf\n"
                          "w1 = tf.Variable(tf.truncated_normal([2, 3], stddev=0.1, seed=7))\n"
                          "w2 = tf.Variable(tf.truncated_normal([2, 3], stddev=0.1, seed=7))\n"
                          "x = tf.ones([2, 4])\n"
                          "d = tf.nn.dropout(x, 0.5, seed=7)\n"
                          "with tf.Session() as sess:\n"
                          "    sess.run(tf.global_variables_initializer())\n"
                          "    print('w1', sess.run(w1))\n"
                          "    print('w2', sess.run(w2))\n"
                          "    print('d', sess.run(d))\n"
                          "    print('d', sess.run(d))\n");
  auto fixed = dir.Write("fixed.py",
                         "import tensorflow as tf\n"
                         "init = tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.1, seed=7)\n"
                         "w1 = tf.Variable(init([2, 3], dtype=tf.float32))\n"
                         "w2 = tf.Variable(init([2, 3], dtype=tf.float32))\n"
                         "g = tf.random.Generator.from_seed(7)\n"
                         "@tf.function\n"
                         "def drop(x):\n"
                         "    return tf.nn.experimental.general_dropout(x, rate=1 - 0.5, uniform_sampler=g.uniform)\n"
                         "print('w1', w1.numpy())\n"
                         "print('w2', w2.numpy())\n"
                         "print('d', drop(tf.ones([2, 4])).numpy())\n"
                         "print('d', tf.nn.experimental.general_dropout(tf.ones([2, 4]), 0.5, g.uniform).numpy())\n");
  auto naive = dir.Write("naive.py",
                         "import tensorflow as tf\n"
                         "w1 = tf.Variable(tf.random.truncated_normal([2, 3], stddev=0.1, seed=7))\n"
                         "w2 = tf.Variable(tf.random.truncated_normal([2, 3], stddev=0.1, seed=7))\n"
                         "g = tf.random.Generator.from_seed(7)\n"
                         "@tf.function\n"
                         "def drop(x):\n"
                         "    return tf.nn.experimental.general_dropout(x, rate=1 - 0.5, uniform_sampler=g.uniform)\n"
                         "print('w1', w1.numpy())\n"
                         "print('w2', w2.numpy())\n"
                         "print('d', drop(tf.ones([2, 4])).numpy())\n"
                         "print('d', drop(tf.ones([2, 4])).numpy())\n");
  DiffOptions o;
  o.deterministic_random = true;
  ExpectDiff(old_py, fixed, o);
  DiffResult differs = ExpectDiff(old_py, naive, o, "printed line 3 differs");  // w2 (numpy prints w1 on two lines)
  ASSERT_FALSE(differs.divergences.empty());
  EXPECT_EQ(differs.divergences[0].new_line, 9);
}

// Only a generator made by Generator.from_seed(s) itself is keyed by its seed, and by
// get_seed(s) as taken when it is made: one made before tf.random.set_seed(G) is keyed
// (default graph seed, s), not (G, s); generators from split keep numbered streams (here
// the first number, as TF1's one unseeded op).
TEST(DiffRun, DeterministicRandomKeysOnlyFromSeedGeneratorsByTheirSeedAtCreation) {
  TempDir dir;
  auto seeded = dir.Write("seeded.py",
                          "import tensorflow as tf\n"
                          "tf.set_random_seed(3)\n"
                          "r = tf.random_uniform([3], seed=5)\n"
                          "with tf.Session() as sess:\n"
                          "    print('a', sess.run(r))\n"
                          "    print('b', sess.run(r))\n");
  auto after = dir.Write("after.py",
                         "import tensorflow as tf\n"
                         "tf.random.set_seed(3)\n"
                         "g = tf.random.Generator.from_seed(5)\n"
                         "print('a', g.uniform([3]).numpy())\n"
                         "print('b', g.uniform([3]).numpy())\n");
  auto before = dir.Write("before.py",
                          "import tensorflow as tf\n"
                          "g = tf.random.Generator.from_seed(5)\n"
                          "tf.random.set_seed(3)\n"
                          "print('a', g.uniform([3]).numpy())\n"
                          "print('b', g.uniform([3]).numpy())\n");
  auto unseeded = dir.Write("unseeded.py",
                            "import tensorflow as tf\n"
                            "r = tf.random_uniform([3])\n"
                            "with tf.Session() as sess:\n"
                            "    print('a', sess.run(r))\n");
  auto split = dir.Write("split.py",
                         "import tensorflow as tf\n"
                         "gs = tf.random.Generator.from_seed(5).split(2)\n"
                         "print('a', gs[0].uniform([3]).numpy())\n");
  auto from_seed = dir.Write("from_seed.py",
                             "import tensorflow as tf\n"
                             "g = tf.random.Generator.from_seed(5)\n"
                             "print('a', g.uniform([3]).numpy())\n");
  DiffOptions o;
  o.deterministic_random = true;
  ExpectDiff(seeded, after, o);
  ExpectDiff(seeded, before, o, "printed line 1 differs");
  ExpectDiff(unseeded, split, o);
  ExpectDiff(unseeded, from_seed, o, "printed line 1 differs");
}

// `rewrite --verify`: an unsafe fix that drops the initializer run changes behavior under
// tf.compat.v1 (FailedPreconditionError); the rewrite is refused and the file kept.
TEST(RewriteVerify, RefusesADivergentRewriteAndKeepsTheFile) {
  TempDir dir;
  // TFM208's fix is unsafe where the receiver is not known to be a tf.data dataset:
  // tf.compat.v1.data.make_one_shot_iterator(x) raises for anything else.
  const std::string text =
      "import tensorflow as tf\n"
      "class Batches:\n"
      "    def __init__(self, values):\n"
      "        self.values = values\n"
      "    def make_one_shot_iterator(self):\n"
      "        return iter(self.values)\n"
      "it = Batches([1.0, 2.0, 3.0]).make_one_shot_iterator()\n"
      "total = tf.constant(0.0)\n"
      "for v in it:\n"
      "    total = total + v\n"
      "with tf.Session() as sess:\n"
      "    print('total', sess.run(total))\n";
  auto py = dir.Write("train.py", text);
  auto r = testing_support::RunTfmigrate({"rewrite", "--unsafe-fixes", "--verify", "--in-place", py.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("the rewrite changes behavior; nothing written"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("TFM902"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("AttributeError"), std::string::npos) << r.err;
  // the explanation names the fix that changed the line, mapped back to the original
  EXPECT_NE(r.err.find("train.py:7:6: TFM208 [v1-dataset-iterator] the rewrite applied this unsafe fix here"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(testing_support::ReadFile(py), text);
  for (const auto& e : std::filesystem::directory_iterator(dir.str()))
    EXPECT_EQ(e.path().filename().string().find(".tfmigrate-verify"), std::string::npos) << "probe left behind";
  // the safe fixes alone keep behavior: verified and written
  r = testing_support::RunTfmigrate({"rewrite", "--verify", "--in-place", py.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("verified: same behavior"), std::string::npos) << r.err;
  EXPECT_NE(testing_support::ReadFile(py), text);
  EXPECT_NE(testing_support::ReadFile(py).find("tf.compat.v1.Session"), std::string::npos);
}

}  // namespace
}  // namespace tfm::diff
