#include "analyzer/python/version_guard.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

// The values a version check computes with.
struct Value {
  enum Kind { kBool, kInt, kFloat, kStr, kList, kVersion } kind = kBool;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string s;
  std::vector<std::string> list;
  std::vector<int64_t> version;  // release numbers of a parsed version
};

Value Bool(bool b) {
  Value v;
  v.b = b;
  return v;
}
Value Int(int64_t i) {
  Value v;
  v.kind = Value::kInt;
  v.i = i;
  return v;
}
Value Str(std::string s) {
  Value v;
  v.kind = Value::kStr;
  v.s = std::move(s);
  return v;
}

bool Truthy(const Value& v) {
  switch (v.kind) {
    case Value::kBool: return v.b;
    case Value::kInt: return v.i != 0;
    case Value::kFloat: return v.f != 0;
    case Value::kStr: return !v.s.empty();
    case Value::kList: return !v.list.empty();
    case Value::kVersion: return true;
  }
  return false;
}

// Python's int(str): optional sign and surrounding whitespace, digits (underscores
// between digits are allowed by Python; not needed for version parts).
std::optional<int64_t> ParseInt(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n')) s.remove_suffix(1);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  int64_t out = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return out;
}

std::optional<double> ParseFloat(std::string_view s) {
  double out = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return out;
}

// The release numbers of a version string ("2.21.0" -> 2 21 0; "1.15.0rc1" -> 1 15 0):
// what version.parse and LooseVersion order by for the versions TensorFlow publishes.
std::vector<int64_t> ReleaseNumbers(std::string_view s) {
  std::vector<int64_t> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
    if (j == i) break;
    out.push_back(ParseInt(s.substr(i, j - i)).value_or(0));
    if (j >= s.size() || s[j] != '.') break;
    i = j + 1;
  }
  return out;
}

int CompareVersions(std::vector<int64_t> a, std::vector<int64_t> b) {
  size_t n = std::max(a.size(), b.size());
  a.resize(n, 0);
  b.resize(n, 0);
  return a < b ? -1 : (a == b ? 0 : 1);
}

class Evaluator {
 public:
  Evaluator(std::string_view src, const std::function<bool(TSNode)>& is_tf_version, std::string_view version)
      : src_(src), is_tf_version_(is_tf_version), version_(version) {}

  std::optional<Value> Eval(TSNode n, int depth = 0) {
    if (!n.id || depth > 64) return std::nullopt;
    if (is_tf_version_(n)) return Str(std::string(version_));
    auto k = ts::KindOf(n);
    if (k == "parenthesized_expression") {
      std::vector<TSNode> c = ts::NamedChildren(n);
      if (c.size() != 1) return std::nullopt;
      return Eval(c[0], depth + 1);
    }
    if (k == "integer") {
      auto i = ParseInt(ts::Text(n, src_));
      if (!i) return std::nullopt;
      return Int(*i);
    }
    if (k == "float") {
      auto f = ParseFloat(ts::Text(n, src_));
      if (!f) return std::nullopt;
      Value v;
      v.kind = Value::kFloat;
      v.f = *f;
      return v;
    }
    if (k == "true") return Bool(true);
    if (k == "false") return Bool(false);
    if (k == "string") return StringLiteral(n);
    if (k == "not_operator") {
      auto v = Eval(ts::Field(n, "argument"), depth + 1);
      if (!v) return std::nullopt;
      return Bool(!Truthy(*v));
    }
    if (k == "unary_operator") {
      auto v = Eval(ts::Field(n, "argument"), depth + 1);
      std::string_view op = ts::Text(ts::Field(n, "operator"), src_);
      if (!v || v->kind != Value::kInt) return std::nullopt;
      if (op == "-") return Int(-v->i);
      if (op == "+") return v;
      return std::nullopt;
    }
    if (k == "boolean_operator") {
      std::string_view op = ts::Text(ts::Field(n, "operator"), src_);
      auto l = Eval(ts::Field(n, "left"), depth + 1);
      if (!l) return std::nullopt;
      // Short-circuit as Python does: the right side is not needed (nor evaluated).
      if (op == "and" && !Truthy(*l)) return l;
      if (op == "or" && Truthy(*l)) return l;
      return Eval(ts::Field(n, "right"), depth + 1);
    }
    if (k == "list") {  // of strings: what a split version compares with
      Value out;
      out.kind = Value::kList;
      for (TSNode c : ts::NamedChildren(n)) {
        auto e = Eval(c, depth + 1);
        if (!e || e->kind != Value::kStr) return std::nullopt;
        out.list.push_back(std::move(e->s));
      }
      return out;
    }
    if (k == "comparison_operator") return Comparison(n, depth);
    if (k == "subscript") return Subscript(n, depth);
    if (k == "call") return Call(n, depth);
    return std::nullopt;
  }

