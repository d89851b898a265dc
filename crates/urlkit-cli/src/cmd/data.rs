//! `urlkit data`: what `data:` URLs hold, as browsers read them (the Fetch Standard's `data:`
//! URL processor: the MIME type and the body bytes), and `urlkit data --encode FILE`, a
//! `data:` URL for a file's bytes.
//!
//! Text output is each body's bytes as they are, nothing between them (one URL: exactly its
//! body); failures are reported on standard error. JSON output (`--format jsonl`, `--jsonl`,
//! `--json`) is one object per input line: `{"input","ok":true,"mime_type","essence",
//! "charset","length","body_base64"}` (`charset` null when the type has none) or the usual
//! failure object, whose kind is the URL Standard's error name for an input that is not a
//! URL, else `not-a-data-url`, `missing-comma` or `invalid-base64`.
//!
//! `--encode FILE` (`-` for standard input) prints one `data:` URL: base64 or
//! percent-encoded, whichever is shorter. Its type is `--mime TYPE`, by default
//! `application/octet-stream` (RFC 2046 §4.5.1's type for bytes of unknown kind): a `data:`
//! URL without a type is read as `text/plain;charset=US-ASCII`, which arbitrary bytes are not.

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::failure::{kind, Failure};
use clap::Args;
use serde::Serialize;
use std::io::{Read, Write};
use std::path::PathBuf;
use urlkit::data::{self, DataUrlError};
use urlkit::mime::MimeType;
use urlkit::Url;

/// The MIME type of `--encode` without `--mime`.
const DEFAULT_MIME: &str = "application/octet-stream";

/// What data: URLs hold (MIME type and body, as browsers read them), or a data: URL for a file (--encode)
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  \
urlkit data 'data:,Hello%20World%21'   # Hello World!\n  \
urlkit data --format jsonl 'data:;base64,SGk='   # {\"input\":\"data:;base64,SGk=\",\"ok\":true,\"mime_type\":\"text/plain;charset=US-ASCII\",\"essence\":\"text/plain\",\"charset\":\"US-ASCII\",\"length\":2,\"body_base64\":\"SGk=\"}\n  \
urlkit data 'data:text/plain'   # exit 1: no comma ends the MIME type\n  \
urlkit data --encode urls.txt --mime 'text/plain;charset=utf-8'   # data:text/plain;charset=utf-8,https://example.com/?q=a+b%0Ahttps://www.example.org/a/b?id=7%0A\n  \
printf 'Hi' | urlkit data --encode -   # data:application/octet-stream,Hi\n\n\
Text output is the bodies' bytes as they are; JSON output one object per input line: \
{\"input\",\"ok\",\"mime_type\",\"essence\",\"charset\",\"length\",\"body_base64\"}.\n\n\
Exit status: 0 when every input was a data: URL, 1 when any failed, 2 on usage or I/O errors \
(with --encode: a FILE that cannot be read, a TYPE that is not a MIME type or that a data: URL cannot carry)."
)]
pub struct DataArgs {
    /// Print a data: URL for the bytes of FILE (- for standard input) instead: base64 or percent-encoded, whichever is shorter
    #[arg(long, value_name = "FILE", conflicts_with_all = ["urls", "files", "json", "jsonl", "format"])]
    pub encode: Option<PathBuf>,
    /// The MIME type of --encode's data: URL [default: application/octet-stream, since a data: URL without one is read as text/plain;charset=US-ASCII]
    // `requires = "encode"` would not hold: clap drops a requirement that conflicts with an
    // argument given (the URLs), so `run` checks it.
    #[arg(long, value_name = "TYPE")]
    pub mime: Option<String>,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// What `urlkit data` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const INPUTS: &'static str = "data: URLs";
    const JSON: &'static str = "Print one JSON object per URL (as --format jsonl)";
    const JSONL: Option<&'static str> = Some("Read standard input: each line a URL; print one JSON object per line");
    const JSONL_CONFLICTS: &'static [&'static str] = &["json"];
}

