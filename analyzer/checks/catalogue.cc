#include "analyzer/checks/catalogue.h"

#include <fmt/format.h>

#include "analyzer/checks/registry.h"

namespace tfm {
namespace {

struct Family {
  std::string_view title;   // as the page header names it
  std::string_view detail;  // added to the catalogue's heading, or ""
};

// Indexed by the hundreds digit of the ID.
constexpr Family kFamilies[10] = {
    {"", ""},
    {"API surface", ""},
    {"graphs and sessions", ""},
    {"global state, collections, variables", ""},
    {"eager and `tf.function` hazards", ""},
    {"names, equality, shapes", ""},
    {"control flow", ""},
    {"graph files", "`.pb`, `.pbtxt`, `.meta`, `saved_model.pb[txt]`"},
    {"C++ client code", "Clang LibTooling"},
    {"dynamic", "reported by `tfmigrate diff`"},
};

std::string_view LifecycleName(Lifecycle l) { return l == Lifecycle::kPreview ? "preview" : "stable"; }

}  // namespace

int FamilyOf(const RuleInfo& info) {
  return info.id.size() >= 4 && info.id[3] >= '1' && info.id[3] <= '9' ? info.id[3] - '0' : 0;
}

std::string_view FamilyTitle(int family) { return family >= 0 && family < 10 ? kFamilies[family].title : ""; }

std::string_view FixKindName(FixKind k) {
  switch (k) {
    case FixKind::kNone: return "none";
    case FixKind::kSafe: return "safe";
    case FixKind::kUnsafe: return "unsafe";
    case FixKind::kSafeOrUnsafe: return "safe/unsafe";
  }
  return "none";
}

std::string SeverityText(const RuleInfo& info) {
  std::string s(SeverityName(info.severity));
  if (!info.severity_note.empty()) s += fmt::format("; {}", info.severity_note);
  return s;
}

std::string_view FixText(const RuleInfo& info) { return info.fix_note.empty() ? FixKindName(info.fix) : info.fix_note; }

std::string RuleFileStem(const RuleInfo& info) {
  std::string s = fmt::format("{}_{}", info.id, info.name);
  for (char& c : s) c = c == '-' ? '_' : static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

std::string CatalogueMarkdown() {
  std::string out = fmt::format(
      "{} by `tfmigrate rules --format markdown`; do not edit (the consistency test checks it) -->\n", kCatalogueBegin);
  int family = -1;
  for (const Rule* r : CatalogueRules()) {
    const RuleInfo& i = r->info();
    bool dynamic = i.input == RuleInput::kDynamic;
    if (FamilyOf(i) != family) {
      family = FamilyOf(i);
      const Family& f = kFamilies[family];
      out += fmt::format("\n## {}xx — {}{}\n\n", family, f.title, f.detail.empty() ? "" : fmt::format(" ({})", f.detail));
      out += dynamic ? "| ID | name | trigger |\n|---|---|---|\n" : "| ID | name | trigger | sev | fix |\n|---|---|---|---|---|\n";
    }
    if (dynamic) {
      out += fmt::format("| {} | {} | {} |\n", i.id, i.name, i.trigger);
    } else {
      std::string sev = SeverityText(i);
      if (i.lifecycle == Lifecycle::kPreview) sev += " (preview)";
      out += fmt::format("| {} | {} | {} | {} | {} |\n", i.id, i.name, i.trigger, sev, FixText(i));
    }
  }
  out += fmt::format("\n{}\n", kCatalogueEnd);
  return out;
}

std::string PageWithoutHeaderMarker(std::string_view page) {
  size_t m = page.find(kPageHeaderEnd);
  if (m == std::string_view::npos || (m > 0 && page[m - 1] != '\n')) return std::string(page);
  size_t e = page.find('\n', m);
  e = e == std::string_view::npos ? page.size() : e + 1;
  return std::string(page.substr(0, m)) + std::string(page.substr(e));
}

std::string RulePageHeader(const RuleInfo& info) {
  std::string facts;
  if (info.input == RuleInput::kDynamic) {
    facts = "**Kind:** dynamic — reported by `tfmigrate diff` and `rewrite --verify`, not by `check`";
  } else {
    int family = FamilyOf(info);
    facts = fmt::format("**Severity:** {} · **Fix:** {} · **Family:** {}xx {} · **Lifecycle:** {}", SeverityText(info),
                        FixText(info), family, FamilyTitle(family), LifecycleName(info.lifecycle));
  }
  return fmt::format("# {} {}\n\n{}\n\n{} from RuleInfo (analyzer/checks/{}.cc); the rest is hand-written -->\n",
                     info.id, info.name, facts, kPageHeaderEnd, RuleFileStem(info));
}

}  // namespace tfm
