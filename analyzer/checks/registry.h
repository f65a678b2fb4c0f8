// The rule registry: one sorted table of every rule (registry.cc). Adding a rule
// means adding its line there (tools/add_rule.py does it in sorted order).
#pragma once

#include <span>
#include <string_view>

#include "analyzer/checks/rule.h"

namespace tfm {

// Every rule, sorted by ID. Pointers are to static instances (never null, never freed).
std::span<const Rule* const> AllRules();
const Rule* FindRule(std::string_view id);

}  // namespace tfm
