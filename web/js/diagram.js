// The diagram the CLI draws (`urlkit parse`), in HTML: the text, under it a bracket for
// each component, then a staircase of labels, the last component's first. Components that
// overlap (host over hostname and port) go to a second layer drawn below the first. Text
// longer than a row is cut into rows; a component crossing a cut is drawn open on that
// side and labelled where it starts. One grid column per character (code point), so wide
// characters and emoji keep their brackets aligned.

import { el, visible } from './dom.js';

/**
 * Renders `text` with `spans` ({field, start, end} in UTF-16 units; layers in order, the
 * finest first) into `host`, `width` characters a row. `extra(field)` gives attributes for
 * a component's label (the viewer puts the input span there for highlighting).
 */
export function render(host, text, layers, width, extra = () => ({})) {
  // Code points and the UTF-16 offset where each starts.
  const chars = Array.from(text);
  const unitToChar = new Map();
  let unit = 0;
  chars.forEach((c, i) => { unitToChar.set(unit, i); unit += c.length; });
  unitToChar.set(unit, chars.length);

  const colLayers = layers.map((spans) => spans
    .map((s) => ({ field: s.field, start: unitToChar.get(s.start), end: unitToChar.get(s.end) }))
    .filter((s) => s.start !== undefined && s.end !== undefined && s.start < s.end)
    .sort((a, b) => a.start - b.start));

  const rows = [];
  const w = Math.max(8, width | 0);
  for (let from = 0; from < chars.length || (from === 0 && rows.length === 0); from += w) {
    const to = Math.min(chars.length, from + w);
    rows.push(row(chars.slice(from, to), from, to, colLayers, extra));
    if (chars.length === 0) break;
  }
  host.replaceChildren(...rows);
}

function row(chars, from, to, layers, extra) {
  const grid = el('div', { class: 'drow' });
  chars.forEach((c, i) => {
    const cell = el('span', { class: 'ch' }, visible(c));
    cell.style.gridColumn = String(i + 1);
    grid.append(cell);
  });
  let line = 2;
  for (const spans of layers) {
    const here = spans.filter((s) => s.end > from && s.start < to);
    if (here.length === 0) continue;
    const ticks = [];
    for (const s of here) {
      const a = Math.max(s.start, from) - from;
      const b = Math.min(s.end, to) - from;
      const bar = el('span', { class: 'bar', 'data-for': s.field });
      if (s.start < from) bar.classList.add('open-start');
      if (s.end > to) bar.classList.add('open-end');
      bar.style.gridRow = String(line);
      bar.style.gridColumn = `${a + 1} / ${b + 1}`;
      grid.append(bar);
      if (s.start >= from) ticks.push({ col: a, field: s.field });
    }
    line += 1;
    // The staircase: the last component's label first, each row carrying the ticks of the
    // components still to be labelled.
    for (let k = ticks.length - 1; k >= 0; k -= 1) {
      for (let j = 0; j < k; j += 1) {
        const tick = el('span', { class: 'tick' });
        tick.style.gridRow = String(line);
        tick.style.gridColumn = String(ticks[j].col + 1);
        grid.append(tick);
      }
      const label = el('span', { class: 'label', tabindex: 0, 'data-for': ticks[k].field, ...extra(ticks[k].field) }, ticks[k].field);
      label.style.gridRow = String(line);
      label.style.gridColumn = String(ticks[k].col + 1);
      grid.append(label);
      line += 1;
    }
  }
  return grid;
}
