// The viewer in a real browser (Debian's headless chromium): the DOM contract of issue 30
// compared with the CLI on the WPT URL suite and a realworld sample, shared links, the
// disagreement marks, hostile input, keyboard use, offline use, and screenshots into
// target/web-screenshots/. Run after web/build.sh: `node --test web/tests/`.

import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIELDS, ROOT, browser, cliJsonl, conformance, realworldSample, serve, typeAndRead } from './harness.mjs';

const SHOTS = path.join(ROOT, 'target/web-screenshots');
let server;
let chrome;

before(async () => {
  server = await serve();
  chrome = await browser();
});
after(async () => {
  await chrome?.close();
  server?.close();
});

/** A fresh page (own context: no service worker or storage from another test), ready. */
async function open(hash = '', options = {}) {
  const context = await chrome.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  await page.goto(`${server.origin}/${hash}`);
  await page.waitForSelector('html[data-ready]', { timeout: 20000 });
  return { context, page, problems };
}

/** Compares what the page shows with the CLI's answer for the same request. */
function compare(cases, shown, answers, label) {
  const failures = [];
  cases.forEach((c, i) => {
    const a = answers[i];
    const s = shown[i];
    const what = `${label} ${JSON.stringify(c)}`;
    if (a.ok) {
      if (s.error) failures.push(`${what}: the page shows an error, the CLI parses it as ${a.href}`);
      for (const f of FIELDS) {
        if (s.fields[f] !== a[f]) failures.push(`${what}: ${f} is ${JSON.stringify(s.fields[f])} on the page, ${JSON.stringify(a[f])} from the CLI`);
      }
    } else if (!s.error) {
      failures.push(`${what}: the CLI fails (${a.kind}), the page shows no data-field="error" (href ${JSON.stringify(s.fields.href)})`);
    } else if (s.fields.href !== '') {
      failures.push(`${what}: an error and an href at once`);
    }
  });
  return failures;
}

