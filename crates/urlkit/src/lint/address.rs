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

/// The IANA IPv4 Special-Purpose Address Registry (as of 2026), each block with its RFC, and
/// multicast (RFC 5771), which has a registry of its own. The first matching row decides, so
/// a block precedes any wider one holding it.
const IPV4_TABLE: [([u8; 4], u32, AddressClass); 25] = {
    use AddressClass::*;
    [
        ([0, 0, 0, 0], 8, Unspecified), // "this network", RFC 791 §3.2; "this host" 0.0.0.0/32, RFC 1122
        ([10, 0, 0, 0], 8, Private),    // RFC 1918
        ([100, 64, 0, 0], 10, Shared),  // RFC 6598
        ([127, 0, 0, 0], 8, Loopback),  // RFC 1122 §3.2.1.3
        ([169, 254, 0, 0], 16, LinkLocal), // RFC 3927
        ([172, 16, 0, 0], 12, Private), // RFC 1918
        ([192, 0, 0, 0], 29, Reserved), // IPv4 service continuity prefix, RFC 7335
        ([192, 0, 0, 8], 32, Reserved), // IPv4 dummy address, RFC 7600
        ([192, 0, 0, 9], 32, Reserved), // PCP anycast, RFC 7723
        ([192, 0, 0, 10], 32, Reserved), // TURN anycast, RFC 8155
        ([192, 0, 0, 170], 31, Reserved), // NAT64/DNS64 discovery, RFC 8880 §7.2
        ([192, 0, 0, 0], 24, Reserved), // IETF protocol assignments, RFC 6890 §2.1
        ([192, 0, 2, 0], 24, Reserved), // documentation TEST-NET-1, RFC 5737
        ([192, 31, 196, 0], 24, Reserved), // AS112-v4, RFC 7535
        ([192, 52, 193, 0], 24, Reserved), // AMT, RFC 7450
        ([192, 88, 99, 2], 32, Reserved), // 6a44 relay anycast, RFC 6751
        ([192, 88, 99, 0], 24, Reserved), // deprecated 6to4 relay anycast, RFC 7526
        ([192, 168, 0, 0], 16, Private), // RFC 1918
        ([192, 175, 48, 0], 24, Reserved), // direct delegation AS112 service, RFC 7534
        ([198, 18, 0, 0], 15, Reserved), // benchmarking, RFC 2544
        ([198, 51, 100, 0], 24, Reserved), // documentation TEST-NET-2, RFC 5737
        ([203, 0, 113, 0], 24, Reserved), // documentation TEST-NET-3, RFC 5737
        ([224, 0, 0, 0], 4, Multicast), // RFC 5771
        ([255, 255, 255, 255], 32, Broadcast), // limited broadcast, RFC 8190, RFC 919 §7
        ([240, 0, 0, 0], 4, Reserved),  // reserved for future use, RFC 1112 §4
    ]
};

fn ipv4_class(a: Ipv4Addr) -> Option<AddressClass> {
    let n = u32::from(a);
    IPV4_TABLE
        .iter()
        .find(|(net, len, _)| in_v4(n, *net, *len))
        .map(|(_, _, class)| *class)
}

/// What an IPv6 block means: a class of its own, or the class of the IPv4 address it
/// carries (the embeddings of [`embedded_ipv4`]).
#[derive(Clone, Copy)]
enum V6 {
    Own(AddressClass),
    Carried,
}

