// The viewer: reads the view from the fragment, loads the package (WebAssembly), and
// updates every panel synchronously on each input event (one keystroke, one update), then
// writes the view back to the fragment with history.replaceState once the key is released.

import { load, loadPattern } from './api.js';
import * as fragment from './fragment.js';
import * as highlight from './highlight.js';
import * as theme from './theme.js';
import * as whatwg from './whatwg.js';
import * as readings from './readings.js';
import * as lint from './lint.js';
import * as domain from './domain.js';
import * as canonical from './canonical.js';
import * as percent from './percent.js';
import * as pattern from './pattern.js';
import * as template from './template.js';
import { message, text } from './dom.js';

const $ = (id) => document.getElementById(id);
const inputs = {
  url: $('url-input'), base: $('base-input'), pattern: $('pattern-input'),
  template: $('template-input'), vars: $('vars-input'), text: $('percent-input'),
};
let api = null;
let written = '';

function state() {
  const s = {};
  for (const [key, node] of Object.entries(inputs)) s[key] = node.value;
  s.steps = api ? canonical.chosen().join(',') : '';
  return s;
}

function restore(hash) {
  const s = fragment.read(hash);
  for (const [key, node] of Object.entries(inputs)) node.value = s[key] ?? '';
  if (api) canonical.choose((s.steps || '').split(',').filter(Boolean));
}

// Writing the fragment costs as much as a panel's update for a 2 KB URL, so a keystroke only
// marks it due: it is written when the key is released, when a field loses the focus, when
// the page is hidden or left, and otherwise (a paste from the menu, an IME, a key held down)
// at most 150 ms after the first unsaved change.
let due = 0;
function saveSoon() {
  if (!due) due = setTimeout(save, 150);
}
function flush() {
  if (due) save();
}

function save() {
  clearTimeout(due);
  due = 0;
  const hash = fragment.write(state());
  if (hash !== written && hash !== window.location.hash) {
    written = hash;
    // replaceState keeps one history entry per view rather than one per keystroke.
    window.history.replaceState(null, '', hash);
  }
}

/** Everything that depends on the URL (and base) input. */
function updateUrl() {
  const input = inputs.url.value;
  const base = inputs.base.value;
  highlight.setText(input);
  let r;
  try {
    r = api.readings(input, base === '' ? undefined : base);
  } catch (e) {
    r = { whatwg: { ok: false, error: { kind: 'error', message: message(e), start: 0, end: 0 }, validationErrors: [] }, disagreements: [] };
  }
  whatwg.update(r.whatwg);
  readings.update(r, input);
  lint.update(api, input);
  domain.update(api, r.whatwg);
  canonical.update(api, input, input !== '');
  updatePattern();
  updateTemplate();
  text('status', r.whatwg.ok ? '' : 'The URL Standard rejects this input (see below).');
}

let patternApi = null;
function updatePattern() {
  if (!patternApi && inputs.pattern.value !== '') {
    loadPattern().then((p) => { patternApi = p; updatePattern(); }, (e) => pattern.failed(e));
  }
  pattern.update(patternApi, inputs.pattern.value, inputs.url.value, inputs.base.value);
}
function updateTemplate() { template.update(api, inputs.template.value, inputs.vars.value, inputs.url.value); }
function updateSteps() { canonical.update(api, inputs.url.value, inputs.url.value !== ''); }
function updatePercent() { percent.update(api, inputs.text.value); }

function all() {
  updateUrl();
  updatePercent();
}

function on(node, fn) {
  node.addEventListener('input', () => { fn(); saveSoon(); });
}

async function start() {
  theme.setup($('theme-toggle'));
  highlight.setup($('url-echo'));
  const remeasure = whatwg.setup();
  restore(window.location.hash);
  written = window.location.hash;
  try {
    api = await load();
  } catch (e) {
    text('status', `The WebAssembly package did not load: ${message(e)}`);
    return;
  }
  canonical.setup(api, () => { updateSteps(); save(); });
  restore(window.location.hash);
  on(inputs.url, updateUrl);
  on(inputs.base, updateUrl);
  on(inputs.pattern, updatePattern);
  on(inputs.template, updateTemplate);
  on(inputs.vars, updateTemplate);
  on(inputs.text, updatePercent);
  $('inputs').addEventListener('submit', (e) => e.preventDefault());
  document.addEventListener('keyup', flush);
  document.addEventListener('focusout', flush);
  document.addEventListener('visibilitychange', flush);
  window.addEventListener('pagehide', flush);
  // A link pasted into the address bar that only changes the fragment does not reload.
  window.addEventListener('hashchange', () => {
    if (window.location.hash === written) return;
    // The link the reader went to wins over a write still due.
    clearTimeout(due);
    due = 0;
    written = window.location.hash;
    restore(written);
    all();
  });
  let resizeTimer = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { remeasure(); updateUrl(); }, 100);
  });
  // A shared link with a pattern is drawn whole before the page says it is ready.
  if (inputs.pattern.value !== '') {
    try { patternApi = await loadPattern(); } catch (e) { pattern.failed(e); }
  }
  all();
  document.documentElement.dataset.ready = '';
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('sw.js').catch(() => { /* offline use is a bonus */ });
  }
}

start();
