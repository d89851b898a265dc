#!/usr/bin/env bash
# Runs every fuzz target in turn for SECONDS each (default 20: the CI smoke run) and prints a
# table row per target: executions, coverage (edges) and features, and the findings (crash
# files). Without a sanitizer (safe Rust), except parse_no_panic and rfc3986_no_panic, which
# run under AddressSanitizer because they reach the `unsafe` vector scans.
# Usage: fuzz/run.sh [SECONDS] [TARGET...]; FUZZ_JOBS=N runs N targets at once; FUZZ_SEED=N
# replays libFuzzer's mutations from seed N (CI sets one, so a smoke run is reproducible and a
# finding there is one a developer can replay; the long runs leave it unset); FUZZ_RUNS=N stops
# a target after N executions (a campaign: `FUZZ_RUNS=10000000 fuzz/run.sh 3600` gives every
# target 10 million, or an hour at most). Built with -a: `-O` alone turns debug assertions off,
# and with them on every parse and setter also runs its debug cross-checks (the offset
# invariants, the fast path against the state machine, the masked reader against the bytes).
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-20}"; shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(ls fuzz_targets | sed 's/\.rs$//')
[ -d corpus ] || ./seed.sh
mkdir -p logs artifacts
asan=" parse_no_panic rfc3986_no_panic "
build() { # sanitizer
  cargo +nightly fuzz build -O -a -s "$1" >/dev/null 2>&1 || cargo +nightly fuzz build -O -a -s "$1"
}
build none
build address
one() {
  local t="$1" san=none
  [[ "$asan" == *" $t "* ]] && san=address
  mkdir -p "corpus/$t" "artifacts/$t"
  local log="logs/$t.log" status=ok
  local extra=() # libFuzzer flags from the environment
  [ -n "${FUZZ_SEED:-}" ] && extra=(-seed="$FUZZ_SEED")
  [ -n "${FUZZ_RUNS:-}" ] && extra+=(-runs="$FUZZ_RUNS")
  cargo +nightly fuzz run -O -a -s "$san" "$t" "corpus/$t" -- -dict=dict/url.dict -max_total_time="$secs" "${extra[@]}" \
    -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="artifacts/$t/" >"$log" 2>&1 || status=FAILED
  local runs cov ft
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
  printf '%-22s %-8s %12s execs  cov %6s  ft %7s  %s\n' "$t" "$san" "$runs" "$cov" "$ft" "$status"
  [ "$status" = ok ]
}
export -f one; export secs asan
fail=0
printf '%s\n' "${targets[@]}" | xargs -P "${FUZZ_JOBS:-1}" -I{} bash -c 'one {}' || fail=1
exit $fail
