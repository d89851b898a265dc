#!/bin/sh
# Issue 12's budget, lint ÷ a plain WHATWG parse over realworld.txt, measured two ways:
#
# 1. instructions (callgrind, repeatable under load): each of `Url::parse`,
#    `urlkit::lint::lint` and `Policy::strict().check` runs 1 and then 2 passes over the
#    corpus (the policy against lint: its budget is 1.2x); the difference is one
#    steady-state pass (reading the corpus, the Public Suffix List's one-time build and
#    other lazy tables drop out);
# 2. wall clock: the paired lint bench (rotating rounds), URLKIT_BENCH_ROUNDS rounds (11).
#
# Usage (from anywhere in the checkout): crates/urlkit-bench/scripts/lint-ratio.sh
# LINT_RATIO_SKIP_WALL=1 skips part 2.
set -eu
cd "$(dirname "$0")/../../.."
export CARGO_INCREMENTAL=0
exe=$(cargo bench -p urlkit-bench --bench lint --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)
[ -x "$exe" ] || { echo "lint-ratio: no bench executable" >&2; exit 2; }
per_pass() {
    for n in 1 2; do
        URLKIT_LINT_ONLY=$1 URLKIT_LINT_PASSES=$n valgrind --tool=callgrind \
            --callgrind-out-file=/dev/null "$exe" 2>&1 >/dev/null |
            sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    done | { read -r one; read -r two; echo $((two - one)); }
}
urls=$(grep -c '' "${URLKIT_DATASETS:-../shared/datasets}/realworld.txt" 2>/dev/null || echo 77829)
if command -v valgrind >/dev/null; then
    parse=$(per_pass whatwg)
    lint=$(per_pass lint)
    echo "instructions per pass ($urls URLs): parse $parse ($((parse / urls))/URL), lint $lint ($((lint / urls))/URL)"
    awk -v l="$lint" -v p="$parse" 'BEGIN { printf "lint / parse (callgrind instructions): %.2f\n", l / p }'
    # The strict policy's budget: at most 1.2x lint.
    policy=$(per_pass policy)
    echo "instructions per pass: strict policy $policy ($((policy / urls))/URL)"
    awk -v s="$policy" -v l="$lint" 'BEGIN { printf "strict policy / lint (callgrind instructions): %.2f\n", s / l }'
else
    echo "lint-ratio: valgrind not installed, instruction counts skipped"
fi
if [ -z "${LINT_RATIO_SKIP_WALL:-}" ]; then
    URLKIT_BENCH_ROUNDS=${URLKIT_BENCH_ROUNDS:-11} "$exe" --bench
fi
