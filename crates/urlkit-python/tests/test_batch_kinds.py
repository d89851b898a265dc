"""``urlkit.batch`` at its edges: nulls, failures, empty columns, non-ASCII text, every kind
of container in and out, Arrow producers it does not know, errors, threads and the GIL."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
import threading
import time

import pytest

import urlkit
import urlkit.batch
from urlkit import _urlkit, batch

from _batch_data import load

pa = pytest.importorskip("pyarrow")

URLS = ["https://Example.COM:8080/a?b#c", None, "not a url", "http://b\u00fccher.example/\u00e9", ""]
HOSTS = ["example.com:8080", None, None, "xn--bcher-kva.example", None]


def test_list_nulls_and_failures() -> None:
    assert batch.host(URLS) == HOSTS
    assert batch.is_valid(URLS) == [True, None, False, True, False]
    # `.example` is no listed suffix: no registered domain unless `unlisted`.
    assert batch.registered_domain(URLS) == ["example.com", None, None, None, None]
    assert batch.registered_domain(URLS, unlisted=True) == ["example.com", None, None, "xn--bcher-kva.example", None]
    out = batch.parse(URLS, fields=["hostname", "port", "origin"])
    assert out == {
        "hostname": ["example.com", None, None, "xn--bcher-kva.example", None],
        "port": ["8080", None, None, "", None],
        "origin": ["https://example.com:8080", None, None, "http://xn--bcher-kva.example", None],
    }


def test_registered_domain_of_an_idn_is_its_ascii_form() -> None:
    # The URL's host is in ASCII (punycode): its registered domain is too, as
    # `urlkit.domain(url)` gives it.
    assert batch.registered_domain(["http://www.b\u00fccher.de/"]) == ["xn--bcher-kva.de"]
    assert batch.public_suffix(["http://\u4f8b\u3048.\u30c6\u30b9\u30c8/"], unlisted=True) == ["xn--zckzah"]


def test_empty_columns() -> None:
    pl = pytest.importorskip("polars")
    pd = pytest.importorskip("pandas")
    for name in set(batch.__all__) - {"FIELDS", "PROFILES"}:
        fn = getattr(batch, name)
        empty = fn([])
        assert empty == ({f: [] for f in batch.FIELDS} if name == "parse" else [])
        assert len(fn(pa.array([], type=pa.string()))) == 0
        assert fn(pa.chunked_array([], type=pa.string())).num_chunks == 0
        assert len(fn(pl.Series("u", [], dtype=pl.String))) == 0
        assert len(fn(pd.Series([], dtype=object))) == 0


def test_pyarrow_kinds_and_types() -> None:
    array = pa.array(URLS)
    out = batch.host(array)
    assert out.type == pa.string() and out.to_pylist() == HOSTS
    out = batch.host(array.cast(pa.large_string()))
    assert out.type == pa.large_string()
    out = batch.host(array.cast(pa.string_view()))
    assert out.type == pa.string_view()
    assert batch.is_valid(array).type == pa.bool_()
    parsed = batch.parse(array, fields=["host", "pathname"])
    assert parsed.type == pa.struct([("host", pa.string()), ("pathname", pa.string())])
    assert parsed.is_null().to_pylist() == [False, True, True, False, True]
    links = batch.extract(pa.array(["a http://x.example/ b"]))
    assert links.type.value_type.field("start").type == pa.int64()
    # A column of nulls only (Arrow's `null` type) is a column of null strings.
    assert batch.host(pa.array([None, None])).to_pylist() == [None, None]
    # A slice: the offset is honoured.
    assert batch.host(array.slice(3, 2)).to_pylist() == HOSTS[3:]


def test_chunked_array_keeps_its_chunks() -> None:
    chunked = pa.chunked_array([URLS[:2], URLS[2:]], type=pa.string())
    out = batch.host(chunked)
    assert isinstance(out, pa.ChunkedArray)
    assert [c.to_pylist() for c in out.chunks] == [HOSTS[:2], HOSTS[2:]]


def test_polars_and_pandas_keep_name_index_and_nulls() -> None:
    pl = pytest.importorskip("polars")
    pd = pytest.importorskip("pandas")
    out = batch.host(pl.Series("link", URLS))
    assert out.name == "link" and out.dtype == pl.String and out.to_list() == HOSTS
    assert batch.is_valid(pl.Series(URLS)).dtype == pl.Boolean
    series = pd.Series([u if u is not None else float("nan") for u in URLS], index=list("vwxyz"), name="link")
    out = batch.host(series)
    assert list(out.index) == list("vwxyz") and out.name == "link"
    assert [None if pd.isna(v) else v for v in out.tolist()] == HOSTS
    frame = batch.parse(series, fields=["hostname"])
    assert list(frame.columns) == ["hostname"] and list(frame.index) == list("vwxyz")


def test_pandas_without_pyarrow_goes_through_a_list(monkeypatch: pytest.MonkeyPatch) -> None:
    pd = pytest.importorskip("pandas")
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # `import pyarrow` now fails
    series = pd.Series(URLS, index=[5, 4, 3, 2, 1])
    out = batch.host(series)
    assert out.tolist() == HOSTS and list(out.index) == [5, 4, 3, 2, 1]
    frame = batch.parse(series, fields=["port"])
    assert frame["port"].tolist() == ["8080", None, None, "", None]


def test_polars_expressions() -> None:
    pl = pytest.importorskip("polars")
    import urlkit.polars  # noqa: F401

    frame = pl.DataFrame({"url": URLS}).with_columns(
        host=pl.col("url").urlkit.host(),
        parts=pl.col("url").urlkit.parse(["hostname", "port"]),
        severity=pl.col("url").urlkit.lint_severity(),
    )
    assert frame["host"].to_list() == HOSTS
    assert frame.schema["parts"] == pl.Struct({"hostname": pl.String, "port": pl.String})
    assert frame.unnest("parts")["port"].to_list() == ["8080", None, None, "", None]
    # Per group: the answer does not depend on how polars splits the column.
    grouped = pl.DataFrame({"g": [1, 2, 1, 2, 1], "url": URLS}).group_by("g", maintain_order=True).agg(
        pl.col("url").urlkit.host()
    )
    assert grouped["url"].to_list() == [[HOSTS[0], HOSTS[2], HOSTS[4]], [HOSTS[1], HOSTS[3]]]


def test_other_arrow_producers_get_a_column() -> None:
    class Producer:
        def __init__(self, array: object) -> None:
            self.array = array

        def __arrow_c_array__(self, requested_schema: object = None) -> object:
            return self.array.__arrow_c_array__(requested_schema)

    out = batch.host(Producer(pa.array(URLS)))
    assert isinstance(out, _urlkit.Column)
    assert len(out) == len(URLS) and out.num_chunks == 1
    assert out.to_pylist() == HOSTS
    assert pa.array(out).to_pylist() == HOSTS
    assert pa.table(out).column(0).to_pylist() == HOSTS
    assert pa.field(out).type == pa.string()  # the input's layout
    assert "5 rows" in repr(out)


def test_non_ascii_text_offsets_are_code_points() -> None:
    text = "\u00c9t\u00e9 \U0001f600 voir https://exemple.fr/caf\u00e9 et <http://\u4f8b\u3048.jp/\u30d1\u30b9> \u2014 www.a.example."
    (links,) = batch.extract([text])
    assert [l["kind"] for l in links] == ["scheme", "angle", "www"]
    for link in links:
        assert text[link["start"] : link["end"]] == link["text"]
    # And on every line of the datasets that has non-ASCII characters.
    values = [v for v in load("messy.txt") + load("synthetic.txt") if not v.isascii()]
    assert len(values) > 1000
    for value, found in zip(values, batch.extract(values, bare_domains=True)):
        for link in found:
            assert value[link["start"] : link["end"]] == link["text"], (value, link)


def test_errors() -> None:
    with pytest.raises(TypeError, match="item 1 is int"):
        batch.host(["http://a/", 3])
    with pytest.raises(TypeError, match="found Int64"):
        batch.host(pa.array([1, 2]))
    with pytest.raises(ValueError, match="unknown normalization profile 'nope'"):
        batch.normalize(["http://a/"], "nope")
    with pytest.raises(ValueError, match="unknown URL component 'scheme'"):
        batch.parse(["http://a/"], fields=["scheme"])
    with pytest.raises(TypeError):
        batch.host(42)


def test_every_profile_and_the_surt_alias() -> None:
    values = load("realworld.txt")[:2000]
    assert set(batch.PROFILES) >= {"whatwg", "rfc3986", "safe-browsing", "surt", "crawler"}
    assert batch.surt(values) == batch.normalize(values, "surt")
    assert batch.normalize(values) == batch.normalize(values, "whatwg")


def test_threads_do_not_change_the_answer() -> None:
    code = (
        "import hashlib, sys, urlkit.batch as b; sys.path.insert(0, {tests!r}); from _batch_data import load;"
        "v = load('synthetic.txt'); print(b._urlkit._batch_threads,"
        " hashlib.sha256(repr((b.host(v), b.lint_codes(v), b.surt(v))).encode()).hexdigest())"
    ).format(tests=os.path.dirname(__file__))
    answers = {}
    for threads in ("1", "3"):
        env = dict(os.environ, URLKIT_THREADS=threads)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        used, digest = out.stdout.split()
        assert used == threads
        answers[threads] = digest
    assert answers["1"] == answers["3"]


def test_the_gil_is_released() -> None:
    # While a long batch runs on another thread, this one keeps running Python: the longest
    # pause between its ticks is a small part of the batch's time.
    array = pa.array(load("realworld.txt") * 4)
    done = threading.Event()
    took = []

    def work() -> None:
        start = time.perf_counter()
        batch.lint_codes(array)
        took.append(time.perf_counter() - start)
        done.set()

    worker = threading.Thread(target=work)
    last, longest = time.perf_counter(), 0.0
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    assert took[0] > 0.05, "the batch was too quick to tell"
    assert longest < took[0] / 2, (longest, took[0])


def test_docstring_examples() -> None:
    modules = [urlkit.batch]
    for optional in ("polars", "pandas"):
        try:
            __import__(optional)
        except ImportError:
            continue
        modules.append(__import__(f"urlkit.{optional}", fromlist=["_"]))
    for module in modules:
        failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert attempted > 0 and failed == 0, module.__name__
    # The native Column's docstring (from its Rust doc comment).
    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(_urlkit.Column, "Column", globs={}):
        runner.run(test)
    assert runner.tries > 0 and runner.failures == 0
