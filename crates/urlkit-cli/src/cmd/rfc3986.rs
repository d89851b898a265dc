//! The RFC 3986/3987 side of `urlkit parse --rfc3986`, `urlkit validate --rfc3986` and
//! `urlkit normalize --rfc3986`, and the JSON objects they share.
//!
//! Each line or argument is a URI reference as written (`URI-reference`, RFC 3986 §4.1;
//! JSONL lines are not unwrapped). The objects are:
//!
//! - parse: `{"input","ok":true,"scheme","userinfo","host","port","path","query","fragment"}`,
//!   each component the raw text as written, `null` when absent (`path` always a string);
//! - validate: `{"input","ok":true}`;
//! - normalize: `{"input","ok":true,"normalized"}` (RFC 3986 §6.2.2);
//! - on failure, all three: `{"input","ok":false,"error","position","expected"}`, the byte
//!   offset of the error and the name of the ABNF rule expected there.

use super::parse::{error_report, write_json, Failure};
use super::{guarded, with_stdout, JsonObject, Status, Tally, INTERNAL_ERROR};
use crate::diagram::{self, Span};
use urlkit::rfc3986::{ParseError, UriRef};

/// What the success object of a line holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// The components (`parse --rfc3986`).
    Components,
    /// Nothing more than `"ok": true` (`validate --rfc3986`).
    Valid,
    /// The normalized reference (`normalize --rfc3986`).
    Normalized,
}

/// The failure object `{"input","ok":false,"error","position","expected"}`; `position` and
/// `expected` are `null` only for an internal error.
pub fn failure_object(input: &str, error: Option<&ParseError>) -> JsonObject {
    let mut obj = JsonObject::new();
    obj.str("input", input).bool("ok", false);
    match error {
        Some(e) => {
            obj.str("error", &e.to_string())
                .int("position", i64::try_from(e.position()).unwrap_or(i64::MAX))
                .str("expected", e.expected().name());
        }
        None => {
            obj.str("error", INTERNAL_ERROR).null("position").null("expected");
        }
    }
    obj
}

/// The success object for `goal`.
fn success_object(input: &str, uri: &UriRef<'_>, goal: Goal) -> JsonObject {
    let mut obj = JsonObject::new();
    obj.str("input", input).bool("ok", true);
    match goal {
        Goal::Valid => {}
        Goal::Normalized => {
            obj.str("normalized", uri.normalized().as_str());
        }
        Goal::Components => {
            obj.opt_str("scheme", uri.scheme())
                .opt_str("userinfo", uri.userinfo())
                .opt_str("host", uri.host())
                .opt_str("port", uri.port())
                .str("path", uri.path())
                .opt_str("query", uri.query())
                .opt_str("fragment", uri.fragment());
        }
    }
    obj
}

/// The object answering `input` for `goal`, and whether it succeeded. Never panics: a panic
/// in the library gives the failure object with an internal error.
pub fn answer(input: &str, goal: Goal) -> (JsonObject, bool) {
    let answered = guarded(|| match UriRef::parse(input) {
        Ok(uri) => (success_object(input, &uri, goal), true),
        Err(e) => (failure_object(input, Some(&e)), false),
    });
    answered.unwrap_or_else(|| (failure_object(input, None), false))
}

/// The failure of a reference that does not parse, for [`error_report`].
pub fn report_failure(error: Option<&ParseError>) -> Failure {
    match error {
        Some(e) => Failure {
            message: e.to_string(),
            position: Some(e.position()),
        },
        None => Failure {
            message: INTERNAL_ERROR.to_owned(),
            position: None,
        },
    }
}

/// Prints the objects of `inputs` for `goal`, one per line (`--json`).
pub fn run_json(inputs: &[String], goal: Goal) -> Status {
    with_stdout(|out| {
        let mut tally = Tally::default();
        for input in inputs {
            let (obj, ok) = answer(input, goal);
            tally.record(ok);
            write_json(out, obj)?;
        }
        Ok(tally)
    })
}

/// `urlkit parse --rfc3986` without `--json`/`--jsonl`: a table of the components and a
/// diagram per reference; failures go to standard error with a caret under the position.
pub fn run_tables(inputs: &[String], width: usize) -> Status {
    with_stdout(|out| {
        let mut tally = Tally::default();
        for input in inputs {
            let table = guarded(|| UriRef::parse(input).map(|uri| table(input, &uri, width)));
            match table {
                Some(Ok(text)) => {
                    if tally.ok > 0 {
                        writeln!(out)?;
                    }
                    out.write_all(text.as_bytes())?;
                    tally.record(true);
                }
                failed => {
                    let error = failed.and_then(Result::err);
                    out.flush()?;
                    eprint!("{}", error_report(input, &report_failure(error.as_ref())));
                    tally.record(false);
                }
            }
        }
        Ok(tally)
    })
}

/// The rows of the table and the diagram for a parsed reference.
fn table(input: &str, uri: &UriRef<'_>, width: usize) -> String {
    let rows = [
        ("scheme", uri.scheme()),
        ("userinfo", uri.userinfo()),
        ("host", uri.host()),
        ("port", uri.port()),
        ("path", Some(uri.path())),
        ("query", uri.query()),
        ("fragment", uri.fragment()),
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

/// `urlkit validate --rfc3986` on arguments: prints nothing for a valid reference, and for
/// an invalid one the report (message, input, caret under the position) on standard output.
pub fn run_validate(inputs: &[String]) -> Status {
    with_stdout(|out| {
        let mut tally = Tally::default();
        for input in inputs {
            match guarded(|| UriRef::parse(input).err()) {
                Some(None) => tally.record(true),
                error => {
                    let failed = report_failure(error.flatten().as_ref());
                    let report = error_report(input, &failed).replacen("cannot parse", "invalid", 1);
                    out.write_all(report.as_bytes())?;
                    tally.record(false);
                }
            }
        }
        Ok(tally)
    })
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
    fn answers() {
        let (obj, ok) = answer("http://h:8x/", Goal::Components);
        assert!(!ok);
        assert_eq!(
            obj.finish(),
            r#"{"input":"http://h:8x/","ok":false,"error":"expected port at byte 10, found 'x'","position":10,"expected":"port"}"#
        );
        let (obj, ok) = answer("HTTP://A/%7e", Goal::Normalized);
        assert!(ok);
        assert_eq!(
            obj.finish(),
            r#"{"input":"HTTP://A/%7e","ok":true,"normalized":"http://a/~"}"#
        );
    }
}
