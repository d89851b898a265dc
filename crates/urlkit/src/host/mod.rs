//! Hosts: domains, IPv4 and IPv6 addresses, opaque hosts
//! (<https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)>).
//!
//! [`Host::parse`] runs the URL Standard's host parser on its own; [`domain_to_ascii`],
//! [`domain_to_ascii_strict`] and [`domain_to_unicode`] are its IDNA algorithms.
//!
//! ```
//! use urlkit::host::{domain_to_ascii, domain_to_unicode};
//! use urlkit::Host;
//! assert_eq!(Host::parse("ＥＸＡＭＰＬＥ。com")?.to_string(), "example.com");
//! assert_eq!(domain_to_ascii("☕.example")?, "xn--53h.example");
//! assert_eq!(domain_to_unicode("xn--53h.example").0, "☕.example");
//! # Ok::<(), urlkit::ParseError>(())
//! ```

use alloc::string::String;
use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::error::Reporter;
use crate::whatwg::output::Output;
use crate::ParseError;

mod domain;
mod idna;
pub(crate) mod ipv4;
pub(crate) mod ipv6;
pub(crate) mod opaque;
mod punycode;

pub use self::idna::{domain_to_ascii, domain_to_ascii_strict, domain_to_unicode};
/// For the linter: domains that surely pass strict UTS 46 (see `report_strict`).
#[cfg(feature = "lint")]
pub(crate) use self::idna::{report_strict, surely_strict_ascii, LDH};
/// `serialize_ipv6` writes the address without brackets.
pub(crate) use self::ipv6::serialize_ipv6;

/// A URL's host (<https://url.spec.whatwg.org/#concept-host>).
///
/// `S` is `&str` when borrowed from a [`Url`](crate::Url), `String` when owned.
///
/// ```
/// use urlkit::{Host, Url};
/// let url = Url::parse("http://[::1]:8080/")?;
/// assert_eq!(url.host(), Some(Host::Ipv6(std::net::Ipv6Addr::LOCALHOST)));
/// assert_eq!(Url::parse("file:///etc")?.host(), Some(Host::Empty));
/// assert_eq!(Url::parse("mailto:a@b")?.host(), None);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Host<S = alloc::string::String> {
    /// A domain: ASCII, lower-case, after UTS 46 processing (special schemes only).
    Domain(S),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host (non-special schemes), percent-encoded as needed.
    Opaque(S),
    /// The empty host, as in `file:///` or `foo://`.
    Empty,
}

/// What kind of host a [`Url`](crate::Url) holds; the host's text lives in the URL's buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum HostInternal {
    /// No host (a null host), as in `mailto:x`.
    None,
    /// The empty host, as in `file:///x`.
    Empty,
    /// A domain (special schemes).
    Domain,
    /// An opaque host (non-special schemes).
    Opaque,
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
}

/// The [host parser](https://url.spec.whatwg.org/#concept-host-parser).
///
/// CONTRACT (implemented by the host branch, called by the URL parser and the setters):
/// - `input`: the host text as written (tabs and newlines already removed; still
///   percent-encoded; brackets included for IPv6; no port).
/// - `offset`: byte position of `input` in the original input, for error positions.
/// - `is_special`: `true` runs domain processing (percent-decode, UTS 46, IPv4); `false` runs
///   the opaque-host parser.
/// - appends the host's serialization to `out` and returns its kind; on failure `out` may
///   have been appended to and the caller truncates it.
/// - empty `input` gives `HostInternal::Empty` (the URL parser decides whether that is allowed).
///
/// Failures of domain processing point at `offset` (UTS 46 moves code points around);
/// IPv6, IPv4 and opaque-host failures point at the offending byte.
///
/// With an output that stores nothing (`can_parse`), nothing is allocated and a valid domain's
/// kind is `Domain` whatever it is; when the domain check cannot decide within its buffers,
/// `out` is told ([`Output::unsure`]) and the result is a failure the caller must not trust.
pub(crate) fn parse_host<O: Output>(
    input: &str,
    offset: usize,
    is_special: bool,
    out: &mut O,
    reporter: &mut Reporter<'_>,
) -> Result<HostInternal, ParseError> {
    let bytes = input.as_bytes();
    // Step 1: IPv6, for special and non-special URLs alike.
    if let Some(rest) = bytes.strip_prefix(b"[") {
        let Some(inner) = rest.strip_suffix(b"]") else {
            let kind = crate::ErrorKind::Ipv6Unclosed;
            reporter.report(kind, offset + bytes.len());
            return Err(ParseError::new(kind, offset + bytes.len()));
        };
        let addr = ipv6::parse(inner, offset + 1, reporter)?;
        if let Some(out) = out.string() {
            out.push('[');
            serialize_ipv6(addr, out);
            out.push(']');
        }
        return Ok(HostInternal::Ipv6(addr));
    }
    if input.is_empty() {
        return Ok(HostInternal::Empty);
    }
    // Step 2.
    if !is_special {
        opaque::parse_opaque(input, offset, out.string(), reporter)?;
        return Ok(HostInternal::Opaque);
    }
    // Steps 3-9.
    domain::parse_domain(input, offset, out, reporter)
}

