/**
 * The editor check of `rules lsp` in a real editor: Neovim (its built-in LSP client, set up by
 * editors/neovim/rules-lsp.lua) runs under tmux on a temporary copy of a game; a mistake typed
 * into the buffer (never saved) must show as a diagnostic, and hover on a `ref` must show the
 * seed line. The screen is captured with its colours (tmux capture-pane -e), turned into HTML
 * by aha and shot with headless Chromium into docs/editing-neovim.png.
 *
 *   npx tsx scripts/neovim-lsp-check.ts        (needs: nvim ≥ 0.7, tmux, aha, chromium)
 * Exit 1 when the editor did not show what it should.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyGames } from '../test/lsp/client.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const session = `rules-lsp-check-${process.pid}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });

const copy = copyGames('cash-n-guns');
// the copy is a repository of its own for `npx rules`: the package, its bin and modules are the real ones
copyFileSync(join(repo, 'package.json'), join(copy.root, 'package.json'));
symlinkSync(join(repo, 'node_modules'), join(copy.root, 'node_modules'));
symlinkSync(join(repo, 'bin'), join(copy.root, 'bin'));
const file = copy.file('cash-n-guns', 'round.yaml');
const before = readFileSync(file, 'utf8');
const init = join(copy.root, 'init.lua');
writeFileSync(
  init,
  [
    `dofile(${JSON.stringify(join(repo, 'editors', 'neovim', 'rules-lsp.lua'))})`,
    "vim.opt.number = true",
    "vim.opt.termguicolors = false",
    "vim.diagnostic.config({ virtual_text = true, signs = true })",
  ].join('\n'),
);

let failed = false;
/** wait (up to a minute: the machine may be busy) until the screen shows `needle` */
const expectScreen = async (needle: RegExp, what: string): Promise<void> => {
  for (const t0 = Date.now(); Date.now() - t0 < 60_000; await sleep(500)) {
    if (needle.test(tmux('capture-pane', '-p', '-t', session))) {
      console.log(`ok: ${what}`);
      return;
    }
  }
  failed = true;
  console.log(`FAILED: ${what} (${needle}) not on the screen`);
};

try {
  tmux('new-session', '-d', '-s', session, '-x', '150', '-y', '42', '-c', copy.root, `TERM=xterm-256color nvim -u ${init} ${file}`);
  await sleep(3000); // Neovim starts, and the server (npx, tsx) with it
  // a zone that does not exist, typed into the buffer (not saved)
  tmux('send-keys', '-t', session, ':%s/move: billDeck$/move: billDek/', 'Enter');
  await expectScreen(/billDek.*(zone|name)/, 'the unknown zone is reported on its line');
  // hover on the ref of phase-1-bills (the line after "id: phase-1-bills" + source:)
  const refLine = before.split('\n').findIndex((l, i, all) => l.includes('ref: "003:85"') && all[i - 3]?.includes('phase-1-bills')) + 1;
  tmux('send-keys', '-t', session, `:${refLine}`, 'Enter', '0f"l', 'K');
  await expectScreen(/85: /, 'hover on the ref shows the seed line');
  const ansi = tmux('capture-pane', '-e', '-p', '-t', session);
  const html = spawnSync('aha', ['--black', '--title', 'rules lsp in Neovim'], { input: ansi, encoding: 'utf8' }).stdout.replace(
    '<pre>',
    '<pre style="font-family: \'DejaVu Sans Mono\', \'Noto Sans Mono CJK SC\', monospace; font-size: 14px; line-height: 1.25; margin: 8px;">',
  );
  const page = join(copy.root, 'screen.html');
  writeFileSync(page, html);
  const png = join(repo, 'docs', 'editing-neovim.png');
  spawnSync('chromium', ['--headless', '--no-sandbox', '--disable-gpu', `--screenshot=${png}`, '--window-size=1300,770', '--hide-scrollbars', `file://${page}`], { encoding: 'utf8' });
  console.log(`screenshot: ${png}`);
  tmux('send-keys', '-t', session, 'Escape', ':qa!', 'Enter');
  await sleep(500);
  if (readFileSync(file, 'utf8') !== before) {
    failed = true;
    console.log('FAILED: the file changed on disk');
  } else console.log('ok: nothing was written');
} finally {
  spawnSync('tmux', ['kill-session', '-t', session]);
  copy.remove();
}
process.exit(failed ? 1 : 0);
