//! Paired parse benchmarks: urlkit against the `url` crate and ada, on the corpora of
//! `shared/datasets`. See BENCHMARKS.md at the repository root for the method.
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench parse                 # everything
//! cargo bench -p urlkit-bench --bench parse -- realworld    # filter on "corpus/benchmark"
//! URLKIT_BENCH_ROUNDS=5 cargo bench -p urlkit-bench --bench parse
//! ```

use std::hint::black_box;
use std::path::Path;
use urlkit_bench::corpus::{messy_case, split_lines};
use urlkit_bench::harness::{agreement, Contender};
use urlkit_bench::report::thousands;
use urlkit_bench::session::Session;

/// Default number of timed rounds (after one warm-up round).
const DEFAULT_ROUNDS: usize = 15;
/// The floor: a branch-light count of `: / ? #` over every byte of the input (byte-wide
/// counters per 255-byte chunk, so the compiler can vectorize it).
#[inline]
fn delimiters(s: &str) -> usize {
    s.as_bytes()
        .chunks(255)
        .map(|chunk| {
            let hits = chunk.iter().fold(0u8, |n, &b| {
                n.wrapping_add(u8::from((b == b':') | (b == b'/') | (b == b'?') | (b == b'#')))
            });
            usize::from(hits)
        })
        .sum()
}

/// Parse each input and read its href (its length goes into the checksum).
fn parse_contenders<'a>(lines: &'a [&'a str]) -> Vec<Contender<'a>> {
    vec![
        Contender::new("scan", lines, |s: &&str| Some(delimiters(s))),
        Contender::new("urlkit", lines, |s: &&str| {
            urlkit::Url::parse(s).ok().map(|u| black_box(u.as_str()).len())
        }),
        Contender::new("url", lines, |s: &&str| {
            url::Url::parse(s).ok().map(|u| black_box(u.as_str()).len())
        }),
        Contender::new("ada", lines, |s: &&str| {
            ada_url::Url::parse(*s, None)
                .ok()
                .map(|u| black_box(u.href()).len())
        }),
    ]
}

/// Only decide validity (`url` has no such entry point: it parses).
fn can_parse_contenders<'a>(lines: &'a [&'a str]) -> Vec<Contender<'a>> {
    vec![
        Contender::new("scan", lines, |s: &&str| Some(delimiters(s))),
        Contender::new("urlkit", lines, |s: &&str| {
            urlkit::Url::can_parse(s, None).then_some(0)
        }),
        Contender::new("url", lines, |s: &&str| url::Url::parse(s).is_ok().then_some(0)),
        Contender::new("ada", lines, |s: &&str| {
            ada_url::Url::can_parse(s, None).then_some(0)
        }),
    ]
}

/// Parse `input` against `base`. Every contender parses the base string inside the timed
/// region, on every input, because ada's API takes the base as a string and parses it itself.
fn base_contenders(cases: &[(String, String)]) -> Vec<Contender<'_>> {
    vec![
        Contender::new("scan", cases, |(i, b): &(String, String)| {
            Some(delimiters(i) + delimiters(b))
        }),
        Contender::new("urlkit", cases, |(i, b): &(String, String)| {
            let base = urlkit::Url::parse(b).ok()?;
            urlkit::Url::parse_with_base(i, Some(&base))
                .ok()
                .map(|u| black_box(u.as_str()).len())
        }),
        Contender::new("url", cases, |(i, b): &(String, String)| {
            let base = url::Url::parse(b).ok()?;
            base.join(i).ok().map(|u| black_box(u.as_str()).len())
        }),
        Contender::new("ada", cases, |(i, b): &(String, String)| {
            ada_url::Url::parse(i.as_str(), Some(b))
                .ok()
                .map(|u| black_box(u.href()).len())
        }),
    ]
}

/// A parser's href for one benchmark item, `None` when it fails.
type Href<T> = fn(&T) -> Option<String>;

/// How many of `items` give the same result (same href, or both fail) with `url` and with
/// `urlkit` as with ada; the first few urlkit differences go to stderr.
fn same_as_ada<T: std::fmt::Debug>(items: &[T], href: [Href<T>; 3]) -> String {
    let [ada, url, urlkit] = href;
    let (same_url, _) = agreement(items, ada, url, 0);
    let (same_urlkit, differing) = agreement(items, ada, urlkit, 5);
    if same_urlkit > 0 {
        for i in differing {
            eprintln!("  urlkit differs from ada on {:?}", items[i]);
        }
    }
    let mut cell = format!("url {}", thousands(same_url));
    if same_urlkit > 0 {
        cell.push_str(&format!(" · urlkit {}", thousands(same_urlkit)));
    }
    cell
}

/// Hrefs of single-input parses, for [`same_as_ada`]: ada, url, urlkit.
fn parse_hrefs<'a>() -> [Href<&'a str>; 3] {
    [
        |s| ada_url::Url::parse(*s, None).ok().map(|u| u.href().to_owned()),
        |s| url::Url::parse(s).ok().map(String::from),
        |s| urlkit::Url::parse(s).ok().map(urlkit::Url::into_string),
    ]
}

