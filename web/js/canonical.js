// The canonical forms (one row per profile the package lists) and the normalization steps
// as toggles, applied in their documented order.

import { el, fill, message, patch, text, visible } from './dom.js';

let stepNames = [];
let boxes = [];
// The package's profile table does not change: asked once.
let profiles = null;

/** Builds the step toggles; `onChange` runs when one is flipped. Returns the checkboxes' setter. */
export function setup(api, onChange) {
  const list = document.getElementById('steps-list');
  const steps = api.steps();
  stepNames = steps.map((s) => s.name);
  boxes = steps.map((s) => el('input', { type: 'checkbox', id: `step-${s.name}`, 'data-step': s.name }));
  for (const box of boxes) box.addEventListener('change', onChange);
  fill(list, steps.map((s, i) => el('label', { for: `step-${s.name}`, title: s.summary }, boxes[i], s.name)));
}

/** The steps that are on, in table order. */
export function chosen() {
  return stepNames.filter((n, i) => boxes[i].checked);
}

/** Turns on exactly the steps named in `names`. */
export function choose(names) {
  stepNames.forEach((n, i) => { boxes[i].checked = names.includes(n); });
}

export function update(api, input, ok) {
  profiles ??= api.profiles();
  const rows = profiles.map((p) => {
    let value;
    let cls = 'mono';
    try {
      value = ok ? visible(api.canonical(input, p.name)) : '—';
    } catch (e) {
      value = message(e);
      cls = 'absent';
    }
    return el('tr', {}, el('th', { scope: 'row', title: p.summary }, p.name), el('td', { class: cls, 'data-profile': p.name }, value));
  });
  patch('canonical-body', rows);
  const out = document.getElementById('steps-result');
  const steps = chosen();
  try {
    text(out, ok ? api.normalize(input, { strip: steps }) : '—');
  } catch (e) {
    text(out, message(e));
  }
}
