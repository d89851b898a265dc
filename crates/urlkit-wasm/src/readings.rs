//! `readings(input, base?)`: everything the viewer shows about one input — the URL Standard's
//! reading (components, where each lies in the href and in the input, the failure, the
//! validation errors), the RFC 3986 reading (or RFC 3987 when only the IRI grammar takes it,
//! or the grammar rule that failed), the RFC 1738 typed view, and the places they disagree.
//!
//! # When readings disagree
//!
//! Spelling that every reader treats as the same is no disagreement: the components are
//! compared by meaning, not by text. The rule, in three parts (the input read alone, without
//! a base: RFC 3986 and RFC 1738 read the string as it is):
//!
//! 1. **WHATWG against RFC 3986**: the linter's differential (`L050`,
//!    [`urlkit::lint`]'s `differential.rs`): scheme, userinfo, host, port and path compared
//!    after RFC 3986 §6.2.2 normalization (case, percent-encoding of the same octets), IDNA's
//!    ASCII and Unicode forms, literal dot segments (§5.2.4) and default ports (§6.2.3).
//!    When the strict grammar refuses the input, RFC 3986 Appendix B's split is its reading.
//! 2. **One accepts, the other refuses**: when the URL Standard fails and the RFC 3986 (or
//!    RFC 3987) grammar accepts, or the reverse, the component where the failing reader
//!    stopped is marked, its value `null` on that side (`http://a:99999/`: the port).
//! 3. **RFC 1738 against WHATWG**: the view's host and port (default filled in). The host is
//!    compared in ASCII case only, after IDNA's ASCII form for a Unicode name: RFC 1738's
//!    hostname (§3.1) has no escapes and no IPv4 shorthand, so `%65vil.example` or `0x7f.1`
//!    names another host there.
//!
//! Each disagreement carries the three readers' values (`null`: absent, or that reader
//! failed), a note saying why, and the component's range in the input (UTF-16).

use crate::error::{rfc3986_info, whatwg_info, ErrorInfo};
use crate::index::utf16_at;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use std::ops::Range;
use urlkit::lint::{Code, Component, Detail};
use urlkit::rfc1738::{self, Field, SchemeView};
use urlkit::rfc3986::{IriRef, UriRef};
use urlkit::{Url, ValidationError};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_READINGS: &'static str = r#"
/** A component's range: UTF-16 offsets, `end` exclusive. */
export interface Span { field: string; start: number; end: number }
/** A failure: the standard's name (`kind`), the message, where (UTF-16), the rule expected. */
export interface ErrorInfo { kind: string; message: string; start: number; end: number; expected?: string }
/** The URL API's attributes. */
export interface WhatwgComponents {
  href: string; origin: string; protocol: string; username: string; password: string; host: string;
  hostname: string; port: string; pathname: string; search: string; hash: string;
}
/** The URL Standard's reading. */
export interface WhatwgReading {
  ok: boolean; href?: string; components?: WhatwgComponents;
  /** Each non-empty component's range in `href`, in the order the CLI's diagram draws them. */
  hrefSpans?: Span[];
  /** Each component's range in the input (absent for a relative input read against a base). */
  inputSpans?: Span[];
  error?: ErrorInfo; validationErrors: ErrorInfo[];
}
/** RFC 3986's seven components, `null` when absent. */
export interface Rfc3986Components {
  scheme: string | null; userinfo: string | null; host: string | null; port: string | null;
  path: string; query: string | null; fragment: string | null;
}
/** The RFC 3986 reading (RFC 3987 when `iri`). */
export interface Rfc3986Reading { ok: boolean; components?: Rfc3986Components; inputSpans?: Span[]; error?: ErrorInfo; iri: boolean }
/** The RFC 1738 reading: the scheme's typed view (built even when the §5 BNF refuses the input). */
export interface Rfc1738Reading {
  ok: boolean; scheme?: string; defaultPort?: number | null; view?: Record<string, unknown>;
  fragment?: string | null; error?: ErrorInfo;
}
/** A component the readers read differently (see the module docs for the rule). */
export interface Disagreement {
  component: "scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";
  whatwg: string | null; rfc3986: string | null; rfc1738: string | null; note: string;
  start?: number; end?: number;
}
/** Everything about one input. */
export interface Readings { input: string; base?: string; whatwg: WhatwgReading; rfc3986: Rfc3986Reading; rfc1738: Rfc1738Reading; disagreements: Disagreement[] }
"#;

