#include "rewriter/tf2_eager_blocks.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <tuple>

#include <fmt/format.h>

#include "analyzer/python/semantic.h"
#include "analyzer/python/ts_util.h"
#include "analyzer/source/source.h"
#include "rewriter/tf2_text.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

constexpr string_view kMarker = "pass  # tfmigrate: eager block ";

bool StartsWith(string_view s, string_view p) { return s.substr(0, p.size()) == p; }

// TensorFlow functions whose result depends only on their arguments (no state, no
// randomness, no graph-wide effect): computed eagerly they give what a TF1 run gives.
bool PureOp(string_view q) {
  if (!StartsWith(q, "tensorflow.") || q.find(".compat.") != string_view::npos) return false;
  string_view rest = q.substr(11);
  static const std::set<string_view> kPure = {
      "constant", "matmul", "linalg.matmul", "reshape", "multiply", "math.multiply", "add", "math.add",
      "subtract", "math.subtract", "divide", "math.divide", "reduce_sum", "math.reduce_sum", "reduce_mean",
      "math.reduce_mean", "reduce_max", "math.reduce_max", "reduce_min", "math.reduce_min", "transpose",
      "concat", "stack", "ones", "zeros", "fill", "range", "cast", "square", "math.square", "sqrt",
      "math.sqrt", "exp", "math.exp", "abs", "math.abs", "maximum", "math.maximum", "minimum",
      "math.minimum", "identity", "expand_dims", "squeeze", "tile", "eye", "linalg.eye", "shape", "size",
      "negative", "math.negative", "tanh", "math.tanh", "sigmoid", "math.sigmoid", "nn.relu", "nn.sigmoid",
      "nn.softmax", "linalg.inv", "linalg.det", "ones_like", "zeros_like", "add_n", "math.add_n"};
  return kPure.count(rest) != 0;
}

bool Builtin(string_view name) {
  static const std::set<string_view> kBuiltins = {"print", "len", "range", "float", "int", "round", "str",
                                                  "list", "abs", "min", "max", "True", "False", "None"};
  return kBuiltins.count(name) != 0;
}

class Finder {
 public:
  Finder(const ParsedFile& file, const SemanticModel& m) : file_(file), m_(m), src_(file.source.text) {}

  EagerBlocks Find() {
    EagerBlocks out;
    std::vector<TSNode> stmts = ts::NamedChildren(file_.Root());
    // module-level names bound to what TensorFlow computed (graph tensors, sessions, ...)
    for (TSNode st : stmts)
      ts::Walk(
          st,
          [&](TSNode n, const char*) {
            if (!ts::Is(n, "assignment") && !ts::Is(n, "augmented_assignment")) return true;
            if (!RefersToTf(ts::Field(n, "right"))) return true;
            Targets(ts::Field(n, "left"), [&](TSNode id) { tf_names_.insert(string(Text(id))); });
            return true;
          },
          [](TSNode) {});
    std::vector<ByteEdit> edits;
    for (size_t i = 0; i < stmts.size(); ++i) {
      TSNode st = stmts[i];
      if (!ts::Is(st, "if_statement") || ts::Field(st, "alternative").id) continue;
      if (!Condition(ts::Field(st, "condition"))) continue;
      TSNode body = ts::Field(st, "consequence");
      bound_.clear();
      session_ = "";
      runs_.clear();
      if (!Statements(body) || runs_.empty() || !SessionBefore(stmts, i)) continue;
      // the block's names are its own: nothing after it reads them
      bool later = false;
      for (size_t j = i + 1; j < stmts.size() && !later; ++j)
        ts::Walk(
            stmts[j],
            [&](TSNode n, const char*) {
              if (later) return false;
              if (ts::Is(n, "identifier") && bound_.count(string(Text(n)))) later = true;
              return true;
            },
            [](TSNode) {});
      if (later) continue;
      // the body, its runs taking the eager tensors' values
      const uint32_t b = LineStartAt(src_, ts_node_start_byte(body));
      const uint32_t e = LineEndAt(src_, ts_node_end_byte(body));
      std::vector<ByteEdit> run_edits;
      for (TSNode call : runs_) {
        TSNode fetch = m_.PositionalArgs(call)[0];
        string value;
        if (ts::Is(fetch, "identifier")) {
          value = fmt::format("{}.numpy()", Text(fetch));
        } else {
          std::vector<string> items;
          for (TSNode x : ts::NamedChildren(fetch)) items.push_back(fmt::format("{}.numpy()", Text(x)));
          value = fmt::format("[{}]", fmt::join(items, ", "));
        }
        run_edits.emplace_back(ts_node_start_byte(call) - b, ts_node_end_byte(call) - b, value);
      }
      string body_text = ApplyByteEdits(src_.substr(b, e - b), std::move(run_edits));
      if (body_text.empty()) continue;
      if (body_text.back() != '\n') body_text += '\n';
      const uint32_t rows = ts_node_start_point(body).row;
      string indent = src_.substr(b, ts_node_start_byte(body) - b);
      string markers;
      const size_t lines = ts_node_end_point(body).row - rows + 1;
      for (size_t k = 0; k < lines; ++k) markers += fmt::format("{}{}{}\n", indent, kMarker, out.bodies.size());
      edits.emplace_back(b, e, markers);
      out.bodies.push_back(std::move(body_text));
      out.lines.push_back(ts_node_start_point(st).row + 1);
      out.notes.push_back(fmt::format(
          "the graph the `if` block builds from constants runs eagerly where it is (TF1 computed the same values "
          "when `{}` ran it)",
          session_));
    }
    if (edits.empty()) return EagerBlocks{};
    out.text = ApplyByteEdits(src_, std::move(edits));
    if (out.text.empty()) return EagerBlocks{};
    return out;
  }

