// The Public Suffix List split of the URL's host.

import { text } from './dom.js';

const ids = { host: 'domain-host', subdomain: 'domain-subdomain', suffix: 'domain-suffix', section: 'domain-section' };

export function update(api, w) {
  const reg = document.querySelector('[data-field="registrable_domain"]');
  let d = null;
  if (w && w.ok && w.components.hostname !== '') {
    try { d = api.domain(w.components.hostname); } catch { d = null; }
  }
  if (!d) {
    for (const id of Object.values(ids)) text(id, '');
    text(reg, '');
    return;
  }
  text(ids.host, d.host ?? '');
  text(ids.subdomain, d.subdomain ?? '');
  text(ids.suffix, d.suffix ?? '');
  const section = { icann: 'ICANN', private: 'private (PRIVATE section)', unlisted: 'not on the list (the default rule *)', '-': 'not a domain' };
  text(ids.section, section[d.section] ?? d.section ?? '');
  text(reg, d.registrableDomain ?? '');
}
