// _tfrt: the pybind11 bridge between the pure-Python `tensorflow` facade and the C++
// runtime. It exposes Tensor (bytes + dtype + shape in, bytes out), Graph (unique names,
// add_node with shape inference), Session (pruned, cached runs), eager execute, the
// function library and resource variables. Errors come back as _tfrt.StatusError with
// (code, message); the facade maps codes to tf.errors classes.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>

#include "runtime/eager/execute.h"
#include "runtime/function/function.h"
#include "runtime/graph/session.h"

namespace py = pybind11;
using namespace tfm::rt;  // NOLINT

namespace {

PyObject* g_status_error = nullptr;

[[noreturn]] void Raise(const Status& s) {
  py::tuple args = py::make_tuple(static_cast<int>(s.code()), s.message());
  PyErr_SetObject(g_status_error, args.ptr());
  throw py::error_already_set();
}

template <typename T>
T Check(StatusOr<T> s) {
  if (!s.ok()) Raise(s.status());
  return std::move(s.value());
}

DType ParseDType(const std::string& n) {
  DType d;
  if (!DTypeFromName(n, &d)) throw py::value_error("unknown dtype " + n);
  return d;
}

Tensor MakeTensor(py::bytes data, const std::string& dtype, const Shape& shape) {
  DType dt = ParseDType(dtype);
  Tensor t = Tensor::Alloc(dt, shape);
  std::string s = data;
  if (s.size() != t.raw_size()) throw py::value_error("buffer size does not match shape");
  std::memcpy(t.data<unsigned char>(), s.data(), s.size());
  return t;
}

AttrValue ToAttr(const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  if (py::isinstance<py::int_>(v)) return v.cast<int64_t>();
  if (py::isinstance<py::float_>(v)) return v.cast<double>();
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::isinstance<Tensor>(v)) return v.cast<Tensor>();
  if (py::isinstance<DType>(v)) return v.cast<DType>();
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) return v.cast<std::vector<int64_t>>();
  throw py::type_error("unsupported attr value");
}

AttrMap ToAttrs(const py::dict& d) {
  AttrMap m;
  for (auto [k, v] : d) m[k.cast<std::string>()] = ToAttr(v);
  return m;
}

py::object SpecToPy(const TensorSpec& s) {
  py::object shape = s.unknown_rank ? py::object(py::none()) : py::object(py::cast(s.shape));
  return py::make_tuple(std::string(DTypeName(s.dtype)), shape);
}

}  // namespace

