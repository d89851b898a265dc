//! Shared helpers for urlkit's paired benchmarks (see `benches/` and `BENCHMARKS.md` at the
//! repository root). Not published.
//!
//! - [`stats`]: medians, quantiles and paired ratios over benchmark rounds.
//! - [`harness`]: contenders, warm-up, rotating rounds.
//! - [`corpus`]: reading `shared/datasets` (`\n`-split lines, `messy.txt` JSON lines).
//! - [`report`]: the markdown table and the machine/date header.
//! - [`session`]: the filter, the rounds, and the report of one run of a bench target.
//! - [`template_corpus`]: the template benchmarks' GitHub-REST-style templates and URLs.

pub mod corpus;
pub mod harness;
pub mod report;
pub mod session;
pub mod stats;
pub mod template_corpus;

use std::path::PathBuf;

/// The datasets folder: `$URLKIT_DATASETS`, else `shared/datasets` beside the checkout.
pub fn datasets_dir() -> PathBuf {
    match std::env::var_os("URLKIT_DATASETS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/datasets")),
    }
}

/// Rounds per benchmark: `$URLKIT_BENCH_ROUNDS` if it is a positive number, else `default`.
pub fn rounds(default: usize) -> usize {
    std::env::var("URLKIT_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|&n: &usize| n > 0)
        .unwrap_or(default)
}

/// The benchmark filter: the first command-line argument that is not a flag (cargo passes
/// `--bench` to `harness = false` targets).
pub fn filter_arg() -> Option<String> {
    std::env::args().skip(1).find(|a| !a.starts_with('-'))
}

/// The 1, 5 and 15 minute load averages from `/proc/loadavg`, space-separated.
pub fn load_average() -> String {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

/// Lines describing the machine, toolchain, current load and date, for the top of a report.
pub fn machine_info() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = report::cpu_model(&cpuinfo).unwrap_or("unknown CPU");
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!(
        "- machine: {cpu}, {cores} logical cores available\n- rustc: {}\n- load average (1/5/15 min) at start: {}\n- date: {}\n",
        env!("URLKIT_BENCH_RUSTC"),
        load_average(),
        report::utc_datetime(now)
    )
}
