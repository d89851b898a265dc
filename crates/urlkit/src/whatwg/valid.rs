//! `can_parse` without a base, decided without building the URL (and without allocating)
//! for the inputs whose validity depends only on plain ASCII: the parser can fail only in
//! the scheme (no scheme without a base), in the authority (credentials without a host, an
//! empty special host), in the host parser and in the port state. Paths, queries and
//! fragments never fail, so they are not looked at.
//!
//! Anything that needs percent-decoding, UTS 46 (non-ASCII or `xn--` hosts) or tab and
//! newline removal is left to the full parser (`None`).

use super::encode::skip_copy;
use crate::chars::{find_port_colon, is_c0_or_space, END_NON_SPECIAL, END_SPECIAL, SCHEME_CHAR};
use crate::error::Reporter;
use crate::host::ipv4::{ends_in_a_number, parse_ipv4, Positions};
use crate::host::opaque::{FORBIDDEN_DOMAIN, FORBIDDEN_HOST};
use crate::scheme::SpecialScheme;

/// Bytes of a special host that the host parser keeps valid without looking further (COPY):
/// ASCII, not a forbidden domain code point, not `%` (percent-decoding), not `-` (looked at
/// for `xn--` labels).
static HOST_OK_CLASS: [u8; 256] = {
    let mut t = [1u8; 256];
    let mut i = 0;
    while i < 0x80 {
        let b = i as u8;
        if !FORBIDDEN_DOMAIN.contains(b) && b != b'-' {
            t[i] = crate::chars::COPY;
        }
        i += 1;
    }
    t
};

/// The common case of `can_parse`: `http://` or `https://` (or another special scheme and
/// `://`), a host of plain ASCII bytes, an optional port, then the end of the authority.
/// `Some(true)` if that surely parses; `None` when unsure (the general check decides);
/// `Some(false)` when the host has a non-ASCII byte: only the full parser (UTS 46) can tell.
pub(crate) fn special_authority_parses(input: &str) -> Option<bool> {
    let b = input.as_bytes();
    let (start, _, _) = super::fast::prefix(b)?;
    let mut j = start;
    loop {
        j += skip_copy(&b[j..], &HOST_OK_CLASS);
        if b.get(j) != Some(&b'-') {
            break;
        }
        // An `xn--` label (which IDNA must check) is seen at its first `-`.
        let label_start = j >= start + 2 && (j - 2 == start || b[j - 3] == b'.');
        if label_start && b[j - 2..j].eq_ignore_ascii_case(b"xn") && b.get(j + 1) == Some(&b'-') {
            return None;
        }
        j += 1;
    }
    let host = &b[start..j];
    // A last label that may be a number (ends in a hex digit, `x` or `.`) is looked at: if
    // it is one, the IPv4 parser decides, in the general check. (`0X` and hex digits count
    // in either case, so upper case changes nothing.)
    let &last = host.last()?;
    if (last.is_ascii_hexdigit() || matches!(last, b'x' | b'X' | b'.')) && ends_in_a_number(host) {
        return None;
    }
    match b.get(j) {
        None | Some(b'/' | b'?' | b'#' | b'\\') => {}
        Some(b':') => {
            let digits = b[j + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits > 5 || !matches!(b.get(j + 1 + digits), None | Some(b'/' | b'?' | b'#' | b'\\')) {
                return None;
            }
            let port = b[j + 1..j + 1 + digits]
                .iter()
                .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
            if port > 65535 {
                return None;
            }
        }
        Some(&c) if c >= 0x80 => return Some(false),
        _ => return None,
    }
    Some(true)
}

/// Whether `input` parses without a base: `Some(answer)`, or `None` when the full parser
/// must decide.
pub(crate) fn parses(input: &str) -> Option<bool> {
    let b = input.as_bytes();
    let start = b.iter().position(|&c| !is_c0_or_space(c)).unwrap_or(b.len());
    let end = b
        .iter()
        .rposition(|&c| !is_c0_or_space(c))
        .map_or(start, |i| i + 1);
    let b = b.get(start..end)?;
    if super::input::find_tab_or_newline(b).is_some() {
        return None;
    }
    // Scheme start and scheme states: without a scheme there is no base to fall back on.
    if !b.first()?.is_ascii_alphabetic() {
        return Some(false);
    }
    let len = 1 + b[1..].iter().take_while(|&&c| SCHEME_CHAR[c as usize]).count();
    if b.get(len) != Some(&b':') {
        return Some(false);
    }
    let rest = &b[len + 1..];
    let special = special_scheme(&b[..len]);
    match special {
        None => {
            // Path, opaque path: never fail. Authority of a non-special URL otherwise.
            match rest.strip_prefix(b"//") {
                Some(auth) => authority(auth, false),
                None => Some(true),
            }
        }
        Some(SpecialScheme::File) => file(rest),
        Some(_) => {
            // Special authority slashes and ignore slashes states: any run of `/` and `\`.
            let skip = rest.iter().take_while(|&&c| c == b'/' || c == b'\\').count();
            authority(&rest[skip..], true)
        }
    }
}

/// The special scheme `s` names, ASCII case-insensitively.
fn special_scheme(s: &[u8]) -> Option<SpecialScheme> {
    const ALL: [(&[u8], SpecialScheme); 6] = [
        (b"https", SpecialScheme::Https),
        (b"http", SpecialScheme::Http),
        (b"file", SpecialScheme::File),
        (b"wss", SpecialScheme::Wss),
        (b"ws", SpecialScheme::Ws),
        (b"ftp", SpecialScheme::Ftp),
    ];
    ALL.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(s))
        .map(|&(_, k)| k)
}

