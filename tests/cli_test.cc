// End-to-end tests of `tfmigrate check` through the binary: formats, exit codes,
// configuration, suppressions, notebooks and every kind of bad input.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;


size_t CountLines(const std::string& s) { return std::count(s.begin(), s.end(), '\n'); }

const char* kSessionScript = "import tensorflow as tf\nsess = tf.Session()\n";

TEST(Cli, ExitCodesFollowFailOn) {
  TempDir d;
  std::string clean = d.Write("clean.py", "import tensorflow as tf\nx = tf.constant(1)\n");
  std::string warn = d.Write("warn.py", kSessionScript);
  EXPECT_EQ(RunTfmigrate({"check", "--select", "TFM201", clean}).exit_code, 0);
  EXPECT_EQ(RunTfmigrate({"check", "--select", "TFM201", warn}).exit_code, 0) << "TFM201 is a warning; default --fail-on is error";
  EXPECT_EQ(RunTfmigrate({"check", "--select", "TFM201", "--fail-on", "warning", warn}).exit_code, 1);
  EXPECT_EQ(RunTfmigrate({"check", "--select", "TFM201", "--fail-on", "warning", "--exit-zero", warn}).exit_code, 0);
  EXPECT_EQ(RunTfmigrate({"check", "--no-such-flag", warn}).exit_code, 2);
}

