#include "analyzer/python/semantic.h"
#include "analyzer/python/version_guard.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

// The TensorFlow module a project module binds `name` to, as a qualified name
// ("tensorflow.compat.v1"), for `from <relative> import name` in the file at `file_path`:
// `name = tf.compat.v1` (with `import tensorflow as tf` there), `import tensorflow.compat.v1
// as name`, `from tensorflow.compat import v1 as name`, `name = tf`. The compat.v1 binding
// wins over a fallback to `tensorflow` (`try: tfv1 = tf.compat.v1 except: tfv1 = tf`).
std::optional<std::string> ProjectTfAlias(const std::string& file_path, std::string_view relative,
                                          std::string_view name) {
  namespace fs = std::filesystem;
  if (file_path.empty() || name.empty()) return std::nullopt;
  size_t dots = 0;
  while (dots < relative.size() && relative[dots] == '.') ++dots;
  if (dots == 0) return std::nullopt;
  std::error_code ec;
  fs::path dir = fs::path(file_path).parent_path();
  for (size_t i = 1; i < dots; ++i) dir = dir.parent_path();
  std::string rest(relative.substr(dots));
  for (char& ch : rest)
    if (ch == '.') ch = '/';
  std::vector<fs::path> candidates;
  if (!rest.empty()) {
    candidates.push_back(dir / (rest + ".py"));
    candidates.push_back(dir / rest / "__init__.py");
  }
  for (const fs::path& c : candidates) {
    if (!fs::is_regular_file(c, ec) || fs::file_size(c, ec) > (256u << 10)) continue;
    std::ifstream in(c, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find("tensorflow") == std::string::npos || text.find(name) == std::string::npos) return std::nullopt;
    // names of the tensorflow module there
    std::set<std::string> tf_names;
    static const std::regex kImportTf(R"((?:^|\n)[ \t]*import[ \t]+tensorflow(?:[ \t]+as[ \t]+(\w+))?[ \t]*(?:#[^\n]*)?(?=\n|$))");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kImportTf); it != std::sregex_iterator(); ++it)
      tf_names.insert((*it)[1].matched ? (*it)[1].str() : std::string("tensorflow"));
    const std::string n(name);
    bool v1 = false, top = false;
    const std::regex kAssign("(?:^|\\n)[ \\t]*" + n + R"([ \t]*=[ \t]*(\w+)((?:\.compat\.v1)?)[ \t]*(?:#[^\n]*)?(?=\n|$))");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kAssign); it != std::sregex_iterator(); ++it) {
      if (!tf_names.count((*it)[1].str())) continue;
      ((*it)[2].length() ? v1 : top) = true;
    }
    const std::regex kImportV1("(?:import[ \\t]+tensorflow\\.compat\\.v1|from[ \\t]+tensorflow\\.compat[ \\t]+import[ \\t]+v1)[ \\t]+as[ \\t]+" + n + "\\b");
    if (std::regex_search(text, kImportV1)) v1 = true;
    if (v1) return std::string("tensorflow.compat.v1");
    if (top) return std::string("tensorflow");
    return std::nullopt;
  }
  return std::nullopt;
}


constexpr int kMaxResolveDepth = 24;

bool IsScopeNode(std::string_view t) {
  return t == "function_definition" || t == "class_definition" || t == "lambda" || t == "list_comprehension" ||
         t == "set_comprehension" || t == "dictionary_comprehension" || t == "generator_expression";
}

bool StartsWith(std::string_view s, std::string_view p) { return s.starts_with(p); }

// What the scope walk and the reference filter need to know about a node type,
// looked up by grammar symbol (one table read instead of a chain of string compares).
enum class Kind : uint8_t { kOther, kName, kScopeOrStatement };
enum class ParentRole : uint8_t { kAttribute, kNameField, kNever, kLeftField, kNamedExpr, kOther };

struct SymbolTables {
  std::vector<Kind> kind;
  std::vector<ParentRole> parent_role;
};

const SymbolTables& Tables() {
  static const SymbolTables t = [] {
    SymbolTables t;
    const TSLanguage* lang = tree_sitter_python();
    uint32_t n = ts_language_symbol_count(lang);
    t.kind.assign(n, Kind::kOther);
    t.parent_role.assign(n, ParentRole::kOther);
    for (TSSymbol sym = 0; sym < n; ++sym) {
      std::string_view name = ts_language_symbol_name(lang, sym);
      if (name == "identifier" || name == "attribute" || name == "call") {
        t.kind[sym] = Kind::kName;
      } else if (name == "function_definition" || name == "class_definition" || name == "lambda" ||
                 name == "list_comprehension" || name == "set_comprehension" || name == "dictionary_comprehension" ||
                 name == "generator_expression" || name == "import_statement" || name == "import_from_statement" ||
                 name == "future_import_statement" || name == "assignment" || name == "augmented_assignment" ||
                 name == "named_expression" || name == "for_statement" || name == "for_in_clause" ||
                 name == "as_pattern" || name == "except_clause" || name == "try_statement" ||
                 name == "if_statement" || name == "global_statement" || name == "nonlocal_statement") {
        t.kind[sym] = Kind::kScopeOrStatement;
      }
      if (name == "attribute") {
        t.parent_role[sym] = ParentRole::kAttribute;
      } else if (name == "keyword_argument" || name == "function_definition" || name == "class_definition" ||
                 name == "default_parameter" || name == "typed_default_parameter") {
        t.parent_role[sym] = ParentRole::kNameField;
      } else if (name == "parameters" || name == "lambda_parameters" || name == "typed_parameter" ||
                 name == "list_splat_pattern" || name == "dictionary_splat_pattern" || name == "global_statement" ||
                 name == "nonlocal_statement" || name == "dotted_name" || name == "aliased_import" ||
                 name == "as_pattern_target" || name == "pattern_list" || name == "tuple_pattern" ||
                 name == "list_pattern") {
        t.parent_role[sym] = ParentRole::kNever;
      } else if (name == "assignment" || name == "for_statement" || name == "for_in_clause") {
        t.parent_role[sym] = ParentRole::kLeftField;
      } else if (name == "named_expression") {
        t.parent_role[sym] = ParentRole::kNamedExpr;
      }
    }
    return t;
  }();
  return t;
}

