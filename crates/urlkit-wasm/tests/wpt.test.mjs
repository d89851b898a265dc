// The WPT URL suites through the package: wpt/urltestdata.json (and the JavaScript-only
// records), setters_tests.json, toascii.json and IdnaTestV2.json, run as WPT's own harness
// runs them against the platform `URL` (url-constructor, url-setters, toascii, IdnaTestV2).
import { test } from 'node:test';
import { urlkit, conformanceJson, Ledger, thrown } from './helpers.mjs';

const { URL } = urlkit;
const ATTRIBUTES = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

function checkRecord(r) {
  const base = r.base ?? undefined;
  if (r.failure) {
    if (URL.canParse(r.input, base)) return 'canParse is true, expected a failure';
    const e = thrown(() => new URL(r.input, base));
    if (!e) return 'parsed, expected a failure';
    if (e.name !== 'URLError' || !(e instanceof Error)) return `threw ${e}, expected a URLError`;
    if (URL.parse(r.input, base) !== undefined) return 'URL.parse gave a URL';
    // As tests/whatwg/wpt.rs: against these bases the input must parse.
    const nonOpaque = ['http://example.org/foo/bar', 'https://example.org/foo/bar'];
    if (r.relativeTo === 'non-opaque-path-base' && !nonOpaque.some((b) => URL.canParse(r.input, b)))
      return 'fails against a non-opaque-path base';
    if (r.relativeTo === 'any-base' && !(nonOpaque.every((b) => URL.canParse(r.input, b)) && URL.canParse(r.input, 'mailto:someone@example.org')))
      return 'fails against some base';
    if (r.relativeTo && !['any-base', 'non-opaque-path-base'].includes(r.relativeTo)) return `unknown relativeTo ${r.relativeTo}`;
    return undefined;
  }
  let url;
  try {
    url = new URL(r.input, base);
  } catch (e) {
    return `threw ${e.message}`;
  }
  for (const a of ATTRIBUTES) {
    if (url[a] !== r[a]) return `${a}: ${JSON.stringify(url[a])}, expected ${JSON.stringify(r[a])}`;
  }
  if ('origin' in r && url.origin !== r.origin) return `origin: ${url.origin}, expected ${r.origin}`;
  if (!URL.canParse(r.input, base)) return 'canParse is false';
  if (url.toString() !== r.href || url.toJSON() !== r.href) return 'toString/toJSON differ from href';
  if ('searchParams' in r) {
    const serialized = url
      .searchParams()
      .map(([n, v]) => `${encodeForm(n)}=${encodeForm(v)}`)
      .join('&');
    if (serialized !== r.searchParams) return `searchParams: ${serialized}, expected ${r.searchParams}`;
  }
  return undefined;
}

// URLSearchParams' serializer (the platform's), to compare the pairs the package read.
const encodeForm = (s) => new globalThis.URLSearchParams([['', s]]).toString().slice(1);

test('wpt urltestdata', (t) => {
  const data = conformanceJson(t, 'wpt/urltestdata.json');
  if (!data) return;
  const js = conformanceJson(t, 'wpt/urltestdata-javascript-only.json') ?? [];
  const ledger = new Ledger('urltestdata');
  for (const r of [...data, ...js]) {
    if (typeof r === 'string') continue;
    ledger.outcome(`${JSON.stringify(r.input)} base ${JSON.stringify(r.base)}`, checkRecord(r));
  }
  ledger.assertClean(600);
});

test('wpt setters_tests', (t) => {
  const data = conformanceJson(t, 'wpt/setters_tests.json');
  if (!data) return;
  const ledger = new Ledger('setters');
  for (const [setter, records] of Object.entries(data)) {
    if (setter === 'comment') continue;
    for (const r of records) {
      let failure;
      try {
        const url = new URL(r.href);
        url[setter] = r.new_value;
        for (const [attr, want] of Object.entries(r.expected)) {
          if (url[attr] !== want) {
            failure = `${attr}: ${JSON.stringify(url[attr])}, expected ${JSON.stringify(want)}`;
            break;
          }
        }
      } catch (e) {
        failure = `threw ${e.message}`;
      }
      ledger.outcome(`${setter} ${JSON.stringify(r.href)} <- ${JSON.stringify(r.new_value)}`, failure);
    }
  }
  ledger.assertClean(250);
});

// WPT's toascii.window.js and IdnaTestV2.window.js: the input as a URL's host.
function hostCase(r) {
  const input = `https://${r.input}/x`;
  if (r.output === null) {
    return URL.canParse(input) ? `parsed as ${new URL(input).host}, expected a failure` : undefined;
  }
  const url = URL.parse(input);
  if (!url) return 'failed, expected ' + r.output;
  if (url.host !== r.output) return `host ${url.host}, expected ${r.output}`;
  return url.hostname === r.output && url.pathname === '/x' && url.href === `https://${r.output}/x`
    ? undefined
    : `hostname/pathname/href: ${url.href}`;
}

test('wpt toascii', (t) => {
  const data = conformanceJson(t, 'wpt/toascii.json');
  if (!data) return;
  const ledger = new Ledger('toascii');
  for (const r of data) {
    if (typeof r === 'string' || r.input === '') continue;
    ledger.outcome(JSON.stringify(r.input), hostCase(r));
  }
  ledger.assertClean(60);
});

test('wpt IdnaTestV2', (t) => {
  const data = conformanceJson(t, 'wpt/IdnaTestV2.json');
  if (!data) return;
  const ledger = new Ledger('IdnaTestV2');
  for (const r of data) {
    if (typeof r === 'string') continue;
    if (r.input === '') continue; // WPT skips it: "https:///x" is another URL
    ledger.outcome(JSON.stringify(r.input), hostCase(r));
  }
  ledger.assertClean(2000);
});
