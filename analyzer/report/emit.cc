#include "analyzer/report/emit.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <iterator>
#include <map>
#include <thread>
#include <nlohmann/json.hpp>

namespace tfm {
namespace {

using nlohmann::json;

const char* kRed = "\x1b[1;31m";
const char* kYellow = "\x1b[1;33m";
const char* kBlue = "\x1b[1;34m";
const char* kBold = "\x1b[1m";
const char* kReset = "\x1b[0m";

std::string Paint(bool on, const char* code, std::string_view s) {
  return on ? fmt::format("{}{}{}", code, s, kReset) : std::string(s);
}

std::string FixMarker(const Diagnostic& d) {
  return d.fix && d.fix->safety == FixSafety::kSafe ? " [*]" : "";
}

std::string ExpandTabs(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\t') out += "    ";
    else out += c;
  }
  return out;
}

// Display width of a UTF-8 prefix, tabs as four columns.
size_t Width(std::string_view s) {
  size_t w = 0;
  for (unsigned char c : s) {
    if (c == '\t') w += 4;
    else if ((c & 0xC0) != 0x80) ++w;
  }
  return w;
}

const char* SarifLevel(Severity s) {
  switch (s) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kInfo: return "note";
  }
  return "warning";
}

json Loc(const Position& p) {
  json j = {{"row", p.line}, {"column", p.column}};
  if (p.cell) j["cell"] = p.cell;
  return j;
}

std::string XmlEscape(std::string_view s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

std::string GithubEscape(std::string_view s, bool property) {
  std::string o;
  for (char c : s) {
    if (c == '%') o += "%25";
    else if (c == '\r') o += "%0D";
    else if (c == '\n') o += "%0A";
    else if (property && c == ':') o += "%3A";
    else if (property && c == ',') o += "%2C";
    else o += c;
  }
  return o;
}

bool IsRuleFinding(const Diagnostic& d) { return d.rule_id.rfind("TFM", 0) == 0; }

// TFM1xx: how an API is spelled (its behavior rules are TFM2xx and up).
bool SpellingRule(const Diagnostic& d) { return d.rule_id.size() > 3 && d.rule_id[3] == '1'; }

// Is `a` a better primary than `b` (FoldByToken)? Report order breaks ties (the lower id).
bool PrimaryBefore(const Diagnostic& a, const Diagnostic& b) {
  if (a.severity != b.severity) return a.severity > b.severity;
  return SpellingRule(a) != SpellingRule(b) && !SpellingRule(a);
}

bool SameStart(const Diagnostic& a, const Diagnostic& b) {
  return a.path == b.path && a.start.cell == b.start.cell && a.start.line == b.start.line &&
         a.start.column == b.start.column;
}

// The same token: the same non-empty range of the analysed text (and, in a graph file, the
// same node). A binary graph file's findings have no range (all sit at 1:1): never folded.
bool SameToken(const Diagnostic& a, const Diagnostic& b) {
  return a.end_byte > a.begin_byte && a.begin_byte == b.begin_byte && a.end_byte == b.end_byte &&
         a.node_name == b.node_name && SameStart(a, b);
}

// " (also TFM102 [*], TFM202)" for the one-line formats; empty without related findings.
std::string AlsoIds(std::span<const Diagnostic* const> related) {
  if (related.empty()) return "";
  std::string out = " (also ";
  for (size_t i = 0; i < related.size(); ++i)
    out += fmt::format("{}{}{}", i ? ", " : "", related[i]->rule_id, FixMarker(*related[i]));
  return out + ")";
}

// "cell 7:3:8" / "12:5": where a finding starts, as every report writes it.
std::string PositionText(const Position& p) {
  return p.cell ? fmt::format("cell {}:{}:{}", p.cell, p.line, p.column) : fmt::format("{}:{}", p.line, p.column);
}

}  // namespace

bool FoldedFinding::HasSafeFix() const {
  if (primary->fix && primary->fix->safety == FixSafety::kSafe) return true;
  for (const Diagnostic* r : related)
    if (r->fix && r->fix->safety == FixSafety::kSafe) return true;
  return false;
}

