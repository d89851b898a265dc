// Lint findings (each an element with data-code="L…", its severity and the span it is
// about) and the strict policy's verdict.

import { attr, el, message, patch, text } from './dom.js';
import { spanAttrs } from './highlight.js';

function finding(f) {
  const sev = String(f.severity || 'note').toLowerCase();
  return el('li', { 'data-code': f.code, 'data-severity': sev, tabindex: 0, ...spanAttrs(f) },
    el('span', { class: `sev sev-${sev}` }, sev),
    el('span', { class: 'code' }, f.code), el('strong', {}, f.name || ''), ': ', f.message || '',
    typeof f.start === 'number' ? el('span', { class: 'where' }, f.start === f.end ? `at ${f.start}` : `at ${f.start}–${f.end}`) : null,
    f.help ? el('span', { class: 'help' }, f.help) : null);
}

export function update(api, input) {
  let findings;
  try {
    findings = api.lint(input);
  } catch (e) {
    patch('lint-findings', el('li', { class: 'error' }, `lint failed: ${message(e)}`));
    findings = null;
  }
  if (findings) {
    patch('lint-findings', findings.length === 0 ? el('li', { class: 'empty' }, 'No findings.') : findings.map(finding));
  }
  const verdict = document.getElementById('policy');
  try {
    const p = api.policy(input, 'strict');
    attr(verdict, 'class', `verdict ${p.ok ? 'ok' : 'bad'}`);
    attr(verdict, 'data-policy', p.ok ? 'allow' : 'deny');
    const why = (p.reasons || []).map((r) => r.code).join(', ');
    text(verdict, p.ok ? 'Strict policy: allowed (http/https on ports 80/443, no credentials, no internal addresses, nothing at warning level).'
      : `Strict policy: denied${why ? ` (${why})` : ''}.`);
  } catch (e) {
    attr(verdict, 'class', 'verdict bad');
    attr(verdict, 'data-policy', 'deny');
    text(verdict, `Strict policy: denied (${message(e)}).`);
  }
}
