//! The batch driver: read the inputs, run the subcommand's handler on each under a guard,
//! tally the outcomes, write the answers in input order, and turn it all into an exit
//! status. Every subcommand that answers inputs one at a time runs through [`run`].
//!
//! # Adding a subcommand
//!
//! A subcommand `foo` is one file, `cmd/foo.rs`, and two lines in `main.rs`:
//!
//! ```ignore
//! /// Arguments of `urlkit foo`.
//! #[derive(Debug, clap::Args)]
//! pub struct FooArgs {
//!     #[command(flatten)]
//!     pub io: Io, // the inputs and the output format, shared by every subcommand
//! }
//!
//! /// One success object, field order as declared.
//! #[derive(serde::Serialize)]
//! struct FooObject<'a> { input: &'a str, ok: bool, foo: String }
//!
//! pub fn run(args: FooArgs) -> Status {
//!     driver::run(args.io.batch(), || {
//!         |input: &str, out: &mut Sink| match urlkit::foo::foo(input) {
//!             Ok(foo) if out.is_json() => out.json(true, &FooObject { input, ok: true, foo }),
//!             Ok(foo) => out.line(&foo),
//!             Err(e) => out.fail(input, &Failure::from(e)),
//!         }
//!     })
//! }
//! ```
//!
//! The handler gets one input and a [`Sink`]; it writes its answer there (a JSON object
//! with [`Sink::json`], text with [`Sink::line`] or [`Sink::text`], a failure in the
//! format's shape with [`Sink::fail`]) and returns whether the input succeeded. The outer
//! closure makes one handler per worker, so a handler may keep a cache (`FnMut`). The
//! driver does the rest: where the inputs come from, catching a panic in the handler (the
//! input fails with an internal error, the run goes on), counting, ordering, buffering and
//! flushing, closed pipes and I/O errors, and the exit status (see [`Status`]).

use crate::standard::{Failure, INTERNAL_ERROR};
use serde::Serialize;
use std::borrow::Cow;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::panic::{self, AssertUnwindSafe};
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
}

impl Status {
    /// The process exit code for this status.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Failure => 1,
            Status::Error => 2,
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
    /// Records one input's outcome.
    pub fn record(&mut self, ok: bool) {
        if ok {
            self.ok += 1;
        } else {
            self.failed += 1;
        }
    }

    /// [`Status::Failure`] when any input failed, else [`Status::Success`].
    pub fn status(&self) -> Status {
        if self.failed == 0 {
            Status::Success
        } else {
            Status::Failure
        }
    }
}

/// Where the inputs come from.
#[derive(Debug, Clone)]
pub enum Source {
    /// The command line's arguments, each one input.
    Args(Vec<String>),
    /// The lines of standard input: split on `\n` only, the `\n` removed and nothing else,
    /// invalid UTF-8 replaced with U+FFFD per line.
    Stdin,
}

/// How answers are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Text for people: one line per input, or a table; failures reported on standard error.
    Text,
    /// One JSON object per line.
    Json,
}

/// What the driver is to run over: the inputs and the output format.
#[derive(Debug, Clone)]
pub struct Batch {
    /// The inputs.
    pub source: Source,
    /// The output format.
    pub format: Format,
}

impl Batch {
    /// A batch over `source` written as `format`.
    pub fn new(source: Source, format: Format) -> Self {
        Batch { source, format }
    }

    /// Arguments in `--json` (objects) or text form.
    pub fn args(inputs: Vec<String>, json: bool) -> Self {
        let format = if json { Format::Json } else { Format::Text };
        Batch::new(Source::Args(inputs), format)
    }

    /// `--jsonl`: the lines of standard input, one object each.
    pub fn jsonl() -> Self {
        Batch::new(Source::Stdin, Format::Json)
    }
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
}

impl Sink {
    /// An empty sink writing `format`.
    pub fn new(format: Format) -> Self {
        Sink {
            format,
            out: Vec::with_capacity(IO_BUFFER + 4096),
            err: String::new(),
            block: false,
        }
    }

    /// Takes the standard output written so far.
    #[cfg(test)]
    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
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
        if self.is_json() {
            self.json(false, &failure.object(input))
        } else {
            self.error(&failure.report(input));
            false
        }
    }
}

/// The object written when a handler panicked: `{"input","base":null,"ok":false,"error"}`.
#[derive(Serialize)]
struct Panicked<'a> {
    input: &'a str,
    base: Option<&'a str>,
    ok: bool,
    error: &'a str,
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
/// quietly with the status of what was processed.
fn finish(result: Result<Tally, RunError>) -> Status {
    match result {
        Ok(tally) => tally.status(),
        Err(RunError { tally, error }) if error.kind() == io::ErrorKind::BrokenPipe => tally.status(),
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

/// The lines of a byte stream: split on `\n` only, the `\n` removed and nothing else (a
/// `\r` stays), each decoded with [`String::from_utf8_lossy`]. An empty segment after the
/// last `\n` is not a line; a last line without `\n` is.
struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    fn new(reader: R) -> Self {
        Lines {
            reader,
            buf: Vec::with_capacity(1024),
        }
    }

    /// The next line, `Ok(None)` at the end of the input.
    fn next_line(&mut self) -> io::Result<Option<Cow<'_, str>>> {
        self.buf.clear();
        if self.reader.read_until(b'\n', &mut self.buf)? == 0 {
            return Ok(None);
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        }
        // The strict check is faster than `from_utf8_lossy` on the usual, valid, line.
        Ok(Some(match std::str::from_utf8(&self.buf) {
            Ok(line) => Cow::Borrowed(line),
            Err(_) => String::from_utf8_lossy(&self.buf),
        }))
    }
}

