//! A fast path for input that is already a canonical special URL, such as
//! `https://example.com/a/b?q=1#top`: one scan checks that the parser would copy every byte
//! unchanged (lower-case ASCII domain, no credentials, canonical port, no byte to encode, no
//! dot segment, no backslash), and the URL is then the input itself plus its offsets.
//!
//! It is conservative: anything it is unsure of (IPv4-looking or `xn--` hosts, segments
//! starting with `.` or `%`, …) goes to the full parser. Debug builds check every fast
//! result against the full parser.

use super::encode::skip_copy;
use crate::chars::{COPY, PATH_SPECIAL_CLASS, SPECIAL_QUERY_CLASS};
use crate::host::HostInternal;
use crate::offsets::Offsets;
use crate::scheme::SpecialScheme;
use crate::Url;
use alloc::string::String;

/// Bytes the fast path accepts in a host: lower-case ASCII letters, digits, `-` and `.`
/// (COPY); everything else ends the host or sends the input to the full parser.
static HOST_CLASS: [u8; 256] = {
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

/// Fragment bytes copied unchanged (the fragment percent-encode set's complement).
static FRAGMENT_CLASS: [u8; 256] = {
    let enc = crate::percent::sets::FRAGMENT.encode_table();
    let mut t = [COPY; 256];
    let mut i = 0;
    while i < 256 {
        if enc[i] {
            t[i] = 1;
        }
        i += 1;
    }
    t
};

/// Where the components of a canonical input are.
struct Layout {
    scheme: SpecialScheme,
    host_end: usize,
    port: Option<u16>,
    /// `None` when the input has no path and `/` must be inserted at `host_end`-or-port end.
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

/// The layout of `b` if the full parser would copy it unchanged (but for a missing `/` path).
fn scan(b: &[u8]) -> Option<Layout> {
    let (prefix, scheme) = PREFIXES.iter().find(|(p, _)| b.starts_with(p))?;
    let host_start = prefix.len();
    let host_end = host_start + skip_copy(&b[host_start..], &HOST_CLASS);
    if !plain_domain(&b[host_start..host_end]) {
        return None;
    }
    let mut i = host_end;
    let mut port = None;
    if b.get(i) == Some(&b':') {
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let text = &b[i + 1..i + 1 + digits];
        // Only canonical ports: no leading zero, in range, not the default.
        if digits == 0 || digits > 5 || text[0] == b'0' {
            return None;
        }
        let value = text.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
        let value = u16::try_from(value).ok()?;
        if scheme.default_port() == Some(value) {
            return None;
        }
        port = Some(value);
        i += 1 + digits;
    }
    let after_authority = i;
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
        host_end,
        port,
        path_start,
        after_authority,
        query_start,
        fragment_start,
    })
}

/// A domain the host parser would keep as is: non-empty, no `xn--` label (IDNA checks those),
/// not ending in a number (IPv4) nor with a dot.
fn plain_domain(host: &[u8]) -> bool {
    let Some(&last) = host.last() else {
        return false;
    };
    if last == b'.' || host.starts_with(b"xn--") || host.windows(5).any(|w| w == b".xn--") {
        return false;
    }
    let last_label = host.rsplit(|&c| c == b'.').next().unwrap_or(host);
    !last_label.first().is_some_and(u8::is_ascii_digit)
}

/// Whether `input` is a canonical special URL that the fast path parses.
pub(crate) fn is_canonical(input: &str) -> bool {
    scan(input.as_bytes()).is_some()
}

/// The URL, when `input` is canonical (a missing path becomes `/`).
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
    let shifted = |v: usize| (v + inserted) as u32;
    let offsets = Offsets {
        scheme_end: scheme_end as u32,
        username_end: (scheme_end + 3) as u32,
        host_start: (scheme_end + 3) as u32,
        host_end: l.host_end as u32,
        path_start: l.path_start.unwrap_or(l.after_authority) as u32,
        query_start: l.query_start.map(shifted),
        fragment_start: l.fragment_start.map(shifted),
    };
    Some(Url {
        serialization,
        offsets,
        host: HostInternal::Domain,
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
            "HTTP://h/",
            "http://H/",
            "http://1.2.3.4/",
            "http://h.0x1/",
            "http://xn--a.b/",
            "http://h./",
            "http://u@h/",
            "http://h:80/",
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
