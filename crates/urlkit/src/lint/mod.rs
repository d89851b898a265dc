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
//! | L022 | `encoded-path-separator` | warning next to a dot segment once decoded (`..%2f`), note alone | `%2F` or `%5C` in the path (RFC 3986 §7.3) |
//! | L023 | `encoded-dot-segment` | warning | a path segment that is `.` or `..` once decoded |
//! | L024 | `double-encoding` | warning in the path, note elsewhere | `%25` followed by two hex digits |
//! | L025 | `encoded-host` | warning | a percent-encoded octet in a special URL's host: RFC 3986 and WHATWG readers see different hosts |
//! | L026 | `raw-control` | error for CR, LF, NUL; warning for the others | a raw C0 control or DEL inside the URL, judged as its encoded form |
//! | L030 | `ipv4-form` | warning | hex, octal, one integer, fewer than four parts (RFC 3986 §7.4), with the address meant |
//! | L031 | `internal-address` | warning | loopback, private, CGNAT, link-local (metadata), unspecified, multicast, broadcast, reserved (every block of the IANA special-purpose registries); also carried in IPv6 |
//! | L032 | `embedded-ipv4` | note | IPv4-mapped, -compatible, -translated, NAT64, 6to4, Teredo |
//! | L033 | `localhost-name` | warning | `localhost`, `*.localhost` (RFC 6761 §6.3), the `/etc/hosts` aliases (`localhost4`, `localhost6.localdomain6`, `ip6-loopback`, …) |
//! | L040 | `userinfo-like-host` | error | `https://bank.example@evil.example/` (RFC 3986 §7.6) |
//! | L041 | `host-after-at` | warning | `http://a.example#@b.example`: `?` or `#` ends the host, an `@` follows before any `/` |
//! | L050 | `parser-differential` | warning | WHATWG and RFC 3986 read another scheme, host, port, path or userinfo |
//! | L051 | `not-rfc3986` | note | RFC 3986 (and RFC 3987) reject the input |
//! | L060 | `validation-error` | note | a WHATWG validation error, at its position |
//! | L061 | `not-a-url` | error | the WHATWG parser fails |
//! | L070 | `idn-mixed-script` | warning | a label above UTS 39's highly restrictive level |
//! | L071 | `idn-restricted` | warning | characters UTS 39's General Security Profile restricts |
//! | L072 | `idn-confusable` | error | same UTS 39 skeleton as an ASCII domain |
//! | L073 | `idn-deviation` | warning | ß, ς, ZWJ or ZWNJ: IDNA 2003 readers map them to another domain |
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
mod check;
mod checks;
mod control;
mod differential;
mod display;
mod encoding;
mod finding;
mod idn;
mod policy;
mod prefilter;
mod rfc1738;
mod spans;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

pub use address::{address_class, embedded_ipv4, is_localhost_name, AddressClass, Embedding};
pub use checks::MAX_URL_LENGTH;
pub use display::unicode_safe_host;
pub use finding::{Code, Component, Detail, Finding, Severity};
pub use policy::{Policy, Verdict};
pub use spans::Spans as InputSpans;

use crate::whatwg::Noted;
use crate::{Host, ParseError, Url, ValidationError};
use check::Context;
use prefilter::{buffer, DomainShape, Head, Scan};
use spans::LazySpans;

/// Where each component of `url` was written in `input`, the text it was parsed from, as
/// byte ranges (the delimiters excluded): the linter's own spans, located the way the WHATWG
/// parser reads the input (URL Standard §4.4: leading and trailing C0 controls and spaces
/// skipped, `\` as `/` in special schemes, any run of slashes before a special authority).
/// Tabs and newlines inside a component are not skipped (the spans then include them). For
/// an input read against a base, the spans are only meaningful when the input has its own
/// scheme.
///
/// ```
/// let input = " HTTP://user@Example.COM:8080/a b?q#f";
/// let url = urlkit::Url::parse(input)?;
/// let spans = urlkit::lint::input_spans(input, &url);
/// assert_eq!(&input[spans.scheme.clone()], "HTTP");
/// assert_eq!(&input[spans.host.clone().unwrap()], "Example.COM");
/// assert_eq!(&input[spans.port.clone().unwrap()], "8080");
/// assert_eq!(&input[spans.path.clone()], "/a b");
/// assert_eq!(spans.password, None);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub fn input_spans(input: &str, url: &Url) -> InputSpans {
    spans::Spans::locate(input, url.is_special(), url.scheme() == "file")
}

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
    lint_with::<true>(input)
}

