// A session an object owns, converted to a tf.Module: see tf2_class_session.h.
#include "rewriter/tf2_class_session.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "analyzer/python/semantic.h"
#include "analyzer/python/ts_util.h"
#include "analyzer/source/source.h"
#include "rewriter/tf2_keras.h"
#include "rewriter/tf2_text.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

struct Bail {
  string reason;
  uint32_t line = 0;
};

bool Starts(string_view s, string_view p) { return s.substr(0, p.size()) == p; }
bool Ends(string_view s, string_view p) { return s.size() >= p.size() && s.substr(s.size() - p.size()) == p; }

// What a statement of the graph-building code is.
enum class Kind { kPlaceholder, kVariable, kOptimizer, kMinimize, kGraph, kSession, kInitRun, kBuildCall, kModuleName, kKeep };

struct BuildStmt {
  TSNode stmt{}, value{};
  TSNode method{};  // the build method it is in
  Kind kind = Kind::kKeep;
  string name;  // the name it binds (`self.NAME` or `NAME`)
  string key;   // its graph name: `name`, or `name#K` once a build method binds the local name again
  std::set<string> deps;  // graph names its value reads
  bool random = false;    // an unseeded random op in its value
  bool alias = false;     // `self.NAME = NAME` of a graph local of that name
  std::vector<std::pair<uint32_t, string>> random_ops;  // its unseeded random ops: line, op
  bool local_variable = false;  // `W = tf.Variable(...)`: becomes `self.W`
  string new_value;             // a get_variable's TF2 variable
  // tf.layers.dense: the Keras layer the build method makes (`self.ATTR = Dense(...)` and its
  // build), and the input the function calls it on
  string layer_attr, layer_ctor;
  TSNode layer_input{};
  string layer_build;  // the input shape the layer is built for (`[None, 24]`)
  string layer_call;   // the functions' call of it, when not `self.ATTR(input)` (a batch normalization's)
  string bn_training;  // a batch normalization's training: "True", "False" or its bool placeholder's name
  // tf.layers' pooling or flatten: the TF2 op the functions compute instead (its input is
  // layer_input)
  string stateless;
  string generator;  // a random op several runs share: the generator's attribute (see ShareRandomOps)
  string default_value, default_dtype;  // a placeholder_with_default's default (its text) and dtype
};

struct Minimize {
  const BuildStmt* s = nullptr;
  string loss, vars, global_step, optimizer;  // the optimizer's attribute
  string keras;                               // its Keras constructor when made in the statement
};

struct RunFn {
  string name;
  std::vector<string> fetches;  // the fetched names, in order
  std::vector<string> params;   // the fed placeholders and the needed ones with a default, in their definition order
  string expr;                  // a fetched expression of graph tensors (`tf.argmax(logits, 1)`): its value, returned
};

class ClassConverter {
 public:
  ClassConverter(const ParsedFile& f, const SemanticModel& m, bool bn_updates_with_minimize)
      : file_(f), m_(m), src_(f.source.text), bn_updates_with_minimize_(bn_updates_with_minimize) {}

  SessionConversion Run() {
    SessionConversion out;
    try {
      Convert(&out);
    } catch (const Bail& b) {
      out = SessionConversion{};
      // no class owns the session: not this conversion's shape, no reason of its own
      if (!sess_.empty()) {
        out.reason = b.reason;
        out.line = b.line;
      }
    }
    return out;
  }

 private:
  const ParsedFile& file_;
  const SemanticModel& m_;
  string_view src_;
  bool bn_updates_with_minimize_ = false;
  string tf_ = "tf", self_ = "self", sess_;
  TSNode cls_{};
  std::map<string, TSNode> methods_;  // of the class, by name
  std::vector<string> build_order_;   // build methods, in the order they run
  std::vector<BuildStmt> build_;      // their statements, in the order they run
  std::map<string, size_t> graph_;    // graph names (placeholders, tensors, ops, variables) -> build_ index
  std::vector<Minimize> minimizes_;
  std::vector<string> variables_;  // trainable, in creation order (`self.w`, `*self.layer.trainable_variables`)
  std::map<string, string> dims_;  // graph names' static last dimension (an integer literal)
  std::map<string, std::vector<string>> shapes_;  // graph names' static shapes, where the text shows them
  std::vector<ByteEdit> edits_;
  std::vector<RunFn> fns_;
  int runs_ = 0;  // run sites replaced
  struct Scope {
    TSNode with, call, name;
    std::vector<TSNode> body;
  };
  std::vector<Scope> scopes_;
  // a session the script makes and passes to the constructor: its name, its statement, and
  // the constructor's parameter that takes it (0: the session is made in the class)
  string module_sess_;
  TSNode module_sess_stmt_{};
  size_t sess_param_ = 0;
  TSNode with_alias_{};
  uint32_t dedent_ = 0;  // `with ... as sess:`: the block's name (the block is module_sess_stmt_)  // scope blocks of the build methods, outer ones first
  std::set<string> python_attrs_;  // attributes of self bound to Python values
  std::set<string> local_variables_;  // variables bound to local names of build methods
  std::set<string> init_ops_;         // names bound to the variables' initializer
  std::set<string> graph_locals_;     // graph values bound to local names of build methods
  // A local graph name bound again (`h = tf.nn.relu(h)`): while the new value is classified,
  // its reads of the name are the earlier binding's, whose static width and shape are these.
  struct Rebound {
    string name;
    std::optional<string> dim;
    std::optional<std::vector<string>> shape;
  } rebound_;
  std::map<string, int> versions_;   // local graph names bound again: how many times
  bool classified_ = false;          // (after Classify a name bound again names no one tensor)
  std::vector<TSNode> eager_run_calls_;  // the script's runs of its eager values (written as their values)
  std::vector<TSNode> eager_stmts_;      // the script's statements making those values
  std::set<uintptr_t> feed_stmts_;    // feed dicts bound before their runs (they go)
  string module_name_;             // `self.name = NAME` in __init__: the tf.Module's name

  [[noreturn]] void Fail(TSNode at, string reason) const {
    throw Bail{std::move(reason), at.id ? ts_node_start_point(at).row + 1 : 0};
  }
  string_view Text(TSNode n) const { return ts::Text(n, src_); }
  string Resolved(TSNode n) const { return ResolvedName(m_, n); }

