// Loads the urlkit package (WebAssembly) and gives the viewer its API. The package's browser
// entry is re-exported by js/package.js, which web/build.sh writes.

import init, * as urlkit from './package.js';
import initPattern, * as patternEntry from './package-pattern.js';

/** Resolves to the package's exports once its WebAssembly module is instantiated. */
export async function load() {
  await init();
  return urlkit;
}

let pattern = null;

/**
 * Resolves to the URL Pattern entry (`urlkit/pattern`: its own WebAssembly module, fetched
 * the first time a pattern is tested).
 */
export function loadPattern() {
  pattern ??= initPattern().then(() => patternEntry);
  return pattern;
}
