//! JSONL requests: what one line of standard input asks for. A line not starting with `{`
//! is the input itself; a line starting with `{` is a JSON object whose fields the
//! subcommand names (usually `{"input": …, "base": …}`, see [`Request`]).

use serde_json::{Map, Value};
use std::borrow::Cow;

/// A JSONL line: a JSON object when it starts with `{`, else the plain text.
#[derive(Debug)]
pub enum Line<'a> {
    /// A line not starting with `{`: the input itself.
    Plain(&'a str),
    /// A line holding a JSON object.
    Object(Map<String, Value>),
}

impl<'a> Line<'a> {
    /// Classifies `line`; a line starting with `{` that is not a JSON object is an error.
    pub fn parse(line: &'a str) -> Result<Line<'a>, String> {
        if !line.starts_with('{') {
            return Ok(Line::Plain(line));
        }
        match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(map)) => Ok(Line::Object(map)),
            Ok(_) => Err("invalid json line: not an object".to_owned()),
            Err(e) => Err(format!("invalid json line: {}", e.to_string().to_lowercase())),
        }
    }

    /// The object of a line that must hold one.
    pub fn object(line: &'a str) -> Result<Map<String, Value>, String> {
        match Line::parse(line)? {
            Line::Object(map) => Ok(map),
            Line::Plain(_) => Err("invalid json line: not an object".to_owned()),
        }
    }
}

/// A string field of a JSONL object: `Ok(None)` when absent or `null`, an error when it
/// holds anything but a string.
pub fn opt_str_field<'m>(map: &'m Map<String, Value>, key: &str) -> Result<Option<&'m str>, String> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("invalid json line: \"{key}\" is not a string")),
    }
}

/// A required string field of a JSONL object.
pub fn str_field<'m>(map: &'m Map<String, Value>, key: &str) -> Result<&'m str, String> {
    opt_str_field(map, key)?.ok_or_else(|| format!("invalid json line: missing string \"{key}\""))
}

/// The usual JSONL request: a plain line (the input, no base) or
/// `{"input": string, "base": string or null}` (a missing `base` is `null`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request<'a> {
    /// The input to process.
    pub input: Cow<'a, str>,
    /// The base URL, if any.
    pub base: Option<String>,
}

impl<'a> Request<'a> {
    /// Reads a request from a line; the error is the message for the failure object.
    pub fn parse(line: &'a str) -> Result<Request<'a>, String> {
        match Line::parse(line)? {
            Line::Plain(input) => Ok(Request {
                input: Cow::Borrowed(input),
                base: None,
            }),
            Line::Object(map) => {
                let input = str_field(&map, "input")?.to_owned();
                let base = opt_str_field(&map, "base")?.map(str::to_owned);
                Ok(Request {
                    input: Cow::Owned(input),
                    base,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests() {
        let r = Request::parse(r#"{"input": "a", "base": null}"#).unwrap();
        assert_eq!((r.input.as_ref(), r.base), ("a", None));
        let r = Request::parse(r#"{"input": "a", "base": "http://x/"}"#).unwrap();
        assert_eq!(r.base.as_deref(), Some("http://x/"));
        assert_eq!(Request::parse(" {").unwrap().input, " {");
        assert!(Request::parse("{")
            .unwrap_err()
            .starts_with("invalid json line: "));
        assert!(Request::parse(r#"{"input": 1}"#).is_err());
        assert!(Request::parse(r#"{"base": "x"}"#).is_err());
        assert!(Request::parse("{}\r").is_err());
        assert!(Request::parse("[1]").is_ok());
    }
}
