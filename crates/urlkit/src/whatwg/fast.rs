//! A fast path for input that is already a canonical special URL, such as
//! `https://example.com/a/b?q=1#top`: one scan checks that the parser would copy every byte
//! unchanged (lower-case ASCII domain, no credentials, canonical port, no byte to encode, no
//! dot segment, no backslash), and the URL is then the input itself plus its offsets.
//!
//! It is conservative: anything it is unsure of (IPv4-looking or `xn--` hosts, segments
//! starting with `.` or `%`, …) goes to the full parser. Debug builds check every fast
//! result against the full parser.

use super::encode::skip_copy;
use crate::chars::{COPY, END_SPECIAL, PATH_SPECIAL_CLASS, SPECIAL_QUERY_CLASS};
use crate::host::HostInternal;
use crate::offsets::Offsets;
use crate::scheme::SpecialScheme;
use crate::Url;
use alloc::string::String;

/// Bytes of a lower-case host (COPY): ASCII lower-case letters, digits, `-` and `.`.
static HOST_LOWER_CLASS: [u8; 256] = {
    let mut t = [1u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.' {
            t[i] = COPY;
        }
        i += 1;
    }
    t
};

/// Bytes the fast path accepts in a host: ASCII letters, digits, `-` and `.` (COPY);
/// everything else ends the host or sends the input to the full parser.
static HOST_CLASS: [u8; 256] = {
    let mut t = [1u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'.' {
            t[i] = COPY;
        }
        i += 1;
    }
    t
};

/// A class table with [`COPY`] for the bytes `set` leaves alone, 1 for the others.
const fn copy_class(set: &crate::percent::sets::AsciiSet) -> [u8; 256] {
    let enc = set.encode_table();
    let mut t = [COPY; 256];
    let mut i = 0;
    while i < 256 {
        if enc[i] {
            t[i] = 1;
        }
        i += 1;
    }
    t
}

/// Fragment bytes copied unchanged (the fragment percent-encode set's complement).
static FRAGMENT_CLASS: [u8; 256] = copy_class(&crate::percent::sets::FRAGMENT);
/// Userinfo bytes copied unchanged (the userinfo percent-encode set's complement).
static USERINFO_CLASS: [u8; 256] = copy_class(&crate::percent::sets::USERINFO);

/// Where the components of a canonical input are.
struct Layout {
    scheme: SpecialScheme,
    /// The scheme or the host has upper-case letters, which the copy lower-cases.
    lower_case: bool,
    username_end: usize,
    host_start: usize,
    host_end: usize,
    host: HostInternal,
    port: Option<u16>,
    /// `None` when the input has no path and `/` must be inserted at `after_authority`.
    path_start: Option<usize>,
    after_authority: usize,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
}

/// The special schemes with a host that the fast path knows, with their `://` prefix.
const PREFIXES: [(&[u8], SpecialScheme); 5] = [
    (b"https://", SpecialScheme::Https),
    (b"http://", SpecialScheme::Http),
    (b"wss://", SpecialScheme::Wss),
    (b"ws://", SpecialScheme::Ws),
    (b"ftp://", SpecialScheme::Ftp),
];

/// The credentials in `userinfo` if the parser would copy them unchanged: returns the
/// username's length.
fn plain_userinfo(userinfo: &[u8]) -> Option<usize> {
    let (user, pass) = match userinfo.iter().position(|&c| c == b':') {
        Some(i) => (&userinfo[..i], Some(&userinfo[i + 1..])),
        None => (userinfo, None),
    };
    // The serializer drops an empty password's ":" and an empty userinfo's "@".
    if pass.is_some_and(<[u8]>::is_empty) || user.is_empty() && pass.is_none() {
        return None;
    }
    let plain = |part: &[u8]| skip_copy(part, &USERINFO_CLASS) == part.len();
    (plain(user) && pass.map_or(true, plain)).then_some(user.len())
}

/// The host kind if the host parser would keep `host` as is (up to ASCII case): a domain
/// without `xn--` labels (IDNA checks those), or a dotted-decimal IPv4 address. One pass,
/// label by label.
fn plain_host(host: &[u8]) -> Option<HostInternal> {
    if host.last().map_or(true, |&c| c == b'.') {
        return None;
    }
    let mut start = 0;
    loop {
        let end = host[start..]
            .iter()
            .position(|&c| c == b'.')
            .map_or(host.len(), |i| start + i);
        let label = &host[start..end];
        if label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--") {
            return None;
        }
        if end == host.len() {
            // Ends in a number: only canonical dotted-decimal addresses stay on the fast path.
            return if label.first().is_some_and(u8::is_ascii_digit) {
                canonical_ipv4(host).map(HostInternal::Ipv4)
            } else {
                Some(HostInternal::Domain)
            };
        }
        start = end + 1;
    }
}

