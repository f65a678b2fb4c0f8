// CppModel: what the Clang front end learned about one C++ file that uses the
// TensorFlow C++ client API — plain data, so rules never include Clang headers.
//
//   auto model = tfm::AnalyzeCppSource(source);   // Result<CppModel>
//   for (const CppCall& c : model->calls)
//     if (c.kind == CppCallKind::kMethod && c.qualified_class == "tensorflow::Session") ...
//
// Clang parses the file with the project's own declaration-only model of the TF C++
// API (analyzer/cpp/stubs/tf_api.h) standing in for every `tensorflow/...` include,
// so calls resolve to TF classes without a TensorFlow source tree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/source/source.h"

namespace tfm {

enum class CppCallKind { kMethod, kFunction, kConstruct };

struct CppCall {
  CppCallKind kind = CppCallKind::kFunction;
  std::string qualified_class;  // "tensorflow::Session" for methods and constructions
  std::string name;             // "Run", "tensorflow::ReadBinaryProto", "tensorflow::ops::Variable"
  uint32_t begin = 0, end = 0;  // byte range of the whole call in the file
  uint32_t name_begin = 0;      // where the callee's name starts (diagnostic anchor)
  std::vector<std::string> string_args;  // string literals anywhere in the arguments, in order
  std::vector<std::string> arg_types;    // canonical types of the arguments (unqualified by CV)
};

struct CppModel {
  std::vector<CppCall> calls;  // in source order, main file only
  bool parsed = false;         // false when Clang could not build an AST at all
};

// True when the file text mentions TensorFlow at all (cheap pre-filter).
bool MentionsTensorflow(const std::string& text);

// Parses `source` (a .cc/.cpp file) with Clang and collects the calls.
Result<CppModel> AnalyzeCppSource(const SourceFile& source);

}  // namespace tfm
