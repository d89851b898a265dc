#!/usr/bin/env python3
"""CPU time of one pass of `urlkit::text` and of `linkify` over the text bench's prose (issue 25).

Each measurement runs the text bench alone (`BENCH_ONLY=profile-urlkit` or `profile-linkify`,
one `BENCH_CONFIG`) twice, with `--passes` passes and with none, and takes the difference of
their user + system time divided by the passes: the prose's build, the same in both runs,
drops out. The median of `--runs` such measurements is printed per binary, finder and
configuration (0 scheme, 1 scheme+email, 2 all, 3 all + bare domains against linkify's
scheme-less mode), with linkify ÷ urlkit per binary. CPU time, not wall time: on a machine
shared with other jobs it still measures the work (wall clock there mostly measures the
others). Give several binaries (copies of the bench before and after a change) and every run
takes them in turn, so a change of load weighs on each alike:

    cargo bench -p urlkit-bench --bench text --no-run    # prints the executable
    python3 crates/urlkit-bench/scripts/text_cpu.py OLD_COPY target/release/deps/text-HASH

Without a binary, the bench is built and its executable used. `--configs` (default `2 3`),
`--passes` (20), `--runs` (5); `BENCH_PROSE_MB` is passed through (default 64 MB).
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def bench_binary():
    out = subprocess.run(
        ["cargo", "bench", "-p", "urlkit-bench", "--bench", "text", "--no-run", "--message-format=json"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for line in out.splitlines():
        m = json.loads(line)
        if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "text" and m.get("executable"):
            return m["executable"]
    sys.exit("text_cpu: no bench executable")


def cpu_seconds(binary, finder, config, passes):
    """User + system time of one run of the bench with `passes` passes."""
    env = dict(os.environ, BENCH_ONLY=f"profile-{finder}", BENCH_CONFIG=str(config), BENCH_ROUNDS=str(passes))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary], env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("binaries", nargs="*", help="text bench executables (default: build it)")
    p.add_argument("--configs", default="2 3")
    p.add_argument("--passes", type=int, default=20)
    p.add_argument("--runs", type=int, default=5)
    a = p.parse_args()
    binaries = a.binaries or [bench_binary()]
    configs = [int(c) for c in a.configs.split()]
    # linkify once per configuration: the same crate in every binary.
    jobs = [(b, "urlkit", c) for b in binaries for c in configs] + [(binaries[0], "linkify", c) for c in configs]
    ms = {job: [] for job in jobs}
    for run in range(a.runs):
        for job in jobs:
            b, finder, c = job
            full = cpu_seconds(b, finder, c, a.passes)
            empty = cpu_seconds(b, finder, c, 0)
            ms[job].append((full - empty) / a.passes * 1e3)
        print(f"run {run + 1} of {a.runs} done", file=sys.stderr)
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"- CPU ms per pass (user + sys, {a.passes} passes minus 0, median of {a.runs}; load at end {load})\n")
    print("| binary | finder | config | ms per pass (min–max) |")
    print("|---|---|---|---|")
    for job in jobs:
        v = ms[job]
        print(f"| {job[0]} | {job[1]} | {job[2]} | {statistics.median(v):.1f} ({min(v):.1f}–{max(v):.1f}) |")
    print("\n| binary | config | linkify ÷ urlkit |\n|---|---|---|")
    for b in binaries:
        for c in configs:
            u = statistics.median(ms[(b, "urlkit", c)])
            l = statistics.median(ms[(binaries[0], "linkify", c)])
            print(f"| {b} | {c} | **{l / u:.2f}×** |")


if __name__ == "__main__":
    main()
