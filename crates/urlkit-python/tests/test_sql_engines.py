"""urlkit's SQL functions in DuckDB (``urlkit.duckdb``) and DataFusion's Python package
(``urlkit.datafusion``): a GROUP BY registrable domain over a Parquet file of the
``realworld.txt`` dataset against the same aggregation in Python with ``urlkit.domain``;
every registered function against the per-value API on the dataset and against ``urlkit
sql`` (the Rust functions, when ``urlkit-sql`` is built); NULL rules; the three Arrow string
layouts and chunked input; every function's documented example.

The engines are the ``[sql]`` extra (``pip install './crates/urlkit-python[sql]'``): without
one its tests skip, or fail when ``URLKIT_REQUIRE_CONFORMANCE`` is set (as ``.ci/run`` sets
it); so does a missing dataset."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import pytest

import urlkit
from urlkit import _sql

from _batch_data import load

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

ENGINES = ("duckdb", "datafusion")
SEVERITY = {"note": 1, "warning": 2, "error": 3}


def engine(name: str) -> Any:
    """The engine's package; skips without it, or fails under URLKIT_REQUIRE_CONFORMANCE."""
    try:
        return __import__(name)
    except ImportError:
        msg = f"{name} is not installed (pip install './crates/urlkit-python[sql]')"
        if os.environ.get("URLKIT_REQUIRE_CONFORMANCE", "") not in ("", "0"):
            pytest.fail(f"{msg} and URLKIT_REQUIRE_CONFORMANCE is set")
        pytest.skip(msg)


class Session:
    """One engine's connection with urlkit's functions registered, and a table of it."""

    def __init__(self, name: str) -> None:
        self.name = name
        if name == "duckdb":
            import urlkit.duckdb

            self.con = engine("duckdb").connect()
            urlkit.duckdb.register(self.con)
        else:
            import urlkit.datafusion

            self.con = engine("datafusion").SessionContext()
            urlkit.datafusion.register(self.con)

    def parquet(self, table: str, path: Path) -> None:
        if self.name == "duckdb":
            self.con.sql(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{path}')")
        else:
            self.con.register_parquet(table, str(path))

    def rows(self, query: str) -> Dict[str, List[Any]]:
        """The query's result as a dict of columns."""
        if self.name == "duckdb":
            return self.con.sql(query).to_arrow_table().to_pydict()
        return self.con.sql(query).to_arrow_table().to_pydict()

    def types(self, query: str) -> Dict[str, Any]:
        """The Arrow types of the query's columns."""
        if self.name == "duckdb":
            schema = self.con.sql(query).to_arrow_table().schema
        else:
            schema = self.con.sql(query).to_arrow_table().schema
        return {f.name: f.type for f in schema}


@pytest.fixture(params=ENGINES)
def session(request: Any) -> Session:
    return Session(request.param)


@pytest.fixture(scope="module")
def realworld() -> List[str]:
    return load("realworld.txt")


@pytest.fixture(scope="module")
def parquet_file(realworld: List[str], tmp_path_factory: Any) -> Path:
    """The dataset with a row number and a few NULL rows, in row groups of 5000 (so that
    the engines hand the functions many batches)."""
    urls: List[Optional[str]] = list(realworld) + [None, None, None]
    path = tmp_path_factory.mktemp("sql") / "realworld.parquet"
    table = pa.table({"i": pa.array(range(len(urls)), pa.int64()), "url": pa.array(urls, pa.string())})
    pq.write_table(table, path, row_group_size=5000)
    return path


# The per-value API's answer for each function (what the SQL function must give per row).


def _url(value: Optional[str]) -> Optional[urlkit.URL]:
    return urlkit.URL(value) if value is not None and urlkit.URL.can_parse(value) else None


def _attr(name: str) -> Callable[[Optional[str]], Any]:
    def get(value: Optional[str]) -> Any:
        url = _url(value)
        return None if url is None else getattr(url, name)

    return get


def _port(value: Optional[str]) -> Optional[int]:
    url = _url(value)
    return int(url.port) if url is not None and url.port else None


def _parse(value: Optional[str]) -> Optional[Dict[str, Any]]:
    url = _url(value)
    if url is None:
        return None
    return {f: _port(value) if f == "port" else getattr(url, f) for f in _sql.PARSE_FIELDS}


#: The special schemes (URL Standard §4.1): their hosts are domains or IP addresses; other
#: schemes' hosts are opaque.
SPECIAL = {"ftp:", "file:", "http:", "https:", "ws:", "wss:"}
#: A label of a valid domain written in ASCII (RFC 1034 §3.5's letters, digits and hyphens;
#: the URL Standard's valid domain: domain to ASCII with beStrict, so STD3 rules and DNS
#: lengths).
LDH = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)", re.IGNORECASE)