bool IsTfRoot(std::string_view q) {
  auto root = q.substr(0, q.find('.'));
  return root == "tensorflow" || root == "keras" || root == "tf_keras" || root == "tensorflow_core";
}

// Functions that switch a program to graph mode for the rest of its life.
bool IsGraphToggle(const TfName& n) {
  return n.path == "disable_eager_execution" || n.path == "disable_v2_behavior";
}

bool IsSessionPath(std::string_view p) {
  return p == "Session" || p == "InteractiveSession" || p == "train.MonitoredTrainingSession" ||
         p == "train.MonitoredSession" || p == "train.SingularMonitoredSession";
}

}  // namespace

std::optional<TfName> SplitTfName(std::string_view q) {
  TfName n;
  if (StartsWith(q, "tensorflow_core.")) q.remove_prefix(std::strlen("tensorflow_core."));
  else if (StartsWith(q, "tensorflow.")) q.remove_prefix(std::strlen("tensorflow."));
  else if (q == "tensorflow" || q == "tensorflow_core") return TfName{TfNs::kTop, ""};
  else if (StartsWith(q, "keras.") || q == "keras" || StartsWith(q, "tf_keras.") || q == "tf_keras") {
    if (StartsWith(q, "tf_")) q.remove_prefix(3);
    return TfName{TfNs::kTop, std::string(q)};
  } else {
    return std::nullopt;
  }
  if (StartsWith(q, "compat.v1.") || q == "compat.v1") {
    n.ns = TfNs::kV1;
    q.remove_prefix(std::min<size_t>(q.size(), std::strlen("compat.v1.")));
  } else if (StartsWith(q, "compat.v2.") || q == "compat.v2") {
    n.ns = TfNs::kV2;
    q.remove_prefix(std::min<size_t>(q.size(), std::strlen("compat.v2.")));
  }
  n.path = std::string(q);
  return n;
}

std::string_view ExecContextName(ExecContext c) {
  switch (c) {
    case ExecContext::kEager: return "eager";
    case ExecContext::kGraph: return "graph";
    case ExecContext::kTraced: return "traced";
  }
  return "eager";
}

SemanticModel::SemanticModel(const ParsedFile& file)
    : file_(file), text_(file.source.text), index_(std::make_unique<ts::NodeIndex>(file.tree.get())) {
  resolved_.assign(index_->size(), nullptr);
  BuildScopes();
  if (imports_tf_ && max_depth_ <= PythonParser::kMaxDepth) Resolve2();
  GuardVersionChecks();
}

void SemanticModel::GuardVersionChecks() {
  // A branch that does not run under the target TensorFlow is guarded (compatibility
  // code for other versions, never flagged); the branch that runs is code like any
  // other. A check that cannot be evaluated guards the whole statement from that clause.
  auto is_tf_version = [this](TSNode e) {
    if (!imports_tf_ || !ts::Is(e, "attribute")) return false;
    std::string_view attr = Text(ts::Field(e, "attribute"));
    if (attr != "__version__" && attr != "VERSION") return false;
    const TfName* t = ResolveTfName(e);
    return t && (t->path == "__version__" || t->path == "VERSION" || t->path == "version.VERSION");
  };
  for (TSNode n : version_ifs_) {
    const uint32_t end = ts_node_end_byte(n);
    struct Clause {
      TSNode cond;  // null: else
      uint32_t begin, body_begin;
    };
    std::vector<Clause> clauses;
    TSNode consequence = ts::Field(n, "consequence");
    clauses.push_back({ts::Field(n, "condition"), ts_node_start_byte(n), ts_node_start_byte(consequence)});
    for (const ts::ChildWithField& c : ts::ChildrenWithFields(n)) {
      if (!c.field || std::string_view(c.field) != "alternative") continue;
      if (ts::Is(c.node, "elif_clause"))
        clauses.push_back({ts::Field(c.node, "condition"), ts_node_start_byte(c.node), ts_node_start_byte(c.node)});
      else
        clauses.push_back({TSNode{}, ts_node_start_byte(c.node), ts_node_start_byte(c.node)});
    }
    bool taken = false;
    for (size_t i = 0; i < clauses.size(); ++i) {
      const uint32_t clause_end = i + 1 < clauses.size() ? clauses[i + 1].begin : end;
      if (taken) {
        guarded_.emplace_back(clauses[i].body_begin, clause_end);
        continue;
      }
      if (!clauses[i].cond.id) {
        taken = true;  // the else branch runs
        continue;
      }
      std::optional<bool> runs = EvalVersionCondition(clauses[i].cond, text_, is_tf_version);
      if (!runs) {
        guarded_.emplace_back(clauses[i].begin, end);
        break;
      }
      if (*runs) taken = true;
      else guarded_.emplace_back(clauses[i].body_begin, clause_end);
    }
  }
  version_ifs_.clear();
  version_ifs_.shrink_to_fit();
}

SemanticModel::~SemanticModel() = default;


// ---------------------------------------------------------------------------
// Pass 1: scopes, bindings, guarded regions.

void SemanticModel::AddBinding(Binding b) {
  int idx = static_cast<int>(bindings_.size());
  Scope& s = scopes_[b.scope];
  // `global x` inside a function binds x in the module scope.
  int target_scope = b.scope;
  if (s.globals.count(b.name)) target_scope = 0;
  b.scope = target_scope;
  scopes_[target_scope].bindings[b.name].push_back(idx);
  bindings_.push_back(std::move(b));
}

