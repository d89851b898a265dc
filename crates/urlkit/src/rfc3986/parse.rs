//! The URI-reference grammar of RFC 3986 Appendix A (and, with `IRI = true`, the
//! IRI-reference grammar of RFC 3987 §2.2), producing [`Offsets`] over the input without
//! allocating. Each component is checked with one table-driven bulk scan.

use super::chars::{self, is, is_iri_char, HEX, PATH, QUERY, REG_NAME, SCHEME, SEGMENT_NC, USERINFO};
use super::error::{ParseError, Rule};
use super::ip;
use super::uri::UriRef;

/// The kind of a URI's host (RFC 3986 §3.2.2).
///
/// ```
/// use urlkit::rfc3986::{HostKind, UriRef};
/// assert_eq!(UriRef::parse("http://[::1]/")?.host_kind(), Some(HostKind::Ipv6));
/// assert_eq!(UriRef::parse("http://[fe80::1%25en0]/")?.host_kind(), Some(HostKind::Ipv6Zone));
/// assert_eq!(UriRef::parse("http://[v7.x]/")?.host_kind(), Some(HostKind::IpvFuture));
/// assert_eq!(UriRef::parse("http://10.0.0.1/")?.host_kind(), Some(HostKind::Ipv4));
/// assert_eq!(UriRef::parse("http://10.0.0.256/")?.host_kind(), Some(HostKind::RegName));
/// assert_eq!(UriRef::parse("mailto:a@b")?.host_kind(), None);
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IP-literal` holding an `IPv6address`.
    Ipv6,
    /// `IP-literal` holding an `IPv6addrz`: an IPv6 address with a zone ID (RFC 6874).
    Ipv6Zone,
    /// `IP-literal` holding an `IPvFuture`.
    IpvFuture,
    /// `IPv4address` (dotted decimal, exactly four `dec-octet`s).
    Ipv4,
    /// `reg-name`, possibly empty.
    RegName,
}

impl HostKind {
    /// Whether the host is an `IP-literal` (written in brackets).
    ///
    /// ```
    /// assert!(urlkit::rfc3986::HostKind::IpvFuture.is_ip_literal());
    /// ```
    pub const fn is_ip_literal(self) -> bool {
        matches!(self, HostKind::Ipv6 | HostKind::Ipv6Zone | HostKind::IpvFuture)
    }
}

/// Component boundaries of a parsed reference; every index is a byte offset in its text.
///
/// ```text
/// foo://user@example.com:8042/over/there?name=ferret#nose
///    ^      ^          ^    ^          ^           ^
///    |      host_start |    path_start path_end    query_end
///    scheme_end        host_end
/// ```
/// * scheme present iff `scheme_end > 0` (a scheme is never empty); it is `[0, scheme_end)`;
/// * authority present iff `host_kind.is_some()`; it starts two bytes after the scheme's `:`;
/// * userinfo present iff `host_start` is past the authority's start (`@` at `host_start - 1`);
/// * port present iff `host_end < path_start` (`:` at `host_end`);
/// * query present iff `query_end > path_end` (`?` at `path_end`);
/// * fragment present iff `query_end < len` (`#` at `query_end`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Offsets {
    pub(crate) scheme_end: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    pub(crate) path_end: u32,
    pub(crate) query_end: u32,
    pub(crate) host_kind: Option<HostKind>,
}

/// Which grammar rule the whole input must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Goal {
    /// `URI-reference` (§4.1).
    Reference,
    /// `URI` (§3): scheme required.
    Uri,
    /// `absolute-URI` (§4.3): scheme required, no fragment.
    Absolute,
    /// `relative-ref` (§4.2): no scheme.
    Relative,
}

/// Parses `input` as `goal`; with `IRI`, non-ASCII `ucschar` (and `iprivate` in the query)
/// are allowed where RFC 3987 §2.2 allows them.
pub(crate) fn parse<const IRI: bool>(input: &str, goal: Goal) -> Result<Offsets, ParseError> {
    if u32::try_from(input.len()).is_err() {
        return Err(ParseError {
            position: u32::MAX as usize,
            expected: Rule::ShortInput,
            found: None,
        });
    }
    // Errors travel as a small `Fail` (returned in registers); the public error, with the
    // character found, is built once here.
    parse_checked::<IRI>(input, goal).map_err(|f| ParseError::at(input, f.pos as usize, f.rule))
}

