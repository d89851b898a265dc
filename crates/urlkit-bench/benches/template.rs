//! URI Template (RFC 6570) benchmarks, paired with `iri-string`'s templates and
//! `std-uritemplate`. See BENCHMARKS.md.
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench template                # everything
//! cargo bench -p urlkit-bench --bench template -- api/expand  # filter on "corpus/benchmark"
//! ```
//!
//! - `spec/expand`: every case of the uritemplate-test suite (`spec-examples.json`,
//!   `spec-examples-by-section.json`, `extended-tests.json`) that the three crates expand,
//!   each with its group's variables.
//! - `api/expand`: about 200 templates in the style of GitHub's REST API description
//!   (built here: paths with owner, repository and number, optional query parameters, list
//!   and exploded parameters), each expanded with one set of variables.
//! - `api/match-1000`: 1,000 URLs (expansions of a 1,000-template corpus of that style)
//!   matched against the 1,000 templates: `urlkit-set` (`TemplateSet::match_url`, the most
//!   specific match) against `urlkit-each` (every template's `match_url`, keeping the most
//!   specific by the same rule); each contender repeats its pass so that a sample lasts the
//!   session's minimum, and the ratio is paired by round.
//!
//! Contenders for expansion: `urlkit` (a parsed `Template`, variables in a slice of pairs),
//! `urlkit-parse` (parse and expand per call, as `std-uritemplate`'s one function does),
//! `iri-string` (a validated `UriTemplateStr`, a `SimpleContext`), `std-uritemplate`
//! (`expand(&str, &HashMap)`). Each contender's variables are built once, outside the timing.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Instant;
use urlkit::template::{Template, TemplateSet, Value};
use urlkit_bench::harness::{against, measure, repetitions, Contender, Plan};
use urlkit_bench::report::thousands;
use urlkit_bench::session::Session;
use urlkit_bench::stats::{median, paired_ratios, rotation, Spread};
use urlkit_bench::template_corpus::{best_each, match_corpus, match_urls, specificity, RESOURCES, TOP};

type IriContext = iri_string::template::simple_context::SimpleContext;
type StdVars = HashMap<String, stduritemplate::Value>;

/// One set of variables in each contender's form.
struct Vars {
    ours: Vec<(String, Value)>,
    iri: IriContext,
    std: StdVars,
}

impl Vars {
    fn new(vars: Vec<(String, Value)>) -> Vars {
        let mut iri = IriContext::new();
        let mut std = StdVars::new();
        for (name, value) in &vars {
            let (i, s) = match value {
                Value::String(v) => (
                    iri_string::template::simple_context::Value::String(v.clone()),
                    stduritemplate::Value::String(v.clone()),
                ),
                Value::List(l) => (
                    iri_string::template::simple_context::Value::List(l.clone()),
                    stduritemplate::Value::List(
                        l.iter().cloned().map(stduritemplate::Value::String).collect(),
                    ),
                ),
                Value::Assoc(a) => (
                    iri_string::template::simple_context::Value::Assoc(a.clone()),
                    stduritemplate::Value::Map(
                        a.iter()
                            .map(|(k, v)| (k.clone(), stduritemplate::Value::String(v.clone())))
                            .collect(),
                    ),
                ),
            };
            iri.insert(name.clone(), i);
            std.insert(name.clone(), s);
        }
        Vars { ours: vars, iri, std }
    }
}

/// An expansion case: the template text, parsed, and the index of its variables.
struct Case {
    text: String,
    parsed: Template,
    vars: usize,
}

fn expand_ours(c: &Case, vars: &[Vars]) -> Option<usize> {
    c.parsed.expand(&vars[c.vars].ours).ok().map(|s| s.len())
}

fn expand_ours_parse(c: &Case, vars: &[Vars]) -> Option<usize> {
    Template::parse(&c.text)
        .ok()?
        .expand(&vars[c.vars].ours)
        .ok()
        .map(|s| s.len())
}

fn expand_iri(c: &Case, vars: &[Vars]) -> Option<usize> {
    let t = iri_string::template::UriTemplateStr::new(&c.text).ok()?;
    t.expand::<iri_string::spec::UriSpec, _>(&vars[c.vars].iri)
        .ok()
        .map(|e| e.to_string().len())
}

