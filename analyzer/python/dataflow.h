// DataFlow: a light value and execution layer over the SemanticModel, for the
// hazard rules (TFM2xx partial runs, TFM4xx eager/tf.function, TFM5xx, TFM6xx).
//
// It answers, per file:
//  * values: is an expression a tensor, a variable, a random op, a dataset, a
//    TensorShape or one of its elements (results of resolved TF calls, parameters
//    of tf.functions and Keras `call`, names and `self.<attr>` assigned from them);
//  * where a value is created: module level, `__init__`/`build`, per-step code;
//  * which functions run per step: tf.functions, functions called from a loop,
//    `*_step` methods, Keras `call`, and everything they call (transitively);
//  * statement context: inside a loop, under `tf.init_scope()`, under a one-time
//    `if self.v is None:` guard, run only at trace time;
//  * the `sess.run` sites of the file and the session each runs on.
//
// Built lazily, once per file, the first time a rule asks for it:
//   const DataFlow& df = DataFlow::Of(ctx.model());
//   if (df.IsTensor(node) && df.IsPerStep(scope)) ...
// Everything is memoized; queries are cheap after the first.
#pragma once

#include <tree_sitter/api.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analyzer/python/semantic.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

// Where a value is created.
enum class Origin { kModule, kInit, kPerStep, kOther };

class DataFlow {
 public:
  explicit DataFlow(const SemanticModel& m);
  // The DataFlow of a model, built on first use and kept with the model.
  static const DataFlow& Of(const SemanticModel& m);

  const SemanticModel& model() const { return m_; }

  // ---- values
  // Tensor- or variable-valued expression (also ops from tf calls).
  bool IsTensor(TSNode expr) const;
  // A tf.Variable (tf.Variable, get_variable, add_weight, a name or self.<attr> bound to one).
  bool IsVariable(TSNode expr) const;
  // A call creating a variable: tf.Variable(...), tf.compat.v1.get_variable(...), VariableV1.
  bool IsVariableCreation(TSNode call) const;
  // A call to a random op (tf.random.normal, tf.random_uniform, ...).
  bool IsRandomCall(TSNode call) const;
  // A tensor computed from a variable or a random op (not the variable itself),
  // e.g. `1.0 / global_step`, `tf.random.normal(...)`. Lambdas do not count.
  bool DerivesFromStateOrRandom(TSNode expr) const;
  // A call creating a tf.data dataset, a v1 iterator (make_*_iterator) or a lookup table.
  bool IsDatasetCreation(TSNode call) const;
  // A TensorShape-valued expression: `x.shape`, `x.get_shape()`, `tf.TensorShape(...)`.
  bool IsShape(TSNode expr) const;
  // An element of a shape: `x.shape[i]`, a name bound to one, or a loop variable
  // iterating over a shape (not `.dims[i]`, which is still a Dimension).
  bool IsShapeElement(TSNode expr) const;
  // The resolved TF name of a call's callee, if any.
  std::optional<TfName> CalleeTf(TSNode call) const;
  // The same without a copy: kept by the model, nullptr when there is none.
  const TfName* CalleeTfName(TSNode call) const;
  // The values assigned to a name (its current binding) or to `self.<attr>`
  // (every assignment in the class); empty when unknown.
  std::vector<TSNode> AssignedValues(TSNode expr) const;
  // The values a function of this file returns (`return X` in its own body, not in nested
  // functions), for a function_definition node; empty for null.
  std::vector<TSNode> ReturnedValues(TSNode def) const;
  // For a name bound to a list literal (`ops = []`): the arguments of its `.append(x)` calls
  // while that binding holds (`ops.append(w.assign(v))`).
  std::vector<TSNode> AppendedValues(TSNode ident) const;

  // For `for v in X` / comprehension loop variables: X, else null.
  TSNode LoopIterable(TSNode ident) const;
  // A Python list of variables: `tf.trainable_variables()`, `model.trainable_variables`,
  // `[w, b]`, a graph collection under a variables key (`g.get_collection(TRAINABLE_VARIABLES)`).
  bool IsVariableList(TSNode e) const { return IsVariableCollection(e, 0); }
  // A Python list of graph objects (tensors, variables, ops): a variable list, any graph
  // collection other than the few holding Python objects (queue runners, savers, control
  // flow contexts), a list or tuple literal of tensors, `list(...)` / `sorted(...)` of one,
  // or a name bound to one.
  bool IsTensorList(TSNode e) const { return IsTensorCollection(e, 0); }
  // The TensorFlow class (`Tensor`, `Variable`, `Operation`, ...) an `isinstance(x, tf.C)`
  // test establishes for the name `ident` where it is read: in the body of an `if`, the
  // right operand of an `and`, or after an `assert` of the same function. Empty if none.
  std::string NarrowedClass(TSNode ident) const;

  // ---- functions
  // Scope index of a function_definition / lambda node, or -1.
  int ScopeOfDef(TSNode def) const;
  bool IsTraced(int scope) const;
  // Runs every training step (see the header comment).
  bool IsPerStep(int scope) const;
  // `__init__` or `build` of a class.
  bool IsInitMethod(int scope) const;
  // Why a scope is per-step ("tf.function", "called in a loop at line 12", ...).
  std::string PerStepReason(int scope) const;
  // The function_definition a call invokes, when it is defined in this file:
  // `f()`, `self.m()`, `obj.m()` / `obj()` for `obj = Cls()`, `g()` for `g = tf.function(f)`.
  TSNode CalleeDef(TSNode call) const;
  // Class scope of an instance expression (`obj` for `obj = Cls(...)`, `self.attr`), or -1.
  int ClassOfInstance(TSNode expr) const;
  // Method `name` of class scope `cls` (function_definition), or null.
  TSNode MethodOf(int cls, std::string_view name) const;
  // The innermost tf.function scope containing `byte`, or -1.
  int TracedScopeAt(uint32_t byte) const;
  // Is `ident` a name bound in the innermost function scope around it (a local
  // or parameter)? Attributes and names of outer scopes are not local.
  bool IsLocalName(TSNode ident) const;
  // 1-based line of a node.
  uint32_t Line(TSNode n) const { return m_.source().LineOf(ts_node_start_byte(n)) + 1; }
  // Origin of a value assigned at `at`.
  Origin OriginAt(TSNode at) const;

