//! The checks on one parsed URL that need no more than its components: credentials, ports,
//! hosts that are addresses or loopback names, userinfo that looks like a host, schemes,
//! length.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use core::ops::Range;

use super::address::{address_class, embedded_ipv4, is_localhost_name};
use super::check::{Check, Context, Needs};
use super::differential::push_debug_str;
use super::finding::{Code, Detail, Finding};
use super::spans::LazySpans;
use crate::{Host, Url};

/// The longest URL the linter takes as ordinary (sitemaps' and many servers' limit; IE's was 2,083).
pub const MAX_URL_LENGTH: usize = 2048;

/// The [Fetch Standard's bad ports](https://fetch.spec.whatwg.org/#bad-port) (ports of other
/// protocols a browser refuses to send HTTP to), with their protocols.
pub(crate) const BAD_PORTS: [(u16, &str); 83] = [
    (0, "reserved"),
    (1, "tcpmux"),
    (7, "echo"),
    (9, "discard"),
    (11, "systat"),
    (13, "daytime"),
    (15, "netstat"),
    (17, "qotd"),
    (19, "chargen"),
    (20, "ftp-data"),
    (21, "ftp"),
    (22, "ssh"),
    (23, "telnet"),
    (25, "smtp"),
    (37, "time"),
    (42, "name"),
    (43, "nicname"),
    (53, "domain"),
    (69, "tftp"),
    (77, "rje"),
    (79, "finger"),
    (87, "link"),
    (95, "supdup"),
    (101, "hostname"),
    (102, "iso-tsap"),
    (103, "gppitnp"),
    (104, "acr-nema"),
    (109, "pop2"),
    (110, "pop3"),
    (111, "sunrpc"),
    (113, "auth"),
    (115, "sftp"),
    (117, "uucp-path"),
    (119, "nntp"),
    (123, "ntp"),
    (135, "epmap"),
    (137, "netbios-ns"),
    (139, "netbios-ssn"),
    (143, "imap"),
    (161, "snmp"),
    (179, "bgp"),
    (389, "ldap"),
    (427, "svrloc"),
    (465, "smtp+ssl"),
    (512, "exec"),
    (513, "login"),
    (514, "shell"),
    (515, "printer"),
    (526, "tempo"),
    (530, "courier"),
    (531, "chat"),
    (532, "netnews"),
    (540, "uucp"),
    (548, "afp"),
    (554, "rtsp"),
    (556, "remotefs"),
    (563, "nntp+ssl"),
    (587, "smtp (submission)"),
    (601, "syslog-conn"),
    (636, "ldap+ssl"),
    (989, "ftps-data"),
    (990, "ftps"),
    (993, "imap+ssl"),
    (995, "pop3+ssl"),
    (1719, "h323gatestat"),
    (1720, "h323hostcall"),
    (1723, "pptp"),
    (2049, "nfs"),
    (3659, "apple-sasl"),
    (4045, "npp"),
    (4190, "sieve"),
    (5060, "sip"),
    (5061, "sips"),
    (6000, "x11"),
    (6566, "sane-port"),
    (6665, "irc"),
    (6666, "irc"),
    (6667, "irc"),
    (6668, "irc"),
    (6669, "irc"),
    (6679, "osaut"),
    (6697, "irc+tls"),
    (10080, "amanda"),
];

/// Ports of services that must never see HTTP from a fetcher and that Fetch does not list.
const SERVICE_PORTS: [(u16, &str); 7] = [
    (2375, "docker api"),
    (3306, "mysql"),
    (5432, "postgresql"),
    (6379, "redis"),
    (9200, "elasticsearch"),
    (11211, "memcached"),
    (27017, "mongodb"),
];

/// The protocol whose well-known port `port` is, if it is another protocol's than `scheme`'s.
pub(crate) fn other_protocol(port: u16, scheme: &str) -> Option<&'static str> {
    let (_, name) = BAD_PORTS.iter().chain(&SERVICE_PORTS).find(|(p, _)| *p == port)?;
    let own = crate::scheme::default_port(scheme) == Some(port);
    (!own).then_some(*name)
}