PYBIND11_MODULE(_tfrt, m) {
  m.doc() = "tfmigrate bundled TensorFlow runtime (C++/Eigen)";
  g_status_error = PyErr_NewException("_tfrt.StatusError", PyExc_Exception, nullptr);
  m.attr("StatusError") = py::handle(g_status_error);

  py::enum_<DType>(m, "DType")
      .value("float32", DType::kFloat).value("float64", DType::kDouble).value("int32", DType::kInt32)
      .value("int64", DType::kInt64).value("bool", DType::kBool).value("string", DType::kString)
      .value("uint8", DType::kUInt8).value("int16", DType::kInt16).value("int8", DType::kInt8)
      .value("float16", DType::kHalf);

  py::class_<Tensor>(m, "Tensor")
      .def_static("from_bytes", &MakeTensor)
      .def_static("from_strings", [](std::vector<std::string> v, Shape s) { return Tensor::String(std::move(v), std::move(s)); })
      .def_property_readonly("dtype", [](const Tensor& t) { return std::string(DTypeName(t.dtype())); })
      .def_property_readonly("shape", [](const Tensor& t) { return t.shape(); })
      .def("tobytes", [](const Tensor& t) { return py::bytes(static_cast<const char*>(t.raw()), t.raw_size()); })
      .def("strings", [](const Tensor& t) {
        py::list l;
        for (auto& s : t.strings()) l.append(py::bytes(s));
        return l;
      });

  py::class_<Graph, std::shared_ptr<Graph>>(m, "Graph")
      .def(py::init<>())
      .def("unique_name", &Graph::UniqueName, py::arg("name"), py::arg("mark_as_used") = true)
      .def("add_node", [](Graph& g, const std::string& name, const std::string& op,
                          const std::vector<std::pair<int, int>>& inputs, const std::vector<int>& control,
                          const py::dict& attrs) {
        std::vector<NodeOutput> ins;
        for (auto& [n, i] : inputs) ins.push_back({n, i});
        int id = Check(g.AddNode(name, op, std::move(ins), control, ToAttrs(attrs)));
        py::list specs;
        for (auto& s : g.node(id).outputs) specs.append(SpecToPy(s));
        return py::make_tuple(id, specs);
      })
      .def("set_output_shape", [](Graph& g, int id, int index, const std::vector<int64_t>& shape) {
        g.SetOutputShape(id, index, Shape(shape.begin(), shape.end()));
      })
      .def("find", &Graph::FindNode)
      .def("num_nodes", &Graph::num_nodes)
      .def("node_name", [](const Graph& g, int id) { return g.node(id).name; })
      .def("node_op", [](const Graph& g, int id) { return g.node(id).op; });

  py::class_<Session>(m, "Session")
      .def(py::init([](std::shared_ptr<Graph> g) { return new Session(std::move(g)); }))
      .def("run", [](Session& s, const std::vector<std::tuple<int, int, Tensor>>& feeds,
                     const std::vector<std::pair<int, int>>& fetches, const std::vector<int>& targets) {
        std::vector<std::pair<NodeOutput, Tensor>> f;
        for (auto& [n, i, t] : feeds) f.push_back({{n, i}, t});
        std::vector<NodeOutput> o;
        for (auto& [n, i] : fetches) o.push_back({n, i});
        std::vector<Tensor> out;
        Status st;
        {
          st = s.Run(f, o, targets, &out);
        }
        if (!st.ok()) Raise(st);
        return out;
      })
      .def("num_cached_plans", &Session::num_cached_plans)
      .def("last_executed", &Session::last_executed)
      .def("ref_value", [](Session& s, const std::string& name) -> py::object {
        auto it = s.state().ref_vars.find(name);
        if (it == s.state().ref_vars.end()) return py::none();
        return py::cast(it->second);
      });

  m.def("execute", [](const std::string& op, const std::vector<Tensor>& inputs, const py::dict& attrs) {
    std::vector<Tensor> out;
    Status s = Execute(op, inputs, ToAttrs(attrs), &out);
    if (!s.ok()) Raise(s);
    return out;
  });
  // TF's OpDef of an op, for the facade's GraphDef (Graph.as_graph_def): input args as
  // (name, type number, type_attr, number_attr, type_list_attr) and attrs as (name, kind,
  // has_default, default), kinds spelled as TF's ("int", "list(type)", ...). None when unknown.
  m.def("op_signature", [](const std::string& op) -> py::object {
    const OpSignature* sig = LookupOpSignature(op);
    if (!sig) return py::none();
    py::list ins, attrs;
    for (const ArgSig& a : sig->inputs)
      ins.append(py::make_tuple(a.name, a.type, a.type_attr, a.number_attr, a.type_list_attr));
    for (const AttrSig& a : sig->attrs) {
      py::object d = py::none();
      const AttrValue& v = a.default_value;
      if (const auto* i = std::get_if<int64_t>(&v)) d = py::int_(*i);
      else if (const auto* f = std::get_if<double>(&v)) d = py::float_(*f);
      else if (const auto* b = std::get_if<bool>(&v)) d = py::bool_(*b);
      else if (const auto* s = std::get_if<std::string>(&v)) d = py::bytes(*s);
      else if (const auto* t = std::get_if<DType>(&v)) d = py::int_(static_cast<int>(*t));
      else if (const auto* l = std::get_if<std::vector<int64_t>>(&v)) d = py::cast(*l);
      attrs.append(py::make_tuple(a.name, AttrKindName(a.kind), a.has_default, d));
    }
    return py::make_tuple(ins, attrs);
  });
  m.def("has_op", [](const std::string& op) { return LookupOpDef(op) != nullptr && HasKernel(op); });
  m.def("is_stateful", [](const std::string& op) {
    const OpDef* d = LookupOpDef(op);
    return d && d->stateful;
  });
  m.def("registered_ops", &RegisteredOps);
  m.def("reset_eager_rngs", &ResetEagerRngs);
  m.def("set_intra_op_threads", &SetIntraOpThreads);
  m.def("register_function", [](std::shared_ptr<Graph> g, const std::vector<std::pair<int, int>>& args,
                                const std::vector<std::pair<int, int>>& outs, const std::vector<int>& targets) {
    std::vector<NodeOutput> a, o;
    for (auto& [n, i] : args) a.push_back({n, i});
    for (auto& [n, i] : outs) o.push_back({n, i});
    return RegisterFunction(std::move(g), a, o, targets);
  });
  m.def("call_function", [](int64_t id, const std::vector<Tensor>& args) {
    std::vector<Tensor> out;
    Status s = CallFunction(id, args, &out);
    if (!s.ok()) Raise(s);
    return out;
  });
  m.def("resource_assign", [](const std::string& n, const Tensor& t) { ResourceMgr::Global().Assign(n, t); });
  m.def("resource_read", [](const std::string& n) -> py::object {
    Tensor t;
    if (!ResourceMgr::Global().Lookup(n, &t)) return py::none();
    return py::cast(t);
  });
  m.def("set_host_callback", [](py::function fn) {
    // The callback returns a list of Tensors or raises; exceptions become Status errors.
    auto holder = std::make_shared<py::function>(std::move(fn));
    SetHostCallback([holder](int64_t token, const std::vector<Tensor>& in, std::vector<Tensor>* out) -> Status {
      py::gil_scoped_acquire gil;
      try {
        py::object r = (*holder)(token, in);
        *out = r.cast<std::vector<Tensor>>();
        return Status::Ok();
      } catch (py::error_already_set& e) {
        // (code, message) from the facade's errors, else UNKNOWN with the Python message.
        if (e.matches(g_status_error)) {
          py::tuple a = e.value().attr("args");
          return Status(static_cast<Code>(a[0].cast<int>()), a[1].cast<std::string>());
        }
        return Status(Code::kUnknown, e.what());
      }
    });
  });
}
