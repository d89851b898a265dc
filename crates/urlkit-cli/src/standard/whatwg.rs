//! The URL Standard's answers: the parsed URL's API getters (`urlkit parse`, `resolve`,
//! `set`), its href (`normalize`) and its validation errors (`validate`).
//!
//! The object of a URL is `{"input","base","ok":true,"href","origin","protocol","username",
//! "password","host","hostname","port","pathname","search","hash"}` (each value the string
//! the API getter returns), its failure `{"input","base","ok":false,"error"}`.

use super::{Normalizer, Standard};
use crate::diagram::{self, Span};
use crate::driver::{guarded, Sink};
use crate::failure::{kind, Failure, INTERNAL_ERROR};
use crate::request::Request;
use serde::Serialize;
use urlkit::{Url, ValidationError};

/// A parsed base URL, or the message for the inputs resolved against it.
pub type Base = Result<Url, String>;

/// The URL Standard, resolving inputs against `base` (its text and the parsed URL) when
/// there is one.
#[derive(Debug, Clone, Copy)]
pub struct Whatwg<'a> {
    /// The base URL's text and the base itself.
    pub base: Option<(&'a str, &'a Base)>,
    /// `--guess-scheme`: read a scheme-less input that starts with a host as `http://`
    /// before it (see [`crate::hint::guess_scheme`]).
    pub guess_scheme: bool,
}

impl Whatwg<'static> {
    /// Inputs read on their own.
    pub const WITHOUT_BASE: Whatwg<'static> = Whatwg {
        base: None,
        guess_scheme: false,
    };
}

impl Whatwg<'_> {
    /// The base URL's text, if any.
    fn base_text(&self) -> Option<&str> {
        self.base.map(|(text, _)| text)
    }

    /// Parses `input` against the base.
    pub fn resolve(&self, input: &str) -> Result<Url, Failure> {
        let base = self.base.map(|(_, base)| base);
        match resolve(input, base) {
            Err(failure) if self.guess_scheme && failure.hint.is_some() => {
                let guess = crate::hint::guess_scheme(input).unwrap_or_default();
                resolve(&guess, base)
            }
            outcome => outcome,
        }
    }

    /// Writes the answer for `outcome`, the URL `input` gave (or why it gave none): the
    /// object, or the table and diagram (blocks, failures on standard error).
    pub fn answer(&self, input: &str, outcome: &Result<Url, Failure>, sink: &mut Sink, width: usize) -> bool {
        let base = self.base_text();
        match outcome {
            Ok(url) if sink.is_json() => sink.json(true, &UrlObject::new(input, base, url)),
            Ok(url) => {
                sink.block();
                sink.text(&table(input, base, url, width));
                true
            }
            Err(failure) if sink.is_json() => {
                sink.json_failure(failure.kind, &failure.with_base(input, base))
            }
            Err(failure) => sink.report(failure.kind, &failure.report(input)),
        }
    }
}

impl Standard for Whatwg<'_> {
    fn describe(&self, input: &str, sink: &mut Sink, width: usize) -> bool {
        let outcome = self.resolve(input);
        self.answer(input, &outcome, sink, width)
    }

    fn check(&self, input: &str) -> Result<(), Failure> {
        let base = match self.base {
            None => None,
            Some((_, Ok(url))) => Some(url),
            Some((_, Err(message))) => return Err(Failure::new(kind::INVALID_BASE, message.clone())),
        };
        let mut first: Option<ValidationError> = None;
        let parsed = {
            let mut record = |v: ValidationError| {
                first.get_or_insert(v);
            };
            Url::options()
                .base_url(base)
                .on_validation_error(&mut record)
                .parse(input)
        };
        if let Err(e) = parsed {
            return Err(failure_of(input, base.is_some(), &e));
        }
        match first {
            Some(v) => Err(Failure::at(v.kind().spec_name(), v.to_string(), v.position())),
            None => Ok(()),
        }
    }
}

