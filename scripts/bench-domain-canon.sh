#!/bin/sh
# Issue 11's speed acceptance in one command: the domain and canon benches (BENCHMARKS.md,
# "Domains and canonical forms"), each paired in one run, then their three ratios:
#
#     scripts/bench-domain-canon.sh          # ~1 minute on an idle machine once built
#
# - registrable domain over the hosts of realworld.txt: t(psl) / t(urlkit) and
#   t(publicsuffix) / t(urlkit), medians of rotating rounds (above 1: urlkit is faster);
# - SURT and Safe Browsing over realworld.txt: urlkit's throughput / the Python `surt`
#   package's (0.3.1, one child process, same lines).
#
# Needs python3 with surt 0.3.1 for the second part
# (pip install surt==0.3.1 w3lib==2.5.0 tldextract==5.4.0). URLKIT_BENCH_ROUNDS sets the
# domain bench's rounds (default here 21).
set -eu
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0
cargo bench -q -p urlkit-bench --bench domain --bench canon --no-run 2>/dev/null
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
URLKIT_BENCH_ROUNDS="${URLKIT_BENCH_ROUNDS:-21}" cargo bench -q -p urlkit-bench --bench domain | tee "$out/domain"
cargo bench -q -p urlkit-bench --bench canon | tee "$out/canon"
echo
echo "## issue 11 ratios"
# Domain table: | contender | median ns/host | ratio to urlkit | p25-p75 | domains |
awk -F'|' '$2 ~ /^ (psl|publicsuffix) $/ {
    gsub(/ /, "", $2); gsub(/ /, "", $4); gsub(/ /, "", $5)
    printf "registrable domain: urlkit is %sx as fast as %s (median paired ratio; p25-p75 %s)\n", $4, $2, $5
}' "$out/domain"
# Canon table: | contender | best | median | URLs/s | throughput / Python surt |
awk -F'|' '$2 ~ /^ urlkit (surt|safe_browsing) $/ {
    gsub(/^ urlkit /, "", $2); gsub(/ /, "", $2); gsub(/ /, "", $6)
    printf "%s: %s the Python surt package'\''s throughput\n", $2, $6
}' "$out/canon"
