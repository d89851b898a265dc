//! Parser differentials: where the WHATWG parser and the RFC 3986 parser read the same input
//! differently (RFC 3986 §7.3 and the SSRF filter/client split). Components are compared by
//! meaning, not by spelling: case, percent-encoding of the same octets, IDNA's ASCII and
//! Unicode forms, dot segments an RFC 3986 client removes too, and default ports are not
//! differences.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;

use super::check::{Check, Context, Needs};
use super::finding::{Code, Component, Detail, Finding};
use super::spans::{Generic, LazySpans, Via};
use crate::percent::percent_decode_str;
use crate::rfc3986::remove_dot_segments;
use crate::rfc3986::UriRef;
use crate::scheme::default_port;
use crate::{Host, Url};

/// What the RFC 3986 parser reads differently, or refuses (L050, L051).
pub(crate) struct Differential;

impl Check for Differential {
    const CODES: &'static [Code] = &[Code::ParserDifferential, Code::NotRfc3986];
    /// A canonical input of RFC 3986 characters is a URI the strict parser reads as the
    /// WHATWG parser does (see [`Scan::rfc3986`](super::prefilter::Scan::rfc3986)).
    const NEEDS: Needs = Needs {
        not_uri: true,
        ..Needs::NOTHING
    };
    #[inline(always)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        rfc3986_side(cx.input, cx.url, &mut cx.spans, cx.canonical, out);
    }
}

/// The strict parse, and for an input that is not canonical or not a URI the RFC 3986
/// reading and the differential (out of line: most inputs are canonical URIs of plain
/// characters, decided without it).
#[cold]
#[inline(never)]
fn rfc3986_side(input: &str, url: &Url, spans: &mut LazySpans<'_>, canonical: bool, out: &mut Vec<Finding>) {
    let uri = UriRef::parse(input);
    // An RFC 3986 parse of a WHATWG serialization finds the same components, byte for
    // byte (a missing root path aside, which both read as `/`); debug builds check it.
    if canonical && uri.is_ok() {
        #[cfg(debug_assertions)]
        {
            let mut none = Vec::new();
            check(url, &Generic::read(input, uri), spans, &mut none);
            debug_assert!(none.is_empty(), "canonical {input:?} has differentials: {none:?}");
        }
        return;
    }
    let generic = Generic::read(input, uri);
    if let Via::Split(e) = generic.via {
        let at = e.position().min(input.len());
        let message = not_rfc3986_message(&e);
        out.push(Finding::new(Code::NotRfc3986, at..at, message));
    }
    check(url, &generic, spans, out);
}

/// `not an rfc 3986 uri nor an rfc 3987 iri: ` and the strict parser's error as it displays
/// itself, put together without the formatting machinery but for the character found.
fn not_rfc3986_message(e: &crate::rfc3986::ParseError) -> String {
    let mut message = String::with_capacity(80 + e.expected().name().len());
    message.push_str("not an rfc 3986 uri nor an rfc 3987 iri: ");
    push_rfc3986_error(&mut message, e);
    debug_assert_eq!(message, format!("not an rfc 3986 uri nor an rfc 3987 iri: {e}"));
    message
}

/// Appends the strict parser's error `e` as it displays itself (`expected {rule} at byte
/// {n}, found {c:?}`), without the formatting machinery but for an unusual character.
fn push_rfc3986_error(message: &mut String, e: &crate::rfc3986::ParseError) {
    message.push_str("expected ");
    message.push_str(e.expected().name());
    message.push_str(" at byte ");
    crate::decimal::push_str(e.position() as u64, message);
    message.push_str(", found ");
    match e.found() {
        Some(c) => push_debug_char(message, c),
        None => message.push_str("end of input"),
    }
}

/// Appends `c` as `{c:?}` writes it: printable ASCII but `'` and `\` directly, anything
/// else through the formatting machinery.
fn push_debug_char(message: &mut String, c: char) {
    if matches!(c, ' '..='~') && c != '\'' && c != '\\' {
        message.push('\'');
        message.push(c);
        message.push('\'');
    } else {
        use core::fmt::Write;
        // A `String` takes any write.
        let _ = write!(message, "{c:?}");
    }
}