def _domain(part: str, private: bool) -> Callable[[Optional[str]], Optional[str]]:
    """``urlkit.domain(host, private=…)``'s part for the URL's host, where the SQL functions
    follow the URL Standard's host public suffix and registrable domain (§3.2) and
    ``urlkit.domain`` follows tldextract: (1) a host's trailing dot stays on the answer
    (``example.com.``; ``urlkit.domain`` drops it), (2) an opaque host (a non-special
    URL's) counts only when it is a valid domain (``urlkit.domain`` splits any text:
    ``a_b.example``, ``fa%C3%9F.example``), in its lower-cased form. No host, no answer."""

    def get(value: Optional[str]) -> Optional[str]:
        url = _url(value)
        if url is None or not url.hostname:
            return None
        host = url.hostname
        if url.protocol not in SPECIAL:
            labels = host[:-1].split(".") if host.endswith(".") else host.split(".")
            if len(host) > 253 or not all(LDH.fullmatch(label) for label in labels) or labels[-1].isdigit():
                return None
            host = host.lower()
        dot = "." if host.endswith(".") else ""
        answer = getattr(urlkit.domain(host[: len(host) - len(dot)], private=private), part)
        return answer + dot if answer else None

    return get


def _normalize(profile: str) -> Callable[[Optional[str]], Optional[str]]:
    def get(value: Optional[str]) -> Optional[str]:
        if value is None:
            return None
        try:
            return urlkit.normalize(value, profile)
        except ValueError:
            return None

    return get


def _lint(value: Optional[str]) -> Optional[List[str]]:
    return None if value is None else [f.code for f in urlkit.lint(value)]


def _severity(value: Optional[str]) -> Optional[str]:
    if value is None:
        return None
    names = [f.severity for f in urlkit.lint(value)]
    return max(names, key=SEVERITY.__getitem__) if names else None


#: Every function's per-value answer, by the name without the prefix.
PER_VALUE: Dict[str, Callable[[Optional[str]], Any]] = {
    "parse": _parse,
    "host": _attr("hostname"),
    "hostname": _attr("hostname"),
    "host_port": _attr("host"),
    "scheme": lambda v: None if _url(v) is None else _url(v).protocol[:-1],
    "protocol": _attr("protocol"),
    "username": _attr("username"),
    "password": _attr("password"),
    "pathname": _attr("pathname"),
    "path": _attr("pathname"),
    "search": _attr("search"),
    "hash": _attr("hash"),
    "href": _attr("href"),
    "port": _port,
    "is_valid": lambda v: None if v is None else urlkit.URL.can_parse(v),
    "registrable_domain": _domain("registrable_domain", True),
    "registrable_domain_icann": _domain("registrable_domain", False),
    "public_suffix": _domain("public_suffix", True),
    "public_suffix_icann": _domain("public_suffix", False),
    "lint": _lint,
    "lint_severity": _severity,
}


def _calls() -> Dict[str, Callable[[Optional[str]], Any]]:
    """Column name → per-value answer, for every function (``url_normalize`` once per
    profile)."""
    calls = {f"url_{name}(url)": fn for name, fn in PER_VALUE.items()}
    for p in urlkit.PROFILES:
        calls[f"url_normalize(url, '{p}')"] = _normalize(p)
    return calls


def test_every_function_is_compared() -> None:
    assert set(PER_VALUE) | {"normalize"} == {f.name for f in _sql.FUNCTIONS}


