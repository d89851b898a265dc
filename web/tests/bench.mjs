// Measurements for BENCHMARKS.md, in the same headless chromium as the tests (run after
// web/build.sh): `node web/tests/bench.mjs [ROUNDS] [KEYSTROKES] [BASELINE]`.
//  1. parse speed: the package's URL (WebAssembly) against the browser's own URL on every
//     line of realworld.txt, rounds alternated, ns/URL (median of the rounds) and the ratio;
//  2. keystroke to updated page: performance.now() around one input event's handler and
//     the style/layout it causes, for URLs of 100 B, 1 KB and 2 KB (median, p95, max), split
//     into the handler and the style and layout after it; and the renderer's main-thread CPU
//     time for the same parts (from a trace: steadier than wall time on a loaded machine).
//     BASELINE, a copy of an older target/web, is measured alternately with target/web in
//     blocks of keystrokes, on pages of their own in the same browser (paired figures);
//  3. the transfer size of each file of target/web (gzip -9).

import { execSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SITE, browser, realworldSample, serve } from './harness.mjs';

const rounds = Number(process.argv[2] || 5); // 0: skip the parse comparison
const keystrokes = Number(process.argv[3] || 200);
const baseline = process.argv[4] ? path.resolve(process.argv[4]) : null;
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

// The page each measured site gets: target/web first, the baseline (if any) second.
const sites = [{ name: 'target/web', page }];
let baselineServer = null;
if (baseline) {
  baselineServer = await serve(baseline);
  const other = await (await chrome.newContext({ serviceWorkers: 'block' })).newPage();
  await other.goto(`${baselineServer.origin}/`);
  await other.waitForSelector('html[data-ready]');
  sites.push({ name: 'baseline', page: other });
}
// Renderer main-thread CPU time per part, from the trace of one block of keystrokes.
const cpuOf = (trace) => {
  const ms = { handler: 0, style: 0, layout: 0, events: 0 };
  for (const e of JSON.parse(trace.toString()).traceEvents) {
    if (e.ph !== 'X' || e.tdur === undefined) continue;
    if (e.name === 'EventDispatch' && e.args?.data?.type === 'input') { ms.handler += e.tdur / 1000; ms.events += 1; }
    else if (e.name === 'UpdateLayoutTree') ms.style += e.tdur / 1000;
    else if (e.name === 'Layout') ms.layout += e.tdur / 1000;
  }
  return ms;
};
const blocks = 10;
console.log(`\nkeystroke to updated page (ms), ${keystrokes} keystrokes each${baseline ? `, target/web and baseline (${baseline}) alternated in ${blocks} blocks` : ''}:`
  + ' total = handler (the input event) + style and layout after it; wall median / p95 / max, then main-thread CPU means');
for (const size of [100, 1024, 2048]) {
  const runs = sites.map(() => ({ total: [], handler: [], layout: [], cpu: { handler: 0, style: 0, layout: 0, events: 0 }, len: 0 }));
  for (let b = 0; b < blocks; b += 1) {
    // Each block starts with the other site, so that neither always follows the other.
    const order = b % 2 === 0 ? sites.map((_, k) => k) : sites.map((_, k) => sites.length - 1 - k);
    for (const k of order) {
      await chrome.startTracing(sites[k].page, { categories: ['devtools.timeline'] });
      const times = await sites[k].page.evaluate(({ size, count, warm, shift }) => {
        const head = 'https://user@www.example.co.uk:8080/a/b/../c/index.html?utm_source=x&q=';
        let url = head;
        while (url.length < size - 6) url += 'ab%20c/';
        url = `${url.slice(0, size - 6)}#frag`;
        const input = document.getElementById('url-input');
        const out = { total: [], handler: [], layout: [] };
        for (let i = 0; i < count + warm; i += 1) {
          input.value = `${url.slice(0, size - 1)}${String.fromCharCode(97 + ((i + shift) % 26))}`;
          const t0 = performance.now();
          input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
          const t1 = performance.now();
          void document.body.offsetHeight; // the style and layout the update caused
          const t2 = performance.now();
          if (i >= warm) { out.total.push(t2 - t0); out.handler.push(t1 - t0); out.layout.push(t2 - t1); }
        }
        return { ...out, len: input.value.length };
      }, { size, count: Math.ceil(keystrokes / blocks), warm: b === 0 ? 10 : 2, shift: b * 7 });
      const cpu = cpuOf(await chrome.stopTracing());
      const r = runs[k];
      for (const key of ['total', 'handler', 'layout']) r[key].push(...times[key]);
      for (const key of Object.keys(cpu)) r.cpu[key] += cpu[key];
      r.len = times.len;
    }
  }
  const f = (xs) => `${median(xs).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)} / ${Math.max(...xs).toFixed(1)}`;
  for (const [k, r] of runs.entries()) {
    const c = r.cpu;
    const each = (x) => (x / c.events).toFixed(2);
    console.log(`  ${String(r.len).padStart(5)} B ${sites.length > 1 ? `${sites[k].name.padEnd(10)} ` : ''}total ${f(r.total)}  (handler ${f(r.handler)}, style+layout ${f(r.layout)});`
      + ` CPU handler ${each(c.handler)} style ${each(c.style)} layout ${each(c.layout)}`);
  }
  if (runs.length > 1) {
    const ratio = (key) => (median(runs[0][key]) / median(runs[1][key])).toFixed(2);
    const cpu = (x) => x.handler + x.style + x.layout;
    console.log(`        target/web ÷ baseline: wall median ${ratio('total')}×, CPU ${(cpu(runs[0].cpu) / runs[0].cpu.events / (cpu(runs[1].cpu) / runs[1].cpu.events)).toFixed(2)}×`);
  }
}
console.log(`load after: ${execSync('uptime').toString().trim()}`);

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
baselineServer?.close();
