// What the browser tests and the benchmark share: the built page served on 127.0.0.1
// (python3 -m http.server, as web/serve.sh), Debian's chromium through playwright-core,
// the CLI's answers, and the shared data.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE = path.join(ROOT, 'target/web');

/** Serves `dir` (target/web) on 127.0.0.1 (a free port); resolves to {origin, close}. */
export async function serve(dir = SITE) {
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: run web/build.sh first`);
  }
  const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: python3 may be a wrapper (pyenv's shim), and closing stops both.
    detached: true,
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`http.server did not start: ${out}`)), 10000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /port (\d+)/.exec(out);
      if (m) { clearTimeout(timer); resolve(Number(m[1])); }
    });
    child.stderr.resume();
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`http.server exited (${code}): ${out}`)); });
  });
  const close = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ } };
  process.once('exit', close);
  return { origin: `http://127.0.0.1:${port}`, close };
}

/** Launches Debian's chromium headless with the flags this closed network needs. */
export async function browser() {
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  // playwright gives the browser a fresh profile directory of its own (--user-data-dir).
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/** The CLI binary: URLKIT_CLI, else target/release/urlkit, else target/debug/urlkit. */
export function cli() {
  const candidates = [process.env.URLKIT_CLI, path.join(ROOT, 'target/release/urlkit'), path.join(ROOT, 'target/debug/urlkit')];
  const found = candidates.find((c) => c && existsSync(c));
  if (!found) throw new Error('no urlkit CLI: build it (cargo build -p urlkit-cli) or set URLKIT_CLI');
  return found;
}

/** Runs `urlkit <args>` with JSON Lines in and out: one answer object per request line. */
export function cliJsonl(args, lines) {
  const r = spawnSync(cli(), args, { input: lines.map((l) => `${l}\n`).join(''), maxBuffer: 1 << 28, encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`urlkit ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const out = r.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
  if (out.length !== lines.length) throw new Error(`urlkit ${args.join(' ')}: ${out.length} answers for ${lines.length} lines`);
  return out;
}

/** The conformance folder, or null with the reason (URLKIT_REQUIRE_CONFORMANCE=1 makes a miss an error). */
export function conformance() {
  const dir = process.env.URLKIT_CONFORMANCE || path.resolve(ROOT, '../shared/conformance');
  if (existsSync(path.join(dir, 'wpt/urltestdata.json'))) return { dir };
  const reason = `conformance data not found at ${dir} (set URLKIT_CONFORMANCE)`;
  if (process.env.URLKIT_REQUIRE_CONFORMANCE === '1') throw new Error(`${reason}; URLKIT_REQUIRE_CONFORMANCE=1`);
  return { dir: null, reason };
}

/** Every `n`-th line of realworld.txt (at least `count` lines), or null with the reason. */
export function realworldSample(count) {
  const file = process.env.URLKIT_DATASETS ? path.join(process.env.URLKIT_DATASETS, 'realworld.txt')
    : path.resolve(ROOT, '../shared/datasets/realworld.txt');
  if (!existsSync(file)) return { lines: null, reason: `${file} not found (set URLKIT_DATASETS)` };
  const all = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
  const step = Math.max(1, Math.floor(all.length / count));
  const lines = [];
  for (let i = 0; i < all.length && lines.length < count; i += step) lines.push(all[i]);
  return { lines, all };
}

export const FIELDS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

/**
 * In the page: for each {input, base}, puts the values into #base-input and #url-input, fires
 * the input events a keystroke fires, and reads the DOM contract back.
 */
export async function typeAndRead(page, cases) {
  return page.evaluate(({ cases, fields }) => {
    const url = document.getElementById('url-input');
    const base = document.getElementById('base-input');
    const out = [];
    for (const c of cases) {
      // The base's own input event only when it changes (each event redraws the page).
      if (base.value !== (c.base ?? '')) {
        base.value = c.base ?? '';
        base.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
      }
      url.value = c.input;
      url.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
      const r = { value: url.value, error: document.querySelector('[data-field="error"]') !== null, fields: {} };
      for (const f of fields) r.fields[f] = document.querySelector(`#components [data-field="${f}"]`).textContent;
      r.registrable = document.querySelector('[data-field="registrable_domain"]').textContent;
      r.codes = [...document.querySelectorAll('#lint-findings [data-code]')].map((e) => e.dataset.code);
      r.disagree = [...document.querySelectorAll('#readings-body tr[data-disagree]')].map((e) => e.dataset.disagree);
      out.push(r);
    }
    return out;
  }, { cases, fields: FIELDS });
}
