// readings(): the disagreement rule on inputs of both kinds, UTF-16 positions with non-ASCII
// input (emoji, CJK), and the API's examples of npm/README.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { urlkit, pattern, thrown } from './helpers.mjs';

const { readings } = urlkit;
const marked = (input) => readings(input).disagreements.map((d) => d.component).sort();

// [input, the components marked] — spelling every reader treats as equal is not marked.
const TABLE = [
  ['http://EXAMPLE.com', []],
  ['HTTP://Example.COM:80/%7Euser/', []],
  ['https://example.com/a/./b/../c?q#f', []],
  ['https://%61pi.example.com/', ['host']], // RFC 1738 has no escapes in host names
  ['http://a\\@b.com/', ['host', 'path', 'userinfo']],
  // All three stop the authority at `#`: the host is evil.com for every reader.
  ['http://evil.com#@good.com', []],
  // Userinfo "1.1.1.1 &": RFC 3986 refuses the space (every reader agrees on 2.2.2.2).
  ['http://1.1.1.1 &@2.2.2.2# @3.3.3.3/', ['userinfo']],
  ['http://%65vil.example/', ['host']],
  ['http://a:99999/', ['port']],
  ['http:\\\\a.com\\b', ['host', 'path']],
  ['http://a\tb.com/', ['host']],
  ['http://a\nb.com/', ['host']],
  ['http://0x7f.1/', ['host']],
  ['http://example.com:0080/', []],
];

test('disagreement table', () => {
  for (const [input, want] of TABLE) {
    assert.deepEqual(marked(input), [...want].sort(), JSON.stringify(input));
  }
});

test('a disagreement carries the three values, a note and its input span', () => {
  const r = readings('http://a:99999/');
  assert.equal(r.whatwg.ok, false);
  assert.equal(r.rfc3986.ok, true);
  const [d] = r.disagreements;
  assert.deepEqual([d.component, d.whatwg, d.rfc3986, d.rfc1738], ['port', null, '99999', null]);
  assert.match(d.note, /whatwg parser fails/);
  assert.equal('http://a:99999/'.slice(d.start, d.end), '99999');
  const e = readings('http://%65vil.example/').disagreements[0];
  assert.deepEqual([e.whatwg, e.rfc1738], ['evil.example', '%65vil.example']);
  assert.equal('http://%65vil.example/'.slice(e.start, e.end), '%65vil.example');
});

test('no disagreements are computed against a base', () => {
  const r = readings('//a\\@b.com/', 'http://x/');
  assert.equal(r.whatwg.ok, true);
  assert.deepEqual(r.disagreements, []);
});

test('the three readings of one input', () => {
  const r = readings('https://user:pw@example.com:8443/a/b?q=1#top');
  assert.equal(r.whatwg.ok, true);
  assert.equal(r.whatwg.components.host, 'example.com:8443');
  assert.deepEqual(r.whatwg.validationErrors.map((e) => e.kind), ['invalid-credentials']);
  assert.deepEqual(r.rfc3986.components, {
    scheme: 'https', userinfo: 'user:pw', host: 'example.com', port: '8443', path: '/a/b', query: 'q=1', fragment: 'top',
  });
  assert.equal(r.rfc3986.iri, false);
  assert.equal(r.rfc1738.scheme, 'https');
  assert.equal(r.rfc1738.view.host, 'example.com');
  assert.equal(r.rfc1738.view.port, 8443);
  const bad = readings('http://[::1');
  assert.equal(bad.whatwg.ok, false);
  assert.equal(bad.whatwg.error.kind, 'IPv6-unclosed');
  assert.equal(bad.rfc3986.ok, false);
  assert.equal(typeof bad.rfc3986.error.expected, 'string');
  assert.equal(readings('not a url').rfc1738.error.kind, 'not-a-url');
  assert.equal(readings('x', '%%').whatwg.error.kind, 'invalid-base');
});

