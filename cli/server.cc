// `tfmigrate server`: a Language Server (LSP 3.17) over stdin/stdout for editors.
//
// Diagnostics on open, change and save from the same analysis and configuration as
// `tfmigrate check` (the configuration file that applies to the document's path, or
// --config / --isolated); code actions for the fixes (safe ones preferred, unsafe ones
// labelled, plus a source.fixAll.tfmigrate action with every safe fix); hover over a
// finding shows its rule's page. Python scripts and stubs (.py, .pyi); other documents
// get no diagnostics. Notebooks through LSP's notebook document sync (clients that have it,
// e.g. VS Code): their code cells are analysed as one notebook and each cell gets its own
// diagnostics. Positions are exchanged in UTF-16 code units, LSP's default.
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

// Length of the UTF-8 sequence a lead byte starts (an invalid byte counts as one).
size_t Utf8SequenceLength(unsigned char c) {
  return c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
}

// UTF-16 units in a UTF-8 string (a 4-byte sequence is a surrogate pair).
uint32_t Utf16Units(std::string_view s) {
  uint32_t n = 0;
  for (size_t i = 0; i < s.size();) {
    size_t len = Utf8SequenceLength(static_cast<unsigned char>(s[i]));
    n += len == 4 ? 2 : 1;
    i += len;
  }
  return n;
}

// UTF-16 units from the start of 0-based line `l0` to `byte` (on that line).
uint32_t Utf16Column(const SourceFile& src, uint32_t l0, uint32_t byte) {
  uint32_t start = src.LineStart(l0);
  return Utf16Units(std::string_view(src.text).substr(start, byte - start));
}

json LspPosition(const SourceFile& src, uint32_t byte) {
  if (byte > src.text.size()) byte = static_cast<uint32_t>(src.text.size());
  uint32_t line = src.LineOf(byte);
  return {{"line", line}, {"character", Utf16Column(src, line, byte)}};
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
    size_t len = Utf8SequenceLength(static_cast<unsigned char>(text[i]));
    seen += len == 4 ? 2 : 1;
    i += len;
  }
  return start + static_cast<uint32_t>(std::min(i, text.size()));
}

// --- The server.

// Where the analysed text's bytes are in the client's documents: one text document, or
// the code cells of a notebook (the analysed text is those cells joined; SourceFile::cells
// holds each one's first line, in order).
struct View {
  std::shared_ptr<const FileResult> result;  // null: nothing analysed
  std::string uri;                           // the text document (no cells)
  std::vector<std::string> cell_uris;        // the notebook's code cells, in order

  const SourceFile& src() const { return *result->source; }
  bool IsNotebook() const { return !cell_uris.empty(); }

  // The code cell (index into cell_uris) holding 0-based virtual line l0.
  size_t CellOfLine(uint32_t l0) const {
    const auto& cells = src().cells;
    auto it = std::upper_bound(cells.begin(), cells.end(), l0,
                               [](uint32_t l, const NotebookCell& c) { return l < c.first_line; });
    size_t k = it == cells.begin() ? 0 : static_cast<size_t>(it - cells.begin()) - 1;
    return std::min(k, cell_uris.size() - 1);
  }

  // byte -> (document URI, LSP position)
  std::pair<std::string, json> At(uint32_t byte) const {
    const SourceFile& s = src();
    if (!IsNotebook()) return {uri, LspPosition(s, byte)};
    if (byte > s.text.size()) byte = static_cast<uint32_t>(s.text.size());
    uint32_t l0 = s.LineOf(byte);
    size_t k = CellOfLine(l0);
    uint32_t first = k < s.cells.size() ? s.cells[k].first_line : 0;
    return {cell_uris[k], {{"line", l0 - first}, {"character", Utf16Column(s, l0, byte)}}};
  }

  // [begin, end) -> (document URI, LSP range); a range that would cross cells ends where it begins.
  std::pair<std::string, json> Range(uint32_t begin, uint32_t end) const {
    auto [u0, p0] = At(begin);
    auto [u1, p1] = At(end);
    if (u1 != u0) p1 = p0;
    return {u0, {{"start", p0}, {"end", p1}}};
  }

