//! The `urlkit` command-line tool: parse, check, normalize, resolve and edit URLs (WHATWG URL
//! Standard, RFC 3986/3987, RFC 1738 schemes), one at a time from the arguments or in bulk
//! as JSON lines from standard input.
//!
//! This file holds the top-level arguments only; each subcommand lives in
//! `cmd/<name>.rs` and runs its inputs through the batch driver ([`driver`]) with the
//! answers of the standards ([`standard`]).

#![deny(missing_docs)]
#![deny(unsafe_code)]

mod args;
mod cmd;
mod diagram;
mod driver;
mod edit;
mod failure;
mod hint;
mod request;
mod standard;
mod template;

use clap::{CommandFactory, FromArgMatches, Parser};
use std::process::ExitCode;

/// The top-level help's closing text: the input/output model and the exit codes.
const AFTER_HELP: &str = "\
Inputs: URL arguments, -f FILE (repeatable; - is standard input; .gz and .zst are \
decompressed), or standard input when no URL is given and it is not a terminal. Lines end \
at LF, CR LF or CR; a BOM is skipped; invalid UTF-8 fails its line (kind invalid-utf8) \
unless --lossy. Output: --format text|json|jsonl (text by default, one line out per line in:
a failed input's line is empty). A failure read from a file or standard input is reported on
standard error as urlkit: FILE:LINE: … (<stdin> for standard input).

A request line is a URL, or {\"input\": URL, \"base\": BASE or null} (URL Standard modes).
Every failure object has the shape {\"input\",…,\"ok\":false,\"error\",\"kind\",\"position\"}, and
a \"hint\" when there is one (example.org/path: did you mean http://example.org/path?).

Examples:
  urlkit normalize -f urls.txt.gz > normalized.txt
  urlkit extract --plain access.log | urlkit normalize --get '{host}'
  urlkit normalize --set port=8080 --remove-query 'utm_*' https://example.com/?utm_source=x
  urlkit parse --example
  urlkit inspect 'https://xn--bcher-kva.example/a/../b'

Exit status:
  0  every input succeeded
  1  some inputs failed (each failure is reported; the run goes on)
  2  usage or I/O error: unknown flag, component or placeholder, invalid --base, an
     unreadable file, a closed standard input or output, a failed write (a full disk), an
     output pipe closed before every input was answered (1 if an input had failed)

An unknown subcommand NAME runs the program urlkit-NAME found beside urlkit or on PATH.";

/// URLs per the WHATWG URL Standard, RFC 3986/3987 and the RFC 1738 schemes.
#[derive(Debug, Parser)]
#[command(name = "urlkit", version, about, after_help = AFTER_HELP, allow_external_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: cmd::Command,
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if let Err(status) = driver::check_stdout() {
        return status.into();
    }
    let ctx = cmd::Context {
        matches: matches.subcommand().map(|(_, sub)| sub),
        cli: Cli::command,
    };
    cli.command.run(&ctx).into()
}