def test_group_by_registrable_domain_over_parquet(session: Session, parquet_file: Path, realworld: List[str]) -> None:
    session.parquet("urls", parquet_file)
    got = session.rows(
        "SELECT url_registrable_domain(url) AS site, count(*) AS n FROM urls GROUP BY url_registrable_domain(url)"
    )
    counts = dict(zip(got["site"], got["n"]))
    expected = Counter(_domain("registrable_domain", True)(v) for v in list(realworld) + [None, None, None])
    assert counts == dict(expected)
    # Not a trivial grouping: many sites, and the NULL group holds the three NULL rows and
    # the URLs without a registrable domain.
    assert len(counts) > 1000 and counts[None] >= 3
    top = session.rows(
        "SELECT url_registrable_domain(url) AS site, count(*) AS n FROM urls "
        "GROUP BY site ORDER BY n DESC, site LIMIT 3"
    )
    assert list(zip(top["site"], top["n"])) == sorted(expected.items(), key=lambda kv: (-kv[1], kv[0] or ""))[:3]


def test_every_function_agrees_with_the_per_value_api(session: Session, parquet_file: Path) -> None:
    session.parquet("urls", parquet_file)
    calls = _calls()
    columns = ", ".join(f'{call} AS "{call}"' for call in calls)
    got = session.rows(f"SELECT i, url, {columns} FROM urls ORDER BY i")
    assert got["i"] == list(range(len(got["i"])))
    differ = {}
    for call, expected in calls.items():
        rows = [(v, want, answer) for v, answer in zip(got["url"], got[call]) if answer != (want := expected(v))]
        if rows:
            differ[call] = (len(rows), rows[:3])
    assert not differ, differ


def _urlkit_sql() -> str:
    """The Rust ``urlkit-sql`` program: ``URLKIT_SQL``, else beside ``URLKIT_CLI`` (``cargo
    test --workspace`` builds both in ``target/debug``), else this checkout's
    ``target/{release,debug}``; skips without it, or fails under URLKIT_REQUIRE_CONFORMANCE."""
    explicit = os.environ.get("URLKIT_SQL")
    if explicit:
        return explicit
    places = [Path(os.environ["URLKIT_CLI"]).parent] if os.environ.get("URLKIT_CLI") else []
    repo = Path(__file__).resolve().parents[3]
    places += [repo / "target" / "release", repo / "target" / "debug"]
    for place in places:
        if (place / "urlkit-sql").exists():
            return str(place / "urlkit-sql")
    msg = "urlkit-sql is not built (cargo build -p urlkit-datafusion, or set URLKIT_SQL)"
    if os.environ.get("URLKIT_REQUIRE_CONFORMANCE", "") not in ("", "0"):
        pytest.fail(f"{msg} and URLKIT_REQUIRE_CONFORMANCE is set")
    pytest.skip(msg)


def test_agrees_with_urlkit_sql(session: Session, parquet_file: Path, tmp_path: Path) -> None:
    """The same query gives the same rows in ``urlkit sql`` (the Rust functions) and here."""
    program = _urlkit_sql()
    session.parquet("urls", parquet_file)
    calls = _calls()
    query = "SELECT i, " + ", ".join(f'{call} AS "{call}"' for call in calls) + " FROM urls ORDER BY i"
    out = tmp_path / "rust.parquet"
    subprocess.run(
        [program, "-t", f"urls={parquet_file}", "--format", "parquet", "-o", str(out), query],
        check=True,
        capture_output=True,
    )
    rust = pq.read_table(out).to_pydict()
    got = session.rows(query)
    assert got["i"] == rust["i"]
    differ = {}
    for call in calls:
        rows = [(i, a, b) for i, a, b in zip(got["i"], got[call], rust[call]) if a != b]
        if rows:
            differ[call] = (len(rows), rows[:3])
    assert not differ, differ
    grouped = "SELECT url_registrable_domain(url) AS site, count(*) AS n FROM urls GROUP BY site"
    subprocess.run(
        [program, "-t", f"urls={parquet_file}", "--format", "parquet", "-o", str(out), grouped],
        check=True,
        capture_output=True,
    )
    rust = pq.read_table(out).to_pydict()
    got = session.rows(grouped)
    assert dict(zip(got["site"], got["n"])) == dict(zip(rust["site"], rust["n"]))


