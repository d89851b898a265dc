//! JavaScript errors: an `Error` whose `message` is the library's message with the position
//! as a UTF-16 index, and whose `name` (`"URLError"`, `"TemplateError"`, …), `kind` (the
//! standard's name of the failure, or the grammar rule expected) and `position` (UTF-16) are
//! set. Also the plain `ErrorInfo` objects of the readings.

use crate::index::utf16_at;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A thrown `Error` named `name`, with `kind`, `position` (UTF-16) and `input` set.
pub fn js_error(name: &str, message: &str, kind: &str, position: Option<usize>, input: &str) -> JsValue {
    let e = js_sys::Error::new(message);
    e.set_name(name);
    let set = |k: &str, v: JsValue| {
        // Setting a property on a fresh `Error` cannot fail.
        let _ = js_sys::Reflect::set(&e, &JsValue::from_str(k), &v);
    };
    set("kind", JsValue::from_str(kind));
    if let Some(p) = position {
        set("position", JsValue::from_f64(p as f64));
    }
    set("input", JsValue::from_str(input));
    e.into()
}

/// A failure as the readings show it: `kind`, `message`, `start`/`end` (UTF-16 offsets into
/// the input) and, for a grammar, the rule that was `expected`.
#[derive(Debug, Clone, Serialize)]
pub struct ErrorInfo {
    /// The standard's name of the failure, or the grammar rule (RFC 3986, RFC 1738).
    pub kind: String,
    /// The library's message, the position as a UTF-16 index.
    pub message: String,
    /// Where it was seen (UTF-16).
    pub start: usize,
    /// Its end (UTF-16; `start` for a point).
    pub end: usize,
    /// The grammar rule expected there, when a grammar says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
}

/// The `ErrorInfo` of a URL Standard failure or validation error at byte `at` of `input`
/// (a point, or the character there when `one_char`).
pub fn whatwg_info(kind: urlkit::ErrorKind, at: usize, input: &str, one_char: bool) -> ErrorInfo {
    let start = utf16_at(input, at);
    let end = if one_char {
        input
            .get(at..)
            .and_then(|s| s.chars().next())
            .map_or(start, |c| start + c.len_utf16())
    } else {
        start
    };
    ErrorInfo {
        kind: kind.spec_name().to_owned(),
        message: format!("{} at index {start}", kind.description()),
        start,
        end,
        expected: None,
    }
}

/// The `ErrorInfo` of an RFC 3986 grammar failure.
pub fn rfc3986_info(e: &urlkit::rfc3986::ParseError, input: &str) -> ErrorInfo {
    let start = utf16_at(input, e.position());
    let found = match e.found() {
        Some(c) => format!("{c:?}"),
        None => "end of input".to_owned(),
    };
    ErrorInfo {
        kind: "syntax".to_owned(),
        message: format!("expected {} at index {start}, found {found}", e.expected()),
        start,
        end: start,
        expected: Some(e.expected().name().to_owned()),
    }
}

/// The thrown `URLError` of a URL Standard failure on `input`.
pub fn url_error(e: urlkit::ParseError, input: &str) -> JsValue {
    let info = whatwg_info(e.kind(), e.position(), input, false);
    js_error("URLError", &info.message, &info.kind, Some(info.start), input)
}

/// The thrown `URLError` of an RFC 3986 failure on `input`.
pub fn rfc3986_error(e: &urlkit::rfc3986::ParseError, input: &str) -> JsValue {
    let info = rfc3986_info(e, input);
    let kind = info.expected.as_deref().unwrap_or("syntax");
    js_error("URLError", &info.message, kind, Some(info.start), input)
}

/// A thrown `TypeError`-like `Error` named `name` with a message and no position.
pub fn plain_error(name: &str, message: &str) -> JsValue {
    let e = js_sys::Error::new(message);
    e.set_name(name);
    e.into()
}
