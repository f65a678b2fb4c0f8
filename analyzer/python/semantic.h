// SemanticModel: what a parsed Python file means, built once per file before any
// rule runs, so rules ask questions instead of walking text.
//
// It answers:
//  * name resolution: which qualified name an expression denotes, through every
//    import form (`import tensorflow as tf`, `import tensorflow.compat.v1 as tf`,
//    `from tensorflow.compat import v1 as tf`, `from tensorflow import keras`,
//    star imports, `tf = tf.compat.v1`, re-binding inside functions), through
//    assignments (`sess = tf.Session()` makes `sess.run` resolve to
//    "tensorflow.Session().run") and `with … as` targets;
//  * scopes (module, class, function, lambda, comprehension) and their bindings;
//  * which functions are traced by `tf.function` (decorator with or without
//    arguments, `f = tf.function(g)`), and the execution context of any node:
//    graph-building, eager, or traced;
//  * which regions are guarded by `try/except ImportError` or version checks;
//  * every reference to a TensorFlow / Keras symbol (`refs()`), the input of the
//    table-driven rules.
//
//   SemanticModel model(parsed);          // parsed outlives model
//   for (const TfRef& r : model.refs()) if (r.tf.path == "Session") ...
#pragma once

#include <tree_sitter/api.h>

#include <deque>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analyzer/python/parse.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace ts {
class NodeIndex;
}

enum class ScopeKind { kModule, kClass, kFunction, kLambda, kComprehension };

enum class BindingKind { kImport, kStarImport, kAssign, kAugAssign, kParameter, kFunction, kClass, kFor, kWith, kExcept };

struct Binding {
  BindingKind kind = BindingKind::kAssign;
  std::string name;
  TSNode target{};  // the identifier (or def / class node)
  TSNode value{};   // right-hand side / with-item expression; null if none
  std::string qname;  // imports: the module or symbol path
  int scope = 0;
  uint32_t byte = 0;  // where the binding happens
};

struct Scope {
  ScopeKind kind = ScopeKind::kModule;
  TSNode node{};  // module / class_definition / function_definition / lambda / comprehension
  int parent = -1;
  std::string name;  // function or class name
  uint32_t begin = 0, end = 0;  // byte range where names resolve to this scope
  std::vector<int> children;
  std::unordered_map<std::string, std::vector<int>> bindings;  // name -> Binding indices
  std::unordered_set<std::string> globals, nonlocals;
  bool traced = false;  // a function compiled by tf.function
};

// Namespace of a TensorFlow symbol as written.
enum class TfNs {
  kTop,  // tensorflow.X  (TF1 top level, or TF2 top level)
  kV1,   // tensorflow.compat.v1.X
  kV2,   // tensorflow.compat.v2.X
};

// A qualified name split into TensorFlow namespace and path below it:
// "tensorflow.compat.v1.train.Saver" -> {kV1, "train.Saver"}.
struct TfName {
  TfNs ns = TfNs::kTop;
  std::string path;
};
std::optional<TfName> SplitTfName(std::string_view qname);

// A reference in the code to something that resolves into tensorflow (or keras).
struct TfRef {
  TSNode node{};  // identifier or attribute (the longest resolvable chain)
  std::string qname;
  TfName tf;
  TSNode call{};  // the call node when this ref is the callee, else null
};

enum class ExecContext { kEager, kGraph, kTraced };
std::string_view ExecContextName(ExecContext c);

class SemanticModel {
 public:
  explicit SemanticModel(const ParsedFile& file);
  ~SemanticModel();

  const ParsedFile& file() const { return file_; }
  const SourceFile& source() const { return file_.source; }
  std::string_view Text(TSNode n) const {
    if (!n.id) return {};
    uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
    return text_.substr(b, e - b);
  }

  // Does the file import tensorflow / keras at all? Rules skip files that do not.
  bool imports_tensorflow() const { return imports_tf_; }

  // Qualified name of an expression (identifier, attribute chain, call result
  // written "f()"), or nullopt when not resolvable.
  std::optional<std::string> Resolve(TSNode expr) const;
  // The same without a copy: the interned name, valid as long as the model, or
  // nullptr when not resolvable.
  const std::string* ResolveName(TSNode expr) const;
  std::optional<TfName> ResolveTf(TSNode expr) const;
  // The same without a copy: SplitTfName of the resolved name, kept by the model for
  // each name (valid as long as the model); nullptr when there is none.
  const TfName* ResolveTfName(TSNode expr) const;

