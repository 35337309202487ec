-- `rules lsp` in Neovim's built-in LSP client (Neovim 0.7 or later): rules/**/*.yaml and
-- test/conformance/**/*.yaml files attach to one `npx rules lsp --stdio`, started in the folder
-- that holds rules/ and package.json. Load it from your init.lua:
--   dofile('/path/to/the/repository/editors/neovim/rules-lsp.lua')
local clients = {}

-- the repository a file belongs to: the nearest folder above it with rules/ and package.json
local function root_of(file)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  while dir ~= '/' and dir ~= '' do
    if vim.fn.isdirectory(dir .. '/rules') == 1 and vim.fn.filereadable(dir .. '/package.json') == 1 then
      return dir
    end
    dir = vim.fn.fnamemodify(dir, ':h')
  end
  return nil
end

local function attach(buf)
  local root = root_of(vim.api.nvim_buf_get_name(buf))
  if not root then return end
  if not clients[root] then
    clients[root] = vim.lsp.start_client({
      name = 'rules',
      cmd = { 'npx', 'rules', 'lsp', '--stdio' },
      cmd_cwd = root,
      root_dir = root,
      on_attach = function(_, bufnr)
        -- the usual keys (a sketch: keep your own if you have them)
        local opts = { buffer = bufnr }
        vim.keymap.set('n', 'K', vim.lsp.buf.hover, opts)
        vim.keymap.set('n', 'gd', vim.lsp.buf.definition, opts)
        vim.keymap.set('n', 'gr', vim.lsp.buf.references, opts)
        vim.keymap.set('n', '<leader>a', vim.lsp.buf.code_action, opts)
      end,
    })
  end
  vim.lsp.buf_attach_client(buf, clients[root])
end

vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
  pattern = { '*/rules/*.yaml', '*/test/conformance/*.yaml' },
  callback = function(args) attach(args.buf) end,
})