impl Host<String> {
    /// Parses `input` as the host of a special URL (`http:`, `file:`, …) with the
    /// [host parser](https://url.spec.whatwg.org/#concept-host-parser): an IPv6 address in
    /// brackets, or a domain that is percent-decoded, run through UTS 46 ToASCII and turned
    /// into an IPv4 address when it ends in a number. The empty string gives [`Host::Empty`].
    ///
    /// # Errors
    ///
    /// When the host parser returns failure; the error's kind says why.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// use urlkit::Host;
    /// assert_eq!(Host::parse("EXAMPLE.com")?, Host::Domain("example.com".to_owned()));
    /// assert_eq!(Host::parse("b%C3%BCcher.de")?, Host::Domain("xn--bcher-kva.de".to_owned()));
    /// assert_eq!(Host::parse("0x7f.1")?, Host::Ipv4(Ipv4Addr::LOCALHOST));
    /// assert_eq!(Host::parse("[::1]")?.to_string(), "[::1]");
    /// assert!(Host::parse("a b").is_err());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        Self::parse_with(input, true)
    }

    /// Parses `input` as the host of a non-special URL: an IPv6 address in brackets or an
    /// [opaque host](https://url.spec.whatwg.org/#concept-opaque-host-parser), percent-encoded
    /// with the C0 control percent-encode set.
    ///
    /// # Errors
    ///
    /// When `input` contains a [forbidden host code point](https://url.spec.whatwg.org/#forbidden-host-code-point)
    /// or is a malformed IPv6 address.
    ///
    /// ```
    /// use urlkit::Host;
    /// assert_eq!(Host::parse_opaque("Ex\u{e9}")?, Host::Opaque("Ex%C3%A9".to_owned()));
    /// assert!(Host::parse_opaque("a:b").is_err());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parse_opaque(input: &str) -> Result<Self, ParseError> {
        Self::parse_with(input, false)
    }

    fn parse_with(input: &str, is_special: bool) -> Result<Self, ParseError> {
        let mut out = String::new();
        Ok(
            match parse_host(input, 0, is_special, &mut out, &mut Reporter::none())? {
                HostInternal::None | HostInternal::Empty => Host::Empty,
                HostInternal::Domain => Host::Domain(out),
                HostInternal::Opaque => Host::Opaque(out),
                HostInternal::Ipv4(a) => Host::Ipv4(a),
                HostInternal::Ipv6(a) => Host::Ipv6(a),
            },
        )
    }
}

impl<S: AsRef<str>> Host<S> {
    /// The same host with its text borrowed, as [`Url::host`](crate::Url::host) gives it:
    /// what [`List::split_host`](crate::domain::List::split_host) takes.
    ///
    /// ```
    /// use urlkit::Host;
    /// let host = Host::parse("Example.COM")?;
    /// assert_eq!(host.as_deref(), Host::Domain("example.com"));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn as_deref(&self) -> Host<&str> {
        match self {
            Host::Domain(s) => Host::Domain(s.as_ref()),
            Host::Opaque(s) => Host::Opaque(s.as_ref()),
            Host::Ipv4(a) => Host::Ipv4(*a),
            Host::Ipv6(a) => Host::Ipv6(*a),
            Host::Empty => Host::Empty,
        }
    }
}

/// The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer): IPv6
/// addresses in brackets, in RFC 5952 form.
///
/// ```
/// use urlkit::Host;
/// let v6 = Host::<&str>::Ipv6("2001:db8:0:0:1:0:0:1".parse().unwrap());
/// assert_eq!(v6.to_string(), "[2001:db8::1:0:0:1]");
/// assert_eq!(Host::Domain("example.org").to_string(), "example.org");
/// ```
impl<S: AsRef<str>> fmt::Display for Host<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(s) | Host::Opaque(s) => f.write_str(s.as_ref()),
            Host::Empty => Ok(()),
            // std writes IPv4 addresses exactly as the IPv4 serializer does.
            Host::Ipv4(a) => fmt::Display::fmt(a, f),
            Host::Ipv6(a) => {
                // At most 41 bytes; std's IPv6 text differs (dotted forms), so use ours.
                let mut buf = String::with_capacity(41);
                buf.push('[');
                serialize_ipv6(*a, &mut buf);
                buf.push(']');
                f.write_str(&buf)
            }
        }
    }
}

#[cfg(test)]
mod tests;
