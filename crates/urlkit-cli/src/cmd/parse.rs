//! `urlkit parse`: the components of URLs per the WHATWG URL Standard (default), as RFC
//! 3986 URI references (`--rfc3986`) or per the RFC 1738 schemes (`--rfc1738`): a table
//! with a diagram, one JSON object per argument (`--json`), or one JSON object per line of
//! standard input (`--jsonl`). The objects are described in [`crate::standard`]'s modules.
//!
//! With the URL Standard, `--jsonl` lines are requests (a plain URL or
//! `{"input": URL, "base": BASE or null}`); with `--rfc3986` and `--rfc1738` each line is
//! the input itself.

use super::lossy;
use crate::driver::{self, Batch, Sink, Status};
use crate::request::Request;
use crate::standard::whatwg::{self, Base, BaseFailure, Whatwg};
use crate::standard::{self, Standard};
use clap::Args;
use std::ffi::OsString;

/// The URL `--example` parses.
pub const EXAMPLE: &str = "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash";

/// Arguments of `urlkit parse`.
#[derive(Debug, Args)]
#[command(
    after_help = "With --rfc3986 or --rfc1738, each --jsonl line is the input itself (no JSON unwrapping). \
                  With --rfc1738 an input succeeds when it has a scheme, whether or not it is strictly valid (see \"valid\").\n\n\
                  Exit status: 0 when every input parsed, 1 when any failed, 2 on usage or I/O errors."
)]
pub struct ParseArgs {
    /// URLs to parse
    #[arg(value_name = "URL", required_unless_present_any = ["example", "jsonl"])]
    pub urls: Vec<OsString>,
    /// Resolve each URL against this base URL
    #[arg(long, value_name = "BASE")]
    pub base: Option<OsString>,
    /// Print one JSON object per URL instead of a table
    #[arg(long)]
    pub json: bool,
    /// Read standard input: each line a URL or {"input": URL, "base": BASE or null}; print one JSON object per line
    #[arg(long, conflicts_with_all = ["urls", "base", "json", "example"])]
    pub jsonl: bool,
    /// Also parse a built-in example URL
    #[arg(long)]
    pub example: bool,
    /// Diagram width in columns (default: $COLUMNS, else 80)
    #[arg(long, value_name = "COLUMNS")]
    pub width: Option<usize>,
    /// Parse as RFC 3986 URI references: the components as written (no base)
    #[arg(long, conflicts_with_all = ["base", "rfc1738"])]
    pub rfc3986: bool,
    /// Parse per the RFC 1738 schemes: the scheme's decoded parts and strict BNF validation (no base)
    #[arg(long, conflicts_with = "base")]
    pub rfc1738: bool,
}

/// Runs `urlkit parse`.
pub fn run(args: ParseArgs) -> Status {
    let width = standard::width(args.width);
    let whatwg = !args.rfc3986 && !args.rfc1738;
    if args.jsonl && whatwg {
        return driver::run(Batch::jsonl(), request_handler);
    }
    let batch = if args.jsonl {
        Batch::jsonl()
    } else {
        let mut inputs = Vec::with_capacity(args.urls.len() + 1);
        if args.example {
            inputs.push(EXAMPLE.to_owned());
        }
        inputs.extend(lossy(&args.urls));
        Batch::args(inputs, args.json)
    };
    let base_text = args.base.map(|b| b.to_string_lossy().into_owned());
    let base = base_text.as_deref().map(whatwg::parse_base);
    let with_base = base_text
        .as_deref()
        .zip(base.as_ref())
        .map(|base| Whatwg { base: Some(base) });
    let reading: &dyn Standard = match &with_base {
        Some(with_base) => with_base,
        None => standard::select(args.rfc3986, args.rfc1738),
    };
    driver::run(batch, || {
        move |input: &str, out: &mut Sink| reading.describe(input, out, width)
    })
}

/// The handler of URL Standard requests (shared with `urlkit resolve --jsonl`): a plain
/// URL or `{"input": URL, "base": BASE or null}`, parsing each base once while consecutive
/// lines share it.
pub fn request_handler() -> impl FnMut(&str, &mut Sink) -> bool {
    let mut cache: Option<(String, Base)> = None;
    move |line, out| {
        let request = match Request::parse(line) {
            Ok(request) => request,
            Err(message) => {
                let failure = BaseFailure {
                    input: line,
                    base: None,
                    ok: false,
                    error: &message,
                };
                return out.json(false, &failure);
            }
        };
        let base = match request.base {
            None => None,
            Some(text) => {
                if cache.as_ref().is_none_or(|(cached, _)| *cached != text) {
                    let parsed = whatwg::parse_base(&text);
                    cache = Some((text, parsed));
                }
                cache.as_ref().map(|(text, parsed)| (text.as_str(), parsed))
            }
        };
        Whatwg { base }.describe(&request.input, out, 0)
    }
}