def test_result_types_are_the_rust_functions(session: Session) -> None:
    def call(f: _sql.SqlFunction) -> str:
        extra = ", 'whatwg'" if f.name == "normalize" else ""
        return f"url_{f.name}('https://h:1/?q#f'{extra})"

    if session.name == "duckdb":
        import urlkit.duckdb

        # DuckDB's own types (its Arrow export names list items `l`, not `item`).
        got = session.rows("SELECT " + ", ".join(f"typeof({call(f)}) AS {f.name}" for f in _sql.FUNCTIONS))
        for f in _sql.FUNCTIONS:
            # (DuckDB quotes the field names that are keywords.)
            assert [t.replace('"', "") for t in got[f.name]] == [
                urlkit.duckdb.duckdb_type(f.returns()).replace('"', "")
            ], f.name
        return
    types = session.types("SELECT " + ", ".join(f"{call(f)} AS {f.name}" for f in _sql.FUNCTIONS))
    for f in _sql.FUNCTIONS:
        assert types[f.name] == f.returns(), f.name


def _with_strings(t: Any, string: Any) -> Any:
    if t == pa.string_view():
        return string
    if pa.types.is_list(t):
        return pa.list_(pa.field(t.value_field.name, _with_strings(t.value_type, string), t.value_field.nullable))
    if pa.types.is_struct(t):
        return pa.struct([pa.field(f.name, _with_strings(f.type, string), f.nullable) for f in t])
    return t


NOT_A_URL = ("not a url", "", "http://[::1", "https://exa mple.com/")


def test_null_rules(session: Session) -> None:
    """A NULL gives NULL from every function; a string that is not a URL gives NULL from
    every function but ``url_is_valid`` (false), the linter's (finding ``L061``) and
    ``url_normalize`` under a profile whose standard reads it (``''`` is an RFC 3986
    relative reference); a NULL profile gives NULL."""
    values = ", ".join(["(NULL)"] + [f"('{v}')" for v in NOT_A_URL])
    calls = _calls()
    columns = ", ".join(f'{call} AS "{call}"' for call in calls)
    got = session.rows(f"SELECT url, {columns} FROM (SELECT u AS url FROM (VALUES {values}) t(u)) v")
    assert got["url"] == [None, *NOT_A_URL]
    for call, expected in calls.items():
        for url, answer in zip(got["url"], got[call]):
            assert answer == expected(url), (call, url, answer)
            if url is None:
                assert answer is None, (call, url)
            elif call == "url_is_valid(url)":
                assert answer is False, url
            elif call == "url_lint(url)":
                assert "L061" in answer, (url, answer)
            elif call == "url_lint_severity(url)":
                assert answer in SEVERITY, (url, answer)
            elif not call.startswith("url_normalize("):
                assert answer is None, (call, url, answer)
    got = session.rows(
        "SELECT url_normalize('https://h/', CAST(NULL AS VARCHAR)) AS n, url_normalize(NULL, 'surt') AS m"
    )
    assert got == {"n": [None], "m": [None]}


def test_normalize_takes_a_constant_profile(session: Session) -> None:
    with pytest.raises(Exception, match="constant|unknown"):
        session.rows(
            "SELECT url_normalize(u, p) FROM (VALUES ('https://h/', 'whatwg'), ('https://h/', 'surt')) t(u, p)"
        )
    with pytest.raises(Exception, match="profile"):
        session.rows("SELECT url_normalize('https://h/', 'no-such-profile')")


@pytest.mark.parametrize("f", _sql.FUNCTIONS, ids=lambda f: f.name)
def test_documented_example(session: Session, f: _sql.SqlFunction) -> None:
    got = session.rows(f"{f.example} AS answer")
    assert got["answer"] == [f.answer], f.example


def test_duckdb_string_layouts(realworld: List[str]) -> None:
    """DuckDB hands the functions ``string``, ``large_string`` or ``string_view`` as its
    settings say; every layout gives the same rows."""
    import urlkit.duckdb

    con = engine("duckdb").connect()
    urlkit.duckdb.register(con)
    urls_table = pa.table({"url": pa.array(realworld[:3000] + [None])})  # noqa: F841  (read by DuckDB)
    query = "SELECT url_host(url) AS h, url_lint(url) AS l, url_parse(url) AS p, url_port(url) AS o FROM urls_table"
    settings = {
        "string": [],
        "large_string": ["SET arrow_large_buffer_size=true"],
        "string_view": ["SET arrow_output_version='1.4'", "SET produce_arrow_string_view=true"],
    }
    answers = {}
    for layout, statements in settings.items():
        for s in statements:
            con.sql(s)
        seen = []
        con.create_function("layout_of", lambda u: (seen.append(u.type), u)[1], ["VARCHAR"], "VARCHAR", type="arrow")
        con.sql("SELECT layout_of(url) FROM urls_table").fetchall()
        con.remove_function("layout_of")
        assert seen and all(t == getattr(pa, layout)() for t in seen), (layout, seen)
        answers[layout] = con.sql(query).fetchall()
    assert answers["string"] == answers["large_string"] == answers["string_view"]
    assert answers["string"][0][0] == _attr("hostname")(realworld[0])


