//! SQL on a [Ballista](https://datafusion.apache.org/ballista/) cluster whose scheduler and
//! executors carry urlkit's functions (the `urlkit-ballista` binary): `urlkit sql --cluster
//! df://HOST:PORT`. Feature `cluster`.
//!
//! The client plans the query (so it registers the functions too), the scheduler splits it
//! into stages and the executors read the tables' files themselves: a table's path must be
//! readable at the same absolute path on every executor (the same machine, or shared
//! storage). [`table_path`] makes a path absolute before it goes into a plan.
//!
//! When an executor stops mid-query, Ballista re-runs its tasks on the others (a task up to
//! 4 attempts, a stage whose shuffle output was lost up to 4 times), once the scheduler has
//! noticed (a failed task launch or fetch, or missed heartbeats); only when those attempts run
//! out does the query fail, with [`ClusterError::Query`] saying so. A result is never partial.

use datafusion::error::DataFusionError;
use datafusion::execution::SessionStateBuilder;
use datafusion::prelude::{SessionConfig, SessionContext};
use std::fmt;
use std::net::{TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::time::Duration;

use ballista::prelude::{SessionConfigExt, SessionContextExt};

/// The port of a `df://HOST` address without one (Ballista's default scheduler port).
pub const DEFAULT_PORT: u16 = 50050;

/// How long [`connect`] waits for the scheduler to accept a connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Why a query could not run on a cluster.
#[derive(Debug)]
#[non_exhaustive]
pub enum ClusterError {
    /// The address is not `df://HOST[:PORT]`.
    Address {
        /// The address as given.
        address: String,
        /// What was expected.
        expected: &'static str,
    },
    /// Nothing accepts connections at the scheduler's address.
    Unreachable {
        /// The address, `df://HOST:PORT`.
        address: String,
        /// The connection's error.
        source: std::io::Error,
    },
    /// A table's path cannot be read here (the client reads its schema before the
    /// executors read its rows).
    Path {
        /// The path as given.
        path: PathBuf,
        /// The file system's error.
        source: std::io::Error,
    },
    /// A kind of table that only this process can read (one URL per line files are read
    /// into memory here, and memory tables do not travel to executors).
    NotShippable {
        /// The path as given.
        path: PathBuf,
    },
    /// The query failed on the cluster: Ballista's retries of lost tasks and stages ran out,
    /// or an executor could not read a table's files.
    Query {
        /// The address, `df://HOST:PORT`.
        address: String,
        /// The table paths the error names (an executor that cannot read them).
        unreadable: Vec<PathBuf>,
        /// Whether Ballista ran failed tasks or stages again before giving up (what it does
        /// when an executor stops).
        retried: bool,
        /// Ballista's or DataFusion's error.
        source: DataFusionError,
    },
}

impl fmt::Display for ClusterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Address { address, expected } => {
                write!(f, "bad cluster address {address:?}: expected {expected}")
            }
            Self::Unreachable { address, source } => {
                write!(f, "cannot reach the scheduler at {address}: {}", lower(source))
            }
            Self::Path { path, source } => {
                write!(f, "cannot read {}: {}", path.display(), lower(source))
            }
            Self::NotShippable { path } => write!(
                f,
                "{} is read as one URL per line, into this process's memory, which a cluster's \
                 executors cannot read: give them a csv, json lines or parquet file",
                path.display()
            ),
            Self::Query {
                address,
                unreadable,
                retried,
                source,
            } => {
                write!(f, "the query failed on the cluster at {address}")?;
                if *retried {
                    // Said first: a failure after an executor stopped is not a bug in the query.
                    f.write_str(
                        " (ballista ran the failed tasks again, as it does when an executor \
                         stops, up to 4 attempts per task and per stage, and gave up; no partial \
                         result was returned)",
                    )?;
                }
                if !unreadable.is_empty() {
                    let paths: Vec<String> = unreadable.iter().map(|p| p.display().to_string()).collect();
                    write!(
                        f,
                        " (an executor cannot read {}: a table must be readable at the same path \
                         on every executor)",
                        paths.join(", ")
                    )?;
                }
                write!(f, ": {}", lower(source))
            }
        }
    }
}

impl std::error::Error for ClusterError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Unreachable { source, .. } | Self::Path { source, .. } => Some(source),
            Self::Query { source, .. } => Some(source),
            Self::Address { .. } | Self::NotShippable { .. } => None,
        }
    }
}

/// An error's message with its first letter in lower case (the OS's and Ballista's start
/// with a capital).
fn lower(e: &dyn fmt::Display) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if c.is_ascii_uppercase() && chars.next().is_some_and(|d| !d.is_ascii_uppercase()) => {
            c.to_ascii_lowercase().to_string() + &text[1..]
        }
        _ => text,
    }
}