  // A random op without an op seed: TF2 derives another seed than TF1 did.
  bool UnseededRandom(TSNode call) const {
    const string q = Resolved(ts::Field(call, "function"));
    bool random = Starts(q, "tensorflow") &&
                  (q.find("random") != string::npos || Ends(q, "multinomial") || Ends(q, "dropout"));
    return random && !m_.KeywordArg(call, "seed").id;
  }
  // Whether `n` refers to tensorflow, the script's session passed to the class aside.
  bool UsesTf(TSNode n) const {
    // (the script's session, whose methods resolve into tensorflow, does not count)
    return RefersToTf(m_, n, [&](TSNode c) {
      // (a run of an eager value the conversion writes as its value: the value's statement is checked)
      for (TSNode r : eager_run_calls_)
        if (ts::Contains(r, c)) return true;
      if (module_sess_.empty()) return false;
      while (ts::Is(c, "attribute")) c = ts::Field(c, "object");
      return ts::Is(c, "identifier") && Text(c) == module_sess_;
    });
  }
  // `tf.compat.v1.get_variable(name, shape, dtype=, initializer=)` as the TF2 variable of
  // the Keras initializer drawing what TF1's drew (glorot_uniform without one), named as
  // TF1 named it in the variable scope (which becomes a name scope; TF1's get_variable
  // ignored plain name scopes, so none may hold it).
  string GetVariableText(BuildStmt& b) {
    TSNode call = b.value;
    for (TSNode p = ts::Parent(b.stmt); p.id && !ts::Same(p, b.method); p = ts::Parent(p))
      for (const Scope& sc : scopes_)
        if (ts::Same(sc.with, p) && Resolved(ts::Field(sc.call, "function")) != "tensorflow.compat.v1.variable_scope")
          Fail(b.stmt, "a get_variable in a name scope (TF1 ignored the name scope, a TF2 variable would not)");
    string why;
    auto args = CallArgsByName(src_, call, {"name", "shape", "dtype", "initializer"}, &why, {"trainable"});
    if (!why.empty()) Fail(call, fmt::format("get_variable: {}", why));
    if (!args.count("name") || !args.count("shape")) Fail(call, "a get_variable without a name or a shape");
    string init;
    if (!args.count("initializer") || Text(args["initializer"]) == "None") {
      init = tf_ + ".keras.initializers.GlorotUniform()";
      b.random_ops.push_back({ts_node_start_point(call).row + 1, "tensorflow.compat.v1.glorot_uniform_initializer"});
    } else {
      init = KerasInitializerFor(m_, src_, args["initializer"], tf_, &why);
      if (init.empty()) Fail(args["initializer"], why);
      const string iq = Resolved(ts::Field(args["initializer"], "function"));
      if (iq.find("random") != string::npos || iq.find("truncated") != string::npos || iq.find("glorot") != string::npos)
        b.random_ops.push_back({ts_node_start_point(call).row + 1, iq});
    }
    string out = fmt::format("{}.Variable({}(shape={}, dtype={}), name={}", tf_, init, Text(args["shape"]),
                             args.count("dtype") ? string(Text(args["dtype"])) : tf_ + ".float32", Text(args["name"]));
    if (args.count("trainable")) out += fmt::format(", trainable={}", Text(args["trainable"]));
    return out + ")";
  }
  TSNode ArgAt(TSNode call, size_t k, const char* name) const { return tfm::ArgAt(m_, call, k, name); }
  // The last item of a list or tuple literal when it is an integer literal, or "".
  string LastOfList(TSNode l) const {
    if (!ts::Is(l, "list") && !ts::Is(l, "tuple")) return "";
    std::vector<TSNode> items;
    for (TSNode c : ts::NamedChildren(l))
      if (!ts::Is(c, "comment")) items.push_back(c);
    return !items.empty() && ts::Is(items.back(), "integer") ? string(Text(items.back())) : "";
  }
  // A variable's static last dimension: of get_variable's shape, or of the shape list its
  // initial value is drawn or filled with (`tf.random.normal([3, 4])`, `tf.zeros([4])`).
  string VariableDim(const BuildStmt& b) const {
    const string q = Resolved(ts::Field(b.value, "function"));
    if (q == "tensorflow.compat.v1.get_variable") return LastOfList(ArgAt(b.value, 1, "shape"));
    TSNode init = ArgAt(b.value, 0, "initial_value");
    if (!ts::Is(init, "call")) return "";
    return LastOfList(ArgAt(init, 0, "shape"));
  }
  // The static last dimension of a graph expression, where the text shows it: a name's, a
  // matmul's second operand's, an element-wise op's or activation's operand's.
  string Dim(TSNode e) const {
    if (ts::Is(e, "parenthesized_expression")) return Dim(ts_node_named_child(e, 0));
    string name = SelfAttr(e);
    if (name.empty() && ts::Is(e, "identifier")) name = string(Text(e));
    if (!name.empty()) {
      if (classified_ && versions_.count(name)) return "";
      if (auto it = dims_.find(name); it != dims_.end()) return it->second;
      auto sh = shapes_.find(name);
      if (sh == shapes_.end() && name == rebound_.name) {
        if (rebound_.dim) return *rebound_.dim;
        return !rebound_.shape || rebound_.shape->empty() || rebound_.shape->back() == "None" ? ""
                                                                                             : rebound_.shape->back();
      }
      return sh == shapes_.end() || sh->second.empty() || sh->second.back() == "None" ? "" : sh->second.back();
    }
    if (ts::Is(e, "binary_operator")) {
      string l = Dim(ts::Field(e, "left"));
      return l.empty() ? Dim(ts::Field(e, "right")) : l;
    }
    if (ts::Is(e, "unary_operator")) return Dim(ts::Field(e, "argument"));
    if (!ts::Is(e, "call")) return "";
    const string q = Resolved(ts::Field(e, "function"));
    const string f = q.substr(q.rfind('.') + 1);
    if (f == "matmul" && Starts(q, "tensorflow")) {
      if (m_.KeywordArg(e, "transpose_b").id || m_.KeywordArg(e, "adjoint_b").id) return "";
      return Dim(ArgAt(e, 1, "b"));
    }
    if (SameShape(q)) return Dim(ArgAt(e, 0, "x"));
    const std::vector<string> sh = Shape(e);
    return sh.empty() || sh.back() == "None" ? "" : sh.back();
  }
  // An op whose output has its first operand's shape.
  static bool SameShape(const string& q) {
    const string f = q.substr(q.rfind('.') + 1);
    for (const char* same : {"relu", "relu6", "elu", "selu", "tanh", "sigmoid", "softmax", "dropout", "identity",
                             "leaky_relu", "softplus", "add", "subtract", "multiply", "bias_add"})
      if (f == same && Starts(q, "tensorflow")) return true;
    return false;
  }
  // The static shape of a graph expression, where the text shows it: a name's (a
  // placeholder's literal shape, carried through layers and ops), a literal reshape's, what
  // tf.layers' conv2d, pooling and flatten make of a known input; {} otherwise.
  std::vector<string> Shape(TSNode e) const {
    while (ts::Is(e, "parenthesized_expression") && ts_node_named_child_count(e) == 1) e = ts_node_named_child(e, 0);
    string name = SelfAttr(e);
    if (name.empty() && ts::Is(e, "identifier")) name = string(Text(e));
    if (!name.empty()) {
      if (classified_ && versions_.count(name)) return {};
      auto it = shapes_.find(name);
      if (it == shapes_.end() && name == rebound_.name && rebound_.shape) return *rebound_.shape;
      return it == shapes_.end() ? std::vector<string>{} : it->second;
    }
    if (!ts::Is(e, "call")) return {};
    const string q = Resolved(ts::Field(e, "function"));
    if (q == "tensorflow.reshape" || q == "tensorflow.compat.v1.reshape") {
      TSNode sh = ArgAt(e, 1, "shape");
      return sh.id ? ShapeLiteral(src_, sh, true) : std::vector<string>{};
    }
    if (SameShape(q)) return Shape(ArgAt(e, 0, "x"));
    TSNode in = ArgAt(e, 0, "inputs");
    if (!in.id || !Starts(q, "tensorflow.compat.v1.layers.")) return {};
    return Tf1LayerOutputShape(m_, src_, e, q, Shape(in));
  }
  // `h = tf.compat.v1.layers.dense(inputs, units, ...)`: a Keras Dense made and built by the
  // build method, called in the functions.
  void DenseLayer(BuildStmt& b) {
    TSNode call = b.value;
    string why;
    auto args = CallArgsByName(src_, call, {"inputs", "units", "activation", "use_bias", "kernel_initializer",
                                            "bias_initializer"},
                               &why, {"name"});
    if (!why.empty()) Fail(call, fmt::format("tf.layers.dense: {}", why));
    if (!args.count("inputs") || !args.count("units")) Fail(call, "a tf.layers.dense without inputs or units");
    std::vector<string> ctor = KerasDenseArgs(m_, src_, args, tf_, &why);
    if (ctor.empty()) Fail(call, fmt::format("tf.layers.dense: {}", why));
    if (args.count("name")) ctor.push_back(fmt::format("name={}", Text(args["name"])));
    b.layer_ctor = fmt::format("{}.keras.layers.Dense({})", tf_, fmt::join(ctor, ", "));
    // its kernel drawn by glorot_uniform (or the initializer given) without an op seed
    if (!args.count("kernel_initializer") || Text(args["kernel_initializer"]) == "None")
      b.random_ops.push_back({ts_node_start_point(call).row + 1, "tensorflow.compat.v1.layers.dense"});
    b.layer_input = args["inputs"];
    const string width = Dim(b.layer_input);
    if (width.empty())
      Fail(b.layer_input, fmt::format("the width of `{}`, the input of a dense layer, is not known from the text (the "
                                      "Keras layer is built where TF1 made its variables)",
                                      Text(b.layer_input)));
    b.layer_build = fmt::format("[None, {}]", width);
    if (ts::Is(args["units"], "integer")) dims_[b.name] = string(Text(args["units"]));
    LayerAttr(b);
  }
  // Whether `x` is known to be 2-D ([batch, features]): its static shape, or a dense or
  // batch-normalization layer over such a tensor, or an element-wise op of one.
  bool Rank2(TSNode x, int depth = 0) const {
    if (depth > 64) return false;
    while (ts::Is(x, "parenthesized_expression") && ts_node_named_child_count(x) == 1) x = ts_node_named_child(x, 0);
    if (const std::vector<string> sh = Shape(x); !sh.empty()) return sh.size() == 2;
    string name = SelfAttr(x);
    if (name.empty() && ts::Is(x, "identifier")) name = string(Text(x));
    TSNode value = x;
    if (!name.empty()) {
      auto it = graph_.find(name);
      if (it == graph_.end()) return false;
      value = build_[it->second].value;
    }
    if (!ts::Is(value, "call")) return false;
    const string q = Resolved(ts::Field(value, "function"));
    if (q == "tensorflow.compat.v1.layers.dense" || q == "tensorflow.compat.v1.layers.batch_normalization")
      return Rank2(ArgAt(value, 0, "inputs"), depth + 1);
    if (SameShape(q)) return Rank2(ArgAt(value, 0, "x"), depth + 1);
    return false;
  }
  // `h = tf.compat.v1.layers.batch_normalization(x, momentum=m, training=T)` over a 2-D input:
  // a Keras BatchNormalization made and built by the build method, the functions calling it
  // with training=True or False or a cond of the class's bool placeholder (see the module
  // converter's TfBatchNormCall for why only where every minimize() ran the UPDATE_OPS
  // collection's updates, and CheckBatchNormRun).
  void BatchNormLayer(BuildStmt& b) {
    TSNode call = b.value;
    auto fail = [&](const string& why) { Fail(call, fmt::format("tf.layers.batch_normalization: {}", why)); };
    string why;
    auto args = CallArgsByName(src_, call, Tf1BatchNormParams(), &why);
    if (!why.empty()) fail(why);
    if (!args.count("inputs")) fail("no inputs");
    if (args.count("axis") && Text(args["axis"]) == "1") args.erase("axis");  // (axis 1 of a 2-D input is its last)
    std::optional<std::vector<string>> stated = KerasBatchNormArgs(m_, src_, args, tf_, &why);
    if (!stated) fail(why);
    std::vector<string> ctor = std::move(*stated);
    b.bn_training = "False";
    if (args.count("training")) {
      TSNode t = args["training"];
      const string a = SelfAttr(t);
      auto it = a.empty() ? graph_.end() : graph_.find(a);
      if (ts::Is(t, "true")) b.bn_training = "True";
      else if (it != graph_.end() && build_[it->second].kind == Kind::kPlaceholder) b.bn_training = a;
      else if (!ts::Is(t, "false")) fail("`training=` is not True, False or a bool placeholder of the class");
    }
    if (b.bn_training != "False" && !bn_updates_with_minimize_) fail(kBatchNormWithoutUpdatesWhy);
    TSNode x = args["inputs"];
    const std::vector<string> sh = Shape(x);
    if (sh.size() == 4) fail(BatchNormFusedWhy(Text(x)));
    if (!Rank2(x)) fail(fmt::format("its input `{}` is not known to be 2-D", Text(x)));
    const string width = Dim(x);
    if (width.empty()) fail(fmt::format("the width of its input `{}` is not known from the text", Text(x)));
    if (args.count("name")) ctor.push_back(fmt::format("name={}", Text(args["name"])));
    b.layer_ctor = fmt::format("{}.keras.layers.BatchNormalization({})", tf_, fmt::join(ctor, ", "));
    b.layer_input = x;
    b.layer_build = fmt::format("[None, {}]", width);
    LayerAttr(b);
    b.layer_call = KerasBatchNormCall(tf_, fmt::format("{}.{}", self_, b.layer_attr), LocalText(x), b.bn_training);
    dims_[b.name] = width;
    if (!sh.empty()) shapes_[b.name] = sh;
  }
  // A run computing a batch normalization while training (True, or its flag fed anything but
  // False) runs a minimize(): TF1 updated the moving statistics in that run.
  void CheckBatchNormRun(TSNode call, const std::vector<size_t>& need, const std::map<string, TSNode>& fed) const {
    bool minimizes = false;
    for (size_t i : need) minimizes |= build_[i].kind == Kind::kMinimize;
    if (minimizes) return;
    for (size_t i : need) {
      const BuildStmt& b = build_[i];
      if (b.bn_training.empty() || b.bn_training == "False") continue;
      if (b.bn_training != "True") {
        auto f = fed.find(b.bn_training);
        const string value = f != fed.end() ? string(Text(f->second)) : build_[graph_.at(b.bn_training)].default_value;
        if (value == "False") continue;
      }
      Fail(call, fmt::format("the run computes the batch normalization `{}` while training without a minimize(): TF1 "
                             "ran no update of its moving statistics there, Keras's layer would",
                             b.name));
    }
  }
  // `base`, or `base_K` when another statement's layer or generator has it (a local name
  // bound again to a second layer).
  string FreshAttr(const string& base) const {
    auto taken = [&](const string& a) {
      return std::any_of(build_.begin(), build_.end(),
                         [&](const BuildStmt& o) { return o.layer_attr == a || o.generator == a; });
    };
    string a = base;
    for (int k = 1; taken(a); ++k) a = fmt::format("{}_{}", base, k);
    return a;
  }
  // The layer's attribute (`self.NAME_layer`), whose variables are trainable.
  void LayerAttr(BuildStmt& b) {
    b.layer_attr = FreshAttr(b.name + "_layer");
    if (methods_.count(b.layer_attr) || graph_.count(b.layer_attr) || python_attrs_.count(b.layer_attr))
      Fail(b.value, fmt::format("the layer's attribute `{}.{}` is taken", self_, b.layer_attr));
    variables_.push_back(fmt::format("*{}.{}.trainable_variables", self_, b.layer_attr));
  }
  // `c = tf.compat.v1.layers.conv2d(inputs, filters, kernel_size, ...)`: a Keras Conv2D made
  // and built by the build method for its input's channels, called in the functions.
  void ConvLayer(BuildStmt& b) {
    TSNode call = b.value;
    string why;
    auto args = CallArgsByName(src_, call, {"inputs", "filters", "kernel_size", "strides", "padding", "data_format",
                                            "dilation_rate", "activation", "use_bias", "kernel_initializer",
                                            "bias_initializer"},
                               &why, {"name"});
    if (!why.empty()) Fail(call, fmt::format("tf.layers.conv2d: {}", why));
    if (!args.count("inputs") || !args.count("filters") || !args.count("kernel_size"))
      Fail(call, "a tf.layers.conv2d without inputs, filters or kernel_size");
    std::vector<string> ctor = KerasConv2DArgs(m_, src_, args, tf_, &why);
    if (ctor.empty()) Fail(call, fmt::format("tf.layers.conv2d: {}", why));
    if (args.count("name")) ctor.push_back(fmt::format("name={}", Text(args["name"])));
    b.layer_ctor = fmt::format("{}.keras.layers.Conv2D({})", tf_, fmt::join(ctor, ", "));
    if (!args.count("kernel_initializer") || Text(args["kernel_initializer"]) == "None")
      b.random_ops.push_back({ts_node_start_point(call).row + 1, "tensorflow.compat.v1.layers.conv2d"});
    b.layer_input = args["inputs"];
    const std::vector<string> x = Shape(b.layer_input);
    if (x.size() != 4 || x[3] == "None")
      Fail(b.layer_input, fmt::format("the channels of `{}`, the input of a conv2d layer, are not known from the text "
                                      "(the Keras layer is built where TF1 made its variables)",
                                      Text(b.layer_input)));
    b.layer_build = fmt::format("[None, None, None, {}]", x[3]);
    shapes_[b.name] = Tf1LayerOutputShape(m_, src_, call, "tensorflow.compat.v1.layers.conv2d", x);
    if (auto f = LiteralInt(src_, args["filters"])) dims_[b.name] = std::to_string(*f);
    LayerAttr(b);
  }
  // A dropout call's parts: tf.nn.dropout (x, rate or v1's keep_prob, noise_shape, seed) or
  // tf.compat.v1.layers.dropout (inputs, rate=0.5, noise_shape, seed, training=False).
  struct DropoutParts {
    TSNode x{}, seed{};
    string rate, noise_shape;
    string training;  // "" (False: no op, the input itself), "True", or a bool tensor's text
  };
  std::optional<DropoutParts> ParseDropout(TSNode call, string* why) {
    const string q = Resolved(ts::Field(call, "function"));
    DropoutParts d;
    if (q == "tensorflow.compat.v1.layers.dropout") {
      auto args = CallArgsByName(src_, call, {"inputs", "rate", "noise_shape", "seed", "training", "name"}, why);
      if (!why->empty() || !args.count("inputs")) {
        if (why->empty()) *why = "a tf.layers.dropout without inputs";
        return std::nullopt;
      }
      d.x = args["inputs"];
      d.rate = args.count("rate") ? LocalText(args["rate"]) : "0.5";
      if (args.count("seed") && Text(args["seed"]) != "None") d.seed = args["seed"];
      if (args.count("noise_shape") && Text(args["noise_shape"]) != "None")
        d.noise_shape = LocalText(args["noise_shape"]);
      if (args.count("training")) {
        TSNode t = args["training"];
        const string a = SelfAttr(t);
        if (ts::Is(t, "true")) {
          d.training = "True";
        } else if (!a.empty() && graph_.count(a) && build_[graph_.at(a)].kind != Kind::kVariable) {
          d.training = a;
        } else if (!ts::Is(t, "false")) {
          *why = "tf.layers.dropout's `training=` is not True, False or a bool tensor of the class";
          return std::nullopt;
        }
      }
      return d;
    }
    if (q != "tensorflow.nn.dropout" && q != "tensorflow.compat.v1.nn.dropout") {
      *why = "only a dropout draws from a shared generator";
      return std::nullopt;
    }
    auto args = CallArgsByName(src_, call, {"x", "rate", "noise_shape", "seed", "name"}, why, {"keep_prob"});
    if (!why->empty() || !args.count("x") || args.count("keep_prob") == args.count("rate")) {
      *why = "the dropout's arguments are not x, rate (or keep_prob), noise_shape, seed";
      return std::nullopt;
    }
    d.x = args["x"];
    d.rate = args.count("rate") ? LocalText(args["rate"]) : fmt::format("1 - ({})", LocalText(args["keep_prob"]));
    if (args.count("seed") && Text(args["seed"]) != "None") d.seed = args["seed"];
    if (args.count("noise_shape") && Text(args["noise_shape"]) != "None") d.noise_shape = LocalText(args["noise_shape"]);
    d.training = "True";
    return d;
  }
  // The dropout's TF2 text: `drop` (a dropout of the input) where training, the input itself
  // where not (a cond of a bool tensor).
  string DropoutText(const DropoutParts& d, const string& drop) const {
    const string x = LocalText(d.x);
    if (d.training.empty()) return fmt::format("{}.identity({})", tf_, x);
    if (d.training == "True") return drop;
    return fmt::format("{0}.cond({1}, lambda: {2}, lambda: {0}.identity({3}))", tf_, d.training, drop, x);
  }
  // `h = tf.compat.v1.layers.dropout(x, rate, training=T)`: TF1's layer applied tf.nn.dropout
  // where training was True.
  void LayerDropout(BuildStmt& b) {
    string why;
    std::optional<DropoutParts> d = ParseDropout(b.value, &why);
    if (!d) Fail(b.value, why);
    string drop = fmt::format("{}.nn.dropout({}, rate={}", tf_, LocalText(d->x), d->rate);
    if (!d->noise_shape.empty()) drop += fmt::format(", noise_shape={}", d->noise_shape);
    if (d->seed.id) drop += fmt::format(", seed={}", Text(d->seed));
    b.stateless = DropoutText(*d, drop + ")");
    if (string dim = Dim(d->x); !dim.empty()) dims_[b.name] = dim;
    if (std::vector<string> sh = Shape(d->x); !sh.empty()) shapes_[b.name] = sh;
  }

