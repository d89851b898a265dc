"""The WPT URL suites through ``urlkit.URL``: the basic URL parser
(``urltestdata.json``, URL Standard §4.4), the API setters (``setters_tests.json``, §6.1),
and the ``URLSearchParams`` tables (``urlencoded.json``, §5 and §6.2). Every record must pass."""

import json
import pickle

import pytest

import urlkit
from conftest import shared

ATTRS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"]


def _load(name):
    with open(shared("conformance", "wpt", name), encoding="utf-8") as f:
        return json.load(f)


def _encodable(*strings):
    """Lone surrogates (JS-only inputs) are not text a Python caller can pass as UTF-8."""
    try:
        for s in strings:
            if s is not None:
                s.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def test_urltestdata():
    records = [r for r in _load("urltestdata.json") if isinstance(r, dict)]
    assert len(records) > 700
    failures = []
    for r in records:
        inp, base = r["input"], r.get("base")
        assert _encodable(inp, base), r
        try:
            url = urlkit.URL(inp, base)
        except urlkit.URLError as e:
            if not r.get("failure"):
                failures.append((inp, base, f"raised {e}"))
            elif urlkit.URL.can_parse(inp, base):
                failures.append((inp, base, "can_parse says True"))
            continue
        if r.get("failure"):
            failures.append((inp, base, f"parsed as {url.href}"))
            continue
        got = {a: getattr(url, a) for a in ATTRS}
        want = {a: r[a] for a in ATTRS}
        if "origin" in r:
            got["origin"], want["origin"] = url.origin, r["origin"]
        if "searchParams" in r:
            got["sp"], want["sp"] = str(url.search_params), r["searchParams"]
        if got != want:
            failures.append((inp, base, {k: (got[k], want[k]) for k in want if got[k] != want[k]}))
        if not urlkit.URL.can_parse(inp, base):
            failures.append((inp, base, "can_parse says False"))
        # A URL re-parses to itself and survives pickling.
        again = urlkit.URL(url.href)
        if again != url or hash(again) != hash(url):
            failures.append((inp, base, "href does not re-parse to an equal URL"))
        if pickle.loads(pickle.dumps(url)) != url:
            failures.append((inp, base, "pickle round trip"))
    assert failures == [], f"{len(failures)} of {len(records)} failed: {failures[:20]}"


def test_base_as_url_object_equals_base_as_string():
    for r in _load("urltestdata.json"):
        if not isinstance(r, dict) or r.get("failure") or not r.get("base"):
            continue
        base = urlkit.URL(r["base"])
        assert urlkit.URL(r["input"], base).href == r["href"]
        assert urlkit.URL.can_parse(r["input"], base)


def test_setters():
    data = _load("setters_tests.json")
    total, failures = 0, []
    for setter, cases in data.items():
        if setter == "comment":
            continue
        assert setter in ATTRS, setter
        for c in cases:
            total += 1
            url = urlkit.URL(c["href"])
            try:
                setattr(url, setter, c["new_value"])
            except urlkit.URLError:
                # Only href raises (the standard's TypeError); the URL is then unchanged.
                assert setter == "href", c
            got = {k: getattr(url, k) for k in c["expected"]}
            if got != c["expected"]:
                failures.append((setter, c["href"], c["new_value"], got, c["expected"]))
    assert total > 250
    assert failures == [], f"{len(failures)} of {total} failed: {failures[:20]}"


def _params(query):
    """A URL whose search_params hold ``query`` parsed by the urlencoded parser: the query
    setter percent-encodes only bytes the parser decodes back to themselves."""
    url = urlkit.URL("http://h/")
    url.search = "?" + query if query else ""
    return url, url.search_params


def test_urlencoded_parse_and_sort():
    data = _load("urlencoded.json")
    for r in data["parse"]:
        _, p = _params(r["input"])
        assert [list(x) for x in p] == r["output"], r
    for r in data["sort"]:
        url, p = _params(r["input"])
        p.sort()
        assert [list(x) for x in p] == r["output"], r
        assert [list(x) for x in url.search_params] == r["output"], r


def test_urlencoded_serialize():
    data = _load("urlencoded.json")
    for r in data["serialize"]:
        url = urlkit.URL("http://h/")
        for name, value in r["pairs"]:
            url.search_params.append(name, value)
        assert str(url.search_params) == r["output"], r
        # The update steps wrote the same serialization into the URL's query.
        assert url.search == ("?" + r["output"] if r["output"] else ""), r
    for r in data["parse_serialize"]:
        # These records test the constructor, which drops one leading "?" as the search
        # setter does.
        url = urlkit.URL("http://h/")
        url.search = r["input"]
        assert str(url.search_params) == r["output"], r


def test_urlencoded_url_bound():
    for r in _load("urlencoded.json")["url_bound"]:
        url = urlkit.URL(r["href"])
        if "append" in r:
            url.search_params.append(*r["append"])
        if r.get("sort"):
            url.search_params.sort()
        assert url.href == r["expected_href"], r
