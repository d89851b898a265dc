//! Address classes an SSRF filter must know, IPv4 addresses carried inside IPv6 ones, and
//! loopback names.
//!
//! The ranges are those of the IANA IPv4 and IPv6 Special-Purpose Address Registries
//! (RFC 6890 and its updates): every address not routable on the public Internet has a class.

use core::fmt;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why an address is not a public Internet address.
///
/// ```
/// use urlkit::lint::{address_class, AddressClass};
/// assert_eq!(address_class("127.0.0.2".parse().unwrap()), Some(AddressClass::Loopback));
/// assert_eq!(address_class("169.254.169.254".parse().unwrap()), Some(AddressClass::LinkLocal));
/// assert_eq!(address_class("93.184.216.34".parse().unwrap()), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressClass {
    /// `127.0.0.0/8`, `::1` (RFC 1122, RFC 4291).
    Loopback,
    /// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16` (RFC 1918), `fc00::/7` (RFC 4193).
    Private,
    /// `100.64.0.0/10`, carrier-grade NAT (RFC 6598).
    Shared,
    /// `169.254.0.0/16` (RFC 3927; cloud metadata at 169.254.169.254), `fe80::/10`.
    LinkLocal,
    /// `0.0.0.0/8` ("this network", RFC 1122), `::`.
    Unspecified,
    /// `224.0.0.0/4`, `ff00::/8`.
    Multicast,
    /// `255.255.255.255`.
    Broadcast,
    /// Documentation, benchmarking, protocol assignments, `240.0.0.0/4`, site-local `fec0::/10`
    /// and the other special-purpose ranges.
    Reserved,
}

impl AddressClass {
    /// A short lower-case description.
    ///
    /// ```
    /// assert_eq!(urlkit::lint::AddressClass::Shared.as_str(), "shared address space (carrier-grade nat)");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            AddressClass::Loopback => "loopback",
            AddressClass::Private => "private network",
            AddressClass::Shared => "shared address space (carrier-grade nat)",
            AddressClass::LinkLocal => "link-local",
            AddressClass::Unspecified => "unspecified (this host)",
            AddressClass::Multicast => "multicast",
            AddressClass::Broadcast => "broadcast",
            AddressClass::Reserved => "reserved",
        }
    }
}

impl fmt::Display for AddressClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How an IPv6 address carries an IPv4 address.
///
/// ```
/// use urlkit::lint::{embedded_ipv4, Embedding};
/// let (how, v4) = embedded_ipv4("::ffff:127.0.0.1".parse().unwrap()).unwrap();
/// assert_eq!((how, v4.to_string()), (Embedding::Mapped, "127.0.0.1".to_owned()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Embedding {
    /// `::ffff:a.b.c.d`, IPv4-mapped (RFC 4291 §2.5.5.2).
    Mapped,
    /// `::a.b.c.d`, IPv4-compatible (deprecated, RFC 4291 §2.5.5.1).
    Compatible,
    /// `::ffff:0:a.b.c.d`, IPv4-translated (RFC 2765 §2.1).
    Translated,
    /// `64:ff9b::a.b.c.d` (RFC 6052) and `64:ff9b:1::/48` (RFC 8215), NAT64.
    Nat64,
    /// `2002:aabb:ccdd::/48`, 6to4 (RFC 3056).
    SixToFour,
    /// `2001:0::/32`, Teredo (RFC 4380): the client address, bits inverted, in the last 32 bits.
    Teredo,
}

impl Embedding {
    /// A short lower-case name.
    ///
    /// ```
    /// assert_eq!(urlkit::lint::Embedding::SixToFour.as_str(), "6to4");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Embedding::Mapped => "ipv4-mapped",
            Embedding::Compatible => "ipv4-compatible",
            Embedding::Translated => "ipv4-translated",
            Embedding::Nat64 => "nat64",
            Embedding::SixToFour => "6to4",
            Embedding::Teredo => "teredo",
        }
    }
}

/// The class of `addr`, or `None` for a public address. An IPv6 address carrying an IPv4
/// address has the class of the IPv4 address when the IPv6 one has none of its own.
///
/// ```
/// use urlkit::lint::{address_class, AddressClass};
/// assert_eq!(address_class("::ffff:10.1.2.3".parse().unwrap()), Some(AddressClass::Private));
/// assert_eq!(address_class("fd00:ec2::254".parse().unwrap()), Some(AddressClass::Private));
/// assert_eq!(address_class("2606:4700::1111".parse().unwrap()), None);
/// ```
pub fn address_class(addr: IpAddr) -> Option<AddressClass> {
    match addr {
        IpAddr::V4(a) => ipv4_class(a),
        IpAddr::V6(a) => ipv6_class(a).or_else(|| embedded_ipv4(a).and_then(|(_, v4)| ipv4_class(v4))),
    }
}

/// Whether the 32-bit `addr` is in `net/len`.
const fn in_v4(addr: u32, net: [u8; 4], len: u32) -> bool {
    let net = u32::from_be_bytes(net);
    let mask = if len == 0 { 0 } else { u32::MAX << (32 - len) };
    addr & mask == net & mask
}

