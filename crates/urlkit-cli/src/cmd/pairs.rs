//! RFC 3986 operations on a base URI and a second URI reference, shared by
//! `urlkit resolve --rfc3986` (base and reference, §5.2) and `urlkit relative` (base and
//! target, the inverse of resolution), with their JSONL lines
//! `{"base": string, <key>: string}` and answers
//! `{"base", <key>, "ok": true, <result key>}` or `{"base", <key>, "ok": false, "error"}`.
//!
//! Consecutive lines with the same base parse it once.

use super::{guarded, str_field, JsonObject, Line, INTERNAL_ERROR};
use urlkit::rfc3986::{Uri, UriRef};

/// A parsed base URI (it must have a scheme, RFC 3986 §5.1), or the message for every
/// input resolved against it.
pub type BaseUri = Result<Uri, String>;

/// One of the two operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Resolve a reference against the base: `{"base","input"}` → `"href"`.
    Resolve,
    /// The relative reference from the base to a target URI: `{"base","target"}` →
    /// `"relative"`.
    Relative,
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
    pub fn apply(self, base: &BaseUri, other: &str) -> Result<String, String> {
        let base = base.as_ref().map_err(Clone::clone)?;
        let result = guarded(|| match self {
            Op::Resolve => base.join(other).map(Uri::into_string).map_err(|e| e.to_string()),
            Op::Relative => {
                let target = UriRef::parse_uri(other).map_err(|e| format!("invalid target uri: {e}"))?;
                base.make_relative(&target)
                    .ok_or_else(|| "no relative reference reaches the target".to_owned())
            }
        });
        result.unwrap_or_else(|| Err(INTERNAL_ERROR.to_owned()))
    }

    /// The answer object for `base` and `other` given the operation's result.
    pub fn object(self, base: Option<&str>, other: &str, result: &Result<String, String>) -> JsonObject {
        let mut obj = JsonObject::new();
        obj.opt_str("base", base).str(self.key(), other);
        match result {
            Ok(value) => obj.bool("ok", true).str(self.result_key(), value),
            Err(message) => obj.bool("ok", false).str("error", message),
        };
        obj
    }
}

/// Parses a base URI, which must have a scheme.
pub fn parse_base(text: &str) -> BaseUri {
    match guarded(|| UriRef::parse_uri(text).map(|uri| uri.to_owned())) {
        Some(Ok(uri)) => Ok(uri),
        Some(Err(e)) => Err(format!("invalid base uri: {e}")),
        None => Err(format!("invalid base uri: {INTERNAL_ERROR}")),
    }
}

/// The `--jsonl` line handler for `op`, keeping the last base parsed.
pub fn jsonl_handler(op: Op) -> impl FnMut(&str) -> (JsonObject, bool) {
    let mut cache: Option<(String, BaseUri)> = None;
    move |line| {
        let map = match Line::parse(line) {
            Ok(Line::Object(map)) => map,
            Ok(Line::Plain(_)) => {
                let error = Err("invalid json line: not an object".to_owned());
                return (op.object(None, line, &error), false);
            }
            Err(message) => return (op.object(None, line, &Err(message)), false),
        };
        let (base, other) = match (str_field(&map, "base"), str_field(&map, op.key())) {
            (Ok(base), Ok(other)) => (base, other),
            (base, other) => {
                let message = other
                    .as_ref()
                    .err()
                    .or(base.as_ref().err())
                    .cloned()
                    .unwrap_or_default();
                let other = other.unwrap_or(line);
                return (op.object(base.ok(), other, &Err(message)), false);
            }
        };
        if cache.as_ref().is_none_or(|(text, _)| text != base) {
            cache = Some((base.to_owned(), parse_base(base)));
        }
        let result = match &cache {
            Some((_, parsed)) => op.apply(parsed, other),
            None => Err(INTERNAL_ERROR.to_owned()),
        };
        let ok = result.is_ok();
        (op.object(Some(base), other, &result), ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let mut resolve = jsonl_handler(Op::Resolve);
        let (obj, ok) = resolve(r#"{"base":"http://a/b/c/d;p?q","input":"../g"}"#);
        assert!(ok);
        assert_eq!(
            obj.finish(),
            r#"{"base":"http://a/b/c/d;p?q","input":"../g","ok":true,"href":"http://a/b/g"}"#
        );
        let (obj, ok) = resolve(r#"{"base":"b","input":"g"}"#);
        assert!(!ok);
        assert!(obj.finish().contains(r#""error":"invalid base uri: "#));
        let mut relative = jsonl_handler(Op::Relative);
        let (obj, ok) = relative("x");
        assert!(!ok);
        assert_eq!(
            obj.finish(),
            r#"{"base":null,"target":"x","ok":false,"error":"invalid json line: not an object"}"#
        );
    }
}
