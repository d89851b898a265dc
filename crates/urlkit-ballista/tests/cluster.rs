//! A scheduler and two executors as separate processes on 127.0.0.1 run a query with
//! urlkit's functions over a Parquet dataset split into several files; the result must equal
//! the single-process DataFusion run of the same SQL.
//!
//! The same through the command line: `urlkit-ballista standalone --executors 2` and
//! `urlkit-sql --cluster` (a GROUP BY over the dataset, a function of each family, every
//! output format, the errors), compared with `urlkit-sql` run locally; and an executor killed
//! mid-query, after which the query must give the local result or a clear error.
//!
//! The dataset is made in a temporary directory from `realworld.txt` and `synthetic.txt`,
//! repeated up to `URLKIT_CLUSTER_URLS` rows (default 300,000). `urlkit-sql` is the binary
//! of `urlkit-datafusion` beside this crate's (`cargo build -p urlkit-datafusion` or a
//! workspace build makes it), or `$URLKIT_SQL`.

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
    let rows: usize = std::env::var("URLKIT_CLUSTER_URLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300_000);
    make_rows(dir, rows)
}

/// Fails when the CI's require variable is set, else says what was skipped.
fn skip(what: &str) {
    assert!(
        std::env::var_os("URLKIT_REQUIRE_CONFORMANCE").is_none_or(|v| v.is_empty() || v == "0"),
        "URLKIT_REQUIRE_CONFORMANCE is set but {what}"
    );
    eprintln!("cluster test skipped: {what}");
}

/// Writes `rows` rows as `FILES` Parquet files; `None` when the datasets are missing.
fn make_rows(dir: &Path, rows: usize) -> Option<usize> {
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

/// The tests start clusters of several processes, and one times a query against a local run:
/// they run one at a time, so that they contend for neither ports nor CPU.
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static CLUSTERS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    CLUSTERS.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[test]
fn cluster_of_three_processes_agrees_with_datafusion() {
    let _one = one_at_a_time();
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(three_processes_agree_with_datafusion());
}

async fn three_processes_agree_with_datafusion() {
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

/// A temporary directory, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("urlkit-ballista-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The `urlkit-sql` binary: `$URLKIT_SQL`, or beside this crate's binary; `None` (skipped)
/// when it is missing.
fn urlkit_sql() -> Option<PathBuf> {
    let path = match std::env::var_os("URLKIT_SQL") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_BIN_EXE_urlkit-ballista")).with_file_name("urlkit-sql"),
    };
    if path.is_file() {
        return Some(path);
    }
    skip(&format!(
        "no urlkit-sql at {} (cargo build -p urlkit-datafusion, or set URLKIT_SQL)",
        path.display()
    ));
    None
}

/// `urlkit-ballista standalone`, stopped by closing its standard input.
struct Standalone {
    child: Child,
    address: String,
}

impl Standalone {
    fn start(executors: usize, log: &Path) -> Standalone {
        Standalone::start_with(executors, log, &[])
    }

    /// [`Standalone::start`] with more arguments.
    fn start_with(executors: usize, log: &Path, more: &[&str]) -> Standalone {
        use std::io::BufRead;
        let mut child = Command::new(env!("CARGO_BIN_EXE_urlkit-ballista"))
            .args([
                "standalone",
                "--port",
                "0",
                "--concurrent-tasks",
                "1",
                "--executors",
            ])
            .arg(executors.to_string())
            .args(more)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(log).expect("log file"))
            .spawn()
            .expect("cannot start urlkit-ballista standalone");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("read the address");
        if line.is_empty() {
            let status = child.wait().expect("wait");
            panic!(
                "standalone exited ({status}) without an address:\n{}",
                std::fs::read_to_string(log).unwrap_or_default()
            );
        }
        let address = line.trim_end().to_owned();
        assert!(address.starts_with("df://127.0.0.1:"), "{address:?}");
        Standalone { child, address }
    }

    /// The process ids of its executors (children whose command line has `executor`).
    fn executors(&self) -> Vec<u32> {
        let parent = self.child.id();
        let mut out = Vec::new();
        for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            // `pid (comm) state ppid …`; comm may hold spaces, not `)`.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|p| p.parse::<u32>().ok());
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            if ppid == Some(parent) && cmdline.split(|&b| b == 0).any(|a| a == b"executor") {
                out.push(pid);
            }
        }
        out.sort_unstable();
        out
    }
}

