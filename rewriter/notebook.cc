#include "rewriter/notebook.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace tfm {
namespace {

// A minimal JSON scanner that records byte ranges: enough to find
// cells[i].source in the raw text without re-serialising anything else.
class Scanner {
 public:
  explicit Scanner(const std::string& s) : s_(s) {}
  void Ws() {
    while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\n' || s_[p_] == '\r' || s_[p_] == '\t')) ++p_;
  }
  bool Eat(char c) {
    Ws();
    if (p_ < s_.size() && s_[p_] == c) {
      ++p_;
      return true;
    }
    return false;
  }
  bool Peek(char c) {
    Ws();
    return p_ < s_.size() && s_[p_] == c;
  }
  bool String(std::string* out) {
    Ws();
    size_t b = p_;
    if (p_ >= s_.size() || s_[p_] != '"') return false;
    ++p_;
    while (p_ < s_.size() && s_[p_] != '"') p_ += s_[p_] == '\\' ? 2 : 1;
    if (p_ >= s_.size()) return false;
    ++p_;
    if (out) {
      try {
        *out = nlohmann::json::parse(s_.substr(b, p_ - b)).get<std::string>();
      } catch (...) {
        return false;
      }
    }
    return true;
  }
  bool Skip(int depth = 0) {
    if (depth > 512) return false;
    Ws();
    if (p_ >= s_.size()) return false;
    char c = s_[p_];
    if (c == '"') return String(nullptr);
    if (c == '{' || c == '[') {
      char close = c == '{' ? '}' : ']';
      ++p_;
      if (Eat(close)) return true;
      while (true) {
        if (c == '{') {
          if (!String(nullptr) || !Eat(':')) return false;
        }
        if (!Skip(depth + 1)) return false;
        if (Eat(',')) continue;
        return Eat(close);
      }
    }
    while (p_ < s_.size() && s_[p_] != ',' && s_[p_] != '}' && s_[p_] != ']' && s_[p_] != ' ' && s_[p_] != '\n' &&
           s_[p_] != '\r' && s_[p_] != '\t')
      ++p_;
    return true;
  }
  size_t pos() const { return p_; }

 private:
  const std::string& s_;
  size_t p_ = 0;
};

struct Span {
  size_t begin = 0, end = 0;
  bool found = false;
};

// Source value span of every cell (index = position in "cells").
bool CellSourceSpans(const std::string& raw, std::vector<Span>* spans) {
  Scanner sc(raw);
  if (!sc.Eat('{')) return false;
  if (sc.Eat('}')) return false;
  while (true) {
    std::string key;
    if (!sc.String(&key) || !sc.Eat(':')) return false;
    if (key == "cells") {
      if (!sc.Eat('[')) return false;
      if (!sc.Eat(']')) {
        while (true) {
          Span sp;
          if (!sc.Eat('{')) return false;
          if (!sc.Eat('}')) {
            while (true) {
              std::string k;
              if (!sc.String(&k) || !sc.Eat(':')) return false;
              sc.Ws();
              size_t b = sc.pos();
              if (!sc.Skip()) return false;
              if (k == "source") sp = Span{b, sc.pos(), true};
              if (sc.Eat(',')) continue;
              if (!sc.Eat('}')) return false;
              break;
            }
          }
          spans->push_back(sp);
          if (sc.Eat(',')) continue;
          if (!sc.Eat(']')) return false;
          break;
        }
      }
    } else if (!sc.Skip()) {
      return false;
    }
    if (sc.Eat(',')) continue;
    return sc.Eat('}');
  }
}

std::string Encode(const std::string& s) { return nlohmann::json(s).dump(-1, ' ', false); }

std::vector<std::string> SplitKeepingNewlines(const std::string& s) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t eol = s.find('\n', pos);
    size_t end = eol == std::string::npos ? s.size() : eol + 1;
    out.push_back(s.substr(pos, end - pos));
    pos = end;
  }
  return out;
}

