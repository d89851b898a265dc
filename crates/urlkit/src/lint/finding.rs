//! Findings: a stable [`Code`], a [`Severity`], the byte span in the input, a message and a
//! help text, with typed [`Detail`] where a check has more to say than its message.

use alloc::string::String;
use core::fmt;
use core::net::{IpAddr, Ipv6Addr};
use core::ops::Range;

use super::address::{AddressClass, Embedding};

/// How serious a finding is. Ordered: `Note < Warning < Error`.
///
/// ```
/// use urlkit::lint::Severity;
/// assert!(Severity::Note < Severity::Warning && Severity::Warning < Severity::Error);
/// assert_eq!(Severity::Warning.as_str(), "warning");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing, usually harmless (a non-default port, a repaired input).
    Note,
    /// Suspicious: legitimate uses exist, but a filter or a reader may be fooled.
    Warning,
    /// Almost always an attack or a leak (a password, an encoded CR LF, a confusable domain).
    Error,
}

impl Severity {
    /// The lower-case name: `note`, `warning` or `error`.
    ///
    /// ```
    /// assert_eq!(urlkit::lint::Severity::Error.as_str(), "error");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $code:literal, $name:literal, $sev:ident, $help:literal; )*) => {
        /// A finding's kind. Each has a stable code (`L001`, …: documented in the
        /// [module docs](crate::lint), never renumbered; new kinds get new numbers), a
        /// kebab-case name, a default severity and a help text.
        ///
        /// ```
        /// use urlkit::lint::{Code, Severity};
        /// assert_eq!(Code::Password.as_str(), "L001");
        /// assert_eq!(Code::Password.name(), "password");
        /// assert_eq!(Code::Password.severity(), Severity::Error);
        /// assert_eq!(Code::from_code("L001"), Some(Code::Password));
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $( $(#[$doc])* $variant, )*
        }

        impl Code {
            /// Every code, in numeric order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable code, `L` and three digits.
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $code,)* }
            }

            /// The kebab-case name.
            pub const fn name(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// The severity findings of this kind have unless a check says otherwise.
            pub const fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$sev,)* }
            }

            /// What to do about it.
            pub const fn help(self) -> &'static str {
                match self { $(Code::$variant => $help,)* }
            }
        }
    };
}