/// [`parse`] for URIs, building the [`UriRef`] in place: the result goes straight into the
/// caller's return slot instead of being copied out of an `Offsets` result.
pub(crate) fn parse_uri_ref(input: &str, goal: Goal) -> Result<UriRef<'_>, ParseError> {
    if u32::try_from(input.len()).is_err() {
        return Err(ParseError {
            position: u32::MAX as usize,
            expected: Rule::ShortInput,
            found: None,
        });
    }
    match parse_checked::<false>(input, goal) {
        Ok(o) => Ok(UriRef::from_parts(input, o)),
        Err(f) => Err(ParseError::at(input, f.pos as usize, f.rule)),
    }
}

/// A failure inside the parser: where, and which rule was expected.
#[derive(Debug, Clone, Copy)]
struct Fail {
    pos: u32,
    rule: Rule,
}

/// Builds a [`Fail`]; positions fit in `u32` (longer inputs are rejected up front).
#[inline]
fn fail(pos: usize, rule: Rule) -> Fail {
    Fail {
        pos: pos as u32,
        rule,
    }
}

/// [`parse`] on an input known to be shorter than 4 GiB.
fn parse_checked<const IRI: bool>(input: &str, goal: Goal) -> Result<Offsets, Fail> {
    let s = input.as_bytes();
    // `http://` and `https://`, which start nearly every URI met in practice, with one
    // compare each; the authority follows.
    let web = |prefix: &[u8]| goal != Goal::Relative && s.starts_with(prefix);
    let (scheme_end, mut i, slashes) = if web(b"https://") {
        (5, 6, true)
    } else if web(b"http://") {
        (4, 5, true)
    } else {
        let end = scheme(input, goal)?;
        let i = if end > 0 { end + 1 } else { 0 };
        (end, i, s[i..].starts_with(b"//"))
    };
    let mut o = Offsets {
        scheme_end: scheme_end as u32,
        host_start: i as u32,
        host_end: i as u32,
        path_start: i as u32,
        path_end: 0,
        query_end: 0,
        host_kind: None,
    };
    if slashes {
        i = authority::<IRI>(input, i + 2, &mut o)?;
    } else if scheme_end == 0 {
        // path-noscheme: the first segment may not hold ":" (§4.2), or it would read as a scheme.
        i = component::<IRI>(input, i, SEGMENT_NC, false, Rule::Pchar)?;
        if s.get(i) == Some(&b':') {
            return Err(fail(i, Rule::SegmentNzNc));
        }
    }
    // path-abempty / path-absolute / path-noscheme / path-rootless / path-empty (§3.3): after the
    // checks above, all five are the same character scan.
    i = component::<IRI>(input, i, PATH, false, Rule::Pchar)?;
    o.path_end = i as u32;
    expect_end(input, i, |b| matches!(b, b'?' | b'#'), Rule::Pchar)?;
    if s.get(i) == Some(&b'?') {
        i = component::<IRI>(input, i + 1, QUERY, true, Rule::Query)?;
        expect_end(input, i, |b| b == b'#', Rule::Query)?;
    }
    o.query_end = i as u32;
    if i < s.len() {
        if goal == Goal::Absolute {
            return Err(fail(i, Rule::AbsoluteUri));
        }
        i = component::<IRI>(input, i + 1, QUERY, false, Rule::Fragment)?;
        expect_end(input, i, |_| false, Rule::Fragment)?;
    }
    Ok(o)
}

/// `scheme ":"` (§3.1): returns the index of the `:`, or 0 when the input has no scheme.
#[inline(always)]
fn scheme(input: &str, goal: Goal) -> Result<usize, Fail> {
    let s = input.as_bytes();
    let needs = matches!(goal, Goal::Uri | Goal::Absolute);
    if s.first().is_some_and(u8::is_ascii_alphabetic) {
        let end = chars::scan(s, 1, SCHEME);
        if s.get(end) == Some(&b':') {
            if goal == Goal::Relative {
                return Err(fail(end, Rule::SegmentNzNc));
            }
            return Ok(end);
        }
        if needs {
            return Err(fail(end, Rule::Scheme));
        }
    } else if needs {
        return Err(fail(0, Rule::Scheme));
    }
    Ok(0)
}

/// Fails unless `i` is the end of the input or its byte is a delimiter allowed there.
#[inline(always)]
fn expect_end(input: &str, i: usize, delim: impl Fn(u8) -> bool, rule: Rule) -> Result<(), Fail> {
    match input.as_bytes().get(i) {
        Some(&b) if !delim(b) => Err(fail(i, rule)),
        _ => Ok(()),
    }
}

