//! The batch driver: read the inputs, run the subcommand's handler on each under a guard,
//! tally the outcomes, write the answers in input order, and turn it all into an exit
//! status. Every subcommand that answers inputs one at a time runs through [`run`].
//!
//! # Adding a subcommand
//!
//! A subcommand `foo` is one file, `cmd/foo.rs` (plus `pub mod foo;` in `cmd/mod.rs`), and
//! two lines in `main.rs`: a variant `Foo(cmd::foo::FooArgs)` with a doc comment (its
//! `--help` line) in `Command`, and `Command::Foo(args) => cmd::foo::run(args),` in `main`.
//!
//! ```ignore
//! use crate::driver::{self, Io, Sink, Status};
//! use crate::standard::Failure;
//!
//! /// Arguments of `urlkit foo`.
//! #[derive(Debug, clap::Args)]
//! #[command(after_help = "Examples:\n  urlkit foo https://example.com/\n\n\
//!                         Exit status: 0 when every input …, 1 when any failed, 2 on usage or I/O errors.")]
//! pub struct FooArgs {
//!     /// URLs (- for standard input; standard input when none are given and it is not a terminal)
//!     #[arg(value_name = "URL")]
//!     pub urls: Vec<std::ffi::OsString>,
//!     /// Print one JSON object per URL (optional: --format json does the same)
//!     #[arg(long)]
//!     pub json: bool,
//!     #[command(flatten)]
//!     pub io: Io, // -f FILE, --format, hygiene, --threads, --quiet: shared by every subcommand
//! }
//!
//! /// The success object, fields in the order declared (serde derive).
//! #[derive(serde::Serialize)]
//! struct FooObject<'a> { input: &'a str, ok: bool, foo: String }
//!
//! pub fn run(args: FooArgs) -> Status {
//!     let batch = args.io.batch(&args.urls, args.json, false); // false: no legacy --jsonl flag
//!     driver::run(batch, || {
//!         |input: &str, out: &mut Sink| match urlkit::foo::foo(input) {
//!             Ok(foo) if out.is_json() => out.json(true, &FooObject { input, ok: true, foo }),
//!             Ok(foo) => out.line(&foo),
//!             Err(e) => out.fail(input, &Failure::at("foo-kind", e.to_string(), e.position())),
//!         }
//!     })
//! }
//! ```
//!
//! The handler gets one input (already cleaned: line end, BOM, `--trim`, UTF-8 checked) and
//! a [`Sink`]; it writes its answer there and returns whether the input succeeded: a JSON
//! object with [`Sink::json`], text with [`Sink::line`] or [`Sink::text`] (several lines
//! are fine: one input may give many, as `--iterate` does), a failure with [`Sink::fail`]
//! (the object `{"input","ok":false,"error","position","expected","kind"}` in JSON, the
//! report with a caret on standard error in text). A failure written another way says its
//! kind with [`Sink::json_failure`] or [`Sink::report`] (the summary counts failures by
//! kind). Use a standard's reading through [`crate::standard::Standard`] (or
//! `standard::whatwg::Requests` to accept `{"input","base"}` request lines) rather than
//! calling the parsers again. The outer closure makes one handler per worker thread, so a
//! handler may keep a cache (`FnMut`); what it captures must be `Sync`. The driver does
//! the rest: where the inputs come from, catching a panic in the handler (the input fails
//! with an internal error, the run goes on), counting, ordering, threads, buffering and
//! flushing, saying where a reported input was (each `urlkit: ` line of a report from a
//! file or standard input becomes `urlkit: FILE:LINE: `, `<stdin>` naming standard input),
//! the summary, closed pipes and I/O errors, and the exit status (see [`Status`]).
//! A usage error found before the run (a bad flag value) is `return driver::usage(msg)`.

use crate::input::{check_open, Block, Hygiene, Item, LineReader, Lines, Raw, Stream};
use crate::standard::Failure;
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::ffi::OsString;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;

/// Buffer size for standard input and output.
const IO_BUFFER: usize = 64 * 1024;

/// The exit status of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Every input was processed successfully (exit 0).
    Success,
    /// At least one input failed (exit 1).
    Failure,
    /// A usage or I/O error (exit 2).
    Error,
    /// Another program's exit code, passed on (external subcommands).
    Code(u8),
}

impl Status {
    /// The process exit code for this status.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Failure => 1,
            Status::Error => 2,
            Status::Code(code) => code,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status.code())
    }
}

/// Counts inputs that succeeded and failed, giving the run's [`Status`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Inputs processed successfully.
    pub ok: u64,
    /// Inputs that failed.
    pub failed: u64,
}

impl Tally {
    /// [`Status::Failure`] when any input failed, else [`Status::Success`].
    pub fn status(&self) -> Status {
        if self.failed == 0 {
            Status::Success
        } else {
            Status::Failure
        }
    }
}

/// One place inputs come from, in the order given.
#[derive(Debug, Clone)]
pub enum Source {
    /// A command-line argument: one input.
    Arg(OsString),
    /// The lines of standard input.
    Stdin,
    /// The lines of a file.
    File(PathBuf),
}

/// How answers are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Text for people: one line per input, or a table; failures reported on standard error.
    Text,
    /// One compact JSON object per line.
    Json,
}

/// The values of `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Text for people (one line out per line in for line-oriented subcommands)
    Text,
    /// JSON objects, one per line (as --json)
    Json,
    /// JSON objects, one per line (JSON Lines; as --jsonl)
    Jsonl,
}

