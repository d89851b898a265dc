"""The polars expression and series namespace ``urlkit``: every :mod:`urlkit.batch`
function on a column, in a lazy or eager query.

Registered when this module is imported (``import urlkit.polars``), whether polars was
imported before or after ``urlkit``: importing ``urlkit`` alone never imports polars, nor
adds a namespace behind the program's back.

>>> import polars as pl
>>> import urlkit.polars  # noqa: F401  (registers the namespace)
>>> df = pl.DataFrame({"url": ["https://www.Example.co.uk/a?x=1", "not a url"]})
>>> df.select(
...     host=pl.col("url").urlkit.host(),
...     site=pl.col("url").urlkit.registered_domain(),
...     ok=pl.col("url").urlkit.is_valid(),
... ).to_dicts()
[{'host': 'www.example.co.uk', 'site': 'example.co.uk', 'ok': True}, {'host': None, 'site': None, 'ok': False}]
>>> pl.Series(["http://a.example/"]).urlkit.surt().to_list()
['example,a)/']
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import polars as pl

from . import batch

__all__ = ["UrlkitExpr", "UrlkitSeries"]

_LINK = pl.Struct({"url": pl.String, "text": pl.String, "start": pl.Int64, "end": pl.Int64, "kind": pl.String})


def _parse_type(fields: Optional[Sequence[str]]) -> Any:
    return pl.Struct({name: pl.String for name in (batch.FIELDS if fields is None else fields)})


class _Methods:
    """Each batch function, applied through ``_run`` (an expression's ``map_batches`` or
    directly on a series)."""

    def _run(self, fn: Callable[[pl.Series], pl.Series], dtype: Any) -> Any:
        raise NotImplementedError

    def parse(self, fields: Optional[Sequence[str]] = None) -> Any:
        """:func:`urlkit.batch.parse`: a struct of the URL components in ``fields``."""
        return self._run(lambda s: batch.parse(s, fields), _parse_type(fields))

    def host(self) -> Any:
        """:func:`urlkit.batch.host`."""
        return self._run(batch.host, pl.String)

    def hostname(self) -> Any:
        """:func:`urlkit.batch.hostname`."""
        return self._run(batch.hostname, pl.String)

    def registered_domain(self, *, private: bool = True, unlisted: bool = False) -> Any:
        """:func:`urlkit.batch.registered_domain`."""
        return self._run(lambda s: batch.registered_domain(s, private=private, unlisted=unlisted), pl.String)

    def public_suffix(self, *, private: bool = True, unlisted: bool = False) -> Any:
        """:func:`urlkit.batch.public_suffix`."""
        return self._run(lambda s: batch.public_suffix(s, private=private, unlisted=unlisted), pl.String)

    def normalize(self, profile: str = "whatwg") -> Any:
        """:func:`urlkit.batch.normalize`."""
        return self._run(lambda s: batch.normalize(s, profile), pl.String)

    def surt(self) -> Any:
        """:func:`urlkit.batch.surt`."""
        return self._run(batch.surt, pl.String)

    def is_valid(self) -> Any:
        """:func:`urlkit.batch.is_valid`."""
        return self._run(batch.is_valid, pl.Boolean)

    def lint_severity(self) -> Any:
        """:func:`urlkit.batch.lint_severity`."""
        return self._run(batch.lint_severity, pl.String)

    def lint_codes(self) -> Any:
        """:func:`urlkit.batch.lint_codes`."""
        return self._run(batch.lint_codes, pl.List(pl.String))

    def extract(self, *, bare_domains: bool = False) -> Any:
        """:func:`urlkit.batch.extract`: a list of link structs per text."""
        return self._run(lambda s: batch.extract(s, bare_domains=bare_domains), pl.List(_LINK))


@pl.api.register_expr_namespace("urlkit")
class UrlkitExpr(_Methods):
    """``pl.col(...).urlkit``: every :mod:`urlkit.batch` function as an expression."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _run(self, fn: Callable[[pl.Series], pl.Series], dtype: Any) -> pl.Expr:
        # Row by row: the same answer on any split of the column, so polars may stream it.
        return self._expr.map_batches(fn, return_dtype=dtype, is_elementwise=True)


@pl.api.register_series_namespace("urlkit")
class UrlkitSeries(_Methods):
    """``series.urlkit``: every :mod:`urlkit.batch` function on a series."""

    def __init__(self, series: pl.Series) -> None:
        self._series = series

    def _run(self, fn: Callable[[pl.Series], pl.Series], dtype: Any) -> pl.Series:
        return fn(self._series)
