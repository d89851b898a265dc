//! RFC 3986/3987's answers: URI references read as written (`URI-reference`, §4.1), their
//! components (`parse --rfc3986`), the grammar check (`validate --rfc3986`), the §6.2.2
//! normal form (`normalize --rfc3986`), and the two operations on a base URI and a second
//! reference ([`Op`]: `resolve --rfc3986`, §5.2, and `relative`).
//!
//! The components object is
//! `{"input","ok":true,"scheme","userinfo","host","port","path","query","fragment"}`, each
//! the raw text as written, `null` when absent (`path` always a string); a failure is
//! `{"input","ok":false,"error","position","expected"}`, the byte offset of the error and
//! the name of the ABNF rule expected there.

use super::{Normalizer, Standard};
use crate::diagram::{self, Span};
use crate::driver::{guarded, Sink};
use crate::failure::{kind, Failure, INTERNAL_ERROR};
use crate::request::{str_field, Line};
use serde::Serialize;
use urlkit::rfc3986::{IriRef, ParseError, Uri, UriRef};

/// RFC 3986 URI references, or with `iri` RFC 3987 IRI references (`--rfc3986 --iri`):
/// Unicode characters allowed where the IRI grammar allows them, normalized through the
/// URI mapping (§3.1) and shown back as an IRI (§3.2).
#[derive(Debug, Clone, Copy)]
pub struct Rfc3986 {
    /// Read IRI references.
    pub iri: bool,
}

impl Rfc3986 {
    /// URI references.
    pub const URI: Rfc3986 = Rfc3986 { iri: false };
    /// IRI references.
    pub const IRI: Rfc3986 = Rfc3986 { iri: true };

    /// The components of `input` as written.
    fn parts<'a>(&self, input: &'a str) -> Result<Parts<'a>, ParseError> {
        if self.iri {
            IriRef::parse(input).map(|iri| parts!(iri))
        } else {
            UriRef::parse(input).map(|uri| parts!(uri))
        }
    }
}

/// The seven components of a URI or IRI reference, as written.
#[derive(Debug, Clone, Copy, Serialize)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// The [`Parts`] of a `UriRef` or an `IriRef` (the same getters).
macro_rules! parts {
    ($r:expr) => {
        Parts {
            scheme: $r.scheme(),
            userinfo: $r.userinfo(),
            host: $r.host(),
            port: $r.port(),
            path: $r.path(),
            query: $r.query(),
            fragment: $r.fragment(),
        }
    };
}
use parts;

impl Standard for Rfc3986 {
    fn describe(&self, input: &str, sink: &mut Sink, width: usize) -> bool {
        match self.parts(input) {
            Ok(parts) if sink.is_json() => sink.json(true, &Components::new(input, parts)),
            Ok(parts) => {
                sink.block();
                sink.text(&table(input, parts, width));
                true
            }
            Err(e) => sink.fail(input, &failure(&e)),
        }
    }

    fn check(&self, input: &str) -> Result<(), Failure> {
        self.parts(input).map(drop).map_err(|e| failure(&e))
    }
}

impl Normalizer for Rfc3986 {
    fn normalize(&self, input: &str) -> Result<String, Failure> {
        if self.iri {
            let iri = IriRef::parse(input).map_err(|e| failure(&e))?;
            return Ok(iri.to_uri().as_ref().normalized().as_ref().to_iri());
        }
        UriRef::parse(input)
            .map(|uri| uri.normalized().into_string())
            .map_err(|e| failure(&e))
    }
}

/// The failure of a reference that does not parse.
fn failure(e: &ParseError) -> Failure {
    Failure {
        expected: Some(e.expected().name()),
        ..Failure::at(kind::SYNTAX, e.to_string(), e.position())
    }
}

/// The components object.
#[derive(Serialize)]
struct Components<'a> {
    input: &'a str,
    ok: bool,
    #[serde(flatten)]
    parts: Parts<'a>,
}

impl<'a> Components<'a> {
    fn new(input: &'a str, parts: Parts<'a>) -> Self {
        Components {
            input,
            ok: true,
            parts,
        }
    }
}

/// The rows of the table and the diagram for a parsed reference.
fn table(input: &str, parts: Parts<'_>, width: usize) -> String {
    let rows = [
        ("scheme", parts.scheme),
        ("userinfo", parts.userinfo),
        ("host", parts.host),
        ("port", parts.port),
        ("path", Some(parts.path)),
        ("query", parts.query),
        ("fragment", parts.fragment),
    ];
    let mut text = format!("{:<10}{}\n", "input", diagram::visible_str(input));
    for (name, value) in rows {
        let value = match value {
            None => "(absent)".to_owned(),
            Some("") => "(empty)".to_owned(),
            Some(v) => diagram::visible_str(v),
        };
        text.push_str(&format!("{name:<10}{value}\n"));
    }
    text.push('\n');
    let spans: Vec<Span> = rows
        .iter()
        .filter_map(|&(label, part)| {
            let start = offset_in(input, part?)?;
            Some(Span {
                bytes: start..start + part?.len(),
                label: label.to_owned(),
            })
        })
        .collect();
    text.push_str(&diagram::render(input, &spans, width));
    text
}

/// The byte offset of `part`, a slice of `whole`, in `whole`.
fn offset_in(whole: &str, part: &str) -> Option<usize> {
    let offset = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    (offset + part.len() <= whole.len()).then_some(offset)
}

/// A parsed base URI (it must have a scheme, RFC 3986 §5.1), or the message for every
/// input resolved against it.
pub type BaseUri = Result<Uri, String>;

