#!/usr/bin/env bash
# Instruction counts (callgrind, repeatable under load) of `urlkit::text` and `linkify` over
# the first BYTES of the prose corpus and of realworld.txt, per configuration (0 scheme,
# 1 scheme+email, 2 all, 3 all + bare domains against linkify's scheme-less mode), with the
# ratio linkify ÷ urlkit.
# Usage: crates/urlkit-bench/scripts/text_callgrind.sh [BYTES, default 4000000]
# TEXT_BENCH_BIN=path runs an already built bench binary (a copy of an earlier build, for a
# before/after on the same corpus: the prose grows with ~/.cargo/registry, so counts taken on
# different days are not comparable).
set -euo pipefail
cd "$(dirname "$0")/../../.."
bytes=${1:-4000000}
bin=${TEXT_BENCH_BIN:-}
[ -n "$bin" ] || bin=$(cargo bench -p urlkit-bench --bench text --no-run --message-format=json 2>/dev/null |
  python3 -c 'import sys,json
for l in sys.stdin:
    m=json.loads(l)
    if m.get("reason")=="compiler-artifact" and m["target"]["name"]=="text" and m.get("executable"): print(m["executable"])')
out=$(mktemp -d)
count() { # finder config file
  BENCH_ONLY=profile-$1 BENCH_CONFIG=$2 BENCH_FILE=$3 BENCH_ROUNDS=1 BENCH_PROSE_MB=1 \
    BENCH_PROFILE_BYTES=$bytes valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
    --toggle-collect="*$1_pass*" "$bin" >/dev/null 2>"$out/err"
  grep -o 'Collected : [0-9]*' "$out/err" | grep -o '[0-9]*'
}
printf '| text | configuration | urlkit Ir | linkify Ir | linkify ÷ urlkit |\n|---|---|---|---|---|\n'
for file in prose realworld.txt; do
  for c in 0 1 2 3; do
    u=$(count urlkit $c $file); l=$(count linkify $c $file)
    name=$(echo "scheme scheme+email all all+bare-domains" | cut -d' ' -f$((c + 1)))
    python3 -c "print(f'| $file | $name | {$u:,} | {$l:,} | {$l/$u:.2f}× |')"
  done
done
rm -rf "$out"
