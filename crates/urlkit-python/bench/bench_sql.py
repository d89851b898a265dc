"""A GROUP BY over a Parquet file of URLs in DuckDB and in DataFusion's Python package: urlkit's
SQL function (``urlkit.duckdb`` / ``urlkit.datafusion``) against what a user has without it.

The file holds ``realworld.txt`` repeated to ``URLKIT_BENCH_SQL_ROWS`` rows (default
1,000,000), in row groups of 100,000. Each query counts the rows per site:

- ``urlkit``: ``GROUP BY url_registrable_domain(url)`` (the Public Suffix List, the URL
  Standard's host);
- ``duckdb strings`` / ``datafusion strings``: the engine's own string functions, the host by
  a regular expression and its last two labels (no list: ``bbc.co.uk`` is ``co.uk``), what a
  query without a URL library writes; cheaper work and a wrong answer, the floor;
- ``tldextract UDF``: a DuckDB Python UDF (one call per row) of ``tldextract`` reading the list
  built into urlkit, private section on.

Every round runs every query once, in a rotating order; the table gives each query's median
wall-clock and CPU (all the process's threads) seconds and the median of the per-round ratios
to the ``urlkit`` query of its engine, with their range.

    python bench/bench_sql.py             # URLKIT_BENCH_ROUNDS (default 5)
    python bench/bench_sql.py QUERY       # one run of one query, or none: `setup`
    valgrind --tool=callgrind python bench/bench_sql.py QUERY    # its instructions, minus setup's

The load average is printed before and after: on a shared machine the wall clock is noisy,
the CPU time less so.
"""

from __future__ import annotations

import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pyarrow as pa
import pyarrow.parquet as pq

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from _batch_data import load  # noqa: E402

PSL = ROOT.parent / "urlkit" / "src" / "domain" / "public_suffix_list.dat"

#: The host by a regular expression (scheme, optional userinfo, then up to a port, path,
#: query or fragment), then its last two labels.
HOST = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)"
DUCKDB_STRINGS = (
    f"SELECT array_to_string(string_split(lower(regexp_extract(url, '{HOST}', 1)), '.')[-2:], '.') AS site, "
    "count(*) AS n FROM urls GROUP BY site"
)
DATAFUSION_STRINGS = (
    "SELECT array_to_string(array_slice(string_to_array(lower((regexp_match(url, "
    f"'{HOST}'))[1]), '.'), -2, -1), '.') AS site, count(*) AS n FROM urls GROUP BY site"
)
URLKIT = "SELECT url_registrable_domain(url) AS site, count(*) AS n FROM urls GROUP BY site"
TLDEXTRACT = "SELECT tld_registered_domain(url) AS site, count(*) AS n FROM urls GROUP BY site"


def parquet(rows: int, directory: Path) -> Path:
    base = pa.array(load("realworld.txt"), pa.string())
    column = pa.concat_arrays([base] * -(-rows // len(base))).slice(0, rows)
    path = directory / "urls.parquet"
    pq.write_table(pa.table({"url": column}), path, row_group_size=100_000)
    return path


def sessions(path: Path) -> Dict[str, Tuple[str, Callable[[str], Any]]]:
    """Query name → (engine, run the SQL)."""
    out: Dict[str, Tuple[str, Callable[[str], Any]]] = {}
    try:
        import duckdb

        import urlkit.duckdb

        con = duckdb.connect()
        urlkit.duckdb.register(con, names=["registrable_domain"])
        con.sql(f"CREATE VIEW urls AS SELECT * FROM read_parquet('{path}')")
        run = lambda q: con.sql(q).fetchall()  # noqa: E731
        out["duckdb: urlkit"] = ("duckdb", lambda: run(URLKIT))
        out["duckdb: strings"] = ("duckdb", lambda: run(DUCKDB_STRINGS))
        try:
            import tldextract

            extract = tldextract.TLDExtract(
                suffix_list_urls=(PSL.as_uri(),), cache_dir=None, include_psl_private_domains=True
            )
            extract("http://warm.example.com/")  # reads the list once, outside the timing
            con.create_function(
                "tld_registered_domain",
                lambda u: extract(u).top_domain_under_public_suffix or None,
                ["VARCHAR"],
                "VARCHAR",
                null_handling="special",
            )
            out["duckdb: tldextract UDF"] = ("duckdb", lambda: run(TLDEXTRACT))
        except ImportError:
            pass
    except ImportError:
        pass
    try:
        from datafusion import SessionContext

        import urlkit.datafusion

        ctx = SessionContext()
        urlkit.datafusion.register(ctx, names=["registrable_domain"])
        ctx.register_parquet("urls", str(path))
        df_run = lambda q: ctx.sql(q).collect()  # noqa: E731
        out["datafusion: urlkit"] = ("datafusion", lambda: df_run(URLKIT))
        out["datafusion: strings"] = ("datafusion", lambda: df_run(DATAFUSION_STRINGS))
    except ImportError:
        pass
    return out


def timed(fn: Callable[[], Any]) -> Tuple[float, float]:
    """Wall-clock and CPU seconds (all threads of the process, user and system)."""
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    fn()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    return wall, (after.ru_utime - cpu.ru_utime) + (after.ru_stime - cpu.ru_stime)


def main() -> None:
    rows = int(os.environ.get("URLKIT_BENCH_SQL_ROWS", "1000000"))
    rounds = int(os.environ.get("URLKIT_BENCH_ROUNDS", "5"))
    with tempfile.TemporaryDirectory() as tmp:
        queries = sessions(parquet(rows, Path(tmp)))
        if len(sys.argv) > 1:
            if sys.argv[1] != "setup":  # `setup`: no query (the instructions to subtract)
                queries[sys.argv[1]][1]()
            return
        print(
            f"# {rows} URLs (realworld.txt repeated); {rounds} rounds; cores {os.cpu_count()}; "
            f"load average before {os.getloadavg()[0]:.2f}"
        )
        names = list(queries)
        for name in names:  # warm-up: the file in the page cache, the functions' first calls
            queries[name][1]()
        times: Dict[str, List[Tuple[float, float]]] = {n: [] for n in names}
        for r in range(rounds):
            order = names[r % len(names) :] + names[: r % len(names)]
            for name in order:
                times[name].append(timed(queries[name][1]))
        print()
        print("| query | wall s | CPU s | wall ÷ urlkit (range) | CPU ÷ urlkit (range) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for name in names:
            engine = queries[name][0]
            ours = times[f"{engine}: urlkit"]
            mine = times[name]

            def ratio(k: int) -> str:
                rs = [b[k] / a[k] for a, b in zip(ours, mine) if a[k] > 0]
                return f"{statistics.median(rs):.2f} ({min(rs):.2f}–{max(rs):.2f})"

            print(
                f"| {name} | {statistics.median(t[0] for t in mine):.2f} | {statistics.median(t[1] for t in mine):.2f} "
                f"| {ratio(0)} | {ratio(1)} |",
                flush=True,
            )
        print()
        print(f"# load average after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
