// Shared by the Node tests: the built package, the shared conformance data (found as the Rust
// runners find it: `$URLKIT_CONFORMANCE`, else `../shared/conformance` beside the checkout;
// missing data is a printed skip, or a failure when URLKIT_REQUIRE_CONFORMANCE is set), and
// the ledger of expected failures (`expected-failures.txt`, goal: empty), which also fails on
// an unexpected pass.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const here = dirname(fileURLToPath(import.meta.url));
export const crate = resolve(here, '..');
export const root = resolve(crate, '../..');

const require = createRequire(import.meta.url);
const entry = join(crate, 'pkg/node/urlkit.js');
if (!existsSync(entry)) {
  throw new Error(`${entry} is missing: run crates/urlkit-wasm/build.sh first`);
}
/** The package's Node entry. */
export const urlkit = require(entry);
/** The package's URL Pattern entry (`urlkit/pattern`, a module of its own). */
export const pattern = require(join(crate, 'pkg/node/pattern.js'));

const required = () => {
  const v = process.env.URLKIT_REQUIRE_CONFORMANCE;
  return v !== undefined && v !== '' && v !== '0';
};

/** The conformance directory. */
export const conformance = process.env.URLKIT_CONFORMANCE
  ? resolve(process.env.URLKIT_CONFORMANCE)
  : resolve(root, '../shared/conformance');

/**
 * The text of conformance file `rel`, or `undefined` after a printed skip (the test context
 * `t` says why); throws when the data is required.
 */
export function conformanceText(t, rel) {
  const path = join(conformance, rel);
  if (existsSync(path)) return readFileSync(path, 'utf8');
  const why = `${path} missing (set URLKIT_CONFORMANCE to the data's directory)`;
  if (required()) throw new Error(`${why}; URLKIT_REQUIRE_CONFORMANCE is set`);
  console.log(`skipped: ${rel}: ${why}`);
  t.skip(why);
  return undefined;
}

/** JSON conformance data with lone surrogates made U+FFFD, as the binding's strings are. */
export function conformanceJson(t, rel) {
  const text = conformanceText(t, rel);
  if (text === undefined) return undefined;
  return JSON.parse(text, (_, v) => (typeof v === 'string' ? v.toWellFormed() : v));
}

const ledgerPath = join(crate, 'tests/expected-failures.txt');
const ledgerKeys = new Set(
  readFileSync(ledgerPath, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#')),
);

/**
 * A suite's ledger: `outcome(key, failure)` records one case (`failure` a string, or
 * `undefined` when it passed); `assertClean()` fails on unlisted failures and on listed keys
 * that passed (remove them from the ledger).
 */
export class Ledger {
  constructor(suite) {
    this.suite = suite;
    this.unexpected = [];
    this.fixed = [];
    this.passed = 0;
    this.failedAsListed = 0;
  }
  outcome(key, failure) {
    const k = `${this.suite}: ${key}`;
    const listed = ledgerKeys.has(k);
    if (failure === undefined) {
      this.passed += 1;
      if (listed) this.fixed.push(k);
      return true;
    }
    if (listed) this.failedAsListed += 1;
    else this.unexpected.push(`${k}\n    ${failure}`);
    return false;
  }
  assertClean(min = 1) {
    const total = this.passed + this.failedAsListed + this.unexpected.length;
    console.log(`${this.suite}: ${this.passed}/${total} pass, ${this.failedAsListed} in the ledger`);
    assert.ok(total >= min, `${this.suite}: only ${total} cases read`);
    assert.deepEqual(this.fixed, [], `${this.suite}: listed in expected-failures.txt but pass now (remove them)`);
    assert.deepEqual(this.unexpected, [], `${this.suite}: unexpected failures (fix, or list with a reason)`);
  }
}

/** Runs `f`, giving back what it threw (or `undefined`). */
export function thrown(f) {
  try {
    f();
    return undefined;
  } catch (e) {
    return e;
  }
}
