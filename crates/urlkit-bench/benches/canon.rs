//! Canonicalization throughput over `realworld.txt`: urlkit's SURT, Safe Browsing (canonical
//! URL, and with its lookup expressions' SHA-256 hashes), crawler and RFC 3986 profiles,
//! and the Python `surt` package (0.3.1) over the same lines, each in one process, wall
//! time per URL. See BENCHMARKS.md.
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench canon
//! ```
//!
//! urlkit's profiles run in rotating rounds (best and median of the rounds); Python times its own
//! loop (`time.perf_counter` around `for u in lines: surt.surt(u)`, best of 3 passes) in a
//! child process started by this bench, so both sides read the same lines and report the
//! same unit. Without python3 and `surt` the Python row is left out.
//!
//! A second table pairs the normalization steps (`canon::Normalizer`) against a plain
//! `Url::parse` of the same lines in the same rounds: the `whatwg` profile alone, with five
//! steps (`www,fragment,tracking,trailing-slash,sort-query`, the issue's budget: at most
//! 1.5x a parse) and with every step; the ratio is the median of the per-round ratios.

use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::LazyLock;
use std::time::Instant;
use urlkit::canon::{Normalizer, Profile as Canon, Step};

/// The five steps of the speed budget.
const FIVE: &str = "www,fragment,tracking,trailing-slash,sort-query";

static WHATWG: LazyLock<Normalizer> = LazyLock::new(|| Normalizer::new(Canon::Whatwg));
static FIVE_STEPS: LazyLock<Normalizer> =
    LazyLock::new(|| Normalizer::new(Canon::Whatwg).steps([FIVE]).expect("step names"));
static ALL_STEPS: LazyLock<Normalizer> = LazyLock::new(|| {
    Step::ALL
        .into_iter()
        .filter(|&s| s != Step::ForceHttp && s != Step::KeepQuery)
        .fold(Normalizer::new(Canon::Whatwg), Normalizer::step)
        .keep_query(["id", "q", "page*", "utm_*"])
});

const DEFAULT_ROUNDS: usize = 9;

const PYTHON: &str = r#"
import sys, time, surt
lines = sys.stdin.read().split("\n")
if lines and lines[-1] == "":
    lines.pop()
best = None
for _ in range(3):
    t = time.perf_counter()
    for u in lines:
        try:
            surt.surt(u)
        except Exception:
            pass
    d = time.perf_counter() - t
    best = d if best is None or d < best else best
print(best * 1e9 / len(lines))
"#;

type Profile = fn(&str) -> usize;

fn main() {
    let file = urlkit_bench::datasets_dir().join("realworld.txt");
    let Ok(text) = std::fs::read_to_string(&file) else {
        println!(
            "canon bench skipped: {} not found (set URLKIT_DATASETS)",
            file.display()
        );
        return;
    };
    let machine = urlkit_bench::machine_info();
    let lines: Vec<&str> = urlkit_bench::corpus::split_lines(&text);
    let rounds = urlkit_bench::rounds(DEFAULT_ROUNDS);
    let profiles: [(&str, Profile); 5] = [
        ("urlkit surt", |u| urlkit::canon::surt(u).map_or(0, |s| s.len())),
        ("urlkit safe_browsing", |u| {
            urlkit::canon::safe_browsing(u).map_or(0, |s| s.len())
        }),
        ("urlkit safe_browsing + 30 SHA-256", |u| {
            urlkit::canon::SafeBrowsingUrl::new(u).map_or(0, |s| s.hashes().len())
        }),
        ("urlkit crawler", |u| {
            urlkit::canon::crawler(u).map_or(0, |s| s.len())
        }),
        ("urlkit rfc3986", |u| {
            urlkit::canon::rfc3986(u).map_or(0, |s| s.len())
        }),
    ];
    // BENCH_ONLY=<substring>: only the profiles whose name has it, and no Python (for perf).
    let only = std::env::var("BENCH_ONLY").ok();
    let profiles: Vec<(&str, Profile)> = profiles
        .into_iter()
        .filter(|p| only.as_deref().is_none_or(|o| p.0.contains(o)))
        .collect();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); profiles.len()];
    for round in 0..=rounds {
        for k in 0..profiles.len() {
            let p = (round + k) % profiles.len();
            let f = profiles[p].1;
            let start = Instant::now();
            let mut sum = 0;
            for l in &lines {
                sum += f(black_box(l));
            }
            black_box(sum);
            // Round 0 warms up.
            if round > 0 {
                times[p].push(start.elapsed().as_nanos() as f64 / lines.len() as f64);
            }
        }
    }
    let python = if only.is_some() { None } else { python_surt(&text) };
    println!("## canonicalization over realworld.txt\n\n{machine}");
    println!(
        "- {} URLs; urlkit: {rounds} rounds in rotating order; Python: 3 passes in one process; \
         ratio = best pass against best pass\n",
        lines.len()
    );
    println!("| contender | best ns/URL | median ns/URL | URLs/s (best) | throughput / Python surt |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (k, (name, _)) in profiles.iter().enumerate() {
        let best = times[k].iter().copied().fold(f64::INFINITY, f64::min);
        let median = urlkit_bench::stats::median(&times[k]).unwrap_or(f64::NAN);
        let ratio = python.map_or(String::from("–"), |p| format!("{:.0}x", p / best));
        println!(
            "| {name} | {best:.0} | {median:.0} | {:.2} M | {ratio} |",
            1e3 / best
        );
    }
    match python {
        Some(p) => println!("| python surt 0.3.1 | {p:.0} | – | {:.3} M | 1x |", 1e3 / p),
        None => println!("\n(python3 with surt not found: no Python row)"),
    }
    if only.as_deref().is_none_or(|o| "steps".contains(o)) {
        steps(&lines, rounds);
    }
}

