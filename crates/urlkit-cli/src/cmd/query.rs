//! `urlkit query`: the search parameters of URLs (their query read as
//! `application/x-www-form-urlencoded`, as the URL API's `searchParams`).
//!
//! Readable output is one `name = value` line per parameter (control characters shown as
//! visible symbols, URLs separated by a blank line); `--json` prints, per URL, one line
//! holding an array of `[name, value]` pairs.

use super::lossy;
use crate::diagram::visible_str;
use crate::driver::{self, Batch, Sink, Status};
use crate::standard::whatwg::Whatwg;
use clap::Args;
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
    driver::run(Batch::args(lossy(&args.urls), args.json), || {
        |input: &str, out: &mut Sink| {
            let pairs = match Whatwg::WITHOUT_BASE.resolve(input) {
                Ok(url) => url.search_params().into_vec(),
                Err(failure) => {
                    out.error(&failure.report(input));
                    return false;
                }
            };
            if out.is_json() {
                return out.json(true, &pairs);
            }
            out.block();
            for (name, value) in &pairs {
                out.text(&format!("{} = {}\n", visible_str(name), visible_str(value)));
            }
            true
        }
    })
}
