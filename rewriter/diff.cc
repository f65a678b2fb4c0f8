#include "rewriter/diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace tfm {
namespace {

std::vector<std::string_view> Lines(std::string_view s) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t eol = s.find('\n', pos);
    size_t end = eol == std::string_view::npos ? s.size() : eol + 1;
    out.push_back(s.substr(pos, end - pos));
    pos = end;
  }
  return out;
}

enum class Op { kKeep, kDel, kAdd };

// Myers' greedy shortest edit script; returns the operations in order.
std::vector<Op> Script(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size());
  const int max = n + m;
  std::vector<int> v(2 * max + 2, 0);
  std::vector<std::vector<int>> trace;
  int found_d = -1;
  for (int d = 0; d <= max && found_d < 0; ++d) {
    trace.push_back(v);
    for (int k = -d; k <= d; k += 2) {
      int x;
      if (k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max])) x = v[k + 1 + max];
      else x = v[k - 1 + max] + 1;
      int y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[k + max] = x;
      if (x >= n && y >= m) {
        found_d = d;
        break;
      }
    }
  }
  std::vector<Op> ops;
  int x = n, y = m;
  for (int d = found_d; d > 0; --d) {
    const std::vector<int>& pv = trace[d];
    int k = x - y;
    int prev_k = (k == -d || (k != d && pv[k - 1 + max] < pv[k + 1 + max])) ? k + 1 : k - 1;
    int prev_x = pv[prev_k + max], prev_y = prev_x - prev_k;
    while (x > prev_x && y > prev_y) ops.push_back(Op::kKeep), --x, --y;
    ops.push_back(x == prev_x ? Op::kAdd : Op::kDel);
    x = prev_x, y = prev_y;
  }
  while (x > 0 && y > 0) ops.push_back(Op::kKeep), --x, --y;
  std::reverse(ops.begin(), ops.end());
  return ops;
}

// Patience-style split for large inputs: lines that occur exactly once on both
// sides, in increasing order on both (longest increasing subsequence), anchor the
// diff; the gaps between anchors are diffed recursively. Myers' trace needs
// O(D*(N+M)) memory, so it only runs on small gaps.
void Diff(const std::vector<std::string_view>& a, size_t a0, size_t a1, const std::vector<std::string_view>& b,
          size_t b0, size_t b1, std::vector<Op>* ops, int depth = 0) {
  while (a0 < a1 && b0 < b1 && a[a0] == b[b0]) ops->push_back(Op::kKeep), ++a0, ++b0;
  size_t suf = 0;
  while (a1 - suf > a0 && b1 - suf > b0 && a[a1 - 1 - suf] == b[b1 - 1 - suf]) ++suf;
  a1 -= suf, b1 -= suf;
  if ((a1 - a0) + (b1 - b0) <= 1500 || depth > 64) {
    if ((a1 - a0) + (b1 - b0) <= 1500) {
      std::vector<std::string_view> sa(a.begin() + a0, a.begin() + a1), sb(b.begin() + b0, b.begin() + b1);
      auto s = Script(sa, sb);
      ops->insert(ops->end(), s.begin(), s.end());
    } else {
      ops->insert(ops->end(), a1 - a0, Op::kDel);
      ops->insert(ops->end(), b1 - b0, Op::kAdd);
    }
    ops->insert(ops->end(), suf, Op::kKeep);
    return;
  }
  std::unordered_map<std::string_view, std::pair<int, size_t>> ca, cb;  // count, index
  for (size_t i = a0; i < a1; ++i) {
    auto& e = ca[a[i]];
    ++e.first, e.second = i;
  }
  for (size_t j = b0; j < b1; ++j) {
    auto& e = cb[b[j]];
    ++e.first, e.second = j;
  }
  std::vector<std::pair<size_t, size_t>> pairs;  // (i, j) unique in both, in order of i
  for (size_t i = a0; i < a1; ++i) {
    auto x = ca.find(a[i]);
    auto y = cb.find(a[i]);
    if (x->second.first == 1 && y != cb.end() && y->second.first == 1) pairs.emplace_back(i, y->second.second);
  }
  // LIS on j.
  std::vector<size_t> tails, prev(pairs.size(), SIZE_MAX), tail_idx;
  for (size_t k = 0; k < pairs.size(); ++k) {
    size_t j = pairs[k].second;
    size_t lo = 0, hi = tails.size();
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (tails[mid] < j) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tail_idx[lo - 1];
    if (lo == tails.size()) tails.push_back(j), tail_idx.push_back(k);
    else tails[lo] = j, tail_idx[lo] = k;
  }
  std::vector<std::pair<size_t, size_t>> anchors;
  for (size_t k = tail_idx.empty() ? SIZE_MAX : tail_idx.back(); k != SIZE_MAX; k = prev[k])
    anchors.push_back(pairs[k]);
  std::reverse(anchors.begin(), anchors.end());
  if (anchors.empty()) {
    ops->insert(ops->end(), a1 - a0, Op::kDel);
    ops->insert(ops->end(), b1 - b0, Op::kAdd);
  } else {
    size_t pa = a0, pb = b0;
    for (auto [i, j] : anchors) {
      Diff(a, pa, i, b, pb, j, ops, depth + 1);
      ops->push_back(Op::kKeep);
      pa = i + 1, pb = j + 1;
    }
    Diff(a, pa, a1, b, pb, b1, ops, depth + 1);
  }
  ops->insert(ops->end(), suf, Op::kKeep);
}