#[wasm_bindgen]
extern "C" {
    /// The `Readings` object.
    #[wasm_bindgen(typescript_type = "Readings")]
    pub type JsReadings;
}

/// A component's range (UTF-16).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Span {
    /// The component's name.
    pub field: &'static str,
    /// Its start.
    pub start: usize,
    /// Its end (exclusive).
    pub end: usize,
}

/// The URL API's attributes.
#[derive(Debug, Serialize)]
pub struct Components {
    href: String,
    origin: String,
    protocol: String,
    username: String,
    password: String,
    host: String,
    hostname: String,
    port: String,
    pathname: String,
    search: String,
    hash: String,
}

/// The URL Standard's reading.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Whatwg {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    href: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    components: Option<Components>,
    #[serde(skip_serializing_if = "Option::is_none")]
    href_spans: Option<Vec<Span>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_spans: Option<Vec<Span>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorInfo>,
    validation_errors: Vec<ErrorInfo>,
}

/// RFC 3986's seven components as written.
#[derive(Debug, Serialize)]
pub struct Rfc3986Components {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

/// The RFC 3986 reading.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rfc3986 {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    components: Option<Rfc3986Components>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_spans: Option<Vec<Span>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorInfo>,
    iri: bool,
}

/// A field of an RFC 1738 view.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
enum Value {
    Null,
    Text(String),
    Number(f64),
    Flag(bool),
    List(Vec<String>),
    Pairs(Vec<(String, String)>),
}

