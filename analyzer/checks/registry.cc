#include "analyzer/checks/registry.h"

#include <algorithm>

// BEGIN RULE INCLUDES (sorted; tools/add_rule.py edits this block)
#include "analyzer/checks/tfm201_session_run.h"
#include "analyzer/checks/tfm701_graph_v1_control_flow.h"
#include "analyzer/checks/tfm702_graph_ref_variables.h"
#include "analyzer/checks/tfm703_graph_collections.h"
#include "analyzer/checks/tfm704_graph_queue_pipeline.h"
#include "analyzer/checks/tfm705_graph_name_interface.h"
#include "analyzer/checks/tfm706_graph_removed_op.h"
#include "analyzer/checks/tfm707_graph_growth.h"
// END RULE INCLUDES

namespace tfm {
namespace {

// BEGIN RULE INSTANCES (sorted by ID)
const SessionRun kTfm201;
const GraphV1ControlFlow kTfm701;
const GraphRefVariables kTfm702;
const GraphCollections kTfm703;
const GraphQueuePipeline kTfm704;
const GraphNameInterface kTfm705;
const GraphRemovedOp kTfm706;
const GraphGrowth kTfm707;
// END RULE INSTANCES

const Rule* const kRules[] = {
    // BEGIN RULE TABLE (sorted by ID)
    &kTfm201,
    &kTfm701,
    &kTfm702,
    &kTfm703,
    &kTfm704,
    &kTfm705,
    &kTfm706,
    &kTfm707,
    // END RULE TABLE
};

}  // namespace

std::span<const Rule* const> AllRules() { return std::span<const Rule* const>(kRules, std::size(kRules)); }

const Rule* FindRule(std::string_view id) {
  for (const Rule* r : AllRules())
    if (r->info().id == id || r->info().name == id) return r;
  return nullptr;
}

}  // namespace tfm
