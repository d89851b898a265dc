"""The SQL functions that :mod:`urlkit.duckdb` and :mod:`urlkit.datafusion` register: one
row of :data:`FUNCTIONS` per function (name, arguments, result type, the batch work, the
documentation and a documented example), read by both engines' ``register`` and by the
tests, so that adding a function is one row here.

The names, result types and NULL rules are those of the Rust SQL functions
(``crates/urlkit-datafusion/src/udf.rs``, what ``urlkit sql`` runs): the same query gives
the same answer in ``urlkit sql``, in DuckDB and in DataFusion's Python package. Each
function is a :mod:`urlkit.batch` call on the engine's Arrow batch (the GIL released while
the rows are worked on), so a row's answer is also the per-value API's (``url_host_port`` is
``urlkit.URL(url).host``, …). The domain functions answer for the URL's host by the URL
Standard's host public suffix and registrable domain (§3.2: a trailing dot is kept, a
non-special URL's opaque host counts only when it is a valid domain), where
``urlkit.domain`` reads a host as tldextract does.

>>> from urlkit import _sql
>>> [f.name for f in _sql.FUNCTIONS][:4]
['parse', 'host', 'hostname', 'host_port']
>>> import pyarrow as pa
>>> _sql.function("registrable_domain").run(pa.array(["https://a.b.example.co.uk/", None, "nope"]))
<pyarrow.lib.StringArray object at ...>
[
  "example.co.uk",
  null,
  null
]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, List, Optional, Tuple

import pyarrow as pa
import pyarrow.compute as pc

from . import batch

__all__ = ["SqlFunction", "FUNCTIONS", "function", "select"]

#: What the engines hand a function: an Arrow array (DataFusion) or chunked array (DuckDB).
Arrow = Any

#: The components of ``url_parse``'s struct, in the Rust function's order (the URL API's
#: attributes, ``urlkit_arrow::parse_fields``).
PARSE_FIELDS = ("href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash")


@dataclass(frozen=True)
class SqlFunction:
    """One SQL function: its name without the prefix (``host`` is ``url_host``), its
    arguments, its Arrow result type (the Rust function's) and the work."""

    name: str
    #: The arguments' names: every one is a string (SQL ``VARCHAR``).
    arguments: Tuple[str, ...]
    #: The result's Arrow type as the Rust function gives it (strings as ``string_view``).
    returns: Callable[[], pa.DataType]
    #: The work: the arguments' arrays in, the result array out (strings in the layout of
    #: the first argument).
    run: Callable[..., Arrow]
    description: str
    #: A query of one value (with the default prefix ``url_``) and its answer as Python
    #: gives it; the tests run it in both engines.
    example: str
    answer: Any

    def sql_name(self, prefix: str = "url_") -> str:
        """The name the function is registered under.

        >>> function("host").sql_name(), function("host").sql_name("")
        ('url_host', 'host')
        """
        return prefix + self.name


def _is_string_view(array: Arrow) -> bool:
    return array.type == pa.string_view()


def _plain(array: Arrow) -> Arrow:
    """``array`` as ``string`` where it is ``string_view``: pyarrow's compute functions have
    few kernels for views."""
    return array.cast(pa.string()) if _is_string_view(array) else array


def _like(result: Arrow, urls: Arrow) -> Arrow:
    """A string result computed on :func:`_plain` strings, back in the input's layout."""
    return result.cast(pa.string_view()) if _is_string_view(urls) else result


def _component(urls: Arrow, name: str) -> Arrow:
    """One URL API attribute of every URL (``urlkit.URL(url).<name>``); null where the URL is
    null or does not parse."""
    return pc.struct_field(batch.parse(urls, fields=[name]), [0])


def _scheme(urls: Arrow) -> Arrow:
    # The URL API's protocol is the scheme and ":" (URL Standard, `protocol` getter).
    protocol = _plain(_component(urls, "protocol"))
    return _like(pc.utf8_slice_codeunits(protocol, 0, -1), urls)


def _port(port: Arrow) -> Arrow:
    """The URL API's port string as a number: ``''`` (no port, or the scheme's default one,
    which the parser drops) is null."""
    port = _plain(port)
    return pc.if_else(pc.equal(port, ""), pa.scalar(None, port.type), port).cast(pa.uint16())


def _parse(urls: Arrow) -> Arrow:
    out: Any = batch.parse(urls, fields=list(PARSE_FIELDS))
    chunks = out.chunks if isinstance(out, pa.ChunkedArray) else [out]
    done = []
    for chunk in chunks:
        children = [chunk.field(i) for i in range(chunk.type.num_fields)]
        at = PARSE_FIELDS.index("port")
        children[at] = _port(children[at])
        done.append(pa.StructArray.from_arrays(children, names=list(PARSE_FIELDS), mask=chunk.is_null()))
    if isinstance(out, pa.ChunkedArray):
        return pa.chunked_array(done, type=done[0].type if done else _parse_type(urls.type))
    return done[0]


def _parse_type(string: Optional[pa.DataType] = None) -> pa.DataType:
    string = pa.string_view() if string is None else string
    return pa.struct([pa.field(n, pa.uint16() if n == "port" else string) for n in PARSE_FIELDS])


def _normalize(urls: Arrow, profiles: Arrow) -> Arrow:
    """``urlkit.batch.normalize`` under the one profile of the column (the Rust function
    takes a constant; an engine hands a constant over as a column of equal values); a row
    whose profile is NULL gives NULL."""
    names = pc.unique(_plain(profiles)).drop_null()
    if len(names) > 1:
        raise ValueError("url_normalize: the profile must be a constant")
    if len(names) == 0:
        nulls = pa.nulls(len(urls), urls.type)
        return pa.chunked_array([nulls], urls.type) if isinstance(urls, pa.ChunkedArray) else nulls
    out: Any = batch.normalize(urls, names[0].as_py())
    if profiles.null_count:
        out = pc.if_else(pc.is_null(profiles), pa.scalar(None, out.type), out)
    return out


def _string() -> pa.DataType:
    return pa.string_view()


def _of_url(name: str, run: Callable[[Arrow], Arrow], description: str, example: str, answer: Any) -> SqlFunction:
    """The row of a function of one URL with a string result (most of them)."""
    return SqlFunction(name, ("url",), _string, run, description, example, answer)


def _attribute(name: str, attribute: str, description: str, example: str, answer: Any) -> SqlFunction:
    return _of_url(name, lambda urls: _component(urls, attribute), description, example, answer)


#: Every function, in the order of the Rust table (the functions it has that
#: :mod:`urlkit.batch` cannot serve yet are left out: see the README).
FUNCTIONS: Tuple[SqlFunction, ...] = (
    SqlFunction(
        "parse",
        ("url",),
        _parse_type,
        _parse,
        "Parses a URL with the WHATWG URL parser into a struct of its components: href, protocol, username, password, host, hostname, port (UInt16, NULL when none), pathname, search, hash. NULL when the URL does not parse.",
        "SELECT url_parse('https://example.com:8080/a?b#c')['port']",
        8080,
    ),
    _of_url(
        "host",
        batch.hostname,
        "The host name of a URL, without the port: a domain (lower-case, IDNA to ASCII), an IPv4 address, or an IPv6 address in brackets.",
        "SELECT url_host('https://Example.COM:8080/')",
        "example.com",
    ),
    _of_url(
        "hostname",
        batch.hostname,
        "The URL API's hostname (same as url_host).",
        "SELECT url_hostname('https://[::1]:8080/')",
        "[::1]",
    ),
    _of_url(
        "host_port",
        batch.host,
        "The URL API's host: the host name and, when not the default, the port.",
        "SELECT url_host_port('https://example.com:8080/')",
        "example.com:8080",
    ),
    _of_url("scheme", _scheme, "The scheme, lower-case, without the ':'.", "SELECT url_scheme('HTTPS://h/')", "https"),
    _attribute(
        "protocol",
        "protocol",
        "The URL API's protocol: the scheme and ':'.",
        "SELECT url_protocol('https://h/')",
        "https:",
    ),
    _attribute(
        "username",
        "username",
        "The URL API's username (percent-encoded; empty when none).",
        "SELECT url_username('ftp://me:pw@h/')",
        "me",
    ),
    _attribute(
        "password",
        "password",
        "The URL API's password (percent-encoded; empty when none).",
        "SELECT url_password('ftp://me:pw@h/')",
        "pw",
    ),
    _attribute(
        "pathname",
        "pathname",
        "The URL API's pathname (dot segments removed, percent-encoded).",
        "SELECT url_pathname('https://h/a/../b%20c')",
        "/b%20c",
    ),
    _attribute("path", "pathname", "The path (same as url_pathname).", "SELECT url_path('https://h/a/./b')", "/a/b"),
    _attribute(
        "search",
        "search",
        "The URL API's search: '?' and the query, empty when the query is absent or empty.",
        "SELECT url_search('https://h/?q=1')",
        "?q=1",
    ),
    _attribute(
        "hash",
        "hash",
        "The URL API's hash: '#' and the fragment, empty when absent or empty.",
        "SELECT url_hash('https://h/#top')",
        "#top",
    ),
    _attribute(
        "href",
        "href",
        "The URL's serialization (its href), the WHATWG canonical form.",
        "SELECT url_href('HTTP://h:80/a/./b')",
        "http://h/a/b",
    ),
    SqlFunction(
        "port",
        ("url",),
        pa.uint16,
        lambda urls: _port(_component(urls, "port")),
        "The port as a number (UInt16); NULL when the URL has none (a scheme's default port is dropped by the parser).",
        "SELECT url_port('https://h:8443/')",
        8443,
    ),
    SqlFunction(
        "is_valid",
        ("url",),
        pa.bool_,
        batch.is_valid,
        "Whether the URL parses with the WHATWG URL parser (decided without building the URL).",
        "SELECT url_is_valid('http://[::1')",
        False,
    ),
    SqlFunction(
        "normalize",
        ("url", "profile"),
        _string,
        _normalize,
        "The URL's canonical form under a profile (urlkit.PROFILES: 'whatwg', 'rfc3986', 'safe-browsing', 'surt', 'crawler', ...; a constant). NULL when the profile gives no form (the URL does not parse under its standard; Safe Browsing: no host).",
        "SELECT url_normalize('HTTP://a:80/%7e/./x', 'rfc3986')",
        "http://a/~/x",
    ),
    SqlFunction(
        "registrable_domain",
        ("url",),
        _string,
        lambda urls: batch.registered_domain(urls, private=True, unlisted=True),
        "The registrable domain (eTLD+1) of the URL's host by the built-in Public Suffix List (ICANN and private sections): what to group a crawl or a log by site. A non-special URL's opaque host counts when it is a valid domain. NULL when the URL does not parse, its host is not a domain or is itself a public suffix. A top-level label the list does not know is its own public suffix (the list's default rule '*').",
        "SELECT url_registrable_domain('https://www.news.example.co.uk/a')",
        "example.co.uk",
    ),
    SqlFunction(
        "registrable_domain_icann",
        ("url",),
        _string,
        lambda urls: batch.registered_domain(urls, private=False, unlisted=True),
        "url_registrable_domain without the list's private section (github.io, blogspot.com): by the ICANN rules alone, as tldextract answers by default.",
        "SELECT url_registrable_domain_icann('https://user.github.io/')",
        "github.io",
    ),
    SqlFunction(
        "public_suffix",
        ("url",),
        _string,
        lambda urls: batch.public_suffix(urls, private=True, unlisted=True),
        "The public suffix (effective top-level domain) of the URL's host by the built-in Public Suffix List, also of an opaque host that is a valid domain. NULL when the URL does not parse or its host is not a domain.",
        "SELECT url_public_suffix('https://user.github.io/')",
        "github.io",
    ),
    SqlFunction(
        "public_suffix_icann",
        ("url",),
        _string,
        lambda urls: batch.public_suffix(urls, private=False, unlisted=True),
        "url_public_suffix without the list's private section: by the ICANN rules alone.",
        "SELECT url_public_suffix_icann('https://user.github.io/')",
        "io",
    ),
    SqlFunction(
        "lint",
        ("url",),
        lambda: pa.list_(pa.field("item", pa.string_view(), nullable=False)),
        batch.lint_codes,
        "The codes of urlkit's linter findings (L001 password, L011 other protocol's port, L040 userinfo like a host, L061 not a URL, ...), in the linter's order, as a list of strings; an empty list when there is nothing to say.",
        "SELECT array_has(url_lint('https://bank.example@evil.example/'), 'L040')",
        True,
    ),
    _of_url(
        "lint_severity",
        batch.lint_severity,
        "The highest severity among urlkit's linter findings: 'error', 'warning' or 'note'; NULL when there is none.",
        "SELECT url_lint_severity('http://user:pw@example.com/')",
        "error",
    ),
)

_BY_NAME = {f.name: f for f in FUNCTIONS}


def function(name: str) -> SqlFunction:
    """The row of the function ``name`` (without the prefix).

    >>> function("port").arguments
    ('url',)
    """
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown urlkit SQL function '{name}' (expected one of {', '.join(_BY_NAME)})") from None


def select(names: Optional[Iterable[str]] = None) -> List[SqlFunction]:
    """The rows of ``names`` (without the prefix), in the table's order; every row when
    ``names`` is ``None``. An unknown name raises ``ValueError``.

    >>> [f.name for f in select(["port", "host"])]
    ['host', 'port']
    """
    if names is None:
        return list(FUNCTIONS)
    if isinstance(names, str):
        names = [names]
    wanted = {function(n).name for n in names}
    return [f for f in FUNCTIONS if f.name in wanted]


def wrap(f: SqlFunction, cast: Optional[pa.DataType] = None) -> Callable[..., Arrow]:
    """``f``'s work as an engine calls it: the arguments' arrays in, the result out (cast to
    ``cast`` when given and different). The callable has one parameter per argument (DuckDB
    counts them).

    >>> import inspect
    >>> list(inspect.signature(wrap(function("normalize"))).parameters)
    ['url', 'profile']
    """

    def done(out: Arrow) -> Arrow:
        return out.cast(cast) if cast is not None and out.type != cast else out

    if f.arguments == ("url",):

        def call(url: Arrow) -> Arrow:
            return done(f.run(url))

    elif f.arguments == ("url", "profile"):

        def call(url: Arrow, profile: Arrow) -> Arrow:  # type: ignore[misc]
            return done(f.run(url, profile))

    else:  # a new shape of arguments needs its line here
        raise TypeError(f"{f.name}: no caller for the arguments {f.arguments}")
    call.__name__ = call.__qualname__ = f.name
    call.__doc__ = f.description
    return call