/// Parses a base URI, which must have a scheme.
pub fn parse_base(text: &str) -> BaseUri {
    match guarded(|| UriRef::parse_uri(text).map(|uri| uri.to_owned())) {
        Some(Ok(uri)) => Ok(uri),
        Some(Err(e)) => Err(format!("invalid base uri: {e}")),
        None => Err(format!("invalid base uri: {INTERNAL_ERROR}")),
    }
}

/// An operation on a base URI and a second reference; its objects are
/// `{"base", <key>, "ok": true, <result key>}` or `{"base", <key>, "ok": false, "error"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Resolve a reference against the base (§5.2): `{"base","input"}` → `"href"`.
    Resolve,
    /// The shortest relative reference from the base to a target URI, the inverse of
    /// resolution: `{"base","target"}` → `"relative"`.
    Relative,
}

/// The object of an [`Op`], its keys chosen by the operation.
struct OpObject<'a> {
    op: Op,
    base: Option<&'a str>,
    other: &'a str,
    result: &'a Result<String, Failure>,
}

impl Serialize for OpObject<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("base", &self.base)?;
        map.serialize_entry(self.op.key(), self.other)?;
        match self.result {
            Ok(value) => {
                map.serialize_entry("ok", &true)?;
                map.serialize_entry(self.op.result_key(), value)?;
            }
            Err(failure) => failure.serialize_fields(&mut map)?,
        }
        // Every object names its input "input" too.
        if self.op.key() != "input" {
            map.serialize_entry("input", self.other)?;
        }
        map.end()
    }
}

impl Op {
    /// The key of the second input in the objects.
    pub fn key(self) -> &'static str {
        match self {
            Op::Resolve => "input",
            Op::Relative => "target",
        }
    }

    /// The key of the result in success objects.
    fn result_key(self) -> &'static str {
        match self {
            Op::Resolve => "href",
            Op::Relative => "relative",
        }
    }

    /// Runs the operation on `other` against the parsed `base`.
    pub fn apply(self, base: &BaseUri, other: &str) -> Result<String, Failure> {
        let base = base
            .as_ref()
            .map_err(|message| Failure::new(kind::INVALID_BASE, message.clone()))?;
        match self {
            Op::Resolve => base.join(other).map(Uri::into_string).map_err(|e| failure(&e)),
            Op::Relative => {
                let target = UriRef::parse_uri(other).map_err(|e| Failure {
                    message: format!("invalid target uri: {e}"),
                    ..failure(&e)
                })?;
                base.make_relative(&target).ok_or_else(|| {
                    Failure::new(kind::UNREACHABLE, "no relative reference reaches the target")
                })
            }
        }
    }

    /// Writes the answer for `base` and `other` given the operation's result: the object,
    /// the result on a line, or the failure on standard error.
    pub fn answer(
        self,
        base: Option<&str>,
        other: &str,
        result: &Result<String, Failure>,
        sink: &mut Sink,
    ) -> bool {
        if sink.is_json() {
            let object = OpObject {
                op: self,
                base,
                other,
                result,
            };
            return match result {
                Ok(_) => sink.json(true, &object),
                Err(failure) => sink.json_failure(failure.kind, &object),
            };
        }
        match result {
            Ok(value) => sink.line(value),
            Err(failure) => {
                let base = base.unwrap_or_default();
                let head = match self {
                    Op::Resolve => format!("urlkit: cannot resolve {other:?} against {base:?}"),
                    Op::Relative => format!("urlkit: cannot make {other:?} relative to {base:?}"),
                };
                sink.report(failure.kind, &failure.report_with(&head, other))
            }
        }
    }
}

impl Op {
    /// The handler of JSONL requests `{"base": BASE, <key>: OTHER}` (or `"input"` for the
    /// second as everywhere), parsing each base once while consecutive lines share it.
    pub fn request_handler(self) -> impl FnMut(&str, &mut Sink) -> bool {
        let mut cache: Option<(String, BaseUri)> = None;
        move |line, sink| {
            let invalid = |message: String| Err(Failure::new(kind::INVALID_REQUEST, message));
            let map = match Line::object(line) {
                Ok(map) => map,
                Err(message) => return self.answer(None, line, &invalid(message), sink),
            };
            let other = match str_field(&map, self.key()) {
                Err(_) if self.key() != "input" && map.contains_key("input") => str_field(&map, "input"),
                other => other,
            };
            let (base, other) = match (str_field(&map, "base"), other) {
                (Ok(base), Ok(other)) => (base, other),
                (base, other) => {
                    let message = other
                        .as_ref()
                        .err()
                        .or(base.as_ref().err())
                        .cloned()
                        .unwrap_or_default();
                    return self.answer(base.ok(), other.unwrap_or(line), &invalid(message), sink);
                }
            };
            if cache.as_ref().is_none_or(|(text, _)| text != base) {
                cache = Some((base.to_owned(), parse_base(base)));
            }
            let result = match &cache {
                Some((_, parsed)) => self.apply(parsed, other),
                None => Err(Failure::internal()),
            };
            self.answer(Some(base), other, &result, sink)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_of_slices() {
        let s = String::from("http://h/p");
        assert_eq!(offset_in(&s, &s[7..8]), Some(7));
        let other = String::from("h");
        assert_eq!(offset_in(&s, &other), None);
    }

    #[test]
    fn failures_name_the_rule() {
        let failure = Rfc3986::URI.check("http://h:8x/").unwrap_err();
        assert_eq!(
            serde_json::to_string(&failure.object("http://h:8x/")).unwrap(),
            r#"{"input":"http://h:8x/","ok":false,"error":"expected port at byte 10, found 'x'","position":10,"expected":"port","kind":"syntax"}"#
        );
        assert_eq!(Rfc3986::URI.normalize("HTTP://A/%7e").unwrap(), "http://a/~");
    }
}