/// File state onwards, without a base: only a host after `//` (or `\\`) can fail.
fn file(rest: &[u8]) -> Option<bool> {
    let slash = |c: Option<&u8>| matches!(c, Some(b'/' | b'\\'));
    if !(slash(rest.first()) && slash(rest.get(1))) {
        return Some(true);
    }
    let after = &rest[2..];
    let end = after
        .iter()
        .position(|&c| END_SPECIAL[c as usize])
        .unwrap_or(after.len());
    let host = &after[..end];
    // A Windows drive letter is a path; an empty host is fine.
    if host.is_empty() || crate::chars::is_windows_drive_letter(host) {
        return Some(true);
    }
    domain(host)
}

/// Authority, host and port states on the authority starting at `auth`.
fn authority(auth: &[u8], special: bool) -> Option<bool> {
    let table = if special { &END_SPECIAL } else { &END_NON_SPECIAL };
    let end = auth.iter().position(|&c| table[c as usize]).unwrap_or(auth.len());
    let auth = &auth[..end];
    let host_port = match auth.iter().rposition(|&c| c == b'@') {
        // Credentials need a host after them.
        Some(at) if at + 1 == auth.len() => return Some(false),
        Some(at) => &auth[at + 1..],
        None => auth,
    };
    let (host, port) = match find_port_colon(host_port) {
        // A port needs a host before it.
        Some(0) => return Some(false),
        Some(c) => (&host_port[..c], Some(&host_port[c + 1..])),
        None => (host_port, None),
    };
    if let Some(p) = port {
        if !p.iter().all(u8::is_ascii_digit) {
            return Some(false);
        }
        // Leading zeros are fine; the value must fit 16 bits.
        let digits = &p[p.iter().take_while(|&&c| c == b'0').count()..];
        if digits.len() > 5 || digits.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0')) > 65535 {
            return Some(false);
        }
    }
    if host.is_empty() {
        return Some(!special);
    }
    if host.first() == Some(&b'[') {
        return Some(ipv6(host));
    }
    if !special {
        // The opaque-host parser fails only on a forbidden host code point.
        return Some(!host.iter().any(|&c| FORBIDDEN_HOST.contains(c)));
    }
    domain(host)
}