pub(crate) fn credentials(url: &Url, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    // `{prefix}{user:?}`, without the formatting machinery for a user name of printable
    // ASCII (the serializer percent-encodes the rest).
    let message = |prefix: &str| {
        let mut message = String::with_capacity(prefix.len() + url.username().len() + 2);
        message.push_str(prefix);
        push_debug_str(&mut message, url.username());
        debug_assert_eq!(message, format!("{prefix}{:?}", url.username()));
        message
    };
    if !url.password_str().is_empty() {
        let span = spans.get().password.clone().unwrap_or_default();
        let message = message("the url carries a password for user ");
        out.push(Finding::new(Code::Password, span, message));
    } else if !url.username().is_empty() {
        let span = spans.get().username.clone().unwrap_or_default();
        let message = message("the url carries the user name ");
        out.push(Finding::new(Code::Username, span, message));
    }
}

#[inline]
pub(crate) fn port(url: &Url, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    if let Some(port) = url.port() {
        port_findings(url, port, spans, out);
    }
}

/// [`port`] for a URL with a port (out of line: most URLs have none, and the formatting
/// would spread the common path over more instruction-cache lines).
#[cold]
#[inline(never)]
fn port_findings(url: &Url, port: u16, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    let scheme = url.scheme();
    let detail = |protocol| Detail::Port { port, protocol };
    let mut span = || spans.get().port.clone().unwrap_or_default();
    // The messages without the formatting machinery: a scheme is ASCII alphanumerics, `+`,
    // `-` and `.`, which `{:?}` writes as they are.
    let mut message = String::with_capacity(64);
    message.push_str("port ");
    crate::decimal::push_str(port, &mut message);
    if let Some(protocol) = other_protocol(port, scheme) {
        let span = span();
        message.push_str(" is the well-known port of ");
        message.push_str(protocol);
        message.push_str(", not \"");
        message.push_str(scheme);
        message.push('"');
        debug_assert_eq!(
            message,
            format!("port {port} is the well-known port of {protocol}, not {scheme:?}")
        );
        out.push(Finding::new(Code::OtherProtocolPort, span, message).with_detail(detail(Some(protocol))));
    } else if crate::scheme::default_port(scheme).is_some_and(|d| d != port) {
        let span = span();
        message.push_str(" is not ");
        message.push_str(scheme);
        message.push_str("'s default port");
        debug_assert_eq!(message, format!("port {port} is not {scheme}'s default port"));
        out.push(Finding::new(Code::NonDefaultPort, span, message).with_detail(detail(None)));
    }
}

/// The host a client connects to: the URL's, and for a non-special URL its opaque host
/// read as a special host would be (a `gopher:` or `dict:` client resolves `0x7f.1` too).
pub(crate) fn effective_host(url: &Url) -> Option<Host<alloc::string::String>> {
    match url.host()? {
        Host::Opaque(o) => {
            let decoded = crate::percent::percent_decode_str(o).decode_utf8_lossy();
            Host::parse(&decoded).ok()
        }
        Host::Domain(d) => Some(Host::Domain(d.into())),
        Host::Ipv4(a) => Some(Host::Ipv4(a)),
        Host::Ipv6(a) => Some(Host::Ipv6(a)),
        Host::Empty => None,
    }
}

/// Rare IPv4 forms, internal address classes, IPv6 embeddings and loopback names.
#[inline]
pub(crate) fn host(
    input: &str,
    url: &Url,
    // By reference: a copy is one wide load of what was stored a field at a time (the tag
    // alone, then the text), which waits for those stores; a match reads the tag alone.
    host: &Option<Host<&str>>,
    spans: &mut LazySpans<'_>,
    out: &mut Vec<Finding>,
) {
    match *host {
        // The common case: a domain is only a finding as a loopback name.
        Some(Host::Domain(d)) => {
            // A WHATWG domain is lower-case: one that does not end in the last four letters
            // of a loopback name is not one, without a call (and without a branch on the
            // last letter, which `.net` and `.it` share with `localhost`).
            let named = may_be_loopback_name(d.as_bytes()) && is_localhost_name(d);
            debug_assert_eq!(named, is_localhost_name(d), "{d:?}");
            if named {
                localhost(d, spans, out);
            }
        }
        None => {}
        _ => address_host(input, url, *host, spans, out),
    }
}

