//! A scheduler and two executors as separate processes on 127.0.0.1 run a query with
//! urlkit's functions over a Parquet dataset split into several files; the result must equal
//! the single-process DataFusion run of the same SQL.
//!
//! The dataset is made in a temporary directory from `realworld.txt` and `synthetic.txt`,
//! repeated up to `URLKIT_CLUSTER_URLS` rows (default 300,000).

use ballista::prelude::SessionContextExt;
use ballista_core::extension::SessionConfigExt;
use datafusion::arrow::array::{Array, ArrayRef, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::execution::SessionStateBuilder;
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const FILES: usize = 4;
// Two parses per row: the test runs in debug builds, where the library cross-checks its
// fast path, over millions of rows twice.
const QUERY: &str = "SELECT url_host(url) AS host, count(*) AS n, \
     sum(CAST(url_port(url) AS BIGINT)) AS ports \
     FROM urls GROUP BY host ORDER BY n DESC, host";

/// The processes of the cluster, killed (and reaped) however the test ends.
struct Cluster {
    children: Vec<(String, Child)>,
    logs: PathBuf,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for (_, child) in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Cluster {
    fn spawn(&mut self, name: &str, args: &[String]) {
        let log = std::fs::File::create(self.logs.join(format!("{name}.log"))).expect("log file");
        let child = Command::new(env!("CARGO_BIN_EXE_urlkit-ballista"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log file"))
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start the {name}: {e}"));
        self.children.push((name.to_owned(), child));
    }

    /// Waits until `port` accepts connections, failing early if a process died (with its log).
    fn wait_for(&mut self, port: u16) {
        let deadline = Instant::now() + Duration::from_secs(120);
        while Instant::now() < deadline {
            if TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_ok() {
                return;
            }
            for (name, child) in &mut self.children {
                if let Ok(Some(status)) = child.try_wait() {
                    let log =
                        std::fs::read_to_string(self.logs.join(format!("{name}.log"))).unwrap_or_default();
                    panic!("the {name} exited ({status}) before port {port} opened:\n{log}");
                }
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("port {port} did not open within 120 s");
    }
}

/// A port nobody listens on now (the OS's choice, so never a default Ballista port).
fn free_port() -> u16 {
    let l = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("bind");
    l.local_addr().expect("address").port()
}

/// Writes the dataset as `FILES` Parquet files; `None` when the datasets are missing.
fn make_dataset(dir: &Path) -> Option<usize> {
    let data = urlkit_bench::datasets_dir();
    let mut lines = Vec::new();
    for name in ["realworld.txt", "synthetic.txt"] {
        match std::fs::read_to_string(data.join(name)) {
            Ok(text) => lines.extend(
                urlkit_bench::corpus::split_lines(&text)
                    .into_iter()
                    .map(str::to_owned),
            ),
            Err(e) => {
                assert!(
                    std::env::var_os("URLKIT_REQUIRE_CONFORMANCE").is_none_or(|v| v.is_empty() || v == "0"),
                    "URLKIT_REQUIRE_CONFORMANCE is set but {name} is missing: {e}"
                );
                eprintln!(
                    "cluster test skipped: no {name} in {} (set URLKIT_DATASETS)",
                    data.display()
                );
                return None;
            }
        }
    }
    let rows: usize = std::env::var("URLKIT_CLUSTER_URLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300_000);
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, true)]));
    let per_file = rows.div_ceil(FILES);
    for f in 0..FILES {
        let path = dir.join(format!("part-{f}.parquet"));
        let file = std::fs::File::create(&path).expect("parquet file");
        let mut w = datafusion::parquet::arrow::ArrowWriter::try_new(file, Arc::clone(&schema), None)
            .expect("writer");
        let (start, end) = (f * per_file, ((f + 1) * per_file).min(rows));
        let mut i = start;
        while i < end {
            let n = (end - i).min(65_536);
            // Every 101st row is null: NULL hosts are a group of their own.
            let urls: StringArray = (i..i + n)
                .map(|r| (r % 101 != 7).then(|| lines[r % lines.len()].as_str()))
                .collect();
            let batch =
                RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(urls) as ArrayRef]).expect("batch");
            w.write(&batch).expect("write");
            i += n;
        }
        w.close().expect("close");
    }
    Some(rows)
}

/// The rows of a result as text lines, for an exact comparison.
fn rows(batches: &[RecordBatch]) -> Vec<String> {
    let mut out = Vec::new();
    for b in batches {
        let columns: Vec<ArrayRef> = b
            .columns()
            .iter()
            .map(|c| datafusion::arrow::compute::cast(c, &DataType::Utf8).expect("cast"))
            .collect();
        for r in 0..b.num_rows() {
            let cells: Vec<String> = columns
                .iter()
                .map(|c| {
                    let s = c.as_any().downcast_ref::<StringArray>().expect("strings");
                    if s.is_null(r) {
                        "NULL".to_owned()
                    } else {
                        s.value(r).to_owned()
                    }
                })
                .collect();
            out.push(cells.join("\t"));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cluster_of_three_processes_agrees_with_datafusion() {
    let tmp = std::env::temp_dir().join(format!("urlkit-ballista-test-{}", std::process::id()));
    let data = tmp.join("urls");
    std::fs::create_dir_all(&data).expect("temp dir");
    struct Remove(PathBuf);
    impl Drop for Remove {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    let _cleanup = Remove(tmp.clone());
    let Some(total) = make_dataset(&data) else {
        return;
    };
    let table = data.to_str().expect("UTF-8 temp path");

    // The single-process run.
    let local = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(2));
    urlkit_datafusion::register(&local);
    local
        .register_parquet("urls", table, ParquetReadOptions::default())
        .await
        .expect("register");
    let expected = rows(
        &local
            .sql(QUERY)
            .await
            .expect("plan")
            .collect()
            .await
            .expect("local run"),
    );

    // The cluster: a scheduler and two executors, each its own process.
    let mut cluster = Cluster {
        children: Vec::new(),
        logs: tmp.clone(),
    };
    let sched = free_port();
    let s = |v: &str| v.to_owned();
    cluster.spawn(
        "scheduler",
        &[
            s("scheduler"),
            s("--bind-host"),
            s("127.0.0.1"),
            s("--external-host"),
            s("127.0.0.1"),
            s("--port"),
            sched.to_string(),
        ],
    );
    cluster.wait_for(sched);
    for e in 0..2 {
        let (flight, grpc) = (free_port(), free_port());
        cluster.spawn(
            &format!("executor-{e}"),
            &[
                s("executor"),
                s("--scheduler-host"),
                s("127.0.0.1"),
                s("--scheduler-port"),
                sched.to_string(),
                s("--bind-host"),
                s("127.0.0.1"),
                s("--external-host"),
                s("127.0.0.1"),
                s("--port"),
                flight.to_string(),
                s("--grpc-port"),
                grpc.to_string(),
                s("--concurrent-tasks"),
                s("1"),
                s("--work-dir"),
                tmp.join(format!("work-{e}")).to_str().expect("UTF-8").to_owned(),
            ],
        );
        std::fs::create_dir_all(tmp.join(format!("work-{e}"))).expect("work dir");
        cluster.wait_for(flight);
    }

    // The client: Ballista's session state (which replaces the function list), then
    // urlkit's functions registered again on it.
    let state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(SessionConfig::new_with_ballista().with_target_partitions(FILES))
        .build();
    let remote = SessionContext::remote_with_state(&format!("df://127.0.0.1:{sched}"), state)
        .await
        .expect("connect");
    urlkit_datafusion::register(&remote);
    remote
        .register_parquet("urls", table, ParquetReadOptions::default())
        .await
        .expect("register");
    let got = rows(
        &remote
            .sql(QUERY)
            .await
            .expect("plan")
            .collect()
            .await
            .expect("cluster run"),
    );

    assert_eq!(got.len(), expected.len(), "group count");
    let counted: usize = expected
        .iter()
        .map(|r| r.split('\t').nth(1).unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(counted, total, "every row is counted once");
    assert!(expected.len() > 1000, "many hosts: {}", expected.len());
    if let Some(i) = (0..got.len()).find(|&i| got[i] != expected[i]) {
        panic!(
            "row {i} differs: cluster {:?}, DataFusion {:?}",
            got[i], expected[i]
        );
    }
    drop(cluster);
}