/// The options every batch subcommand shares: where inputs come from besides the
/// arguments, the output format, input hygiene and buffering.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Input and output")]
pub struct Io {
    /// Read inputs from FILE, one per line (repeatable; - for standard input; .gz and .zst are decompressed)
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output format [default: text]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<FormatArg>,
    /// Flush the output after every input (it is always flushed when input would block)
    #[arg(long)]
    pub line_buffered: bool,
    /// Remove white space around each input
    #[arg(long)]
    pub trim: bool,
    /// Skip input lines starting with PREFIX (after --trim)
    #[arg(long, value_name = "PREFIX")]
    pub comments: Option<String>,
    /// Skip empty input lines (after --trim)
    #[arg(long)]
    pub skip_blank: bool,
    /// Percent-encode invalid UTF-8 (the record says "lossy": true) instead of failing the line
    #[arg(long)]
    pub lossy: bool,
    /// The longest input line, in bytes; longer lines fail alone
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_length: usize,
    /// No end-of-run summary and no progress bar on standard error
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// Worker threads for inputs read from files or standard input [default: all cores]; output stays in input order
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

impl Io {
    /// The batch over the positional `inputs` (`-` for standard input), then the files;
    /// standard input when there are none of either and it is not a terminal (`jsonl`:
    /// whatever it is). `json` and `jsonl` are the legacy flags choosing JSON output.
    pub fn batch(&self, inputs: &[OsString], json: bool, jsonl: bool) -> Batch {
        let mut sources: Vec<Source> = inputs
            .iter()
            .map(|input| {
                if input == "-" {
                    Source::Stdin
                } else {
                    Source::Arg(input.clone())
                }
            })
            .collect();
        sources.extend(self.files.iter().map(|file| {
            if file.as_os_str() == "-" {
                Source::Stdin
            } else {
                Source::File(file.clone())
            }
        }));
        let mut no_input = false;
        if sources.is_empty() {
            if jsonl || !io::stdin().is_terminal() {
                sources.push(Source::Stdin);
            } else {
                no_input = true;
            }
        }
        let json = json || jsonl || matches!(self.format, Some(FormatArg::Json | FormatArg::Jsonl));
        Batch {
            sources,
            no_input,
            format: if json { Format::Json } else { Format::Text },
            hygiene: Hygiene {
                trim: self.trim,
                comments: self.comments.clone(),
                skip_blank: self.skip_blank,
                lossy: self.lossy,
                max_length: self.max_length,
            },
            line_buffered: self.line_buffered,
            blank_failures: false,
            summary: !self.quiet,
            progress: !self.quiet && io::stderr().is_terminal(),
            color: color(),
            threads: self
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
                .max(1),
        }
    }

    /// [`Io::batch`] for a line-oriented command: in text, one line out per input line,
    /// a failed input's line empty ([`Batch::blank_failures`]).
    pub fn line_batch(&self, inputs: &[OsString], json: bool, jsonl: bool) -> Batch {
        Batch {
            blank_failures: true,
            ..self.batch(inputs, json, jsonl)
        }
    }
}

/// What the driver is to run over: the inputs, the output format and the input rules.
#[derive(Debug, Clone)]
pub struct Batch {
    /// Where the inputs come from, in order.
    pub sources: Vec<Source>,
    /// No input was given and standard input is a terminal.
    no_input: bool,
    /// The output format.
    pub format: Format,
    /// The input hygiene rules.
    pub hygiene: Hygiene,
    /// Flush after every input.
    pub line_buffered: bool,
    /// In text, a failed input answers an empty line on standard output (its report goes
    /// to standard error), so that a line-oriented command's output keeps one line per
    /// input line, errors included (`paste urls.txt <(urlkit normalize -f urls.txt)`).
    pub blank_failures: bool,
    /// Worker threads (1: answer on the reading thread).
    pub threads: usize,
    /// Say on standard error what a run over files or standard input did.
    pub summary: bool,
    /// Show a progress bar on standard error for long runs.
    pub progress: bool,
    /// Colour the reports on standard error.
    pub color: bool,
}

/// Whether reports on standard error are coloured: on a terminal (or with
/// `CLICOLOR_FORCE` set), never with `NO_COLOR` set (<https://no-color.org>).
fn color() -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    !set("NO_COLOR") && (set("CLICOLOR_FORCE") || io::stderr().is_terminal())
}

/// `report` with the `urlkit:` prefix in bold red and carets in red (ANSI).
fn paint(report: &str) -> String {
    let mut out = String::with_capacity(report.len() + 32);
    for line in report.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("urlkit:") {
            out.push_str("\x1b[1;31murlkit:\x1b[0m");
            out.push_str(rest);
        } else if line.trim_end().ends_with('^') && line.trim().chars().all(|c| c == '^') {
            let caret = line.find('^').unwrap_or(0);
            out.push_str(&line[..caret]);
            out.push_str("\x1b[31m^\x1b[0m");
            out.push_str(&line[caret + 1..]);
        } else {
            out.push_str(line);
        }
    }
    out
}

/// Where a handler writes the answer to one input.
#[derive(Debug)]
pub struct Sink {
    format: Format,
    /// Standard output not yet written.
    out: Vec<u8>,
    /// Standard error of the current input.
    err: String,
    /// The current answer is a block separated from the previous block by a blank line.
    block: bool,
    /// The kind of the current answer's failure.
    kind: Option<&'static str>,
}

impl Sink {
    /// An empty sink writing `format`.
    pub fn new(format: Format) -> Self {
        Sink {
            format,
            out: Vec::with_capacity(IO_BUFFER + 4096),
            err: String::new(),
            block: false,
            kind: None,
        }
    }

    /// Notes the kind of the current input's failure, for the end-of-run summary
    /// ([`Sink::fail`] does it itself).
    pub fn failed_as(&mut self, kind: &'static str) {
        self.kind = Some(kind);
    }

    /// Takes the standard output written so far.
    #[cfg(test)]
    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// What was written: standard output and standard error (for answers made of the
    /// answers of others).
    pub fn into_parts(self) -> (String, String) {
        (String::from_utf8_lossy(&self.out).into_owned(), self.err)
    }

    /// Whether answers are JSON objects.
    pub fn is_json(&self) -> bool {
        self.format == Format::Json
    }

    /// Writes `value` as one compact JSON line; returns `ok`, whether the object says the
    /// input succeeded, for the handler to return.
    pub fn json<T: Serialize + ?Sized>(&mut self, ok: bool, value: &T) -> bool {
        // Serializing our own types into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut self.out, value);
        self.out.push(b'\n');
        ok
    }

