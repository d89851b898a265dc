// The URL Standard's reading: the components table (the data-field contract), the diagram
// of href, the validation errors, or the failure.

import { attr, el, patch, text } from './dom.js';
import { render } from './diagram.js';
import { spanAttrs } from './highlight.js';

export const FIELDS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
// The diagram's layers, as the CLI draws them: the parts of href that do not overlap, then host.
const LAYERS = [['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'], ['host']];

const cells = {};
let diagramWidth = 64;

export function setup() {
  for (const f of FIELDS) cells[f] = document.querySelector(`#components [data-field="${f}"]`);
  const measure = () => {
    const box = document.getElementById('diagram');
    const probe = el('span', { class: 'mono' }, '0000000000');
    box.append(probe);
    const ch = probe.getBoundingClientRect().width / 10 || 8;
    probe.remove();
    diagramWidth = Math.max(16, Math.floor((box.clientWidth - 8) / ch));
  };
  measure();
  return measure;
}

/** An error line: what, where, and the range to highlight. */
export function errorItem(info, attrs = {}) {
  const where = info.start === info.end ? `at ${info.start}` : `at ${info.start}–${info.end}`;
  return el('li', { tabindex: 0, 'data-kind': info.kind, ...attrs, ...spanAttrs(info) },
    el('span', { class: 'code' }, info.kind), info.message,
    el('span', { class: 'where' }, where));
}

/** Shows `w` (readings().whatwg) for the input `input`. */
export function update(w) {
  const errorBox = document.getElementById('whatwg-error');
  if (!w || !w.ok) {
    for (const f of FIELDS) { text(cells[f], ''); attr(cells[f], 'data-start', null); attr(cells[f], 'data-end', null); }
    const e = (w && w.error) || { kind: 'error', message: 'no reading', start: 0, end: 0 };
    patch(errorBox, el('div', { class: 'error', 'data-field': 'error', role: 'alert', tabindex: 0, ...spanAttrs(e) },
      'Not a URL: ', e.message, el('span', { class: 'where' }, `(${e.kind}, at ${e.start})`)));
    document.getElementById('diagram').replaceChildren();
  } else {
    if (errorBox.firstChild) errorBox.replaceChildren();
    const c = w.components;
    const inSpan = {};
    for (const s of w.inputSpans || []) inSpan[s.field] = s;
    for (const f of FIELDS) {
      text(cells[f], c[f]);
      const s = inSpan[f];
      attr(cells[f], 'data-start', s ? s.start : null);
      attr(cells[f], 'data-end', s ? s.end : null);
    }
    const hrefSpans = w.hrefSpans || [];
    const layers = LAYERS.map((names) => hrefSpans.filter((s) => names.includes(s.field)));
    // host is drawn only where it differs from hostname (a port).
    layers[1] = layers[1].filter((h) => !hrefSpans.some((s) => s.field === 'hostname' && s.start === h.start && s.end === h.end));
    render(document.getElementById('diagram'), c.href, layers, diagramWidth, (f) => spanAttrs(inSpan[f]));
  }
  const list = document.getElementById('validation');
  const errs = (w && w.validationErrors) || [];
  if (errs.length === 0) patch(list, el('li', { class: 'empty' }, w && w.ok ? 'None: the input is a valid URL string.' : '—'));
  else patch(list, errs.map((e) => errorItem(e, { 'data-validation': e.kind })));
}
