//! Hosts: domains, IPv4 and IPv6 addresses, opaque hosts
//! (<https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)>).

use core::net::{Ipv4Addr, Ipv6Addr};

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
#[allow(dead_code)] // CONTRACT STUB until the host and whatwg branches land
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
#[allow(dead_code, unused_variables, clippy::todo)] // CONTRACT STUB until the host branch lands
pub(crate) fn parse_host(
    input: &str,
    offset: usize,
    is_special: bool,
    out: &mut alloc::string::String,
    reporter: &mut crate::error::Reporter<'_>,
) -> Result<HostInternal, crate::ParseError> {
    todo!("host branch")
}