std::vector<FoldedFinding> FoldByToken(const std::vector<Diagnostic>& ds) {
  std::vector<FoldedFinding> out;
  out.reserve(ds.size());
  std::vector<size_t> group;
  std::vector<bool> taken;
  for (size_t i = 0; i < ds.size();) {
    // Findings that start at one place are adjacent in report order; among them, those on
    // the same token fold (a finding on a call and one on its callee start together but
    // are about different tokens).
    size_t j = i + 1;
    while (j < ds.size() && SameStart(ds[i], ds[j])) ++j;
    taken.assign(j - i, false);
    for (size_t a = i; a < j; ++a) {
      if (taken[a - i]) continue;
      group.assign(1, a);
      if (IsRuleFinding(ds[a]))
        for (size_t b = a + 1; b < j; ++b)
          if (!taken[b - i] && IsRuleFinding(ds[b]) && SameToken(ds[a], ds[b])) {
            taken[b - i] = true;
            group.push_back(b);
          }
      size_t p = group.front();
      for (size_t k : group)
        if (PrimaryBefore(ds[k], ds[p])) p = k;
      FoldedFinding f;
      f.primary = &ds[p];
      for (size_t k : group)
        if (k != p) f.related.push_back(&ds[k]);
      out.push_back(std::move(f));
    }
    i = j;
  }
  return out;
}

std::string FormatDiagnostic(const Diagnostic& d, const SourceFile* src, bool color,
                             std::span<const Diagnostic* const> related) {
  std::string out;
  std::string pos = src ? src->FormatPosition(d.start)
                        : (d.start.cell ? fmt::format("cell {}:{}:{}", d.start.cell, d.start.line, d.start.column)
                                        : fmt::format("{}:{}", d.start.line, d.start.column));
  const char* sev_color = d.severity == Severity::kError ? kRed : d.severity == Severity::kWarning ? kYellow : kBlue;
  const bool frame = src && src->LineCount() > 0 && !src->text.empty();
  out += fmt::format("{}:{}: {}{} {}{}\n", Paint(color, kBold, d.path), pos, Paint(color, sev_color, d.rule_id),
                     FixMarker(d), d.message, frame ? "" : AlsoIds(related));
  if (frame) {
    uint32_t l0 = src->LineOf(d.begin_byte);
    uint32_t l1 = src->LineOf(d.end_byte > d.begin_byte ? d.end_byte - 1 : d.begin_byte);
    if (l1 > l0 + 4) l1 = l0 + 4;  // long ranges: show the first lines
    uint32_t shown_first = d.start.line;
    size_t gutter = fmt::format("{}", shown_first + (l1 - l0)).size();
    std::string pad(gutter, ' ');
    out += fmt::format("{} {}\n", pad, Paint(color, kBlue, "|"));
    for (uint32_t l = l0; l <= l1; ++l) {
      std::string_view line = src->LineText(l);
      out += fmt::format("{:>{}} {} {}\n", shown_first + (l - l0), gutter, Paint(color, kBlue, "|"), ExpandTabs(line));
      uint32_t ls = src->LineStart(l);
      uint32_t b = std::max(d.begin_byte, ls) - ls;
      uint32_t e = std::min<uint32_t>(d.end_byte, ls + static_cast<uint32_t>(line.size())) - ls;
      if (l != l0) b = static_cast<uint32_t>(line.find_first_not_of(" \t") == std::string_view::npos ? 0 : line.find_first_not_of(" \t"));
      size_t col = Width(line.substr(0, b));
      size_t len = e > b ? Width(line.substr(b, e - b)) : 1;
      std::string carets(len, '^');
      std::string label = d.rule_id;
      for (const Diagnostic* r : related) label += " +" + r->rule_id;
      out += fmt::format("{} {} {}{}{}\n", pad, Paint(color, kBlue, "|"), std::string(col, ' '),
                         Paint(color, sev_color, carets), l == l1 ? " " + label : "");
    }
    out += fmt::format("{} {}\n", pad, Paint(color, kBlue, "|"));
    if (d.fix) {
      std::string safety = d.fix->safety == FixSafety::kSafe     ? ""
                           : d.fix->safety == FixSafety::kUnsafe ? " (unsafe fix)"
                                                                 : " (suggestion)";
      out += fmt::format("{} = {}: {}{}\n", pad, Paint(color, kBold, "help"), d.fix->title, safety);
    }
    for (const auto& n : d.notes) out += fmt::format("{} = {}: {}\n", pad, Paint(color, kBold, "note"), n);
    for (const Diagnostic* r : related) {
      out += fmt::format("{} = {}: {}{} ({}) {}\n", pad, Paint(color, kBold, "related"), r->rule_id, FixMarker(*r),
                         r->rule_name, r->message);
      if (r->fix) {
        std::string safety = r->fix->safety == FixSafety::kSafe     ? ""
                             : r->fix->safety == FixSafety::kUnsafe ? " (unsafe fix)"
                                                                    : " (suggestion)";
        out += fmt::format("{} = {} ({}): {}{}\n", pad, Paint(color, kBold, "help"), r->rule_id, r->fix->title, safety);
      }
    }
    if (d.rule_id.rfind("TFM", 0) == 0)
      out += fmt::format("{} = {}: rule {} ({}): `tfmigrate rule {}`, docs/rules/{}.md\n", pad,
                         Paint(color, kBold, "note"), d.rule_id, d.rule_name, d.rule_id, d.rule_id);
  }
  return out;
}

