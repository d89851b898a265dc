//! The arguments every batch subcommand shares, in one struct flattened into each one's
//! own ([`Inputs`]: the inputs, `--json`, `--jsonl` and the input and output options of
//! [`Io`]), and the [`Batch`] they describe.

use crate::driver::{self, Batch, Format, Hygiene, Source};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, ValueEnum};
use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::marker::PhantomData;
use std::path::PathBuf;

/// What a subcommand calls its inputs and its JSON flags in `--help`: all that differs
/// between the subcommands' [`Inputs`]. Each subcommand implements it on a unit type.
pub trait Words {
    /// The inputs' value name.
    const VALUE: &'static str = "URL";
    /// What the inputs are (the help line goes on to say where they may come from).
    const INPUTS: &'static str;
    /// The help line of `--json`.
    const JSON: &'static str = "Print one JSON object per URL";
    /// The help line of `--jsonl`; `None`: the subcommand has no `--jsonl`.
    const JSONL: Option<&'static str> = None;
    /// What `--jsonl` cannot be used with: `urls` (the inputs), `json`, or the ids of the
    /// subcommand's own arguments. Without `urls`, inputs given as arguments are read
    /// instead of standard input, as with `--format jsonl` (and `--help` says so).
    const JSONL_CONFLICTS: &'static [&'static str] = &["urls", "json"];
}

/// The arguments every batch subcommand shares: the inputs (`-` for standard input),
/// `--json`, `--jsonl` where the subcommand has it, and the input and output options
/// ([`Io`]). A subcommand flattens it where `--json` goes in its `--help`
/// (`#[command(flatten)] pub inputs: Inputs<Words>`), its [`Words`] saying what the help
/// lines call things, and after any other flattened group with a heading of its own (the
/// sections of `--help` come in the order their first option was declared).
pub struct Inputs<W> {
    /// The inputs given as arguments.
    pub urls: Vec<OsString>,
    /// `--json`: JSON output.
    pub json: bool,
    /// `--jsonl`: JSON output, reading standard input when no input is given.
    pub jsonl: bool,
    /// The input and output options.
    pub io: Io,
    words: PhantomData<W>,
}

impl<W> std::fmt::Debug for Inputs<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inputs")
            .field("urls", &self.urls)
            .field("json", &self.json)
            .field("jsonl", &self.jsonl)
            .field("io", &self.io)
            .finish()
    }
}

impl<W: Words> Inputs<W> {
    /// The batch over the inputs, then the files (see [`Io::batch`]).
    pub fn batch(&self) -> Batch {
        self.io.batch(&self.urls, self.json, self.jsonl)
    }

    /// The batch of a line-oriented subcommand (see [`Io::line_batch`]).
    pub fn line_batch(&self) -> Batch {
        self.io.line_batch(&self.urls, self.json, self.jsonl)
    }
}

impl<W: Words> FromArgMatches for Inputs<W> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Inputs {
            urls: matches
                .get_many::<OsString>("urls")
                .map(|urls| urls.cloned().collect())
                .unwrap_or_default(),
            json: matches.get_flag("json"),
            jsonl: W::JSONL.is_some() && matches.get_flag("jsonl"),
            io: Io::from_arg_matches(matches)?,
            words: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<W: Words> Args for Inputs<W> {
    fn augment_args(cmd: Command) -> Command {
        let urls = Arg::new("urls")
            .value_name(W::VALUE)
            .help(format!(
                "{} (- for standard input; standard input when none are given and it is not a terminal)",
                W::INPUTS
            ))
            .value_parser(clap::value_parser!(OsString))
            .action(ArgAction::Append);
        let json = Arg::new("json")
            .long("json")
            .help(W::JSON)
            .action(ArgAction::SetTrue);
        // These three go with the subcommand's own options, whatever heading came before.
        let mut cmd = cmd.next_help_heading(None::<&str>).arg(urls).arg(json);
        if let Some(help) = W::JSONL {
            cmd = cmd.arg(
                Arg::new("jsonl")
                    .long("jsonl")
                    .help(if W::JSONL_CONFLICTS.contains(&"urls") {
                        help.to_owned()
                    } else {
                        format!("{help} (or read the inputs given, as --format jsonl)")
                    })
                    .action(ArgAction::SetTrue)
                    .conflicts_with_all(W::JSONL_CONFLICTS),
            );
        }
        // Io's heading is for its own options only, not for the subcommand's after these.
        Io::augment_args(cmd).next_help_heading(None::<&str>)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
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
