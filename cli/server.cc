// `tfmigrate server`: a Language Server (LSP 3.17) over stdin/stdout for editors.
//
// Diagnostics on open, change and save from the same analysis and configuration as
// `tfmigrate check` (the configuration file that applies to the document's path, or
// --config / --isolated); code actions for the fixes (safe ones preferred, unsafe ones
// labelled, plus a source.fixAll.tfmigrate action with every safe fix); hover over a
// finding shows its rule's page. Python scripts and stubs (.py, .pyi); other documents
// get no diagnostics. Positions are exchanged in UTF-16 code units, LSP's default.
//
// One thread: a message is read, handled and answered before the next one is read.
// Malformed messages get JSON-RPC errors and the server goes on; end of input ends it.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/checks/catalogue.h"
#include "analyzer/project/analyze.h"
#include "analyzer/project/config.h"
#include "analyzer/python/parse.h"
#include "analyzer/report/emit.h"
#include "analyzer/source/source.h"
#include "cli/commands.h"

namespace tfm::cli {
namespace {

using json = nlohmann::json;

// --- Transport: "Content-Length: N\r\n\r\n" + N bytes of JSON, both ways.

// Reads one message body; nullopt at end of input. A header block without a usable
// Content-Length is skipped (set `bad`) so the caller can report it and go on.
std::optional<std::string> ReadMessage(std::istream& in, bool& bad) {
  bad = false;
  std::string line;
  long long length = -1;
  bool any_header = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      if (!any_header) continue;  // stray blank line between messages
      break;
    }
    any_header = true;
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (key == "content-length") {
      try {
        length = std::stoll(line.substr(colon + 1));
      } catch (...) {
        length = -1;
      }
    }
  }
  if (!in) return std::nullopt;
  constexpr long long kMaxMessage = 256ll << 20;
  if (length < 0 || length > kMaxMessage) {
    bad = true;
    return std::string();
  }
  std::string body(static_cast<size_t>(length), '\0');
  in.read(body.data(), length);
  if (in.gcount() != length) return std::nullopt;
  return body;
}

void WriteMessage(const json& msg) {
  std::string body = msg.dump(-1, ' ', false, json::error_handler_t::replace);
  std::cout << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  std::cout.flush();
}

// --- URIs and paths.

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "file:///a/b%20c.py" -> "/a/b c.py"; nullopt for other schemes.
std::optional<std::string> PathOfUri(const std::string& uri) {
  constexpr std::string_view kFile = "file://";
  if (uri.compare(0, kFile.size(), kFile) != 0) return std::nullopt;
  std::string rest = uri.substr(kFile.size());
  size_t slash = rest.find('/');  // skip an authority ("localhost")
  if (slash == std::string::npos) return std::nullopt;
  rest = rest.substr(slash);
  std::string out;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '%' && i + 2 < rest.size() && HexValue(rest[i + 1]) >= 0 && HexValue(rest[i + 2]) >= 0) {
      out.push_back(static_cast<char>(HexValue(rest[i + 1]) * 16 + HexValue(rest[i + 2])));
      i += 2;
    } else {
      out.push_back(rest[i]);
    }
  }
  return out;
}

bool IsPythonPath(const std::string& path) {
  auto ends = [&](std::string_view s) {
    return path.size() >= s.size() && path.compare(path.size() - s.size(), s.size(), s) == 0;
  };
  return ends(".py") || ends(".pyi");
}

// --- Positions: byte offsets of the analysed text <-> LSP (line, UTF-16 unit).

// UTF-16 units in a UTF-8 string (a 4-byte sequence is a surrogate pair; an invalid
// byte counts as one unit).
uint32_t Utf16Units(std::string_view s) {
  uint32_t n = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    n += len == 4 ? 2 : 1;
    i += len;
  }
  return n;
}

json LspPosition(const SourceFile& src, uint32_t byte) {
  if (byte > src.text.size()) byte = static_cast<uint32_t>(src.text.size());
  uint32_t line = src.LineOf(byte);
  uint32_t start = src.LineStart(line);
  return {{"line", line}, {"character", Utf16Units(std::string_view(src.text).substr(start, byte - start))}};
}

json LspRange(const SourceFile& src, uint32_t begin, uint32_t end) {
  return {{"start", LspPosition(src, begin)}, {"end", LspPosition(src, end)}};
}

