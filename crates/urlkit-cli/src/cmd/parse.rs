//! `urlkit parse`: the components of URLs per the WHATWG URL Standard, as a table with a
//! diagram (default), one JSON object per argument (`--json`), or one JSON object per line
//! of standard input (`--jsonl`).
//!
//! The JSON objects are, on success,
//! `{"input","base","ok":true,"href","origin","protocol","username","password","host",
//! "hostname","port","pathname","search","hash"}` (each value the string the URL Standard's
//! API getter returns), on failure `{"input","base","ok":false,"error"}`.
//!
//! `--rfc3986` reads each input as an RFC 3986 URI reference instead (see [`super::rfc3986`])
//! and `--rfc1738` per the RFC 1738 schemes (see [`super::rfc1738`]); in both, `--jsonl`
//! lines are the inputs themselves.

use super::rfc1738;
use super::rfc3986::{self, Goal};
use super::{
    failure, guarded, run_jsonl_stdio, with_stdout, JsonObject, Request, Status, Tally, INTERNAL_ERROR,
};
use crate::diagram::{self, Span};
use clap::Args;
use std::ffi::OsString;
use std::io::{self, Write};
use urlkit::Url;

/// The URL `--example` parses.
pub const EXAMPLE: &str = "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash";

/// Diagram width when neither `--width` nor `COLUMNS` says otherwise.
const DEFAULT_WIDTH: usize = 80;

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

/// Runs `urlkit parse --rfc3986` or `--rfc1738`.
fn run_strict(args: &ParseArgs) -> Status {
    if args.jsonl {
        return if args.rfc3986 {
            run_jsonl_stdio(|line| rfc3986::answer(line, Goal::Components))
        } else {
            run_jsonl_stdio(rfc1738::answer)
        };
    }
    let mut inputs: Vec<String> = Vec::with_capacity(args.urls.len() + 1);
    if args.example {
        inputs.push(EXAMPLE.to_owned());
    }
    inputs.extend(args.urls.iter().map(|u| u.to_string_lossy().into_owned()));
    let width = args.width.unwrap_or_else(terminal_width).max(10);
    match (args.rfc3986, args.json) {
        (true, true) => rfc3986::run_json(&inputs, Goal::Components),
        (true, false) => rfc3986::run_tables(&inputs, width),
        (false, true) => rfc1738::run_json(&inputs),
        (false, false) => rfc1738::run_tables(&inputs),
    }
}

/// Runs `urlkit parse`.
pub fn run(args: ParseArgs) -> Status {
    if args.rfc3986 || args.rfc1738 {
        return run_strict(&args);
    }
    if args.jsonl {
        return run_jsonl_stdio(jsonl_handler());
    }
    let mut inputs: Vec<String> = Vec::with_capacity(args.urls.len() + 1);
    if args.example {
        inputs.push(EXAMPLE.to_owned());
    }
    inputs.extend(args.urls.iter().map(|u| u.to_string_lossy().into_owned()));
    let base_text = args.base.as_ref().map(|b| b.to_string_lossy().into_owned());
    let base = base_text.as_deref().map(parse_base);
    let width = args.width.unwrap_or_else(terminal_width).max(10);
    with_stdout(|out| {
        let mut tally = Tally::default();
        let mut tables = 0;
        for input in &inputs {
            let result = resolve(input, base.as_ref());
            if args.json {
                write_json(out, object(input, base_text.as_deref(), &result))?;
                tally.record(result.is_ok());
                continue;
            }
            // Tables are separated by a blank line; failures go to standard error.
            let separator = if tables > 0 { "\n" } else { "" };
            let ok = write_human(out, separator, input, base_text.as_deref(), &result, width)?;
            tables += usize::from(ok);
            tally.record(ok);
        }
        Ok(tally)
    })
}

/// The line handler for `--jsonl` (shared with `urlkit resolve --jsonl`): parses each
/// request, reusing the parsed base while consecutive lines share it.
pub fn jsonl_handler() -> impl FnMut(&str) -> (JsonObject, bool) {
    let mut cache: Option<(String, Base)> = None;
    move |line| {
        let request = match Request::parse(line) {
            Ok(request) => request,
            Err(message) => return failure(line, None, &message),
        };
        let base_text = request.base.as_deref();
        let base = match base_text {
            None => None,
            Some(text) => {
                if cache.as_ref().is_none_or(|(cached, _)| cached != text) {
                    cache = Some((text.to_owned(), parse_base(text)));
                }
                cache.as_ref().map(|(_, parsed)| parsed)
            }
        };
        let result = resolve(&request.input, base);
        let ok = result.is_ok();
        (object(&request.input, base_text, &result), ok)
    }
}

