#!/bin/sh
# Paired whole-process benchmark of the `urlkit` command against trurl (issue 17, speed):
# plain-text normalize, --get '{host}' and --set port=8080 over LINES lines built from
# realworld.txt, ROUNDS rounds of urlkit --threads 1, urlkit --threads THREADS and trurl in
# rotating order. Prints a Markdown table: medians of wall clock, lines/s for both thread
# counts, the paired median ratios trurl/urlkit (with min and max), CPU and peak RSS; then
# urlkit's peak RSS on 1x and 4x the input (memory flat in input size). About a minute on
# an idle 2-core machine (trurl takes most of it).
#
#   cargo build --release -p urlkit-cli
#   sh crates/urlkit-bench/scripts/cli_vs_trurl.sh
#
# Environment: URLKIT (default target/release/urlkit), TRURL (trurl), DATA (realworld.txt
# beside the checkout), LINES (1000000), ROUNDS (3), THREADS (2).
set -eu
URLKIT=${URLKIT:-target/release/urlkit}
TRURL=${TRURL:-trurl}
DATA=${DATA:-../shared/datasets/realworld.txt}
LINES=${LINES:-1000000}
ROUNDS=${ROUNDS:-3}
THREADS=${THREADS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

reps=$(( LINES / $(wc -l < "$DATA") + 2 ))
i=0
while [ $i -lt $reps ]; do cat "$DATA"; i=$((i + 1)); done | head -n "$LINES" > "$tmp/in.txt"
i=0
while [ $i -lt 4 ]; do cat "$tmp/in.txt"; i=$((i + 1)); done > "$tmp/in4.txt"

# run NAME FILE CMD...: appends "NAME wall user sys maxrss_kb" to $tmp/times
run() {
    name=$1; file=$2; shift 2
    /usr/bin/time -o "$tmp/t" -f "%e %U %S %M" "$@" < "$file" > /dev/null 2>&1 || true
    echo "$name $(cat "$tmp/t" | tail -1)" >> "$tmp/times"
}

echo "host: $(nproc) cores, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "urlkit: $($URLKIT --version)  trurl: $($TRURL --version | head -1)"
echo "input: $(wc -l < "$tmp/in.txt") lines, $(wc -c < "$tmp/in.txt") bytes"
echo

for case in normalize get set; do
    case $case in
        normalize) u="normalize"; t="";;
        get) u="normalize --get {host}"; t="--get {host}";;
        set) u="normalize --set port=8080"; t="--set port=8080";;
    esac
    r=0
    while [ $r -lt "$ROUNDS" ]; do
        # Rotate which of the three goes first.
        for k in 0 1 2; do
            case $(( (r + k) % 3 )) in
                # shellcheck disable=SC2086
                0) run "$case.urlkit1" "$tmp/in.txt" $URLKIT $u -q --threads 1;;
                # shellcheck disable=SC2086
                1) run "$case.urlkit" "$tmp/in.txt" $URLKIT $u -q --threads "$THREADS";;
                # shellcheck disable=SC2086
                2) run "$case.trurl" "$tmp/in.txt" $TRURL --url-file - $t;;
            esac
        done
        r=$((r + 1))
    done
done
run "flat.1x" "$tmp/in.txt" $URLKIT normalize -q --threads "$THREADS"
run "flat.4x" "$tmp/in4.txt" $URLKIT normalize -q --threads "$THREADS"

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
# ratio A B: "min · median · max" of the paired ratios of wall clocks A / B, round by round
ratio() {
    grep "^$1 " "$tmp/times" | awk '{print $2}' > "$tmp/a"
    grep "^$2 " "$tmp/times" | awk '{print $2}' > "$tmp/b"
    paste "$tmp/a" "$tmp/b" | awk '{print $1 / ($2 > 0 ? $2 : 0.001)}' > "$tmp/ratios"
    printf '%.1f · **%.1f** · %.1f' "$(sort -n "$tmp/ratios" | head -1)" "$(median < "$tmp/ratios")" "$(sort -n "$tmp/ratios" | tail -1)"
}
rate() { awk -v n="$LINES" -v s="$1" 'BEGIN {printf "%.2f M", n / (s > 0 ? s : 0.001) / 1e6}'; }
echo "| command | urlkit --threads 1: median s, lines/s | urlkit --threads $THREADS: median s, lines/s | trurl median s | trurl / urlkit --threads $THREADS (min · median · max, paired) | trurl / urlkit --threads 1 | urlkit CPU s (user+sys), --threads 1 / $THREADS | urlkit peak RSS |"
echo "| --- | ---: | ---: | ---: | --- | --- | ---: | ---: |"
for case in normalize get set; do
    u1=$(grep "^$case.urlkit1 " "$tmp/times" | awk '{print $2}' | median)
    u2=$(grep "^$case.urlkit " "$tmp/times" | awk '{print $2}' | median)
    tm=$(grep "^$case.trurl " "$tmp/times" | awk '{print $2}' | median)
    cpu1=$(grep "^$case.urlkit1 " "$tmp/times" | awk '{print $3 + $4}' | median)
    cpu2=$(grep "^$case.urlkit " "$tmp/times" | awk '{print $3 + $4}' | median)
    rss=$(grep "^$case.urlkit " "$tmp/times" | awk '{print $5}' | sort -n | tail -1)
    case $case in normalize) label="normalize";; get) label="normalize --get '{host}'";; set) label="normalize --set port=8080";; esac
    printf '| `%s` | %s s, %s | %s s, **%s** | %s s | %s | %s | %s / %s | %.1f MB |\n' "$label" "$u1" "$(rate "$u1")" "$u2" "$(rate "$u2")" "$tm" \
        "$(ratio "$case.trurl" "$case.urlkit")" "$(ratio "$case.trurl" "$case.urlkit1")" "$cpu1" "$cpu2" "$(echo "$rss" | awk '{print $1 / 1024}')"
done
echo
echo "memory, urlkit normalize: $(grep '^flat.1x ' "$tmp/times" | awk '{printf "%.1f MB", $5 / 1024}') on 1x, $(grep '^flat.4x ' "$tmp/times" | awk '{printf "%.1f MB", $5 / 1024}') on 4x the input"