codes! {
    /// A password in the userinfo (RFC 1738 §6, RFC 3986 §7.5).
    Password = "L001", "password", Error,
        "remove the password: it leaks into logs, history and Referer headers; authenticate out of band";
    /// A user name in the userinfo (RFC 3986 §3.2.1 deprecates `user:password`; names leak too).
    Username = "L002", "username", Warning,
        "remove the user name, or pass credentials out of band";
    /// A port that is not the scheme's default.
    NonDefaultPort = "L010", "non-default-port", Note,
        "check that the service on this port is the one meant";
    /// The well-known port of another protocol (RFC 1738 §6: a URL that makes a client talk
    /// SMTP, FTP, IRC, …; the Fetch Standard's bad ports).
    OtherProtocolPort = "L011", "other-protocol-port", Warning,
        "refuse ports of other protocols: the request bytes may be read as that protocol's commands";
    /// A percent-encoded CR, LF or NUL: protocol smuggling (RFC 1738 §6, RFC 3986 §7.3).
    EncodedLineBreak = "L020", "encoded-line-break", Error,
        "reject the URL: a decoded CR, LF or NUL can split a request line or header";
    /// Another percent-encoded control character (C0 or DEL).
    EncodedControl = "L021", "encoded-control", Warning,
        "reject or strip encoded control characters before the value reaches a protocol";
    /// A percent-encoded `/` or `\` in the path (back-end transcoding, RFC 3986 §7.3): a
    /// warning where the decoded path has a dot segment next to it (`..%2f`), a note alone
    /// (package names, DOIs).
    EncodedPathSeparator = "L022", "encoded-path-separator", Warning,
        "a back end that decodes before routing sees another path; decode once and re-check";
    /// A path segment that is a dot segment once decoded (`%2e%2e`, `.%2e`, …).
    EncodedDotSegment = "L023", "encoded-dot-segment", Warning,
        "decode and remove dot segments before any access check on the path";
    /// Double percent-encoding: `%25` followed by two hex digits.
    DoubleEncoding = "L024", "double-encoding", Warning,
        "decode exactly once: a second decoding layer sees different characters than the filter";
    /// A percent-encoded octet in the host of a special URL: WHATWG readers decode it, RFC
    /// 3986 readers keep it, and so see different hosts.
    EncodedHost = "L025", "encoded-host", Warning,
        "write the host decoded: a filter and a client that differ on decoding see different hosts";
    /// A raw C0 control character or DEL inside the URL: an error for CR, LF and NUL, a
    /// warning for the others, as its percent-encoded form (the WHATWG parser encodes or
    /// drops it; other readers pass it on).
    RawControl = "L026", "raw-control", Error,
        "reject the URL: a reader that takes the control character as it is can split a request line or header";
    /// An IPv4 address in a rare form: hex, octal, one integer or fewer than four parts
    /// (RFC 3986 §7.4).
    Ipv4Form = "L030", "ipv4-form", Warning,
        "write the address in dotted decimal; filters that match text miss other forms";
    /// An address an SSRF filter must refuse: loopback, private, shared (CGNAT), link-local
    /// (cloud metadata), unspecified, multicast, broadcast, reserved.
    InternalAddress = "L031", "internal-address", Warning,
        "do not fetch internal addresses on behalf of a user; check the resolved address too";
    /// An IPv6 address carrying an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64, 6to4,
    /// Teredo).
    EmbeddedIpv4 = "L032", "embedded-ipv4", Note,
        "check the embedded IPv4 address like any other";
    /// `localhost`, a `*.localhost` name or another loopback name.
    LocalhostName = "L033", "localhost-name", Warning,
        "localhost names resolve to the loopback interface (RFC 6761 §6.3)";
    /// Userinfo that looks like a host: `https://bank.example@evil.example/` (RFC 3986 §7.6).
    UserinfoLikeHost = "L040", "userinfo-like-host", Error,
        "the host is what follows the last `@`; a reader sees the userinfo as the site";
    /// `?` or `#` right after the host, then an `@` before any `/`: a reader that ends the
    /// authority only at `/` (older PHP `parse_url`) takes the host after the `@`.
    HostAfterAt = "L041", "host-after-at", Warning,
        "put a `/` after the host: readers that end the host only at `/` read the host after the `@`";
    /// The WHATWG parser and the RFC 3986 parser disagree on a component.
    ParserDifferential = "L050", "parser-differential", Warning,
        "a filter and a client using different parsers act on different URLs; reject or normalize first";
    /// The input is not an RFC 3986 URI (it may still be a WHATWG URL).
    NotRfc3986 = "L051", "not-rfc3986", Note,
        "percent-encode the characters RFC 3986 does not allow so strict parsers accept it";
    /// The WHATWG parser had to repair the input (a validation error).
    ValidationError = "L060", "validation-error", Note,
        "write the URL as the parser serializes it";
    /// The WHATWG parser fails on the input: it is not a URL.
    NotAUrl = "L061", "not-a-url", Error,
        "the input is not an absolute URL";
    /// A domain label that mixes scripts (UTS 39 §5.1, restriction level above highly restrictive).
    IdnMixedScript = "L070", "idn-mixed-script", Warning,
        "mixed-script labels are a homograph staple; check which site this really is";
    /// A domain label with characters UTS 39's General Security Profile restricts.
    IdnRestricted = "L071", "idn-restricted", Warning,
        "the label uses characters that are not recommended in identifiers";
    /// A domain confusable with an ASCII domain (UTS 39 §4 skeletons).
    IdnConfusable = "L072", "idn-confusable", Error,
        "this domain looks like another, ASCII one; compare the punycode form";
    /// A domain with an IDNA 2008 deviation character (ß, ς, ZWJ, ZWNJ; UTS 46 §4): IDNA 2003
    /// (transitional) readers map it and look up another domain.
    IdnDeviation = "L073", "idn-deviation", Warning,
        "older IDNA readers resolve another domain (ß as ss, ς as σ, joiners removed); check both";
    /// A `javascript:` or `vbscript:` URL: script, not a link.
    ScriptScheme = "L080", "script-scheme", Error,
        "never follow or render script URLs where a web link is expected";
    /// A `data:` URL: content inline, not a link.
    DataScheme = "L081", "data-scheme", Warning,
        "data: URLs carry their own content (often HTML or script); allow only where intended";
    /// A `file:` URL: the local file system.
    FileScheme = "L082", "file-scheme", Warning,
        "file: URLs read local files; never fetch them for a remote user";
    /// An excessively long URL, host or label.
    ExcessiveLength = "L090", "excessive-length", Warning,
        "many servers and browsers refuse URLs longer than 2,048 bytes; long URLs hide their host";
    /// A decoded RFC 1738 part that would put CR or LF in a protocol line: an FTP command,
    /// a gopher selector, a mailto header, …
    Rfc1738Smuggling = "L100", "rfc1738-smuggling", Error,
        "reject the URL: the decoded part would inject a command or header";
    /// The scheme is not one the policy allows.
    SchemeNotAllowed = "L200", "scheme-not-allowed", Error,
        "use one of the schemes the policy allows";
    /// The port is not one the policy allows.
    PortNotAllowed = "L201", "port-not-allowed", Error,
        "use one of the ports the policy allows";
    /// The host's registrable domain is on the policy's deny list.
    HostDenied = "L202", "host-denied", Error,
        "this site is on the deny list";
    /// The policy has an allow list and the host's registrable domain is not on it.
    HostNotAllowed = "L203", "host-not-allowed", Error,
        "only sites on the allow list may be fetched";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Code {
    /// The code whose [`as_str`](Code::as_str) or [`name`](Code::name) is `s`.
    ///
    /// ```
    /// use urlkit::lint::Code;
    /// assert_eq!(Code::from_code("parser-differential"), Some(Code::ParserDifferential));
    /// assert_eq!(Code::from_code("L999"), None);
    /// ```
    pub fn from_code(s: &str) -> Option<Code> {
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.as_str() == s || c.name() == s)
    }
}

