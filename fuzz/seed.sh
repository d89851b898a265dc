#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the shared datasets and conformance files (never committed:
# the corpora are rebuilt from ../shared, then minimized with `cargo fuzz cmin`).
set -euo pipefail
cd "$(dirname "$0")"
shared="${URLKIT_SHARED:-../../shared}"
[ -d "$shared/datasets" ] || { echo "seed.sh: no $shared/datasets" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  shuf -n 2000 --random-source=<(yes) "$shared/datasets/realworld.txt"
  shuf -n 1000 --random-source=<(yes) "$shared/datasets/synthetic.txt"
  cat "$shared/datasets/messy.txt"
  python3 - "$shared/conformance" <<'PY'
import json, sys, os
root = sys.argv[1]
def out(s):
    if isinstance(s, str) and "\n" not in s: print(s)
for r in json.load(open(os.path.join(root, "wpt/urltestdata.json"))):
    if isinstance(r, dict):
        out(r.get("input")); out(r.get("href"))
for name, cases in json.load(open(os.path.join(root, "wpt/setters_tests.json"))).items():
    if isinstance(cases, list):
        for c in cases:
            if isinstance(c, dict): out(c["href"] + "\0" + c["new_value"])
for r in json.load(open(os.path.join(root, "rfc3986/resolve.json"))):
    out(r["base"] + "\0" + r["input"])
PY
} > "$tmp/lines"
python3 - "$tmp/lines" fuzz_targets corpus <<'PY'
import os, sys
lines, targets, corpus = sys.argv[1:]
data = open(lines, "rb").read().split(b"\n")
for t in sorted(os.listdir(targets)):
    d = os.path.join(corpus, t[:-3])
    if os.path.isdir(d) and os.listdir(d):
        continue
    os.makedirs(d, exist_ok=True)
    for i, line in enumerate(data):
        with open(os.path.join(d, "seed-%05d" % i), "wb") as f:
            f.write(line)
PY
echo "seeded $(ls fuzz_targets | wc -l) targets with $(wc -l < "$tmp/lines") inputs each"
