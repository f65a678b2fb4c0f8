#include "rewriter/tf2_eager_blocks.h"

#include <algorithm>
#include <map>
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
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }
  bool RefersToTf(TSNode n) const { return tfm::RefersToTf(m_, n); }
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

namespace tfm {
namespace {

using std::string;
using std::string_view;

class EagerScript {
 public:
  EagerScript(const ParsedFile& file, const SemanticModel& m) : file_(file), m_(m), src_(file.source.text) {}

  SessionConversion Run() {
    SessionConversion out;
    for (TSNode st : ts::NamedChildren(file_.Root()))
      if (!Statement(st, false)) {
        out.reason = why_;
        out.line = why_line_;
        return out;
      }
    if (runs_ == 0 || made_ == 0) {
      out.reason = "no session runs a fetch";
      return out;
    }
    // the placement settings after the import of TensorFlow
    string settings;
    if (soft_) settings += tf_ + ".config.set_soft_device_placement(True)\n";
    if (log_) settings += tf_ + ".debugging.set_log_device_placement(True)\n";
    if (!settings.empty()) {
      if (!tf_import_.id) return Refuse(file_.Root(), "TensorFlow is not imported at the top level");
      uint32_t at = LineEndAt(src_, ts_node_end_byte(tf_import_));
      edits_.emplace_back(at, at, settings);
    }
    out.text = ApplyByteEdits(src_, std::move(edits_));
    if (out.text.empty()) return Refuse(file_.Root(), "edits overlap");
    out.converted = true;
    out.runs = runs_;
    out.notes.push_back(fmt::format(
        "each session runs the graph built before it once (initial values from constants or seeded draws, "
        "never changed): the graph is computed eagerly where it is built, the {} session{} and their initializer "
        "runs dropped",
        made_, made_ == 1 ? "" : "s"));
    if (restarts_)
      out.notes.push_back(fmt::format(
          "{} `tf.random.set_seed(None)`: TF1 drew each seeded op's numbers from their start in every session "
          "(each op its own), TF2's eager draws continue a seed's numbers",
          restarts_));
    return out;
  }

