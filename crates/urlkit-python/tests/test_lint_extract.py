"""``urlkit.lint`` and ``urlkit.extract``: the result shapes, and spans as Python string
indices on non-ASCII text (``text[start:end]`` is the finding's or link's text)."""

import pytest

import urlkit
from conftest import dataset_lines, shared


def test_lint_result_shape_and_policy():
    r = urlkit.lint("https://example.com/")
    assert isinstance(r, list) and isinstance(r, urlkit.LintResult) and r == [] and r.verdict is None
    r = urlkit.lint("http://user:pw@10.0.0.1:22/", policy="strict")
    assert {f.code for f in r} >= {"L001", "L031"} or len(r) >= 2
    v = r.verdict
    assert isinstance(v, urlkit.Verdict) and v.ok is False and not v and v.reasons
    assert all(isinstance(f, urlkit.Finding) for f in v.reasons)
    assert {f.code for f in v.reasons} <= {f.code for f in r} | {"L201", "L202", "L203", "L204"}
    ok = urlkit.lint("https://example.com/", policy="strict").verdict
    assert ok.ok and ok and ok.reasons == []
    with pytest.raises(ValueError, match="unknown lint policy 'lenient'"):
        urlkit.lint("https://example.com/", policy="lenient")


def test_lint_spans_are_str_indices_on_non_ascii():
    url = "https://пример.рф:22/путь?q=%2e%2e"
    r = urlkit.lint(url)
    assert r, url
    for f in r:
        assert 0 <= f.start <= f.end <= len(url)
        assert f.severity in ("error", "warning", "note") and f.code.startswith("L") and f.message
    port = [f for f in r if url[f.start:f.end] == "22"]
    assert port, [(f.code, url[f.start:f.end]) for f in r]
    # The homograph check spans the whole Cyrillic host, not its UTF-8 bytes.
    mixed = "https://exаmple.com/"  # Cyrillic а
    spans = {mixed[f.start:f.end] for f in urlkit.lint(mixed)}
    assert "exаmple.com" in spans


def test_lint_spans_on_the_datasets_stay_in_bounds():
    for line in dataset_lines("messy.txt")[:3000]:
        for f in urlkit.lint(line):
            assert 0 <= f.start <= f.end <= len(line), (line, f)


def test_extract_spans_are_str_indices():
    text = "Привет! См. https://пример.рф/путь и «www.example.com», почта: support@example.org. 🙂 <URL:ftp://a.example/x>"
    links = urlkit.extract(text)
    assert [l.kind for l in links] == ["scheme", "www", "email", "url-wrapper"]
    for l in links:
        assert text[l.start:l.end] == l.text
    assert links[0].url == "https://пример.рф/путь"
    assert links[1].url == "http://www.example.com"
    assert links[2].url == "mailto:support@example.org"
    assert links[3].url == "ftp://a.example/x" and links[3].text == "<URL:ftp://a.example/x>"


def test_extract_bare_domains():
    text = "docs at docs.rs/urlkit and file.txt, 10.0.0.1:8080/x"
    assert [l.url for l in urlkit.extract(text)] == []
    links = urlkit.extract(text, bare_domains=True)
    assert [(l.url, l.kind) for l in links] == [
        ("http://docs.rs/urlkit", "domain"),
        ("http://10.0.0.1:8080/x", "domain"),
    ]
    assert all(text[l.start:l.end] == l.text for l in links)


def test_extract_on_the_specs_keeps_the_invariant():
    specs = sorted(p for p in shared("specs").iterdir() if p.suffix in (".txt", ".md", ".bs"))
    total = 0
    for path in specs:
        text = path.read_text(encoding="utf-8", errors="replace")
        for l in urlkit.extract(text, bare_domains=True):
            assert text[l.start:l.end] == l.text, (path.name, l)
            total += 1
    assert total > 500
