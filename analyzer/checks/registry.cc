#include "analyzer/checks/registry.h"

#include <algorithm>

// BEGIN RULE INCLUDES (sorted; tools/add_rule.py edits this block)
#include "analyzer/checks/tfm101_removed_api.h"
#include "analyzer/checks/tfm102_v1_only_api.h"
#include "analyzer/checks/tfm103_renamed_api.h"
#include "analyzer/checks/tfm104_changed_arguments.h"
#include "analyzer/checks/tfm201_session_run.h"
// END RULE INCLUDES

namespace tfm {
namespace {

// BEGIN RULE INSTANCES (sorted by ID)
const RemovedApi kTfm101;
const V1OnlyApi kTfm102;
const RenamedApi kTfm103;
const ChangedArguments kTfm104;
const SessionRun kTfm201;
// END RULE INSTANCES

const Rule* const kRules[] = {
    // BEGIN RULE TABLE (sorted by ID)
    &kTfm101,
    &kTfm102,
    &kTfm103,
    &kTfm104,
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
