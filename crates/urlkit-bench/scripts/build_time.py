#!/usr/bin/env python3
"""Cold `cargo build --release` of urlkit beside the `url` crate (issue 15).

Each round builds every contender from an empty target directory of its own (deleted after),
one after the other; the order alternates between rounds so a change of load during the run
weighs on both. Prints each build's wall time and CPU time (user + system of cargo and every
compiler it ran) and the crate's own compile time (its unit in cargo's `--timings` report),
their medians and the ratio of each median to `url`'s. Wall time is what a user waits on an
idle machine; CPU time is the work, and its ratio holds even on a loaded machine, where wall
times mostly measure the other jobs. Run from anywhere:

    python3 crates/urlkit-bench/scripts/build_time.py            # 3 rounds, url and urlkit
    python3 crates/urlkit-bench/scripts/build_time.py --rounds 1 \\
        --variant 'urlkit+pattern=-p urlkit --features pattern'

Both builds are `cargo build --release --locked -p <crate>` in this workspace: the same lock
file (so the same `idna`/ICU4X versions), the same `[profile.release]`, the same rustc; each
includes its dependencies, as a first build of a program that uses it does. `CARGO_BUILD_JOBS`
is kept if set (default 2, the CI machine's cores); the builds run under `nice -n 19`.
"""

import argparse
import glob
import json
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))

DEFAULT = [
    ("url", "-p url"),
    ("urlkit", "-p urlkit"),
]


def own_time(target, crate):
    """The crate's own compile time (its library unit) from cargo's `--timings` report."""
    for name in glob.glob(os.path.join(target, "cargo-timings", "cargo-timing-*.html")):
        with open(name) as f:
            html = f.read()
        start = html.find("const UNIT_DATA = ")
        if start < 0:
            continue
        start = html.index("[", start)
        units, _ = json.JSONDecoder().raw_decode(html[start:])
        return sum(u["duration"] for u in units if u["name"] == crate)
    return float("nan")


def build(args, target):
    """Builds; returns (wall seconds, CPU seconds of cargo and every process it ran, the
    crate's own compile time)."""
    cmd = ["nice", "-n", "19", "cargo", "build", "--release", "--locked", "-q", "--timings", "--target-dir", target]
    cmd += shlex.split(args)
    env = dict(os.environ)
    env.setdefault("CARGO_BUILD_JOBS", "2")
    env["CARGO_INCREMENTAL"] = "0"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    crate = shlex.split(args)[shlex.split(args).index("-p") + 1]
    return wall, cpu, own_time(target, crate)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="LABEL=CARGO ARGS",
        help="an extra build, e.g. 'urlkit-min=-p urlkit --no-default-features --features std'",
    )
    opts = parser.parse_args()
    contenders = list(DEFAULT)
    for v in opts.variant:
        label, _, args = v.partition("=")
        contenders.append((label, args))

    # Fetch once, outside the timed builds.
    subprocess.run(["cargo", "fetch", "--locked", "-q"], cwd=ROOT, check=True)

    times = {label: [] for label, _ in contenders}
    cpus = {label: [] for label, _ in contenders}
    owns = {label: [] for label, _ in contenders}
    for r in range(opts.rounds):
        order = contenders if r % 2 == 0 else list(reversed(contenders))
        for label, args in order:
            target = tempfile.mkdtemp(prefix="urlkit-build-time-")
            try:
                t, cpu, own = build(args, target)
            finally:
                shutil.rmtree(target, ignore_errors=True)
            times[label].append(t)
            cpus[label].append(cpu)
            owns[label].append(own)
            print(f"round {r + 1}: {label:<16} {t:7.1f} s wall, {cpu:7.1f} s CPU, {own:6.1f} s own crate", flush=True)

    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    base = statistics.median(times["url"])
    cpu_base = statistics.median(cpus["url"])
    own_base = statistics.median(owns["url"])
    print(f"\n{opts.rounds} rounds, CARGO_BUILD_JOBS={os.environ.get('CARGO_BUILD_JOBS', '2')}, "
          f"load average at the end {load:.1f}")
    print("| build | wall | / `url` | CPU | / `url` | own crate | / `url` |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, args in contenders:
        m = statistics.median(times[label])
        c = statistics.median(cpus[label])
        o = statistics.median(owns[label])
        print(f"| `{label}` (`{args}`) | {m:.1f} s | **{m / base:.2f}** | {c:.1f} s | {c / cpu_base:.2f} "
              f"| {o:.1f} s | {o / own_base:.2f} |")
    print("(medians; wall = the whole cold build, dependencies included; own crate = its library "
          "unit in cargo's --timings report)")


if __name__ == "__main__":
    sys.exit(main())