impl Drop for Standalone {
    fn drop(&mut self) {
        // Closing its standard input stops it and its children.
        drop(self.child.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        panic!("standalone did not stop within 30 s of its standard input closing");
    }
}

/// Runs `urlkit-sql` with `args` in `dir`: (success, stdout, stderr).
fn sql(bin: &Path, dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(bin)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("run urlkit-sql");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `urlkit-sql` locally and with `--cluster`: both must succeed with the same output.
fn same(bin: &Path, dir: &Path, address: &str, args: &[&str]) -> String {
    let (ok, local, err) = sql(bin, dir, args);
    assert!(ok, "local run of {args:?} failed: {err}");
    let mut remote = vec!["--cluster", address];
    remote.extend_from_slice(args);
    let (ok, cluster, err) = sql(bin, dir, &remote);
    assert!(ok, "cluster run of {args:?} failed: {err}");
    assert_eq!(cluster, local, "cluster and local outputs of {args:?} differ");
    local
}

/// URLs for a function of each family (parse, domain, normalize, lint, template, data:), as
/// a CSV file with a header row.
const FAMILY_URLS: &[&str] = &[
    "https://User@Example.COM:8080/a/../b?utm_source=x&q=1#frag",
    "https://api.github.com/repos/apache/datafusion",
    "https://bank.example@evil.example/login",
    "http://www.example.co.uk/a,b?c=\"d\"",
    "data:Text/HTML;Charset=UTF-8;base64,PHA+aGk=",
    "data:,hello%20world",
    "git://git.kernel.org/pub/scm",
    "not a url",
    "http://[::1]:80/",
    "https://xn--nxasmq6b.example/%7Euser",
];

const FAMILY_QUERY: &str = "SELECT url, \
     url_parse(url)['hostname'] AS host, \
     url_registrable_domain(url) AS site, \
     url_normalize(url, 'crawler') AS crawler, \
     url_lint(url) AS lint, \
     url_template_match('https://api.github.com/repos/{owner}/{repo}', url)['owner'] AS owner, \
     url_template_expand('https://h/search{?q}', concat('{\"q\": \"', url_hostname(url), '\"}')) AS expanded, \
     data_url_mime(url) AS mime \
     FROM family ORDER BY url";

#[test]
fn urlkit_sql_cluster_agrees_with_local() {
    let _one = one_at_a_time();
    let Some(bin) = urlkit_sql() else { return };
    let tmp = TempDir::new("sql");
    let data = tmp.0.join("urls");
    std::fs::create_dir_all(&data).expect("dir");
    let Some(total) = make_rows(&data, 100_000) else {
        return;
    };
    let mut csv = String::from("url\n");
    for u in FAMILY_URLS {
        csv.push('"');
        csv.push_str(&u.replace('"', "\"\""));
        csv.push_str("\"\n");
    }
    std::fs::write(tmp.0.join("family.csv"), csv).expect("csv");
    // Relative table paths (urlkit-sql runs in the temporary directory): the client makes
    // them absolute for the executors.
    let d = tmp.0.as_path();

    // An unreachable scheduler: a port nobody listens on.
    let port = free_port();
    let address = format!("df://127.0.0.1:{port}");
    let (ok, _, err) = sql(&bin, d, &["--cluster", &address, "SELECT 1"]);
    assert!(!ok);
    assert!(
        err.starts_with(&format!("urlkit sql: cannot reach the scheduler at {address}: ")),
        "{err}"
    );
    assert!(!err.trim_end().ends_with('.'), "{err}");

    let cluster = Standalone::start(2, &tmp.0.join("standalone.log"));
    let address = cluster.address.clone();
    {
        // GROUP BY registrable domain over the multi-file Parquet dataset.
        let by_site = same(
            &bin,
            d,
            &address,
            &[
                "-t",
                "urls=urls",
                "--format",
                "csv",
                "SELECT url_registrable_domain(url) AS site, count(*) AS n FROM urls GROUP BY site ORDER BY n DESC, site",
            ],
        );
        let counts: Vec<usize> = by_site
            .lines()
            .skip(1)
            .map(|l| l.rsplit(',').next().unwrap().parse().unwrap())
            .collect();
        assert_eq!(counts.iter().sum::<usize>(), total, "every row counted once");
        assert!(counts.len() > 100, "many sites: {}", counts.len());

        // A function of each family, in every text format.
        for format in ["table", "csv", "json", "jsonl"] {
            let args = ["-t", "family.csv", "--format", format, FAMILY_QUERY];
            let out = if format == "csv" {
                // CSV has no lists or maps: the list of lint codes as text.
                let q = FAMILY_QUERY.replace(
                    "url_lint(url) AS lint",
                    "array_to_string(url_lint(url), ' ') AS lint",
                );
                same(&bin, d, &address, &["-t", "family.csv", "--format", "csv", &q])
            } else {
                same(&bin, d, &address, &args)
            };
            // Each family answered something (not NULL everywhere).
            for needle in [
                "example.com",
                "example.co.uk",
                "L040",
                "apache",
                "search?q=",
                "text/html;charset=UTF-8",
            ] {
                assert!(out.contains(needle), "{format}: no {needle:?} in\n{out}");
            }
        }

        // Parquet output: both files read back the same.
        for (name, cluster) in [("local.parquet", false), ("cluster.parquet", true)] {
            let mut args = vec![
                "-t",
                "family.csv",
                "--format",
                "parquet",
                "-o",
                name,
                FAMILY_QUERY,
            ];
            if cluster {
                args.splice(0..0, ["--cluster", address.as_str()]);
            }
            let (ok, _, err) = sql(&bin, d, &args);
            assert!(ok, "{name}: {err}");
        }
        let read = |name: &str| {
            let (ok, out, err) = sql(
                &bin,
                d,
                &[
                    "-t",
                    &format!("p={name}"),
                    "--format",
                    "jsonl",
                    "SELECT * FROM p ORDER BY url",
                ],
            );
            assert!(ok, "{err}");
            out
        };
        assert_eq!(read("cluster.parquet"), read("local.parquet"));
        assert!(read("local.parquet").contains("L040"));

        // A path nobody can read names the path; a one-URL-per-line file cannot travel.
        let (ok, _, err) = sql(
            &bin,
            d,
            &[
                "--cluster",
                &address,
                "-t",
                "gone=no/such.parquet",
                "SELECT * FROM gone",
            ],
        );
        assert!(!ok);
        assert!(
            err.starts_with("urlkit sql: cannot read no/such.parquet: "),
            "{err}"
        );
        std::fs::write(d.join("list.txt"), "https://example.com/\n").expect("list");
        let (ok, _, err) = sql(
            &bin,
            d,
            &["--cluster", &address, "-t", "list.txt", "SELECT * FROM list"],
        );
        assert!(!ok);
        assert!(
            err.starts_with("urlkit sql: list.txt is read as one URL per line"),
            "{err}"
        );
    }
    drop(cluster);
}

#[test]
fn executor_killed_mid_query_gives_the_result_or_a_clear_error() {
    let _one = one_at_a_time();
    let Some(bin) = urlkit_sql() else { return };
    let tmp = TempDir::new("kill");
    let data = tmp.0.join("urls");
    std::fs::create_dir_all(&data).expect("dir");
    let Some(_) = make_dataset(&data) else { return };
    let table = format!("urls={}", data.display());
    let args = ["-t", table.as_str(), "--format", "csv", QUERY];
    let start = Instant::now();
    let (ok, expected, err) = sql(&bin, &tmp.0, &args);
    assert!(ok, "local run failed: {err}");
    let local = start.elapsed();

    let cluster = Standalone::start(2, &tmp.0.join("standalone.log"));
    let executors = cluster.executors();
    assert_eq!(executors.len(), 2, "executors: {executors:?}");
    let out = tmp.0.join("cluster.csv");
    let err_path = tmp.0.join("cluster.err");
    let mut client = Command::new(&bin)
        .args(["--cluster", &cluster.address])
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).expect("out"))
        .stderr(std::fs::File::create(&err_path).expect("err"))
        .spawn()
        .expect("run urlkit-sql --cluster");
    // Well inside the query: a third of the single-process time (the cluster's two
    // executors with one task each are no faster, and it starts by planning).
    std::thread::sleep((local / 3).max(Duration::from_millis(500)));
    assert!(
        client.try_wait().expect("wait").is_none(),
        "the query ended before the kill ({local:?} locally): raise URLKIT_CLUSTER_URLS"
    );
    let killed = Command::new("kill")
        .args(["-KILL", &executors[0].to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let deadline = Instant::now() + Duration::from_secs(600);
    let status = loop {
        if let Some(status) = client.try_wait().expect("wait") {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "the query hung after an executor was killed"
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    let got = std::fs::read_to_string(&out).expect("output");
    let err = std::fs::read_to_string(&err_path).expect("stderr");
    if status.success() {
        // Ballista re-ran the lost executor's tasks: the result must be whole and right.
        assert_eq!(
            got, expected,
            "a result after an executor was killed differs from the local one"
        );
        eprintln!("executor killed mid-query: ballista re-ran its tasks, result correct");
    } else {
        assert!(got.is_empty(), "a failed query printed rows:\n{got}");
        assert!(
            err.starts_with(&format!(
                "urlkit sql: the query failed on the cluster at {}",
                cluster.address
            )),
            "unclear error: {err}"
        );
        eprintln!("executor killed mid-query: {err}");
    }
    drop(cluster);
}

/// RELIABILITY F14: an executor whose Flight port another program holds exits; `standalone`
/// must neither take that program's listener for the executor's (and print its address with
/// no executor alive) nor give up, but start the executor again on other ports.
#[test]
fn an_executor_whose_port_is_taken_starts_again_elsewhere() {
    let _one = one_at_a_time();
    let Some(bin) = urlkit_sql() else { return };
    let tmp = TempDir::new("taken");
    let held = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("bind");
    let port = held.local_addr().expect("address").port().to_string();
    let log = tmp.0.join("standalone.log");
    let cluster = Standalone::start_with(1, &log, &["--executor-ports", &port]);
    let said = std::fs::read_to_string(&log).expect("log");
    assert!(
        said.contains("the executor 0 exited")
            && said.contains("starting the executor 0 again on other ports"),
        "{said}"
    );
    assert_eq!(cluster.executors().len(), 1, "{said}");
    std::fs::write(tmp.0.join("t.csv"), "url\nhttps://Example.COM:443/a/../b\n").expect("csv");
    let out = same(
        &bin,
        &tmp.0,
        &cluster.address,
        &[
            "-t",
            "t=t.csv",
            "--format",
            "csv",
            "SELECT url_href(url) AS h FROM t",
        ],
    );
    assert_eq!(out, "h\nhttps://example.com/b\n");
    drop(held);
    drop(cluster);
}