/// Why one input failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The error message for the failure object.
    pub message: String,
    /// The byte position in the input the message is about, if any.
    pub position: Option<usize>,
}

/// What became of one input: the URL, or why it failed (a parse failure, a base that does
/// not parse, or a panic in the parser caught by [`guarded`]).
pub type Outcome = Result<Url, Failure>;

/// A parsed base URL, or the message for the inputs resolved against it.
pub type Base = Result<Url, String>;

/// Parses a base URL.
pub fn parse_base(text: &str) -> Base {
    match guarded(|| Url::parse(text)) {
        Some(Ok(url)) => Ok(url),
        Some(Err(e)) => Err(format!("invalid base url: {e}")),
        None => Err(format!("invalid base url: {INTERNAL_ERROR}")),
    }
}

/// Parses `input` against the already parsed `base`.
pub fn resolve(input: &str, base: Option<&Base>) -> Outcome {
    let base = match base {
        None => None,
        Some(Ok(url)) => Some(url),
        Some(Err(message)) => {
            return Err(Failure {
                message: message.clone(),
                position: None,
            })
        }
    };
    match guarded(|| Url::parse_with_base(input, base)) {
        Some(Ok(url)) => Ok(url),
        Some(Err(e)) => Err(Failure {
            message: e.to_string(),
            position: Some(e.position()),
        }),
        None => Err(Failure {
            message: INTERNAL_ERROR.to_owned(),
            position: None,
        }),
    }
}

/// The JSON object for an outcome: the success or failure shape.
pub fn object(input: &str, base: Option<&str>, outcome: &Outcome) -> JsonObject {
    let url = match outcome {
        Ok(url) => url,
        Err(failed) => return failure(input, base, &failed.message).0,
    };
    let written = guarded(|| {
        let mut obj = JsonObject::new();
        obj.str("input", input)
            .opt_str("base", base)
            .bool("ok", true)
            .str("href", url.href())
            .str("origin", &url.origin().ascii_serialization())
            .str("protocol", url.protocol())
            .str("username", url.username())
            .str("password", url.password())
            .str("host", url.host_port())
            .str("hostname", url.hostname())
            .str("port", url.port_str())
            .str("pathname", url.pathname())
            .str("search", url.search())
            .str("hash", url.hash_str());
        obj
    });
    written.unwrap_or_else(|| failure(input, base, INTERNAL_ERROR).0)
}

/// Writes `obj` as one line.
pub fn write_json(out: &mut dyn Write, obj: JsonObject) -> io::Result<()> {
    let mut text = obj.finish();
    text.push('\n');
    out.write_all(text.as_bytes())
}

/// Writes `separator` then the table and diagram for a parsed URL, or the error (to
/// standard error, after flushing `out`). Returns whether the input parsed.
pub fn write_human(
    out: &mut dyn Write,
    separator: &str,
    input: &str,
    base: Option<&str>,
    outcome: &Outcome,
    width: usize,
) -> io::Result<bool> {
    let url = match outcome {
        Ok(url) => url,
        Err(failed) => {
            out.flush()?;
            eprint!("{}", error_report(input, failed));
            return Ok(false);
        }
    };
    match guarded(|| table(input, base, url, width)) {
        Some(text) => {
            out.write_all(separator.as_bytes())?;
            out.write_all(text.as_bytes())?;
            Ok(true)
        }
        None => {
            out.flush()?;
            let failed = Failure {
                message: INTERNAL_ERROR.to_owned(),
                position: None,
            };
            eprint!("{}", error_report(input, &failed));
            Ok(false)
        }
    }
}

/// The error report for an input that failed: the message, then the input with a caret
/// under the byte position the message names (when it names one).
pub fn error_report(input: &str, failed: &Failure) -> String {
    let mut report = format!("urlkit: cannot parse {input:?}: {}\n", failed.message);
    if let Some(position) = failed.position.filter(|&p| p <= input.len()) {
        let column: usize = input
            .char_indices()
            .take_while(|&(i, _)| i < position)
            .map(|(_, c)| diagram::char_width(c))
            .sum();
        report.push_str("  ");
        report.push_str(&diagram::visible_str(input));
        report.push_str("\n  ");
        report.push_str(&" ".repeat(column));
        report.push_str("^\n");
    }
    report
}