  // (document URI, LSP position) -> byte; nullopt when the URI is not part of this view.
  std::optional<uint32_t> ByteAt(const std::string& doc_uri, const json& pos) const {
    const SourceFile& s = src();
    if (!IsNotebook()) return doc_uri == uri ? std::optional<uint32_t>(ByteOf(s, pos)) : std::nullopt;
    auto it = std::find(cell_uris.begin(), cell_uris.end(), doc_uri);
    if (it == cell_uris.end() || s.cells.empty()) return std::nullopt;
    const NotebookCell& c = s.cells[std::min<size_t>(it - cell_uris.begin(), s.cells.size() - 1)];
    uint32_t line = pos.value("line", 0u);
    uint32_t last = c.first_line + (c.line_count ? c.line_count - 1 : 0);
    json virt = {{"line", std::min(c.first_line + line, last)}, {"character", pos.value("character", 0u)}};
    return ByteOf(s, virt);
  }
};

struct Document {
  std::string uri;
  std::string path;
  std::string text;
  int version = 0;
  View view;  // the last analysis of `text`
};

// A notebook (LSP notebook document sync): its cells in order (URI, code or markup) and
// each cell's text; analysed as one .ipynb whose cells are these.
struct Notebook {
  std::string uri;
  std::string path;
  int version = 0;
  std::vector<std::pair<std::string, bool>> cells;  // (cell URI, is code)
  View view;
  std::vector<std::string> published;  // cell URIs that were sent diagnostics
};