/// The host parser on `[...]`: an IPv6 address.
fn ipv6(host: &[u8]) -> bool {
    host.strip_prefix(b"[")
        .and_then(|h| h.strip_suffix(b"]"))
        .is_some_and(|inner| crate::host::ipv6::parse(inner, 0, &mut Reporter::none()).is_ok())
}

/// The host parser on a non-empty special host: IPv6, or plain ASCII (no `%`, no `xn--`
/// label); else `None`.
fn domain(host: &[u8]) -> Option<bool> {
    if host.first() == Some(&b'[') {
        return Some(ipv6(host));
    }
    let mut forbidden = false;
    for &c in host {
        if c >= 0x80 || c == b'%' {
            return None;
        }
        forbidden |= FORBIDDEN_DOMAIN.contains(c);
    }
    if host
        .split(|&c| c == b'.')
        .any(|label| label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--"))
    {
        return None;
    }
    if forbidden {
        return Some(false);
    }
    // The IPv4 parser takes `0X` and hex digits in either case, so the lower-casing of the
    // domain changes nothing here.
    if ends_in_a_number(host) {
        return Some(
            parse_ipv4(
                host,
                Positions {
                    offset: 0,
                    exact: true,
                },
                &mut Reporter::none(),
            )
            .is_ok(),
        );
    }
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::{parses, special_authority_parses};

    #[test]
    fn agrees_with_the_parser() {
        for s in [
            "http://h/",
            "HTTP://U:P@H.COM:08080/x",
            "http://h:65536/",
            "http://h:65535/",
            "http://h:/",
            "http://:1/",
            "http://u@/",
            "http:\\\\h",
            "http:h",
            "http:",
            "http://",
            "http://a b/",
            "http://a{b/",
            "http://1.2.3.4.5/",
            "http://0x7F.1/",
            "http://1.2.3.09/",
            "http://[::1]/",
            "http://[::1/",
            "http://[::g]/",
            "file:///x",
            "file://c:/x",
            "file://h o/x",
            "file://h/x",
            "file://[::1]/x",
            "file://[example]/",
            "file:x",
            "sc:x y",
            "sc://a b/",
            "sc://[::1]:8/",
            "sc://:8/",
            "sc://u@/",
            "sc://",
            "sc:///x",
            "1http://h/",
            "h ttp://h/",
            "nocolon",
            "",
            "  http://h/  ",
            "javascript:go(1)",
            "http://h:1x/",
            "http://h:00000000080/",
        ] {
            if let Some(answer) = parses(s) {
                assert_eq!(answer, crate::Url::parse(s).is_ok(), "{s:?}");
            }
        }
        for s in [
            "http://h/",
            "https://a-b.c_d:8080?x",
            "http://a.b-c.d:65535#f",
            "http://a.b:65536/",
            "http://a.b:/",
            "http://xn--a.com/",
            "http://a.XN--b.com/",
            "http://a.1/",
            "http://a.0x/",
            "http://example.com./",
            "http://a{b}.c/",
            "http://a%41.com/",
            "http://a b.com/",
            "http://u@h.com/",
            "http://h.com\\x",
            "http://h.com:1a/",
            "ws://h",
            "http://",
        ] {
            if special_authority_parses(s) == Some(true) {
                assert!(crate::Url::parse(s).is_ok(), "{s:?}");
            }
        }
        assert_eq!(
            special_authority_parses("https://a-b.example.org:8080/x"),
            Some(true)
        );
        assert_eq!(special_authority_parses("https://xn--a.org/"), None);
        assert_eq!(special_authority_parses("https://bücher.de/"), Some(false));
        assert_eq!(parses("http://h/"), Some(true));
        assert_eq!(parses("http://h\t/"), None);
        assert_eq!(parses("http://xn--a/"), None);
        assert_eq!(parses("http://b%C3%BC/"), None);
    }
}
