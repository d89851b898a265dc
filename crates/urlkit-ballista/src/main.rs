//! `urlkit-ballista`: a [Ballista](https://datafusion.apache.org/ballista/) scheduler or
//! executor that carries urlkit's SQL functions, so the SQL of `urlkit sql` runs on a
//! cluster. See this crate's README.md for starting a cluster on several machines.
//!
//! ```text
//! urlkit-ballista scheduler --bind-host 0.0.0.0 --port 50050
//! urlkit-ballista executor --scheduler-host sched.example --scheduler-port 50050 --port 50051 --grpc-port 50052
//! urlkit-ballista standalone --executors 2      # prints df://127.0.0.1:50050
//! ```
//!
//! Functions travel by name in a query plan: the scheduler (which plans) and every executor
//! (which runs the plan's fragments) each need urlkit's functions in their own registry, and
//! so does the client that submits the SQL (`urlkit_ballista` clients register them on the
//! context that `remote_with_state` returns).

use ballista_core::registry::BallistaFunctionRegistry;
use ballista_executor::executor_process::{start_executor_process, ExecutorProcessConfig};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_process::start_server;
use clap::{Parser, Subcommand};
use datafusion::execution::FunctionRegistry;
use datafusion::logical_expr::ScalarUDF;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

mod standalone;

/// A Ballista scheduler or executor with urlkit's URL functions (url_parse, url_host, …).
#[derive(Parser, Debug)]
#[command(name = "urlkit-ballista", version)]
struct Args {
    #[command(subcommand)]
    mode: Mode,
}

#[derive(Subcommand, Debug)]
enum Mode {
    /// Plans queries and hands their tasks to executors; clients connect to it
    /// (df://HOST:PORT).
    Scheduler {
        /// Address to listen on.
        #[arg(long, default_value = "0.0.0.0")]
        bind_host: String,
        /// Port to listen on (gRPC, for clients and executors).
        #[arg(long, default_value_t = 50050)]
        port: u16,
        /// The host name executors and clients reach this scheduler by.
        #[arg(long, default_value = "localhost")]
        external_host: String,
        /// Seconds without a heartbeat after which an executor counts as lost (its tasks
        /// are run again elsewhere).
        #[arg(long, value_name = "SECONDS", default_value_t = 180)]
        executor_timeout: u64,
        /// Exit when standard input closes (standalone's children: they end with it).
        #[arg(long, hide = true)]
        stop_when_stdin_closes: bool,
    },
    /// Runs tasks; registers with the scheduler and serves its results to other executors.
    Executor {
        /// The scheduler's host.
        #[arg(long, default_value = "localhost")]
        scheduler_host: String,
        /// The scheduler's port.
        #[arg(long, default_value_t = 50050)]
        scheduler_port: u16,
        /// Address to listen on.
        #[arg(long, default_value = "0.0.0.0")]
        bind_host: String,
        /// The host name other executors and clients fetch results from (default: the
        /// address the scheduler sees).
        #[arg(long)]
        external_host: Option<String>,
        /// Port of the Arrow Flight service (results of finished tasks).
        #[arg(long, default_value_t = 50051)]
        port: u16,
        /// Port of the gRPC service (tasks pushed by the scheduler).
        #[arg(long, default_value_t = 50052)]
        grpc_port: u16,
        /// Tasks run at once (default: the number of cores).
        #[arg(long)]
        concurrent_tasks: Option<usize>,
        /// Directory for shuffle files (default: a new temporary directory).
        #[arg(long)]
        work_dir: Option<String>,
        /// Seconds between heartbeats to the scheduler (keep it well under the scheduler's
        /// --executor-timeout).
        #[arg(long, value_name = "SECONDS", default_value_t = 60)]
        heartbeat_interval: u64,
        /// Exit when standard input closes (standalone's children: they end with it).
        #[arg(long, hide = true)]
        stop_when_stdin_closes: bool,
    },
    /// A scheduler and N executors on this machine, as child processes, for trying a
    /// cluster and for tests: prints the scheduler's address (df://127.0.0.1:PORT) as the
    /// first line of standard output once every executor has registered, and stops them
    /// all on ctrl-c, SIGTERM or when standard input (a pipe or a terminal) closes.
    Standalone {
        /// Executors to start.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..))]
        executors: u16,
        /// The scheduler's port (0: any free port).
        #[arg(long, default_value_t = 50050)]
        port: u16,
        /// Tasks each executor runs at once (default: the cores divided among the executors).
        #[arg(long)]
        concurrent_tasks: Option<usize>,
        /// The executors' Flight ports for their first start, in order (tests: a port that
        /// another program holds makes the executor start again elsewhere).
        #[arg(long, hide = true, value_delimiter = ',')]
        executor_ports: Vec<u16>,
    },
}

