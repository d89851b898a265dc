"""``python -m urlkit``: the ``urlkit`` command's common subcommands for people who only
installed the wheel: ``parse``, ``normalize``, ``domain``, ``lint``, ``extract``.

Each prints what ``urlkit SUBCOMMAND`` prints for the same arguments (text for people, or
one JSON object per input with ``--json``, byte offsets as the command gives them), and exits
as it does: 0 when every input was fine, 1 when one failed (``lint``: had a finding at
warning level or above, or was denied by ``--policy``), 2 on usage errors. Inputs are the
arguments, or the lines of standard input when there are none.

    python -m urlkit parse --json https://example.org/a?b
    python -m urlkit normalize --profile surt https://www.example.com/
    python -m urlkit domain --no-private https://user.github.io/
    python -m urlkit lint --policy strict http://127.0.0.1/
    python -m urlkit extract notes.txt
"""

import argparse
import json
import os
import sys
import unicodedata
from typing import Dict, Iterable, Iterator, List, Optional, Tuple

from . import PROFILES, URL, URLError, extract, lint, normalize
from ._urlkit import _domain_record, _quoted

_WIDE = (
    (0x1100, 0x115F), (0x2E80, 0x303E), (0x3041, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
    (0xA000, 0xA4CF), (0xAC00, 0xD7A3), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFF60),
    (0xFFE0, 0xFFE6), (0x1F300, 0x1F64F), (0x1F900, 0x1F9FF), (0x20000, 0x3FFFD),
)  # the command's terminal columns (crates/urlkit-cli/src/diagram.rs, char_width)


def _width(c: str) -> int:
    n = ord(c)
    return 2 if any(lo <= n <= hi for lo, hi in _WIDE) else 1


def _visible(s: str) -> str:
    """Control characters drawn as their Control Pictures, as the command draws them."""
    out = []
    for c in s:
        n = ord(c)
        if n <= 0x1F:
            out.append(chr(0x2400 + n))
        elif n == 0x7F:
            out.append("\u2421")
        elif unicodedata.category(c) == "Cc":
            out.append("\ufffd")
        else:
            out.append(c)
    return "".join(out)


def _column(s: str, index: int) -> int:
    return sum(_width(c) for c in s[:index])


def _byte(s: str, index: int) -> int:
    return len(s[:index].encode("utf-8", "surrogateescape"))


