// A Python snippet parsed and given its semantic model, for the analyzer's unit tests:
//   struct Model : SnippetModel { using SnippetModel::SnippetModel; /* test helpers */ };
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"

namespace tfm {

struct SnippetModel {
  // `path`: where the snippet claims to live (relative imports read modules next to it).
  explicit SnippetModel(const std::string& code, const std::string& path = "t.py") {
    auto src = SourceFromBytes(code, path, SourceKind::kPython);
    EXPECT_TRUE(static_cast<bool>(src));
    auto p = parser.Parse(std::move(*src));
    EXPECT_TRUE(static_cast<bool>(p));
    parsed = std::make_unique<ParsedFile>(std::move(*p));
    model = std::make_unique<SemanticModel>(*parsed);
  }
  PythonParser parser;
  std::unique_ptr<ParsedFile> parsed;
  std::unique_ptr<SemanticModel> model;
};

}  // namespace tfm
