"""URI Templates (RFC 6570) through ``urlkit.Template`` and ``urlkit.TemplateSet``: the
uritemplate-test suite (``uritemplate/*.json`` of the conformance directory, 270 cases, every
one must pass, as the Rust runner ``crates/urlkit/tests/template/conformance.rs`` requires),
values of Python's types, matching back (``match(expand(v)) == v``), ``str`` indices in
errors, and the set's most-specific rule."""

import json
import pickle

import pytest

import urlkit
from conftest import shared

FILES = ["spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"]


def _cases():
    out = []
    for name in FILES:
        with open(shared("conformance", "uritemplate", name), encoding="utf-8") as f:
            data = json.load(f)
        for group, body in data.items():
            for i, (template, expected) in enumerate(body["testcases"]):
                out.append((f"{name} {group} #{i}: {template}", template, body.get("variables", {}), expected))
    return out


def _check(template, variables, expected):
    """``None`` when the case passes, else what went wrong."""
    try:
        got = urlkit.Template(template).expand(variables)
    except urlkit.TemplateError as e:
        return None if expected is False else f"rejected: {e}"
    if expected is False:
        return f"expected a rejection, got {got!r}"
    if got == expected or isinstance(expected, list) and got in expected:
        return None
    return f"got {got!r}, expected {expected!r}"


def test_uritemplate_suite():
    cases = _cases()
    assert len(cases) == 270, "the suite's README counts 270 cases"
    failures = [(key, why) for key, t, v, want in cases if (why := _check(t, v, want)) is not None]
    assert failures == []


def test_accepted_templates_write_themselves_back():
    for _, text, _, expected in _cases():
        try:
            t = urlkit.Template(text)
        except urlkit.TemplateError:
            assert expected is False, text
            continue
        assert str(t) == text
        assert t == urlkit.Template(text) and hash(t) == hash(urlkit.Template(text))
        assert pickle.loads(pickle.dumps(t)) == t


def test_values_of_python_types():
    t = urlkit.Template("{/path*}{?q,n,x,keys*}")
    got = t.expand({"path": ("a", "b c"), "q": "é", "n": 7, "x": 1.5, "keys": {"k": 1, "j": "v"}})
    assert got == "/a/b%20c?q=%C3%A9&n=7&x=1.5&k=1&j=v"
    # None and empty lists/dicts are undefined (§2.3); keyword arguments win over the mapping.
    assert t.expand({"q": "a"}, q=None, n=[], keys={}) == ""
    assert t.expand({"q": "a"}, q="b") == "?q=b"
    assert t.expand() == ""
    for bad in (True, object(), [None], {"a": [1]}):
        with pytest.raises(TypeError):
            t.expand(q=bad)
    with pytest.raises(TypeError):
        t.expand(["not", "a", "mapping"])
    # A prefix on a list (§2.4.1) is an expansion error, at a str index.
    with pytest.raises(urlkit.TemplateError) as e:
        urlkit.Template("/é/{keys:1}").expand(keys=["a"])
    assert e.value.position == 4
    assert isinstance(e.value, ValueError)


def test_parse_errors_have_str_indices():
    with pytest.raises(urlkit.TemplateError) as e:
        urlkit.Template("/users/{id")
    assert (e.value.position, e.value.description) == (10, "unclosed expression, expected '}'")
    assert str(e.value) == "unclosed expression, expected '}' at index 10"
    # "/é€/{a b}": the space is byte 9 (é and € take 2 and 3 bytes) but str index 6.
    text = "/é€/{a b}"
    with pytest.raises(urlkit.TemplateError) as e:
        urlkit.Template(text)
    assert e.value.position == 6 and text[e.value.position] == " "
    assert e.value.template == text
    assert e.value.description == "expected ',', '*', ':' or '}' after a variable name"
    t = urlkit.Template("/é€{a}{b}")
    assert not t.is_matchable()
    assert t.ambiguity.endswith(" at index 3") and str(t)[3] == "{"
    assert t.match("/é€xy") is None


