//! Schemes: the URL Standard's special schemes and one registry of default ports.
//!
//! Special schemes and their ports: <https://url.spec.whatwg.org/#special-scheme>.
//! The other ports come from the scheme's own specification: RFC 1738 §3 (ftp 21, http 80,
//! gopher 70, nntp 119, telnet 23, wais 210, prospero 1525), RFC 5538 (snews 563),
//! RFC 6455 (ws/wss), and the IANA service registry for the common rest.

/// A special scheme of the URL Standard
/// (<https://url.spec.whatwg.org/#special-scheme>).
///
/// ```
/// use urlkit::scheme::SpecialScheme;
/// assert_eq!(SpecialScheme::from_scheme("https"), Some(SpecialScheme::Https));
/// assert_eq!(SpecialScheme::Https.default_port(), Some(443));
/// assert_eq!(SpecialScheme::File.default_port(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpecialScheme {
    /// `ftp`, default port 21.
    Ftp,
    /// `file`, no default port.
    File,
    /// `http`, default port 80.
    Http,
    /// `https`, default port 443.
    Https,
    /// `ws`, default port 80.
    Ws,
    /// `wss`, default port 443.
    Wss,
}

impl SpecialScheme {
    /// Every special scheme: the one table of them (the parser, the fast path and
    /// `can_parse` all read it).
    pub(crate) const ALL: [SpecialScheme; 6] = [
        SpecialScheme::Https,
        SpecialScheme::Http,
        SpecialScheme::File,
        SpecialScheme::Wss,
        SpecialScheme::Ws,
        SpecialScheme::Ftp,
    ];

    /// The special scheme named `scheme` (already lower-case, as the parser stores it).
    ///
    /// ```
    /// assert!(urlkit::scheme::SpecialScheme::from_scheme("gopher").is_none());
    /// ```
    #[inline]
    pub fn from_scheme(scheme: &str) -> Option<Self> {
        Some(match scheme.as_bytes() {
            b"http" => SpecialScheme::Http,
            b"https" => SpecialScheme::Https,
            b"ws" => SpecialScheme::Ws,
            b"wss" => SpecialScheme::Wss,
            b"ftp" => SpecialScheme::Ftp,
            b"file" => SpecialScheme::File,
            _ => return None,
        })
    }

    /// The special scheme named `scheme` in any ASCII case (as written in an input).
    pub(crate) fn from_scheme_ignore_case(scheme: &[u8]) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.as_str().as_bytes().eq_ignore_ascii_case(scheme))
    }

    /// The scheme's name, lower-case.
    ///
    /// ```
    /// assert_eq!(urlkit::scheme::SpecialScheme::Wss.as_str(), "wss");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            SpecialScheme::Ftp => "ftp",
            SpecialScheme::File => "file",
            SpecialScheme::Http => "http",
            SpecialScheme::Https => "https",
            SpecialScheme::Ws => "ws",
            SpecialScheme::Wss => "wss",
        }
    }

    /// The default port, `None` for `file`.
    ///
    /// ```
    /// assert_eq!(urlkit::scheme::SpecialScheme::Ftp.default_port(), Some(21));
    /// ```
    pub const fn default_port(self) -> Option<u16> {
        match self {
            SpecialScheme::Ftp => Some(21),
            SpecialScheme::File => None,
            SpecialScheme::Http | SpecialScheme::Ws => Some(80),
            SpecialScheme::Https | SpecialScheme::Wss => Some(443),
        }
    }
}

/// The port a URL with scheme `special` keeps: `None` when `port` is the scheme's default
/// (the [port state](https://url.spec.whatwg.org/#port-state)'s step 2.1.3).
#[inline]
pub(crate) fn port_unless_default(special: Option<SpecialScheme>, port: u16) -> Option<u16> {
    (special.and_then(SpecialScheme::default_port) != Some(port)).then_some(port)
}

/// Default ports by scheme name (lower-case), sorted by name for binary search.
const DEFAULT_PORTS: &[(&str, u16)] = &[
    ("amqp", 5672),
    ("amqps", 5671),
    ("coap", 5683),
    ("coaps", 5684),
    ("ftp", 21),
    ("ftps", 990),
    ("git", 9418),
    ("gopher", 70),
    ("http", 80),
    ("https", 443),
    ("imap", 143),
    ("imaps", 993),
    ("ipp", 631),
    ("irc", 194),
    ("ircs", 6697),
    ("ldap", 389),
    ("ldaps", 636),
    ("mms", 1755),
    ("mongodb", 27017),
    ("mqtt", 1883),
    ("mysql", 3306),
    ("news", 119),
    ("nfs", 2049),
    ("nntp", 119),
    ("pop", 110),
    ("pops", 995),
    ("postgres", 5432),
    ("postgresql", 5432),
    ("prospero", 1525),
    ("redis", 6379),
    ("rediss", 6379),
    ("rsync", 873),
    ("rtsp", 554),
    ("sftp", 22),
    ("sip", 5060),
    ("sips", 5061),
    ("smb", 445),
    ("snews", 563),
    ("snmp", 161),
    ("ssh", 22),
    ("svn", 3690),
    ("telnet", 23),
    ("tn3270", 23),
    ("wais", 210),
    ("ws", 80),
    ("wss", 443),
    ("xmpp", 5222),
];

/// The default port of `scheme` (matched case-insensitively, as scheme names are, RFC 3986
/// §3.1 and RFC 1738 §2.1), for every scheme urlkit knows: the special schemes, every RFC 1738
/// scheme, and common others. Unknown schemes give `None`.
///
/// This is wider than the URL Standard's notion of a default port, which only special schemes
/// have: the WHATWG parser uses [`SpecialScheme::default_port`]; RFC 3986 normalization and
/// the RFC 1738 views use this registry.
///
/// ```
/// use urlkit::scheme::default_port;
/// assert_eq!(default_port("gopher"), Some(70));
/// assert_eq!(default_port("HTTPS"), Some(443));
/// assert_eq!(default_port("snews"), Some(563));
/// assert_eq!(default_port("made-up"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    let mut buf = [0u8; 16];
    let bytes = scheme.as_bytes();
    if bytes.len() > buf.len() {
        return None;
    }
    let lower = &mut buf[..bytes.len()];
    lower.copy_from_slice(bytes);
    lower.make_ascii_lowercase();
    DEFAULT_PORTS
        .binary_search_by(|(name, _)| name.as_bytes().cmp(lower))
        .ok()
        .map(|i| DEFAULT_PORTS[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_is_sorted_and_unique() {
        for w in DEFAULT_PORTS.windows(2) {
            assert!(w[0].0 < w[1].0, "{} before {}", w[0].0, w[1].0);
        }
    }

    #[test]
    fn special_schemes_agree_with_registry() {
        for s in ["ftp", "http", "https", "ws", "wss"] {
            let sp = SpecialScheme::from_scheme(s).unwrap();
            assert_eq!(sp.default_port(), default_port(s));
        }
        assert_eq!(default_port("file"), None);
    }

    #[test]
    fn rfc1738_ports() {
        for (s, p) in [
            ("ftp", 21),
            ("http", 80),
            ("gopher", 70),
            ("nntp", 119),
            ("telnet", 23),
            ("wais", 210),
            ("prospero", 1525),
        ] {
            assert_eq!(default_port(s), Some(p), "{s}");
        }
    }
}
