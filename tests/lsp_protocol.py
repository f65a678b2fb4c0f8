#!/usr/bin/env python3
"""CTest `lsp_protocol`: the transport edge cases of `tfmigrate server` (the editor-level
behavior is tests/lsp_neovim.sh's): a malformed header and a body that is not JSON get
JSON-RPC errors and the server goes on; an unknown request gets MethodNotFound; a
document that is not a Python file gets no findings; a non-UTF-8 document gets one
diagnostic saying so; `exit` after `shutdown` ends with 0, and end of input without
`shutdown` with 1; findings on one token are one diagnostic with relatedInformation.   Usage: lsp_protocol.py TFMIGRATE"""
import json
import subprocess
import sys

exe = sys.argv[1]


def frame(obj_or_bytes):
    body = obj_or_bytes if isinstance(obj_or_bytes, bytes) else json.dumps(obj_or_bytes).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def messages(data):
    out = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        n = int(head.split(b":")[1])
        out.append(json.loads(rest[:n]))
        data = rest[n:]
    return out


def run(stream):
    p = subprocess.run([exe, "server", "--isolated"], input=stream, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60)
    return p.returncode, messages(p.stdout)


py_uri = "file:///tmp/tfm_lsp_protocol/a%20b.py"
stream = b"".join([
    frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    b"Content-Length: nonsense\r\n\r\n",
    frame(b"{not json"),
    frame({"jsonrpc": "2.0", "id": 2, "method": "workspace/unknownThing", "params": {}}),
    frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": py_uri, "languageId": "python", "version": 1,
        "text": "import tensorflow as tf\ns = tf.Session()  # \u00e9\u00e9 \U0001F600\nx = tf.placeholder(tf.float32)\n"}}}),
    frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///tmp/notes.txt", "languageId": "text", "version": 1, "text": "tf.Session()"}}}),
    frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": py_uri}, "range": {"start": {"line": 2, "character": 6},
                                                    "end": {"line": 2, "character": 6}},
        "context": {"diagnostics": []}}}),
    frame({"jsonrpc": "2.0", "id": 4, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": py_uri}}}),
    frame({"jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": "file:///nowhere.py"}, "position": {"line": 0, "character": 0}}}),
    frame({"jsonrpc": "2.0", "id": 5, "method": "shutdown"}),
    frame({"jsonrpc": "2.0", "method": "exit"}),
])
rc, msgs = run(stream)
by_id = {m["id"]: m for m in msgs if "id" in m}
notes = [m for m in msgs if m.get("method") == "textDocument/publishDiagnostics"]
errors_without_id = [m for m in msgs if "error" in m and m.get("id") is None]
assert rc == 0, f"exit code {rc} after shutdown + exit"
assert by_id[1]["result"]["capabilities"]["hoverProvider"] is True
assert len(errors_without_id) == 2 and all(m["error"]["code"] == -32700 for m in errors_without_id), errors_without_id
assert by_id[2]["error"]["code"] == -32601, by_id[2]
py = [n for n in notes if n["params"]["uri"] == py_uri][0]["params"]["diagnostics"]
codes = sorted((d["range"]["start"]["line"], d["range"]["start"]["character"], d["code"]) for d in py)
assert (1, 4, "TFM102") in codes and (2, 4, "TFM102") in codes, codes
txt = [n for n in notes if n["params"]["uri"] == "file:///tmp/notes.txt"][0]["params"]["diagnostics"]
assert txt == [], txt
actions = by_id[3]["result"]
assert any(a["title"].startswith("TFM102: ") and a["isPreferred"] for a in actions), actions
edit = [a for a in actions if a["title"].startswith("TFM102: ")][0]["edit"]["changes"][py_uri][0]
assert edit["range"]["start"] == {"line": 2, "character": 4}, edit
assert by_id[4]["error"]["code"] == -32602, by_id[4]  # missing range: invalid params, not a crash
assert by_id[5]["result"] is None
assert by_id[6]["result"] is None  # a document never opened: nothing to show

# UTF-16 positions after a character outside the BMP (a surrogate pair).
stream = b"".join([
    frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}),
    frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": py_uri, "languageId": "python", "version": 1,
        "text": "import tensorflow as tf\nz = '\U0001F600'; s = tf.Session()\n"}}}),
])
rc, msgs = run(stream)
assert rc == 1, f"exit code {rc} at end of input without shutdown"
diags = [m for m in msgs if m.get("method") == "textDocument/publishDiagnostics"][0]["params"]["diagnostics"]
starts = {(d["range"]["start"]["line"], d["range"]["start"]["character"]) for d in diags if d["code"] == "TFM102"}
assert (1, 14) in starts, starts  # "z = '" is 5 units, the emoji 2, "'; s = " 7

