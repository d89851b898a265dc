//! `urlkit resolve`: resolves references against a base URL per the WHATWG URL Standard.
//!
//! `urlkit resolve BASE REF...` prints each resolved href on its own line (failures go to
//! standard error); JSON output (`--json`, `--format json`) is the `urlkit parse --json`
//! objects; `--jsonl` reads lines `{"base": …, "input": …}` (or plain inputs without a
//! base) and answers exactly as `urlkit parse --jsonl` does. References may also come from
//! files (`-f`) or standard input, with BASE their default base. `--base BASE` names the
//! base as `urlkit parse` does; every argument is then a reference.
//!
//! With `--rfc3986` the base must be a URI and references are resolved per RFC 3986 §5.2
//! (strict parser): hrefs as above, JSON objects `{"base","input","ok":true,"href"}` or
//! `{"base","input","ok":false,"error","kind","position"}`, JSONL lines
//! `{"base": BASE, "input": REF}`.

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::edit::{masked, masked_input, RedactArgs};
use crate::standard::rfc3986::{self, Op};
use crate::standard::whatwg::{self, Requests};
use clap::Args;
use std::ffi::OsString;

/// Resolve references against a base URL (WHATWG or --rfc3986; hrefs, --json, or --jsonl from stdin)
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit resolve https://example.com/a/b ../c ?q    # https://example.com/c, https://example.com/a/b?q\n  \
                  urlkit resolve --rfc3986 'http://a/b/c/d;p?q' ../../g   # http://a/g\n  \
                  urlkit resolve https://example.com/ -f links.txt\n  \
                  urlkit resolve --base https://example.com/a/ b c   # https://example.com/a/b, https://example.com/a/c\n\n\
                  Exit status: 0 when every reference resolved, 1 when any failed, 2 on usage or I/O errors (an invalid BASE too).")]
pub struct ResolveArgs {
    /// The base URL
    #[arg(value_name = "BASE", required_unless_present_any = ["jsonl", "base_option"])]
    pub base: Option<OsString>,
    /// The base URL, as urlkit parse takes it: every argument is then a reference
    #[arg(long = "base", id = "base_option", value_name = "BASE", conflicts_with = "jsonl")]
    pub base_option: Option<OsString>,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
    /// Resolve per RFC 3986 §5.2 (strict URI references) instead of the WHATWG URL Standard
    #[arg(long)]
    pub rfc3986: bool,
    #[command(flatten)]
    pub redact: RedactArgs,
}

/// What `urlkit resolve` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const VALUE: &'static str = "REF";
    const INPUTS: &'static str = "References to resolve against BASE";
    const JSON: &'static str =
        "Print one JSON object per reference (as `urlkit parse --json`) instead of hrefs";
    const JSONL: Option<&'static str> = Some(
        r#"Read standard input: each line {"base": BASE or null, "input": REF} or a plain URL; print one JSON object per line"#,
    );
    const JSONL_CONFLICTS: &'static [&'static str] = &["base", "urls", "json"];
}

impl super::Run for ResolveArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit resolve`.
pub fn run(mut args: ResolveArgs) -> Status {
    // With --base, what clap took for the positional BASE is the first reference.
    if let Some(base) = args.base_option.take() {
        if let Some(first) = args.base.replace(base) {
            args.inputs.urls.insert(0, first);
        }
    }
    let batch = args.inputs.line_batch();
    let redact = args.redact.redact();
    let redact = redact.as_ref();
    if redact.is_some() && args.rfc3986 {
        return driver::usage("--redact works on URL Standard URLs, not with --rfc3986");
    }
    if args.inputs.jsonl {
        return if args.rfc3986 {
            driver::run(batch, || Op::Resolve.request_handler())
        } else {
            driver::run(batch, || {
                let mut requests = Requests::new(None);
                move |line: &str, out: &mut Sink| {
                    requests.answer(line, out, |input, w, out| {
                        let outcome = w.resolve(input).map(|url| masked(url, redact));
                        w.answer(&masked_input(input, redact), &outcome, out, 0)
                    })
                }
            })
        };
    }
    let base_text = args
        .base
        .map(|b| b.to_string_lossy().into_owned())
        .unwrap_or_default();
    if args.rfc3986 {
        return run_pairs(Op::Resolve, &base_text, batch);
    }
    let base = match whatwg::parse_base(&base_text) {
        Ok(url) => Ok(url),
        Err(message) => return driver::usage(&message),
    };
    // The base's text is only echoed (JSON "base", reports): masked under --redact.
    let base_shown = masked_input(&base_text, redact);
    let default = Some((&*base_shown, &base));
    driver::run(batch, || {
        let mut requests = Requests::new(default);
        move |line: &str, out: &mut Sink| {
            requests.answer(line, out, |reference, whatwg, out| {
                let outcome = whatwg
                    .resolve(reference)
                    .map(|url| masked(url, redact));
                match &outcome {
                    _ if out.is_json() => whatwg.answer(&masked_input(reference, redact), &outcome, out, 0),
                    Ok(url) => out.line(url.href()),
                    Err(failure) => {
                        let base = whatwg.base.map(|(text, _)| text).unwrap_or_default();
                        let head = format!("urlkit: cannot resolve {reference:?} against {base:?}");
                        out.report(failure.kind, &failure.report_with(&head, reference))
                    }
                }
            })
        }
    })
}

/// Runs `op` on each input of `batch` against the base URI `base_text`: one result per
/// line, or one object per line in JSON. An invalid base is a usage error. Shared with
/// `urlkit relative`.
pub fn run_pairs(op: Op, base_text: &str, batch: driver::Batch) -> Status {
    let base = match rfc3986::parse_base(base_text) {
        Ok(uri) => Ok(uri),
        Err(message) => return driver::usage(&message),
    };
    driver::run(batch, || {
        |other: &str, out: &mut Sink| op.answer(Some(base_text), other, &op.apply(&base, other), out)
    })
}
