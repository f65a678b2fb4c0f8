// Helpers sharing their tf.layers through an AUTO_REUSE variable scope: see tf2_scoped_layers.h.
#include "rewriter/tf2_scoped_layers.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "analyzer/python/ts_util.h"
#include "rewriter/tf2_keras.h"
#include "rewriter/tf2_layer_helper.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

struct NotOfThatForm {};

// Names a Keras layer has already (an attribute of that name would shadow them).
bool LayerAttribute(string_view n) {
  static const std::set<string_view> kTaken = {"name",   "dtype",     "trainable", "weights",  "built",
                                               "input",  "output",    "call",      "build",    "losses",
                                               "variables", "trainable_variables", "non_trainable_variables",
                                               "path",   "supports_masking", "input_spec", "compute_dtype"};
  return kTaken.count(n) > 0;
}

class Planner {
 public:
  Planner(const ParsedFile& file, const SemanticModel& m, const string& tf)
      : file_(file), m_(m), src_(file.source.text), tf_(tf) {}

  ScopedLayerEdits Run() {
    ScopedLayerEdits out;
    CollectNames();
    std::vector<TSNode> module = ts::NamedChildren(file_.Root());
    for (TSNode st : module) {
      if (!ts::Is(st, "function_definition")) continue;
      try {
        PlanHelper(st, &out);
      } catch (const NotOfThatForm&) {
      }
    }
    if (helpers_.empty()) return ScopedLayerEdits{};
    try {
      PlanCollections(&out);
    } catch (const NotOfThatForm&) {
      return ScopedLayerEdits{};
    }
    return out;
  }

 private:
  struct Helper {
    string name, scope, cls;
  };