/// Whether the lower-case domain `d` may be a loopback name ([`is_localhost_name`]): it
/// ends, but for a final dot, in `host` (`localhost`), `back` (`ip6-loopback`), `main`
/// (`localhost.localdomain`), `ost4`, `ost6` (`localhost4`), `ain4` or `ain6`
/// (`localhost4.localdomain4`), and has at least 9 bytes.
#[inline(always)]
fn may_be_loopback_name(d: &[u8]) -> bool {
    let d = d.strip_suffix(b".").unwrap_or(d);
    let Some(tail) = d
        .len()
        .checked_sub(4)
        .filter(|_| d.len() >= 9)
        .and_then(|at| d.get(at..))
    else {
        return false;
    };
    let mut last = [0; 4];
    last.copy_from_slice(tail);
    let last = u32::from_le_bytes(last);
    let word = |w: &[u8; 4]| u32::from_le_bytes(*w);
    let common = (last == word(b"host")) | (last == word(b"back")) | (last == word(b"main"));
    // `ost4`, `ost6`, `ain4`, `ain6`: three letters, then `4` or `6` (0x34 and 0x36, the
    // same but for bit 1), after a branch few domains take.
    common || {
        let (head, digit) = (last & 0x00ff_ffff, (last >> 24) as u8);
        digit | 2 == b'6' && ((head == word(b"ost\0")) | (head == word(b"ain\0")))
    }
}

#[cold]
fn localhost(d: &str, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    let span = spans.get().host.clone().unwrap_or_default();
    // `{d:?} names the loopback interface`, without the formatting machinery.
    let mut message = String::with_capacity(d.len() + 32);
    push_debug_str(&mut message, d);
    message.push_str(" names the loopback interface");
    debug_assert_eq!(message, format!("{d:?} names the loopback interface"));
    out.push(Finding::new(Code::LocalhostName, span, message));
}

fn address_host(
    input: &str,
    url: &Url,
    host: Option<Host<&str>>,
    spans: &mut LazySpans<'_>,
    out: &mut Vec<Finding>,
) {
    let owned;
    let host = match host {
        // An opaque host without `%` is printable ASCII with no forbidden domain code point,
        // so read as a special host it is a domain (only lower-cased) unless it ends in a
        // number or is a bracketed address: then only a loopback name can be a finding.
        Some(Host::Opaque(o))
            if !o.contains('%')
                && !o.starts_with('[')
                && !crate::host::ipv4::ends_in_a_number(o.as_bytes())
                && !is_localhost_name(o) =>
        {
            return
        }
        Some(Host::Opaque(_)) => {
            owned = effective_host(url);
            match &owned {
                Some(Host::Domain(d)) => Host::Domain(d.as_str()),
                Some(Host::Ipv4(a)) => Host::Ipv4(*a),
                Some(Host::Ipv6(a)) => Host::Ipv6(*a),
                _ => return,
            }
        }
        Some(h) => h,
        None => return,
    };
    match host {
        Host::Ipv4(addr) => {
            let span = spans.get().host.clone().unwrap_or_default();
            let written = input.get(span.clone()).unwrap_or("");
            if written.parse::<core::net::Ipv4Addr>().ok() != Some(addr) {
                let message = format!("{written:?} is an ipv4 address in a rare form: it means {addr}");
                let detail = Detail::Address {
                    address: IpAddr::V4(addr),
                    class: address_class(IpAddr::V4(addr)),
                    embedded_in: None,
                };
                out.push(Finding::new(Code::Ipv4Form, span.clone(), message).with_detail(detail));
            }
            internal(IpAddr::V4(addr), None, span, out);
        }
        Host::Ipv6(addr) => {
            let span = spans.get().host.clone().unwrap_or_default();
            let embedded = embedded_ipv4(addr);
            if let Some((how, v4)) = embedded {
                let message = format!("{addr} is an ipv6 address carrying {v4} ({})", how.as_str());
                let detail = Detail::Address {
                    address: IpAddr::V4(v4),
                    class: address_class(IpAddr::V4(v4)),
                    embedded_in: Some((addr, how)),
                };
                out.push(Finding::new(Code::EmbeddedIpv4, span.clone(), message).with_detail(detail));
            }
            internal(IpAddr::V6(addr), embedded, span, out);
        }
        Host::Domain(d) if is_localhost_name(d) => localhost(d, spans, out),
        _ => {}
    }
}

