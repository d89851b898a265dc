"""``urlkit.URLPattern`` through the WPT URL Pattern data (``urlpatterntestdata.json``:
constructor errors, component pattern strings, ``test``/``exec`` results) and
``urlkit.rfc3986`` through the RFC 3986 §5.4 and RFC 1630 resolution vectors."""

import json

import pytest

import urlkit
from urlkit import rfc3986
from conftest import shared

COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]


def _usv(v):
    """JavaScript turns lone surrogates into U+FFFD when a string reaches the API."""
    if isinstance(v, str):
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in v)
    if isinstance(v, list):
        return [_usv(x) for x in v]
    if isinstance(v, dict):
        return {k: _usv(x) for k, x in v.items()}
    return v


def _construct(args):
    pattern = args[0] if args else {}
    base, options = None, {}
    if len(args) == 2 and isinstance(args[1], dict):
        options = args[1]
    elif len(args) >= 2:
        base = args[1]
        if len(args) >= 3 and isinstance(args[2], dict):
            options = args[2]
    return urlkit.URLPattern(pattern, base, ignore_case=bool(options.get("ignoreCase")))


def test_urlpattern_wpt():
    with open(shared("conformance", "wpt", "urlpatterntestdata.json"), encoding="utf-8") as f:
        entries = _usv(json.load(f))
    checked, failures = 0, []
    for i, e in enumerate(entries):
        args = e["pattern"]
        if any(not isinstance(a, (str, dict)) for a in args):
            continue  # non-string JavaScript values (numbers, undefined) have no Python form
        if e.get("expected_obj") == "error":
            try:
                _construct(args)
                failures.append((i, args, "constructed"))
            except (ValueError, TypeError):
                pass
            checked += 1
            continue
        try:
            p = _construct(args)
        except (ValueError, TypeError) as err:
            failures.append((i, args, f"raised {err}"))
            continue
        for c, want in (e.get("expected_obj") or {}).items():
            if c in COMPONENTS and getattr(p, c) != want:
                failures.append((i, args, c, getattr(p, c), want))
        inputs = e.get("inputs") or []
        if not inputs or any(not isinstance(a, (str, dict)) for a in inputs):
            checked += 1
            continue
        url, base = inputs[0], (inputs[1] if len(inputs) > 1 else None)
        want = e.get("expected_match")
        try:
            got = p.exec(url, base)
            ok = p.test(url, base)
        except (ValueError, TypeError):
            if want != "error":
                failures.append((i, args, inputs, "exec raised"))
            checked += 1
            continue
        if want == "error":
            failures.append((i, args, inputs, "exec did not raise"))
        elif want is None:
            if got is not None or ok:
                failures.append((i, args, inputs, "matched", got))
        else:
            if got is None or not ok:
                failures.append((i, args, inputs, "no match"))
            else:
                for c in COMPONENTS:
                    if c in want:
                        exp = {"input": want[c].get("input", ""), "groups": want[c].get("groups", {})}
                        if got[c] != exp:
                            failures.append((i, args, inputs, c, got[c], exp))
                if "inputs" in want and got["inputs"] != want["inputs"]:
                    failures.append((i, args, inputs, "inputs", got["inputs"], want["inputs"]))
        checked += 1
    assert checked > 300
    assert failures == [], f"{len(failures)} failures: {failures[:15]}"


def test_urlpattern_shapes():
    p = urlkit.URLPattern("/books/:id(\\d+)", "https://example.com")
    r = p.exec("https://example.com/books/42?x")
    assert r["inputs"] == ["https://example.com/books/42?x"]
    assert r["pathname"] == {"input": "/books/42", "groups": {"id": "42"}}
    assert r["search"] == {"input": "x", "groups": {"0": "x"}}
    assert p.has_regexp_groups and not p.test("https://example.com/books/x")
    assert p.test({"pathname": "/books/7", "baseURL": "https://example.com"})
    opt = urlkit.URLPattern({"pathname": "/a/:x?"}).exec({"pathname": "/a"})
    assert opt["pathname"]["groups"] == {"x": None}  # an optional group that took no part
    with pytest.raises(ValueError):
        urlkit.URLPattern("https://(")


def test_rfc3986_resolution_vectors():
    with open(shared("conformance", "rfc3986", "resolve.json"), encoding="utf-8") as f:
        cases = json.load(f)
    assert len(cases) >= 50
    for c in cases:
        assert rfc3986.resolve(c["base"], c["input"]) == c["expected"], c


def test_rfc3986_parse_and_normalize():
    assert rfc3986.parse("foo://example.com:8042/over/there?name=ferret#nose") == {
        "scheme": "foo", "authority": "example.com:8042", "userinfo": None, "host": "example.com",
        "port": "8042", "path": "/over/there", "query": "name=ferret", "fragment": "nose",
    }  # RFC 3986 §3
    assert rfc3986.parse("urn:example:animal:ferret:nose")["authority"] is None
    assert rfc3986.parse("//h")["scheme"] is None and rfc3986.parse("?")["query"] == ""
    # RFC 3986 §6.2.2: case, percent-encoding and dot segments.
    assert rfc3986.normalize("HTTP://www.Example.com/%7euser/./a/../b") == "http://www.example.com/~user/b"
    assert rfc3986.normalize("http://example.com:80/") == "http://example.com/"  # §6.2.3
    with pytest.raises(urlkit.URLError) as e:
        rfc3986.parse("http://a b/")
    assert e.value.position == 8