/// The object of a `data:` URL read.
#[derive(Serialize)]
struct DataObject<'a> {
    input: &'a str,
    ok: bool,
    mime_type: String,
    essence: &'a str,
    charset: Option<&'a str>,
    length: usize,
    body_base64: String,
}

/// Why `input` is not a `data:` URL, with the byte position in `input` where the URL is its
/// own serialization (so that positions in it are positions in the input).
fn failure(input: &str, url: Option<&Url>, e: &DataUrlError) -> Failure {
    let canonical = url.filter(|u| u.as_str() == input);
    let end = canonical.map(|u| u.as_str().len() - u.fragment().map_or(0, |f| f.len() + 1));
    let message = e.to_string();
    match *e {
        DataUrlError::Parse(p) => Failure::at(p.kind().spec_name(), p.to_string(), p.position()),
        DataUrlError::NotDataUrl => Failure::at(kind::NOT_A_DATA_URL, message, input.len() - input.trim_start().len()),
        DataUrlError::NoComma => match end {
            Some(end) => Failure::at(kind::MISSING_COMMA, message, end),
            None => Failure::new(kind::MISSING_COMMA, message),
        },
        DataUrlError::Base64 { body_start, error } => {
            // The decoder's positions count in the percent-decoded body: the input's own
            // when the body has no escape.
            let at = end
                .filter(|&end| !input[body_start..end].contains('%'))
                .and(error.position())
                .map(|p| body_start + p);
            match at {
                Some(at) => Failure::at(kind::INVALID_BASE64, message, at),
                None => Failure::new(kind::INVALID_BASE64, message),
            }
        }
        _ => Failure::new(kind::INTERNAL, message),
    }
}

/// Answers one input: the body, or its object.
fn answer(input: &str, out: &mut Sink) -> bool {
    let url = match Url::parse(input) {
        Ok(url) => url,
        Err(e) => return out.fail(input, &failure(input, None, &DataUrlError::Parse(e))),
    };
    let decoded = match data::process(&url) {
        Ok(decoded) => decoded,
        Err(e) => return out.fail(input, &failure(input, Some(&url), &e)),
    };
    if !out.is_json() {
        out.bytes(&decoded.body);
        return true;
    }
    let mime = &decoded.mime_type;
    out.json(
        true,
        &DataObject {
            input,
            ok: true,
            mime_type: mime.to_string(),
            essence: mime.essence(),
            charset: mime.charset(),
            length: decoded.body.len(),
            body_base64: data::base64::encode(&decoded.body),
        },
    )
}

/// `urlkit data --encode FILE [--mime TYPE]`.
fn encode(file: &PathBuf, mime: Option<&str>) -> Status {
    let text = mime.unwrap_or(DEFAULT_MIME);
    let mime = match MimeType::parse(text) {
        Ok(mime) => mime,
        Err(e) => return driver::usage(&format!("invalid --mime {text:?}: {e}")),
    };
    let bytes = if file.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().lock().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(file)
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(e) => {
            let name = if file.as_os_str() == "-" { "<stdin>".into() } else { file.display().to_string() };
            return driver::usage(&format!("cannot read {name}: {}", driver::lower_first(&e.to_string())));
        }
    };
    match data::encode(&bytes, &mime) {
        Ok(url) => {
            let mut out = std::io::stdout().lock();
            match writeln!(out, "{url}").and_then(|()| out.flush()) {
                Ok(()) => Status::Success,
                Err(e) => driver::usage(&format!("error writing standard output: {}", driver::lower_first(&e.to_string()))),
            }
        }
        Err(e) => driver::usage(&format!("invalid --mime {text:?}: {e}")),
    }
}

impl super::Run for DataArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        if let Some(file) = &self.encode {
            return encode(file, self.mime.as_deref());
        }
        if self.mime.is_some() {
            return driver::usage("--mime goes with --encode FILE (a data: URL read says its own type)");
        }
        driver::run(self.inputs.batch(), || answer)
    }
}