  // ---- statement context
  // Inside a for/while body of its own function (or module) scope.
  bool InLoop(TSNode n) const;
  // The loop statement enclosing `n` in its own scope, or null.
  TSNode EnclosingLoop(TSNode n) const;
  // Inside `with tf.init_scope():`.
  bool InInitScope(TSNode n) const;
  // Inside the body of a one-time guard: `if self.v is None:`, `if not self.built:`.
  bool UnderNoneGuard(TSNode n) const;
  // Graph-building code: not traced, and either the file disables eager execution at
  // module level or the node sits in a `with g.as_default():` / `with tf.Session():`
  // block. Finer than SemanticModel::ContextOf, which treats a whole file that uses
  // sessions as graph code.
  bool InGraphCode(TSNode n) const;
  // Does the file call `disable_eager_execution()` / `disable_v2_behavior()` at module level
  // (its graphs then run under TF2 as they did under TF1)?
  bool EagerDisabled() const;
  // Does the file build graphs anywhere (sessions, eager disabled, `g.as_default()`)?
  bool FileHasGraphCode() const;
  // Calls whose start byte lies in [lo, hi), in source order.
  std::span<const TSNode> CallsStartingIn(uint32_t lo, uint32_t hi) const;
  // Python code in a tf.function body that runs only while tracing (not under init_scope).
  bool RunsOnlyAtTrace(TSNode n) const;

  // ---- node index
  // Every named node of a tree-sitter type ("attribute", "comparison_operator", ...),
  // in source order. Built by one walk on first use; rules iterate these lists
  // instead of walking the tree again.
  const std::vector<TSNode>& NodesOfType(ts::NodeKind kind) const;
  // Parent of a node.
  TSNode Parent(TSNode n) const { return ts::Parent(n); }

  // ---- sessions
  // A TF1 session: a session class's instance (`tf.Session()`, `MonitoredTrainingSession`,
  // `tf.get_default_session()`, also through names, `self.<attr>` and `with ... as`), a
  // session getter's result (`get_session()`, `self.test_session()`, `self.cached_session()`,
  // a helper of another module whose name ends in `session`), or a parameter or attribute
  // of unknown origin named like one (`sess`, `session`, `*_sess`, `*_session`).
  bool IsSession(TSNode expr) const { return IsSessionImpl(expr, 0); }
  // A class of this file deriving from a TF1 session class (`class TracerSession(tf.Session)`),
  // directly or through another such class; `cls` is a class scope.
  bool IsSessionSubclass(int cls, int depth = 0) const;
  // The class scope a class name refers to at its use (`TracerSession` in `TracerSession(...)`), or -1.
  int ClassNamed(TSNode ident) const;
  struct RunSite {
    TSNode call{};     // the `sess.run(...)` call
    TSNode fetches{};  // first argument (may be null)
    std::string session;  // receiver text, as written
    // The graph the session runs: the binding of its `graph=` argument or of the
    // enclosing `with g.as_default():`; else the session as written. Sites with equal
    // keys share a graph.
    std::string graph;
  };
  const std::vector<RunSite>& run_sites() const { return run_sites_; }

 private:
  bool IsTensorImpl(TSNode expr, int depth) const;
  bool IsSessionImpl(TSNode expr, int depth) const;
  bool IsSessionUncached(TSNode expr, int depth) const;
  bool IsVariableImpl(TSNode expr, int depth) const;
  bool IsShapeImpl(TSNode expr, int depth) const;
  bool IsShapeElementImpl(TSNode expr, int depth) const;
  void ComputePerStep();
  std::string GraphKey(TSNode recv) const;
  TSNode CalleeDefImpl(TSNode call) const;
  mutable std::unordered_map<const void*, TSNode> callee_cache_;
  mutable std::vector<std::pair<TSNode, int>> loop_owners_;  // loop, owning scope
  // A Python list of variables: `tf.trainable_variables()`, `model.trainable_variables`, `[w, b]`.
  bool IsVariableCollection(TSNode e, int depth) const;
  bool IsTensorCollection(TSNode e, int depth) const;
  // The TF class of an isinstance call's second argument naming `name`, or empty.
  std::string IsinstanceClass(TSNode call, std::string_view name) const;

  const SemanticModel& m_;
  std::unordered_map<const void*, int> def_scope_;  // def node id -> scope
  std::unordered_map<int, std::string> per_step_;  // scope -> reason
  // function scope -> parameters some call site passes a Python literal to
  std::unordered_map<int, std::unordered_set<std::string>> literal_params_;
  std::vector<RunSite> run_sites_;
  mutable std::unordered_map<const void*, bool> tensor_cache_, var_cache_, session_cache_;
  mutable bool loops_indexed_ = false;
  mutable int eager_disabled_ = -1;  // -1 unknown, 0/1
};

}  // namespace tfm