    /// Writes a failure object of `kind` as one JSON line; returns `false`.
    pub fn json_failure<T: Serialize + ?Sized>(&mut self, kind: &'static str, value: &T) -> bool {
        self.failed_as(kind);
        self.json(false, value)
    }

    /// Writes the report of a failure of `kind` to standard error; returns `false`.
    pub fn report(&mut self, kind: &'static str, report: &str) -> bool {
        self.failed_as(kind);
        self.error(report);
        false
    }

    /// Writes `text` and a line end to standard output; returns `true`.
    pub fn line(&mut self, text: &str) -> bool {
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'\n');
        true
    }

    /// Writes `text` as it is to standard output.
    pub fn text(&mut self, text: &str) {
        self.out.extend_from_slice(text.as_bytes());
    }

    /// Writes `text` to standard error (after everything before it on standard output).
    pub fn error(&mut self, text: &str) {
        self.err.push_str(text);
    }

    /// Marks the answer as a block: a blank line separates it from the previous block.
    pub fn block(&mut self) {
        self.block = true;
    }

    /// Writes the usual failure of `input`: the object `{"input","ok":false,"error",
    /// "position","expected"[,"kind"]}` in JSON, else the report with a caret on standard
    /// error. Returns `false`.
    pub fn fail(&mut self, input: &str, failure: &Failure) -> bool {
        self.failed_as(failure.kind);
        if self.is_json() {
            self.json(false, &failure.object(input))
        } else {
            self.error(&failure.report(input));
            false
        }
    }
}

/// The object of an input that failed outside any handler (it panicked, or input hygiene
/// failed it): `{"input","base":null,"ok":false,"error","kind","position"}`.
#[derive(Serialize)]
struct LineFailure<'a> {
    input: &'a str,
    base: Option<&'a str>,
    ok: bool,
    error: &'a str,
    kind: &'a str,
    position: Option<usize>,
}

impl<'a> LineFailure<'a> {
    fn new(input: &'a str, failure: &'a Failure) -> Self {
        LineFailure {
            input,
            base: None,
            ok: false,
            error: &failure.message,
            kind: failure.kind,
            position: failure.position,
        }
    }
}

/// Runs `f`; if it panics (a bug in the library or here), returns `None` instead of
/// aborting the whole run. The panic message still goes to standard error.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    panic::catch_unwind(AssertUnwindSafe(f)).ok()
}

/// An I/O error that stopped a run, with the tally of the inputs processed before it.
#[derive(Debug)]
struct RunError {
    tally: Tally,
    error: io::Error,
}

impl RunError {
    fn new(tally: Tally, context: &str, error: io::Error) -> Self {
        let kind = error.kind();
        let message = format!("{context}: {}", lower_first(&error.to_string()));
        RunError {
            tally,
            error: io::Error::new(kind, message),
        }
    }
}

/// Turns the result of a run into a [`Status`], reporting I/O errors on standard error. A
/// closed pipe (as in `urlkit … | head`) is not an error worth a message: the run stops
/// quietly, at once, with exit status 1 when an input had already failed (the failure
/// was reported, and is what the status is for), else 2 (not every input was answered).
fn finish(result: Result<Tally, RunError>) -> Status {
    match result {
        Ok(tally) => tally.status(),
        Err(RunError { tally, error }) if error.kind() == io::ErrorKind::BrokenPipe => match tally.status() {
            Status::Failure => Status::Failure,
            _ => Status::Error,
        },
        Err(RunError { error, .. }) => {
            eprintln!("urlkit: {}", lower_first(&error.to_string()));
            Status::Error
        }
    }
}

/// Lower-cases the first character of an error message from elsewhere (std, serde_json).
pub fn lower_first(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) if first.is_uppercase() && !chars.next().is_some_and(char::is_uppercase) => first
            .to_lowercase()
            .chain(message[first.len_utf8()..].chars())
            .collect(),
        _ => message.to_owned(),
    }
}

/// An answer the writer must look at one by one: a failure, one with a report on
/// standard error, a block, or (`--line-buffered`) any answer. The others are only
/// counted, so that a run of plain answers costs the writer nothing per input.
#[derive(Debug)]
struct Rec {
    /// Where the answer ends in the chunk's output.
    end: usize,
    /// The answer is a block (see [`Sink::block`]).
    block: bool,
    /// What goes to standard error after the answer.
    err: Option<String>,
    /// The kind of a failure (`None`: the input succeeded).
    kind: Option<&'static str>,
    /// The input's line in the chunk (1 for its first line; 0 for an argument).
    line: u64,
}

/// The answers to a run of consecutive inputs of one source.
#[derive(Debug, Default)]
struct Chunk {
    out: Vec<u8>,
    /// The answers the writer must look at, in order.
    recs: Vec<Rec>,
    /// Inputs that succeeded, all of them.
    ok: u64,
    /// Lines of the source read for this chunk.
    lines: u64,
    /// The stream the inputs came from (an index into the batch's sources; `None` for
    /// arguments).
    source: Option<usize>,
    /// Flush standard output once this chunk is written (input may wait next).
    flush: bool,
}

/// The answering half of a run: a handler, the input rules and the sink it fills.
struct Worker<'a, H> {
    handler: H,
    hygiene: &'a Hygiene,
    sink: Sink,
    recs: Vec<Rec>,
    /// Inputs answered with success since the last chunk was taken.
    ok: u64,
    /// Lines read since the last chunk was taken.
    lines: u64,
    /// Where the inputs come from.
    source: Option<usize>,
    /// Record every answer (`--line-buffered`: the writer flushes after each).
    every: bool,
    /// See [`Batch::blank_failures`] (text only).
    blank_failures: bool,
}