describe('the DOM contract against the CLI', () => {
  test('every input of the WPT URL suite (urltestdata.json)', async (t) => {
    const conf = conformance();
    if (!conf.dir) { t.skip(conf.reason); return; }
    const records = JSON.parse(readFileSync(path.join(conf.dir, 'wpt/urltestdata.json'), 'utf8'))
      .filter((r) => typeof r === 'object');
    const cases = records.map((r) => ({ input: r.input, base: r.base }));
    const answers = cliJsonl(['parse', '--jsonl'], cases.map((c) => JSON.stringify(c)));
    const { page, problems } = await open();
    const shown = [];
    for (let i = 0; i < cases.length; i += 100) shown.push(...await typeAndRead(page, cases.slice(i, i + 100)));
    // An <input> drops line breaks from its value (HTML's value sanitization); the URL
    // Standard strips them too, so the comparison still holds, but say how many.
    const stripped = cases.filter((c, i) => shown[i].value !== c.input).length;
    t.diagnostic(`${cases.length} WPT records compared (${answers.filter((a) => a.ok).length} parse, ${answers.filter((a) => !a.ok).length} fail; ${stripped} had line breaks the input field drops)`);
    const failures = compare(cases, shown, answers, 'wpt');
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} differences`);
    // The WPT expectations themselves, for the records the CLI gets right too.
    let checked = 0;
    records.forEach((r, i) => {
      if (r.failure) { assert.ok(shown[i].error, `wpt ${JSON.stringify(r.input)} must fail`); checked += 1; return; }
      for (const f of FIELDS) if (f in r && !(f === 'origin' && r.origin === undefined)) assert.equal(shown[i].fields[f], r[f], `wpt ${JSON.stringify(r.input)} ${f}`);
      checked += 1;
    });
    t.diagnostic(`${checked} records also match urltestdata.json's expectations`);
    assert.deepEqual(problems, []);
  });

  test('a sample of realworld.txt: components, registrable domain and lint codes', async (t) => {
    const { lines, reason } = realworldSample(600);
    if (!lines) { t.skip(reason); return; }
    assert.ok(lines.length >= 500);
    const cases = lines.map((input) => ({ input, base: null }));
    const answers = cliJsonl(['parse', '--jsonl'], cases.map((c) => JSON.stringify(c)));
    const { page, problems } = await open();
    const shown = [];
    for (let i = 0; i < cases.length; i += 100) shown.push(...await typeAndRead(page, cases.slice(i, i + 100)));
    const failures = compare(cases, shown, answers, 'realworld');
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} differences`);

    const domains = cliJsonl(['domain', '--jsonl'], lines.map((l) => JSON.stringify({ input: l })));
    const lints = cliJsonl(['lint', '--jsonl'], lines.map((l) => JSON.stringify({ input: l })));
    const domainDiffs = [];
    const lintDiffs = [];
    lines.forEach((line, i) => {
      if (answers[i].ok && domains[i].ok) {
        const want = domains[i].registrable_domain ?? '';
        if (shown[i].registrable !== want) domainDiffs.push(`${line}: ${JSON.stringify(shown[i].registrable)} vs ${JSON.stringify(want)}`);
      }
      const codes = lints[i].findings.map((f) => f.code);
      if (JSON.stringify(shown[i].codes) !== JSON.stringify(codes)) lintDiffs.push(`${line}: ${shown[i].codes} vs ${codes}`);
    });
    t.diagnostic(`${lines.length} realworld lines compared (components, registrable domain, lint codes)`);
    assert.deepEqual(domainDiffs.slice(0, 10), [], `${domainDiffs.length} registrable domain differences`);
    assert.deepEqual(lintDiffs.slice(0, 10), [], `${lintDiffs.length} lint differences`);
    assert.deepEqual(problems, []);
  });

  test('after any run of keystrokes the page is the one a fresh load of the same link draws', async () => {
    // The panels are updated in place (nodes kept, texts and attributes edited): whatever the
    // inputs before, what is left must equal a page drawn from nothing.
    const long = (n) => {
      let u = 'https://user@www.example.co.uk:8080/a/b/../c/index.html?utm_source=x&q=';
      while (u.length < n) u += 'ab%20c/';
      return `${u.slice(0, n)}#frag`;
    };
    const runs = [
      [{ input: 'h' }, { input: 'ht' }, { input: 'http://a\\@b.com/' }, { input: 'http://a:99999/' }],
      [{ input: 'http://a:99999/' }, { input: 'https://user:pass@www.Example.co.uk:8080/a/./b/../c%7e?utm_source=x&q=1#frag' },
        { input: 'https://user:pass@www.Example.co.uk:8080/a/./b/../c%7e?utm_source=x&q=1#fra' }],
      [{ input: long(2040) }, { input: long(2041) }, { input: long(1500) }, { input: long(2047) }],
      [{ input: long(2047) }, { input: 'http://x/' }],
      [{ input: 'not a url' }, { input: '../c' }, { input: '../c', base: 'http://h/a/b' }, { input: '../c?q', base: 'http://h/a/' }],
      [{ input: '../c', base: 'http://h/a/b' }, { input: 'http://[::1]:80/ä b' }, { input: 'a+b c%zz&=#' }, { input: 'http://1.1.1.1 &@2.2.2.2# @3.3.3.3/' }],
      [{ input: 'http://user:pw@127.0.0.1/' }, { input: 'javascript:alert(1)' }, { input: '<img src=x onerror=alert(1)>' }, { input: '' }],
    ];
    // The tree as markup, each element's attributes sorted and adjacent texts joined (neither
    // the attributes' order nor how a text is split into nodes shows).
    const snapshot = (page) => page.evaluate(() => {
      const ser = (n) => {
        const attrs = [...n.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort().join(' ');
        let inner = '';
        let run = '';
        for (const c of n.childNodes) {
          if (c.nodeType === Node.TEXT_NODE) run += c.data;
          else if (c.nodeType === Node.ELEMENT_NODE) {
            if (run !== '') inner += JSON.stringify(run);
            run = '';
            inner += ser(c);
          }
        }
        if (run !== '') inner += JSON.stringify(run);
        return `<${n.localName} ${attrs}>${inner}</${n.localName}>\n`;
      };
      return ser(document.querySelector('main'));
    });
    const { context, page, problems } = await open('', { serviceWorkers: 'block' });
    const fresh = await context.newPage();
    for (const [i, run] of runs.entries()) {
      await typeAndRead(page, run.map((c) => ({ input: c.input, base: c.base ?? null })));
      const last = run[run.length - 1];
      const hash = `#url=${encodeURIComponent(last.input)}${last.base ? `&base=${encodeURIComponent(last.base)}` : ''}`;
      await fresh.goto(`${server.origin}/?fresh=${i}${hash}`);
      await fresh.waitForSelector('html[data-ready]');
      assert.equal(await snapshot(page), await snapshot(fresh), `after ${JSON.stringify(run.map((c) => c.input.slice(0, 40)))}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('typing with the keyboard updates the page at every keystroke', async () => {
    const { page, problems } = await open();
    await page.locator('#url-input').pressSequentially('https://EXAMPLE.com:443/a/../b?x#y');
    assert.equal(await page.locator('[data-field="href"]').textContent(), 'https://example.com/b?x#y');
    assert.equal(await page.locator('[data-field="registrable_domain"]').textContent(), 'example.com');
    await page.locator('#url-input').fill('');
    await page.locator('#url-input').pressSequentially('../c');
    assert.equal(await page.locator('[data-field="error"]').count(), 1);
    await page.locator('#base-input').pressSequentially('http://h/a/b');
    assert.equal(await page.locator('[data-field="href"]').textContent(), 'http://h/c');
    assert.equal(await page.locator('[data-field="error"]').count(), 0);
    // The state went to the fragment as the user typed.
    assert.equal(new URL(page.url()).hash, '#url=..%2Fc&base=http%3A%2F%2Fh%2Fa%2Fb');
    // A change without a key (a paste from the menu, autofill: no keyup) reaches it too, and
    // the view stays one history entry.
    const entries = await page.evaluate(() => history.length);
    await page.locator('#url-input').fill('http://x/?a b');
    await page.waitForFunction(() => window.location.hash === '#url=http%3A%2F%2Fx%2F%3Fa%20b&base=http%3A%2F%2Fh%2Fa%2Fb', null, { timeout: 5000 });
    assert.equal(await page.evaluate(() => history.length), entries);
    assert.deepEqual(problems, []);
  });
});

describe('shared links', () => {
  const cases = [
    { input: 'https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash', base: null },
    { input: '../x?y=1', base: 'https://example.org/a/b/c' },
    { input: 'http://[::1]:80/ä b', base: null },
    { input: 'a+b c%zz&=#', base: null },
  ];
  test('#url=…&base=… fills the inputs and the view at load', async () => {
    const answers = cliJsonl(['parse', '--jsonl'], cases.map((c) => JSON.stringify(c)));
    const context = await chrome.newContext();
    const page = await context.newPage();
    for (const [i, c] of cases.entries()) {
      const hash = `#url=${encodeURIComponent(c.input)}${c.base ? `&base=${encodeURIComponent(c.base)}` : ''}`;
      await page.goto(`${server.origin}/${hash}`);
      await page.waitForSelector('html[data-ready]');
      assert.equal(await page.locator('#url-input').inputValue(), c.input);
      assert.equal(await page.locator('#base-input').inputValue(), c.base ?? '');
      if (answers[i].ok) assert.equal(await page.locator('[data-field="href"]').textContent(), answers[i].href);
      else assert.equal(await page.locator('[data-field="error"]').count(), 1);
      // Writing the state back gives the same link.
      assert.equal(new URL(page.url()).hash, hash);
    }
    // The other panels' keys come back too.
    const hash = `#url=${encodeURIComponent('https://shop.example/books/42?utm_source=x')}&pattern=${encodeURIComponent('https://*.example/books/:id')}&template=${encodeURIComponent('https://x.test{/id}{?q}')}&vars=${encodeURIComponent('{"id":"a b","q":"1"}')}&text=${encodeURIComponent('a b/ä')}&steps=tracking`;
    await page.goto(`${server.origin}/${hash}`);
    await page.waitForSelector('html[data-ready]');
    assert.equal(await page.locator('#pattern-input').inputValue(), 'https://*.example/books/:id');
    // URL Pattern is its own module (urlkit/pattern), loaded when a pattern is first tested.
    await page.waitForSelector('#pattern-result[data-match="yes"]', { timeout: 10_000 });
    assert.equal(await page.locator('#step-tracking').isChecked(), true);
    assert.equal(await page.locator('#steps-result').textContent(), 'https://shop.example/books/42');
    assert.equal(await page.locator('#template-expansion').textContent(), 'https://x.test/a%20b?q=1');
    assert.equal(new URL(page.url()).hash, hash);
    // A pattern typed on a page that has not loaded the module yet: it loads, then answers.
    await page.goto(`${server.origin}/#url=${encodeURIComponent('https://a.example/x/1')}`);
    await page.waitForSelector('html[data-ready]');
    await page.locator('#pattern-input').fill('https://a.example/x/:n');
    await page.waitForSelector('#pattern-result[data-match="yes"]', { timeout: 10_000 });
    await page.locator('#pattern-input').fill('https://a.example/y/:n');
    await page.waitForSelector('#pattern-result[data-match="no"]', { timeout: 10_000 });
    await context.close();
  });
});

