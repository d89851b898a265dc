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

use super::lossy;
use crate::driver::{self, Batch, Sink, Status};
use crate::standard;
use clap::Args;
use serde::Serialize;
use std::ffi::OsString;

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

/// The success object.
#[derive(Serialize)]
struct Normalized<'a> {
    input: &'a str,
    ok: bool,
    normalized: &'a str,
}

/// Runs `urlkit normalize`.
pub fn run(args: NormalizeArgs) -> Status {
    let normalizer = standard::normalizer(args.rfc3986);
    let batch = if args.jsonl {
        Batch::jsonl()
    } else {
        Batch::args(lossy(&args.urls), args.json)
    };
    driver::run(batch, || {
        |input: &str, out: &mut Sink| match normalizer.normalize(input) {
            Ok(normalized) if out.is_json() => out.json(
                true,
                &Normalized {
                    input,
                    ok: true,
                    normalized: &normalized,
                },
            ),
            Ok(normalized) => out.line(&normalized),
            Err(failure) => out.fail(input, &failure),
        }
    })
}
