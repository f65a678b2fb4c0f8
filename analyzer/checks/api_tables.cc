#include "analyzer/checks/api_tables.h"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/python/ts_util.h"

namespace tfm {

std::string_view EmbeddedApiTable(std::string_view name);  // generated api_tables_data.cc

namespace {

std::vector<std::vector<std::string_view>> Rows(std::string_view text) {
  std::vector<std::vector<std::string_view>> rows;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    pos = eol + 1;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string_view> cols;
    size_t c = 0;
    while (true) {
      size_t tab = line.find('\t', c);
      cols.push_back(line.substr(c, tab == std::string_view::npos ? std::string_view::npos : tab - c));
      if (tab == std::string_view::npos) break;
      c = tab + 1;
    }
    rows.push_back(std::move(cols));
  }
  return rows;
}

std::string_view Col(const std::vector<std::string_view>& r, size_t i) { return i < r.size() ? r[i] : ""; }

FixSafety SafetyOf(std::string_view s) { return s == "unsafe" ? FixSafety::kUnsafe : FixSafety::kSafe; }

// The first component prefix of "a.b.c", longest first ("a.b.c", "a.b", "a"), for
// which `found` is true; empty when none (or the path is empty). No list is built:
// the lookups run for every reference of every file.
template <typename Found>
std::string_view FirstPrefix(std::string_view path, Found&& found) {
  if (path.empty()) return {};
  if (found(path)) return path;
  for (size_t i = path.size(); i-- > 0;)
    if (path[i] == '.' && found(path.substr(0, i))) return path.substr(0, i);
  return {};
}

}  // namespace

ApiTables ApiTables::Parse(std::string_view removed, std::string_view v1_only, std::string_view renames,
                           std::string_view args) {
  ApiTables t;
  for (const auto& r : Rows(removed))
    t.removed_[std::string(Col(r, 0))] = RemovedEntry{std::string(Col(r, 0)), std::string(Col(r, 1))};
  for (const auto& [sym, e] : t.removed_)
    if (!sym.empty() && sym.back() == '.') t.removed_prefix_[sym.substr(0, sym.size() - 1)] = e;
  for (const auto& r : Rows(v1_only)) {
    t.v1_only_.insert(std::string(Col(r, 0)));
    if (Col(r, 1) == "compat_v1_tf_keras") t.tf_keras_.insert(std::string(Col(r, 0)));
  }
  for (const auto& r : Rows(renames)) {
    RenameEntry e{std::string(Col(r, 0)), std::string(Col(r, 1)), Col(r, 2) == "call_change", SafetyOf(Col(r, 3))};
    t.renames_[e.symbol] = std::move(e);
  }
  for (const auto& r : Rows(args)) {
    std::string_view k = Col(r, 1);
    ArgChange c;
    if (k == "kw_rename") c.kind = ArgChange::kKwRename;
    else if (k == "kw_removed") c.kind = ArgChange::kKwRemoved;
    else if (k == "positional") c.kind = ArgChange::kPositional;
    else if (k == "default") c.kind = ArgChange::kDefault;
    else if (k == "keep_prob_to_rate") c.kind = ArgChange::kKeepProbToRate;
    else if (k == "behavior") c.kind = ArgChange::kBehavior;
    else continue;
    c.detail = std::string(Col(r, 2));
    c.detail2 = std::string(Col(r, 3));
    t.args_[std::string(Col(r, 0))].push_back(std::move(c));
  }
  return t;
}

const ApiTables& ApiTables::Get() {
  static const ApiTables kTables =
      Parse(EmbeddedApiTable("api_removed"), EmbeddedApiTable("api_v1_only"), EmbeddedApiTable("api_renames"),
            EmbeddedApiTable("api_args"));
  return kTables;
}

const RemovedEntry* ApiTables::FindRemoved(std::string_view path, std::string* matched) const {
  const RemovedEntry* e = nullptr;
  std::string_view p = FirstPrefix(path, [&](std::string_view q) {
    if (auto it = removed_.find(q); it != removed_.end()) e = &it->second;
    else if (auto jt = removed_prefix_.find(q); jt != removed_prefix_.end()) e = &jt->second;  // "q."
    return e != nullptr;
  });
  if (e && matched) *matched = std::string(p);
  return e;
}