impl<'a, H> Worker<'a, H>
where
    H: FnMut(&str, &mut Sink) -> bool,
{
    fn new(handler: H, batch: &'a Batch) -> Self {
        Worker {
            handler,
            hygiene: &batch.hygiene,
            sink: Sink::new(batch.format),
            recs: Vec::new(),
            ok: 0,
            lines: 0,
            source: None,
            every: batch.line_buffered,
            blank_failures: batch.blank_failures && batch.format == Format::Text,
        }
    }

    /// Answers every line of a block (see [`Block::Lines`]).
    fn lines(&mut self, block: &[u8]) {
        let max = self.hygiene.max_length;
        for line in Lines::new(block) {
            self.raw(
                if line.len() > max {
                    Raw::TooLong(line)
                } else {
                    Raw::Line(line)
                },
                true,
            );
        }
    }

    /// Answers one raw input: cleans it by the input rules, then runs the handler. `line`:
    /// the input is a line of a stream (counted for the line numbers of reports), not an
    /// argument.
    fn raw(&mut self, raw: Raw<'_>, line: bool) {
        self.lines += u64::from(line);
        let item = match raw {
            Raw::Line(bytes) => self.hygiene.clean(bytes),
            Raw::TooLong(start) => self.hygiene.too_long(start),
        };
        match item {
            Item::Input(text, lossy) => self.answer(&text, lossy, line),
            Item::Skip => {}
            Item::Fail(shown, failure) => {
                self.sink.block = false;
                let start = self.sink.out.len();
                self.line_failure(&shown, &failure);
                self.blank_if_silent(false, start);
                self.push(false, line);
            }
        }
    }

    /// Answers one input with the handler, under a guard. `lossy`: invalid UTF-8 in the
    /// input was percent-encoded, which the answer says.
    fn answer(&mut self, input: &str, lossy: bool, line: bool) {
        let start = self.sink.out.len();
        self.sink.block = false;
        self.sink.kind = None;
        let (handler, sink) = (&mut self.handler, &mut self.sink);
        let ok = match guarded(|| handler(input, sink)) {
            Some(ok) => ok,
            None => {
                self.sink.out.truncate(start);
                self.sink.err.clear();
                self.sink.block = false;
                self.sink.kind = None;
                self.line_failure(input, &Failure::internal())
            }
        };
        if lossy {
            self.mark_lossy(start, input);
        }
        self.blank_if_silent(ok, start);
        self.push(ok, line);
    }

    /// Writes the empty line of a failed input that wrote nothing on standard output, when
    /// the batch keeps one line per input ([`Batch::blank_failures`]).
    fn blank_if_silent(&mut self, ok: bool, start: usize) {
        if !ok && self.blank_failures && self.sink.out.len() == start {
            self.sink.out.push(b'\n');
        }
    }

    /// Writes the failure of an input outside any handler.
    fn line_failure(&mut self, input: &str, failure: &Failure) -> bool {
        self.sink.failed_as(failure.kind);
        if self.sink.is_json() {
            self.sink.json(false, &LineFailure::new(input, failure))
        } else {
            self.sink.fail(input, failure)
        }
    }

    /// Says that the answer starting at `start` is for percent-encoded input: a
    /// `"lossy": true` field in JSON objects, a note on standard error in text.
    fn mark_lossy(&mut self, start: usize, input: &str) {
        if !self.sink.is_json() {
            self.sink
                .error(&format!("urlkit: invalid utf-8 percent-encoded in {input:?}\n"));
            return;
        }
        if self.sink.out[start..].ends_with(b"}\n") {
            let at = self.sink.out.len() - 2;
            self.sink.out.splice(at..at, *b",\"lossy\":true");
        }
    }

    /// Records the answer just written (`line`: it answers a line of a stream).
    fn push(&mut self, ok: bool, line: bool) {
        if ok && !self.sink.block && self.sink.err.is_empty() && !self.every {
            self.ok += 1;
            return;
        }
        self.ok += u64::from(ok);
        let err = (!self.sink.err.is_empty()).then(|| std::mem::take(&mut self.sink.err));
        let kind = self.sink.kind.take();
        self.recs.push(Rec {
            end: self.sink.out.len(),
            block: self.sink.block,
            err,
            kind: if ok { None } else { Some(kind.unwrap_or("other")) },
            line: if line { self.lines } else { 0 },
        });
    }

    /// Whether the answers so far should be written now: a report waits for them, or
    /// the buffer is full.
    fn due(&self) -> bool {
        self.sink.out.len() >= IO_BUFFER || self.recs.iter().any(|r| r.err.is_some())
    }

    /// Takes the answers so far, leaving `fresh` (empty) as the next output buffer.
    fn take_into(&mut self, fresh: Vec<u8>) -> Chunk {
        Chunk {
            out: std::mem::replace(&mut self.sink.out, fresh),
            recs: std::mem::take(&mut self.recs),
            ok: std::mem::take(&mut self.ok),
            lines: std::mem::take(&mut self.lines),
            source: self.source,
            flush: false,
        }
    }
}

/// The writing half of a run: writes chunks in order, counts, separates blocks, keeps
/// standard error in step with standard output.
struct Output<W> {
    output: W,
    tally: Tally,
    blocks: u64,
    line_buffered: bool,
    color: bool,
    /// Failures by kind.
    kinds: std::collections::BTreeMap<&'static str, u64>,
    /// The progress bar, when one is shown.
    progress: Option<Progress>,
    /// How reports name each source (`None` for arguments).
    names: Vec<Option<String>>,
    /// The source of the last chunk written.
    source: Option<usize>,
    /// Lines of that source before the chunk being written.
    line: u64,
}

/// A progress line on standard error, drawn once a run has taken a while.
struct Progress {
    start: std::time::Instant,
    drawn: Option<std::time::Instant>,
}

impl Progress {
    /// Seconds before the first drawing.
    const AFTER: f64 = 2.0;

    /// Draws the line when it is due.
    fn tick(&mut self, tally: Tally) {
        let now = std::time::Instant::now();
        let elapsed = now.duration_since(self.start).as_secs_f64();
        let due = match self.drawn {
            None => elapsed >= Self::AFTER,
            Some(last) => now.duration_since(last).as_millis() >= 250,
        };
        if due {
            let done = tally.ok + tally.failed;
            let rate = done as f64 / elapsed.max(1e-9);
            eprint!("\r\x1b[K{done} inputs, {} failed, {rate:.0}/s", tally.failed);
            self.drawn = Some(now);
        }
    }

