//! RFC 1738's answers: URLs read per its schemes (§3), with strict validation against its
//! BNF (§5).
//!
//! The object of a URL is
//! `{"input","ok":true,"valid","scheme","default_port","view","fragment"}` plus, when strict
//! validation fails, `"error"`, `"rule"` and `"position"`; for input without a scheme,
//! `{"input","ok":false,"error"}`. `view` holds the scheme's decoded parts (see
//! [`view_fields`]): ports are numbers (the explicit port, else the default), absent parts
//! `null`. An input succeeds when it has a scheme, whether or not it is strictly valid.

use super::Standard;
use crate::diagram::visible_str;
use crate::driver::Sink;
use crate::failure::{kind, Failure};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;
use urlkit::rfc1738::{self, Field, Parsed, SchemeView};

/// The RFC 1738 schemes.
#[derive(Debug, Clone, Copy)]
pub struct Rfc1738;

impl Standard for Rfc1738 {
    fn describe(&self, input: &str, sink: &mut Sink, _width: usize) -> bool {
        match rfc1738::parse(input) {
            Ok(parsed) if sink.is_json() => sink.json(
                true,
                &UrlObject {
                    input,
                    parsed: &parsed,
                },
            ),
            Ok(parsed) => {
                sink.block();
                sink.text(&table(input, &parsed));
                true
            }
            Err(e) if sink.is_json() => sink.json_failure(kind::NOT_A_URL, &not_a_url(&e).located(input)),
            Err(e) => sink.fail(input, &not_a_url(&e)),
        }
    }

    fn check(&self, input: &str) -> Result<(), Failure> {
        let parsed = rfc1738::parse(input).map_err(|e| not_a_url(&e))?;
        parsed.validation.map_err(|e| Failure {
            expected: Some(e.rule().name()),
            ..Failure::at(kind::SYNTAX, e.to_string(), e.position())
        })
    }
}

/// The failure of input without a scheme.
fn not_a_url(e: &rfc1738::NotAUrl) -> Failure {
    Failure::at(kind::NOT_A_URL, format!("not a url: {e}"), e.position())
}

/// The success object for a parsed URL.
struct UrlObject<'a> {
    input: &'a str,
    parsed: &'a Parsed<'a>,
}

impl Serialize for UrlObject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let parsed = self.parsed;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("input", self.input)?;
        map.serialize_entry("ok", &true)?;
        map.serialize_entry("valid", &parsed.validation.is_ok())?;
        map.serialize_entry("scheme", &*parsed.scheme)?;
        map.serialize_entry("default_port", &parsed.default_port)?;
        map.serialize_entry("view", &ViewObject(view_fields(&parsed.view)))?;
        map.serialize_entry("fragment", &parsed.fragment)?;
        if let Err(e) = &parsed.validation {
            map.serialize_entry("error", &e.to_string())?;
            map.serialize_entry("rule", e.rule().name())?;
            map.serialize_entry("position", &e.position())?;
        }
        // Only present when a decoded part would smuggle a line into its protocol (§6).
        let line_breaks: Vec<&str> = parsed.view.line_breaks().iter().map(|(what, _)| *what).collect();
        if !line_breaks.is_empty() {
            map.serialize_entry("line_breaks", &line_breaks)?;
        }
        map.end()
    }
}

/// A view's fields as a JSON object, in their order.
struct ViewObject(Fields);

impl Serialize for ViewObject {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// A view as ordered `(field, value)` pairs.
pub type Fields = Vec<(&'static str, Value)>;

/// A port as a JSON number, or `null`.
fn port(port: Option<u16>) -> Value {
    port.map_or(Value::Null, Value::from)
}

/// The fields of a scheme view ([`SchemeView::fields`]) as JSON values, in the contract's
/// order (news also gives its RFC 5538 server as `host` and `port`).
pub fn view_fields(view: &SchemeView<'_>) -> Fields {
    let json = |s: &str| Value::from(s);
    view.fields()
        .into_iter()
        .map(|(name, field)| {
            let value = match field {
                Field::Null => Value::Null,
                Field::Text(s) => json(&s),
                Field::Number(n) => Value::from(n),
                Field::Flag(b) => Value::from(b),
                Field::List(items) => Value::Array(items.iter().map(|s| json(s)).collect()),
                Field::Pairs(items) => Value::Array(
                    items
                        .iter()
                        .map(|(n, v)| Value::Array(vec![json(n), json(v)]))
                        .collect(),
                ),
            };
            (name, value)
        })
        .collect()
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
    for (what, value) in parsed.view.line_breaks() {
        let row = format!(
            "the {what} {:?} holds a line break: another command or header (RFC 1738 §6)",
            value
        );
        rows.push(("unsafe".into(), row));
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{Format, Sink};

    #[test]
    fn objects() {
        let mut sink = Sink::new(Format::Json);
        assert!(Rfc1738.describe("http://h/a b", &mut sink, 80));
        assert!(!Rfc1738.describe("nope", &mut sink, 80));
        assert_eq!(
            String::from_utf8(sink.take()).unwrap(),
            concat!(
                r#"{"input":"http://h/a b","ok":true,"valid":false,"scheme":"http","default_port":80,"view":{"host":"h","port":80,"path":"a b","search":null},"fragment":null,"error":"expected hsegment at byte 10","rule":"hsegment","position":10}"#,
                "\n",
                r#"{"input":"nope","ok":false,"error":"not a url: expected scheme followed by ':' at byte 4","kind":"not-a-url","position":4}"#,
                "\n"
            )
        );
    }
}
