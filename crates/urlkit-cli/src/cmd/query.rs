//! `urlkit query`: the search parameters of URLs (their query read as
//! `application/x-www-form-urlencoded`, as the URL API's `searchParams`).
//!
//! Readable output is one `name = value` line per parameter (control characters shown as
//! visible symbols, URLs separated by a blank line); `--json` prints, per URL, one line
//! holding an array of `[name, value]` pairs.

use super::parse::{error_report, resolve};
use super::{guarded, with_stdout, Status, Tally, INTERNAL_ERROR};
use crate::diagram::visible_str;
use clap::Args;
use serde_json::Value;
use std::ffi::OsString;

/// Arguments of `urlkit query`.
#[derive(Debug, Args)]
#[command(after_help = "Exit status: 0 when every URL parsed, 1 when any failed, 2 on usage or I/O errors.")]
pub struct QueryArgs {
    /// URLs whose search parameters to show
    #[arg(value_name = "URL", required = true)]
    pub urls: Vec<OsString>,
    /// Print, per URL, a JSON array of [name, value] pairs
    #[arg(long)]
    pub json: bool,
}

/// Runs `urlkit query`.
pub fn run(args: QueryArgs) -> Status {
    with_stdout(|out| {
        let mut tally = Tally::default();
        let mut shown = 0;
        for input in &args.urls {
            let input = input.to_string_lossy();
            let pairs = resolve(&input, None).and_then(|url| {
                guarded(|| url.search_params().into_vec()).ok_or_else(|| super::parse::Failure {
                    message: INTERNAL_ERROR.to_owned(),
                    position: None,
                })
            });
            let pairs = match pairs {
                Ok(pairs) => pairs,
                Err(failed) => {
                    out.flush()?;
                    eprint!("{}", error_report(&input, &failed));
                    tally.record(false);
                    continue;
                }
            };
            tally.record(true);
            if args.json {
                writeln!(out, "{}", json_pairs(&pairs))?;
                continue;
            }
            if shown > 0 {
                writeln!(out)?;
            }
            shown += 1;
            for (name, value) in &pairs {
                writeln!(out, "{} = {}", visible_str(name), visible_str(value))?;
            }
        }
        Ok(tally)
    })
}

/// The pairs as a JSON array of two-string arrays.
pub fn json_pairs(pairs: &[(String, String)]) -> Value {
    Value::Array(
        pairs
            .iter()
            .map(|(n, v)| Value::Array(vec![Value::from(n.as_str()), Value::from(v.as_str())]))
            .collect(),
    )
}