/// A URL component, as the differential check names it.
///
/// ```
/// assert_eq!(urlkit::lint::Component::Host.as_str(), "host");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Component {
    /// The scheme.
    Scheme,
    /// The userinfo (user name and password).
    Userinfo,
    /// The host.
    Host,
    /// The port (the default port when none is written).
    Port,
    /// The path.
    Path,
}

impl Component {
    /// The lower-case name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
        }
    }
}

/// More about a finding, for programs (the message says the same for people).
///
/// ```
/// use urlkit::lint::{lint, Code, Detail};
/// let findings = lint("http://0x7f.1/");
/// let f = findings.iter().find(|f| f.code() == Code::InternalAddress).unwrap();
/// assert!(matches!(f.detail(), Some(Detail::Address { address, .. }) if address.to_string() == "127.0.0.1"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Detail {
    /// The two parsers' answers on one component (`None`: the component is absent, or that
    /// parser failed).
    Differential {
        /// The component they disagree on.
        component: Component,
        /// The WHATWG parser's answer.
        whatwg: Option<String>,
        /// The RFC 3986 parser's answer.
        rfc3986: Option<String>,
    },
    /// The address the host really means.
    Address {
        /// The address (for an embedding, the IPv4 address carried).
        address: IpAddr,
        /// Its class, when it is not a public address.
        class: Option<AddressClass>,
        /// The IPv6 address it was carried in, and how.
        embedded_in: Option<(Ipv6Addr, Embedding)>,
    },
    /// A port and the protocol it belongs to.
    Port {
        /// The port.
        port: u16,
        /// The protocol whose well-known port it is, if any.
        protocol: Option<&'static str>,
    },
    /// An internationalized domain in both forms.
    Idn {
        /// The Unicode form.
        unicode: String,
        /// The ASCII (punycode) form.
        ascii: String,
        /// For a confusable: the ASCII domain it looks like.
        lookalike: Option<String>,
    },
    /// The WHATWG validation error.
    Validation(crate::ValidationError),
}