fn internal(
    addr: IpAddr,
    embedded: Option<(super::address::Embedding, core::net::Ipv4Addr)>,
    span: Range<usize>,
    out: &mut Vec<Finding>,
) {
    let Some(class) = address_class(addr) else { return };
    // The cloud metadata service's addresses, compared as addresses (not as text).
    const METADATA_V4: Ipv4Addr = Ipv4Addr::new(169, 254, 169, 254);
    const METADATA_V6: Ipv6Addr = Ipv6Addr::new(0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254);
    let metadata = addr == IpAddr::V4(METADATA_V4)
        || addr == IpAddr::V6(METADATA_V6)
        || embedded.is_some_and(|(_, v4)| v4 == METADATA_V4);
    debug_assert_eq!(
        metadata,
        matches!(addr.to_string().as_str(), "169.254.169.254" | "fd00:ec2::254")
            || embedded.is_some_and(|(_, v4)| v4.octets() == [169, 254, 169, 254])
    );
    let note = if metadata {
        ", the cloud metadata service"
    } else {
        ""
    };
    let message = match embedded {
        Some((how, v4)) if super::address::address_class(IpAddr::V4(v4)) == Some(class) => {
            format!(
                "{addr} carries the {} address {v4} ({}){note}",
                class.as_str(),
                how.as_str()
            )
        }
        _ => {
            // Without the formatting machinery for an IPv4 address (most internal ones).
            let mut message = String::with_capacity(64);
            match addr {
                IpAddr::V4(a) => {
                    for (k, octet) in a.octets().into_iter().enumerate() {
                        if k > 0 {
                            message.push('.');
                        }
                        crate::decimal::push_str(octet, &mut message);
                    }
                }
                IpAddr::V6(a) => {
                    use core::fmt::Write;
                    // A `String` takes any write.
                    let _ = write!(message, "{a}");
                }
            }
            message.push_str(" is a ");
            message.push_str(class.as_str());
            message.push_str(" address");
            message.push_str(note);
            debug_assert_eq!(message, format!("{addr} is a {} address{note}", class.as_str()));
            message
        }
    };
    let detail = Detail::Address {
        address: addr,
        class: Some(class),
        embedded_in: None,
    };
    out.push(Finding::new(Code::InternalAddress, span, message).with_detail(detail));
}

/// `https://bank.example@evil.example/`: the user name reads as a host (RFC 3986 §7.6).
pub(crate) fn userinfo_like_host(url: &Url, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    let user = url.username();
    if user.is_empty() {
        return;
    }
    let decoded = crate::percent::percent_decode_str(user).decode_utf8_lossy();
    if !decoded.contains('.') {
        return;
    }
    let looks = match Host::parse(&decoded) {
        Ok(Host::Ipv4(_)) => true,
        Ok(Host::Domain(d)) => looks_like_a_site(&d),
        _ => false,
    };
    if looks {
        let span = spans.get().username.clone().unwrap_or_default();
        let message = format!(
            "the user name {:?} looks like a host, but the host is {:?}",
            &*decoded,
            url.hostname()
        );
        out.push(Finding::new(Code::UserinfoLikeHost, span, message));
    }
}

/// Whether the domain `d` has a registrable domain under a listed public suffix (or a
/// special-use one, RFC 6761 and RFC 2606): `first.last` is a name, `bank.example` a site.
pub(crate) fn looks_like_a_site(d: &str) -> bool {
    const SPECIAL_USE: [&str; 6] = ["example", "test", "invalid", "localhost", "local", "internal"];
    let Some(parts) = crate::domain::split(d) else {
        return false;
    };
    let tld = parts
        .public_suffix()
        .trim_end_matches('.')
        .rsplit('.')
        .next()
        .unwrap_or("");
    let listed = parts.section() != crate::domain::Section::Unlisted || SPECIAL_USE.contains(&tld);
    listed && d.trim_end_matches('.').contains('.')
}