void SemanticModel::BindTarget(TSNode t, TSNode value, BindingKind kind, int scope, int depth) {
  if (depth > 64) return;  // absurdly nested unpacking targets
  auto type = ts::Type(t);
  if (type == "identifier") {
    Binding b;
    b.kind = kind;
    b.name = std::string(Text(t));
    b.target = t;
    b.value = value;
    b.scope = scope;
    b.byte = ts_node_start_byte(t);
    AddBinding(std::move(b));
  } else if (type == "pattern_list" || type == "tuple_pattern" || type == "list_pattern" ||
             type == "expression_list" || type == "tuple" || type == "list" || type == "parenthesized_expression") {
    for (TSNode c : ts::NamedChildren(t)) BindTarget(c, TSNode{}, kind, scope, depth + 1);
  } else if (type == "list_splat_pattern" || type == "list_splat") {
    for (TSNode c : ts::NamedChildren(t)) BindTarget(c, TSNode{}, kind, scope, depth + 1);
  } else if (type == "attribute") {
    // self.attr = value inside a method: remember for attribute resolution.
    TSNode obj = ts::Field(t, "object");
    if (ts::Is(obj, "identifier") && Text(obj) == "self" && !ts_node_is_null(value)) {
      int fn = scope;
      while (fn >= 0 && scopes_[fn].kind != ScopeKind::kFunction) fn = scopes_[fn].parent;
      int cls = fn >= 0 ? scopes_[fn].parent : -1;
      if (cls >= 0 && scopes_[cls].kind == ScopeKind::kClass)
        self_attrs_[cls][std::string(Text(ts::Field(t, "attribute")))].push_back(value);
    }
  }
}

void SemanticModel::BindParameters(TSNode params, int scope) {
  for (TSNode p : ts::NamedChildren(params)) {
    auto type = ts::Type(p);
    TSNode id{};
    if (type == "identifier") id = p;
    else if (type == "default_parameter" || type == "typed_default_parameter") id = ts::Field(p, "name");
    else if (type == "typed_parameter" || type == "list_splat_pattern" || type == "dictionary_splat_pattern") {
      for (TSNode c : ts::NamedChildren(p))
        if (ts::Is(c, "identifier")) { id = c; break; }
    } else if (type == "tuple_pattern") {
      BindTarget(p, TSNode{}, BindingKind::kParameter, scope);
      continue;
    }
    if (!ts_node_is_null(id) && ts::Is(id, "identifier")) BindTarget(id, TSNode{}, BindingKind::kParameter, scope);
  }
}

void SemanticModel::BuildScopes() {
  TSNode root = file_.Root();
  Scope module;
  module.kind = ScopeKind::kModule;
  module.node = root;
  module.begin = 0;
  module.end = static_cast<uint32_t>(text_.size());
  scopes_.push_back(std::move(module));
  std::vector<int> stack{0};

  std::vector<int> parents;  // positions of the entered (named) ancestors
  uint32_t depth = 0;
  candidates_.reserve(index_->size() / 3);  // identifiers, attributes and calls: ~a quarter of all nodes
  // The walk runs over the NodeIndex's arrays by position: a node's symbol and
  // whether it is named are read from them, not asked of tree-sitter node by node.
  const ts::NodeIndex& ix = *index_;

  const std::vector<Kind>& kinds = Tables().kind;
  std::vector<int> scope_pos;  // positions of the nodes of the scopes on `stack` above the module
  ix.WalkPositions(
      0,
      [&](int i) {
        if (!ix.Named(i)) return false;
        // The walk is iterative; depth is measured so absurd input can be refused.
        ++depth;
        if (depth > max_depth_) {
          max_depth_ = depth;
          deepest_byte_ = ts_node_start_byte(ix.Node(i));
        }
        const int parent_pos = parents.empty() ? -1 : parents.back();
        parents.push_back(i);
        const TSSymbol sym = ix.Symbol(i);
        const Kind kind = sym < kinds.size() ? kinds[sym] : Kind::kOther;
        if (kind == Kind::kName) {  // identifier, attribute, call
          candidates_.push_back({i, parent_pos});
          return true;
        }
        if (kind == Kind::kOther) return true;  // nothing for Enter to do
        const size_t scopes_before = stack.size();
        const bool descend = Enter(ix.Node(i), sym, parent_pos >= 0 ? ix.Node(parent_pos) : TSNode{}, stack);
        if (stack.size() > scopes_before) scope_pos.push_back(i);
        if (!descend) {
          // not descended (imports, global statements)
          parents.pop_back();
          --depth;
          return false;
        }
        return true;
      },
      [&](int i) {
        --depth;
        parents.pop_back();
        // leaving the node of the innermost scope
        if (!scope_pos.empty() && scope_pos.back() == i) {
          stack.pop_back();
          scope_pos.pop_back();
        }
      });
  for (auto& s : scopes_)
    std::sort(s.children.begin(), s.children.end(),
              [&](int a, int b) { return scopes_[a].begin < scopes_[b].begin; });
  BuildScopeSegments();
}