/// Appends `s` as `{s:?}` writes it: printable ASCII without `"` and `\` directly (what
/// URL components mostly are), anything else through the formatting machinery.
pub(crate) fn push_debug_str(message: &mut String, s: &str) {
    if s.bytes()
        .all(|c| matches!(c, b' '..=b'~') && c != b'"' && c != b'\\')
    {
        message.push('"');
        message.push_str(s);
        message.push('"');
    } else {
        use core::fmt::Write;
        // A `String` takes any write.
        let _ = write!(message, "{s:?}");
    }
}

/// Adds a finding for each component the two parsers read differently.
pub(crate) fn check(url: &Url, g: &Generic<'_>, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    let scheme = url.scheme();
    if !g.scheme.is_some_and(|s| s.eq_ignore_ascii_case(scheme)) {
        let span = spans.get().scheme.clone();
        push(
            out,
            Component::Scheme,
            span,
            Some(scheme.to_string()),
            g.scheme,
            g,
        );
        // Without the same scheme the rest is not comparable.
        return;
    }
    let host_span = |spans: &mut LazySpans<'_>| {
        let s = spans.get();
        s.host.clone().unwrap_or(s.path.start..s.path.start)
    };
    if !same_host(url, g.host) {
        let whatwg = url.host().map(|h| h.to_string());
        push(out, Component::Host, host_span(spans), whatwg, g.host, g);
    }
    if !same_port(url, g.port) {
        let end = host_span(spans).end;
        let span = spans.get().port.clone().unwrap_or(end..end);
        let whatwg_port = url.port().or_else(|| default_port(scheme));
        push(
            out,
            Component::Port,
            span,
            whatwg_port.map(|p| p.to_string()),
            g.port,
            g,
        );
    }
    if !same_path(url, g.path) {
        let span = spans.get().path.clone();
        push(
            out,
            Component::Path,
            span,
            Some(url.pathname().to_string()),
            Some(g.path),
            g,
        );
    }
    if !same_userinfo(url, g.userinfo) {
        let start = host_span(spans).start;
        let spans = spans.get();
        let span = match (&spans.username, &spans.password) {
            (Some(u), Some(p)) => u.start..p.end,
            (Some(u), None) => u.clone(),
            _ => start..start,
        };
        let whatwg = url
            .has_credentials()
            .then(|| format!("{}:{}", url.username(), url.password_str()));
        push(out, Component::Userinfo, span, whatwg, g.userinfo, g);
    }
}

fn push(
    out: &mut Vec<Finding>,
    component: Component,
    span: Range<usize>,
    whatwg: Option<String>,
    rfc3986: Option<&str>,
    g: &Generic<'_>,
) {
    let rfc3986 = rfc3986.map(ToString::to_string);
    // `parsers disagree on the {component}: whatwg reads {whatwg:?}, rfc 3986 reads
    // {rfc3986:?}{how}`, without the formatting machinery for the common components.
    let show = |message: &mut String, s: &Option<String>| match s {
        Some(s) => push_debug_str(message, s),
        None => message.push_str("none"),
    };
    let mut message = String::with_capacity(160);
    message.push_str("parsers disagree on the ");
    message.push_str(component.as_str());
    message.push_str(": whatwg reads ");
    show(&mut message, &whatwg);
    message.push_str(", rfc 3986 reads ");
    show(&mut message, &rfc3986);
    match g.via {
        Via::Uri => {}
        Via::Iri => message.push_str(" (as an iri)"),
        Via::Split(e) => {
            message.push_str(" (by appendix b's split; the strict parser fails: ");
            push_rfc3986_error(&mut message, &e);
            message.push(')');
        }
    }
    #[cfg(debug_assertions)]
    {
        let show = |s: &Option<String>| s.as_ref().map_or("none".to_string(), |s| format!("{s:?}"));
        let how = match g.via {
            Via::Uri => String::new(),
            Via::Iri => " (as an iri)".to_string(),
            Via::Split(e) => format!(" (by appendix b's split; the strict parser fails: {e})"),
        };
        let formatted = format!(
            "parsers disagree on the {}: whatwg reads {}, rfc 3986 reads {}{how}",
            component.as_str(),
            show(&whatwg),
            show(&rfc3986)
        );
        debug_assert_eq!(message, formatted);
    }
    let detail = Detail::Differential {
        component,
        whatwg,
        rfc3986,
    };
    out.push(Finding::new(Code::ParserDifferential, span, message).with_detail(detail));
}

