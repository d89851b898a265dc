"""``data:`` URLs, forgiving base64 and MIME types through ``urlkit.data`` and
``urlkit.MimeType``: the data-urls suites (``data-urls/*.json`` of the conformance directory,
the web-platform-tests records of ``fetch/data-urls/`` and ``mimesniff/mime-types/``; every
record must pass, as the Rust runner ``crates/urlkit/tests/data_urls.rs`` requires), encoding
round trips, and the docstring examples of ``urlkit.data``."""

import doctest
import json
import pickle

import pytest

import urlkit
import urlkit.data
from conftest import shared


def _load(name):
    with open(shared("conformance", "data-urls", name), encoding="utf-8") as f:
        return json.load(f)


def _processed(url):
    """The records' form of what the processor gives: (serialized type, body bytes), or None."""
    try:
        d = urlkit.data.decode(url)
    except urlkit.DataURLError:
        return None
    return str(d.mime_type), list(d.body)


def test_data_urls():
    records = _load("data-urls.json")
    assert len(records) > 60
    failures = []
    for r in records:
        want = None if r[1] is None else (r[1], r[2])
        got = _processed(r[0])
        if got != want:
            failures.append((r[0], got, want))
    assert failures == []


def test_forgiving_base64():
    records = _load("base64.json")
    assert len(records) > 60
    failures = []
    for inp, want in records:
        try:
            got = list(urlkit.data.base64_decode(inp))
        except urlkit.DataURLError:
            got = None
        if got != want:
            failures.append((inp, got, want))
        # As WPT's base64.any.js checks it: through a data: URL.
        via_url = _processed(f"data:;base64,{inp}")
        if (via_url and via_url[1]) != want and not (via_url is None and want is None):
            failures.append((f"data:;base64,{inp}", via_url, want))
        if want is not None:
            again = urlkit.data.base64_encode(bytes(want))
            assert list(urlkit.data.base64_decode(again)) == want
            assert list(urlkit.data.base64_decode(inp.encode("utf-8"))) == want
    assert failures == []


@pytest.mark.parametrize("name", ["mime-types.json", "generated-mime-types.json"])
def test_mime_types(name):
    # Strings are section comments. The records' "encoding" (the Encoding Standard's name of
    # the charset label) is not the binding's business: the Rust runner checks it.
    records = [r for r in _load(name) if isinstance(r, dict)]
    assert len(records) > 50
    failures = []
    for r in records:
        try:
            got = str(urlkit.MimeType(r["input"]))
        except ValueError:
            got = None
        if got != r["output"]:
            failures.append((r["input"], got, r["output"]))
        elif got is not None and str(urlkit.MimeType(got)) != got:
            failures.append((r["input"], "serialize . parse is not idempotent", got))
    assert failures == []


def test_record_count():
    n = len(_load("data-urls.json")) + len(_load("base64.json"))
    n += sum(isinstance(r, dict) for f in ("mime-types.json", "generated-mime-types.json") for r in _load(f))
    assert n > 1000


def test_mime_type_record():
    m = urlkit.MimeType(' Text/HTML ;Charset="utf-8"; charset=x; q=1;bad')
    assert (m.type, m.subtype, m.essence, m.charset) == ("text", "html", "text/html", "utf-8")
    assert list(m.parameters.items()) == [("charset", "utf-8"), ("q", "1")]
    assert str(m) == "text/html;charset=utf-8;q=1"
    assert m == urlkit.MimeType(str(m)) and hash(m) == hash(urlkit.MimeType(str(m)))
    assert repr(m) == "MimeType('text/html;charset=utf-8;q=1')"
    assert pickle.loads(pickle.dumps(m)) == m
    assert urlkit.MimeType("a/b").charset is None
    with pytest.raises(ValueError) as e:
        urlkit.MimeType("tëxt")
    assert str(e.value) == "expected an HTTP token code point in the type at index 1"
    with pytest.raises(ValueError) as e:
        urlkit.MimeType("  text")
    assert str(e.value) == "expected '/' after the type at index 6"
    with pytest.raises(ValueError) as e:
        urlkit.MimeType("é/ht ml")
    assert str(e.value) == "expected an HTTP token code point in the type at index 0"


