#include "analyzer/checks/registry.h"

#include <algorithm>
#include <array>

namespace tfm {

namespace rules {
#define RULE(fn) const Rule& fn();
#define DYNAMIC_RULE(fn) const Rule& fn();
#include "analyzer/checks/registry.inc"
#undef RULE
#undef DYNAMIC_RULE
}  // namespace rules

namespace {

struct Tables {
  std::vector<const Rule*> checks, dynamic, all;
};

const Tables& TheTables() {
  static const Tables t = [] {
    Tables t;
#define RULE(fn) t.checks.push_back(&rules::fn());
#define DYNAMIC_RULE(fn) t.dynamic.push_back(&rules::fn());
#include "analyzer/checks/registry.inc"
#undef RULE
#undef DYNAMIC_RULE
    t.all = t.checks;
    t.all.insert(t.all.end(), t.dynamic.begin(), t.dynamic.end());
    return t;
  }();
  return t;
}

}  // namespace

std::span<const Rule* const> AllRules() { return TheTables().checks; }
std::span<const Rule* const> DynamicRules() { return TheTables().dynamic; }
std::span<const Rule* const> CatalogueRules() { return TheTables().all; }

const Rule* FindRule(std::string_view id) {
  for (const Rule* r : CatalogueRules())
    if (r->info().id == id || r->info().name == id) return r;
  return nullptr;
}

const RuleInfo* BehaviorToggleRule() {
  static const RuleInfo* rule = [] {
    for (const Rule* r : AllRules())
      if (r->info().owns_behavior_toggle) return &r->info();
    return static_cast<const RuleInfo*>(nullptr);
  }();
  return rule;
}

const RuleInfo* FindRuleInfo(std::string_view id) {
  // the registry is sorted by ID (the consistency test checks it)
  std::span<const Rule* const> all = CatalogueRules();
  auto it = std::lower_bound(all.begin(), all.end(), id, [](const Rule* r, std::string_view k) { return r->info().id < k; });
  return it != all.end() && (*it)->info().id == id ? &(*it)->info() : nullptr;
}

}  // namespace tfm