std::string ApiTables::V1OnlyPrefix(std::string_view path) const {
  return std::string(FirstPrefix(path, [&](std::string_view q) { return v1_only_.count(q) > 0; }));
}

bool ApiTables::NeedsTfKeras(std::string_view path) const {
  return !FirstPrefix(path, [&](std::string_view q) { return tf_keras_.count(q) > 0; }).empty();
}

const RenameEntry* ApiTables::FindRename(std::string_view path, std::string* matched) const {
  const RenameEntry* e = nullptr;
  std::string_view p = FirstPrefix(path, [&](std::string_view q) {
    auto it = renames_.find(q);
    if (it != renames_.end()) e = &it->second;
    return e != nullptr;
  });
  if (e && matched) *matched = std::string(p);
  return e;
}

const std::vector<ArgChange>* ApiTables::FindArgs(std::string_view symbol) const {
  auto it = args_.find(symbol);
  return it == args_.end() ? nullptr : &it->second;
}

size_t ComponentCount(std::string_view path) {
  if (path.empty()) return 0;
  size_t n = 1;
  for (char ch : path) n += ch == '.';
  return n;
}

std::optional<RefChain> ChainOf(const SemanticModel& m, const TfRef& r) {
  if (r.qname.rfind("tensorflow", 0) != 0) return std::nullopt;
  if (r.tf.path.find('(') != std::string::npos) return std::nullopt;
  RefChain c;
  c.nodes.reserve(4);
  TSNode n = r.node;
  while (ts::Is(n, "attribute")) {
    c.nodes.push_back(n);
    n = ts::Field(n, "object");
  }
  if (!ts::Is(n, "identifier")) return std::nullopt;
  c.nodes.push_back(n);
  std::reverse(c.nodes.begin(), c.nodes.end());
  auto q = m.ResolveName(n);
  if (!q) return std::nullopt;
  const TfName* root = m.ResolveTfName(n);  // SplitTfName(*q), kept by the model
  if (!root || root->ns != r.tf.ns) return std::nullopt;
  c.root_components = ComponentCount(root->path);
  c.root_is_tf = *q == "tensorflow";
  c.root_text = std::string(m.Text(n));
  if (c.root_components + c.nodes.size() - 1 != ComponentCount(r.tf.path)) return std::nullopt;
  return c;
}

namespace {

// The chains of one model's refs(), computed on first request (slot 1 of the model).
struct ChainCache {
  mutable std::vector<uint8_t> done;
  mutable std::vector<std::optional<RefChain>> chains;
};

}  // namespace

const RefChain* CachedChainOf(const SemanticModel& m, const TfRef& r) {
  const std::vector<TfRef>& refs = m.refs();
  if (refs.empty() || &r < refs.data() || &r >= refs.data() + refs.size()) {
    // Not one of the model's references: nothing to cache it by.
    thread_local std::optional<RefChain> scratch;
    scratch = ChainOf(m, r);
    return scratch ? &*scratch : nullptr;
  }
  auto& slot = m.derived_slot(1);
  if (!slot) {
    auto cache = std::make_shared<ChainCache>();
    cache->done.assign(refs.size(), 0);
    cache->chains.resize(refs.size());
    slot = std::move(cache);
  }
  const auto& cache = *static_cast<const ChainCache*>(slot.get());
  size_t i = static_cast<size_t>(&r - refs.data());
  if (!cache.done[i]) {
    cache.chains[i] = ChainOf(m, r);
    cache.done[i] = 1;
  }
  return cache.chains[i] ? &*cache.chains[i] : nullptr;
}

TSNode PrefixNode(const RefChain& c, size_t components) {
  if (components < c.root_components) return TSNode{};
  size_t level = components - c.root_components;
  if (level >= c.nodes.size()) return TSNode{};
  if (level == 0 && c.root_components == 0) return TSNode{};  // the root `tf` itself
  return c.nodes[level];
}

std::optional<Fix> CompatV1Fix(const RefChain& c, std::string title) {
  if (!c.root_is_tf) return std::nullopt;
  return ReplaceNode(c.nodes[0], c.root_text + ".compat.v1", std::move(title), FixSafety::kSafe);
}

namespace {

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && s.substr(s.size() - suf.size()) == suf;
}

