"""Per-call benchmarks of urlkit's Python binding against the Python libraries it replaces.

One process, paired: every round runs each contender once over the same inputs, in an order
that alternates between rounds; a contender's time is the median of its rounds, and a ratio
is the median of the per-round ratios (so a slow moment of the machine hits both sides of a
round). Groups (inputs: ``realworld.txt``; prose: the files of ``shared/specs``):

- ``URL(s).hostname`` against ``can_ada.parse(s).hostname``, ``ada_url.URL(s).hostname``,
  ``urllib.parse.urlsplit(s).hostname`` and ``yarl.URL(s).host``, on the lines every
  contender accepts;
- ``urlkit.surt(s)`` against ``surt.surt(s)``, on the lines both accept;
- ``urlkit.extract(text)`` against ``urlextract.URLExtract().find_urls(text)`` and
  ``linkify_it.LinkifyIt().match(text)``, per paragraph block (~4 KB) of prose.

    python bench/bench_call.py [--rounds 7] [--prose-kb 512]

Peers missing from the environment are left out with a note. Prints a Markdown table.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import urlkit

SHARED = Path(__file__).resolve().parents[3].parent / "shared"


def _shared(kind: str) -> Path:
    env = {"datasets": "URLKIT_DATASETS", "specs": "URLKIT_SPECS"}[kind]
    return Path(os.environ[env]) if os.environ.get(env) else SHARED / kind


def _accepting(lines: Sequence[str], fns: Sequence[Callable[[str], object]]) -> List[str]:
    out = []
    for s in lines:
        try:
            for f in fns:
                f(s)
        except Exception:
            continue
        out.append(s)
    return out


def paired(name: str, contenders: Dict[str, Callable[[], object]], anchor: str, rounds: int, units: int,
           unit: str) -> List[Tuple[str, float, float]]:
    """Runs ``rounds`` rounds; returns (contender, median seconds per unit, median ratio to
    the anchor) for each."""
    names = list(contenders)
    times: Dict[str, List[float]] = {n: [] for n in names}
    for r in range(rounds):
        order = names if r % 2 == 0 else names[::-1]
        for n in order:
            t = time.perf_counter()
            contenders[n]()
            times[n].append(time.perf_counter() - t)
    rows = []
    for n in names:
        per = statistics.median(times[n]) / units
        ratio = statistics.median(t / a for t, a in zip(times[n], times[anchor]))
        rows.append((n, per, ratio))
    print(f"\n### {name} ({units} {unit}, {rounds} rounds)\n")
    print(f"| contender | per {unit.rstrip('s')} | time vs {anchor} |")
    print("| --- | ---: | ---: |")
    for n, per, ratio in rows:
        shown = f"{per * 1e9:,.0f} ns" if per < 1e-4 else f"{per * 1e6:,.0f} µs"
        print(f"| {n} | {shown} | {ratio:.2f}× |")
    sys.stdout.flush()
    return rows


def _peer(module: str) -> Optional[object]:
    try:
        return __import__(module)
    except ImportError:
        print(f"(note: {module} is not installed: left out)")
        return None


def bench_hostname(lines: List[str], rounds: int) -> None:
    URL = urlkit.URL
    fns: Dict[str, Callable[[str], object]] = {"urlkit": lambda s: URL(s).hostname}
    can_ada = _peer("can_ada")
    if can_ada:
        fns["can_ada"] = lambda s: can_ada.parse(s).hostname
    ada_url = _peer("ada_url")
    if ada_url:
        fns["ada_url"] = lambda s: ada_url.URL(s).hostname
    import urllib.parse

    fns["urllib.parse.urlsplit"] = lambda s: urllib.parse.urlsplit(s).hostname
    yarl = _peer("yarl")
    if yarl:
        fns["yarl"] = lambda s: yarl.URL(s).host
    inputs = _accepting(lines, list(fns.values()))

    def loop(f: Callable[[str], object]) -> Callable[[], object]:
        return lambda: [f(s) for s in inputs]

    # The loops are written out for the two fastest so that no extra call layer is timed.
    contenders = {n: loop(f) for n, f in fns.items()}
    contenders["urlkit"] = lambda: [URL(s).hostname for s in inputs]
    if can_ada:
        parse = can_ada.parse
        contenders["can_ada"] = lambda: [parse(s).hostname for s in inputs]
    anchor = "can_ada" if can_ada else "urlkit"
    paired("URL(s).hostname, realworld.txt", contenders, anchor, rounds, len(inputs), "calls")


def bench_surt(lines: List[str], rounds: int) -> None:
    surt = _peer("surt")
    if not surt:
        return
    inputs = _accepting(lines, [urlkit.surt, surt.surt])
    ks, ps = urlkit.surt, surt.surt
    paired("surt(s), realworld.txt", {"urlkit.surt": lambda: [ks(s) for s in inputs],
                                      "surt.surt": lambda: [ps(s) for s in inputs]},
           "urlkit.surt", rounds, len(inputs), "calls")


def _prose(kb: int) -> List[str]:
    """Paragraph blocks of about 4 KB from the spec texts, up to ``kb`` KB."""
    blocks, size = [], 0
    for path in sorted(_shared("specs").iterdir()):
        if path.suffix not in (".txt", ".md", ".bs", ".html"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        block: List[str] = []
        for para in text.split("\n\n"):
            block.append(para)
            if sum(map(len, block)) >= 4096:
                blocks.append("\n\n".join(block))
                size += len(blocks[-1])
                block = []
                if size >= kb * 1024:
                    return blocks
    return blocks


def bench_extract(kb: int, rounds: int) -> None:
    blocks = _prose(kb)
    extract = urlkit.extract
    contenders: Dict[str, Callable[[], object]] = {"urlkit.extract": lambda: [extract(b) for b in blocks]}
    urlextract = _peer("urlextract")
    if urlextract:
        finder = urlextract.URLExtract()
        contenders["urlextract"] = lambda: [finder.find_urls(b) for b in blocks]
    linkify = _peer("linkify_it")
    if linkify:
        lf = linkify.LinkifyIt()
        contenders["linkify-it-py"] = lambda: [lf.match(b) for b in blocks]
    total = sum(map(len, blocks))
    paired(f"extract(text), prose ({total // 1024} KB of shared/specs)", contenders, "urlkit.extract", rounds,
           len(blocks), "blocks")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--prose-kb", type=int, default=512)
    ap.add_argument("--only", choices=["hostname", "surt", "extract"])
    args = ap.parse_args()
    with open(_shared("datasets") / "realworld.txt", encoding="utf-8") as f:
        lines = [l.rstrip("\r\n") for l in f]
    print(f"urlkit {urlkit.__version__}, Python {sys.version.split()[0]}, {len(lines)} lines of realworld.txt")
    if args.only in (None, "hostname"):
        bench_hostname(lines, args.rounds)
    if args.only in (None, "surt"):
        bench_surt(lines, args.rounds)
    if args.only in (None, "extract"):
        bench_extract(args.prose_kb, args.rounds)


if __name__ == "__main__":
    main()
