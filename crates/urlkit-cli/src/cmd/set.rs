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

use crate::driver::{self, Batch, Sink, Status};
use crate::request::{str_field, Line};
use crate::standard::whatwg::{BaseFailure, Whatwg};
use crate::standard::{self, Failure};
use clap::Args;
use std::ffi::OsString;
use urlkit::{Attribute, SetterError, Url};

/// Arguments of `urlkit set`.
#[derive(Debug, Args)]
#[command(
    after_help = "COMPONENT is one of href, protocol, username, password, host, hostname, port, pathname, search, hash.\n\
                  A setter that does not apply leaves the URL unchanged, as in the URL API; only href fails on a bad value.\n\n\
                  Exit status: 0 when the URL parsed and the setter ran, 1 when not, 2 on usage or I/O errors."
)]
pub struct SetArgs {
    /// The URL to change
    #[arg(value_name = "URL", required_unless_present = "jsonl")]
    pub url: Option<OsString>,
    /// The setter to run
    #[arg(value_name = "COMPONENT", required_unless_present = "jsonl")]
    pub component: Option<String>,
    /// The value to set
    #[arg(
        value_name = "VALUE",
        required_unless_present = "jsonl",
        allow_hyphen_values = true
    )]
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
}

/// Runs `urlkit set`.
pub fn run(args: SetArgs) -> Status {
    if args.jsonl {
        return driver::run(Batch::jsonl(), || request);
    }
    let lossy = |s: Option<OsString>| s.map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let (href, value) = (lossy(args.url), lossy(args.value));
    let setter = args.component.unwrap_or_default();
    let width = standard::width(args.width);
    driver::run(Batch::args(vec![href], args.json), || {
        |href: &str, out: &mut Sink| match apply(href, &setter, &value) {
            Err(SetFailure::Setter(message)) if !out.is_json() => {
                out.error(&format!("urlkit: cannot set {setter} of {href:?}: {message}\n"));
                false
            }
            result => {
                Whatwg::WITHOUT_BASE.answer(href, &result.map_err(SetFailure::into_failure), out, width)
            }
        }
    })
}

/// Answers one `--jsonl` line.
fn request(line: &str, out: &mut Sink) -> bool {
    let fail = |out: &mut Sink, input: &str, error: &str| {
        let failure = BaseFailure {
            input,
            base: None,
            ok: false,
            error,
        };
        out.json(false, &failure)
    };
    let map = match Line::object(line) {
        Ok(map) => map,
        Err(message) => return fail(out, line, &message),
    };
    let fields = str_field(&map, "href")
        .and_then(|href| Ok((href, str_field(&map, "setter")?, str_field(&map, "value")?)));
    let (href, setter, value) = match fields {
        Ok(fields) => fields,
        // Keep the href as the input when it at least is there.
        Err(message) => return fail(out, str_field(&map, "href").unwrap_or(line), &message),
    };
    let outcome = apply(href, setter, value).map_err(SetFailure::into_failure);
    Whatwg::WITHOUT_BASE.answer(href, &outcome, out, 0)
}

/// Why `urlkit set` failed.
#[derive(Debug)]
enum SetFailure {
    /// The href does not parse.
    Href(Failure),
    /// The setter is unknown or threw.
    Setter(String),
}

impl SetFailure {
    fn into_failure(self) -> Failure {
        match self {
            SetFailure::Href(failure) => failure,
            SetFailure::Setter(message) => Failure::message(message),
        }
    }
}

/// Parses `href` and runs the setter named `setter` with `value` on it.
fn apply(href: &str, setter: &str, value: &str) -> Result<Url, SetFailure> {
    let Ok(attr) = setter.parse::<Attribute>() else {
        let names: Vec<&str> = Attribute::ALL.iter().map(|a| a.name()).collect();
        return Err(SetFailure::Setter(format!(
            "unknown setter {setter:?} (expected one of {})",
            names.join(", ")
        )));
    };
    let mut url = Whatwg::WITHOUT_BASE.resolve(href).map_err(SetFailure::Href)?;
    match url.set(attr, value) {
        // The href setter throws in the API; the URL is unchanged.
        Err(SetterError::Invalid(e)) if attr == Attribute::Href => {
            Err(SetFailure::Setter(format!("invalid href value: {e}")))
        }
        // Every other setter that does not apply leaves the URL as it was.
        _ => Ok(url),
    }
}
