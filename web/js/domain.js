// The Public Suffix List split of the URL's host.

import { text } from './dom.js';

// The split depends on the hostname alone: computed again only when it changes (typing in
// the path does not), as the package's domain() takes milliseconds a call.
let last = { hostname: null, parts: null };

const ids = { host: 'domain-host', subdomain: 'domain-subdomain', suffix: 'domain-suffix', section: 'domain-section' };

export function update(api, w) {
  const reg = document.querySelector('[data-field="registrable_domain"]');
  let d = null;
  if (w && w.ok && w.components.hostname !== '') {
    const hostname = w.components.hostname;
    if (last.hostname !== hostname) {
      let parts = null;
      try { parts = api.domain(hostname); } catch { parts = null; }
      last = { hostname, parts };
    }
    d = last.parts;
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
