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
use urlkit_bench::harness::{against, agreement, measure, Contender};
use urlkit_bench::report::{markdown_table, thousands, Row};

/// Default number of timed rounds (after one warm-up round).
const DEFAULT_ROUNDS: usize = 15;
/// Small corpora are passed over several times per round, so a round covers at least this
/// many inputs and stays well above the timer's resolution.
const MIN_INPUTS_PER_ROUND: usize = 20_000;

/// Where results accumulate while the benchmarks run.
struct Run {
    filter: Option<String>,
    rounds: usize,
    rows: Vec<Row>,
    successes: Vec<String>,
}

impl Run {
    fn wants(&self, corpus: &str, benchmark: &str) -> bool {
        let id = format!("{corpus}/{benchmark}");
        self.filter.as_deref().map_or(true, |f| id.contains(f))
    }

    /// Measures `contenders` (each over the same `items` inputs) and records the results;
    /// `agreement` is the "same result as ada" cell of the successes table.
    fn bench(
        &mut self,
        (corpus, benchmark): (&str, &str),
        items: usize,
        contenders: Vec<Contender<'_>>,
        agreement: String,
    ) {
        let reps = MIN_INPUTS_PER_ROUND.div_ceil(items.max(1));
        eprintln!(
            "{corpus}/{benchmark}: {} inputs x {reps} per round, {} rounds",
            thousands(items),
            self.rounds
        );
        let measured = measure(contenders, self.rounds, reps);
        for (name, summary) in against(&measured, "ada", items, reps) {
            let Some(s) = summary else { continue };
            self.rows.push(Row {
                corpus: corpus.to_owned(),
                benchmark: benchmark.to_owned(),
                parser: name.to_owned(),
                ns_per_url: s.per_item,
                ratio: s.ratio,
            });
        }
        let counts: Vec<String> = measured
            .iter()
            .filter(|m| m.name != "scan")
            .map(|m| format!("{} {}", m.name, thousands(m.tally.ok)))
            .collect();
        self.successes.push(format!(
            "| {corpus} | {benchmark} | {} | {} | {agreement} |",
            thousands(items),
            counts.join(" · ")
        ));
    }
}

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
fn bench_url_lists(run: &mut Run, dir: &Path) {
    for corpus in ["realworld", "synthetic"] {
        if !run.wants(corpus, "parse") && !run.wants(corpus, "can_parse") {
            continue;
        }
        let Some(text) = load(dir, corpus) else { continue };
        let lines = split_lines(&text);
        if run.wants(corpus, "parse") {
            let same = same_as_ada(&lines, parse_hrefs());
            run.bench((corpus, "parse"), lines.len(), parse_contenders(&lines), same);
        }
        if run.wants(corpus, "can_parse") {
            let contenders = can_parse_contenders(&lines);
            run.bench((corpus, "can_parse"), lines.len(), contenders, "–".to_owned());
        }
    }
}

/// `messy`: parse of the inputs without a base, and parse of the relative inputs against theirs.
fn bench_messy(run: &mut Run, dir: &Path) {
    if !run.wants("messy", "parse") && !run.wants("messy", "base") {
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
    if run.wants("messy", "parse") {
        let same = same_as_ada(&plain, parse_hrefs());
        run.bench(("messy", "parse"), plain.len(), parse_contenders(&plain), same);
    }
    if run.wants("messy", "base") {
        let same = same_as_ada(&based, base_hrefs());
        run.bench(("messy", "base"), based.len(), base_contenders(&based), same);
    }
}

fn main() {
    let mut run = Run {
        filter: urlkit_bench::filter_arg(),
        rounds: urlkit_bench::rounds(DEFAULT_ROUNDS),
        rows: Vec::new(),
        successes: Vec::new(),
    };
    let machine = urlkit_bench::machine_info();
    let dir = urlkit_bench::datasets_dir();
    bench_url_lists(&mut run, &dir);
    bench_messy(&mut run, &dir);

    println!("## Parse benchmarks\n");
    print!("{machine}");
    println!("- load average at end: {}", urlkit_bench::load_average());
    println!(
        "- method: {} timed rounds after 1 warm-up round; each round times every parser over the whole \
         corpus, in rotating order; ratio = median over rounds of t(parser) / t(ada) in the same round\n",
        run.rounds
    );
    print!("{}", markdown_table(&run.rows));
    println!("\nSanity: successes per parser (urlkit and ada should be close), and inputs with the same");
    println!("result as ada (same href, or both fail):\n");
    println!(
        "| corpus | benchmark | inputs | successes | same result as ada |\n| --- | --- | ---: | --- | --- |"
    );
    for line in &run.successes {
        println!("{line}");
    }
}