bool SemanticModel::Enter(TSNode n, TSSymbol sym, TSNode parent, std::vector<int>& stack) {
  const auto& kinds = Tables().kind;
  Kind kind = sym < kinds.size() ? kinds[sym] : Kind::kOther;
  if (kind == Kind::kOther) return true;  // none of the types handled below
  if (kind == Kind::kName) return true;  // identifier, attribute, call: collected by BuildScopes
  auto import_module_path = [&](TSNode dotted) { return std::string(Text(dotted)); };
  std::string_view type = ts_node_type(n);
  int cur = stack.back();
  {
    {
      {
        if (IsScopeNode(type)) {
          Scope s;
          s.parent = cur;
          s.node = n;
          if (type == "function_definition") {
            s.kind = ScopeKind::kFunction;
            s.name = std::string(Text(ts::Field(n, "name")));
            TSNode params = ts::Field(n, "parameters");
            s.begin = ts_node_start_byte(params);
            BindTarget(ts::Field(n, "name"), n, BindingKind::kFunction, cur);
          } else if (type == "class_definition") {
            s.kind = ScopeKind::kClass;
            s.name = std::string(Text(ts::Field(n, "name")));
            s.begin = ts_node_start_byte(ts::Field(n, "body"));
            BindTarget(ts::Field(n, "name"), n, BindingKind::kClass, cur);
          } else if (type == "lambda") {
            s.kind = ScopeKind::kLambda;
            s.begin = ts_node_start_byte(n);
          } else {
            s.kind = ScopeKind::kComprehension;
            s.begin = ts_node_start_byte(n);
          }
          s.end = ts_node_end_byte(n);
          int idx = static_cast<int>(scopes_.size());
          scopes_[cur].children.push_back(idx);
          scopes_.push_back(std::move(s));
          stack.push_back(idx);
          if (type == "function_definition") BindParameters(ts::Field(n, "parameters"), idx);
          if (type == "lambda") {
            TSNode params = ts::Field(n, "parameters");
            if (!ts_node_is_null(params)) BindParameters(params, idx);
          }
          return true;
        }
        if (type == "import_statement") {
          for (TSNode c : ts::NamedChildren(n)) {
            Binding b;
            b.kind = BindingKind::kImport;
            b.scope = cur;
            b.byte = ts_node_start_byte(n);
            if (ts::Is(c, "aliased_import")) {
              b.qname = import_module_path(ts::Field(c, "name"));
              b.target = ts::Field(c, "alias");
              b.name = std::string(Text(b.target));
            } else if (ts::Is(c, "dotted_name")) {
              // `import a.b.c` binds `a` to module a.
              std::string full = import_module_path(c);
              b.name = full.substr(0, full.find('.'));
              b.qname = b.name;
              b.target = c;
            } else {
              continue;
            }
            if (IsTfRoot(b.qname)) imports_tf_ = true;
            AddBinding(std::move(b));
          }
          return false;
        }
        if (type == "import_from_statement") {
          TSNode mod = ts::Field(n, "module_name");
          if (ts::Is(mod, "relative_import")) {
            // `from ..compat import tfv1`: a project module's alias of TensorFlow, read from
            // the module's file next to this one (no other relative import is bound).
            for (auto& [c, f] : ts::ChildrenWithFields(n)) {
              if (!f || std::strcmp(f, "name") != 0) continue;
              TSNode name_node = ts::Is(c, "aliased_import") ? ts::Field(c, "name") : c;
              std::optional<std::string> alias =
                  ProjectTfAlias(file_.source.path, Text(mod), Text(name_node));
              if (!alias) continue;
              Binding b;
              b.kind = BindingKind::kImport;
              b.scope = cur;
              b.byte = ts_node_start_byte(n);
              b.qname = *alias;
              b.target = ts::Is(c, "aliased_import") ? ts::Field(c, "alias") : c;
              b.name = std::string(Text(b.target));
              imports_tf_ = true;
              AddBinding(std::move(b));
            }
            return false;
          }
          std::string base = import_module_path(mod);
          if (IsTfRoot(base)) imports_tf_ = true;
          for (auto& [c, f] : ts::ChildrenWithFields(n)) {
            if (ts::Is(c, "wildcard_import")) {
              if (cur == 0) star_modules_.push_back(base);
              continue;
            }
            if (!f || std::strcmp(f, "name") != 0) continue;
            Binding b;
            b.kind = BindingKind::kImport;
            b.scope = cur;
            b.byte = ts_node_start_byte(n);
            if (ts::Is(c, "aliased_import")) {
              b.qname = base + "." + std::string(Text(ts::Field(c, "name")));
              b.target = ts::Field(c, "alias");
            } else {
              b.qname = base + "." + std::string(Text(c));
              b.target = c;
            }
            b.name = std::string(Text(b.target));
            AddBinding(std::move(b));
          }
          return false;
        }
        if (type == "future_import_statement") return false;
        if (type == "assignment") {
          TSNode left = ts::Field(n, "left");
          TSNode right = ts::Field(n, "right");
          // a = b = value: the right side may itself be an assignment
          TSNode value = right;
          while (ts::Is(value, "assignment")) value = ts::Field(value, "right");
          BindTarget(left, value, BindingKind::kAssign, cur);
          return true;
        }
        if (type == "augmented_assignment") {
          BindTarget(ts::Field(n, "left"), TSNode{}, BindingKind::kAugAssign, cur);
          return true;
        }
        if (type == "named_expression") {
          BindTarget(ts::Field(n, "name"), ts::Field(n, "value"), BindingKind::kAssign, cur);
          return true;
        }
        if (type == "for_statement" || type == "for_in_clause") {
          BindTarget(ts::Field(n, "left"), TSNode{}, BindingKind::kFor, cur);
          return true;
        }
        if (type == "as_pattern" && ts::Is(parent, "with_item")) {
          // with X as y
          TSNode alias = ts::Field(n, "alias");
          TSNode expr = ts_node_named_child(n, 0);
          if (!ts_node_is_null(alias)) {
            TSNode tgt = ts_node_named_child_count(alias) ? ts_node_named_child(alias, 0) : alias;
            BindTarget(tgt, expr, BindingKind::kWith, cur);
          }
          return true;
        }
        if (type == "except_clause") {
          bool after_as = false;
          for (auto& [c, f] : ts::ChildrenWithFields(n)) {
            if (!ts_node_is_named(c) && (ts::Type(c) == "as" || ts::Type(c) == ",")) after_as = true;
            else if (after_as && ts::Is(c, "identifier")) {
              BindTarget(c, TSNode{}, BindingKind::kExcept, cur);
              break;
            }
          }
          // guarded region: try body whose handler catches ImportError / AttributeError
          return true;
        }
        if (type == "try_statement") {
          bool import_guard = false;
          for (TSNode c : ts::NamedChildren(n)) {
            if (!ts::Is(c, "except_clause")) continue;
            std::string_view t = Text(c);
            size_t colon = t.find(':');
            std::string_view head = t.substr(0, colon);
            if (head.find("ImportError") != std::string_view::npos ||
                head.find("ModuleNotFoundError") != std::string_view::npos ||
                head.find("AttributeError") != std::string_view::npos)
              import_guard = true;
          }
          if (import_guard) {
            TSNode body = ts::Field(n, "body");
            guarded_.emplace_back(ts_node_start_byte(body), ts_node_end_byte(body));
          }
          return true;
        }
        if (type == "if_statement") {
          std::string_view cond = Text(ts::Field(n, "condition"));
          if (cond.find("hasattr(") != std::string_view::npos || cond.find("tf2.enabled") != std::string_view::npos) {
            guarded_.emplace_back(ts_node_start_byte(n), ts_node_end_byte(n));
          } else if (cond.find("__version__") != std::string_view::npos ||
                     cond.find("VERSION") != std::string_view::npos ||
                     cond.find("version.parse") != std::string_view::npos) {
            version_ifs_.push_back(n);  // GuardVersionChecks, once names resolve
          }
          return true;
        }
        if (type == "global_statement" || type == "nonlocal_statement") {
          for (TSNode c : ts::NamedChildren(n)) {
            if (!ts::Is(c, "identifier")) continue;
            (type == "global_statement" ? scopes_[cur].globals : scopes_[cur].nonlocals).insert(std::string(Text(c)));
          }
          return false;
        }
        return true;
      }
    }
  }
}