describe('disagreements', () => {
  // Readings that differ (the issue's and the package's examples) and spellings every reader
  // treats alike. (`http://evil.com#@good.com` is in neither list: every reader takes the host
  // evil.com and the fragment @good.com — a trap for people, not a differential.)
  const differ = ['http://a\\@b.com/', 'http://1.1.1.1 &@2.2.2.2# @3.3.3.3/',
    'http://%65vil.example/', 'http://a:99999/', 'http://a\\b.example/c', 'http://ex\tample.com/'];
  const equal = ['http://EXAMPLE.com', 'https://example.com/a?b#c', 'http://example.com:80/', 'ftp://user@ftp.example.org/pub/file.txt'];
  test('marked where the readings differ, in the row and in every column', async () => {
    const { page, problems } = await open();
    for (const input of differ) {
      const [r] = await typeAndRead(page, [{ input, base: null }]);
      assert.ok(r.disagree.length > 0, `${JSON.stringify(input)}: no disagreement marked`);
      for (const component of r.disagree) {
        const marks = await page.locator(`#readings-body tr[data-disagree="${component}"] td .mark`).count();
        assert.equal(marks, 3, `${JSON.stringify(input)} ${component}: a mark in each column`);
        assert.equal(await page.locator(`#disagreements [data-disagree-note="${component}"]`).count(), 1);
      }
    }
    for (const input of equal) {
      const [r] = await typeAndRead(page, [{ input, base: null }]);
      assert.deepEqual(r.disagree, [], `${JSON.stringify(input)}: nothing to mark`);
      assert.equal(await page.locator('#readings-body .mark').count(), 0);
    }
    assert.deepEqual(problems, []);
  });
});

