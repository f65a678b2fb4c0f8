// The rule registry: every rule is one line of the sorted list registry.inc (the
// function its .cc defines); tools/add_rule.py inserts a new rule's line.
//
//   for (const Rule* r : AllRules()) r->CheckPython(ctx);
//   if (const RuleInfo* i = FindRuleInfo(d.rule_id)) ... i->blocks_tf2_conversion ...
#pragma once

#include <span>
#include <string_view>

#include "analyzer/checks/rule.h"

namespace tfm {

// The rules `check` runs (static analysis), sorted by ID. Pointers are to static
// instances (never null, never freed).
std::span<const Rule* const> AllRules();
// The dynamic rules of `tfmigrate diff` (TFM9xx): a page and a RuleInfo, no check.
std::span<const Rule* const> DynamicRules();
// Both, sorted by ID: the catalogue.
std::span<const Rule* const> CatalogueRules();
// A rule of the catalogue by ID or name, or null.
const Rule* FindRule(std::string_view id);
// The RuleInfo of a catalogue ID (binary search), or null for other codes ("syntax-error").
const RuleInfo* FindRuleInfo(std::string_view id);
// The rule whose enablement decides whether the compat rewrite adds the TF1 behavior toggle
// (RuleInfo::owns_behavior_toggle), or null when no rule claims it.
const RuleInfo* BehaviorToggleRule();

}  // namespace tfm
