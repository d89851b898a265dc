//! `urlkit normalize`: the normal form of URLs, per the WHATWG URL Standard (the parsed
//! URL's href, the default) or RFC 3986 §6.2.2 (`--rfc3986`: case, percent-encoding and
//! path segment normalization, and scheme-based normalization of empty ports and paths).
//!
//! Readable output is one normalized URL per line (failures on standard error); `--json`
//! prints one object per argument and `--jsonl` one per line of standard input (each line
//! the URL itself): `{"input","ok":true,"normalized"}` or
//! `{"input","ok":false,"error","position","expected"}` (`expected` the ABNF rule name with
//! `--rfc3986`, `null` for the URL Standard, whose failures are not grammar rules; `kind`
//! then names the URL Standard's validation error).

use super::parse::{error_report, write_json, Failure};
use super::rfc3986::{self, Goal};
use super::{guarded, run_jsonl_stdio, with_stdout, JsonObject, Status, Tally, INTERNAL_ERROR};
use clap::Args;
use std::ffi::OsString;
use urlkit::Url;

/// Arguments of `urlkit normalize`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 when every input normalized, 1 when any failed, 2 on usage or I/O errors."
)]
pub struct NormalizeArgs {
    /// URLs (or, with --rfc3986, URI references) to normalize
    #[arg(value_name = "URL", required_unless_present = "jsonl")]
    pub urls: Vec<OsString>,
    /// Normalize per RFC 3986 §6.2.2 instead of the WHATWG URL Standard
    #[arg(long)]
    pub rfc3986: bool,
    /// Print one JSON object per URL
    #[arg(long)]
    pub json: bool,
    /// Read standard input: each line a URL; print one JSON object per line
    #[arg(long, conflicts_with_all = ["urls", "json"])]
    pub jsonl: bool,
}

/// Runs `urlkit normalize`.
pub fn run(args: NormalizeArgs) -> Status {
    let answer = move |line: &str| {
        if args.rfc3986 {
            rfc3986::answer(line, Goal::Normalized)
        } else {
            whatwg_answer(line)
        }
    };
    if args.jsonl {
        return run_jsonl_stdio(answer);
    }
    let inputs: Vec<String> = args
        .urls
        .iter()
        .map(|u| u.to_string_lossy().into_owned())
        .collect();
    with_stdout(|out| {
        let mut tally = Tally::default();
        for input in &inputs {
            let (obj, ok) = answer(input);
            tally.record(ok);
            if args.json {
                write_json(out, obj)?;
                continue;
            }
            match normalized_text(input, args.rfc3986) {
                Ok(text) => writeln!(out, "{text}")?,
                Err(failed) => {
                    out.flush()?;
                    eprint!("{}", error_report(input, &failed));
                }
            }
        }
        Ok(tally)
    })
}

/// The normalized text of `input`, or why it has none.
fn normalized_text(input: &str, rfc3986: bool) -> Result<String, Failure> {
    let result = guarded(|| {
        if rfc3986 {
            urlkit::rfc3986::UriRef::parse(input)
                .map(|uri| uri.normalized().into_string())
                .map_err(|e| rfc3986::report_failure(Some(&e)))
        } else {
            Url::parse(input).map(Url::into_string).map_err(|e| Failure {
                message: e.to_string(),
                position: Some(e.position()),
            })
        }
    });
    result.unwrap_or_else(|| Err(rfc3986::report_failure(None)))
}

/// The WHATWG failure object: `{"input","ok":false,"error","position","expected":null,"kind"}`.
pub fn whatwg_failure(input: &str, error: Option<(String, usize, &str)>) -> JsonObject {
    let mut obj = JsonObject::new();
    obj.str("input", input).bool("ok", false);
    match error {
        Some((message, position, kind)) => {
            obj.str("error", &message)
                .int("position", i64::try_from(position).unwrap_or(i64::MAX))
                .null("expected")
                .str("kind", kind);
        }
        None => {
            obj.str("error", INTERNAL_ERROR).null("position").null("expected");
        }
    }
    obj
}

/// The `normalize` object for `input` per the URL Standard.
fn whatwg_answer(input: &str) -> (JsonObject, bool) {
    let answered = guarded(|| match Url::parse(input) {
        Ok(url) => {
            let mut obj = JsonObject::new();
            obj.str("input", input)
                .bool("ok", true)
                .str("normalized", url.href());
            (obj, true)
        }
        Err(e) => {
            let error = (e.to_string(), e.position(), e.kind().spec_name());
            (whatwg_failure(input, Some(error)), false)
        }
    });
    answered.unwrap_or_else(|| (whatwg_failure(input, None), false))
}
