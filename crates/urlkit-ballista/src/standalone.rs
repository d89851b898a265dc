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

/// Starts of a child whose port was taken before it could bind it.
const START_ATTEMPTS: usize = 4;

/// The lowest port `free_ports` chooses (above the registered services most machines run).
const FIRST_CHOSEN_PORT: u16 = 10_000;

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

    /// Waits until the last child started listens on `port`; an error (with the log's end)
    /// if a child exits first, [`Start::Exited`] when that child is the last one started.
    fn wait_for(&mut self, port: u16) -> Result<(), Start> {
        let deadline = Instant::now() + START_TIMEOUT;
        let pid = self.processes.last().map_or(0, |p| p.child.id());
        while Instant::now() < deadline {
            // Another program on the port would answer a connection too.
            let open =
                listens(pid, port).unwrap_or_else(|| TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_ok());
            if open {
                return Ok(());
            }
            if let Some((index, e)) = self.exited() {
                return Err(if index + 1 == self.processes.len() {
                    Start::Exited(e)
                } else {
                    Start::Failed(e)
                });
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(Start::Failed(format!(
            "port {port} did not open within {} s",
            START_TIMEOUT.as_secs()
        )))
    }

    /// Starts a child on `ports` ports chosen here (or on the one `fixed` port) and waits
    /// until it listens on the first. A port free when chosen may be taken before the child
    /// binds it (by another program, or by a connection's local end), and the child then
    /// exits: it is started again on other ports, up to [`START_ATTEMPTS`] times. `first`, if
    /// given, is the first attempt's first port.
    fn start(
        &mut self,
        name: &str,
        fixed: Option<u16>,
        first: Option<u16>,
        ports: usize,
        args: impl Fn(&[u16]) -> Result<Vec<String>, String>,
    ) -> Result<Vec<u16>, String> {
        let mut attempt = 1;
        loop {
            let chosen = match (fixed, first) {
                (Some(port), _) => vec![port],
                (None, Some(port)) if attempt == 1 => {
                    let mut chosen = vec![port];
                    chosen.extend(
                        free_ports(ports)?
                            .into_iter()
                            .filter(|&p| p != port)
                            .take(ports - 1),
                    );
                    chosen
                }
                (None, _) => free_ports(ports)?,
            };
            self.spawn(name, &args(&chosen)?)?;
            match self.wait_for(chosen[0]) {
                Ok(()) => return Ok(chosen),
                Err(Start::Exited(e)) if fixed.is_none() && attempt < START_ATTEMPTS => {
                    eprintln!(
                        "urlkit-ballista: {e}\nurlkit-ballista: starting the {name} again on other ports"
                    );
                    self.processes.pop();
                    attempt += 1;
                }
                Err(Start::Exited(e) | Start::Failed(e)) => return Err(e),
            }
        }
    }

    /// The first child that exited since the last call, with its index and an error with
    /// its log's end.
    fn exited(&mut self) -> Option<(usize, String)> {
        for (index, p) in self.processes.iter_mut().enumerate() {
            if p.exited {
                continue;
            }
            if let Ok(Some(status)) = p.child.try_wait() {
                p.exited = true;
                return Some((
                    index,
                    format!("the {} exited ({status}):\n{}", p.name, tail(&p.log)),
                ));
            }
        }
        None
    }
}

/// Why a child did not open its port.
enum Start {
    /// The child being started exited first.
    Exited(String),
    /// Anything else: another child exited, or the port did not open in time.
    Failed(String),
}

/// Whether process `pid` listens on TCP `port` (IPv4): a listening socket of that port in
/// `/proc/net/tcp` whose inode is one of the process's descriptors. `None` without `/proc`.
fn listens(pid: u32, port: u16) -> Option<bool> {
    let table = std::fs::read_to_string("/proc/net/tcp").ok()?;
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?;
    // `sl local_address rem_address st … uid timeout inode`, addresses as `HEXIP:HEXPORT`.
    let inodes: Vec<String> = table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let local_port = u16::from_str_radix(fields.get(1)?.rsplit_once(':')?.1, 16).ok()?;
            let inode = fields.get(9)?;
            (local_port == port && *fields.get(3)? == "0A").then(|| format!("socket:[{inode}]"))
        })
        .collect();
    Some(fds.flatten().any(|fd| {
        std::fs::read_link(fd.path())
            .is_ok_and(|target| inodes.iter().any(|i| target.as_os_str() == i.as_str()))
    }))
}