    /// Removes the line, if drawn.
    fn clear(&mut self) {
        if self.drawn.take().is_some() {
            eprint!("\r\x1b[K");
        }
    }
}

impl<W: Write> Output<W> {
    fn new(output: W, batch: &Batch) -> Self {
        Output {
            output,
            tally: Tally::default(),
            blocks: 0,
            line_buffered: batch.line_buffered,
            color: batch.color,
            kinds: std::collections::BTreeMap::new(),
            progress: batch.progress.then(|| Progress {
                start: std::time::Instant::now(),
                drawn: None,
            }),
            names: batch.sources.iter().map(location_name).collect(),
            source: None,
            line: 0,
        }
    }

    /// `report` with each of its messages (the lines starting `urlkit: `) saying where the
    /// input was: `urlkit: FILE:LINE: …`, the name `<stdin>` for standard input; an
    /// argument's report as it is.
    fn locate<'r>(&self, report: &'r str, line: u64) -> std::borrow::Cow<'r, str> {
        let Some(name) = self.source.and_then(|i| self.names.get(i)?.as_deref()) else {
            return report.into();
        };
        let line = self.line + line;
        let mut located = String::with_capacity(report.len() + name.len() + 16);
        for text in report.split_inclusive('\n') {
            match text.strip_prefix("urlkit: ") {
                Some(rest) => {
                    located.push_str(&format!("urlkit: {name}:{line}: "));
                    located.push_str(rest);
                }
                None => located.push_str(text),
            }
        }
        located.into()
    }

    /// The end-of-run summary: inputs, failures by kind, time.
    fn summary(&self, elapsed: std::time::Duration) -> String {
        let total = self.tally.ok + self.tally.failed;
        let mut text = format!("urlkit: {total} inputs, {} failed", self.tally.failed);
        if !self.kinds.is_empty() {
            let kinds: Vec<String> = self.kinds.iter().map(|(kind, n)| format!("{n} {kind}")).collect();
            text.push_str(&format!(" ({})", kinds.join(", ")));
        }
        text.push_str(&format!(" in {:.2} s\n", elapsed.as_secs_f64()));
        text
    }

    /// The error of a failed write.
    fn write_error(&self, error: io::Error) -> RunError {
        RunError::new(self.tally, "error writing standard output", error)
    }

    /// Writes `bytes`.
    fn put(&mut self, bytes: &[u8]) -> Result<(), RunError> {
        let result = self.output.write_all(bytes);
        result.map_err(|e| self.write_error(e))
    }

    /// Flushes the stream.
    fn flush(&mut self) -> Result<(), RunError> {
        let result = self.output.flush();
        result.map_err(|e| self.write_error(e))
    }

    /// Writes a chunk of answers.
    fn write(&mut self, chunk: &Chunk) -> Result<(), RunError> {
        if chunk.source != self.source {
            self.source = chunk.source;
            self.line = 0;
        }
        let (mut start, mut written) = (0, 0);
        for rec in &chunk.recs {
            if let Some(kind) = rec.kind {
                self.tally.failed += 1;
                *self.kinds.entry(kind).or_default() += 1;
            }
            if rec.block {
                if self.blocks > 0 {
                    self.put(&chunk.out[written..start])?;
                    self.put(b"\n")?;
                    written = start;
                }
                self.blocks += 1;
            }
            if rec.err.is_some() || self.line_buffered {
                self.put(&chunk.out[written..rec.end])?;
                written = rec.end;
                self.flush()?;
            }
            if let Some(err) = &rec.err {
                if let Some(progress) = &mut self.progress {
                    progress.clear();
                }
                let err = self.locate(err, rec.line);
                if self.color {
                    eprint!("{}", paint(&err));
                } else {
                    eprint!("{err}");
                }
            }
            start = rec.end;
        }
        self.tally.ok += chunk.ok;
        self.line += chunk.lines;
        self.put(&chunk.out[written..])?;
        if chunk.flush {
            self.flush()?;
        }
        let tally = self.tally;
        if let Some(progress) = &mut self.progress {
            progress.tick(tally);
        }
        Ok(())
    }

    /// Flushes, clears the progress bar and gives the tally, the failures by kind and the
    /// summary.
    fn close(mut self, started: std::time::Instant) -> Result<Closed, RunError> {
        self.flush()?;
        if let Some(progress) = &mut self.progress {
            progress.clear();
        }
        Ok(Closed {
            summary: self.summary(started.elapsed()),
            tally: self.tally,
        })
    }
}

/// What a finished run leaves.
struct Closed {
    tally: Tally,
    summary: String,
}

/// Prints a usage error and gives its status (exit 2).
pub fn usage(message: &str) -> Status {
    eprintln!("urlkit: {message}");
    Status::Error
}

/// Runs a batch: every input answered by a handler made by `make` (one per worker
/// thread), the answers written in input order.
pub fn run<M, H>(batch: Batch, make: M) -> Status
where
    M: Fn() -> H + Sync,
    H: FnMut(&str, &mut Sink) -> bool,
{
    if batch.no_input {
        return usage("no input: give URLs as arguments, files with -f FILE, or pipe them in (see --help)");
    }
    let output = BufWriter::with_capacity(IO_BUFFER, io::stdout());
    let mut io_failed = false;
    let summary = batch.summary && batch.sources.iter().any(|s| !matches!(s, Source::Arg(_)));
    let result = run_on(batch, output, make, &mut |source, error| {
        io_failed = true;
        eprintln!(
            "urlkit: cannot read {source}: {}",
            lower_first(&error.to_string())
        );
    });
    let result = result.map(|closed| {
        if summary {
            eprint!("{}", closed.summary);
        }
        closed.tally
    });
    match finish(result) {
        Status::Success | Status::Failure if io_failed => Status::Error,
        status => status,
    }
}

/// Opens a source of lines.
fn open(source: &Source) -> io::Result<Stream> {
    match source {
        Source::Stdin => Stream::stdin(),
        Source::File(path) => Stream::open(path),
        Source::Arg(_) => Err(io::Error::other("an argument is not a stream")),
    }
}

