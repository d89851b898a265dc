//! The parse kernel against the library's own row-by-row parse loop, paired in one run.
//!
//! Each round times both over `realworld.txt` (in alternating order); the report gives each
//! one's median time per URL and the paired ratio kernel / loop (min · median · max).
//! `URLKIT_BENCH_ROUNDS` sets the rounds (default 21), `BENCH_FILE` another dataset file.
//!
//! Instruction counts (repeatable under load): `URLKIT_BENCH_ONLY=N` runs contender `N` (0 =
//! the row loop, 1 = the kernel, …) once, in [`measured`], and nothing else; run it under
//! `valgrind --tool=callgrind --toggle-collect='*measured*'` (see BENCHMARKS.md).

use arrow_array::{Array, StringArray};
use std::hint::black_box;
use std::time::Instant;
use urlkit::Url;
use urlkit_arrow::OnError;
use urlkit_bench::stats::{median, paired_ratios, quantile};

fn main() {
    let file = std::env::var("BENCH_FILE").unwrap_or_else(|_| "realworld.txt".into());
    let path = urlkit_bench::datasets_dir().join(&file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("kernels bench skipped: no {}", path.display());
        return;
    };
    let lines = urlkit_bench::corpus::split_lines(&text);
    let array = StringArray::from(lines.clone());
    let rounds = urlkit_bench::rounds(21);

    let row_loop = || {
        let mut bytes = 0;
        for line in &lines {
            if let Ok(url) = Url::parse(line) {
                bytes += black_box(url).as_str().len();
            }
        }
        bytes
    };
    let kernel = || {
        let out = urlkit_arrow::parse(black_box(&array), OnError::Null).expect("strings");
        black_box(out.values).len()
    };
    let kernel_errors = || {
        let out = urlkit_arrow::parse(black_box(&array), OnError::Message).expect("strings");
        black_box(out.errors).map_or(0, |e| e.len())
    };
    // As an engine feeds a kernel: slices of 8,192 rows (DataFusion's default batch size).
    let batches: Vec<_> = (0..array.len())
        .step_by(8192)
        .map(|i| array.slice(i, 8192.min(array.len() - i)))
        .collect();
    let kernel_batches = || {
        let mut n = 0;
        for b in &batches {
            let out = urlkit_arrow::parse(black_box(b), OnError::Null).expect("strings");
            n += black_box(out.values).len();
        }
        n
    };
    let contenders: [(&str, &dyn Fn() -> usize); 4] = [
        ("row-by-row Url::parse loop", &row_loop),
        ("parse kernel, one array (struct of 10 columns)", &kernel),
        ("parse kernel, one array, + error column", &kernel_errors),
        ("parse kernel, 8,192-row batches", &kernel_batches),
    ];
    if let Some(only) = std::env::var("URLKIT_BENCH_ONLY")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        let (name, f) = contenders[only];
        println!("{name}: {}", measured(f));
        return;
    }
    // Warm-up: one pass each.
    for (_, f) in &contenders {
        black_box(f());
    }
    let mut times = vec![Vec::new(); contenders.len()];
    for round in 0..rounds {
        for k in 0..contenders.len() {
            let i = (round + k) % contenders.len();
            let start = Instant::now();
            black_box(contenders[i].1());
            times[i].push(start.elapsed().as_secs_f64());
        }
    }
    println!("{} ({} URLs), {rounds} rounds\n", file, lines.len());
    println!("| contender | median ns / URL | time / row loop (paired min · med · max) |");
    println!("| --- | ---: | --- |");
    for (i, (name, _)) in contenders.iter().enumerate() {
        let ns = median(&times[i]).unwrap_or(0.0) * 1e9 / lines.len() as f64;
        let r = paired_ratios(&times[i], &times[0]);
        let q = |p| quantile(&r, p).unwrap_or(f64::NAN);
        println!(
            "| {name} | {ns:.1} | {:.3} · {:.3} · {:.3} |",
            q(0.0),
            q(0.5),
            q(1.0)
        );
    }
}

/// One run of a contender: the function callgrind's `--toggle-collect` names.
#[inline(never)]
fn measured(f: &dyn Fn() -> usize) -> usize {
    black_box(f())
}
