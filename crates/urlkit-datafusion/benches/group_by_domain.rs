//! `GROUP BY url_registrable_domain(url)` over 10 M URLs in Parquet, against the same query
//! written the way users do today with DataFusion's built-in string functions (the host by
//! `split_part` or `regexp_match`, then its last two labels), on 1 and 2 threads; and how
//! many rows the built-in versions get wrong (a domain other than the Public Suffix List's
//! registrable domain of the URL parser's host).
//!
//! The dataset is `realworld.txt` and `synthetic.txt` repeated to `URLKIT_BENCH_URLS` rows
//! (default 10,000,000) in 4 Parquet files, written to `$URLKIT_BENCH_DIR` (default: the
//! target directory's `tmp/`) and deleted at the end unless `URLKIT_BENCH_KEEP=1`.
//! `URLKIT_BENCH_ROUNDS` rounds (default 3).

use datafusion::arrow::array::{ArrayRef, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use urlkit_bench::stats::{median, paired_ratios, quantile};

const FILES: usize = 4;

/// The host as users extract it today, the third `/`-separated field up to a `:`, and its
/// last two labels (the "domain" of countless log queries).
const SPLIT_PART: &str = "concat_ws('.', split_part(lower(split_part(split_part(url, '/', 3), ':', 1)), '.', -2), \
     split_part(lower(split_part(split_part(url, '/', 3), ':', 1)), '.', -1))";
/// The host by a regular expression (after `scheme://` and any userinfo, up to `/?#:`, an
/// IPv6 literal in brackets whole), then its last two labels by another.
const REGEX: &str = r"regexp_match(lower(regexp_match(url, '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)')[1]), '[^.]+\.[^.]+$')[1]";
const URLKIT: &str = "url_registrable_domain(url)";

fn dataset(rows: usize) -> Option<PathBuf> {
    let dir = std::env::var_os("URLKIT_BENCH_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")), PathBuf::from)
        .join(format!("urlkit-urls-{rows}"));
    if dir.join("done").is_file() {
        return Some(dir);
    }
    let data = urlkit_bench::datasets_dir();
    let mut lines = Vec::new();
    for name in ["realworld.txt", "synthetic.txt"] {
        let Ok(text) = std::fs::read_to_string(data.join(name)) else {
            eprintln!("group_by_domain bench skipped: no {name} in {}", data.display());
            return None;
        };
        lines.extend(
            urlkit_bench::corpus::split_lines(&text)
                .into_iter()
                .map(str::to_owned),
        );
    }
    std::fs::create_dir_all(&dir).expect("bench dir");
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, false)]));
    let per_file = rows.div_ceil(FILES);
    for f in 0..FILES {
        let file = std::fs::File::create(dir.join(format!("part-{f}.parquet"))).expect("file");
        let mut w = datafusion::parquet::arrow::ArrowWriter::try_new(file, Arc::clone(&schema), None)
            .expect("writer");
        let (mut i, end) = (f * per_file, ((f + 1) * per_file).min(rows));
        while i < end {
            let n = (end - i).min(65_536);
            let urls: StringArray = (i..i + n)
                .map(|r| Some(lines[r % lines.len()].as_str()))
                .collect();
            w.write(
                &RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(urls) as ArrayRef]).expect("batch"),
            )
            .expect("write");
            i += n;
        }
        w.close().expect("close");
    }
    std::fs::write(dir.join("done"), "").expect("marker");
    Some(dir)
}

async fn context(threads: usize, dir: &Path) -> SessionContext {
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(threads));
    urlkit_datafusion::register(&ctx);
    ctx.register_parquet(
        "urls",
        dir.to_str().expect("UTF-8 path"),
        ParquetReadOptions::default(),
    )
    .await
    .expect("register");
    ctx
}

async fn run(ctx: &SessionContext, sql: &str) -> usize {
    let batches = ctx.sql(sql).await.expect("plan").collect().await.expect("run");
    batches.iter().map(RecordBatch::num_rows).sum()
}

