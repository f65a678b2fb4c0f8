// SourceFile: the text of one Python script or notebook, decoded to UTF-8, with
// the line index used to turn byte offsets into line/column positions.
//
// Loading never throws and never aborts: every problem with the input (missing,
// unreadable, binary, not UTF-8 without a coding line, too large, notebook that is
// not valid JSON) comes back as an InputError carrying one printable line.
//
//   auto src = tfm::LoadSource("model.py");
//   if (!src) { fmt::print("{}\n", src.error().message); }
//
// Notebooks (.ipynb) become one virtual module: the code cells in order, IPython
// magics and shell escapes blanked to comments, with a map from virtual lines back
// to (cell, line) so diagnostics are reported per cell.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "analyzer/source/diagnostic.h"

namespace tfm {

struct InputError {
  std::string path;
  std::string message;  // one line, starts with the path: "a.py: not valid UTF-8 ..."
};

// A value or an InputError (std::expected is C++23; this is the subset we need).
template <typename T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}                 // NOLINT
  Result(InputError error) : v_(std::move(error)) {}        // NOLINT
  explicit operator bool() const { return v_.index() == 0; }
  T& operator*() { return std::get<0>(v_); }
  const T& operator*() const { return std::get<0>(v_); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  const InputError& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, InputError> v_;
};

enum class SourceKind { kPython, kNotebook };

// One code cell of a notebook, as a span of virtual lines.
struct NotebookCell {
  uint32_t index = 0;       // index into the notebook's "cells" array
  uint32_t code_number = 0; // 1-based among code cells (what users see as "cell N")
  uint32_t first_line = 0;  // 0-based virtual line where the cell starts
  uint32_t line_count = 0;
};

struct SourceOptions {
  uint64_t max_bytes = 32ull << 20;  // larger files are refused with a clear error
};

class SourceFile {
 public:
  std::string path;       // display path
  std::string text;       // UTF-8, BOM removed; the text tree-sitter parses
  SourceKind kind = SourceKind::kPython;
  bool had_bom = false;
  std::string declared_encoding;  // from a PEP 263 line, lower-cased; empty if none
  std::vector<NotebookCell> cells;  // notebooks only

  // Line starts (byte offsets) of `text`.
  void BuildLineIndex();
  uint32_t LineCount() const { return static_cast<uint32_t>(line_starts_.size()); }
  // 0-based line of a byte offset.
  uint32_t LineOf(uint32_t byte) const;
  std::string_view LineText(uint32_t line0) const;  // without the newline
  uint32_t LineStart(uint32_t line0) const { return line_starts_[line0]; }
  // Position (1-based line/column in code points; cell-relative for notebooks).
  Position PositionOf(uint32_t byte) const;
  // Human form of a position: "12:5" or "cell 3:2:5".
  std::string FormatPosition(const Position& p) const;

 private:
  std::vector<uint32_t> line_starts_;
};

// Reads, validates and decodes `path`. `display` is what messages show (defaults to path).
Result<SourceFile> LoadSource(const std::string& path, const SourceOptions& opts = {},
                              std::string display = {});
// Builds a SourceFile from bytes already in memory (tests, stdin, rewriter re-parse).
Result<SourceFile> SourceFromBytes(std::string bytes, std::string display, SourceKind kind,
                                   const SourceOptions& opts = {});

// Counts code points in a UTF-8 prefix (invalid bytes count as one each).
uint32_t CodePointCount(std::string_view s);
// First invalid UTF-8 byte offset, or npos.
size_t FindInvalidUtf8(std::string_view s);

}  // namespace tfm
