//! The batch driver: read the inputs, run the subcommand's handler on each under a guard,
//! tally the outcomes, write the answers in input order, and turn it all into an exit
//! status. Every subcommand that answers inputs one at a time runs through [`run`].
//!
//! One module per concern, each importing only the ones listed before it:
//!
//! | module | holds |
//! | --- | --- |
//! | `sink` | [`Sink`], where a handler writes its answer, and the output [`Format`] |
//! | `hygiene` | the input rules ([`Hygiene`]): UTF-8, `--lossy`, `--trim`, `--comments`, `--skip-blank` |
//! | `read` | reading: sources, streams (`.gz`, `.zst`), lines in bounded memory |
//! | `batch` | [`Batch`], what a run is over |
//! | `worker` | a worker answering inputs under a guard ([`guarded`]) into chunks |
//! | `report` | the writer: answers in order, located reports, progress, summary, [`Status`] |
//! | `schedule` | the run on one thread or several, answers kept in input order |
//!
//! # The handler
//!
//! A subcommand hands [`run`] its [`Batch`] (from its `crate::args::Inputs`) and a closure
//! making handlers; `cmd/mod.rs` shows a whole subcommand.
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

mod batch;
mod hygiene;
mod read;
mod report;
mod schedule;
mod sink;
mod worker;

pub use batch::Batch;
pub use hygiene::Hygiene;
pub use read::{check_open, Source, Stream};
pub use report::{color, lower_first, usage, Status};
pub use sink::{Format, Sink};
pub use worker::guarded;

use report::finish;
use schedule::run_on;
use sink::IO_BUFFER;
use std::io::{self, BufWriter};

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
    use crate::failure::INTERNAL_ERROR;
    use report::Tally;
    use serde::Serialize;
    use std::ffi::OsString;

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
