// Measurements for BENCHMARKS.md, in the same headless chromium as the tests (run after
// web/build.sh): `node web/tests/bench.mjs [ROUNDS]`.
//  1. parse speed: the package's URL (WebAssembly) against the browser's own URL on every
//     line of realworld.txt, rounds alternated, ns/URL (median of the rounds) and the ratio;
//  2. keystroke to updated page: performance.now() around one input event's handler and
//     the style/layout it causes, for URLs of 100 B, 1 KB and 2 KB (median and p95);
//  3. the transfer size of each file of target/web (gzip -9).

import { execSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SITE, browser, realworldSample, serve } from './harness.mjs';

const rounds = Number(process.argv[2] || 5); // 0: skip the parse comparison
const keystrokes = Number(process.argv[3] || 200);
const { all, reason } = realworldSample(1);
if (!all) throw new Error(reason);

const server = await serve();
const chrome = await browser();
const page = await (await chrome.newContext({ serviceWorkers: 'block' })).newPage();
await page.goto(`${server.origin}/`);
await page.waitForSelector('html[data-ready]');
console.log(`load: ${execSync('uptime').toString().trim()}`);
console.log(`chromium ${chrome.version()}, ${all.length} realworld lines, ${rounds} rounds each, alternated`);

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))]; };
if (rounds > 0) {
const parse = await page.evaluate(async ({ lines, rounds }) => {
  const m = await import('/js/package.js');
  const runs = { wasm: [], browser: [] };
  let okWasm = 0;
  let okBrowser = 0;
  const wasm = () => {
    let ok = 0;
    const t0 = performance.now();
    for (const s of lines) {
      try { const u = new m.URL(s); if (u.href.length) ok += 1; u.free(); } catch { /* a failure is a result too */ }
    }
    runs.wasm.push(((performance.now() - t0) * 1e6) / lines.length);
    okWasm = ok;
  };
  const native = () => {
    let ok = 0;
    const t0 = performance.now();
    for (const s of lines) {
      try { if (new URL(s).href.length) ok += 1; } catch { /* as above */ }
    }
    runs.browser.push(((performance.now() - t0) * 1e6) / lines.length);
    okBrowser = ok;
  };
  wasm(); native(); // warm-up
  runs.wasm.length = 0; runs.browser.length = 0;
  for (let r = 0; r < rounds; r += 1) { wasm(); native(); }
  return { runs, okWasm, okBrowser };
}, { lines: all, rounds });
const mw = median(parse.runs.wasm);
const mb = median(parse.runs.browser);
const ratios = parse.runs.wasm.map((w, i) => w / parse.runs.browser[i]);
console.log('\nparse + href, ns/URL (median of rounds; range)');
console.log(`  urlkit (WebAssembly)  ${mw.toFixed(0)}  (${Math.min(...parse.runs.wasm).toFixed(0)}–${Math.max(...parse.runs.wasm).toFixed(0)}), ${parse.okWasm} parsed`);
console.log(`  browser URL           ${mb.toFixed(0)}  (${Math.min(...parse.runs.browser).toFixed(0)}–${Math.max(...parse.runs.browser).toFixed(0)}), ${parse.okBrowser} parsed`);
console.log(`  ratio wasm/browser    ${median(ratios).toFixed(2)}× (paired rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);
}

console.log(`\nkeystroke to updated page (ms: handler + style + layout), ${keystrokes} keystrokes each`);
for (const size of [100, 1024, 2048]) {
  const times = await page.evaluate(({ size, keystrokes }) => {
    const head = 'https://user@www.example.co.uk:8080/a/b/../c/index.html?utm_source=x&q=';
    let url = head;
    while (url.length < size - 6) url += 'ab%20c/';
    url = `${url.slice(0, size - 6)}#frag`;
    const input = document.getElementById('url-input');
    const out = [];
    for (let i = 0; i < keystrokes + 10; i += 1) {
      input.value = `${url.slice(0, size - 1)}${String.fromCharCode(97 + (i % 26))}`;
      const t0 = performance.now();
      input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
      void document.body.offsetHeight; // the style and layout the update caused
      out.push(performance.now() - t0);
    }
    return { out: out.slice(10), len: input.value.length };
  }, { size, keystrokes });
  console.log(`  ${String(times.len).padStart(5)} B  median ${median(times.out).toFixed(2)}  p95 ${pct(times.out, 0.95).toFixed(2)}  max ${Math.max(...times.out).toFixed(2)}`);
}

console.log('\ntransfer size (gzip -9), target/web');
let raw = 0;
let gz = 0;
const walk = (dir) => readdirSync(dir).flatMap((f) => { const p = path.join(dir, f); return statSync(p).isDirectory() ? walk(p) : [p]; });
for (const f of walk(SITE).sort()) {
  const data = readFileSync(f);
  const z = gzipSync(data, { level: 9 }).length;
  raw += data.length;
  gz += z;
  console.log(`  ${path.relative(SITE, f).padEnd(40)} ${String(data.length).padStart(9)} ${String(z).padStart(8)}`);
}
console.log(`  ${'total'.padEnd(40)} ${String(raw).padStart(9)} ${String(gz).padStart(8)}`);

await chrome.close();
server.close();