/// The last lines of a log.
fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

/// `n` distinct ports nobody listens on now. They are chosen below the kernel's ephemeral
/// range when it leaves room (binding port 0 picks from that range, which outgoing
/// connections' local ends also draw from, so such a port is soon taken again).
fn free_ports(n: usize) -> Result<Vec<u16>, String> {
    let mut ports: Vec<u16> = Vec::with_capacity(n);
    let (low, high) = (
        FIRST_CHOSEN_PORT,
        ephemeral_start().min(FIRST_CHOSEN_PORT + 16_384),
    );
    let mut seed = random_seed();
    let mut tries = 0;
    while ports.len() < n && high > low + 64 && tries < 256 {
        tries += 1;
        // xorshift64: spreads the choices of concurrent clusters over the range.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let port = low + (seed % u64::from(high - low)) as u16;
        if !ports.contains(&port) && TcpListener::bind((Ipv4Addr::LOCALHOST, port)).is_ok() {
            ports.push(port);
        }
    }
    while ports.len() < n {
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .map_err(|e| format!("cannot find a free port: {e}"))?;
        if !ports.contains(&port) {
            ports.push(port);
        }
    }
    Ok(ports)
}

/// The first port of the kernel's ephemeral range (Linux's default when it cannot be read).
fn ephemeral_start() -> u16 {
    std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(32_768)
}

/// A seed that differs between processes and between calls.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one((std::process::id(), Instant::now())) | 1
}

/// Starts the cluster, prints its address, and runs until asked to stop.
pub async fn run(
    executors: usize,
    port: u16,
    concurrent_tasks: Option<usize>,
    executor_ports: &[u16],
) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("urlkit-ballista-standalone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut cluster = Cluster {
        dir: dir.clone(),
        processes: Vec::new(),
    };
    let tasks = concurrent_tasks.unwrap_or_else(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        cores.div_ceil(executors)
    });
    let s = |v: &str| v.to_owned();
    let port = cluster.start("scheduler", (port != 0).then_some(port), None, 1, |ports| {
        Ok(on_localhost(
            "scheduler",
            ports[0],
            [s("--executor-timeout"), s(EXECUTOR_TIMEOUT_SECONDS)],
        ))
    })?[0];
    for e in 0..executors {
        let work = dir.join(format!("work-{e}"));
        std::fs::create_dir_all(&work).map_err(|err| format!("cannot create {}: {err}", work.display()))?;
        let work = work
            .to_str()
            .ok_or("the temporary directory is not UTF-8")?
            .to_owned();
        // An executor registers with the scheduler before it opens its Flight port (the
        // first of the two).
        cluster.start(
            &format!("executor {e}"),
            None,
            executor_ports.get(e).copied(),
            2,
            |ports| {
                Ok(on_localhost(
                    "executor",
                    ports[0],
                    [
                        s("--scheduler-host"),
                        s("127.0.0.1"),
                        s("--scheduler-port"),
                        port.to_string(),
                        s("--grpc-port"),
                        ports[1].to_string(),
                        s("--concurrent-tasks"),
                        tasks.max(1).to_string(),
                        s("--heartbeat-interval"),
                        s(HEARTBEAT_SECONDS),
                        s("--work-dir"),
                        work.clone(),
                    ],
                ))
            },
        )?;
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
                while let Some((_, e)) = cluster.exited() {
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

/// The arguments of `subcommand` listening on 127.0.0.1 at `port` (and known by that
/// address), then `more`.
fn on_localhost(subcommand: &str, port: u16, more: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut args: Vec<String> = [
        subcommand,
        "--bind-host",
        "127.0.0.1",
        "--external-host",
        "127.0.0.1",
        "--port",
    ]
    .map(str::to_owned)
    .into();
    args.push(port.to_string());
    args.extend(more);
    args
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