#[inline]
pub(crate) fn scheme(s: &str, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    // The first byte rules out most schemes (`http`, `https`) at once.
    if !matches!(s.as_bytes().first(), Some(b'j' | b'v' | b'd' | b'f'))
        || !matches!(s, "javascript" | "vbscript" | "data" | "file")
    {
        return;
    }
    scheme_finding(s, spans, out);
}

/// [`scheme`] for `javascript`, `vbscript`, `data` and `file` (out of line, as
/// [`port_findings`]).
#[cold]
#[inline(never)]
fn scheme_finding(s: &str, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    let span = spans.get().scheme.clone();
    let finding = match s {
        "javascript" | "vbscript" => Finding::new(Code::ScriptScheme, span, format!("{s}: url runs script")),
        "data" => Finding::new(
            Code::DataScheme,
            span,
            "data: url carries its own content".to_string(),
        ),
        "file" => Finding::new(Code::FileScheme, span, "file: url names a local file".to_string()),
        _ => return,
    };
    out.push(finding);
}

/// `long_label`: whether the host (a domain) has a label over 63 bytes.
#[inline]
pub(crate) fn length(
    input: &str,
    // By reference, as for [`host`].
    host: &Option<Host<&str>>,
    long_label: bool,
    spans: &mut LazySpans<'_>,
    out: &mut Vec<Finding>,
) {
    let long_host = matches!(*host, Some(Host::Domain(d)) if d.len() > 253 || long_label);
    if input.len() > MAX_URL_LENGTH || long_host {
        length_findings(input, *host, long_label, spans, out);
    }
}

/// [`length`] for an input or a host over its limit (out of line, as [`port_findings`]).
#[cold]
#[inline(never)]
fn length_findings(
    input: &str,
    host: Option<Host<&str>>,
    long_label: bool,
    spans: &mut LazySpans<'_>,
    out: &mut Vec<Finding>,
) {
    if input.len() > MAX_URL_LENGTH {
        let message = format!("the url is {} bytes long (over {MAX_URL_LENGTH})", input.len());
        out.push(Finding::new(Code::ExcessiveLength, 0..input.len(), message));
    }
    if let Some(Host::Domain(d)) = host {
        if d.len() > 253 || long_label {
            let span = spans.get().host.clone().unwrap_or_default();
            let what = if long_label {
                "a label over 63 bytes"
            } else {
                "over 253 bytes"
            };
            let message = format!(
                "the host is {} bytes long with {what}: dns cannot resolve it",
                d.len()
            );
            out.push(Finding::new(Code::ExcessiveLength, span, message));
        }
    }
}

/// `javascript:`, `vbscript:`, `data:` and `file:` URLs (L080–L082).
pub(crate) struct Scheme;

impl Check for Scheme {
    const CODES: &'static [Code] = &[Code::ScriptScheme, Code::DataScheme, Code::FileScheme];
    /// Every URL has a scheme.
    const NEEDS: Needs = Needs::ANY;
    #[inline(always)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        scheme(cx.scheme, &mut cx.spans, out);
    }
}

/// A password or a user name in the userinfo (L001, L002).
pub(crate) struct Credentials;

impl Check for Credentials {
    const CODES: &'static [Code] = &[Code::Password, Code::Username];
    /// Userinfo is a component of the parsed URL, not a byte class.
    const NEEDS: Needs = Needs::ANY;
    #[inline(always)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        if cx.url.has_credentials() {
            credentials(cx.url, &mut cx.spans, out);
        }
    }
}

/// A user name that reads as a host (L040).
pub(crate) struct UserinfoLikeHost;

impl Check for UserinfoLikeHost {
    const CODES: &'static [Code] = &[Code::UserinfoLikeHost];
    /// As [`Credentials`].
    const NEEDS: Needs = Needs::ANY;
    #[inline(always)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        if cx.url.has_credentials() {
            userinfo_like_host(cx.url, &mut cx.spans, out);
        }
    }
}