  string Text(TSNode n) const { return string(ts::Text(n, src_)); }
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }
  string CallName(TSNode c) const { return ts::Is(c, "call") ? Resolved(ts::Field(c, "function")) : string(); }
  [[noreturn]] static void Bail() { throw NotOfThatForm{}; }
  uint32_t Row(TSNode n) const { return ts_node_start_point(n).row + 1; }
  uint32_t EndRow(TSNode n) const { return ts_node_end_point(n).row + 1; }

  std::optional<string> Literal(TSNode n) const { return PlainStringLiteral(n, src_); }

  void CollectNames() {
    ts::Walk(
        file_.Root(),
        [&](TSNode n, const char*) {
          if (ts::Is(n, "identifier")) names_.insert(Text(n));
          if (ts::Is(n, "string")) {
            if (auto v = Literal(n)) literals_.push_back({*v, n});
          }
          return true;
        },
        [](TSNode) {});
  }

  // Calls that make variables or read graph-wide state: not in a helper's other statements.
  static bool MakesVariables(const string& q) {
    for (string_view bad : {"Variable", "get_variable", "layers.", "keras", "variable_scope", "get_collection",
                            "trainable_variables", "global_variables", "contrib", "rnn", "add_to_collection",
                            "batch_norm", "get_default_graph"})
      if (q.find(bad) != string::npos) return true;
    return false;
  }

  void PlanHelper(TSNode def, ScopedLayerEdits* out) {
    const string name = Text(ts::Field(def, "name"));
    if (ts::Field(def, "return_type").id || ts_node_start_point(def).column != 0) Bail();
    std::vector<TSNode> params;
    for (TSNode p : ts::NamedChildren(ts::Field(def, "parameters")))
      if (!ts::Is(p, "comment")) params.push_back(p);
    // (x) with reuse=AUTO_REUSE, or (x, reuse=False) with reuse=reuse: the GAN idiom whose
    // later calls pass reuse=True
    if (params.empty() || params.size() > 2 || !ts::Is(params[0], "identifier")) Bail();
    const string param = Text(params[0]);
    string reuse_param;
    if (params.size() == 2) {
      TSNode dflt = ts::Field(params[1], "value");
      if (!ts::Is(params[1], "default_parameter") || (Text(dflt) != "False" && Text(dflt) != "None")) Bail();
      reuse_param = Text(ts::Field(params[1], "name"));
    }
    // [docstring] with variable_scope("S", reuse=AUTO_REUSE): ...
    std::vector<TSNode> body;
    for (TSNode s : ts::NamedChildren(ts::Field(def, "body")))
      if (!ts::Is(s, "comment")) body.push_back(s);
    TSNode doc{};
    if (body.size() == 2 && ts::Is(body[0], "expression_statement") &&
        ts::Is(ts_node_named_child(body[0], 0), "string")) {
      doc = body[0];
      body.erase(body.begin());
    }
    if (body.size() != 1 || !ts::Is(body[0], "with_statement")) Bail();
    TSNode with = body[0], call{}, alias{};
    if (!SingleWithCall(with, &call, &alias) || alias.id) Bail();
    if (CallName(call) != "tensorflow.compat.v1.variable_scope") Bail();
    std::vector<TSNode> args;
    for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments")))
      if (!ts::Is(a, "comment")) args.push_back(a);
    TSNode scope_arg = m_.PositionalArgs(call).empty() ? m_.KeywordArg(call, "name_or_scope") : m_.PositionalArgs(call)[0];
    TSNode reuse = m_.KeywordArg(call, "reuse");
    if (args.size() != 2 || !scope_arg.id || !reuse.id) Bail();
    if (reuse_param.empty() ? Resolved(reuse) != "tensorflow.compat.v1.AUTO_REUSE" : Text(reuse) != reuse_param) Bail();
    // the reuse parameter is read by the scope alone
    ValueIdentifiers(ts::Field(with, "body"), [&](TSNode n) {
      if (!reuse_param.empty() && Text(n) == reuse_param) Bail();
    });
    auto scope = Literal(scope_arg);
    if (!scope || !IsPythonIdentifier(*scope)) Bail();
    for (const Helper& h : helpers_)
      if (StartsWith(h.scope, *scope) || StartsWith(*scope, h.scope)) Bail();  // TF1 matched scopes by prefix
    // the block's statements
    std::vector<TSNode> stmts;
    for (TSNode s : ts::NamedChildren(ts::Field(with, "body")))
      if (!ts::Is(s, "comment")) stmts.push_back(s);
    if (stmts.empty() || !ts::Is(stmts.back(), "return_statement")) Bail();
    struct Dense {
      string attr, ctor, build, tf1;
      TSNode call;
      string input;
    };
    std::vector<Dense> denses;
    std::set<string> tf1_names;
    std::map<string, string> units_of;  // the parameter and the names the block binds -> the dense units each holds ("" unknown)
    bool param_rebound = false;          // (the block binds the parameter again)
    units_of[param] = "";
    auto dense_of = [&](TSNode value, const string& target) {
      if (CallName(value) != "tensorflow.compat.v1.layers.dense") return false;
      string why;
      std::map<string, TSNode> given =
          CallArgsByName(src_, value, {"inputs", "units", "activation"}, &why,
                         {"use_bias", "name", "kernel_initializer", "bias_initializer"});
      if (!why.empty()) Bail();
      if (!given.count("inputs") || !given.count("units") || !ts::Is(given["inputs"], "identifier")) Bail();
      const string in = Text(given["inputs"]);
      Dense d;
      d.call = value;
      d.input = in;
      if (in == param && !param_rebound) {
        d.build = param + "_shape";
      } else if (auto u = units_of.find(in); u != units_of.end() && !u->second.empty()) {
        d.build = fmt::format("[None, {}]", u->second);
      } else {
        Bail();  // the input's last dimension is not known here
      }
      // the constructor's arguments read nothing the block computes
      for (const auto& [k, v] : given) {
        if (k == "inputs") continue;
        ValueIdentifiers(v, [&](TSNode id) {
          if (units_of.count(Text(id))) Bail();
        });
      }
      string tf1 = "dense";
      if (given.count("name")) {
        auto lit = Literal(given["name"]);
        if (!lit || !IsPythonIdentifier(*lit)) Bail();
        tf1 = *lit;
      }
      {
        const string base = tf1;
        for (int k = 1; tf1_names.count(tf1); ++k) tf1 = fmt::format("{}_{}", base, k);
      }
      tf1_names.insert(tf1);
      d.tf1 = tf1;
      d.attr = LayerAttribute(tf1) ? tf1 + "_layer" : tf1;
      std::vector<string> ctor = KerasDenseArgs(m_, src_, given, tf_, &why);
      if (ctor.empty()) Bail();
      ctor.push_back(fmt::format("name=\"{}\"", tf1));
      d.ctor = fmt::format("{}.keras.layers.Dense({})", tf_, fmt::join(ctor, ", "));
      if (!target.empty()) units_of[target] = Text(given["units"]);
      denses.push_back(std::move(d));
      return true;
    };
    for (size_t i = 0; i < stmts.size(); ++i) {
      TSNode st = stmts[i];
      TSNode value{};
      string target;
      if (ts::Is(st, "return_statement")) {
        if (i + 1 != stmts.size() || ts_node_named_child_count(st) != 1) Bail();
        value = ts_node_named_child(st, 0);
      } else {
        TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
        if (!ts::Is(st, "expression_statement") || !ts::Is(a, "assignment") ||
            !ts::Is(ts::Field(a, "left"), "identifier") || ts::Field(a, "type").id)
          Bail();
        value = ts::Field(a, "right");
        target = Text(ts::Field(a, "left"));
      }
      if (!value.id) Bail();
      bool whole_dense = dense_of(value, target);
      // every other call: a TensorFlow op that makes no variables
      ts::Walk(
          value,
          [&](TSNode c, const char*) {
            if (ts::Is(c, "lambda") || (ts::Is(c, "string") && ts_node_start_point(c).row != ts_node_end_point(c).row))
              Bail();
            if (!ts::Is(c, "call") || (whole_dense && ts::Same(c, value))) return true;
            string q = CallName(c);
            if (!StartsWith(q, "tensorflow.") || MakesVariables(q)) Bail();
            return true;
          },
          [](TSNode) {});
      if (!target.empty() && !whole_dense) units_of[target] = "";
      param_rebound |= target == param;
    }
    if (denses.empty()) Bail();
    // the helper's uses: `helper(x)` calls only (with a reuse parameter: the first call
    // creates, `helper(x)` or reuse=False/None, and every later one reuses, reuse=True, each
    // in a module-level statement so that the text's order is the order they run in), and
    // its name bound by the def alone
    std::vector<std::pair<ByteEdit, uint32_t>> call_edits;  // (edit, its row)
    int calls = 0;
    ValueIdentifiers(file_.Root(), [&](TSNode n) {
      if (Text(n) != name || ts::Same(n, ts::Field(def, "name"))) return;
      TSNode p = ts::Parent(n);
      if (!ts::Is(p, "call") || !ts::Same(ts::Field(p, "function"), n)) Bail();
      std::vector<TSNode> a;
      for (TSNode x : ts::NamedChildren(ts::Field(p, "arguments")))
        if (!ts::Is(x, "comment")) a.push_back(x);
      if (a.empty() || ts::Is(a[0], "keyword_argument") || ts::Is(a[0], "list_splat") ||
          ts::Is(a[0], "dictionary_splat"))
        Bail();
      ++calls;
      if (reuse_param.empty()) {
        if (a.size() != 1) Bail();
        return;
      }
      string given = "False";
      if (a.size() == 2) {
        TSNode v = ts::Is(a[1], "keyword_argument") ? ts::Field(a[1], "value") : a[1];
        if (ts::Is(a[1], "keyword_argument") && Text(ts::Field(a[1], "name")) != reuse_param) Bail();
        given = Text(v);
        if (Resolved(v) == "tensorflow.compat.v1.AUTO_REUSE") given = "True";
      } else if (a.size() > 2) {
        Bail();
      }
      if (given == "None") given = "False";
      if (given != (calls == 1 ? "False" : "True")) Bail();
      for (TSNode up = ts::Parent(p); up.id && !ts::Is(up, "module"); up = ts::Parent(up))
        if (ts::Is(up, "function_definition") || ts::Is(up, "for_statement") || ts::Is(up, "while_statement") ||
            ts::Is(up, "if_statement") || ts::Is(up, "lambda") || ts::Is(up, "list_comprehension") ||
            ts::Is(up, "generator_expression") || ts::Is(up, "with_statement") || ts::Is(up, "try_statement"))
          Bail();
      if (a.size() == 2)
        call_edits.push_back({{ts_node_start_byte(ts::Field(p, "arguments")), ts_node_end_byte(ts::Field(p, "arguments")),
                               "(" + Text(a[0]) + ")"},
                              Row(p)});
    });
    // the class
    string cls = LayerClassName(name);
    while (names_.count(cls)) cls += "Layer";
    names_.insert(cls);
    string text = fmt::format("class {}({}.keras.layers.Layer):\n", cls, tf_);
    if (doc.id) {
      TSNode ds = ts_node_named_child(doc, 0);
      if (ts_node_start_point(ds).row != ts_node_end_point(ds).row) Bail();
      text += fmt::format("    {}\n\n", Text(ds));
    }
    text += "    def __init__(self):\n";
    text += fmt::format("        super().__init__(name=\"{}\")\n", *scope);
    for (const Dense& d : denses) text += fmt::format("        self.{} = {}\n", d.attr, d.ctor);
    text += fmt::format("\n    def build(self, {}_shape):\n", param);
    for (const Dense& d : denses) text += fmt::format("        self.{}.build({})\n", d.attr, d.build);
    text += fmt::format("\n    def call(self, {}):\n", param);
    // the block's statements, the dense calls made calls of the layers, indented for `call`
    TSNode first = ts_node_named_child(ts::Field(with, "body"), 0);
    const uint32_t b = LineStartAt(src_, ts_node_start_byte(first));
    const uint32_t e = LineEndAt(src_, ts_node_end_byte(ts::Field(with, "body")));
    std::vector<ByteEdit> inner;
    for (const Dense& d : denses)
      inner.emplace_back(ts_node_start_byte(d.call) - b, ts_node_end_byte(d.call) - b,
                         fmt::format("self.{}({})", d.attr, d.input));
    string block = ApplyByteEdits(string_view(src_).substr(b, e - b), inner);
    if (block.empty()) Bail();
    const int indent = static_cast<int>(ts_node_start_point(first).column);
    size_t at = 0;
    while (at < block.size()) {
      size_t eol = block.find('\n', at);
      string line = block.substr(at, eol == string::npos ? string::npos : eol - at + 1);
      at = eol == string::npos ? block.size() : eol + 1;
      size_t lead = line.find_first_not_of(' ');
      if (lead == string::npos || line[lead] == '\n' || line[lead] == '\r') {
        text += line.substr(lead == string::npos ? line.size() : lead);
        continue;
      }
      int keep = std::max(0, static_cast<int>(lead) - indent);
      text += string(8 + keep, ' ') + line.substr(lead);
    }
    if (text.back() != '\n') text += '\n';
    text += fmt::format("\n\n{} = {}()\n", name, cls);
    out->edits.emplace_back(LineStartAt(src_, ts_node_start_byte(def)), LineEndAt(src_, ts_node_end_byte(def)), text);
    out->lines.emplace_back(Row(def), EndRow(def));
    for (auto& [e, row] : call_edits) {
      out->lines.emplace_back(row, row);
      out->edits.push_back(std::move(e));
    }
    std::vector<string> names;
    for (const Dense& d : denses) names.push_back(fmt::format("`{}/{}`", *scope, d.tf1));
    out->notes.push_back(fmt::format(
        "`{}` (variable scope \"{}\", {}): a Keras layer made once and shared by every call, its dense "
        "layers named as TF1 named them ({}); their kernels have no op seed, so the converted program draws other "
        "random numbers (the same with --deterministic-random)",
        name, *scope, reuse_param.empty() ? "reuse=AUTO_REUSE" : "reused after its first call",
        fmt::join(names, ", ")));
    helpers_.push_back({name, *scope, cls});
  }

  // `V = tf.compat.v1.get_collection(TRAINABLE_VARIABLES, scope="S")` read only as
  // `var_list=V`, or the call itself a `var_list=`: the object's trainable variables.
  void PlanCollections(ScopedLayerEdits* out) {
    std::set<const void*> handled_literals;
    for (TSNode c : m_.calls()) {
      const string q = CallName(c);
      TSNode scope_arg{};
      if (q == "tensorflow.compat.v1.get_collection") {
        const auto& pos = m_.PositionalArgs(c);
        TSNode key = pos.empty() ? m_.KeywordArg(c, "key") : pos[0];
        scope_arg = pos.size() > 1 ? pos[1] : m_.KeywordArg(c, "scope");
        if (!key.id || Resolved(key) != "tensorflow.compat.v1.GraphKeys.TRAINABLE_VARIABLES") continue;
      } else if (q == "tensorflow.compat.v1.trainable_variables") {
        const auto& pos = m_.PositionalArgs(c);
        scope_arg = pos.empty() ? m_.KeywordArg(c, "scope") : pos[0];
      } else {
        continue;
      }
      auto lit = scope_arg.id ? Literal(scope_arg) : std::nullopt;
      const Helper* h = nullptr;
      for (const Helper& x : helpers_)
        if (lit && *lit == x.scope) h = &x;
      if (!h) continue;
      handled_literals.insert(scope_arg.id);
      const string vars = h->name + ".trainable_variables";
      TSNode p = ts::Parent(c);
      if (ts::Is(p, "keyword_argument") && Text(ts::Field(p, "name")) == "var_list") {
        out->edits.emplace_back(ts_node_start_byte(c), ts_node_end_byte(c), vars);
        out->lines.emplace_back(Row(c), EndRow(c));
        continue;
      }
      TSNode st = ts::Parent(p);
      if (!ts::Is(p, "assignment") || !ts::Is(ts::Field(p, "left"), "identifier") ||
          !ts::Is(st, "expression_statement") || !ts::Is(ts::Parent(st), "module") ||
          !AloneOnLines(src_, st))
        Bail();
      const string v = Text(ts::Field(p, "left"));
      std::vector<TSNode> uses;
      ValueIdentifiers(file_.Root(), [&](TSNode n) {
        if (Text(n) != v || ts::Same(n, ts::Field(p, "left"))) return;
        TSNode up = ts::Parent(n);
        if (!ts::Is(up, "keyword_argument") || Text(ts::Field(up, "name")) != "var_list") Bail();
        uses.push_back(n);
      });
      out->edits.emplace_back(LineStartAt(src_, ts_node_start_byte(st)), LineEndAt(src_, ts_node_end_byte(st)), "");
      out->lines.emplace_back(Row(st), EndRow(st));
      for (TSNode u : uses) {
        out->edits.emplace_back(ts_node_start_byte(u), ts_node_end_byte(u), vars);
        out->lines.emplace_back(Row(u), Row(u));
      }
    }
    // TF1 matched a collection's scope as a prefix of the variables' names: no other name
    // of the module may start with a converted scope's
    for (const auto& [v, n] : literals_)
      for (const Helper& h : helpers_)
        if (StartsWith(v, h.scope) && !handled_literals.count(n.id)) {
          bool scope_of_helper = false;
          for (TSNode c : m_.calls())
            if (CallName(c) == "tensorflow.compat.v1.variable_scope" && ts::Contains(c, n)) scope_of_helper = true;
          if (!scope_of_helper) Bail();
        }
  }

  static bool StartsWith(const string& s, const string& p) { return s.compare(0, p.size(), p) == 0; }

  const ParsedFile& file_;
  const SemanticModel& m_;
  const string& src_;
  const string tf_;
  std::set<string> names_;
  std::vector<std::pair<string, TSNode>> literals_;
  std::vector<Helper> helpers_;
};

}  // namespace