/// `a.b.c.d` with four decimal parts of 0 to 255 without leading zeros.
fn canonical_ipv4(host: &[u8]) -> Option<core::net::Ipv4Addr> {
    let mut parts = [0u8; 4];
    let mut n = 0;
    for part in host.split(|&c| c == b'.') {
        let slot = parts.get_mut(n)?;
        if part.is_empty() || part.len() > 3 || (part.len() > 1 && part[0] == b'0') {
            return None;
        }
        let mut v: u32 = 0;
        for &d in part {
            if !d.is_ascii_digit() {
                return None;
            }
            v = v * 10 + u32::from(d - b'0');
        }
        *slot = u8::try_from(v).ok()?;
        n += 1;
    }
    (n == 4).then(|| core::net::Ipv4Addr::from(parts))
}

/// The authority of a canonical input.
struct Authority {
    username_end: usize,
    host_start: usize,
    host_end: usize,
    end: usize,
    host: HostInternal,
    port: Option<u16>,
    /// The host has upper-case letters.
    upper: bool,
}

/// A canonical `port` at `b[i..]` followed by the end of the authority: (its end, the port).
fn port_then_end(b: &[u8], i: usize, scheme: SpecialScheme) -> Option<(usize, u16)> {
    let text = b.get(i..)?;
    let digits = text.iter().take_while(|c| c.is_ascii_digit()).count();
    // No leading zero, in range, not the default: the parser would rewrite anything else.
    if digits == 0 || digits > 5 || text[0] == b'0' {
        return None;
    }
    if !matches!(text.get(digits), None | Some(b'/' | b'?' | b'#')) {
        return None;
    }
    let value = text[..digits]
        .iter()
        .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
    let value = u16::try_from(value).ok()?;
    (scheme.default_port() != Some(value)).then_some((i + digits, value))
}

/// The authority starting at `start`: first the common lower-case `host[:port]`, then the
/// general case with credentials and upper case.
fn authority(b: &[u8], start: usize, scheme: SpecialScheme) -> Option<Authority> {
    let host_end = start + skip_copy(&b[start..], &HOST_LOWER_CLASS);
    let quick = match b.get(host_end) {
        None | Some(b'/' | b'?' | b'#') => Some((host_end, None)),
        Some(b':') => port_then_end(b, host_end + 1, scheme).map(|(end, p)| (end, Some(p))),
        _ => None,
    };
    if let Some((end, port)) = quick {
        return Some(Authority {
            username_end: start,
            host_start: start,
            host_end,
            end,
            host: plain_host(&b[start..host_end])?,
            port,
            upper: false,
        });
    }
    let rest = &b[start..];
    let end = start
        + rest
            .iter()
            .position(|&c| END_SPECIAL[c as usize])
            .unwrap_or(rest.len());
    let (username_end, host_start) = match b[start..end].iter().rposition(|&c| c == b'@') {
        Some(at) => (start + plain_userinfo(&b[start..start + at])?, start + at + 1),
        None => (start, start),
    };
    let host_end = host_start + skip_copy(&b[host_start..end], &HOST_CLASS);
    let host_text = &b[host_start..host_end];
    let port = match b.get(host_end) {
        Some(b':') => Some(
            port_then_end(b, host_end + 1, scheme)
                .filter(|&(e, _)| e == end)?
                .1,
        ),
        _ if host_end == end => None,
        _ => return None,
    };
    Some(Authority {
        username_end,
        host_start,
        host_end,
        end,
        host: plain_host(host_text)?,
        port,
        upper: host_text.iter().any(u8::is_ascii_uppercase),
    })
}

