//! The `urlkit` command-line tool: parse, check, normalize, resolve and edit URLs (WHATWG URL
//! Standard, RFC 3986/3987, RFC 1738 schemes), one at a time from the arguments or in bulk
//! as JSON lines from standard input.
//!
//! This file holds the argument definitions and the dispatch only; each subcommand lives in
//! `cmd/<name>.rs` and runs its inputs through the batch driver ([`driver`]) with the
//! answers of the standards ([`standard`]).

#![deny(missing_docs)]
#![deny(unsafe_code)]

mod cmd;
mod diagram;
mod driver;
mod input;
mod request;
mod standard;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// URLs per the WHATWG URL Standard, RFC 3986/3987 and the RFC 1738 schemes.
#[derive(Debug, Parser)]
#[command(name = "urlkit", version, about)]
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
    /// Normalize URLs (WHATWG href, or RFC 3986 §6.2.2 with --rfc3986)
    Normalize(cmd::normalize::NormalizeArgs),
    /// The shortest relative reference from a base URI to target URIs (RFC 3986)
    Relative(cmd::relative::RelativeArgs),
    /// Check URLs strictly (WHATWG validation errors, or the RFC 3986 grammar with --rfc3986)
    Validate(cmd::validate::ValidateArgs),
    /// Run a URL API setter (href, protocol, …, hash) on a URL and show the result
    Set(cmd::set::SetArgs),
    /// Show the search parameters of URLs (name = value lines, or --json pairs)
    Query(cmd::query::QueryArgs),
    /// Security findings on URLs (credentials, internal addresses, parser differentials, homographs, …), or --policy strict
    Lint(cmd::lint::LintArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(status) = driver::check_stdout() {
        return status.into();
    }
    let status = match cli.command {
        Command::Parse(args) => cmd::parse::run(args),
        Command::Resolve(args) => cmd::resolve::run(args),
        Command::Normalize(args) => cmd::normalize::run(args),
        Command::Relative(args) => cmd::relative::run(args),
        Command::Validate(args) => cmd::validate::run(args),
        Command::Set(args) => cmd::set::run(args),
        Command::Query(args) => cmd::query::run(args),
        Command::Lint(args) => cmd::lint::run(args),
    };
    status.into()
}