  // `p = tf.compat.v1.layers.max_pooling2d(x, 2, 2)` (average_pooling2d, flatten): no
  // variables; the functions compute the TF2 op instead.
  void StatelessLayer(BuildStmt& b, const string& q) {
    string why;
    b.stateless = StatelessLayerText(src_, b.value, q, tf_, [&](TSNode n) { return LocalText(n); }, &b.layer_input, &why);
    if (b.stateless.empty()) Fail(b.value, fmt::format("tf.layers.{}: {}", q.substr(q.rfind('.') + 1), why));
    shapes_[b.name] = Shape(b.value);
  }
  static constexpr const char* kDedentBegin = "#<<tfmigrate: dedent begin>>";
  static constexpr const char* kDedentEnd = "#<<tfmigrate: dedent end>>";
  // The lines between the markers dedented by dedent_, the markers' lines removed.
  string DedentMarked(const string& text) const {
    const size_t b = text.find(kDedentBegin), e = text.find(kDedentEnd);
    if (b == string::npos || e == string::npos || e < b) throw Bail{"the session block could not be dedented", 0};
    const size_t body = text.find('\n', b) + 1, end_line = text.find('\n', e);
    string out = text.substr(0, b);
    size_t i = body;
    while (i < e) {
      size_t eol = text.find('\n', i);
      if (eol == string::npos || eol > e) eol = e;
      string_view line(text.data() + i, eol - i);
      size_t sp = 0;
      while (sp < line.size() && sp < dedent_ && line[sp] == ' ') ++sp;
      out.append(line.substr(sp));
      if (eol < e) out += '\n';
      i = eol + 1;
    }
    out.append(end_line == string::npos ? "" : text.substr(end_line + 1));
    return out;
  }
  static bool IsInitializerCall(string_view q) {
    return q == "tensorflow.compat.v1.global_variables_initializer" || q == "tensorflow.compat.v1.initialize_all_variables";
  }
  // `self.NAME` (the attribute node): NAME, or "".
  string SelfAttr(TSNode n) const {
    if (!ts::Is(n, "attribute")) return "";
    TSNode o = ts::Field(n, "object");
    if (!ts::Is(o, "identifier") || Text(o) != self_) return "";
    return string(Text(ts::Field(n, "attribute")));
  }
  static std::vector<TSNode> Stmts(TSNode def) {
    std::vector<TSNode> out;
    for (TSNode s : ts::NamedChildren(ts::Field(def, "body")))
      if (!ts::Is(s, "comment")) out.push_back(s);
    return out;
  }
  // The names a method binds itself (its parameters and assigned names).
  std::set<string> LocalsOf(TSNode def) const {
    std::set<string> out;
    for (TSNode p : ts::NamedChildren(ts::Field(def, "parameters"))) {
      // a parameter's name (not its default value's names); *args and **kwargs too
      TSNode n = ts::Is(p, "default_parameter") || ts::Is(p, "typed_default_parameter") ? ts::Field(p, "name") : p;
      if (ts::Is(n, "identifier")) out.insert(string(Text(n)));
      else
        for (TSNode c : ts::NamedChildren(n))
          if (ts::Is(c, "identifier")) out.insert(string(Text(c)));
    }
    ts::Walk(
        ts::Field(def, "body"),
        [&](TSNode c, const char*) {
          if (ts::Is(c, "function_definition") || ts::Is(c, "class_definition") || ts::Is(c, "lambda")) return false;
          TargetNames(BindingTarget(c), [&](TSNode q) { out.insert(string(Text(q))); });
          return true;
        },
        [](TSNode) {});
    return out;
  }
  bool IsSession(string_view q) const {
    return q == "tensorflow.compat.v1.Session" || q == "tensorflow.compat.v1.InteractiveSession";
  }
  // Whether the statement's lines are its own, to be deleted (with the comment lines right
  // above it: `comments`).
  void Delete(TSNode stmt, bool comments = false) {
    if (!AloneOnLines(src_, stmt)) Fail(stmt, "a graph statement shares its line with other code");
    const uint32_t from = comments ? StatementComments(src_, stmt).first : LineStartAt(src_, ts_node_start_byte(stmt));
    edits_.emplace_back(from, LineEndAt(src_, ts_node_end_byte(stmt)), "");
  }
  // The statement's text re-indented from its column to `indent`.
  string Reindent(TSNode stmt, string_view text, uint32_t indent) const {
    return string(indent, ' ') + ReindentLines(text, ts_node_start_point(stmt).column, indent);
  }
  // `n`'s text with `self.G` of the graph tensors and placeholders written as `G`.
  string LocalText(TSNode n) const {
    std::vector<ByteEdit> e;
    const uint32_t base = ts_node_start_byte(n);
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          string a = SelfAttr(c);
          if (!a.empty()) {
            auto it = graph_.find(a);
            if (it != graph_.end() && build_[it->second].kind != Kind::kVariable &&
                build_[it->second].kind != Kind::kOptimizer)
              e.emplace_back(ts_node_start_byte(c) - base, ts_node_end_byte(c) - base, a);
            return false;
          }
          if (ts::Is(c, "identifier") && local_variables_.count(string(Text(c)))) {
            TSNode p = ts::Parent(c);
            bool attr_name = ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c);
            bool kw_name = ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), c);
            if (!attr_name && !kw_name)
              e.emplace_back(ts_node_start_byte(c) - base, ts_node_end_byte(c) - base,
                             fmt::format("{}.{}", self_, Text(c)));
            return false;
          }
          return true;
        },
        [](TSNode) {});
    return ApplyByteEdits(Text(n), std::move(e));
  }

  void FindSession() {
    TSNode call{};
    for (TSNode c : m_.calls()) {
      if (!IsSession(Resolved(ts::Field(c, "function")))) continue;
      if (call.id) Fail(c, "a second session");
      call = c;
    }
    if (!call.id) Fail(TSNode{}, "no session to convert");
    if (ts::NamedChildren(ts::Field(call, "arguments")).size() > 0)
      Fail(call, "the session is made with arguments (a graph or a configuration), which the conversion of a class "
                 "does not map");
    TSNode asg = ts::Parent(call);
    TSNode method{};
    for (TSNode p = ts::Parent(call); p.id; p = ts::Parent(p)) {
      if (!method.id && ts::Is(p, "function_definition")) method = p;
      if (ts::Is(p, "class_definition")) {
        cls_ = p;
        break;
      }
    }
    // `with tf.compat.v1.Session() as sess:` of the script
    TSNode with{};
    for (TSNode p = ts::Parent(call); p.id && !with.id; p = ts::Parent(p)) {
      if (ts::Is(p, "function_definition") || ts::Is(p, "class_definition")) break;
      if (ts::Is(p, "with_statement")) {
        TSNode c{}, alias{};
        if (SingleWithCall(p, &c, &alias) && ts::Same(c, call) && alias.id && ts::Same(ts::Parent(p), file_.Root())) {
          with = p;
          with_alias_ = alias;
        }
        break;
      }
    }
    const bool assigned = ts::Is(asg, "assignment") && ts::Is(ts::Field(asg, "left"), "identifier") &&
                          ts::Is(ts::Parent(asg), "expression_statement") &&
                          ts::Same(ts::Parent(ts::Parent(asg)), file_.Root());
    if (!cls_.id && !method.id && (assigned || with.id)) {
      // `sess = tf.compat.v1.Session()` of the script (or its `with` block), passed to the
      // constructor of the one class that keeps it (`self.sess = sess`)
      module_sess_ = string(Text(with.id ? with_alias_ : ts::Field(asg, "left")));
      module_sess_stmt_ = with.id ? with : ts::Parent(asg);
      for (TSNode d : ts::NamedChildren(file_.Root())) {
        if (!ts::Is(d, "class_definition")) continue;
        for (TSNode m : ts::NamedChildren(ts::Field(d, "body"))) {
          if (!ts::Is(m, "function_definition") || Text(ts::Field(m, "name")) != "__init__") continue;
          std::vector<TSNode> ps = ts::NamedChildren(ts::Field(m, "parameters"));
          if (ps.empty() || !ts::Is(ps[0], "identifier")) continue;
          for (TSNode st : Stmts(m)) {
            TSNode e = ts::Is(st, "expression_statement") ? ts_node_named_child(st, 0) : TSNode{};
            if (!ts::Is(e, "assignment") || !ts::Is(ts::Field(e, "right"), "identifier")) continue;
            TSNode l = ts::Field(e, "left");
            if (!ts::Is(l, "attribute") || Text(ts::Field(l, "object")) != Text(ps[0])) continue;
            string attr(Text(ts::Field(l, "attribute")));
            if (attr.find("sess") == string::npos) continue;
            for (size_t k = 1; k < ps.size(); ++k)
              if (ts::Is(ps[k], "identifier") && Text(ps[k]) == Text(ts::Field(e, "right"))) {
                if (cls_.id) Fail(d, "two classes keep the script's session");
                cls_ = d;
                method = m;
                sess_ = attr;
                sess_param_ = k;
              }
          }
        }
      }
      if (!cls_.id) Fail(call, "the session is not made in a method of a class, nor passed to one");
      std::vector<TSNode> params = ts::NamedChildren(ts::Field(method, "parameters"));
      self_ = string(Text(params[0]));
    } else {
      if (!cls_.id || !method.id) Fail(call, "the session is not made in a method of a class");
      if (!ts::Same(ts::Parent(ts::Parent(method)), cls_))
        Fail(call, "the session is made in a function nested in a method");
      std::vector<TSNode> params = ts::NamedChildren(ts::Field(method, "parameters"));
      if (params.empty() || !ts::Is(params[0], "identifier")) Fail(method, "a method without `self`");
      self_ = string(Text(params[0]));
      if (!ts::Is(asg, "assignment") || SelfAttr(ts::Field(asg, "left")).empty())
        Fail(call, "the session is not bound to an attribute of `self` (`self.sess = tf.compat.v1.Session()`)");
      sess_ = SelfAttr(ts::Field(asg, "left"));
    }
    const Binding* tf = m_.TfModuleAt(ts_node_start_byte(call), SemanticModel::kTfModule);
    if (!tf) Fail(call, "the name tensorflow is imported as is not visible at the session");
    tf_ = tf->name;
    // the methods; the build methods: __init__ and those it calls as statements, in turn
    for (TSNode d : ts::NamedChildren(ts::Field(cls_, "body"))) {
      TSNode def = ts::Is(d, "decorated_definition") ? ts::Field(d, "definition") : d;
      if (ts::Is(def, "function_definition")) methods_[string(Text(ts::Field(def, "name")))] = def;
    }
    if (!methods_.count("__init__")) Fail(cls_, "the class has no __init__");
  }

  // The build methods' statements, in the order they run (a call `self.m(...)` of a method
  // runs its statements where it is).
  void Expand(const string& name, int depth) {
    if (depth > 8) Fail(methods_[name], "build methods call each other too deeply");
    if (std::find(build_order_.begin(), build_order_.end(), name) != build_order_.end())
      Fail(methods_[name], fmt::format("the build method `{}` runs twice", name));
    TSNode def = methods_[name];
    if (ts::Is(ts::Parent(def), "decorated_definition")) Fail(def, fmt::format("the build method `{}` is decorated", name));
    build_order_.push_back(name);
    ExpandBody(Stmts(def), def, depth);
  }
  void ExpandBody(const std::vector<TSNode>& stmts, TSNode def, int depth) {
    for (TSNode s : stmts) {
      BuildStmt b;
      b.stmt = s;
      b.method = def;
      TSNode e = ts::Is(s, "expression_statement") ? ts_node_named_child(s, 0) : TSNode{};
      if (ts::Is(e, "call")) {
        string callee = SelfAttr(ts::Field(e, "function"));
        if (!callee.empty() && methods_.count(callee)) {
          b.kind = Kind::kBuildCall;
          b.name = callee;
          build_.push_back(b);
          Expand(callee, depth + 1);
          continue;
        }
      }
      // `with tf.compat.v1.variable_scope(NAME):` (or a name scope): its statements are the
      // method's; the block stays as `with tf.name_scope(NAME):` around the variables it makes
      TSNode call{}, alias{};
      if (ts::Is(s, "with_statement") && SingleWithCall(s, &call, &alias) && !alias.id) {
        const string q = Resolved(ts::Field(call, "function"));
        if (q == "tensorflow.compat.v1.variable_scope" || q == "tensorflow.compat.v1.name_scope" ||
            q == "tensorflow.name_scope") {
          std::vector<TSNode> args;
          for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments")))
            if (!ts::Is(a, "comment")) args.push_back(a);
          if (args.size() != 1 || ts::Is(args[0], "keyword_argument"))
            Fail(call, "a scope with arguments other than its name (reuse, a default name, values)");
          NeedGraphFree(args[0], "as a scope's name");
          std::vector<TSNode> inner = Stmts(s);
          scopes_.push_back({s, call, args[0], inner});
          ExpandBody(inner, def, depth);
          continue;
        }
      }
      build_.push_back(b);
    }
  }

  // `tf.compat.v1.set_random_seed(S)` (a seed of Python's): TF2's `tf.random.set_seed(S)`,
  // which seeds the draws after it as TF1's graph seed did. False: not such a call.
  bool SetRandomSeed(TSNode call) {
    if (!ts::Is(call, "call")) return false;
    TSNode fn = ts::Field(call, "function");
    if (Resolved(fn) != "tensorflow.compat.v1.set_random_seed") return false;
    NeedGraphFree(ts::Field(call, "arguments"), "as the random seed");
    edits_.emplace_back(ts_node_start_byte(fn), ts_node_end_byte(fn), tf_ + ".random.set_seed");
    return true;
  }

  void NeedGraphFree(TSNode n, const string& what) const {
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          string a = SelfAttr(c);
          if (!a.empty()) {
            if (a == sess_ || graph_.count(a))
              Fail(c, fmt::format("`{}.{}` is used {}", self_, a, what));
            return false;
          }
          // (a graph tensor bound to a local name is one too: it goes into the functions)
          if (ts::Is(c, "identifier") && graph_locals_.count(string(Text(c))))
            Fail(c, fmt::format("the graph tensor `{}` is used {}", Text(c), what));
          return true;
        },
        [](TSNode) {});
  }

  void Classify() {
    std::map<string, std::set<string>> locals_of;  // build method -> its own names
    for (const string& n : build_order_) locals_of[n] = LocalsOf(methods_[n]);
    for (BuildStmt& b : build_) {
      if (b.kind == Kind::kBuildCall) continue;
      TSNode s = b.stmt;
      const string method(Text(ts::Field(b.method, "name")));
      TSNode e = ts::Is(s, "expression_statement") ? ts_node_named_child(s, 0) : TSNode{};
      if (ts::Is(e, "string")) continue;  // a docstring
      if (ts::Is(e, "call")) {
        TSNode fn = ts::Field(e, "function");
        if (ts::Is(fn, "attribute") && Text(ts::Field(fn, "attribute")) == "run" &&
            SelfAttr(ts::Field(fn, "object")) == sess_) {
          std::vector<TSNode> args = ts::NamedChildren(ts::Field(e, "arguments"));
          string q = args.size() == 1 && ts::Is(args[0], "call") ? Resolved(ts::Field(args[0], "function")) : "";
          // the initializer, or a name bound to it (`init = tf.global_variables_initializer()`)
          string named = args.size() == 1 ? SelfAttr(args[0]) : "";
          if (named.empty() && args.size() == 1 && ts::Is(args[0], "identifier")) named = string(Text(args[0]));
          if (!IsInitializerCall(q) && !(!named.empty() && init_ops_.count(named)))
            Fail(e, fmt::format("`{}` runs the graph while `{}` builds it", Text(e), method));
          b.kind = Kind::kInitRun;
          continue;
        }
      }
      if (SetRandomSeed(e)) continue;
      TSNode left = ts::Is(e, "assignment") ? ts::Field(e, "left") : TSNode{};
      TSNode right = ts::Is(e, "assignment") ? ts::Field(e, "right") : TSNode{};
      if (!left.id || !right.id || ts::Field(e, "type").id) {
        if (RefersToTf(m_, s)) Fail(s, fmt::format("a statement of `{}` that builds the graph is not an assignment "
                                                   "of one name (a with block, a loop, a condition)",
                                                   method));
        NeedGraphFree(s, fmt::format("by Python code of `{}`", method));
        continue;
      }
      string attr = SelfAttr(left);
      if (attr.empty() && !ts::Is(left, "identifier")) {
        if (RefersToTf(m_, s)) Fail(s, "a graph statement assigns to something other than one name");
        NeedGraphFree(s, fmt::format("by Python code of `{}`", method));
        continue;
      }
      b.name = attr.empty() ? string(Text(left)) : attr;
      b.value = right;
      // A local graph name the method binds again (`h = tf.nn.relu(h)`): while this value is
      // classified its reads of the name are the earlier binding's (rebound_); the earlier
      // binding then takes the key `name#K` (the deps of what read it too), and this one the
      // name. Left as it was when the statement is not a graph value after all.
      const bool rebinds = attr.empty() && graph_.count(b.name) && graph_locals_.count(b.name) &&
                           build_[graph_.at(b.name)].kind == Kind::kGraph &&
                           ts::Same(build_[graph_.at(b.name)].method, b.method);
      struct ReboundScope {
        ClassConverter& c;
        bool retired = false;
        ~ReboundScope() {
          if (!retired && !c.rebound_.name.empty()) {
            if (c.rebound_.dim && !c.dims_.count(c.rebound_.name)) c.dims_[c.rebound_.name] = *c.rebound_.dim;
            if (c.rebound_.shape && !c.shapes_.count(c.rebound_.name)) c.shapes_[c.rebound_.name] = *c.rebound_.shape;
          }
          c.rebound_ = Rebound{};
        }
      } rebound_scope{*this};
      if (rebinds) {
        rebound_.name = b.name;
        if (auto d = dims_.find(b.name); d != dims_.end()) {
          rebound_.dim = d->second;
          dims_.erase(d);
        }
        if (auto sh = shapes_.find(b.name); sh != shapes_.end()) {
          rebound_.shape = sh->second;
          shapes_.erase(sh);
        }
      }
      const string q = ts::Is(right, "call") ? Resolved(ts::Field(right, "function")) : "";
      TSNode fn = ts::Is(right, "call") ? ts::Field(right, "function") : TSNode{};
      auto need_attr = [&](const char* what) {
        if (attr.empty())
          Fail(s, fmt::format("the {} `{}` is a local name of `{}`: the conversion of a class keeps {}s on `{}`",
                              what, b.name, method, what, self_));
      };
      if (IsInitializerCall(q)) {  // `init = tf.compat.v1.global_variables_initializer()`: goes with its runs
        b.kind = Kind::kInitRun;
        init_ops_.insert(b.name);
        continue;
      }
      if (IsSession(q) || (sess_param_ && attr == sess_ && method == "__init__" && ts::Is(right, "identifier"))) {
        b.kind = Kind::kSession;
        continue;
      }
      if (q == "tensorflow.compat.v1.placeholder_with_default") {
        // (a parameter whose default is the default, a Python literal of a known dtype)
        need_attr("placeholder");
        b.kind = Kind::kPlaceholder;
        TSNode d = ArgAt(right, 0, "input");
        if (ts::Is(d, "true") || ts::Is(d, "false")) b.default_dtype = tf_ + ".bool";
        else if (ts::Is(d, "float")) b.default_dtype = tf_ + ".float32";
        else if (ts::Is(d, "integer")) b.default_dtype = tf_ + ".int32";
        else Fail(right, "a placeholder_with_default whose default is not a bool, float or int literal");
        b.default_value = string(Text(d));
        if (TSNode sh = ArgAt(right, 1, "shape"); sh.id) shapes_[b.name] = ShapeLiteral(src_, sh, false);
      } else if (q == "tensorflow.compat.v1.placeholder") {
        need_attr("placeholder");
        b.kind = Kind::kPlaceholder;
        if (string d = LastOfList(ArgAt(right, 1, "shape")); !d.empty()) dims_[b.name] = d;
        if (TSNode sh = ArgAt(right, 1, "shape"); sh.id) shapes_[b.name] = ShapeLiteral(src_, sh, false);
      } else if (q == "tensorflow.compat.v1.layers.dense") {
        b.kind = Kind::kGraph;
        DenseLayer(b);
      } else if (q == "tensorflow.compat.v1.layers.conv2d") {
        b.kind = Kind::kGraph;
        ConvLayer(b);
      } else if (q == "tensorflow.compat.v1.layers.batch_normalization") {
        b.kind = Kind::kGraph;
        BatchNormLayer(b);
      } else if (q == "tensorflow.compat.v1.layers.dropout") {
        b.kind = Kind::kGraph;
        LayerDropout(b);
      } else if (q == "tensorflow.compat.v1.layers.max_pooling2d" ||
                 q == "tensorflow.compat.v1.layers.average_pooling2d" || q == "tensorflow.compat.v1.layers.flatten") {
        b.kind = Kind::kGraph;
        StatelessLayer(b, q);
      } else if (q == "tensorflow.compat.v1.Variable" || q == "tensorflow.Variable" ||
                 q == "tensorflow.compat.v1.get_variable") {
        if (q == "tensorflow.compat.v1.get_variable") b.new_value = GetVariableText(b);
        // a variable bound to a local name becomes an attribute of the object
        if (attr.empty()) {
          if (python_attrs_.count(b.name)) Fail(s, fmt::format("the variable `{}` would take the attribute `{}.{}`, "
                                                               "which the class has", b.name, self_, b.name));
          b.local_variable = true;
          local_variables_.insert(b.name);
        }
        b.kind = Kind::kVariable;
        // an initial value drawn without an op seed: other numbers in TF2
        if (b.new_value.empty())
          ts::Walk(
            right,
            [&](TSNode c, const char*) {
              if (ts::Is(c, "call") && UnseededRandom(c))
                b.random_ops.push_back({ts_node_start_point(c).row + 1, Resolved(ts::Field(c, "function"))});
              return true;
            },
            [](TSNode) {});
        TSNode t = m_.KeywordArg(right, "trainable");
        if (!t.id || Text(t) != "False") variables_.push_back(fmt::format("{}.{}", self_, b.name));
        if (string d = VariableDim(b); !d.empty()) dims_[b.name] = d;
        if (t.id && Text(t) != "False" && Text(t) != "True") Fail(t, "a variable's trainable= is not a literal");
      } else if (Starts(q, "tensorflow.compat.v1.train.") && Ends(q, "Optimizer")) {
        // (an optimizer bound to a local name becomes an attribute of the object)
        if (attr.empty() && (python_attrs_.count(b.name) || methods_.count(b.name)))
          Fail(s, fmt::format("the optimizer `{}` would take the attribute `{}.{}`, which the class has", b.name,
                              self_, b.name));
        b.local_variable = attr.empty();
        b.kind = Kind::kOptimizer;
      } else if (ts::Is(fn, "attribute") && Text(ts::Field(fn, "attribute")) == "minimize") {
        need_attr("train op");
        b.kind = Kind::kMinimize;
      } else {
        bool graph = RefersToTf(m_, right);
        ts::Walk(
            right,
            [&](TSNode c, const char*) {
              string a = SelfAttr(c);
              if (!a.empty()) {
                if (a == sess_) Fail(c, fmt::format("the session is used while `{}` builds the graph", method));
                graph |= graph_.count(a) > 0;
                return false;
              }
              if (ts::Is(c, "identifier") && graph_locals_.count(string(Text(c)))) graph = true;
              return true;
            },
            [](TSNode) {});
        if (!graph) {
          if (!attr.empty() && graph_.count(attr)) Fail(s, fmt::format("`{}.{}` is bound twice", self_, attr));
          if (!attr.empty()) python_attrs_.insert(attr);
          // tf.Module's own attributes: `name` (read-only) becomes the module's name
          if (attr == "name" && method == "__init__" && ts::Is(right, "identifier") && module_name_.empty()) {
            module_name_ = string(Text(right));
            b.kind = Kind::kModuleName;
            continue;
          }
          for (const char* own : {"name", "name_scope", "variables", "trainable_variables", "non_trainable_variables",
                                  "submodules"})
            if (attr == own) Fail(s, fmt::format("`{}.{}` is an attribute tf.Module has itself", self_, attr));
          continue;  // Python
        }
        b.kind = Kind::kGraph;
        // `self.logits = logits`: the attribute names the local's tensor
        if (!attr.empty() && ts::Is(right, "identifier") && Text(right) == attr && graph_locals_.count(attr)) {
          b.alias = true;
          continue;
        }
      }
      string retired;  // the earlier binding's key, when this one binds the local name again
      if (graph_.count(b.name)) {
        if (!rebinds || b.kind != Kind::kGraph || b.alias)
          Fail(s, fmt::format("`{}` is bound twice while the graph is built", b.name));
        const size_t earlier = graph_.at(b.name);
        retired = fmt::format("{}#{}", b.name, ++versions_[b.name]);
        build_[earlier].key = retired;
        graph_[retired] = earlier;
        graph_.erase(b.name);
        for (BuildStmt& o : build_)
          if (o.deps.erase(b.name)) o.deps.insert(retired);
        rebound_scope.retired = true;
      }
      for (const BuildStmt& o : build_)
        if (o.kind == Kind::kKeep && !o.name.empty() && o.name == b.name && !attr.empty())
          Fail(s, fmt::format("`{}.{}` is bound twice", self_, b.name));
      if (attr.empty()) graph_locals_.insert(b.name);
      if (python_attrs_.count(b.name) && b.local_variable)
        Fail(s, fmt::format("`{}` would become `{}.{}`, an attribute the class has", b.name, self_, b.name));
      // what its value reads: graph names; a Python local of the method cannot be read in a run
      if (b.kind == Kind::kGraph) {
        const std::set<string>& locals = locals_of[method];
        const TSNode read = b.layer_input.id ? b.layer_input : right;  // (a layer's settings are the build's)
        ts::Walk(
            read,
            [&](TSNode c, const char*) {
              string a = SelfAttr(c);
              if (!a.empty()) {
                if (graph_.count(a)) b.deps.insert(a);
                return false;
              }
              if (ts::Is(c, "call")) {
                string cq = Resolved(ts::Field(c, "function"));
                // (a tf.layers.dropout written as TF2's, LayerDropout)
                const bool converted = ts::Same(c, b.value) && !b.stateless.empty();
                if (ReadsTf1GraphState(cq) && !converted)
                  Fail(c, fmt::format("`{}` calls `{}`, which depends on graph-wide state", b.name, cq));
                if (UnseededRandom(c)) {
                  b.random = true;
                  b.random_ops.push_back({ts_node_start_point(c).row + 1, cq});
                }
              }
              if (ts::Is(c, "lambda")) return false;
              return true;
            },
            [](TSNode) {});
        ValueIdentifiers(read, [&](TSNode id) {
          string n(Text(id));
          if (n == self_) return;
          if (n == b.name && !retired.empty()) {
            b.deps.insert(retired);  // (the earlier binding)
            return;
          }
          if (graph_locals_.count(n) && n != b.name) {
            b.deps.insert(n);
            return;
          }
          if (locals.count(n) && !graph_locals_.count(n))
            Fail(id, fmt::format("the graph value `{}` reads `{}`, a Python value of `{}` that its run cannot read",
                                 b.name, n, method));
        });
        // (a batch normalization reads its training flag too)
        if (!b.bn_training.empty() && b.bn_training != "True" && b.bn_training != "False") b.deps.insert(b.bn_training);
      }
      graph_[b.name] = static_cast<size_t>(&b - build_.data());
      b.key = b.name;
      if (b.kind == Kind::kGraph && !b.layer_input.id && !dims_.count(b.name))
        if (string d = Dim(right); !d.empty()) dims_[b.name] = d;
      if (b.kind == Kind::kGraph && !shapes_.count(b.name))
        if (std::vector<string> sh = Shape(right); !sh.empty()) shapes_[b.name] = sh;
    }
  }

  // A random op of the graph, run by the functions: TF1 made one op, where its statement
  // was, every run drawing its next numbers (an unseeded op's numbered in creation order
  // under --deterministic-random; a seeded op's from its seed's stream). Traced into a
  // function the op is made after every variable of the constructor, and in each function
  // that runs it anew. So a dropout (the statement's value, its one random op) that several
  // functions run, or an unseeded one made before a variable, draws from one
  // tf.random.Generator made in its place, `self.NAME_generator`, each call of each function
  // taking its next numbers: `from_seed(S)` for a seed S (the stream of TF1's op seeded S;
  // its input's shape must be known from the text, for a mask of a shape known only at run
  // time TF1 drew its kernel's numbers), else split from the script's one literal graph
  // seed, or from no seed without one. Any other such op is refused.
  void ShareRandomOps(SessionConversion* out) {
    std::vector<BuildStmt*> unseeded_generators;
    for (BuildStmt& b : build_) {
      if (b.kind != Kind::kGraph || !b.layer_attr.empty()) continue;
      std::vector<TSNode> draws;
      ts::Walk(
          b.value,
          [&](TSNode c, const char*) {
            if (ts::Is(c, "lambda")) return false;
            if (ts::Is(c, "call")) {
              const string cq = Resolved(ts::Field(c, "function"));
              if (Starts(cq, "tensorflow") && (cq.find("random") != string::npos || Ends(cq, "multinomial") ||
                                               Ends(cq, "dropout")))
                draws.push_back(c);
            }
            return true;
          },
          [](TSNode) {});
      if (draws.empty()) continue;
      std::vector<string> users;
      for (const RunFn& f : fns_)
        for (size_t i : Needed(f.fetches))
          if (&build_[i] == &b) users.push_back(f.name);
      if (users.empty()) continue;
      bool variable_after = false;
      for (const BuildStmt& v : build_)
        variable_after |= &v > &b && (v.kind == Kind::kVariable || !v.layer_attr.empty());
      TSNode seed = m_.KeywordArg(draws[0], "seed");
      const bool seeded = seed.id && Text(seed) != "None";
      // (a tf.layers.dropout not training makes no random op)
      if (draws.size() == 1 && Resolved(ts::Field(draws[0], "function")) == "tensorflow.compat.v1.layers.dropout") {
        string unused;
        std::optional<DropoutParts> d = ParseDropout(draws[0], &unused);
        if (d && d->training.empty()) continue;
      }
      if (users.size() < 2 && (seeded || !variable_after)) {
        if (b.random) out->unseeded.insert(out->unseeded.end(), b.random_ops.begin(), b.random_ops.end());
        continue;
      }
      const string why = users.size() > 1
                             ? fmt::format("the random op of `{}` is run by several functions ({}): TF1 drew from one "
                                           "op, each function would draw from its own",
                                           b.name, fmt::join(users, ", "))
                             : fmt::format("the unseeded random op of `{}` is made before variables TF1 made after "
                                           "it, and `{}` would make it after them",
                                           b.name, users[0]);
      if (draws.size() != 1 || !ts::Same(draws[0], b.value))
        Fail(b.stmt, why + "; only a dropout that is its statement's value draws from a shared generator");
      string err;
      std::optional<DropoutParts> d = ParseDropout(b.value, &err);
      if (!d) Fail(b.stmt, fmt::format("{}; {}", why, err));
      string gen_value;
      if (seeded) {
        if (!ts::Is(seed, "integer")) Fail(seed, why + "; the dropout's seed is not an integer literal");
        const std::vector<string> sh = Shape(d->x);
        if (sh.empty() || std::find(sh.begin(), sh.end(), "None") != sh.end())
          Fail(b.stmt, fmt::format("{}; the shape of its input `{}` is not known from the text (a generator draws "
                                   "other numbers than TF1's seeded op for a shape known only at run time)",
                                   why, Text(d->x)));
        gen_value = fmt::format("{}.random.Generator.from_seed({})", tf_, Text(seed));
      } else {
        unseeded_generators.push_back(&b);
        out->unseeded.insert(out->unseeded.end(), b.random_ops.begin(), b.random_ops.end());
      }
      b.generator = FreshAttr(b.name + "_generator");
      if (methods_.count(b.generator) || graph_.count(b.generator) || python_attrs_.count(b.generator))
        Fail(b.stmt, fmt::format("{}; the generator's attribute `{}.{}` is taken", why, self_, b.generator));
      generator_values_[b.generator] = gen_value;
      string drop = fmt::format("{}.nn.experimental.general_dropout({}, rate={}, uniform_sampler={}.{}.uniform", tf_,
                                LocalText(d->x), d->rate, self_, b.generator);
      if (!d->noise_shape.empty()) drop += fmt::format(", noise_shape={}", d->noise_shape);
      b.stateless = DropoutText(*d, drop + ")");
      random_notes_.push_back(fmt::format(
          "the dropout of `{}` draws from `{}.{}`, a tf.random.Generator made where TF1 made the op, each call of "
          "each function taking its next numbers as each run took TF1's one op's: the converted program draws other "
          "random numbers (the same with --deterministic-random)",
          b.name, self_, b.generator));
    }
    if (unseeded_generators.empty()) return;
    // the unseeded ones: split from the script's graph seed
    std::set<string> seeds;
    for (TSNode c : m_.calls()) {
      const string cq = Resolved(ts::Field(c, "function"));
      if (cq != "tensorflow.compat.v1.set_random_seed" && cq != "tensorflow.random.set_seed") continue;
      std::vector<TSNode> a;
      for (TSNode x : ts::NamedChildren(ts::Field(c, "arguments")))
        if (!ts::Is(x, "comment")) a.push_back(x);
      seeds.insert(a.size() == 1 && ts::Is(a[0], "integer") ? string(Text(a[0])) : string("?"));
    }
    if (seeds.size() > 1 || seeds.count("?"))
      Fail(unseeded_generators[0]->stmt, "the graph seed is set more than once or not to a literal: the generator "
                                         "of an unseeded random op several runs share has no one seed to come from");
    for (size_t i = 0; i < unseeded_generators.size(); ++i)
      generator_values_[unseeded_generators[i]->generator] =
          seeds.empty() ? fmt::format("{}.random.Generator.from_non_deterministic_state()", tf_)
                        : fmt::format("{}.random.Generator.from_seed({}).split({})[{}]", tf_, *seeds.begin(),
                                      unseeded_generators.size(), i);
  }
  std::map<string, string> generator_values_;  // a shared random op's generator attribute -> its value
  std::vector<string> random_notes_;            // the generators made, for the summary

  // A minimize statement's parts, and its Keras optimizer.
  void Minimizes() {
    for (const BuildStmt& b : build_) {
      if (b.kind != Kind::kMinimize) continue;
      Minimize mz;
      mz.s = &b;
      TSNode fn = ts::Field(b.value, "function");
      TSNode obj = ts::Field(fn, "object");
      string why;
      auto args = CallArgsByName(src_, b.value, {"loss", "global_step", "var_list", "gate_gradients",
                                                 "aggregation_method", "colocate_gradients_with_ops", "name",
                                                 "grad_loss"},
                                 &why);
      if (args.empty()) Fail(b.value, fmt::format("the minimize call of `{}`: {}", b.name, why));
      for (const auto& [k, v] : args)
        if (k != "loss" && k != "global_step" && k != "var_list" && k != "name")
          Fail(v, fmt::format("the minimize call of `{}` takes `{}=`", b.name, k));
      if (!args.count("loss")) Fail(b.value, "a minimize call without a loss");
      string loss = SelfAttr(args["loss"]);
      if (loss.empty() && ts::Is(args["loss"], "identifier")) loss = string(Text(args["loss"]));
      if (loss.empty() || !graph_.count(loss) || build_[graph_[loss]].kind != Kind::kGraph)
        Fail(args["loss"], fmt::format("the loss `{}` minimized is not a graph tensor bound to a name", Text(args["loss"])));
      mz.loss = loss;
      if (args.count("var_list")) {
        TSNode vl = args["var_list"];
        if (!ts::Is(vl, "list")) Fail(vl, "a var_list that is not a list of the class's variables");
        std::vector<string> vs;
        for (TSNode v : ts::NamedChildren(vl)) {
          if (ts::Is(v, "comment")) continue;
          string a = SelfAttr(v);
          if (a.empty() && ts::Is(v, "identifier") && local_variables_.count(string(Text(v)))) a = string(Text(v));
          if (a.empty() || !graph_.count(a) || build_[graph_[a]].kind != Kind::kVariable)
            Fail(v, "a var_list that is not a list of the class's variables");
          vs.push_back(fmt::format("{}.{}", self_, a));
        }
        mz.vars = fmt::format("[{}]", fmt::join(vs, ", "));
      } else {
        if (variables_.empty()) Fail(b.stmt, "no trainable variable for the optimizer");
        std::vector<string> vs;
        for (const string& v : variables_) vs.push_back(v);
        mz.vars = fmt::format("[{}]", fmt::join(vs, ", "));
      }
      if (args.count("global_step")) {
        string gs = SelfAttr(args["global_step"]);
        if (gs.empty() || !graph_.count(gs) || build_[graph_[gs]].kind != Kind::kVariable)
          Fail(args["global_step"], "a global step that is not a variable of the class");
        mz.global_step = gs;
      }
      TSNode ctor{};
      if (ts::Is(obj, "call")) {
        ctor = obj;
        // `self.optimizer = ...minimize(...)` names the train op, which goes: the Keras
        // optimizer can take its name
        mz.optimizer = "optimizer";
        auto taken = [&](const string& n) {
          return methods_.count(n) || (graph_.count(n) && &build_[graph_[n]] != &b) || python_attrs_.count(n);
        };
        for (int k = 2; taken(mz.optimizer); ++k)
          mz.optimizer = fmt::format("{}_optimizer{}", b.name, k == 2 ? "" : std::to_string(k));
      } else {
        string o = SelfAttr(obj);
        if (o.empty() && ts::Is(obj, "identifier")) o = string(Text(obj));
        if (o.empty() || !graph_.count(o) || build_[graph_[o]].kind != Kind::kOptimizer)
          Fail(obj, "the optimizer minimizing is not one the class makes");
        mz.optimizer = o;
        ctor = build_[graph_[o]].value;
      }
      const string q = Resolved(ts::Field(ctor, "function"));
      if (!Starts(q, "tensorflow.compat.v1.train.") || !Ends(q, "Optimizer"))
        Fail(ctor, "the optimizer is not a tf.compat.v1.train optimizer");
      const string cls = q.substr(q.rfind('.') + 1);
      const std::vector<string_view> params = Tf1OptimizerParams(cls, &why);
      if (params.empty()) Fail(ctor, why);
      std::vector<string> ps(params.begin(), params.end());
      auto cargs = CallArgsByName(src_, ctor, ps, &why);
      if (cargs.empty() && !ts::NamedChildren(ts::Field(ctor, "arguments")).empty()) Fail(ctor, why);
      std::map<string, string> texts;
      for (const auto& [k, v] : cargs) {
        bool graph = RefersToTf(m_, v);
        ts::Walk(
            v,
            [&](TSNode c, const char*) {
              string a = SelfAttr(c);
              if (!a.empty()) graph |= graph_.count(a) > 0;
              return a.empty();
            },
            [](TSNode) {});
        if (graph) Fail(v, fmt::format("the optimizer's {} is a tensor (a Keras optimizer takes a float)", k));
        texts[k] = string(Text(v));
      }
      string keras = KerasOptimizerText(cls, texts, tf_, &why);
      if (keras.empty()) Fail(ctor, fmt::format("the optimizer has no Keras form: {}", why));
      mz.keras = keras;
      // the statement that makes the optimizer: where minimize was, or the v1 one's
      const uint32_t col = ts_node_start_point(b.stmt).column;
      if (ts::Is(obj, "call")) {
        if (!AloneOnLines(src_, b.stmt)) Fail(b.stmt, "the minimize statement shares its line with other code");
        edits_.emplace_back(LineStartAt(src_, ts_node_start_byte(b.stmt)), LineEndAt(src_, ts_node_end_byte(b.stmt)),
                            fmt::format("{}{}.{} = {}\n", string(col, ' '), self_, mz.optimizer, keras));
      } else {
        Delete(b.stmt);
        edits_.emplace_back(ts_node_start_byte(ctor), ts_node_end_byte(ctor), keras);
        const BuildStmt& made = build_[graph_[mz.optimizer]];
        if (made.local_variable) {
          TSNode left = ts::Field(ts_node_named_child(made.stmt, 0), "left");
          edits_.emplace_back(ts_node_start_byte(left), ts_node_end_byte(left), fmt::format("{}.{}", self_, mz.optimizer));
        }
      }
      minimizes_.push_back(mz);
    }
  }

  // The graph names `roots` need, in the order they were built.
  std::vector<size_t> Needed(const std::vector<string>& roots) const {
    std::set<string> need;
    std::vector<string> todo(roots.begin(), roots.end());
    while (!todo.empty()) {
      string n = todo.back();
      todo.pop_back();
      if (!need.insert(n).second) continue;
      auto it = graph_.find(n);
      if (it == graph_.end()) continue;
      for (const string& d : build_[it->second].deps) todo.push_back(d);
      for (const Minimize& mz : minimizes_)
        if (mz.s == &build_[it->second]) todo.push_back(mz.loss);
    }
    std::vector<size_t> out;
    for (size_t i = 0; i < build_.size(); ++i)
      if (!build_[i].key.empty() && need.count(build_[i].key) && graph_.count(build_[i].key) &&
          graph_.at(build_[i].key) == i)
        out.push_back(i);
    return out;
  }

  // A fetched expression of the class's graph tensors (`tf.argmax(self.logits, 1)`: TF
  // calls and operators over `self.X` of tensors, placeholders and variables the build
  // methods made, and literals) as
  // the function's text (`tf.argmax(logits, 1)`), the tensors it reads in *names; "" for
  // anything else (a Python value of the method, a random op, graph-wide state).
  string FetchedExpression(TSNode e, TSNode def, std::vector<string>* names) {
    if (!ts::Is(e, "call") && !ts::Is(e, "binary_operator") && !ts::Is(e, "unary_operator") &&
        !ts::Is(e, "subscript"))
      return "";
    bool ok = true;
    std::set<string> seen;
    ts::Walk(
        e,
        [&](TSNode c, const char*) {
          if (!ok) return false;
          const string a = SelfAttr(c);
          if (!a.empty()) {
            auto it = graph_.find(a);
            if (it == graph_.end() || build_[it->second].kind == Kind::kOptimizer ||
                build_[it->second].kind == Kind::kMinimize)
              ok = false;
            else if (seen.insert(a).second)
              names->push_back(a);
            return false;
          }
          if (ts::Is(c, "call")) {
            const string q = Resolved(ts::Field(c, "function"));
            if (q.rfind("tensorflow", 0) != 0 || ReadsTf1GraphState(q) || q.find("random") != string::npos ||
                Ends(q, "dropout") || Ends(q, "multinomial"))
              ok = false;
          }
          if (ts::Is(c, "lambda") || ts::Is(c, "list_comprehension") || ts::Is(c, "generator_expression")) ok = false;
          return true;
        },
        [](TSNode) {});
    // (every other name a TensorFlow module: the function cannot read the method's values)
    const std::set<string> locals = LocalsOf(def);
    ValueIdentifiers(e, [&](TSNode id) {
      const string n(Text(id));
      if (n == self_) return;
      if (locals.count(n) || Resolved(id).rfind("tensorflow", 0) != 0) ok = false;
    });
    if (!ok || names->empty()) {
      names->clear();
      return "";
    }
    return LocalText(e);
  }

  // One run site: `self.sess.run(fetches[, feed_dict])`.
  void RunSite(TSNode call, const string& method) {
    std::vector<TSNode> args;
    for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments")))
      if (!ts::Is(a, "comment")) args.push_back(a);
    TSNode fetch{}, feed{};
    for (size_t i = 0; i < args.size(); ++i) {
      TSNode a = args[i];
      if (ts::Is(a, "keyword_argument")) {
        string k(Text(ts::Field(a, "name")));
        if (k == "fetches") fetch = ts::Field(a, "value");
        else if (k == "feed_dict") feed = ts::Field(a, "value");
        else Fail(a, fmt::format("a run with `{}=`", k));
      } else if (i == 0) {
        fetch = a;
      } else if (i == 1) {
        feed = a;
      } else {
        Fail(a, "a run with options or run metadata");
      }
    }
    if (!fetch.id) Fail(call, "a run without fetches");
    std::vector<TSNode> items;
    const bool multi = ts::Is(fetch, "list") || ts::Is(fetch, "tuple");
    if (multi) {
      for (TSNode c : ts::NamedChildren(fetch))
        if (!ts::Is(c, "comment")) items.push_back(c);
    } else {
      items.push_back(fetch);
    }
    std::vector<string> names;
    // `self.sess.run(tf.argmax(self.logits, 1), ...)`: an expression of the class's graph
    // tensors, which the function computes and returns
    string expr;
    if (!multi && SelfAttr(fetch).empty()) {
      expr = FetchedExpression(fetch, methods_.at(method), &names);
      if (!expr.empty()) items.clear();
    }
    for (TSNode it : items) {
      string a = SelfAttr(it);
      if (a.empty() || !graph_.count(a) || build_[graph_[a]].kind == Kind::kOptimizer ||
          build_[graph_[a]].kind == Kind::kPlaceholder)
        Fail(it, fmt::format("the fetch `{}` is not a graph tensor, train op or variable the class builds", Text(it)));
      if (build_[graph_[a]].kind == Kind::kVariable && (multi || feed.id))
        Fail(it, "a variable fetched with other values");
      names.push_back(a);
    }
    // a single variable: its value
    if (!multi && expr.empty() && build_[graph_[names[0]]].kind == Kind::kVariable) {
      edits_.emplace_back(ts_node_start_byte(call), ts_node_end_byte(call), fmt::format("{}.{}.numpy()", self_, names[0]));
      return;
    }
    std::map<string, TSNode> fed;
    if (ts::Is(feed, "identifier")) feed = FeedBoundTo(feed, methods_.at(method));
    if (feed.id) {
      if (!ts::Is(feed, "dictionary")) Fail(feed, "a feed that is not a dict literal");
      for (TSNode p : ts::NamedChildren(feed)) {
        if (ts::Is(p, "comment")) continue;
        if (!ts::Is(p, "pair")) Fail(p, "a feed entry that is not `self.placeholder: value`");
        string k = SelfAttr(ts::Field(p, "key"));
        if (k.empty() || !graph_.count(k) || build_[graph_[k]].kind != Kind::kPlaceholder)
          Fail(p, fmt::format("the feed `{}` is not a placeholder of the class", Text(ts::Field(p, "key"))));
        fed[k] = ts::Field(p, "value");
      }
    }
    std::vector<size_t> need = Needed(names);
    CheckBatchNormRun(call, need, fed);
    std::vector<string> params;
    // (the fed placeholders, and those with a default the run needs, in their definition order)
    std::set<size_t> needed(need.begin(), need.end());
    for (size_t i = 0; i < build_.size(); ++i)
      if (build_[i].kind == Kind::kPlaceholder &&
          (fed.count(build_[i].name) || (needed.count(i) && !build_[i].default_value.empty())))
        params.push_back(build_[i].name);
    for (size_t i : need)
      if (build_[i].kind == Kind::kPlaceholder && !fed.count(build_[i].name) && build_[i].default_value.empty())
        Fail(call, fmt::format("the run needs the placeholder `{}.{}`, which it does not feed", self_, build_[i].name));
    // the function: one per distinct fetch list and fed set
    RunFn* fn = nullptr;
    for (RunFn& f : fns_)
      if (f.fetches == names && f.params == params && f.expr == expr) fn = &f;
    if (!fn) {
      string base = "run_" + fmt::format("{}", fmt::join(names, "_"));
      if (!expr.empty() && ts::Is(fetch, "call")) {
        // (`run_argmax_logits`)
        const string f(Text(ts::Field(fetch, "function")));
        base = fmt::format("run_{}_{}", f.substr(f.rfind('.') + 1), fmt::join(names, "_"));
      }
      string name = base;
      auto taken = [&](const string& n) {
        return methods_.count(n) || graph_.count(n) ||
               std::any_of(fns_.begin(), fns_.end(), [&](const RunFn& f) { return f.name == n; });
      };
      for (int k = 2; taken(name); ++k) name = fmt::format("{}_{}", base, k);
      fns_.push_back({name, names, params, expr});
      fn = &fns_.back();
    }
    ++runs_;
    std::vector<string> call_args;
    for (const string& p : params)
      if (fed.count(p)) call_args.push_back(fmt::format("{}={}", p, Text(fed[p])));
    const string invoke = fmt::format("{}.{}({})", self_, fn->name, fmt::join(call_args, ", "));
    // (a fetched expression is one tensor)
    std::vector<bool> is_op;
    if (!expr.empty()) is_op.push_back(false);
    else
      for (const string& n : names) is_op.push_back(build_[graph_[n]].kind == Kind::kMinimize);
    const size_t tensors = static_cast<size_t>(std::count(is_op.begin(), is_op.end(), false));
    TSNode parent = ts::Parent(call);
    TSNode stmt = ts::Parent(parent);
    const bool alone = ts::Is(parent, "expression_statement");
    if (alone) {
      edits_.emplace_back(ts_node_start_byte(call), ts_node_end_byte(call), invoke);
      return;
    }
    if (!multi) {
      edits_.emplace_back(ts_node_start_byte(call), ts_node_end_byte(call),
                          is_op[0] ? invoke : invoke + ".numpy()");
      return;
    }
    // `_, loss = self.sess.run([self.train_op, self.loss], ...)`: the op's targets go
    TSNode left = ts::Is(parent, "assignment") && ts::Same(ts::Field(parent, "right"), call) &&
                          ts::Is(stmt, "expression_statement")
                      ? ts::Field(parent, "left")
                      : TSNode{};
    if (left.id && (ts::Is(left, "pattern_list") || ts::Is(left, "tuple_pattern") || ts::Is(left, "list_pattern"))) {
      std::vector<TSNode> targets;
      for (TSNode t : ts::NamedChildren(left))
        if (!ts::Is(t, "comment")) targets.push_back(t);
      if (targets.size() != names.size()) Fail(left, "the run's values are unpacked into another number of names");
      std::vector<string> kept;
      for (size_t i = 0; i < names.size(); ++i) {
        if (is_op[i]) {
          if (Text(targets[i]) != "_") Fail(targets[i], "the value of a train op (None) is bound to a name");
          continue;
        }
        kept.push_back(string(Text(targets[i])));
      }
      string repl;
      if (kept.empty()) repl = invoke;
      else if (kept.size() == 1) repl = fmt::format("{} = {}.numpy()", kept[0], invoke);
      else repl = fmt::format("{} = [t.numpy() for t in {}]", fmt::join(kept, ", "), invoke);
      edits_.emplace_back(ts_node_start_byte(parent), ts_node_end_byte(parent), repl);
      return;
    }
    if (tensors != names.size()) {
      // `self.sess.run([self.cost, self.train_op], ...)[0]`: the tensor's value
      if (ts::Is(parent, "subscript") && ts::Same(ts::Field(parent, "value"), call) && tensors == 1) {
        std::vector<TSNode> index;
        for (TSNode c : ts::NamedChildren(parent))
          if (!ts::Same(c, call) && !ts::Is(c, "comment")) index.push_back(c);
        const string k = index.size() == 1 && ts::Is(index[0], "integer") ? string(Text(index[0])) : "";
        const size_t at = k.size() == 1 && std::isdigit(static_cast<unsigned char>(k[0])) ? size_t(k[0] - '0') : names.size();
        if (at < names.size() && !is_op[at]) {
          edits_.emplace_back(ts_node_start_byte(parent), ts_node_end_byte(parent), invoke + ".numpy()");
          return;
        }
      }
      // `return self.sess.run([self.cost, self.train_op], ...)`: TF1's list, None for the op
      if (tensors != 1) Fail(call, "a run of a train op and several tensors whose values are used other than unpacked");
      std::vector<string> items;
      for (size_t i = 0; i < names.size(); ++i) items.push_back(is_op[i] ? "None" : invoke + ".numpy()");
      const bool list = ts::Is(fetch, "list");
      const string joined = fmt::format("{}", fmt::join(items, ", "));
      edits_.emplace_back(ts_node_start_byte(call), ts_node_end_byte(call),
                          list ? "[" + joined + "]" : "(" + joined + (items.size() > 1 ? ")" : ",)"));
      return;
    }
    const bool list = ts::Is(fetch, "list");
    string repl;
    if (names.size() == 1) repl = list ? "[" + invoke + ".numpy()]" : "(" + invoke + ".numpy(),)";
    else repl = list ? "[t.numpy() for t in " + invoke + "]" : "tuple(t.numpy() for t in " + invoke + ")";
    edits_.emplace_back(ts_node_start_byte(call), ts_node_end_byte(call), repl);
  }

  // `feed = {self.x: xs, ...}` bound once in the method and read only as runs' feeds: its
  // dict literal (the statement goes; its values move into the calls).
  TSNode FeedBoundTo(TSNode name, TSNode def) {
    const string n(Text(name));
    TSNode dict{}, stmt{};
    int bindings = 0;
    bool other_use = false;
    ts::Walk(
        ts::Field(def, "body"),
        [&](TSNode c, const char*) {
          if (ts::Is(c, "assignment") && Text(ts::Field(c, "left")) == n) {
            ++bindings;
            dict = ts::Field(c, "right");
            stmt = ts::Parent(c);
            ts::Walk(
                dict, [&](TSNode x, const char*) { other_use |= ts::Is(x, "identifier") && Text(x) == n; return true; },
                [](TSNode) {});
            return false;
          }
          if (ts::Is(c, "identifier") && Text(c) == n) {
            TSNode p = ts::Parent(c);
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c)) return false;
            if (ts::Is(p, "keyword_argument") && Text(ts::Field(p, "name")) == "feed_dict") p = ts::Parent(p);
            TSNode call = ts::Parent(p);
            TSNode fn = ts::Is(call, "call") ? ts::Field(call, "function") : TSNode{};
            bool feed = ts::Is(p, "argument_list") && ts::Is(fn, "attribute") &&
                        Text(ts::Field(fn, "attribute")) == "run" && SelfAttr(ts::Field(fn, "object")) == sess_;
            other_use |= !feed;
          }
          return true;
        },
        [](TSNode) {});
    if (bindings != 1 || other_use || !ts::Is(dict, "dictionary") || !ts::Is(stmt, "expression_statement"))
      Fail(name, fmt::format("the feed `{}` is not a dict literal bound once and read only by runs", n));
    if (feed_stmts_.insert(reinterpret_cast<uintptr_t>(stmt.id)).second) Delete(stmt);
    return dict;
  }

  // Non-build methods: runs become calls; the session and graph values are read nowhere else.
  void Runs() {
    for (const auto& method : methods_) {
      const string& name = method.first;  // (not a structured binding: the lambdas below capture it)
      const TSNode def = method.second;
      if (std::find(build_order_.begin(), build_order_.end(), name) != build_order_.end()) continue;
      std::vector<TSNode> runs, feeds;
      ts::Walk(
          def,
          [&](TSNode c, const char*) {
            // `feed = {self.x: xs}`: a feed dict its runs take (FeedBoundTo)
            if (ts::Is(c, "expression_statement") && ts::Is(ts_node_named_child(c, 0), "assignment")) {
              TSNode a = ts_node_named_child(c, 0);
              TSNode d = ts::Field(a, "right");
              bool keys = ts::Is(ts::Field(a, "left"), "identifier") && ts::Is(d, "dictionary") &&
                          ts_node_named_child_count(d) > 0;
              for (TSNode p : ts::NamedChildren(d)) {
                string k = ts::Is(p, "pair") ? SelfAttr(ts::Field(p, "key")) : "";
                keys = keys && !k.empty() && graph_.count(k) && build_[graph_[k]].kind == Kind::kPlaceholder;
              }
              if (keys) {
                feeds.push_back(c);
                return false;
              }
            }
            if (ts::Is(c, "call")) {
              TSNode fn = ts::Field(c, "function");
              if (ts::Is(fn, "attribute") && SelfAttr(ts::Field(fn, "object")) == sess_) {
                string what(Text(ts::Field(fn, "attribute")));
                if (what == "run") {
                  runs.push_back(c);
                  return false;
                }
                if (what == "close" && ts::Is(ts::Parent(c), "expression_statement")) {
                  Delete(ts::Parent(c));
                  return false;
                }
              }
            }
            string a = SelfAttr(c);
            if (!a.empty()) {
              if (a == sess_) Fail(c, fmt::format("the session is used other than by its run in `{}`", name));
              if (graph_.count(a))
                Fail(c, fmt::format("`{}.{}` of the graph is used outside a run in `{}`", self_, a, name));
              return false;
            }
            if ((ts::Is(c, "identifier") || ts::Is(c, "attribute")) && RefersToTf(m_, c))
              Fail(c, fmt::format("`{}` builds graph ops each time it runs (`{}`)", name, Text(c)));
            return true;
          },
          [](TSNode) {});
      for (TSNode r : runs) RunSite(r, name);
      for (TSNode f : feeds)
        if (!feed_stmts_.count(reinterpret_cast<uintptr_t>(f.id)))
          Fail(f, fmt::format("a feed dict of the placeholders that no run of `{}` takes", name));
    }
  }

  string FunctionText(const RunFn& f, uint32_t mi, uint32_t bi) const {
    const string pad(mi, ' '), body(bi, ' '), step(bi - mi, ' ');
    string out;
    if (f.params.empty()) {
      out += fmt::format("{}@{}.function\n", pad, tf_);
    } else {
      out += fmt::format("{}@{}.function(input_signature=[\n", pad, tf_);
      for (const string& p : f.params) {
        const BuildStmt& b = build_[graph_.at(p)];
        std::vector<TSNode> a;
        for (TSNode c : ts::NamedChildren(ts::Field(b.value, "arguments")))
          if (!ts::Is(c, "comment")) a.push_back(c);
        const bool with_default = !b.default_value.empty();
        TSNode dtype = a.size() > 0 && !ts::Is(a[0], "keyword_argument") ? a[0] : m_.KeywordArg(b.value, "dtype");
        TSNode shape = a.size() > 1 && !ts::Is(a[1], "keyword_argument") ? a[1] : m_.KeywordArg(b.value, "shape");
        if (!dtype.id && !with_default) Fail(b.stmt, "a placeholder without a dtype");
        string shape_text = "None";
        if (shape.id) {
          // dimensions a method's local values give are unknown in the signature
          if (ts::Is(shape, "list") || ts::Is(shape, "tuple")) {
            std::vector<string> dims;
            for (TSNode d : ts::NamedChildren(shape))
              if (!ts::Is(d, "comment"))
                dims.push_back(ts::Is(d, "integer") || ts::Is(d, "none") ? string(Text(d)) : "None");
            shape_text = fmt::format("[{}]", fmt::join(dims, ", "));
          } else if (!ts::Is(shape, "none")) {
            Fail(shape, "a placeholder whose shape is not a list");
          }
        }
        out += fmt::format("{}    {}.TensorSpec(shape={}, dtype={}),\n", pad, tf_, shape_text,
                           with_default ? b.default_dtype : string(Text(dtype)));
      }
      out += pad + "])\n";
    }
    std::vector<string> params = {self_};
    for (const string& p : f.params) {
      const string& d = build_[graph_.at(p)].default_value;
      params.push_back(d.empty() ? p : p + "=" + d);
    }
    out += fmt::format("{}def {}({}):\n", pad, f.name, fmt::join(params, ", "));
    std::vector<const Minimize*> steps;
    for (const string& n : f.fetches)
      for (const Minimize& mz : minimizes_)
        if (mz.s->name == n) steps.push_back(&mz);
    if (steps.size() > 1) Fail(steps[1]->s->stmt, "one run of two train ops");
    const string inner = steps.empty() ? body : body + step;
    if (!steps.empty()) out += fmt::format("{}with {}.GradientTape() as tape:\n", body, tf_);
    size_t written = 0;
    for (size_t i : Needed(f.fetches)) {
      const BuildStmt& b = build_[i];
      if (b.kind != Kind::kGraph) continue;
      // (a graph statement's comments come along; a layer's stay where it is made)
      string text = !b.layer_call.empty() ? fmt::format("{} = {}", b.name, b.layer_call)
                    : !b.layer_attr.empty()
                        ? fmt::format("{} = {}.{}({})", b.name, self_, b.layer_attr, LocalText(b.layer_input))
                        : fmt::format("{}{} = {}", StatementComments(src_, b.stmt).second, b.name,
                                      b.stateless.empty() ? LocalText(b.value) : b.stateless);
      out += Reindent(b.stmt, text, static_cast<uint32_t>(inner.size())) + "\n";
      ++written;
    }
    if (!steps.empty() && !written) out += inner + "pass\n";
    for (const Minimize* mz : steps) {
      out += fmt::format("{}grads = tape.gradient({}, {})\n", body, mz->loss, mz->vars);
      out += fmt::format("{}{}.{}.apply_gradients(zip(grads, {}))\n", body, self_, mz->optimizer, mz->vars);
      if (!mz->global_step.empty()) out += fmt::format("{}{}.{}.assign_add(1)\n", body, self_, mz->global_step);
    }
    std::vector<string> ret;
    for (const string& n : f.fetches)
      if (build_[graph_.at(n)].kind != Kind::kMinimize) ret.push_back(n);
    if (!f.expr.empty()) ret.assign(1, f.expr);
    if (ret.size() == 1) out += fmt::format("{}return {}\n", body, ret[0]);
    else if (ret.size() > 1) out += fmt::format("{}return {}\n", body, fmt::join(ret, ", "));
    return out;
  }

  void Convert(SessionConversion* out) {
    FindSession();
    Expand("__init__", 0);
    Classify();
    classified_ = true;
    bool session_made = false;
    for (const BuildStmt& b : build_) session_made |= b.kind == Kind::kSession;
    if (!session_made) Fail(cls_, "the session is not made while the class builds its graph (in `__init__`)");
    // names the generated methods use
    for (const string& n : {string("tape"), string("grads"), string("t"), self_})
      if (graph_.count(n) && build_[graph_[n]].kind == Kind::kGraph)
        Fail(build_[graph_[n]].stmt, fmt::format("a graph value is named `{}`, a name the converted step uses", n));
    Minimizes();
    Runs();
    if (fns_.empty()) Fail(cls_, "the class's session runs nothing but its initializer");
    ShareRandomOps(out);
    for (const BuildStmt& b : build_)
      if (b.kind == Kind::kVariable || !b.layer_attr.empty())
        for (const auto& r : b.random_ops)
          if (std::find(out->unseeded.begin(), out->unseeded.end(), r) == out->unseeded.end()) out->unseeded.push_back(r);
    // the build statements that go; a scope block all of whose statements go goes whole
    std::set<uintptr_t> gone;
    for (const BuildStmt& b : build_)
      if (b.kind == Kind::kPlaceholder || (b.kind == Kind::kGraph && b.layer_attr.empty() && b.generator.empty()) ||
          b.kind == Kind::kSession || b.kind == Kind::kInitRun || b.kind == Kind::kModuleName)
        gone.insert(reinterpret_cast<uintptr_t>(b.stmt.id));
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      bool all = std::all_of(it->body.begin(), it->body.end(),
                             [&](TSNode st) { return gone.count(reinterpret_cast<uintptr_t>(st.id)) > 0; });
      if (all) {
        for (TSNode st : it->body) gone.erase(reinterpret_cast<uintptr_t>(st.id));
        gone.insert(reinterpret_cast<uintptr_t>(it->with.id));
      }
    }
    // (a statement inside a block that goes whole is not deleted on its own)
    auto inside_gone = [&](TSNode st) {
      for (TSNode p = ts::Parent(st); p.id; p = ts::Parent(p))
        if (gone.count(reinterpret_cast<uintptr_t>(p.id))) return true;
      return false;
    };
    for (const Scope& sc : scopes_) {
      if (gone.count(reinterpret_cast<uintptr_t>(sc.with.id))) {
        if (!inside_gone(sc.with)) Delete(sc.with);
      } else if (!inside_gone(sc.with)) {
        edits_.emplace_back(ts_node_start_byte(sc.call), ts_node_end_byte(sc.call),
                            fmt::format("{}.name_scope({})", tf_, Text(sc.name)));
      }
    }
    std::set<string> emptied;
    for (const string& name : build_order_) {
      for (const BuildStmt& b : build_) {
        if (!ts::Same(b.method, methods_[name])) continue;
        if (gone.count(reinterpret_cast<uintptr_t>(b.stmt.id))) {
          // (a graph statement's comments go with it, into the functions)
          if (!inside_gone(b.stmt)) Delete(b.stmt, b.kind == Kind::kGraph);
          continue;
        }
        if (inside_gone(b.stmt)) continue;
        if (!b.generator.empty()) {
          // (the statement's comments go with it, into the functions)
          if (!AloneOnLines(src_, b.stmt)) Fail(b.stmt, "a random op's statement shares its line with other code");
          const string pad(ts_node_start_point(b.stmt).column, ' ');
          edits_.emplace_back(StatementComments(src_, b.stmt).first, LineEndAt(src_, ts_node_end_byte(b.stmt)),
                              fmt::format("{0}# the random op TF1 made here: each run draws this generator's next "
                                          "numbers\n{0}{1}.{2} = {3}\n",
                                          pad, self_, b.generator, generator_values_.at(b.generator)));
        }
        if (!b.layer_attr.empty()) {
          if (!AloneOnLines(src_, b.stmt)) Fail(b.stmt, "a layer statement shares its line with other code");
          const string pad(ts_node_start_point(b.stmt).column, ' ');
          edits_.emplace_back(LineStartAt(src_, ts_node_start_byte(b.stmt)), LineEndAt(src_, ts_node_end_byte(b.stmt)),
                              fmt::format("{}{}.{} = {}\n{}{}.{}.build({})\n", pad, self_, b.layer_attr,
                                          b.layer_ctor, pad, self_, b.layer_attr, b.layer_build));
        }
        if (b.kind == Kind::kVariable) {
          TSNode fn = ts::Field(b.value, "function");
          if (!b.new_value.empty())
            edits_.emplace_back(ts_node_start_byte(b.value), ts_node_end_byte(b.value), b.new_value);
          else if (Resolved(fn) == "tensorflow.compat.v1.Variable")
            edits_.emplace_back(ts_node_start_byte(fn), ts_node_end_byte(fn), tf_ + ".Variable");
          if (b.local_variable)
            edits_.emplace_back(ts_node_start_byte(ts::Field(ts_node_named_child(b.stmt, 0), "left")),
                                ts_node_end_byte(ts::Field(ts_node_named_child(b.stmt, 0), "left")),
                                fmt::format("{}.{}", self_, b.name));
        }
      }
      size_t kept = 0;
      for (TSNode st : Stmts(methods_[name])) kept += !gone.count(reinterpret_cast<uintptr_t>(st.id));
      if (!kept && name != "__init__") emptied.insert(name);
    }
    for (const string& name : emptied) {
      // a build method left empty goes with its calls
      TSNode def = methods_[name];
      edits_.emplace_back(LineStartAt(src_, ts_node_start_byte(def)), LineEndAt(src_, ts_node_end_byte(def)), "");
      for (const BuildStmt& b : build_)
        if (b.kind == Kind::kBuildCall && b.name == name) Delete(b.stmt);
    }
    // the methods, after the last build method left
    TSNode last{};
    for (TSNode d : ts::NamedChildren(ts::Field(cls_, "body"))) {
      TSNode def = ts::Is(d, "decorated_definition") ? ts::Field(d, "definition") : d;
      if (!ts::Is(def, "function_definition")) continue;
      string n(Text(ts::Field(def, "name")));
      if (std::find(build_order_.begin(), build_order_.end(), n) != build_order_.end() && !emptied.count(n)) last = d;
    }
    TSNode init = methods_["__init__"];
    const uint32_t mi = ts_node_start_point(init).column;
    std::vector<TSNode> init_body = Stmts(init);
    const uint32_t bi = ts_node_start_point(init_body.front()).column;
    if (bi <= mi) Fail(init, "an __init__ on one line");
    string fns;
    for (const RunFn& f : fns_) fns += "\n" + FunctionText(f, mi, bi);
    edits_.emplace_back(LineEndAt(src_, ts_node_end_byte(last)), LineEndAt(src_, ts_node_end_byte(last)), fns);
    // tf.Module, initialized first
    TSNode supers = ts::Field(cls_, "superclasses");
    if (!supers.id) {
      TSNode name = ts::Field(cls_, "name");
      edits_.emplace_back(ts_node_end_byte(name), ts_node_end_byte(name), fmt::format("({}.Module)", tf_));
    } else {
      std::vector<TSNode> bases = ts::NamedChildren(supers);
      if (bases.size() > 1 || (bases.size() == 1 && Text(bases[0]) != "object"))
        Fail(supers, "the class has a base class other than object (it would become a tf.Module)");
      edits_.emplace_back(ts_node_start_byte(supers), ts_node_end_byte(supers), fmt::format("({}.Module)", tf_));
    }
    TSNode first = init_body.front();
    TSNode fe = ts::Is(first, "expression_statement") ? ts_node_named_child(first, 0) : TSNode{};
    uint32_t at = LineStartAt(src_, ts_node_start_byte(first));
    if (ts::Is(fe, "string")) at = LineEndAt(src_, ts_node_end_byte(first));
    edits_.emplace_back(at, at, string(bi, ' ') + (module_name_.empty() ? "super().__init__()\n"
                                                                          : "super().__init__(name=" + module_name_ + ")\n"));
    // the script's session, passed to the constructor: it goes, with its initializer runs
    // and the constructor's argument that takes it
    std::set<uintptr_t> module_gone;
    // the script's statements (a session block's statements in its place)
    std::vector<TSNode> module_stmts;
    for (TSNode st : ts::NamedChildren(file_.Root())) {
      if (with_alias_.id && ts::Same(st, module_sess_stmt_)) {
        for (TSNode b : Stmts(st)) module_stmts.push_back(b);
        continue;
      }
      module_stmts.push_back(st);
    }
    // `acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(predictions, 1), ...), tf.float32))`
    // at script level, over Python values only, run by the script's session (an ensemble's
    // vote over its models' NumPy predictions): computed eagerly where TF1 built it, from
    // the same values (TF1 made its constants of them there), and `sess.run(acc)` its value
    std::set<string> eager_values;
    for (TSNode st : module_stmts) {
      TSNode e = ts::Is(st, "expression_statement") ? ts_node_named_child(st, 0) : TSNode{};
      if (!ts::Is(e, "assignment") || !ts::Is(ts::Field(e, "left"), "identifier") || !UsesTf(st)) continue;
      bool pure = true;
      ts::Walk(
          ts::Field(e, "right"),
          [&](TSNode c, const char*) {
            if (ts::Is(c, "lambda")) pure = false;
            if (ts::Is(c, "attribute")) {
              // (TensorFlow's and NumPy's functions; no attribute of a script object)
              const string q = Resolved(c);
              if (!Starts(q, "tensorflow.") && !Starts(q, "numpy.")) pure = false;
              if (Starts(q, "tensorflow.")) {
                for (const char* bad : {"random", "Variable", "variable", "placeholder", "Session", "layers", ".train.",
                                        "summary", "dropout", "collection", "assign", "py_func", "numpy_function",
                                        "print", "Print", "compat.v1", "data.", "io.", "debugging"})
                  if (q.find(bad) != string::npos) pure = false;
              }
              return false;
            }
            return pure;
          },
          [](TSNode) {});
      if (pure) {
        eager_values.insert(string(Text(ts::Field(e, "left"))));
        eager_stmts_.push_back(st);
      }
    }
    if (sess_param_) {
      if (with_alias_.id) {
        // the block goes, its statements dedented (DedentMarked, after the edits)
        TSNode w = module_sess_stmt_;
        std::vector<TSNode> body = Stmts(w);
        if (body.empty()) Fail(w, "an empty session block");
        bool multiline = false;
        ts::Walk(
            w,
            [&](TSNode c, const char*) {
              multiline |= ts::Is(c, "string") && ts_node_start_point(c).row != ts_node_end_point(c).row;
              return !multiline;
            },
            [](TSNode) {});
        if (multiline) Fail(w, "the session block holds a string of several lines (its dedent would change it)");
        if (ts_node_start_point(body.front()).row == ts_node_start_point(w).row)
          Fail(w, "the session block's statements are on its line");
        dedent_ = ts_node_start_point(body.front()).column - ts_node_start_point(w).column;
        // (the header's lines: comments after it stay, dedented)
        edits_.emplace_back(LineStartAt(src_, ts_node_start_byte(w)),
                            LineEndAt(src_, ts_node_end_byte(ts_node_named_child(w, 0))),
                            string(kDedentBegin) + "\n");
        edits_.emplace_back(LineEndAt(src_, ts_node_end_byte(w)), LineEndAt(src_, ts_node_end_byte(w)),
                            string(src_.size() && src_.back() != '\n' && LineEndAt(src_, ts_node_end_byte(w)) == src_.size()
                                       ? "\n" : "") + kDedentEnd + "\n");
      } else {
        Delete(module_sess_stmt_);
      }
      module_gone.insert(reinterpret_cast<uintptr_t>(module_sess_stmt_.id));
      // `init = tf.compat.v1.global_variables_initializer()` of the script, run by its session
      std::set<string> module_inits;
      for (TSNode st : module_stmts) {
        TSNode e = ts::Is(st, "expression_statement") ? ts_node_named_child(st, 0) : TSNode{};
        if (!ts::Is(e, "assignment") || !ts::Is(ts::Field(e, "left"), "identifier") ||
            !ts::Is(ts::Field(e, "right"), "call") ||
            !IsInitializerCall(Resolved(ts::Field(ts::Field(e, "right"), "function"))))
          continue;
        module_inits.insert(string(Text(ts::Field(e, "left"))));
        module_gone.insert(reinterpret_cast<uintptr_t>(st.id));
        Delete(st);
      }
      TSNode init = methods_["__init__"];
      std::vector<TSNode> ps;
      for (TSNode p : ts::NamedChildren(ts::Field(init, "parameters")))
        if (!ts::Is(p, "comment")) ps.push_back(p);
      DropListItem(ps, sess_param_, &edits_);
      const string param(Text(ps[sess_param_]));
      const string cls_name(Text(ts::Field(cls_, "name")));
      // (a run in a script-level statement: not in a function or class)
      auto script_level_expr = [&](TSNode n) {
        for (TSNode q = ts::Parent(n); q.id; q = ts::Parent(q))
          if (ts::Is(q, "function_definition") || ts::Is(q, "class_definition") || ts::Is(q, "lambda")) return false;
        return true;
      };
      ts::Walk(
          file_.Root(),
          [&](TSNode c, const char*) {
            if (ts::Same(c, cls_) || (!with_alias_.id && ts::Same(c, module_sess_stmt_))) return false;
            if (with_alias_.id && ts::Same(c, with_alias_)) return false;
            if (!ts::Is(c, "identifier") || Text(c) != module_sess_) return true;
            TSNode p = ts::Parent(c);
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c)) return false;
            if (ts::Is(p, "keyword_argument") && !ts::Same(ts::Field(p, "value"), c)) return false;
            // sess.run(initializer) / sess.close() statements
            TSNode call = ts::Parent(p);
            TSNode st = ts::Parent(call);
            const bool script_level = std::any_of(module_stmts.begin(), module_stmts.end(),
                                                  [&](TSNode m) { return ts::Same(m, st); });
            if (ts::Is(p, "attribute") && ts::Is(call, "call") && ts::Is(st, "expression_statement") && script_level) {
              string what(Text(ts::Field(p, "attribute")));
              std::vector<TSNode> a = ts::NamedChildren(ts::Field(call, "arguments"));
              string q = a.size() == 1 && ts::Is(a[0], "call") ? Resolved(ts::Field(a[0], "function")) : "";
              const bool named_init = a.size() == 1 && ts::Is(a[0], "identifier") && module_inits.count(string(Text(a[0])));
              if ((what == "run" && (IsInitializerCall(q) || named_init)) ||
                  (what == "close" && a.empty())) {
                module_gone.insert(reinterpret_cast<uintptr_t>(st.id));
                Delete(st);
                return false;
              }
            }
            // `sess.run(acc)` of an eager value of the script: its value
            if (ts::Is(p, "attribute") && Text(ts::Field(p, "attribute")) == "run" && ts::Is(call, "call") &&
                script_level_expr(call)) {
              std::vector<TSNode> a;
              for (TSNode x : ts::NamedChildren(ts::Field(call, "arguments")))
                if (!ts::Is(x, "comment")) a.push_back(x);
              if (a.size() == 1 && ts::Is(a[0], "identifier") && eager_values.count(string(Text(a[0])))) {
                edits_.emplace_back(ts_node_start_byte(call), ts_node_end_byte(call),
                                    fmt::format("{}.numpy()", Text(a[0])));
                eager_run_calls_.push_back(call);
                return false;
              }
            }
            // the constructor's argument: Model(sess, ...) or Model(sess=sess, ...)
            TSNode arg = ts::Is(p, "keyword_argument") ? p : c;
            TSNode list = ts::Parent(arg);
            TSNode ctor = ts::Parent(list);
            if (ts::Is(list, "argument_list") && ts::Is(ctor, "call") &&
                Text(ts::Field(ctor, "function")) == cls_name) {
              std::vector<TSNode> items;
              for (TSNode x : ts::NamedChildren(list))
                if (!ts::Is(x, "comment")) items.push_back(x);
              for (size_t k = 0; k < items.size(); ++k) {
                if (!ts::Same(items[k], arg)) continue;
                bool right = ts::Is(arg, "keyword_argument") ? Text(ts::Field(arg, "name")) == param
                                                             : k + 1 == sess_param_;
                if (!right) break;
                DropListItem(items, k, &edits_);
                return false;
              }
            }
            Fail(c, fmt::format("the script's session `{}` is used other than by the `{}` constructor, its "
                                "initializer run and its close",
                                module_sess_, cls_name));
          },
          [](TSNode) {});
    }
    // an eager value is read only by eager values and the runs above (a print of it would
    // show a tensor's value where TF1 showed the tensor)
    if (!eager_values.empty()) {
      ts::Walk(
          file_.Root(),
          [&](TSNode c, const char*) {
            for (TSNode st : eager_stmts_)
              if (ts::Same(c, st)) return false;  // (its target, and its value's reads of earlier ones)
            if (!ts::Is(c, "identifier") || !eager_values.count(string(Text(c)))) return true;
            TSNode p = ts::Parent(c);
            if (ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c)) return false;
            if (ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), c)) return false;
            TSNode call = ts::Parent(p);
            const bool run = ts::Is(p, "argument_list") && ts::Is(call, "call") &&
                             ts::Is(ts::Field(call, "function"), "attribute") &&
                             Text(ts::Field(ts::Field(call, "function"), "attribute")) == "run" &&
                             Text(ts::Field(ts::Field(call, "function"), "object")) == module_sess_;
            if (!run) Fail(c, fmt::format("`{}`, a tensor the script builds outside the class, is read other than by "
                                          "a run of the script's session",
                                          Text(c)));
            return false;
          },
          [](TSNode) {});
    }
    for (TSNode st : eager_stmts_) module_gone.insert(reinterpret_cast<uintptr_t>(st.id));  // (kept as written)
    // the switch to TF1 behavior goes
    for (TSNode s : module_stmts) {
      if (module_gone.count(reinterpret_cast<uintptr_t>(s.id))) continue;
      TSNode e = ts::Is(s, "expression_statement") ? ts_node_named_child(s, 0) : TSNode{};
      if (!ts::Is(e, "call")) {
        if (ts::Is(s, "import_statement") || ts::Is(s, "import_from_statement") || ts::Same(s, cls_) ||
            ts::Is(s, "comment"))
          continue;
        if (UsesTf(s))
          Fail(s, "code outside the class builds the graph or uses TensorFlow (the conversion of a class converts "
                  "the class alone)");
        continue;
      }
      string q = Resolved(ts::Field(e, "function"));
      if (q == "tensorflow.compat.v1.disable_v2_behavior" || q == "tensorflow.compat.v1.disable_eager_execution") {
        Delete(s);
        continue;
      }
      if (SetRandomSeed(e)) continue;
      if (UsesTf(s))
        Fail(s, "code outside the class builds the graph or uses TensorFlow (the conversion of a class converts "
                "the class alone)");
    }
    string text = ApplyByteEdits(src_, edits_);
    if (text.empty()) Fail(cls_, "two edits of the conversion overlap");
    if (with_alias_.id) text = DedentMarked(text);
    // (the compat rewrite's switch to Keras 2 for tf.compat.v1.layers goes after, with them)
    size_t p = text.find("compat.v1");
    while (p != string::npos && text.compare(LineStartAt(text, static_cast<uint32_t>(p)), 12, "import os  #") == 0)
      p = text.find("compat.v1", p + 1);
    if (p != string::npos) {
      uint32_t line = static_cast<uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(p), '\n'));
      throw Bail{fmt::format("the converted class would keep tf.compat.v1 (line {} of the result)", line + 1), 0};
    }
    out->converted = true;
    out->text = std::move(text);
    out->functions = static_cast<int>(fns_.size());
    out->runs = runs_;
    for (const BuildStmt& b : build_) out->runs += b.kind == Kind::kInitRun;
    out->notes.push_back(fmt::format("line {}: `{}` becomes a tf.Module: its variables are made by its constructor, "
                                     "each run of its session by a tf.function method",
                                     ts_node_start_point(cls_).row + 1, Text(ts::Field(cls_, "name"))));
    for (TSNode st : eager_stmts_)
      out->notes.push_back(fmt::format("line {}: `{}`, built by the script from Python values, is computed eagerly "
                                       "where TF1 built it, its run its value",
                                       ts_node_start_point(st).row + 1,
                                       Text(ts::Field(ts_node_named_child(st, 0), "left"))));
    out->notes.insert(out->notes.end(), random_notes_.begin(), random_notes_.end());
  }
};

}  // namespace

SessionConversion ConvertClassSession(PythonParser& parser, const std::string& text, bool bn_updates_with_minimize) {
  auto src = SourceFromBytes(text, "<tf2>", SourceKind::kPython);
  if (!src) return {};
  auto parsed = parser.Parse(std::move(*src));
  if (!parsed || parsed->syntax_error) return {};
  SemanticModel model(*parsed);
  ClassConverter c(*parsed, model, bn_updates_with_minimize);
  SessionConversion out = c.Run();
  if (!out.converted) return out;
  auto check = SourceFromBytes(out.text, "<tf2>", SourceKind::kPython);
  bool parses = false;
  if (check) {
    auto p = parser.Parse(std::move(*check));
    parses = p && !p->syntax_error;
  }
  if (!parses) {
    out = SessionConversion{};
    out.reason = "the converted class does not parse";
  }
  return out;
}

}  // namespace tfm
