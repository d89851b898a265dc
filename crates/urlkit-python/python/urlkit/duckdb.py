"""urlkit's SQL functions in DuckDB: ``urlkit.duckdb.register(con)`` registers
``url_host``, ``url_registrable_domain``, … on a DuckDB connection as Arrow UDFs
(``con.create_function(..., type="arrow")``), under the names and with the result types and
NULL rules of the Rust SQL functions (``urlkit sql``, ``urlkit-datafusion``).

Each call gets one of DuckDB's vectors as an Arrow array and runs a :mod:`urlkit.batch`
function on it with the GIL released, so DuckDB's threads can call it in parallel. A NULL or a URL
that does not parse gives NULL. The functions, their arguments and their DuckDB types:
:data:`FUNCTIONS` (or ``SELECT function_name FROM duckdb_functions() WHERE function_name
LIKE 'url_%'`` once registered).

This module is named after the engine, as :mod:`urlkit.pandas` and :mod:`urlkit.polars`
are: import it as ``import urlkit.duckdb`` (or ``from urlkit import duckdb as urlkit_duckdb``)
so that it does not hide the ``duckdb`` package in your own module. It never imports
``duckdb`` itself: it only calls the connection it is given.

>>> import duckdb
>>> import urlkit.duckdb
>>> con = duckdb.connect()
>>> names = urlkit.duckdb.register(con)
>>> con.sql("SELECT url_registrable_domain('https://www.news.example.co.uk/a') AS d").fetchall()
[('example.co.uk',)]
>>> con.sql('''
...     SELECT url_registrable_domain(u) AS site, count(*) AS n
...     FROM (VALUES ('https://a.example.com/x'), ('http://b.example.com/'), (NULL), ('not a url')) t(u)
...     GROUP BY site ORDER BY n DESC, site
... ''').fetchall()
[('example.com', 2), (None, 2)]
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional

import pyarrow as pa

from . import _sql

__all__ = ["FUNCTIONS", "register", "unregister", "duckdb_type"]

#: The functions :func:`register` registers, each a row with ``name`` (without the
#: prefix), ``arguments``, ``returns`` (its Arrow type), ``description`` and ``example``.
FUNCTIONS = _sql.FUNCTIONS


def duckdb_type(arrow: pa.DataType) -> str:
    """The DuckDB type of a function's Arrow result type.

    >>> import pyarrow as pa
    >>> duckdb_type(pa.list_(pa.string_view())), duckdb_type(pa.uint16())
    ('VARCHAR[]', 'USMALLINT')
    """
    if arrow in (pa.string(), pa.large_string(), pa.string_view()):
        return "VARCHAR"
    if arrow == pa.bool_():
        return "BOOLEAN"
    if arrow == pa.uint16():
        return "USMALLINT"
    if pa.types.is_list(arrow):
        return duckdb_type(arrow.value_type) + "[]"
    if pa.types.is_struct(arrow):
        fields = (arrow.field(i) for i in range(arrow.num_fields))
        return "STRUCT(" + ", ".join(f'"{f.name}" {duckdb_type(f.type)}' for f in fields) + ")"
    raise TypeError(f"no DuckDB type for {arrow}")


def register(con: Any, *, prefix: str = "url_", names: Optional[Iterable[str]] = None) -> List[str]:
    """Registers urlkit's SQL functions on the DuckDB connection ``con`` and returns their
    SQL names. ``names`` picks some of them by their name without the prefix (``"host"``,
    ``"registrable_domain"``, …; default: all of :data:`FUNCTIONS`); ``prefix`` is put
    before each (``prefix="u_"`` gives ``u_host(url)``; with ``prefix=""``, ``host`` and
    ``port`` are also the names of functions of DuckDB's ``inet`` extension, which DuckDB
    then tries to load). An unknown name raises ``ValueError``;
    a name already registered on ``con`` raises DuckDB's error (see :func:`unregister`).

    Every argument is a ``VARCHAR``; ``url_normalize(url, profile)`` takes a constant
    profile (DuckDB has no overloads for Python functions: the one-argument form is
    ``url_normalize(url, 'whatwg')``).

    >>> import duckdb
    >>> import urlkit.duckdb
    >>> con = duckdb.connect()
    >>> urlkit.duckdb.register(con, prefix="u_", names=["host", "port"])
    ['u_host', 'u_port']
    >>> con.sql("SELECT u_host('https://Example.COM:8080/'), u_port('https://h:8443/')").fetchall()
    [('example.com', 8443)]
    """
    chosen = _sql.select(names)
    for f in chosen:
        con.create_function(
            f.sql_name(prefix),
            _sql.wrap(f),
            ["VARCHAR"] * len(f.arguments),
            duckdb_type(f.returns()),
            type="arrow",
            # The functions' own NULL rules (the Rust functions'): a NULL URL gives NULL,
            # and so does a NULL profile.
            null_handling="special",
        )
    return [f.sql_name(prefix) for f in chosen]


def unregister(con: Any, *, prefix: str = "url_", names: Optional[Iterable[str]] = None) -> List[str]:
    """Removes the functions :func:`register` registered with the same ``prefix`` and
    ``names`` from ``con`` and returns their SQL names.

    >>> import duckdb
    >>> import urlkit.duckdb
    >>> con = duckdb.connect()
    >>> urlkit.duckdb.register(con, names=["host"])
    ['url_host']
    >>> urlkit.duckdb.unregister(con, names=["host"])
    ['url_host']
    """
    chosen = _sql.select(names)
    for f in chosen:
        con.remove_function(f.sql_name(prefix))
    return [f.sql_name(prefix) for f in chosen]
