// The browser entry (pkg/web, an ES module) loaded the way its README shows: `await init()`
// with no argument, which finds `urlkit_bg.wasm` beside the script. The package's own `URL`
// class must not be mistaken for the platform's there. Node has no `fetch` for `file:`
// addresses, so this test lends one that serves the file, as a web server would.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { crate } from './helpers.mjs';

test('the web entry initialises with no argument and parses', async () => {
  const entry = pathToFileURL(join(crate, 'pkg/web/urlkit.js')).href;
  const realFetch = globalThis.fetch;
  const asked = [];
  globalThis.fetch = async (address) => {
    asked.push(address);
    assert.ok(address instanceof globalThis.URL || typeof address === 'string',
      'init() asks for a platform URL or a string');
    const body = readFileSync(fileURLToPath(String(address)));
    return new Response(body, { headers: { 'Content-Type': 'application/wasm' } });
  };
  try {
    const web = await import(entry);
    await web.default();
    assert.equal(asked.length, 1);
    assert.match(String(asked[0]), /urlkit_bg\.wasm$/);
    assert.equal(new web.URL('HTTP://EXAMPLE.org/a/../b').href, 'http://example.org/b');
    assert.equal(web.readings('http://a\\@b.com/').whatwg.components.hostname, 'a');
  } finally {
    globalThis.fetch = realFetch;
  }
});
