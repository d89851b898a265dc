//! `urlkit relative`: the shortest relative reference from a base URI to target URIs
//! (RFC 3986: both parsed as URIs, the target normalized, §6.2; resolving the result against
//! the base, §5.2, gives the normalized target).
//!
//! `urlkit relative BASE TARGET...` prints one reference per line (failures on standard
//! error); `--json` prints one object per target and `--jsonl` reads lines
//! `{"base", "target"}`, answering `{"base","target","ok":true,"relative"}` or
//! `{"base","target","ok":false,"error"}`.

use super::pairs::{jsonl_handler, parse_base, Op};
use super::parse::write_json;
use super::{run_jsonl_stdio, with_stdout, Status, Tally};
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
        return run_jsonl_stdio(jsonl_handler(Op::Relative));
    }
    run_pairs(Op::Relative, args.base.as_ref(), &args.targets, args.json)
}

/// Runs `op` on each of `others` against `base` given as arguments: one result per line, or
/// one object per line with `json`; failures go to standard error in the readable form.
/// Shared with `urlkit resolve --rfc3986`.
pub fn run_pairs(op: Op, base: Option<&OsString>, others: &[OsString], json: bool) -> Status {
    let base_text = base.map(|b| b.to_string_lossy().into_owned()).unwrap_or_default();
    let base = parse_base(&base_text);
    with_stdout(|out| {
        let mut tally = Tally::default();
        for other in others {
            let other = other.to_string_lossy();
            let result = op.apply(&base, &other);
            tally.record(result.is_ok());
            if json {
                write_json(out, op.object(Some(&base_text), &other, &result))?;
                continue;
            }
            match &result {
                Ok(value) => writeln!(out, "{value}")?,
                Err(message) => {
                    out.flush()?;
                    match op {
                        Op::Resolve => {
                            eprintln!("urlkit: cannot resolve {other:?} against {base_text:?}: {message}")
                        }
                        Op::Relative => {
                            eprintln!("urlkit: cannot make {other:?} relative to {base_text:?}: {message}")
                        }
                    }
                }
            }
        }
        Ok(tally)
    })
}
