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
