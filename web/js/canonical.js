// The canonical forms (one row per profile the package lists) and the normalization steps
// as toggles, applied in their documented order.

import { el, fill, message, patch, text, visible } from './dom.js';

let stepNames = [];
// The package's profile table does not change: asked once.
let profiles = null;

/** Builds the step toggles; `onChange` runs when one is flipped. Returns the checkboxes' setter. */
export function setup(api, onChange) {
  const list = document.getElementById('steps-list');
  const steps = api.steps();
  stepNames = steps.map((s) => s.name);
  fill(list, steps.map((s) => {
    const box = el('input', { type: 'checkbox', id: `step-${s.name}`, 'data-step': s.name });
    box.addEventListener('change', onChange);
    return el('label', { for: `step-${s.name}`, title: s.summary }, box, s.name);
  }));
}

/** The steps that are on, in table order. */
export function chosen() {
  return stepNames.filter((n) => document.getElementById(`step-${n}`).checked);
}

/** Turns on exactly the steps named in `names`. */
export function choose(names) {
  for (const n of stepNames) document.getElementById(`step-${n}`).checked = names.includes(n);
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