@pytest.mark.parametrize("layout", ["string", "large_string", "string_view"])
@pytest.mark.parametrize("chunks", [0, 1, 3])
def test_every_function_on_each_arrow_input(layout: str, chunks: int, realworld: List[str]) -> None:
    """The functions as the engines call them, on an array or a chunked array (empty, one
    chunk, several) of each string layout: the per-value answers, in the Rust type (the
    DataFusion cast) or the input's string layout (what DuckDB is given back)."""
    values: List[Optional[str]] = realworld[:500] + [None] + list(NOT_A_URL)
    string = getattr(pa, layout)()
    if chunks == 0:
        arrays = [pa.array(values, string)]
    else:
        step = -(-len(values) // chunks)
        arrays = [
            pa.chunked_array([pa.array(values[k : k + step], string) for k in range(0, len(values), step)], string)
        ]
        arrays.append(pa.chunked_array([], string))
    for f in _sql.FUNCTIONS:
        extra = [] if f.arguments == ("url",) else ["crawler"]
        for urls in arrays:
            args = [urls] + [_constant(urls, v) for v in extra]
            kept = _sql.wrap(f)(*args)
            cast = _sql.wrap(f, cast=f.returns())(*args)
            assert cast.type == f.returns(), f.name
            assert kept.type == _with_strings(f.returns(), string), (f.name, kept.type)
            assert isinstance(kept, pa.ChunkedArray) == isinstance(urls, pa.ChunkedArray) and len(kept) == len(urls), (
                f.name
            )
            rows = urls.to_pylist()
            expected = _normalize("crawler") if f.name == "normalize" else PER_VALUE[f.name]
            assert kept.to_pylist() == cast.to_pylist() == [expected(v) for v in rows], f.name


def _constant(like: Any, value: str) -> Any:
    """A column of ``value`` shaped as ``like`` (an engine's constant argument)."""
    if isinstance(like, pa.ChunkedArray):
        return pa.chunked_array([pa.array([value] * len(c), like.type) for c in like.chunks], like.type)
    return pa.array([value] * len(like), like.type)


def test_register_names_and_prefix(session: Session) -> None:
    import urlkit.datafusion
    import urlkit.duckdb

    module = urlkit.duckdb if session.name == "duckdb" else urlkit.datafusion
    names = module.register(session.con, prefix="u_", names=["registrable_domain", "port"])
    assert names == ["u_port", "u_registrable_domain"]
    got = session.rows("SELECT u_registrable_domain('https://a.b.example.com/') AS d, u_port('http://h:81/') AS p")
    assert got == {"d": ["example.com"], "p": [81]}
    with pytest.raises(ValueError, match="unknown urlkit SQL function 'url_host'"):
        module.register(session.con, names=["url_host"])
    with pytest.raises(ValueError, match="unknown urlkit SQL function"):
        module.register(session.con, names=["nope"])


def test_import_loads_no_engine() -> None:
    """``import urlkit`` (and importing the registration modules) loads neither engine:
    only :func:`register` touches one."""
    code = (
        "import sys, urlkit, urlkit.duckdb, urlkit.datafusion\n"
        "assert 'duckdb' not in sys.modules and 'datafusion' not in sys.modules, sorted(sys.modules)\n"
        "assert urlkit.duckdb.__name__ == 'urlkit.duckdb' and urlkit.datafusion.__name__ == 'urlkit.datafusion'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_docstring_examples_run() -> None:
    import doctest

    import urlkit.datafusion
    import urlkit.duckdb

    engine("duckdb")
    engine("datafusion")
    for module in (_sql, urlkit.duckdb, urlkit.datafusion):
        failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert attempted >= 5 and failed == 0, module.__name__
