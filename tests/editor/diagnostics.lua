-- Opens the note $NOTE in Neovim, attaches `$VAULTLINT server` to it as
-- an editor's LSP client does, waits for its diagnostics (up to 20 s, as a
-- bound on a hang), and writes them to $OUT, one a line:
-- `line:column severity code message`. Written for Neovim 0.7, Debian's,
-- whose client is started with vim.lsp.start_client.
local bin, root, note, out = os.getenv("VAULTLINT"), os.getenv("ROOT"), os.getenv("NOTE"), os.getenv("OUT")
vim.cmd("edit " .. vim.fn.fnameescape(note))
local client = vim.lsp.start_client({
  name = "vaultlint",
  cmd = { bin, "server" },
  root_dir = root,
  init_options = { debounceMs = 0 },
})
vim.lsp.buf_attach_client(0, client)
vim.wait(20000, function()
  return #vim.diagnostic.get(0) > 0
end, 20)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
  local message = d.message:gsub("\n.*", "")
  table.insert(lines, string.format("%d:%d %d %s %s", d.lnum + 1, d.col + 1, d.severity, code, message))
end
vim.fn.writefile(lines, out)
vim.lsp.stop_client(client)
vim.wait(10000, function()
  return vim.lsp.client_is_stopped(client)
end, 20)
vim.cmd("qa!")