json ErrorDiagnostic(const std::string& message) {
  return {{"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}}},
          {"severity", 1},
          {"source", "tfmigrate"},
          {"message", message}};
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
  void PublishTo(const std::string& uri, json diags, std::optional<int> version = std::nullopt) {
    json p = {{"uri", uri}, {"diagnostics", std::move(diags)}};
    if (version) p["version"] = *version;
    Notify("textDocument/publishDiagnostics", std::move(p));
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
        if (docs_.erase(uri)) PublishTo(uri, json::array());
      } else if (method == "notebookDocument/didOpen") {
        NotebookOpen(params);
      } else if (method == "notebookDocument/didChange") {
        NotebookChange(params);
      } else if (method == "notebookDocument/didSave") {
        if (auto it = notebooks_.find(params.at("notebookDocument").at("uri").get<std::string>()); it != notebooks_.end())
          PublishNotebook(it->second);
      } else if (method == "notebookDocument/didClose") {
        NotebookClose(params);
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
              {"notebookDocumentSync",
               {{"notebookSelector", json::array({{{"notebook", {{"notebookType", "jupyter-notebook"}}},
                                                   {"cells", json::array({{{"language", "python"}}})}}})},
                {"save", true}}},
              {"codeActionProvider", {{"codeActionKinds", {"quickfix", "source.fixAll.tfmigrate"}}}},
              {"hoverProvider", true}}},
            {"serverInfo", {{"name", "tfmigrate"}, {"version", TFMIGRATE_VERSION}}}};
  }

  // --- text documents

  void Open(const std::string& uri, std::string text, int version) {
    Document& d = docs_[uri];
    d.uri = uri;
    d.path = PathOfUri(uri).value_or(uri);
    d.text = std::move(text);
    d.version = version;
    Publish(d);
  }

  // Applies LSP content changes (whole text, or a range) to `text`.
  static void ApplyChanges(std::string& text, const std::string& path, const json& changes) {
    for (const json& ch : changes) {
      if (!ch.contains("range")) {
        text = ch.at("text").get<std::string>();
        continue;
      }
      // Incremental change (a client may send it even when offered full sync).
      auto src = SourceFromBytes(text, path, SourceKind::kPython);
      if (!src) continue;
      src->BuildLineIndex();
      uint32_t b = ByteOf(*src, ch["range"].at("start"));
      uint32_t e = ByteOf(*src, ch["range"].at("end"));
      if (e < b) std::swap(b, e);
      text.replace(b, e - b, ch.at("text").get<std::string>());
    }
  }

  void Change(const json& params) {
    const json& td = params.at("textDocument");
    auto it = docs_.find(td.at("uri").get<std::string>());
    if (it == docs_.end()) return;
    Document& d = it->second;
    ApplyChanges(d.text, d.path, params.at("contentChanges"));
    d.version = td.value("version", d.version);
    Publish(d);
  }

  // Analyses `bytes` as `path` (a Python source or a notebook's JSON) into `view`; the
  // diagnostics that cannot be placed (configuration, unreadable input) are returned.
  json Analyse(std::string bytes, const std::string& path, SourceKind kind, View& view) {
    view.result.reset();
    json errors = json::array();
    auto src = SourceFromBytes(std::move(bytes), path, kind, opts_.source);
    if (!src) {
      errors.push_back(ErrorDiagnostic(src.error().message));
      return errors;
    }
    std::shared_ptr<const Config> cfg = opts_.isolated ? std::make_shared<const Config>() : configs_.For(path);
    auto r = std::make_shared<FileResult>(AnalyzeSource(parser_, std::move(*src), cfg.get(), opts_));
    for (auto& e : configs_.TakeErrors()) errors.push_back(ErrorDiagnostic(e.message));
    if (r->error) errors.push_back(ErrorDiagnostic(r->error->message));
    else if (r->source) view.result = std::move(r);
    return errors;
  }

  void Publish(Document& d) {
    d.view.uri = d.uri;
    json diags = json::array();
    if (IsPythonPath(d.path)) {
      diags = Analyse(d.text, d.path, SourceKind::kPython, d.view);
      if (d.view.result)
        for (auto& [uri, lsp] : Folded(d.view)) diags.push_back(std::move(lsp));
    } else {
      d.view.result.reset();
    }
    PublishTo(d.uri, std::move(diags), d.version);
  }

  // --- notebooks

  void NotebookOpen(const json& params) {
    const json& nd = params.at("notebookDocument");
    Notebook& nb = notebooks_[nd.at("uri").get<std::string>()];
    nb.uri = nd.at("uri");
    nb.path = PathOfUri(nb.uri).value_or(nb.uri);
    nb.version = nd.value("version", 0);
    nb.cells.clear();
    for (const json& c : nd.at("cells")) nb.cells.emplace_back(c.at("document").get<std::string>(), c.value("kind", 2) == 2);
    for (const json& td : params.value("cellTextDocuments", json::array()))
      cell_text_[td.at("uri").get<std::string>()] = td.at("text").get<std::string>();
    PublishNotebook(nb);
  }

  void NotebookChange(const json& params) {
    auto it = notebooks_.find(params.at("notebookDocument").at("uri").get<std::string>());
    if (it == notebooks_.end()) return;
    Notebook& nb = it->second;
    nb.version = params.at("notebookDocument").value("version", nb.version);
    const json change = params.value("change", json::object());
    const json cells = change.value("cells", json::object());
    if (cells.contains("structure")) {
      const json& st = cells["structure"];
      const json& arr = st.at("array");
      size_t start = std::min<size_t>(arr.at("start").get<size_t>(), nb.cells.size());
      size_t count = std::min<size_t>(arr.value("deleteCount", 0u), nb.cells.size() - start);
      std::vector<std::pair<std::string, bool>> added;
      for (const json& c : arr.value("cells", json::array()))
        added.emplace_back(c.at("document").get<std::string>(), c.value("kind", 2) == 2);
      nb.cells.erase(nb.cells.begin() + start, nb.cells.begin() + start + count);
      nb.cells.insert(nb.cells.begin() + start, added.begin(), added.end());
      for (const json& td : st.value("didOpen", json::array()))
        cell_text_[td.at("uri").get<std::string>()] = td.at("text").get<std::string>();
      for (const json& td : st.value("didClose", json::array())) cell_text_.erase(td.at("uri").get<std::string>());
    }
    for (const json& c : cells.value("data", json::array())) {
      std::string uri = c.at("document");
      for (auto& cell : nb.cells)
        if (cell.first == uri) cell.second = c.value("kind", 2) == 2;
    }
    for (const json& tc : cells.value("textContent", json::array())) {
      std::string uri = tc.at("document").at("uri");
      ApplyChanges(cell_text_[uri], nb.path, tc.at("changes"));
    }
    PublishNotebook(nb);
  }

  void NotebookClose(const json& params) {
    auto it = notebooks_.find(params.at("notebookDocument").at("uri").get<std::string>());
    if (it == notebooks_.end()) return;
    for (const auto& uri : it->second.published) PublishTo(uri, json::array());
    for (const auto& [uri, code] : it->second.cells) cell_text_.erase(uri);
    notebooks_.erase(it);
  }

  void PublishNotebook(Notebook& nb) {
    json ipynb = {{"cells", json::array()}, {"metadata", json::object()}, {"nbformat", 4}, {"nbformat_minor", 5}};
    nb.view.cell_uris.clear();
    for (const auto& [uri, code] : nb.cells) {
      json cell = {{"cell_type", code ? "code" : "markdown"}, {"metadata", json::object()}, {"source", cell_text_[uri]}};
      if (code) {
        cell["outputs"] = json::array();
        cell["execution_count"] = nullptr;
        nb.view.cell_uris.push_back(uri);
      }
      ipynb["cells"].push_back(std::move(cell));
    }
    std::map<std::string, json> by_cell;
    for (const auto& [uri, code] : nb.cells) by_cell[uri] = json::array();
    json errors = json::array();
    if (!nb.view.cell_uris.empty()) {
      errors = Analyse(ipynb.dump(), nb.path, SourceKind::kNotebook, nb.view);
      if (nb.view.result && nb.view.src().cells.size() != nb.view.cell_uris.size()) nb.view.result.reset();
      if (nb.view.result)
        for (auto& [uri, d] : Folded(nb.view)) by_cell[uri].push_back(std::move(d));
    } else {
      nb.view.result.reset();
    }
    // Diagnostics that belong to no cell go to the first cell.
    if (!errors.empty() && !nb.cells.empty())
      for (auto& e : errors) by_cell[nb.cells.front().first].push_back(std::move(e));
    for (const auto& uri : nb.published)
      if (!by_cell.count(uri)) PublishTo(uri, json::array());  // a removed cell
    nb.published.clear();
    for (auto& [uri, diags] : by_cell) {
      nb.published.push_back(uri);
      PublishTo(uri, std::move(diags));
    }
  }

  // The view a document URI belongs to: a text document, or a notebook's cell.
  const View* ViewOf(const std::string& uri) const {
    if (auto it = docs_.find(uri); it != docs_.end()) return it->second.view.result ? &it->second.view : nullptr;
    for (const auto& [nb_uri, nb] : notebooks_)
      if (nb.view.result && std::find(nb.view.cell_uris.begin(), nb.view.cell_uris.end(), uri) != nb.view.cell_uris.end())
        return &nb.view;
    return nullptr;
  }

  // --- diagnostics, code actions, hover

  static std::pair<std::string, json> ToLsp(const View& v, const Diagnostic& d, size_t index) {
    int severity = d.severity == Severity::kError ? 1 : d.severity == Severity::kWarning ? 2 : 3;
    std::string message = d.message;
    for (const auto& n : d.notes) message += "\nnote: " + n;
    auto [uri, range] = v.Range(d.begin_byte, d.end_byte);
    json j = {{"range", std::move(range)},
              {"severity", severity},
              {"code", d.rule_id},
              {"source", "tfmigrate"},
              {"message", d.rule_name.empty() || d.rule_name == d.rule_id ? message
                                                                           : fmt::format("[{}] {}", d.rule_name, message)},
              {"data", {{"index", index}}}};
    return {uri, j};
  }

  // One LSP diagnostic per hazard per token, as the other formats report (FoldByToken):
  // the primary finding, with the others on the same token as its relatedInformation and
  // named in its message. Each finding keeps its own quick fix (CodeActions).
  static std::vector<std::pair<std::string, json>> Folded(const View& v) {
    std::vector<std::pair<std::string, json>> out;
    const auto& ds = v.result->diagnostics;
    for (const FoldedFinding& f : FoldByToken(ds)) {
      auto [uri, lsp] = ToLsp(v, *f.primary, static_cast<size_t>(f.primary - ds.data()));
      if (!f.related.empty()) {
        json rel = json::array();
        std::string also;
        for (const Diagnostic* r : f.related) {
          auto [r_uri, r_range] = v.Range(r->begin_byte, r->end_byte);
          rel.push_back({{"location", {{"uri", r_uri}, {"range", std::move(r_range)}}},
                         {"message", fmt::format("{}: {}", r->rule_id, r->message)}});
          also += (also.empty() ? "" : ", ") + r->rule_id;
        }
        lsp["relatedInformation"] = std::move(rel);
        lsp["message"] = lsp["message"].get<std::string>() + " (also " + also + ")";
      }
      out.emplace_back(std::move(uri), std::move(lsp));
    }
    return out;
  }

  // A fix as LSP text edits, grouped by the document each edit falls in.
  static void AddEdits(const View& v, const Fix& fix, json& changes) {
    for (const Edit& e : fix.edits) {
      auto [uri, range] = v.Range(e.begin, e.end);
      if (!changes.contains(uri)) changes[uri] = json::array();
      changes[uri].push_back({{"range", std::move(range)}, {"newText", e.replacement}});
    }
  }

  json CodeActions(const json& params) {
    json actions = json::array();
    std::string uri = params.at("textDocument").at("uri");
    const View* v = ViewOf(uri);
    if (!v) return actions;
    const FileResult& r = *v->result;
    auto b = v->ByteAt(uri, params.at("range").at("start"));
    auto e = v->ByteAt(uri, params.at("range").at("end"));
    if (!b || !e) return actions;
    uint32_t begin = *b, end = *e;
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
        // the finding is in this document and overlaps the requested range (an empty
        // range: the cursor inside it)
        auto [d_uri, lsp] = ToLsp(*v, d, i);
        if (d_uri != uri || !(d.begin_byte <= end && begin <= d.end_byte)) continue;
        bool safe = d.fix->safety == FixSafety::kSafe;
        std::string title = fmt::format("{}: {}{}", d.rule_id, d.fix->title,
                                        safe ? "" : " (unsafe fix: may change what the program computes)");
        json changes = json::object();
        AddEdits(*v, *d.fix, changes);
        actions.push_back({{"title", title},
                           {"kind", "quickfix"},
                           {"diagnostics", json::array({lsp})},
                           {"isPreferred", safe},
                           {"edit", {{"changes", std::move(changes)}}}});
      }
    }
    if (wanted("source.fixAll.tfmigrate")) {
      // Every safe fix whose edits do not overlap an earlier one's (the rest show up
      // again after the document changes, as `rewrite` applies them in passes).
      json changes = json::object();
      std::vector<std::pair<uint32_t, uint32_t>> taken;
      for (const Diagnostic& d : r.diagnostics) {
        if (!d.fix || d.fix->safety != FixSafety::kSafe) continue;
        bool clash = false;
        for (const Edit& ed : d.fix->edits)
          for (auto [tb, te] : taken) {
            bool overlap = ed.begin < te && tb < ed.end;
            bool same_insertion_point = ed.begin == ed.end && tb == te && tb == ed.begin;
            if (overlap || same_insertion_point) clash = true;
          }
        if (clash) continue;
        for (const Edit& ed : d.fix->edits) taken.emplace_back(ed.begin, ed.end);
        AddEdits(*v, *d.fix, changes);
      }
      if (!changes.empty())
        actions.push_back({{"title", "tfmigrate: apply every safe fix"},
                           {"kind", "source.fixAll.tfmigrate"},
                           {"edit", {{"changes", std::move(changes)}}}});
    }
    return actions;
  }

  json Hover(const json& params) {
    std::string uri = params.at("textDocument").at("uri");
    const View* v = ViewOf(uri);
    if (!v) return nullptr;
    auto at = v->ByteAt(uri, params.at("position"));
    if (!at) return nullptr;
    std::string value;
    const Diagnostic* first = nullptr;
    std::vector<std::string> shown;
    for (const Diagnostic& d : v->result->diagnostics) {
      if (*at < d.begin_byte || *at > d.end_byte) continue;
      if (std::find(shown.begin(), shown.end(), d.rule_id) != shown.end()) continue;
      shown.push_back(d.rule_id);
      if (!first) first = &d;
      std::string_view page = RuleDoc(d.rule_id);
      if (!value.empty()) value += "\n\n---\n\n";
      value += page.empty() ? fmt::format("**{}** {}", d.rule_id, d.message) : PageWithoutHeaderMarker(page);
    }
    if (!first) return nullptr;
    return {{"contents", {{"kind", "markdown"}, {"value", value}}},
            {"range", v->Range(first->begin_byte, first->end_byte).second}};
  }

  AnalyzeOptions opts_;
  ConfigResolver configs_;
  PythonParser parser_;
  std::map<std::string, Document> docs_;
  std::map<std::string, Notebook> notebooks_;
  std::map<std::string, std::string> cell_text_;
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
