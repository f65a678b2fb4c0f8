// The tolerance policy (runtime/trace/tolerance.h, docs/tolerance.md): which differences
// count as the same behavior, for values, printed numbers and whole traces, and that the
// documented table is the one the code uses.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "runtime/trace/tolerance.h"
#include "runtime/trace/trace_compare.h"

namespace tfm::rt {
namespace {

using json = nlohmann::json;

Tolerance Float32() { return *ToleranceFor("float32"); }

// The allowed difference at x under t.
double Allowed(Tolerance t, double x) { return t.atol + t.rtol * std::fabs(x); }

json Value(const std::string& dtype, json values) {
  return {{"dtype", dtype}, {"shape", {values.size()}}, {"values", std::move(values)}};
}

TEST(TolerancePolicy, FloatsHaveToleranceOthersAreExact) {
  for (const char* d : {"float16", "bfloat16", "float32", "float64"}) EXPECT_TRUE(ToleranceFor(d).has_value()) << d;
  for (const char* d : {"int32", "int64", "uint8", "bool", "string", "python_int", "python_bool"})
    EXPECT_FALSE(ToleranceFor(d).has_value()) << d;
  EXPECT_EQ(ToleranceFor("python_float")->rtol, Float32().rtol);
  // less precise types are compared more loosely
  EXPECT_LT(ToleranceFor("float64")->rtol, Float32().rtol);
  EXPECT_LT(Float32().rtol, ToleranceFor("float16")->rtol);
  EXPECT_LT(ToleranceFor("float16")->rtol, ToleranceFor("bfloat16")->rtol);
}

TEST(TolerancePolicy, NanAndInfinityRules) {
  Tolerance t = Float32();
  EXPECT_TRUE(WithinTolerance(NAN, NAN, t));
  EXPECT_FALSE(WithinTolerance(NAN, 1.0, t));
  EXPECT_FALSE(WithinTolerance(0.0, NAN, t));
  EXPECT_TRUE(WithinTolerance(INFINITY, INFINITY, t));
  EXPECT_FALSE(WithinTolerance(INFINITY, -INFINITY, t));
  EXPECT_FALSE(WithinTolerance(INFINITY, 3.4e38, t));
  // traces write them as strings
  EXPECT_EQ(CompareNumbers(json{"nan", "inf", "-inf"}, json{"nan", "inf", "-inf"}, "float32", {}), "");
  EXPECT_NE(CompareNumbers(json{"nan"}, json{0.0}, "float32", {}), "");
  EXPECT_NE(CompareNumbers(json{"inf"}, json{"-inf"}, "float64", {}), "");
}

TEST(TolerancePolicy, EachFloatDtypeWithinAndBeyond) {
  for (const auto& row : kFloatTolerances) {
    std::string dtype(row.dtype);
    for (double x : {0.0, 1e-3, 0.75, -3.5, 1234.5}) {
      double allowed = Allowed(row.tolerance, x);
      EXPECT_EQ(CompareValues(Value(dtype, {x}), Value(dtype, {x + 0.5 * allowed}), {}), "") << dtype << " " << x;
      EXPECT_NE(CompareValues(Value(dtype, {x}), Value(dtype, {x + 2 * allowed}), {}), "") << dtype << " " << x;
    }
  }
}

TEST(TolerancePolicy, IntegersBoolsStringsAreExact) {
  EXPECT_NE(CompareValues(Value("int64", {100000}), Value("int64", {100001}), {}), "");
  EXPECT_EQ(CompareValues(Value("int32", {7, -2}), Value("int32", {7, -2}), {}), "");
  EXPECT_NE(CompareValues(Value("bool", {true}), Value("bool", {false}), {}), "");
  EXPECT_NE(CompareValues(Value("string", {"a"}), Value("string", {"b"}), {}), "");
  // an override of the float tolerance does not loosen integers
  CompareOptions loose;
  loose.rtol = 0.5;
  EXPECT_NE(CompareValues(Value("int32", {10}), Value("int32", {11}), loose), "");
  EXPECT_EQ(CompareValues(Value("float32", {10.0}), Value("float32", {11.0}), loose), "");
}

TEST(TolerancePolicy, DtypeAndShapeMustMatch) {
  EXPECT_EQ(CompareValues(Value("float32", {1.0}), Value("float64", {1.0}), {}), "dtype float32 vs float64");
  json a = Value("float32", {1.0, 2.0}), b = a;
  b["shape"] = {2, 1};
  EXPECT_EQ(CompareValues(a, b, {}), "shape [2] vs [2,1]");
  // diff: a Python number against a numpy number of any dtype, at the looser tolerance
  CompareOptions diff;
  diff.python_numbers_match_any_dtype = true;
  EXPECT_EQ(CompareValues(Value("python_int", {3}), Value("int32", {3}), diff), "");
  double x = 0.3, y = x + 0.5 * Allowed(Float32(), x);  // within float32's, not float64's
  EXPECT_EQ(CompareValues(Value("float64", {x}), Value("python_float", {y}), diff), "");
  EXPECT_NE(CompareValues(Value("float64", {x}), Value("float64", {y}), diff), "");
}

TEST(TolerancePolicy, MismatchSaysHowManyAndWhere) {
  EXPECT_EQ(CompareNumbers(json{1.0, 2.0, 3.0}, json{1.0, 2.5, 3.25}, "float32", {}),
            "2 of 3 numbers differ; largest difference 0.5 at index 1 (2.0 vs 2.5)");
  EXPECT_EQ(CompareNumbers(json{1.0}, json{1.0, 2.0}, "float32", {}), "1 numbers vs 2");
}

TEST(TolerancePolicy, PrintedIntegersAreExact) {
  EXPECT_EQ(ComparePrinted("step 10 loss 0.5", "step 10 loss 0.5", {}), "");
  EXPECT_NE(ComparePrinted("step 10 loss 0.5", "step 11 loss 0.5", {}), "");
  EXPECT_NE(ComparePrinted("TensorShape([16, None, 256])", "TensorShape([16, None, 255])", {}), "");
}

TEST(TolerancePolicy, PrintedFloatsWithinToleranceAndRounding) {
  // full-precision prints: the float32 tolerance
  EXPECT_EQ(ComparePrinted("loss 0.25", "loss 0.2500001", {}), "");
  EXPECT_NE(ComparePrinted("loss 0.2500001", "loss 0.2500101", {}), "");
  EXPECT_NE(ComparePrinted("loss 0.25", "loss 0.2510", {}), "");
  // a value within tolerance printed to 4 decimals can round either way
  EXPECT_EQ(ComparePrinted("acc 0.1235", "acc 0.1234", {}), "");
  EXPECT_EQ(ComparePrinted("[2.15576e-04]", "[2.15578e-04]", {}), "");
  // ... but rounding never excuses more than the cap: few digits must match
  EXPECT_NE(ComparePrinted("lr 0.9", "lr 1.0", {}), "");
  EXPECT_NE(ComparePrinted("[1., 2.]", "[1., 3.]", {}), "");
  EXPECT_NE(ComparePrinted("acc 0.1235", "acc 0.1237", {}), "");
  // numpy pads columns to the widest number: whitespace does not matter
  EXPECT_EQ(ComparePrinted("[ 0.5   1.25]", "[0.5  1.25]", {}), "");
  EXPECT_EQ(ComparePrinted("x nan inf", "x nan inf", {}), "");
  EXPECT_NE(ComparePrinted("x nan", "x 0.0", {}), "");
  EXPECT_EQ(ComparePrinted("loss 0.25", "cost 0.25", {}), "the text differs");
}

TEST(TolerancePolicy, PrintedNumbersFollowAnOverride) {
  CompareOptions loose;
  loose.rtol = 0.6;
  EXPECT_EQ(ComparePrinted("loss 0.25", "loss 0.5", loose), "");
  EXPECT_NE(ComparePrinted("loss 0.25", "loss 0.5", {}), "");
}

std::string Trace(std::initializer_list<const char*> lines) {
  std::string s;
  for (const char* l : lines) s += std::string(l) + "\n";
  return s;
}

TEST(TolerancePolicy, DriftComparisonLooksAtEveryField) {
  std::string golden = Trace({R"({"kind":"fetch","call":1,"line":3,"values":[{"dtype":"float32","shape":[],"values":[0.5]}]})",
                              R"({"kind":"exception","type":"ValueError","message":"bad shape","line":9})"});
  std::string other_message = Trace({R"({"kind":"fetch","call":1,"line":4,"values":[{"dtype":"float32","shape":[],"values":[0.5000001]}]})",
                                     R"({"kind":"exception","type":"ValueError","message":"other","line":9})"});
  CompareOptions drift;
  drift.all_fields = true;
  // conformance: exceptions by type; the drift check: the message too (not the fetch's line)
  EXPECT_TRUE(CompareTraces(golden, other_message, {}).empty());
  auto d = CompareTraces(golden, other_message, drift);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].find("record 2 (exception)"), std::string::npos) << d[0];
  std::string other_call = Trace({R"({"kind":"fetch","call":2,"line":3,"values":[{"dtype":"float32","shape":[],"values":[0.5]}]})",
                                  R"({"kind":"exception","type":"ValueError","message":"bad shape","line":9})"});
  EXPECT_EQ(CompareTraces(golden, other_call, drift).size(), 1u);
}

