//! Reports and summary: the writing half of a run ([`Output`]: answers in order, reports
//! on standard error located at their file and line, coloured on a terminal, the progress
//! bar and the end-of-run summary), and what a run ends with ([`Status`], [`Tally`], I/O
//! errors).

use super::batch::Batch;
use super::read::Source;
use super::worker::Chunk;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

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

/// Whether reports on standard error are coloured: on a terminal (or with
/// `CLICOLOR_FORCE` set), never with `NO_COLOR` set (<https://no-color.org>).
pub fn color() -> bool {
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

/// An I/O error that stopped a run, with the tally of the inputs processed before it.
#[derive(Debug)]
pub(super) struct RunError {
    pub(super) tally: Tally,
    pub(super) error: io::Error,
}

impl RunError {
    pub(super) fn new(tally: Tally, context: &str, error: io::Error) -> Self {
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
pub(super) fn finish(result: Result<Tally, RunError>) -> Status {
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

/// The writing half of a run: writes chunks in order, counts, separates blocks, keeps
/// standard error in step with standard output.
pub(super) struct Output<W> {
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
    pub(super) fn new(output: W, batch: &Batch) -> Self {
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
    pub(super) fn flush(&mut self) -> Result<(), RunError> {
        let result = self.output.flush();
        result.map_err(|e| self.write_error(e))
    }

    /// Writes a chunk of answers.
    pub(super) fn write(&mut self, chunk: &Chunk) -> Result<(), RunError> {
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
    pub(super) fn close(mut self, started: std::time::Instant) -> Result<Closed, RunError> {
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
pub(super) struct Closed {
    pub(super) tally: Tally,
    pub(super) summary: String,
}

/// Prints a usage error and gives its status (exit 2).
pub fn usage(message: &str) -> Status {
    eprintln!("urlkit: {message}");
    Status::Error
}

/// The name of a source in the location of a report: `None` for an argument.
fn location_name(source: &Source) -> Option<String> {
    match source {
        Source::Stdin => Some("<stdin>".to_owned()),
        Source::File(path) => Some(path.display().to_string()),
        Source::Arg(_) => None,
    }
}
