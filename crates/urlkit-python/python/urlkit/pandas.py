"""The pandas series accessor ``urlkit``: ``series.urlkit.host()`` is
``urlkit.batch.host(series)``, and so on for every :mod:`urlkit.batch` function.

Registered when this module is imported (``import urlkit.pandas``); without it, pass the
series to :mod:`urlkit.batch` directly. Results keep the series' index and name; with
pyarrow installed (the fast path: the column goes to the threads as Arrow data) they are
``pd.ArrowDtype`` series, without it object series built through a list.

>>> import pandas as pd
>>> import urlkit.pandas  # noqa: F401  (registers the accessor)
>>> s = pd.Series(["https://a.example.com/x", None], index=[10, 20])
>>> s.urlkit.registered_domain().tolist()
['example.com', <NA>]
>>> list(s.urlkit.host().index)
[10, 20]
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import pandas as pd

from . import batch

__all__ = ["UrlkitAccessor"]


@pd.api.extensions.register_series_accessor("urlkit")
class UrlkitAccessor:
    """``series.urlkit``: every :mod:`urlkit.batch` function on a series."""

    def __init__(self, series: pd.Series) -> None:
        self._series = series

    def parse(self, fields: Optional[Sequence[str]] = None) -> pd.DataFrame:
        """:func:`urlkit.batch.parse`: a ``DataFrame``, one column per field."""
        return batch.parse(self._series, fields)

    def host(self) -> pd.Series:
        """:func:`urlkit.batch.host`."""
        return batch.host(self._series)

    def hostname(self) -> pd.Series:
        """:func:`urlkit.batch.hostname`."""
        return batch.hostname(self._series)

    def registered_domain(self, *, private: bool = True, unlisted: bool = False) -> pd.Series:
        """:func:`urlkit.batch.registered_domain`."""
        return batch.registered_domain(self._series, private=private, unlisted=unlisted)

    def public_suffix(self, *, private: bool = True, unlisted: bool = False) -> pd.Series:
        """:func:`urlkit.batch.public_suffix`."""
        return batch.public_suffix(self._series, private=private, unlisted=unlisted)

    def normalize(self, profile: str = "whatwg") -> pd.Series:
        """:func:`urlkit.batch.normalize`."""
        return batch.normalize(self._series, profile)

    def surt(self) -> pd.Series:
        """:func:`urlkit.batch.surt`."""
        return batch.surt(self._series)

    def is_valid(self) -> pd.Series:
        """:func:`urlkit.batch.is_valid`."""
        return batch.is_valid(self._series)

    def lint_severity(self) -> pd.Series:
        """:func:`urlkit.batch.lint_severity`."""
        return batch.lint_severity(self._series)

    def lint_codes(self) -> pd.Series:
        """:func:`urlkit.batch.lint_codes`."""
        return batch.lint_codes(self._series)

    def extract(self, *, bare_domains: bool = False) -> pd.Series:
        """:func:`urlkit.batch.extract`."""
        return batch.extract(self._series, bare_domains=bare_domains)
