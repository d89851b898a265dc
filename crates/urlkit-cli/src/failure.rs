//! Why one input failed ([`Failure`]), and the one JSON object of a failure
//! ([`FailureObject`]) that every subcommand writes.
//!
//! The object is `{"input",…,"ok":false,"error",…}` in one of three field orders, kept as
//! the outputs have them: `Sink::fail` (most subcommands) writes
//! `…"error","position","expected","kind"`; the URL Standard's answers add `"base"` after
//! the input and end `…"error","kind","position"`, as RFC 1738's "not a url" objects do
//! without the base. Objects that carry a failure among fields of their own (`relative`,
//! `resolve --rfc3986`) write it with [`Failure::serialize_fields`]. Each order ends with
//! `"hint"` when the failure has one (a scheme-less input's `did you mean http://…?`).

use crate::diagram;
use serde::ser::{Serialize, SerializeMap, Serializer};

/// The error text used when processing one input panicked.
pub const INTERNAL_ERROR: &str = "internal error while processing this input";

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
    /// What the input was probably meant to be (`did you mean http://example.org/path?`):
    /// the `"hint"` field, and the report's `tip:` line.
    pub hint: Option<String>,
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
    /// An edit (`--set`, `--iterate`) the URL cannot take: the URL API would leave it as it was.
    pub const INVALID_EDIT: &str = "invalid-edit";
    /// A component or setter name that does not exist.
    pub const UNKNOWN_COMPONENT: &str = "unknown-component";
    /// Input that does not follow the RFC 3986 or RFC 1738 grammar.
    pub const SYNTAX: &str = "syntax";
    /// Input without a scheme, read per RFC 1738.
    pub const NOT_A_URL: &str = "not-a-url";
    /// No relative reference leads from the base to the target.
    pub const UNREACHABLE: &str = "unreachable";
    /// A URL that is not a `data:` URL, given to `urlkit data`.
    pub const NOT_A_DATA_URL: &str = "not-a-data-url";
    /// A `data:` URL without the `,` that ends its MIME type.
    pub const MISSING_COMMA: &str = "missing-comma";
    /// A `;base64` `data:` URL whose body is not forgiving-base64.
    pub const INVALID_BASE64: &str = "invalid-base64";
    /// A bug: processing the input panicked.
    pub const INTERNAL: &str = "internal";
}

/// The JSON object of a failure of one input: `{"input",["base",]"ok":false,"error",…}`.
/// Made by [`Failure::object`] (`…"position","expected","kind"`), [`Failure::located`]
/// (`…"kind","position"`) or [`Failure::with_base`] (`"base"` too, then `…"kind","position"`).
#[derive(Debug, Clone, Copy)]
pub struct FailureObject<'a> {
    input: &'a str,
    /// `Some`: the object has a `"base"` field (`null` for `Some(None)`).
    base: Option<Option<&'a str>>,
    failure: &'a Failure,
    /// `"position","expected","kind"` (the grammar form) rather than `"kind","position"`.
    grammar: bool,
}

impl Serialize for FailureObject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let f = self.failure;
        let mut object = serializer.serialize_map(None)?;
        object.serialize_entry("input", self.input)?;
        if let Some(base) = self.base {
            object.serialize_entry("base", &base)?;
        }
        if self.grammar {
            object.serialize_entry("ok", &false)?;
            object.serialize_entry("error", &f.message)?;
            object.serialize_entry("position", &f.position)?;
            object.serialize_entry("expected", &f.expected)?;
            object.serialize_entry("kind", f.kind)?;
            if let Some(hint) = &f.hint {
                object.serialize_entry("hint", hint)?;
            }
        } else {
            f.serialize_fields(&mut object)?;
        }
        object.end()
    }
}

impl Failure {
    /// A failure of `kind` with a message only.
    pub fn new(kind: &'static str, message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            position: None,
            expected: None,
            kind,
            hint: None,
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

    /// The JSON object of this failure of `input`:
    /// `{"input","ok":false,"error","position","expected","kind"}`.
    pub fn object<'a>(&'a self, input: &'a str) -> FailureObject<'a> {
        FailureObject {
            input,
            base: None,
            failure: self,
            grammar: true,
        }
    }

    /// The JSON object of this failure of `input`: `{"input","ok":false,"error","kind","position"}`.
    pub fn located<'a>(&'a self, input: &'a str) -> FailureObject<'a> {
        FailureObject {
            grammar: false,
            ..self.object(input)
        }
    }

    /// The JSON object of this failure of `input` resolved against `base` (the URL
    /// Standard's answers): `{"input","base","ok":false,"error","kind","position"}`.
    pub fn with_base<'a>(&'a self, input: &'a str, base: Option<&'a str>) -> FailureObject<'a> {
        FailureObject {
            base: Some(base),
            ..self.located(input)
        }
    }

    /// Writes `"ok":false,"error","kind","position"` into an object being serialized: the
    /// failure part of objects that carry fields of their own around it (`urlkit relative`).
    pub fn serialize_fields<M: SerializeMap>(&self, object: &mut M) -> Result<(), M::Error> {
        object.serialize_entry("ok", &false)?;
        object.serialize_entry("error", &self.message)?;
        object.serialize_entry("kind", self.kind)?;
        object.serialize_entry("position", &self.position)?;
        match &self.hint {
            Some(hint) => object.serialize_entry("hint", hint),
            None => Ok(()),
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
        if let Some(hint) = &self.hint {
            report.push_str("  tip: ");
            report.push_str(hint);
            report.push('\n');
        }
        report
    }
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
        let text = serde_json::to_string(&failure.located("a")).unwrap();
        assert_eq!(
            text,
            r#"{"input":"a","ok":false,"error":"bad","kind":"syntax","position":3}"#
        );
        let text = serde_json::to_string(&failure.with_base("a", None)).unwrap();
        assert_eq!(
            text,
            r#"{"input":"a","base":null,"ok":false,"error":"bad","kind":"syntax","position":3}"#
        );
        let text = serde_json::to_string(&Failure::new("k", "m").with_base("a", Some("b"))).unwrap();
        assert_eq!(
            text,
            r#"{"input":"a","base":"b","ok":false,"error":"m","kind":"k","position":null}"#
        );
    }
}