/// Percent-decodes `s` (lossy UTF-8), borrowing when there is nothing to decode.
fn decoded(s: &str) -> Cow<'_, str> {
    if s.contains('%') {
        Cow::Owned(percent_decode_str(s).decode_utf8_lossy().into_owned())
    } else {
        Cow::Borrowed(s)
    }
}

fn same_host(url: &Url, generic: Option<&str>) -> bool {
    let Some(host) = url.host() else {
        return generic.is_none();
    };
    let Some(g) = generic else {
        return matches!(host, Host::Empty);
    };
    match host {
        // RFC 8089 §2: `localhost` is the local file system, which WHATWG writes as empty.
        Host::Empty => g.is_empty() || (url.scheme() == "file" && g.eq_ignore_ascii_case("localhost")),
        Host::Ipv4(a) => g.parse::<Ipv4Addr>().is_ok_and(|b| a == b),
        Host::Ipv6(a) => g
            .strip_prefix('[')
            .and_then(|s| s.strip_suffix(']'))
            .and_then(|s| s.parse::<Ipv6Addr>().ok())
            .is_some_and(|b| a == b),
        Host::Domain(d) | Host::Opaque(d) => {
            if d.eq_ignore_ascii_case(g) {
                return true;
            }
            let g = decoded(g);
            if g.is_ascii() {
                return decoded(d).eq_ignore_ascii_case(&g);
            }
            let unicode = crate::host::domain_to_unicode(&decoded(d)).0;
            g.chars()
                .flat_map(char::to_lowercase)
                .eq(unicode.chars().flat_map(char::to_lowercase))
        }
    }
}

/// Whether both read the same port, a missing or empty one being the scheme's default.
fn same_port(url: &Url, generic: Option<&str>) -> bool {
    let generic = match generic {
        None | Some("") => None,
        Some(p) => match p.parse::<u16>() {
            Ok(p) => Some(p),
            Err(_) => return false,
        },
    };
    if url.host().is_none() || url.port() == generic {
        return true;
    }
    let default = default_port(url.scheme());
    url.port().or(default) == generic.or(default)
}

fn same_path(url: &Url, generic: &str) -> bool {
    let path = url.pathname();
    if path == generic || (generic.is_empty() && path == "/" && url.is_special()) {
        return true;
    }
    // An RFC 3986 client removes dot segments too (§5.2.4), but only literal ones.
    let dotless: Cow<'_, str> = if url.has_opaque_path() || !generic.contains('.') {
        Cow::Borrowed(generic)
    } else {
        Cow::Owned(remove_dot_segments(generic))
    };
    if path == dotless || (dotless.is_empty() && path == "/" && url.is_special()) {
        return true;
    }
    // The same octets, percent-encoded differently (WHATWG encodes what RFC 3986 rejects).
    decoded(path) == decoded(&dotless)
}

fn same_userinfo(url: &Url, generic: Option<&str>) -> bool {
    let Some(g) = generic else {
        return !url.has_credentials();
    };
    let (user, pass) = g.split_once(':').map_or((g, None), |(u, p)| (u, Some(p)));
    decoded(user) == decoded(url.username()) && decoded(pass.unwrap_or("")) == decoded(url.password_str())
}