  // The binding a name refers to at `at` (LEGB with flow order in the scope).
  const Binding* Lookup(std::string_view name, uint32_t at) const;

  // "Which name is `tensorflow` bound to here?" -- for fixes that must spell a
  // TensorFlow name the user did not write at that spot. The import binding of the
  // tensorflow module (kTfModule), of tensorflow.compat.v1 (kTfCompatV1) or
  // tensorflow.compat.v2 (kTfCompatV2), among `accept`, that a fix can write at byte
  // `at`: not shadowed there and, in the scope that runs `at`, bound before it (a
  // module-level use above the import would be a NameError; a function body runs
  // after the module). Prefers the module, then compat.v1, then compat.v2, then the
  // first import of the file. Null when there is none (a fix then offers nothing
  // rather than adding an import).
  enum TfModule : unsigned { kTfModule = 1, kTfCompatV1 = 2, kTfCompatV2 = 4 };
  const Binding* TfModuleAt(uint32_t at, unsigned accept) const;
  // Every import binding of those three modules, module-level or local, in source order.
  const std::vector<const Binding*>& TfModuleImports() const;
  // The def node (function_definition) an expression names, if any: `g`, `self.m`.
  TSNode DefinitionOf(TSNode expr) const;

  const std::vector<Scope>& scopes() const { return scopes_; }
  const std::vector<Binding>& bindings() const { return bindings_; }
  int ScopeAt(uint32_t byte) const;
  // Innermost enclosing function scope (kFunction or kLambda) of a byte, or -1.
  int FunctionScopeAt(uint32_t byte) const;
  // Enclosing class scope of a function scope, or -1.
  int ClassOf(int scope) const;

  ExecContext ContextOf(TSNode n) const;
  // Is the node inside a function traced by tf.function (directly or nested)?
  bool InTracedFunction(TSNode n) const;
  // Is the byte inside a try/except ImportError, an if on hasattr / tf2.enabled, or a
  // branch of a TF version check that does not run under the target TensorFlow
  // (version_guard.h; a check it cannot evaluate guards the whole statement)?
  bool IsGuarded(uint32_t byte) const;

  const std::vector<TfRef>& refs() const { return refs_; }
  // Every call node in the file, in source order.
  const std::vector<TSNode>& calls() const { return calls_; }
  // Values assigned to `self.<attr>` inside methods of the class scope `cls`.
  std::vector<TSNode> SelfAttributeValues(int cls, std::string_view attr) const;

  // Call helpers. PositionalArgs' vector is kept by the model (valid as long as it).
  const std::vector<TSNode>& PositionalArgs(TSNode call) const;
  TSNode KeywordArg(TSNode call, std::string_view name) const;  // value node or null
  TSNode Arg(TSNode call, size_t pos, std::string_view name) const;  // positional or keyword

  // Every named node of one type ("assignment", "call", "string", ...) in document
  // order, from lists by symbol built with one pass over the NodeIndex on the first
  // call. Rules use this instead of walking the tree themselves.
  const std::vector<TSNode>& NodesOfType(ts::NodeKind kind) const;
  // The attribute nodes (NodesOfType("attribute")) whose attribute name is `attr`
  // (`x.value` for "value"), in document order; grouped on first use, so rules
  // looking for a few names do not test every attribute of the file.
  const std::vector<TSNode>& AttributesNamed(std::string_view attr) const;
  // The same for any of several names, merged in document order.
  std::vector<TSNode> AttributesNamedAny(std::initializer_list<std::string_view> attrs) const;

  // Depth of the syntax tree and where it is deepest (input limits).
  uint32_t max_depth() const { return max_depth_; }
  uint32_t deepest_byte() const { return deepest_byte_; }

  // Does the file use the TF1 session API (implicit graph mode)?
  bool uses_sessions() const { return uses_sessions_; }

  // Storage for analyses built lazily on top of this model and owned by it: slot 0
  // DataFlow::Of (dataflow.h), slot 1 the API-table rules' reference chains
  // (ChainOf in checks/api_tables.h). Rules of one file run on one thread.
  static constexpr size_t kDerivedSlots = 2;
  std::shared_ptr<const void>& derived_slot(size_t i = 0) const { return derived_[i]; }