describe('hostile input', () => {
  const payloads = [
    '<img src=x onerror="document.title=\'pwned\';window.__pwned=1">',
    '<script>document.title="pwned";window.__pwned=1</script>',
    '<svg onload="alert(1)"></svg>',
    'javascript:alert(1)',
    'javascript:document.title=\'pwned\'//<img src=x onerror=alert(2)>',
    'http://x/"><img src=x onerror=alert(3)><a href="javascript:alert(4)">',
    'http://<svg/onload=alert(5)>.example/',
    '"><iframe srcdoc="<script>parent.__pwned=1</script>">',
  ];
  test('shows every payload as text and runs none of it', async () => {
    const context = await chrome.newContext();
    const page = await context.newPage();
    const dialogs = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
    const violations = [];
    await page.exposeFunction('__cspViolation', (v) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolation(`${e.violatedDirective} ${e.blockedURI}`));
    });
    for (const p of payloads) {
      const hash = ['url', 'base', 'pattern', 'template', 'vars', 'text'].map((k) => `${k}=${encodeURIComponent(p)}`).join('&');
      await page.goto(`${server.origin}/#${hash}`);
      await page.waitForSelector('html[data-ready]');
      // Type it too (the input path, not only the fragment's).
      await page.locator('#url-input').fill(p);
      await page.locator('#url-input').pressSequentially(' ');
      await page.waitForTimeout(50);
      const seen = await page.evaluate(() => ({
        title: document.title,
        pwned: window.__pwned,
        echo: document.getElementById('url-echo').textContent,
        // Elements a payload could have made.
        made: document.querySelectorAll('main img, main svg, main script, main iframe, main a, main object, main embed').length,
        links: [...document.querySelectorAll('[href]')].map((e) => e.getAttribute('href')).filter((h) => /javascript:/i.test(h)),
        handlers: [...document.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
        body: document.body.textContent,
      }));
      assert.equal(seen.title, 'urlkit viewer', JSON.stringify(p));
      assert.equal(seen.pwned, undefined, JSON.stringify(p));
      assert.equal(seen.made, 0, JSON.stringify(p));
      assert.deepEqual(seen.links, []);
      assert.deepEqual(seen.handlers, []);
      assert.equal(seen.echo, `${p} `, 'the payload shows as text');
      assert.ok(seen.body.includes(p), 'the payload is on the page as text');
    }
    assert.deepEqual(dialogs, []);
    assert.deepEqual(violations, [], 'nothing the CSP had to block was even tried');
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    for (const d of ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'none'"]) assert.ok(csp.includes(d), d);
    assert.ok(!csp.includes('unsafe-inline'));
    await context.close();
  });

  test('the page source writes no markup from values', () => {
    const dir = path.join(ROOT, 'web/js');
    for (const f of readdirSync(dir)) {
      const src = readFileSync(path.join(dir, f), 'utf8');
      for (const bad of ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function', '.href =', 'srcdoc']) {
        assert.ok(!src.includes(bad), `${f} uses ${bad}`);
      }
    }
  });
});

