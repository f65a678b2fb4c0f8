// `tfmigrate rules` (the catalogue) and `tfmigrate rule ID` (one rule's page).
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "analyzer/checks/catalogue.h"
#include "analyzer/checks/registry.h"
#include "analyzer/report/emit.h"
#include "cli/commands.h"

namespace tfm::cli {
namespace {

std::string_view FixLabel(FixKind k) { return k == FixKind::kNone ? "-" : FixKindName(k); }

}  // namespace

Command AddRulesCommand(CLI::App& app) {
  auto format = std::make_shared<std::string>("text");
  CLI::App* c = app.add_subcommand("rules", "List the rule catalogue");
  c->add_option("--format", *format, "text, json, or markdown (rules/RULES.md's generated tables)")
      ->check(CLI::IsMember({"text", "json", "markdown"}));
  return [format] {
    if (*format == "markdown") {
      std::cout << CatalogueMarkdown();
      return 0;
    }
    if (*format == "json") {
      std::cout << "[\n";
      bool first = true;
      for (const Rule* r : AllRules()) {
        const RuleInfo& i = r->info();
        std::cout << fmt::format("{}  {{\"id\": \"{}\", \"name\": \"{}\", \"severity\": \"{}\", \"fix\": \"{}\"}}",
                                 first ? "" : ",\n", i.id, i.name, SeverityName(i.severity), FixLabel(i.fix));
        first = false;
      }
      std::cout << "\n]\n";
      return 0;
    }
    for (const Rule* r : AllRules()) {
      const RuleInfo& i = r->info();
      std::cout << fmt::format("{}  {:<30} {:<8} {:<12} {}\n", i.id, i.name, SeverityName(i.severity), FixLabel(i.fix),
                               i.summary);
    }
    return 0;
  };
}

Command AddRuleCommand(CLI::App& app) {
  auto id = std::make_shared<std::string>();
  CLI::App* c = app.add_subcommand("rule", "Print the page of one rule (by ID or name)");
  c->add_option("id", *id, "Rule ID (TFM201) or name (session-run)")->required();
  return [id] {
    const Rule* r = FindRule(*id);
    if (!r) {
      std::cerr << fmt::format("error: unknown rule `{}` (see `tfmigrate rules`)\n", *id);
      return 2;
    }
    std::string_view doc = RuleDoc(r->info().id);
    if (doc.empty()) std::cout << fmt::format("{} {}\n\n{}\n", r->info().id, r->info().name, r->info().summary);
    else std::cout << PageWithoutHeaderMarker(doc);
    return 0;
  };
}

}  // namespace tfm::cli
