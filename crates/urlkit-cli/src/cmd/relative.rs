//! `urlkit relative`: the shortest relative reference from a base URI to target URIs
//! (RFC 3986: both parsed as URIs, the target normalized, §6.2; resolving the result against
//! the base, §5.2, gives the normalized target).
//!
//! `urlkit relative BASE TARGET...` prints one reference per line (failures on standard
//! error); `--json` prints one object per target and `--jsonl` reads lines
//! `{"base", "target"}`, answering `{"base","target","ok":true,"relative"}` or
//! `{"base","target","ok":false,"error"}`.

use super::resolve::run_pairs;
use crate::driver::{self, Batch, Status};
use crate::standard::rfc3986::Op;
use clap::Args;
use std::ffi::OsString;

/// Arguments of `urlkit relative`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 when every target gave a reference, 1 when any failed, 2 on usage or I/O errors."
)]
pub struct RelativeArgs {
    /// The base URI
    #[arg(value_name = "BASE", required_unless_present = "jsonl")]
    pub base: Option<OsString>,
    /// Target URIs
    #[arg(value_name = "TARGET", required_unless_present = "jsonl")]
    pub targets: Vec<OsString>,
    /// Print one JSON object per target
    #[arg(long)]
    pub json: bool,
    /// Read standard input: each line {"base": BASE, "target": TARGET}; print one JSON object per line
    #[arg(long, conflicts_with_all = ["base", "targets", "json"])]
    pub jsonl: bool,
}

/// Runs `urlkit relative`.
pub fn run(args: RelativeArgs) -> Status {
    if args.jsonl {
        return driver::run(Batch::jsonl(), || Op::Relative.request_handler());
    }
    run_pairs(Op::Relative, args.base.as_ref(), &args.targets, args.json)
}