 private:
  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const {
    auto q = m_.Resolve(n);
    return q ? *q : string();
  }
  bool RefersToTf(TSNode n) const {
    bool tf = false;
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          if (tf) return false;
          if (ts::Is(c, "identifier") || ts::Is(c, "attribute")) {
            tf = StartsWith(Resolved(c), "tensorflow");
            return !tf && ts::Is(c, "attribute");
          }
          return true;
        },
        [](TSNode) {});
    return tf;
  }
  template <typename F>
  void Targets(TSNode left, F&& f) const {
    if (ts::Is(left, "identifier")) {
      f(left);
    } else if (ts::Is(left, "pattern_list") || ts::Is(left, "tuple_pattern") || ts::Is(left, "list_pattern")) {
      for (TSNode t : ts::NamedChildren(left)) Targets(t, f);
    }
  }
  // the condition reads no name bound to what TensorFlow computed and runs nothing
  bool Condition(TSNode cond) const {
    bool ok = true;
    ts::Walk(
        cond,
        [&](TSNode n, const char*) {
          if (!ok) return false;
          if (ts::Is(n, "attribute")) {
            string_view a = Text(ts::Field(n, "attribute"));
            if (a == "run" || a == "eval") ok = false;
            return ok;
          }
          if (ts::Is(n, "identifier") && tf_names_.count(string(Text(n)))) ok = false;
          return ok;
        },
        [](TSNode) {});
    return ok;
  }
  // An expression of the block: calls of pure TensorFlow ops and builtins, names the
  // block bound before, TensorFlow's own names (dtypes), literals; and `S.run(x)` of a
  // module-level session where `run_ok` (a fetch of names the block bound, no feed).
  bool Expression(TSNode e, bool run_ok) {
    bool ok = true;
    ts::Walk(
        e,
        [&](TSNode n, const char*) {
          if (!ok) return false;
          if (ts::Is(n, "call")) {
            TSNode fn = ts::Field(n, "function");
            TSNode obj = ts::Is(fn, "attribute") ? ts::Field(fn, "object") : TSNode{};
            if (ts::Is(obj, "identifier") && Text(ts::Field(fn, "attribute")) == "run" && tf_names_.count(string(Text(obj)))) {
              ok = run_ok && Run(n, string(Text(obj)));
              return false;
            }
            if (ts::Is(fn, "identifier") && Builtin(Text(fn)) && !bound_.count(string(Text(fn)))) {
              if (!Expression(ts::Field(n, "arguments"), run_ok)) ok = false;
              return false;
            }
            if (!PureOp(Resolved(fn))) ok = false;
            else if (!Expression(ts::Field(n, "arguments"), false)) ok = false;
            return false;
          }
          if (ts::Is(n, "keyword_argument")) {
            if (!Expression(ts::Field(n, "value"), run_ok)) ok = false;
            return false;
          }
          if (ts::Is(n, "attribute")) {
            // TensorFlow's names (tf.float32); nothing of a tensor's (`c.op`, `c.graph`)
            if (!StartsWith(Resolved(n), "tensorflow") || StartsWith(Resolved(n), "tensorflow.compat")) ok = false;
            return false;
          }
          if (ts::Is(n, "identifier")) {
            string name(Text(n));
            if (bound_.count(name)) return false;
            if (tf_names_.count(name) || (!Builtin(name) && !StartsWith(Resolved(n), "tensorflow"))) {
              // another module-level name: a Python value (not one TensorFlow computed)
              if (tf_names_.count(name)) ok = false;
            }
            return false;
          }
          if (ts::Is(n, "lambda") || ts::Is(n, "await") || ts::Is(n, "yield") ||
              ts::Is(n, "list_comprehension") || ts::Is(n, "generator_expression"))
            ok = false;
          return ok;
        },
        [](TSNode) {});
    return ok;
  }
  bool Run(TSNode call, const string& sess) {
    if (!session_.empty() && session_ != sess) return false;
    const auto& pos = m_.PositionalArgs(call);
    if (pos.size() != 1 || ts::NamedChildren(ts::Field(call, "arguments")).size() != 1) return false;
    TSNode fetch = pos[0];
    std::vector<TSNode> names;
    if (ts::Is(fetch, "identifier")) names.push_back(fetch);
    else if (ts::Is(fetch, "list")) names = ts::NamedChildren(fetch);
    else return false;
    for (TSNode x : names)
      if (!ts::Is(x, "identifier") || !bound_.count(string(Text(x)))) return false;
    session_ = sess;
    runs_.push_back(call);
    return true;
  }
  bool Statements(TSNode block) {
    for (TSNode st : ts::NamedChildren(block)) {
      if (ts::Is(st, "comment") || ts::Is(st, "pass_statement")) continue;
      if (ts::Is(st, "with_statement")) {
        // `with tf.device(...):`, `with tf.name_scope(...):` (no `as`)
        for (TSNode item : ts::NamedChildren(ts_node_named_child(st, 0))) {
          TSNode v = ts::Field(item, "value");
          string q = ts::Is(v, "call") ? Resolved(ts::Field(v, "function")) : string();
          if (q != "tensorflow.device" && q != "tensorflow.name_scope") return false;
          if (!Expression(ts::Field(v, "arguments"), false)) return false;
        }
        if (!Statements(ts::Field(st, "body"))) return false;
        continue;
      }
      if (!ts::Is(st, "expression_statement") || ts_node_named_child_count(st) != 1) return false;
      TSNode x = ts_node_named_child(st, 0);
      if (ts::Is(x, "assignment")) {
        TSNode left = ts::Field(x, "left");
        if (!ts::Is(left, "identifier") || ts::Field(x, "type").id) return false;
        if (!Expression(ts::Field(x, "right"), false)) return false;
        bound_.insert(string(Text(left)));
        continue;
      }
      // `print(S.run(c))`, `S.run(c)`
      if (!ts::Is(x, "call") || !Expression(x, true)) return false;
    }
    return true;
  }
  // `session_` is a module-level `S = tf.compat.v1.Session(...)` before statement `i`,
  // not closed before it
  bool SessionBefore(const std::vector<TSNode>& stmts, size_t i) const {
    bool open = false;
    for (size_t j = 0; j < i; ++j) {
      TSNode st = stmts[j];
      TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (ts::Is(st, "expression_statement") && ts::Is(a, "assignment") && Text(ts::Field(a, "left")) == session_) {
        TSNode r = ts::Field(a, "right");
        string q = ts::Is(r, "call") ? Resolved(ts::Field(r, "function")) : string();
        open = q == "tensorflow.compat.v1.Session" || q == "tensorflow.compat.v1.InteractiveSession";
        continue;
      }
      ts::Walk(
          st,
          [&](TSNode n, const char*) {
            if (ts::Is(n, "attribute") && Text(ts::Field(n, "object")) == session_ &&
                Text(ts::Field(n, "attribute")) == "close")
              open = false;
            return true;
          },
          [](TSNode) {});
    }
    return open;
  }

  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  std::set<string> tf_names_;
  std::set<string> bound_;  // names the current block bound so far
  string session_;
  std::vector<TSNode> runs_;
};

}  // namespace

