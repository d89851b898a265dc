// Parse speed through the package against Node's own `URL` (ada inside) on the same lines:
// `node bench/parse.mjs [FILE] [ROUNDS]` (default ../shared/datasets/realworld.txt, 7 rounds).
// Rounds alternate the two (paired), each parsing every line once; prints ns/URL per round
// for both, the median of each and the ratio's median and spread (min–max of the per-round
// ratios). Only `new URL(line)` and reading `href` are timed, for both.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const urlkit = createRequire(import.meta.url)(resolve(here, '../pkg/node/urlkit.js'));
const file = process.argv[2] ?? resolve(root, '../shared/datasets', 'realworld.txt');
const rounds = Number(process.argv[3] ?? 7);
const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);

function run(Ctor) {
  let ok = 0;
  let len = 0;
  const t0 = process.hrtime.bigint();
  for (const line of lines) {
    try {
      const u = new Ctor(line);
      len += u.href.length;
      ok += 1;
      if (u.free) u.free(); // the wasm object's memory, as a long-running caller would
    } catch {
      // a failure is a result too
    }
  }
  const ns = Number(process.hrtime.bigint() - t0) / lines.length;
  return { ns, ok, len };
}

// Warm-up: both parsers once over everything.
const a = run(urlkit.URL);
const b = run(globalThis.URL);
console.log(`${lines.length} lines; parsed: urlkit ${a.ok}, node ${b.ok}`);
const ours = [];
const theirs = [];
for (let r = 0; r < rounds; r++) {
  const [x, y] = r % 2 ? [run(globalThis.URL), run(urlkit.URL)].reverse() : [run(urlkit.URL), run(globalThis.URL)];
  ours.push(x.ns);
  theirs.push(y.ns);
  console.log(`round ${r}: urlkit ${x.ns.toFixed(0)} ns/URL, node URL ${y.ns.toFixed(0)} ns/URL`);
}
const median = (v) => [...v].sort((p, q) => p - q)[v.length >> 1];
const ratios = ours.map((o, i) => o / theirs[i]);
console.log(
  `median: urlkit ${median(ours).toFixed(0)} ns/URL, node URL ${median(theirs).toFixed(0)} ns/URL, ` +
    `ratio ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
);