// Graph/session-style TF1 programming, in any spelling (a file spelled through
// tf.compat.v1 that builds graphs this way is TF1 code, not leftover compat calls).
bool IsTf1GraphStyle(std::string_view p) {
  return p == "placeholder" || p == "placeholder_with_default" || p == "global_variables_initializer" ||
         p == "local_variables_initializer" || p == "initialize_all_variables" || p == "tables_initializer" ||
         p == "get_default_graph" || p == "reset_default_graph" || p == "Graph().as_default" ||
         p == "disable_eager_execution" || p == "disable_v2_behavior" || p == "train.start_queue_runners" ||
         p == "Session" || p == "InteractiveSession" || p == "train.MonitoredTrainingSession" ||
         // graph-building libraries: name-scoped variables, layers and collections
         p == "get_variable" || p == "variable_scope" || StartsWith(p, "layers.") || p == "get_collection" ||
         p == "get_collection_ref" || p == "add_to_collection" || p == "add_to_collections" ||
         StartsWith(p, "GraphKeys.") || p == "global_variables" || p == "local_variables" ||
         p == "trainable_variables" || p == "train.get_or_create_global_step" || p == "train.get_global_step";
}

// TF1-only names written at the top level: the file targets TF1 (`import tensorflow
// as tf` on TF 1.x), not TF2.
bool IsTf1OnlyTopLevel(std::string_view p) {
  return StartsWith(p, "contrib.") || (StartsWith(p, "train.") && EndsWith(p, "Optimizer")) ||
         StartsWith(p, "logging.") || StartsWith(p, "app.") || StartsWith(p, "flags.");
}

// A tf.test.TestCase class in the file (TF2's TestCase runs eagerly; its graph tests put
// their graph code under `with tf.Graph().as_default():`).
bool HasTestCase(const SemanticModel& m) {
  return std::any_of(m.refs().begin(), m.refs().end(), [](const TfRef& r) {
    return EndsWith(r.qname, ".test.TestCase") && ts::Is(ts::Parent(r.node), "argument_list") &&
           ts::Is(ts::Parent(ts::Parent(r.node)), "class_definition");
  });
}

// Inside (or the head of) a `with ....as_default():` block: code that builds a graph of
// its own, as TF2 graph code does.
bool InGraphBlock(const SemanticModel& m, TSNode n) {
  for (TSNode p = ts::Parent(n); p.id && !ts::Is(p, "module"); p = ts::Parent(p)) {
    if (!ts::Is(p, "with_statement")) continue;
    std::string_view head = m.Text(ts_node_named_child(p, 0));
    if (head.find("as_default()") != std::string_view::npos) return true;
  }
  return false;
}

bool IsBehaviorToggle(std::string_view p) {
  return p == "disable_v2_behavior" || p == "disable_eager_execution" || p == "enable_eager_execution" ||
         p == "enable_v2_behavior";
}

}  // namespace

bool IsTf1Program(const SemanticModel& m) {
  // A TestCase file whose graph code is all in graph blocks of its own is TF2 test code
  // (`rewrite --level tf2`'s form of graph-mode tests, rewriter/tf2_testcase.h).
  const bool tests = HasTestCase(m);
  if (m.uses_sessions() && !tests) return true;
  const ApiTables& t = ApiTables::Get();
  bool tf2_evidence = false;
  std::string matched;
  for (const TfRef& r : m.refs()) {
    const std::string& p = r.tf.path;
    if (r.tf.ns != TfNs::kV2 && (IsTf1GraphStyle(p) || p == "train.MonitoredSession" || p == "train.SingularMonitoredSession") &&
        !(tests && InGraphBlock(m, r.node)))
      return true;
    if (r.tf.ns == TfNs::kTop && r.qname.rfind("tensorflow", 0) == 0 && !p.empty() &&
        (IsTf1OnlyTopLevel(p) || !t.V1OnlyPrefix(p).empty() || t.FindRename(p, &matched) ||
         t.FindRemoved(p, &matched)))
      return true;
    if (r.tf.ns != TfNs::kV1 && !p.empty()) tf2_evidence = true;
  }
  // Spelled through tf.compat.v1 throughout: a TF1 file (`import tensorflow.compat.v1 as tf`).
  return !tf2_evidence && std::any_of(m.refs().begin(), m.refs().end(),
                                      [](const TfRef& r) { return r.tf.ns == TfNs::kV1 && !r.tf.path.empty(); });
}

