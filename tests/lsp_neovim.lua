-- Driven by tests/lsp_neovim.sh: Neovim (headless, no user configuration) as the
-- language client of `tfmigrate server`. Opens a TF1 script, waits for the diagnostics,
-- asks for the code actions on the `tf.placeholder` finding, applies the preferred one,
-- waits for the diagnostics of the changed buffer, saves, hovers over a finding, and
-- writes what it saw as JSON to $OUT. Any failure ends Neovim with exit code 1.
local exe, file, out = os.getenv("TFM_EXE"), os.getenv("TFM_FILE"), os.getenv("OUT")
local result = { log = {} }
local function finish(code)
  local f = io.open(out, "w")
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd((code == 0) and "qall!" or "cquit! 1")
end
local function fail(msg)
  result.error = msg
  finish(1)
end

local ok, err = pcall(function()
  local client_id = vim.lsp.start_client({
    name = "tfmigrate",
    cmd = { exe, "server" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
  })
  if not client_id then return fail("the client did not start") end
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)

  local function codes()
    local t = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      table.insert(t, string.format("%d:%d:%s", d.lnum + 1, d.col + 1, d.code or "?"))
    end
    table.sort(t)
    return t
  end
  if not vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
    return fail("no diagnostics within 15 s of opening the file")
  end
  result.opened = codes()

  -- The TFM102 finding on `tf.placeholder` (line 3).
  local target
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == "TFM102" and d.lnum == 2 then target = d end
  end
  if not target then return fail("no TFM102 finding on line 3") end
  local lsp_diag = target.user_data and target.user_data.lsp
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = { start = { line = target.lnum, character = target.col },
              ["end"] = { line = target.end_lnum, character = target.end_col } },
    context = { diagnostics = { lsp_diag } },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, 10000)
  if not responses or not responses[client_id] or not responses[client_id].result then
    return fail("no code action response")
  end
  local preferred
  result.actions = {}
  for _, a in ipairs(responses[client_id].result) do
    table.insert(result.actions, a.title)
    if a.isPreferred and a.kind == "quickfix" and not preferred then preferred = a end
  end
  if not preferred then return fail("no preferred quick fix") end
  vim.lsp.util.apply_workspace_edit(preferred.edit, "utf-16")
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  result.text = table.concat(lines, "\n")

  -- The changed buffer is sent (didChange) and analysed again: no TFM102 on the
  -- placeholder's line any more (the fix also inserted a line after the import).
  local placeholder_line
  for i, l in ipairs(lines) do
    if l:find("placeholder", 1, true) then placeholder_line = i - 1 end
  end
  -- (the new diagnostics have arrived once TFM202 is reported on the moved line).
  local changed = vim.wait(15000, function()
    local moved = false
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.code == "TFM102" and d.lnum == placeholder_line then return false end
      if d.code == "TFM202" and d.lnum == placeholder_line then moved = true end
    end
    return moved
  end, 50)
  if not changed then return fail("the fixed finding is still reported 15 s after the edit") end
  result.after_fix = codes()
  vim.cmd("write")

  -- Hover over `tf.Session`: the rule pages of its findings.
  local session_line
  for i, l in ipairs(lines) do
    if l:find("tf.Session", 1, true) then session_line = i - 1 end
  end
  local hover = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    position = { line = session_line, character = 8 },
  }, 10000)
  local h = hover and hover[client_id] and hover[client_id].result
  result.hover = h and h.contents and h.contents.value or ""

  vim.lsp.stop_client(client_id)
  finish(0)
end)
if not ok then fail(tostring(err)) end