/// `df://HOST[:PORT]` as host and port.
///
/// ```
/// use urlkit_datafusion::cluster::parse_address;
/// assert_eq!(parse_address("df://sched.example:50050").unwrap(), ("sched.example".to_owned(), 50050));
/// assert_eq!(parse_address("df://[::1]").unwrap(), ("[::1]".to_owned(), 50050));
/// assert!(parse_address("http://sched.example:50050").is_err());
/// ```
pub fn parse_address(address: &str) -> Result<(String, u16), ClusterError> {
    let bad = |expected| ClusterError::Address {
        address: address.to_owned(),
        expected,
    };
    let rest = address
        .strip_prefix("df://")
        .ok_or_else(|| bad("df://HOST:PORT"))?;
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    // A bracketed IPv6 literal keeps its colons.
    let (host, port) = match rest.rfind(':') {
        Some(i) if !rest[i..].contains(']') => (&rest[..i], Some(&rest[i + 1..])),
        _ => (rest, None),
    };
    if host.is_empty() || host.contains(['/', '?', '#', '@']) {
        return Err(bad("a host name or address after df://"));
    }
    let port = match port {
        None => DEFAULT_PORT,
        Some(p) => p
            .parse::<u16>()
            .ok()
            .filter(|&p| p != 0)
            .ok_or_else(|| bad("a port number from 1 to 65535 after the host"))?,
    };
    Ok((host.to_owned(), port))
}

/// A context that runs its queries on the scheduler at `address` (`df://HOST:PORT`), over
/// `partitions` partitions, with urlkit's functions registered; an error when nothing
/// answers at that address within 5 seconds.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// // Port 9 (discard) has no scheduler here.
/// let Err(err) = urlkit_datafusion::cluster::connect("df://127.0.0.1:9", 4).await else {
///     panic!("a scheduler on port 9")
/// };
/// assert!(err.to_string().starts_with("cannot reach the scheduler at df://127.0.0.1:9: "), "{err}");
/// # }
/// ```
pub async fn connect(address: &str, partitions: usize) -> Result<SessionContext, ClusterError> {
    let (host, port) = parse_address(address)?;
    let canonical = format!("df://{host}:{port}");
    let unreachable = |source| ClusterError::Unreachable {
        address: canonical.clone(),
        source,
    };
    // Ballista connects only when the first query runs, and then retries for a long time:
    // a plain TCP connection now turns a wrong address into one clear error.
    let target = (host.trim_start_matches('[').trim_end_matches(']'), port);
    let addrs: Vec<_> = target.to_socket_addrs().map_err(unreachable)?.collect();
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, "no address for the host");
    let mut reached = false;
    for a in addrs {
        match TcpStream::connect_timeout(&a, CONNECT_TIMEOUT) {
            Ok(_) => {
                reached = true;
                break;
            }
            Err(e) => last = e,
        }
    }
    if !reached {
        return Err(unreachable(last));
    }
    let state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(SessionConfig::new_with_ballista().with_target_partitions(partitions.max(1)))
        .build();
    let ctx = SessionContext::remote_with_state(&canonical, state)
        .await
        .map_err(|source| ClusterError::Query {
            address: canonical.clone(),
            unreadable: Vec::new(),
            retried: false,
            source,
        })?;
    // Ballista's session state replaces the function list: urlkit's go on it again.
    crate::register(&ctx);
    Ok(ctx)
}

/// `path` made absolute (the executors do not share this process's working directory),
/// after checking that it can be read here.
///
/// ```
/// let p = urlkit_datafusion::cluster::table_path(std::path::Path::new(".")).unwrap();
/// assert!(p.is_absolute());
/// let err = urlkit_datafusion::cluster::table_path(std::path::Path::new("no/such.parquet")).unwrap_err();
/// assert!(err.to_string().starts_with("cannot read no/such.parquet: "), "{err}");
/// ```
pub fn table_path(path: &Path) -> Result<PathBuf, ClusterError> {
    let error = |source| ClusterError::Path {
        path: path.to_owned(),
        source,
    };
    let absolute = std::fs::canonicalize(path).map_err(error)?;
    if absolute.is_dir() {
        std::fs::read_dir(&absolute).map_err(error)?;
    } else {
        std::fs::File::open(&absolute).map_err(error)?;
    }
    Ok(absolute)
}

/// A query's error on the cluster at `address`, naming the `tables` paths it mentions (an
/// executor that could not read them).
///
/// ```
/// use datafusion::error::DataFusionError;
/// use urlkit_datafusion::cluster::query_error;
/// let e = DataFusionError::Execution("Job 1 failed: object at location /data/x.parquet not found".into());
/// let msg = query_error("df://h:50050", &["/data/x.parquet".into()], e).to_string();
/// assert!(msg.starts_with("the query failed on the cluster at df://h:50050 (an executor cannot read /data/x.parquet"), "{msg}");
/// let e = DataFusionError::Execution("Job 2 failed: Stage 1 has failed 4 times, most recent failure reason: …".into());
/// let msg = query_error("df://h:50050", &[], e).to_string();
/// assert!(msg.starts_with("the query failed on the cluster at df://h:50050 (ballista ran the failed tasks again"), "{msg}");
/// ```
pub fn query_error(address: &str, tables: &[PathBuf], source: DataFusionError) -> ClusterError {
    let text = source.to_string();
    let unreadable = tables
        .iter()
        .filter(|p| {
            let p = p.to_string_lossy();
            // The object store names a file without the leading `/`.
            text.contains(p.as_ref()) || text.contains(p.trim_start_matches('/'))
        })
        .cloned()
        .collect();
    // The scheduler's words when attempts run out: "Stage 2 has failed 4 times, most recent
    // failure reason: …", "Task … failed 4 times …".
    let retried = text.contains("has failed") || (text.contains("failed") && text.contains(" times"));
    ClusterError::Query {
        address: address.to_owned(),
        unreadable,
        retried,
        source,
    }
}