def _json(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _hint(input: str) -> Optional[str]:
    """The command's tip for a scheme-less input (crates/urlkit-cli/src/hint.rs): the URL it
    was probably meant as, when an http:// (ftp:// for ftp.) in front gives a host."""
    trimmed = input.strip("".join(chr(i) for i in range(0x21)))
    trimmed = trimmed[2:] if trimmed.startswith("//") else trimmed
    authority = trimmed
    for sep in "/\\?#":
        authority = authority.split(sep, 1)[0]
    if not authority or "@" in authority:
        return None
    scheme = "ftp" if authority.lower().startswith("ftp.") else "http"
    guess = f"{scheme}://{trimmed}"
    try:
        host = URL(guess).hostname
    except URLError:
        return None
    return f"did you mean {guess}?" if ("." in host or host == "localhost" or host.startswith("[")) else None


def _inputs(values: List[str]) -> Iterator[Tuple[str, Optional[str]]]:
    """The inputs and where each came from (``<stdin>:LINE`` for standard input's lines,
    which the command's reports name)."""
    if values and values != ["-"]:
        for v in values:
            yield v, None
        return
    for n, line in enumerate(sys.stdin, 1):
        yield line.rstrip("\r\n"), f"<stdin>:{n}"


def _request(line: str, base: Optional[str]) -> Tuple[str, Optional[str]]:
    """A ``{"input": URL, "base": BASE}`` request line, as the command reads one; else the
    line itself."""
    if line.startswith("{"):
        try:
            obj = json.loads(line)
        except ValueError:
            return line, base
        if isinstance(obj, dict) and isinstance(obj.get("input"), str):
            b = obj.get("base", base)
            return obj["input"], b if isinstance(b, str) else None
    return line, base


def _report(input: str, message: str, position: Optional[int], where: Optional[str] = None,
            hint: Optional[str] = None) -> str:
    """The command's failure report: the message, then a caret under the byte position."""
    at = f"{where}: " if where else ""
    report = f"urlkit: {at}cannot parse {_quoted(input)}: {message}\n"
    if position is not None:
        index = len(input.encode("utf-8", "surrogateescape")[:position].decode("utf-8", "ignore"))
        report += f"  {_visible(input)}\n  {' ' * _column(input, index)}^\n"
    if hint:
        report += f"  tip: {hint}\n"
    return report


def _warn_windows_path(input: str, has_base: bool, where: Optional[str]) -> None:
    """The command's warning for a Windows path read as a URL (``C:\\dir`` has scheme ``c:``)."""
    trimmed = input.lstrip("".join(chr(i) for i in range(0x21)))
    if has_base or not (len(trimmed) >= 3 and trimmed[0].isascii() and trimmed[0].isalpha()
                        and trimmed[1] == ":" and trimmed[2] in "\\/"):
        return
    bare = input.strip("".join(chr(i) for i in range(0x21)))
    quoted = bare.replace("'", "'\\''")
    at = f"{where}: " if where else ""
    sys.stdout.flush()
    sys.stderr.write(
        f"urlkit: {at}warning: {_quoted(input)} looks like a Windows file path, read as a URL with scheme "
        f'"{bare[0].lower()}:"; its file: URL is: urlkit path-to-url --style windows \'{quoted}\'\n'
    )


def _url_hint(e: URLError, has_base: bool) -> Optional[str]:
    if has_base or e.kind != "missing-scheme-non-relative-URL":
        return None
    return _hint(e.input)


def _message(e: URLError) -> str:
    return f"{e.description} at byte {_byte(e.input, e.position)}"


def _fail(args: argparse.Namespace, input: str, message: str, position: Optional[int], expected: Optional[str],
          kind: str, where: Optional[str], hint: Optional[str] = None) -> None:
    """Prints the command's failure: the grammar-form JSON object, or an empty line (one line
    out per line in) and the report."""
    if args.json:
        obj = {"input": input, "ok": False, "error": message, "position": position, "expected": expected,
               "kind": kind}
        if hint:
            obj["hint"] = hint
        print(_json(obj))
    else:
        print()
        sys.stdout.flush()
        sys.stderr.write(_report(input, message, position, where, hint))


def _fail_url(args: argparse.Namespace, input: str, e: URLError, where: Optional[str],
              hint: Optional[str] = None) -> None:
    _fail(args, input, _message(e), _byte(e.input, e.position), None, e.kind, where, hint)


def _diagram(text: str, spans: List[Tuple[str, int, int]], width: int) -> str:
    """The command's components diagram (crates/urlkit-cli/src/diagram.rs, ``render``):
    ``text`` in rows of at most ``width`` columns, each span marked under it and labelled;
    spans that overlap go to later layers."""
    cols = [0]
    for c in text:
        cols.append(cols[-1] + _width(c))
    layers: List[List[Tuple[int, int, str]]] = []
    for label, a, b in spans:
        start, end = cols[a], cols[b]
        if start >= end:
            continue
        for layer in layers:
            if all(e <= start or end <= s for s, e, _ in layer):
                layer.append((start, end, label))
                break
        else:
            layers.append([(start, end, label)])
    for layer in layers:
        layer.sort(key=lambda x: x[0])
    out: List[str] = []
    # Rows of at most `width` columns, at least one character each.
    pieces, start_i, start_col = [], 0, 0
    for i, c in enumerate(text):
        if cols[i] + _width(c) - start_col > width and i > start_i:
            pieces.append((text[start_i:i], start_col, cols[i]))
            start_i, start_col = i, cols[i]
    if start_i < len(text) or not pieces:
        pieces.append((text[start_i:], start_col, cols[-1]))
    for piece, lo, hi in pieces:
        out.append(_visible(piece).rstrip() + "\n")
        for layer in layers:
            markers = [" "] * (hi - lo)
            ticks: List[Tuple[int, str]] = []
            for s0, e0, label in layer:
                if e0 <= lo or s0 >= hi:
                    continue
                a, b = max(s0, lo) - lo, min(e0, hi) - lo
                starts, ends = s0 >= lo, e0 <= hi
                markers[a:b] = ["─"] * (b - a)
                if ends:
                    markers[b - 1] = "┘"
                if starts:
                    markers[a] = "│" if b - a == 1 and ends else "├"
                    ticks.append((a, label))
            if all(m == " " for m in markers):
                continue
            out.append("".join(markers).rstrip() + "\n")
            for row in range(len(ticks) - 1, -1, -1):
                tick, label = ticks[row]
                line = [" "] * tick
                for other, _ in ticks[:row]:
                    line[other] = "│"
                out.append(("".join(line) + "└─ " + label).rstrip() + "\n")
    return "".join(out)


def _columns(width: Optional[int]) -> int:
    if width is not None:
        return width
    try:
        return int(os.environ.get("COLUMNS", "").strip())
    except ValueError:
        return 80


_ATTRS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
          "search", "hash"]