/// The normalization steps against `Url::parse`, paired round by round.
fn steps(lines: &[&str], rounds: usize) {
    let contenders: [(&str, Profile); 4] = [
        ("Url::parse (anchor)", |u| {
            urlkit::Url::parse(u).map_or(0, |u| u.as_str().len())
        }),
        ("whatwg profile, no step", |u| {
            WHATWG.normalize(u).map_or(0, |s| s.len())
        }),
        ("whatwg + 5 steps", |u| {
            FIVE_STEPS.normalize(u).map_or(0, |s| s.len())
        }),
        ("whatwg + all 14 steps", |u| {
            ALL_STEPS.normalize(u).map_or(0, |s| s.len())
        }),
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); contenders.len()];
    for round in 0..=rounds {
        for c in urlkit_bench::stats::rotation(round, contenders.len()) {
            let f = contenders[c].1;
            let start = Instant::now();
            let mut sum = 0;
            for l in lines {
                sum += f(black_box(l));
            }
            black_box(sum);
            if round > 0 {
                times[c].push(start.elapsed().as_nanos() as f64);
            }
        }
    }
    println!("\n## normalization steps over realworld.txt, paired with Url::parse\n");
    println!("- five steps: `{FIVE}`; all: every step but `force-http` (`force-https` wins), `keep-query` keeping `id,q,page*,utm_*`");
    println!("- {} URLs, {rounds} rounds in rotating order; ratio: median (p25–p75) of the per-round ratios to Url::parse\n", lines.len());
    println!("| contender | median ns/URL | URLs/s | / Url::parse |");
    println!("| --- | ---: | ---: | ---: |");
    for (c, (name, _)) in contenders.iter().enumerate() {
        let Some(s) = urlkit_bench::stats::summarize(&times[c], &times[0], lines.len()) else {
            continue;
        };
        let ratio = s.ratio.map_or(String::from("–"), |r| {
            format!("{:.2}x ({:.2}–{:.2})", r.median, r.p25, r.p75)
        });
        println!(
            "| {name} | {:.0} | {:.2} M | {ratio} |",
            s.per_item,
            1e3 / s.per_item
        );
    }
}

/// ns per URL of the Python `surt` package over `text`'s lines, in one child process.
fn python_surt(text: &str) -> Option<f64> {
    let python = std::env::var("URLKIT_PYTHON").unwrap_or_else(|_| String::from("python3"));
    let mut child = Command::new(python)
        .args(["-c", PYTHON])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let text = text.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().ok()?;
    let _ = writer.join();
    String::from_utf8(out.stdout).ok()?.trim().parse().ok()
}
