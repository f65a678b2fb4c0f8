// tfmigrate's declaration-only model of the TensorFlow C++ client API.
//
// The C++ front end maps every `#include "tensorflow/..."` of the analysed file to
// this one header, so Clang resolves calls to the real class and function names
// (tensorflow::Session::Run, tensorflow::ReadBinaryProto, tensorflow::ops::Variable)
// without a TensorFlow checkout. Only declarations; nothing here is ever linked.
// Signatures follow TensorFlow's public headers closely enough for overload
// resolution of ordinary client code; unknown names simply stay unresolved.
#ifndef TFMIGRATE_TF_API_STUB_H_
#define TFMIGRATE_TF_API_STUB_H_

#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#define TF_CHECK_OK(expr) (void)(expr)
#define TF_QCHECK_OK(expr) (void)(expr)
#define TF_RETURN_IF_ERROR(expr) (void)(expr)
#define TF_ASSERT_OK(expr) (void)(expr)
#define TF_EXPECT_OK(expr) (void)(expr)

namespace tensorflow {

using int64 = std::int64_t;
using int32 = std::int32_t;
using uint8 = std::uint8_t;
using tstring = std::string;
using string = std::string;

namespace protobuf {
class MessageLite {
 public:
  virtual ~MessageLite();
  bool ParseFromString(const std::string& data);
  bool SerializeToString(std::string* out) const;
  std::string DebugString() const;
};
class Message : public MessageLite {};
}  // namespace protobuf

namespace errors {
enum Code { OK = 0, CANCELLED, UNKNOWN, INVALID_ARGUMENT, NOT_FOUND = 5, FAILED_PRECONDITION = 9 };
}

class Status {
 public:
  Status();
  Status(errors::Code code, const std::string& msg);
  static Status OK();
  bool ok() const;
  errors::Code code() const;
  const std::string& error_message() const;
  std::string ToString() const;
};

enum DataType {
  DT_INVALID = 0, DT_FLOAT = 1, DT_DOUBLE = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 5, DT_INT8 = 6,
  DT_STRING = 7, DT_INT64 = 9, DT_BOOL = 10, DT_HALF = 19, DT_RESOURCE = 20
};

class TensorShape {
 public:
  TensorShape();
  TensorShape(std::initializer_list<int64> dims);
  int dims() const;
  int64 dim_size(int d) const;
  int64 num_elements() const;
  void AddDim(int64 size);
  std::string DebugString() const;
};
class PartialTensorShape {
 public:
  PartialTensorShape();
  PartialTensorShape(std::initializer_list<int64> dims);
};

template <typename T>
class TensorMap {
 public:
  template <typename... I>
  T& operator()(I... index) const;
  T* data() const;
  int64 size() const;
  template <typename U>
  TensorMap& operator=(const U& value);
  TensorMap& setZero();
  TensorMap& setConstant(const T& v);
  TensorMap& setRandom();
};

class Tensor {
 public:
  Tensor();
  Tensor(DataType type, const TensorShape& shape);
  template <typename T>
  explicit Tensor(T scalar_value);
  DataType dtype() const;
  const TensorShape& shape() const;
  int dims() const;
  int64 dim_size(int d) const;
  int64 NumElements() const;
  bool IsInitialized() const;
  std::string DebugString() const;
  std::string SummarizeValue(int64 max_entries) const;
  template <typename T> TensorMap<T> flat() const;
  template <typename T> TensorMap<T> vec() const;
  template <typename T> TensorMap<T> matrix() const;
  template <typename T> TensorMap<T> scalar() const;
  template <typename T, int N> TensorMap<T> tensor() const;
  template <typename T> TensorMap<T> flat_inner_dims() const;
};

class NodeDef : public protobuf::Message {
 public:
  const std::string& name() const;
  const std::string& op() const;
  const std::string& device() const;
  void set_device(const std::string& d);
  int input_size() const;
  const std::string& input(int i) const;
};

class GraphDef : public protobuf::Message {
 public:
  int node_size() const;
  const NodeDef& node(int i) const;
  NodeDef* mutable_node(int i);
  NodeDef* add_node();
  const std::vector<NodeDef>& nodes() const;
};
class MetaGraphDef : public protobuf::Message {
 public:
  const GraphDef& graph_def() const;
};
class ConfigProto : public protobuf::Message {
 public:
  void set_intra_op_parallelism_threads(int n);
  void set_inter_op_parallelism_threads(int n);
  void set_allow_soft_placement(bool v);
  void set_log_device_placement(bool v);
};
class RunOptions : public protobuf::Message {};
class RunMetadata : public protobuf::Message {};

struct SessionOptions {
  ConfigProto config;
  std::string target;
};

class Env {
 public:
  static Env* Default();
  Status FileExists(const std::string& fname);
};

Status ReadBinaryProto(Env* env, const std::string& fname, protobuf::MessageLite* proto);
Status ReadTextProto(Env* env, const std::string& fname, protobuf::Message* proto);
Status WriteBinaryProto(Env* env, const std::string& fname, const protobuf::MessageLite& proto);
Status WriteTextProto(Env* env, const std::string& fname, const protobuf::Message& proto);

class Session {
 public:
  virtual ~Session();
  virtual Status Create(const GraphDef& graph) = 0;
  virtual Status Extend(const GraphDef& graph) = 0;
  virtual Status Run(const std::vector<std::pair<std::string, Tensor>>& inputs,
                     const std::vector<std::string>& output_tensor_names,
                     const std::vector<std::string>& target_node_names, std::vector<Tensor>* outputs) = 0;
  virtual Status Run(const RunOptions& run_options, const std::vector<std::pair<std::string, Tensor>>& inputs,
                     const std::vector<std::string>& output_tensor_names,
                     const std::vector<std::string>& target_node_names, std::vector<Tensor>* outputs,
                     RunMetadata* run_metadata);
  virtual Status PRunSetup(const std::vector<std::string>& input_names,
                           const std::vector<std::string>& output_names,
                           const std::vector<std::string>& target_nodes, std::string* handle);
  virtual Status PRun(const std::string& handle, const std::vector<std::pair<std::string, Tensor>>& inputs,
                      const std::vector<std::string>& output_names, std::vector<Tensor>* outputs);
  virtual Status Close() = 0;
};

Session* NewSession(const SessionOptions& options);
Status NewSession(const SessionOptions& options, Session** out_session);

// ---- C++ graph-building API (tensorflow/cc) ----
class Operation {
 public:
  std::string name() const;
};
class Output {
 public:
  Output();
  Operation op() const;
  std::string name() const;
  DataType type() const;
};
inline bool operator==(const Output&, const Output&) { return true; }
}  // namespace tensorflow
template <>
struct std::hash<tensorflow::Output> {
  std::size_t operator()(const tensorflow::Output&) const { return 0; }
};
namespace tensorflow {
class Input {
 public:
  // Anything an op accepts: outputs, tensors, scalars, nested braced lists, shapes.
  Input(const Output& o);
  Input(const Tensor& t);
  Input(const PartialTensorShape& s);
  template <typename T>
  Input(const T& v);
  template <typename T>
  Input(std::initializer_list<T> v);
  template <typename T>
  Input(std::initializer_list<std::initializer_list<T>> v);
  using Initializer = Input;
};
using InputList = std::vector<Output>;
using OutputList = std::vector<Output>;

class Scope {
 public:
  static Scope NewRootScope();
  Scope WithOpName(const std::string& name) const;
  Scope NewSubScope(const std::string& child_scope_name) const;
  Scope WithDevice(const std::string& device) const;
  Status ToGraphDef(GraphDef* gdef) const;
  bool ok() const;
  Status status() const;
};

class ClientSession {
 public:
  using FeedType = std::unordered_map<Output, Input::Initializer>;
  explicit ClientSession(const Scope& scope);
  ClientSession(const Scope& scope, const std::string& target);
  ClientSession(const Scope& scope, const SessionOptions& options);
  Status Run(const std::vector<Output>& fetch_outputs, std::vector<Tensor>* outputs) const;
  Status Run(const FeedType& inputs, const std::vector<Output>& fetch_outputs, std::vector<Tensor>* outputs) const;
  Status Run(const FeedType& inputs, const std::vector<Output>& fetch_outputs,
             const std::vector<Operation>& run_outputs, std::vector<Tensor>* outputs) const;
};

namespace ops {

// Every generated op class converts to Output; one shape is enough to model them.
#define TFMIGRATE_STUB_OP(Name)                       \
  class Name {                                        \
   public:                                            \
    Name(const Scope& scope, Input a = Input(0),      \
         Input b = Input(0), Input c = Input(0),      \
         Input d = Input(0), Input e = Input(0));     \
    operator Output() const;                          \
    operator Input() const;                           \
    Operation operation;                              \
    Output output;                                    \
    Output ref;                                       \
    Output y;                                         \
    Output z;                                         \
    Output product;                                   \
    Output output_ref;                                \
    Output resource;                                  \
    Output value;                                     \
  };

TFMIGRATE_STUB_OP(Const)
TFMIGRATE_STUB_OP(Placeholder)
TFMIGRATE_STUB_OP(PlaceholderWithDefault)
TFMIGRATE_STUB_OP(Identity)
TFMIGRATE_STUB_OP(Add)
TFMIGRATE_STUB_OP(AddV2)
TFMIGRATE_STUB_OP(Sub)
TFMIGRATE_STUB_OP(Mul)
TFMIGRATE_STUB_OP(Div)
TFMIGRATE_STUB_OP(MatMul)
TFMIGRATE_STUB_OP(Relu)
TFMIGRATE_STUB_OP(Sigmoid)
TFMIGRATE_STUB_OP(Tanh)
TFMIGRATE_STUB_OP(Softmax)
TFMIGRATE_STUB_OP(Sum)
TFMIGRATE_STUB_OP(Mean)
TFMIGRATE_STUB_OP(Square)
TFMIGRATE_STUB_OP(Reshape)
TFMIGRATE_STUB_OP(Cast)
TFMIGRATE_STUB_OP(RandomNormal)
TFMIGRATE_STUB_OP(RandomUniform)
TFMIGRATE_STUB_OP(NoOp)
// Reference-variable ops (TF1)
TFMIGRATE_STUB_OP(Variable)
TFMIGRATE_STUB_OP(VariableV2)
TFMIGRATE_STUB_OP(TemporaryVariable)
TFMIGRATE_STUB_OP(Assign)
TFMIGRATE_STUB_OP(AssignAdd)
TFMIGRATE_STUB_OP(AssignSub)
TFMIGRATE_STUB_OP(ScatterUpdate)
TFMIGRATE_STUB_OP(ScatterAdd)
TFMIGRATE_STUB_OP(ScatterSub)
TFMIGRATE_STUB_OP(ApplyGradientDescent)
TFMIGRATE_STUB_OP(ApplyAdam)
// Resource-variable ops (TF2)
TFMIGRATE_STUB_OP(VarHandleOp)
TFMIGRATE_STUB_OP(ReadVariableOp)
TFMIGRATE_STUB_OP(AssignVariableOp)
TFMIGRATE_STUB_OP(AssignAddVariableOp)
TFMIGRATE_STUB_OP(AssignSubVariableOp)
TFMIGRATE_STUB_OP(ResourceApplyGradientDescent)
TFMIGRATE_STUB_OP(ResourceApplyAdam)
#undef TFMIGRATE_STUB_OP

}  // namespace ops

// ---- SavedModel loading (the TF2-friendly path) ----
struct SignatureDef {
  std::map<std::string, std::string> inputs() const;
  std::map<std::string, std::string> outputs() const;
};
struct SavedModelBundle {
  std::unique_ptr<Session> session;
  MetaGraphDef meta_graph_def;
  std::map<std::string, SignatureDef> GetSignatures() const;
};
constexpr char kSavedModelTagServe[] = "serve";
Status LoadSavedModel(const SessionOptions& session_options, const RunOptions& run_options,
                      const std::string& export_dir, const std::unordered_set<std::string>& tags,
                      SavedModelBundle* bundle);

}  // namespace tensorflow

#endif  // TFMIGRATE_TF_API_STUB_H_
