//! The answers of the three standards behind one interface: [`Standard`] describes an
//! input (its components, as a JSON object or a table) and checks it strictly;
//! [`Normalizer`] gives its normal form. [`whatwg`] (the URL Standard), [`rfc3986`] (URI
//! references as written) and [`rfc1738`] (the RFC 1738 scheme views) implement them, and
//! [`select`] picks one from a subcommand's `--rfc3986`/`--rfc1738` flags.
//!
//! [`Failure`] is why one input failed, with its JSON object and its report for people.

pub mod rfc1738;
pub mod rfc3986;
pub mod whatwg;

use crate::diagram;
use crate::driver::Sink;
use serde::Serialize;

/// The error text used when processing one input panicked.
pub const INTERNAL_ERROR: &str = "internal error while processing this input";

/// One standard's reading of inputs.
pub trait Standard: Sync {
    /// `urlkit parse`: writes the components of `input` (a JSON object, or a table for
    /// people `width` columns wide) or why it has none; returns whether it parsed.
    fn describe(&self, input: &str, sink: &mut Sink, width: usize) -> bool;

    /// `urlkit validate`: whether `input` is valid, strictly, per the standard.
    fn check(&self, input: &str) -> Result<(), Failure>;
}

/// A standard's normal form of inputs (`urlkit normalize`).
pub trait Normalizer: Sync {
    /// The normal form of `input`.
    fn normalize(&self, input: &str) -> Result<String, Failure>;
}

/// The standard of a subcommand's flags: RFC 3986 (RFC 3987 with `--iri`), RFC 1738,
/// else the URL Standard.
pub fn select(rfc3986: bool, iri: bool, rfc1738: bool) -> &'static dyn Standard {
    if rfc3986 && iri {
        &rfc3986::Rfc3986::IRI
    } else if rfc3986 {
        &rfc3986::Rfc3986::URI
    } else if rfc1738 {
        &rfc1738::Rfc1738
    } else {
        &whatwg::Whatwg::WITHOUT_BASE
    }
}

/// The normalizer of a subcommand's flags: RFC 3986 §6.2.2 (of IRIs with `--iri`), else
/// the URL Standard.
pub fn normalizer(rfc3986: bool, iri: bool) -> &'static dyn Normalizer {
    if rfc3986 && iri {
        &rfc3986::Rfc3986::IRI
    } else if rfc3986 {
        &rfc3986::Rfc3986::URI
    } else {
        &whatwg::Whatwg::WITHOUT_BASE
    }
}

/// Why one input failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The error message (lower-case, no trailing dot).
    pub message: String,
    /// The byte position in the input the message is about, if any.
    pub position: Option<usize>,
    /// The grammar rule expected at `position` (RFC 3986's ABNF), if the standard has one.
    pub expected: Option<&'static str>,
    /// What kind of failure: the URL Standard's name for the error, `syntax` for the RFC
    /// 3986 and RFC 1738 grammars, or one of the CLI's own kinds (see [`kind`]).
    pub kind: &'static str,
}

/// The CLI's own failure kinds (the standards' own are their error names).
pub mod kind {
    /// Invalid UTF-8 in the input.
    pub const INVALID_UTF8: &str = "invalid-utf8";
    /// A line longer than `--max-length`.
    pub const TOO_LONG: &str = "too-long";
    /// A JSONL request line that is not a request.
    pub const INVALID_REQUEST: &str = "invalid-request";
    /// The base URL given with the input does not parse.
    pub const INVALID_BASE: &str = "invalid-base";
    /// A component or setter name that does not exist.
    pub const UNKNOWN_COMPONENT: &str = "unknown-component";
    /// Input that does not follow the RFC 3986 or RFC 1738 grammar.
    pub const SYNTAX: &str = "syntax";
    /// Input without a scheme, read per RFC 1738.
    pub const NOT_A_URL: &str = "not-a-url";
    /// No relative reference leads from the base to the target.
    pub const UNREACHABLE: &str = "unreachable";
    /// A bug: processing the input panicked.
    pub const INTERNAL: &str = "internal";
}

/// The JSON object of a failure: `{"input","ok":false,"error","position","expected","kind"}`.
#[derive(Serialize)]
pub struct FailureObject<'a> {
    input: &'a str,
    ok: bool,
    error: &'a str,
    position: Option<usize>,
    expected: Option<&'a str>,
    kind: &'a str,
}

impl Failure {
    /// A failure of `kind` with a message only.
    pub fn new(kind: &'static str, message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            position: None,
            expected: None,
            kind,
        }
    }

    /// A failure of `kind` with a message about a byte position.
    pub fn at(kind: &'static str, message: impl Into<String>, position: usize) -> Self {
        Failure {
            position: Some(position),
            ..Failure::new(kind, message)
        }
    }

    /// The internal error of an input whose processing panicked.
    pub fn internal() -> Self {
        Failure::new(kind::INTERNAL, INTERNAL_ERROR)
    }

    /// The JSON object of this failure of `input`.
    pub fn object<'a>(&'a self, input: &'a str) -> FailureObject<'a> {
        FailureObject {
            input,
            ok: false,
            error: &self.message,
            position: self.position,
            expected: self.expected,
            kind: self.kind,
        }
    }

    /// The report for people: `urlkit: cannot parse "INPUT": MESSAGE`, then the input with
    /// a caret under the byte position the message names (when it names one).
    pub fn report(&self, input: &str) -> String {
        self.report_as("cannot parse", input)
    }

    /// [`Failure::report`] with another verb (`invalid` for `urlkit validate`).
    pub fn report_as(&self, verb: &str, input: &str) -> String {
        self.report_with(&format!("urlkit: {verb} {input:?}"), input)
    }

    /// The report with its own first words (`head`), the caret under `input`.
    pub fn report_with(&self, head: &str, input: &str) -> String {
        let mut report = format!("{head}: {}\n", self.message);
        if let Some(position) = self.position.filter(|&p| p <= input.len()) {
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
}

/// The diagram width when neither `--width` nor `COLUMNS` says otherwise.
const DEFAULT_WIDTH: usize = 80;

/// The diagram width: `width` when given, else `$COLUMNS` when set to a number, else 80;
/// never under 10.
pub fn width(width: Option<usize>) -> usize {
    width
        .or_else(|| std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse().ok()))
        .unwrap_or(DEFAULT_WIDTH)
        .max(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_point_at_the_byte() {
        let at = |message: &str, position| Failure::at("k", message, position);
        assert_eq!(
            at("bad at byte 3", 3).report("é x"),
            "urlkit: cannot parse \"é x\": bad at byte 3\n  é x\n    ^\n"
        );
        assert_eq!(
            at("bad at byte 2", 2).report("a\tb"),
            "urlkit: cannot parse \"a\\tb\": bad at byte 2\n  a␉b\n    ^\n"
        );
        assert_eq!(
            Failure::new("k", "invalid base url: x at byte 0").report("a"),
            "urlkit: cannot parse \"a\": invalid base url: x at byte 0\n"
        );
        assert_eq!(at("x", 9).report("a"), "urlkit: cannot parse \"a\": x\n");
    }

    #[test]
    fn objects_keep_the_field_order() {
        let failure = Failure {
            expected: Some("port"),
            ..Failure::at("syntax", "bad", 3)
        };
        let text = serde_json::to_string(&failure.object("a\"b")).unwrap();
        assert_eq!(
            text,
            r#"{"input":"a\"b","ok":false,"error":"bad","position":3,"expected":"port","kind":"syntax"}"#
        );
    }
}
