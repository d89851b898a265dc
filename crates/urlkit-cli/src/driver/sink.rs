//! Sinks and formats: where a handler writes its answer to one input ([`Sink`]), as JSON
//! objects or text ([`Format`]).

use crate::failure::Failure;
use serde::Serialize;

/// Buffer size for standard input and output.
pub(super) const IO_BUFFER: usize = 64 * 1024;

/// How answers are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Text for people: one line per input, or a table; failures reported on standard error.
    Text,
    /// One compact JSON object per line.
    Json,
}

/// Where a handler writes the answer to one input.
#[derive(Debug)]
pub struct Sink {
    format: Format,
    /// Standard output not yet written.
    pub(super) out: Vec<u8>,
    /// Standard error of the current input.
    pub(super) err: String,
    /// The current answer is a block separated from the previous block by a blank line.
    pub(super) block: bool,
    /// The kind of the current answer's failure.
    pub(super) kind: Option<&'static str>,
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

    /// Writes `bytes` as they are to standard output (binary answers: `urlkit data`).
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
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
