// The input repeated under the URL field with one range marked: the span of the component,
// validation error or lint finding that the pointer is over or that has the focus. Any
// element with data-start and data-end (UTF-16 offsets into the URL input) takes part.

import { el, patch, visible } from './dom.js';

let echo;
let current = '';

/** Starts listening; `node` is the echo element. */
export function setup(node) {
  echo = node;
  const on = (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-start]') : null;
    if (target) show(Number(target.dataset.start), Number(target.dataset.end));
  };
  const off = (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-start]') : null;
    if (target) show(-1, -1);
  };
  document.addEventListener('mouseover', on);
  document.addEventListener('focusin', on);
  document.addEventListener('mouseout', off);
  document.addEventListener('focusout', off);
}

/** The text the ranges point into (the URL input's value). */
export function setText(text) {
  current = text;
  show(-1, -1);
}

/** Marks [start, end) of the text; an empty range shows a caret, a negative one nothing. */
export function show(start, end) {
  if (!echo) return;
  if (!(start >= 0) || !(end >= start) || end > current.length) {
    patch(echo, visible(current));
    return;
  }
  patch(
    echo,
    visible(current.slice(0, start)),
    el('mark', { class: start === end ? 'caret' : 'span' }, visible(current.slice(start, end))),
    visible(current.slice(end)),
  );
}

/** The attributes that make an element highlight `span` ({start, end}) when pointed at. */
export function spanAttrs(span) {
  if (!span || typeof span.start !== 'number' || typeof span.end !== 'number') return {};
  return { 'data-start': span.start, 'data-end': span.end };
}
