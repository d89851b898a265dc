"""No leak: the resident set stays flat over many calls. After a warm-up (allocator pools,
the built-in suffix list, interned strings), ``URL(s).hostname`` runs
``URLKIT_LEAK_CALLS`` times (default 10,000,000, the issue's figure: ~15 s here) over the
URLs of ``realworld.txt``, and the other per-value calls (setters, search_params, domain, surt, normalize, lint,
extract, the error path) a hundredth as often; RSS may grow by at
most a few MiB (a leak of even 8 bytes a call would add 80 MB). Set ``URLKIT_LEAK_CALLS``
lower for a quick local run."""

import os
from itertools import cycle, islice

import urlkit
from conftest import dataset_lines

PAGE = os.sysconf("SC_PAGE_SIZE")


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def _urls():
    return [l for l in dataset_lines("realworld.txt") if urlkit.URL.can_parse(l)]


def _quiet(f, *args):
    """Calls f, failures included (the error path must not leak either)."""
    try:
        f(*args)
    except urlkit.URLError:
        pass


def _other_calls(urls, n):
    for s in islice(cycle(urls), n):
        u = urlkit.URL(s)
        u.search_params.append("k", "v")
        u.pathname = "/x"
        _quiet(urlkit.domain, s)
        _quiet(urlkit.surt, s)
        _quiet(urlkit.normalize, s, "crawler")
        urlkit.lint(s)
        urlkit.extract(s)
        _quiet(urlkit.URL, s, "not a base")


def test_rss_flat_over_many_calls():
    calls = int(os.environ.get("URLKIT_LEAK_CALLS", "10000000"))
    urls = _urls()
    URL = urlkit.URL
    # Warm-up: every path once over the whole corpus.
    for s in urls:
        URL(s).hostname
    _other_calls(urls, len(urls))
    before = _rss()
    for s in islice(cycle(urls), calls):
        URL(s).hostname
    _other_calls(urls, calls // 100)
    grown = _rss() - before
    print(f"{calls} URL(s).hostname calls (+{calls // 100} rounds of the others): RSS {before >> 20} MiB, grew {grown / 2**20:.1f} MiB")
    assert grown < 8 * 2**20, f"RSS grew by {grown / 2**20:.1f} MiB over {calls} calls"
