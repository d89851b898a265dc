//! URL Pattern benchmarks, paired with Deno's `urlpattern` crate. See BENCHMARKS.md.
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench pattern                # everything
//! cargo bench -p urlkit-bench --bench pattern -- router      # filter on "group/benchmark"
//! ```
//!
//! - `wpt/construct`: build every pattern of `wpt/urlpatterntestdata.json` that both
//!   crates accept (string with or without base, or dictionary).
//! - `wpt/test`: `test` every (pattern, URL string[, base]) pair of that file that both
//!   accept; each contender parses the URL with its own parser inside the timing.
//! - `router/N`: N route patterns generated from the pathnames of `realworld.txt`
//!   (segments with a digit, a `%` or more than 24 bytes become `:pK` groups; every 8th route
//!   keeps its first segment and ends in `/*`), matched against a fixed sample of 1,000
//!   http(s) URLs of the same file: every matching route of every URL. Contenders:
//!   `urlkit-set` ([`urlkit::pattern::UrlPatternSet::matches`]), `urlkit-each` (every
//!   pattern's `test_url`) and `urlpattern` (every pattern's `test`, the URL parsed once
//!   per URL and cloned into each call as that API takes it by value).

use std::collections::HashSet;
use std::hint::black_box;
use std::time::Instant;
use urlkit::pattern::{UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions, UrlPatternSet};
use urlkit_bench::corpus::split_lines;
use urlkit_bench::harness::repetitions;
use urlkit_bench::report::thousands;
use urlkit_bench::session::Session;
use urlkit_bench::stats::{median, paired_ratios, rotation, Spread};
use urlpattern::UrlPatternMatchInput;

type Deno = urlpattern::UrlPattern<regex::Regex>;

/// Default number of timed rounds (after one warm-up round).
const DEFAULT_ROUNDS: usize = 7;
/// URLs matched against the route tables.
const ROUTER_URLS: usize = 1_000;

/// A constructor input of the WPT file.
#[derive(Clone)]
enum Input {
    String(String, Option<String>),
    Init(UrlPatternInit),
}

fn build_urlkit(input: &Input) -> Option<UrlPattern> {
    match input {
        Input::String(s, b) => UrlPattern::new(
            UrlPatternInput::String(s),
            b.as_deref(),
            UrlPatternOptions::default(),
        )
        .ok(),
        Input::Init(i) => UrlPattern::from_init(i).ok(),
    }
}

fn deno_init(i: &UrlPatternInit) -> Option<urlpattern::UrlPatternInit> {
    Some(urlpattern::UrlPatternInit {
        protocol: i.protocol.clone(),
        username: i.username.clone(),
        password: i.password.clone(),
        hostname: i.hostname.clone(),
        port: i.port.clone(),
        pathname: i.pathname.clone(),
        search: i.search.clone(),
        hash: i.hash.clone(),
        base_url: match &i.base_url {
            Some(b) => Some(url::Url::parse(b).ok()?),
            None => None,
        },
    })
}

fn build_deno(input: &Input) -> Option<Deno> {
    let init = match input {
        Input::String(s, b) => {
            let base = match b {
                Some(b) => Some(url::Url::parse(b).ok()?),
                None => None,
            };
            urlpattern::UrlPatternInit::parse_constructor_string::<regex::Regex>(s, base).ok()?
        }
        Input::Init(i) => deno_init(i)?,
    };
    std::panic::catch_unwind(|| Deno::parse(init, Default::default()).ok())
        .ok()
        .flatten()
}

/// A WPT match: the pattern's index among the inputs, the URL string, its base.
type TestPair = (usize, String, Option<String>);

/// The constructor inputs and test pairs of the WPT file.
fn wpt_cases(text: &str) -> (Vec<Input>, Vec<TestPair>) {
    // serde_json rejects the file's lone surrogate escapes (JavaScript turns them into
    // U+FFFD on the way in): every surrogate escape becomes U+FFFD here.
    let surrogate = regex::Regex::new(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}").expect("valid regex");
    let text = surrogate.replace_all(text, "\\uFFFD");
    let data: serde_json::Value = serde_json::from_str(&text).expect("urlpatterntestdata.json parses");
    let mut inputs = Vec::new();
    let mut tests = Vec::new();
    for entry in data.as_array().into_iter().flatten() {
        let args = entry["pattern"].as_array().cloned().unwrap_or_default();
        let input = match args.as_slice() {
            [serde_json::Value::String(s)] => Input::String(s.clone(), None),
            [serde_json::Value::String(s), serde_json::Value::String(b)] => {
                Input::String(s.clone(), Some(b.clone()))
            }
            [o @ serde_json::Value::Object(_)] => {
                let mut init = UrlPatternInit::default();
                for c in urlkit::pattern::Component::ALL {
                    *init.get_mut(c) = o[c.name()].as_str().map(str::to_owned);
                }
                init.base_url = o["baseURL"].as_str().map(str::to_owned);
                Input::Init(init)
            }
            _ => continue,
        };
        if build_urlkit(&input).is_none() || build_deno(&input).is_none() {
            continue;
        }
        inputs.push(input);
        let ins = entry["inputs"].as_array().cloned().unwrap_or_default();
        if let Some(u) = ins.first().and_then(|v| v.as_str()) {
            let base = ins.get(1).and_then(|v| v.as_str()).map(str::to_owned);
            tests.push((inputs.len() - 1, u.to_owned(), base));
        }
    }
    (inputs, tests)
}

