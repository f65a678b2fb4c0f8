#include "rewriter/tf2_variable_scopes.h"

#include <map>
#include <optional>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "analyzer/python/semantic.h"
#include "analyzer/python/ts_util.h"
#include "analyzer/source/source.h"
#include "rewriter/tf2_keras.h"
#include "rewriter/tf2_text.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

struct NotOfThatForm {};  // the module is not of the form rewritten: nothing changes

bool IsConstantInitializer(string_view q) {
  for (string_view f : {"constant_initializer", "zeros_initializer", "ones_initializer"})
    if (q == fmt::format("tensorflow.{}", f) || q == fmt::format("tensorflow.compat.v1.{}", f)) return true;
  return false;
}
// A constant initializer call's text in TF2 spelling (`tf.constant_initializer(value=1)`);
// nullopt for another call, or one with TF1's dtype= / verify_shape= (no TF2 form)
std::optional<string> ConstantInitializerText(const SemanticModel& m, string_view src, TSNode call, const string& tf) {
  const string q = ResolvedName(m, ts::Field(call, "function"));
  if (!IsConstantInitializer(q)) return std::nullopt;
  for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments"))) {
    if (ts::Is(a, "comment")) continue;
    if (ts::Is(a, "keyword_argument") && ts::Text(ts::Field(a, "name"), src) != "value") return std::nullopt;
  }
  return fmt::format("{}.{}{}", tf, q.substr(q.rfind('.') + 1), ts::Text(ts::Field(call, "arguments"), src));
}

// get_variable's literal name (`name=` or the first positional) and its node; nullopt when
// it is not a plain string
std::optional<string> GetVariableLiteralName(const SemanticModel& m, string_view src, TSNode c, TSNode* nm) {
  *nm = m.KeywordArg(c, "name");
  const auto& pos = m.PositionalArgs(c);
  if (!nm->id && !pos.empty()) *nm = pos[0];
  return PlainStringLiteral(*nm, src);
}
// The rest of a get_variable call of the form rewritten: `shape=` (or the second positional
// after a positional name, `get_variable("b", [1], initializer=...)`), `initializer=`, an
// optional `dtype=` and nothing else; false otherwise
struct GetVariableParts {
  TSNode name, shape, dtype, init;
};
bool GetVariablePartsOf(const SemanticModel& m, TSNode c, TSNode nm, GetVariableParts* g) {
  *g = GetVariableParts{nm, m.KeywordArg(c, "shape"), m.KeywordArg(c, "dtype"), m.KeywordArg(c, "initializer")};
  const auto& pos = m.PositionalArgs(c);
  if (!g->shape.id && pos.size() == 2 && !m.KeywordArg(c, "name").id) g->shape = pos[1];
  size_t named = 0;
  for (TSNode a : ts::NamedChildren(ts::Field(c, "arguments"))) named += !ts::Is(a, "comment");
  return g->shape.id && g->init.id && pos.size() <= 2 && (pos.size() < 2 || ts::Same(g->shape, pos[1])) &&
         named == 3u + (g->dtype.id ? 1u : 0u);
}
// `tf.Variable(INIT(shape=..., dtype=...), name=...)`: the variable get_variable made
string MadeVariableText(string_view src, const GetVariableParts& g, const string& init_text, const string& tf) {
  return fmt::format("{}.Variable({}(shape={}, dtype={}), name={})", tf, init_text, ts::Text(g.shape, src),
                     g.dtype.id ? string(ts::Text(g.dtype, src)) : tf + ".float32", ts::Text(g.name, src));
}

class ScopeRewriter {
 public:
  ScopeRewriter(const ParsedFile& file, const SemanticModel& m) : file_(file), m_(m), src_(file.source.text) {}

  VariableScopeRewrite Run() {
    VariableScopeRewrite out;
    try {
      Rewrite(&out);
    } catch (const NotOfThatForm&) {
      return VariableScopeRewrite{};
    }
    return out;
  }

