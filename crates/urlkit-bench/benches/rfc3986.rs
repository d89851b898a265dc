//! RFC 3986 validation throughput over `realworld.txt`: urlkit's borrowed parser against
//! fluent-uri and iri-string. Parsers are interleaved within each round (rotating order);
//! reported are the median and the best round in GB/s (bytes of the lines, newlines not
//! counted), ns per URL, and the paired ratios: per round, a parser's time over urlkit's in
//! that same round (min, median, max over the rounds), which a shared machine's load skews
//! far less than separate medians. `BENCH_ROUNDS` sets the number of rounds (default 7),
//! `BENCH_FILE` another file of the datasets directory (e.g. `messy.txt`), `BENCH_ONLY` one
//! parser alone (for `perf stat` or `valgrind --tool=callgrind`; the others then show
//! nonsense).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

type Validator = fn(&str) -> bool;

fn urlkit(s: &str) -> bool {
    urlkit::rfc3986::UriRef::parse(s).is_ok()
}

fn fluent(s: &str) -> bool {
    fluent_uri::UriRef::parse(s).is_ok()
}

fn iri_string(s: &str) -> bool {
    iri_string::types::UriReferenceStr::new(s).is_ok()
}

/// The file's text, kept in one buffer as a reader of the file would have it (the lines are
/// slices of it, so memory is walked in order rather than through 78k separate allocations).
fn dataset() -> Option<String> {
    let dir = std::env::var_os("URLKIT_DATASETS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets"));
    let file = std::env::var("BENCH_FILE").unwrap_or_else(|_| String::from("realworld.txt"));
    std::fs::read_to_string(dir.join(file)).ok()
}

fn pass(lines: &[&str], f: Validator) -> (Duration, usize) {
    let start = Instant::now();
    let mut valid = 0;
    for l in lines {
        valid += usize::from(f(black_box(l)));
    }
    (start.elapsed(), black_box(valid))
}

fn main() {
    let Some(text) = dataset() else {
        println!("rfc3986 bench skipped: realworld.txt not found (set URLKIT_DATASETS)");
        return;
    };
    let lines: Vec<&str> = text.lines().collect();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(7);
    let parsers: [(&str, Validator); 3] = [
        ("urlkit", urlkit),
        ("fluent-uri", fluent),
        ("iri-string", iri_string),
    ];
    // BENCH_ONLY=<name> runs one parser (for `perf stat`, callgrind); the others get 1 ns.
    let only = std::env::var("BENCH_ONLY").ok();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); parsers.len()];
    let mut valid = [0usize; 3];
    for round in 0..rounds {
        for k in 0..parsers.len() {
            let p = (round + k) % parsers.len();
            if only.as_deref().is_some_and(|o| o != parsers[p].0) {
                times[p].push(Duration::from_nanos(1));
                continue;
            }
            let (t, v) = pass(&lines, parsers[p].1);
            times[p].push(t);
            valid[p] = v;
        }
    }
    println!(
        "{}: {} lines, {} bytes, {} rounds; load average before: {}",
        std::env::var("BENCH_FILE").as_deref().unwrap_or("realworld.txt"),
        lines.len(),
        bytes,
        rounds,
        load.trim()
    );
    // Paired ratios: each round's time of a parser over urlkit's time in the same round, so
    // that load which comes and goes hits both sides of a ratio alike.
    let paired: Vec<Vec<f64>> = times
        .iter()
        .map(|t| {
            let mut r: Vec<f64> = t
                .iter()
                .zip(&times[0])
                .map(|(a, b)| a.as_secs_f64() / b.as_secs_f64())
                .collect();
            r.sort_by(f64::total_cmp);
            r
        })
        .collect();
    let sorted: Vec<Vec<f64>> = times
        .iter()
        .map(|t| {
            let mut s: Vec<f64> = t.iter().map(Duration::as_secs_f64).collect();
            s.sort_by(f64::total_cmp);
            s
        })
        .collect();
    // Lines where the validators disagree (the spec decides; see tests/rfc3986_parse.rs).
    if only.is_none() {
        for l in lines
            .iter()
            .filter(|l| parsers.iter().any(|p| (p.1)(l) != urlkit(l)))
            .take(5)
        {
            let verdicts: Vec<String> = parsers.iter().map(|p| format!("{}={}", p.0, (p.1)(l))).collect();
            println!("disagreement: {l:?} {}", verdicts.join(" "));
        }
    }
    println!(
        "{:>11}  {:>13}  {:>13}  {:>10}  {:>6}  {:>30}",
        "parser", "median GB/s", "best GB/s", "ns/URL", "valid", "paired time / urlkit (min med max)"
    );
    for (i, (name, _)) in parsers.iter().enumerate() {
        let med = sorted[i][sorted[i].len() / 2];
        let best = sorted[i][0];
        let r = &paired[i];
        println!(
            "{name:>11}  {:>13.3}  {:>13.3}  {:>10.1}  {:>6}  {:>8.2}x {:>8.2}x {:>8.2}x",
            bytes as f64 / med / 1e9,
            bytes as f64 / best / 1e9,
            med * 1e9 / lines.len() as f64,
            valid[i],
            r[0],
            r[r.len() / 2],
            r[r.len() - 1],
        );
    }
}