void AppendFileText(const FileResult& f, const TextOptions& opts, std::string& out) {
  // Appended to `out` directly (std::string's append is a memcpy; fmt's buffer
  // copies character by character).
  for (const FoldedFinding& g : FoldByToken(f.diagnostics)) {
    const Diagnostic& d = *g.primary;
    if (opts.show_source) {
      out.append(FormatDiagnostic(d, f.source.get(), opts.color, g.related));
      out.push_back('\n');
    } else if (d.start.cell) {  // notebook: "cell N:L:C"
      fmt::format_to(std::back_inserter(out), "{}:{}: {}{} {}{}\n", d.path, PositionText(d.start), d.rule_id,
                     FixMarker(d), d.message, AlsoIds(g.related));
    } else {  // "{path}:{line}:{column}: {id}{marker} {message}", appended piece by piece
      // (a format string costs more than all the copying on a report of many findings)
      std::string_view marker = d.fix && d.fix->safety == FixSafety::kSafe ? " [*]" : "";
      fmt::format_int line(d.start.line), column(d.start.column);
      out.append(d.path).append(1, ':').append(line.data(), line.size()).append(1, ':');
      out.append(column.data(), column.size()).append(": ").append(d.rule_id).append(marker).append(1, ' ');
      out.append(d.message);
      if (!g.related.empty()) out.append(AlsoIds(g.related));
      out.append(1, '\n');
    }
  }
}

void EmitTextSummary(size_t total, size_t fixable, size_t failed, std::ostream& out) {
  if (failed) {
    out << fmt::format("Found {} finding{}; {} input{} could not be analysed (listed on stderr).\n", total,
                       total == 1 ? "" : "s", failed, failed == 1 ? "" : "s");
  } else if (total == 0) {
    out << "All checks passed!\n";
  } else {
    out << fmt::format("Found {} finding{}", total, total == 1 ? "" : "s");
    if (fixable) out << fmt::format(" ({} fixable with `tfmigrate rewrite`)", fixable);
    out << ".\n";
  }
}

void EmitText(const Analysis& a, std::ostream& out, const TextOptions& opts) {
  size_t total = 0, fixable = 0;
  for (const auto& f : a.files) {
    for (const FoldedFinding& g : FoldByToken(f.diagnostics)) {
      ++total;
      if (g.HasSafeFix()) ++fixable;
    }
  }
  // Files are formatted in parallel (a large tree has hundreds of thousands of
  // findings, and this runs after the analysis threads have finished), then
  // written in order, so the output is the same as a serial loop's.
  std::vector<std::string> texts(a.files.size());
  unsigned threads = total < 4096 ? 1u : std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < a.files.size(); i = next++) AppendFileText(a.files[i], opts, texts[i]);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  for (auto& t : texts) {
    out.write(t.data(), static_cast<std::streamsize>(t.size()));
    std::string().swap(t);
  }
  if (!opts.summary) return;
  size_t failed = a.input_errors.size();
  for (const auto& f : a.files) failed += f.error ? 1 : 0;
  EmitTextSummary(total, fixable, failed, out);
}

