#!/bin/sh
# Dumps `urlkit normalize` under the normalization steps (issue 28), so that a change to the
# steps (`crates/urlkit/src/canon/`, the command's `--strip`) can be shown byte-identical:
# each step alone, the five of the bench, every step (with force-https, then force-http),
# `--keep-query` alone and with the five, the `--lowercase-path`/`--force-https` flags, under
# the whatwg, crawler and surt profiles, over the three datasets; plus, under whatwg, the
# steps after an edit (`--sort-query`, `--set`) and as JSON lines. Output and standard error
# of each run go to OUT/NAME.out and OUT/NAME.err (the summary's time left out), its exit
# status to OUT/NAME.rc.
#
#   sh crates/urlkit-bench/scripts/steps_dump.sh target/release/urlkit /tmp/before
#   sh crates/urlkit-bench/scripts/steps_dump.sh target/release/urlkit /tmp/after
#   diff -r /tmp/before /tmp/after && echo identical
#
# Environment: DATA (the datasets' folder, ../shared/datasets beside the checkout).
set -eu
URLKIT=${1:?usage: steps_dump.sh URLKIT OUT}
OUT=${2:?usage: steps_dump.sh URLKIT OUT}
DATA=${DATA:-../shared/datasets}
mkdir -p "$OUT"
STEPS=$("$URLKIT" normalize --help | sed -n 's/.*Normalization steps, comma-separated (repeatable): \([a-z, -]*\);.*/\1/p' | tr -d ' ')
[ -n "$STEPS" ] || { echo "no step names in urlkit normalize --help" >&2; exit 2; }
FIVE=www,fragment,tracking,trailing-slash,sort-query
ALL_HTTPS=$(echo "$STEPS" | sed 's/,force-http,/,/')
ALL_HTTP=$(echo "$STEPS" | sed 's/force-https,//')
KEEP='id,q,page*,*_id,v'

n=0
# dump NAME ARGS...: one run over each dataset
dump() {
    name=$1; shift
    for set in realworld synthetic messy; do
        f="$OUT/$name.$set"
        rc=0
        "$URLKIT" normalize --threads 1 "$@" -f "$DATA/$set.txt" > "$f.out" 2> "$f.raw" || rc=$?
        # The summary's time is no output.
        sed 's/ in [0-9.]* s$//' "$f.raw" > "$f.err" && rm "$f.raw"
        echo "$rc" > "$f.rc"
        n=$((n + 1))
    done
}

for profile in whatwg crawler surt; do
    p="--profile $profile"
    for step in $(echo "$STEPS" | tr ',' ' '); do
        dump "$profile.$step" $p --strip "$step"
    done
    dump "$profile.five" $p --strip "$FIVE"
    dump "$profile.all-https" $p --strip "$ALL_HTTPS"
    dump "$profile.all-http" $p --strip "$ALL_HTTP"
    dump "$profile.keep" $p --keep-query "$KEEP"
    dump "$profile.five-keep" $p --strip "$FIVE" --keep-query "$KEEP"
    dump "$profile.flags" $p --lowercase-path --force-https --strip query
done
dump whatwg.five-sort-edit --strip "$FIVE" --sort-query --remove-query 'a*'
dump whatwg.five-set --strip "$FIVE" --set port=8080
dump whatwg.all-jsonl --strip "$ALL_HTTPS" --format jsonl
dump whatwg.plain
echo "$n dumps in $OUT"
