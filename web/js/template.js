// The URI Template (RFC 6570) expander and matcher: the template expanded with the JSON
// variables, and the URL input matched against it.

import { message, text } from './dom.js';

export function update(api, template, vars, input) {
  const expansion = document.getElementById('template-expansion');
  const matched = document.getElementById('template-match');
  if (template === '') {
    text(expansion, '—');
    text(matched, '—');
    return;
  }
  let t;
  try {
    t = new api.Template(template);
  } catch (e) {
    text(expansion, `Not a template: ${message(e)}`);
    text(matched, '—');
    return;
  }
  try {
    let values = {};
    let bad = null;
    if (vars.trim() !== '') {
      try {
        values = JSON.parse(vars);
        if (values === null || typeof values !== 'object' || Array.isArray(values)) bad = 'the variables must be a JSON object';
      } catch (e) {
        bad = `the variables are not JSON: ${message(e)}`;
      }
    }
    if (bad) text(expansion, bad);
    else {
      try { text(expansion, t.expand(values)); } catch (e) { text(expansion, message(e)); }
    }
    let m = null;
    try { m = t.match(input); } catch { m = null; }
    text(matched, m ? JSON.stringify(m instanceof Map ? Object.fromEntries(m) : m) : 'no match');
  } finally {
    if (typeof t.free === 'function') t.free();
  }
}