ROUND_TRIPS = [
    ("/repos/{owner}/{repo}/issues{?state,labels*}", {"owner": "rust-lang", "repo": "rust", "labels": ["C-bug", "A docs"]}),
    ("/search{?q,lang}{#section}", {"q": "café au lait", "lang": "fr", "section": "top"}),
    ("/files{/path*}{?ext}", {"path": ["a", "b c", "ü"], "ext": "tar"}),
    ("/dl/{name}.zip", {"name": "é x"}),
    ("/items{;id,page}", {"id": "42", "page": "x y"}),
    ("{+base}/v1/{name}{?page,per_page}", {"base": "https://api.example.com/x", "name": "n", "page": "2"}),
    ("/users/{id}/posts{?tags*}", {"id": "7", "tags": ["a", "b"]}),
    ("/s{?q}", {}),
]


@pytest.mark.parametrize("text,variables", ROUND_TRIPS, ids=[t for t, _ in ROUND_TRIPS])
def test_match_of_expand_is_the_variables(text, variables):
    t = urlkit.Template(text)
    assert t.is_matchable() and t.ambiguity is None
    assert t.match(t.expand(variables)) == variables
    assert t.match(t.expand(**variables)) == variables


def test_match_gives_the_library_forms():
    # A non-exploded variable matches as a string, an exploded one as a list (the library's
    # one form where value sets expand alike); a URL that is no expansion gives None.
    t = urlkit.Template("/users/{id}/posts{?tags}")
    assert t.match("/users/7/posts?tags=a%2Cb") == {"id": "7", "tags": "a,b"}
    assert t.match("/users/7/posts?tags=a,b") is None
    assert urlkit.Template("{/list*}").match("/a") == {"list": ["a"]}
    assert urlkit.Template("/{a}").match("/") == {}


def test_expand_partial():
    t = urlkit.Template("/repos/{owner}/{repo}{?a,b}")
    partial = t.expand_partial(owner="o", b=2)
    assert partial == "/repos/o/{repo}?b=2{&a}"
    assert urlkit.Template(partial).expand(repo="r", a=1) == "/repos/o/r?b=2&a=1"
    assert t.variables == ["owner", "repo", "a", "b"]


def test_template_set_most_specific():
    templates = ["/repos/{owner}/{repo}", "/repos/{owner}/{repo}/issues{?state}", "/repos/rust-lang/{repo}"]
    s = urlkit.TemplateSet(templates)
    assert len(s) == 3
    assert s.match("/repos/rust-lang/rust") == (2, {"repo": "rust"})
    assert s.match("/repos/o/r") == (0, {"owner": "o", "repo": "r"})
    assert s.match("/repos/o/r/issues?state=open") == (1, {"owner": "o", "repo": "r", "state": "open"})
    assert s.match("/users/o") is None
    assert s.matches("/repos/rust-lang/rust") == [2, 0]
    assert [str(s[i]) for i in range(len(s))] == templates and s[-1] == urlkit.Template(templates[-1])
    with pytest.raises(IndexError):
        s[3]
    # Template objects are taken as well as text; an unmatchable one is refused.
    assert len(urlkit.TemplateSet([urlkit.Template("/a/{b}"), "/c"])) == 2
    with pytest.raises(urlkit.TemplateError) as e:
        urlkit.TemplateSet(["/ok/{a}", "/{a}{b}"])
    assert e.value.template == "/{a}{b}" and e.value.position == 1
    with pytest.raises(urlkit.TemplateError):
        urlkit.TemplateSet(["/{a"])


def test_set_agrees_with_one_by_one():
    templates = [f"/api/v{v}/{{kind}}/{r}{{/id}}{{?page}}" for v in range(5) for r in ("users", "posts", "{any}")]
    s = urlkit.TemplateSet(templates)
    ts = [urlkit.Template(t) for t in templates]
    for url in ["/api/v1/x/users/7?page=2", "/api/v3/y/zzz", "/api/v9/x/users", "/api/v0/k/posts/1"]:
        expect = [i for i, t in enumerate(ts) if t.match(url) is not None]
        assert sorted(s.matches(url)) == expect
        got = s.match(url)
        assert (got is None) == (expect == [])
        if got is not None:
            assert got[1] == ts[got[0]].match(url)


def test_repr():
    assert repr(urlkit.Template("/a/{b}")) == "Template('/a/{b}')"
    assert urlkit.Template("/a") != "/a"
