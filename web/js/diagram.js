// The diagram the CLI draws (`urlkit parse`), in HTML: the text, under it a bracket for
// each component, then a staircase of labels, the last component's first. Components that
// overlap (host over hostname and port) go to a second layer drawn below the first. Text
// longer than a row is cut into rows; a component crossing a cut is drawn open on that
// side and labelled where it starts. Alignment is by monospace column, as in a terminal:
// one per character, two for East Asian wide characters and emoji (the CLI's rule), so a
// 2 KB URL is a few dozen elements, not one per character.

import { el, patch, visible } from './dom.js';

/** The columns a character takes (crates/urlkit-cli/src/diagram.rs's `char_width`). */
function width(cp) {
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0x303e) || (cp >= 0x3041 && cp <= 0x33ff)
    || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xa000 && cp <= 0xa4cf)
    || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f)
    || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1f64f)
    || (cp >= 0x1f900 && cp <= 0x1f9ff) || (cp >= 0x20000 && cp <= 0x3fffd) ? 2 : 1;
}

function place(node, left, cols) {
  node.style.left = `${left}ch`;
  if (cols !== undefined) node.style.width = `${cols}ch`;
  return node;
}

/**
 * Renders `text` with `layers` of spans ({field, start, end} in UTF-16 units; the finest
 * layer first) into `host`, at most `maxCols` columns a row. `extra(field)` gives attributes
 * for a component's label (the viewer puts the input span there for highlighting).
 */
export function render(host, text, layers, maxCols, extra = () => ({})) {
  // Column where each UTF-16 offset that starts a character lies; the cut points of rows.
  const colAt = new Array(text.length + 1);
  const pieces = []; // [startUnit, endUnit, startCol, endCol]
  let col = 0;
  let unit = 0;
  let rowStart = [0, 0];
  const cols = Math.max(8, maxCols | 0);
  for (const ch of text) {
    const w = width(ch.codePointAt(0));
    if (col + w - rowStart[1] > cols && unit > rowStart[0]) {
      pieces.push([rowStart[0], unit, rowStart[1], col]);
      rowStart = [unit, col];
    }
    colAt[unit] = col;
    col += w;
    unit += ch.length;
  }
  colAt[unit] = col;
  pieces.push([rowStart[0], unit, rowStart[1], col]);

  const colLayers = layers.map((spans) => spans
    .map((s) => ({ field: s.field, start: colAt[s.start], end: colAt[s.end] }))
    .filter((s) => s.start !== undefined && s.end !== undefined && s.start < s.end)
    .sort((a, b) => a.start - b.start));

  // Rows are kept while their brackets and labels stay the same (typing changes the text of
  // one row, usually the last): only a row whose shape changed is built again.
  let cur = host.firstElementChild;
  for (const [u0, u1, from, to] of pieces) {
    const shape = rowShape(from, to, colLayers, extra);
    const key = JSON.stringify(shape);
    const chunk = visible(text.slice(u0, u1));
    if (cur && shapes.get(cur) === key) {
      patch(cur.firstElementChild, chunk);
      cur = cur.nextElementSibling;
    } else {
      const node = row(chunk, shape);
      shapes.set(node, key);
      if (cur) {
        const next = cur.nextElementSibling;
        cur.replaceWith(node);
        cur = next;
      } else host.append(node);
    }
  }
  while (cur) {
    const next = cur.nextElementSibling;
    cur.remove();
    cur = next;
  }
}

// Each row element drawn by render() → the JSON of its shape.
const shapes = new WeakMap();

/** A row's brackets and labels: per layer, the bars and the staircase's ticks (columns from the row's start). */
function rowShape(from, to, layers, extra) {
  const shape = [];
  for (const spans of layers) {
    const here = spans.filter((s) => s.end > from && s.start < to);
    if (here.length === 0) continue;
    const bars = [];
    const ticks = [];
    for (const s of here) {
      const a = Math.max(s.start, from) - from;
      const b = Math.min(s.end, to) - from;
      bars.push({ field: s.field, col: a, cols: b - a, openStart: s.start < from, openEnd: s.end > to });
      if (s.start >= from) ticks.push({ col: a, field: s.field, attrs: extra(s.field) });
    }
    shape.push({ bars, ticks });
  }
  return shape;
}

function row(chunk, shape) {
  const block = el('div', { class: 'drow' }, el('div', { class: 'dtext' }, chunk));
  for (const { bars, ticks } of shape) {
    const line = el('div', { class: 'dline bars' });
    for (const b of bars) {
      const bar = place(el('span', { class: 'bar', 'data-for': b.field }), b.col, b.cols);
      if (b.openStart) bar.classList.add('open-start');
      if (b.openEnd) bar.classList.add('open-end');
      line.append(bar);
    }
    block.append(line);
    // The staircase: the last component's label first, each line carrying the ticks of the
    // components still to be labelled.
    for (let k = ticks.length - 1; k >= 0; k -= 1) {
      const stair = el('div', { class: 'dline' });
      for (let j = 0; j < k; j += 1) stair.append(place(el('span', { class: 'tick' }), ticks[j].col));
      stair.append(place(el('span', { class: 'label', tabindex: 0, 'data-for': ticks[k].field, ...ticks[k].attrs }, ticks[k].field), ticks[k].col));
      block.append(stair);
    }
  }
  return block;
}
