//! `urlkit validate`: checks URLs strictly, against the RFC 3986 grammar (`--rfc3986`,
//! `URI-reference` with RFC 6874 zone IDs) or the WHATWG URL Standard (the default: the URL
//! parses without any validation error).
//!
//! Valid inputs print nothing; for each invalid one the message, the input and a caret
//! under the error position are printed on standard output. `--jsonl` reads one input per
//! line of standard input and answers `{"input","ok":true}` or
//! `{"input","ok":false,"error","position","expected"}` (as `urlkit parse --rfc3986`; for
//! the URL Standard `expected` is `null` and `kind` names the validation error).

use super::lossy;
use crate::driver::{self, Batch, Sink, Status};
use crate::standard;
use clap::Args;
use serde::Serialize;
use std::ffi::OsString;

/// Arguments of `urlkit validate`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 when every input is valid, 1 when any is not, 2 on usage or I/O errors."
)]
pub struct ValidateArgs {
    /// URLs (or, with --rfc3986, URI references) to check
    #[arg(value_name = "URL", required_unless_present = "jsonl")]
    pub urls: Vec<OsString>,
    /// Check against the RFC 3986 grammar instead of the WHATWG URL Standard
    #[arg(long)]
    pub rfc3986: bool,
    /// Read standard input: each line an input; print one JSON object per line
    #[arg(long, conflicts_with = "urls")]
    pub jsonl: bool,
}

/// The success object.
#[derive(Serialize)]
struct Valid<'a> {
    input: &'a str,
    ok: bool,
}

/// Runs `urlkit validate`.
pub fn run(args: ValidateArgs) -> Status {
    let standard = standard::select(args.rfc3986, false);
    let batch = if args.jsonl {
        Batch::jsonl()
    } else {
        Batch::args(lossy(&args.urls), false)
    };
    driver::run(batch, || {
        |input: &str, out: &mut Sink| match standard.check(input) {
            Ok(()) if out.is_json() => out.json(true, &Valid { input, ok: true }),
            Ok(()) => true,
            Err(failure) if out.is_json() => out.fail(input, &failure),
            Err(failure) => {
                out.text(&failure.report_as("invalid", input));
                false
            }
        }
    })
}