// Byte offset of an LSP position (clamped to the line and the text).
uint32_t ByteOf(const SourceFile& src, const json& pos) {
  uint32_t line = pos.value("line", 0u);
  uint32_t units = pos.value("character", 0u);
  if (src.LineCount() == 0) return 0;
  if (line >= src.LineCount()) return static_cast<uint32_t>(src.text.size());
  uint32_t start = src.LineStart(line);
  std::string_view text = src.LineText(line);
  uint32_t seen = 0;
  size_t i = 0;
  while (i < text.size() && seen < units) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    seen += len == 4 ? 2 : 1;
    i += len;
  }
  return start + static_cast<uint32_t>(std::min(i, text.size()));
}

// --- The server.

struct Document {
  std::string uri;
  std::string path;
  std::string text;
  int version = 0;
  // The last analysis of `text` (null until analysed, or for documents not analysed).
  std::shared_ptr<const FileResult> result;
};

std::string PageWithoutMarker(std::string_view doc) {
  size_t m = doc.find(kPageHeaderEnd);
  if (m == std::string_view::npos || (m > 0 && doc[m - 1] != '\n')) return std::string(doc);
  size_t e = doc.find('\n', m);
  e = e == std::string_view::npos ? doc.size() : e + 1;
  return std::string(doc.substr(0, m)) + std::string(doc.substr(e));
}

class Server {
 public:
  explicit Server(AnalyzeOptions opts) : opts_(std::move(opts)), configs_(opts_.config_file) {}

  // Returns the process exit code once input ends or `exit` arrives.
  int Run() {
    for (;;) {
      bool bad = false;
      auto body = ReadMessage(std::cin, bad);
      if (!body) return shutdown_ ? 0 : 1;
      if (bad) {
        Error(nullptr, -32700, "a message without a valid Content-Length header");
        continue;
      }
      json msg = json::parse(*body, nullptr, /*allow_exceptions=*/false);
      if (msg.is_discarded() || !msg.is_object()) {
        Error(nullptr, -32700, "the message is not a JSON object");
        continue;
      }
      if (auto code = Handle(msg)) return *code;
    }
  }