 private:
  std::optional<Value> StringLiteral(TSNode n) {
    std::string_view t = ts::Text(n, src_);
    // Plain (or r/u-prefixed) single-line literals without escapes or interpolation.
    size_t q = t.find_first_of("'\"");
    if (q == std::string_view::npos || q > 1) return std::nullopt;
    if (q == 1 && t[0] != 'r' && t[0] != 'R' && t[0] != 'u' && t[0] != 'U') return std::nullopt;
    char quote = t[q];
    if (t.size() < q + 2 || t.back() != quote) return std::nullopt;
    std::string_view body = t.substr(q + 1, t.size() - q - 2);
    if (body.size() >= 2 && body[0] == quote && body[1] == quote) return std::nullopt;  // triple-quoted
    if (body.find('\\') != std::string_view::npos || body.find(quote) != std::string_view::npos) return std::nullopt;
    return Str(std::string(body));
  }

  std::optional<Value> Comparison(TSNode n, int depth) {
    // a < b <= c: operands are the named children, operators the anonymous ones
    // (`not in` / `is not` are one aliased node each).
    std::vector<TSNode> operands;
    std::vector<std::string> ops;
    uint32_t count = ts_node_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode c = ts_node_child(n, i);
      if (ts_node_is_named(c)) {
        operands.push_back(c);
      } else {
        std::string op;
        for (char ch : ts::Text(c, src_))
          if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\\') op += ch;
        ops.push_back(op);
      }
    }
    if (operands.size() < 2 || ops.size() != operands.size() - 1) return std::nullopt;
    auto left = Eval(operands[0], depth + 1);
    if (!left) return std::nullopt;
    for (size_t i = 0; i < ops.size(); ++i) {
      auto right = Eval(operands[i + 1], depth + 1);
      if (!right) return std::nullopt;
      auto r = Compare(*left, ops[i], *right);
      if (!r) return std::nullopt;
      if (!*r) return Bool(false);
      left = std::move(right);
    }
    return Bool(true);
  }

  static std::optional<bool> Compare(const Value& a, const std::string& op, const Value& b) {
    if (op == "in" || op == "notin") {
      std::optional<bool> in;
      if (a.kind == Value::kStr && b.kind == Value::kStr) in = b.s.find(a.s) != std::string::npos;
      if (a.kind == Value::kStr && b.kind == Value::kList) {
        in = false;
        for (const std::string& e : b.list) in = *in || e == a.s;
      }
      if (!in) return std::nullopt;
      return op == "in" ? *in : !*in;
    }
    int c = 0;
    bool numeric = (a.kind == Value::kInt || a.kind == Value::kFloat) && (b.kind == Value::kInt || b.kind == Value::kFloat);
    if (numeric) {
      if (a.kind == Value::kInt && b.kind == Value::kInt) c = a.i < b.i ? -1 : (a.i == b.i ? 0 : 1);
      else {
        double x = a.kind == Value::kInt ? static_cast<double>(a.i) : a.f;
        double y = b.kind == Value::kInt ? static_cast<double>(b.i) : b.f;
        c = x < y ? -1 : (x == y ? 0 : 1);
      }
    } else if (a.kind == Value::kStr && b.kind == Value::kStr) {
      c = a.s.compare(b.s);
      c = c < 0 ? -1 : (c == 0 ? 0 : 1);
    } else if (a.kind == Value::kList && b.kind == Value::kList) {
      c = a.list < b.list ? -1 : (a.list == b.list ? 0 : 1);
    } else if (a.kind == Value::kVersion && b.kind == Value::kVersion) {
      c = CompareVersions(a.version, b.version);
    } else if (a.kind == Value::kBool && b.kind == Value::kBool) {
      c = a.b == b.b ? 0 : (a.b ? 1 : -1);
    } else {
      // Unlike types: Python answers == / != (never equal) and raises for ordering.
      if (op == "==") return false;
      if (op == "!=") return true;
      return std::nullopt;
    }
    if (op == "<") return c < 0;
    if (op == "<=") return c <= 0;
    if (op == ">") return c > 0;
    if (op == ">=") return c >= 0;
    if (op == "==") return c == 0;
    if (op == "!=") return c != 0;
    return std::nullopt;  // is / is not: identity, not evaluated
  }

  std::optional<int64_t> Index(TSNode n, int depth, size_t size) {
    auto v = Eval(n, depth + 1);
    if (!v || v->kind != Value::kInt) return std::nullopt;
    int64_t i = v->i < 0 ? v->i + static_cast<int64_t>(size) : v->i;
    return i;
  }

  std::optional<Value> Subscript(TSNode n, int depth) {
    auto base = Eval(ts::Field(n, "value"), depth + 1);
    if (!base || (base->kind != Value::kStr && base->kind != Value::kList)) return std::nullopt;
    std::vector<TSNode> subs;
    for (const ts::ChildWithField& c : ts::ChildrenWithFields(n))
      if (c.field && std::string_view(c.field) == "subscript") subs.push_back(c.node);
    if (subs.size() != 1) return std::nullopt;
    size_t size = base->kind == Value::kStr ? base->s.size() : base->list.size();
    TSNode sub = subs[0];
    if (!ts::Is(sub, "slice")) {
      auto i = Index(sub, depth, size);
      if (!i || *i < 0 || *i >= static_cast<int64_t>(size)) return std::nullopt;  // IndexError
      if (base->kind == Value::kStr) return Str(base->s.substr(static_cast<size_t>(*i), 1));
      return Str(base->list[static_cast<size_t>(*i)]);
    }
    // [start:stop] (no step): the parts before and after the first ':'.
    std::optional<int64_t> start = 0, stop = static_cast<int64_t>(size);
    bool after_colon = false;
    uint32_t count = ts_node_child_count(sub);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode c = ts_node_child(sub, i);
      if (!ts_node_is_named(c)) {
        if (after_colon) return std::nullopt;  // a step
        after_colon = true;
        continue;
      }
      auto v = Index(c, depth, size);
      if (!v) return std::nullopt;
      (after_colon ? stop : start) = *v;
    }
    int64_t lo = std::clamp<int64_t>(*start, 0, static_cast<int64_t>(size));
    int64_t hi = std::clamp<int64_t>(*stop, lo, static_cast<int64_t>(size));
    Value out = *base;
    if (base->kind == Value::kStr) out.s = base->s.substr(static_cast<size_t>(lo), static_cast<size_t>(hi - lo));
    else out.list.assign(base->list.begin() + lo, base->list.begin() + hi);
    return out;
  }

  std::optional<Value> Call(TSNode n, int depth) {
    TSNode fn = ts::Field(n, "function");
    TSNode args = ts::Field(n, "arguments");
    if (!ts::Is(args, "argument_list")) return std::nullopt;
    std::vector<TSNode> argv = ts::NamedChildren(args);
    std::vector<Value> values;
    for (TSNode a : argv) {
      if (ts::Is(a, "keyword_argument")) return std::nullopt;
      auto v = Eval(a, depth + 1);
      if (!v) return std::nullopt;
      values.push_back(std::move(*v));
    }
    if (ts::Is(fn, "attribute")) {
      std::string_view method = ts::Text(ts::Field(fn, "attribute"), src_);
      // Version parsers called through a module: version.parse(s), packaging.version.parse(s),
      // distutils.version.LooseVersion(s), pkg_resources.parse_version(s).
      if (method == "parse" || method == "Version" || method == "LooseVersion" || method == "StrictVersion" ||
          method == "parse_version")
        return ParsedVersion(values);
      auto self = Eval(ts::Field(fn, "object"), depth + 1);
      if (!self || self->kind != Value::kStr) return std::nullopt;
      if (method == "split") {
        if (values.size() != 1 || values[0].kind != Value::kStr || values[0].s.empty()) return std::nullopt;
        Value out;
        out.kind = Value::kList;
        const std::string& sep = values[0].s;
        size_t at = 0;
        for (;;) {
          size_t next = self->s.find(sep, at);
          out.list.push_back(self->s.substr(at, next == std::string::npos ? std::string::npos : next - at));
          if (next == std::string::npos) break;
          at = next + sep.size();
        }
        return out;
      }
      if (method == "startswith" || method == "endswith") {
        if (values.size() != 1 || values[0].kind != Value::kStr) return std::nullopt;
        const std::string& s = self->s;
        const std::string& p = values[0].s;
        bool r = p.size() <= s.size() &&
                 (method == "startswith" ? s.compare(0, p.size(), p) == 0 : s.compare(s.size() - p.size(), p.size(), p) == 0);
        return Bool(r);
      }
      if (method == "strip" && values.empty()) return self;  // version strings carry no whitespace
      return std::nullopt;
    }
    if (!ts::Is(fn, "identifier")) return std::nullopt;
    std::string_view name = ts::Text(fn, src_);
    if (values.size() != 1) return std::nullopt;
    const Value& a = values[0];
    if (name == "int") {
      if (a.kind == Value::kInt) return a;
      if (a.kind != Value::kStr) return std::nullopt;
      auto i = ParseInt(a.s);
      if (!i) return std::nullopt;  // ValueError at run time
      return Int(*i);
    }
    if (name == "float") {
      if (a.kind != Value::kStr) return std::nullopt;
      auto f = ParseFloat(a.s);
      if (!f) return std::nullopt;
      Value v;
      v.kind = Value::kFloat;
      v.f = *f;
      return v;
    }
    if (name == "str") {
      if (a.kind == Value::kStr) return a;
      if (a.kind == Value::kInt) return Str(std::to_string(a.i));
      return std::nullopt;
    }
    if (name == "parse" || name == "Version" || name == "LooseVersion" || name == "StrictVersion" ||
        name == "parse_version")
      return ParsedVersion(values);
    return std::nullopt;
  }

  static std::optional<Value> ParsedVersion(const std::vector<Value>& values) {
    if (values.size() != 1 || values[0].kind != Value::kStr) return std::nullopt;
    Value v;
    v.kind = Value::kVersion;
    v.version = ReleaseNumbers(values[0].s);
    if (v.version.empty()) return std::nullopt;
    return v;
  }

  std::string_view src_;
  const std::function<bool(TSNode)>& is_tf_version_;
  std::string_view version_;
};

}  // namespace

std::optional<bool> EvalVersionCondition(TSNode cond, std::string_view source,
                                         const std::function<bool(TSNode)>& is_tf_version,
                                         std::string_view tf_version) {
  Evaluator e(source, is_tf_version, tf_version);
  auto v = e.Eval(cond);
  if (!v) return std::nullopt;
  return Truthy(*v);
}

}  // namespace tfm
