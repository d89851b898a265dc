//! `urlkit relative`: the shortest relative reference from a base URI to target URIs
//! (RFC 3986: both parsed as URIs, the target normalized, §6.2; resolving the result against
//! the base, §5.2, gives the normalized target).
//!
//! `urlkit relative BASE TARGET...` prints one reference per line (failures on standard
//! error); JSON output (`--json`, `--format json`) is one object per target and `--jsonl`
//! reads lines `{"base", "target"}` (or `{"base", "input"}`), answering
//! `{"base","target","ok":true,"relative","input"}` or
//! `{"base","target","ok":false,"error","kind","position","input"}`.

use super::resolve::run_pairs;
use crate::args::{self, Inputs};
use crate::driver::{self, Status};
use crate::standard::rfc3986::Op;
use clap::Args;
use std::ffi::OsString;

/// The shortest relative reference from a base URI to target URIs (RFC 3986)
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit relative http://a/b/c/d http://a/b/e      # ../e\n  \
                  urlkit relative --json http://a/b/ -f targets.txt\n\n\
                  Exit status: 0 when every target gave a reference, 1 when any failed, 2 on usage or I/O errors (an invalid BASE too).")]
pub struct RelativeArgs {
    /// The base URI
    #[arg(value_name = "BASE", required_unless_present = "jsonl")]
    pub base: Option<OsString>,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// What `urlkit relative` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const VALUE: &'static str = "TARGET";
    const INPUTS: &'static str = "Target URIs";
    const JSON: &'static str = "Print one JSON object per target";
    const JSONL: Option<&'static str> = Some(
        r#"Read standard input: each line {"base": BASE, "target": TARGET}; print one JSON object per line"#,
    );
    const JSONL_CONFLICTS: &'static [&'static str] = &["base", "urls", "json"];
}

impl super::Run for RelativeArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit relative`.
pub fn run(args: RelativeArgs) -> Status {
    let batch = args.inputs.line_batch();
    if args.inputs.jsonl {
        return driver::run(batch, || Op::Relative.request_handler());
    }
    let base = args
        .base
        .map(|b| b.to_string_lossy().into_owned())
        .unwrap_or_default();
    run_pairs(Op::Relative, &base, batch)
}