/// [`lint`]; without `PREFILTERED`, every check runs on every URL (the tests compare both).
#[inline(always)]
fn lint_with<const PREFILTERED: bool>(input: &str) -> Vec<Finding> {
    lint_then::<PREFILTERED, _>(input, |_, _| {})
}

/// [`lint_with`], then `after` on the same parse (a [`Policy`]'s own rules: one parse for
/// both), its findings after the linter's, in the order it gives them.
#[inline(always)]
fn lint_then<const PREFILTERED: bool, F>(input: &str, after: F) -> Vec<Finding>
where
    F: FnOnce(&mut Context<'_>, &mut Vec<Finding>),
{
    let mut out = Vec::new();
    let mut extra = Vec::new();
    // The common case, a URL already written as the parser serializes it, costs one parse
    // of each kind and passes over the bytes that tell which checks can fire; the checks
    // whose needs those passes rule out are not run.
    let mut errors = Vec::new();
    let listen = |errors: &mut Vec<ValidationError>| listen(input, errors);
    // A byte that is not a URL unit makes a validation error likely, which only a parse
    // with a listener finds, and a non-ASCII one (or a `'` in the query) a second parse
    // with a listener certain: that is then the only parse.
    let (scan, head) = if PREFILTERED {
        Scan::of(input)
    } else {
        (Scan::UNKNOWN, Head::default())
    };
    let listened = scan.listen_first;
    let mut noted = Noted::Parsed;
    let parsed = if listened {
        listen(&mut errors)
    } else {
        crate::whatwg::parse_noting(input, buffer::take(), &mut noted)
    };
    // Read in place, not moved out: a move copies the URL in wide loads of what the parser
    // has just stored field by field, and those loads stall waiting for the stores.
    match &parsed {
        Ok(url) => {
            // The parser tells most canonical inputs (no comparison then). The URL's
            // serialization is read from a canonical input, which holds its bytes at the same
            // offsets (less, at most, a root path's final `/`): the parser has just written
            // its copy, and the first loads of it would wait for those stores.
            let canonical = noted == Noted::AsIs || is_canonical(input, url);
            let text = if canonical { input } else { url.as_str() };
            let host = host_of(url, text);
            let shape = match host {
                // The head masks are the input's: only its own bytes are read from them.
                Some(Host::Domain(d)) => {
                    DomainShape::of_url(url, d, text, if canonical { head } else { Head::default() })
                }
                _ => DomainShape::default(),
            };
            // Canonical, or copied by the fast path with its case folded: the validation
            // errors are those `may_hold_errors` looks for (the scan found every byte a URL
            // unit). A canonical input's are told from its components; another's only a
            // second parse, with a listener, reports.
            let known = canonical || noted == Noted::Copied;
            if !listened && canonical && may_hold_errors(url, host, &shape) {
                canonical_errors(url, host, &mut errors);
                #[cfg(debug_assertions)]
                {
                    let mut all = Vec::new();
                    let _ = listen(&mut all);
                    debug_assert_eq!(errors, all, "{input:?}");
                }
            } else if !listened && (!known || may_hold_errors(url, host, &shape)) {
                // The errors listened for, from a second parse (its URL is the same).
                let again = listen(&mut errors);
                debug_assert_eq!(again.as_ref().ok().map(Url::as_str), Some(url.as_str()));
            } else if !listened {
                // Debug builds check that there was nothing to listen for.
                #[cfg(debug_assertions)]
                {
                    let mut all = Vec::new();
                    let _ = listen(&mut all);
                    debug_assert!(all.is_empty(), "{input:?}: {all:?}");
                }
            }
            // What the scan saw holds for the input as the checks read it when the URL is
            // written canonically; otherwise the checks look for themselves.
            let scan = if canonical { scan } else { Scan::UNKNOWN };
            let scheme = text.get(..url.boundaries().scheme_end()).unwrap_or_default();
            debug_assert_eq!(scheme, url.scheme());
            // The spans of a canonical input come from the URL, which needs no scheme class.
            let spans = if canonical {
                LazySpans::new(input, false, false, Some(url))
            } else {
                LazySpans::new(input, url.is_special(), scheme == "file", None)
            };
            let mut cx = Context {
                input,
                url,
                host: &host,
                scheme,
                shape,
                scan,
                canonical,
                units: !listened,
                spans,
            };
            // Debug builds take the spans of every canonical input, which checks them
            // against a scan.
            #[cfg(debug_assertions)]
            if canonical {
                cx.spans.get();
            }
            check::run_all::<PREFILTERED>(&mut cx, &mut out);
            after(&mut cx, &mut extra);
        }
        Err(e) => {
            let e = if listened {
                *e
            } else {
                match listen(&mut errors) {
                    Err(e) => e,
                    Ok(_) => unreachable!("the parser fails with a listener as without"),
                }
            };
            not_a_url(input, e, &mut out);
        }
    }
    if let Ok(url) = parsed {
        buffer::give_back(url.into_string());
    }
    if !errors.is_empty() {
        validation_findings(input, errors, &mut out);
    }
    if out.len() > 1 {
        sort(&mut out);
    }
    if !extra.is_empty() {
        out.append(&mut extra);
    }
    out
}

// The paths most inputs do not take are kept out of line (`#[cold]`, `#[inline(never)]`):
// the common path's code stays small and together in the instruction cache, which the
// rarer paths (a listening parse, the strict parser, the differential, findings) would
// otherwise share lines with.

/// [`Url::host`], with the common domain told by one comparison (no call, no jump table)
/// and read from `text`, the URL's serialization or a copy of it.
#[inline(always)]
fn host_of<'a>(url: &'a Url, text: &'a str) -> Option<Host<&'a str>> {
    let host = match url.domain_range() {
        Some(range) => Some(Host::Domain(text.get(range).unwrap_or_default())),
        None => url.host(),
    };
    debug_assert_eq!(host, url.host());
    host
}

/// A parse of `input` with a validation-error listener, the errors pushed to `errors`.
#[cold]
#[inline(never)]
fn listen(input: &str, errors: &mut Vec<ValidationError>) -> Result<Url, ParseError> {
    let mut cb = |e: ValidationError| errors.push(e);
    Url::options().on_validation_error(&mut cb).parse(input)
}

/// The validation errors of a canonical input whose scan found every byte a URL unit, in
/// the order the parser reports them: credentials ([authority
/// state](https://url.spec.whatwg.org/#authority-state) step 2.1, at the authority's start),
/// then a domain strict UTS 46 refuses ([domain to
/// ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii) step 2, at the host's start).
/// Nothing else is an error in such an input: its scheme, port, path, query and fragment
/// are written as the serializer writes them, of URL units. Out of line, as [`listen`]
/// (debug builds compare the two).
#[cold]
#[inline(never)]
fn canonical_errors(url: &Url, host: Option<Host<&str>>, errors: &mut Vec<ValidationError>) {
    let b = url.boundaries();
    if url.has_credentials() {
        // After the scheme's `:` and the `//` of a URL with credentials.
        errors.push(ValidationError::new(
            crate::ErrorKind::InvalidCredentials,
            b.scheme_end() + 3,
        ));
    }
    if let Some(Host::Domain(d)) = host {
        let mut cb = |e: ValidationError| errors.push(e);
        let mut reporter = crate::error::Reporter::new(Some(&mut cb));
        crate::host::report_strict(d, b.host_start(), &mut reporter);
    }
}

/// A finding for each validation error.
#[cold]
#[inline(never)]
fn validation_findings(input: &str, errors: Vec<ValidationError>, out: &mut Vec<Finding>) {
    for e in errors {
        let at = e.position().min(input.len());
        let end = input[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        let message = validation_message(e.kind());
        out.push(Finding::new(Code::ValidationError, at..end, message).with_detail(Detail::Validation(e)));
    }
}

/// Findings in input order (by span start, then code), stably. An input has a few
/// findings: an insertion sort's few instructions rather than the library sort's several
/// kilobytes of code, which would take instruction-cache lines from the common path on
/// every input with two findings or more; many findings go to the library sort.
#[cold]
#[inline(never)]
fn sort(out: &mut [Finding]) {
    let key = |f: &Finding| (f.span().start, f.code());
    if out.len() > 16 {
        out.sort_by_key(key);
        return;
    }
    for i in 1..out.len() {
        let mut j = i;
        while j > 0 && key(&out[j - 1]) > key(&out[j]) {
            out.swap(j - 1, j);
            j -= 1;
        }
    }
    debug_assert!(out.is_sorted_by_key(key));
}

/// `description (spec-name)`, put together without the formatting machinery (a listening
/// parse of a damaged input reports several errors).
fn validation_message(kind: crate::ErrorKind) -> String {
    let (description, name) = (kind.description(), kind.spec_name());
    let mut message = String::with_capacity(description.len() + name.len() + 3);
    message.push_str(description);
    message.push_str(" (");
    message.push_str(name);
    message.push(')');
    message
}

#[cold]
#[inline(never)]
fn not_a_url(input: &str, e: ParseError, out: &mut Vec<Finding>) {
    let mut spans = LazySpans::new(input, false, false, None);
    let at = e.position().min(input.len());
    // `the whatwg parser fails: {e}`, without the formatting machinery.
    let description = e.kind().description();
    let mut message = String::with_capacity(48 + description.len());
    message.push_str("the whatwg parser fails: ");
    message.push_str(description);
    message.push_str(" at byte ");
    crate::decimal::push_str(e.position() as u64, &mut message);
    debug_assert_eq!(message, format!("the whatwg parser fails: {e}"));
    out.push(Finding::new(Code::NotAUrl, at..at, message));
    encoding::check(input, &mut spans, false, out);
    control::check(input, &mut spans, out);
}

/// Whether `input` is what the parser serializes `url` as, or that without the final `/`
/// of a root path (`http://h`, `https://h:8443`: the path start state meets the end of the
/// input, which is no validation error and no difference between the parsers).
fn is_canonical(input: &str, url: &Url) -> bool {
    let s = url.as_str();
    s == input
        || (s.len() == input.len() + 1
            && s.ends_with('/')
            && s.starts_with(input)
            && url.pathname() == "/"
            && url.query().is_none()
            && url.fragment().is_none())
}

/// Whether a canonical URL whose code points are all URL units may have a validation error,
/// which only a second parse with a listener tells (listening turns off the parser's fast
/// path): one of the few such a URL can have — credentials, a domain that UTS 46's strict
/// rules may refuse.
fn may_hold_errors(url: &Url, host: Option<Host<&str>>, shape: &DomainShape) -> bool {
    url.has_credentials() || matches!(host, Some(Host::Domain(_))) && !shape.strict
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn the_url_buffer_is_kept_for_the_next_call_unless_it_is_long() {
        let _ = buffer::take();
        assert!(lint("https://example.com/a/b?q=1").is_empty());
        let kept = buffer::take();
        assert!(kept.capacity() >= "https://example.com/a/b?q=1".len(), "{kept:?}");
        // What a kept buffer held does not leak into the next URL.
        buffer::give_back(String::from("https://bank.example@evil.example:25/%0d%0a"));
        assert!(lint("https://example.com/").is_empty());
        let long = alloc::format!("https://example.com/{}", "a".repeat(5000));
        let _ = buffer::take();
        lint(&long);
        assert_eq!(buffer::take().capacity(), 0);
    }
}
