#include "analyzer/checks/tfm705_graph_name_interface.h"

#include <fmt/format.h>

#include "analyzer/checks/graph_rule_util.h"

namespace tfm {

const RuleInfo& GraphNameInterface::info() const {
  static const RuleInfo kInfo{
      .id = "TFM705",
      .name = "graph-name-interface",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kGraph,
      .summary = "graph with no signature_def: consumers must address tensors by name",
      .trigger = "a MetaGraphDef / SavedModel with no `signature_def`, so consumers must address tensors by name; or "
                 "frozen GraphDefs meant to be fed by name",
  };
  return kInfo;
}

const Rule& rules::Tfm705() {
  static const GraphNameInterface kRule;
  return kRule;
}

void GraphNameInterface::CheckGraph(GraphContext& ctx) const {
  const graph::GraphFile& f = ctx.file();
  for (const auto& mg : f.meta_graphs) {
    std::vector<std::string> placeholders;
    const graph::Node* first = nullptr;
    for (const auto& n : mg.graph.nodes)
      if (n.op == "Placeholder" || n.op == "PlaceholderV2") {  // PlaceholderWithDefault needs no feed
        placeholders.push_back(n.name);
        if (!first) first = &n;
      }
    std::string feeds = placeholders.empty() ? std::string()
                                             : fmt::format("feed placeholder{} {} and ", placeholders.size() == 1 ? "" : "s",
                                                           NameList(placeholders));
    if (mg.has_meta) {
      // `__saved_model_init_op` is the loader's init hook, not an interface.
      bool has_interface = mg.object_graph_functions > 0;
      for (const auto& sig : mg.signatures) has_interface |= sig.key.rfind("__saved_model", 0) != 0;
      if (has_interface) continue;
      std::string what = f.kind == graph::FileKind::kSavedModel
                             ? fmt::format("SavedModel meta graph{}", mg.tags.empty() ? "" : fmt::format(" [{}]", fmt::join(mg.tags, ", ")))
                             : std::string("MetaGraphDef");
      ctx.ReportLine(mg.line, fmt::format("{} has no signature_def: consumers must {}fetch outputs by "
                                          "tensor name; TF2 loads models through signatures "
                                          "(`tf.saved_model.load(...).signatures`)",
                                          what, feeds));
    } else if (first) {
      ctx.ReportNode(mg.graph, *first,
                     fmt::format("GraphDef has no signature: consumers must {}fetch outputs by tensor "
                                 "name; export a SavedModel with a serving signature (`tf.saved_model.save` with "
                                 "`signatures=`)",
                                 feeds));
    }
  }
}

}  // namespace tfm
