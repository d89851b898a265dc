//! `urlkit inspect`: everything known about URLs — the URL Standard's components with the
//! diagram, every validation error with a caret, the RFC 3986 reading (or its error with
//! the rule), the RFC 1738 view, the IRI form, the Unicode host and the origin.
//!
//! JSON output is one object per input: `{"input","ok","whatwg","validation_errors",
//! "rfc3986","rfc1738","iri","unicode_host","origin","unicode_origin"}`, each reading the
//! object `urlkit parse` prints for it (`ok` says whether the URL Standard parsed it).

use crate::args::{self, Inputs};
use crate::driver::{self, Format, Sink, Status};
use crate::failure::Failure;
use crate::standard::rfc1738::Rfc1738;
use crate::standard::rfc3986::Rfc3986;
use crate::standard::whatwg::Whatwg;
use crate::standard::Standard;
use crate::template::unicode_host;
use clap::Args;
use serde::Serialize;
use serde_json::value::RawValue;
use urlkit::{Url, ValidationError};

/// Everything known about URLs: components, validation errors, RFC 3986 and RFC 1738 readings, IRI, Unicode host, origin
#[derive(Debug, Args)]
#[command(
    after_help = "Example:\n  urlkit inspect 'HTTPS://xn--bcher-kva.example:443/a/../b?q#f'\n\n\
                        Exit status: 0 when every URL parsed (URL Standard), 1 when any did not, 2 on usage or I/O errors."
)]
pub struct InspectArgs {
    #[command(flatten)]
    pub inputs: Inputs<Words>,
    /// Diagram width in columns (default: $COLUMNS, else 80)
    #[arg(long, value_name = "COLUMNS")]
    pub width: Option<usize>,
}

/// What `urlkit inspect` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const INPUTS: &'static str = "URLs";
}

/// A validation error in the object.
#[derive(Serialize)]
struct Problem {
    error: String,
    kind: &'static str,
    position: usize,
}

/// The object of one URL.
#[derive(Serialize)]
struct Inspected<'a> {
    input: &'a str,
    ok: bool,
    whatwg: Box<RawValue>,
    validation_errors: Vec<Problem>,
    rfc3986: Box<RawValue>,
    rfc1738: Box<RawValue>,
    iri: Option<String>,
    unicode_host: Option<String>,
    origin: Option<String>,
    unicode_origin: Option<String>,
}

/// What `standard` says of `input`: its JSON object, or its text.
fn reading(standard: &dyn Standard, input: &str, format: Format, width: usize) -> (String, String, bool) {
    let mut sink = Sink::new(format);
    let ok = standard.describe(input, &mut sink, width);
    let (out, err) = sink.into_parts();
    (out, err, ok)
}

/// The JSON object text as a raw value.
fn raw(text: &str) -> Box<RawValue> {
    RawValue::from_string(text.trim_end().to_owned())
        .unwrap_or_else(|_| RawValue::from_string("null".to_owned()).unwrap_or_default())
}

/// Every validation error of `input`.
fn validation_errors(input: &str) -> Vec<ValidationError> {
    let mut all = Vec::new();
    let mut record = |v: ValidationError| all.push(v);
    let _ = Url::options().on_validation_error(&mut record).parse(input);
    all
}

impl super::Run for InspectArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit inspect`.
pub fn run(args: InspectArgs) -> Status {
    let width = crate::standard::width(args.width);
    let batch = args.inputs.batch();
    driver::run(batch, || {
        move |input: &str, out: &mut Sink| inspect(input, out, width)
    })
}

/// Answers one URL.
fn inspect(input: &str, out: &mut Sink, width: usize) -> bool {
    let url = Whatwg::WITHOUT_BASE.resolve(input).ok();
    let errors = validation_errors(input);
    let iri = url
        .as_ref()
        .and_then(|u| urlkit::rfc3986::UriRef::parse(u.href()).ok().map(|r| r.to_iri()));
    let unicode = url.as_ref().and_then(|u| unicode_host(u.hostname()));
    let origin = url.as_ref().map(|u| u.origin());
    let format = if out.is_json() { Format::Json } else { Format::Text };
    let (whatwg, whatwg_err, ok) = reading(&Whatwg::WITHOUT_BASE, input, format, width);
    let (rfc3986, rfc3986_err, _) = reading(&Rfc3986::URI, input, format, width);
    let (rfc1738, rfc1738_err, _) = reading(&Rfc1738, input, format, width);
    if out.is_json() {
        let object = Inspected {
            input,
            ok,
            whatwg: raw(&whatwg),
            validation_errors: errors
                .iter()
                .map(|v| Problem {
                    error: v.to_string(),
                    kind: v.kind().spec_name(),
                    position: v.position(),
                })
                .collect(),
            rfc3986: raw(&rfc3986),
            rfc1738: raw(&rfc1738),
            iri,
            unicode_host: unicode,
            origin: origin.as_ref().map(|o| o.ascii_serialization()),
            unicode_origin: origin.as_ref().map(|o| o.unicode_serialization()),
        };
        return out.json(ok, &object);
    }
    let mut text = String::new();
    let mut section = |title: &str, body: &str| {
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&format!("== {title}\n{body}"));
    };
    section("URL Standard", if ok { &whatwg } else { &whatwg_err });
    let problems: String = if errors.is_empty() {
        "none\n".to_owned()
    } else {
        errors
            .iter()
            .map(|v| {
                let failure = Failure::at(v.kind().spec_name(), v.to_string(), v.position());
                failure.report_with(
                    &format!("{} ({})", "validation error", v.kind().spec_name()),
                    input,
                )
            })
            .collect()
    };
    section("validation errors", &problems);
    section(
        "RFC 3986",
        if rfc3986.is_empty() {
            &rfc3986_err
        } else {
            &rfc3986
        },
    );
    section(
        "RFC 1738",
        if rfc1738.is_empty() {
            &rfc1738_err
        } else {
            &rfc1738
        },
    );
    let mut rows = String::new();
    let mut row = |name: &str, value: Option<String>| {
        rows.push_str(&format!("{name:<15}{}\n", value.as_deref().unwrap_or("(none)")));
    };
    row("iri", iri);
    row("unicode host", unicode);
    row("origin", origin.as_ref().map(|o| o.ascii_serialization()));
    row(
        "unicode origin",
        origin.as_ref().map(|o| o.unicode_serialization()),
    );
    section("forms", &rows);
    out.block();
    out.text(&text);
    ok
}
