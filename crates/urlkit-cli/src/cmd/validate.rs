//! `urlkit validate`: checks URLs strictly, against the RFC 3986 grammar (`--rfc3986`,
//! `URI-reference` with RFC 6874 zone IDs) or the WHATWG URL Standard (the default: the URL
//! parses without any validation error).
//!
//! In text, valid inputs print nothing; for each invalid one the message, the input and a
//! caret under the error position go to standard error. JSON output (`--json`, `--jsonl`,
//! `--format json`) is one object per input: `{"input","ok":true}` or
//! `{"input","ok":false,"error","position","expected","kind"}` (as `urlkit normalize`).

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::failure::Failure;
use crate::standard::whatwg::Requests;
use crate::standard::{self, Standard};
use clap::Args;
use serde::Serialize;

/// Check URLs strictly (WHATWG validation errors, or the RFC 3986 grammar with --rfc3986)
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit validate 'https:\\\\example.com\\a'          # exit 1: reports the backslashes\n  \
                  urlkit validate --rfc3986 --format jsonl -f urls.txt\n\n\
                  Exit status: 0 when every input is valid, 1 when any is not, 2 on usage or I/O errors.")]
pub struct ValidateArgs {
    /// Check against the RFC 3986 grammar instead of the WHATWG URL Standard
    #[arg(long)]
    pub rfc3986: bool,
    /// With --rfc3986: read IRI references (RFC 3987), Unicode allowed where the IRI grammar allows it
    #[arg(long, requires = "rfc3986")]
    pub iri: bool,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// What `urlkit validate` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const INPUTS: &'static str = "URLs (or, with --rfc3986, URI references) to check";
    const JSON: &'static str = "Print one JSON object per input";
    const JSONL: Option<&'static str> =
        Some("Read standard input: each line an input; print one JSON object per line");
    const JSONL_CONFLICTS: &'static [&'static str] = &["urls"];
}

/// The success object.
#[derive(Serialize)]
struct Valid<'a> {
    input: &'a str,
    ok: bool,
}

/// Writes the answer for `input` given the check's `result`.
fn answer(input: &str, result: Result<(), Failure>, out: &mut Sink) -> bool {
    match result {
        Ok(()) if out.is_json() => out.json(true, &Valid { input, ok: true }),
        Ok(()) => true,
        Err(failure) if out.is_json() => out.fail(input, &failure),
        Err(failure) => out.report(failure.kind, &failure.report_as("invalid", input)),
    }
}

impl super::Run for ValidateArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit validate`.
pub fn run(args: ValidateArgs) -> Status {
    let batch = args.inputs.batch();
    if args.rfc3986 {
        let standard = standard::select(true, args.iri, false);
        return driver::run(batch, || {
            |input: &str, out: &mut Sink| answer(input, standard.check(input), out)
        });
    }
    driver::run(batch, || {
        let mut requests = Requests::new(None);
        move |line: &str, out: &mut Sink| {
            requests.answer(line, out, |input, whatwg, out| {
                answer(input, whatwg.check(input), out)
            })
        }
    })
}