void SemanticModel::BuildSymbolLists() const {
  // Every named node reached through named nodes from the root, in preorder (what
  // the scope walk visits), bucketed by symbol with a counting sort.
  const ts::NodeIndex& ix = *index_;
  const size_t nsym = ts_language_symbol_count(tree_sitter_python());
  std::vector<int32_t> count(nsym + 1, 0);
  std::vector<int32_t> named;
  named.reserve(ix.size());
  // Preorder by position: an anonymous node's subtree [i, End(i)) is skipped whole.
  for (int i = 0, size = ix.size(); i < size;) {
    if (!ix.Named(i)) {
      i = ix.End(i);
      continue;
    }
    TSSymbol sym = ix.Symbol(i);
    if (sym < nsym) {
      ++count[sym + 1];
      named.push_back(i);
    }
    ++i;
  }
  for (size_t s = 1; s <= nsym; ++s) count[s] += count[s - 1];
  sym_start_ = count;
  sym_nodes_.resize(named.size());
  for (int32_t i : named) sym_nodes_[count[ix.Symbol(i)]++] = i;
}

const std::vector<TSNode>& SemanticModel::NodesOfType(ts::NodeKind kind) const {
  auto cached = by_type_.find(kind.symbol);
  if (cached != by_type_.end()) return cached->second;
  if (sym_start_.empty()) BuildSymbolLists();
  const ts::NodeIndex& ix = *index_;
  std::vector<TSNode> out;
  const size_t sym = kind.symbol;
  if (sym + 1 < sym_start_.size())
    for (int32_t k = sym_start_[sym]; k < sym_start_[sym + 1]; ++k) out.push_back(ix.Node(sym_nodes_[k]));
  return by_type_.emplace(kind.symbol, std::move(out)).first->second;
}

void SemanticModel::BuildScopeSegments() {
  // The innermost scope at a byte is found by descending the scope tree: at each
  // level, the child with the last begin at or before the byte (children are sorted
  // by begin; of equal begins the last), if the byte is before that child's end;
  // else the descent stops. (A scope's range can start after nodes it contains:
  // a class's begins at its body, so a lambda among its bases is never reached.)
  // Those answers are precomputed here as runs of bytes, so ScopeAt is one binary
  // search: for bytes in [lo, hi) the descent is at `cur`; each child takes over from
  // its begin to the next child's begin, up to its own end.
  seg_start_.clear();
  seg_scope_.clear();
  auto emit = [&](uint64_t start, int scope) {
    if (!seg_start_.empty() && seg_start_.back() == start) {
      seg_scope_.back() = scope;
      return;
    }
    if (!seg_scope_.empty() && seg_scope_.back() == scope) return;  // same run continues
    seg_start_.push_back(static_cast<uint32_t>(start));
    seg_scope_.push_back(scope);
  };
  constexpr uint64_t kEnd = uint64_t{UINT32_MAX} + 1;
  // An explicit stack instead of recursion (scopes nest as deep as the input). A
  // task fills [lo, hi) of scope `cur` from child k on, or (emit_only) starts a run of
  // `cur` at lo.
  struct Task {
    int cur;
    uint64_t lo, hi;
    size_t k;
    bool emit_only;
  };
  std::vector<Task> tasks{{0, 0, kEnd, 0, false}};
  while (!tasks.empty()) {
    const Task t = tasks.back();
    tasks.pop_back();
    if (t.emit_only || t.k == 0) emit(t.lo, t.cur);
    if (t.emit_only) continue;
    const auto& ch = scopes_[t.cur].children;
    for (size_t k = t.k; k < ch.size(); ++k) {
      const Scope& c = scopes_[ch[k]];
      const uint64_t b = c.begin, nb = k + 1 < ch.size() ? scopes_[ch[k + 1]].begin : kEnd;
      const uint64_t a0 = std::max(b, t.lo), a1 = std::min(nb, t.hi);
      if (a0 >= a1) continue;
      const uint64_t d1 = std::min<uint64_t>(a1, c.end);
      if (a0 >= d1) {  // at or after the child's end: cur
        emit(a0, t.cur);
        continue;
      }
      // [a0, d1) in the child, then [d1, a1) in cur, then the next children
      tasks.push_back({t.cur, t.lo, t.hi, k + 1, false});
      if (d1 < a1) tasks.push_back({t.cur, d1, 0, 0, true});
      tasks.push_back({ch[k], a0, d1, 0, false});
      break;
    }
  }
}

const std::vector<TSNode>& SemanticModel::AttributesNamed(std::string_view attr) const {
  if (!attributes_grouped_) {
    attributes_grouped_ = true;
    for (TSNode n : NodesOfType("attribute")) attributes_by_name_[Text(ts::Field(n, "attribute"))].push_back(n);
  }
  static const std::vector<TSNode> kNone;
  auto it = attributes_by_name_.find(attr);
  return it == attributes_by_name_.end() ? kNone : it->second;
}

std::vector<TSNode> SemanticModel::AttributesNamedAny(std::initializer_list<std::string_view> attrs) const {
  std::vector<TSNode> out;
  for (std::string_view a : attrs) {
    const auto& v = AttributesNamed(a);
    out.insert(out.end(), v.begin(), v.end());
  }
  // Document order (preorder): by start, the enclosing node first. Two attribute
  // nodes never span the same bytes, so this is the order of NodesOfType.
  std::sort(out.begin(), out.end(), [](TSNode a, TSNode b) {
    return ts_node_start_byte(a) != ts_node_start_byte(b) ? ts_node_start_byte(a) < ts_node_start_byte(b)
                                                          : ts_node_end_byte(a) > ts_node_end_byte(b);
  });
  return out;
}

int SemanticModel::ScopeAt(uint32_t byte) const {
  auto it = std::upper_bound(seg_start_.begin(), seg_start_.end(), byte);
  return seg_scope_[(it - seg_start_.begin()) - 1];
}