fn ipv4_class(a: Ipv4Addr) -> Option<AddressClass> {
    use AddressClass::*;
    const TABLE: [([u8; 4], u32, AddressClass); 17] = [
        ([0, 0, 0, 0], 8, Unspecified),
        ([10, 0, 0, 0], 8, Private),
        ([100, 64, 0, 0], 10, Shared),
        ([127, 0, 0, 0], 8, Loopback),
        ([169, 254, 0, 0], 16, LinkLocal),
        ([172, 16, 0, 0], 12, Private),
        ([192, 0, 0, 0], 24, Reserved),
        ([192, 0, 2, 0], 24, Reserved),
        ([192, 31, 196, 0], 24, Reserved),
        ([192, 52, 193, 0], 24, Reserved),
        ([192, 88, 99, 0], 24, Reserved),
        ([192, 168, 0, 0], 16, Private),
        ([198, 18, 0, 0], 15, Reserved),
        ([198, 51, 100, 0], 24, Reserved),
        ([203, 0, 113, 0], 24, Reserved),
        ([224, 0, 0, 0], 4, Multicast),
        ([255, 255, 255, 255], 32, Broadcast),
    ];
    let n = u32::from(a);
    if let Some((_, _, class)) = TABLE.iter().find(|(net, len, _)| in_v4(n, *net, *len)) {
        return Some(*class);
    }
    // 240.0.0.0/4 less the broadcast address, found above.
    in_v4(n, [240, 0, 0, 0], 4).then_some(Reserved)
}

fn ipv6_class(a: Ipv6Addr) -> Option<AddressClass> {
    use AddressClass::*;
    let n = u128::from(a);
    let prefix = |net: u128, len: u32| n >> (128 - len) == net >> (128 - len);
    if n == 0 {
        Some(Unspecified)
    } else if n == 1 {
        Some(Loopback)
    } else if prefix(0xfc00 << 112, 7) {
        Some(Private)
    } else if prefix(0xfe80 << 112, 10) {
        Some(LinkLocal)
    } else if prefix(0xfec0 << 112, 10) || prefix(0x2001_0db8 << 96, 32) || prefix(0x0100 << 112, 64) {
        // Site-local (deprecated, RFC 3879), documentation (RFC 3849), discard-only (RFC 6666).
        Some(Reserved)
    } else if prefix(0xff00 << 112, 8) {
        Some(Multicast)
    } else {
        None
    }
}

/// The IPv4 address an IPv6 address carries, and how (see [`Embedding`]).
///
/// ```
/// use urlkit::lint::{embedded_ipv4, Embedding};
/// let teredo = "2001:0:4136:e378:8000:63bf:3fff:fdd2".parse().unwrap();
/// assert_eq!(embedded_ipv4(teredo).map(|(e, a)| (e, a.to_string())), Some((Embedding::Teredo, "192.0.2.45".to_owned())));
/// assert_eq!(embedded_ipv4("2002:7f00:1::".parse().unwrap()).unwrap().1.to_string(), "127.0.0.1");
/// assert_eq!(embedded_ipv4("::1".parse().unwrap()), None);
/// ```
pub fn embedded_ipv4(a: Ipv6Addr) -> Option<(Embedding, Ipv4Addr)> {
    let n = u128::from(a);
    let low = Ipv4Addr::from(n as u32);
    let high96 = n >> 32;
    if high96 == 0xffff {
        Some((Embedding::Mapped, low))
    } else if high96 == 0xffff_0000 {
        Some((Embedding::Translated, low))
    } else if high96 == 0 && n > 1 {
        Some((Embedding::Compatible, low))
    } else if high96 == 0x0064_ff9b_0000_0000_0000_0000 || n >> 80 == 0x0064_ff9b_0001 {
        Some((Embedding::Nat64, low))
    } else if n >> 112 == 0x2002 {
        Some((Embedding::SixToFour, Ipv4Addr::from((n >> 80) as u32)))
    } else if n >> 96 == 0x2001_0000 {
        Some((Embedding::Teredo, Ipv4Addr::from(!(n as u32))))
    } else {
        None
    }
}

/// Whether `host` (a WHATWG domain: ASCII, lower-case) names the loopback interface:
/// `localhost` and `*.localhost` (RFC 6761 §6.3), with or without a final dot, and the
/// common `/etc/hosts` aliases.
///
/// ```
/// use urlkit::lint::is_localhost_name;
/// assert!(is_localhost_name("localhost") && is_localhost_name("api.localhost."));
/// assert!(!is_localhost_name("localhost.example.com") && !is_localhost_name("notlocalhost"));
/// ```
pub fn is_localhost_name(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    let b = host.as_bytes();
    // Every name below ends in `t`, `n` or `k` (the final dot is gone), and the length
    // tells which one it can be.
    if !matches!(b.last().map(u8::to_ascii_lowercase), Some(b't' | b'n' | b'k')) {
        return false;
    }
    match b.len() {
        9 => b.eq_ignore_ascii_case(b"localhost"),
        12 if b.eq_ignore_ascii_case(b"ip6-loopback") => true,
        13 if b.eq_ignore_ascii_case(b"ip6-localhost") => true,
        21 if b.eq_ignore_ascii_case(b"localhost.localdomain") => true,
        n => n > 10 && b[n - 10] == b'.' && b[n - 9..].eq_ignore_ascii_case(b"localhost"),
    }
}