/// The name of a source in the location of a report: `None` for an argument.
fn location_name(source: &Source) -> Option<String> {
    match source {
        Source::Stdin => Some("<stdin>".to_owned()),
        Source::File(path) => Some(path.display().to_string()),
        Source::Arg(_) => None,
    }
}

/// The name of a source in messages.
fn source_name(source: &Source) -> String {
    match source {
        Source::Stdin => "standard input".to_owned(),
        Source::File(path) => path.display().to_string(),
        Source::Arg(_) => "an argument".to_owned(),
    }
}

/// What reading found.
enum Event<'a> {
    /// The inputs that follow come from the stream `Some(index)` of the batch's sources,
    /// or from arguments (`None`).
    Source(Option<usize>),
    /// One argument: one input, whatever bytes it holds.
    Arg(Raw<'a>),
    /// One line of a stream.
    Line(Raw<'a>),
    /// Whole lines of a stream (see [`Block::Lines`]).
    Lines(&'a [u8]),
    /// The next read may wait.
    Waiting,
}

/// Reads every source in order, handing what it finds to `each`, and [`Event::Waiting`]
/// before a read that may wait for input; `unreadable` hears of each source that cannot
/// be read. Stops early when `each` fails.
fn read_all<E>(
    batch: &Batch,
    unreadable: &mut dyn FnMut(&str, io::Error),
    each: &mut dyn FnMut(Event<'_>) -> Result<(), E>,
) -> Result<(), E> {
    let mut streaming = false;
    for (index, source) in batch.sources.iter().enumerate() {
        if let Source::Arg(arg) = source {
            if std::mem::take(&mut streaming) {
                each(Event::Source(None))?;
            }
            let bytes = arg_bytes(arg);
            if bytes.len() > batch.hygiene.max_length {
                each(Event::Arg(Raw::TooLong(&bytes)))?;
            } else {
                each(Event::Arg(Raw::Line(&bytes)))?;
            }
            continue;
        }
        let mut lines = match open(source) {
            Ok(stream) => LineReader::new(stream, batch.hygiene.max_length),
            Err(e) => {
                unreadable(&source_name(source), e);
                continue;
            }
        };
        streaming = true;
        each(Event::Source(Some(index)))?;
        let mut stopped = None;
        loop {
            let mut before_blocking = || {
                each(Event::Waiting).map_err(|e| {
                    stopped = Some(e);
                    io::Error::other("stopped")
                })
            };
            match lines.next_block(&mut before_blocking) {
                Ok(Some(Block::Lines(block))) => each(Event::Lines(block))?,
                Ok(Some(Block::One(raw))) => each(Event::Line(raw))?,
                Ok(None) => break,
                Err(e) => {
                    if let Some(stopped) = stopped.take() {
                        return Err(stopped);
                    }
                    unreadable(&source_name(source), e);
                    break;
                }
            }
        }
    }
    Ok(())
}

/// [`run`] writing to `output`; `unreadable` hears of each source that could not be read
/// (the run goes on with the next).
fn run_on<W, M, H>(
    batch: Batch,
    output: W,
    make: M,
    unreadable: &mut dyn FnMut(&str, io::Error),
) -> Result<Closed, RunError>
where
    W: Write + Send,
    M: Fn() -> H + Sync,
    H: FnMut(&str, &mut Sink) -> bool,
{
    let streams = batch.sources.iter().any(|s| !matches!(s, Source::Arg(_)));
    if batch.threads > 1 && streams {
        return run_threaded(batch, output, make, unreadable);
    }
    let mut worker = Worker::new(make(), &batch);
    let started = std::time::Instant::now();
    let mut out = Output::new(output, &batch);
    let mut spare = Vec::with_capacity(IO_BUFFER + 4096);
    // Writes the answers so far, keeping the buffer for the next ones.
    let mut write = |worker: &mut Worker<'_, H>, out: &mut Output<W>| {
        let mut chunk = worker.take_into(std::mem::take(&mut spare));
        let written = out.write(&chunk);
        chunk.out.clear();
        spare = chunk.out;
        written
    };
    read_all(&batch, unreadable, &mut |event| {
        match event {
            Event::Source(source) => {
                write(&mut worker, &mut out)?;
                worker.source = source;
            }
            Event::Arg(raw) => worker.raw(raw, false),
            Event::Line(raw) => worker.raw(raw, true),
            Event::Lines(block) => worker.lines(block),
            // Nothing may wait in our buffers while reading waits for input (`tail -f`).
            Event::Waiting => {
                write(&mut worker, &mut out)?;
                out.flush()?;
            }
        }
        if worker.due() || batch.line_buffered {
            write(&mut worker, &mut out)?;
        }
        Ok(())
    })?;
    write(&mut worker, &mut out)?;
    out.close(started)
}

/// What one stretch of a work unit's bytes holds.
#[derive(Debug, Clone, Copy)]
enum Seg {
    /// Whole lines (see [`Block::Lines`]).
    Lines,
    /// One input: `line` (a line of a stream, else an argument), `too_long` (only the
    /// start of an overlong line or argument).
    One { line: bool, too_long: bool },
}

/// Inputs handed to a worker thread: their bytes and what each stretch holds.
struct Work {
    data: Vec<u8>,
    /// Where each stretch ends in `data`, and what it holds.
    segs: Vec<(usize, Seg)>,
    /// The source of the inputs (see [`Chunk::source`]).
    source: Option<usize>,
    /// Flush once the answers are written.
    flush: bool,
}

/// Stretches per work unit (one per argument; lines come in blocks of up to the read
/// buffer).
const WORK_ITEMS: usize = 4096;

/// Bytes of input per work unit (a unit is handed over when either limit is reached).
const WORK_BYTES: usize = 4 * IO_BUFFER;

/// Buffers handed back for reuse, so that a long run does not allocate (and fault in)
/// fresh work units and output buffers all the time.
struct Pool<T>(std::sync::Mutex<Vec<T>>);

impl<T> Pool<T> {
    fn new() -> Self {
        Pool(std::sync::Mutex::new(Vec::new()))
    }

    /// A buffer from the pool, else a new one from `make`.
    fn get(&self, make: impl FnOnce() -> T) -> T {
        self.0
            .lock()
            .ok()
            .and_then(|mut pool| pool.pop())
            .unwrap_or_else(make)
    }

    /// Returns a buffer (already emptied) to the pool.
    fn put(&self, item: T) {
        if let Ok(mut pool) = self.0.lock() {
            if pool.len() < 16 {
                pool.push(item);
            }
        }
    }
}

impl Work {
    /// An empty work unit with room for a full one.
    fn new() -> Self {
        Work {
            data: Vec::with_capacity(WORK_BYTES + IO_BUFFER),
            segs: Vec::with_capacity(64),
            source: None,
            flush: false,
        }
    }

    /// Adds a stretch of `bytes` holding `seg`.
    fn push(&mut self, bytes: &[u8], seg: Seg) {
        self.data.extend_from_slice(bytes);
        self.segs.push((self.data.len(), seg));
    }

    /// Adds one input (`line`: a line of a stream, else an argument).
    fn push_one(&mut self, raw: Raw<'_>, line: bool) {
        match raw {
            Raw::Line(bytes) => self.push(
                bytes,
                Seg::One {
                    line,
                    too_long: false,
                },
            ),
            Raw::TooLong(bytes) => self.push(bytes, Seg::One { line, too_long: true }),
        }
    }

    /// Whether the unit should be handed over.
    fn full(&self) -> bool {
        self.data.len() >= WORK_BYTES || self.segs.len() >= WORK_ITEMS
    }

    /// Answers every input of the unit with `worker`.
    fn answer<H>(&self, worker: &mut Worker<'_, H>)
    where
        H: FnMut(&str, &mut Sink) -> bool,
    {
        worker.source = self.source;
        let mut start = 0;
        for &(end, seg) in &self.segs {
            let bytes = &self.data[start..end];
            match seg {
                Seg::Lines => worker.lines(bytes),
                Seg::One { line, too_long } => worker.raw(
                    if too_long {
                        Raw::TooLong(bytes)
                    } else {
                        Raw::Line(bytes)
                    },
                    line,
                ),
            }
            start = end;
        }
    }
}

/// [`run_on`] with `batch.threads` workers: the calling thread reads and cuts the input
/// into work units (whole blocks of lines, so that it does nothing per line), the workers
/// answer them, a writer thread writes the answers in input order. Channels are bounded,
/// so memory is too.
fn run_threaded<W, M, H>(
    batch: Batch,
    output: W,
    make: M,
    unreadable: &mut dyn FnMut(&str, io::Error),
) -> Result<Closed, RunError>
where
    W: Write + Send,
    M: Fn() -> H + Sync,
    H: FnMut(&str, &mut Sink) -> bool,
{
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::sync_channel;
    use std::sync::{Arc, Mutex};

    let threads = batch.threads;
    let (work_tx, work_rx) = sync_channel::<(u64, Work)>(threads * 2);
    // The workers share the receiving end and the last one to stop drops it, so that the
    // reader's next send fails instead of waiting for ever once the writer has stopped (a
    // closed pipe, a full disk) and the workers with it.
    let work_rx = Arc::new(Mutex::new(work_rx));
    let (done_tx, done_rx) = sync_channel::<(u64, Chunk)>(threads * 2);
    let (works, outs) = (Pool::new(), Pool::new());
    // Set by the writer when it stops early: the reader stops reading.
    let stopped = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (work_rx, done_tx, make, batch) = (Arc::clone(&work_rx), done_tx.clone(), &make, &batch);
            let (works, outs) = (&works, &outs);
            scope.spawn(move || {
                let mut worker = Worker::new(make(), batch);
                loop {
                    let next = work_rx
                        .lock()
                        .map_err(drop)
                        .and_then(|rx| rx.recv().map_err(drop));
                    let Ok((seq, mut work)) = next else { break };
                    work.answer(&mut worker);
                    let mut chunk = worker.take_into(outs.get(|| Vec::with_capacity(WORK_BYTES + IO_BUFFER)));
                    chunk.flush = work.flush;
                    work.data.clear();
                    work.segs.clear();
                    works.put(work);
                    if done_tx.send((seq, chunk)).is_err() {
                        break;
                    }
                }
            });
        }
        drop((done_tx, work_rx));
        let started = std::time::Instant::now();
        let batch = &batch;
        let outs = &outs;
        let stopped = &stopped;
        let writer = scope.spawn(move || {
            let mut out = Output::new(output, batch);
            let mut pending = BTreeMap::new();
            let mut next = 0u64;
            let write = || -> Result<(), RunError> {
                for (seq, chunk) in done_rx {
                    pending.insert(seq, chunk);
                    while let Some(mut chunk) = pending.remove(&next) {
                        out.write(&chunk)?;
                        chunk.out.clear();
                        outs.put(chunk.out);
                        next += 1;
                    }
                }
                Ok(())
            };
            // Dropping the receiver (returning from `write`) stops the workers' sends.
            if let Err(e) = write() {
                stopped.store(true, Ordering::Relaxed);
                return Err(e);
            }
            out.close(started)
        });
        let mut work = Work::new();
        let mut seq = 0u64;
        let mut send = |work: &mut Work, flush: bool| -> Result<(), ()> {
            let source = work.source;
            let mut unit = std::mem::replace(work, works.get(Work::new));
            work.source = source;
            unit.flush = flush;
            work_tx.send((seq, unit)).map_err(drop)?;
            seq += 1;
            Ok(())
        };
        let mut sent_unflushed = false;
        let _ = read_all(batch, unreadable, &mut |event| -> Result<(), ()> {
            if stopped.load(Ordering::Relaxed) {
                return Err(());
            }
            match event {
                Event::Source(source) => {
                    if !work.segs.is_empty() {
                        send(&mut work, false)?;
                        sent_unflushed = true;
                    }
                    work.source = source;
                    return Ok(());
                }
                Event::Arg(raw) => work.push_one(raw, false),
                Event::Line(raw) => work.push_one(raw, true),
                Event::Lines(block) => work.push(block, Seg::Lines),
                // Hand over what was read and have it flushed before input waits.
                Event::Waiting => {
                    if !work.segs.is_empty() || sent_unflushed {
                        send(&mut work, true)?;
                        sent_unflushed = false;
                    }
                    return Ok(());
                }
            }
            if work.full() || batch.line_buffered {
                send(&mut work, batch.line_buffered)?;
                sent_unflushed = !batch.line_buffered;
            }
            Ok(())
        });
        if !work.segs.is_empty() {
            let _ = send(&mut work, false);
        }
        drop(work_tx);
        writer.join().unwrap_or_else(|_| {
            Err(RunError::new(
                Tally::default(),
                "error writing standard output",
                io::Error::other("writer panicked"),
            ))
        })
    })
}