fn main() -> ExitCode {
    let args = Args::parse();
    if log::set_logger(&StderrLog).is_ok() {
        log::set_max_level(log::LevelFilter::Warn);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // Ballista's own binaries use 32 MiB stacks: deep plans recurse.
        .thread_stack_size(32 * 1024 * 1024)
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("urlkit-ballista: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        match args.mode {
            Mode::Scheduler {
                bind_host,
                port,
                external_host,
                executor_timeout,
                stop_when_stdin_closes,
            } => {
                exit_with_stdin(stop_when_stdin_closes);
                scheduler(&bind_host, port, &external_host, executor_timeout).await
            }
            Mode::Standalone {
                executors,
                port,
                concurrent_tasks,
                executor_ports,
            } => standalone::run(executors.into(), port, concurrent_tasks, &executor_ports).await,
            Mode::Executor {
                scheduler_host,
                scheduler_port,
                bind_host,
                external_host,
                port,
                grpc_port,
                concurrent_tasks,
                work_dir,
                heartbeat_interval,
                stop_when_stdin_closes,
            } => {
                exit_with_stdin(stop_when_stdin_closes);
                let mut config = ExecutorProcessConfig {
                    scheduler_host,
                    scheduler_port,
                    bind_host,
                    external_host,
                    port,
                    grpc_port,
                    work_dir,
                    executor_heartbeat_interval_seconds: heartbeat_interval.max(1),
                    override_function_registry: Some(Arc::new(function_registry())),
                    ..Default::default()
                };
                if let Some(n) = concurrent_tasks {
                    config.vcores = n.max(1);
                }
                start_executor_process(Arc::new(config))
                    .await
                    .map_err(|e| e.to_string())?;
                // Ballista returns without an error when one of its services fails (a
                // port taken): that error was logged, and the exit status says so.
                if ERROR_LOGGED.load(Ordering::Relaxed) {
                    return Err("the executor stopped after the error above".into());
                }
                Ok(())
            }
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("urlkit-ballista: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Ballista's warnings and errors (a port it cannot bind, a lost executor), on standard
/// error: without a logger they are lost, and an executor whose service fails exits with
/// status 0 and nothing said.
struct StderrLog;

/// Whether Ballista logged an error.
static ERROR_LOGGED: AtomicBool = AtomicBool::new(false);

impl log::Log for StderrLog {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            if record.level() == log::Level::Error {
                ERROR_LOGGED.store(true, Ordering::Relaxed);
            }
            let level = record.level().as_str().to_ascii_lowercase();
            eprintln!("urlkit-ballista: {level}: {}: {}", record.target(), record.args());
        }
    }

    fn flush(&self) {}
}

/// With `on`, a thread that ends the process when standard input reaches its end: the
/// children of `standalone` end with it even when it is killed without a chance to stop them.
fn exit_with_stdin(on: bool) {
    if on {
        std::thread::spawn(|| {
            let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
            std::process::exit(0);
        });
    }
}

/// The SQL functions of every scheduler and executor of this binary (the client registers
/// the same list).
fn sql_functions() -> Vec<ScalarUDF> {
    let mut functions = urlkit_datafusion::functions();
    functions.extend(urlkit_datafusion::clickhouse_functions());
    // A plan names its functions, and a registry holds one function per name: Spark's
    // `url_encode`/`url_decode` would replace urlkit's for every query, so only the Spark
    // names urlkit lacks (`parse_url`) are carried, and `urlkit sql --cluster` refuses
    // `--dialect spark`.
    let taken: Vec<String> = functions.iter().map(|f| f.name().to_owned()).collect();
    functions.extend(
        urlkit_datafusion::spark_functions()
            .into_iter()
            .filter(|f| !taken.iter().any(|t| t == f.name())),
    );
    functions
}

async fn scheduler(
    bind_host: &str,
    port: u16,
    external_host: &str,
    executor_timeout: u64,
) -> Result<(), String> {
    let addr: SocketAddr = format!("{bind_host}:{port}")
        .parse()
        .map_err(|e| format!("{bind_host}:{port}: {e}"))?;
    let mut config = SchedulerConfig::default();
    config.executor_timeout_seconds = executor_timeout.max(1);
    // Checked a few times per timeout, so a lost executor's tasks move on soon after it.
    config.expire_dead_executor_interval_seconds =
        (executor_timeout / 3).clamp(1, config.expire_dead_executor_interval_seconds);
    config.no_executors_grace_period_seconds = config.executor_timeout_seconds;
    let config = config
        .with_hostname(external_host)
        .with_port(port)
        .with_override_session_builder(Arc::new(|config| {
            // Ballista's own session state, plus urlkit's functions for planning.
            let mut state = ballista_core::utils::default_session_builder(config)?;
            for f in sql_functions() {
                state.register_udf(Arc::new(f))?;
            }
            Ok(state)
        }));
    let cluster = BallistaCluster::new_from_config(&config)
        .await
        .map_err(|e| e.to_string())?;
    start_server(cluster, addr, Arc::new(config))
        .await
        .map_err(|e| e.to_string())
}

/// Ballista's default functions, DataFusion's array functions (which Ballista's default
/// registry lacks, while the client and the scheduler plan with them: `array_has(url_lint(url),
/// 'L040')`) and urlkit's, for executors.
fn function_registry() -> BallistaFunctionRegistry {
    let mut registry = BallistaFunctionRegistry::default();
    for f in datafusion::functions_nested::all_default_nested_functions() {
        registry.scalar_functions.insert(f.name().to_owned(), f);
    }
    for f in sql_functions() {
        registry.scalar_functions.insert(f.name().to_owned(), Arc::new(f));
    }
    registry
}