impl Normalizer for Whatwg<'_> {
    fn normalize(&self, input: &str) -> Result<String, Failure> {
        self.resolve(input).map(Url::into_string)
    }
}

/// The failure of an input that does not parse: message, position and the standard's name;
/// for a scheme-less input read without a base (`example.org/path`), the hint of the URL
/// it was probably meant as.
fn failure_of(input: &str, has_base: bool, e: &urlkit::ParseError) -> Failure {
    let failure = Failure::at(e.kind().spec_name(), e.to_string(), e.position());
    if has_base || e.kind() != urlkit::ErrorKind::MissingSchemeNonRelativeUrl {
        return failure;
    }
    Failure {
        hint: crate::hint::scheme_hint(input),
        ..failure
    }
}

/// Reads inputs as requests: a line starting with `{` is `{"input": URL, "base": BASE or
/// null}` (see [`Request`]), anything else the URL itself, resolved against the default
/// base. Each base is parsed once while consecutive requests share it.
#[derive(Debug)]
pub struct Requests<'a> {
    default: Option<(&'a str, &'a Base)>,
    cache: Option<(String, Base)>,
    guess_scheme: bool,
}

impl<'a> Requests<'a> {
    /// Requests whose base, when they name none, is `default`.
    pub fn new(default: Option<(&'a str, &'a Base)>) -> Self {
        Requests {
            default,
            cache: None,
            guess_scheme: false,
        }
    }

    /// These requests with `--guess-scheme` as given (see [`Whatwg::guess_scheme`]).
    pub fn guessing(self, guess_scheme: bool) -> Self {
        Requests { guess_scheme, ..self }
    }

    /// Reads `line` and hands its input and the standard with its base to `answer`; a line
    /// that is not a request fails (`invalid-request`).
    pub fn answer<F>(&mut self, line: &str, sink: &mut Sink, answer: F) -> bool
    where
        F: FnOnce(&str, Whatwg<'_>, &mut Sink) -> bool,
    {
        let guess_scheme = self.guess_scheme;
        if !line.starts_with('{') {
            warn_windows_path(line, self.default.is_some(), sink);
            let whatwg = Whatwg {
                base: self.default,
                guess_scheme,
            };
            return answer(line, whatwg, sink);
        }
        let request = match Request::parse(line) {
            Ok(request) => request,
            Err(message) => {
                let failure = Failure::new(kind::INVALID_REQUEST, message);
                return if sink.is_json() {
                    sink.json_failure(failure.kind, &failure.with_base(line, None))
                } else {
                    sink.fail(line, &failure)
                };
            }
        };
        let base = match request.base {
            None => self.default,
            Some(text) => {
                if self.cache.as_ref().is_none_or(|(cached, _)| *cached != text) {
                    let parsed = parse_base(&text);
                    self.cache = Some((text, parsed));
                }
                self.cache.as_ref().map(|(text, parsed)| (text.as_str(), parsed))
            }
        };
        warn_windows_path(&request.input, base.is_some(), sink);
        answer(&request.input, Whatwg { base, guess_scheme }, sink)
    }
}

/// Warns on standard error when `input`, read without a base, is a Windows path (which the
/// URL Standard reads as a URL with the drive letter for scheme), pointing at
/// `urlkit path-to-url`.
fn warn_windows_path(input: &str, has_base: bool, sink: &mut Sink) {
    if !has_base && crate::hint::is_windows_path(input) {
        sink.error(&crate::hint::windows_path_warning(input));
    }
}

/// Parses a base URL.
pub fn parse_base(text: &str) -> Base {
    match guarded(|| Url::parse(text)) {
        Some(Ok(url)) => Ok(url),
        Some(Err(e)) => Err(format!("invalid base url: {e}")),
        None => Err(format!("invalid base url: {INTERNAL_ERROR}")),
    }
}

/// Parses `input` against the already parsed `base`.
pub fn resolve(input: &str, base: Option<&Base>) -> Result<Url, Failure> {
    let base = match base {
        None => None,
        Some(Ok(url)) => Some(url),
        Some(Err(message)) => return Err(Failure::new(kind::INVALID_BASE, message.clone())),
    };
    Url::parse_with_base(input, base).map_err(|e| failure_of(input, base.is_some(), &e))
}

/// The success object of a URL.
#[derive(Serialize)]
pub struct UrlObject<'a> {
    input: &'a str,
    base: Option<&'a str>,
    ok: bool,
    href: &'a str,
    origin: String,
    protocol: &'a str,
    username: &'a str,
    password: &'a str,
    host: &'a str,
    hostname: &'a str,
    port: &'a str,
    pathname: &'a str,
    search: &'a str,
    hash: &'a str,
}

