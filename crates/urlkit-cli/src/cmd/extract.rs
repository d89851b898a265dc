//! `urlkit extract`: the URLs in text ([`urlkit::text`]: RFC 1738's `<URL:…>`, RFC 3986
//! Appendix C's `<…>` and `"…"` with line breaks removed, GFM's bare URLs, `www.` links and
//! email addresses), read from files or standard input in bounded memory, with byte offsets
//! into each input that stay exact whatever its size.
//!
//! One JSON object per URL, in order: `{"url","text","start","end","line","column","kind",
//! "wrapped","ambiguous","alternatives","valid","file"}` (`url` as it should be used, `text`
//! as it appears, wrapper included; `start`/`end` byte offsets; `line`/`column` 1-based,
//! the column in bytes; `valid` whether `url` parses under the WHATWG URL Standard; `file`
//! the input's name, `null` for standard input). `--plain` prints the URLs only.

use crate::driver::{self, lower_first, Status, Stream};
use crate::edit::RedactArgs;
use clap::Args;
use serde::Serialize;
use std::collections::HashSet;
use std::ffi::OsString;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use urlkit::text::{Finder, Link, Options};

/// Find the URLs in text files or standard input (one JSON object per URL, or --plain)
#[derive(Debug, Args)]
#[command(after_help = "Exit status: 0 when every input was read, 2 on usage or I/O errors.")]
pub struct ExtractArgs {
    /// Text files, plain or gzip/zstd-compressed (- for standard input; standard input when none are given and it is not a terminal)
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
    /// Print only the URLs, one per line
    #[arg(long)]
    pub plain: bool,
    /// Print each URL once, where it first occurs (memory grows with the distinct URLs)
    #[arg(long)]
    pub unique: bool,
    /// Only URLs with this scheme (repeatable; a www. link counts as http, an address as mailto)
    #[arg(long = "scheme", value_name = "S")]
    pub schemes: Vec<String>,
    /// Also find links without a scheme: a domain whose last label is a public suffix of the built-in list (example.com/path, docs.rs; not file.txt) or an IPv4 address with a port or path; kind "domain", read as http://
    #[arg(long)]
    pub bare_domains: bool,
    #[command(flatten)]
    pub redact: RedactArgs,
}

/// One URL found, field order as the contract says.
#[derive(Serialize)]
struct Found<'a> {
    url: &'a str,
    text: &'a str,
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    kind: &'static str,
    wrapped: bool,
    ambiguous: bool,
    alternatives: Vec<String>,
    valid: bool,
    file: Option<&'a str>,
}

fn write(
    out: &mut impl Write,
    link: &Link<'_>,
    url: &str,
    text: &str,
    file: Option<&str>,
    plain: bool,
) -> io::Result<()> {
    if plain {
        return writeln!(out, "{url}");
    }
    let found = Found {
        url,
        text,
        start: link.start(),
        end: link.end(),
        line: link.line(),
        column: link.column(),
        kind: link.kind().as_str(),
        wrapped: link.is_wrapped(),
        ambiguous: link.is_ambiguous(),
        alternatives: link.alternatives(),
        valid: urlkit::Url::parse(url).is_ok(),
        file,
    };
    serde_json::to_writer(&mut *out, &found)?;
    out.write_all(b"\n")
}

impl super::Run for ExtractArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit extract`.
pub fn run(args: ExtractArgs) -> Status {
    let finder = Finder::new(Options::new().schemes(&args.schemes).bare_domains(args.bare_domains));
    let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    let mut seen: HashSet<String> = HashSet::new();
    let redact = args.redact.redact();
    let inputs: Vec<Option<PathBuf>> = if args.files.is_empty() {
        // Reading a terminal would wait for typing nobody knows is expected.
        if io::stdin().is_terminal() {
            return driver::usage("no input: give text files as arguments, or pipe text in (see --help)");
        }
        vec![None]
    } else {
        args.files
            .iter()
            .map(|f| (f != "-").then(|| PathBuf::from(f)))
            .collect()
    };
    let mut status = Status::Success;
    for input in &inputs {
        let name = input.as_ref().map(|p| p.to_string_lossy().into_owned());
        let shown = name.as_deref().unwrap_or("standard input");
        let stream = match input {
            Some(path) => Stream::open(path),
            None => Stream::stdin(),
        };
        let stream = match stream {
            Ok(stream) => stream,
            Err(e) => {
                eprintln!("urlkit: {shown}: {}", lower_first(&e.to_string()));
                status = Status::Error;
                continue;
            }
        };
        for link in finder.links_in(BufReader::with_capacity(64 * 1024, stream)) {
            let link = match link {
                Ok(link) => link,
                Err(e) => {
                    eprintln!("urlkit: {shown}: {}", lower_first(&e.to_string()));
                    status = Status::Error;
                    break;
                }
            };
            let url = link.url();
            if args.unique && !seen.insert(url.clone().into_owned()) {
                continue;
            }
            // --redact: the URL masked, and the text it was found as too (it holds the
            // same secrets); a link that does not parse is shown as found.
            let masked = redact.as_ref().and_then(|r| {
                let url = urlkit::Url::parse(&url).ok()?;
                Some(url.redacted_with(r).into_string())
            });
            let (url, text) = match &masked {
                Some(masked) => (masked.as_str(), masked.as_str()),
                None => (&*url, link.as_str()),
            };
            if let Err(e) = write(&mut out, &link, url, text, name.as_deref(), args.plain) {
                return write_error(&e);
            }
        }
    }
    if let Err(e) = out.flush() {
        return write_error(&e);
    }
    status
}

/// A closed pipe ends the run quietly; any other write error is reported (exit 2).
fn write_error(e: &io::Error) -> Status {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Status::Success;
    }
    eprintln!(
        "urlkit: error writing standard output: {}",
        lower_first(&e.to_string())
    );
    Status::Error
}