 private:
  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }
  [[noreturn]] static void Bail() { throw NotOfThatForm{}; }
  static bool IsVariable(string_view q) { return q == "tensorflow.Variable" || q == "tensorflow.compat.v1.Variable"; }
  static bool IsGetVariable(string_view q) { return q == "tensorflow.compat.v1.get_variable"; }
  // `name = call(...)` at the statement: the call (and the name), or null
  TSNode AssignedCall(TSNode st, string* name) const {
    TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
    if (!ts::Is(st, "expression_statement") || !ts::Is(a, "assignment") || !ts::Is(ts::Field(a, "left"), "identifier"))
      return TSNode{};
    TSNode right = ts::Field(a, "right");
    if (!ts::Is(right, "call")) return TSNode{};
    *name = string(Text(ts::Field(a, "left")));
    return right;
  }
  std::optional<string> Literal(TSNode n) const { return PlainStringLiteral(n, src_); }
  // TF1's unique_name: `base`, or `base_1`, `base_2`, ... the first not in use
  string Unique(const string& base) {
    string name = base;
    for (int k = 1; taken_.count(name); ++k) name = fmt::format("{}_{}", base, k);
    taken_.insert(name);
    return name;
  }
  // The initializer call's text in TF2 spelling (`tf.constant_initializer(value=1)`)
  string InitializerText(TSNode call) const {
    auto t = ConstantInitializerText(m_, src_, call, tf_);
    if (!t) Bail();
    return *t;
  }
  void Replace(TSNode n, string text) { edits_.emplace_back(ts_node_start_byte(n), ts_node_end_byte(n), std::move(text)); }

  // `tf.Variable(..., name='var2')`: the name TF1 gave it, written out when TF1 made it unique
  void VariableStatement(TSNode call, const string& prefix) {
    TSNode nm = m_.KeywordArg(call, "name");
    // (unnamed, at module level: TF1 named it "Variable", "Variable_1", ... apart from the
    // literal names below, which refuse that prefix; TF2 names it "Variable", as the session
    // conversion leaves any unnamed variable)
    if (!nm.id && prefix.empty() && m_.PositionalArgs(call).size() <= 1) return;
    auto lit = Literal(nm);
    if (!lit || StartsWith(*lit, "Variable")) Bail();
    string full = Unique(prefix + *lit);
    if (full != prefix + *lit) {
      string_view t = Text(nm);
      Replace(nm, fmt::format("{0}{1}{0}", t[0], full.substr(prefix.size())));
    }
  }
  static bool StartsWith(string_view s, string_view p) { return s.substr(0, p.size()) == p; }

  void Rewrite(VariableScopeRewrite* out) {
    const Binding* tf = nullptr;
    for (const Binding* b : m_.TfModuleImports())
      if (b->scope == 0 && b->qname == "tensorflow") tf = b;
    if (!tf) Bail();
    tf_ = tf->name;
    std::vector<TSNode> module = ts::NamedChildren(file_.Root());
    // every variable of the module is made by a module-level statement handled below
    std::set<const void*> handled;
    bool rewritten = false;  // a scope block or a module-level get_variable
    std::vector<TSNode> block_stmts;
    for (TSNode st : module) {
      string name;
      TSNode call = AssignedCall(st, &name);
      if (call.id && IsVariable(Resolved(ts::Field(call, "function")))) {
        VariableStatement(call, "");
        handled.insert(call.id);
        continue;
      }
      if (call.id && IsGetVariable(Resolved(ts::Field(call, "function")))) {
        ModuleGetVariable(st, call);
        handled.insert(call.id);
        rewritten = true;
        out->lines.push_back({ts_node_start_point(st).row + 1, ts_node_end_point(st).row + 1});
        continue;
      }
      if (ts::Is(st, "with_statement") && ScopeBlock(st, &handled)) {
        rewritten = true;
        block_stmts.push_back(st);
        out->lines.push_back({ts_node_start_point(st).row + 1, ts_node_end_point(st).row + 1});
      }
    }
    if (!rewritten) Bail();
    for (TSNode c : m_.calls()) {
      bool in_block = false;
      for (TSNode b : block_stmts) in_block |= ts::Contains(b, c);
      if (in_block) continue;  // (`scope.reuse_variables()` resolves through variable_scope)
      string q = Resolved(ts::Field(c, "function"));
      if ((IsVariable(q) || IsGetVariable(q) || q.find("variable_scope") != string::npos) && !handled.count(c.id)) Bail();
    }
    out->unseeded = unseeded_;
    out->text = ApplyByteEdits(src_, std::move(edits_));
    if (out->text.empty()) Bail();
  }

  // `w = tf.compat.v1.get_variable("w", shape=[4, 8], initializer=...)` at module level, in
  // no scope: `w = tf.Variable(INIT(shape=[4, 8], dtype=tf.float32), name="w")`, made once
  // with TF1's graph name. INIT is TF2's form of the initializer call: a constant one as
  // such, a drawing one (glorot_uniform, TF1's default when none is given, is not written
  // out: a get_variable without `initializer=` is left alone) as the Keras initializer
  // drawing the same distribution (tf2_keras.h; no seed, as KerasInitializerFor takes).
  void ModuleGetVariable(TSNode st, TSNode c) {
    if (!AloneOnLines(src_, st) || ts_node_start_point(st).row != ts_node_end_point(st).row) Bail();
    string lit, drawn;
    const string made = GetVariableAsVariable(m_, src_, c, tf_, &lit, &drawn);
    if (made.empty() || taken_.count(lit)) Bail();  // (TF1 raised for a name taken: the variable exists)
    taken_.insert(lit);
    if (!drawn.empty()) unseeded_.push_back({ts_node_start_point(st).row + 1, drawn});
    Replace(c, made);
  }

  // get_variable's name (Bail when it is not a literal); *nm is its node
  string GetVariableName(TSNode c, TSNode* nm) const {
    auto lit = GetVariableLiteralName(m_, src_, c, nm);
    if (!lit) Bail();
    return *lit;
  }
  GetVariableParts Parts(TSNode c, TSNode nm) const {
    GetVariableParts g;
    if (!GetVariablePartsOf(m_, c, nm, &g)) Bail();
    return g;
  }
  string MadeVariable(const GetVariableParts& g, const string& init_text) const {
    return MadeVariableText(src_, g, init_text, tf_);
  }

  // A `with` block of a name or variable scope that only makes variables (and initializers):
  // rewritten (edits_), or false when it is not such a block (Bail when it is one of
  // another form).
  bool ScopeBlock(TSNode with, std::set<const void*>* handled) {
    TSNode body = ts::Field(with, "body"), call{}, alias{};
    if (!SingleWithCall(with, &call, &alias)) return false;
    const TSNode v = ts::Field(ts_node_named_child(ts_node_named_child(with, 0), 0), "value");  // the with item
    string q = Resolved(ts::Field(call, "function"));
    const bool var_scope = q == "tensorflow.compat.v1.variable_scope";
    if (!var_scope && q != "tensorflow.name_scope" && q != "tensorflow.compat.v1.name_scope") return false;
    bool makes = false;
    for (TSNode c : m_.calls())
      if (ts::Contains(body, c)) {
        string cq = Resolved(ts::Field(c, "function"));
        makes |= IsVariable(cq) || IsGetVariable(cq);
      }
    if (!makes) return false;
    // one literal name, nothing else (no reuse=, default_name, values)
    std::vector<TSNode> args;
    for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments")))
      if (!ts::Is(a, "comment")) args.push_back(a);
    auto scope = args.size() == 1 ? Literal(args[0]) : std::nullopt;
    if (!scope || (alias.id && !var_scope) || !AloneOnLines(src_, with)) Bail();
    if (taken_.count(*scope)) Bail();  // TF1 would make the scope's name unique
    taken_.insert(*scope);
    const string prefix = *scope + "/";
    const uint32_t indent = ts_node_start_point(with).column;
    std::map<string, string> initializers;  // names bound in the block to initializer objects -> TF2 text
    std::map<string, string> made;          // get_variable's full name -> the Python name bound to it
    std::vector<string> moved;              // statements that leave a plain name scope (lines before the header)
    std::map<string, std::pair<TSNode, TSNode>> init_stmts;  // initializer name -> (its statement, its call)
    std::set<string> moved_inits;                             // those that leave with a get_variable
    bool reuse = false, kept = false;
    for (TSNode st : ts::NamedChildren(body)) {
      if (ts::Is(st, "comment")) continue;
      if (!AloneOnLines(src_, st) || ts_node_start_point(st).row != ts_node_end_point(st).row) Bail();
      string name;
      TSNode c = AssignedCall(st, &name);
      string cq = c.id ? Resolved(ts::Field(c, "function")) : string();
      if (c.id && IsConstantInitializer(cq)) {
        if (initializers.count(name)) Bail();
        initializers[name] = InitializerText(c);
        init_stmts[name] = {st, c};
        continue;
      }
      if (c.id && IsVariable(cq)) {
        VariableStatement(c, prefix);
        handled->insert(c.id);
        kept = true;
        continue;
      }
      if (c.id && IsGetVariable(cq)) {
        handled->insert(c.id);
        TSNode nm;
        const string full = (var_scope ? prefix : string()) + GetVariableName(c, &nm);
        if (reuse) {
          // the variable made before (TF1 raised for a name not made yet)
          auto it = made.find(full);
          if (it == made.end()) Bail();
          int bound = 0;
          for (TSNode s2 : ts::NamedChildren(file_.Root()))
            ts::Walk(
                s2,
                [&](TSNode n, const char*) {
                  if (ts::Is(n, "assignment") && Text(ts::Field(n, "left")) == it->second) ++bound;
                  return true;
                },
                [](TSNode) {});
          if (bound != 1) Bail();
          Replace(c, it->second);
          kept = true;
          continue;
        }
        if (taken_.count(full)) Bail();  // TF1 raised: the variable exists
        taken_.insert(full);
        made[full] = name;
        const GetVariableParts g = Parts(c, nm);
        const TSNode init = g.init;
        string init_text;
        if (ts::Is(init, "identifier") && initializers.count(string(Text(init)))) {
          init_text = string(Text(init));
          // leaving a plain name scope: the initializer's statement leaves before it
          auto is = init_stmts.find(init_text);
          if (!var_scope && is != init_stmts.end() && !moved_inits.count(init_text)) {
            TSNode ist = is->second.first;
            string rest = src_.substr(ts_node_end_byte(ist), LineEndAt(src_, ts_node_end_byte(ist)) - ts_node_end_byte(ist));
            while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\r')) rest.pop_back();
            moved.push_back(fmt::format("{}{} = {}{}", string(indent, ' '), init_text, initializers[init_text], rest));
            edits_.emplace_back(LineStartAt(src_, ts_node_start_byte(ist)), LineEndAt(src_, ts_node_end_byte(ist)), "");
            moved_inits.insert(init_text);
          }
        }
        else if (ts::Is(init, "call"))
          init_text = InitializerText(init);
        else
          Bail();
        const string made_text = MadeVariable(g, init_text);
        if (var_scope) {
          Replace(c, made_text);
          kept = true;
        } else {
          // TF1's get_variable ignores a name scope: made before the block
          uint32_t b = ts_node_start_byte(st);
          string rest = src_.substr(ts_node_end_byte(st), LineEndAt(src_, ts_node_end_byte(st)) - ts_node_end_byte(st));
          while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\r')) rest.pop_back();
          moved.push_back(fmt::format("{}{} = {}{}", string(indent, ' '), name, made_text, rest));
          edits_.emplace_back(LineStartAt(src_, b), LineEndAt(src_, ts_node_end_byte(st)), "");
        }
        continue;
      }
      // `scope.reuse_variables()`
      TSNode e = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      TSNode fn = ts::Is(e, "call") ? ts::Field(e, "function") : TSNode{};
      if (alias.id && ts::Is(st, "expression_statement") && ts::Is(fn, "attribute") &&
          Text(ts::Field(fn, "object")) == Text(alias) && Text(ts::Field(fn, "attribute")) == "reuse_variables") {
        reuse = true;
        Replace(st, "# reuse_variables(): a get_variable below is the variable made above");
        continue;
      }
      Bail();
    }
    // initializers that stay: TF2's spelling
    for (const auto& [iname, at] : init_stmts) {
      if (moved_inits.count(iname)) continue;
      kept = true;
      if (StartsWith(Resolved(ts::Field(at.second, "function")), "tensorflow.compat.v1."))
        Replace(at.second, initializers[iname]);
    }
    if (!kept) Bail();  // (the block would have no statement left)
    if (alias.id) {
      // the scope object is used only for reuse_variables() in the block
      ts::Walk(
          file_.Root(),
          [&](TSNode n, const char*) {
            if (ts::Same(n, alias)) return false;
            if (ts::Is(n, "identifier") && Text(n) == Text(alias)) {
              TSNode p = ts::Parent(n);
              bool reuse_call = ts::Is(p, "attribute") && Text(ts::Field(p, "attribute")) == "reuse_variables" &&
                                ts::Contains(body, n);
              if (!reuse_call && !(ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), n))) Bail();
            }
            return true;
          },
          [](TSNode) {});
    }
    handled->insert(call.id);
    // the header: TF2's name scope of the same name
    string header = fmt::format("{}.name_scope({})", tf_, Text(args[0]));
    edits_.emplace_back(ts_node_start_byte(v), ts_node_end_byte(v), header);
    if (!moved.empty()) {
      string lines;
      for (const string& l : moved) lines += l.substr(indent) + "\n" + string(indent, ' ');
      edits_.emplace_back(ts_node_start_byte(with), ts_node_start_byte(with), lines);
    }
    return true;
  }

  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  string tf_;
  std::set<string> taken_;  // TF1 graph names in use (variables' and scopes')
  std::vector<std::pair<uint32_t, string>> unseeded_;  // VariableScopeRewrite::unseeded
  std::vector<ByteEdit> edits_;
};

}  // namespace