/// The writing half of a run: the sink the handler fills and the stream it drains into.
struct Writer<W> {
    output: W,
    sink: Sink,
    tally: Tally,
    blocks: u64,
}

impl<W: Write> Writer<W> {
    /// Answers one input with `handler`, under a guard, and writes the answer.
    fn answer<H>(&mut self, input: &str, handler: &mut H) -> Result<(), RunError>
    where
        H: FnMut(&str, &mut Sink) -> bool,
    {
        let start = self.sink.out.len();
        self.sink.block = false;
        let ok = match guarded(|| handler(input, &mut self.sink)) {
            Some(ok) => ok,
            None => {
                self.sink.out.truncate(start);
                self.sink.err.clear();
                self.sink.block = false;
                let failure = Failure::message(INTERNAL_ERROR);
                if self.sink.is_json() {
                    self.sink.json(
                        false,
                        &Panicked {
                            input,
                            base: None,
                            ok: false,
                            error: INTERNAL_ERROR,
                        },
                    )
                } else {
                    self.sink.fail(input, &failure)
                }
            }
        };
        self.tally.record(ok);
        if self.sink.block {
            if self.blocks > 0 {
                self.sink.out.insert(start, b'\n');
            }
            self.blocks += 1;
        }
        let write = |e| RunError::new(self.tally, "error writing standard output", e);
        if !self.sink.err.is_empty() {
            // Keep standard error in step with standard output.
            self.output.write_all(&self.sink.out).map_err(write)?;
            self.sink.out.clear();
            self.output.flush().map_err(write)?;
            eprint!("{}", self.sink.err);
            self.sink.err.clear();
        } else if self.sink.out.len() >= IO_BUFFER {
            self.output.write_all(&self.sink.out).map_err(write)?;
            self.sink.out.clear();
        }
        Ok(())
    }

    /// Writes what is left and flushes.
    fn finish(mut self) -> Result<Tally, RunError> {
        let tally = self.tally;
        let write = |e| RunError::new(tally, "error writing standard output", e);
        self.output.write_all(&self.sink.out).map_err(write)?;
        self.output.flush().map_err(write)?;
        Ok(tally)
    }
}

/// Runs a batch: every input answered by a handler made by `make`, in order.
pub fn run<M, H>(batch: Batch, make: M) -> Status
where
    M: Fn() -> H,
    H: FnMut(&str, &mut Sink) -> bool,
{
    let stdout = io::stdout();
    let output = BufWriter::with_capacity(IO_BUFFER, stdout.lock());
    finish(run_on(batch, io::stdin().lock(), output, make))
}

/// [`run`] over the given standard input and output.
fn run_on<R, W, M, H>(batch: Batch, input: R, output: W, make: M) -> Result<Tally, RunError>
where
    R: io::Read,
    W: Write,
    M: Fn() -> H,
    H: FnMut(&str, &mut Sink) -> bool,
{
    let mut handler = make();
    let mut writer = Writer {
        output,
        sink: Sink::new(batch.format),
        tally: Tally::default(),
        blocks: 0,
    };
    match batch.source {
        Source::Args(inputs) => {
            for input in &inputs {
                writer.answer(input, &mut handler)?;
            }
        }
        Source::Stdin => {
            let mut lines = Lines::new(BufReader::with_capacity(IO_BUFFER, input));
            loop {
                let line = match lines.next_line() {
                    Ok(Some(line)) => line,
                    Ok(None) => break,
                    Err(e) => return Err(RunError::new(writer.tally, "error reading standard input", e)),
                };
                writer.answer(&line, &mut handler)?;
            }
        }
    }
    writer.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Obj<'a> {
        input: &'a str,
        ok: bool,
    }

    #[test]
    fn lines_split_on_newline_only() {
        let data: &[u8] = b"a\r\n\n\xffb\nlast";
        let mut lines = Lines::new(data);
        let mut got = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            got.push(line.into_owned());
        }
        assert_eq!(got, ["a\r", "", "\u{fffd}b", "last"]);
        let mut lines = Lines::new(&b"x\n"[..]);
        assert_eq!(lines.next_line().unwrap().as_deref(), Some("x"));
        assert_eq!(lines.next_line().unwrap(), None);
    }

    #[test]
    fn every_line_is_answered_and_panics_fail_one_input() {
        let input: &[u8] = b"a\nboom\n\nb";
        let mut out = Vec::new();
        let tally = run_on(Batch::jsonl(), input, &mut out, || {
            |line: &str, sink: &mut Sink| {
                assert_ne!(line, "boom", "deliberate panic");
                let ok = !line.is_empty();
                sink.json(ok, &Obj { input: line, ok })
            }
        })
        .unwrap();
        assert_eq!(tally, Tally { ok: 2, failed: 2 });
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[1],
            format!(r#"{{"input":"boom","base":null,"ok":false,"error":"{INTERNAL_ERROR}"}}"#)
        );
    }

    #[test]
    fn blocks_are_separated_by_a_blank_line() {
        let mut out = Vec::new();
        let inputs = ["a", "-", "b", "c"].map(String::from).to_vec();
        run_on(Batch::args(inputs, false), &b""[..], &mut out, || {
            |input: &str, sink: &mut Sink| {
                if input == "-" {
                    return false;
                }
                sink.block();
                sink.line(input)
            }
        })
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "a\n\nb\n\nc\n");
    }

    #[test]
    fn messages_are_lower_case() {
        assert_eq!(lower_first("Broken pipe"), "broken pipe");
        assert_eq!(lower_first("EOF while"), "EOF while");
        assert_eq!(lower_first(""), "");
    }
}
