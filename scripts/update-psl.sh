#!/bin/sh
# Replaces urlkit's built-in Public Suffix List with the current one, in one command:
#
#     scripts/update-psl.sh            # from publicsuffix.org (the list's only official source)
#     scripts/update-psl.sh FILE       # from a public_suffix_list.dat you already have
#     scripts/update-psl.sh --pypi     # from the `publicsuffixlist` Python package, which
#                                      # republishes the list daily (for machines that reach
#                                      # only package registries)
#
# Then run `cargo test -p urlkit --test domain` and commit the file with its new
# `// VERSION:` line in the message.
set -eu
dest="$(dirname "$0")/../crates/urlkit/src/domain/public_suffix_list.dat"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
case "${1:-}" in
    "")
        curl -fsSL https://publicsuffix.org/list/public_suffix_list.dat -o "$tmp/list.dat" ;;
    --pypi)
        python3 -m pip download --quiet --no-deps publicsuffixlist -d "$tmp"
        python3 -c 'import sys, zipfile, glob
wheel = glob.glob(sys.argv[1] + "/publicsuffixlist-*.whl")[0]
open(sys.argv[1] + "/list.dat", "wb").write(zipfile.ZipFile(wheel).read("publicsuffixlist/public_suffix_list.dat"))' "$tmp" ;;
    *)
        cp "$1" "$tmp/list.dat" ;;
esac
# A truncated download must not replace the list: both section markers must be there.
grep -q '===BEGIN ICANN DOMAINS===' "$tmp/list.dat"
grep -q '===END PRIVATE DOMAINS===' "$tmp/list.dat"
mv "$tmp/list.dat" "$dest"
grep -m1 '^// VERSION:' "$dest" || echo "(no VERSION line)"
