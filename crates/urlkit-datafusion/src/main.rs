//! `urlkit-sql`: SQL with urlkit's URL functions over CSV, JSON lines, Parquet and plain
//! one-URL-per-line files. The `urlkit` command runs it as `urlkit sql`.
//!
//! ```text
//! urlkit sql -t urls.txt "SELECT url_host(url) AS host, count(*) AS n FROM urls GROUP BY host ORDER BY n DESC LIMIT 10"
//! urlkit sql -t logs=access.parquet --format csv "SELECT url_query_param(url, 'q') FROM logs"
//! urlkit sql "SELECT url_normalize(url) AS url FROM 'crawl.parquet'" --format parquet -o normalized.parquet
//! urlkit sql -t urls.txt -f report.sql --format jsonl
//! ```
//!
//! `-f FILE` reads the SQL from a file (`-` for standard input), as `-f` names the file
//! of inputs in every other subcommand; `--format` (no short form) picks the output.
//!
//! `--cluster df://HOST:PORT` runs the statements on a Ballista scheduler (`urlkit-ballista`)
//! instead: the same tables (paths made absolute; the executors read them), the same output.

use clap::{Parser, ValueEnum};
use datafusion::arrow::array::{ArrayRef, RecordBatch, StringViewBuilder};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::error::{DataFusionError, Result};
use datafusion::prelude::{
    CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionConfig, SessionContext,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// Runs SQL with urlkit's URL functions (url_parse, url_host, url_resolve, …) over files.
///
/// A file given with --table is a table named after the file (its name up to the first dot)
/// or NAME=PATH. Its format comes from the extension: .csv (with a header row), .tsv,
/// .json/.jsonl/.ndjson (JSON lines), .parquet (or a directory of Parquet files); any other
/// file is one URL per line, a table with one column `url`. Files may also be named in the
/// SQL itself: SELECT … FROM 'data.parquet'.
#[derive(Parser, Debug)]
#[command(name = "urlkit sql", version)]
struct Args {
    /// The SQL statement(s) to run; the last one's result is printed.
    #[arg(required_unless_present_any = ["file", "functions"], conflicts_with = "file")]
    sql: Option<String>,
    /// Read the SQL statement(s) from FILE instead (- for standard input).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    file: Option<PathBuf>,
    /// List the URL functions (syntax, description, an example and its answer) and exit.
    #[arg(long, conflicts_with_all = ["sql", "file"])]
    functions: bool,
    /// A file to register as a table: PATH or NAME=PATH (repeatable).
    #[arg(short, long = "table", value_name = "[NAME=]PATH")]
    tables: Vec<String>,
    /// Register a file as one-URL-per-line whatever its extension: PATH or NAME=PATH.
    #[arg(long = "lines", value_name = "[NAME=]PATH")]
    lines: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Write to this file instead of standard output (required for parquet).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Worker threads and partitions (default: the number of cores).
    #[arg(long)]
    threads: Option<usize>,
    /// A public_suffix_list.dat for url_registrable_domain, url_public_suffix and their
    /// _icann forms, instead of the list built into urlkit.
    #[arg(long, value_name = "FILE")]
    psl: Option<PathBuf>,
    /// Also register another engine's URL functions under their names: clickhouse (domain,
    /// cutToFirstSignificantSubdomain, extractURLParameter, …) or spark (parse_url, and
    /// url_encode/url_decode with Spark's meaning); with --functions, list them too.
    #[arg(long, value_name = "clickhouse|spark")]
    dialect: Option<urlkit_datafusion::Dialect>,
    /// Run on the Ballista cluster whose scheduler is at df://HOST:PORT (urlkit-ballista
    /// scheduler, or urlkit-ballista standalone). Tables are read by the executors: their
    /// paths must be readable at the same absolute path there (same machine or shared
    /// storage).
    #[arg(long, value_name = "df://HOST:PORT", conflicts_with_all = ["psl", "lines"])]
    cluster: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// An aligned text table.
    Table,
    /// CSV with a header row.
    Csv,
    /// One JSON object per row, one per line.
    Json,
    /// The same as json (JSON lines), the name the other subcommands' --format uses.
    Jsonl,
    /// A Parquet file (needs --output).
    Parquet,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.functions {
        return list_functions(args.dialect);
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads.max(1))
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("urlkit sql: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(args, threads)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            match cluster::message(&e) {
                Some(m) => eprintln!("urlkit sql: {m}"),
                None => eprintln!("urlkit sql: {e}"),
            }
            ExitCode::FAILURE
        }
    }
}

