//! Paired setter benchmarks: `set_pathname`, `set_search` and `set_host` of urlkit against
//! ada and the `url` crate's WHATWG setters (`url::quirks`). See BENCHMARKS.md.
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench setters                 # everything
//! cargo bench -p urlkit-bench --bench setters -- set_host     # filter on "corpus/benchmark"
//! ```
//!
//! Inputs: the http(s) URLs of a corpus that all three parsers accept, parsed once outside
//! the timing. Each pass sets one component of every URL to the value of the *next* URL of
//! the corpus, the following pass back to its own value, and so on: every timed pass changes
//! every URL, and all contenders see the same sequence of values. Each contender reads its
//! href after every set (its length goes into the checksum).

use std::cell::{Cell, RefCell};
use std::hint::black_box;
use urlkit_bench::corpus::split_lines;
use urlkit_bench::harness::{agreement, Contender};
use urlkit_bench::report::thousands;
use urlkit_bench::session::Session;

/// Default number of timed rounds (after one warm-up round).
const DEFAULT_ROUNDS: usize = 15;

/// A parsed URL and the two values its component alternates between.
struct Case<'a, U> {
    url: RefCell<U>,
    flip: Cell<bool>,
    values: [&'a str; 2],
}

impl<U> Case<'_, U> {
    /// Sets the next value with `set` (`false`: the setter refused it), then reads the href.
    #[inline]
    fn apply(&self, set: impl Fn(&mut U, &str) -> bool, href: impl Fn(&U) -> usize) -> Option<usize> {
        let flip = self.flip.get();
        self.flip.set(!flip);
        let mut url = self.url.borrow_mut();
        let ok = set(&mut url, self.values[usize::from(flip)]);
        ok.then(|| href(&url))
    }
}

/// One component: its name, how to read it with ada, and how each parser sets it.
struct Setter {
    name: &'static str,
    get: fn(&ada_url::Url) -> &str,
    ada: fn(&mut ada_url::Url, &str) -> bool,
    url: fn(&mut url::Url, &str) -> bool,
    urlkit: fn(&mut urlkit::Url, &str) -> bool,
}

const SETTERS: [Setter; 3] = [
    Setter {
        name: "set_pathname",
        get: ada_url::Url::pathname,
        ada: |u, v| u.set_pathname(Some(v)).is_ok(),
        url: |u, v| {
            url::quirks::set_pathname(u, v);
            true
        },
        urlkit: |u, v| u.set_pathname(v).is_ok(),
    },
    Setter {
        name: "set_search",
        get: ada_url::Url::search,
        ada: |u, v| {
            u.set_search(Some(v));
            true
        },
        url: |u, v| {
            url::quirks::set_search(u, v);
            true
        },
        urlkit: |u, v| u.set_search(v).is_ok(),
    },
    Setter {
        name: "set_host",
        get: ada_url::Url::host,
        ada: |u, v| u.set_host(Some(v)).is_ok(),
        url: |u, v| url::quirks::set_host(u, v).is_ok(),
        urlkit: |u, v| u.set_host_port(v).is_ok(),
    },
];

/// The http(s) lines that ada, url and urlkit all parse.
fn usable<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    lines
        .iter()
        .copied()
        .filter(|l| {
            ada_url::Url::parse(*l, None).is_ok_and(|u| matches!(u.protocol(), "http:" | "https:"))
                && url::Url::parse(l).is_ok()
                && std::panic::catch_unwind(|| urlkit::Url::parse(l).is_ok()).unwrap_or(false)
        })
        .collect()
}

/// Every line's own value of the component and the next line's: `[own, next]`.
fn value_pairs(lines: &[&str], get: fn(&ada_url::Url) -> &str) -> Vec<[String; 2]> {
    let own: Vec<String> = lines
        .iter()
        .map(|l| ada_url::Url::parse(*l, None).map_or_else(|_| String::new(), |u| get(&u).to_owned()))
        .collect();
    (0..own.len())
        .map(|i| [own[i].clone(), own[(i + 1) % own.len()].clone()])
        .collect()
}

