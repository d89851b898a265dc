//! `urlkit resolve`: resolves references against a base URL per the WHATWG URL Standard.
//!
//! `urlkit resolve BASE REF...` prints each resolved href on its own line (failures go to
//! standard error); `--json` prints `urlkit parse --json` objects instead; `--jsonl` reads
//! lines `{"base": …, "input": …}` (or plain inputs without a base) and answers exactly as
//! `urlkit parse --jsonl` does.
//!
//! With `--rfc3986` the base must be a URI and references are resolved per RFC 3986 §5.2
//! (strict parser): hrefs as above, `--json`/`--jsonl` objects
//! `{"base","input","ok":true,"href"}` or `{"base","input","ok":false,"error"}`, JSONL lines
//! `{"base": BASE, "input": REF}`.

use super::pairs::{self, Op};
use super::parse::{jsonl_handler, object, parse_base, resolve, write_json, Outcome};
use super::relative::run_pairs;
use super::{run_jsonl_stdio, with_stdout, Status, Tally};
use clap::Args;
use std::ffi::OsString;

/// Arguments of `urlkit resolve`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 when every reference resolved, 1 when any failed, 2 on usage or I/O errors."
)]
pub struct ResolveArgs {
    /// The base URL
    #[arg(value_name = "BASE", required_unless_present = "jsonl")]
    pub base: Option<OsString>,
    /// References to resolve against BASE
    #[arg(value_name = "REF", required_unless_present = "jsonl")]
    pub refs: Vec<OsString>,
    /// Print one JSON object per reference (as `urlkit parse --json`) instead of hrefs
    #[arg(long)]
    pub json: bool,
    /// Read standard input: each line {"base": BASE or null, "input": REF} or a plain URL; print one JSON object per line
    #[arg(long, conflicts_with_all = ["base", "refs", "json"])]
    pub jsonl: bool,
    /// Resolve per RFC 3986 §5.2 (strict URI references) instead of the WHATWG URL Standard
    #[arg(long)]
    pub rfc3986: bool,
}

/// Runs `urlkit resolve`.
pub fn run(args: ResolveArgs) -> Status {
    if args.rfc3986 && args.jsonl {
        return run_jsonl_stdio(pairs::jsonl_handler(Op::Resolve));
    }
    if args.rfc3986 {
        return run_pairs(Op::Resolve, args.base.as_ref(), &args.refs, args.json);
    }
    if args.jsonl {
        return run_jsonl_stdio(jsonl_handler());
    }
    let base_text = args
        .base
        .as_ref()
        .map(|b| b.to_string_lossy().into_owned())
        .unwrap_or_default();
    let base = parse_base(&base_text);
    with_stdout(|out| {
        let mut tally = Tally::default();
        for reference in &args.refs {
            let reference = reference.to_string_lossy();
            let outcome: Outcome = resolve(&reference, Some(&base));
            tally.record(outcome.is_ok());
            if args.json {
                write_json(out, object(&reference, Some(&base_text), &outcome))?;
                continue;
            }
            match &outcome {
                Ok(url) => writeln!(out, "{}", url.href())?,
                Err(failed) => {
                    out.flush()?;
                    eprintln!(
                        "urlkit: cannot resolve {reference:?} against {base_text:?}: {}",
                        failed.message
                    );
                }
            }
        }
        Ok(tally)
    })
}
