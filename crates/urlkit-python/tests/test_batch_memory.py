"""Memory of a 10 M-row pyarrow batch is bounded: ``bench/batch_memory.py`` (in its own
process) runs each operation over the rows of ``realworld.txt`` repeated to
``URLKIT_BATCH_MEMORY_ROWS`` rows (default 10,000,000; set it lower for a quick run).

The bound: the peak resident size above the size before the call is at most three times
the result's own size plus 64 MiB. What it holds at its peak: the threads' pieces (16-byte
views, and the bytes of strings longer than 12) and the result they are copied into once
(a ``string`` input gets a ``string`` result), measured at 2.2 to 2.5 times the result.
Nothing per row is kept in Python objects and the input is not copied (a copy of the input
alone would break the bound for ``is_valid``, whose result is one bit a row). Three runs
end at the same resident size (no leak)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyarrow")

from _batch_data import load  # noqa: E402

MIB = 1 << 20
SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "batch_memory.py"


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="peak RSS is measured through Linux /proc")
def test_peak_memory_is_bounded_by_the_result() -> None:
    load("realworld.txt")  # skips (or fails under URLKIT_REQUIRE_CONFORMANCE) without the datasets
    env = dict(os.environ)
    env.setdefault("URLKIT_BATCH_MEMORY_ROWS", "10000000")
    # glibc: a fixed mmap threshold, so that a large buffer freed goes back to the system at
    # once (the default threshold grows after such a free, and the heap then keeps the
    # memory, which hides a leak and makes the peak depend on the run before).
    env.setdefault("MALLOC_MMAP_THRESHOLD_", "131072")
    out = subprocess.run([sys.executable, str(SCRIPT)], env=env, capture_output=True, text=True, check=True)
    reports = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["operation"] for r in reports] == ["host", "registered_domain", "surt", "is_valid"]
    for report in reports:
        print(json.dumps(report))
        for run in report["runs"]:
            assert run["extra_peak"] <= 3 * run["result"] + 64 * MIB, report
        first, _, third = [run["rss_after"] for run in report["runs"]]
        assert third - first <= 32 * MIB, report
