// Percent-encoding of a text with each of the URL Standard's encode sets, and its decoding.

import { el, message, patch, visible } from './dom.js';

export function update(api, value) {
  const rows = api.encodeSets().map((set) => {
    let out;
    try { out = api.percentEncode(value, set); } catch (e) { out = message(e); }
    return el('tr', {}, el('th', { scope: 'row' }, set), el('td', { class: 'mono', 'data-encode-set': set }, out));
  });
  let decoded;
  try { decoded = visible(api.percentDecode(value)); } catch (e) { decoded = message(e); }
  rows.push(el('tr', {}, el('th', { scope: 'row' }, 'decoded'), el('td', { class: 'mono', 'data-decoded': '' }, decoded)));
  patch('percent-body', rows);
}
