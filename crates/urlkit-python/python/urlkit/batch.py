"""Whole columns at once: urlkit's operations over a list, a pyarrow array, a polars or a
pandas series, on all cores with the GIL released.

Each function takes a column of URLs (or of text, for :func:`extract`) and returns one
value per row, in the same kind of container it was given:

==============================  =========================================================
input                           result
==============================  =========================================================
``list`` / ``tuple`` / iterable ``list`` (``parse``: a ``dict`` of lists, one per field)
``pyarrow.Array``               ``pyarrow.Array`` (zero-copy in, through the Arrow C data
                                interface)
``pyarrow.ChunkedArray``        ``pyarrow.ChunkedArray`` (a result chunk per non-empty chunk)
``polars.Series``               ``polars.Series`` with the same name
``pandas.Series``               ``pandas.Series`` with the same index and name (through
                                pyarrow when it is installed: ``pd.ArrowDtype`` results;
                                ``parse``: a ``DataFrame``)
any other Arrow producer        :class:`urlkit._urlkit.Column` (``__arrow_c_array__``,
                                ``__arrow_c_stream__``)
==============================  =========================================================

A null input gives a null (``None``) and so does a row the operation fails on (a URL that
does not parse, a profile that gives no canonical form); nothing is raised for a row.
String results of a ``pyarrow`` input have the input's string type (``string``,
``large_string`` or ``string_view``); ``polars`` results are ``pl.String``.

Each row's answer is the per-value API's, by the same library call: ``host(values)[i] ==
urlkit.URL(values[i]).host``, ``registered_domain(values)[i] ==
urlkit.domain(values[i]).registered_domain or None``, and so on (``tests/test_batch*.py``
checks it on three URL datasets).

Polars users get the expression and series namespace ``pl.col("url").urlkit.host()`` by
``import urlkit.polars``, pandas users the accessor ``series.urlkit.host()`` by ``import
urlkit.pandas`` (explicit imports: ``import urlkit`` never imports either library, and the
namespace does not depend on which was imported first).

The work is split into slices of the column run on scoped threads: as many as the process
may use, or ``URLKIT_THREADS`` when it is set (read once, at import).

>>> from urlkit import batch
>>> batch.host(["https://Example.COM:8080/a", "not a url", None])
['example.com:8080', None, None]
>>> batch.registered_domain(["https://a.b.example.co.uk/", "https://user.github.io/"])
['example.co.uk', 'user.github.io']
>>> batch.parse(["https://h.example/p?q"], fields=["hostname", "search"])
{'hostname': ['h.example'], 'search': ['?q']}
"""

from __future__ import annotations

import sys
from typing import Any, Dict, Iterable, List, Optional, Sequence, TypeVar, Union, overload

from . import _urlkit

__all__ = [
    "FIELDS",
    "PROFILES",
    "parse",
    "host",
    "hostname",
    "registered_domain",
    "public_suffix",
    "normalize",
    "surt",
    "is_valid",
    "lint_severity",
    "lint_codes",
    "extract",
]

#: The components :func:`parse` can give, in its default order: the attributes of the URL
#: Standard's API, each a string as ``urlkit.URL`` gives it (``port`` too: ``''`` for none).
FIELDS = (
    "href",
    "origin",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)

#: The profiles :func:`normalize` takes: the names of the library's profile table (the
#: CLI's ``urlkit normalize --profile``).
PROFILES = tuple(_urlkit._batch_profiles)

Column = TypeVar("Column")
Strings = Union[Sequence[Optional[str]], Iterable[Optional[str]]]


def _module(name: str) -> Any:
    """The module ``name`` if the program has imported it (never imports it)."""
    return sys.modules.get(name)


