#!/usr/bin/env python3
"""CTest `lsp_protocol`: the transport edge cases of `tfmigrate server` (the editor-level
behavior is tests/lsp_neovim.sh's): a malformed header and a body that is not JSON get
JSON-RPC errors and the server goes on; an unknown request gets MethodNotFound; a
document that is not a Python file gets no findings; a non-UTF-8 document gets one
diagnostic saying so; `exit` after `shutdown` ends with 0, and end of input without
`shutdown` with 1.   Usage: lsp_protocol.py TFMIGRATE"""
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

# A document with bytes that are not UTF-8 (a client sends them as-is in JSON only if
# broken; the server must not crash and reports one diagnostic).
bad = b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/x.py","languageId":"python","version":1,"text":"import tensorflow as tf\\n\xff\xfe"}}}'
rc, msgs = run(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}) + frame(bad))
assert rc == 1
print("replies to a document with invalid UTF-8:", [m.get("method") or m.get("error") for m in msgs[1:]])
print("lsp_protocol: OK")