/// `--cluster`: the client of `urlkit_datafusion::cluster`, or how to get it.
mod cluster {
    use datafusion::error::{DataFusionError, Result};
    use datafusion::prelude::SessionContext;
    use std::path::{Path, PathBuf};

    #[cfg(feature = "cluster")]
    fn external(e: urlkit_datafusion::cluster::ClusterError) -> DataFusionError {
        DataFusionError::External(Box::new(e))
    }

    /// A context on the scheduler at `address`, with urlkit's functions.
    #[cfg(feature = "cluster")]
    pub async fn connect(address: &str, partitions: usize) -> Result<SessionContext> {
        urlkit_datafusion::cluster::connect(address, partitions)
            .await
            .map_err(external)
    }

    #[cfg(not(feature = "cluster"))]
    pub async fn connect(_: &str, _: usize) -> Result<SessionContext> {
        Err(DataFusionError::Plan(
            "this urlkit-sql was built without the cluster feature: \
             cargo install --path crates/urlkit-datafusion --profile data --features cluster"
                .into(),
        ))
    }

    /// `path` absolute, as the executors need it; an error for a file that `register` reads
    /// as one URL per line (into this process's memory, which executors cannot read).
    pub fn table_path(path: &Path) -> Result<PathBuf> {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let shippable = path.is_dir()
            || ["csv", "tsv", "json", "jsonl", "ndjson", "parquet"]
                .iter()
                .any(|e| ext.eq_ignore_ascii_case(e));
        #[cfg(feature = "cluster")]
        {
            use urlkit_datafusion::cluster::{ClusterError, table_path};
            if !shippable {
                return Err(external(ClusterError::NotShippable {
                    path: path.to_owned(),
                }));
            }
            table_path(path).map_err(external)
        }
        #[cfg(not(feature = "cluster"))]
        {
            let _ = shippable;
            Ok(path.to_owned())
        }
    }

    /// The message of a cluster error (a sentence of its own, without DataFusion's prefix).
    pub fn message(e: &DataFusionError) -> Option<String> {
        #[cfg(feature = "cluster")]
        if let DataFusionError::External(e) = e
            && e.is::<urlkit_datafusion::cluster::ClusterError>()
        {
            return Some(e.to_string());
        }
        let _ = e;
        None
    }

    /// A query's result; on a cluster, its error says what Ballista did and which
    /// table an executor could not read.
    pub fn on<T>(address: &Option<String>, tables: &[PathBuf], result: Result<T>) -> Result<T> {
        match (address, result) {
            #[cfg(feature = "cluster")]
            (Some(address), Err(e)) => {
                let (host, port) = urlkit_datafusion::cluster::parse_address(address).map_err(external)?;
                Err(external(urlkit_datafusion::cluster::query_error(
                    &format!("df://{host}:{port}"),
                    tables,
                    e,
                )))
            }
            (_, result) => {
                let _ = tables;
                result
            }
        }
    }
}