# A notebook through LSP's notebook document sync: a markdown cell, then two code cells;
# each code cell gets its own diagnostics at cell-relative positions, a code action on a
# cell edits that cell, and editing a cell's text re-analyses the notebook.
nb_uri = "file:///tmp/tfm_lsp_protocol/nb.ipynb"
cell = lambda k: f"vscode-notebook-cell:/tmp/tfm_lsp_protocol/nb.ipynb#C{k}"
stream = b"".join([
    frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}),
    frame({"jsonrpc": "2.0", "method": "notebookDocument/didOpen", "params": {
        "notebookDocument": {"uri": nb_uri, "notebookType": "jupyter-notebook", "version": 1, "cells": [
            {"kind": 1, "document": cell(0)}, {"kind": 2, "document": cell(1)}, {"kind": 2, "document": cell(2)}]},
        "cellTextDocuments": [
            {"uri": cell(0), "languageId": "markdown", "version": 1, "text": "# tf.Session() in prose"},
            {"uri": cell(1), "languageId": "python", "version": 1, "text": "import tensorflow as tf\n"},
            {"uri": cell(2), "languageId": "python", "version": 1, "text": "x = 1\nsess = tf.Session()\n"}]}}),
    frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": cell(2)}, "range": {"start": {"line": 1, "character": 9},
                                                     "end": {"line": 1, "character": 9}},
        "context": {"diagnostics": [], "only": ["quickfix"]}}}),
    frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": cell(2)}, "position": {"line": 1, "character": 9}}}),
    frame({"jsonrpc": "2.0", "method": "notebookDocument/didChange", "params": {
        "notebookDocument": {"uri": nb_uri, "version": 2},
        "change": {"cells": {"textContent": [{"document": {"uri": cell(2), "version": 2},
                                               "changes": [{"text": "x = 1\n"}]}]}}}}),
    frame({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}),
    frame({"jsonrpc": "2.0", "method": "exit"}),
])
rc, msgs = run(stream)
assert rc == 0
pubs = [m["params"] for m in msgs if m.get("method") == "textDocument/publishDiagnostics"]
first = {p["uri"]: p["diagnostics"] for p in pubs[:3]}
assert set(first) == {cell(0), cell(1), cell(2)}, list(first)
assert first[cell(0)] == [] and first[cell(1)] == [], first
c2 = sorted((d["range"]["start"]["line"], d["range"]["start"]["character"], d["code"]) for d in first[cell(2)])
# one diagnostic per hazard per token: TFM201 on the same token is folded into TFM102's
# (as in every other format) as related information, named in the message
assert (1, 7, "TFM102") in c2 and (1, 7, "TFM201") not in c2, c2
d102 = [d for d in first[cell(2)] if d["code"] == "TFM102"][0]
assert [r["message"].split(":")[0] for r in d102["relatedInformation"]] == ["TFM201"], d102
assert d102["relatedInformation"][0]["location"]["uri"] == cell(2), d102
assert d102["message"].endswith("(also TFM201)"), d102["message"]
by_id = {m["id"]: m for m in msgs if "id" in m}
acts = by_id[2]["result"]
fix = [a for a in acts if a["title"].startswith("TFM102: ")][0]["edit"]["changes"]
# `tf` -> `tf.compat.v1` in cell 2, and the behavior toggle after the import in cell 1
assert fix[cell(2)] == [{"newText": "tf.compat.v1", "range": {"start": {"line": 1, "character": 7},
                                                               "end": {"line": 1, "character": 9}}}], fix
assert fix[cell(1)][0]["newText"].strip() == "tf.compat.v1.disable_v2_behavior()", fix
assert "# TFM201" in by_id[3]["result"]["contents"]["value"]
after = {p["uri"]: p["diagnostics"] for p in pubs[3:]}
assert after.get(cell(2)) == [], after  # the session is gone from cell 2

# A document with bytes that are not UTF-8 (a client sends them as-is in JSON only if
# broken; the server must not crash and reports one diagnostic).
bad = b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/x.py","languageId":"python","version":1,"text":"import tensorflow as tf\\n\xff\xfe"}}}'
rc, msgs = run(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}) + frame(bad))
assert rc == 1
print("replies to a document with invalid UTF-8:", [m.get("method") or m.get("error") for m in msgs[1:]])
print("lsp_protocol: OK")
