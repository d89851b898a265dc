//! `urlkit query`: the search parameters of URLs (their query read as
//! `application/x-www-form-urlencoded`, as the URL API's `searchParams`).
//!
//! Text output is one `name = value` line per parameter (control characters shown as
//! visible symbols, URLs separated by a blank line). `--json` prints, per URL, one line
//! holding an array of `[name, value]` pairs (a failure: the failure object);
//! `--jsonl` and `--format json` print `{"input","base","ok":true,"params"}` objects, with
//! `params` that array, or the failure object `{"input","base","ok":false,"error","kind",
//! "position"}`.

use crate::args::{self, Inputs};
use crate::diagram::visible_str;
use crate::driver::{self, Sink, Status};
use crate::standard::whatwg::Requests;
use clap::Args;
use serde::Serialize;

/// Show the search parameters of URLs (name = value lines, or --json pairs)
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit query 'https://example.com/?q=a+b&tag=x&tag=y'\n  \
                  urlkit query --jsonl < urls.txt\n\n\
                  Exit status: 0 when every URL parsed, 1 when any failed, 2 on usage or I/O errors.")]
pub struct QueryArgs {
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// What `urlkit query` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const INPUTS: &'static str = "URLs whose search parameters to show";
    const JSON: &'static str = "Print, per URL, a JSON array of [name, value] pairs";
    const JSONL: Option<&'static str> =
        Some(r#"Read standard input: each line a URL or {"input", "base"}; print one JSON object per line"#);
}

/// The success object.
#[derive(Serialize)]
struct Params<'a> {
    input: &'a str,
    base: Option<&'a str>,
    ok: bool,
    params: &'a [(String, String)],
}

impl super::Run for QueryArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit query`.
pub fn run(args: QueryArgs) -> Status {
    let arrays = args.inputs.json;
    let batch = args.inputs.batch();
    driver::run(batch, || {
        let mut requests = Requests::new(None);
        move |line: &str, out: &mut Sink| {
            requests.answer(line, out, |input, whatwg, out| {
                let base = whatwg.base.map(|(text, _)| text);
                let params = match whatwg.resolve(input) {
                    Ok(url) => url.search_params().into_vec(),
                    Err(failure) if out.is_json() => {
                        return out.json_failure(failure.kind, &failure.with_base(input, base))
                    }
                    Err(failure) => return out.fail(input, &failure),
                };
                if arrays {
                    return out.json(true, &params);
                }
                if out.is_json() {
                    let object = Params {
                        input,
                        base,
                        ok: true,
                        params: &params,
                    };
                    return out.json(true, &object);
                }
                out.block();
                for (name, value) in &params {
                    out.text(&format!("{} = {}\n", visible_str(name), visible_str(value)));
                }
                true
            })
        }
    })
}