def _parse(args: argparse.Namespace) -> int:
    status = 0
    first = True
    for line, where in _inputs(args.urls):
        input, base = _request(line, args.base)
        _warn_windows_path(input, base is not None, where)
        try:
            url = URL(input, base)
        except URLError as e:
            status = 1
            hint = _url_hint(e, base is not None)
            if args.json:
                obj = {"input": input, "base": base, "ok": False, "error": _message(e), "kind": e.kind,
                       "position": _byte(e.input, e.position)}
                if hint:
                    obj["hint"] = hint
                print(_json(obj))
            else:
                sys.stderr.write(_report(input, _message(e), _byte(e.input, e.position), where, hint))
            continue
        if args.json:
            obj: Dict[str, object] = {"input": input, "base": base, "ok": True}
            obj.update((a, getattr(url, a)) for a in _ATTRS)
            print(_json(obj))
            continue
        rows = []
        if input != url.href:
            rows.append(("input", input))
        if base is not None:
            rows.append(("base", base))
        rows += [(a, getattr(url, a)) for a in _ATTRS]
        if not first:
            print()
        first = False
        table = "".join(f"{name:<10}{_visible(value) if value else '(empty)'}\n" for name, value in rows)
        sys.stdout.write(table + "\n" + _diagram(url.href, url._spans(), _columns(args.width)))
    return status


def _normalize(args: argparse.Namespace) -> int:
    status = 0
    for line, where in _inputs(args.urls):
        # Request lines are the URL Standard's form (whatwg); other profiles read lines as is.
        input, base = _request(line, None) if args.profile == "whatwg" else (line, None)
        if args.profile == "whatwg":
            _warn_windows_path(input, base is not None, where)
        try:
            out = normalize(input, args.profile) if base is None else URL(input, base).href
        except URLError as e:
            status = 1
            if args.profile == "whatwg":
                _fail_url(args, input, e, where, _url_hint(e, base is not None))
            elif args.profile == "rfc3986":
                # The grammar's failure: the rule expected, where, and what was found.
                found = str(e).rpartition(", found ")[2]
                at = _byte(input, e.position)
                _fail(args, input, f"{e.description} at byte {at}, found {found}", at, e.kind, "syntax", where)
            else:
                # Another profile's failure is of kind its name, without a position.
                text = _message(e) if e.kind not in ("surt", "no-host") else e.description
                _fail(args, input, text, None, None, args.profile, where)
            continue
        print(_json({"input": input, "ok": True, "normalized": out}) if args.json else out)
    return status


def _domain(args: argparse.Namespace) -> int:
    status = 0
    for input, where in _inputs(args.urls):
        try:
            record = _domain_record(input, not args.no_private)
        except URLError as e:
            status = 1
            _fail_url(args, input, e, where)
            continue
        section = record.pop("section")
        if args.json:
            print(_json(record))
            continue
        fields = [record["host"] or "-", record["public_suffix"], record["registrable_domain"], record["subdomain"]]
        print("\t".join(f if f else "-" for f in fields) + "\t" + section)
    return status