// Re-encodes `text` in the shape of the original value (a string, or a list of
// lines with the original's separators).
std::string EncodeLike(std::string_view original, const std::string& text) {
  if (!original.empty() && original[0] == '"') return Encode(text);
  // list: reuse the whitespace after '[' and before ']'
  size_t first = original.find_first_not_of(" \t\r\n", 1);
  std::string open_ws(original.substr(1, first == std::string_view::npos ? 0 : first - 1));
  size_t last = original.find_last_not_of(" \t\r\n", original.size() - 2);
  std::string close_ws(original.substr(last + 1, original.size() - 2 - last));
  if (first == original.size() - 1) {  // "[]"
    open_ws = close_ws = "";
  }
  auto lines = SplitKeepingNewlines(text);
  if (lines.empty()) return "[]";
  std::string out = "[" + open_ws;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i) out += "," + (open_ws.empty() ? std::string(" ") : open_ws);
    out += Encode(lines[i]);
  }
  return out + close_ws + "]";
}

}  // namespace

std::vector<uint32_t> CellBoundaries(const SourceFile& nb) {
  std::vector<uint32_t> b;
  for (const NotebookCell& c : nb.cells) b.push_back(c.first_line < nb.LineCount() ? nb.LineStart(c.first_line)
                                                                                   : static_cast<uint32_t>(nb.text.size()));
  b.push_back(static_cast<uint32_t>(nb.text.size()));
  return b;
}

Result<std::string> SpliceNotebook(const std::string& raw, const SourceFile& nb, const std::string& new_text,
                                   const std::vector<uint32_t>& new_bounds) {
  auto err = [&](std::string m) { return InputError{nb.path, fmt::format("{}: {}", nb.path, m)}; };
  std::vector<Span> spans;
  if (!CellSourceSpans(raw, &spans)) return err("cannot locate the cells' sources in the notebook JSON");
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(raw);
  } catch (...) {
    return err("not valid JSON");
  }
  std::vector<uint32_t> old_bounds = CellBoundaries(nb);
  if (new_bounds.size() != old_bounds.size()) return err("cell map out of step");
  struct Repl {
    size_t begin, end;
    std::string text;
  };
  std::vector<Repl> repls;
  for (size_t i = 0; i < nb.cells.size(); ++i) {
    std::string old_seg = nb.text.substr(old_bounds[i], old_bounds[i + 1] - old_bounds[i]);
    std::string new_seg = new_text.substr(new_bounds[i], new_bounds[i + 1] - new_bounds[i]);
    if (old_seg == new_seg) continue;
    const NotebookCell& c = nb.cells[i];
    if (c.index >= spans.size() || !spans[c.index].found) return err(fmt::format("cell {} has no source", c.index));
    const auto& s = doc["cells"][c.index]["source"];
    std::string orig;
    if (s.is_string()) orig = s.get<std::string>();
    else
      for (const auto& part : s) orig += part.get<std::string>();
    // Restore blanked magic lines: a line of the original that the virtual module
    // shows differently (its first non-blank byte became '#').
    auto orig_lines = SplitKeepingNewlines(orig), virt_lines = SplitKeepingNewlines(old_seg);
    std::vector<std::pair<std::string, std::string>> magic;
    for (size_t k = 0; k < orig_lines.size() && k < virt_lines.size(); ++k) {
      std::string o = orig_lines[k];
      if (o.empty() || o.back() != '\n') o += '\n';
      if (o != virt_lines[k]) magic.emplace_back(virt_lines[k], orig_lines[k]);
    }
    auto new_lines = SplitKeepingNewlines(new_seg);
    std::string out;
    for (auto& l : new_lines) {
      bool restored = false;
      for (auto& [v, o] : magic)
        if (l == v) {
          out += o;
          if (o.empty() || o.back() != '\n') out += '\n';
          restored = true;
          break;
        }
      if (!restored) out += l;
    }
    if (!orig.empty() && orig.back() != '\n' && !out.empty() && out.back() == '\n') out.pop_back();
    const Span& sp = spans[c.index];
    repls.push_back({sp.begin, sp.end, EncodeLike(std::string_view(raw).substr(sp.begin, sp.end - sp.begin), out)});
  }
  std::string result;
  size_t pos = 0;
  for (const Repl& r : repls) {
    result.append(raw, pos, r.begin - pos);
    result += r.text;
    pos = r.end;
  }
  result.append(raw, pos, std::string::npos);
  return result;
}

}  // namespace tfm
