//! Normalization and equivalence (RFC 3986 §6): syntax-based (§6.2.2) and scheme-based
//! (§6.2.3), with IPv6 literals in RFC 5952 text form.

use alloc::string::String;
use core::net::Ipv6Addr;

use super::chars::{is, UNRESERVED};
use super::parse::HostKind;
use super::resolve::{remove_dot_segments_into, Parts};
use super::uri::{Uri, UriRef};

/// Schemes whose specification makes an empty path with an authority mean `/` (§6.2.3):
/// RFC 9110 §4.2.3 (http, https), RFC 6455 §3 (ws, wss), RFC 1738 §3.2 (ftp), RFC 4266 §2
/// (gopher), RFC 4248 §2 (telnet), RFC 7826 (rtsp, rtsps), RFC 7252 §6.4 (coap, coaps).
const EMPTY_PATH_IS_SLASH: &[&str] =
    &["coap", "coaps", "ftp", "gopher", "http", "https", "rtsp", "rtsps", "telnet", "ws", "wss"];

fn hex_value(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        _ => b.wrapping_sub(b'A').wrapping_add(10) & 15,
    }
}

/// Percent-encoding normalization (§6.2.2.1, §6.2.2.2): decodes triplets of unreserved
/// characters, upper-cases the hex digits of the others; `lower` also lower-cases the rest
/// (for the case-insensitive host, §3.2.2). Input is already valid, so every `%` has two
/// hex digits after it.
fn normalize_pct(s: &str, lower: bool, out: &mut String) {
    let push = |out: &mut String, chunk: &str| {
        if lower {
            out.extend(chunk.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            out.push_str(chunk);
        }
    };
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(p) = b[i..].iter().position(|&c| c == b'%') {
        let pct = i + p;
        push(out, &s[i..pct]);
        let (Some(&hi), Some(&lo)) = (b.get(pct + 1), b.get(pct + 2)) else {
            // Not reachable for parsed input; copy the rest unchanged rather than panic.
            i = pct;
            break;
        };
        let byte = hex_value(hi) << 4 | hex_value(lo);
        if is(byte, UNRESERVED) {
            out.push(char::from(if lower { byte.to_ascii_lowercase() } else { byte }));
        } else {
            out.push('%');
            out.push(char::from(hi.to_ascii_uppercase()));
            out.push(char::from(lo.to_ascii_uppercase()));
        }
        i = pct + 3;
    }
    push(out, &s[i..]);
}

/// The host in normal form: IPv6 per RFC 5952 (zone ID kept, RFC 6874), others lower-case
/// with normalized percent-encoding (§6.2.2.1).
fn normalize_host(host: &str, kind: HostKind, out: &mut String) {
    let inner = host.get(1..host.len().saturating_sub(1)).unwrap_or("");
    let (addr, zone) = match kind {
        HostKind::Ipv6 => (inner, None),
        HostKind::Ipv6Zone => match inner.split_once("%25") {
            Some((a, z)) => (a, Some(z)),
            None => (inner, None),
        },
        _ => return normalize_pct(host, true, out),
    };
    let Ok(ip) = addr.parse::<Ipv6Addr>() else {
        return normalize_pct(host, true, out);
    };
    out.push('[');
    if let Some(v4) = ip.to_ipv4_mapped() {
        // RFC 5952 §5: mixed notation for IPv4-mapped addresses.
        out.push_str("::ffff:");
        out.push_str(&alloc::format!("{v4}"));
    } else {
        crate::host::serialize_ipv6(ip, out);
    }
    if let Some(z) = zone {
        // "%25" itself stays encoded; the zone ID is case-sensitive, so only its escapes change.
        out.push_str("%25");
        normalize_pct(z, false, out);
    }
    out.push(']');
}

/// The normalized form of `r` (syntax-based §6.2.2 and scheme-based §6.2.3).
pub(crate) fn normalize(r: &UriRef<'_>) -> String {
    let scheme = r.scheme().map(str::to_ascii_lowercase);
    let mut authority = None;
    if let (Some(host), Some(kind)) = (r.host(), r.host_kind()) {
        let mut a = String::with_capacity(r.authority().map_or(0, str::len));
        if let Some(u) = r.userinfo() {
            normalize_pct(u, false, &mut a);
            a.push('@');
        }
        normalize_host(host, kind, &mut a);
        push_port(r, scheme.as_deref(), &mut a);
        authority = Some(a);
    }
    let mut decoded = String::with_capacity(r.path().len());
    normalize_pct(r.path(), false, &mut decoded);
    let mut path = String::with_capacity(decoded.len() + 1);
    // Dot segments of a relative path are meaningful to resolution; elsewhere resolution
    // would remove them anyway (§5.2.2), so removing them keeps the reference's meaning.
    if scheme.is_some() || authority.is_some() || decoded.starts_with('/') {
        remove_dot_segments_into(&decoded, &mut path);
    } else {
        path = decoded;
    }
    if path.is_empty() && authority.is_some() && scheme.as_deref().is_some_and(|s| EMPTY_PATH_IS_SLASH.contains(&s)) {
        path.push('/');
    }
    let mut query = None;
    if let Some(q) = r.query() {
        let mut s = String::with_capacity(q.len());
        normalize_pct(q, false, &mut s);
        query = Some(s);
    }
    let mut fragment = None;
    if let Some(f) = r.fragment() {
        let mut s = String::with_capacity(f.len());
        normalize_pct(f, false, &mut s);
        fragment = Some(s);
    }
    let parts = Parts {
        scheme: scheme.as_deref(),
        authority: authority.as_deref(),
        path: &path,
        query: query.as_deref(),
        fragment: fragment.as_deref(),
    };
    let mut out = String::with_capacity(r.as_str().len() + 1);
    parts.recompose(&mut out);
    out
}

/// §6.2.3: an empty port or the scheme's default port is dropped; other ports lose leading
/// zeros (the port is a decimal number, §3.2.3).
fn push_port(r: &UriRef<'_>, scheme: Option<&str>, out: &mut String) {
    let Some(port) = r.port() else { return };
    if port.is_empty() {
        return;
    }
    match r.port_number() {
        Some(n) if scheme.and_then(crate::scheme::default_port) == Some(n) => {}
        Some(n) => {
            out.push(':');
            out.push_str(&alloc::format!("{n}"));
        }
        None => {
            out.push(':');
            out.push_str(port);
        }
    }
}

impl UriRef<'_> {
    /// The normalized form (RFC 3986 §6.2.2 syntax-based and §6.2.3 scheme-based): scheme and
    /// host lower-case, IPv6 in RFC 5952 form, percent-encoded unreserved characters decoded
    /// and other escapes' hex upper-case, dot segments removed, empty and default ports
    /// dropped, and an empty path `/` for schemes such as http.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// let r = UriRef::parse("HTTP://www.EXAMPLE.com:80/a/./b/../%7euser/%2f")?;
    /// assert_eq!(r.normalized().as_str(), "http://www.example.com/a/~user/%2F");
    /// assert_eq!(UriRef::parse("https://[2001:DB8:0:0:0:0:0:1]:443")?.normalized().as_str(), "https://[2001:db8::1]/");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn normalized(&self) -> Uri {
        Uri::from_string(normalize(self))
    }
}

impl Uri {
    /// Normalizes in place; see [`UriRef::normalized`].
    ///
    /// ```
    /// let mut u = urlkit::rfc3986::Uri::parse("FTP://Host:21")?;
    /// u.normalize();
    /// assert_eq!(u.as_str(), "ftp://host/");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn normalize(&mut self) {
        *self = self.as_ref().normalized();
    }
}

/// Whether two references are equivalent under RFC 3986 §6.2.2 and §6.2.3 normalization.
///
/// ```
/// use urlkit::rfc3986::{equivalent, UriRef};
/// let a = UriRef::parse("http://info.cern.ch/albert/bertram/marie%2Dclaude")?;
/// let b = UriRef::parse("http://info.cern.ch/albert/bertram/marie-claude")?;
/// let c = UriRef::parse("http://info.cern.ch/albert/bertram%2Fmarie-claude")?;
/// assert!(equivalent(&a, &b));
/// assert!(!equivalent(&b, &c));
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
pub fn equivalent(a: &UriRef<'_>, b: &UriRef<'_>) -> bool {
    a.as_str() == b.as_str() || normalize(a) == normalize(b)
}
