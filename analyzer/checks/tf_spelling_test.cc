// Unit tests of the rule helpers in tf_spelling.h: method splitting and the
// compat.v1 prefix a fix may insert at a given spot.
#include "analyzer/checks/tf_spelling.h"

#include <gtest/gtest.h>

#include <memory>

#include "analyzer/python/snippet_for_tests.h"

namespace tfm {
namespace {

struct Model : SnippetModel {
  using SnippetModel::SnippetModel;
  // The prefix at the byte where `HERE` occurs in the code.
  std::string PrefixAtHere() {
    size_t pos = parsed->source.text.find("HERE");
    EXPECT_NE(pos, std::string::npos);
    auto p = CompatV1PrefixAt(*model, static_cast<uint32_t>(pos));
    return p ? *p : "<none>";
  }
};

TEST(TfSpelling, SplitMethod) {
  std::string_view base, method;
  ASSERT_TRUE(SplitMethod("train.AdamOptimizer().minimize", &base, &method));
  EXPECT_EQ(base, "train.AdamOptimizer");
  EXPECT_EQ(method, "minimize");
  ASSERT_TRUE(SplitMethod("data.Dataset.range().batch().make_one_shot_iterator", &base, &method));
  EXPECT_EQ(base, "data.Dataset.range().batch");
  EXPECT_EQ(method, "make_one_shot_iterator");
  EXPECT_FALSE(SplitMethod("train.AdamOptimizer", &base, &method));       // no call
  EXPECT_FALSE(SplitMethod("Session().graph.finalize", &base, &method));  // attribute after the call
  EXPECT_FALSE(SplitMethod("Session()", &base, &method));                 // nothing after the call
}

TEST(TfSpelling, LastComponent) {
  EXPECT_EQ(LastComponent("train.AdamOptimizer"), "AdamOptimizer");
  EXPECT_EQ(LastComponent("placeholder"), "placeholder");
  EXPECT_EQ(LastComponent("self.sess"), "sess");
}

struct PrefixCase {
  const char* code;
  const char* expected;
};

class CompatV1Prefix : public ::testing::TestWithParam<PrefixCase> {};

TEST_P(CompatV1Prefix, Spelling) {
  Model m(GetParam().code);
  EXPECT_EQ(m.PrefixAtHere(), GetParam().expected) << GetParam().code;
}

INSTANTIATE_TEST_SUITE_P(
    Imports, CompatV1Prefix,
    ::testing::Values(
        PrefixCase{"import tensorflow as tf\nx = HERE\n", "tf.compat.v1."},
        PrefixCase{"import tensorflow\nx = HERE\n", "tensorflow.compat.v1."},
        PrefixCase{"import tensorflow.compat.v1 as tf\nx = HERE\n", "tf."},
        PrefixCase{"from tensorflow.compat import v1\nx = HERE\n", "v1."},
        // The top-level module wins over a compat.v1 alias.
        PrefixCase{"import tensorflow.compat.v1 as tf1\nimport tensorflow as tf\nx = HERE\n", "tf.compat.v1."},
        // Only a symbol is imported: nothing to spell the prefix with.
        PrefixCase{"from tensorflow.compat.v1.data import Dataset\nx = HERE\n", "<none>"},
        PrefixCase{"import numpy as np\nx = HERE\n", "<none>"},
        // A parameter shadows the import inside the function; the other alias remains.
        PrefixCase{"import tensorflow as tf\nimport tensorflow.compat.v1 as tf1\ndef f(tf):\n    return HERE\n",
                   "tf1."},
        PrefixCase{"import tensorflow as tf\ndef f(tf):\n    return HERE\n", "<none>"},
        // Rebound at module level before the spot.
        PrefixCase{"import tensorflow as tf\ntf = None\nx = HERE\n", "<none>"},
        // Used before the import: not visible yet.
        PrefixCase{"x = HERE\nimport tensorflow as tf\n", "<none>"}));

}  // namespace
}  // namespace tfm
