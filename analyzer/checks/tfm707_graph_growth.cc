#include "analyzer/checks/tfm707_graph_growth.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "analyzer/checks/graph_rule_util.h"

namespace tfm {
namespace {

constexpr size_t kMinFamily = 10;     // fewer copies than this are not reported
constexpr size_t kSampleMembers = 8;  // members whose ancestry is searched for other members
constexpr size_t kMaxVisited = 4096;  // nodes visited per ancestry search

// "dense_3/MatMul_12" -> "dense_N/MatMul_N" (every path component's `_<digits>` suffix).
std::string Pattern(std::string_view name) {
  std::string out;
  size_t start = 0;
  while (start <= name.size()) {
    size_t slash = name.find('/', start);
    std::string_view part = name.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    size_t us = part.rfind('_');
    if (us != std::string_view::npos && us + 1 < part.size() &&
        std::all_of(part.begin() + us + 1, part.end(), [](char c) { return c >= '0' && c <= '9'; }))
      part = part.substr(0, us);
    out += part;
    out += "_N";
    if (slash == std::string_view::npos) break;
    out += '/';
    start = slash + 1;
  }
  return out;
}

// The pattern users see: components that differ between the first and the last
// member get `_N` ("Assign_N", "step_N/Assign").
std::string DisplayPattern(std::string_view a, std::string_view b) {
  auto split = [](std::string_view s) {
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (true) {
      size_t slash = s.find('/', start);
      parts.push_back(s.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
      if (slash == std::string_view::npos) break;
      start = slash + 1;
    }
    return parts;
  };
  auto pa = split(a), pb = split(b);
  std::string out;
  for (size_t i = 0; i < pb.size(); ++i) {
    std::string_view part = pb[i];
    if (i >= pa.size() || pa[i] != part) {
      std::string p = Pattern(part);  // "x_N"
      out += p;
    } else {
      out += part;
    }
    if (i + 1 < pb.size()) out += '/';
  }
  return out;
}

// Structure of a node: op, attrs (except internal `_` ones) and inputs with their
// `_N` suffixes normalized.
std::string Signature(const graph::Node& n) {
  std::string s = n.op;
  s += '|';
  for (const auto& in : n.inputs) {
    s += in.control ? "^" : "";
    s += Pattern(in.node);
    s += ':';
    s += in.port;
    s += ',';
  }
  s += '|';
  std::vector<std::string> keys;
  for (const auto& [k, v] : n.def->attr())
    if (!k.empty() && k[0] != '_') keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  for (const auto& k : keys) {
    std::string bytes;
    n.def->attr().at(k).SerializeToString(&bytes);
    s += k;
    s += '=';
    s += bytes;
    s += ';';
  }
  return s;
}

// Does `from` (transitively, within a budget) consume another member of the family?
bool ReachesMember(const graph::Graph& g, int from, const std::unordered_set<int>& members) {
  std::vector<int> stack{from};
  std::unordered_set<int> seen{from};
  while (!stack.empty() && seen.size() < kMaxVisited) {
    int cur = stack.back();
    stack.pop_back();
    for (const auto& in : g.nodes[cur].inputs) {
      if (in.id < 0 || !seen.insert(in.id).second) continue;
      if (members.count(in.id)) return true;
      stack.push_back(in.id);
    }
  }
  return false;
}

}  // namespace

const RuleInfo& GraphGrowth::info() const {
  static const RuleInfo kInfo{
      .id = "TFM707",
      .name = "graph-growth",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kGraph,
      .summary = "many structurally identical nodes with `_N` name suffixes: ops built per training step",
      .trigger = "many structurally identical subgraphs with `_N` name suffixes (ops built inside a training loop — "
                 "e.g. an assign-per-step target-network update that grew a graph to thousands of `Assign_N` nodes)",
  };
  return kInfo;
}

const Rule& rules::Tfm707() {
  static const GraphGrowth kRule;
  return kRule;
}

void GraphGrowth::CheckGraph(GraphContext& ctx) const {
  ForEachGraph(ctx.file(), [&](const graph::MetaGraph&, const graph::Graph& g) {
    std::unordered_map<std::string, std::vector<int>> families;  // pattern + signature -> members
    std::vector<std::string> order;
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      const graph::Node& n = g.nodes[i];
      if (n.inputs.empty()) continue;  // constants, placeholders, variables: many are normal
      std::string key = Pattern(n.name) + '\n' + Signature(n);
      auto [it, fresh] = families.try_emplace(std::move(key));
      if (fresh) order.push_back(it->first);
      it->second.push_back(static_cast<int>(i));
    }
    for (const auto& key : order) {
      const std::vector<int>& members = families[key];
      if (members.size() < kMinFamily) continue;
      // Inputs every member reads: per-step copies hang off the same state.
      std::set<std::string> shared;
      for (const auto& in : g.nodes[members[0]].inputs) shared.insert(in.node);
      for (size_t k = 1; k < members.size() && !shared.empty(); ++k) {
        std::set<std::string> mine;
        for (const auto& in : g.nodes[members[k]].inputs) mine.insert(in.node);
        std::set<std::string> both;
        std::set_intersection(shared.begin(), shared.end(), mine.begin(), mine.end(), std::inserter(both, both.end()));
        shared = std::move(both);
      }
      if (shared.empty()) continue;
      // Independent copies, not a chain of layers.
      std::unordered_set<int> set(members.begin(), members.end());
      bool chained = false;
      for (size_t k = 0; k < members.size() && k < kSampleMembers && !chained; ++k)
        chained = ReachesMember(g, members[members.size() - 1 - k], set);
      if (chained) continue;
      const graph::Node& first = g.nodes[members.front()];
      const graph::Node& last = g.nodes[members.back()];
      ctx.ReportNode(g, first,
                     fmt::format("graph grows per step: {} structurally identical `{}` nodes named `{}` (`{}`, `{}`, ..., `{}`)"
                                 "{}, independent of each other and all reading {}: an op is being created inside "
                                 "the training loop; create it once before the loop (in TF2, call a `tf.function`)",
                                 members.size(), first.op, DisplayPattern(first.name, last.name),
                                 first.name, g.nodes[members[1]].name, last.name, InFunction(g),
                                 NameList(std::vector<std::string>(shared.begin(), shared.end()))));
    }
  });
}

}  // namespace tfm