fn expand_std(c: &Case, vars: &[Vars]) -> Option<usize> {
    stduritemplate::expand(&c.text, &vars[c.vars].std)
        .ok()
        .map(|s| s.len())
}

/// A JSON scalar as the suite means it.
fn scalar(v: &serde_json::Value) -> Option<String> {
    match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The suite's cases that every contender expands, with the same result.
fn spec_cases(conformance: &std::path::Path) -> Option<(Vec<Case>, Vec<Vars>)> {
    let mut cases = Vec::new();
    let mut vars = Vec::new();
    for file in [
        "spec-examples.json",
        "spec-examples-by-section.json",
        "extended-tests.json",
    ] {
        let text = std::fs::read_to_string(conformance.join("uritemplate").join(file)).ok()?;
        let data: serde_json::Value = serde_json::from_str(&text).ok()?;
        for group in data.as_object()?.values() {
            let mut v = Vec::new();
            for (name, value) in group["variables"].as_object()? {
                let value = match value {
                    serde_json::Value::Array(items) => Value::List(items.iter().filter_map(scalar).collect()),
                    serde_json::Value::Object(pairs) => Value::Assoc(
                        pairs
                            .iter()
                            .filter_map(|(k, v)| Some((k.clone(), scalar(v)?)))
                            .collect(),
                    ),
                    other => match scalar(other) {
                        Some(s) => Value::String(s),
                        None => continue,
                    },
                };
                v.push((name.clone(), value));
            }
            vars.push(Vars::new(v));
            for case in group["testcases"].as_array()? {
                if case[1] == serde_json::Value::Bool(false) {
                    continue;
                }
                let text = case[0].as_str()?.to_owned();
                let Ok(parsed) = Template::parse(&text) else {
                    continue;
                };
                cases.push(Case {
                    text,
                    parsed,
                    vars: vars.len() - 1,
                });
            }
        }
    }
    Some((cases, vars))
}

/// About 200 templates in GitHub's REST style, and their one set of variables.
fn api_cases() -> (Vec<Case>, Vec<Vars>) {
    let mut texts = Vec::new();
    for (k, r) in RESOURCES.iter().enumerate() {
        texts.push(format!(
            "https://api.github.com/repos/{{owner}}/{{repo}}/{r}{{?state,sort,direction,per_page,page}}"
        ));
        texts.push(format!(
            "https://api.github.com/repos/{{owner}}/{{repo}}/{r}/{{number}}"
        ));
        texts.push(format!(
            "https://api.github.com/repos/{{owner}}/{{repo}}/{r}/{{number}}/comments{{?since,per_page,page}}"
        ));
        texts.push(format!(
            "https://api.github.com/repos/{{owner}}/{{repo}}/{r}{{?labels*}}"
        ));
        texts.push(format!(
            "https://api.github.com/orgs/{{org}}/{r}{{?type,per_page}}"
        ));
        texts.push(format!(
            "https://api.github.com/users/{{username}}/{r}{{/id}}{{?per_page,page}}"
        ));
        texts.push(format!(
            "https://api.github.com/repos/{{owner}}/{{repo}}/contents/{r}/{{+path}}{{?ref}}"
        ));
        texts.push(format!(
            "https://api.github.com/search/{r}{{?q,sort,order,per_page,page}}"
        ));
        texts.push(format!(
            "https://api.github.com/repos/{{owner}}/{{repo}}/{r}/{{number}}/labels{{/name}}"
        ));
        texts.push(format!(
            "https://api.github.com/teams/{{team_id}}/{r}{{?per_page,page}}"
        ));
        texts.push(format!(
            "https://api.github.com/repos/{{owner}}/{{repo}}/git/{r}{{/sha}}{{?recursive}}"
        ));
        texts.push(format!(
            "https://uploads.github.com/repos/{{owner}}/{{repo}}/{r}/{{id}}/assets{{?name,label}}"
        ));
        if k % 2 == 0 {
            texts.push(format!(
                "https://api.github.com/{}/{{owner}}{{/repo,{r}}}",
                TOP[k % 4]
            ));
        }
    }
    let vars = vec![
        ("owner".into(), Value::from("rust-lang")),
        ("repo".into(), Value::from("rust")),
        ("number".into(), Value::from("123456")),
        ("org".into(), Value::from("rust-lang")),
        ("username".into(), Value::from("octocat")),
        ("id".into(), Value::from("42")),
        ("path".into(), Value::from("src/tools/rustfmt/README.md")),
        ("ref".into(), Value::from("refs/heads/main")),
        ("state".into(), Value::from("open")),
        ("sort".into(), Value::from("updated")),
        ("per_page".into(), Value::from("100")),
        ("page".into(), Value::from("2")),
        ("labels".into(), Value::from(vec!["C-bug", "T-compiler", "I-ICE"])),
        (
            "q".into(),
            Value::from("repo:rust-lang/rust is:open label:\"C-bug\" ÿ"),
        ),
        ("since".into(), Value::from("2026-01-01T00:00:00Z")),
        ("name".into(), Value::from("good first issue")),
        ("sha".into(), Value::from("8f4c1a2b")),
        ("team_id".into(), Value::from("7")),
    ];
    let vars = vec![Vars::new(vars)];
    let cases = texts
        .into_iter()
        .map(|text| Case {
            parsed: Template::parse(&text).expect("a valid template"),
            text,
            vars: 0,
        })
        .collect();
    (cases, vars)
}

/// A matching contender: the index (plus one) of the template it finds for a URL.
type MatchFn<'a> = dyn Fn(&String) -> Option<usize> + 'a;

/// One row: corpus, benchmark, contender, median ns per item, paired ratios to the peers.
type Row = (String, String, &'static str, f64, Vec<String>);

fn bench(
    session: &Session,
    rows: &mut Vec<Row>,
    id: (&str, &str),
    items: usize,
    contenders: Vec<Contender<'_>>,
    peers: &[&'static str],
) {
    let plan = Plan {
        rounds: session.rounds,
        min_sample: session.min_sample,
        reference: peers[0],
    };
    let (measured, reps) = measure(contenders, &plan);
    let tallies: Vec<String> = measured
        .iter()
        .map(|m| format!("{} {}", m.name, thousands(m.tally.ok)))
        .collect();
    eprintln!(
        "{}/{}: {} items, {reps} passes per sample; successes {}",
        id.0,
        id.1,
        thousands(items),
        tallies.join(" · ")
    );
    let per_peer: Vec<Vec<(&'static str, Option<urlkit_bench::stats::PairedSummary>)>> =
        peers.iter().map(|p| against(&measured, p, items, reps)).collect();
    for (k, m) in measured.iter().enumerate() {
        let ns = per_peer[0][k].1.as_ref().map_or(f64::NAN, |s| s.per_item);
        let ratios = per_peer
            .iter()
            .map(|p| match &p[k].1 {
                Some(s) => s.ratio.map_or("–".into(), |r| {
                    format!("{:.3} ({:.3}–{:.3})", r.median, r.p25, r.p75)
                }),
                None => "–".into(),
            })
            .collect();
        rows.push((id.0.into(), id.1.into(), m.name, ns, ratios));
    }
}

fn main() {
    let session = Session::from_env(7);
    print!("{}", urlkit_bench::machine_info());
    let mut rows: Vec<Row> = Vec::new();
    let conformance = std::env::var_os("URLKIT_CONFORMANCE").map_or_else(
        || {
            std::path::PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/conformance"
            ))
        },
        std::path::PathBuf::from,
    );
    let peers = ["iri-string", "std-uritemplate"];
    let mut corpora = Vec::new();
    match spec_cases(&conformance) {
        Some(spec) => corpora.push(("spec", spec)),
        None => eprintln!("spec benchmarks skipped: cannot read the uritemplate suite"),
    }
    corpora.push(("api", api_cases()));
    for (name, (cases, vars)) in &corpora {
        if !session.wants(name, "expand") {
            continue;
        }
        // Only the cases all four expand alike (the suite's associative arrays may come out
        // in another member order: those differ and are left out).
        let vars = &vars[..];
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let agree: Vec<&Case> = cases
            .iter()
            .filter(|c| {
                let ours = c.parsed.expand(&vars[c.vars].ours).ok();
                // iri-string 0.7.14 panics on some of the suite's Unicode cases (a prefix
                // modifier cutting inside a character): those are left out.
                let iri = std::panic::catch_unwind(|| {
                    iri_string::template::UriTemplateStr::new(&c.text)
                        .ok()
                        .and_then(|t| {
                            t.expand::<iri_string::spec::UriSpec, _>(&vars[c.vars].iri)
                                .ok()
                                .map(|e| e.to_string())
                        })
                })
                .unwrap_or_else(|_| {
                    eprintln!("{name}/expand: iri-string panics on {:?}", c.text);
                    None
                });
                let std = stduritemplate::expand(&c.text, &vars[c.vars].std).ok();
                ours.is_some() && ours == iri && ours == std
            })
            .collect();
        std::panic::set_hook(hook);
        eprintln!(
            "{name}/expand: {} of {} cases expand alike in the three crates",
            agree.len(),
            cases.len()
        );
        let agree: Vec<&Case> = agree;
        let items = &agree[..];
        bench(
            &session,
            &mut rows,
            (name, "expand"),
            items.len(),
            vec![
                Contender::new("urlkit", items, move |c: &&Case| expand_ours(c, vars)),
                Contender::new("urlkit-parse", items, move |c: &&Case| expand_ours_parse(c, vars)),
                Contender::new("iri-string", items, move |c: &&Case| expand_iri(c, vars)),
                Contender::new("std-uritemplate", items, move |c: &&Case| expand_std(c, vars)),
            ],
            &peers,
        );
    }
    if session.wants("api", "match-1000") {
        let templates = match_corpus();
        let set: TemplateSet = templates.iter().cloned().collect();
        assert_eq!(
            set.len(),
            templates.len(),
            "every template of the corpus is matchable"
        );
        let urls = match_urls(&templates);
        let (set, templates) = (&set, &templates[..]);
        // The set's rule, applied one by one: most literal bytes, fewest variables, first.
        let specificity = specificity(templates);
        let specificity = &specificity[..];
        let each = move |u: &String| best_each(templates, specificity, u).map(|i| i + 1);
        let agree = urls
            .iter()
            .filter(|u| set.match_url(u).map(|(i, _)| i + 1) == each(u))
            .count();
        eprintln!(
            "api/match-1000: set and one-by-one agree on {agree} of {} URLs",
            urls.len()
        );
        // The two differ a hundredfold: each gets its own passes per sample (the shared
        // harness sizes samples by the reference, which would leave the set's ~1 ms).
        let contenders: [(&'static str, &MatchFn<'_>); 2] = [
            ("urlkit-each", &each),
            ("urlkit-set", &|u: &String| set.match_url(u).map(|(i, _)| i + 1)),
        ];
        let pass = |k: usize| {
            urls.iter()
                .filter_map(|u| (contenders[k].1)(black_box(u)))
                .sum::<usize>()
        };
        let reps: Vec<usize> = (0..2)
            .map(|k| {
                let start = Instant::now();
                black_box(pass(k));
                repetitions(session.min_sample, start.elapsed())
            })
            .collect();
        let mut times = vec![Vec::new(); 2];
        for round in 0..session.rounds {
            for k in rotation(round, 2) {
                let start = Instant::now();
                for _ in 0..reps[k] {
                    black_box(pass(k));
                }
                times[k].push(start.elapsed().as_nanos() as f64 / (reps[k] * urls.len()) as f64);
            }
        }
        eprintln!("api/match-1000: {} URLs, passes per sample {reps:?}", urls.len());
        for (k, (name, _)) in contenders.iter().enumerate() {
            let ratio = Spread::of(&paired_ratios(&times[k], &times[0])).map_or("–".into(), |r| {
                format!("{:.4} ({:.4}–{:.4})", r.median, r.p25, r.p75)
            });
            rows.push((
                "api".into(),
                "match-1000".into(),
                name,
                median(&times[k]).unwrap_or(f64::NAN),
                vec![ratio],
            ));
        }
    }
    println!(
        "| corpus | benchmark | contender | median ns/item | time / {} (match: / urlkit-each; paired median, p25–p75) | time / {} |",
        peers[0], peers[1]
    );
    println!("| --- | --- | --- | ---: | ---: | ---: |");
    for (corpus, bench, name, ns, ratios) in &rows {
        let second = ratios.get(1).cloned().unwrap_or_else(|| "–".into());
        println!(
            "| {corpus} | {bench} | {name} | {ns:.1} | {} | {second} |",
            ratios[0]
        );
    }
}
