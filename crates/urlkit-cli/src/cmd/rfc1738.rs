//! `urlkit parse --rfc1738`: URLs read per RFC 1738's schemes (§3), with strict validation
//! against its BNF (§5).
//!
//! The JSON object (`--json`, `--jsonl`) is, for a URL,
//! `{"input","ok":true,"valid","scheme","default_port","view","fragment"}` plus, when strict
//! validation fails, `"error"`, `"rule"` and `"position"`; for input without a scheme,
//! `{"input","ok":false,"error"}`. `view` holds the scheme's decoded parts (see
//! [`view_fields`]): ports are numbers (the explicit port, else the default), absent parts
//! `null`.

use super::parse::{write_json, Failure};
use super::{guarded, with_stdout, JsonObject, Status, Tally, INTERNAL_ERROR};
use crate::diagram::visible_str;
use serde_json::Value;
use urlkit::rfc1738::{self, Parsed, SchemeView};

/// A view as ordered `(field, value)` pairs.
pub type Fields = Vec<(&'static str, Value)>;

/// A port as a JSON number, or `null`.
fn port(port: Option<u16>) -> Value {
    port.map_or(Value::Null, Value::from)
}

/// An optional string as JSON.
fn opt(s: Option<&str>) -> Value {
    s.map_or(Value::Null, Value::from)
}

/// A list of strings as a JSON array.
fn list<S: AsRef<str>>(items: &[S]) -> Value {
    Value::Array(items.iter().map(|s| Value::from(s.as_ref())).collect())
}

/// A list of string pairs as a JSON array of `[name, value]` arrays.
fn pairs<S: AsRef<str>>(items: &[(S, S)]) -> Value {
    Value::Array(
        items
            .iter()
            .map(|(n, v)| Value::Array(vec![Value::from(n.as_ref()), Value::from(v.as_ref())]))
            .collect(),
    )
}

/// The fields of a scheme view, in the contract's order (news also gives its RFC 5538
/// server as `host` and `port`).
pub fn view_fields(view: &SchemeView<'_>) -> Fields {
    match view {
        SchemeView::Ftp(v) => vec![
            ("user", opt(v.user())),
            ("password", opt(v.password())),
            ("host", Value::from(v.host())),
            ("port", port(v.port())),
            ("cwd", list(v.cwd())),
            ("name", Value::from(v.name())),
            ("typecode", opt(v.typecode().map(String::from).as_deref())),
            ("commands", list(&v.commands())),
        ],
        SchemeView::Http(v) => vec![
            ("host", Value::from(v.host())),
            ("port", port(v.port())),
            ("path", opt(v.path())),
            ("search", opt(v.search())),
        ],
        SchemeView::Gopher(v) => vec![
            ("host", Value::from(v.host())),
            ("port", port(v.port())),
            ("gophertype", Value::from(v.gophertype())),
            ("selector", Value::from(v.selector())),
            ("search", opt(v.search())),
            ("gopher_plus", opt(v.gopher_plus())),
        ],
        SchemeView::Mailto(v) => vec![
            ("addresses", list(v.addresses())),
            ("headers", pairs(v.headers())),
        ],
        SchemeView::News(v) => vec![
            ("newsgroup", opt(v.newsgroup())),
            ("message_id", opt(v.message_id())),
            ("host", opt(v.host())),
            ("port", port(v.port())),
        ],
        SchemeView::Nntp(v) => vec![
            ("host", Value::from(v.host())),
            ("port", port(v.port())),
            ("newsgroup", Value::from(v.newsgroup())),
            ("article", v.article().map_or(Value::Null, Value::from)),
        ],
        SchemeView::Telnet(v) => vec![
            ("user", opt(v.user())),
            ("password", opt(v.password())),
            ("host", Value::from(v.host())),
            ("port", port(v.port())),
        ],
        SchemeView::Wais(v) => vec![
            ("host", Value::from(v.host())),
            ("port", port(v.port())),
            ("database", Value::from(v.database())),
            ("search", opt(v.search())),
            ("wtype", opt(v.wtype())),
            ("wpath", opt(v.wpath())),
        ],
        SchemeView::File(v) => vec![
            ("host", opt(v.host())),
            ("local", Value::from(v.is_local())),
            ("path", Value::from(v.path())),
        ],
        SchemeView::Prospero(v) => vec![
            ("host", Value::from(v.host())),
            ("port", port(v.port())),
            ("hsoname", Value::from(v.hsoname())),
            ("fields", pairs(v.fields())),
        ],
        SchemeView::Other(v) => vec![("scheme_specific_part", Value::from(v.scheme_specific_part()))],
    }
}

/// The success object for a parsed URL.
fn success_object(input: &str, parsed: &Parsed<'_>) -> JsonObject {
    let mut view = JsonObject::new();
    for (name, value) in view_fields(&parsed.view) {
        view.value(name, &value);
    }
    let mut obj = JsonObject::new();
    obj.str("input", input)
        .bool("ok", true)
        .bool("valid", parsed.validation.is_ok())
        .str("scheme", &parsed.scheme)
        .value("default_port", &port(parsed.default_port))
        .object("view", view)
        .opt_str("fragment", parsed.fragment);
    if let Err(e) = &parsed.validation {
        obj.str("error", &e.to_string())
            .str("rule", e.rule().name())
            .int("position", i64::try_from(e.position()).unwrap_or(i64::MAX));
    }
    obj
}

/// The failure object `{"input","ok":false,"error"}`.
fn failure_object(input: &str, message: &str) -> JsonObject {
    let mut obj = JsonObject::new();
    obj.str("input", input).bool("ok", false).str("error", message);
    obj
}

/// The object answering one input and whether it is a URL (`ok`, whatever `valid` says).
pub fn answer(input: &str) -> (JsonObject, bool) {
    let answered = guarded(|| match rfc1738::parse(input) {
        Ok(parsed) => (success_object(input, &parsed), true),
        Err(e) => (failure_object(input, &format!("not a url: {e}")), false),
    });
    answered.unwrap_or_else(|| (failure_object(input, INTERNAL_ERROR), false))
}

/// Prints the objects of `inputs`, one per line (`--json`).
pub fn run_json(inputs: &[String]) -> Status {
    with_stdout(|out| {
        let mut tally = Tally::default();
        for input in inputs {
            let (obj, ok) = answer(input);
            tally.record(ok);
            write_json(out, obj)?;
        }
        Ok(tally)
    })
}

/// The readable report of a parsed URL: scheme, default port, validity, then the view.
fn table(input: &str, parsed: &Parsed<'_>) -> String {
    let mut rows: Vec<(String, String)> = vec![
        ("input".into(), visible_str(input)),
        ("scheme".into(), parsed.scheme.to_string()),
        ("default port".into(), shown(&port(parsed.default_port))),
    ];
    let valid = match &parsed.validation {
        Ok(()) => "yes".to_owned(),
        Err(e) => format!("no: {e} (rule {})", e.rule().name()),
    };
    rows.push(("valid".into(), valid));
    for (name, value) in view_fields(&parsed.view) {
        rows.push((name.replace('_', " "), shown(&value)));
    }
    if let Some(fragment) = parsed.fragment {
        rows.push(("fragment".into(), visible_str(fragment)));
    }
    let mut text = String::new();
    for (name, value) in rows {
        text.push_str(&format!("{name:<14}{value}\n"));
    }
    text
}

/// A view value for people: strings as they are (`(empty)` when empty), `(absent)` for
/// null, lists and numbers as JSON.
fn shown(value: &Value) -> String {
    match value {
        Value::Null => "(absent)".to_owned(),
        Value::String(s) if s.is_empty() => "(empty)".to_owned(),
        Value::String(s) => visible_str(s),
        other => visible_str(&other.to_string()),
    }
}

/// `urlkit parse --rfc1738` without `--json`/`--jsonl`: one report per URL, separated by a
/// blank line; input that is not a URL is reported on standard error.
pub fn run_tables(inputs: &[String]) -> Status {
    with_stdout(|out| {
        let mut tally = Tally::default();
        for input in inputs {
            let result = guarded(|| rfc1738::parse(input).map(|parsed| table(input, &parsed)));
            match result {
                Some(Ok(text)) => {
                    if tally.ok > 0 {
                        writeln!(out)?;
                    }
                    out.write_all(text.as_bytes())?;
                    tally.record(true);
                }
                failed => {
                    let failure = match failed {
                        Some(Err(e)) => Failure {
                            message: format!("not a url: {e}"),
                            position: Some(e.position()),
                        },
                        _ => Failure {
                            message: INTERNAL_ERROR.to_owned(),
                            position: None,
                        },
                    };
                    out.flush()?;
                    eprint!("{}", super::parse::error_report(input, &failure));
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
    fn objects() {
        let (obj, ok) = answer("http://h/a b");
        assert!(ok);
        assert_eq!(
            obj.finish(),
            r#"{"input":"http://h/a b","ok":true,"valid":false,"scheme":"http","default_port":80,"view":{"host":"h","port":80,"path":"a b","search":null},"fragment":null,"error":"expected hsegment at byte 10","rule":"hsegment","position":10}"#
        );
        let (obj, ok) = answer("nope");
        assert!(!ok);
        assert_eq!(
            obj.finish(),
            r#"{"input":"nope","ok":false,"error":"not a url: expected scheme followed by ':' at byte 4"}"#
        );
    }
}