TEST(Cli, TextFormatHasCodeFrame) {
  TempDir d;
  std::string f = d.Write("a.py", kSessionScript);
  auto r = RunTfmigrate({"check", "--select", "TFM201", "--no-color", f});
  EXPECT_NE(r.out.find(f + ":2:8: TFM201 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 | sess = tf.Session()"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("^^^^^^^^^^ TFM201"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Found 1 finding."), std::string::npos) << r.out;
}

TEST(Cli, JsonSarifGithubJunitCarryTheSameFinding) {
  TempDir d;
  std::string f = d.Write("a.py", kSessionScript);
  auto j = RunTfmigrate({"check", "--select", "TFM201", "--format", "json", f});
  auto arr = nlohmann::json::parse(j.out);
  ASSERT_EQ(arr.size(), 1u);
  EXPECT_EQ(arr[0]["code"], "TFM201");
  EXPECT_EQ(arr[0]["location"]["row"], 2);
  EXPECT_EQ(arr[0]["location"]["column"], 8);
  EXPECT_EQ(arr[0]["severity"], "warning");

  auto s = RunTfmigrate({"check", "--select", "TFM201", "--format", "sarif", f});
  auto sarif = nlohmann::json::parse(s.out);
  EXPECT_EQ(sarif["version"], "2.1.0");
  auto& run = sarif["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "tfmigrate");
  EXPECT_FALSE(run["tool"]["driver"]["rules"].empty());
  ASSERT_EQ(run["results"].size(), 1u);
  EXPECT_EQ(run["results"][0]["ruleId"], "TFM201");
  EXPECT_EQ(run["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"], 2);
  size_t idx = run["results"][0]["ruleIndex"];
  EXPECT_EQ(run["tool"]["driver"]["rules"][idx]["id"], "TFM201");

  auto g = RunTfmigrate({"check", "--select", "TFM201", "--format", "github", f});
  EXPECT_EQ(g.out.rfind("::warning file=" + f + ",line=2,col=8,", 0), 0u) << g.out;

  auto x = RunTfmigrate({"check", "--select", "TFM201", "--format", "junit", f});
  EXPECT_NE(x.out.find("<testsuite name=\"tfmigrate check\" tests=\"1\" failures=\"1\">"), std::string::npos) << x.out;
}

TEST(Cli, StatisticsCountsPerRule) {
  TempDir d;
  d.Write("a.py", "import tensorflow as tf\nsess = tf.Session()\nsess.run(1)\n");
  auto r = RunTfmigrate({"check", "--statistics", d.str()});
  EXPECT_NE(r.out.find("2\tTFM201"), std::string::npos) << r.out;
}

TEST(Cli, OutputFileIsWritten) {
  TempDir d;
  std::string f = d.Write("a.py", kSessionScript);
  auto r = RunTfmigrate({"check", "--select", "TFM201", "--format", "json", "-o", (d / "report.json").string(), f});
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(nlohmann::json::parse(ReadFile(d / "report.json")).size(), 1u);
}

TEST(Cli, DirectoriesAreWalkedDeterministically) {
  TempDir d;
  d.Write("pkg/b.py", kSessionScript);
  d.Write("pkg/a.py", kSessionScript);
  d.Write("pkg/sub/c.ipynb",
          R"nb({"cells":[{"cell_type":"code","source":["import tensorflow as tf\n","s = tf.Session()"]}],"metadata":{},"nbformat":4,"nbformat_minor":5})nb");
  d.Write(".hidden/x.py", kSessionScript);
  d.Write("pkg/__pycache__/y.py", kSessionScript);
  d.Write("venv/pyvenv.cfg", "home = /usr\n");
  d.Write("venv/lib/z.py", kSessionScript);
  d.Write("pkg/notes.txt", "tf.Session()\n");
  auto r1 = RunTfmigrate({"check", "--select", "TFM201", "--format", "concise", "-q", d.str()});
  auto r2 = RunTfmigrate({"check", "--select", "TFM201", "--format", "concise", "-q", "-j", "1", d.str()});
  EXPECT_EQ(r1.out, r2.out);
  EXPECT_EQ(CountLines(r1.out), 3u) << r1.out;
  EXPECT_LT(r1.out.find("pkg/a.py"), r1.out.find("pkg/b.py"));
  EXPECT_NE(r1.out.find("c.ipynb:cell 1:2:5: TFM201"), std::string::npos) << r1.out;
}

TEST(Cli, NotebookPositionsAreCellRelativeAndMagicsIgnored) {
  auto r = RunTfmigrate({"check", "--format", "json", (SourceDir() / "examples" / "legacy_notebook.ipynb").string()});
  auto arr = nlohmann::json::parse(r.out);
  bool found = false;
  for (auto& d : arr) {
    // Findings of other rules on the same token are folded into one entry as "related".
    std::vector<nlohmann::json> all{d};
    if (d.contains("related"))
      for (auto& rel : d["related"]) {
        EXPECT_EQ(rel["location"], d["location"]) << d.dump();
        all.push_back(rel);
      }
    for (auto& x : all)
      if (x["code"] == "TFM201" && x["location"]["cell"] == 3 && x["location"]["row"] == 2) found = true;
  }
  EXPECT_TRUE(found) << r.out;
  EXPECT_EQ(r.err, "");
}

// One finding per token: `tf.Session` is TFM102 (v1-only API, error) and TFM201 (a session,
// warning); every format reports one entry, TFM102, with TFM201 folded in as related, and a
// notebook's positions as cell:row. `--statistics` still counts both rules.
TEST(Cli, OneFindingPerTokenInEveryFormat) {
  TempDir d;
  std::string py = d.Write("s.py", kSessionScript).string();
  std::string nb = d.Write("n.ipynb",
                           R"({"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["x"]},
  {"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": [], "source": ["import tensorflow as tf\n"]},
  {"cell_type": "code", "metadata": {}, "execution_count": 2, "outputs": [], "source": ["x = 1\n", "sess = tf.Session()\n"]}],
 "metadata": {}, "nbformat": 4, "nbformat_minor": 5})")
                       .string();
  auto text = RunTfmigrate({"check", py});
  EXPECT_NE(text.out.find(py + ":2:8: TFM102 [*]"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("^^^^^^^^^^ TFM102 +TFM201"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("= related: TFM201 (session-run) `tf.Session` creates a TF1 session"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("Found 1 finding (1 fixable"), std::string::npos) << text.out;

  auto concise = RunTfmigrate({"check", "--format", "concise", "-q", py, nb});
  EXPECT_EQ(CountLines(concise.out), 2u) << concise.out;
  EXPECT_NE(concise.out.find(py + ":2:8: TFM102 [*] "), std::string::npos) << concise.out;
  EXPECT_NE(concise.out.find(nb + ":cell 2:2:8: TFM102 [*] "), std::string::npos) << concise.out;
  EXPECT_NE(concise.out.find("(also TFM201)"), std::string::npos) << concise.out;

  auto js = nlohmann::json::parse(RunTfmigrate({"check", "--format", "json", py, nb}).out);
  ASSERT_EQ(js.size(), 2u) << js.dump(1);
  for (auto& e : js) {
    EXPECT_EQ(e["code"], "TFM102");
    ASSERT_EQ(e["related"].size(), 1u);
    EXPECT_EQ(e["related"][0]["code"], "TFM201");
    EXPECT_EQ(e["related"][0]["location"], e["location"]);
  }
  auto& js_nb = js[0]["filename"] == nb ? js[0] : js[1];
  EXPECT_EQ(js_nb["location"]["cell"], 2);
  EXPECT_EQ(js_nb["location"]["row"], 2);

  auto sarif = nlohmann::json::parse(RunTfmigrate({"check", "--format", "sarif", py, nb}).out);
  auto& results = sarif["runs"][0]["results"];
  ASSERT_EQ(results.size(), 2u);
  for (auto& res : results) {
    EXPECT_EQ(res["ruleId"], "TFM102");
    ASSERT_EQ(res["relatedLocations"].size(), 1u);
    EXPECT_EQ(res["properties"]["related"][0]["ruleId"], "TFM201");
  }
  const bool nb_first = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == nb;
  auto& py_res = results[nb_first ? 1 : 0];
  auto& nb_res = results[nb_first ? 0 : 1];
  EXPECT_EQ(py_res["locations"][0]["physicalLocation"]["region"]["startLine"], 2);
  // The notebook: no region (a cell's rows are no lines of the .ipynb), the cell position.
  auto& nloc = nb_res["locations"][0];
  EXPECT_FALSE(nloc["physicalLocation"].contains("region")) << nloc.dump();
  EXPECT_EQ(nloc["properties"]["cell"], 2);
  EXPECT_EQ(nloc["properties"]["row"], 2);
  EXPECT_EQ(nb_res["message"]["text"].get<std::string>().rfind("cell 2:2:8: ", 0), 0u);

  auto gh = RunTfmigrate({"check", "--format", "github", py, nb});
  EXPECT_EQ(CountLines(gh.out), 2u) << gh.out;
  EXPECT_NE(gh.out.find("line=2,col=8,endLine=2,endColumn=18,title=TFM102 v1-only-api +TFM201::"), std::string::npos)
      << gh.out;
  EXPECT_NE(gh.out.find("::cell 2:2:8: `tf.Session`"), std::string::npos) << gh.out;
  EXPECT_NE(gh.out.find("%0Arelated TFM201 (session-run): "), std::string::npos) << gh.out;

  auto junit = RunTfmigrate({"check", "--format", "junit", py, nb});
  EXPECT_NE(junit.out.find(nb + ":cell 2:2:8: TFM102 "), std::string::npos) << junit.out;
  EXPECT_NE(junit.out.find("failure message=\"1 finding(s)\""), std::string::npos) << junit.out;

  auto stats = RunTfmigrate({"check", "--statistics", py});
  EXPECT_NE(stats.out.find("TFM102"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("TFM201"), std::string::npos) << stats.out;
}

TEST(Cli, ConfigurationSelectIgnorePerFileExcludeFailOn) {
  TempDir d;
  d.Write("pyproject.toml",
          "[project]\nname = \"x\"\n[tool.tfmigrate]\nselect = [\"TFM201\"]\nfail-on = \"warning\"\nexclude = [\"generated\"]\n"
          "[tool.tfmigrate.per-file-ignores]\n\"tests/*.py\" = [\"TFM201\"]\n");
  d.Write("src/a.py", kSessionScript);
  d.Write("tests/t.py", kSessionScript);
  d.Write("generated/g.py", kSessionScript);
  auto r = RunTfmigrate({"check", "--format", "concise", "-q", d.str()});
  EXPECT_EQ(r.exit_code, 1) << "fail-on = warning from pyproject.toml";
  EXPECT_NE(r.out.find("src/a.py"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("tests/t.py"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("generated/g.py"), std::string::npos) << r.out;
  // command-line flags override the file
  auto r2 = RunTfmigrate({"check", "--format", "concise", "-q", "--fail-on", "error", "--ignore", "TFM2", d.str()});
  EXPECT_EQ(r2.exit_code, 0);
  EXPECT_EQ(r2.out, "");
  // a nested .tfmigrate.toml wins for files below it
  d.Write("src/.tfmigrate.toml", "select = [\"TFM7\"]\n");
  auto r3 = RunTfmigrate({"check", "--format", "concise", "-q", d.str()});
  EXPECT_EQ(r3.out.find("src/a.py"), std::string::npos) << r3.out;
}

TEST(Cli, BadConfigurationIsAnInputError) {
  TempDir d;
  d.Write(".tfmigrate.toml", "select = \"TFM201\"\n");
  d.Write("a.py", kSessionScript);
  auto r = RunTfmigrate({"check", d.str()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("must be a list of strings"), std::string::npos) << r.err;
}

TEST(Cli, SuppressionsAndUnusedIgnores) {
  TempDir d;
  std::string f = d.Write("a.py",
                          "import tensorflow as tf\n"
                          "sess = tf.Session()  # tfmigrate: ignore[TFM201]\n"
                          "other = tf.Session()  # tfmigrate: ignore[TFM105]\n"
                          "x = 1  # tfmigrate: ignore\n");
  auto r = RunTfmigrate({"check", "--select", "TFM201", "--format", "concise", "-q", f});
  EXPECT_EQ(CountLines(r.out), 1u) << r.out;
  EXPECT_NE(r.out.find(":3:9: TFM201"), std::string::npos) << r.out;
  auto u = RunTfmigrate({"check", "--select", "TFM201", "--format", "concise", "-q", "--report-unused-ignores", f});
  EXPECT_NE(u.out.find(":3:23: unused-ignore unused suppression: TFM105"), std::string::npos) << u.out;
  EXPECT_NE(u.out.find(":4:8: unused-ignore unused suppression: all rules"), std::string::npos) << u.out;
  std::string g = d.Write("b.py", "# tfmigrate: ignore-file[TFM201]\nimport tensorflow as tf\nsess = tf.Session()\n");
  EXPECT_EQ(RunTfmigrate({"check", "--select", "TFM201", "--format", "concise", "-q", g}).out, "");
}

TEST(Cli, RulesAndRulePage) {
  auto r = RunTfmigrate({"rules"});
  EXPECT_NE(r.out.find("TFM201  session-run"), std::string::npos) << r.out;
  auto p = RunTfmigrate({"rule", "TFM201"});
  EXPECT_EQ(p.exit_code, 0);
  EXPECT_EQ(p.out.rfind("# TFM201 session-run", 0), 0u);
  EXPECT_EQ(RunTfmigrate({"rule", "session-run"}).out, p.out);
  EXPECT_EQ(RunTfmigrate({"rule", "TFM999"}).exit_code, 2);
}

// ---- bad input: one line naming the file, exit 2, other files still analysed ----

struct BadCase {
  std::string name;
  std::string file;
  std::string content;
  std::string expected_error;  // substring of the stderr line
};

class BadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadInput, OneClearLineExit2OthersStillChecked) {
  TempDir d;
  const BadCase& c = GetParam();
  std::string bad = d.Write(c.file, c.content);
  std::string good = d.Write("good.py", kSessionScript);
  auto r = RunTfmigrate({"check", "--format", "concise", bad, good});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(CountLines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find(bad), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(c.expected_error), std::string::npos) << r.err;
  // `tf.Session`: TFM102 with TFM201 folded in (one finding per token).
  EXPECT_NE(r.out.find(good + ":2:8: TFM102"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(also TFM201)"), std::string::npos) << r.out;
}

std::string Nested(const std::string& open, const std::string& close, int n) {
  std::string s = "import tensorflow as tf\nx = ";
  for (int i = 0; i < n; ++i) s += open;
  for (int i = 0; i < n; ++i) s += close;
  return s + "\n";
}

INSTANTIATE_TEST_SUITE_P(
    Cases, BadInput,
    ::testing::Values(
        BadCase{"NotUtf8", "latin.py", "import tensorflow as tf\ns = 'caf\xe9'\n", "not valid UTF-8 at line 2, column 9"},
        BadCase{"BinaryNamedPy", "blob.py", std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10), "binary file"},
        BadCase{"NotebookNotJson", "nb.ipynb", "{\"cells\": [", "not a valid notebook: invalid JSON"},
        BadCase{"NotebookNoCells", "nb2.ipynb", "{\"metadata\": {}}", "no \"cells\" array"},
        BadCase{"NotebookDeepJson", "nb3.ipynb", std::string(10000, '[') + std::string(10000, ']'), "nested too deeply"},
        BadCase{"DeepParens", "deep.py", Nested("(", ")", 10000), "nesting too deep"},
        BadCase{"DeepLists", "deep2.py", Nested("[", "]", 10000), "nesting too deep"},
        BadCase{"DeepCalls", "deep3.py", Nested("f(", ")", 10000), "nesting too deep"},
        BadCase{"SyntaxError", "broken.py", "import tensorflow as tf\ndef f(:\n  pass\n", "parsing failed here"},
        BadCase{"UnknownCoding", "enc.py", "# coding: no-such-codec\nx = 1\n", "unknown encoding 'no-such-codec'"}),
    [](const ::testing::TestParamInfo<BadCase>& i) { return i.param.name; });

TEST(BadInputExtra, PepCodingLineIsHonored) {
  TempDir d;
  std::string f = d.Write("latin.py", "# -*- coding: latin-1 -*-\nimport tensorflow as tf\ns = 'caf\xe9'\nsess = tf.Session()\n");
  auto r = RunTfmigrate({"check", "--select", "TFM201", "--format", "concise", "-q", f});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(":4:8: TFM201"), std::string::npos) << r.out;
}

TEST(BadInputExtra, BomCrlfAndTabsAreFine) {
  TempDir d;
  std::string f = d.Write("w.py", "\xEF\xBB\xBFimport tensorflow as tf\r\nif True:\r\n\tsess = tf.Session()\r\n");
  auto r = RunTfmigrate({"check", "--select", "TFM201", "--format", "concise", "-q", f});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(":3:9: TFM201"), std::string::npos) << r.out;
}

TEST(BadInputExtra, SyntaxErrorStillReportsFindingsElsewhere) {
  TempDir d;
  std::string f = d.Write("half.py", "import tensorflow as tf\nsess = tf.Session()\ndef broken(:\n    pass\n");
  auto r = RunTfmigrate({"check", "--format", "concise", "-q", f});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find(":2:8: TFM102"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(also TFM201)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("syntax-error"), std::string::npos) << r.out;
}

TEST(BadInputExtra, Python2PrintStatementParses) {
  TempDir d;
  std::string f = d.Write("py2.py", "import tensorflow as tf\nprint 'hello'\nsess = tf.Session()\nprint sess.run(1)\n");
  auto r = RunTfmigrate({"check", "--select", "TFM201", "--format", "concise", "-q", f});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(CountLines(r.out), 2u) << r.out;
}

TEST(BadInputExtra, FiftyMegabyteFileIsRefusedCleanly) {
  TempDir d;
  std::string line = "x = tf.constant([1.0, 2.0, 3.0])  # padding padding padding padding padding\n";
  std::string big = "import tensorflow as tf\n";
  while (big.size() < 50u * 1024 * 1024) big += line;
  std::string f = d.Write("big.py", big);
  auto r = RunTfmigrate({"check", f});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(CountLines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("over the 32 MB limit"), std::string::npos) << r.err;
}

TEST(BadInputExtra, MissingAndUnreadablePaths) {
  TempDir d;
  auto r = RunTfmigrate({"check", (d / "nope.py").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no such file or directory"), std::string::npos) << r.err;
  fs::create_symlink(d / "missing-target.py", d / "dangling.py");
  auto s = RunTfmigrate({"check", (d / "dangling.py").string()});
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_EQ(CountLines(s.err), 1u) << s.err;
  if (geteuid() != 0) {  // root reads files whatever their mode
    std::string f = d.Write("locked.py", kSessionScript);
    chmod(f.c_str(), 0);
    auto u = RunTfmigrate({"check", f});
    EXPECT_EQ(u.exit_code, 2);
    EXPECT_NE(u.err.find("cannot"), std::string::npos) << u.err;
  }
}

TEST(BadInputExtra, RandomBytesNeverCrash) {
  TempDir d;
  uint32_t seed = 12345;
  for (int i = 0; i < 40; ++i) {
    std::string s = "import tensorflow as tf\n";
    for (int k = 0; k < 400; ++k) {
      seed = seed * 1103515245u + 12345u;
      s += static_cast<char>(" ()[]{}:.=,\n\tabctf'\"#\\@"[(seed >> 16) % 24]);
    }
    d.Write("fuzz" + std::to_string(i) + ".py", s);
  }
  auto r = RunTfmigrate({"check", "--format", "json", d.str()});
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2) << r.exit_code;
  EXPECT_NO_THROW(nlohmann::json::parse(r.out));
}

TEST(Cpp, ClientCodeIsCheckedAndBrokenCodeDoesNotStopIt) {
  TempDir d;
  std::string good = d.Write("client.cc",
                             "#include \"tensorflow/core/public/session.h\"\n"
                             "#include \"some/missing/header.h\"\n"
                             "void f(tensorflow::Session* s) { s->PRunSetup({\"a:0\"}, {}, {}, nullptr); }\n");
  std::string broken = d.Write("broken.cc", "#include \"tensorflow/core/public/session.h\"\nvoid f( { tensorflow::\n");
  std::string plain = d.Write("plain.cc", "int main() { return 0; }\n");
  auto r = RunTfmigrate({"check", "--format", "concise", "-q", d.str()});
  EXPECT_NE(r.out.find("client.cc:3:37: TFM803"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.out.find("broken.cc"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace tfm
