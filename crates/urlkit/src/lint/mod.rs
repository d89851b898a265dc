//! A URL linter: the security considerations of RFC 1738 §6 and RFC 3986 §7 as checks, with
//! what only a toolkit holding both URL standards and the Unicode security data can see
//! (parser differentials, homograph domains), and a safe-fetch [`Policy`].
//!
//! [`lint`] parses the input with the WHATWG parser and the RFC 3986 parser and returns
//! [`Finding`]s: a stable [`Code`], a [`Severity`], the byte span in the input, a message and
//! a help text, and typed [`Detail`] where there is more (both parsers' answers, the address a
//! host really means, both forms of a domain).
//!
//! | code | name | severity | what |
//! |---|---|---|---|
//! | L001 | `password` | error | a password in the userinfo (RFC 1738 §6, RFC 3986 §7.5) |
//! | L002 | `username` | warning | a user name in the userinfo |
//! | L010 | `non-default-port` | note | a port other than the scheme's default |
//! | L011 | `other-protocol-port` | warning | the well-known port of another protocol (SMTP, FTP, IRC, …; the Fetch Standard's bad ports, databases) |
//! | L020 | `encoded-line-break` | error | `%0D`, `%0A` or `%00` anywhere |
//! | L021 | `encoded-control` | warning | another percent-encoded C0 control or DEL |
//! | L022 | `encoded-path-separator` | warning | `%2F` or `%5C` in the path (RFC 3986 §7.3) |
//! | L023 | `encoded-dot-segment` | warning | a path segment that is `.` or `..` once decoded |
//! | L024 | `double-encoding` | warning in the path, note elsewhere | `%25` followed by two hex digits |
//! | L030 | `ipv4-form` | warning | hex, octal, one integer, fewer than four parts (RFC 3986 §7.4), with the address meant |
//! | L031 | `internal-address` | warning | loopback, private, CGNAT, link-local (metadata), unspecified, multicast, broadcast, reserved; also carried in IPv6 |
//! | L032 | `embedded-ipv4` | note | IPv4-mapped, -compatible, -translated, NAT64, 6to4, Teredo |
//! | L033 | `localhost-name` | warning | `localhost`, `*.localhost` (RFC 6761 §6.3) |
//! | L040 | `userinfo-like-host` | error | `https://bank.example@evil.example/` (RFC 3986 §7.6) |
//! | L050 | `parser-differential` | warning | WHATWG and RFC 3986 read another scheme, host, port, path or userinfo |
//! | L051 | `not-rfc3986` | note | RFC 3986 (and RFC 3987) reject the input |
//! | L060 | `validation-error` | note | a WHATWG validation error, at its position |
//! | L061 | `not-a-url` | error | the WHATWG parser fails |
//! | L070 | `idn-mixed-script` | warning | a label above UTS 39's highly restrictive level |
//! | L071 | `idn-restricted` | warning | characters UTS 39's General Security Profile restricts |
//! | L072 | `idn-confusable` | error | same UTS 39 skeleton as an ASCII domain |
//! | L080 | `script-scheme` | error | `javascript:`, `vbscript:` |
//! | L081 | `data-scheme` | warning | `data:` |
//! | L082 | `file-scheme` | warning | `file:` |
//! | L090 | `excessive-length` | warning | over [`MAX_URL_LENGTH`] bytes; a host DNS cannot carry |
//! | L100 | `rfc1738-smuggling` | error | a decoded FTP command, gopher selector, mailto header, … with CR or LF |
//! | L200–L203 | policy | error | scheme, port or host refused by a [`Policy`] |
//!
//! Codes are never renumbered; a new check gets a new code.
//!
//! ```
//! use urlkit::lint::{lint, Code, Severity};
//! let findings = lint("http://google.com@0x7f.1:25/");
//! let codes: Vec<&str> = findings.iter().map(|f| f.code().as_str()).collect();
//! assert!(codes.contains(&"L040") && codes.contains(&"L030") && codes.contains(&"L031") && codes.contains(&"L011"));
//! // A plain URL has nothing to say.
//! assert!(lint("https://example.com/a/b?q=1").is_empty());
//! ```