test('spans: each component where it is, in the href and in the input', () => {
  const input = '  HTTPS://u:p@Example.COM:8080/p?q#h';
  const r = readings(input);
  const href = r.whatwg.href;
  const inHref = Object.fromEntries(r.whatwg.hrefSpans.map((s) => [s.field, href.slice(s.start, s.end)]));
  assert.deepEqual(inHref, {
    protocol: 'https:', hash: '#h', search: '?q', pathname: '/p', username: 'u', password: 'p', port: '8080',
    hostname: 'example.com', host: 'example.com:8080',
  });
  const inInput = Object.fromEntries(r.whatwg.inputSpans.map((s) => [s.field, input.slice(s.start, s.end)]));
  assert.deepEqual(inInput, {
    protocol: 'HTTPS:', username: 'u', password: 'p', host: 'Example.COM:8080', hostname: 'Example.COM',
    port: '8080', pathname: '/p', search: '?q', hash: '#h',
  });
  assert.equal(r.rfc3986.ok, false, 'leading spaces are no URI');
  assert.equal(r.rfc3986.inputSpans, undefined);
  const u = 'HTTPS://u:p@Example.COM:8080/p?q#h';
  const generic = Object.fromEntries(readings(u).rfc3986.inputSpans.map((s) => [s.field, u.slice(s.start, s.end)]));
  assert.deepEqual(generic, {
    scheme: 'HTTPS', userinfo: 'u:p', host: 'Example.COM', port: '8080', path: '/p', query: 'q', fragment: 'h',
  });
  const origin = readings('https://a.example/x').whatwg.hrefSpans.find((s) => s.field === 'origin');
  assert.deepEqual([origin.start, origin.end], [0, 'https://a.example'.length]);
});

test('positions are UTF-16 offsets into the input (emoji, CJK)', () => {
  const input = 'https://例え.テスト/😀/パス?q=😀#frag😀';
  const r = readings(input);
  const at = Object.fromEntries(r.whatwg.inputSpans.map((s) => [s.field, input.slice(s.start, s.end)]));
  assert.equal(at.hostname, '例え.テスト');
  assert.equal(at.pathname, '/😀/パス');
  assert.equal(at.search, '?q=😀');
  assert.equal(at.hash, '#frag😀');
  const iri = Object.fromEntries(r.rfc3986.inputSpans.map((s) => [s.field, input.slice(s.start, s.end)]));
  assert.equal(r.rfc3986.iri, true);
  assert.equal(iri.host, '例え.テスト');
  assert.equal(iri.fragment, 'frag😀');
  // The href is ASCII here; its spans index it.
  const href = r.whatwg.href;
  const p = r.whatwg.hrefSpans.find((s) => s.field === 'pathname');
  assert.equal(href.slice(p.start, p.end), new globalThis.URL(input).pathname);
  // Errors: the position of the character, in UTF-16.
  const bad = '😀😀https://x/';
  const e = thrown(() => new urlkit.URL(bad));
  assert.equal(e.name, 'URLError');
  assert.equal(e.position, 0);
  // The URL Standard reports a bad host at the host's start.
  const sp = 'http://😀@例 x.com/';
  const f = readings(sp).whatwg.error;
  assert.equal(f.kind, 'domain-invalid-code-point');
  assert.equal(sp.slice(f.start, f.start + 3), '例 x', JSON.stringify(f));
  const v = readings('https://例😀.com/a\\b').whatwg.validationErrors.find((x) => x.kind === 'invalid-reverse-solidus');
  assert.equal('https://例😀.com/a\\b'.slice(v.start, v.end), '\\');
  const lint = urlkit.lint('http://😀😀@127.0.0.1/');
  const loop = lint.find((x) => x.code === 'L031');
  assert.equal('http://😀😀@127.0.0.1/'.slice(loop.start, loop.end), '127.0.0.1');
  const links = urlkit.extract('見て 😀 https://例え.jp/パス と www.example.com。');
  const text = '見て 😀 https://例え.jp/パス と www.example.com。';
  for (const l of links) assert.equal(text.slice(l.start, l.end), l.text);
  assert.deepEqual(links.map((l) => l.url), ['https://例え.jp/パス', 'http://www.example.com']);
  const t = thrown(() => new urlkit.Template('😀/{a'));
  assert.equal(t.name, 'TemplateError');
  assert.equal(t.position, '😀/{a'.length);
});