 private:
  void Error(const json& id, int code, const std::string& message) {
    WriteMessage({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
  }
  void Reply(const json& id, json result) {
    WriteMessage({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
  }
  void Notify(const std::string& method, json params) {
    WriteMessage({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }

  std::optional<int> Handle(const json& msg) {
    const bool is_request = msg.contains("id");
    const json id = is_request ? msg["id"] : json();
    if (!msg.contains("method") || !msg["method"].is_string()) {
      if (is_request && !msg.contains("result") && !msg.contains("error"))
        Error(id, -32600, "a request without a method");
      return std::nullopt;  // a response to something we never sent: ignored
    }
    const std::string method = msg["method"];
    const json params = msg.value("params", json::object());
    try {
      if (method == "initialize") {
        Reply(id, Capabilities());
      } else if (method == "shutdown") {
        shutdown_ = true;
        Reply(id, nullptr);
      } else if (method == "exit") {
        return shutdown_ ? 0 : 1;
      } else if (method == "textDocument/didOpen") {
        const json& td = params.at("textDocument");
        Open(td.at("uri").get<std::string>(), td.at("text").get<std::string>(), td.value("version", 0));
      } else if (method == "textDocument/didChange") {
        Change(params);
      } else if (method == "textDocument/didSave") {
        std::string uri = params.at("textDocument").at("uri");
        if (auto it = docs_.find(uri); it != docs_.end()) {
          if (params.contains("text") && params["text"].is_string()) it->second.text = params["text"];
          Publish(it->second);
        }
      } else if (method == "textDocument/didClose") {
        std::string uri = params.at("textDocument").at("uri");
        docs_.erase(uri);
        Notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}});
      } else if (method == "textDocument/codeAction") {
        Reply(id, CodeActions(params));
      } else if (method == "textDocument/hover") {
        Reply(id, Hover(params));
      } else if (is_request) {
        Error(id, -32601, "method not supported: " + method);
      }
      // other notifications (initialized, $/cancelRequest, ...) need nothing
    } catch (const json::exception& e) {
      if (is_request) Error(id, -32602, fmt::format("invalid parameters for {}: {}", method, e.what()));
    }
    return std::nullopt;
  }

  static json Capabilities() {
    return {{"capabilities",
             {{"positionEncoding", "utf-16"},
              {"textDocumentSync", {{"openClose", true}, {"change", 1}, {"save", {{"includeText", false}}}}},
              {"codeActionProvider", {{"codeActionKinds", {"quickfix", "source.fixAll.tfmigrate"}}}},
              {"hoverProvider", true}}},
            {"serverInfo", {{"name", "tfmigrate"}, {"version", TFMIGRATE_VERSION}}}};
  }

  void Open(const std::string& uri, std::string text, int version) {
    Document& d = docs_[uri];
    d.uri = uri;
    d.path = PathOfUri(uri).value_or(uri);
    d.text = std::move(text);
    d.version = version;
    Publish(d);
  }

  void Change(const json& params) {
    const json& td = params.at("textDocument");
    auto it = docs_.find(td.at("uri").get<std::string>());
    if (it == docs_.end()) return;
    Document& d = it->second;
    for (const json& ch : params.at("contentChanges")) {
      if (!ch.contains("range")) {
        d.text = ch.at("text").get<std::string>();
        continue;
      }
      // Incremental change (a client may send it even when offered full sync).
      auto src = SourceFromBytes(d.text, d.path, SourceKind::kPython);
      if (!src) continue;
      src->BuildLineIndex();
      uint32_t b = ByteOf(*src, ch["range"].at("start"));
      uint32_t e = ByteOf(*src, ch["range"].at("end"));
      if (e < b) std::swap(b, e);
      d.text.replace(b, e - b, ch.at("text").get<std::string>());
    }
    d.version = td.value("version", d.version);
    Publish(d);
  }

  // Analyses the document and sends its diagnostics.
  void Publish(Document& d) {
    d.result.reset();
    json diags = json::array();
    if (IsPythonPath(d.path)) {
      auto src = SourceFromBytes(d.text, d.path, SourceKind::kPython, opts_.source);
      if (!src) {
        diags.push_back({{"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}}},
                         {"severity", 1},
                         {"source", "tfmigrate"},
                         {"message", src.error().message}});
      } else {
        std::shared_ptr<const Config> cfg =
            opts_.isolated ? std::make_shared<const Config>() : configs_.For(d.path);
        auto r = std::make_shared<FileResult>(AnalyzeSource(parser_, std::move(*src), cfg.get(), opts_));
        for (auto& e : configs_.TakeErrors()) {
          diags.push_back({{"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}}},
                           {"severity", 1},
                           {"source", "tfmigrate"},
                           {"message", e.message}});
        }
        if (r->error) {
          diags.push_back({{"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}}},
                           {"severity", 1},
                           {"source", "tfmigrate"},
                           {"message", r->error->message}});
        } else if (r->source) {
          for (size_t i = 0; i < r->diagnostics.size(); ++i) diags.push_back(ToLsp(*r->source, r->diagnostics[i], i));
          d.result = std::move(r);
        }
      }
    }
    json p = {{"uri", d.uri}, {"diagnostics", std::move(diags)}};
    p["version"] = d.version;
    Notify("textDocument/publishDiagnostics", std::move(p));
  }

  static json ToLsp(const SourceFile& src, const Diagnostic& d, size_t index) {
    int severity = d.severity == Severity::kError ? 1 : d.severity == Severity::kWarning ? 2 : 3;
    std::string message = d.message;
    for (const auto& n : d.notes) message += "\nnote: " + n;
    json j = {{"range", LspRange(src, d.begin_byte, d.end_byte)},
              {"severity", severity},
              {"code", d.rule_id},
              {"source", "tfmigrate"},
              {"message", d.rule_name.empty() || d.rule_name == d.rule_id ? message
                                                                           : fmt::format("[{}] {}", d.rule_name, message)},
              {"data", {{"index", index}}}};
    return j;
  }

  static json TextEdits(const SourceFile& src, const Fix& fix) {
    json edits = json::array();
    for (const Edit& e : fix.edits)
      edits.push_back({{"range", LspRange(src, e.begin, e.end)}, {"newText", e.replacement}});
    return edits;
  }

  json CodeActions(const json& params) {
    json actions = json::array();
    std::string uri = params.at("textDocument").at("uri");
    auto it = docs_.find(uri);
    if (it == docs_.end() || !it->second.result) return actions;
    const FileResult& r = *it->second.result;
    const SourceFile& src = *r.source;
    uint32_t begin = ByteOf(src, params.at("range").at("start"));
    uint32_t end = ByteOf(src, params.at("range").at("end"));
    std::vector<std::string> only;
    if (params.contains("context") && params["context"].contains("only"))
      for (const auto& k : params["context"]["only"]) only.push_back(k.get<std::string>());
    auto wanted = [&](std::string_view kind) {
      if (only.empty()) return true;
      for (const auto& o : only)
        if (kind == o || (kind.size() > o.size() && kind.compare(0, o.size(), o) == 0 && kind[o.size()] == '.'))
          return true;
      return false;
    };
    if (wanted("quickfix")) {
      for (size_t i = 0; i < r.diagnostics.size(); ++i) {
        const Diagnostic& d = r.diagnostics[i];
        if (!d.HasApplicableFix()) continue;
        // the finding overlaps the requested range (an empty range: the cursor inside it)
        bool overlaps = d.begin_byte <= end && begin <= d.end_byte;
        if (!overlaps) continue;
        bool safe = d.fix->safety == FixSafety::kSafe;
        std::string title = fmt::format("{}: {}{}", d.rule_id, d.fix->title,
                                        safe ? "" : " (unsafe fix: may change what the program computes)");
        actions.push_back({{"title", title},
                           {"kind", "quickfix"},
                           {"diagnostics", json::array({ToLsp(src, d, i)})},
                           {"isPreferred", safe},
                           {"edit", {{"changes", {{uri, TextEdits(src, *d.fix)}}}}}});
      }
    }
    if (wanted("source.fixAll.tfmigrate")) {
      // Every safe fix whose edits do not overlap an earlier one's (the rest show up
      // again after the document changes, as `rewrite` applies them in passes).
      json edits = json::array();
      std::vector<std::pair<uint32_t, uint32_t>> taken;
      for (const Diagnostic& d : r.diagnostics) {
        if (!d.fix || d.fix->safety != FixSafety::kSafe) continue;
        bool clash = false;
        for (const Edit& e : d.fix->edits)
          for (auto [b, x] : taken) {
            bool overlap = e.begin < x && b < e.end;
            bool same_insertion_point = e.begin == e.end && b == x && b == e.begin;
            if (overlap || same_insertion_point) clash = true;
          }
        if (clash) continue;
        for (const Edit& e : d.fix->edits) {
          taken.emplace_back(e.begin, e.end);
          edits.push_back({{"range", LspRange(src, e.begin, e.end)}, {"newText", e.replacement}});
        }
      }
      if (!edits.empty())
        actions.push_back({{"title", "tfmigrate: apply every safe fix"},
                           {"kind", "source.fixAll.tfmigrate"},
                           {"edit", {{"changes", {{uri, edits}}}}}});
    }
    return actions;
  }

  json Hover(const json& params) {
    std::string uri = params.at("textDocument").at("uri");
    auto it = docs_.find(uri);
    if (it == docs_.end() || !it->second.result) return nullptr;
    const FileResult& r = *it->second.result;
    uint32_t at = ByteOf(*r.source, params.at("position"));
    std::string value;
    const Diagnostic* first = nullptr;
    std::vector<std::string> shown;
    for (const Diagnostic& d : r.diagnostics) {
      if (at < d.begin_byte || at > d.end_byte) continue;
      if (std::find(shown.begin(), shown.end(), d.rule_id) != shown.end()) continue;
      shown.push_back(d.rule_id);
      if (!first) first = &d;
      std::string_view page = RuleDoc(d.rule_id);
      if (!value.empty()) value += "\n\n---\n\n";
      value += page.empty() ? fmt::format("**{}** {}", d.rule_id, d.message) : PageWithoutMarker(page);
    }
    if (!first) return nullptr;
    return {{"contents", {{"kind", "markdown"}, {"value", value}}},
            {"range", LspRange(*r.source, first->begin_byte, first->end_byte)}};
  }

  AnalyzeOptions opts_;
  ConfigResolver configs_;
  PythonParser parser_;
  std::map<std::string, Document> docs_;
  bool shutdown_ = false;
};

}  // namespace

Command AddServerCommand(CLI::App& app) {
  struct Args {
    std::vector<std::string> select, extend_select, ignore;
    std::string config;
    bool isolated = false, preview = false;
  };
  auto args = std::make_shared<Args>();
  CLI::App* c = app.add_subcommand("server", "Language Server (LSP) over stdin/stdout for editors (docs/editors.md)");
  c->add_option("--select", args->select, "Only these rules (IDs or prefixes, comma-separated)")->delimiter(',');
  c->add_option("--extend-select", args->extend_select, "Add rules to the selection")->delimiter(',');
  c->add_option("--ignore", args->ignore, "Disable rules (IDs or prefixes)")->delimiter(',');
  c->add_option("--config", args->config, "Use this configuration file for every document");
  c->add_flag("--isolated", args->isolated, "Ignore configuration files");
  c->add_flag("--preview", args->preview, "Also run the rules in preview");
  return [args] {
    AnalyzeOptions opts;
    opts.select = args->select;
    opts.extend_select = args->extend_select;
    opts.ignore = args->ignore;
    if (!args->config.empty()) opts.config_file = args->config;
    opts.isolated = args->isolated;
    opts.preview = args->preview;
    opts.jobs = 1;
    std::ios::sync_with_stdio(false);
    Server server(std::move(opts));
    return server.Run();
  };
}

}  // namespace tfm::cli