mod address;
mod checks;
mod differential;
mod encoding;
mod finding;
mod idn;
mod policy;
mod rfc1738;
mod spans;

use alloc::format;
use alloc::vec::Vec;

pub use address::{address_class, embedded_ipv4, is_localhost_name, AddressClass, Embedding};
pub use checks::MAX_URL_LENGTH;
pub use finding::{Code, Component, Detail, Finding, Severity};
pub use policy::{Policy, Verdict};

use crate::{Host, ParseError, Url, ValidationError};
use spans::{Generic, LazySpans, Via};

/// Lints `input`, an absolute URL: every check of the [module](self), findings in input
/// order (by span start, then code).
///
/// ```
/// use urlkit::lint::{lint, Code};
/// let input = "ftp://h/a%0d%0aDELE%20x";
/// let findings = lint(input);
/// assert!(findings.iter().any(|f| f.code() == Code::EncodedLineBreak && &input[f.span()] == "%0d%0a"));
/// assert!(findings.iter().any(|f| f.code() == Code::Rfc1738Smuggling));
/// ```
pub fn lint(input: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    // Whether `input` may have a `%` worth a look (an encoded control, separator, dot or
    // `%`): cleared by a scan that saw none.
    let mut percent = true;
    let mut canonical = false;
    let (parsed, errors) = whatwg(input, &mut percent, &mut canonical);
    match parsed {
        Ok(url) => lint_url(input, &url, percent, canonical, &mut out),
        Err(e) => {
            let mut spans = LazySpans::new(input, false, false);
            let at = e.position().min(input.len());
            let message = format!("the whatwg parser fails: {e}");
            out.push(Finding::new(Code::NotAUrl, at..at, message));
            encoding::check(input, &mut spans, false, &mut out);
        }
    }
    for e in errors {
        let at = e.position().min(input.len());
        let end = input[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        let message = format!("{} ({})", e.kind().description(), e.kind().spec_name());
        out.push(Finding::new(Code::ValidationError, at..end, message).with_detail(Detail::Validation(e)));
    }
    out.sort_by_key(|f| (f.span().start, f.code()));
    out
}

fn lint_url(input: &str, url: &Url, percent: bool, canonical: bool, out: &mut Vec<Finding>) {
    let special = url.is_special();
    let spans = &mut LazySpans::new(input, special, url.scheme() == "file");
    checks::scheme(url, spans, out);
    checks::credentials(url, spans, out);
    checks::userinfo_like_host(url, spans, out);
    checks::port(url, spans, out);
    let host = url.host();
    checks::host(input, url, host, spans, out);
    checks::length(input, host, spans, out);
    if let Some(Host::Domain(d)) = host {
        idn::check(d, || spans.get().host.clone().unwrap_or_default(), out);
    }
    let seen = if percent {
        encoding::check(input, spans, special, out)
    } else {
        encoding::Seen::default()
    };
    if seen.line_break && VIEW_SCHEMES.contains(&url.scheme()) {
        rfc1738::check(input, out);
    }
    let generic = Generic::read(input);
    if let Via::Split(e) = generic.via {
        let at = e.position().min(input.len());
        let message = format!("not an rfc 3986 uri nor an rfc 3987 iri: {e}");
        out.push(Finding::new(Code::NotRfc3986, at..at, message));
    }
    // An RFC 3986 parse of a WHATWG serialization finds the same components, byte for
    // byte; debug builds check it.
    let canonical = canonical && matches!(generic.via, Via::Uri);
    if !canonical {
        differential::check(url, &generic, spans, out);
    }
    #[cfg(debug_assertions)]
    if canonical {
        let mut none = Vec::new();
        differential::check(url, &generic, spans, &mut none);
        debug_assert!(none.is_empty(), "canonical {input:?} has differentials: {none:?}");
    }
}

/// The schemes whose RFC 1738 views put decoded parts into protocol lines.
const VIEW_SCHEMES: [&str; 9] = [
    "ftp", "gopher", "mailto", "news", "snews", "nntp", "telnet", "wais", "prospero",
];

/// Parses `input` with the WHATWG parser and collects its validation errors. Listening for
/// errors turns off the parser's fast path, so an input that comes back unchanged (already
/// canonical) is parsed again with a listener only when it may hold one of the few errors a
/// canonical URL can have: credentials, a code point that is not a URL unit, a domain that
/// fails UTS 46's strict rules.
/// `percent` is set to `false` when the scan for URL units saw no `%` that
/// [`encoding::check`] would look at; `canonical` to whether the URL serializes as `input`.
fn whatwg(
    input: &str,
    percent: &mut bool,
    canonical: &mut bool,
) -> (Result<Url, ParseError>, Vec<ValidationError>) {
    if let Ok(url) = Url::parse(input) {
        *canonical = url.as_str() == input;
        if *canonical && !may_hold_errors(input, &url, percent) {
            return (Ok(url), Vec::new());
        }
    }
    let mut errors = Vec::new();
    let mut cb = |e: ValidationError| errors.push(e);
    let parsed = Url::options().on_validation_error(&mut cb).parse(input);
    (parsed, errors)
}

fn may_hold_errors(input: &str, url: &Url, percent: &mut bool) -> bool {
    if url.has_credentials() {
        return true;
    }
    if has_invalid_url_unit(input, percent) {
        return true;
    }
    match url.host() {
        Some(Host::Domain(d)) => !crate::host::surely_strict_ascii(d),
        _ => false,
    }
}

/// ASCII URL code points, alphanumerics and ``!$&'()*+,-./:;=?@_~``, and `%`, whose
/// escapes [`has_invalid_url_unit`] checks apart: as a table and as a vector class.
const UNIT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = (c as u8).is_ascii_alphanumeric() as u8;
        c += 1;
    }
    let extra = b"!$&'()*+,-./:;=?@_~%";
    let mut i = 0;
    while i < extra.len() {
        t[extra[i] as usize] = 1;
        i += 1;
    }
    t
};
static UNIT_CLASS: crate::simd::AsciiClass = crate::simd::AsciiClass::of_bits(&UNIT, 1);