EagerBlocks FindEagerBlocks(PythonParser& parser, const std::string& text) {
  auto src = SourceFromBytes(text, "<tf2>", SourceKind::kPython);
  if (!src) return {};
  auto parsed = parser.Parse(std::move(*src));
  if (!parsed || parsed->syntax_error) return {};
  SemanticModel model(*parsed);
  return Finder(*parsed, model).Find();
}

std::string RestoreEagerBlocks(const std::string& converted, const EagerBlocks& blocks) {
  std::string out = converted;
  for (size_t k = 0; k < blocks.bodies.size(); ++k) {
    const std::string tag = fmt::format("{}{}\n", kMarker, k);
    size_t first = std::string::npos, last = 0, count = 0;
    for (size_t p = out.find(tag); p != std::string::npos; p = out.find(tag, p + 1)) {
      if (first == std::string::npos) first = LineStartAt(out, static_cast<uint32_t>(p));
      last = p + tag.size();
      ++count;
    }
    if (first == std::string::npos) return "";
    // the markers still together: nothing but them between the first and the last
    std::string_view span = std::string_view(out).substr(first, last - first);
    size_t lines = static_cast<size_t>(std::count(span.begin(), span.end(), '\n'));
    if (lines != count) return "";
    out.replace(first, last - first, blocks.bodies[k]);
  }
  return out;
}

}  // namespace tfm