int SemanticModel::FunctionScopeAt(uint32_t byte) const {
  for (int s = ScopeAt(byte); s >= 0; s = scopes_[s].parent)
    if (scopes_[s].kind == ScopeKind::kFunction || scopes_[s].kind == ScopeKind::kLambda) return s;
  return -1;
}

const std::vector<const Binding*>& SemanticModel::TfModuleImports() const {
  if (!tf_imports_ready_) {
    for (const Binding& b : bindings_)
      if (b.kind == BindingKind::kImport &&
          (b.qname == "tensorflow" || b.qname == "tensorflow.compat.v1" || b.qname == "tensorflow.compat.v2"))
        tf_imports_.push_back(&b);
    std::stable_sort(tf_imports_.begin(), tf_imports_.end(),
                     [](const Binding* a, const Binding* b) { return a->byte < b->byte; });
    tf_imports_ready_ = true;
  }
  return tf_imports_;
}

const Binding* SemanticModel::TfModuleAt(uint32_t at, unsigned accept) const {
  const Binding* best = nullptr;
  unsigned best_rank = 0;
  int fn = -2;  // FunctionScopeAt(at), computed when a candidate needs it
  for (const Binding* b : TfModuleImports()) {
    unsigned rank = b->qname == "tensorflow" ? kTfModule : b->qname == "tensorflow.compat.v1" ? kTfCompatV1 : kTfCompatV2;
    if (!(accept & rank) || (best && rank >= best_rank)) continue;
    if (Lookup(b->name, at) != b) continue;
    if (fn == -2) fn = FunctionScopeAt(at);
    if ((fn < 0 ? 0 : fn) == b->scope && b->byte > at) continue;
    best = b;
    best_rank = rank;
  }
  return best;
}

int SemanticModel::ClassOf(int scope) const {
  if (scope < 0) return -1;
  int p = scopes_[scope].parent;
  return p >= 0 && scopes_[p].kind == ScopeKind::kClass ? p : -1;
}

const Binding* SemanticModel::Lookup(std::string_view name, uint32_t at) const {
  std::string key(name);
  int s = ScopeAt(at);
  bool first = true;
  while (s >= 0) {
    const Scope& sc = scopes_[s];
    // Class scopes are visible only to code directly in the class body.
    if (sc.kind != ScopeKind::kClass || first) {
      if (s != 0 && !sc.globals.empty() && sc.globals.count(key)) {
        s = 0;
        first = false;
        continue;
      }
      auto it = sc.bindings.find(key);
      if (it != sc.bindings.end() && !it->second.empty()) {
        const Binding* best = nullptr;
        // Latest binding before the use; in a function using an outer binding,
        // or when none precedes, the last one in the scope.
        for (int bi : it->second) {
          const Binding& b = bindings_[bi];
          if (b.byte <= at) best = &b;
        }
        if (!best) best = &bindings_[it->second.back()];
        return best;
      }
    }
    first = false;
    s = sc.parent;
  }
  return nullptr;
}

// Resolution results are interned: a name is a pointer into names_ (or into a
// binding's qname: bindings_ no longer changes once the scopes are built), cached per
// node in resolved_ by the node's NodeIndex position.
const std::string* SemanticModel::ResolveBinding(const Binding& b, int depth) const {
  switch (b.kind) {
    case BindingKind::kImport:
      return &b.qname;
    case BindingKind::kAssign:
    case BindingKind::kWith:
      if (ts_node_is_null(b.value)) return nullptr;
      return ResolveImpl(b.value, depth + 1);
    default:
      return nullptr;
  }
}

std::optional<std::string> SemanticModel::Resolve(TSNode expr) const {
  const std::string* q = ResolveImpl(expr, 0);
  if (!q) return std::nullopt;
  return *q;
}

const std::string* SemanticModel::ResolveName(TSNode expr) const { return ResolveImpl(expr, 0); }

std::optional<TfName> SemanticModel::ResolveTf(TSNode expr) const {
  const TfName* tf = ResolveTfName(expr);
  if (!tf) return std::nullopt;
  return *tf;
}

const TfName* SemanticModel::ResolveTfName(TSNode expr) const {
  const std::string* q = ResolveImpl(expr, 0);
  if (!q) return nullptr;
  auto it = tf_names_.find(q);
  if (it == tf_names_.end()) it = tf_names_.emplace(q, SplitTfName(*q)).first;
  return it->second ? &*it->second : nullptr;
}

namespace {
// resolved_ entry of a node resolved to nothing (nullptr: not resolved yet).
const std::string kUnresolvable;
}  // namespace

