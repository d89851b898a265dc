//! What one run of the driver is over ([`Batch`]): the sources of its inputs, the output
//! format, the input hygiene rules and how the run goes (threads, buffering, summary).

use super::hygiene::Hygiene;
use super::read::Source;
use super::sink::Format;

/// What the driver is to run over: the inputs, the output format and the input rules.
#[derive(Debug, Clone)]
pub struct Batch {
    /// Where the inputs come from, in order.
    pub sources: Vec<Source>,
    /// No input was given and standard input is a terminal.
    pub no_input: bool,
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
