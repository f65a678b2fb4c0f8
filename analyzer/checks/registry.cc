#include "analyzer/checks/registry.h"

#include <algorithm>

// BEGIN RULE INCLUDES (sorted; tools/add_rule.py edits this block)
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
// END RULE INCLUDES

namespace tfm {
namespace {

// BEGIN RULE INSTANCES (sorted by ID)
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
// END RULE INSTANCES

const Rule* const kRules[] = {
    // BEGIN RULE TABLE (sorted by ID)
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