/// The IANA IPv6 Special-Purpose Address Registry (as of 2026), each block with its RFC, and
/// the unicast and multicast blocks of the addressing architecture (RFC 4291) it leaves out.
/// The first matching row decides, so a block precedes any wider one holding it.
const IPV6_TABLE: [(u128, u32, V6); 27] = {
    use AddressClass::*;
    use V6::*;
    [
        (0, 128, Own(Unspecified)),                                      // RFC 4291 §2.5.2
        (1, 128, Own(Loopback)),                                         // RFC 4291 §2.5.3
        (0xffff << 32, 96, Carried),                                     // IPv4-mapped, RFC 4291 §2.5.5.2
        (0xffff_0000 << 32, 96, Carried),                                // IPv4-translated, RFC 2765 §2.1
        (0, 96, Carried),                                                // IPv4-compatible, RFC 4291 §2.5.5.1
        (0x0064_ff9b << 96, 96, Carried),                                // IPv4-IPv6 translation, RFC 6052
        (0x0064_ff9b_0001 << 80, 48, Carried),                           // local-use translation, RFC 8215
        (0x0100 << 112, 64, Own(Reserved)),                              // discard-only, RFC 6666
        (0x0100_0000_0000_0001 << 64, 64, Own(Reserved)),                // dummy prefix, RFC 9780
        (0x2001_0000 << 96, 32, Carried),                                // Teredo, RFC 4380
        (0x2001_0001_0000_0000_0000_0000_0000_0001, 128, Own(Reserved)), // PCP anycast, RFC 7723
        (0x2001_0001_0000_0000_0000_0000_0000_0002, 128, Own(Reserved)), // TURN anycast, RFC 8155
        (0x2001_0001_0000_0000_0000_0000_0000_0003, 128, Own(Reserved)), // DNS-SD SRP anycast, RFC 9665
        (0x2001_0002_0000 << 80, 48, Own(Reserved)),                     // benchmarking, RFC 5180
        (0x2001_0003 << 96, 32, Own(Reserved)),                          // AMT, RFC 7450
        (0x2001_0004_0112 << 80, 48, Own(Reserved)),                     // AS112-v6, RFC 7535
        (0x2001_0010 << 96, 28, Own(Reserved)),                          // deprecated ORCHID, RFC 4843
        (0x2001_0020 << 96, 28, Own(Reserved)),                          // ORCHIDv2, RFC 7343
        (0x2001_0030 << 96, 28, Own(Reserved)),                          // drone remote ID DETs, RFC 9374
        (0x2001 << 112, 23, Own(Reserved)), // IETF protocol assignments, RFC 2928
        (0x2001_0db8 << 96, 32, Own(Reserved)), // documentation, RFC 3849
        (0x2002 << 112, 16, Carried),       // 6to4, RFC 3056
        (0x2620_004f_8000 << 80, 48, Own(Reserved)), // direct delegation AS112, RFC 7534
        (0x3fff << 112, 20, Own(Reserved)), // documentation, RFC 9637
        (0x5f00 << 112, 16, Own(Reserved)), // SRv6 SIDs, RFC 9602
        (0xfc00 << 112, 7, Own(Private)),   // unique local, RFC 4193
        (0xfe80 << 112, 10, Own(LinkLocal)), // link-local unicast, RFC 4291 §2.5.6
    ]
};

fn ipv6_class(a: Ipv6Addr) -> Option<AddressClass> {
    let n = u128::from(a);
    let within = |net: u128, len: u32| (n ^ net) >> (128 - len) == 0;
    match IPV6_TABLE.iter().find(|(net, len, _)| within(*net, *len)) {
        Some((_, _, V6::Own(class))) => Some(*class),
        Some((_, _, V6::Carried)) => None,
        // Outside the registry: site-local (deprecated, RFC 3879) and multicast (RFC 4291 §2.7).
        None if within(0xfec0 << 112, 10) => Some(AddressClass::Reserved),
        None if within(0xff00 << 112, 8) => Some(AddressClass::Multicast),
        None => None,
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
/// aliases `/etc/hosts` gives the loopback addresses on common systems: `localhost.localdomain`,
/// `localhost4`, `localhost4.localdomain4`, `localhost6`, `localhost6.localdomain6` (Red Hat,
/// Fedora), `ip6-localhost` and `ip6-loopback` (Debian).
///
/// ```
/// use urlkit::lint::is_localhost_name;
/// assert!(is_localhost_name("localhost") && is_localhost_name("api.localhost."));
/// assert!(is_localhost_name("localhost6.localdomain6") && is_localhost_name("ip6-loopback"));
/// assert!(!is_localhost_name("localhost.example.com") && !is_localhost_name("notlocalhost"));
/// ```
pub fn is_localhost_name(host: &str) -> bool {
    const ALIASES: [&[u8]; 7] = [
        b"localhost.localdomain",
        b"localhost4",
        b"localhost4.localdomain4",
        b"localhost6",
        b"localhost6.localdomain6",
        b"ip6-localhost",
        b"ip6-loopback",
    ];
    let host = host.strip_suffix('.').unwrap_or(host);
    let b = host.as_bytes();
    // Every name ends in `t`, `n`, `k`, `4` or `6` (the final dot is gone).
    if !matches!(
        b.last().map(u8::to_ascii_lowercase),
        Some(b't' | b'n' | b'k' | b'4' | b'6')
    ) {
        return false;
    }
    let n = b.len();
    (n == 9 && b.eq_ignore_ascii_case(b"localhost"))
        || (n > 10 && b[n - 10] == b'.' && b[n - 9..].eq_ignore_ascii_case(b"localhost"))
        || ALIASES.iter().any(|a| b.eq_ignore_ascii_case(a))
}