string GetVariableAsVariable(const SemanticModel& m, string_view src, TSNode c, const string& tf, string* name,
                             string* drawn) {
  TSNode nm;
  auto lit = GetVariableLiteralName(m, src, c, &nm);
  GetVariableParts g;
  if (!lit || !GetVariablePartsOf(m, c, nm, &g) || !ts::Is(g.init, "call")) return {};
  string init_text;
  const string iq = ResolvedName(m, ts::Field(g.init, "function"));
  if (IsConstantInitializer(iq)) {
    auto t = ConstantInitializerText(m, src, g.init, tf);
    if (!t) return {};
    init_text = *t;
  } else {
    string why;
    init_text = KerasInitializerFor(m, src, g.init, tf, &why);
    if (init_text.empty()) return {};
    if (drawn) *drawn = iq;
  }
  if (name) *name = *lit;
  return MadeVariableText(src, g, init_text, tf);
}

bool VariableNamedAsInTf1(const SemanticModel& m, std::string_view src, TSNode obj) {
  if (!ts::Is(obj, "identifier")) return false;
  std::string var(ts::Text(obj, src));
  auto resolved = [&](TSNode n) {
    auto q = m.Resolve(n);
    return q ? *q : std::string();
  };
  auto literal = [&](TSNode n) -> std::string {
    if (!ts::Is(n, "string")) return {};
    std::string_view t = ts::Text(n, src);
    if (t.size() < 3 || (t[0] != '"' && t[0] != '\'') || t.back() != t[0]) return {};
    std::string v(t.substr(1, t.size() - 2));
    return v.find('\\') == std::string::npos && v.find(t[0]) == std::string::npos ? v : std::string();
  };
  // each module-level variable statement's graph name ("" when it is not known)
  std::map<std::string, int> names;  // graph name -> how many take it
  std::string mine;
  // (`var3_reuse = var3`, a reused get_variable: the variable bound to the other name)
  for (int depth = 0;; ++depth) {
    int bindings = 0;
    TSNode right{};
    ts::Walk(
        m.file().Root(),
        [&](TSNode n, const char*) {
          if (ts::Is(n, "assignment") && ts::Text(ts::Field(n, "left"), src) == var) {
            ++bindings;
            right = ts::Field(n, "right");
          }
          if (ts::Is(n, "for_statement") || ts::Is(n, "augmented_assignment")) {
            TSNode left = ts::Field(n, "left");
            if (left.id && ts::Text(left, src).find(var) != std::string_view::npos) bindings += 2;
          }
          return true;
        },
        [](TSNode) {});
    if (bindings != 1) return false;
    if (!ts::Is(right, "identifier")) break;
    if (depth == 3) return false;
    var = std::string(ts::Text(right, src));
  }
  for (TSNode c : m.calls()) {
    std::string q = resolved(ts::Field(c, "function"));
    const bool variable = q == "tensorflow.Variable" || q == "tensorflow.compat.v1.Variable";
    const bool scope = q == "tensorflow.name_scope" || q == "tensorflow.compat.v1.name_scope";
    if (!variable && !scope) {
      if (q == "tensorflow.compat.v1.get_variable" || q == "tensorflow.compat.v1.variable_scope") return false;
      continue;
    }
    if (scope) {
      const auto& pos = m.PositionalArgs(c);
      std::string s = pos.size() == 1 ? literal(pos[0]) : std::string();
      if (s.empty()) return false;
      ++names[s];
      continue;
    }
    std::string n = literal(m.KeywordArg(c, "name"));
    if (n.empty() || n.rfind("Variable", 0) == 0) {
      if (!m.KeywordArg(c, "name").id) continue;  // "Variable", "Variable_1", ...: no literal name is one of them
      return false;
    }
    // where it is made: a module-level statement, or one of a module-level name scope's block
    TSNode st = ts::Parent(ts::Parent(c));  // call -> assignment -> expression_statement
    TSNode block = ts::Parent(st), with = ts::Parent(block);
    std::string prefix;
    if (ts::Is(with, "with_statement") && ts::Same(ts::Parent(with), m.file().Root())) {
      TSNode item = ts_node_named_child(ts_node_named_child(with, 0), 0);
      TSNode wc = ts::Field(item, "value");
      if (!ts::Is(wc, "call")) return false;
      std::string wq = resolved(ts::Field(wc, "function"));
      const auto& pos = m.PositionalArgs(wc);
      std::string s = pos.size() == 1 ? literal(pos[0]) : std::string();
      if ((wq != "tensorflow.name_scope" && wq != "tensorflow.compat.v1.name_scope") || s.empty()) return false;
      prefix = s + "/";
    } else if (!ts::Same(block, m.file().Root())) {
      return false;
    }
    ++names[prefix + n];
    TSNode a = ts::Parent(c);
    if (ts::Is(a, "assignment") && ts::Text(ts::Field(a, "left"), src) == var) mine = prefix + n;
  }
  return !mine.empty() && names[mine] == 1;
}

VariableScopeRewrite RewriteVariableScopes(PythonParser& parser, const std::string& text) {
  auto src = SourceFromBytes(text, "<tf2>", SourceKind::kPython);
  if (!src) return {};
  auto parsed = parser.Parse(std::move(*src));
  if (!parsed || parsed->syntax_error) return {};
  SemanticModel m(*parsed);
  return ScopeRewriter(*parsed, m).Run();
}

}  // namespace tfm
