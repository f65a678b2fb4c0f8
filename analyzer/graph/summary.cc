#include "analyzer/graph/summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

namespace tfm::graph {
namespace {

std::string ShapeText(const tensorflow::TensorShapeProto& s) {
  if (s.unknown_rank()) return "<unknown rank>";
  std::string out = "[";
  for (int i = 0; i < s.dim_size(); ++i) {
    if (i) out += ", ";
    out += s.dim(i).size() < 0 ? "?" : std::to_string(s.dim(i).size());
  }
  return out + "]";
}

std::string DtypeText(const Node& n) {
  auto it = n.def->attr().find("dtype");
  if (it == n.def->attr().end() || !it->second.has_type()) return "?";
  std::string name = tensorflow::DataType_Name(it->second.type());
  if (name.rfind("DT_", 0) == 0) name = name.substr(3);
  std::transform(name.begin(), name.end(), name.begin(), [](char c) { return static_cast<char>(std::tolower(c)); });
  return name;
}

void SummarizeGraph(const Graph& g, const std::string& indent, std::string* out) {
  std::map<std::string, size_t> ops;
  for (const auto& n : g.nodes) ++ops[n.op];
  std::vector<std::pair<std::string, size_t>> v(ops.begin(), ops.end());
  std::stable_sort(v.begin(), v.end(), [](auto& a, auto& b) { return a.second > b.second; });
  size_t control = 0;
  for (const auto& n : g.nodes)
    for (const auto& in : n.inputs) control += in.control;
  *out += fmt::format("{}nodes: {} ({} op types, {} control edges)\n", indent, g.nodes.size(), ops.size(), control);
  std::string line;
  for (const auto& [op, c] : v) line += fmt::format("{}{} {}", line.empty() ? "" : ", ", op, c);
  if (!line.empty()) *out += fmt::format("{}op types: {}\n", indent, line);
  std::vector<std::string> vars;
  size_t ref = 0, res = 0;
  for (const auto& n : g.nodes) {
    bool is_ref = IsRefVariableOp(n.op), is_res = IsResourceVariableOp(n.op);
    if (!is_ref && !is_res) continue;
    ref += is_ref;
    res += is_res;
    auto shape = n.def->attr().find("shape");
    vars.push_back(fmt::format("{} ({}, {} {} {})", n.name, is_ref ? "ref" : "resource", n.op, DtypeText(n),
                               shape != n.def->attr().end() ? ShapeText(shape->second.shape()) : "?"));
  }
  *out += fmt::format("{}variables: {} ({} ref, {} resource)\n", indent, vars.size(), ref, res);
  for (const auto& s : vars) *out += fmt::format("{}  {}\n", indent, s);
  if (g.frames.size() > 1) {
    *out += fmt::format("{}v1 control-flow frames: {}\n", indent, g.frames.size() - 1);
    for (size_t f = 1; f < g.frames.size(); ++f)
      *out += fmt::format("{}  {} ({} nodes{})\n", indent, g.frames[f].name, g.frames[f].nodes.size(),
                          g.frames[f].parent > 0 ? ", nested in " + g.frames[g.frames[f].parent].name : "");
  } else {
    *out += fmt::format("{}v1 control-flow frames: 0\n", indent);
  }
}

}  // namespace

std::string Summarize(const GraphFile& f) {
  std::string out = fmt::format("{}: {} ({} format), {} meta graph{}, {} nodes in total\n", f.path,
                                FileKindName(f.kind), f.encoding == Encoding::kText ? "text" : "binary",
                                f.meta_graphs.size(), f.meta_graphs.size() == 1 ? "" : "s", f.NodeCount());
  for (size_t i = 0; i < f.meta_graphs.size(); ++i) {
    const MetaGraph& mg = f.meta_graphs[i];
    std::string ind = "  ";
    if (f.kind == FileKind::kSavedModel)
      out += fmt::format("meta graph {} [{}]\n", i + 1, fmt::join(mg.tags, ", "));
    out += fmt::format("{}producer: {} (min_consumer {}){}\n", ind, mg.producer, mg.min_consumer,
                       mg.tensorflow_version.empty() ? "" : fmt::format(", written by TensorFlow {}", mg.tensorflow_version));
    SummarizeGraph(mg.graph, ind, &out);
    if (!mg.functions.empty()) {
      out += fmt::format("{}functions: {}\n", ind, mg.functions.size());
      for (const auto& fg : mg.functions) {
        size_t frames = fg.frames.size() - 1;
        out += fmt::format("{}  {}: {} nodes{}\n", ind, fg.function, fg.nodes.size(),
                           frames ? fmt::format(", {} v1 frames", frames) : "");
      }
    }
    if (mg.has_meta) {
      out += fmt::format("{}collections: {}\n", ind, mg.collections.size());
      for (const auto& c : mg.collections) out += fmt::format("{}  {} ({}, {})\n", ind, c.key, c.kind, c.size);
      out += fmt::format("{}signatures: {}\n", ind, mg.signatures.size());
      for (const auto& s : mg.signatures) {
        out += fmt::format("{}  {}{}\n", ind, s.key, s.method.empty() ? "" : " (" + s.method + ")");
        for (const auto& in : s.inputs) out += fmt::format("{}    input  {}\n", ind, in);
        for (const auto& o : s.outputs) out += fmt::format("{}    output {}\n", ind, o);
      }
      out += fmt::format("{}saver: {}\n", ind, mg.has_saver ? "yes" : "no");
      if (mg.object_graph_nodes)
        out += fmt::format("{}object graph: {} objects, {} functions (TF2 SavedModel)\n", ind, mg.object_graph_nodes,
                           mg.object_graph_functions);
    }
  }
  return out;
}

std::string SummarizeJson(const GraphFile& f) {
  using nlohmann::json;
  auto graph_json = [](const Graph& g) {
    std::map<std::string, size_t> ops;
    size_t control = 0;
    for (const auto& n : g.nodes) {
      ++ops[n.op];
      for (const auto& in : n.inputs) control += in.control;
    }
    json vars = json::array();
    for (const auto& n : g.nodes) {
      bool is_ref = IsRefVariableOp(n.op), is_res = IsResourceVariableOp(n.op);
      if (!is_ref && !is_res) continue;
      auto shape = n.def->attr().find("shape");
      vars.push_back({{"name", n.name},
                      {"op", n.op},
                      {"kind", is_ref ? "ref" : "resource"},
                      {"dtype", DtypeText(n)},
                      {"shape", shape != n.def->attr().end() ? ShapeText(shape->second.shape()) : "?"}});
    }
    json frames = json::array();
    for (size_t i = 1; i < g.frames.size(); ++i)
      frames.push_back({{"name", g.frames[i].name},
                        {"nodes", g.frames[i].nodes.size()},
                        {"parent", g.frames[i].parent > 0 ? json(g.frames[g.frames[i].parent].name) : json(nullptr)}});
    return json{{"nodes", g.nodes.size()}, {"control_edges", control}, {"op_types", ops},
                {"variables", vars},       {"v1_frames", frames}};
  };
  json metas = json::array();
  for (const auto& mg : f.meta_graphs) {
    json m = graph_json(mg.graph);
    m["tags"] = mg.tags;
    m["producer"] = mg.producer;
    m["min_consumer"] = mg.min_consumer;
    m["tensorflow_version"] = mg.tensorflow_version;
    json fns = json::array();
    for (const auto& fg : mg.functions) {
      json fj = graph_json(fg);
      fj["name"] = fg.function;
      fns.push_back(std::move(fj));
    }
    m["functions"] = fns;
    if (mg.has_meta) {
      json cols = json::array();
      for (const auto& c : mg.collections) cols.push_back({{"key", c.key}, {"kind", c.kind}, {"size", c.size}});
      json sigs = json::array();
      for (const auto& s : mg.signatures)
        sigs.push_back({{"key", s.key}, {"method", s.method}, {"inputs", s.inputs}, {"outputs", s.outputs}});
      m["collections"] = cols;
      m["signatures"] = sigs;
      m["saver"] = mg.has_saver;
      m["object_graph"] = {{"objects", mg.object_graph_nodes}, {"functions", mg.object_graph_functions}};
    }
    metas.push_back(std::move(m));
  }
  json doc = {{"path", f.path},
              {"kind", FileKindName(f.kind)},
              {"encoding", f.encoding == Encoding::kText ? "text" : "binary"},
              {"nodes_total", f.NodeCount()},
              {"meta_graphs", metas}};
  return doc.dump(2) + "\n";
}

}  // namespace tfm::graph
