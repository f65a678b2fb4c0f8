#include "analyzer/checks/registry.h"

#include <algorithm>

// BEGIN RULE INCLUDES (sorted; tools/add_rule.py edits this block)
#include "analyzer/checks/tfm101_removed_api.h"
#include "analyzer/checks/tfm102_v1_only_api.h"
#include "analyzer/checks/tfm103_renamed_api.h"
#include "analyzer/checks/tfm104_changed_arguments.h"
#include "analyzer/checks/tfm105_compat_v1_endpoint.h"
#include "analyzer/checks/tfm106_false_friend_api.h"
#include "analyzer/checks/tfm107_config_proto.h"
#include "analyzer/checks/tfm108_colocate_with.h"
#include "analyzer/checks/tfm109_global_jit.h"
#include "analyzer/checks/tfm110_behavior_toggle.h"
#include "analyzer/checks/tfm111_tf_app_flags_logging.h"
#include "analyzer/checks/tfm112_v1_summary.h"
#include "analyzer/checks/tfm113_v1_metrics.h"
#include "analyzer/checks/tfm114_name_based_checkpoint.h"
#include "analyzer/checks/tfm201_session_run.h"
#include "analyzer/checks/tfm202_placeholder_feed.h"
#include "analyzer/checks/tfm203_partial_session_run.h"
#include "analyzer/checks/tfm204_control_dependencies.h"
#include "analyzer/checks/tfm205_variable_initializer.h"
#include "analyzer/checks/tfm206_default_graph.h"
#include "analyzer/checks/tfm207_queue_input_pipeline.h"
#include "analyzer/checks/tfm208_v1_dataset_iterator.h"
#include "analyzer/checks/tfm301_global_collection.h"
#include "analyzer/checks/tfm302_variable_scope_sharing.h"
#include "analyzer/checks/tfm303_global_step.h"
#include "analyzer/checks/tfm304_ref_variable.h"
#include "analyzer/checks/tfm305_implicit_var_list.h"
#include "analyzer/checks/tfm401_variable_in_function.h"
#include "analyzer/checks/tfm402_resource_in_retraced_function.h"
#include "analyzer/checks/tfm403_python_state_in_function.h"
#include "analyzer/checks/tfm404_accumulating_python_list.h"
#include "analyzer/checks/tfm405_print_in_function.h"
#include "analyzer/checks/tfm406_tensor_cached_at_init.h"
#include "analyzer/checks/tfm407_retracing_arguments.h"
#include "analyzer/checks/tfm501_tensor_name_lookup.h"
#include "analyzer/checks/tfm502_tensor_equality.h"
#include "analyzer/checks/tfm503_tensor_hash.h"
#include "analyzer/checks/tfm504_dimension_value.h"
#include "analyzer/checks/tfm601_branch_tensor_escape.h"
#include "analyzer/checks/tfm602_control_flow_name_reliance.h"
#include "analyzer/checks/tfm603_tensor_as_python_bool.h"
#include "analyzer/checks/tfm701_graph_v1_control_flow.h"
#include "analyzer/checks/tfm702_graph_ref_variables.h"
#include "analyzer/checks/tfm703_graph_collections.h"
#include "analyzer/checks/tfm704_graph_queue_pipeline.h"
#include "analyzer/checks/tfm705_graph_name_interface.h"
#include "analyzer/checks/tfm706_graph_removed_op.h"
#include "analyzer/checks/tfm707_graph_growth.h"
#include "analyzer/checks/tfm801_cpp_session_tensor_names.h"
#include "analyzer/checks/tfm802_cpp_frozen_graph_load.h"
#include "analyzer/checks/tfm803_cpp_partial_run.h"
#include "analyzer/checks/tfm804_cpp_ref_variable_ops.h"
// END RULE INCLUDES

namespace tfm {
namespace {

// BEGIN RULE INSTANCES (sorted by ID)
const RemovedApi kTfm101;
const V1OnlyApi kTfm102;
const RenamedApi kTfm103;
const ChangedArguments kTfm104;
const CompatV1Endpoint kTfm105;
const FalseFriendApi kTfm106;
const ConfigProtoRule kTfm107;
const ColocateWith kTfm108;
const GlobalJit kTfm109;
const BehaviorToggle kTfm110;
const TfAppFlagsLogging kTfm111;
const V1Summary kTfm112;
const V1Metrics kTfm113;
const NameBasedCheckpoint kTfm114;
const SessionRun kTfm201;
const PlaceholderFeed kTfm202;
const PartialSessionRun kTfm203;
const ControlDependencies kTfm204;
const VariableInitializer kTfm205;
const DefaultGraph kTfm206;
const QueueInputPipeline kTfm207;
const V1DatasetIterator kTfm208;
const GlobalCollection kTfm301;
const VariableScopeSharing kTfm302;
const GlobalStep kTfm303;
const RefVariable kTfm304;
const ImplicitVarList kTfm305;
const VariableInFunction kTfm401;
const ResourceInRetracedFunction kTfm402;
const PythonStateInFunction kTfm403;
const AccumulatingPythonList kTfm404;
const PrintInFunction kTfm405;
const TensorCachedAtInit kTfm406;
const RetracingArguments kTfm407;
const TensorNameLookup kTfm501;
const TensorEquality kTfm502;
const TensorHash kTfm503;
const DimensionValue kTfm504;
const BranchTensorEscape kTfm601;
const ControlFlowNameReliance kTfm602;
const TensorAsPythonBool kTfm603;
const GraphV1ControlFlow kTfm701;
const GraphRefVariables kTfm702;
const GraphCollections kTfm703;
const GraphQueuePipeline kTfm704;
const GraphNameInterface kTfm705;
const GraphRemovedOp kTfm706;
const GraphGrowth kTfm707;
const CppSessionTensorNames kTfm801;
const CppFrozenGraphLoad kTfm802;
const CppPartialRun kTfm803;
const CppRefVariableOps kTfm804;
// END RULE INSTANCES

const Rule* const kRules[] = {
    // BEGIN RULE TABLE (sorted by ID)
    &kTfm101,
    &kTfm102,
    &kTfm103,
    &kTfm104,
    &kTfm105,
    &kTfm106,
    &kTfm107,
    &kTfm108,
    &kTfm109,
    &kTfm110,
    &kTfm111,
    &kTfm112,
    &kTfm113,
    &kTfm114,
    &kTfm201,
    &kTfm202,
    &kTfm203,
    &kTfm204,
    &kTfm205,
    &kTfm206,
    &kTfm207,
    &kTfm208,
    &kTfm301,
    &kTfm302,
    &kTfm303,
    &kTfm304,
    &kTfm305,
    &kTfm401,
    &kTfm402,
    &kTfm403,
    &kTfm404,
    &kTfm405,
    &kTfm406,
    &kTfm407,
    &kTfm501,
    &kTfm502,
    &kTfm503,
    &kTfm504,
    &kTfm601,
    &kTfm602,
    &kTfm603,
    &kTfm701,
    &kTfm702,
    &kTfm703,
    &kTfm704,
    &kTfm705,
    &kTfm706,
    &kTfm707,
    &kTfm801,
    &kTfm802,
    &kTfm803,
    &kTfm804,
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
