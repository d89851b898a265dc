//! The template benchmarks' GitHub-REST-style corpus, shared by `benches/template.rs` and
//! the callgrind driver `examples/cg.rs` (so both measure the same URLs).

use urlkit::template::{Template, Value};

/// The resources under a repository, in the style of GitHub's REST API.
pub const RESOURCES: [&str; 16] = [
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

/// The first path segments.
pub const TOP: [&str; 4] = ["repos", "orgs", "users", "enterprises"];

/// The 1,000-template corpus of the matching benchmark (as in the crate's tests).
///
/// ```
/// assert_eq!(urlkit_bench::template_corpus::match_corpus().len(), 1_000);
/// ```
pub fn match_corpus() -> Vec<Template> {
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
    out.truncate(1_000);
    out.iter().map(|t| Template::parse(t).expect("valid")).collect()
}

/// The matching benchmark's URLs: each template of `templates` expanded with the same
/// four variables.
///
/// ```
/// use urlkit_bench::template_corpus::{match_corpus, match_urls};
/// let templates = match_corpus();
/// assert_eq!(match_urls(&templates)[1], "https://api.example.com/repos/rust-lang/rust");
/// ```
pub fn match_urls(templates: &[Template]) -> Vec<String> {
    let vars = [
        ("owner", Value::from("rust-lang")),
        ("repo", Value::from("rust")),
        ("id", Value::from("42")),
        ("page", Value::from("2")),
    ];
    templates
        .iter()
        .map(|t| t.expand(&vars).expect("expands"))
        .collect()
}

/// The set's rule applied one template at a time: per template, (literal bytes, variables),
/// for [`best_each`].
///
/// ```
/// use urlkit_bench::template_corpus::{match_corpus, specificity};
/// assert_eq!(specificity(&match_corpus())[0].1, 1);
/// ```
pub fn specificity(templates: &[Template]) -> Vec<(usize, usize)> {
    templates
        .iter()
        .map(|t| {
            let empty: [(&str, &str); 0] = [];
            (t.expand(&empty).map_or(0, |s| s.len()), t.variables().len())
        })
        .collect()
}

/// The most specific template matching `url`, found by matching each template in turn:
/// most literal bytes, fewest variables, first (`TemplateSet::match_url`'s rule).
///
/// ```
/// use urlkit_bench::template_corpus::{best_each, match_corpus, match_urls, specificity};
/// let templates = match_corpus();
/// let url = &match_urls(&templates)[1];
/// assert_eq!(best_each(&templates, &specificity(&templates), url), Some(1));
/// ```
pub fn best_each(templates: &[Template], specificity: &[(usize, usize)], url: &str) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, t) in templates.iter().enumerate() {
        if t.match_url(url).is_some() {
            let (l, v) = specificity[i];
            let better = best.is_none_or(|b| {
                let (bl, bv) = specificity[b];
                l > bl || (l == bl && v < bv)
            });
            if better {
                best = Some(i);
            }
        }
    }
    best
}
