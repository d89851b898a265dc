"""``python -m urlkit`` prints what the ``urlkit`` command prints. With the built command on
the machine (``URLKIT_CLI``, or ``target/{release,debug}/urlkit`` of this checkout) both run
on the same inputs (samples of the datasets, one JSON object per input, and the text forms)
and their outputs must be equal; without it, fixed expectations taken from the command's
documented output (``urlkit SUBCOMMAND --help`` and its JSON contracts) stand in."""

import json
import os
import subprocess
import sys

import pytest

from conftest import REPO, dataset_lines, shared


def _module(args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "urlkit", *args], input=stdin, capture_output=True, text=True,
                       encoding="utf-8")
    return p.stdout, p.stderr, p.returncode


def _cli():
    explicit = os.environ.get("URLKIT_CLI")
    if explicit:
        return explicit
    for profile in ("release", "debug"):
        path = REPO / "target" / profile / "urlkit"
        if path.exists():
            return str(path)
    return None


FIXED = [
    (["parse", "--json", "https://example.org/"], 0,
     '{"input":"https://example.org/","base":null,"ok":true,"href":"https://example.org/","origin":'
     '"https://example.org","protocol":"https:","username":"","password":"","host":"example.org",'
     '"hostname":"example.org","port":"","pathname":"/","search":"","hash":""}\n'),
    (["parse", "https://user@EXAMPLE.org:8080/a/../b?q=1#f"], 0,
     "input     https://user@EXAMPLE.org:8080/a/../b?q=1#f\nhref      https://user@example.org:8080/b?q=1#f\n"
     "origin    https://example.org:8080\nprotocol  https:\nusername  user\npassword  (empty)\n"
     "host      example.org:8080\nhostname  example.org\nport      8080\npathname  /b\nsearch    ?q=1\n"
     "hash      #f\n\n"
     "https://user@example.org:8080/b?q=1#f\n"
     "├────┘  ├──┘ ├─────────┘ ├──┘├┘├──┘├┘\n"
     "│       │    │           │   │ │   └─ hash\n"
     "│       │    │           │   │ └─ search\n"
     "│       │    │           │   └─ pathname\n"
     "│       │    │           └─ port\n"
     "│       │    └─ hostname\n"
     "│       └─ username\n"
     "└─ protocol\n"
     "             ├──────────────┘\n"
     "             └─ host\n"),
    (["normalize", "HTTP://Example.COM/a/./b"], 0, "http://example.com/a/b\n"),
    (["normalize", "--profile", "surt", "http://www.example.com/b?y=1&x=2"], 0, "com,example)/b?x=2&y=1\n"),
    (["normalize", "--json", "http://exa mple/"], 1,
     '{"input":"http://exa mple/","ok":false,"error":"invalid character in domain at byte 7","position":7,'
     '"expected":null,"kind":"domain-invalid-code-point"}\n'),
    (["domain", "https://forums.bbc.co.uk/x"], 0, "forums.bbc.co.uk\tco.uk\tbbc.co.uk\tforums\ticann\n"),
    (["domain", "--no-private", "a.github.io"], 0, "a.github.io\tio\tgithub.io\ta\ticann\n"),
    (["domain", "--json", "https://forums.bbc.co.uk/x"], 0,
     '{"input":"https://forums.bbc.co.uk/x","ok":true,"host":"forums.bbc.co.uk","public_suffix":"co.uk",'
     '"registrable_domain":"bbc.co.uk","subdomain":"forums","icann":true,"known_suffix":true,'
     '"from_opaque_host":false}\n'),
    (["lint", "https://example.com/"], 0, "https://example.com/: no findings\n"),
    (["lint", "--policy", "strict", "http://127.0.0.1/"], 1,
     "http://127.0.0.1/: 1 finding (denied by the strict policy)\n"
     "warning[L031]: 127.0.0.1 is a loopback address (denied by the policy)\n  http://127.0.0.1/\n"
     "         ^^^^^^^^^\n  = help: do not fetch internal addresses on behalf of a user; check the resolved "
     "address too\n"),
]


@pytest.mark.parametrize("args,status,stdout", FIXED, ids=[" ".join(a) for a, _, _ in FIXED])
def test_fixed_expectations(args, status, stdout):
    out, err, code = _module(args)
    assert (out, code) == (stdout, status), err


def test_failure_report_points_at_the_byte():
    out, err, code = _module(["parse", "http://ü.example:99999/"])
    assert code == 1 and out == ""
    assert err == ('urlkit: cannot parse "http://ü.example:99999/": port number is greater than 65535 at byte 18\n'
                   "  http://ü.example:99999/\n                   ^\n")
    out, err, code = _module(["parse", "--json", "example.org/path"])
    assert json.loads(out)["hint"] == "did you mean http://example.org/path?"


def test_extract_json_lines():
    text = "see https://a.example/ and www.b.example\nпример: https://пример.рф/путь\n"
    out, _, code = _module(["extract"], text)
    links = [json.loads(l) for l in out.splitlines()]
    assert code == 0 and [l["url"] for l in links] == ["https://a.example/", "http://www.b.example", "https://пример.рф/путь"]
    # Byte offsets, as the command gives them.
    raw = text.encode()
    assert all(raw[l["start"]:l["end"]].decode() == l["text"] for l in links)
    assert links[2]["line"] == 2 and links[2]["column"] == len("пример: ".encode()) + 1


SUBCOMMANDS = [
    ["parse", "--json"], ["parse", "--width", "60"], ["normalize", "--json"], ["normalize", "--profile", "crawler", "--json"],
    ["normalize", "--profile", "rfc3986", "--json"], ["normalize", "--profile", "surt", "--json"],
    ["domain", "--json"], ["domain", "--no-private"], ["lint", "--json"], ["lint", "--policy", "strict", "--json"],
    ["normalize"], ["domain"], ["lint"],
]


@pytest.mark.parametrize("args", SUBCOMMANDS, ids=[" ".join(a) for a in SUBCOMMANDS])
def test_same_output_as_the_built_command(args):
    cli = _cli()
    if cli is None:
        pytest.skip("no built urlkit command (set URLKIT_CLI or build crates/urlkit-cli): fixed expectations only")
    sample = "\n".join(dataset_lines("realworld.txt")[:700] + dataset_lines("messy.txt")[:700]) + "\n"
    want = subprocess.run([cli, *args], input=sample, capture_output=True, text=True, encoding="utf-8")
    out, err, code = _module(args, sample)
    assert out == want.stdout
    assert code == want.returncode
    # Standard error: the same reports, less the command's closing summary (it has timings).
    cli_err = [l for l in want.stderr.splitlines() if not l.startswith("urlkit: ") or " inputs, " not in l]
    assert err.splitlines() == cli_err


def test_extract_same_output_as_the_built_command():
    cli = _cli()
    if cli is None:
        pytest.skip("no built urlkit command (set URLKIT_CLI or build crates/urlkit-cli)")
    for name in ("rfc3986.txt", "gfm-autolinks.md"):
        path = shared("specs", name)
        for extra in ([], ["--bare-domains"], ["--plain"]):
            want = subprocess.run([cli, "extract", *extra, str(path)], capture_output=True, text=True)
            out, _, code = _module(["extract", *extra, str(path)])
            assert (out, code) == (want.stdout, want.returncode), (name, extra)
