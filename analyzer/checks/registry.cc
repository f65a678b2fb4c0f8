#include "analyzer/checks/registry.h"

#include <algorithm>

// BEGIN RULE INCLUDES (sorted; tools/add_rule.py edits this block)
#include "analyzer/checks/tfm201_session_run.h"
#include "analyzer/checks/tfm203_partial_session_run.h"
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
// END RULE INCLUDES

namespace tfm {
namespace {

// BEGIN RULE INSTANCES (sorted by ID)
const SessionRun kTfm201;
const PartialSessionRun kTfm203;
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
// END RULE INSTANCES

const Rule* const kRules[] = {
    // BEGIN RULE TABLE (sorted by ID)
    &kTfm201,
    &kTfm203,
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
