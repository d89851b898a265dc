#!/usr/bin/env bash
# Builds the npm package `urlkit` into crates/urlkit-wasm/pkg/ (git-ignored): the release
# WebAssembly module (profile `wasm` of the root Cargo.toml: size-minded), its wasm-bindgen
# glue for the web (an ES module, for browsers and bundlers) and for Node (CommonJS), the
# hand-written package.json and README.md from npm/, and the gzip size of each file.
#
# One command; installs what it needs when missing: the wasm32-unknown-unknown target
# (rustup) and the wasm-bindgen CLI at the version the crate pins. wasm-opt (Debian's
# `binaryen`) is run when present and when it makes the module smaller; URLKIT_WASM_OPT=0
# skips it. CARGO_PROFILE_WASM_OPT_LEVEL=z (or 3) overrides the profile's opt-level.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"

# The CLI must be the version of the `wasm-bindgen` crate (pinned with `=`): the glue and the
# module's custom section are checked against each other.
version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$here/Cargo.toml")
[ -n "$version" ] || { echo "build.sh: no pinned wasm-bindgen version in Cargo.toml" >&2; exit 2; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
    # Not `--locked`: the CLI's lock file pins webpki-roots 1.0.11, which crates.io no longer
    # serves (yanked); the rest resolves to the same majors.
    cargo install wasm-bindgen-cli --version "$version"
fi

# Two modules from the one crate: the main entry (feature `core`) and `urlkit/pattern`
# (feature `pattern`: URL Pattern's `regex` would be 38 % of a module holding both, so it is
# loaded only by those who import it). Both builds write the same file: each is copied out.
built="$root/target/wasm32-unknown-unknown/wasm/urlkit_wasm.wasm"
modules="$root/target/wasm32-unknown-unknown/wasm/modules"
mkdir -p "$modules"
for feature in core pattern; do
    cargo build -p urlkit-wasm --target wasm32-unknown-unknown --profile wasm \
        --no-default-features --features "$feature"
    cp "$built" "$modules/$feature.wasm"
done
wasm="$modules/core.wasm"

pkg="$here/pkg"
rm -rf "$pkg"
mkdir -p "$pkg"
wasm-bindgen --target web --out-dir "$pkg/web" --out-name urlkit "$wasm"
wasm-bindgen --target nodejs --out-dir "$pkg/node" --out-name urlkit "$wasm"
wasm-bindgen --target web --out-dir "$pkg/web" --out-name pattern "$modules/pattern.wasm"
wasm-bindgen --target nodejs --out-dir "$pkg/node" --out-name pattern "$modules/pattern.wasm"
# The package exports a class named `URL`, which hides the global one inside the web glue's
# module: its `init()` would build the module's address with our class. The glue's two uses of
# the global are pointed at `globalThis.URL`; the build fails if the glue no longer has them.
glue="$pkg/web/urlkit.js"
grep -q "new URL('urlkit_bg.wasm', import.meta.url)" "$glue" \
    && grep -q "(typeof URL === 'function' && module_or_path instanceof URL)" "$glue" \
    || { echo "build.sh: the web glue no longer reads the global URL as expected; check init()" >&2; exit 2; }
sed -i -e "s|new URL('urlkit_bg.wasm', import.meta.url)|new globalThis.URL('urlkit_bg.wasm', import.meta.url)|" \
    -e "s|(typeof URL === 'function' \&\& module_or_path instanceof URL)|module_or_path instanceof globalThis.URL|" "$glue"

# wasm-opt where it pays (Debian's binaryen 108 predates some of rustc's defaults: the
# features are enabled explicitly). Its module is kept only when it is smaller and the Node
# glue still loads it and parses a URL; otherwise wasm-bindgen's module stays as it is.
if [ "${URLKIT_WASM_OPT:-1}" != 0 ] && command -v wasm-opt >/dev/null; then
    m="$pkg/node/urlkit_bg.wasm"
    cp "$m" "$m.orig"
    if wasm-opt -Oz --enable-bulk-memory --enable-mutable-globals --enable-sign-ext \
        --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
        -o "$m.opt" "$m" 2>"$pkg/wasm-opt.log" && [ "$(wc -c <"$m.opt")" -lt "$(wc -c <"$m")" ] \
        && mv "$m.opt" "$m" \
        && node -e "const u = require(process.argv[1]); if (new u.URL('HTTP://a/b').href !== 'http://a/b') process.exit(1)" \
            "$pkg/node/urlkit.js" 2>>"$pkg/wasm-opt.log"; then
        cp "$m" "$pkg/web/urlkit_bg.wasm"
        echo "build.sh: wasm-opt -Oz applied ($(wc -c <"$m.orig") -> $(wc -c <"$m") bytes)"
    else
        mv "$m.orig" "$m"
        echo "build.sh: wasm-opt's module does not load or is not smaller (see pkg/wasm-opt.log); kept wasm-bindgen's" >&2
    fi
    rm -f "$m.opt" "$m.orig"
else
    echo "build.sh: wasm-opt not run (no binaryen, or URLKIT_WASM_OPT=0)" >&2
fi

cp "$here/npm/package.json" "$here/npm/README.md" "$pkg/"
# The package is `"type": "module"`; the Node glue is CommonJS.
printf '{ "type": "commonjs" }\n' >"$pkg/node/package.json"
# The package's version is the crate's.
crate_version=$(cargo metadata --format-version 1 --no-deps 2>/dev/null \
    | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"]=="urlkit-wasm"))')
sed -i "s/\"version\": \"[^\"]*\"/\"version\": \"$crate_version\"/" "$pkg/package.json"

echo "== sizes (bytes; gzip -9)"
for f in "$pkg"/web/urlkit_bg.wasm "$pkg"/web/urlkit.js "$pkg"/node/urlkit_bg.wasm "$pkg"/node/urlkit.js \
    "$pkg"/web/pattern_bg.wasm "$pkg"/web/pattern.js "$pkg"/node/pattern_bg.wasm "$pkg"/node/pattern.js; do
    printf '%-22s %9d %9d\n' "${f#"$pkg"/}" "$(wc -c <"$f")" "$(gzip -9 <"$f" | wc -c)"
done
