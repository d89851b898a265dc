"""``urlkit.batch`` against per-URL Python loops, on ``realworld.txt``, in one process.

Each table row pairs a contender with the batch call it is measured against: in every
round both run over the whole dataset, in alternating order, and the round's ratio is the
contender's time over the batch call's; the table gives the medians (per-URL times in ns,
ratios as whole numbers). The loops collect one answer per URL into a list, as the batch
call does (``None`` where the URL does not parse). ``tldextract`` reads the Public Suffix
List file built into urlkit (no fetch, no cache directory), private section on, as
``batch.registered_domain``'s default.

    python bench/bench_batch.py          # URLKIT_BENCH_ROUNDS (default 7)

Contenders that are not installed are left out (``pip install can_ada ada_url yarl
tldextract surt``). The machine's load average is printed before and after. The CPU
columns count the process's CPU time (every thread): the CPU ratio is the work one core
saves, which a busy machine changes less than the wall clock; on idle cores the
wall-clock ratio is about the CPU ratio times the batch threads.
"""

from __future__ import annotations

import os
import resource
import statistics
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any, Callable, List, Optional, Tuple

import pyarrow as pa

from urlkit import batch

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from _batch_data import datasets_dir  # noqa: E402

PSL = ROOT.parent / "urlkit" / "src" / "domain" / "public_suffix_list.dat"


def loop(fn: Callable[[str], Any]) -> Callable[[List[str]], List[Any]]:
    """A per-URL loop over ``fn``: ``None`` where it raises."""

    def run(urls: List[str]) -> List[Any]:
        out = []
        append = out.append
        for u in urls:
            try:
                append(fn(u))
            except Exception:  # noqa: BLE001 (each library raises its own)
                append(None)
        return out

    return run


def contenders() -> List[Tuple[str, str, Callable[[List[str]], Any]]]:
    """(batch function, contender name, contender) for every installed contender."""
    rows: List[Tuple[str, str, Callable[[List[str]], Any]]] = []
    try:
        import can_ada

        rows.append(("host", "can_ada loop", loop(lambda u: can_ada.parse(u).host)))
    except ImportError:
        pass
    try:
        import ada_url

        rows.append(("host", "ada_url loop", loop(lambda u: ada_url.URL(u).host)))
    except ImportError:
        pass
    rows.append(("host", "urllib.parse.urlsplit loop", loop(lambda u: urllib.parse.urlsplit(u).netloc)))
    try:
        import yarl

        rows.append(("host", "yarl loop", loop(lambda u: yarl.URL(u).host)))
    except ImportError:
        pass
    try:
        import tldextract

        extract = tldextract.TLDExtract(
            suffix_list_urls=(PSL.as_uri(),), cache_dir=None, include_psl_private_domains=True
        )
        extract("http://warm.example.com/")  # reads the list once, outside the timing
        rows.append(
            ("registered_domain", "tldextract loop", loop(lambda u: extract(u).top_domain_under_public_suffix or None))
        )
    except ImportError:
        pass
    try:
        import surt

        rows.append(("surt", "surt.surt loop", loop(surt.surt)))
    except ImportError:
        pass
    return rows


def timed(fn: Callable[[], Any]) -> Tuple[float, float]:
    """Wall-clock and CPU seconds (all threads of the process, user and system)."""
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    fn()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    return wall, (after.ru_utime - cpu.ru_utime) + (after.ru_stime - cpu.ru_stime)


def main() -> None:
    rounds = int(os.environ.get("URLKIT_BENCH_ROUNDS", "7"))
    path = datasets_dir() / "realworld.txt"
    urls = path.read_text(encoding="utf-8").split("\n")
    if urls and urls[-1] == "":
        urls.pop()
    array = pa.array(urls, type=pa.string())
    n = len(urls)
    print(f"# {path.name}: {n} URLs; {rounds} rounds; batch threads {batch._urlkit._batch_threads}; "
          f"cores {os.cpu_count()}; load average before {os.getloadavg()[0]:.2f}")
    print()
    print("| batch call | ns/URL | contender | ns/URL | contender / batch | CPU ns/URL, batch / contender | CPU ratio |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for name, label, contender in contenders():
        fn = getattr(batch, name)
        for kind, values in (("pyarrow", array), ("list", urls)):
            ours: List[Tuple[float, float]] = []
            theirs: List[Tuple[float, float]] = []
            for r in range(rounds):
                # Alternate which side runs first.
                if r % 2:
                    b = timed(lambda: contender(urls))
                    a = timed(lambda: fn(values))
                else:
                    a = timed(lambda: fn(values))
                    b = timed(lambda: contender(urls))
                ours.append(a)
                theirs.append(b)
            ns = lambda xs, k: statistics.median(x[k] for x in xs) / n * 1e9  # noqa: E731
            ratio = lambda k: statistics.median(b[k] / a[k] for a, b in zip(ours, theirs) if a[k] > 0)  # noqa: E731
            print(
                f"| `batch.{name}` ({kind}) | {ns(ours, 0):.0f} | {label} | {ns(theirs, 0):.0f} | {ratio(0):.0f}× "
                f"| {ns(ours, 1):.0f} / {ns(theirs, 1):.0f} | {ratio(1):.0f}× |",
                flush=True,
            )
    print()
    print(f"# load average after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