def _string_layout(target: Any, result_type: Any, pa: Any) -> Any:
    """``result_type`` with every ``string_view`` replaced by ``target`` (a string type)."""
    if result_type == pa.string_view():
        return target
    if pa.types.is_struct(result_type):
        return pa.struct(
            [
                pa.field(f.name, _string_layout(target, f.type, pa), f.nullable)
                for f in (result_type.field(i) for i in range(result_type.num_fields))
            ]
        )
    if pa.types.is_list(result_type):
        f = result_type.value_field
        return pa.list_(pa.field(f.name, _string_layout(target, f.type, pa), f.nullable))
    return result_type


def _as_input_layout(out: Any, input_type: Any, pa: Any) -> Any:
    """The result with the input's string type (the kernels write ``string_view``)."""
    if input_type in (pa.string(), pa.large_string()):
        target = _string_layout(input_type, out.type, pa)
        if target != out.type:
            return out.cast(target)
    return out


def _pandas_series(values: Any, op: str, options: Dict[str, Any]) -> Any:
    pd = _module("pandas")
    try:
        import pyarrow as pa
    except ImportError:
        pa = None
    if pa is None:
        # pandas' missing values (`NaN`, `pd.NA`, `None`) are nulls.
        items = [v if isinstance(v, str) or not pd.isna(v) else None for v in values.tolist()]
        out = _urlkit._batch(items, op, **options)
        if op == "parse":
            return pd.DataFrame(out, index=values.index, dtype=object)
        return pd.Series(out, index=values.index, name=values.name, dtype=object)
    array = pa.array(values, from_pandas=True)
    if pa.types.is_null(array.type):
        array = array.cast(pa.string())
    # pandas cannot `take` from `string_view` (pyarrow 26): its strings come back as `string`.
    out = _as_input_layout(pa.array(_urlkit._batch(array, op, **options)), pa.string(), pa)
    if op == "parse":
        return pd.DataFrame(
            # Arrays, not series: a series would be aligned on its own index.
            {name: child.to_pandas(types_mapper=pd.ArrowDtype).array for name, child in zip(out.type.names, out.flatten())},
            index=values.index,
        )
    return pd.Series(out.to_pandas(types_mapper=pd.ArrowDtype).array, index=values.index, name=values.name)


def _apply(values: Any, op: str, **options: Any) -> Any:
    """Runs ``op`` over ``values`` and returns the result in ``values``' kind."""
    if isinstance(values, (list, tuple)):
        return _urlkit._batch(values, op, **options)
    pa = _module("pyarrow")
    if pa is not None:
        if isinstance(values, pa.ChunkedArray):
            table = pa.table({"values": values})
            out = pa.RecordBatchReader.from_stream(_urlkit._batch(table, op, **options)).read_all().column(0)
            return _as_input_layout(out, values.type, pa)
        if isinstance(values, pa.Array):
            out = pa.array(_urlkit._batch(values, op, **options))
            return _as_input_layout(out, values.type, pa)
    pl = _module("polars")
    if pl is not None and isinstance(values, pl.Series):
        # A one-column frame exports a stream of record batches (zero-copy); the result
        # comes back as one array (polars reads `__arrow_c_array__` first).
        return pl.Series(values.name, _urlkit._batch(values.to_frame(), op, **options))
    pd = _module("pandas")
    if pd is not None and isinstance(values, pd.Series):
        return _pandas_series(values, op, options)
    # Any other Arrow producer gets the Column (itself an Arrow producer); anything else is
    # read as an iterable of strings.
    return _urlkit._batch(values, op, **options)


@overload
def parse(values: Strings, fields: Optional[Sequence[str]] = None) -> Dict[str, List[Optional[str]]]: ...
@overload
def parse(values: Column, fields: Optional[Sequence[str]] = None) -> Column: ...
def parse(values: Any, fields: Optional[Sequence[str]] = None) -> Any:
    """The WHATWG URL components of every URL: a struct column (a ``dict`` of lists for a
    list, a ``DataFrame`` for a pandas series) with one string field per name in ``fields``
    (default :data:`FIELDS`), each ``urlkit.URL(value).<name>``; a null row where the input
    is null or does not parse.

    >>> from urlkit import batch
    >>> batch.parse(["HTTPS://Example.com:8443/a/../b?x#y", "nope"], fields=["origin", "port", "pathname"])
    {'origin': ['https://example.com:8443', None], 'port': ['8443', None], 'pathname': ['/b', None]}
    """
    return _apply(values, "parse", fields=None if fields is None else list(fields))