describe('use', () => {
  test('keyboard: every control has a label and the URL field comes first in the focus order', async () => {
    const { page } = await open();
    const unlabelled = await page.evaluate(() => [...document.querySelectorAll('input, textarea, select')]
      .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map((e) => e.id));
    assert.deepEqual(unlabelled, []);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'url-input');
    // A lint finding takes the focus and then marks its span in the echo.
    await page.locator('#url-input').fill('http://user:pw@127.0.0.1/');
    await page.locator('#lint-findings [data-code="L001"]').focus();
    assert.equal(await page.locator('#url-echo mark').textContent(), 'pw');
  });

  test('offline once loaded (service worker)', async () => {
    const { context, page } = await open('#url=https%3A%2F%2Fexample.com%2F');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForSelector('html[data-ready]');
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null));
    await context.setOffline(true);
    await page.goto(`${server.origin}/#url=${encodeURIComponent('http://offline.example/x')}`);
    await page.reload();
    await page.waitForSelector('html[data-ready]', { timeout: 10000 });
    assert.equal(await page.locator('[data-field="href"]').textContent(), 'http://offline.example/x');
    await context.close();
    // The control: offline without the service worker, the page does not load at all.
    const bare = await chrome.newContext({ serviceWorkers: 'block' });
    await bare.setOffline(true);
    await assert.rejects((await bare.newPage()).goto(`${server.origin}/`));
    await bare.close();
  });

  test('screenshots: light and dark, desktop and phone', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const hash = `#url=${encodeURIComponent('https://user:pass@www.Example.co.uk:8080/a/./b/../c%7e?utm_source=x&q=1#frag')}&pattern=${encodeURIComponent('https://*.example.co.uk:*/a/:rest*')}&steps=www,tracking`;
    for (const scheme of ['light', 'dark']) {
      for (const [name, viewport, mobile] of [['desktop', { width: 1280, height: 1100 }, false], ['phone', { width: 390, height: 844 }, true]]) {
        const context = await chrome.newContext({ viewport, colorScheme: scheme, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1, serviceWorkers: 'block' });
        const page = await context.newPage();
        await page.goto(`${server.origin}/${hash}`);
        await page.waitForSelector('html[data-ready]');
        const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
        assert.equal(scheme === 'dark', /rgb\((\d+)/.exec(bg)[1] < 128, `${scheme} background ${bg}`);
        // No horizontal scrolling of the page itself on a phone.
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${name} fits its width`);
        await page.screenshot({ path: path.join(SHOTS, `viewer-${scheme}-${name}.png`) });
        await context.close();
      }
    }
    // The toggle overrides the system's choice.
    const context = await chrome.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('html[data-ready]');
    await page.locator('#theme-toggle').click();
    await page.locator('#theme-toggle').click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.ok(/rgb\((\d+)/.exec(bg)[1] < 128);
    await context.close();
  });
});
