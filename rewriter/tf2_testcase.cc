#include "rewriter/tf2_testcase.h"
#include "rewriter/tf2_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "analyzer/checks/api_tables.h"
#include "analyzer/checks/registry.h"
#include "analyzer/python/semantic.h"
#include "analyzer/python/ts_util.h"
#include "analyzer/source/source.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

struct Refusal {
  string reason;
  uint32_t line;
};

bool StartsWith(string_view s, string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(string_view s, string_view p) { return s.size() >= p.size() && s.substr(s.size() - p.size()) == p; }
string_view LastPart(string_view q) {
  size_t p = q.rfind('.');
  return p == string_view::npos ? q : q.substr(p + 1);
}
uint32_t Row(TSNode n) { return ts_node_start_point(n).row; }
uint32_t EndRow(TSNode n) { return ts_node_end_point(n).row; }
uint32_t Col(TSNode n) { return ts_node_start_point(n).column; }

// TensorFlow names whose use means a test examines the graph itself (last component of
// the resolved name): a TF2 eager test has no graph, collections, scopes of names or
// shared variables, nor placeholders to feed.
const std::set<string_view> kGraphApis = {
    "Graph", "get_default_graph", "reset_default_graph", "get_collection", "get_collection_ref",
    "add_to_collection", "add_to_collections", "placeholder", "placeholder_with_default", "name_scope",
    "variable_scope", "get_variable", "get_variable_scope", "global_variables", "local_variables",
    "trainable_variables", "model_variables", "all_variables", "Saver", "import_graph_def", "control_dependencies",
    "gradients", "make_template", "GraphKeys", "get_local_variable", "colocate_with", "device", "merge_all",
    "FileWriter",
    // queues and readers: each run dequeues the next element
    "FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue", "FixedLengthRecordReader",
    "TFRecordReader", "TextLineReader", "WholeFileReader", "IdentityReader", "string_input_producer",
    "input_producer", "shuffle_batch", "batch_join", "shuffle_batch_join"};
// Queue runners: a session's threads (no TestCase conversion).
const std::set<string_view> kQueueApis = {"start_queue_runners", "QueueRunner", "add_queue_runner", "Coordinator"};
const std::set<string_view> kInitializers = {"global_variables_initializer", "local_variables_initializer",
                                             "initialize_all_variables", "initialize_local_variables",
                                             "variables_initializer", "initialize_variables", "tables_initializer"};

struct ByteEdit {
  uint32_t begin, end;
  string text;
};

// What a method's conversion changes: byte edits that never add or remove a line break,
// and per-row operations (delete, re-indent, insert lines before).
struct Plan {
  std::vector<ByteEdit> edits;
  std::map<uint32_t, int> delta;  // row -> indentation change
  std::set<uint32_t> deleted;
  std::map<uint32_t, std::vector<string>> before;
  int runs = 0;
  void Merge(const Plan& o) {
    edits.insert(edits.end(), o.edits.begin(), o.edits.end());
    for (auto [r, d] : o.delta) delta[r] += d;
    deleted.insert(o.deleted.begin(), o.deleted.end());
    for (const auto& [r, v] : o.before) before[r].insert(before[r].end(), v.begin(), v.end());
    runs += o.runs;
  }
};

struct Method {
  TSNode def{};   // function_definition
  TSNode stmt{};  // the statement in the class body (def or decorated_definition)
  string name;
  size_t cls = 0;  // its class
  string why;     // why it keeps a graph (empty: eager)
  std::set<string> calls;  // self.NAME(...) it calls
};

class TestCaseConverter {
 public:
  TestCaseConverter(PythonParser& parser, const ParsedFile& file, const SemanticModel& m,
                    const std::vector<Diagnostic>* findings, const string& path)
      : parser_(parser), file_(file), m_(m), src_(file.source.text), findings_(findings), path_(path) {}

  TestCaseConversion Run() {
    TestCaseConversion out;
    try {
      Convert(&out);
    } catch (const Refusal& r) {
      bool applies = out.applies;
      out = TestCaseConversion{};
      out.applies = applies;
      out.reason = r.reason;
      out.line = r.line;
    }
    return out;
  }

 private:
  [[noreturn]] void Refuse(TSNode at, string reason) const {
    throw Refusal{std::move(reason), at.id ? Row(at) + 1 : 0};
  }
  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }
  string ResolvedTf(TSNode n) const {
    string q = Resolved(n);
    return StartsWith(q, "tensorflow.") ? q : string();
  }
  bool AloneOnLines(TSNode stmt) const {
    uint32_t b = ts_node_start_byte(stmt), e = ts_node_end_byte(stmt);
    for (uint32_t i = b; i > 0 && src_[i - 1] != '\n'; --i)
      if (src_[i - 1] != ' ' && src_[i - 1] != '\t') return false;
    for (uint32_t i = e; i < src_.size() && src_[i] != '\n'; ++i) {
      if (src_[i] == '#') break;
      if (src_[i] != ' ' && src_[i] != '\t' && src_[i] != '\r') return false;
    }
    return true;
  }
  template <typename F>
  void Each(TSNode n, F&& f) const {
    ts::Walk(n, [&](TSNode c, const char*) { return f(c); }, [](TSNode) {});
  }
  // A statement's block has other statements than it (comments do not count).
  bool HasSiblings(TSNode stmt) const {
    TSNode block = ts::Parent(stmt);
    int n = 0;
    for (TSNode c : ts::NamedChildren(block)) n += !ts::Is(c, "comment");
    return n > 1;
  }

  // `n` is inside a loop (or a comprehension) of `def`'s body: it runs repeatedly
  bool InLoop(TSNode n, TSNode def) const {
    for (TSNode p = ts::Parent(n); p.id && !ts::Same(p, def); p = ts::Parent(p))
      if (ts::Is(p, "for_statement") || ts::Is(p, "while_statement") || ts::Is(p, "list_comprehension") ||
          ts::Is(p, "generator_expression"))
        return true;
    return false;
  }
  bool IsTestCaseBase(TSNode expr) const {
    string q = ResolvedTf(expr);
    return EndsWith(q, ".test.TestCase") || EndsWith(q, "test_util.TensorFlowTestCase");
  }
  // `self.cached_session()`, `self.test_session()`, `self.session()`, `tf...Session()`
  bool IsSessionCall(TSNode call) const {
    if (!ts::Is(call, "call")) return false;
    TSNode fn = ts::Field(call, "function");
    string_view t = Text(fn);
    if (t == "self.cached_session" || t == "self.test_session" || t == "self.session") return true;
    string q = ResolvedTf(fn);
    return LastPart(q) == "Session" || LastPart(q) == "InteractiveSession";
  }
  bool IsInitializer(TSNode expr) const {
    if (ts::Is(expr, "call")) return kInitializers.count(LastPart(ResolvedTf(ts::Field(expr, "function")))) > 0;
    return ts::Is(expr, "attribute") && Text(ts::Field(expr, "attribute")) == "initializer";
  }
  bool HasArgs(TSNode call) const { return ts_node_named_child_count(ts::Field(call, "arguments")) > 0; }

  // ---- the library under test ----------------------------------------------------
  // A function of a Python module of the project (found from the test file's directory
  // up) that builds graph state TF2's eager mode does not keep: variable scopes and
  // get_variable (shared by name), collections. A test calling it keeps a graph.
  string LibraryMarker(const string& q, int depth = 0) const {
    namespace fs = std::filesystem;
    if (path_.empty() || q.empty() || StartsWith(q, "tensorflow") || q.find('.') == string::npos) return "";
    std::error_code ec;
    fs::path dir = fs::absolute(fs::path(path_), ec).parent_path();
    for (int up = 0; up < 8 && !dir.empty(); ++up, dir = dir.parent_path()) {
      for (size_t dot = q.rfind('.'); dot != string::npos && dot > 0; dot = q.rfind('.', dot - 1)) {
        string module = q.substr(0, dot), rest = q.substr(dot + 1);
        string func = rest.substr(0, rest.find('.'));
        string rel = module;
        std::replace(rel.begin(), rel.end(), '.', '/');
        for (fs::path f : {dir / (rel + ".py"), dir / rel / "__init__.py"}) {
          if (!fs::is_regular_file(f, ec)) continue;
          const auto& fns = LibraryFunctions(f.string());
          Tf1Library(fns, fs::relative(f, dir, ec).string());
          auto it = fns.find(func);
          if (it == fns.end() && depth < 3) {  // re-exported: `from M import *`, `from M import func`
            for (const auto& [m, name] : reexports_[f.string()])
              if (name == "*" || name == func)
                if (string why = LibraryMarker(m + "." + func + (rest.size() > func.size() ? rest.substr(func.size()) : ""), depth + 1);
                    !why.empty())
                  return why;
          }
          return it == fns.end() || it->second.empty()
                     ? string()
                     : fmt::format("`{}` builds graph state in {}: {}", q.substr(q.rfind('.', dot - 1) + 1),
                                   fs::relative(f, dir, ec).string(), it->second);
        }
        if (dot == 0) break;
      }
      if (dir == dir.parent_path()) break;
    }
    // not below the file's directories (the package is installed, the test copied): the
    // module beside the test file, as a test's library under test usually is
    fs::path here = fs::absolute(fs::path(path_), ec).parent_path();
    for (size_t dot = q.rfind('.'); dot != string::npos && dot > 0; dot = q.rfind('.', dot - 1)) {
      string module = q.substr(0, dot), func = q.substr(dot + 1);
      func = func.substr(0, func.find('.'));
      string last = module.substr(module.rfind('.') + 1);
      fs::path f = here / (last + ".py");
      // or the package the test file is in (its directory copied under another name)
      if (!fs::is_regular_file(f, ec) && dot == q.rfind('.')) f = here / "__init__.py";
      if (!fs::is_regular_file(f, ec)) continue;
      const auto& fns = LibraryFunctions(f.string());
      Tf1Library(fns, f.filename().string());
      auto it = fns.find(func);
      if (it == fns.end() && depth < 3) {
        for (const auto& [m, name] : reexports_[f.string()])
          if (name == "*" || name == func)
            if (string why = LibraryMarker(m + "." + func, depth + 1); !why.empty()) return why;
      }
      if (it == fns.end() || it->second.empty()) return "";
      return fmt::format("`{}` builds graph state in {} (beside the test): {}", q.substr(q.rfind('.', dot - 1) + 1),
                         f.filename().string(), it->second);
    }
    return "";
  }
  // The module under test is TF1 code: its tests cannot run under TF2 before it is converted.
  void Tf1Library(const std::map<string, string>& fns, const string& name) const {
    auto it = fns.find("");
    if (it != fns.end() && !it->second.empty())
      throw Refusal{fmt::format("the module under test, {}, is TF1 code ({}): convert it first", name, it->second),
                    0};
  }
  const std::map<string, string>& LibraryFunctions(const string& file) const {
    if (auto it = libs_.find(file); it != libs_.end()) return it->second;
    std::map<string, string>& out = libs_[file];
    std::ifstream in(file, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto src = SourceFromBytes(std::move(text), file, SourceKind::kPython);
    if (!src) return out;
    auto parsed = parser_.Parse(std::move(*src));
    if (!parsed || parsed->syntax_error) return out;
    static const std::set<string_view> kState = {
        "variable_scope", "get_variable", "model_variable", "add_to_collection", "add_to_collections",
        "get_collection", "get_collection_ref", "GraphKeys", "collect_named_outputs", "convert_collection_to_dict",
        "get_default_graph", "placeholder", "FIFOQueue", "RandomShuffleQueue", "FixedLengthRecordReader",
        "TFRecordReader", "TextLineReader", "WholeFileReader", "string_input_producer", "shuffle_batch"};
    const string& t = parsed->source.text;
    std::map<string, std::set<string>> calls;
    // the module itself TF1 code (`tf.X` with no TF2 endpoint, through `import tensorflow as tf`):
    // key "" holds the first such name
    std::set<string> tf_names;
    for (TSNode s : ts::NamedChildren(parsed->Root())) {
      if (!ts::Is(s, "import_statement")) continue;
      for (TSNode item : ts::NamedChildren(s)) {
        if (ts::Is(item, "aliased_import") && ts::Text(ts::Field(item, "name"), t) == "tensorflow") {
          tf_names.insert(string(ts::Text(ts::Field(item, "alias"), t)));
        } else if (ts::Is(item, "dotted_name") && ts::Text(item, t) == "tensorflow") {
          tf_names.insert("tensorflow");
        }
      }
    }
    const ApiTables& api = ApiTables::Get();
    ts::Walk(parsed->Root(), [&](TSNode c, const char*) {
      if (!out[""].empty()) return false;
      if (!ts::Is(c, "attribute")) return true;
      TSNode obj = c;
      while (ts::Is(obj, "attribute")) obj = ts::Field(obj, "object");
      if (!ts::Is(obj, "identifier") || !tf_names.count(string(ts::Text(obj, t)))) return true;
      string path(ts::Text(c, t).substr(ts::Text(obj, t).size() + 1));
      // (the compat rewrite's `tf.compat.v1.X` of a queue or reader of an input pipeline,
      // which runs only in a graph, is TF1 code still: a second rewrite, of the first one's
      // result, refuses as the first did)
      static const std::set<string_view> kPipeline = {
          "FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "FixedLengthRecordReader", "TFRecordReader",
          "TextLineReader", "WholeFileReader", "IdentityReader", "train.string_input_producer",
          "train.input_producer", "train.batch", "train.shuffle_batch", "train.start_queue_runners"};
      if (StartsWith(path, "compat.v1.") && kPipeline.count(string_view(path).substr(10))) path = path.substr(10);
      string matched;
      if (!api.V1OnlyPrefix(path).empty() || api.FindRemoved(path, &matched))
        out[""] = fmt::format("`{}` (line {})", ts::Text(c, t), Row(c) + 1);
      return false;
    }, [](TSNode) {});
    for (TSNode s : ts::NamedChildren(parsed->Root())) {
      if (ts::Is(s, "import_from_statement")) {
        string m(ts::Text(ts::Field(s, "module_name"), t));
        for (TSNode c : ts::NamedChildren(s)) {
          if (ts::Is(c, "wildcard_import")) reexports_[file].emplace_back(m, "*");
          else if (ts::Is(c, "dotted_name") && !ts::Same(c, ts::Field(s, "module_name")))
            reexports_[file].emplace_back(m, string(ts::Text(c, t)));
        }
        continue;
      }
      TSNode d = ts::Is(s, "decorated_definition") ? ts::Field(s, "definition") : s;
      if (!ts::Is(d, "function_definition")) continue;
      string name(ts::Text(ts::Field(d, "name"), t));
      string why;
      ts::Walk(ts::Field(d, "body"), [&](TSNode c, const char*) {
        if (!why.empty()) return false;
        if (ts::Is(c, "identifier") && kState.count(ts::Text(c, t))) {
          why = fmt::format("`{}` (line {})", ts::Text(c, t), Row(c) + 1);
          return false;
        }
        if (ts::Is(c, "call") && ts::Is(ts::Field(c, "function"), "identifier"))
          calls[name].insert(string(ts::Text(ts::Field(c, "function"), t)));
        return true;
      }, [](TSNode) {});
      out[name] = why;
    }
    for (bool changed = true; changed;) {  // through the module's own functions
      changed = false;
      for (auto& [name, why] : out) {
        if (!why.empty()) continue;
        for (const string& callee : calls[name]) {
          auto it = out.find(callee);
          if (it != out.end() && !it->second.empty()) {
            why = fmt::format("{} through `{}`", it->second, callee);
            changed = true;
            break;
          }
        }
      }
    }
    return out;
  }

  // ---- classification -------------------------------------------------------------
  string GraphMarker(TSNode def) const {
    string why;
    Each(ts::Field(def, "body"), [&](TSNode c) {
      if (!why.empty()) return false;
      if (ts::Is(c, "attribute")) {
        string_view a = Text(ts::Field(c, "attribute"));
        if ((a == "op" || a == "graph") && !StartsWith(Text(c), "self.")) {
          why = fmt::format("`{}` (line {}): a graph's operations", Text(c), Row(c) + 1);
          return false;
        }
        if ((StartsWith(a, "assign") || StartsWith(a, "scatter_") || a == "minimize" || a == "apply_gradients") &&
            ts::Is(ts::Parent(c), "call") && ts::Same(ts::Field(ts::Parent(c), "function"), c)) {
          why = fmt::format("`{}` (line {}) changes state between runs: a graph run recomputes what an eager "
                            "test computed once",
                            Text(c), Row(c) + 1);
          return false;
        }
        string q = ResolvedTf(c);
        if (!q.empty() && (kGraphApis.count(LastPart(q)) || EndsWith(q, "summary.merge"))) {
          why = fmt::format("`{}` (line {})", Text(c), Row(c) + 1);
          return false;
        }
      }
      if (ts::Is(c, "call")) {
        string lib = LibraryMarker(Resolved(ts::Field(c, "function")));
        if (!lib.empty()) {
          why = fmt::format("{} (line {})", lib, Row(c) + 1);
          return false;
        }
      }
      if (ts::Is(c, "call") && IsSessionCall(c) && HasArgs(c)) {
        why = fmt::format("a session with arguments (line {})", Row(c) + 1);
        return false;
      }
      return true;
    });
    if (!why.empty() || !findings_) return why;
    for (const Diagnostic& d : *findings_) {
      const RuleInfo* info = FindRuleInfo(d.rule_id);
      if (!info || !info->blocks_tf2_conversion) continue;
      if (d.start.line >= Row(def) + 1 && d.start.line <= EndRow(def) + 1)
        return fmt::format("{} ({}) on line {}", d.rule_id, d.rule_name, d.start.line);
    }
    return why;
  }

  // ---- the eager form of a method -------------------------------------------------
  // Plans it in `p`; returns why it cannot be eager (empty: it can).
  string PlanEager(TSNode def, Plan* p) const {
    TSNode body = ts::Field(def, "body");
    std::set<string> aliases;
    std::vector<TSNode> alias_nodes;
    string why;
    std::vector<TSNode> withs, calls;
    Each(body, [&](TSNode c) {
      if (ts::Is(c, "with_statement")) withs.push_back(c);
      if (ts::Is(c, "call")) calls.push_back(c);
      return true;
    });
    std::set<const void*> handled;  // session calls that head a removed `with`
    std::set<string> fetched;        // texts of what the method runs
    for (TSNode w : withs) {
      TSNode clause = ts_node_named_child(w, 0);
      std::vector<TSNode> items = ts::NamedChildren(clause);
      bool any = false;
      for (TSNode it : items) {
        TSNode v = ts::Field(it, "value");
        if (ts::Is(v, "as_pattern")) v = ts_node_named_child(v, 0);
        any |= IsSessionCall(v);
      }
      if (!any) continue;
      if (items.size() != 1) return fmt::format("a session `with` of several items (line {})", Row(w) + 1);
      TSNode v = ts::Field(items[0], "value"), alias{};
      if (ts::Is(v, "as_pattern")) {
        TSNode a = ts::Field(v, "alias");
        alias = a.id ? ts_node_named_child(a, 0) : TSNode{};
        if (!ts::Is(alias, "identifier")) return fmt::format("a session bound to a pattern (line {})", Row(w) + 1);
        v = ts_node_named_child(v, 0);
      }
      handled.insert(v.id);
      TSNode blk = ts::Field(w, "body");
      if (!AloneOnLines(w) || Row(blk) == Row(w))
        return fmt::format("a session `with` sharing its line (line {})", Row(w) + 1);
      if (alias.id) {
        aliases.insert(string(Text(alias)));
        alias_nodes.push_back(alias);
      }
      for (uint32_t r = Row(w); r < Row(blk); ++r) p->deleted.insert(r);
      int d = static_cast<int>(Col(blk)) - static_cast<int>(Col(w));
      for (uint32_t r = Row(blk); r <= EndRow(w); ++r) p->delta[r] -= d;
      if (!HasSiblings(w) && ts_node_named_child_count(blk) == 0)
        return fmt::format("an empty session block (line {})", Row(w) + 1);
    }
    // session objects: only `sess.run(x)`
    std::set<const void*> replaced_run;
    if (!aliases.empty()) {
      string bad;
      Each(body, [&](TSNode c) {
        if (!bad.empty()) return false;
        if (!ts::Is(c, "identifier") || !aliases.count(string(Text(c)))) return true;
        for (TSNode a : alias_nodes)
          if (ts::Same(a, c)) return false;
        TSNode attr = ts::Parent(c);
        TSNode call = ts::Parent(attr);
        if (ts::Is(attr, "attribute") && ts::Same(ts::Field(attr, "object"), c) &&
            Text(ts::Field(attr, "attribute")) == "run" && ts::Is(call, "call") &&
            ts::Same(ts::Field(call, "function"), attr)) {
          std::vector<TSNode> args = ts::NamedChildren(ts::Field(call, "arguments"));
          if (args.size() == 1 && !ts::Is(args[0], "keyword_argument") && !ts::Is(args[0], "list_splat") &&
              !ts::Is(args[0], "dictionary_splat")) {
            replaced_run.insert(call.id);
            if (InLoop(call, def)) {
              bad = fmt::format("`{}` runs in a loop (line {}): each graph run computes it anew (queues, random ops, "
                                "state)",
                                Text(call), Row(call) + 1);
              return false;
            }
            if (!fetched.insert(string(Text(args[0]))).second) {
              bad = fmt::format("`{}` is run twice (line {}): each graph run computes it anew (random ops, state)",
                                Text(args[0]), Row(call) + 1);
              return false;
            }
            TSNode st = ts::Parent(call);
            if (IsInitializer(args[0]) && ts::Is(st, "expression_statement") &&
                ts_node_named_child_count(st) == 1) {
              if (!HasSiblings(st) || !AloneOnLines(st)) {
                bad = fmt::format("an initializer run alone in its block (line {})", Row(st) + 1);
                return false;
              }
              for (uint32_t r = Row(st); r <= EndRow(st); ++r) p->deleted.insert(r);
            } else {
              p->edits.push_back({ts_node_start_byte(attr), ts_node_end_byte(attr), "self.evaluate"});
            }
            ++p->runs;
            return false;
          }
        }
        bad = fmt::format("the session `{}` used as an object (line {})", Text(c), Row(c) + 1);
        return false;
      });
      if (!bad.empty()) return bad;
    }
    // `x.eval()`, `op.run()`, initializer runs
    for (TSNode c : calls) {
      if (handled.count(c.id) || replaced_run.count(c.id)) continue;
      if (IsSessionCall(c)) return fmt::format("a session outside a `with` (line {})", Row(c) + 1);
      TSNode fn = ts::Field(c, "function");
      if (!ts::Is(fn, "attribute")) continue;
      string_view a = Text(ts::Field(fn, "attribute"));
      TSNode obj = ts::Field(fn, "object");
      if (a == "evaluate" && Text(obj) == "self") {
        std::vector<TSNode> args = ts::NamedChildren(ts::Field(c, "arguments"));
        TSNode st = ts::Parent(c);
        if (args.size() == 1 && IsInitializer(args[0]) && ts::Is(st, "expression_statement") && HasSiblings(st) &&
            AloneOnLines(st)) {
          for (uint32_t r = Row(st); r <= EndRow(st); ++r) p->deleted.insert(r);
          ++p->runs;
        }
        continue;
      }
      if (a != "eval" && a != "run") continue;
      if (Text(obj) == "self" || aliases.count(string(Text(obj)))) continue;
      if (HasArgs(c)) return fmt::format("`{}` with arguments (line {})", Text(fn), Row(c) + 1);
      TSNode st = ts::Parent(c);
      if (IsInitializer(obj) && ts::Is(st, "expression_statement") && ts_node_named_child_count(st) == 1) {
        if (!HasSiblings(st) || !AloneOnLines(st))
          return fmt::format("an initializer run alone in its block (line {})", Row(st) + 1);
        for (uint32_t r = Row(st); r <= EndRow(st); ++r) p->deleted.insert(r);
      } else {
        if (InLoop(c, def))
          return fmt::format("`{}` runs in a loop (line {}): each graph run computes it anew (queues, random ops, "
                             "state)",
                             Text(c), Row(c) + 1);
        if (!fetched.insert(string(Text(obj))).second)
          return fmt::format("`{}` is run twice (line {}): each graph run computes it anew (random ops, state)",
                             Text(obj), Row(c) + 1);
        p->edits.push_back({ts_node_start_byte(obj), ts_node_start_byte(obj), "self.evaluate("});
        p->edits.push_back({ts_node_end_byte(obj), ts_node_end_byte(c), ")"});
      }
      ++p->runs;
    }
    return why;
  }

  // ---- the graph form of a test -----------------------------------------------------
  bool AlreadyInGraph(const std::vector<TSNode>& stmts) const {
    if (stmts.size() != 1 || !ts::Is(stmts[0], "with_statement")) return false;
    string_view head = Text(ts_node_named_child(stmts[0], 0));
    return head.find("as_default()") != string_view::npos && head.find("Graph") != string_view::npos;
  }
  // setUp's statements (its `super().setUp()` left out), re-indented to `indent`: a test
  // kept in a graph makes setUp's TensorFlow objects again in its graph (those setUp made
  // eagerly cannot enter it), as TF1 made them in the test's default graph. Empty with
  // `why` set when setUp cannot be repeated so.
  std::vector<string> SetUpLines(TSNode def, const string& indent, string* why) const {
    std::vector<string> out;
    TSNode body = ts::Field(def, "body");
    const uint32_t from = Col(body);
    bool first = true;
    for (TSNode st : ts::NamedChildren(body)) {
      if (ts::Is(st, "comment")) continue;
      bool doc = first && ts::Is(st, "expression_statement") && ts::Is(ts_node_named_child(st, 0), "string");
      first = false;
      if (doc) continue;
      if (ts::Is(st, "expression_statement") && ts::Is(ts_node_named_child(st, 0), "call")) {
        TSNode fn = ts::Field(ts_node_named_child(st, 0), "function");
        TSNode obj = ts::Is(fn, "attribute") ? ts::Field(fn, "object") : TSNode{};
        if (ts::Is(fn, "attribute") && Text(ts::Field(fn, "attribute")) == "setUp" && ts::Is(obj, "call") &&
            Text(ts::Field(obj, "function")) == "super")
          continue;
      }
      bool bad = false;
      Each(st, [&](TSNode c) {
        bad |= ts::Is(c, "return_statement") || ts::Is(c, "yield") || ts::Is(c, "function_definition") ||
               ts::Is(c, "class_definition") ||
               (ts::Is(c, "string") && ts_node_start_point(c).row != ts_node_end_point(c).row);
        return !bad;
      });
      if (bad) {
        *why = "it returns, defines functions or holds a multi-line string";
        return {};
      }
      uint32_t b = ts_node_start_byte(st);
      while (b > 0 && src_[b - 1] != '\n') --b;
      string_view text(src_.data() + b, ts_node_end_byte(st) - b);
      size_t pos = 0;
      while (pos <= text.size()) {
        size_t nl = text.find('\n', pos);
        string line(text.substr(pos, nl == string_view::npos ? string_view::npos : nl - pos));
        size_t lead = 0;
        while (lead < line.size() && lead < from && line[lead] == ' ') ++lead;
        if (line.size() > lead) out.push_back(indent + line.substr(lead));
        if (nl == string_view::npos) break;
        pos = nl + 1;
      }
    }
    return out;
  }

  void PlanGraph(TSNode def, const string& tf, Plan* p, const Method* setup = nullptr) const {
    TSNode body = ts::Field(def, "body");
    std::vector<TSNode> stmts;
    for (TSNode c : ts::NamedChildren(body))
      if (!ts::Is(c, "comment")) stmts.push_back(c);
    if (!stmts.empty() && ts::Is(stmts[0], "expression_statement") &&
        ts::Is(ts_node_named_child(stmts[0], 0), "string"))
      stmts.erase(stmts.begin());  // the docstring stays first
    // `with tf.compat.v1.Session() as sess:` of the test's graph: TestCase's own session
    Each(body, [&](TSNode c) {
      if (ts::Is(c, "with_item")) {
        TSNode v = ts::Field(c, "value");
        if (ts::Is(v, "as_pattern")) v = ts_node_named_child(v, 0);
        if (ts::Is(v, "call") && !HasArgs(v) && LastPart(ResolvedTf(ts::Field(v, "function"))) == "Session")
          p->edits.push_back({ts_node_start_byte(v), ts_node_end_byte(v), "self.session()"});
      }
      return true;
    });
    if (stmts.empty() || AlreadyInGraph(stmts)) return;
    if (Row(stmts[0]) == Row(def)) Refuse(def, "a test whose body shares the line of its `def`");
    int unit = static_cast<int>(Col(body)) - static_cast<int>(Col(def));
    string indent(Col(body), ' ');
    p->before[Row(stmts[0])].push_back(indent + "with " + tf + ".Graph().as_default():");
    // the graph seed TestCase.setUp gave the default graph (random_seed.DEFAULT_GRAPH_SEED):
    // the new graph's random ops draw what the original test's drew
    p->before[Row(stmts[0])].push_back(indent + string(unit, ' ') + tf +
                                       ".random.set_seed(87654321)  # the seed tf.test.TestCase gives a test's graph");
    if (setup) {
      string why;
      std::vector<string> lines = SetUpLines(setup->def, indent + string(unit, ' '), &why);
      if (!why.empty()) Refuse(setup->def, fmt::format("`setUp` makes TensorFlow objects a test kept in a graph needs, "
                                                       "and cannot be repeated in its graph: {}", why));
      p->before[Row(stmts[0])].push_back(indent + string(unit, ' ') + "# setUp's objects, made again in this graph");
      for (string& l : lines) p->before[Row(stmts[0])].push_back(std::move(l));
    }
    for (uint32_t r = Row(stmts[0]); r <= EndRow(body); ++r) p->delta[r] += unit;
  }

  void Convert(TestCaseConversion* out) {
    TSNode root = file_.Root();
    // the TestCase classes and their methods
    std::vector<TSNode> classes;
    for (TSNode s : ts::NamedChildren(root)) {
      TSNode cls = ts::Is(s, "decorated_definition") ? ts::Field(s, "definition") : s;
      if (!ts::Is(cls, "class_definition")) continue;
      TSNode bases = ts::Field(cls, "superclasses");
      bool tc = false;
      for (TSNode b : ts::NamedChildren(bases)) tc |= IsTestCaseBase(b);
      if (tc) classes.push_back(cls);
    }
    if (classes.empty()) return;
    // every session of the file inside these classes (otherwise: the session conversion's)
    bool tf1 = false;
    for (TSNode c : m_.calls()) {
      TSNode fn = ts::Field(c, "function");
      string_view a = ts::Is(fn, "attribute") ? Text(ts::Field(fn, "attribute")) : string_view();
      bool session = IsSessionCall(c);
      tf1 |= session || a == "eval";
      if (session && std::none_of(classes.begin(), classes.end(), [&](TSNode k) { return ts::Contains(k, c); }))
        return;
    }
    // the graph-mode toggle
    std::vector<TSNode> toggles;
    bool v2_behavior_off = false;
    for (TSNode c : m_.calls()) {
      string q = ResolvedTf(ts::Field(c, "function"));
      string_view last = LastPart(q);
      // (disable_v2_behavior: written, or added by the compat rewrite to a TF1 file)
      if (last == "disable_eager_execution" || last == "disable_v2_behavior") toggles.push_back(c);
      v2_behavior_off |= last == "disable_v2_behavior";
    }
    if (!tf1 && toggles.empty()) return;
    out->applies = true;
    for (TSNode c : m_.calls()) {
      string q = ResolvedTf(ts::Field(c, "function"));
      if (kQueueApis.count(LastPart(q)))
        Refuse(c, "the tests run queue runners: their threads need a graph and a session, and TF2's form, a "
                  "tf.data pipeline, would test another thing");
    }
    Plan plan;
    for (TSNode c : toggles) {
      TSNode st = ts::Parent(c);
      if (!ts::Is(st, "expression_statement") || !AloneOnLines(st))
        Refuse(c, "the graph-mode toggle inside an expression");
      TSNode block = ts::Parent(st);
      TSNode fn = ts::Parent(block);
      if (!HasSiblings(st) && ts::Is(fn, "function_definition") && ts::Is(ts::Parent(fn), "module") &&
          (Text(ts::Field(fn, "name")) == "setUpModule")) {
        // `def setUpModule(): tf.disable_eager_execution()` goes with the blank lines after it
        uint32_t last = EndRow(fn);
        for (uint32_t r = Row(fn); r <= last; ++r) plan.deleted.insert(r);
        TSNode next = ts_node_next_named_sibling(fn);
        if (next.id)
          for (uint32_t r = last + 1; r < Row(next); ++r) plan.deleted.insert(r);
      } else if (HasSiblings(st)) {
        for (uint32_t r = Row(st); r <= EndRow(st); ++r) plan.deleted.insert(r);
      } else {
        Refuse(c, "the graph-mode toggle alone in a block other than setUpModule's");
      }
    }
    // the module name of TF2's tensorflow: `import tensorflow as tf`, or the compat.v1
    // import switched to it, or a new import
    string tf;
    TSNode compat_import{}, first_tf_import{};
    for (TSNode s : ts::NamedChildren(root)) {
      if (!ts::Is(s, "import_statement") && !ts::Is(s, "import_from_statement")) continue;
      if (Text(s).find("tensorflow") != string_view::npos && !first_tf_import.id) first_tf_import = s;
      if (!ts::Is(s, "import_statement") || ts_node_named_child_count(s) != 1) continue;
      TSNode item = ts_node_named_child(s, 0);
      if (!ts::Is(item, "aliased_import")) {
        if (Text(item) == "tensorflow") tf = "tensorflow";
        continue;
      }
      string_view name = Text(ts::Field(item, "name")), alias = Text(ts::Field(item, "alias"));
      if (name == "tensorflow") tf = string(alias);
      if (name == "tensorflow.compat.v1" && !compat_import.id) compat_import = s;
    }
    std::vector<string> kept;
    if (compat_import.id && tf.empty()) {
      TSNode item = ts_node_named_child(compat_import, 0);
      tf = string(Text(ts::Field(item, "alias")));
      plan.edits.push_back(
          {ts_node_start_byte(compat_import), ts_node_end_byte(compat_import), "import tensorflow as " + tf});
      // each `tf.X` without the same TF2 endpoint keeps its v1 spelling
      const ApiTables& api = ApiTables::Get();
      Each(root, [&](TSNode c) {
        if (!ts::Is(c, "identifier") || Text(c) != tf) return true;
        TSNode top = c;
        while (ts::Is(ts::Parent(top), "attribute") && ts::Same(ts::Field(ts::Parent(top), "object"), top))
          top = ts::Parent(top);
        if (ts::Same(top, c) || Resolved(c) != "tensorflow.compat.v1") return false;
        string path(Text(top).substr(tf.size() + 1));
        string matched;
        if (plan.deleted.count(Row(c))) return false;
        if (!api.V1OnlyPrefix(path).empty() || api.FindRemoved(path, &matched) || api.FindRename(path, &matched)) {
          plan.edits.push_back({ts_node_end_byte(c) + 1, ts_node_end_byte(c) + 1, "compat.v1."});
          kept.push_back(fmt::format("line {}: {}.compat.v1.{} (no TF2 endpoint of that name)", Row(c) + 1, tf,
                                     path));
        }
        return false;
      });
    }
    const bool need_import = tf.empty();
    if (need_import) {
      for (const Binding& b : m_.bindings())
        if (b.scope == 0 && b.name == "tf") Refuse(b.target, "`tf` names something else at module level");
      tf = "tf";
      if (!first_tf_import.id) Refuse(TSNode{}, "tensorflow is not imported");
      plan.before[Row(first_tf_import)].push_back("import tensorflow as tf");
    }
    // a module under test that is TF1 code refuses (LibraryMarker throws)
    for (TSNode c : m_.calls())
      if (std::any_of(classes.begin(), classes.end(), [&](TSNode k) { return ts::Contains(k, c); }))
        LibraryMarker(Resolved(ts::Field(c, "function")));
    // the methods (a name defined twice: both definitions are converted; calls reach the last)
    std::vector<Method> methods;
    std::map<string, size_t> by_name;
    for (size_t k = 0; k < classes.size(); ++k) {
      for (TSNode s : ts::NamedChildren(ts::Field(classes[k], "body"))) {
        TSNode d = ts::Is(s, "decorated_definition") ? ts::Field(s, "definition") : s;
        if (!ts::Is(d, "function_definition")) continue;
        Method me;
        me.def = d;
        me.stmt = s;
        me.name = string(Text(ts::Field(d, "name")));
        me.cls = k;
        me.why = GraphMarker(d);
        Each(ts::Field(d, "body"), [&](TSNode c) {
          if (ts::Is(c, "attribute") && Text(ts::Field(c, "object")) == "self")
            me.calls.insert(string(Text(ts::Field(c, "attribute"))));
          return true;
        });
        by_name[fmt::format("{}.{}", k, me.name)] = methods.size();
        methods.push_back(std::move(me));
      }
    }
    // blocking findings outside the methods stop the conversion
    if (findings_) {
      for (const Diagnostic& d : *findings_) {
        const RuleInfo* info = FindRuleInfo(d.rule_id);
        if (!info || !info->blocks_tf2_conversion || plan.deleted.count(d.start.line - 1)) continue;
        bool inside = std::any_of(methods.begin(), methods.end(), [&](const Method& me) {
          return d.start.line >= Row(me.def) + 1 && d.start.line <= EndRow(me.def) + 1;
        });
        if (!inside) {
          throw Refusal{fmt::format("{} ({}) is a TF2 hazard in this code; fix it first", d.rule_id, d.rule_name),
                        d.start.line};
        }
      }
    }
    // the eager plans; a method that cannot be eager keeps a graph
    std::vector<Plan> eager(methods.size());
    for (size_t i = 0; i < methods.size(); ++i) {
      if (!methods[i].why.empty()) continue;
      string why = PlanEager(methods[i].def, &eager[i]);
      if (!why.empty()) methods[i].why = why;
    }
    // a method that calls a graph one (or is called by one) keeps a graph too: an eager
    // helper run inside a graph would skip its initializers
    for (bool changed = true; changed;) {
      changed = false;
      for (Method& me : methods) {
        for (const string& callee : me.calls) {
          auto it = by_name.find(fmt::format("{}.{}", me.cls, callee));
          if (it == by_name.end()) continue;
          Method& other = methods[it->second];
          if (me.why.empty() && !other.why.empty()) {
            me.why = fmt::format("it calls `self.{}`, which keeps a graph", callee);
            changed = true;
          }
          if (!me.why.empty() && other.why.empty()) {
            other.why = fmt::format("`self.{}`, which keeps a graph, calls it", me.name);
            changed = true;
          }
        }
      }
    }
    // setUp's TensorFlow objects, for the tests kept in a graph: each such test makes them
    // again in its graph (SetUpLines); setUpClass's are made once for all: refused
    std::map<size_t, const Method*> setup_for;
    for (size_t i = 0; i < methods.size(); ++i) {
      const Method& t = methods[i];
      if (t.why.empty() || !StartsWith(t.name, "test")) continue;
      for (const char* n : {"setUp", "setUpClass"}) {
        auto it = by_name.find(fmt::format("{}.{}", t.cls, n));
        if (it == by_name.end()) continue;
        bool makes = false;
        Each(ts::Field(methods[it->second].def, "body"), [&](TSNode c) {
          if (ts::Is(c, "call") && !ResolvedTf(ts::Field(c, "function")).empty()) {
            if (string(n) == "setUpClass")
              Refuse(c, fmt::format("`{}` creates TensorFlow objects the tests share, and `{}` (line {}) keeps a graph",
                                    n, t.name, Row(t.def) + 1));
            makes = true;
          }
          return true;
        });
        if (makes) setup_for[i] = &methods[it->second];
      }
    }
    int graph_tests = 0;
    for (size_t i = 0; i < methods.size(); ++i) {
      Method& me = methods[i];
      const string& name = me.name;
      const bool is_test = StartsWith(name, "test");
      if (me.why.empty()) {
        plan.Merge(eager[i]);
        out->eager += is_test;
        continue;
      }
      if (name == "setUp" || name == "setUpClass" || name == "tearDown")
        Refuse(me.def, fmt::format("`{}` keeps a graph ({}): the tests would not share it", name, me.why));
      if (is_test) {
        PlanGraph(me.def, tf, &plan, setup_for.count(i) ? setup_for[i] : nullptr);
        if (++graph_tests > 5) continue;  // the summary names the first five
        out->notes.push_back(fmt::format("line {}: `{}` keeps a graph (`with {}.Graph().as_default():`): {}",
                                         Row(me.def) + 1, name, tf, me.why));
      }
    }
    if (graph_tests > 5) out->notes.push_back(fmt::format("{} more tests keep a graph", graph_tests - 5));
    if (v2_behavior_off && graph_tests > 0)
      out->notes.push_back("the tests kept in a graph run with TF2 behaviors (resource variables, v2 control flow), "
                           "not with the TF1 ones `disable_v2_behavior()` chose");
    out->graph = graph_tests;
    out->runs = plan.runs;
    out->kept_compat = kept;
    out->text = DropUnusedImports(Apply(plan));
    out->converted = true;
    // tf.compat.v1 the graph tests keep (initializers, ...): one entry per name
    std::set<string> said;
    for (const string& k : kept) said.insert(k.substr(k.find(':') + 2, k.find(' ', k.find(':') + 2) - k.find(':') - 2));
    size_t row = 1;
    for (size_t i = 0; i < out->text.size(); ++i) {
      if (out->text[i] == '\n') ++row;
      if (out->text.compare(i, 10, "compat.v1.") != 0) continue;
      size_t b = i;
      while (b > 0 && (std::isalnum(static_cast<unsigned char>(out->text[b - 1])) || out->text[b - 1] == '_' ||
                       out->text[b - 1] == '.'))
        --b;
      size_t e = i + 10;
      while (e < out->text.size() && (std::isalnum(static_cast<unsigned char>(out->text[e])) || out->text[e] == '_' ||
                                      out->text[e] == '.'))
        ++e;
      string name = out->text.substr(b, e - b);
      if (said.insert(name).second)
        out->kept_compat.push_back(fmt::format("line {} of the result: {} (kept by a test in a graph: no TF2 public form)",
                                               row, name));
      i = e - 1;
    }
  }

  // `from tensorflow... import X` lines whose X the conversion left unused (the private
  // `session` module of a removed `session.Session()`, ...) go.
  string DropUnusedImports(const string& text) const {
    auto uses = [](const string& t, string_view name) {
      size_t n = 0;
      for (size_t p = t.find(name); p != string::npos; p = t.find(name, p + 1)) {
        auto word = [&](size_t i) { return std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_'; };
        bool before = p > 0 && (word(p - 1) || t[p - 1] == '.');
        bool after = p + name.size() < t.size() && word(p + name.size());
        n += !before && !after;
      }
      return n;
    };
    string out = text;
    for (TSNode s : ts::NamedChildren(file_.Root())) {
      if (!ts::Is(s, "import_from_statement") || !AloneOnLines(s) || Row(s) != EndRow(s)) continue;
      std::vector<TSNode> names = ts::NamedChildren(s);
      if (names.size() != 2 || !ts::Is(names[1], "dotted_name")) continue;
      string_view module = Text(ts::Field(s, "module_name"));
      if (!StartsWith(module, "tensorflow")) continue;
      string line = string(Text(s)) + "\n";
      string_view name = Text(names[1]);
      size_t at = out.find(line);
      if (at == string::npos || (at > 0 && out[at - 1] != '\n')) continue;
      if (uses(src_, name) > 1 && uses(out, name) == 1) out.erase(at, line.size());
    }
    return out;
  }

  // Rows of the source whose start is inside a string (not re-indented).
  std::set<uint32_t> StringRows() const {
    std::set<uint32_t> rows;
    Each(file_.Root(), [&](TSNode c) {
      if (ts::Is(c, "string")) {
        for (uint32_t r = Row(c) + 1; r <= EndRow(c); ++r) rows.insert(r);
        return false;
      }
      return true;
    });
    return rows;
  }

  string Apply(Plan& plan) const {
    std::sort(plan.edits.begin(), plan.edits.end(), [](const ByteEdit& a, const ByteEdit& b) {
      return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    string text;
    uint32_t at = 0;
    for (const ByteEdit& e : plan.edits) {
      if (e.begin < at) Refuse(TSNode{}, "overlapping edits (a construct nested in another)");
      text.append(src_, at, e.begin - at);
      text += e.text;
      at = e.end;
    }
    text.append(src_, at, string::npos);
    const std::set<uint32_t> in_string = StringRows();
    string out;
    uint32_t row = 0;
    size_t p = 0;
    while (p < text.size()) {
      size_t nl = text.find('\n', p);
      size_t end = nl == string::npos ? text.size() : nl + 1;
      string line = text.substr(p, end - p);
      if (auto it = plan.before.find(row); it != plan.before.end())
        for (const string& l : it->second) out += l + "\n";
      if (!plan.deleted.count(row)) {
        auto d = plan.delta.find(row);
        bool blank = line.find_first_not_of(" \t\r\n") == string::npos;
        if (d != plan.delta.end() && d->second != 0 && !blank && !in_string.count(row)) {
          if (d->second > 0) {
            line.insert(0, string(d->second, ' '));
          } else {
            size_t lead = line.find_first_not_of(' ');
            if (lead < static_cast<size_t>(-d->second)) Refuse(TSNode{}, fmt::format("line {} cannot be dedented", row + 1));
            line.erase(0, -d->second);
          }
        }
        out += line;
      }
      p = end;
      ++row;
    }
    return out;
  }

  PythonParser& parser_;
  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  const std::vector<Diagnostic>* findings_;
  const string path_;
  // library modules read: file -> top-level function -> why it builds graph state ("" if not)
  mutable std::map<string, std::map<string, string>> libs_;
  mutable std::map<string, std::vector<std::pair<string, string>>> reexports_;  // file -> (module, name or *)
};

}  // namespace

TestCaseConversion ConvertTestCases(PythonParser& parser, const std::string& text,
                                    const std::vector<Diagnostic>* findings, const std::string& path) {
  TestCaseConversion out;
  auto src = SourceFromBytes(text, "<tf2>", SourceKind::kPython);
  if (!src) return out;
  auto parsed = parser.Parse(std::move(*src));
  if (!parsed || parsed->syntax_error) return out;
  SemanticModel model(*parsed);
  out = TestCaseConverter(parser, *parsed, model, findings, path).Run();
  if (!out.converted) return out;
  // the result must parse: otherwise the compat text is kept
  auto check = SourceFromBytes(out.text, "<tf2>", SourceKind::kPython);
  bool parses = false;
  if (check) {
    auto reparsed = parser.Parse(std::move(*check));
    parses = reparsed && !reparsed->syntax_error;
  }
  if (!parses) {
    TestCaseConversion bad;
    bad.applies = true;
    bad.reason = "the converted text does not parse (not written)";
    return bad;
  }
  return out;
}

}  // namespace tfm