/// `--functions`: every function's documentation, in the order of the crate's table (then
/// the dialect's, with `--dialect`).
fn list_functions(dialect: Option<urlkit_datafusion::Dialect>) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let dialect = dialect.map(|d| d.functions()).unwrap_or_default();
    for f in urlkit_datafusion::functions().into_iter().chain(dialect) {
        let Some(doc) = f.documentation() else {
            continue;
        };
        let example = doc.sql_example.as_deref().unwrap_or_default();
        if writeln!(
            out,
            "{}\n    {}\n    {example}\n",
            doc.syntax_example, doc.description
        )
        .is_err()
        {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

async fn run(args: Args, threads: usize) -> Result<()> {
    if args.cluster.is_some() && args.dialect == Some(urlkit_datafusion::Dialect::Spark) {
        // The executors resolve functions by name, with urlkit's url_encode/url_decode.
        return Err(DataFusionError::Plan(
            "--dialect spark cannot run on a cluster: its url_encode and url_decode would reach \
             the executors as urlkit's functions of the same names; run it without --cluster"
                .into(),
        ));
    }
    let ctx = match &args.cluster {
        Some(address) => cluster::connect(address, threads).await?.enable_url_table(),
        None => {
            let config = SessionConfig::new().with_target_partitions(threads.max(1));
            SessionContext::new_with_config(config).enable_url_table()
        }
    };
    let list = match &args.psl {
        None => None,
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                DataFusionError::Execution(format!("cannot read the list {}: {e}", path.display()))
            })?;
            let list = urlkit::domain::List::parse(&text)
                .map_err(|e| DataFusionError::Execution(format!("bad list {}: {e}", path.display())))?;
            Some(Arc::new(list))
        }
    };
    match &list {
        None => urlkit_datafusion::register(&ctx),
        Some(list) => urlkit_datafusion::register_with_list(&ctx, Arc::clone(list)),
    }
    // --dialect: after urlkit's own, so that Spark's url_encode/url_decode replace them.
    if let Some(dialect) = args.dialect {
        let functions = match &list {
            None => dialect.functions(),
            Some(list) => dialect.functions_with_list(Arc::clone(list)),
        };
        for f in functions {
            ctx.register_udf(f);
        }
    }
    let mut shipped = Vec::new();
    for spec in &args.tables {
        let (name, mut path) = table_spec(spec)?;
        if args.cluster.is_some() {
            path = cluster::table_path(&path)?;
            shipped.push(path.clone());
        }
        register(&ctx, &name, &path, false, threads).await?;
    }
    for spec in &args.lines {
        let (name, path) = table_spec(spec)?;
        register(&ctx, &name, &path, true, threads).await?;
    }
    let sql = match (&args.sql, &args.file) {
        (Some(sql), _) => sql.clone(),
        (None, Some(file)) => read_sql(file)?,
        (None, None) => String::new(),
    };
    let mut last = None;
    for statement in split_statements(&sql) {
        last = Some(ctx.sql(statement).await?);
    }
    let Some(df) = last else {
        return Err(DataFusionError::Plan("no SQL statement given".into()));
    };
    if args.format == Format::Parquet {
        let Some(path) = args.output.as_deref() else {
            return Err(DataFusionError::Plan(
                "--format parquet needs --output FILE".into(),
            ));
        };
        let schema = Arc::new(df.schema().as_arrow().clone());
        let batches = cluster::on(&args.cluster, &shipped, df.collect().await)?;
        return write_parquet(path, schema, &batches);
    }
    let batches = cluster::on(&args.cluster, &shipped, df.collect().await)?;
    let mut out: Box<dyn Write> = match &args.output {
        Some(p) => Box::new(std::io::BufWriter::new(std::fs::File::create(p)?)),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    match args.format {
        Format::Table => writeln!(
            out,
            "{}",
            datafusion::arrow::util::pretty::pretty_format_batches(&batches)?
        )?,
        Format::Csv => {
            let mut w = datafusion::arrow::csv::WriterBuilder::new()
                .with_header(true)
                .build(&mut out);
            for b in &batches {
                w.write(b)?;
            }
        }
        Format::Json | Format::Jsonl => {
            let mut w = datafusion::arrow::json::LineDelimitedWriter::new(&mut out);
            for b in &batches {
                w.write(b)?;
            }
            w.finish()?;
        }
        Format::Parquet => unreachable!("handled above"),
    }
    out.flush()?;
    Ok(())
}