/// One [`Case`] per line, parsed with `parse`; the first pass sets the next line's value.
fn cases<'a, U>(
    lines: &[&str],
    values: &'a [[String; 2]],
    parse: impl Fn(&str) -> Option<U>,
) -> Vec<Case<'a, U>> {
    lines
        .iter()
        .zip(values)
        .filter_map(|(l, [own, next])| {
            Some(Case {
                url: RefCell::new(parse(l)?),
                flip: Cell::new(true),
                values: [own.as_str(), next.as_str()],
            })
        })
        .collect()
}

/// Inputs whose href after setting the next line's value is the same as with ada.
fn same_as_ada(lines: &[&str], values: &[[String; 2]], s: &Setter) -> String {
    let items: Vec<(&str, &str)> = lines
        .iter()
        .zip(values)
        .map(|(l, v)| (*l, v[1].as_str()))
        .collect();
    let ada = |&(l, v): &(&str, &str)| {
        let mut u = ada_url::Url::parse(l, None).ok()?;
        (s.ada)(&mut u, v).then(|| u.href().to_owned())
    };
    let url = |&(l, v): &(&str, &str)| {
        let mut u = url::Url::parse(l).ok()?;
        (s.url)(&mut u, v).then(|| String::from(u))
    };
    let urlkit = |&(l, v): &(&str, &str)| {
        let mut u = urlkit::Url::parse(l).ok()?;
        (s.urlkit)(&mut u, v).then(|| u.into_string())
    };
    let (same_url, _) = agreement(&items, ada, url, 0);
    let (same_urlkit, differing) = agreement(&items, ada, urlkit, 5);
    for i in differing {
        eprintln!("  urlkit differs from ada on {:?}", items[i]);
    }
    format!("url {} · urlkit {}", thousands(same_url), thousands(same_urlkit))
}

/// Runs the three setter benchmarks on one corpus.
fn bench_corpus(session: &mut Session, corpus: &str, lines: &[&str]) {
    for s in &SETTERS {
        if !session.wants(corpus, s.name) {
            continue;
        }
        let values = value_pairs(lines, s.get);
        let same = same_as_ada(lines, &values, s);
        let urlkit_cases = cases(lines, &values, |l| urlkit::Url::parse(l).ok());
        let url_cases = cases(lines, &values, |l| url::Url::parse(l).ok());
        let ada_cases = cases(lines, &values, |l| ada_url::Url::parse(l, None).ok());
        let (set_urlkit, set_url, set_ada) = (s.urlkit, s.url, s.ada);
        let contenders = vec![
            Contender::new("urlkit", &urlkit_cases, move |c: &Case<urlkit::Url>| {
                c.apply(set_urlkit, |u| black_box(u.as_str()).len())
            }),
            Contender::new("url", &url_cases, move |c: &Case<url::Url>| {
                c.apply(set_url, |u| black_box(u.as_str()).len())
            }),
            Contender::new("ada", &ada_cases, move |c: &Case<ada_url::Url>| {
                c.apply(set_ada, |u| black_box(u.href()).len())
            }),
        ];
        session.bench((corpus, s.name), lines.len(), contenders, same);
    }
}

fn main() {
    let mut session = Session::from_env(DEFAULT_ROUNDS);
    let machine = urlkit_bench::machine_info();
    let dir = urlkit_bench::datasets_dir();
    for corpus in ["realworld", "synthetic"] {
        if !SETTERS.iter().any(|s| session.wants(corpus, s.name)) {
            continue;
        }
        let path = dir.join(format!("{corpus}.txt"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("corpus {corpus} skipped: cannot read {}", path.display());
            continue;
        };
        let lines = usable(&split_lines(&text));
        bench_corpus(&mut session, corpus, &lines);
    }
    print!("{}", session.report("Setter benchmarks", &machine));
}
