"""``urlkit.domain``: the Public Suffix List's own tests (``conformance/psl/test_psl.txt``),
and agreement with ``tldextract`` on the hosts of ``realworld.txt`` with the same list
(the snapshot urlkit embeds, read by tldextract from a file, nothing fetched), every
disagreement sorted into an explained class."""

import collections
import re
import tempfile
import urllib.parse
from pathlib import Path

import pytest

import urlkit
from conftest import peer, REPO, dataset_lines, shared

EMBEDDED_LIST = REPO / "crates" / "urlkit" / "src" / "domain" / "public_suffix_list.dat"


def _psl_cases():
    text = shared("conformance", "psl", "test_psl.txt").read_text(encoding="utf-8")
    for m in re.finditer(r"^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);", text, re.M):
        host, want = (None if g == "null" else g[1:-1] for g in m.groups())
        yield host, want


def test_psl_tests():
    cases = list(_psl_cases())
    assert len(cases) > 60
    for host, want in cases:
        if host is None:
            with pytest.raises(TypeError):
                urlkit.domain(host)
            continue
        d = urlkit.domain(host)
        if host.startswith("."):
            # A leading dot is an empty label: not a domain, so no registrable domain.
            assert d.registrable_domain is None and d.registered_domain == "", host
            continue
        got = d.registrable_domain
        # The list's tests give the registrable domain in the input's form (case folded).
        assert got == want, (host, got, want)
        # tldextract's field agrees wherever a listed rule matched.
        if d.suffix:
            assert d.registered_domain == (want or ""), host


def test_private_section_is_optional():
    d = urlkit.domain("https://user.github.io/x")
    assert (d.subdomain, d.domain, d.suffix, d.is_private) == ("", "user", "github.io", True)
    assert d.fqdn == "user.github.io" and d.top_domain_under_public_suffix == "user.github.io"
    d = urlkit.domain("https://user.github.io/x", private=False)
    assert (d.subdomain, d.domain, d.suffix, d.is_private) == ("user", "github", "io", False)


def test_input_forms():
    assert urlkit.domain("WWW.Example.CO.UK").registered_domain == "example.co.uk"
    assert urlkit.domain("example.co.uk:8080/path").registered_domain == "example.co.uk"
    assert urlkit.domain("//a.example.com/x").subdomain == "a"
    assert urlkit.domain("mailto:x@example.com").domain == ""  # no host
    assert urlkit.domain("http://[::1]:80/").domain == "[::1]"
    assert urlkit.domain("食狮.公司.cn").registered_domain == "食狮.公司.cn"
    assert urlkit.domain("https://食狮.公司.cn/").registered_domain == "xn--85x722f.xn--55qx5d.cn"
    assert urlkit.domain("example.com.").fqdn == "example.com"
    with pytest.raises(urlkit.URLError):
        urlkit.domain("http://exa mple.com/")


# Why urlkit.domain and tldextract may disagree on a line of realworld.txt: each class is a
# predicate over (line, tldextract's result, urlkit's result or its URLError).


def _host(line):
    try:
        return urlkit.URL(line).hostname
    except urlkit.URLError:
        return None


def _ascii(field):
    """tldextract's field in the WHATWG host parser's form (IDNA: Unicode to punycode,
    full-width mapped, lower case)."""
    if not field or field.isascii():
        return field.lower()
    return urlkit.URL("http://" + field).hostname


def _fields(r):
    return (r.subdomain, r.domain, r.suffix, r.is_private)