bool NeedsTf1Behavior(const SemanticModel& m) {
  if (!IsTf1Program(m)) return false;
  for (const TfRef& r : m.refs()) {
    const std::string& p = r.tf.path;
    if (r.tf.ns == TfNs::kV2 || p == "function" || p == "GradientTape" || p == "Module" || p == "random.Generator" ||
        p == "saved_model.save" || p == "executing_eagerly")
      return false;
  }
  return true;
}

std::optional<Edit> BehaviorToggleEdit(const SemanticModel& m) {
  for (const TfRef& r : m.refs())
    if (IsBehaviorToggle(r.tf.path)) return std::nullopt;
  // The first module-level `import tensorflow [as X]` of the file, whatever alias the
  // references use, so the toggle is inserted once; else the first tf.compat.v1 import.
  const Binding* b = nullptr;
  for (std::string_view module : {"tensorflow", "tensorflow.compat.v1"}) {
    for (const Binding* x : m.TfModuleImports())  // in source order
      if (x->scope == 0 && x->qname == module) {
        b = x;
        break;
      }
    if (b) break;
  }
  if (!b) return std::nullopt;
  TSNode stmt = b->target;
  while (!ts_node_is_null(stmt) && !ts::Is(stmt, "import_statement") && !ts::Is(stmt, "import_from_statement"))
    stmt = ts::Parent(stmt);
  if (ts_node_is_null(stmt) || !ts::Is(ts::Parent(stmt), "module")) return std::nullopt;
  uint32_t at = ts_node_end_byte(stmt);
  // After a trailing comment, so it stays on the import's line.
  std::string_view text = m.source().text;
  size_t eol = text.find('\n', at);
  if (eol == std::string_view::npos) eol = text.size();
  std::string_view tail = text.substr(at, eol - at);
  size_t first = tail.find_first_not_of(" \t\r");
  std::string_view newline = "\n";
  if (first == std::string_view::npos || tail[first] == '#') {
    at = static_cast<uint32_t>(eol);
    if (at > 0 && text[at - 1] == '\r') --at;
  }
  if (eol > 0 && eol < text.size() && text[eol - 1] == '\r') newline = "\r\n";  // keep CRLF files CRLF
  std::string call = b->qname == "tensorflow" ? ".compat.v1.disable_v2_behavior()" : ".disable_v2_behavior()";
  std::string edit = std::string(newline) + b->name + call;
  // tf.compat.v1.layers / nn.rnn_cell are Keras 2 (the tf_keras package): TF 2.21 picks
  // it at the first Keras access when TF_USE_LEGACY_KERAS is set, even after the import.
  const ApiTables& t = ApiTables::Get();
  if (std::any_of(m.refs().begin(), m.refs().end(), [&](const TfRef& r) {
        // (tf.contrib.rnn's cells are tf.compat.v1.nn.rnn_cell's: TFM101's fix)
        return (r.tf.ns == TfNs::kTop || r.tf.ns == TfNs::kV1) &&
               (t.NeedsTfKeras(r.tf.path) || r.tf.path.rfind("contrib.rnn.", 0) == 0);
      }))
    edit += fmt::format("{0}import os  # tf.compat.v1.layers and nn.rnn_cell are Keras 2 (the tf_keras package){0}"
                        "os.environ.setdefault(\"TF_USE_LEGACY_KERAS\", \"1\")",
                        newline);
  return Edit{at, at, std::move(edit)};
}

namespace {

// The symbols of Tf1SemanticsEdits; `prefix`: a call of any member (`tf.data.Dataset.range`).
struct Tf1Semantics {
  std::string_view path;
  bool prefix;
};
// ones_like: tools/probe_v1_v2_graphs.py (TF2's folds a known shape into a Const where
// TF1's built Shape and Fill: another GraphDef, other node names).
constexpr Tf1Semantics kTf1Semantics[] = {
    {"Variable", false}, {"cond", false},        {"while_loop", false}, {"where", false},
    {"image.resize", false}, {"data.Dataset", true}, {"ones_like", false},
};

}  // namespace

bool HasTf1Semantics(std::string_view path) {
  for (const Tf1Semantics& s : kTf1Semantics)
    if (path == s.path ||
        (s.prefix && path.size() > s.path.size() && StartsWith(path, s.path) && path[s.path.size()] == '.'))
      return true;
  return false;
}

