//! `Template::match_url` and `Template::matchable`: worked examples, and over the
//! uritemplate-test suite, every match of an expansion expands back to it.

use urlkit::template::{AmbiguityKind, Template, Value};

fn s(v: &str) -> Value {
    Value::from(v)
}

fn l(v: &[&str]) -> Value {
    Value::from(v.to_vec())
}

/// (template, URL, the variables the match must find).
type Example<'a> = (&'a str, &'a str, &'a [(&'a str, Value)]);

#[test]
fn examples() {
    let cases: &[Example<'_>] = &[
        ("/users/{id}", "/users/42", &[("id", s("42"))]),
        ("/users/{id}", "/users/", &[]),
        ("/users/{id}.json", "/users/a.b.json", &[("id", s("a.b"))]),
        (
            "/users/{id}/x{.format}",
            "/users/7/x.json",
            &[("id", s("7")), ("format", s("json"))],
        ),
        (
            "/repos/{owner}/{repo}/issues{?state,labels*}",
            "/repos/o/r/issues?labels=a&state=open&labels=b",
            &[
                ("owner", s("o")),
                ("repo", s("r")),
                ("state", s("open")),
                ("labels", l(&["a", "b"])),
            ],
        ),
        (
            "/search{?q,lang}{&page}",
            "/search?page=2&q=x%20y",
            &[("q", s("x y")), ("page", s("2"))],
        ),
        ("/search{?q}{&page}", "/search&page=2", &[("page", s("2"))]),
        ("{/path*}", "/a/b%2Fc", &[("path", l(&["a", "b/c"]))]),
        (
            "/p{;x,y,empty}",
            "/p;x=1;empty;y=2",
            &[("x", s("1")), ("y", s("2")), ("empty", s(""))],
        ),
        (
            "{+base}/users/{id}",
            "http://h/api/v1/users/9",
            &[("base", s("http://h/api/v1")), ("id", s("9"))],
        ),
        ("/docs{#section}", "/docs#a/b?c", &[("section", s("a/b?c"))]),
        ("/docs{#section}", "/docs#", &[("section", s(""))]),
        // `%25` decodes to `%` unless a raw hex pair follows (a fuzzing find): `%ee` would
        // pass through a re-expansion as a triplet.
        ("{+x}", "%25ee", &[("x", s("%25ee"))]),
        ("{+x}", "%25zz%C3%A9", &[("x", s("%zzé"))]),
        ("/x/{name:3}", "/x/abc", &[("name", s("abc"))]),
        ("/w/{word}", "/w/dr%C3%BCcken", &[("word", s("drücken"))]),
        ("/a{.ext*}", "/a.tar.gz", &[("ext", l(&["tar", "gz"]))]),
        ("/{a}/{a}", "/x/x", &[("a", s("x"))]),
    ];
    for (template, url, want) in cases {
        let t = Template::parse(template).unwrap();
        t.matchable().unwrap_or_else(|e| panic!("{template}: {e}"));
        let got = t
            .match_url(url)
            .unwrap_or_else(|| panic!("{template} should match {url}"));
        let got: Vec<(&str, Value)> = got.into_vec();
        let mut want: Vec<(&str, Value)> = want.to_vec();
        let order = t.variables();
        want.sort_by_key(|(n, _)| order.iter().position(|o| o == n));
        assert_eq!(got, want, "{template} on {url}");
    }
}

#[test]
fn non_matches() {
    let cases: &[(&str, &str)] = &[
        ("/users/{id}", "/users/4/2"),
        ("/users/{id}", "/users/%7E"), // an encoded unreserved character: not an expansion
        ("/users/{id}", "/users/%c3%bc"), // lower-case hex: not what expansion writes
        ("/users/{id}", "/users/%FF"), // not UTF-8
        ("/x/{name:3}", "/x/abcd"),
        ("/search{?q}", "/search?x=1"),
        ("/search{?q}", "/search?q"),
        ("/search{?q}{&page}", "/search?page=2"),
        ("/p{;x}", "/p;x="),
        ("/{a}/{a}", "/x/y"),
        ("/users/{id}", "/users/42?x"),
        ("{+base}/users/{id}", "x/users/a/b"),
        // A variable defined in one expression cannot leave another of its expressions
        // empty (a fuzzing find).
        ("{who}{?who}", "wd"),
    ];
    for (template, url) in cases {
        let t = Template::parse(template).unwrap();
        assert!(t.match_url(url).is_none(), "{template} should not match {url}");
    }
}

#[test]
fn ambiguities() {
    let cases: &[(&str, AmbiguityKind, usize)] = &[
        ("{a}{b}", AmbiguityKind::Adjacent, 0),
        ("{+a}{+b}", AmbiguityKind::Adjacent, 0),
        ("/{/a}{/b}", AmbiguityKind::Adjacent, 1),
        ("{+a}{?q}", AmbiguityKind::Adjacent, 0),
        ("{a}.{b}", AmbiguityKind::Literal, 0),
        ("/users/{id}{.format}", AmbiguityKind::Adjacent, 7),
        ("{a}-{b}/", AmbiguityKind::Literal, 0),
        ("{+a}/{+b}", AmbiguityKind::Literal, 0),
        ("{+a}/{b}/c", AmbiguityKind::Literal, 0),
        ("map?{x,y}", AmbiguityKind::SeveralUnnamed, 4),
        ("{/a,b}", AmbiguityKind::SeveralUnnamed, 0),
        ("{?a}{&a}", AmbiguityKind::RepeatedName, 4),
    ];
    for &(template, kind, at) in cases {
        let e = Template::parse(template).unwrap().matchable().unwrap_err();
        assert_eq!((e.kind(), e.position()), (kind, at), "{template}");
    }
    for ok in [
        "{?a}{?b}".replace("{?b}", "/{?b}"),
        "{a}/{b}-x".into(),
        "{;a}{?b}{#c}".into(),
    ] {
        assert!(Template::parse(&ok).unwrap().matchable().is_ok(), "{ok}");
    }
}

/// Over the suite's templates and variables: a match of an expansion expands back to it.
#[test]
fn suite_matches_expand_back() {
    let Some(cases) = crate::conformance::cases() else {
        return;
    };
    let (mut matchable, mut matched) = (0, 0);
    for (key, template, vars, _) in &cases {
        let Ok(t) = Template::parse(template) else {
            continue;
        };
        let Ok(url) = t.expand(vars) else { continue };
        if t.matchable().is_err() {
            continue;
        }
        matchable += 1;
        if let Some(found) = t.match_url(&url) {
            matched += 1;
            assert_eq!(t.expand(&found).unwrap(), url, "{key}");
        }
    }
    assert!(matched > 0 && matchable > 0);
    println!("uritemplate match: {matched} of {matchable} matchable expansions matched back");
}