/// Scans a component made of bytes in `mask`, `pct-encoded` (§2.1) and, for IRIs, `ucschar`
/// (plus `iprivate` when `private`; never bidi formatting characters, RFC 3987 §4.1);
/// returns the index of the first byte that is none of them.
#[inline(always)]
fn component<const IRI: bool>(
    input: &str,
    mut i: usize,
    mask: u8,
    private: bool,
    rule: Rule,
) -> Result<usize, Fail> {
    let s = input.as_bytes();
    loop {
        i = chars::scan(s, i, mask);
        match s.get(i) {
            Some(b'%') => i = pct_encoded(input, i)?,
            Some(&b) if IRI && b >= 0x80 => {
                // `i` is on a char boundary: only ASCII bytes and whole chars were consumed.
                let c = input[i..].chars().next().unwrap_or('\0');
                if !is_iri_char(c, private) {
                    return Err(fail(i, rule));
                }
                i += c.len_utf8();
            }
            _ => return Ok(i),
        }
    }
}

/// `pct-encoded = "%" HEXDIG HEXDIG` at `i` (§2.1); returns the index after it.
#[inline]
fn pct_encoded(input: &str, i: usize) -> Result<usize, Fail> {
    let s = input.as_bytes();
    for j in [i + 1, i + 2] {
        if !s.get(j).is_some_and(|&b| is(b, HEX)) {
            return Err(fail(j, Rule::HexDig));
        }
    }
    Ok(i + 3)
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` starting at `start` (§3.2); fills the
/// host and port offsets and returns the index where the authority ends.
///
/// One bulk scan with the `userinfo` class (a superset of `reg-name`, `":"` and `port`)
/// covers `host:port` too: a scan that stops on `@` found the userinfo (it cannot hold `@`,
/// §3.2.1), and otherwise the scanned text is `reg-name [":" port]`.
fn authority<const IRI: bool>(input: &str, start: usize, o: &mut Offsets) -> Result<usize, Fail> {
    let s = input.as_bytes();
    if let Some(end) = host_port::<IRI>(input, start, o) {
        return Ok(end);
    }
    let mut host_start = start;
    let mut i = start;
    if s.get(i) != Some(&b'[') {
        i = component::<IRI>(input, i, USERINFO, false, Rule::Userinfo)?;
        if s.get(i) == Some(&b'@') {
            host_start = i + 1;
            i = host_start;
            if s.get(i) != Some(&b'[') {
                i = component::<IRI>(input, i, USERINFO, false, Rule::Host)?;
            }
        }
    }
    let (host_end, kind) = if s.get(host_start) == Some(&b'[') {
        i = ip_literal(input, host_start)?;
        let (host_end, kind) = (i, literal_kind(&s[host_start + 1..i - 1]));
        if s.get(i) == Some(&b':') {
            i = component::<IRI>(input, i + 1, USERINFO, false, Rule::Port)?;
        }
        (host_end, kind)
    } else {
        let colon = s[host_start..i]
            .iter()
            .position(|&b| b == b':')
            .map(|p| host_start + p);
        let host_end = colon.unwrap_or(i);
        let host = &s[host_start..host_end];
        let v4 = host.first().is_some_and(u8::is_ascii_digit) && ip::is_ipv4(host);
        (host_end, if v4 { HostKind::Ipv4 } else { HostKind::RegName })
    };
    if host_end < i {
        // port = *DIGIT (§3.2.3): any length, possibly empty.
        if let Some(p) = s[host_end + 1..i].iter().position(|b| !b.is_ascii_digit()) {
            return Err(fail(host_end + 1 + p, Rule::Port));
        }
    }
    let rule = if host_end < i { Rule::Port } else { Rule::Host };
    expect_end(input, i, |b| matches!(b, b'/' | b'?' | b'#'), rule)?;
    o.host_start = host_start as u32;
    o.host_end = host_end as u32;
    o.host_kind = Some(kind);
    o.path_start = i as u32;
    Ok(i)
}

/// The common authority `reg-name [":" port]` (§3.2.2, §3.2.3) with one scan per part;
/// `None` (offsets untouched) when the authority is anything else or has an error, which
/// the general path then reports.
#[inline(always)]
fn host_port<const IRI: bool>(input: &str, start: usize, o: &mut Offsets) -> Option<usize> {
    let s = input.as_bytes();
    // A host with `%` or (in an IRI) non-ASCII text is left to the general path.
    let host_end = chars::scan(s, start, REG_NAME);
    let mut i = host_end;
    match s.get(i) {
        Some(b'/') | None => {}
        Some(b':') => {
            i += 1;
            while s.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            if !matches!(s.get(i), None | Some(b'/' | b'?' | b'#')) {
                return None;
            }
        }
        Some(b'?' | b'#') => {}
        Some(_) => return None,
    }
    let host = &s[start..host_end];
    let v4 = host.first().is_some_and(u8::is_ascii_digit) && ip::is_ipv4(host);
    o.host_start = start as u32;
    o.host_end = host_end as u32;
    o.host_kind = Some(if v4 { HostKind::Ipv4 } else { HostKind::RegName });
    o.path_start = i as u32;
    Some(i)
}

/// Which kind of literal the bracket contents (already validated) are.
fn literal_kind(inner: &[u8]) -> HostKind {
    if matches!(inner.first(), Some(b'v' | b'V')) {
        HostKind::IpvFuture
    } else if inner.contains(&b'%') {
        HostKind::Ipv6Zone
    } else {
        HostKind::Ipv6
    }
}

/// `IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"` at `i` (§3.2.2, RFC 6874
/// §2); returns the index after the `]`.
fn ip_literal(input: &str, i: usize) -> Result<usize, Fail> {
    let s = input.as_bytes();
    let inner = i + 1;
    let Some(len) = s[inner..]
        .iter()
        .position(|&b| matches!(b, b']' | b'/' | b'?' | b'#' | b'[' | b'@'))
    else {
        return Err(fail(s.len(), Rule::IpLiteral));
    };
    let close = inner + len;
    if s[close] != b']' {
        return Err(fail(close, Rule::IpLiteral));
    }
    let body = &s[inner..close];
    let checked = if matches!(body.first(), Some(b'v' | b'V')) {
        ip::check_ipvfuture(body).map_err(|e| (e, Rule::IpvFuture))
    } else if let Some(pct) = body.iter().position(|&b| b == b'%') {
        // IPv6addrz = IPv6address "%25" ZoneID (RFC 6874 §2).
        ip::check_ipv6(&body[..pct])
            .map_err(|e| (e, Rule::Ipv6Address))
            .and_then(|()| {
                if !body[pct..].starts_with(b"%25") {
                    return Err((pct, Rule::ZoneId));
                }
                ip::check_zone_id(&body[pct + 3..]).map_err(|e| (pct + 3 + e, Rule::ZoneId))
            })
    } else {
        ip::check_ipv6(body).map_err(|e| (e, Rule::Ipv6Address))
    };
    match checked {
        Ok(()) => Ok(close + 1),
        Err((e, rule)) => Err(fail(inner + e, rule)),
    }
}

/// Checks that all of `value` is one component made of bytes in `mask` and `pct-encoded`
/// (the setters' check, §3.2.1, §3.3, §3.4, §3.5); the error's position is in `value`.
pub(super) fn check_component(value: &str, mask: u8, rule: Rule) -> Result<(), ParseError> {
    let whole = u32::try_from(value.len()).is_ok();
    let end = component::<false>(value, 0, mask, false, rule)
        .map_err(|f| ParseError::at(value, f.pos as usize, f.rule))?;
    if end < value.len() || !whole {
        return Err(ParseError::at(
            value,
            end,
            if whole { rule } else { Rule::ShortInput },
        ));
    }
    Ok(())
}

/// Checks that all of `value` is a `host` (§3.2.2): an `IP-literal` in brackets, or a
/// `reg-name` (which covers `IPv4address`).
pub(super) fn check_host(value: &str) -> Result<(), ParseError> {
    if !value.starts_with('[') {
        return check_component(value, REG_NAME, Rule::Host);
    }
    let end = ip_literal(value, 0).map_err(|f| ParseError::at(value, f.pos as usize, f.rule))?;
    if end < value.len() {
        return Err(ParseError::at(value, end, Rule::Host));
    }
    Ok(())
}

/// Checks that `value` is a `scheme` (§3.1): `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
pub(super) fn check_scheme(value: &str) -> Result<(), ParseError> {
    let s = value.as_bytes();
    let end = if s.first().is_some_and(u8::is_ascii_alphabetic) {
        chars::scan(s, 1, SCHEME)
    } else {
        0
    };
    if end < s.len() || s.is_empty() {
        return Err(ParseError::at(value, end, Rule::Scheme));
    }
    Ok(())
}