/// A path segment as fixed pattern text.
fn escape(seg: &str) -> String {
    let mut out = String::new();
    for c in seg.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Up to `n` distinct route patterns from the pathnames of `urls`.
fn routes(urls: &[urlkit::Url], n: usize) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for u in urls {
        let segs: Vec<String> = u
            .pathname()
            .split('/')
            .skip(1)
            .enumerate()
            .map(|(i, s)| {
                if s.bytes().any(|b| b.is_ascii_digit() || b == b'%') || s.len() > 24 {
                    format!(":p{i}")
                } else {
                    escape(s)
                }
            })
            .collect();
        let route = if out.len() % 8 == 7 && segs.len() >= 2 {
            format!("/{}/*", segs[0])
        } else {
            format!("/{}", segs.join("/"))
        };
        if seen.insert(route.clone()) {
            out.push(route);
            if out.len() == n {
                break;
            }
        }
    }
    out
}

/// A contender: a name and one whole pass over the items, returning a checksum (matches
/// found, patterns built) that must agree between contenders.
struct Pass<'a> {
    name: &'static str,
    run: Box<dyn Fn() -> usize + 'a>,
}

impl<'a> Pass<'a> {
    fn new<T>(name: &'static str, items: &'a [T], f: impl Fn(&T) -> Option<usize> + 'a) -> Self {
        Pass {
            name,
            run: Box::new(move || items.iter().filter_map(|i| f(black_box(i))).sum()),
        }
    }
}

