//! `urlkit-ballista standalone`: a scheduler and N executors on 127.0.0.1, each a child
//! process running this same binary's `scheduler` or `executor` subcommand.
//!
//! The children's standard input is a pipe from this process and they exit when it closes
//! (the hidden `--stop-when-stdin-closes`), so they end with this process however it ends.
//! Their output goes to log files in a temporary directory (named on standard error), which
//! also holds the executors' shuffle files and is removed at the end.

use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

/// Heartbeats every 3 s and an executor lost after 15 s without one (Ballista's defaults are
/// 60 s and 180 s): an executor that stops mid-query has its tasks re-run within seconds.
const HEARTBEAT_SECONDS: &str = "3";
const EXECUTOR_TIMEOUT_SECONDS: &str = "15";

/// How long a child may take to open its port (a loaded machine, a debug build).
const START_TIMEOUT: Duration = Duration::from_secs(120);

struct Process {
    name: String,
    child: Child,
    /// Held open while the cluster runs: closing it stops the child.
    stdin: Option<ChildStdin>,
    log: PathBuf,
    exited: bool,
}

/// The children, stopped and reaped and the temporary directory removed however `run` ends.
struct Cluster {
    dir: PathBuf,
    processes: Vec<Process>,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for p in &mut self.processes {
            p.stdin = None;
        }
        // The children exit when their standard input closes; kill those that do not.
        let deadline = Instant::now() + Duration::from_secs(5);
        for p in &mut self.processes {
            while Instant::now() < deadline && matches!(p.child.try_wait(), Ok(None)) {
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Cluster {
    fn spawn(&mut self, name: &str, args: &[String]) -> Result<(), String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
        let log = self.dir.join(format!("{name}.log"));
        let file =
            std::fs::File::create(&log).map_err(|e| format!("cannot create {}: {e}", log.display()))?;
        let err = file
            .try_clone()
            .map_err(|e| format!("cannot create {}: {e}", log.display()))?;
        let mut child = Command::new(exe)
            .args(args)
            .arg("--stop-when-stdin-closes")
            .stdin(Stdio::piped())
            .stdout(file)
            .stderr(err)
            .spawn()
            .map_err(|e| format!("cannot start the {name}: {e}"))?;
        let stdin = child.stdin.take();
        self.processes.push(Process {
            name: name.to_owned(),
            child,
            stdin,
            log,
            exited: false,
        });
        Ok(())
    }

    /// Waits until `port` accepts connections; an error (with the log's end) if a child
    /// exits first.
    fn wait_for(&mut self, port: u16) -> Result<(), String> {
        let deadline = Instant::now() + START_TIMEOUT;
        while Instant::now() < deadline {
            if TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_ok() {
                return Ok(());
            }
            if let Some(e) = self.exited() {
                return Err(e);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(format!(
            "port {port} did not open within {} s",
            START_TIMEOUT.as_secs()
        ))
    }

    /// The first child that exited since the last call, as an error with its log's end.
    fn exited(&mut self) -> Option<String> {
        for p in &mut self.processes {
            if p.exited {
                continue;
            }
            if let Ok(Some(status)) = p.child.try_wait() {
                p.exited = true;
                return Some(format!("the {} exited ({status}):\n{}", p.name, tail(&p.log)));
            }
        }
        None
    }
}

/// The last lines of a log.
fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

/// A port nobody listens on now, chosen by the system.
fn free_port() -> Result<u16, String> {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("cannot find a free port: {e}"))
}

/// Starts the cluster, prints its address, and runs until asked to stop.
pub async fn run(executors: usize, port: u16, concurrent_tasks: Option<usize>) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("urlkit-ballista-standalone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut cluster = Cluster {
        dir: dir.clone(),
        processes: Vec::new(),
    };
    let port = if port == 0 { free_port()? } else { port };
    let tasks = concurrent_tasks.unwrap_or_else(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        cores.div_ceil(executors)
    });
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
            port.to_string(),
            s("--executor-timeout"),
            s(EXECUTOR_TIMEOUT_SECONDS),
        ],
    )?;
    cluster.wait_for(port)?;
    for e in 0..executors {
        let (flight, grpc) = (free_port()?, free_port()?);
        let work = dir.join(format!("work-{e}"));
        std::fs::create_dir_all(&work).map_err(|err| format!("cannot create {}: {err}", work.display()))?;
        cluster.spawn(
            &format!("executor {e}"),
            &[
                s("executor"),
                s("--scheduler-host"),
                s("127.0.0.1"),
                s("--scheduler-port"),
                port.to_string(),
                s("--bind-host"),
                s("127.0.0.1"),
                s("--external-host"),
                s("127.0.0.1"),
                s("--port"),
                flight.to_string(),
                s("--grpc-port"),
                grpc.to_string(),
                s("--concurrent-tasks"),
                tasks.max(1).to_string(),
                s("--heartbeat-interval"),
                s(HEARTBEAT_SECONDS),
                s("--work-dir"),
                work.to_str()
                    .ok_or("the temporary directory is not UTF-8")?
                    .to_owned(),
            ],
        )?;
        // An executor registers with the scheduler before it opens its Flight port.
        cluster.wait_for(flight)?;
    }
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        writeln!(out, "df://127.0.0.1:{port}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write the address: {e}"))?;
    }
    eprintln!(
        "urlkit-ballista: a scheduler and {executors} executor{} ({tasks} task{} at once each) on 127.0.0.1; \
         logs in {}; stop with ctrl-c",
        if executors == 1 { "" } else { "s" },
        if tasks == 1 { "" } else { "s" },
        dir.display()
    );
    let stdin_closed = stdin_watch();
    let mut sigterm = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .map_err(|e| format!("cannot watch for SIGTERM: {e}"))?;
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    let stdin_closed = async move {
        match stdin_closed {
            Some(rx) => {
                let _ = rx.await;
            }
            None => std::future::pending().await,
        }
    };
    tokio::pin!(stdin_closed);
    loop {
        tokio::select! {
            _ = tokio::signal::ctrl_c() => break,
            _ = sigterm.recv() => break,
            () = &mut stdin_closed => break,
            _ = tick.tick() => {
                // A child that stops is reported; the others keep running (Ballista moves a
                // lost executor's work to the rest), except without a scheduler.
                while let Some(e) = cluster.exited() {
                    eprintln!("urlkit-ballista: {e}");
                    if cluster.processes[0].exited {
                        return Err("the scheduler stopped: stopping the executors".into());
                    }
                }
            }
        }
    }
    drop(cluster);
    Ok(())
}

/// A receiver that fires when standard input reaches its end, when it is a pipe, a socket
/// or a terminal (not `/dev/null`, which a shell gives to a job started with `&`: that
/// would stop the cluster at once).
fn stdin_watch() -> Option<tokio::sync::oneshot::Receiver<()>> {
    use std::io::IsTerminal;
    use std::os::unix::fs::FileTypeExt;
    let watched = std::io::stdin().is_terminal()
        || std::fs::metadata("/dev/stdin")
            .is_ok_and(|m| m.file_type().is_fifo() || m.file_type().is_socket());
    if !watched {
        return None;
    }
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
        let _ = tx.send(());
    });
    Some(rx)
}
