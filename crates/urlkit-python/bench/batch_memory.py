"""Peak memory of ``urlkit.batch`` over a large pyarrow column: the rows of
``realworld.txt`` repeated to ``URLKIT_BATCH_MEMORY_ROWS`` rows (default 10,000,000), each
operation run three times, the peak resident set size (Linux ``VmHWM``, reset before each run)
measured above the resident size before it, and compared with the result's own size.

    MALLOC_MMAP_THRESHOLD_=131072 python bench/batch_memory.py   # one JSON object per operation

(the fixed glibc mmap threshold returns each large buffer to the system when it is freed,
so that the resident sizes after the runs can be compared)

``tests/test_batch_memory.py`` runs it and checks the bound."""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from pathlib import Path

import pyarrow as pa

from urlkit import batch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from _batch_data import load  # noqa: E402

OPERATIONS = ("host", "registered_domain", "surt", "is_valid")


def status(field: str) -> int:
    """A ``/proc/self/status`` size in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no {field} in /proc/self/status")


def reset_peak() -> None:
    # Linux: writing 5 to clear_refs resets the peak resident set size (VmHWM).
    Path("/proc/self/clear_refs").write_text("5")


def main() -> None:
    rows = int(os.environ.get("URLKIT_BATCH_MEMORY_ROWS", "10000000"))
    base = pa.array(load("realworld.txt"), type=pa.string())
    column = pa.concat_arrays([base] * -(-rows // len(base))).slice(0, rows)
    del base
    gc.collect()
    for name in OPERATIONS:
        fn = getattr(batch, name)
        runs = []
        for _ in range(3):
            gc.collect()
            reset_peak()
            before = status("VmRSS")
            start = time.perf_counter()
            out = fn(column)
            seconds = time.perf_counter() - start
            peak = status("VmHWM")
            result = out.nbytes
            del out
            gc.collect()
            runs.append({"seconds": round(seconds, 3), "extra_peak": peak - before, "result": result, "rss_after": status("VmRSS")})
        print(
            json.dumps(
                {
                    "operation": name,
                    "rows": rows,
                    "input": column.nbytes,
                    "threads": batch._urlkit._batch_threads,
                    "runs": runs,
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