/// One line of the results: benchmark, contender, median ns per item, paired ratio to
/// `urlpattern`.
type Rows = Vec<(String, &'static str, f64, Option<Spread>)>;

/// Times the contenders over `items` inputs: a warm-up pass each (which also sets each
/// contender's own number of passes per sample, so that a sample lasts `min_sample` or more:
/// a fast contender repeats its pass, a slow one runs it once), then `rounds` rounds in
/// rotating order. Ratios are paired by round: t(contender) / t(urlpattern) per item.
fn run(session: &Session, rows: &mut Rows, bench: &str, items: usize, contenders: Vec<Pass<'_>>) {
    let mut reps = Vec::new();
    let mut sums = Vec::new();
    for c in &contenders {
        let start = Instant::now();
        sums.push(format!("{} {}", c.name, (c.run)()));
        reps.push(repetitions(session.min_sample, start.elapsed()));
    }
    let mut times = vec![Vec::new(); contenders.len()];
    for round in 0..session.rounds {
        for k in rotation(round, contenders.len()) {
            let start = Instant::now();
            for _ in 0..reps[k] {
                black_box((contenders[k].run)());
            }
            times[k].push(start.elapsed().as_nanos() as f64 / (reps[k] * items.max(1)) as f64);
        }
    }
    eprintln!(
        "{bench}: {} items; passes per sample {reps:?}; checksums {}",
        thousands(items),
        sums.join(" · ")
    );
    let reference = contenders.iter().position(|c| c.name == "urlpattern");
    for (k, c) in contenders.iter().enumerate() {
        let ratio = reference.and_then(|r| Spread::of(&paired_ratios(&times[k], &times[r])));
        rows.push((
            bench.to_owned(),
            c.name,
            median(&times[k]).unwrap_or(f64::NAN),
            ratio,
        ));
    }
}

/// Prints the results table.
fn table(rows: &Rows) {
    println!("| benchmark | contender | median ns/item | time / urlpattern (paired median) | p25–p75 |");
    println!("| --- | --- | ---: | ---: | ---: |");
    for (bench, name, ns, ratio) in rows {
        let (r, s) = match ratio {
            Some(s) => (format!("{:.4}", s.median), format!("{:.4}–{:.4}", s.p25, s.p75)),
            None => ("–".into(), "–".into()),
        };
        println!("| {bench} | {name} | {ns:.1} | {r} | {s} |");
    }
}

fn main() {
    let session = Session::from_env(DEFAULT_ROUNDS);
    let mut rows = Rows::new();
    print!("{}", urlkit_bench::machine_info());
    let conformance = std::env::var_os("URLKIT_CONFORMANCE").map_or_else(
        || {
            std::path::PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/conformance"
            ))
        },
        std::path::PathBuf::from,
    );
    let wpt = std::fs::read_to_string(conformance.join("wpt/urlpatterntestdata.json"));
    if let Ok(text) = wpt.as_ref() {
        let (inputs, tests) = wpt_cases(text);
        if session.wants("wpt", "construct") {
            run(
                &session,
                &mut rows,
                "wpt/construct",
                inputs.len(),
                vec![
                    Pass::new("urlkit", &inputs, |i: &Input| {
                        build_urlkit(i).map(|p| black_box(p).pathname().len())
                    }),
                    Pass::new("urlpattern", &inputs, |i: &Input| {
                        build_deno(i).map(|p| black_box(p).pathname().len())
                    }),
                ],
            );
        }
        if session.wants("wpt", "test") {
            let ours: Vec<UrlPattern> = inputs.iter().filter_map(build_urlkit).collect();
            let theirs: Vec<Deno> = inputs.iter().filter_map(build_deno).collect();
            let (ours, theirs) = (&ours, &theirs);
            let same = tests
                .iter()
                .filter(|(i, u, b)| {
                    let deno = url::Url::options()
                        .base_url(b.as_deref().and_then(|b| url::Url::parse(b).ok()).as_ref())
                        .parse(u)
                        .ok()
                        .map(|url| theirs[*i].test(UrlPatternMatchInput::Url(url)).unwrap_or(false));
                    ours[*i].test(u, b.as_deref()) == deno.unwrap_or(false)
                })
                .count();
            eprintln!("wpt/test: same result on {same} of {} pairs", tests.len());
            run(
                &session,
                &mut rows,
                "wpt/test",
                tests.len(),
                vec![
                    Pass::new("urlkit", &tests, move |(i, u, b): &TestPair| {
                        Some(usize::from(ours[*i].test(u, b.as_deref())))
                    }),
                    Pass::new("urlpattern", &tests, move |(i, u, b): &TestPair| {
                        let base = match b {
                            Some(b) => Some(url::Url::parse(b).ok()?),
                            None => None,
                        };
                        let url = url::Url::options().base_url(base.as_ref()).parse(u).ok()?;
                        Some(usize::from(theirs[*i].test(UrlPatternMatchInput::Url(url)).ok()?))
                    }),
                ],
            );
        }
    } else {
        eprintln!("wpt benchmarks skipped: cannot read urlpatterntestdata.json");
    }
    let path = urlkit_bench::datasets_dir().join("realworld.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("router benchmarks skipped: cannot read {}", path.display());
        table(&rows);
        return;
    };
    let urls: Vec<urlkit::Url> = split_lines(&text)
        .iter()
        .filter_map(|l| urlkit::Url::parse(l).ok())
        .filter(|u| matches!(u.scheme(), "http" | "https") && url::Url::parse(u.as_str()).is_ok())
        .collect();
    let stride = (urls.len() / ROUTER_URLS).max(1);
    let sample: Vec<String> = urls
        .iter()
        .step_by(stride)
        .take(ROUTER_URLS)
        .map(|u| u.as_str().to_owned())
        .collect();
    for n in [1_000, 10_000] {
        let name = format!("router/{n}");
        if !session.wants("router", &n.to_string()) {
            continue;
        }
        let routes = routes(&urls, n);
        let ours: Vec<UrlPattern> = routes
            .iter()
            .map(|r| {
                UrlPattern::from_init(&UrlPatternInit {
                    pathname: Some(r.clone()),
                    ..Default::default()
                })
                .unwrap_or_else(|e| panic!("{r}: {e}"))
            })
            .collect();
        let theirs: Vec<Deno> = routes
            .iter()
            .map(|r| {
                let init = urlpattern::UrlPatternInit {
                    pathname: Some(r.clone()),
                    ..Default::default()
                };
                Deno::parse(init, Default::default()).unwrap_or_else(|e| panic!("{r}: {e}"))
            })
            .collect();
        let set: UrlPatternSet = ours.iter().cloned().collect();
        let (set, ours, theirs) = (&set, &ours, &theirs);
        let matched: usize = sample
            .iter()
            .map(|u| set.matches(&urlkit::Url::parse(u).unwrap()).len())
            .sum();
        eprintln!(
            "{name}: {} routes, {} URLs, {matched} (URL, route) matches",
            routes.len(),
            sample.len()
        );
        run(
            &session,
            &mut rows,
            &name,
            sample.len(),
            vec![
                Pass::new("urlkit-set", &sample, move |u: &String| {
                    let url = urlkit::Url::parse(u).ok()?;
                    Some(black_box(set.matches(&url)).len())
                }),
                Pass::new("urlkit-each", &sample, move |u: &String| {
                    let url = urlkit::Url::parse(u).ok()?;
                    Some(ours.iter().filter(|p| p.test_url(&url)).count())
                }),
                Pass::new("urlpattern", &sample, move |u: &String| {
                    let url = url::Url::parse(u).ok()?;
                    Some(
                        theirs
                            .iter()
                            .filter(|p| p.test(UrlPatternMatchInput::Url(url.clone())).unwrap_or(false))
                            .count(),
                    )
                }),
            ],
        );
    }
    println!(
        "- rounds: {}, load average at end: {}\n",
        session.rounds,
        urlkit_bench::load_average()
    );
    table(&rows);
}