/// Hrefs of input-against-base parses, for [`same_as_ada`]: ada, url, urlkit.
fn base_hrefs() -> [Href<(String, String)>; 3] {
    [
        |(i, b)| {
            ada_url::Url::parse(i.as_str(), Some(b))
                .ok()
                .map(|u| u.href().to_owned())
        },
        |(i, b)| url::Url::parse(b).ok()?.join(i).ok().map(String::from),
        |(i, b)| {
            let base = urlkit::Url::parse(b).ok()?;
            urlkit::Url::parse_with_base(i, Some(&base))
                .ok()
                .map(urlkit::Url::into_string)
        },
    ]
}

/// Reads `<dir>/<name>.txt`, or says why the corpus is skipped.
fn load(dir: &Path, name: &str) -> Option<String> {
    let path = dir.join(format!("{name}.txt"));
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!("corpus {name} skipped: cannot read {}: {e}", path.display());
            None
        }
    }
}

/// `realworld` and `synthetic`: parse and can_parse over every line.
fn bench_url_lists(session: &mut Session, dir: &Path) {
    for corpus in ["realworld", "synthetic"] {
        if !session.wants(corpus, "parse") && !session.wants(corpus, "can_parse") {
            continue;
        }
        let Some(text) = load(dir, corpus) else { continue };
        let lines = split_lines(&text);
        if session.wants(corpus, "parse") {
            let same = same_as_ada(&lines, parse_hrefs());
            session.bench((corpus, "parse"), lines.len(), parse_contenders(&lines), same);
        }
        if session.wants(corpus, "can_parse") {
            let contenders = can_parse_contenders(&lines);
            session.bench((corpus, "can_parse"), lines.len(), contenders, "–".to_owned());
        }
    }
}

/// `messy`: parse of the inputs without a base, and parse of the relative inputs against theirs.
fn bench_messy(session: &mut Session, dir: &Path) {
    if !session.wants("messy", "parse") && !session.wants("messy", "base") {
        return;
    }
    let Some(text) = load(dir, "messy") else { return };
    let lines = split_lines(&text);
    let cases: Vec<_> = lines.iter().filter_map(|l| messy_case(l)).collect();
    if cases.len() != lines.len() {
        eprintln!(
            "messy: {} malformed JSON lines ignored",
            lines.len() - cases.len()
        );
    }
    let plain: Vec<&str> = cases
        .iter()
        .filter(|c| c.base.is_none())
        .map(|c| c.input.as_str())
        .collect();
    let based: Vec<(String, String)> = cases
        .iter()
        .filter_map(|c| Some((c.input.clone(), c.base.clone()?)))
        .collect();
    if session.wants("messy", "parse") {
        let same = same_as_ada(&plain, parse_hrefs());
        session.bench(("messy", "parse"), plain.len(), parse_contenders(&plain), same);
    }
    if session.wants("messy", "base") {
        let same = same_as_ada(&based, base_hrefs());
        session.bench(("messy", "base"), based.len(), base_contenders(&based), same);
    }
}

fn main() {
    let mut session = Session::from_env(DEFAULT_ROUNDS);
    let machine = urlkit_bench::machine_info();
    let dir = urlkit_bench::datasets_dir();
    bench_url_lists(&mut session, &dir);
    bench_messy(&mut session, &dir);
    print!("{}", session.report("Parse benchmarks", &machine));
}
