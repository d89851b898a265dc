#!/usr/bin/env bash
# Builds the viewer: the npm package first (crates/urlkit-wasm/build.sh: the wasm32 target
# and the pinned wasm-bindgen-cli are installed when missing), then the page assembled into
# target/web/ — static files only, publishable as they are.
set -euo pipefail
cd "$(dirname "$0")/.."

# URLKIT_WEB_REUSE_PACKAGE=1 keeps a package already built (CI builds it just before).
if [ "${URLKIT_WEB_REUSE_PACKAGE:-0}" = 1 ] && [ -f crates/urlkit-wasm/pkg/package.json ]; then
  echo "web/build.sh: reusing crates/urlkit-wasm/pkg/"
else
  bash crates/urlkit-wasm/build.sh
fi

pkg=crates/urlkit-wasm/pkg
# The package's ES module for browsers, as its package.json exports it ("import").
entry="$(node -e '
  const p = require(process.argv[1]);
  const e = p.exports && (p.exports["."] || p.exports);
  // A condition may nest ({"import": {"types", "default"}}): follow browser, import, default.
  const pick = (x) => typeof x === "string" ? x : x && pick(x.browser || x.import || x.default);
  const f = pick(e) || p.module || p.browser;
  if (!f) { console.error("no browser entry in " + process.argv[1]); process.exit(1); }
  process.stdout.write(f.replace(/^\.\//, ""));
' "$PWD/$pkg/package.json")"
entry_dir="$(dirname "$entry")"

out=target/web
rm -rf "$out"
mkdir -p "$out/js" "$out/pkg/$entry_dir"
cp web/index.html web/style.css web/favicon.svg "$out/"
cp web/js/*.js "$out/js/"
# The browser build's glue and wasm only (not the Node build or the type declarations).
find "$pkg/$entry_dir" -maxdepth 1 \( -name '*.js' -o -name '*.wasm' \) -exec cp {} "$out/pkg/$entry_dir/" \;
# Each entry's module is its glue's name with _bg.wasm (wasm-bindgen's naming): the main entry
# and `urlkit/pattern` (URL Pattern, a module of its own that the page loads on first use).
pattern_entry="$entry_dir/pattern.js"
wasm="${entry%.js}_bg.wasm"
pattern_wasm="${pattern_entry%.js}_bg.wasm"
for f in "$entry" "$wasm" "$pattern_entry" "$pattern_wasm"; do
  [ -f "$out/pkg/$f" ] || { echo "web/build.sh: $f is not in the package" >&2; exit 1; }
done
# The glue's own default, new URL('…_bg.wasm', import.meta.url), runs inside a module whose
# exported class URL shadows the global one (and its instanceof URL test), so the page gives
# the module's address itself, as a string.
cat > "$out/js/package.js" <<JS
// Written by web/build.sh: the package's browser entry point.
import init from '../pkg/$entry';

export * from '../pkg/$entry';
export default () => init({ module_or_path: new URL('../pkg/$wasm', import.meta.url).href });
JS
cat > "$out/js/package-pattern.js" <<JS
// Written by web/build.sh: the package's URL Pattern entry point (urlkit/pattern).
import init from '../pkg/$pattern_entry';

export * from '../pkg/$pattern_entry';
export default () => init({ module_or_path: new URL('../pkg/$pattern_wasm', import.meta.url).href });
JS

# The service worker caches every file of the page; its cache is named by their hash, so a
# new build replaces the old cache.
files="$(cd "$out" && find . -type f ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)"
version="$(cd "$out" && printf '%s\n' "$files" | xargs sha256sum | sha256sum | cut -c1-16)"
list="$(printf '%s\n' "$files" | sed "s/.*/'&'/" | paste -sd, -)"
sed -e "s|^const VERSION = .*|const VERSION = '$version';|" \
    -e "s|^const FILES = .*|const FILES = ['./', $list];|" web/sw.js > "$out/sw.js"
grep -q "$version" "$out/sw.js"

echo "viewer: $out ($(printf '%s\n' "$files" | wc -l) files + sw.js, $(du -sh "$out" | cut -f1)); serve with web/serve.sh"
