-- Opens the note $NOTE in Neovim with `$VAULTLINT server` attached, and
-- asks for completion in it as an editor does: in its successor value,
-- begun as `"[[Exp` with the editor's closing `]]"` after the cursor, and
-- after `[[` in its body. Each item for the note $NAME is accepted (its
-- text edit applied to the buffer) and the lines that leave are written
-- to $OUT. Then a rename on the value (to $NEW_NAME) is asked for and
-- applied, and every buffer written. Waits are bounds on a hang (20 s).
-- Written for Neovim 0.7, Debian's.
local bin, root, note, out = os.getenv("VAULTLINT"), os.getenv("ROOT"), os.getenv("NOTE"), os.getenv("OUT")
local name, new_name = os.getenv("NAME"), os.getenv("NEW_NAME")
vim.cmd("edit " .. vim.fn.fnameescape(note))
-- Neovim 0.7 applies documentChanges, file renames among them
-- (vim.lsp.util.apply_workspace_edit), but does not say so; the server
-- renames a note only for a client that does.
local capabilities = vim.lsp.protocol.make_client_capabilities()
capabilities.workspace.workspaceEdit.documentChanges = true
local client = vim.lsp.start_client({
  name = "vaultlint",
  cmd = { bin, "server" },
  root_dir = root,
  capabilities = capabilities,
  init_options = { debounceMs = 0 },
})
vim.lsp.buf_attach_client(0, client)
vim.wait(20000, function()
  return next(vim.lsp.buf_get_clients(0)) ~= nil
end, 20)
local written = {}
local function accept(line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = line, character = character } }
  local answers = vim.lsp.buf_request_sync(0, "textDocument/completion", params, 20000) or {}
  for _, answer in pairs(answers) do
    for _, item in ipairs(answer.result or {}) do
      if item.textEdit and item.textEdit.newText:find(name, 1, true) then
        vim.lsp.util.apply_text_edits({ item.textEdit }, 0, "utf-16")
        table.insert(written, vim.api.nvim_buf_get_lines(0, line, line + 1, false)[1])
        return
      end
    end
  end
  table.insert(written, "no item")
end
-- The successor value, begun, the editor's closing after the cursor.
local value = 3
vim.api.nvim_buf_set_lines(0, value, value + 1, false, { 'superseded_by: "[[Exp]]"' })
accept(value, 21)
-- A link begun in the body.
local last = vim.api.nvim_buf_line_count(0)
vim.api.nvim_buf_set_lines(0, last, last, false, { "See [[Exp" })
accept(last, 9)
-- Rename the note the value names.
local params = {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = value, character = 22 },
  newName = new_name,
}
local answers = vim.lsp.buf_request_sync(0, "textDocument/rename", params, 20000) or {}
for _, answer in pairs(answers) do
  if answer.result then
    vim.lsp.util.apply_workspace_edit(answer.result, "utf-16")
    table.insert(written, "renamed")
  else
    table.insert(written, "not renamed: " .. vim.inspect(answer.error))
  end
end
vim.cmd("silent! wall")
vim.fn.writefile(written, out)
vim.lsp.stop_client(client)
vim.wait(10000, function()
  return vim.lsp.client_is_stopped(client)
end, 20)
vim.cmd("qa!")
