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

use super::lossy;
use super::parse::request_handler;
use crate::driver::{self, Batch, Sink, Status};
use crate::standard::rfc3986::{self, Op};
use crate::standard::whatwg::{self, Whatwg};
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
    match (args.rfc3986, args.jsonl) {
        (true, true) => return driver::run(Batch::jsonl(), || Op::Resolve.request_handler()),
        (false, true) => return driver::run(Batch::jsonl(), request_handler),
        (true, false) => return run_pairs(Op::Resolve, args.base.as_ref(), &args.refs, args.json),
        (false, false) => {}
    }
    let base_text = args
        .base
        .map(|b| b.to_string_lossy().into_owned())
        .unwrap_or_default();
    let base = whatwg::parse_base(&base_text);
    let whatwg = Whatwg {
        base: Some((&base_text, &base)),
    };
    driver::run(Batch::args(lossy(&args.refs), args.json), || {
        |reference: &str, out: &mut Sink| {
            let outcome = whatwg.resolve(reference);
            match &outcome {
                _ if out.is_json() => whatwg.answer(reference, &outcome, out, 0),
                Ok(url) => out.line(url.href()),
                Err(failure) => {
                    let message = &failure.message;
                    out.error(&format!(
                        "urlkit: cannot resolve {reference:?} against {base_text:?}: {message}\n"
                    ));
                    false
                }
            }
        }
    })
}

/// Runs `op` on each of `others` against `base` given as arguments: one result per line, or
/// one object per line with `json`. Shared with `urlkit relative`.
pub fn run_pairs(op: Op, base: Option<&OsString>, others: &[OsString], json: bool) -> Status {
    let base_text = base.map(|b| b.to_string_lossy().into_owned()).unwrap_or_default();
    let base = rfc3986::parse_base(&base_text);
    driver::run(Batch::args(lossy(others), json), || {
        |other: &str, out: &mut Sink| op.answer(Some(&base_text), other, &op.apply(&base, other), out)
    })
}
