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
use alloc::string::String;
use alloc::vec::Vec;

pub use address::{address_class, embedded_ipv4, is_localhost_name, AddressClass, Embedding};
pub use checks::MAX_URL_LENGTH;
pub use finding::{Code, Component, Detail, Finding, Severity};
pub use policy::{Policy, Verdict};

use crate::rfc3986::UriRef;
use crate::whatwg::Noted;
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
    // The common case, a URL already written as the parser serializes it, costs one parse
    // of each kind and passes over the bytes that tell which checks can fire; every check
    // still runs, most of them deciding from those passes that they have nothing to say.
    let mut errors = Vec::new();
    let listen = |errors: &mut Vec<ValidationError>| listen(input, errors);
    // A byte that is not a URL unit makes a validation error likely, which only a parse
    // with a listener finds, and a non-ASCII one (or a `'` in the query) a second parse
    // with a listener certain: that is then the only parse.
    let scan = Scan::of(input);
    let listened = scan.listen_first;
    let mut noted = Noted::Parsed;
    let parsed = if listened {
        listen(&mut errors)
    } else {
        crate::whatwg::parse_noting(input, buffer::take(), &mut noted)
    };
    // Read in place, not moved out: a move copies the URL in wide loads of what the parser
    // stored field by field, which stalls on store forwarding (BENCHMARKS.md, "Lint cost,
    // seventh pass").
    match &parsed {
        Ok(url) => {
            // The parser tells most canonical inputs (no comparison then). The URL's
            // serialization is read from a canonical input, which holds its bytes at the same
            // offsets (less, at most, a root path's final `/`): the parser has just written
            // its copy, and the first loads of it wait for those stores (BENCHMARKS.md, "Lint
            // cost, seventh pass").
            let canonical = noted == Noted::AsIs || is_canonical(input, url);
            let text = if canonical { input } else { url.as_str() };
            let host = host_of(url, text);
            let shape = match host {
                Some(Host::Domain(d)) => DomainShape::of_url(url, d, text),
                _ => DomainShape::default(),
            };
            // Canonical, or copied by the fast path with its case folded: the validation
            // errors are those `may_hold_errors` looks for (the scan found every byte a URL
            // unit), which only a second parse, with a listener, reports.
            let known = canonical || noted == Noted::Copied;
            if !listened && (!known || may_hold_errors(url, host, &shape)) {
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
            lint_url(input, text, url, host, &shape, &scan, canonical, &mut out);
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
    out
}

/// The URL's buffer, kept for the next call on the same thread: lint returns findings, not
/// the URL, so its serialization need not be allocated and freed for every input (about
/// 7 % of the instructions of linting a canonical URL, 1,391 → 1,296: BENCHMARKS.md, "Lint
/// cost, sixth pass"). Without `std` (no thread-local storage) every call allocates.
mod buffer {
    use alloc::string::String;

    /// Buffers above this capacity are freed rather than kept (one long input must not pin
    /// its memory for the thread's life).
    #[cfg(feature = "std")]
    const KEEP: usize = 4096;

    #[cfg(feature = "std")]
    std::thread_local! {
        static BUFFER: core::cell::Cell<String> = const { core::cell::Cell::new(String::new()) };
    }

    /// The kept buffer (empty), or a new one.
    #[inline]
    pub(super) fn take() -> String {
        #[cfg(feature = "std")]
        return BUFFER.try_with(core::cell::Cell::take).unwrap_or_default();
        #[cfg(not(feature = "std"))]
        String::new()
    }

    /// Keeps `s`'s allocation for the next [`take`] on this thread.
    #[inline]
    pub(super) fn give_back(s: String) {
        #[cfg(feature = "std")]
        if s.capacity() <= KEEP {
            // During the thread's teardown the buffer is simply dropped.
            let _ = BUFFER.try_with(|b| b.set(s));
        }
        #[cfg(not(feature = "std"))]
        drop(s);
    }
}

// The paths most inputs do not take are kept out of line (`#[cold]`, `#[inline(never)]`):
// the common path's code stays small and together in the instruction cache, which the
// rarer paths (a listening parse, the strict parser, the differential, findings) would
// otherwise share lines with.

/// [`Url::host`], with the common domain told by one comparison (no call, no jump table)
/// and read from `text`, the URL's serialization or a copy of it.
#[inline(always)]
fn host_of<'a>(url: &'a Url, text: &'a str) -> Option<Host<&'a str>> {
    let host = match url.host {
        crate::host::HostInternal::Domain => Some(Host::Domain(
            text.get(url.offsets.host_start()..url.offsets.host_end())
                .unwrap_or_default(),
        )),
        _ => url.host(),
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
}

// Everything the caller worked out once, passed down rather than worked out again.
#[allow(clippy::too_many_arguments)]
fn lint_url(
    input: &str,
    text: &str,
    url: &Url,
    host: Option<Host<&str>>,
    shape: &DomainShape,
    scan: &Scan,
    canonical: bool,
    out: &mut Vec<Finding>,
) {
    let scheme = text.get(..url.offsets.scheme_end()).unwrap_or_default();
    debug_assert_eq!(scheme, url.scheme());
    // The spans of a canonical input come from the URL, which needs no scheme class.
    let spans = &mut if canonical {
        LazySpans::new(input, false, false, Some(url))
    } else {
        LazySpans::new(input, url.is_special(), scheme == "file", None)
    };
    // Debug builds take the spans of every canonical input, which checks them against a scan.
    #[cfg(debug_assertions)]
    if canonical {
        spans.get();
    }
    checks::scheme(scheme, spans, out);
    // Credentials and userinfo like a host need a user name or a password.
    if url.has_credentials() {
        checks::credentials(url, spans, out);
        checks::userinfo_like_host(url, spans, out);
    }
    checks::port(url, spans, out);
    checks::host(input, url, host, spans, out);
    checks::length(input, host, shape.long_label, spans, out);
    if let Some(Host::Domain(d)) = host {
        // Only an `xn--` label can hold a non-ASCII character, hence a script, a
        // restricted character or a confusable (WHATWG domains are ASCII).
        if shape.ace {
            idn::check(d, || spans.get().host.clone().unwrap_or_default(), out);
        }
    }
    let seen = if scan.percent {
        encoding::check(input, spans, url.is_special(), out)
    } else {
        encoding::Seen::default()
    };
    if seen.line_break && VIEW_SCHEMES.contains(&scheme) {
        rfc1738::check(input, out);
    }
    // A canonical input of RFC 3986 characters only is a URI (see [`Scan::rfc3986`]): the
    // strict parse is not needed to know it succeeds.
    if canonical && scan.rfc3986 {
        #[cfg(debug_assertions)]
        {
            let uri = UriRef::parse(input);
            debug_assert!(uri.is_ok(), "canonical {input:?} of uri characters: {uri:?}");
            let mut none = Vec::new();
            differential::check(url, &Generic::read(input, uri), spans, &mut none);
            debug_assert!(none.is_empty(), "canonical {input:?} has differentials: {none:?}");
        }
        return;
    }
    rfc3986_side(input, url, spans, canonical, out);
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
            differential::check(url, &Generic::read(input, uri), spans, &mut none);
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
    differential::check(url, &generic, spans, out);
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
pub(crate) fn push_rfc3986_error(message: &mut String, e: &crate::rfc3986::ParseError) {
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
pub(crate) fn push_debug_char(message: &mut String, c: char) {
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

/// The schemes whose RFC 1738 views put decoded parts into protocol lines.
const VIEW_SCHEMES: [&str; 9] = [
    "ftp", "gopher", "mailto", "news", "snews", "nntp", "telnet", "wais", "prospero",
];

/// Whether a canonical URL whose code points are all URL units may have a validation error,
/// which only a second parse with a listener tells (listening turns off the parser's fast
/// path): one of the few such a URL can have — credentials, a domain that UTS 46's strict
/// rules may refuse.
fn may_hold_errors(url: &Url, host: Option<Host<&str>>, shape: &DomainShape) -> bool {
    url.has_credentials() || matches!(host, Some(Host::Domain(_))) && !shape.strict
}

/// The bytes a [`Scan`] passes over: ASCII URL code points (alphanumerics and
/// ``!$&()*+,-./:;=@_~``), all but `%`, `?`, `#` and `'`, where it stops to look (a
/// special URL's query encodes `'`).
const PLAIN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = (c as u8).is_ascii_alphanumeric() as u8;
        c += 1;
    }
    let extra = b"!$&()*+,-./:;=@_~";
    let mut i = 0;
    while i < extra.len() {
        t[extra[i] as usize] = 1;
        i += 1;
    }
    t
};
static PLAIN_CLASS: crate::simd::AsciiClass = crate::simd::AsciiClass::of_bits(&PLAIN, 1);
/// [`PLAIN`] and `?`: the bytes of the common URL, but for one `#`.
static PLAIN_QUERY_CLASS: crate::simd::AsciiClass = crate::simd::AsciiClass::of_bits(&PLAIN_QUERY, 1);
const PLAIN_QUERY: [u8; 256] = {
    let mut t = PLAIN;
    t[b'?' as usize] = 1;
    t
};

/// What one pass over a canonical input's bytes saw, for the checks that need a byte of a
/// class to fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Scan {
    /// A byte that is not an ASCII [URL unit](https://url.spec.whatwg.org/#url-units) (nor
    /// a `%` with two hex digits, nor the first `#`), or a `'` in the query: a code point
    /// that is not a URL unit makes a validation error likely, and a non-ASCII one (or the
    /// `'`, which a special URL's query encodes) makes the input differ from its
    /// serialization; either way a parse with a listener follows, so it comes first and is
    /// the only one.
    listen_first: bool,
    /// A `%` escape [`encoding::check`] looks at: a control, `%25`, or in the path `/`,
    /// `\` or `.`.
    percent: bool,
    /// Every byte is an RFC 3986 character where the grammar allows it: ASCII
    /// alphanumerics, ``!$&'()*+,-./:;=@_~``, `%` with two hex digits, `?`, one `#`.
    ///
    /// A canonical input (the WHATWG serialization, or that less a root path's `/`) of these
    /// bytes is then an RFC 3986 `URI`: the scheme has the same syntax in both; userinfo,
    /// domain, opaque host and port hold no `/`, `?`, `#`, `[`, `]` and nothing but these
    /// (the serializer encodes `:` and `@` in the userinfo; hosts forbid `:`, `@`, `/`; an
    /// IPv6 literal holds `[` and is not such an input), so each is `userinfo`, `reg-name`,
    /// `port`; the path after an authority is empty or starts with `/` (`path-abempty`); a
    /// path without one never starts with `//` (the serializer writes `/.` before it), so it
    /// is `path-absolute`, `path-rootless` or `path-empty`; every byte of these is a
    /// `pchar` or `/`; the query and fragment allow `?` and `/` too, and the first `#` ends
    /// the query. Debug builds check it with the strict parser.
    rfc3986: bool,
}

impl Scan {
    /// Nothing is known: every check runs in full.
    const UNKNOWN: Scan = Scan {
        listen_first: true,
        percent: true,
        rfc3986: false,
    };

    /// A vector (or table) scan for plain bytes that stops at `%`, `?`, `#` and anything
    /// else; from the first byte that is not an ASCII URL unit on, [`Scan::UNKNOWN`] holds.
    fn of(input: &str) -> Scan {
        // The common URL, [`PLAIN`] bytes, `?` and at most one `#` (no `%`), is what
        // [`Scan::stepwise`] passes over without a stop that changes its answer: one vector
        // census with no data-dependent branch tells it.
        if crate::simd::try_all_within(input.as_bytes(), &PLAIN_QUERY_CLASS, b'#') == Some(true) {
            let scan = Scan {
                listen_first: false,
                percent: false,
                rfc3986: true,
            };
            debug_assert_eq!(scan, Scan::stepwise(input), "{input:?}");
            return scan;
        }
        Scan::stepwise(input)
    }

    /// [`Scan::of`], stopping at each `%`, `?`, `#` and `'`: at the bytes outside [`PLAIN`],
    /// which vector blocks give 64 positions at a time where they run (an encoded query
    /// stops here every few bytes), one at a time elsewhere.
    #[cold]
    #[inline(never)]
    fn stepwise(input: &str) -> Scan {
        let b = input.as_bytes();
        let mut census = Census {
            path: true,
            fragment: false,
            percent: false,
        };
        match crate::simd::try_outside_bits(b, 0, &PLAIN_CLASS) {
            Some((mut start, mut bits)) => loop {
                if bits == 0 {
                    if start.saturating_add(64) >= b.len() {
                        break;
                    }
                    (start, bits) =
                        crate::simd::try_outside_bits(b, start + 64, &PLAIN_CLASS).unwrap_or((b.len(), 0));
                    continue;
                }
                let i = start + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(scan) = census.stop(input, i) {
                    return scan;
                }
            },
            None => {
                for (i, &c) in b.iter().enumerate() {
                    if PLAIN[usize::from(c)] == 0 {
                        if let Some(scan) = census.stop(input, i) {
                            return scan;
                        }
                    }
                }
            }
        }
        Scan {
            listen_first: false,
            percent: census.percent,
            rfc3986: true,
        }
    }
}

/// What [`Scan::stepwise`] has seen so far.
struct Census {
    /// Still in the path (no `?` or `#` yet).
    path: bool,
    /// A `#` was seen.
    fragment: bool,
    /// See [`Scan::percent`].
    percent: bool,
}

impl Census {
    /// Takes in the byte at `i`, one outside [`PLAIN`] (the bytes before it were all seen):
    /// `Some` when the scan's answer is known there.
    #[inline(always)]
    fn stop(&mut self, input: &str, i: usize) -> Option<Scan> {
        let b = input.as_bytes();
        let hex = |i: usize| b.get(i).is_some_and(u8::is_ascii_hexdigit);
        match b[i] {
            b'%' if hex(i + 1) && hex(i + 2) => {
                self.percent = self.percent || encoding::interesting(b, i, self.path);
            }
            b'?' => self.path = false,
            // In a query, where a special URL's serialization has `%27` (the
            // [special-query percent-encode set](https://url.spec.whatwg.org/#special-query-percent-encode-set)):
            // that input is not canonical, and the parse with a listener comes first.
            // Elsewhere a plain byte.
            b'\'' if !self.path && !self.fragment => return Some(Scan::UNKNOWN),
            b'\'' => {}
            // The first `#` starts the fragment; a second one is not a URL unit.
            b'#' if !self.fragment => {
                self.fragment = true;
                self.path = false;
            }
            // Not a URL unit, or not ASCII.
            _ => return Some(Scan::UNKNOWN),
        }
        None
    }
}

/// The 8 bytes of `body` from `at` as a little-endian word; past the end of `body`, `a`s.
#[inline(always)]
fn word_at(body: &[u8], at: usize) -> u64 {
    const LETTERS: u64 = u64::from_ne_bytes([b'a'; 8]);
    if let Some(w) = body.get(at..at + 8) {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(w);
        return u64::from_le_bytes(bytes);
    }
    let rest = body.len() - at;
    if body.len() >= 8 {
        // The last 8 bytes, shifted down past those already seen, letters above.
        let mut bytes = [0; 8];
        bytes.copy_from_slice(&body[body.len() - 8..]);
        let shift = 8 * (8 - rest) as u32;
        return u64::from_le_bytes(bytes) >> shift | LETTERS << (64 - shift);
    }
    let mut w = LETTERS;
    for (k, &c) in body[at..].iter().enumerate() {
        let lane = 8 * k as u32;
        w = w & !(0xff << lane) | u64::from(c) << lane;
    }
    w
}

/// For an 8-byte word: whether each byte is an ASCII lower-case letter, digit, `-` or `.`,
/// the high bit of each `.` byte, and whether a byte is an upper-case letter or not ASCII
/// (the dots are exact when it is not).
#[inline(always)]
fn lower_ldh_dots(w: u64) -> (bool, u64, bool) {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = ONES * 0x80;
    // Per byte below 0x80: the high bit set where the byte is in `lo..=hi` (no byte carries
    // into the next: each sum stays below 0x100).
    let within = |lo: u8, hi: u8| {
        w.wrapping_add(ONES * u64::from(0x80 - lo)) & !w.wrapping_add(ONES * u64::from(0x7f - hi)) & HIGH
    };
    let dot = within(b'.', b'.');
    let ok = within(b'a', b'z') | within(b'0', b'9') | within(b'-', b'-') | dot;
    let unusual = w & HIGH != 0 || within(b'A', b'Z') != 0;
    (w & HIGH == 0 && ok == HIGH, dot, unusual)
}

/// What one pass over a WHATWG domain's bytes tells the checks, instead of a pass each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct DomainShape {
    /// UTS 46 with the URL Standard's *beStrict* surely accepts it: ASCII letters, digits
    /// and hyphens in labels of 1 to 63 bytes, 253 in all, no hyphen at either end of a
    /// label nor third and fourth (`xn--` and other ACE prefixes); `false`: it may not.
    strict: bool,
    /// A label starts with `xn--`: the domain may hold non-ASCII characters.
    ace: bool,
    /// A label longer than 63 bytes.
    long_label: bool,
}

/// Lower-case ASCII letters, digits, `-` and `.`: the bytes of the common domain.
const LOWER_LDH_DOT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = (b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.') as u8;
        c += 1;
    }
    t
};
static LOWER_LDH_DOT_CLASS: crate::simd::AsciiClass = crate::simd::AsciiClass::of_bits(&LOWER_LDH_DOT, 1);

impl DomainShape {
    /// The shape of `url`'s domain `d`: from one vector load of `text` (the serialization,
    /// or a canonical input, which has the host at the same offsets: its bytes are older
    /// than the parser's copy, whose first loads wait for its stores) when `d` has at most
    /// 32 bytes (16 in a URL shorter than 32) and is the common domain, else
    /// [`DomainShape::of`].
    #[inline]
    fn of_url(url: &Url, d: &str, text: &str) -> DomainShape {
        let s = text.as_bytes();
        let start = url.offsets.host_start();
        debug_assert_eq!(s.get(start..start + d.len()), Some(d.as_bytes()));
        let end = start + d.len();
        let body = d.len() - usize::from(s.get(..end).and_then(<[u8]>::last) == Some(&b'.'));
        let masks = crate::simd::try_window(s, start, start + body, &LOWER_LDH_DOT_CLASS, b'.', b'-');
        if let Some([outside, dots, hyphens]) = masks {
            if outside == 0 && Self::surely_strict(body, dots, hyphens) {
                let shape = DomainShape {
                    strict: true,
                    ace: false,
                    long_label: false,
                };
                debug_assert_eq!(shape, DomainShape::of(d), "{d:?}");
                return shape;
            }
        }
        DomainShape::of(d)
    }

    /// Whether a domain body of `n` bytes (1 to 32), all lower-case letters, digits, `-` and
    /// `.`, with dots at the bits of `dots` and hyphens at those of `hyphens`, is surely
    /// strict: no empty label (a dot first, last or after a dot), no hyphen first or last in
    /// a label, none third and fourth (which `xn--` has: such a domain is not surely strict,
    /// so an ACE label is never missed); labels and the whole are short enough.
    #[inline(always)]
    fn surely_strict(n: usize, dots: u32, hyphens: u32) -> bool {
        let last = 1u32 << (n - 1);
        let starts = dots << 1 | 1;
        let ends = dots >> 1 | last;
        (starts | last) & dots == 0
            && hyphens & (starts | ends) == 0
            && (starts << 2) & hyphens & (hyphens >> 1) == 0
    }

    /// The shape of `d` (a final dot, the root label, is left out).
    #[cold]
    #[inline(never)]
    fn of(d: &str) -> DomainShape {
        let b = d.as_bytes();
        let body = b.strip_suffix(b".").unwrap_or(b);
        let empty = DomainShape {
            strict: !body.is_empty() && body.len() <= 253,
            ace: false,
            long_label: false,
        };
        // The common domain, lower-case LDH labels: eight bytes at a time, the labels found
        // from the dots' bits. Another ASCII byte but an upper-case letter (`_`, the `{`
        // and `}` of endpoint templates) is no LDH byte: the domain is not strict, and its
        // labels are still found from the dots.
        let mut shape = empty;
        let (mut start, mut at) = (0, 0);
        while at < body.len() {
            let (ok, mut dots, unusual) = lower_ldh_dots(word_at(body, at));
            if unusual {
                break;
            }
            shape.strict &= ok;
            while dots != 0 {
                let i = at + (dots.trailing_zeros() / 8) as usize;
                shape.label(&body[start..i]);
                start = i + 1;
                dots &= dots - 1;
            }
            at += 8;
        }
        if at >= body.len() {
            shape.label(&body[start..]);
            debug_assert_eq!(shape, DomainShape::bytewise(empty, body), "{d:?}");
        } else {
            shape = DomainShape::bytewise(empty, body);
        }
        debug_assert_eq!(shape.strict, crate::host::surely_strict_ascii(d), "{d:?}");
        shape
    }

    /// The shape of any `body`, byte by byte, from `empty`.
    fn bytewise(empty: DomainShape, body: &[u8]) -> DomainShape {
        let mut shape = empty;
        let mut start = 0;
        let mut ldh = true;
        for (i, &c) in body.iter().enumerate() {
            if c == b'.' {
                shape.label(&body[start..i]);
                start = i + 1;
            } else {
                ldh &= crate::host::LDH[usize::from(c)] != 0;
            }
        }
        shape.label(&body[start..]);
        shape.strict &= ldh;
        shape
    }

    /// Takes in the label `l` (its bytes are looked at by the caller).
    #[inline(always)]
    fn label(&mut self, l: &[u8]) {
        let n = l.len();
        self.long_label |= n > 63;
        self.ace |= l.starts_with(b"xn--");
        self.strict &=
            (1..=63).contains(&n) && l[0] != b'-' && l[n - 1] != b'-' && l.get(2..4) != Some(b"--");
    }
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