/// The bytes of an argument as given.
fn arg_bytes(arg: &OsString) -> std::borrow::Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        std::borrow::Cow::Borrowed(arg.as_bytes())
    }
    #[cfg(not(unix))]
    {
        std::borrow::Cow::Owned(arg.to_string_lossy().into_owned().into_bytes())
    }
}

/// Fails (exit 2) when standard output is closed, before anything is done.
pub fn check_stdout() -> Result<(), Status> {
    check_open(1).map_err(|e| {
        usage(&format!(
            "error writing standard output: {}",
            lower_first(&e.to_string())
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard::INTERNAL_ERROR;

    #[derive(Serialize)]
    struct Obj<'a> {
        input: &'a str,
        ok: bool,
    }

    /// A batch over arguments.
    fn args(inputs: &[&str], format: Format) -> Batch {
        Batch {
            sources: inputs.iter().map(|i| Source::Arg(OsString::from(i))).collect(),
            no_input: false,
            format,
            hygiene: Hygiene {
                max_length: 100,
                ..Hygiene::default()
            },
            line_buffered: false,
            blank_failures: false,
            threads: 1,
            summary: false,
            progress: false,
            color: false,
        }
    }

    /// Runs `batch` with `handler`, giving the tally and the output.
    fn run_test<H>(batch: Batch, handler: H) -> (Tally, String)
    where
        H: FnMut(&str, &mut Sink) -> bool + Clone + Sync,
    {
        let mut out = Vec::new();
        let tally = run_on(batch, &mut out, || handler.clone(), &mut |_, e| panic!("{e}")).unwrap();
        (tally.tally, String::from_utf8(out).unwrap())
    }

    #[test]
    fn every_input_is_answered_and_panics_fail_one_input() {
        let (tally, text) = run_test(
            args(&["a", "boom", "", "b"], Format::Json),
            |line: &str, sink: &mut Sink| {
                assert_ne!(line, "boom", "deliberate panic");
                let ok = !line.is_empty();
                sink.json(ok, &Obj { input: line, ok })
            },
        );
        assert_eq!(tally, Tally { ok: 2, failed: 2 });
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[1],
            format!(
                r#"{{"input":"boom","base":null,"ok":false,"error":"{INTERNAL_ERROR}","kind":"internal","position":null}}"#
            )
        );
    }

    #[test]
    fn blocks_are_separated_by_a_blank_line() {
        let (_, text) = run_test(
            args(&["a", "-x", "b", "c"], Format::Text),
            |input: &str, sink: &mut Sink| {
                if input == "-x" {
                    return false;
                }
                sink.block();
                sink.line(input)
            },
        );
        assert_eq!(text, "a\n\nb\n\nc\n");
    }

    #[test]
    fn a_line_batch_answers_a_silent_failure_with_an_empty_line() {
        // Fails "-x" silently, "-y" with a line of its own, and "-z" after a partial answer.
        let handler = |input: &str, sink: &mut Sink| match input {
            "-x" => false,
            "-y" => {
                sink.line("y failed");
                false
            }
            "-z" => {
                sink.line("z part");
                false
            }
            _ => sink.line(input),
        };
        let inputs = ["-x", "a", "-x", "-x", "-y", "-z", "b", "-x"];
        let mut batch = args(&inputs, Format::Text);
        batch.blank_failures = true;
        let (tally, text) = run_test(batch, handler);
        assert_eq!(tally, Tally { ok: 2, failed: 6 });
        assert_eq!(text, "\na\n\n\ny failed\nz part\nb\n\n");
        assert_eq!(text.lines().count(), inputs.len());
        // Not asked for: a silent failure writes nothing.
        let (_, text) = run_test(args(&inputs, Format::Text), handler);
        assert_eq!(text, "a\ny failed\nz part\nb\n");
        // JSON always answers with an object: no empty line.
        let mut batch = args(&["-x", "a"], Format::Json);
        batch.blank_failures = true;
        let (_, text) = run_test(batch, |input: &str, sink: &mut Sink| {
            let ok = input == "a";
            sink.json(ok, &Obj { input, ok })
        });
        assert_eq!(
            text,
            "{\"input\":\"-x\",\"ok\":false}\n{\"input\":\"a\",\"ok\":true}\n"
        );
    }

    #[test]
    fn lossy_answers_say_so() {
        let mut batch = args(&[], Format::Json);
        batch.hygiene.lossy = true;
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            batch
                .sources
                .push(Source::Arg(OsString::from_vec(b"a\xff".to_vec())));
        }
        let (_, text) = run_test(batch, |input: &str, sink: &mut Sink| {
            sink.json(true, &Obj { input, ok: true })
        });
        #[cfg(unix)]
        assert_eq!(text, "{\"input\":\"a%FF\",\"ok\":true,\"lossy\":true}\n");
    }

    #[test]
    fn messages_are_lower_case() {
        assert_eq!(lower_first("Broken pipe"), "broken pipe");
        assert_eq!(lower_first("EOF while"), "EOF while");
        assert_eq!(lower_first(""), "");
    }
}