/// A port other than the scheme's default, or another protocol's (L010, L011).
pub(crate) struct Port;

impl Check for Port {
    const CODES: &'static [Code] = &[Code::NonDefaultPort, Code::OtherProtocolPort];
    /// A port is a component of the parsed URL.
    const NEEDS: Needs = Needs::ANY;
    #[inline(always)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        port(cx.url, &mut cx.spans, out);
    }
}

/// Hosts that are addresses in rare forms, internal or carrying IPv4, and loopback names
/// (L030–L033).
pub(crate) struct Address;

impl Check for Address {
    const CODES: &'static [Code] = &[
        Code::Ipv4Form,
        Code::InternalAddress,
        Code::EmbeddedIpv4,
        Code::LocalhostName,
    ];
    /// The host as the parser reads it (an address written canonically is the most common
    /// address finding).
    const NEEDS: Needs = Needs::ANY;
    #[inline(always)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        host(cx.input, cx.url, cx.host, &mut cx.spans, out);
    }
}

/// An input or a host over its length limit (L090).
pub(crate) struct Length;

impl Check for Length {
    const CODES: &'static [Code] = &[Code::ExcessiveLength];
    /// Length is no byte class.
    const NEEDS: Needs = Needs::ANY;
    #[inline(always)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        length(cx.input, cx.host, cx.shape.long_label, &mut cx.spans, out);
    }
}

/// `?` or `#` right after the host, then an `@` before any `/` (L041).
pub(crate) struct HostAfterAt;

impl Check for HostAfterAt {
    const CODES: &'static [Code] = &[Code::HostAfterAt];
    /// A special URL's serialization has a path (`/`) right after the host: an input
    /// without one is not canonical.
    const NEEDS: Needs = Needs {
        not_uri: true,
        ..Needs::NOTHING
    };
    #[cold]
    #[inline(never)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        // `?` or `#` right after the host is rare, an `@` after it rarer: the spans are
        // located only when both may be there.
        let may = cx.url.pathname() == "/"
            && cx.host.is_some()
            && cx.url.is_special()
            && (cx.url.query().is_some() || cx.url.fragment().is_some())
            && cx.input.contains('@');
        if may {
            host_after_at(cx.input, cx.url, &mut cx.spans, out);
        }
    }
}

/// A reader that ends the authority only at `/` (older PHP `parse_url`) reads
/// `http://a.example#@b.example/` as user `a.example#` at host `b.example`: the WHATWG
/// authority ends at the `?` or `#`, which such a reader takes for userinfo.
fn host_after_at(input: &str, url: &Url, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    let s = spans.get();
    if s.host.is_none() || !s.path.is_empty() {
        return;
    }
    // Written `scheme://host`: with more slashes (or backslashes) an RFC 3986 reader's
    // authority is empty and its host is no other.
    let after = input.get(s.scheme.end..).unwrap_or_default();
    if !after.starts_with("://") || after[3..].starts_with(['/', '\\']) {
        return;
    }
    let from = s.path.start;
    let end = s.fragment.as_ref().or(s.query.as_ref()).map_or(from, |r| r.end);
    let Some(rest) = input.get(from..end) else { return };
    if !rest.starts_with(['?', '#']) {
        return;
    }
    let authority = rest.split('/').next().unwrap_or_default();
    let Some(at) = authority.rfind('@') else { return };
    let theirs = &authority[at + 1..];
    // Their host, without a port.
    let theirs_host = if theirs.starts_with('[') {
        theirs.find(']').map_or(theirs, |i| &theirs[..=i])
    } else {
        theirs.split(':').next().unwrap_or(theirs)
    };
    let ours = url.host_str().unwrap_or_default();
    if theirs_host.is_empty() || theirs_host.eq_ignore_ascii_case(ours) {
        return;
    }
    let span = from..from + authority.len();
    let message = format!(
        "readers that end the host only at `/` read the host {theirs_host:?} after the `@`, not {ours:?}"
    );
    out.push(Finding::new(Code::HostAfterAt, span, message));
}
