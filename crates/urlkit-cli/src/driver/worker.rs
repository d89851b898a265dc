//! Workers: the answering half of a run. A [`Worker`] cleans each raw input by the input
//! rules, runs the subcommand's handler on it under a guard (a panic fails that input
//! only), and gathers the answers of consecutive inputs into a [`Chunk`] for the writer.

use super::batch::Batch;
use super::hygiene::{Hygiene, Item};
use super::read::{Lines, Raw};
use super::sink::{Format, Sink, IO_BUFFER};
use crate::failure::Failure;
use std::panic::{self, AssertUnwindSafe};

/// Runs `f`; if it panics (a bug in the library or here), returns `None` instead of
/// aborting the whole run. The panic message still goes to standard error.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    panic::catch_unwind(AssertUnwindSafe(f)).ok()
}

/// An answer the writer must look at one by one: a failure, one with a report on
/// standard error, a block, or (`--line-buffered`) any answer. The others are only
/// counted, so that a run of plain answers costs the writer nothing per input.
#[derive(Debug)]
pub(super) struct Rec {
    /// Where the answer ends in the chunk's output.
    pub(super) end: usize,
    /// The answer is a block (see [`Sink::block`]).
    pub(super) block: bool,
    /// What goes to standard error after the answer.
    pub(super) err: Option<String>,
    /// The kind of a failure (`None`: the input succeeded).
    pub(super) kind: Option<&'static str>,
    /// The input's line in the chunk (1 for its first line; 0 for an argument).
    pub(super) line: u64,
}

/// The answers to a run of consecutive inputs of one source.
#[derive(Debug, Default)]
pub(super) struct Chunk {
    pub(super) out: Vec<u8>,
    /// The answers the writer must look at, in order.
    pub(super) recs: Vec<Rec>,
    /// Inputs that succeeded, all of them.
    pub(super) ok: u64,
    /// Lines of the source read for this chunk.
    pub(super) lines: u64,
    /// The stream the inputs came from (an index into the batch's sources; `None` for
    /// arguments).
    pub(super) source: Option<usize>,
    /// Flush standard output once this chunk is written (input may wait next).
    pub(super) flush: bool,
}

/// The answering half of a run: a handler, the input rules and the sink it fills.
pub(super) struct Worker<'a, H> {
    handler: H,
    hygiene: &'a Hygiene,
    sink: Sink,
    recs: Vec<Rec>,
    /// Inputs answered with success since the last chunk was taken.
    ok: u64,
    /// Lines read since the last chunk was taken.
    lines: u64,
    /// Where the inputs come from.
    pub(super) source: Option<usize>,
    /// Record every answer (`--line-buffered`: the writer flushes after each).
    every: bool,
    /// See [`Batch::blank_failures`] (text only).
    blank_failures: bool,
}

impl<'a, H> Worker<'a, H>
where
    H: FnMut(&str, &mut Sink) -> bool,
{
    pub(super) fn new(handler: H, batch: &'a Batch) -> Self {
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

    /// Answers every line of a block (see [`super::read::Block::Lines`]).
    pub(super) fn lines(&mut self, block: &[u8]) {
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
    pub(super) fn raw(&mut self, raw: Raw<'_>, line: bool) {
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
            self.sink.json(false, &failure.with_base(input, None))
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
    pub(super) fn due(&self) -> bool {
        self.sink.out.len() >= IO_BUFFER || self.recs.iter().any(|r| r.err.is_some())
    }

    /// Takes the answers so far, leaving `fresh` (empty) as the next output buffer.
    pub(super) fn take_into(&mut self, fresh: Vec<u8>) -> Chunk {
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