test('the README examples', () => {
  const u = new urlkit.URL('HTTPS://user@EXAMPLE.org:443/a/../b?q=1#top');
  assert.equal(u.href, 'https://user@example.org/b?q=1#top');
  u.port = '8443';
  assert.equal(u.host, 'example.org:8443');
  assert.equal(urlkit.URL.canParse('//x'), false);
  assert.equal(urlkit.URL.parse('../c', 'https://example.org/a/b')?.href, 'https://example.org/c');
  assert.deepEqual(u.searchParams(), [['q', '1']]);
  assert.equal(JSON.stringify({ u }), '{"u":"https://user@example.org:8443/b?q=1#top"}');
  const e = thrown(() => new urlkit.URL('https://ex ample.org/'));
  assert.deepEqual([e.name, e.kind, e.position, e instanceof Error], ['URLError', 'domain-invalid-code-point', 8, true]);
  assert.equal(thrown(() => { u.href = 'nope'; }).name, 'URLError');
  u.port = 'x';
  assert.equal(u.port, '8443', 'a rejected value leaves the URL');

  const r = urlkit.readings('http://a\\@b.com/');
  assert.equal(r.whatwg.components.hostname, 'a');
  assert.equal(r.rfc3986.ok, false);
  assert.equal(r.rfc3986.error.expected, 'host');
  assert.equal(r.rfc1738.view.host, 'b.com');
  assert.deepEqual(r.disagreements.map((d) => d.component), ['host', 'userinfo', 'path']);
  assert.deepEqual(r.whatwg.inputSpans[0], { field: 'protocol', start: 0, end: 5 });

  const f = urlkit.lint('http://127.0.0.1/');
  assert.deepEqual(
    [f[0].code, f[0].name, f[0].severity, f[0].start, f[0].end, f[0].message],
    ['L031', 'internal-address', 'warning', 7, 16, '127.0.0.1 is a loopback address'],
  );
  const v = urlkit.policy('http://127.0.0.1/', 'strict');
  assert.equal(v.ok, false);
  assert.ok(v.reasons.length > 0);
  assert.equal(urlkit.policy('https://example.com/').ok, true);
  assert.equal(thrown(() => urlkit.policy('x', 'nope')).name, 'TypeError');

  const d = urlkit.domain('https://forums.news.bbc.co.uk/');
  assert.deepEqual(
    [d.host, d.suffix, d.registrableDomain, d.subdomain, d.section, d.unlisted],
    ['forums.news.bbc.co.uk', 'co.uk', 'bbc.co.uk', 'forums.news', 'icann', false],
  );
  assert.equal(urlkit.domain('whatwg.github.io', { private: false }).registrableDomain, 'github.io');
  assert.equal(urlkit.domain('whatwg.github.io').registrableDomain, 'whatwg.github.io');
  assert.equal(urlkit.domain('intranet.corp').section, 'unlisted');
  assert.equal(urlkit.registrableDomain('a.b.example.com'), 'example.com');
  assert.equal(urlkit.registrableDomain('com'), undefined);

  assert.deepEqual(urlkit.profiles().map((p) => p.name), ['whatwg', 'rfc3986', 'safe-browsing', 'surt', 'crawler']);
  assert.ok(urlkit.profiles().every((p) => p.summary.length > 0));
  assert.equal(urlkit.canonical('http://www.Example.com/path?b&a', 'surt'), 'com,example)/path?a&b');
  assert.equal(thrown(() => urlkit.canonical('x', 'nope')).name, 'TypeError');
  assert.equal(thrown(() => urlkit.canonical('http://a b/', 'whatwg')).name, 'URLError');
  assert.ok(urlkit.steps().map((s) => s.name).includes('www'));
  assert.equal(
    urlkit.normalize('https://www.example.com/a/?utm_source=x&id=7#top', { strip: ['www', 'fragment', 'tracking', 'trailing-slash'] }),
    'https://example.com/a?id=7',
  );
  assert.equal(urlkit.normalize('http://example.com/?id=7&ref=x', { keepQuery: ['id'], forceHttps: true }), 'https://example.com/?id=7');
  assert.equal(urlkit.normalize('HTTP://Example.COM:80/a/./b/../c'), 'http://example.com/a/c');
  assert.equal(thrown(() => urlkit.normalize('http://a/', { strip: ['nope'] })).name, 'TypeError');

  assert.equal(urlkit.encodeSets()[0], 'c0-control');
  assert.equal(urlkit.encodeSets().at(-1), 'unreserved-form');
  assert.equal(urlkit.percentEncode('/a b?', 'path'), '/a%20b%3F');
  assert.equal(urlkit.percentEncode('a b&c', 'application/x-www-form-urlencoded'), 'a+b%26c');
  assert.equal(urlkit.percentEncode('a b', 'component'), 'a%20b');
  assert.equal(thrown(() => urlkit.percentEncode('a', 'nope')).name, 'TypeError');
  assert.equal(urlkit.percentDecode('caf%C3%A9'), 'café');
  assert.equal(urlkit.percentDecode('a+b', 'form'), 'a b');
  assert.deepEqual([...urlkit.percentDecodeBytes('%FF')], [255]);

  assert.deepEqual(
    urlkit.extract('see example.com and <URL:ftp://a.example/x>', { bareDomains: true }).map((l) => l.url),
    ['http://example.com', 'ftp://a.example/x'],
  );

  const p = new pattern.URLPattern('https://:sub.example.com/books/:id');
  assert.equal(p.test('https://api.example.com/books/7'), true);
  assert.deepEqual(p.exec('https://api.example.com/books/7').pathname.groups, { id: '7' });
  assert.equal(p.exec('https://api.example.com/authors/7'), null);
  assert.equal(new pattern.URLPattern({ pathname: '/a/*' }).pathname, '/a/*');
  assert.equal(new pattern.URLPattern('/B', 'https://x', { ignoreCase: true }).test('https://x/b'), true);
  assert.equal(thrown(() => new pattern.URLPattern('(')).name, 'TypeError');

  const t = new urlkit.Template('https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*}');
  const url = t.expand({ owner: 'rust-lang', repo: 'rust', labels: ['C-bug', 'A-docs'] });
  assert.equal(url, 'https://api.example.com/repos/rust-lang/rust/issues?labels=C-bug&labels=A-docs');
  assert.deepEqual(t.match(url), { owner: 'rust-lang', repo: 'rust', labels: ['C-bug', 'A-docs'] });
  assert.deepEqual(t.variables(), ['owner', 'repo', 'state', 'labels']);
  assert.equal(t.match('https://other/'), null);
  assert.equal(new urlkit.Template('{/path*}{?q}').expand({ path: ['a', 'b c'], q: 3 }), '/a/b%20c?q=3');

  const du = urlkit.dataUrl('data:text/plain;charset=utf-8;base64,SGk=');
  assert.deepEqual([du.mimeType, du.essence, [...du.body]], ['text/plain;charset=utf-8', 'text/plain', [72, 105]]);
  assert.deepEqual(du.parameters, { charset: 'utf-8' });
  assert.equal(thrown(() => urlkit.dataUrl('data:text/plain')).name, 'DataURLError');
});
