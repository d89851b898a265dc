//! The `urlkit` command-line tool: parse, check, normalize and resolve URLs, one at a time
//! from the arguments or in bulk as JSON lines from standard input.
//!
//! This file holds the argument definitions and the dispatch only; each subcommand lives in
//! `cmd/<name>.rs` and shares the JSONL reader/writer and exit statuses of [`cmd`].

#![deny(missing_docs)]
#![deny(unsafe_code)]

mod cmd;
mod diagram;

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
    /// Show the components of URLs and where they lie (table, --json, or --jsonl from stdin)
    Parse(cmd::parse::ParseArgs),
    /// Resolve references against a base URL (hrefs, --json, or --jsonl from stdin)
    Resolve(cmd::resolve::ResolveArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match cli.command {
        Command::Parse(args) => cmd::parse::run(args),
        Command::Resolve(args) => cmd::resolve::run(args),
    };
    status.into()
}