/// Whether `input` has a code point that is not a [URL unit](https://url.spec.whatwg.org/#url-units)
/// (nor a `%` with two hex digits): a vector or table scan for ASCII, the full check from
/// the first other byte on, then a pass over the `%`s, which also tells (`percent`) whether
/// one encodes an octet [`encoding::check`] looks at.
fn has_invalid_url_unit(input: &str, percent: &mut bool) -> bool {
    let b = input.as_bytes();
    let mut i = 0;
    let mut fragment = false;
    loop {
        i = crate::simd::try_scan(b, i, &UNIT_CLASS).unwrap_or(i);
        let Some(&c) = b.get(i) else { break };
        if UNIT[usize::from(c)] != 0 {
            i += 1;
        } else if c == b'#' && !fragment {
            // The first `#` starts the fragment; a second one is not a URL unit.
            fragment = true;
            i += 1;
        } else {
            // `i` follows ASCII, so it is a character boundary.
            return crate::whatwg::chars::first_invalid_url_unit(&input[i..]).is_some();
        }
    }
    // `contains` is memchr: most inputs have no `%` at all.
    let first = match b.contains(&b'%') {
        true => b.iter().position(|&c| c == b'%').unwrap_or(0),
        false => {
            *percent = false;
            return false;
        }
    };
    // Encoded separators and dots only matter in the path.
    let path_end = b.iter().position(|&c| c == b'?' || c == b'#').unwrap_or(b.len());
    let hex = |i: usize| b.get(i).is_some_and(u8::is_ascii_hexdigit);
    let mut interesting = false;
    for (i, _) in b[first..].iter().enumerate().filter(|&(_, &c)| c == b'%') {
        let i = first + i;
        if !(hex(i + 1) && hex(i + 2)) {
            return true;
        }
        interesting |= encoding::interesting(b, i, i < path_end);
    }
    *percent = interesting;
    false
}