/// The layout of `b` if the full parser would copy it unchanged, but for ASCII case and a
/// missing `/` path.
fn scan(b: &[u8]) -> Option<Layout> {
    let exact = PREFIXES.iter().find(|(p, _)| b.starts_with(p));
    let (prefix, scheme) = match exact {
        Some(found) => found,
        None => PREFIXES
            .iter()
            .find(|(p, _)| b.len() >= p.len() && b[..p.len()].eq_ignore_ascii_case(p))?,
    };
    let auth_start = prefix.len();
    let a = authority(b, auth_start, *scheme)?;
    let (username_end, host_start, host_end, auth_end, host, port) =
        (a.username_end, a.host_start, a.host_end, a.end, a.host, a.port);
    let lower_case = a.upper || exact.is_none();
    let mut i = auth_end;
    let path_start = match b.get(i) {
        Some(b'/') => Some(i),
        None | Some(b'?' | b'#') => None,
        Some(_) => return None,
    };
    while b.get(i) == Some(&b'/') {
        // Dot segments (".", "..", "%2e", ...) all start with '.' or '%': leave them to the parser.
        if matches!(b.get(i + 1), Some(b'.' | b'%')) {
            return None;
        }
        i += 1 + skip_copy(&b[i + 1..], &PATH_SPECIAL_CLASS);
    }
    let mut query_start = None;
    if b.get(i) == Some(&b'?') {
        query_start = Some(i);
        i += 1 + skip_copy(&b[i + 1..], &SPECIAL_QUERY_CLASS);
    }
    let mut fragment_start = None;
    if b.get(i) == Some(&b'#') {
        fragment_start = Some(i);
        i += 1 + skip_copy(&b[i + 1..], &FRAGMENT_CLASS);
    }
    (i == b.len()).then_some(Layout {
        scheme: *scheme,
        lower_case,
        username_end,
        host_start,
        host_end,
        host,
        port,
        path_start,
        after_authority: auth_end,
        query_start,
        fragment_start,
    })
}

/// Whether `input` is a canonical special URL that the fast path parses.
pub(crate) fn is_canonical(input: &str) -> bool {
    scan(input.as_bytes()).is_some()
}

/// The URL, when `input` is canonical (a missing path becomes `/`, ASCII case is folded).
pub(crate) fn parse_canonical(input: &str) -> Option<Url> {
    let b = input.as_bytes();
    let l = scan(b)?;
    u32::try_from(b.len() + 1).ok()?;
    let mut serialization = String::with_capacity(b.len() + 1);
    let inserted = match l.path_start {
        Some(_) => {
            serialization.push_str(input);
            0
        }
        None => {
            serialization.push_str(&input[..l.after_authority]);
            serialization.push('/');
            serialization.push_str(&input[l.after_authority..]);
            1
        }
    };
    let scheme_end = l.scheme.as_str().len();
    if l.lower_case {
        serialization[..scheme_end].make_ascii_lowercase();
        serialization[l.host_start..l.host_end].make_ascii_lowercase();
    }
    let shifted = |v: usize| (v + inserted) as u32;
    let offsets = Offsets {
        scheme_end: scheme_end as u32,
        username_end: l.username_end as u32,
        host_start: l.host_start as u32,
        host_end: l.host_end as u32,
        path_start: l.path_start.unwrap_or(l.after_authority) as u32,
        query_start: l.query_start.map(shifted),
        fragment_start: l.fragment_start.map(shifted),
    };
    Some(Url {
        serialization,
        offsets,
        host: l.host,
        port: l.port,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_canonical_and_leaves_the_rest() {
        for s in [
            "https://example.com/a/b?q=1#top",
            "http://a-b.c:8080",
            "ws://h?x",
            "ftp://h#f",
            "http://h/a.b/c.",
        ] {
            let fast = parse_canonical(s).expect(s);
            let full = crate::whatwg::parse(s, None, &mut crate::error::Reporter::none()).unwrap();
            assert_eq!(fast.as_str(), full.as_str());
            assert_eq!(fast.offsets, full.offsets, "{s}");
        }
        for s in [
            "http://1.2.3/",
            "http://01.2.3.4/",
            "http://1.2.3.256/",
            "http://h.0x1/",
            "http://xn--a.b/",
            "http://a.XN--b/",
            "http://h./",
            "http://@h/",
            "http://u:@h/",
            "http://u:p:q@h/",
            "http://a@b@h/",
            "http://u@/",
            "http://h:80/",
            "http://h:/",
            "http://h:080/",
            "http://h:99999/",
            "http://h/./",
            "http://h/%2e",
            "http://h/a b",
            "http://h\\a",
            "http:/h/",
            "file:///x",
            "sc://h/",
            " http://h/",
            "http://h/?a'",
            "http://h/#a`",
            "http://h_/",
        ] {
            assert!(parse_canonical(s).is_none(), "{s}");
        }
    }
}