/// The table of components followed by the diagram.
fn table(input: &str, base: Option<&str>, url: &Url, width: usize) -> String {
    let origin = url.origin().ascii_serialization();
    let mut rows: Vec<(&str, &str)> = Vec::with_capacity(13);
    if input != url.href() {
        rows.push(("input", input));
    }
    if let Some(base) = base {
        rows.push(("base", base));
    }
    rows.extend([
        ("href", url.href()),
        ("origin", origin.as_str()),
        ("protocol", url.protocol()),
        ("username", url.username()),
        ("password", url.password()),
        ("host", url.host_port()),
        ("hostname", url.hostname()),
        ("port", url.port_str()),
        ("pathname", url.pathname()),
        ("search", url.search()),
        ("hash", url.hash_str()),
    ]);
    let mut text = String::new();
    for (name, value) in rows {
        let value = if value.is_empty() {
            "(empty)".to_owned()
        } else {
            diagram::visible_str(value)
        };
        text.push_str(&format!("{name:<10}{value}\n"));
    }
    text.push('\n');
    text.push_str(&diagram::render(url.href(), &component_spans(url), width));
    text
}

/// Where each non-empty component lies in the href, as byte ranges: the single components
/// first, then `host` and `origin` (when the href starts with it, i.e. has no
/// credentials), which span several. Worked out from the
/// getters and the URL serializer's layout
/// (`protocol [//[username[:password]@]hostname[:port]] [/.] pathname [?query] [#fragment]`)
/// from both ends; a span is kept only if the href really holds the component there.
pub fn component_spans(url: &Url) -> Vec<Span> {
    let href = url.href();
    let mut spans = Vec::with_capacity(8);
    let mut add = |start: Option<usize>, text: &str, label: &str| {
        let start = start?;
        let end = start.checked_add(text.len())?;
        if !text.is_empty() && href.get(start..end) == Some(text) {
            spans.push(Span {
                bytes: start..end,
                label: label.to_owned(),
            });
        }
        Some(end)
    };
    let protocol = url.protocol();
    let after_protocol = add(Some(0), protocol, "protocol");
    // From the end: fragment, query, path.
    let mut end = Some(href.len());
    let hash = url.fragment().map(|f| format!("#{f}"));
    let search = url.query().map(|q| format!("?{q}"));
    for (part, label) in [(hash, "hash"), (search, "search")] {
        if let Some(part) = part {
            end = end.and_then(|e| e.checked_sub(part.len()));
            add(end, &part, label);
        }
    }
    let pathname = url.pathname();
    let path_start = end.and_then(|e| e.checked_sub(pathname.len()));
    add(path_start, pathname, "pathname");
    if url.host().is_none() {
        return spans;
    }
    // The authority: credentials from the front, host and port from the back.
    let credentials = after_protocol.map(|p| p + 2);
    let (username, password) = (url.username(), url.password());
    let after_username = add(credentials, username, "username");
    if !password.is_empty() {
        add(after_username.map(|u| u + 1), password, "password");
    }
    let port = url.port_str();
    let mut host_end = path_start;
    if !port.is_empty() {
        host_end = host_end.and_then(|e| e.checked_sub(port.len()));
        add(host_end, port, "port");
        host_end = host_end.and_then(|e| e.checked_sub(1));
    }
    let hostname = url.hostname();
    add(
        host_end.and_then(|e| e.checked_sub(hostname.len())),
        hostname,
        "hostname",
    );
    // Spans over several components, drawn in layers below the others.
    let host = url.host_port();
    add(path_start.and_then(|e| e.checked_sub(host.len())), host, "host");
    let origin = url.origin().ascii_serialization();
    if origin != "null" {
        add(Some(0), &origin, "origin");
    }
    spans
}

/// The diagram width: `$COLUMNS` when set to a number, else [`DEFAULT_WIDTH`].
pub fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
        .unwrap_or(DEFAULT_WIDTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_report_points_at_the_byte() {
        let at = |message: &str, position| Failure {
            message: message.to_owned(),
            position,
        };
        assert_eq!(
            error_report("é x", &at("bad at byte 3", Some(3))),
            "urlkit: cannot parse \"é x\": bad at byte 3\n  é x\n    ^\n"
        );
        assert_eq!(
            error_report("a\tb", &at("bad at byte 2", Some(2))),
            "urlkit: cannot parse \"a\\tb\": bad at byte 2\n  a␉b\n    ^\n"
        );
        assert_eq!(
            error_report("a", &at("invalid base url: x at byte 0", None)),
            "urlkit: cannot parse \"a\": invalid base url: x at byte 0\n"
        );
        assert_eq!(
            error_report("a", &at("x", Some(9))),
            "urlkit: cannot parse \"a\": x\n"
        );
    }
}
