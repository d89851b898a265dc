//! The `urlkit` command-line tool: parse, check, normalize, resolve and edit URLs (WHATWG URL
//! Standard, RFC 3986/3987, RFC 1738 schemes), one at a time from the arguments or in bulk
//! as JSON lines from standard input.
//!
//! This file holds the argument definitions and the dispatch only; each subcommand lives in
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
mod request;
mod standard;
mod template;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::ffi::OsString;
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
Every failure object has the shape {\"input\",…,\"ok\":false,\"error\",\"kind\",\"position\"}.

Examples:
  urlkit normalize -f urls.txt.gz > normalized.txt
  tail -f access.log | urlkit normalize --get '{host}'
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
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Show the components of URLs and where they lie (WHATWG, --rfc3986 or --rfc1738; table, --json, or --jsonl from stdin)
    Parse(cmd::parse::ParseArgs),
    /// Resolve references against a base URL (WHATWG or --rfc3986; hrefs, --json, or --jsonl from stdin)
    Resolve(cmd::resolve::ResolveArgs),
    /// Normalize URLs (WHATWG href, RFC 3986 §6.2.2 with --rfc3986, or a --profile: safe-browsing, surt, crawler)
    Normalize(cmd::normalize::NormalizeArgs),
    /// The shortest relative reference from a base URI to target URIs (RFC 3986)
    Relative(cmd::relative::RelativeArgs),
    /// Check URLs strictly (WHATWG validation errors, or the RFC 3986 grammar with --rfc3986)
    Validate(cmd::validate::ValidateArgs),
    /// Run a URL API setter (href, protocol, …, hash) on a URL and show the result
    Set(cmd::set::SetArgs),
    /// Show the search parameters of URLs (name = value lines, or --json pairs)
    Query(cmd::query::QueryArgs),
    /// Everything known about URLs: components, validation errors, RFC 3986 and RFC 1738 readings, IRI, Unicode host, origin
    Inspect(cmd::inspect::InspectArgs),
    /// Percent-encode text with one of the URL Standard's encode sets (--set NAME, default component)
    Encode(cmd::encode::EncodeArgs),
    /// Percent-decode text
    Decode(cmd::encode::EncodeArgs),
    /// The file: URL of file paths
    PathToUrl(cmd::path::PathArgs),
    /// The file path of file: URLs
    UrlToPath(cmd::path::PathArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions(cmd::help::CompletionsArgs),
    /// Print the man page (roff), made from the same definitions as --help
    Man,
    /// Security findings on URLs (credentials, internal addresses, parser differentials, homographs, …), or --policy strict
    Lint(cmd::lint::LintArgs),
    /// An external subcommand: urlkit-NAME beside urlkit or on PATH
    #[command(external_subcommand)]
    External(Vec<OsString>),
    /// Match URLs against a URL Pattern (https://*.example.com/books/:id); groups as text or --json
    Match(cmd::matching::MatchArgs),
    /// Public suffix, registrable domain and subdomain of URLs' hosts (Public Suffix List)
    Domain(cmd::domain::DomainArgs),
    /// Find the URLs in text files or standard input (one JSON object per URL, or --plain)
    Extract(cmd::extract::ExtractArgs),
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let sub = |name: &str| matches.subcommand_matches(name);
    if let Err(status) = driver::check_stdout() {
        return status.into();
    }
    let status = match cli.command {
        Command::Parse(args) => cmd::parse::run(args, sub("parse")),
        Command::Resolve(args) => cmd::resolve::run(args),
        Command::Normalize(args) => cmd::normalize::run(args, sub("normalize")),
        Command::Relative(args) => cmd::relative::run(args),
        Command::Validate(args) => cmd::validate::run(args),
        Command::Set(args) => cmd::set::run(args),
        Command::Query(args) => cmd::query::run(args),
        Command::Inspect(args) => cmd::inspect::run(args),
        Command::Encode(args) => cmd::encode::run_encode(args),
        Command::Decode(args) => cmd::encode::run_decode(args),
        Command::PathToUrl(args) => cmd::path::run_to_url(args),
        Command::UrlToPath(args) => cmd::path::run_to_path(args),
        Command::Completions(args) => cmd::help::completions(args, Cli::command()),
        Command::Man => cmd::help::man(Cli::command()),
        Command::Lint(args) => cmd::lint::run(args),
        Command::External(args) => cmd::help::external(&args),
        Command::Match(args) => cmd::matching::run(args),
        Command::Domain(args) => cmd::domain::run(args),
        Command::Extract(args) => cmd::extract::run(args),
    };
    status.into()
}
