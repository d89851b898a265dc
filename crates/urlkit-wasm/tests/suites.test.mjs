// The other shared suites the package exposes: URL Pattern (wpt/urlpatterntestdata.json, as
// WPT's urlpattern harness and tests/pattern/wpt.rs run it), the Public Suffix List's
// test_psl.txt, the RFC 6570 suite (uritemplate/*.json) and WPT's data: URL tests
// (data-urls/data-urls.json).
import { test } from 'node:test';
import { urlkit, pattern as patternEntry, conformanceJson, conformanceText, Ledger, thrown } from './helpers.mjs';

const { Template, registrableDomain, dataUrl, URL } = urlkit;
const { URLPattern } = patternEntry;
const COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'];
// The components given before each one (the URL Pattern Standard's "earlier components").
const EARLIER = {
  protocol: [], username: [], password: [], hostname: ['protocol'], port: ['protocol', 'hostname'],
  pathname: ['protocol', 'hostname', 'port'], search: ['protocol', 'hostname', 'port', 'pathname'],
  hash: ['protocol', 'hostname', 'port', 'pathname', 'search'],
};

function expectedPattern(entry, c) {
  if (entry.expected_obj && typeof entry.expected_obj === 'object' && c in entry.expected_obj) return entry.expected_obj[c];
  const first = entry.pattern[0];
  const baseText = (first && typeof first === 'object' && first.baseURL) || (typeof entry.pattern[1] === 'string' ? entry.pattern[1] : undefined);
  if ((entry.exactly_empty_components ?? []).includes(c)) return '';
  if (first && typeof first === 'object' && first[c]) return first[c];
  if (first && typeof first === 'object' && EARLIER[c].some((e) => e in first)) return '*';
  if (baseText && c !== 'username' && c !== 'password') {
    const v = new URL(baseText)[c];
    // The URL API's attributes carry their delimiters; a pattern's component does not.
    if (c === 'protocol') return v.slice(0, -1);
    if (c === 'search' || c === 'hash') return v.slice(1);
    return v;
  }
  return '*';
}

function expectedComponent(entry, c) {
  const v = entry.expected_match?.[c];
  if (v && typeof v === 'object') return { input: v.input ?? '', groups: v.groups ?? {} };
  const empty = (entry.exactly_empty_components ?? []).includes(c);
  return { input: '', groups: empty ? {} : { 0: '' } };
}

const sameGroups = (a, b) => {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && (a[k] ?? null) === (b[k] ?? null));
};

function checkPattern(entry) {
  const args = entry.pattern;
  let pattern;
  const error = thrown(() => {
    pattern = new URLPattern(...args);
  });
  if (entry.expected_obj === 'error') return error ? undefined : 'constructor succeeded, expected an error';
  if (error) return `constructor failed: ${error.message}`;
  for (const c of COMPONENTS) {
    const want = expectedPattern(entry, c);
    if (pattern[c] !== want) return `${c}: pattern string ${JSON.stringify(pattern[c])}, expected ${JSON.stringify(want)}`;
  }
  const inputs = entry.inputs ?? [];
  let result;
  const execError = thrown(() => {
    result = pattern.exec(...inputs);
  });
  if (entry.expected_match === 'error') return execError ? undefined : 'match succeeded, expected an error';
  if (execError) return `match failed: ${execError.message}`;
  if (pattern.test(...inputs) !== (result !== null)) return 'test() and exec() disagree';
  if (result === null) return entry.expected_match === null ? undefined : 'no match, expected one';
  if (entry.expected_match === null) return `matched, expected no match`;
  const wantInputs = entry.expected_match.inputs ?? inputs;
  if (JSON.stringify(result.inputs) !== JSON.stringify(wantInputs)) {
    // Objects compare by their components only.
    const same =
      result.inputs.length === wantInputs.length &&
      result.inputs.every((a, i) =>
        typeof a === 'string' ? a === wantInputs[i] : COMPONENTS.every((c) => a[c] === wantInputs[i][c]),
      );
    if (!same) return `inputs: ${JSON.stringify(result.inputs)} != ${JSON.stringify(wantInputs)}`;
  }
  for (const c of COMPONENTS) {
    const want = expectedComponent(entry, c);
    const got = result[c];
    if (got.input !== want.input || !sameGroups(got.groups, want.groups)) {
      return `${c}: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
    }
  }
  return undefined;
}

test('wpt urlpatterntestdata', (t) => {
  const data = conformanceJson(t, 'wpt/urlpatterntestdata.json');
  if (!data) return;
  const ledger = new Ledger('urlpattern');
  data.forEach((entry, i) => {
    ledger.outcome(`${i}: ${JSON.stringify(entry.pattern)} ${JSON.stringify(entry.inputs ?? null)}`, checkPattern(entry));
  });
  ledger.assertClean(300);
});

test('psl test_psl.txt', (t) => {
  const text = conformanceText(t, 'psl/test_psl.txt');
  if (text === undefined) return;
  const ledger = new Ledger('psl');
  text.split('\n').forEach((raw, n) => {
    const line = raw.trim();
    if (!line || line.startsWith('//')) return;
    const m = /^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);$/.exec(line);
    if (!m) throw new Error(`line ${n + 1}: not a checkPublicSuffix call: ${line}`);
    const arg = (s) => (s === 'null' ? null : s.slice(1, -1));
    const [input, want] = [arg(m[1]), arg(m[2])];
    const got = input === null ? null : registrableDomain(input) ?? null;
    ledger.outcome(`line ${n + 1}`, got === want ? undefined : `${input} gave ${got}, expected ${want}`);
  });
  ledger.assertClean(75);
});

test('rfc 6570 uritemplate suites', (t) => {
  const ledger = new Ledger('uritemplate');
  for (const file of ['spec-examples.json', 'spec-examples-by-section.json', 'extended-tests.json', 'negative-tests.json']) {
    const data = conformanceJson(t, `uritemplate/${file}`);
    if (!data) return;
    for (const [group, g] of Object.entries(data)) {
      g.testcases.forEach(([template, expected], i) => {
        let failure;
        try {
          const got = new Template(template).expand(g.variables);
          if (expected === false) failure = `expanded to ${got}, expected an error`;
          else if (Array.isArray(expected) ? !expected.includes(got) : got !== expected)
            failure = `${got}, expected ${JSON.stringify(expected)}`;
        } catch (e) {
          if (expected !== false) failure = `threw ${e.message}`;
          else if (e.name !== 'TemplateError' && e.name !== 'TypeError') failure = `threw a ${e.name}`;
        }
        ledger.outcome(`${file} ${group} ${i} ${template}`, failure);
      });
    }
  }
  ledger.assertClean(250);
});

test('wpt data-urls', (t) => {
  const data = conformanceJson(t, 'data-urls/data-urls.json');
  if (!data) return;
  const ledger = new Ledger('data-urls');
  for (const [input, mime, bytes] of data) {
    let failure;
    try {
      const d = dataUrl(input);
      if (mime === null) failure = `gave ${d.mimeType}, expected a failure`;
      else if (d.mimeType !== mime) failure = `MIME type ${d.mimeType}, expected ${mime}`;
      else if (!(d.body instanceof Uint8Array) || d.body.join(',') !== bytes.join(',')) failure = `body ${[...d.body]}, expected ${bytes}`;
    } catch (e) {
      if (mime !== null) failure = `threw ${e.message}`;
    }
    ledger.outcome(JSON.stringify(input), failure);
  }
  ledger.assertClean(70);
});
