// A layer helper (`add_layer`) becomes a tf.Module: see tf2_layer_helper.h.
#include "rewriter/tf2_layer_helper.h"
#include "rewriter/tf2_keras.h"
#include "rewriter/tf2_variable_scopes.h"

#include "rewriter/tf2_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

struct Ctx {
  const SemanticModel& m;
  string_view src;
  string_view Text(TSNode n) const { return ts::Text(n, src); }
  string Resolved(TSNode n) const { return ResolvedName(m, n); }
  uint32_t LineStart(uint32_t byte) const { return LineStartAt(src, byte); }
};

bool IsVariableCall(const Ctx& x, TSNode n) {
  if (!ts::Is(n, "call")) return false;
  string q = x.Resolved(ts::Field(n, "function"));
  return q == "tensorflow.Variable" || q == "tensorflow.compat.v1.Variable";
}

bool IsGetVariableCall(const Ctx& x, TSNode n) {
  return ts::Is(n, "call") && x.Resolved(ts::Field(n, "function")) == "tensorflow.compat.v1.get_variable";
}

// `NAME = tf.Variable(...)` or `NAME = tf.compat.v1.get_variable(...)`: NAME, else empty.
string VariableStatement(const Ctx& x, TSNode st) {
  if (!ts::Is(st, "expression_statement") || ts_node_named_child_count(st) != 1) return {};
  TSNode a = ts_node_named_child(st, 0);
  if (!ts::Is(a, "assignment") || !ts::Is(ts::Field(a, "left"), "identifier") || ts::Field(a, "type").id) return {};
  TSNode right = ts::Field(a, "right");
  return IsVariableCall(x, right) || IsGetVariableCall(x, right) ? string(x.Text(ts::Field(a, "left"))) : string();
}

struct Param {
  string name, text;
  bool has_default = false;
};

std::vector<Param> Params(const Ctx& x, TSNode def, string* why) {
  std::vector<Param> out;
  for (TSNode p : ts::NamedChildren(ts::Field(def, "parameters"))) {
    if (ts::Is(p, "comment")) continue;
    if (ts::Is(p, "identifier")) {
      out.push_back({string(x.Text(p)), string(x.Text(p)), false});
    } else if (ts::Is(p, "default_parameter") && ts::Is(ts::Field(p, "name"), "identifier")) {
      out.push_back({string(x.Text(ts::Field(p, "name"))), string(x.Text(p)), true});
    } else {
      *why = fmt::format("its parameter `{}` is not a plain name or a name with a default", x.Text(p));
      return {};
    }
  }
  return out;
}

// The statement chunk (its comments before it included), with `renames` applied (byte
// offset -> replacement of the identifier there), re-indented from `from` columns to `to`.
string Chunk(const Ctx& x, uint32_t begin, uint32_t end, const std::map<uint32_t, std::pair<uint32_t, string>>& renames,
             uint32_t from, const string& to) {
  string text;
  uint32_t at = begin;
  for (const auto& [b, er] : renames) {
    if (b < begin || b >= end) continue;
    text.append(x.src.substr(at, b - at));
    text += er.second;
    at = er.first;
  }
  text.append(x.src.substr(at, end - at));
  string out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    string line = text.substr(pos, nl == string::npos ? string::npos : nl - pos);
    size_t lead = 0;
    while (lead < line.size() && lead < from && line[lead] == ' ') ++lead;
    line.erase(0, lead);
    if (!line.empty()) out += to + line;
    out += "\n";
    if (nl == string::npos) break;
    pos = nl + 1;
  }
  while (out.size() >= 2 && out.substr(out.size() - 2) == "\n\n") out.pop_back();
  return out;
}

}  // namespace