/// One finding: what, how serious, where in the input, and what to do.
///
/// ```
/// let findings = urlkit::lint::lint("https://user:secret@example.com/");
/// let f = findings.iter().find(|f| f.code() == urlkit::lint::Code::Password).unwrap();
/// assert_eq!((f.code().as_str(), f.severity().as_str()), ("L001", "error"));
/// assert_eq!(&"https://user:secret@example.com/"[f.span()], "secret");
/// assert!(f.message().contains("password"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    code: Code,
    severity: Severity,
    span: Range<usize>,
    message: String,
    detail: Option<Detail>,
}

impl Finding {
    /// A finding of `code` at its default severity.
    ///
    /// ```
    /// use urlkit::lint::{Code, Finding};
    /// let f = Finding::new(Code::DataScheme, 0..4, "data: url".into());
    /// assert_eq!(f.span(), 0..4);
    /// ```
    pub fn new(code: Code, span: Range<usize>, message: String) -> Self {
        Finding {
            code,
            severity: code.severity(),
            span,
            message,
            detail: None,
        }
    }

    /// This finding with `severity` instead of its code's default.
    ///
    /// ```
    /// use urlkit::lint::{Code, Finding, Severity};
    /// let f = Finding::new(Code::DoubleEncoding, 0..1, "x".into()).with_severity(Severity::Note);
    /// assert_eq!(f.severity(), Severity::Note);
    /// ```
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// This finding with `detail`.
    ///
    /// ```
    /// use urlkit::lint::{Code, Detail, Finding};
    /// let f = Finding::new(Code::NonDefaultPort, 0..1, "x".into())
    ///     .with_detail(Detail::Port { port: 8080, protocol: None });
    /// assert!(f.detail().is_some());
    /// ```
    pub fn with_detail(mut self, detail: Detail) -> Self {
        self.detail = Some(detail);
        self
    }

    /// The kind.
    ///
    /// ```
    /// let f = &urlkit::lint::lint("javascript:alert(1)")[0];
    /// assert_eq!(f.code(), urlkit::lint::Code::ScriptScheme);
    /// ```
    pub fn code(&self) -> Code {
        self.code
    }

    /// How serious it is.
    ///
    /// ```
    /// let f = &urlkit::lint::lint("javascript:alert(1)")[0];
    /// assert_eq!(f.severity(), urlkit::lint::Severity::Error);
    /// ```
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// The byte range of the input the finding is about (may be empty, at a position).
    ///
    /// ```
    /// let f = &urlkit::lint::lint("javascript:alert(1)")[0];
    /// assert_eq!(f.span(), 0..10);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// What was found, lower-case, without a trailing dot.
    ///
    /// ```
    /// let f = &urlkit::lint::lint("javascript:alert(1)")[0];
    /// assert!(f.message().starts_with("javascript:"));
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// What to do about it (the code's help).
    ///
    /// ```
    /// let f = &urlkit::lint::lint("javascript:alert(1)")[0];
    /// assert_eq!(f.help(), f.code().help());
    /// ```
    pub fn help(&self) -> &'static str {
        self.code.help()
    }

    /// Typed details, where the check has them.
    ///
    /// ```
    /// let f = &urlkit::lint::lint("javascript:alert(1)")[0];
    /// assert!(f.detail().is_none());
    /// ```
    pub fn detail(&self) -> Option<&Detail> {
        self.detail.as_ref()
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {} (bytes {}..{})",
            self.severity, self.code, self.message, self.span.start, self.span.end
        )
    }
}