TEST(TolerancePolicy, ReportRecordsHowCloseNumbersCame) {
  ToleranceReport report;
  CompareOptions o;
  o.report = &report;
  double x = 2.0, allowed = Allowed(Float32(), x);
  EXPECT_EQ(CompareNumbers(json{x, 1.0}, json{x + allowed / 4, 1.0}, "float32", o), "");
  ASSERT_EQ(report.count("float32"), 1u);
  EXPECT_EQ(report["float32"].compared, 2u);
  EXPECT_EQ(report["float32"].inexact, 1u);
  EXPECT_NEAR(report["float32"].worst_margin, 0.25, 1e-6);
}

// docs/tolerance.md's table is the one the code uses.
TEST(TolerancePolicy, DocumentedTableMatchesTheCode) {
  std::ifstream in(std::filesystem::path(TFMIGRATE_SOURCE_DIR) / "docs" / "tolerance.md");
  ASSERT_TRUE(in) << "docs/tolerance.md is missing";
  std::stringstream s;
  s << in.rdbuf();
  std::string doc = s.str();
  for (const auto& row : kFloatTolerances) {
    std::regex re("\\| `" + std::string(row.dtype) + "` \\| ([0-9.e+-]+) \\| ([0-9.e+-]+) \\|");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(doc, m, re)) << "no row for " << row.dtype << " in docs/tolerance.md";
    EXPECT_EQ(std::stod(m[1].str()), row.tolerance.rtol) << row.dtype;
    EXPECT_EQ(std::stod(m[2].str()), row.tolerance.atol) << row.dtype;
  }
  std::smatch m;
  ASSERT_TRUE(std::regex_search(doc, m, std::regex("rounding allowance is capped\\s+at\\s+([0-9.e+-]+)")));
  EXPECT_EQ(std::stod(m[1].str()), kPrintedRoundingCap);
}

}  // namespace
}  // namespace tfm::rt