/// The SQL in `file` (`-`: standard input).
fn read_sql(file: &Path) -> Result<String> {
    let text = if file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(file)
    };
    text.map_err(|e| DataFusionError::Plan(format!("{}: {e}", file.display())))
}

/// `NAME=PATH` or `PATH` (the name is the file name up to its first dot).
fn table_spec(spec: &str) -> Result<(String, PathBuf)> {
    if let Some((name, path)) = spec.split_once('=')
        && !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Ok((name.to_owned(), PathBuf::from(path)));
    }
    let path = PathBuf::from(spec);
    let stem = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split('.').next())
        .unwrap_or("");
    let name: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if name.is_empty() {
        return Err(DataFusionError::Plan(format!(
            "cannot name a table after {spec:?}: give NAME=PATH"
        )));
    }
    Ok((name, path))
}

async fn register(
    ctx: &SessionContext,
    name: &str,
    path: &Path,
    lines: bool,
    partitions: usize,
) -> Result<()> {
    let p = path
        .to_str()
        .ok_or_else(|| DataFusionError::Plan(format!("{}: not a UTF-8 path", path.display())))?;
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if lines {
        return register_lines(ctx, name, path, partitions);
    }
    match ext.as_str() {
        "csv" => ctx.register_csv(name, p, CsvReadOptions::new()).await,
        "tsv" => {
            ctx.register_csv(
                name,
                p,
                CsvReadOptions::new().delimiter(b'\t').file_extension(".tsv"),
            )
            .await
        }
        "json" | "jsonl" | "ndjson" => {
            let ext = format!(".{ext}");
            ctx.register_json(name, p, JsonReadOptions::default().file_extension(&ext))
                .await
        }
        "parquet" => ctx.register_parquet(name, p, ParquetReadOptions::default()).await,
        _ if path.is_dir() => ctx.register_parquet(name, p, ParquetReadOptions::default()).await,
        _ => register_lines(ctx, name, path, partitions),
    }
}

/// A one-URL-per-line file as a table with one `url` column (Utf8View), split on `\n` (a
/// `\r` before it is dropped), in `partitions` parts so that queries run in parallel.
fn register_lines(ctx: &SessionContext, name: &str, path: &Path, partitions: usize) -> Result<()> {
    let bytes = std::fs::read(path).map_err(|e| DataFusionError::Plan(format!("{}: {e}", path.display())))?;
    let text = String::from_utf8_lossy(&bytes);
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8View, false)]));
    let lines: Vec<&str> = text
        .split_terminator('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    const BATCH: usize = 8192;
    let mut parts: Vec<Vec<RecordBatch>> = vec![Vec::new(); partitions.max(1)];
    for (i, chunk) in lines.chunks(BATCH).enumerate() {
        let mut b = StringViewBuilder::with_capacity(chunk.len());
        for l in chunk {
            b.append_value(l);
        }
        let column: ArrayRef = Arc::new(b.finish());
        let n = parts.len();
        parts[i % n].push(RecordBatch::try_new(Arc::clone(&schema), vec![column])?);
    }
    ctx.register_table(name, Arc::new(MemTable::try_new(schema, parts)?))?;
    Ok(())
}

/// Splits on `;` outside quotes and comments (enough for a few statements on a command line).
fn split_statements(sql: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut start, mut quote) = (0, None::<u8>);
    let b = sql.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match (quote, b[i]) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, c @ (b'\'' | b'"')) => quote = Some(c),
            (None, b'-') if b.get(i + 1) == Some(&b'-') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            (None, b';') => {
                out.push(&sql[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(&sql[start..]);
    out.retain(|s| !s.trim().is_empty());
    out
}

fn write_parquet(path: &Path, schema: Arc<Schema>, batches: &[RecordBatch]) -> Result<()> {
    let file = std::fs::File::create(path)?;
    let mut w = datafusion::parquet::arrow::ArrowWriter::try_new(file, schema, None)?;
    for b in batches {
        w.write(b)?;
    }
    w.close()?;
    Ok(())
}