/// A view's fields, serialized as an object in their order.
#[derive(Debug)]
struct View(Vec<(&'static str, Value)>);

impl Serialize for View {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// The RFC 1738 reading.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rfc1738 {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    scheme: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    default_port: Option<Option<u16>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    view: Option<View>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fragment: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorInfo>,
}

/// A component the readers read differently.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Disagreement {
    /// `"scheme"`, `"userinfo"`, `"host"`, `"port"`, `"path"`, `"query"` or `"fragment"`.
    pub component: &'static str,
    /// The URL Standard's value (`None`: absent, or it failed).
    pub whatwg: Option<String>,
    /// RFC 3986's value.
    pub rfc3986: Option<String>,
    /// RFC 1738's value (host and port only).
    pub rfc1738: Option<String>,
    /// Why they differ.
    pub note: String,
    /// The component's start in the input (UTF-16).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<usize>,
    /// Its end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<usize>,
}

/// Everything about one input.
#[derive(Debug, Serialize)]
pub struct Readings {
    input: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<String>,
    whatwg: Whatwg,
    rfc3986: Rfc3986,
    rfc1738: Rfc1738,
    disagreements: Vec<Disagreement>,
}

impl Readings {
    /// The disagreements found.
    pub fn disagreements(&self) -> &[Disagreement] {
        &self.disagreements
    }
}

/// The readings of `input` (against `base` when given): see the [module](self) docs.
#[wasm_bindgen]
pub fn readings(input: &str, base: Option<String>) -> JsReadings {
    crate::js::to_js(&read(input, base.as_deref())).unchecked_into()
}

/// The readings as Rust values (what [`readings`] converts).
pub fn read(input: &str, base: Option<&str>) -> Readings {
    let (url, whatwg) = whatwg(input, base);
    let (rfc3986, rfc3986_spans) = rfc3986(input);
    let parsed1738 = rfc1738::parse(input).ok();
    let rfc1738 = rfc1738_reading(input);
    let disagreements = if base.is_none() {
        disagreements(
            input,
            url.as_ref(),
            &whatwg,
            &rfc3986,
            &rfc3986_spans,
            parsed1738.as_ref(),
        )
    } else {
        Vec::new()
    };
    Readings {
        input: input.to_owned(),
        base: base.map(str::to_owned),
        whatwg,
        rfc3986,
        rfc1738,
        disagreements,
    }
}

/// The URL API's attributes of `url`.
fn components(url: &Url) -> Components {
    Components {
        href: url.href().to_owned(),
        origin: url.origin().ascii_serialization(),
        protocol: url.protocol().to_owned(),
        username: url.username().to_owned(),
        password: url.password_str().to_owned(),
        host: url.host_port().to_owned(),
        hostname: url.hostname().to_owned(),
        port: url.port_str().to_owned(),
        pathname: url.pathname().to_owned(),
        search: url.search().to_owned(),
        hash: url.hash_str().to_owned(),
    }
}

/// Byte ranges to UTF-16 spans of `text`.
fn to_spans(text: &str, ranges: Vec<(&'static str, Range<usize>)>) -> Vec<Span> {
    ranges
        .into_iter()
        .map(|(field, r)| Span {
            field,
            start: utf16_at(text, r.start),
            end: utf16_at(text, r.end),
        })
        .collect()
}

/// Where the URL API's components were written in `input` (byte ranges; delimiters as the
/// attributes have them: `protocol` with its `:`, `search` with `?`, `hash` with `#`).
fn input_ranges(input: &str, url: &Url) -> Vec<(&'static str, Range<usize>)> {
    let s = urlkit::lint::input_spans(input, url);
    let mut out = Vec::with_capacity(9);
    if !s.scheme.is_empty() {
        let end = s.scheme.end + usize::from(input.as_bytes().get(s.scheme.end) == Some(&b':'));
        out.push(("protocol", s.scheme.start..end));
    }
    if let Some(r) = s.username {
        out.push(("username", r));
    }
    if let Some(r) = s.password {
        out.push(("password", r));
    }
    if let Some(h) = s.host.clone() {
        let end = s.port.as_ref().map_or(h.end, |p| p.end);
        out.push(("host", h.start..end));
        out.push(("hostname", h));
    }
    if let Some(r) = s.port {
        out.push(("port", r));
    }
    out.push(("pathname", s.path));
    if let Some(r) = s.query {
        out.push(("search", r.start - 1..r.end));
    }
    if let Some(r) = s.fragment {
        out.push(("hash", r.start - 1..r.end));
    }
    out
}

/// Whether `input` starts (after the C0 controls and spaces the parser trims) with `scheme:`.
fn has_own_scheme(input: &str, scheme: &str) -> bool {
    let t = input.trim_start_matches(|c: char| c <= ' ');
    t.len() > scheme.len()
        && t.as_bytes()[scheme.len()] == b':'
        && t.get(..scheme.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
}

fn whatwg(input: &str, base: Option<&str>) -> (Option<Url>, Whatwg) {
    let mut reading = Whatwg {
        ok: false,
        href: None,
        components: None,
        href_spans: None,
        input_spans: None,
        error: None,
        validation_errors: Vec::new(),
    };
    let base_url = match base.map(Url::parse) {
        None => None,
        Some(Ok(url)) => Some(url),
        Some(Err(e)) => {
            let mut info = whatwg_info(e.kind(), e.position(), base.unwrap_or_default(), false);
            info.kind = "invalid-base".to_owned();
            info.message = format!("the base does not parse: {}", info.message);
            (info.start, info.end) = (0, 0);
            reading.error = Some(info);
            return (None, reading);
        }
    };
    let mut noted: Vec<ValidationError> = Vec::new();
    let parsed = {
        let mut record = |v: ValidationError| noted.push(v);
        Url::options()
            .base_url(base_url.as_ref())
            .on_validation_error(&mut record)
            .parse(input)
    };
    reading.validation_errors = noted
        .iter()
        .map(|v| whatwg_info(v.kind(), v.position(), input, true))
        .collect();
    match parsed {
        Ok(url) => {
            reading.ok = true;
            reading.href = Some(url.href().to_owned());
            reading.components = Some(components(&url));
            reading.href_spans = Some(to_spans(url.href(), url.component_spans()));
            if base.is_none() || has_own_scheme(input, url.scheme()) {
                reading.input_spans = Some(to_spans(input, input_ranges(input, &url)));
            }
            (Some(url), reading)
        }
        Err(e) => {
            reading.error = Some(whatwg_info(e.kind(), e.position(), input, false));
            (None, reading)
        }
    }
}

/// The byte offset of `part`, a slice of `whole`, in it.
fn offset_in(whole: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    (start + part.len() <= whole.len()).then_some(start)
}

/// The RFC 3986 reading and its components' byte ranges in `input`.
fn rfc3986(input: &str) -> (Rfc3986, Vec<(&'static str, Range<usize>)>) {
    macro_rules! read {
        ($r:expr, $iri:expr) => {{
            let r = $r;
            let parts: [(&'static str, Option<&str>); 7] = [
                ("scheme", r.scheme()),
                ("userinfo", r.userinfo()),
                ("host", r.host()),
                ("port", r.port()),
                ("path", Some(r.path())),
                ("query", r.query()),
                ("fragment", r.fragment()),
            ];
            let ranges: Vec<(&'static str, Range<usize>)> = parts
                .iter()
                .filter_map(|(f, p)| {
                    let p = (*p)?;
                    offset_in(input, p).map(|at| (*f, at..at + p.len()))
                })
                .collect();
            let own = |s: Option<&str>| s.map(str::to_owned);
            let components = Rfc3986Components {
                scheme: own(r.scheme()),
                userinfo: own(r.userinfo()),
                host: own(r.host()),
                port: own(r.port()),
                path: r.path().to_owned(),
                query: own(r.query()),
                fragment: own(r.fragment()),
            };
            let spans = to_spans(input, ranges.clone());
            let reading = Rfc3986 {
                ok: true,
                components: Some(components),
                input_spans: Some(spans),
                error: None,
                iri: $iri,
            };
            (reading, ranges)
        }};
    }
    match UriRef::parse(input) {
        Ok(r) => read!(r, false),
        Err(e) => match IriRef::parse(input) {
            Ok(r) => read!(r, true),
            Err(_) => (
                Rfc3986 {
                    ok: false,
                    components: None,
                    input_spans: None,
                    error: Some(rfc3986_info(&e, input)),
                    iri: false,
                },
                Vec::new(),
            ),
        },
    }
}

/// A view's fields ([`SchemeView::fields`]), in the order (and with the names) of `urlkit
/// parse --rfc1738 --json`.
fn view_fields(view: &SchemeView<'_>) -> Vec<(&'static str, Value)> {
    view.fields()
        .into_iter()
        .map(|(name, field)| {
            let value = match field {
                Field::Null => Value::Null,
                Field::Text(s) => Value::Text(s.into_owned()),
                // Ports and article numbers: JavaScript numbers.
                Field::Number(n) => Value::Number(n as f64),
                Field::Flag(b) => Value::Flag(b),
                Field::List(items) => Value::List(items.into_iter().map(|s| s.into_owned()).collect()),
                Field::Pairs(items) => Value::Pairs(
                    items
                        .into_iter()
                        .map(|(n, v)| (n.to_owned(), v.to_owned()))
                        .collect(),
                ),
            };
            (name, value)
        })
        .collect()
}

fn rfc1738_reading(input: &str) -> Rfc1738 {
    match rfc1738::parse(input) {
        Ok(p) => {
            let error = p.validation.as_ref().err().map(|e| {
                let start = utf16_at(input, e.position());
                ErrorInfo {
                    kind: "syntax".to_owned(),
                    message: format!("expected {} at index {start}", e.rule().name()),
                    start,
                    end: start,
                    expected: Some(e.rule().name().to_owned()),
                }
            });
            Rfc1738 {
                ok: p.validation.is_ok(),
                scheme: Some(p.scheme.to_string()),
                default_port: Some(p.default_port),
                view: Some(View(view_fields(&p.view))),
                fragment: Some(p.fragment.map(str::to_owned)),
                error,
            }
        }
        Err(e) => {
            let start = utf16_at(input, e.position());
            Rfc1738 {
                ok: false,
                scheme: None,
                default_port: None,
                view: None,
                fragment: None,
                error: Some(ErrorInfo {
                    kind: "not-a-url".to_owned(),
                    message: format!("not a url: expected scheme followed by ':' at index {start}"),
                    start,
                    end: start,
                    expected: Some("scheme".to_owned()),
                }),
            }
        }
    }
}

/// The URL Standard's value of `component` (the port: the scheme's default when none).
fn whatwg_value(url: &Url, component: &str) -> Option<String> {
    match component {
        "scheme" => Some(url.scheme().to_owned()),
        "userinfo" => url
            .has_credentials()
            .then(|| format!("{}:{}", url.username(), url.password_str())),
        "host" => url.host().map(|_| url.hostname().to_owned()),
        "port" => url
            .port()
            .or_else(|| urlkit::scheme::default_port(url.scheme()))
            .map(|p| p.to_string()),
        "path" => Some(url.pathname().to_owned()),
        "query" => url.query().map(str::to_owned),
        "fragment" => url.fragment().map(str::to_owned),
        _ => None,
    }
}

/// RFC 3986's name of the WHATWG input span `field`.
fn generic_name(field: &str) -> &'static str {
    match field {
        "protocol" => "scheme",
        "username" | "password" => "userinfo",
        "host" | "hostname" => "host",
        "port" => "port",
        "pathname" => "path",
        "search" => "query",
        _ => "fragment",
    }
}

/// The component of `ranges` holding offset `at`: the one it is inside, else (an error at
/// `end`, the end of the input) the one that ends there; `path` when none (a delimiter, such
/// as the slashes before an authority, which RFC 3986 reads as the path's).
fn component_at(
    ranges: &[(&'static str, Range<usize>)],
    at: usize,
    end: usize,
) -> (&'static str, Option<Range<usize>>) {
    ranges
        .iter()
        .find(|(_, r)| r.start <= at && at < r.end)
        .or_else(|| ranges.iter().rev().find(|(_, r)| at == end && r.end == at))
        .map_or(("path", None), |(f, r)| (*f, Some(r.clone())))
}

fn disagreements(
    input: &str,
    url: Option<&Url>,
    whatwg: &Whatwg,
    rfc3986: &Rfc3986,
    rfc3986_ranges: &[(&'static str, Range<usize>)],
    parsed1738: Option<&rfc1738::Parsed<'_>>,
) -> Vec<Disagreement> {
    let mut out: Vec<Disagreement> = Vec::new();
    let view1738 = parsed1738.map(|p| &p.view);
    let value1738 = |component: &str| -> Option<String> {
        let view = view1738?;
        match component {
            "host" => view.host().map(str::to_owned),
            "port" => view.port().map(|p| p.to_string()),
            _ => None,
        }
    };
    let span16 = |r: &Range<usize>| (Some(utf16_at(input, r.start)), Some(utf16_at(input, r.end)));
    // 1. The linter's differential: WHATWG against RFC 3986, by meaning.
    if url.is_some() {
        for f in urlkit::lint::lint(input) {
            if f.code() != Code::ParserDifferential {
                continue;
            }
            let Some(Detail::Differential {
                component,
                whatwg,
                rfc3986,
            }) = f.detail()
            else {
                continue;
            };
            let name: &'static str = match component {
                Component::Scheme => "scheme",
                Component::Userinfo => "userinfo",
                Component::Host => "host",
                Component::Port => "port",
                _ => "path",
            };
            let (start, end) = span16(&f.span());
            out.push(Disagreement {
                component: name,
                whatwg: whatwg.clone(),
                rfc3986: rfc3986.clone(),
                rfc1738: value1738(name),
                note: f.message().to_owned(),
                start,
                end,
            });
        }
    }
    // 2. One reader accepts, the other refuses.
    match (url, rfc3986.ok) {
        (None, true) => {
            if let Some(e) = &whatwg.error {
                let at = crate::index::byte_at(input, e.start);
                let (name, range) = component_at(rfc3986_ranges, at, input.len());
                let value = rfc3986.components.as_ref().and_then(|c| match name {
                    "scheme" => c.scheme.clone(),
                    "userinfo" => c.userinfo.clone(),
                    "host" => c.host.clone(),
                    "port" => c.port.clone(),
                    "query" => c.query.clone(),
                    "fragment" => c.fragment.clone(),
                    _ => Some(c.path.clone()),
                });
                let (start, end) = range.as_ref().map_or((Some(e.start), Some(e.end)), span16);
                out.push(Disagreement {
                    component: name,
                    whatwg: None,
                    rfc3986: value,
                    rfc1738: value1738(name),
                    note: format!("the whatwg parser fails ({}), rfc 3986 accepts", e.message),
                    start,
                    end,
                });
            }
        }
        (Some(url), false) => {
            if let (Some(e), Some(spans)) = (&rfc3986.error, &whatwg.input_spans) {
                let ranges: Vec<(&'static str, Range<usize>)> = spans
                    .iter()
                    .filter(|s| s.field != "host")
                    .map(|s| (generic_name(s.field), s.start..s.end))
                    .collect();
                let (name, range) = component_at(&ranges, e.start, utf16_at(input, input.len()));
                if !out.iter().any(|d| d.component == name) {
                    let (start, end) =
                        range.map_or((Some(e.start), Some(e.end)), |r| (Some(r.start), Some(r.end)));
                    out.push(Disagreement {
                        component: name,
                        whatwg: whatwg_value(url, name),
                        rfc3986: None,
                        rfc1738: value1738(name),
                        note: format!("rfc 3986 refuses ({}), the whatwg parser accepts", e.message),
                        start,
                        end,
                    });
                }
            }
        }
        _ => {}
    }
    // 3. RFC 1738's host and port against the URL Standard's.
    if let (Some(url), Some(view)) = (url, view1738) {
        let spans = whatwg.input_spans.as_deref().unwrap_or_default();
        let at = |field: &str| spans.iter().find(|s| s.field == field).map(|s| (s.start, s.end));
        if let (Some(h1738), Some(_)) = (view.host(), url.host()) {
            let ascii = if h1738.is_ascii() {
                h1738.to_owned()
            } else {
                urlkit::host::domain_to_ascii(h1738)
                    .map(|h| h.to_string())
                    .unwrap_or_default()
            };
            if !ascii.eq_ignore_ascii_case(url.hostname()) && !out.iter().any(|d| d.component == "host") {
                let (start, end) = at("hostname").unzip();
                out.push(Disagreement {
                    component: "host",
                    whatwg: Some(url.hostname().to_owned()),
                    rfc3986: rfc3986.components.as_ref().and_then(|c| c.host.clone()),
                    rfc1738: Some(h1738.to_owned()),
                    note: format!(
                        "rfc 1738 reads the host {h1738:?} as written (no escapes, no ipv4 shorthand), the whatwg parser reads {:?}",
                        url.hostname()
                    ),
                    start,
                    end,
                });
            }
        }
        let port1738 = view.port();
        let port_whatwg = url.port().or_else(|| urlkit::scheme::default_port(url.scheme()));
        if view.host().is_some()
            && url.host().is_some()
            && port1738 != port_whatwg
            && !out.iter().any(|d| d.component == "port")
        {
            let (start, end) = at("port").unzip();
            out.push(Disagreement {
                component: "port",
                whatwg: port_whatwg.map(|p| p.to_string()),
                rfc3986: rfc3986.components.as_ref().and_then(|c| c.port.clone()),
                rfc1738: port1738.map(|p| p.to_string()),
                note: "rfc 1738 and the whatwg parser read different ports".to_owned(),
                start,
                end,
            });
        }
    }
    out
}
