"""``urlkit.URL`` beyond the WPT tables: errors as Python string indices, the live
search_params, equality, hashing, pickling, copying and the setters' rules."""

import copy
import pickle

import pytest

import urlkit
from urlkit import URL, URLError


def test_error_kind_and_position_are_str_indices():
    with pytest.raises(URLError) as e:
        URL("https://exa mple.org/")
    assert isinstance(e.value, ValueError)
    assert e.value.kind == "domain-invalid-code-point"
    assert e.value.input == "https://exa mple.org/"
    # Non-ASCII before the failure: the position counts code points, not UTF-8 bytes.
    text = "héllo-wörld://ü/x"  # not a scheme: 'é' cannot be in one
    with pytest.raises(URLError) as e:
        URL(text)
    assert e.value.kind == "missing-scheme-non-relative-URL"
    assert 0 <= e.value.position <= len(text)
    with pytest.raises(URLError) as e:
        URL("https://ü.example:99999/")
    # the port starts after 'https://ü.example:' (18 code points, 19 bytes)
    assert e.value.kind == "port-out-of-range"
    assert e.value.position >= 18 and "https://ü.example:99999/"[e.value.position - 1] in ":9"


def test_error_in_base_names_the_base():
    with pytest.raises(URLError) as e:
        URL("x", base="not a url")
    assert e.value.input == "not a url"
    assert not URL.can_parse("x", "not a url")
    assert URL.can_parse("x", URL("https://a/b"))


def test_search_params_are_live():
    u = URL("https://example.org/path?b=2&a=1#frag")
    p = u.search_params
    p.append("c", "3 4")
    assert u.href == "https://example.org/path?b=2&a=1&c=3+4#frag"
    u.search = "?x=1"
    assert list(p) == [("x", "1")]  # the view reads the URL, not a copy
    p.delete("x")
    assert u.href == "https://example.org/path#frag"  # an empty list removes the '?'
    p.set("k", "v")
    p.set("k", "w")
    assert u.search == "?k=w" and p.has("k") and p.has("k", "w") and not p.has("k", "v")
    assert "k" in p and "z" not in p and len(p) == 1 and p.size == 1
    assert p.get("z") is None and p.get_all("z") == []


def test_setters_follow_the_standard():
    u = URL("https://example.org/")
    u.port = "not a port"  # rejected: unchanged, no exception (as in a browser)
    assert u.port == ""
    u.port = "8080"
    assert u.host == "example.org:8080"
    u.protocol = "mailto"  # special to non-special: ignored
    assert u.protocol == "https:"
    u.hostname = "EXAMPLE.COM"
    u.username, u.password = "a b", "c:d"
    u.pathname, u.hash = "/x y", "f"
    assert u.href == "https://a%20b:c%3Ad@example.com:8080/x%20y#f"
    with pytest.raises(URLError):
        u.href = "not a url"
    assert u.href == "https://a%20b:c%3Ad@example.com:8080/x%20y#f"
    with pytest.raises(AttributeError):
        u.origin = "https://x"


def test_equality_hash_pickle_copy_repr():
    a, b = URL("HTTP://Example.org:80/"), URL("http://example.org/")
    assert a == b and hash(a) == hash(b) and a != URL("http://example.org/x")
    assert a != "http://example.org/"  # a URL is not equal to a str
    assert {a: 1}[b] == 1
    for clone in (pickle.loads(pickle.dumps(a)), copy.copy(a), copy.deepcopy(a)):
        assert clone == a and clone is not a
    c = copy.copy(a)
    c.pathname = "/changed"
    assert a.pathname == "/"  # copies are independent
    assert repr(URL("https://example.org/it's")) == "URL(\"https://example.org/it's\")"
    assert str(a) == "http://example.org/"


def test_join():
    base = URL("https://example.org/a/b?q#f")
    assert base.join("c").href == "https://example.org/a/c"
    assert base.join("//other.example/").href == "https://other.example/"
    with pytest.raises(URLError):
        base.join("https://[::1")


def test_unicode_host_is_ascii():
    u = URL("https://Bücher.example/ä?ö#ü")
    assert u.hostname == "xn--bcher-kva.example"
    assert u.pathname == "/%C3%A4" and u.search == "?%C3%B6" and u.hash == "#%C3%BC"
