//! `TemplateSet` against matching each template in turn, on an API-description corpus of
//! about a thousand templates in GitHub's REST style.

use urlkit::template::{Template, TemplateSet, Value};

const TOP: [&str; 4] = ["repos", "orgs", "users", "enterprises"];
const RESOURCES: [&str; 16] = [
    "issues",
    "pulls",
    "commits",
    "branches",
    "releases",
    "hooks",
    "keys",
    "labels",
    "milestones",
    "comments",
    "reviews",
    "events",
    "stargazers",
    "forks",
    "deployments",
    "actions",
];

/// About a thousand templates: collections with paging, items, sub-collections.
pub(crate) fn corpus() -> Vec<String> {
    let mut out = Vec::new();
    for top in TOP {
        out.push(format!("https://api.example.com/{top}/{{owner}}"));
        out.push(format!("https://api.example.com/{top}/{{owner}}/{{repo}}"));
        for r in RESOURCES {
            out.push(format!(
                "https://api.example.com/{top}/{{owner}}/{{repo}}/{r}{{?page,per_page,sort}}"
            ));
            out.push(format!(
                "https://api.example.com/{top}/{{owner}}/{{repo}}/{r}/{{id}}"
            ));
            for sub in RESOURCES {
                out.push(format!(
                    "https://api.example.com/{top}/{{owner}}/{{repo}}/{r}/{{id}}/{sub}{{?page}}"
                ));
            }
        }
    }
    out
}

#[test]
fn set_agrees_with_one_by_one() {
    let templates: Vec<Template> = corpus().iter().map(|t| Template::parse(t).unwrap()).collect();
    let mut set = TemplateSet::new();
    for t in &templates {
        set.push(t.clone()).unwrap();
    }
    assert!(set.len() > 1000);
    let mut urls = Vec::new();
    let vars = [
        ("owner", Value::from("rust-lang")),
        ("repo", Value::from("rust")),
        ("id", Value::from("42")),
        ("page", Value::from("2")),
    ];
    for t in templates.iter().step_by(7) {
        urls.push(t.expand(&vars).unwrap());
    }
    urls.extend([
        "https://api.example.com/repos/a/b/nope".into(),
        "https://api.example.com/".into(),
    ]);
    for url in &urls {
        let one_by_one: Vec<usize> = (0..templates.len())
            .filter(|&i| templates[i].match_url(url).is_some())
            .collect();
        let mut from_set = set.matches(url);
        let best = set.match_url(url).map(|(i, _)| i);
        assert_eq!(best, from_set.first().copied(), "{url}");
        from_set.sort_unstable();
        assert_eq!(from_set, one_by_one, "{url}");
    }
}

/// The set reads the values from its walk's spans, with its own readers for the usual
/// expressions: they give what `match_url` gives, value for value, on named runs in any
/// order, repeated or missing members, prefixes, triplets and every operator.
#[test]
fn set_reads_values_as_match_url() {
    let cases: [(&str, &[&str]); 7] = [
        (
            "/p{;x,y}",
            &["/p;y=1;x", "/p;x=a%20b", "/p;x=", "/p;x;x", "/p;z=1", "/p"],
        ),
        (
            "/q{?x,y}{&z}",
            &[
                "/q?z=3&y=2&x=1",
                "/q&z=1",
                "/q?z=1",
                "/q?x=1&x=2",
                "/q?x",
                "/q?x=%C3%A9",
                "/q?x=%c3%a9",
                "/q?",
            ],
        ),
        ("/r{?x:2,y}", &["/r?x=ab", "/r?x=abc", "/r?y=abc&x=a"]),
        (
            "/s{/x}!{.y}{#z}",
            &["/s/a!.b#c", "/s!.b", "/s!#a/b?c", "/s/a%2Fb!", "/s/%41!"],
        ),
        ("/t{+x}/e", &["/t/a/b/e", "/t%41/e", "/t%2541/e", "/t/e"]),
        (
            "/u{x}!{y:3}",
            &["/u1!abc", "/u1!abcd", "/u!", "/u%E2%82%AC!%E2%82%AC%E2%82%AC"],
        ),
        ("/v{/x*}{?y*}", &["/v/a/b?y=1&y=2", "/v?y=1", "/v/a"]),
    ];
    let mut matched = 0;
    for (text, urls) in cases {
        let t = Template::parse(text).unwrap();
        let mut set = TemplateSet::new();
        set.push(t.clone()).expect(text);
        for url in urls {
            matched += usize::from(t.match_url(url).is_some());
            assert_eq!(
                set.match_url(url).map(|(_, c)| c),
                t.match_url(url),
                "{text} on {url}"
            );
        }
    }
    // Most of the URLs match: the comparison is not between two `None`s.
    assert_eq!(matched, 22);
}

