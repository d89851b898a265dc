// The view's state in the page's own fragment: `#url=<percent-encoded>&base=<…>&…`, so
// that a view is a link. Keys are fixed and read with decodeURIComponent (a `+` stays a
// plus: the fragment is not form data); anything unknown or undecodable is ignored.

/** The keys, in the order they are written. */
export const KEYS = ['url', 'base', 'pattern', 'template', 'vars', 'text', 'set', 'steps'];

/** Reads a fragment (`#url=…&base=…`, with or without the `#`) into an object of strings. */
export function read(hash) {
  const state = {};
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const piece of body.split('&')) {
    const eq = piece.indexOf('=');
    if (eq < 0) continue;
    const key = piece.slice(0, eq);
    if (!KEYS.includes(key) || key in state) continue;
    try {
      state[key] = decodeURIComponent(piece.slice(eq + 1));
    } catch {
      // A lone % or an invalid UTF-8 escape: keep the raw text rather than nothing.
      state[key] = piece.slice(eq + 1);
    }
  }
  return state;
}

/** Writes `state` as a fragment (with the `#`); empty values are left out, `url` always kept. */
export function write(state) {
  const pieces = [];
  for (const key of KEYS) {
    const value = state[key];
    if (value === undefined || value === null || (value === '' && key !== 'url')) continue;
    pieces.push(`${key}=${encodeURIComponent(value)}`);
  }
  return `#${pieces.join('&')}`;
}
