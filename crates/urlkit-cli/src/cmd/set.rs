//! `urlkit set`: runs one of the URL Standard API's setters on a URL and shows the result.
//!
//! `urlkit set URL COMPONENT VALUE` prints the URL after the setter ran, as `urlkit parse`
//! does (a table by default, an object with `--json`). `--jsonl` reads lines
//! `{"href": string, "setter": string, "value": string}` and answers each with the
//! `urlkit parse --jsonl` success or failure object (`"input"` the href given, `"base"`
//! null) describing the URL after the setter ran.
//!
//! As in the API, a setter that does not apply (a port on a `file:` URL, a host on a URL
//! with an opaque path, a value that does not parse as the component) leaves the URL as it
//! was, which is printed: only the `href` setter fails (the API throws a `TypeError`), as
//! do an href that does not parse and an unknown setter name.

use crate::args::Io;
use crate::driver::{self, Sink, Status};
use crate::failure::{kind, Failure};
use crate::request::{str_field, Line};
use crate::standard;
use crate::standard::whatwg::Whatwg;
use clap::Args;
use std::ffi::OsString;
use crate::edit::{masked_input, RedactArgs};
use urlkit::{Attribute, Redact, SetterError, Url};

/// Run a URL API setter (href, protocol, …, hash) on a URL and show the result
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit set https://example.com/ port 8080\n  \
                  urlkit set --json https://example.com/ hash frag\n  \
                  (for every URL of a stream, see urlkit normalize --set COMPONENT=VALUE)\n\n\
                  COMPONENT is one of href, protocol, username, password, host, hostname, port, pathname, search, hash.\n\
                  A setter that does not apply leaves the URL unchanged, as in the URL API; only href fails on a bad value.\n\
                  Without URL, requests {\"href\" (or \"input\"): URL, \"setter\": NAME, \"value\": VALUE} are read from -f FILE or standard input.\n\n\
                  Exit status: 0 when the URL parsed and the setter ran, 1 when not, 2 on usage or I/O errors (an unknown COMPONENT too).")]
pub struct SetArgs {
    /// The URL to change
    #[arg(value_name = "URL", requires_all = ["component", "value"])]
    pub url: Option<OsString>,
    /// The setter to run
    #[arg(value_name = "COMPONENT")]
    pub component: Option<String>,
    /// The value to set
    #[arg(value_name = "VALUE", allow_hyphen_values = true)]
    pub value: Option<OsString>,
    /// Print one JSON object (as `urlkit parse --json`) instead of a table
    #[arg(long)]
    pub json: bool,
    /// Read standard input: each line {"href": URL, "setter": NAME, "value": VALUE}; print one JSON object per line
    #[arg(long, conflicts_with_all = ["url", "component", "value", "json"])]
    pub jsonl: bool,
    /// Diagram width in columns (default: $COLUMNS, else 80)
    #[arg(long, value_name = "COLUMNS")]
    pub width: Option<usize>,
    #[command(flatten)]
    pub redact: RedactArgs,
    #[command(flatten)]
    pub io: Io,
}

impl super::Run for SetArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit set`.
pub fn run(args: SetArgs) -> Status {
    let redact = args.redact.redact();
    let redact = redact.as_ref();
    let Some(href) = args.url else {
        let batch = args.io.batch(&[], args.json, args.jsonl);
        return driver::run(batch, || move |line: &str, out: &mut Sink| request(line, out, redact));
    };
    let setter = args.component.unwrap_or_default();
    let attribute = match attribute(&setter) {
        Ok(attribute) => attribute,
        Err(message) => return driver::usage(&message),
    };
    let value = args
        .value
        .map(|v| v.to_string_lossy().into_owned())
        .unwrap_or_default();
    let width = standard::width(args.width);
    let batch = args.io.batch(&[href], args.json, false);
    let (setter, value) = (&setter, &value);
    driver::run(batch, || {
        move |href: &str, out: &mut Sink| match apply(href, attribute, value, redact) {
            Err(SetFailure::Setter(failure)) if !out.is_json() => {
                let head = format!("urlkit: cannot set {setter} of {href:?}");
                out.report(failure.kind, &failure.report_with(&head, value))
            }
            result => {
                let href = masked_input(href, redact);
                Whatwg::WITHOUT_BASE.answer(&href, &result.map_err(SetFailure::into_failure), out, width)
            }
        }
    })
}

/// Answers one request line.
fn request(line: &str, out: &mut Sink, redact: Option<&Redact>) -> bool {
    let fail = |out: &mut Sink, input: &str, failure: Failure| {
        out.json_failure(failure.kind, &failure.with_base(input, None))
    };
    let invalid = |message| Failure::new(kind::INVALID_REQUEST, message);
    let map = match Line::object(line) {
        Ok(map) => map,
        Err(message) => return fail(out, line, invalid(message)),
    };
    // The URL under "href", or "input" as everywhere.
    let href = str_field(&map, "href").or_else(|e| {
        if map.contains_key("input") {
            str_field(&map, "input")
        } else {
            Err(e)
        }
    });
    let fields = href
        .clone()
        .and_then(|href| Ok((href, str_field(&map, "setter")?, str_field(&map, "value")?)));
    let (href, setter, value) = match fields {
        Ok(fields) => fields,
        // Keep the href as the input when it at least is there.
        Err(message) => return fail(out, href.unwrap_or(line), invalid(message)),
    };
    let outcome = match attribute(setter) {
        Ok(attribute) => apply(href, attribute, value, redact).map_err(SetFailure::into_failure),
        Err(message) => Err(Failure::new(kind::UNKNOWN_COMPONENT, message)),
    };
    Whatwg::WITHOUT_BASE.answer(&masked_input(href, redact), &outcome, out, 0)
}

/// Why `urlkit set` failed.
#[derive(Debug)]
enum SetFailure {
    /// The href does not parse.
    Href(Failure),
    /// The setter threw.
    Setter(Failure),
}

impl SetFailure {
    fn into_failure(self) -> Failure {
        match self {
            SetFailure::Href(failure) | SetFailure::Setter(failure) => failure,
        }
    }
}

/// The attribute named `setter`, or the message saying there is none.
fn attribute(setter: &str) -> Result<Attribute, String> {
    setter.parse::<Attribute>().map_err(|_| {
        let names: Vec<&str> = Attribute::ALL.iter().map(|a| a.name()).collect();
        format!("unknown setter {setter:?} (expected one of {})", names.join(", "))
    })
}

/// Parses `href` and runs the setter of `attribute` with `value` on it, then masks what
/// `redact` names.
fn apply(href: &str, attribute: Attribute, value: &str, redact: Option<&Redact>) -> Result<Url, SetFailure> {
    let mut url = Whatwg::WITHOUT_BASE.resolve(href).map_err(SetFailure::Href)?;
    let set = url.set(attribute, value);
    if let Some(redact) = redact {
        url.redact(redact);
    }
    match set {
        // The href setter throws in the API; the URL is unchanged.
        Err(SetterError::Invalid(e)) if attribute == Attribute::Href => Err(SetFailure::Setter(Failure::at(
            e.kind().spec_name(),
            format!("invalid href value: {e}"),
            e.position(),
        ))),
        // Every other setter that does not apply leaves the URL as it was.
        _ => Ok(url),
    }
}