 private:
  enum class Kind { kTensor, kVariable, kRandom, kList, kInit };

  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }
  SessionConversion Refuse(TSNode at, string reason) {
    SessionConversion out;
    out.reason = std::move(reason);
    out.line = ts_node_start_point(at).row + 1;
    return out;
  }
  bool Fail(TSNode at, string reason) {
    if (why_.empty()) {
      why_ = std::move(reason);
      why_line_ = ts_node_start_point(at).row + 1;
    }
    return false;
  }
  bool Tf(TSNode n) const {
    bool tf = false;
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          if (tf) return false;
          if (ts::Is(c, "identifier")) {
            TSNode p = ts::Parent(c);
            if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), c)) return false;
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c)) return false;
            tf = StartsWith(Resolved(c), "tensorflow") || kinds_.count(string(Text(c))) || sessions_.count(string(Text(c)));
            return false;
          }
          return true;
        },
        [](TSNode) {});
    return tf;
  }
  void Delete(TSNode st) { edits_.emplace_back(LineStartAt(src_, ts_node_start_byte(st)), LineEndAt(src_, ts_node_end_byte(st)), ""); }
  // pure ops over tensors and variables the script built, TensorFlow's names, literals
  bool Pure(TSNode e) {
    bool ok = true;
    ts::Walk(
        e,
        [&](TSNode n, const char*) {
          if (!ok) return false;
          if (ts::Is(n, "call")) {
            if (!PureOp(Resolved(ts::Field(n, "function")))) ok = Fail(n, fmt::format("`{}` is not a pure op", Text(ts::Field(n, "function"))));
            else ok = Pure(ts::Field(n, "arguments"));
            return false;
          }
          if (ts::Is(n, "keyword_argument")) {
            ok = Pure(ts::Field(n, "value"));
            return false;
          }
          if (ts::Is(n, "attribute")) {
            string q = Resolved(n);
            if (!StartsWith(q, "tensorflow") || StartsWith(q, "tensorflow.compat"))
              ok = Fail(n, fmt::format("`{}` is not one of TensorFlow's names", Text(n)));
            return false;
          }
          if (ts::Is(n, "identifier")) {
            auto k = kinds_.find(string(Text(n)));
            if (k != kinds_.end() && k->second != Kind::kTensor && k->second != Kind::kVariable)
              ok = Fail(n, fmt::format("`{}` is read by an op (a random draw or initializer used other than as a "
                                       "variable's initial value)", Text(n)));
            if (sessions_.count(string(Text(n)))) ok = Fail(n, "a session is used other than to run");
            return false;
          }
          if (ts::Is(n, "lambda") || ts::Is(n, "list_comprehension") || ts::Is(n, "generator_expression"))
            ok = Fail(n, "an expression of another shape builds the graph");
          return ok;
        },
        [](TSNode) {});
    return ok;
  }
  // `tf.random.uniform([50, 50], 0, 10, seed=0)`: a literal op seed, plain arguments
  bool SeededDraw(TSNode v) const {
    if (!ts::Is(v, "call")) return false;
    string q = Resolved(ts::Field(v, "function"));
    if (q != "tensorflow.random.uniform" && q != "tensorflow.random.normal" && q != "tensorflow.random.truncated_normal")
      return false;
    TSNode seed = m_.KeywordArg(v, "seed");
    if (!ts::Is(seed, "integer")) return false;
    for (TSNode a : ts::NamedChildren(ts::Field(v, "arguments"))) {
      TSNode x = ts::Is(a, "keyword_argument") ? ts::Field(a, "value") : a;
      if (ts::Same(x, seed)) continue;
      bool plain = true;
      ts::Walk(
          x,
          [&](TSNode n, const char*) {
            if (ts::Is(n, "identifier") || ts::Is(n, "attribute")) {
              string r = Resolved(n);
              plain = plain && StartsWith(r, "tensorflow.") && !StartsWith(r, "tensorflow.compat");
              return false;
            }
            if (ts::Is(n, "call")) plain = false;
            return plain;
          },
          [](TSNode) {});
      if (!plain) return false;
    }
    return true;
  }
  // before a seeded draw that repeats a seed since the last start (or the first in a
  // loop's body, which its next pass repeats): `tf.random.set_seed(None)`
  void Draw(TSNode st, TSNode call, bool in_loop) {
    string key = fmt::format("{}:{}", Resolved(ts::Field(call, "function")), Text(m_.KeywordArg(call, "seed")));
    bool restart = drawn_.count(key) != 0 || (in_loop && loop_first_draw_);
    loop_first_draw_ = false;
    if (restart) {
      drawn_.clear();
      uint32_t b = LineStartAt(src_, ts_node_start_byte(st));
      string indent(src_.substr(b, ts_node_start_byte(st) - b));
      edits_.emplace_back(b, b, fmt::format("{}{}.random.set_seed(None)  # TF1 drew each seeded op's numbers from "
                                            "their start: start them again\n",
                                            indent, tf_));
      ++restarts_;
    }
    drawn_.insert(key);
  }
  bool Runs(TSNode e, bool* any) {
    // `S.run(x)` in an expression (`print(S.run(c))`): x.numpy()
    bool ok = true;
    ts::Walk(
        e,
        [&](TSNode n, const char*) {
          if (!ok) return false;
          if (ts::Is(n, "call")) {
            TSNode fn = ts::Field(n, "function");
            TSNode obj = ts::Is(fn, "attribute") ? ts::Field(fn, "object") : TSNode{};
            if (ts::Is(obj, "identifier") && sessions_.count(string(Text(obj)))) {
              if (Text(ts::Field(fn, "attribute")) != "run") {
                ok = Fail(n, fmt::format("`{}` is used other than to run and close", Text(obj)));
                return false;
              }
              if (!initialized_.count(string(Text(obj)))) {
                ok = Fail(n, fmt::format("`{}` runs a fetch before it runs the global initializer (or after it is "
                                         "closed)",
                                         Text(obj)));
                return false;
              }
              std::vector<TSNode> args = ts::NamedChildren(ts::Field(n, "arguments"));
              TSNode x = args.size() == 1 ? args[0] : TSNode{};
              auto k = ts::Is(x, "identifier") ? kinds_.find(string(Text(x))) : kinds_.end();
              string value;
              if (k != kinds_.end() && (k->second == Kind::kTensor || k->second == Kind::kVariable))
                value = fmt::format("{}.numpy()", Text(x));
              else if (k != kinds_.end() && k->second == Kind::kList)
                value = fmt::format("[t.numpy() for t in {}]", Text(x));
              else {
                ok = Fail(n, "a run of another shape (a feed, or a fetch that is not a tensor or a list of them)");
                return false;
              }
              edits_.emplace_back(ts_node_start_byte(n), ts_node_end_byte(n), value);
              ++runs_;
              *any = true;
              return false;
            }
            return true;
          }
          if (ts::Is(n, "identifier")) {
            TSNode p = ts::Parent(n);
            if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), n)) return false;
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n)) return false;
            if (kinds_.count(string(Text(n))) || StartsWith(Resolved(n), "tensorflow"))
              ok = Fail(n, fmt::format("`{}` is used outside a run", Text(n)));
          }
          return true;
        },
        [](TSNode) {});
    return ok;
  }
  bool Statement(TSNode st, bool in_loop) {
    if (ts::Is(st, "comment") || ts::Is(st, "pass_statement")) return true;
    if (ts::Is(st, "import_statement") || ts::Is(st, "import_from_statement") ||
        ts::Is(st, "future_import_statement")) {
      if (in_loop) return Fail(st, "an import inside a loop");
      if (!tf_import_.id && Text(st).find("tensorflow") != string_view::npos) {
        tf_import_ = st;
        tf_ = "tf";
        for (TSNode c : ts::NamedChildren(st))
          if (ts::Is(c, "aliased_import") && Text(ts::Field(c, "name")) == "tensorflow")
            tf_ = string(Text(ts::Field(c, "alias")));
        if (Text(st) != "import tensorflow as " + tf_ && Text(st) != "import tensorflow")
          return Fail(st, "TensorFlow is imported in another way");
      }
      return true;
    }
    if (ts::Is(st, "with_statement")) {
      for (TSNode item : ts::NamedChildren(ts_node_named_child(st, 0))) {
        TSNode v = ts::Field(item, "value");
        string q = ts::Is(v, "call") ? Resolved(ts::Field(v, "function")) : string();
        if (q != "tensorflow.device" && q != "tensorflow.name_scope")
          return Fail(st, "a `with` block other than a device or name scope");
        for (TSNode a : ts::NamedChildren(ts::Field(v, "arguments")))
          if (Tf(a) && !ts::Is(a, "identifier")) return Fail(a, "a device named by a graph expression");
      }
      for (TSNode c : ts::NamedChildren(ts::Field(st, "body")))
        if (!Statement(c, in_loop)) return false;
      return true;
    }
    if (ts::Is(st, "for_statement")) {
      if (in_loop) return Fail(st, "a loop inside a loop");
      if (Tf(ts::Field(st, "right")) || ts::Field(st, "alternative").id) return Fail(st, "a loop over graph values");
      TSNode left = ts::Field(st, "left");
      if (!ts::Is(left, "identifier") || kinds_.count(string(Text(left)))) return Fail(st, "a loop of another shape");
      loop_first_draw_ = true;
      for (TSNode c : ts::NamedChildren(ts::Field(st, "body")))
        if (!Statement(c, true)) return false;
      return true;
    }
    if (!ts::Is(st, "expression_statement") || ts_node_named_child_count(st) != 1)
      return Tf(st) ? Fail(st, fmt::format("a statement of another shape (`{}`) builds or runs the graph",
                                           ts::Type(st)))
                    : true;
    if (!AloneOnLines(src_, st)) return Fail(st, "a statement shares its line with another");
    TSNode x = ts_node_named_child(st, 0);
    if (ts::Is(x, "assignment")) {
      TSNode left = ts::Field(x, "left"), right = ts::Field(x, "right");
      if (!ts::Is(left, "identifier")) {
        if (Tf(x)) return Fail(st, "an assignment of another shape builds the graph");
        return true;
      }
      const string name(Text(left));
      string q = ts::Is(right, "call") ? Resolved(ts::Field(right, "function")) : string();
      if (q == "tensorflow.compat.v1.Session" || q == "tensorflow.compat.v1.InteractiveSession") {
        if (in_loop) return Fail(st, "a session made in a loop");
        if (!Config(right)) return false;
        sessions_.insert(name);
        ++made_;
        initialized_.erase(name);
        Delete(st);
        return true;
      }
      if (sessions_.count(name)) return Fail(st, fmt::format("`{}` is bound again while it names a session", name));
      if (q == "tensorflow.compat.v1.global_variables_initializer" || q == "tensorflow.compat.v1.initialize_all_variables") {
        if (!ts::NamedChildren(ts::Field(right, "arguments")).empty()) return Fail(st, "an initializer of another shape");
        kinds_[name] = Kind::kInit;
        init_at_[name] = ts_node_start_byte(st);
        Delete(st);
        return true;
      }
      if (q == "tensorflow.Variable") {
        std::vector<TSNode> args = ts::NamedChildren(ts::Field(right, "arguments"));
        for (size_t i = 1; i < args.size(); ++i) {
          TSNode kw = ts::Is(args[i], "keyword_argument") ? ts::Field(args[i], "name") : TSNode{};
          if (!kw.id || (Text(kw) != "name" && Text(kw) != "dtype")) return Fail(args[i], "a variable made with other arguments");
        }
        TSNode init = args.empty() ? TSNode{} : args[0];
        if (!init.id || ts::Is(init, "keyword_argument")) return Fail(st, "a variable of another shape");
        if (ts::Is(init, "identifier")) {
          auto k = kinds_.find(string(Text(init)));
          if (k == kinds_.end() || k->second != Kind::kRandom)
            return Fail(init, "a variable starts from a value that is not a seeded draw or a constant");
        } else if (SeededDraw(init)) {
          Draw(st, init, in_loop);
        } else if (!Pure(init) || Reads(init)) {
          return Fail(init, "a variable starts from a value that is not a seeded draw or a constant");
        }
        kinds_[name] = Kind::kVariable;
        last_variable_ = ts_node_start_byte(st);
        return true;
      }
      if (SeededDraw(right)) {
        Draw(st, right, in_loop);
        kinds_[name] = Kind::kRandom;
        return true;
      }
      if (ts::Is(right, "list") && ts::NamedChildren(right).empty()) {
        kinds_[name] = Kind::kList;
        return true;
      }
      if (!Tf(right)) {
        kinds_.erase(name);
        return true;
      }
      if (!Pure(right)) return Fail(right, why_.empty() ? "an op that is not pure" : why_);
      kinds_[name] = Kind::kTensor;
      return true;
    }
    if (ts::Is(x, "call")) {
      TSNode fn = ts::Field(x, "function");
      TSNode obj = ts::Is(fn, "attribute") ? ts::Field(fn, "object") : TSNode{};
      string_view method = ts::Is(fn, "attribute") ? Text(ts::Field(fn, "attribute")) : string_view();
      string q = Resolved(fn);
      if (q == "tensorflow.compat.v1.disable_v2_behavior" || q == "tensorflow.compat.v1.disable_eager_execution") {
        Delete(st);
        return true;
      }
      if (ts::Is(obj, "identifier") && sessions_.count(string(Text(obj)))) {
        std::vector<TSNode> args = ts::NamedChildren(ts::Field(x, "arguments"));
        if (method == "close" && args.empty()) {
          initialized_.erase(string(Text(obj)));  // a run after it fails in TF1
          Delete(st);
          return true;
        }
        if (method == "run" && args.size() == 1) {
          TSNode what = args[0];
          bool init = false;
          if (ts::Is(what, "identifier")) {
            auto k = kinds_.find(string(Text(what)));
            init = k != kinds_.end() && k->second == Kind::kInit;
            if (init && init_at_[string(Text(what))] < last_variable_)
              return Fail(st, "the initializer run was made before some of the variables");
          } else if (ts::Is(what, "call")) {
            string wq = Resolved(ts::Field(what, "function"));
            init = (wq == "tensorflow.compat.v1.global_variables_initializer" ||
                    wq == "tensorflow.compat.v1.initialize_all_variables");
          }
          if (init) {
            if (in_loop) return Fail(st, "an initializer run in a loop");
            if (!initialized_.insert(string(Text(obj))).second)
              return Fail(st, "a session runs the global initializer twice");
            ++runs_;
            Delete(st);
            return true;
          }
        }
      }
      if (ts::Is(obj, "identifier") && method == "append") {
        auto k = kinds_.find(string(Text(obj)));
        if (k != kinds_.end() && k->second == Kind::kList) {
          std::vector<TSNode> args = ts::NamedChildren(ts::Field(x, "arguments"));
          if (args.size() != 1 || !Pure(args[0])) return Fail(st, "a list of tensors appended another value");
          return true;
        }
      }
    }
    bool any = false;
    if (!Runs(x, &any)) return false;
    return true;
  }
  // whether `e` reads a tensor or variable of the script (an initial value from the graph)
  bool Reads(TSNode e) const {
    bool r = false;
    ts::Walk(
        e,
        [&](TSNode n, const char*) {
          if (ts::Is(n, "identifier") && kinds_.count(string(Text(n)))) r = true;
          return !r;
        },
        [](TSNode) {});
    return r;
  }
  // a session's configuration: none, or ConfigProto(allow_soft_placement=..., log_device_placement=...)
  bool Config(TSNode call) {
    std::vector<TSNode> args = ts::NamedChildren(ts::Field(call, "arguments"));
    if (args.empty()) return true;
    TSNode cfg = args.size() == 1 ? m_.KeywordArg(call, "config") : TSNode{};
    if (!ts::Is(cfg, "call") || Resolved(ts::Field(cfg, "function")) != "tensorflow.compat.v1.ConfigProto")
      return Fail(call, "a session with arguments other than a ConfigProto made in place");
    for (TSNode a : ts::NamedChildren(ts::Field(cfg, "arguments"))) {
      TSNode kw = ts::Is(a, "keyword_argument") ? ts::Field(a, "name") : TSNode{};
      TSNode v = kw.id ? ts::Field(a, "value") : TSNode{};
      bool on = ts::Is(v, "true");
      if (!kw.id || (!on && !ts::Is(v, "false"))) return Fail(a, "a session configured by other than literal flags");
      if (Text(kw) == "allow_soft_placement") soft_ |= on;
      else if (Text(kw) == "log_device_placement") log_ |= on;
      else return Fail(a, fmt::format("a session configured with `{}`", Text(kw)));
    }
    return true;
  }

  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  std::map<string, Kind> kinds_;
  std::map<string, uint32_t> init_at_;
  std::set<string> sessions_, initialized_, drawn_;
  std::vector<ByteEdit> edits_;
  TSNode tf_import_{};
  string tf_ = "tf";
  uint32_t last_variable_ = 0;
  int runs_ = 0, restarts_ = 0, made_ = 0;
  bool soft_ = false, log_ = false, loop_first_draw_ = false;
  string why_;
  uint32_t why_line_ = 0;
};

}  // namespace

SessionConversion ConvertEagerScript(PythonParser& parser, const std::string& text) {
  auto src = SourceFromBytes(text, "<tf2>", SourceKind::kPython);
  if (!src) return {};
  auto parsed = parser.Parse(std::move(*src));
  if (!parsed || parsed->syntax_error) return {};
  SemanticModel model(*parsed);
  SessionConversion out = EagerScript(*parsed, model).Run();
  if (!out.converted) return out;
  // the result parses (a block left empty would not)
  auto check = SourceFromBytes(out.text, "<tf2>", SourceKind::kPython);
  if (!check) return SessionConversion{false, "", "the eager form is not valid", 0};
  auto reparsed = parser.Parse(std::move(*check));
  if (!reparsed || reparsed->syntax_error) return SessionConversion{false, "", "the eager form does not parse", 0};
  return out;
}

}  // namespace tfm
