//! The arguments every batch subcommand shares, flattened into each one's own
//! (`#[command(flatten)] io: Io`), and the [`Batch`] they describe.

use crate::driver::{self, Batch, Format, Hygiene, Source};
use clap::{Args, ValueEnum};
use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

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
            color: driver::color(),
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