#[test]
fn most_specific_wins() {
    let mut set = TemplateSet::new();
    for t in ["/{a}/{b}", "/x/{b}", "/x/y", "/{a}/y{?q}", "/x/{b}{?q}"] {
        set.push(t.parse().unwrap()).unwrap();
    }
    // Most literal bytes first, then fewest variables, then the order of addition.
    assert_eq!(set.matches("/x/y"), [2, 1, 3, 4, 0]);
    assert_eq!(set.match_url("/x/z").unwrap().0, 1);
    assert_eq!(set.match_url("/q/y?q=1").unwrap().0, 3);
}

mod props {
    use proptest::prelude::*;
    use urlkit::template::{Template, TemplateSet, Value};

    const OPS: [&str; 8] = ["", "+", "#", ".", "/", ";", "?", "&"];
    const LITERALS: [&str; 8] = ["", "/", "/a", "/ab", "/b/", ".", "-", "/a/"];
    const VALUES: [&str; 6] = ["", "a", "ab", "b/", "%", "a.b"];

    /// A template of up to three one-variable expressions between small literals, so that
    /// the templates of a set share prefixes and branch at literals and expressions alike.
    fn template() -> impl Strategy<Value = String> {
        let expr = (0..OPS.len(), any::<bool>(), 0..LITERALS.len());
        (0..LITERALS.len(), prop::collection::vec(expr, 0..4)).prop_map(|(lead, exprs)| {
            let mut text = String::from(LITERALS[lead]);
            for (k, (op, explode, lit)) in exprs.into_iter().enumerate() {
                text.push_str(&format!(
                    "{{{}{}{}}}",
                    OPS[op],
                    (b'a' + k as u8) as char,
                    if explode { "*" } else { "" }
                ));
                text.push_str(LITERALS[lit]);
            }
            text
        })
    }

    /// The set's rule, one by one: most literal bytes, fewest variables, first added.
    fn best(templates: &[Template], url: &str) -> Option<usize> {
        let rank = |t: &Template| {
            let empty: [(&str, &str); 0] = [];
            (t.expand(&empty).map_or(0, |s| s.len()), t.variables().len())
        };
        let mut best: Option<usize> = None;
        for (i, t) in templates.iter().enumerate() {
            if t.match_url(url).is_some() {
                let (l, v) = rank(t);
                if best.is_none_or(|b| {
                    let (bl, bv) = rank(&templates[b]);
                    l > bl || (l == bl && v < bv)
                }) {
                    best = Some(i);
                }
            }
        }
        best
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// On random sets and URLs (expansions of the set's templates and of other
        /// templates), the set answers as matching its templates one by one: the same
        /// template, the same values, the same list of matches.
        #[test]
        fn set_agrees_with_one_by_one_on_random_urls(
            texts in prop::collection::vec(template(), 1..8),
            others in prop::collection::vec(template(), 0..3),
            values in prop::collection::vec((0..VALUES.len(), 0..VALUES.len(), 0..VALUES.len()), 1..6),
        ) {
            let templates: Vec<Template> = texts
                .iter()
                .map(|t| Template::parse(t).unwrap())
                .filter(|t| t.matchable().is_ok())
                .collect();
            let mut set = TemplateSet::new();
            for t in &templates {
                set.push(t.clone()).unwrap();
            }
            let mut urls = Vec::new();
            for t in templates.iter().chain(others.iter().map(|t| Template::parse(t).unwrap()).collect::<Vec<_>>().iter()) {
                for &(a, b, c) in &values {
                    let vars = [
                        ("a", Value::from(VALUES[a])),
                        ("b", Value::from(VALUES[b])),
                        ("c", Value::from(VALUES[c])),
                    ];
                    if let Ok(url) = t.expand(&vars) {
                        urls.push(url);
                    }
                }
            }
            for url in &urls {
                let want = best(&templates, url);
                let got = set.match_url(url);
                prop_assert_eq!(got.as_ref().map(|(i, _)| *i), want, "{:?} on {:?}", texts, url);
                if let (Some((_, found)), Some(i)) = (got, want) {
                    prop_assert_eq!(Some(found), templates[i].match_url(url));
                }
                let mut all = set.matches(url);
                all.sort_unstable();
                let one_by_one: Vec<usize> = (0..templates.len())
                    .filter(|&i| templates[i].match_url(url).is_some())
                    .collect();
                prop_assert_eq!(all, one_by_one);
            }
        }
    }
}
