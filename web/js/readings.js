// The three readings side by side (URL Standard, RFC 3986, RFC 1738), one row per
// component, with every disagreement the package reports marked in the row
// (data-disagree="<component>") and in each column's cell, and explained below.

import { el, patch, visible } from './dom.js';
import { spanAttrs } from './highlight.js';

const ROWS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];

function whatwgValue(c, row) {
  if (!c) return undefined;
  switch (row) {
    case 'scheme': return c.protocol.replace(/:$/, '');
    case 'userinfo': return c.username || c.password ? (c.password ? `${c.username}:${c.password}` : c.username) : null;
    case 'host': return c.hostname === '' && !c.href.startsWith(`${c.protocol}//`) ? null : c.hostname;
    case 'port': return c.port === '' ? null : c.port;
    case 'path': return c.pathname;
    case 'query': return c.search === '' ? null : c.search.slice(1);
    case 'fragment': return c.hash === '' ? null : c.hash.slice(1);
    default: return c[row];
  }
}

function rfc1738Value(r, row) {
  if (!r || !r.ok) return undefined;
  if (row === 'scheme') return r.scheme;
  const v = r.view || {};
  if (row in v) return v[row];
  if (row === 'userinfo' && ('user' in v || 'password' in v)) {
    if (v.user === null || v.user === undefined) return null;
    return v.password === null || v.password === undefined ? v.user : `${v.user}:${v.password}`;
  }
  return undefined;
}

function cell(value, disagree, attrs = {}) {
  // Focusable only when focusing it shows something (its span in the input).
  const td = el('td', { class: 'mono', tabindex: 'data-start' in attrs ? 0 : null, ...attrs });
  if (disagree) td.append(el('span', { class: 'mark', title: 'the readings disagree here', 'aria-label': 'disagrees:' }, '≠'));
  if (value === undefined) td.append(el('span', { class: 'absent' }, 'n/a'));
  else if (value === null) td.append(el('span', { class: 'absent' }, '(absent)'));
  else if (value === '') td.append(el('span', { class: 'absent' }, '(empty)'));
  else td.append(visible(String(value)));
  return td;
}

/** Shows readings() for the URL input `input`. */
export function update(readings, input) {
  const w = readings.whatwg;
  const r3 = readings.rfc3986;
  const r1 = readings.rfc1738;
  const dis = new Map();
  for (const d of readings.disagreements || []) if (!dis.has(d.component)) dis.set(d.component, d);
  const rows = ROWS.concat([...dis.keys()].filter((k) => !ROWS.includes(k)));
  const r3Span = {};
  for (const s of (r3 && r3.inputSpans) || []) r3Span[s.field] = s;
  const wSpan = {};
  for (const s of (w && w.inputSpans) || []) wSpan[s.field] = s;
  const wField = { scheme: 'protocol', host: 'hostname', path: 'pathname', query: 'search', fragment: 'hash', port: 'port', userinfo: 'username' };

  patch('readings-body', rows.map((row) => {
    const d = dis.get(row);
    const wv = d ? d.whatwg : w && w.ok ? whatwgValue(w.components, row) : undefined;
    const r3v = d ? d.rfc3986 : r3 && r3.ok ? r3.components[row] : undefined;
    const r1v = d ? d.rfc1738 : rfc1738Value(r1, row);
    return el('tr', d ? { 'data-disagree': row } : {},
      el('th', { scope: 'row' }, row),
      cell(w && w.ok ? wv : undefined, !!d, { 'data-reading': 'whatwg', ...spanAttrs(wSpan[wField[row]]) }),
      cell(r3 && r3.ok ? r3v : undefined, !!d, { 'data-reading': 'rfc3986', ...spanAttrs(r3Span[row]) }),
      cell(r1 && r1.ok ? r1v : undefined, !!d, { 'data-reading': 'rfc1738' }));
  }));

  const notes = [...dis.values()];
  patch('disagreements', notes.length === 0
    ? el('li', { class: 'empty', 'data-agree': '' }, 'The readings agree on every component they share.')
    : notes.map((d) => el('li', { 'data-disagree-note': d.component, tabindex: 0, ...spanAttrs(typeof d.start === 'number' ? d : wSpan[wField[d.component]]) },
      el('span', { class: 'mark', 'aria-hidden': 'true' }, '≠'), el('strong', {}, d.component), ': ', d.note)));

  const box = document.getElementById('rfc3986-error');
  if (r3 && !r3.ok && r3.error) {
    const e = r3.error;
    const before = Array.from(input.slice(0, e.start)).length;
    patch(box, el('div', { class: 'error', 'data-rfc3986-error': e.kind, tabindex: 0, ...spanAttrs(e) },
      'Not an RFC 3986 URI reference: ', e.message,
      e.expected ? el('span', { class: 'where' }, `(rule ${e.expected})`) : null,
      el('pre', { class: 'caretline' }, `${visible(input)}\n${' '.repeat(before)}^`)));
  } else if (box.firstChild) box.replaceChildren();

  const view = document.getElementById('rfc1738-view');
  if (!r1) patch(view);
  else if (!r1.ok) patch(view, el('p', { class: 'absent' }, r1.error ? `No RFC 1738 reading: ${r1.error.message}` : 'No RFC 1738 reading'));
  else {
    const entries = Object.entries(r1.view || {});
    patch(view, el('table', { class: 'kv' }, el('tbody', {},
      el('tr', {}, el('th', { scope: 'row' }, 'scheme'), el('td', { class: 'mono' }, visible(String(r1.scheme)))),
      r1.defaultPort !== undefined ? el('tr', {}, el('th', { scope: 'row' }, 'default port'), el('td', { class: 'mono' }, r1.defaultPort === null ? '(none)' : String(r1.defaultPort))) : null,
      entries.map(([k, v]) => el('tr', {}, el('th', { scope: 'row' }, k),
        el('td', { class: 'mono' }, v === null || v === undefined ? '(absent)' : visible(typeof v === 'object' ? JSON.stringify(v) : String(v))))))));
  }
}
