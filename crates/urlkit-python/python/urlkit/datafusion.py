"""urlkit's SQL functions in DataFusion's Python package: ``urlkit.datafusion.register(ctx)``
registers ``url_host``, ``url_registrable_domain``, … on a ``datafusion.SessionContext`` as
Python scalar UDFs working on Arrow batches, under the names and with the result types and
NULL rules of the Rust SQL functions (``urlkit sql``, ``urlkit-datafusion``).

Each call gets one of DataFusion's record batches' columns as an Arrow array and runs a
:mod:`urlkit.batch` function on it with the GIL released. A NULL or a URL that does not
parse gives NULL. Arguments are ``Utf8View`` (DataFusion casts ``Utf8`` and ``LargeUtf8``
to it), string results ``Utf8View``, as the Rust functions give them.

This module is named after the engine, as :mod:`urlkit.pandas` and :mod:`urlkit.polars`
are: import it as ``import urlkit.datafusion`` (or ``from urlkit import datafusion as
urlkit_datafusion``) so that it does not hide the ``datafusion`` package in your own
module. It imports ``datafusion`` only when :func:`functions` or :func:`register` is
called.

>>> from datafusion import SessionContext
>>> import urlkit.datafusion
>>> ctx = SessionContext()
>>> names = urlkit.datafusion.register(ctx)
>>> ctx.sql("SELECT url_registrable_domain('https://www.news.example.co.uk/a') AS d").to_pylist()
[{'d': 'example.co.uk'}]
>>> ctx.sql('''
...     SELECT url_registrable_domain(u) AS site, count(*) AS n
...     FROM (VALUES ('https://a.example.com/x'), ('http://b.example.com/'), (NULL), ('not a url')) t(u)
...     GROUP BY site ORDER BY n DESC, site
... ''').to_pylist()
[{'site': 'example.com', 'n': 2}, {'site': None, 'n': 2}]
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional

import pyarrow as pa

from . import _sql

__all__ = ["FUNCTIONS", "functions", "register"]

#: The functions :func:`register` registers, each a row with ``name`` (without the
#: prefix), ``arguments``, ``returns`` (its Arrow type), ``description`` and ``example``.
FUNCTIONS = _sql.FUNCTIONS


def functions(*, prefix: str = "url_", names: Optional[Iterable[str]] = None) -> List[Any]:
    """urlkit's SQL functions as ``datafusion.ScalarUDF`` objects, for
    ``ctx.register_udf`` or for building expressions (``fn(col("url"))``). ``prefix`` and
    ``names`` as for :func:`register`.

    >>> from datafusion import SessionContext, col
    >>> import urlkit.datafusion
    >>> [host] = urlkit.datafusion.functions(names=["host"])
    >>> ctx = SessionContext()
    >>> df = ctx.from_pydict({"u": ["https://Example.COM:8080/", None]})
    >>> df.select(host(col("u")).alias("h")).to_pydict()
    {'h': ['example.com', None]}
    """
    from datafusion import udf

    out = []
    for f in _sql.select(names):
        returns = f.returns()
        out.append(
            udf(
                _sql.wrap(f, cast=returns),
                [pa.string_view()] * len(f.arguments),
                returns,
                "immutable",
                f.sql_name(prefix),
            )
        )
    return out


def register(ctx: Any, *, prefix: str = "url_", names: Optional[Iterable[str]] = None) -> List[str]:
    """Registers urlkit's SQL functions on the ``datafusion.SessionContext`` ``ctx`` (a
    function of the same name is replaced) and returns their SQL names. ``names`` picks
    some of them by their name without the prefix (``"host"``, ``"registrable_domain"``, …;
    default: all of :data:`FUNCTIONS`); ``prefix`` is put before each (``prefix=""`` gives
    ``host(url)``). An unknown name raises ``ValueError``.

    ``url_normalize(url, profile)`` takes a constant profile (a Python UDF has one
    signature: the one-argument form is ``url_normalize(url, 'whatwg')``).

    >>> from datafusion import SessionContext
    >>> import urlkit.datafusion
    >>> ctx = SessionContext()
    >>> urlkit.datafusion.register(ctx, prefix="", names=["host", "port"])
    ['host', 'port']
    >>> ctx.sql("SELECT host('https://Example.COM:8080/') AS h, port('https://h:8443/') AS p").to_pylist()
    [{'h': 'example.com', 'p': 8443}]
    """
    fns = functions(prefix=prefix, names=names)
    for fn in fns:
        ctx.register_udf(fn)
    return [f.sql_name(prefix) for f in _sql.select(names)]
