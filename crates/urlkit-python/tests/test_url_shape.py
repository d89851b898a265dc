"""URLs for logs and URLs from parts (issue 28 items 2–3) through ``urlkit.URL``:
``URL.redacted()`` over ``Url::redacted_with`` and ``URL.build()`` over ``Url::builder``,
with the library's round trip (building from the parts of a parsed URL gives the URL) on the
realworld dataset."""

import pytest

import urlkit
from conftest import dataset_lines

URL = urlkit.URL


def test_redacted():
    u = URL("https://me:hunter2@example.com/cb?state=1&token=abc&Key=k#access_token=def")
    assert u.redacted() == "https://me:xxxxx@example.com/cb?state=1&token=abc&Key=k#access_token=def"
    assert u.redacted(userinfo=True) == "https://xxxxx:xxxxx@example.com/cb?state=1&token=abc&Key=k#access_token=def"
    assert u.redacted(parameters=True) == (
        "https://me:xxxxx@example.com/cb?state=1&token=xxxxx&Key=xxxxx#access_token=xxxxx"
    )
    assert u.redacted(parameters=["STATE"]) == (
        "https://me:xxxxx@example.com/cb?state=xxxxx&token=abc&Key=k#access_token=def"
    )
    assert u.redacted(parameters="state") == u.redacted(parameters=["state"])
    assert u.redacted(parameters=False) == u.redacted() == u.redacted(parameters=None)
    # Nothing secret: the href as it is; the URL itself is not changed.
    assert URL("https://example.com/?q=1").redacted(userinfo=True, parameters=True) == "https://example.com/?q=1"
    assert u.password == "hunter2"
    # The result is a URL.
    assert URL(u.redacted(userinfo=True, parameters=True)).username == "xxxxx"


def test_build():
    assert URL.build(scheme="HTTPS", host="example.com").href == "https://example.com/"
    got = URL.build(scheme="ftp", username="a@b", password="p:w", host="h", port=21, path="/x y")
    assert got.href == "ftp://a%40b:p%3Aw@h/x%20y"
    assert URL.build(scheme="https", host="h", path=["a b", "c/d"]).href == "https://h/a%20b/c%2Fd"
    assert URL.build(scheme="https", host="h", query="a=1&b= 2").href == "https://h/?a=1&b=%202"
    assert URL.build(scheme="https", host="h", query_pairs=[("a", "1"), ("a", "x&y")]).href == "https://h/?a=1&a=x%26y"
    assert URL.build(scheme="https", host="h", fragment="top bar").href == "https://h/#top%20bar"
    assert URL.build(scheme="https", host="[::1]", port=443).href == "https://[::1]/"
    assert isinstance(URL.build(scheme="a", path="b"), URL)


@pytest.mark.parametrize(
    "kwargs,kind,position,message",
    [
        ({"scheme": "https", "path": "/a"}, "missing", 0, "hostname: missing (the scheme needs a host)"),
        ({"scheme": "file", "host": "h", "port": 8080}, "not-allowed", 0, None),
        ({"scheme": "http", "host": "é b"}, "domain-invalid-code-point", None, None),
    ],
)
def test_build_errors(kwargs, kind, position, message):
    with pytest.raises(urlkit.URLError) as e:
        URL.build(**kwargs)
    assert e.value.kind == kind
    if position is not None:
        assert e.value.position == position
    if message is not None:
        assert str(e.value) == message
    with pytest.raises(TypeError):
        URL.build(host="h")  # the scheme is required


def test_build_round_trip_on_realworld():
    """Building from the attributes of a parsed URL gives that URL. The attributes cannot tell
    an empty query or fragment from none (``search`` and ``hash`` are both ``""``): those
    URLs are left out."""
    checked = 0
    failures = []
    for line in dataset_lines("realworld.txt")[:20000]:
        try:
            u = URL(line)
        except urlkit.URLError:
            continue
        if u.href.endswith(("?", "#")) or "?#" in u.href:
            continue
        parts = {
            "scheme": u.protocol[:-1],
            "username": u.username or None,
            "password": u.password or None,
            "host": u.hostname if u.host or u.href.startswith(u.protocol + "//") else None,
            "port": int(u.port) if u.port else None,
            "path": u.pathname,
            "query": u.search[1:] or None,
            "fragment": u.hash[1:] or None,
        }
        try:
            got = URL.build(**parts).href
        except urlkit.URLError as e:
            got = f"raised {e}"
        if got != u.href:
            failures.append((u.href, got))
        checked += 1
    assert checked > 1000
    assert failures == []