impl<'a> UrlObject<'a> {
    /// The object for `url`, parsed from `input` against `base`.
    pub fn new(input: &'a str, base: Option<&'a str>, url: &'a Url) -> Self {
        UrlObject {
            input,
            base,
            ok: true,
            href: url.href(),
            origin: url.origin().ascii_serialization(),
            protocol: url.protocol(),
            username: url.username(),
            password: url.password_str(),
            host: url.host_port(),
            hostname: url.hostname(),
            port: url.port_str(),
            pathname: url.pathname(),
            search: url.search(),
            hash: url.hash_str(),
        }
    }
}

/// The table of components followed by the diagram.
fn table(input: &str, base: Option<&str>, url: &Url, width: usize) -> String {
    let origin = url.origin().ascii_serialization();
    let mut rows: Vec<(&str, &str)> = Vec::with_capacity(13);
    if input != url.href() {
        rows.push(("input", input));
    }
    if let Some(base) = base {
        rows.push(("base", base));
    }
    rows.extend([
        ("href", url.href()),
        ("origin", origin.as_str()),
        ("protocol", url.protocol()),
        ("username", url.username()),
        ("password", url.password_str()),
        ("host", url.host_port()),
        ("hostname", url.hostname()),
        ("port", url.port_str()),
        ("pathname", url.pathname()),
        ("search", url.search()),
        ("hash", url.hash_str()),
    ]);
    let mut text = String::new();
    for (name, value) in rows {
        let value = if value.is_empty() {
            "(empty)".to_owned()
        } else {
            diagram::visible_str(value)
        };
        text.push_str(&format!("{name:<10}{value}\n"));
    }
    text.push('\n');
    text.push_str(&diagram::render(url.href(), &component_spans(url), width));
    text
}

/// Where each non-empty component lies in the href ([`Url::component_spans`]), as the
/// diagram's labelled spans.
pub fn component_spans(url: &Url) -> Vec<Span> {
    url.component_spans()
        .into_iter()
        .map(|(label, bytes)| Span {
            bytes,
            label: label.to_owned(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spans of `input` as `label=text` in drawing order.
    fn spans(input: &str) -> Vec<String> {
        let url = Url::parse(input).unwrap();
        component_spans(&url)
            .into_iter()
            .map(|s| format!("{}={}", s.label, &url.href()[s.bytes]))
            .collect()
    }

    #[test]
    fn spans_come_from_the_attribute_ranges_in_drawing_order() {
        assert_eq!(
            spans("https://u:p@h.example:8/a/b?q#f"),
            [
                "protocol=https:",
                "hash=#f",
                "search=?q",
                "pathname=/a/b",
                "username=u",
                "password=p",
                "port=8",
                "hostname=h.example",
                "host=h.example:8",
            ]
        );
        assert_eq!(
            spans("http://h/p"),
            [
                "protocol=http:",
                "pathname=/p",
                "hostname=h",
                "host=h",
                "origin=http://h"
            ]
        );
        assert_eq!(spans("mailto:x@y"), ["protocol=mailto:", "pathname=x@y"]);
    }

    #[test]
    fn a_lone_question_mark_or_hash_is_marked() {
        assert_eq!(
            spans("http://h/p?#"),
            [
                "protocol=http:",
                "hash=#",
                "search=?",
                "pathname=/p",
                "hostname=h",
                "host=h",
                "origin=http://h"
            ]
        );
    }
}