fn main() {
    let rows: usize = std::env::var("URLKIT_BENCH_URLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000);
    let rounds = urlkit_bench::rounds(3);
    let Some(dir) = dataset(rows) else { return };
    let queries = [
        ("url_registrable_domain (urlkit)", URLKIT),
        ("split_part", SPLIT_PART),
        ("regexp_match", REGEX),
    ];
    println!("GROUP BY registrable domain over {rows} URLs in {FILES} Parquet files, {rounds} rounds\n");
    println!("groups found:");
    let mut by_threads = Vec::new();
    for threads in [1, 2] {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(threads)
            .enable_all()
            .build()
            .expect("runtime");
        let times = rt.block_on(async {
            let ctx = context(threads, &dir).await;
            let sqls: Vec<String> = queries
                .iter()
                .map(|(_, e)| format!("SELECT {e} AS domain, count(*) AS n FROM urls GROUP BY domain"))
                .collect();
            // Warm-up (file cache, plan); the number of groups each query finds.
            for ((name, _), sql) in queries.iter().zip(&sqls) {
                let groups = run(&ctx, sql).await;
                if threads == 1 {
                    println!("- {name}: {groups} groups");
                }
            }
            let mut times = vec![Vec::new(); sqls.len()];
            for round in 0..rounds {
                for k in 0..sqls.len() {
                    let q = (round + k) % sqls.len();
                    let start = Instant::now();
                    std::hint::black_box(run(&ctx, &sqls[q]).await);
                    times[q].push(start.elapsed().as_secs_f64());
                }
            }
            times
        });
        by_threads.push(times);
    }
    println!();
    println!(
        "| query | threads | median s | M URLs/s | M URLs/s per core | time / urlkit (paired min · med · max) |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | --- |");
    for (t, times) in by_threads.iter().enumerate() {
        let threads = t + 1;
        for (q, (name, _)) in queries.iter().enumerate() {
            let s = median(&times[q]).unwrap_or(f64::NAN);
            let rate = rows as f64 / s / 1e6;
            let r = paired_ratios(&times[q], &times[0]);
            let p = |x| quantile(&r, x).unwrap_or(f64::NAN);
            println!(
                "| {name} | {threads} | {s:.2} | {rate:.2} | {:.2} | {:.2} · {:.2} · {:.2} |",
                rate / threads as f64,
                p(0.0),
                p(0.5),
                p(1.0)
            );
        }
    }
    println!("\nscaling 1 → 2 threads (median time ratio):");
    for (q, (name, _)) in queries.iter().enumerate() {
        let t1 = median(&by_threads[0][q]).unwrap_or(f64::NAN);
        let t2 = median(&by_threads[1][q]).unwrap_or(f64::NAN);
        println!("- {name}: {:.2}x", t1 / t2);
    }

    // Rows whose built-in domain differs from urlkit's (a NULL, for a URL that does not
    // parse or a host that is an IP address or a public suffix, differs from any string).
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let ctx = context(2, &dir).await;
        println!("\nrows where the built-in domain differs from url_registrable_domain (of {rows}):");
        for (name, expr) in &queries[1..] {
            let sql = format!(
                "SELECT count(*) AS wrong_rows, count(DISTINCT url) AS wrong_distinct_urls FROM urls WHERE {URLKIT} IS DISTINCT FROM {expr}"
            );
            let batches = ctx.sql(&sql).await.expect("plan").collect().await.expect("run");
            let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches).expect("format");
            let wrong = text.to_string().lines().nth(3).unwrap_or("").to_owned();
            println!("- {name}: {wrong}");
            let sql = format!(
                "SELECT url, {URLKIT} AS urlkit, {expr} AS builtin FROM urls WHERE {URLKIT} IS DISTINCT FROM {expr} LIMIT 5"
            );
            let batches = ctx.sql(&sql).await.expect("plan").collect().await.expect("run");
            println!("{}", datafusion::arrow::util::pretty::pretty_format_batches(&batches).expect("format"));
        }
    });
    if std::env::var_os("URLKIT_BENCH_KEEP").is_none_or(|v| v != "1") {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