const std::string* SemanticModel::ResolveImpl(TSNode expr, int depth) const {
  if (!expr.id || depth > kMaxResolveDepth) return nullptr;
  const int slot = index_->Find(expr);
  if (slot >= 0 && resolved_[slot]) return resolved_[slot] == &kUnresolvable ? nullptr : resolved_[slot];
  const std::string* out = nullptr;
  auto intern = [&](std::string s) { return &names_.emplace_back(std::move(s)); };
  // The node's type by grammar symbol (read from the index when the node has a position).
  const TSSymbol sym = slot >= 0 ? index_->Symbol(slot) : ts_node_symbol(expr);
  auto field = [&](ts::FieldName name) {
    return slot >= 0 ? index_->FieldChild(slot, name.id) : ts::Field(expr, name);
  };
  if (ts::SymbolIs(sym, "identifier")) {
    std::string_view name = Text(expr);
    const Binding* b = Lookup(name, ts_node_start_byte(expr));
    if (b) {
      // x = x.something: resolve the right side with the previous binding
      if (b->kind == BindingKind::kAssign && !ts_node_is_null(b->value) && ts::Contains(b->value, expr)) {
        const Binding* prev = b->byte > 0 ? Lookup(name, b->byte - 1) : nullptr;
        if (prev && prev != b && prev->byte < b->byte) out = ResolveBinding(*prev, depth);
      } else {
        out = ResolveBinding(*b, depth);
      }
    } else if (!star_modules_.empty()) {
      // `from tensorflow import *` makes unbound names resolve into it
      static const std::unordered_set<std::string_view> kBuiltins = {
          "print", "len", "range", "int", "float", "str", "list", "dict", "set", "tuple", "bool", "object",
          "super", "isinstance", "enumerate", "zip", "map", "filter", "sum", "min", "max", "abs", "open",
          "self", "None", "True", "False", "type", "id", "hash", "sorted", "reversed", "iter", "next"};
      if (!kBuiltins.count(name)) out = intern(star_modules_.front() + "." + std::string(name));
    }
  } else if (ts::SymbolIs(sym, "attribute")) {
    TSNode obj = field("object");
    std::string_view attr = Text(field("attribute"));
    if (ts::Is(obj, "identifier") && Text(obj) == "self") {
      int fn = FunctionScopeAt(ts_node_start_byte(expr));
      int cls = ClassOf(fn);
      if (cls >= 0) {
        auto it = self_attrs_.find(cls);
        if (it != self_attrs_.end()) {
          auto jt = it->second.find(std::string(attr));
          if (jt != it->second.end() && jt->second.size() == 1) out = ResolveImpl(jt->second.front(), depth + 1);
        }
      }
    } else {
      const std::string* base = ResolveImpl(obj, depth + 1);
      if (base) {
        std::string q;
        q.reserve(base->size() + 1 + attr.size());
        q.append(*base).append(".").append(attr);
        out = intern(std::move(q));
      }
    }
  } else if (ts::SymbolIs(sym, "call")) {
    const std::string* f = ResolveImpl(field("function"), depth + 1);
    if (f) out = intern(*f + "()");
  } else if (ts::SymbolIs(sym, "parenthesized_expression")) {
    TSNode inner = ts_node_named_child(expr, 0);
    out = ResolveImpl(inner, depth + 1);
  }
  // The first answer for a node stays (a nested resolution may have stored one).
  if (slot >= 0 && !resolved_[slot] && (depth == 0 || out)) resolved_[slot] = out ? out : &kUnresolvable;
  return out;
}

TSNode SemanticModel::DefinitionOf(TSNode expr) const {
  if (ts::Is(expr, "identifier")) {
    const Binding* b = Lookup(Text(expr), ts_node_start_byte(expr));
    if (b && b->kind == BindingKind::kFunction) return b->value;
  } else if (ts::Is(expr, "attribute")) {
    TSNode obj = ts::Field(expr, "object");
    if (ts::Is(obj, "identifier") && Text(obj) == "self") {
      int cls = ClassOf(FunctionScopeAt(ts_node_start_byte(expr)));
      if (cls >= 0) {
        auto it = scopes_[cls].bindings.find(std::string(Text(ts::Field(expr, "attribute"))));
        if (it != scopes_[cls].bindings.end()) {
          const Binding& b = bindings_[it->second.back()];
          if (b.kind == BindingKind::kFunction) return b.value;
        }
      }
    }
  }
  return TSNode{};
}

// ---------------------------------------------------------------------------
// Pass 2: references, tf.function marks, graph regions.

bool SemanticModel::IsReferencePosition(int n, int parent) const {
  if (parent < 0) return true;
  const ts::NodeIndex& ix = *index_;
  TSSymbol sym = ix.Symbol(parent);
  // Is n the child of parent in `field`? (ts::Field(parent, field) is n.)
  auto in_field = [&](ts::FieldName field) { return ix.FieldChildAt(parent, field.id) == n; };
  const auto& roles = Tables().parent_role;
  switch (sym < roles.size() ? roles[sym] : ParentRole::kOther) {
    case ParentRole::kAttribute: return !in_field("attribute");
    case ParentRole::kNameField: return !in_field("name");
    case ParentRole::kNever: return false;
    case ParentRole::kLeftField: return !in_field("left");
    case ParentRole::kNamedExpr: return !in_field("name");
    case ParentRole::kOther: return true;
  }
  return true;
}

void SemanticModel::Resolve2() {
  const ts::NodeIndex& ix = *index_;
  for (const Candidate& c : candidates_) {
    const TSSymbol sym = ix.Symbol(c.node);
    if (ts::SymbolIs(sym, "call")) {
      calls_.push_back(ix.Node(c.node));
      continue;
    }
    const TSSymbol psym = c.parent >= 0 ? ix.Symbol(c.parent) : TSSymbol{0};
    const bool parent_is_attribute = c.parent >= 0 && ts::SymbolIs(psym, "attribute");
    if (ts::SymbolIs(sym, "identifier") && !IsReferencePosition(c.node, c.parent)) continue;
    if (ts::SymbolIs(sym, "attribute") && c.parent >= 0 && ts::SymbolIs(psym, "assignment") &&
        ix.FieldChildAt(c.parent, ts::FieldId("left")) == c.node)
      continue;
    // Only the longest chain: skip when the parent attribute extends this one.
    if (parent_is_attribute && ix.FieldChildAt(c.parent, ts::FieldId("object")) == c.node) continue;
    const TSNode n = ix.Node(c.node);
    const std::string* q = ResolveName(n);
    if (!q) continue;
    auto tf = SplitTfName(*q);
    if (!tf) continue;
    TfRef r;
    r.node = n;
    r.qname = *q;
    r.tf = *tf;
    if (c.parent >= 0 && ts::SymbolIs(psym, "call") && ix.FieldChildAt(c.parent, ts::FieldId("function")) == c.node)
      r.call = ix.Node(c.parent);
    if ((tf->ns != TfNs::kV2) && IsSessionPath(tf->path)) uses_sessions_ = true;
    if (!ts_node_is_null(r.call) && IsGraphToggle(*tf)) {
      if (FunctionScopeAt(ts_node_start_byte(n)) < 0) eager_disabled_at_.push_back(ts_node_start_byte(n));
    }
    refs_.push_back(std::move(r));
  }
  candidates_.clear();
  candidates_.shrink_to_fit();

  // tf.function marks: decorators and `tf.function(g)` calls.
  auto is_tf_function = [](const std::string& q) {
    auto tf = SplitTfName(q);
    if (!tf) return false;
    const std::string& p = tf->path;
    return p == "function" || p == "function()" || p == "contrib.eager.defun" || p == "contrib.eager.defun()" ||
           p == "contrib.eager.function";
  };
  for (size_t si = 1; si < scopes_.size(); ++si) {
    Scope& s = scopes_[si];
    if (s.kind != ScopeKind::kFunction) continue;
    TSNode parent = ts::Parent(s.node);
    if (!ts::Is(parent, "decorated_definition")) continue;
    for (TSNode d : ts::NamedChildren(parent)) {
      if (!ts::Is(d, "decorator")) continue;
      TSNode e = ts_node_named_child(d, 0);
      auto q = Resolve(e);
      if (q && is_tf_function(*q)) s.traced = true;
    }
  }
  for (TSNode c : calls_) {
    auto q = Resolve(ts::Field(c, "function"));
    if (!q || !is_tf_function(*q)) continue;
    TSNode target = Arg(c, 0, "func");
    TSNode def = DefinitionOf(target);
    if (ts_node_is_null(def)) continue;
    for (auto& s : scopes_)
      if (ts::Same(s.node, def)) s.traced = true;
  }
  // Graph regions: `with <Graph>.as_default():` and `with <Session>(...)`.
  for (const TfRef& r : refs_) {
    if (r.tf.ns == TfNs::kV2) continue;
    bool graph_with = false;
    const std::string& p = r.tf.path;
    if (!ts_node_is_null(r.call) && (StartsWith(p, "Graph()") && p.find("as_default") != std::string::npos))
      graph_with = true;
    if (!ts_node_is_null(r.call) && IsSessionPath(p)) graph_with = true;
    if (!graph_with) continue;
    // climb to the enclosing with_statement if the call is its item
    for (TSNode up = ts::Parent(r.call); !ts_node_is_null(up); up = ts::Parent(up)) {
      auto t = ts::Type(up);
      if (t == "with_statement") {
        TSNode body = ts::Field(up, "body");
        graph_ranges_.emplace_back(ts_node_start_byte(body), ts_node_end_byte(body));
        break;
      }
      if (t != "with_item" && t != "with_clause" && t != "as_pattern" && t != "call" && t != "attribute") break;
    }
  }
}