 private:
  void BuildScopes();
  // ScopeAt's answers as runs of bytes (seg_start_ ascending from 0, seg_scope_ the
  // innermost scope from there), built once the scope tree is complete.
  void BuildScopeSegments();
  // Handles one named node of the scope walk; false skips its subtree.
  bool Enter(TSNode n, TSSymbol sym, TSNode parent, std::vector<int>& scope_stack);
  void Resolve2();
  void GuardVersionChecks();
  void AddBinding(Binding b);
  void BindTarget(TSNode target, TSNode value, BindingKind kind, int scope, int depth = 0);
  void BindParameters(TSNode params, int scope);
  const std::string* ResolveImpl(TSNode expr, int depth) const;
  const std::string* ResolveBinding(const Binding& b, int depth) const;
  bool IsReferencePosition(int n, int parent) const;

  const ParsedFile& file_;
  std::string_view text_;
  // The file's tree flattened (node_index.h), built first and registered for this
  // thread so every ts:: helper answers from it; the model must stay on one thread.
  std::unique_ptr<ts::NodeIndex> index_;
  bool imports_tf_ = false;
  uint32_t max_depth_ = 0;
  uint32_t deepest_byte_ = 0;
  // identifiers, attributes and calls with their parent (NodeIndex positions; parent
  // -1 for none), collected by the scope walk
  struct Candidate {
    int node;
    int parent;
  };
  std::vector<Candidate> candidates_;
  // Named nodes by grammar symbol, built on the first NodesOfType call: the NodeIndex
  // positions of symbol s are sym_nodes_[sym_start_[s] .. sym_start_[s + 1]).
  void BuildSymbolLists() const;
  mutable std::vector<int32_t> sym_start_;
  mutable std::vector<int32_t> sym_nodes_;
  mutable std::unordered_map<TSSymbol, std::vector<TSNode>> by_type_;  // per symbol, built on first use
  mutable std::unordered_map<std::string_view, std::vector<TSNode>> attributes_by_name_;  // keys view text_
  mutable bool attributes_grouped_ = false;
  bool uses_sessions_ = false;
  std::vector<Scope> scopes_;
  std::vector<uint32_t> seg_start_;
  std::vector<int> seg_scope_;
  std::vector<Binding> bindings_;
  std::vector<std::string> star_modules_;  // `from M import *` at module level
  std::vector<TfRef> refs_;
  std::vector<TSNode> calls_;
  // class scope -> attr -> assigned value nodes (self.attr = value)
  std::unordered_map<int, std::unordered_map<std::string, std::vector<TSNode>>> self_attrs_;
  std::vector<std::pair<uint32_t, uint32_t>> guarded_;
  std::vector<TSNode> version_ifs_;  // if statements on a version check, until GuardVersionChecks
  std::vector<std::pair<uint32_t, uint32_t>> graph_ranges_;
  std::vector<uint32_t> eager_disabled_at_;  // module-level disable_eager_execution / disable_v2_behavior
  // Resolve's answers by NodeIndex position (nullptr: not asked yet) and the names
  // they point to.
  mutable std::vector<const std::string*> resolved_;
  mutable std::deque<std::string> names_;
  // ResolveTfName's answers by interned name.
  mutable std::unordered_map<const std::string*, std::optional<TfName>> tf_names_;
  // A call's arguments, collected once per call node (rules ask for them many times).
  struct CallArgs {
    std::vector<TSNode> positional;
    std::vector<std::pair<std::string_view, TSNode>> keywords;  // name text, keyword_argument node
  };
  const CallArgs& ArgsOf(TSNode call) const;
  // By the call's NodeIndex position: 1 + index into args_store_ (0: not collected
  // yet); sized on first use. Nodes without a position use args_cache_.
  mutable std::vector<int32_t> args_slot_;
  mutable std::deque<CallArgs> args_store_;
  mutable std::unordered_map<const void*, CallArgs> args_cache_;
  mutable std::shared_ptr<const void> derived_[kDerivedSlots];
  mutable std::vector<const Binding*> tf_imports_;  // TfModuleImports, built on first use
  mutable bool tf_imports_ready_ = false;
};

}  // namespace tfm