@overload
def host(values: Strings) -> List[Optional[str]]: ...
@overload
def host(values: Column) -> Column: ...
def host(values: Any) -> Any:
    """``urlkit.URL(value).host`` of every URL (hostname and non-default port).

    >>> from urlkit import batch
    >>> batch.host(["https://EXAMPLE.com:443/", "http://[::1]:8080/", "mailto:a@b"])
    ['example.com', '[::1]:8080', '']
    """
    return _apply(values, "host")


@overload
def hostname(values: Strings) -> List[Optional[str]]: ...
@overload
def hostname(values: Column) -> Column: ...
def hostname(values: Any) -> Any:
    """``urlkit.URL(value).hostname`` of every URL.

    >>> from urlkit import batch
    >>> batch.hostname(["https://b\u00fccher.example:8080/", "https://[::1]/"])
    ['xn--bcher-kva.example', '[::1]']
    """
    return _apply(values, "hostname")


@overload
def registered_domain(values: Strings, *, private: bool = True, unlisted: bool = False) -> List[Optional[str]]: ...
@overload
def registered_domain(values: Column, *, private: bool = True, unlisted: bool = False) -> Column: ...
def registered_domain(values: Any, *, private: bool = True, unlisted: bool = False) -> Any:
    """The registered domain (eTLD+1) of every URL's host by the built-in Public Suffix
    List, as ``urlkit.domain(value, private=private).registered_domain`` (and
    ``tldextract``) give it, with null where they give ``''``: an IP address, a host that is
    a public suffix, a host whose last label the list does not know, no host.
    ``private=False`` leaves out the list's private section (``tldextract``'s default);
    ``unlisted=True`` answers for an unknown last label too, by the list's default rule
    ``*`` (the URL Standard's registrable domain, the SQL function
    ``url_registrable_domain``).

    >>> from urlkit import batch
    >>> urls = ["https://www.example.co.uk/", "https://user.github.io/", "http://10.0.0.1/", "http://printer.corp/"]
    >>> batch.registered_domain(urls)
    ['example.co.uk', 'user.github.io', None, None]
    >>> batch.registered_domain(urls, private=False, unlisted=True)
    ['example.co.uk', 'github.io', None, 'printer.corp']
    """
    return _apply(values, "registered_domain", private=private, unlisted=unlisted)


@overload
def public_suffix(values: Strings, *, private: bool = True, unlisted: bool = False) -> List[Optional[str]]: ...
@overload
def public_suffix(values: Column, *, private: bool = True, unlisted: bool = False) -> Column: ...
def public_suffix(values: Any, *, private: bool = True, unlisted: bool = False) -> Any:
    """The public suffix of every URL's host, as ``urlkit.domain(value,
    private=private).suffix`` gives it (null for ``''``); ``private`` and ``unlisted`` as
    for :func:`registered_domain`.

    >>> from urlkit import batch
    >>> batch.public_suffix(["https://shop.example.com.au/", "https://user.github.io/", "http://printer.corp/"])
    ['com.au', 'github.io', None]
    >>> batch.public_suffix(["https://user.github.io/"], private=False)
    ['io']
    """
    return _apply(values, "public_suffix", private=private, unlisted=unlisted)