namespace {

std::string_view FirstComponents(std::string_view path, size_t n) {
  size_t end = 0;
  for (size_t i = 0; i < n && end != std::string_view::npos; ++i) end = path.find('.', i == 0 ? 0 : end + 1);
  return end == std::string_view::npos ? path : path.substr(0, end);
}

// `from tensorflow import X [as Y]` importing that one name: the statement's module_name
// node, else null.
TSNode SoleFromTensorflowImport(const SemanticModel& m, const Binding& b) {
  if (b.kind != BindingKind::kImport) return TSNode{};
  TSNode stmt = b.target;
  while (!ts_node_is_null(stmt) && !ts::Is(stmt, "import_from_statement")) stmt = ts::Parent(stmt);
  if (ts_node_is_null(stmt)) return TSNode{};
  TSNode module = ts::Field(stmt, "module_name");
  if (m.Text(module) != "tensorflow") return TSNode{};
  size_t names = 0;
  for (TSNode n : ts::NamedChildren(stmt))
    if (!ts::Is(n, "comment")) ++names;
  return names == 2 ? module : TSNode{};  // the module and the one name
}

}  // namespace

std::vector<Edit> Tf1SemanticsEdits(const SemanticModel& m) {
  std::vector<Edit> out;
  // Names imported from tensorflow alone (`from tensorflow import Variable`): moved to
  // tensorflow.compat.v1 when every use is such a call and none was spelled otherwise.
  struct Import {
    const Binding* binding;
    bool all_calls = true;
    bool respelled = false;
  };
  std::vector<Import> imports;
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns != TfNs::kTop || r.qname.rfind("tensorflow.", 0) != 0) continue;
    const RefChain* c = CachedChainOf(m, r);
    if (!c || (c->root_components == 0 && !c->root_is_tf)) continue;
    const bool call = !ts_node_is_null(r.call) && IsCallee(r.call, r.node) && HasTf1Semantics(r.tf.path);
    TSNode root = c->nodes[0];
    Import* import = nullptr;
    if (!c->root_is_tf) {
      const Binding* b = m.Lookup(c->root_text, ts_node_start_byte(root));
      if (b && !ts_node_is_null(SoleFromTensorflowImport(m, *b))) {
        auto it = std::find_if(imports.begin(), imports.end(), [&](const Import& x) { return x.binding == b; });
        if (it == imports.end()) it = imports.insert(imports.end(), Import{b});
        import = &*it;
        import->all_calls = import->all_calls && call;
      }
    }
    if (!call) continue;
    std::string spelled;
    if (c->root_is_tf) {
      spelled = c->root_text + ".compat.v1";
    } else if (const Binding* tf = m.TfModuleAt(ts_node_start_byte(root),
                                                SemanticModel::kTfModule | SemanticModel::kTfCompatV1)) {
      spelled = tf->name + (tf->qname == "tensorflow" ? ".compat.v1." : ".") +
                std::string(FirstComponents(r.tf.path, c->root_components));
      if (import) import->respelled = true;
    } else {
      continue;  // the import itself is moved below, when it can be
    }
    out.push_back(Edit{ts_node_start_byte(root), ts_node_end_byte(root), std::move(spelled)});
  }
  for (const Import& i : imports) {
    if (!i.all_calls || i.respelled) continue;
    TSNode module = SoleFromTensorflowImport(m, *i.binding);
    out.push_back(Edit{ts_node_start_byte(module), ts_node_end_byte(module), "tensorflow.compat.v1"});
  }
  std::sort(out.begin(), out.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  out.erase(std::unique(out.begin(), out.end(), [](const Edit& a, const Edit& b) { return a.begin == b.begin; }),
            out.end());
  return out;
}

std::optional<Edit> GraphModeEdit(const SemanticModel& m, const RefChain& c) {
  if (!c.root_is_tf) return std::nullopt;
  return BehaviorToggleEdit(m);
}

bool IsCallee(TSNode call, TSNode n) {
  if (ts_node_is_null(call)) return false;
  TSNode f = ts::Field(call, "function");
  return ts_node_start_byte(f) == ts_node_start_byte(n) && ts_node_end_byte(f) == ts_node_end_byte(n);
}

}  // namespace tfm