string LayerClassName(string_view function_name) {
  string out;
  bool up = true;
  for (char c : function_name) {
    if (c == '_') {
      up = true;
      continue;
    }
    out += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return out.empty() ? string("Layer") : out;
}

LayerHelperPlan PlanLayerHelper(const SemanticModel& m, string_view src, TSNode def, const string& class_name,
                                const string& tf, bool seeded_as_keras) {
  Ctx x{m, src};
  LayerHelperPlan plan;
  auto fail = [&](string why) {
    plan.why = std::move(why);
    return plan;
  };
  if (!ts::Is(def, "function_definition") || ts::Is(ts::Parent(def), "decorated_definition"))
    return fail("it is not a plain function definition");
  if (ts::Field(def, "return_type").id) return fail("it has a return annotation");
  string why;
  std::vector<Param> params = Params(x, def, &why);
  if (!why.empty()) return fail(why);
  TSNode body = ts::Field(def, "body");
  std::vector<TSNode> stmts;
  for (TSNode s : ts::NamedChildren(body))
    if (!ts::Is(s, "comment")) stmts.push_back(s);
  if (stmts.empty()) return fail("its body is empty");
  // a docstring: the class's
  string doc;
  if (ts::Is(stmts[0], "expression_statement") && ts_node_named_child_count(stmts[0]) == 1 &&
      ts::Is(ts_node_named_child(stmts[0], 0), "string")) {
    doc = string(x.Text(stmts[0]));
  }
  std::set<string> vars, param_names;
  for (const Param& p : params) param_names.insert(p.name);
  std::vector<TSNode> var_stmts, call_stmts;
  std::set<string> locals;  // names the rest of the body binds
  for (size_t i = doc.empty() ? 0 : 1; i < stmts.size(); ++i) {
    TSNode st = stmts[i];
    string v = VariableStatement(x, st);
    if (!v.empty()) {
      if (vars.count(v) || param_names.count(v)) return fail(fmt::format("it binds `{}` twice", v));
      vars.insert(v);
      var_stmts.push_back(st);
      continue;
    }
    call_stmts.push_back(st);
    bool bad = false;
    string what;
    ts::Walk(
        st,
        [&](TSNode c, const char*) {
          if (bad) return false;
          if (ts::Is(c, "function_definition") || ts::Is(c, "class_definition") || ts::Is(c, "global_statement") ||
              ts::Is(c, "nonlocal_statement") || ts::Is(c, "yield")) {
            bad = true;
            what = "it defines functions or classes, or declares globals, or yields";
            return false;
          }
          if (ts::Is(c, "string") && ts_node_start_point(c).row != ts_node_end_point(c).row) {
            bad = true;
            what = "it holds a multi-line string";
            return false;
          }
          if (ts::Is(c, "call")) {
            string q = x.Resolved(ts::Field(c, "function"));
            if (q.find("Variable") != string::npos || q.find("variable") != string::npos ||
                q.find("collection") != string::npos || q.find(".layers.") != string::npos) {
              bad = true;
              what = fmt::format("it calls `{}` outside a `NAME = tf.Variable(...)` statement", q);
              return false;
            }
          }
          if (ts::Is(c, "assignment") || ts::Is(c, "augmented_assignment") || ts::Is(c, "for_statement")) {
            ValueIdentifiers(ts::Field(c, "left"), [&](TSNode id) { locals.insert(string(x.Text(id))); });
          }
          return true;
        },
        [](TSNode) {});
    if (bad) return fail(what);
  }
  if (var_stmts.empty()) return fail("it makes no variable of its own");
  for (const string& l : locals)
    if (vars.count(l)) return fail(fmt::format("it assigns the variable `{}` again", l));
  // parameters the variables are made from: the constructor's
  std::set<string> init_used;
  for (TSNode st : var_stmts) {
    string bad;
    ValueIdentifiers(ts::Field(ts_node_named_child(st, 0), "right"), [&](TSNode id) {
      string n(x.Text(id));
      if (param_names.count(n)) init_used.insert(n);
      else if (locals.count(n)) bad = n;
    });
    if (!bad.empty()) return fail(fmt::format("a variable is made from `{}`, which the helper computes", bad));
  }
  std::set<string> attrs;  // constructor parameters the call reads too
  for (TSNode st : call_stmts)
    ValueIdentifiers(st, [&](TSNode id) {
      string n(x.Text(id));
      if (init_used.count(n)) attrs.insert(n);
    });
  for (const string& a : attrs)
    if (locals.count(a) || vars.count(a)) return fail(fmt::format("it assigns the parameter `{}`", a));
  std::vector<string> init_sig, call_sig;
  for (const Param& p : params) {
    if (init_used.count(p.name)) {
      plan.init_params.push_back(p.name);
      init_sig.push_back(p.text);
    } else {
      plan.call_params.push_back(p.name);
      call_sig.push_back(p.text);
    }
  }
  // renames: the variables everywhere, the attributes in the call
  std::map<uint32_t, std::pair<uint32_t, string>> renames;
  for (TSNode st : var_stmts)
    ValueIdentifiers(st, [&](TSNode id) {
      string n(x.Text(id));
      if (vars.count(n)) renames[ts_node_start_byte(id)] = {ts_node_end_byte(id), "self." + n};
    });
  for (TSNode st : call_stmts)
    ValueIdentifiers(st, [&](TSNode id) {
      string n(x.Text(id));
      if (vars.count(n) || attrs.count(n)) renames[ts_node_start_byte(id)] = {ts_node_end_byte(id), "self." + n};
    });
  // `call` written as `text` in the class (no identifier in it renamed: false)
  auto replace_call = [&](TSNode call, string text) {
    const uint32_t cb = ts_node_start_byte(call), ce = ts_node_end_byte(call);
    for (const auto& [b, er] : renames)
      if (b >= cb && b < ce) return false;
    renames[cb] = {ce, std::move(text)};
    return true;
  };
  // get_variable: the tf.Variable TF1 made
  for (TSNode st : var_stmts) {
    TSNode c = ts::Field(ts_node_named_child(st, 0), "right");
    if (!IsGetVariableCall(x, c)) continue;
    string name, drawn;
    const string made = GetVariableAsVariable(m, src, c, tf, &name, &drawn);
    if (made.empty())
      return fail(fmt::format("`{}` is not of the form `tf.compat.v1.get_variable(\"name\", shape, initializer=INIT(...))` "
                              "with an initializer TF2 has",
                              x.Text(c)));
    if (!replace_call(c, made)) return fail(fmt::format("`{}` is made from another of its variables", x.Text(c)));
    plan.get_variables.push_back(name);
    if (!drawn.empty()) plan.drawn.push_back(drawn);
  }
  if (seeded_as_keras)
    for (TSNode st : var_stmts)
      for (TSNode c : m.calls()) {
        if (!ts::Contains(st, c)) continue;
        string keras_class, seed;
        TSNode seed_node{};
        string k = KerasSeededDraw(m, src, c, tf, &keras_class, &seed, &seed_node);
        if (k.empty()) continue;
        // (a seed the call passes may differ from object to object: it stays as written)
        bool per_call = false;
        ValueIdentifiers(seed_node, [&](TSNode id) { per_call |= param_names.count(string(x.Text(id))) > 0; });
        if (per_call) continue;
        if (!replace_call(c, k)) return fail(fmt::format("a seeded initial value is drawn from `{}`", x.Text(c)));
        plan.seeded.push_back(fmt::format("{} (seed `{}`)", keras_class, seed));
      }
  const uint32_t from = ts_node_start_point(stmts[0]).column;
  const string in8(8, ' ');
  // each statement with the comments before it
  auto chunks = [&](const std::vector<TSNode>& which) {
    string out;
    for (TSNode st : which) {
      uint32_t begin = ts_node_start_byte(st);
      TSNode prev = ts_node_prev_named_sibling(st);
      while (prev.id && ts::Is(prev, "comment") && ts_node_start_point(prev).column == from) {
        begin = ts_node_start_byte(prev);
        prev = ts_node_prev_named_sibling(prev);
      }
      out += Chunk(x, x.LineStart(begin), ts_node_end_byte(st), renames, from, in8);
    }
    return out;
  };
  string text = fmt::format("class {}({}.Module):\n", class_name, tf);
  if (!doc.empty()) text += "    " + doc + "\n\n";
  text += fmt::format("    def __init__({}):\n", fmt::join([&] {
                        std::vector<string> s{"self"};
                        s.insert(s.end(), init_sig.begin(), init_sig.end());
                        return s;
                      }(),
                                                            ", "));
  text += "        super().__init__()\n";
  text += chunks(var_stmts);
  for (const Param& p : params)
    if (attrs.count(p.name)) text += fmt::format("        self.{0} = {0}\n", p.name);
  text += "\n";
  std::vector<string> cs{"self"};
  cs.insert(cs.end(), call_sig.begin(), call_sig.end());
  text += fmt::format("    def __call__({}):\n", fmt::join(cs, ", "));
  string rest = chunks(call_stmts);
  text += rest.empty() ? "        return None\n" : rest;
  plan.class_text = text;
  return plan;
}

LayerCallSplit SplitLayerCall(const SemanticModel& m, string_view src, TSNode def, const LayerHelperPlan& plan,
                              TSNode call) {
  Ctx x{m, src};
  LayerCallSplit out;
  string why;
  std::vector<Param> params = Params(x, def, &why);
  std::vector<string> init, rest;
  size_t pos = 0;
  auto is_init = [&](const string& n) {
    return std::find(plan.init_params.begin(), plan.init_params.end(), n) != plan.init_params.end();
  };
  std::set<string> given;
  for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments"))) {
    if (ts::Is(a, "comment")) continue;
    if (ts::Is(a, "keyword_argument")) {
      string n(x.Text(ts::Field(a, "name")));
      bool known = std::any_of(params.begin(), params.end(), [&](const Param& p) { return p.name == n; });
      if (!known || !given.insert(n).second) {
        out.why = fmt::format("the call passes `{}`, which is not a parameter", n);
        return out;
      }
      (is_init(n) ? init : rest).push_back(string(x.Text(a)));
      if (is_init(n)) out.init_values.push_back(ts::Field(a, "value"));
    } else if (ts::Is(a, "list_splat") || ts::Is(a, "dictionary_splat") || ts::Is(a, "parenthesized_list_splat")) {
      out.why = "the call unpacks its arguments";
      return out;
    } else {
      if (pos >= params.size()) {
        out.why = "the call passes more arguments than the helper takes";
        return out;
      }
      const string& n = params[pos++].name;
      given.insert(n);
      (is_init(n) ? init : rest).push_back(string(x.Text(a)));
      if (is_init(n)) out.init_values.push_back(a);
    }
  }
  for (const Param& p : params)
    if (!p.has_default && !given.count(p.name)) {
      out.why = fmt::format("the call does not pass `{}`", p.name);
      return out;
    }
  out.init_args = fmt::format("{}", fmt::join(init, ", "));
  out.call_args = fmt::format("{}", fmt::join(rest, ", "));
  return out;
}

}  // namespace tfm