void RuleStatistics::Add(const FileResult& f) {
  for (const auto& d : f.diagnostics) {
    auto it = rows_.find(d.rule_id);
    if (it == rows_.end()) it = rows_.emplace(d.rule_id, Row{0, 0, d.rule_name}).first;
    ++it->second.count;
    if (d.fix && d.fix->safety == FixSafety::kSafe) ++it->second.fixable;
  }
}

void RuleStatistics::Merge(const RuleStatistics& other) {
  for (const auto& [id, r] : other.rows_) {
    auto it = rows_.find(id);
    if (it == rows_.end()) it = rows_.emplace(id, Row{0, 0, r.name}).first;
    it->second.count += r.count;
    it->second.fixable += r.fixable;
  }
}

void RuleStatistics::Emit(std::ostream& out) const {
  std::vector<std::pair<std::string, Row>> rows(rows_.begin(), rows_.end());
  std::stable_sort(rows.begin(), rows.end(), [](auto& x, auto& y) { return x.second.count > y.second.count; });
  for (auto& [id, r] : rows)
    out << fmt::format("{:>6}\t{:<14}\t{}{}\n", r.count, id, r.name, r.fixable ? " [*]" : "");
}

void EmitStatistics(const Analysis& a, std::ostream& out) {
  RuleStatistics stats;
  for (const auto& f : a.files) stats.Add(f);
  stats.Emit(out);
}

namespace {

json DiagnosticJson(const Diagnostic& d, const FileResult& f) {
  json j;
  j["code"] = d.rule_id;
  j["name"] = d.rule_name;
  j["severity"] = SeverityName(d.severity);
  j["message"] = d.message;
  j["filename"] = d.path;
  j["location"] = Loc(d.start);
  j["end_location"] = Loc(d.end);
  if (!d.node_name.empty()) j["node"] = {{"name", d.node_name}, {"op", d.node_op}};
  if (d.fix) {
    json edits = json::array();
    for (const auto& e : d.fix->edits) {
      json je = {{"content", e.replacement}, {"begin_byte", e.begin}, {"end_byte", e.end}};
      if (f.source) {
        je["location"] = Loc(f.source->PositionOf(e.begin));
        je["end_location"] = Loc(f.source->PositionOf(e.end));
      }
      edits.push_back(je);
    }
    j["fix"] = {{"applicability", FixSafetyName(d.fix->safety)}, {"message", d.fix->title}, {"edits", edits}};
  } else {
    j["fix"] = nullptr;
  }
  if (d.rule_id.rfind("TFM", 0) == 0) j["url"] = fmt::format("docs/rules/{}.md", d.rule_id);
  return j;
}

}  // namespace

void EmitJson(const Analysis& a, std::ostream& out) {
  json arr = json::array();
  for (const auto& f : a.files)
    for (const FoldedFinding& g : FoldByToken(f.diagnostics)) {
      json j = DiagnosticJson(*g.primary, f);
      if (!g.related.empty()) {
        json rel = json::array();
        for (const Diagnostic* r : g.related) rel.push_back(DiagnosticJson(*r, f));
        j["related"] = std::move(rel);
      }
      arr.push_back(std::move(j));
    }
  out << arr.dump(2) << "\n";
}