@overload
def normalize(values: Strings, profile: str = "whatwg") -> List[Optional[str]]: ...
@overload
def normalize(values: Column, profile: str = "whatwg") -> Column: ...
def normalize(values: Any, profile: str = "whatwg") -> Any:
    """``urlkit.normalize(value, profile)`` of every URL: the canonical form under a profile
    of the CLI's table (``whatwg``, ``rfc3986``, ``safe-browsing``, ``surt``, ``crawler``,
    …); null where the profile gives none. An unknown profile raises ``ValueError``.

    >>> from urlkit import batch
    >>> batch.normalize(["HTTP://a:80/%7e/./x"], "rfc3986")
    ['http://a/~/x']
    >>> batch.normalize(["http://www.Example.com/a/../b#x", "http:///"], "safe-browsing")
    ['http://www.example.com/b', None]
    """
    return _apply(values, "normalize", profile=profile)


@overload
def surt(values: Strings) -> List[Optional[str]]: ...
@overload
def surt(values: Column) -> Column: ...
def surt(values: Any) -> Any:
    """The SURT of every URL, as ``urlkit.surt(value)`` and Python's ``surt.surt(value)``
    give it; the same as ``normalize(values, "surt")``.

    >>> from urlkit import batch
    >>> batch.surt(["http://www.archive.org/goo/?b=2&a=1"])
    ['org,archive)/goo?a=1&b=2']
    """
    return _apply(values, "surt")


@overload
def is_valid(values: Strings) -> List[Optional[bool]]: ...
@overload
def is_valid(values: Column) -> Column: ...
def is_valid(values: Any) -> Any:
    """Whether every URL parses: ``urlkit.URL.can_parse(value)``; null for a null.

    >>> from urlkit import batch
    >>> batch.is_valid(["https://a.example/", "a b", None])
    [True, False, None]
    """
    return _apply(values, "is_valid")


@overload
def lint_severity(values: Strings) -> List[Optional[str]]: ...
@overload
def lint_severity(values: Column) -> Column: ...
def lint_severity(values: Any) -> Any:
    """The highest severity among ``urlkit.lint(value)``'s findings: ``"error"``,
    ``"warning"`` or ``"note"``; null where there is no finding (and for a null). Every
    string gets an answer: one that is not a URL has the finding ``L061``.

    >>> from urlkit import batch
    >>> batch.lint_severity(["http://user:pw@h/", "https://h:8443/", "https://example.com/"])
    ['error', 'note', None]
    """
    return _apply(values, "lint_severity")


@overload
def lint_codes(values: Strings) -> List[Optional[List[str]]]: ...
@overload
def lint_codes(values: Column) -> Column: ...
def lint_codes(values: Any) -> Any:
    """The codes of ``urlkit.lint(value)``'s findings, in its order (a list column; an
    empty list where there is none).

    >>> from urlkit import batch
    >>> batch.lint_codes(["http://user:pw@h:25/", "https://example.com/"])
    [['L060', 'L001', 'L011'], []]
    """
    return _apply(values, "lint_codes")


@overload
def extract(values: Strings, *, bare_domains: bool = False) -> List[Optional[List[Dict[str, Any]]]]: ...
@overload
def extract(values: Column, *, bare_domains: bool = False) -> Column: ...
def extract(values: Any, *, bare_domains: bool = False) -> Any:
    """The links in every text, as ``urlkit.extract(value, bare_domains=bare_domains)``
    finds them: a list column of structs ``url``, ``text``, ``start``, ``end``, ``kind``,
    where ``start`` and ``end`` index the Python ``str`` (code points), so that
    ``value[start:end] == text``.

    >>> from urlkit import batch
    >>> batch.extract(["caf\u00e9 see www.example.com/x. Or <http://a.example/>", None])
    [[{'url': 'http://www.example.com/x', 'text': 'www.example.com/x', 'start': 9, 'end': 26, 'kind': 'www'}, {'url': 'http://a.example/', 'text': '<http://a.example/>', 'start': 31, 'end': 50, 'kind': 'angle'}], None]
    """
    return _apply(values, "extract", bare_domains=bare_domains)