bool SemanticModel::InTracedFunction(TSNode n) const {
  for (int s = ScopeAt(ts_node_start_byte(n)); s >= 0; s = scopes_[s].parent)
    if (scopes_[s].traced) return true;
  return false;
}

ExecContext SemanticModel::ContextOf(TSNode n) const {
  if (InTracedFunction(n)) return ExecContext::kTraced;
  uint32_t b = ts_node_start_byte(n);
  for (auto& [lo, hi] : graph_ranges_)
    if (lo <= b && b < hi) return ExecContext::kGraph;
  if (!eager_disabled_at_.empty()) {
    if (FunctionScopeAt(b) >= 0 || b > eager_disabled_at_.front()) return ExecContext::kGraph;
  }
  if (uses_sessions_) return ExecContext::kGraph;
  return ExecContext::kEager;
}

bool SemanticModel::IsGuarded(uint32_t byte) const {
  for (auto& [lo, hi] : guarded_)
    if (lo <= byte && byte < hi) return true;
  return false;
}

std::vector<TSNode> SemanticModel::SelfAttributeValues(int cls, std::string_view attr) const {
  auto it = self_attrs_.find(cls);
  if (it == self_attrs_.end()) return {};
  auto jt = it->second.find(std::string(attr));
  return jt == it->second.end() ? std::vector<TSNode>{} : jt->second;
}

const SemanticModel::CallArgs& SemanticModel::ArgsOf(TSNode call) const {
  const ts::NodeIndex& ix = *index_;
  const int ci = ix.Find(call);
  if (ci >= 0) {
    if (args_slot_.empty()) args_slot_.assign(ix.size(), 0);
    if (int32_t k = args_slot_[ci]) return args_store_[k - 1];
    CallArgs& out = args_store_.emplace_back();
    args_slot_[ci] = static_cast<int32_t>(args_store_.size());
    const int a = ix.FieldChildAt(ci, ts::FieldId("arguments"));
    if (a >= 0 && ts::SymbolIs(ix.Symbol(a), "argument_list")) {
      for (int k = a + 1, e = ix.End(a); k < e; k = ix.End(k)) {
        if (!ix.Named(k)) continue;
        const TSSymbol sym = ix.Symbol(k);
        if (ts::SymbolIs(sym, "keyword_argument")) {
          const int name = ix.FieldChildAt(k, ts::FieldId("name"));
          out.keywords.emplace_back(name >= 0 ? Text(ix.Node(name)) : std::string_view(), ix.Node(k));
          continue;
        }
        if (ts::SymbolIs(sym, "dictionary_splat") || ts::SymbolIs(sym, "comment")) continue;
        out.positional.push_back(ix.Node(k));
      }
    }
    return out;
  }
  auto cached = args_cache_.find(call.id);
  if (cached != args_cache_.end()) return cached->second;
  CallArgs out;
  TSNode args = ts::Field(call, "arguments");
  if (ts::Is(args, "argument_list")) {
    for (TSNode a : ts::NamedChildren(args)) {
      if (ts::Is(a, "keyword_argument")) {
        out.keywords.emplace_back(Text(ts::Field(a, "name")), a);
        continue;
      }
      if (ts::Is(a, "dictionary_splat") || ts::Is(a, "comment")) continue;
      out.positional.push_back(a);
    }
  }
  return args_cache_.emplace(call.id, std::move(out)).first->second;
}

const std::vector<TSNode>& SemanticModel::PositionalArgs(TSNode call) const { return ArgsOf(call).positional; }

TSNode SemanticModel::KeywordArg(TSNode call, std::string_view name) const {
  for (const auto& [kw_name, kw] : ArgsOf(call).keywords)
    if (kw_name == name) return ts::Field(kw, "value");
  return TSNode{};
}

TSNode SemanticModel::Arg(TSNode call, size_t pos, std::string_view name) const {
  TSNode k = KeywordArg(call, name);
  if (!ts_node_is_null(k)) return k;
  const auto& pos_args = PositionalArgs(call);
  if (pos < pos_args.size() && !ts::Is(pos_args[pos], "list_splat")) return pos_args[pos];
  return TSNode{};
}

}  // namespace tfm