void EmitSarif(const Analysis& a, std::span<const ReportedRule> catalogue, std::ostream& out) {
  json rules = json::array();
  std::map<std::string, size_t> index;
  for (const ReportedRule& i : catalogue) {
    index[std::string(i.id)] = rules.size();
    json rule = {{"id", i.id},
                 {"name", i.name},
                 {"shortDescription", {{"text", i.summary}}},
                 {"fullDescription", {{"text", i.summary}}},
                 {"helpUri", fmt::format("docs/rules/{}.md", i.id)},
                 {"defaultConfiguration", {{"level", SarifLevel(i.severity)}}}};
    std::string_view doc = RuleDoc(i.id);
    rule["help"] = {{"text", doc.empty() ? std::string(i.summary) : std::string(doc)},
                    {"markdown", doc.empty() ? std::string(i.summary) : std::string(doc)}};
    rules.push_back(std::move(rule));
  }
  json results = json::array();
  for (const auto& f : a.files)
    for (const FoldedFinding& g : FoldByToken(f.diagnostics)) {
      const Diagnostic& d = *g.primary;
      // Notebooks: the rows of a code cell are no lines of the .ipynb file, so the location
      // names the file and carries the cell position as properties (and the message starts
      // with it, as the GitHub annotation's does); no region, no fixes.
      auto location = [&](const Diagnostic& x) {
        json loc = {{"physicalLocation", {{"artifactLocation", {{"uri", x.path}}}}}};
        if (x.start.cell) {
          loc["properties"] = {{"cell", x.start.cell},       {"row", x.start.line},   {"column", x.start.column},
                               {"endCell", x.end.cell},      {"endRow", x.end.line}, {"endColumn", x.end.column}};
        } else {
          loc["physicalLocation"]["region"] = {{"startLine", x.start.line}, {"startColumn", x.start.column},
                                               {"endLine", x.end.line},     {"endColumn", x.end.column}};
        }
        if (!x.node_name.empty())  // graph files: the node the finding is about
          loc["logicalLocations"] = json::array(
              {{{"name", x.node_name}, {"fullyQualifiedName", x.node_name}, {"kind", "object"},
                {"properties", {{"op", x.node_op}}}}});
        return loc;
      };
      auto text = [&](const Diagnostic& x) {
        return x.start.cell ? fmt::format("{}: {}", PositionText(x.start), x.message) : x.message;
      };
      json res = {{"ruleId", d.rule_id},
                  {"level", SarifLevel(d.severity)},
                  {"message", {{"text", text(d)}}},
                  {"locations", json::array({location(d)})}};
      if (index.count(d.rule_id)) res["ruleIndex"] = index[d.rule_id];
      json fixes = json::array();
      auto add_fix = [&](const Diagnostic& x, bool tag) {
        if (!x.fix || !f.source || x.start.cell) return;
        json reps = json::array();
        for (const auto& e : x.fix->edits) {
          Position s = f.source->PositionOf(e.begin), t = f.source->PositionOf(e.end);
          reps.push_back({{"deletedRegion",
                           {{"startLine", s.line}, {"startColumn", s.column}, {"endLine", t.line}, {"endColumn", t.column}}},
                          {"insertedContent", {{"text", e.replacement}}}});
        }
        fixes.push_back({{"description", {{"text", tag ? fmt::format("{}: {}", x.rule_id, x.fix->title) : x.fix->title}}},
                         {"artifactChanges",
                          json::array({{{"artifactLocation", {{"uri", x.path}}}, {"replacements", reps}}})}});
      };
      add_fix(d, false);
      if (!g.related.empty()) {
        // The folded findings: each a related location with its rule and message, and the
        // same under properties.related for tools that read rule ids.
        json rel_locs = json::array(), rel = json::array();
        for (size_t k = 0; k < g.related.size(); ++k) {
          const Diagnostic& r = *g.related[k];
          json loc = location(r);
          loc["id"] = k + 1;
          loc["message"] = {{"text", fmt::format("{} ({}): {}", r.rule_id, r.rule_name, text(r))}};
          rel_locs.push_back(std::move(loc));
          json one = {{"ruleId", r.rule_id}, {"level", SarifLevel(r.severity)}, {"message", {{"text", text(r)}}}};
          if (index.count(r.rule_id)) one["ruleIndex"] = index[r.rule_id];
          rel.push_back(std::move(one));
          add_fix(r, true);
        }
        res["relatedLocations"] = std::move(rel_locs);
        res["properties"] = {{"related", std::move(rel)}};
      }
      if (!fixes.empty()) res["fixes"] = std::move(fixes);
      results.push_back(std::move(res));
    }
  json notifications = json::array();
  for (const auto& e : a.input_errors)
    notifications.push_back({{"level", "error"}, {"message", {{"text", e.message}}}});
  for (const auto& f : a.files)
    if (f.error) notifications.push_back({{"level", "error"}, {"message", {{"text", f.error->message}}}});
  json run = {{"tool",
               {{"driver",
                 {{"name", "tfmigrate"},
                  {"version", TFMIGRATE_VERSION},
                  {"informationUri", "https://github.com/tfmigrate/tfmigrate"},
                  {"rules", rules}}}}},
              {"results", results},
              {"invocations", json::array({{{"executionSuccessful", !a.HasInputErrors()},
                                            {"toolExecutionNotifications", notifications}}})}};
  json sarif = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                {"version", "2.1.0"},
                {"runs", json::array({run})}};
  out << sarif.dump(2) << "\n";
}