def _lint(args: argparse.Namespace) -> int:
    status = 0
    first = True
    for line, _ in _inputs(args.urls):
        input = _request(line, None)[0]
        result = lint(input, args.policy)
        verdict = result.verdict
        ok = verdict.ok if verdict is not None else all(f.severity == "note" for f in result)
        status |= 0 if ok else 1
        deciding = list(verdict.reasons) if verdict is not None else []
        if args.json:
            obj: Dict[str, object] = {
                "input": input,
                "ok": ok,
                "findings": [
                    {"code": f.code, "severity": f.severity, "start": _byte(input, f.start),
                     "end": _byte(input, f.end), "message": f.message, "name": f.name, "help": f.help}
                    for f in result
                ],
            }
            if verdict is not None:
                obj["policy"] = args.policy
                obj["deciding"] = [f.code for f in deciding]
            print(_json(obj))
            continue
        count = {0: "no findings", 1: "1 finding"}.get(len(result), f"{len(result)} findings")
        said = "" if verdict is None else f" ({'allowed' if ok else 'denied'} by the {args.policy} policy)"
        out = ["" if first else "\n", f"{_visible(input)}: {count}{said}\n"]
        first = False
        for f in result:
            start = _column(input, f.start)
            width = max(_column(input, f.end) - start, 1)
            denied = " (denied by the policy)" if f in deciding else ""
            out.append(
                f"{f.severity}[{f.code}]: {f.message}{denied}\n  {_visible(input)}\n"
                f"  {' ' * start}{'^' * width}\n  = help: {f.help}\n"
            )
        sys.stdout.write("".join(out))
    return status


def _texts(files: List[str]) -> Iterable[Tuple[Optional[str], str]]:
    if not files or files == ["-"]:
        yield None, sys.stdin.read()
        return
    for name in files:
        with open(name, encoding="utf-8", errors="replace") as f:
            yield name, f.read()


def _extract(args: argparse.Namespace) -> int:
    for name, text in _texts(args.files):
        line_starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        for link in extract(text, bare_domains=args.bare_domains):
            if args.plain:
                print(link.url)
                continue
            line_start = line_starts[link.line - 1]
            start = _byte(text, link.start)
            print(_json({
                "url": link.url, "text": link.text, "start": start, "end": start + len(link.text.encode()),
                "line": link.line, "column": len(text[line_start:link.start].encode()) + 1, "kind": link.kind,
                "wrapped": link.wrapped, "ambiguous": link.ambiguous, "alternatives": link.alternatives,
                "valid": URL.can_parse(link.url), "file": name,
            }))
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    """Runs ``python -m urlkit`` with ``argv`` (default: the process's arguments); returns
    the exit status."""
    parser = argparse.ArgumentParser(prog="python -m urlkit", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("parse", help="show the components of URLs (WHATWG)")
    p.add_argument("urls", nargs="*", metavar="URL")
    p.add_argument("--base", help="resolve each URL against this base URL")
    p.add_argument("--json", action="store_true", help="print one JSON object per URL")
    p.add_argument("--width", type=int, metavar="COLUMNS", help="diagram width in columns (default: $COLUMNS, else 80)")
    p.set_defaults(run=_parse)

    p = sub.add_parser("normalize", help="normalize URLs (WHATWG href, or another canonical form)")
    p.add_argument("urls", nargs="*", metavar="URL")
    p.add_argument("--profile", default="whatwg", choices=PROFILES, help="the canonical form")
    p.add_argument("--json", action="store_true", help="print one JSON object per URL")
    p.set_defaults(run=_normalize)

    p = sub.add_parser("domain", help="public suffix, registrable domain and subdomain of URLs' hosts")
    p.add_argument("urls", nargs="*", metavar="URL")
    p.add_argument("--no-private", action="store_true", help="leave out the list's private section")
    p.add_argument("--json", action="store_true", help="print one JSON object per URL")
    p.set_defaults(run=_domain)

    p = sub.add_parser("lint", help="security findings on URLs")
    p.add_argument("urls", nargs="*", metavar="URL")
    p.add_argument("--policy", choices=["strict", "default"], help="apply a safe-fetch policy")
    p.add_argument("--json", action="store_true", help="print one JSON object per input")
    p.set_defaults(run=_lint)

    p = sub.add_parser("extract", help="find the URLs in text files or standard input")
    p.add_argument("files", nargs="*", metavar="FILE")
    p.add_argument("--plain", action="store_true", help="print only the URLs, one per line")
    p.add_argument("--bare-domains", action="store_true", help="also find links without a scheme")
    p.set_defaults(run=_extract)

    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
