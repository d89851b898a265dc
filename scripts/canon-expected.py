#!/usr/bin/env python3
"""Expected canonical forms from the real Python packages, for urlkit's differential tests.

    python3 scripts/canon-expected.py MODE [PSL_DAT] < inputs.jsonl > expected.jsonl

Reads one JSON string a line (a URL, or a host for `tldextract`) and writes one JSON value a
line: the package's answer, or {"error": "<exception type>"} where it raises.

MODE:
  surt        surt.surt(url)                              (surt 0.3.1, default options)
  w3lib       w3lib.url.canonicalize_url(url)             (w3lib 2.5.0)
  w3lib-no-blanks  canonicalize_url(url, keep_blank_values=False) (against the crawler
              profile with the `empty-query` step)
  tldextract  the registrable domain of a host, or null   (tldextract 5.4.0 given PSL_DAT as
              its only suffix list, private domains included, no cache, no network)
  tldextract-icann  the same without the list's private section
              (include_psl_private_domains=False, tldextract's default)

Install: pip install surt==0.3.1 w3lib==2.5.0 tldextract==5.4.0
"""
import json
import sys


def main():
    mode = sys.argv[1]
    if mode == "surt":
        import surt
        fn = surt.surt
    elif mode == "w3lib":
        import w3lib.url
        fn = w3lib.url.canonicalize_url
    elif mode == "w3lib-no-blanks":
        import w3lib.url

        def fn(url):
            return w3lib.url.canonicalize_url(url, keep_blank_values=False)
    elif mode in ("tldextract", "tldextract-icann"):
        import pathlib
        import tldextract
        extract = tldextract.TLDExtract(
            suffix_list_urls=[pathlib.Path(sys.argv[2]).resolve().as_uri()],
            cache_dir=None,
            fallback_to_snapshot=False,
            include_psl_private_domains=(mode == "tldextract"),
        )

        def fn(host):
            return extract(host).top_domain_under_public_suffix or None
    else:
        sys.exit("unknown mode: " + mode)
    out = sys.stdout
    for line in sys.stdin:
        value = json.loads(line)
        try:
            result = fn(value)
        except Exception as e:  # the test compares where the package raises too
            result = {"error": type(e).__name__}
        out.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