ScopedLayerEdits PlanScopedLayerHelpers(const ParsedFile& file, const SemanticModel& m, const std::string& tf) {
  return Planner(file, m, tf).Run();
}

std::map<std::string, KerasLayerObject> FindKerasLayerObjects(const ParsedFile& file, const SemanticModel& m) {
  const string& src = file.source.text;
  auto text = [&](TSNode n) { return string(ts::Text(n, src)); };
  std::map<string, TSNode> classes;  // module-level Keras layer classes that define build
  std::vector<TSNode> module = ts::NamedChildren(file.Root());
  for (TSNode st : module) {
    if (!ts::Is(st, "class_definition")) continue;
    TSNode supers = ts::Field(st, "superclasses");
    bool keras = false;
    for (TSNode s : supers.id ? ts::NamedChildren(supers) : std::vector<TSNode>{})
      keras |= ResolvedName(m, s) == "tensorflow.keras.layers.Layer";
    bool build = false;
    for (TSNode d : ts::NamedChildren(ts::Field(st, "body")))
      build |= ts::Is(d, "function_definition") && text(ts::Field(d, "name")) == "build";
    if (keras && build) classes[text(ts::Field(st, "name"))] = st;
  }
  std::map<string, KerasLayerObject> out;
  for (TSNode st : module) {
    TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
    if (!ts::Is(st, "expression_statement") || !ts::Is(a, "assignment") || !ts::Is(ts::Field(a, "left"), "identifier"))
      continue;
    TSNode r = ts::Field(a, "right");
    if (!ts::Is(r, "call") || !ts::Is(ts::Field(r, "function"), "identifier") ||
        !ts::NamedChildren(ts::Field(r, "arguments")).empty())
      continue;
    auto it = classes.find(text(ts::Field(r, "function")));
    if (it == classes.end()) continue;
    KerasLayerObject obj;
    // the units of the Dense whose output call() returns
    std::map<string, string> units;  // attribute -> Dense units
    string returned;
    for (TSNode d : ts::NamedChildren(ts::Field(it->second, "body"))) {
      if (!ts::Is(d, "function_definition")) continue;
      const string fn = text(ts::Field(d, "name"));
      for (TSNode s : ts::NamedChildren(ts::Field(d, "body"))) {
        TSNode x = ts_node_named_child_count(s) == 1 ? ts_node_named_child(s, 0) : TSNode{};
        if (fn == "__init__" && ts::Is(x, "assignment")) {
          TSNode l = ts::Field(x, "left"), v = ts::Field(x, "right");
          if (ts::Is(l, "attribute") && text(ts::Field(l, "object")) == "self" && ts::Is(v, "call") &&
              ResolvedName(m, ts::Field(v, "function")) == "tensorflow.keras.layers.Dense" &&
              !m.PositionalArgs(v).empty())
            units[text(ts::Field(l, "attribute"))] = text(m.PositionalArgs(v)[0]);
        }
        if (fn == "call" && ts::Is(s, "return_statement") && ts::Is(x, "call")) {
          TSNode f = ts::Field(x, "function");
          if (ts::Is(f, "attribute") && text(ts::Field(f, "object")) == "self") returned = text(ts::Field(f, "attribute"));
        }
      }
    }
    if (auto u = units.find(returned); u != units.end()) obj.out_units = u->second;
    out[text(ts::Field(a, "left"))] = obj;
  }
  return out;
}

}  // namespace tfm
