// The URL Pattern tester: the pattern against the URL input (and its base), with the
// groups of each component that matched.

import { attr, el, message, patch, text, visible } from './dom.js';

const COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'];

/** Says that the URL Pattern module did not load. */
export function failed(e) {
  const verdict = document.getElementById('pattern-result');
  attr(verdict, 'class', 'verdict bad');
  text(verdict, `The URL Pattern module did not load: ${message(e)}`);
}

/** Tests `input` against `pattern`; `api` is the URL Pattern entry, or null while it loads. */
export function update(api, pattern, input, base) {
  const verdict = document.getElementById('pattern-result');
  const groups = document.getElementById('pattern-groups');
  if (pattern === '') {
    attr(verdict, 'class', 'verdict');
    text(verdict, 'Type a pattern to test the URL against it.');
    groups.replaceChildren();
    return;
  }
  if (!api) {
    attr(verdict, 'class', 'verdict');
    attr(verdict, 'data-match', null);
    text(verdict, 'Loading URL Pattern…');
    groups.replaceChildren();
    return;
  }
  let p;
  try {
    p = new api.URLPattern(pattern, base || undefined);
  } catch (e) {
    attr(verdict, 'class', 'verdict bad');
    attr(verdict, 'data-match', 'error');
    text(verdict, `Not a pattern: ${message(e)}`);
    groups.replaceChildren();
    return;
  }
  try {
    let result = null;
    try { result = p.exec(input, base || undefined); } catch { result = null; }
    attr(verdict, 'class', `verdict ${result ? 'ok' : 'bad'}`);
    attr(verdict, 'data-match', result ? 'yes' : 'no');
    text(verdict, result ? 'The URL matches.' : 'The URL does not match.');
    const rows = [];
    if (result) {
      for (const c of COMPONENTS) {
        const g = result[c] && result[c].groups;
        if (!g) continue;
        for (const [name, value] of Object.entries(g)) {
          rows.push(el('tr', {}, el('th', { scope: 'row' }, `${c}.${name}`), el('td', { class: 'mono' }, value === undefined || value === null ? '(none)' : visible(String(value)))));
        }
      }
    }
    patch(groups, rows);
  } finally {
    if (typeof p.free === 'function') p.free();
  }
}