EXPLAINED = {
    # The WHATWG parser rejects the URL as urlkit.domain reads it (templates like {port},
    # bad ports, invalid host code points, percent-encoded controls; a scheme-less
    # 'host:port' is read after 'http://'); tldextract splits any text.
    "whatwg-rejects": lambda line, t, u: isinstance(u, urlkit.URLError)
    and not urlkit.URL.can_parse(line if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:(?!\d+(?:[/?#]|$))", line) else "http://" + line.lstrip("/")),
    # The URL has no host (mailto:, urn:, javascript:, data:, news:, blob:, and file://localhost,
    # whose host the standard empties): urlkit gives empty fields, tldextract splits the text
    # before the first ':' or after '@'.
    "no-host": lambda line, t, u: _host(line) == "" and _fields(u) == ("", "", "", False),
    # The URL Standard lower-cases hosts; tldextract keeps the input's case.
    "case": lambda line, t, u: tuple(x.lower() if isinstance(x, str) else x for x in _fields(t)) == _fields(u),
    # IDNA: the URL Standard's host is ASCII (punycode, full-width letters mapped);
    # tldextract keeps the input's Unicode. The same split once mapped.
    "idna": lambda line, t, u: (
        not (t.subdomain + t.domain + t.suffix).isascii()
        and tuple(_ascii(x) for x in _fields(t)[:3]) + (t.is_private,) == _fields(u)
    ),
    # The URL Standard reads numeric hosts as IPv4 (0x7f.1, 127.1, 999999999) and
    # serializes IPv6 compressed; tldextract knows dotted-quad IPv4 only, and keeps IPv6 text.
    "ip-address": lambda line, t, u: (
        u.subdomain == u.suffix == ""
        and u.domain == _host(line)
        and (u.domain.startswith("[") or re.fullmatch(r"\d+\.\d+\.\d+\.\d+", u.domain) is not None)
    ),
    # Special schemes ignore missing or extra slashes (http:////a.org, http:///tmp/x): the
    # host is the first non-empty segment; tldextract sees an empty authority.
    "special-slashes": lambda line, t, u: re.match(r"^[A-Za-z]+:(///|/?[^/])", line) is not None
    and t.domain == "" or (re.match(r"^[A-Za-z]+:///", line) is not None and _fields(t)[:3] == ("", "", "")),
    # A special scheme's host is percent-decoded before IDNA (%CF%80 is π, %C2%AD a soft
    # hyphen that IDNA removes); tldextract keeps the escapes.
    "percent-decoded": lambda line, t, u: "%" in t.subdomain + t.domain + t.suffix
    and tuple(_ascii(urllib.parse.unquote(x)) for x in _fields(t)[:3]) + (t.is_private,) == _fields(u),
    # A non-special scheme's host is opaque: its non-ASCII is percent-encoded (sc://ñ has
    # host %c3%b1), which is no domain name; tldextract keeps the Unicode.
    "opaque-host": lambda line, t, u: "%" in (_host(line) or "") and not (t.subdomain + t.domain + t.suffix).isascii(),
    # The URL Standard's ends-in-a-number rule: a host whose last label is numeric is an
    # IPv4 address or invalid, never a domain, so the list does not split it (the whole host
    # is the domain); tldextract splits at the dots.
    "numeric-last-label": lambda line, t, u: u.subdomain == u.suffix == ""
    and u.domain == (_host(line) or "").rstrip(".")
    and u.domain.rsplit(".", 1)[-1].isdigit(),
    # A host that is not a domain name (an empty label, a leading dot, ',' '{' '+' …): the
    # list splits domain names only, so the whole host is the domain; tldextract splits at
    # every dot.
    "not-a-domain": lambda line, t, u: (
        u.subdomain == u.suffix == ""
        and u.domain == (_host(line) or "").rstrip(".")
        and (".." in u.domain or u.domain.startswith(".") or re.search(r"[^A-Za-z0-9.\-_]", u.domain) is not None)
    ),
}


def test_agreement_with_tldextract():
    tldextract = peer("tldextract")
    lines = dataset_lines("realworld.txt")
    with tempfile.TemporaryDirectory() as cache:
        ext = tldextract.TLDExtract(
            cache_dir=cache,
            suffix_list_urls=(EMBEDDED_LIST.as_uri(),),
            fallback_to_snapshot=False,
            include_psl_private_domains=True,
        )
        counts, unexplained = collections.Counter(), []
        for line in lines:
            t = ext(line)
            try:
                u = urlkit.domain(line)
            except urlkit.URLError as e:
                u = e
            if not isinstance(u, Exception) and _fields(t) == _fields(u):
                counts["same"] += 1
                continue
            for name, explains in EXPLAINED.items():
                if (name == "whatwg-rejects" or not isinstance(u, Exception)) and explains(line, t, u):
                    counts[name] += 1
                    break
            else:
                unexplained.append((line, _fields(t), u if isinstance(u, Exception) else _fields(u)))
    print(dict(counts))
    assert counts["same"] > 0.95 * len(lines)
    assert unexplained == [], f"{len(unexplained)} unexplained: {unexplained[:30]}"
