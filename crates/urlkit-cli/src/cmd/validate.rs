//! `urlkit validate`: checks URLs strictly, against the RFC 3986 grammar (`--rfc3986`,
//! `URI-reference` with RFC 6874 zone IDs) or the WHATWG URL Standard (the default: the URL
//! parses without any validation error).
//!
//! Valid inputs print nothing; for each invalid one the message, the input and a caret
//! under the error position are printed on standard output. `--jsonl` reads one input per
//! line of standard input and answers `{"input","ok":true}` or
//! `{"input","ok":false,"error","position","expected"}` (as `urlkit parse --rfc3986`; for
//! the URL Standard `expected` is `null` and `kind` names the validation error).

use super::normalize::whatwg_failure;
use super::parse::{error_report, Failure};
use super::rfc3986::{self, Goal};
use super::{guarded, run_jsonl_stdio, with_stdout, JsonObject, Status, Tally};
use clap::Args;
use std::ffi::OsString;
use urlkit::{Url, ValidationError};

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

/// Runs `urlkit validate`.
pub fn run(args: ValidateArgs) -> Status {
    if args.jsonl {
        return if args.rfc3986 {
            run_jsonl_stdio(|line| rfc3986::answer(line, Goal::Valid))
        } else {
            run_jsonl_stdio(whatwg_answer)
        };
    }
    let inputs: Vec<String> = args
        .urls
        .iter()
        .map(|u| u.to_string_lossy().into_owned())
        .collect();
    if args.rfc3986 {
        return rfc3986::run_validate(&inputs);
    }
    with_stdout(|out| {
        let mut tally = Tally::default();
        for input in &inputs {
            match guarded(|| whatwg_check(input)) {
                Some(Ok(())) => tally.record(true),
                outcome => {
                    let failed = match outcome {
                        Some(Err((message, position, _))) => Failure {
                            message,
                            position: Some(position),
                        },
                        _ => rfc3986::report_failure(None),
                    };
                    let report = error_report(input, &failed).replacen("cannot parse", "invalid", 1);
                    out.write_all(report.as_bytes())?;
                    tally.record(false);
                }
            }
        }
        Ok(tally)
    })
}

/// The first problem with `input` per the URL Standard: a failure, else the first
/// validation error, as (message, byte position, the standard's name for it).
fn whatwg_check(input: &str) -> Result<(), (String, usize, &'static str)> {
    let mut first: Option<ValidationError> = None;
    let parsed = {
        let mut record = |v: ValidationError| {
            first.get_or_insert(v);
        };
        Url::options().on_validation_error(&mut record).parse(input)
    };
    if let Err(e) = parsed {
        return Err((e.to_string(), e.position(), e.kind().spec_name()));
    }
    match first {
        Some(v) => Err((v.to_string(), v.position(), v.kind().spec_name())),
        None => Ok(()),
    }
}

/// The `--jsonl` object for `input` per the URL Standard.
fn whatwg_answer(input: &str) -> (JsonObject, bool) {
    match guarded(|| whatwg_check(input)) {
        Some(Ok(())) => {
            let mut obj = JsonObject::new();
            obj.str("input", input).bool("ok", true);
            (obj, true)
        }
        Some(Err(error)) => (whatwg_failure(input, Some(error)), false),
        None => (whatwg_failure(input, None), false),
    }
}