void AppendLine(std::string& out, char tag, std::string_view line) {
  out += tag;
  out.append(line);
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

}  // namespace

std::string UnifiedDiff(std::string_view old_text, std::string_view new_text, std::string_view old_name,
                        std::string_view new_name, int context) {
  if (old_text == new_text) return "";
  auto a = Lines(old_text), b = Lines(new_text);
  std::vector<Op> ops;
  Diff(a, 0, a.size(), b, 0, b.size(), &ops);

  // Walk the script, grouping changes closer than 2*context lines into one hunk.
  struct Item {
    Op op;
    size_t ai, bi;
  };
  std::vector<Item> items;
  size_t ai = 0, bi = 0;
  for (Op op : ops) {
    items.push_back({op, ai, bi});
    if (op != Op::kAdd) ++ai;
    if (op != Op::kDel) ++bi;
  }
  std::string out = fmt::format("--- {}\n+++ {}\n", old_name, new_name);
  size_t i = 0;
  const size_t ctx = static_cast<size_t>(context);
  while (i < items.size()) {
    while (i < items.size() && items[i].op == Op::kKeep) ++i;
    if (i == items.size()) break;
    size_t start = i >= ctx ? i - ctx : 0;
    size_t end = i;
    // extend while the next change is within 2*context keeps
    while (true) {
      while (end < items.size() && items[end].op != Op::kKeep) ++end;
      size_t keeps = 0, j = end;
      while (j < items.size() && items[j].op == Op::kKeep && keeps <= 2 * ctx) ++j, ++keeps;
      if (j < items.size() && items[j].op != Op::kKeep && keeps <= 2 * ctx) {
        end = j;
        continue;
      }
      end = std::min(items.size(), end + ctx);
      break;
    }
    size_t a_start = items[start].ai, b_start = items[start].bi, a_len = 0, b_len = 0;
    std::string body;
    for (size_t k = start; k < end; ++k) {
      const Item& it = items[k];
      if (it.op == Op::kKeep) AppendLine(body, ' ', a[it.ai]), ++a_len, ++b_len;
      else if (it.op == Op::kDel) AppendLine(body, '-', a[it.ai]), ++a_len;
      else AppendLine(body, '+', b[it.bi]), ++b_len;
    }
    auto range = [](size_t s, size_t len) {
      if (len == 0) return fmt::format("{},0", s);
      if (len == 1) return fmt::format("{}", s + 1);
      return fmt::format("{},{}", s + 1, len);
    };
    out += fmt::format("@@ -{} +{} @@\n", range(a_start, a_len), range(b_start, b_len));
    out += body;
    i = end;
  }
  return out;
}

std::vector<int> MapLines(std::string_view old_text, std::string_view new_text) {
  auto a = Lines(old_text), b = Lines(new_text);
  std::vector<Op> ops;
  Diff(a, 0, a.size(), b, 0, b.size(), &ops);
  std::vector<int> map(b.size() + 1, 0);
  int x = 0, y = 0;
  for (size_t k = 0; k < ops.size();) {
    if (ops[k] == Op::kKeep) {
      ++x, ++y, ++k;
      continue;
    }
    size_t dels = 0, adds = 0, h = k;
    for (; h < ops.size() && ops[h] != Op::kKeep; ++h) (ops[h] == Op::kDel ? dels : adds)++;
    if (dels == adds)
      for (size_t i = 1; i <= adds; ++i) map[y + i] = x + static_cast<int>(i);
    x += static_cast<int>(dels), y += static_cast<int>(adds);
    k = h;
  }
  return map;
}

}  // namespace tfm