@pytest.mark.parametrize(
    "body,mime",
    [
        (b"", None),
        (b"hello, world", None),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml"),
        (bytes(range(256)), "application/octet-stream"),
        ("café ☕".encode(), "text/plain;charset=utf-8"),
        (b"a%b#c?d", 'text/plain;name="x y"'),
    ],
)
def test_encode_decode_round_trip(body, mime):
    url = urlkit.data.encode(body, mime)
    assert url.startswith("data:")
    assert urlkit.URL(url).href == url
    d = urlkit.data.decode(url)
    assert d.body == body
    assert d.mime_type == urlkit.MimeType(mime or "text/plain;charset=US-ASCII")
    if mime is not None:
        assert urlkit.data.encode(body, urlkit.MimeType(mime)) == url


def test_errors():
    for bad in ["data:text/plain", "https://example.com/", "not a url", "data:;base64,a"]:
        with pytest.raises(urlkit.DataURLError):
            urlkit.data.decode(bad)
    assert issubclass(urlkit.DataURLError, ValueError)
    assert urlkit.data.DataURLError is urlkit.DataURLError
    with pytest.raises(urlkit.DataURLError) as e:
        urlkit.data.decode("data:;base64,a")
    assert str(e.value) == (
        "invalid base64 in the body (which starts at byte 13): "
        "expected a number of base64 characters that is not 4n+1, found 1"
    )
    with pytest.raises(urlkit.DataURLError):
        urlkit.data.encode(b"x", 'text/plain;name="a,b"')
    with pytest.raises(ValueError):
        urlkit.data.encode(b"x", "nonsense")
    with pytest.raises(urlkit.DataURLError):
        urlkit.data.base64_decode("ab!c")
    with pytest.raises(TypeError):
        urlkit.data.base64_decode(3)


def test_data_url_value():
    d = urlkit.data.decode("data:text/plain;charset=utf-8;base64,aMOpbGxv")
    assert d.body == "héllo".encode() and d.mime_type.essence == "text/plain"
    assert d == urlkit.data.decode("data:text/plain;charset=utf-8,h%C3%A9llo")
    assert repr(d) == "DataURL(mime_type=MimeType('text/plain;charset=utf-8'), body=b'h\\xc3\\xa9llo')"


def test_every_data_name_is_documented_and_typed():
    import ast
    from pathlib import Path

    stub = Path(urlkit.__file__).parent / "_urlkit.pyi"
    stubbed = {
        n.name
        for n in ast.parse(stub.read_text()).body
        if isinstance(n, (ast.ClassDef, ast.FunctionDef))
    }
    native = {"decode": "data_decode", "encode": "data_encode"}
    for name in urlkit.data.__all__:
        obj = getattr(urlkit.data, name)
        assert (obj.__doc__ or "").strip(), name
        assert native.get(name, name) in stubbed, name
    for cls in (urlkit.Template, urlkit.TemplateSet, urlkit.MimeType, urlkit.data.DataURL):
        for attr, member in vars(cls).items():
            if not attr.startswith("_") and callable(member) or hasattr(member, "__get__") and not attr.startswith("_"):
                assert (member.__doc__ or "").strip(), f"{cls.__name__}.{attr}"


def test_docstring_examples_run():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {"urlkit": urlkit}
    tests = finder.find(urlkit.data, "urlkit.data", module=False, globs=globs)
    for name in urlkit.data.__all__:
        tests += finder.find(getattr(urlkit.data, name), f"urlkit.data.{name}", module=False, globs=globs)
    tests = [t for t in tests if t.examples]
    assert len(tests) >= 10
    for t in tests:
        runner.run(t)
    assert runner.failures == 0, f"{runner.failures} docstring examples failed (see the output above)"
