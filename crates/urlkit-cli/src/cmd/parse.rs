//! `urlkit parse`: the components of URLs per the WHATWG URL Standard (default), as RFC
//! 3986 URI references (`--rfc3986`) or per the RFC 1738 schemes (`--rfc1738`): a table
//! with a diagram, or one JSON object per input (`--json`, `--format json`, or `--jsonl`
//! reading standard input). The objects are described in [`crate::standard`]'s modules.
//!
//! With the URL Standard, an input starting with `{` is a request
//! `{"input": URL, "base": BASE or null}`; with `--rfc3986` and `--rfc1738` every input is
//! read as it is.

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::edit::{EditArgs, Edits};
use crate::standard::whatwg::{self, Requests};
use crate::standard::{self, Standard};
use clap::Args;
use std::ffi::OsString;

/// The URL `--example` parses.
pub const EXAMPLE: &str = "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash";

/// Show the components of URLs and where they lie (WHATWG, --rfc3986 or --rfc1738; table, --json, or --jsonl from stdin)
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit parse --example\n  \
                  urlkit parse --json --base https://example.com/a/ ../b\n  \
                  urlkit parse --get '{hostname} {port}' -f urls.txt\n  \
                  urlkit parse --rfc3986 'foo://user@host:8042/over/there?name=ferret#nose'\n\n\
                  With --rfc3986 or --rfc1738, each --jsonl line is the input itself (no JSON unwrapping). \
                  With --rfc1738 an input succeeds when it has a scheme, whether or not it is strictly valid (see \"valid\").\n\n\
                  Exit status: 0 when every input parsed, 1 when any failed, 2 on usage or I/O errors.")]
pub struct ParseArgs {
    /// Resolve each URL against this base URL
    #[arg(long, value_name = "BASE")]
    pub base: Option<OsString>,
    // Before the inputs: the Edits section of --help comes before Input and output.
    #[command(flatten)]
    pub edits: EditArgs,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
    /// Also parse a built-in example URL
    #[arg(long)]
    pub example: bool,
    /// Diagram width in columns (default: $COLUMNS, else 80)
    #[arg(long, value_name = "COLUMNS")]
    pub width: Option<usize>,
    /// Parse as RFC 3986 URI references: the components as written (no base)
    #[arg(long, conflicts_with_all = ["base", "rfc1738"])]
    pub rfc3986: bool,
    /// With --rfc3986: read IRI references (RFC 3987), Unicode allowed where the IRI grammar allows it
    #[arg(long, requires = "rfc3986")]
    pub iri: bool,
    /// Parse per the RFC 1738 schemes: the scheme's decoded parts and strict BNF validation (no base)
    #[arg(long, conflicts_with = "base")]
    pub rfc1738: bool,
}

/// What `urlkit parse` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const INPUTS: &'static str = "URLs to parse";
    const JSON: &'static str = "Print one JSON object per URL instead of a table";
    const JSONL: Option<&'static str> = Some(
        r#"Read standard input: each line a URL or {"input": URL, "base": BASE or null}; print one JSON object per line"#,
    );
    const JSONL_CONFLICTS: &'static [&'static str] = &["urls", "base", "json", "example"];
}

impl super::Run for ParseArgs {
    fn run(self, ctx: &super::Context<'_>) -> Status {
        run(self, ctx.matches)
    }
}

/// Runs `urlkit parse`; `matches` give the order of the edits.
pub fn run(mut args: ParseArgs, matches: Option<&clap::ArgMatches>) -> Status {
    let edits = match Edits::new(&args.edits, matches) {
        Ok(edits) => edits,
        Err(message) => return driver::usage(&message),
    };
    if (!edits.is_empty() || edits.guess_scheme) && (args.rfc3986 || args.rfc1738) {
        return driver::usage(
            "edits, --get, --guess-scheme and the output forms work on URL Standard URLs, not with --rfc3986 or --rfc1738",
        );
    }
    let width = standard::width(args.width);
    if args.example {
        args.inputs.urls.insert(0, OsString::from(EXAMPLE));
    }
    let mut batch = args.inputs.batch();
    // `--get` answers one line per URL; the described form is a block.
    batch.blank_failures = edits.template.is_some();
    if args.rfc3986 || args.rfc1738 {
        let reading = standard::select(args.rfc3986, args.iri, args.rfc1738);
        return driver::run(batch, || {
            move |input: &str, out: &mut Sink| reading.describe(input, out, width)
        });
    }
    let base_text = args.base.map(|b| b.to_string_lossy().into_owned());
    let base = match base_text.as_deref().map(whatwg::parse_base) {
        Some(Err(message)) => return driver::usage(&message),
        base => base,
    };
    let default = base_text.as_deref().zip(base.as_ref());
    let edits = &edits;
    driver::run(batch, || {
        let mut requests = Requests::new(default).guessing(edits.guess_scheme);
        move |line: &str, out: &mut Sink| {
            requests.answer(line, out, |input, whatwg, out| {
                if edits.is_empty() {
                    return whatwg.describe(input, out, width);
                }
                edits.answer(input, whatwg.resolve(input), out, |input, url, _, out| {
                    whatwg.answer(input, &Ok(url.clone()), out, width)
                })
            })
        }
    })
}
