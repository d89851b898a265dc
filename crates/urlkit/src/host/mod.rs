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