void AppendFileGithub(const FileResult& f, std::string& out) {
  fmt::memory_buffer buf;
  auto it = std::back_inserter(buf);
  for (const FoldedFinding& g : FoldByToken(f.diagnostics)) {
    const Diagnostic& d = *g.primary;
    const char* kind = d.severity == Severity::kError ? "error" : d.severity == Severity::kWarning ? "warning" : "notice";
    std::string title = d.rule_id + " " + d.rule_name;
    std::string message = d.start.cell ? fmt::format("{}: {}", PositionText(d.start), d.message) : d.message;
    for (const Diagnostic* r : g.related) {
      title += " +" + r->rule_id;
      message += fmt::format("\nrelated {}{} ({}): {}", r->rule_id, FixMarker(*r), r->rule_name, r->message);
    }
    // Notebook positions have no file line to point at: annotate the file.
    if (d.start.cell)
      fmt::format_to(it, "::{} file={},title={}::{}\n", kind, GithubEscape(d.path, true), GithubEscape(title, true),
                     GithubEscape(message, false));
    else
      fmt::format_to(it, "::{} file={},line={},col={},endLine={},endColumn={},title={}::{}\n", kind,
                     GithubEscape(d.path, true), d.start.line, d.start.column, d.end.line, d.end.column,
                     GithubEscape(title, true), GithubEscape(message, false));
  }
  out.append(buf.data(), buf.size());
}

void EmitGithub(const Analysis& a, std::ostream& out) {
  std::string text;
  for (const auto& f : a.files) {
    text.clear();
    AppendFileGithub(f, text);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
}

void EmitJunit(const Analysis& a, std::ostream& out) {
  size_t failures = 0, tests = 0;
  std::string body;
  for (const auto& f : a.files) {
    ++tests;
    std::string name = XmlEscape(f.path);
    if (f.error) {
      ++failures;
      body += fmt::format("    <testcase classname=\"tfmigrate.check\" name=\"{}\"><error message=\"{}\"/></testcase>\n",
                          name, XmlEscape(f.error->message));
    } else if (f.diagnostics.empty()) {
      body += fmt::format("    <testcase classname=\"tfmigrate.check\" name=\"{}\"/>\n", name);
    } else {
      ++failures;
      std::string text;
      const auto groups = FoldByToken(f.diagnostics);
      for (const FoldedFinding& g : groups) {
        const Diagnostic& d = *g.primary;
        text += fmt::format("{}:{}: {} {}{}\n", d.path, PositionText(d.start), d.rule_id, d.message, AlsoIds(g.related));
      }
      body += fmt::format(
          "    <testcase classname=\"tfmigrate.check\" name=\"{}\"><failure message=\"{} finding(s)\">{}</failure></testcase>\n",
          name, groups.size(), XmlEscape(text));
    }
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << fmt::format("<testsuites><testsuite name=\"tfmigrate check\" tests=\"{}\" failures=\"{}\">\n", tests, failures);
  out << body << "  </testsuite>\n</testsuites>\n";
}

}  // namespace tfm
