#!/bin/sh
# Paired whole-process benchmark of `urlkit normalize` with the normalization steps against
# without (issue 28, speed: "the CLI keeps its lines/s with --strip"): plain-text output over
# LINES lines built from realworld.txt, ROUNDS rounds of the plain run, `--strip` with the
# five steps of the library bench and `--strip` with every removal step, in rotating order,
# --threads 1 (the steps' cost is per line; more threads only divide it). Prints a Markdown
# table: median wall clock, lines/s, and the paired ratios to the plain run.
#
#   cargo build --profile bench -p urlkit-cli
#   URLKIT=target/release/urlkit sh crates/urlkit-bench/scripts/cli_strip.sh
#
# Environment: URLKIT (default target/release/urlkit), DATA (realworld.txt beside the
# checkout), LINES (1000000), ROUNDS (5).
set -eu
URLKIT=${URLKIT:-target/release/urlkit}
DATA=${DATA:-../shared/datasets/realworld.txt}
LINES=${LINES:-1000000}
ROUNDS=${ROUNDS:-5}
FIVE=www,fragment,tracking,trailing-slash,sort-query
ALL=userinfo,www,lowercase-path,duplicate-slashes,index,trailing-slash,tracking,empty-query,sort-query,fragment,text-fragment
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

reps=$(( LINES / $(wc -l < "$DATA") + 2 ))
i=0
while [ $i -lt $reps ]; do cat "$DATA"; i=$((i + 1)); done | head -n "$LINES" > "$tmp/in.txt"

# run NAME CMD...: appends "NAME wall user sys" to $tmp/times
run() {
    name=$1; shift
    /usr/bin/time -o "$tmp/t" -f "%e %U %S" "$@" < "$tmp/in.txt" > /dev/null 2>&1 || true
    echo "$name $(tail -1 "$tmp/t")" >> "$tmp/times"
}

echo "host: $(nproc) cores, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "urlkit: $($URLKIT --version)"
echo "input: $(wc -l < "$tmp/in.txt") lines, $(wc -c < "$tmp/in.txt") bytes; --threads 1, $ROUNDS rounds"
echo

r=0
while [ $r -lt "$ROUNDS" ]; do
    for k in 0 1 2; do
        case $(( (r + k) % 3 )) in
            0) run plain "$URLKIT" normalize -q --threads 1;;
            1) run five "$URLKIT" normalize -q --threads 1 --strip "$FIVE";;
            2) run all "$URLKIT" normalize -q --threads 1 --strip "$ALL";;
        esac
    done
    r=$((r + 1))
done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
# ratio A B: "min · median · max" of the paired ratios of wall clocks A / B, round by round
ratio() {
    grep "^$1 " "$tmp/times" | awk '{print $2}' > "$tmp/a"
    grep "^$2 " "$tmp/times" | awk '{print $2}' > "$tmp/b"
    paste "$tmp/a" "$tmp/b" | awk '{print $1 / ($2 > 0 ? $2 : 0.001)}' > "$tmp/ratios"
    printf '%.2f · **%.2f** · %.2f' "$(sort -n "$tmp/ratios" | head -1)" "$(median < "$tmp/ratios")" "$(sort -n "$tmp/ratios" | tail -1)"
}
rate() { awk -v n="$LINES" -v s="$1" 'BEGIN {printf "%.2f M", n / (s > 0 ? s : 0.001) / 1e6}'; }
echo "| command | median s | lines/s | time / plain (min · median · max, paired) |"
echo "| --- | ---: | ---: | --- |"
for case in plain five all; do
    m=$(grep "^$case " "$tmp/times" | awk '{print $2}' | median)
    case $case in
        plain) label="urlkit normalize";;
        five) label="urlkit normalize --strip $FIVE";;
        all) label="urlkit normalize --strip $ALL";;
    esac
    printf '| `%s` | %s | %s | %s |\n' "$label" "$m" "$(rate "$m")" "$(ratio "$case" plain)"
done
