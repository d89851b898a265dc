#!/bin/sh
# Same lint findings, byte for byte, at BASE_REV and in the working tree, on every line of realworld.txt, synthetic.txt and messy.txt: crates/urlkit-bench/scripts/lint-equal.sh BASE_REV
#
# Both sides run the `lint_dump` example (one line per input line: every finding's code,
# severity, span, message and detail). BASE_REV is checked out in a temporary git worktree
# and built in its own target directory (LINT_EQUAL_TARGET, kept between runs): two
# checkouts of one workspace build artifacts of the same name, and a shared target
# directory can take one side's artifacts as fresh for the other. The datasets are read
# from URLKIT_DATASETS (../shared/datasets beside the checkout). Exit 0: identical;
# 1: a difference (the first lines of it are printed); 2: a build or setup failure.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 BASE_REV" >&2; exit 2; }
cd "$(dirname "$0")/../../.."
root=$(pwd)
data=${URLKIT_DATASETS:-$root/../shared/datasets}
base_target=${LINT_EQUAL_TARGET:-${TMPDIR:-/tmp}/urlkit-lint-equal-target}
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add --detach "$work/base" "$1" >/dev/null 2>&1 || { echo "lint-equal: cannot check out $1" >&2; exit 2; }
dump() { # dump CHECKOUT TARGET OUT
    (cd "$1" && CARGO_TARGET_DIR=$2 cargo build -q --release -p urlkit-bench --example lint_dump) ||
        { echo "lint-equal: build failed in $1" >&2; exit 2; }
    for f in realworld synthetic messy; do
        # The dataset's own name on each line, so both sides print the same prefix.
        (cd "$data" && "$2/release/examples/lint_dump" "$f.txt") > "$3.$f"
    done
}
dump "$work/base" "$base_target" "$work/before"
dump "$root" "${CARGO_TARGET_DIR:-$root/target}" "$work/after"
status=0
for f in realworld synthetic messy; do
    if cmp -s "$work/before.$f" "$work/after.$f"; then
        echo "$f.txt: $(wc -l < "$work/after.$f") lines, identical"
    else
        echo "$f.txt: the findings differ"
        diff "$work/before.$f" "$work/after.$f" | head -n 20
        status=1
    fi
done
exit $status
