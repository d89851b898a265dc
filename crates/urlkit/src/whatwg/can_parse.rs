//! `can_parse` without a base, decided without building the URL (and without allocating)
//! for the inputs whose validity depends only on plain ASCII: the parser can fail only in
//! the scheme (no scheme without a base), in the authority (credentials without a host, an
//! empty special host), in the host parser and in the port state. Paths, queries and
//! fragments never fail, so they are not looked at.
//!
//! Tabs and newlines, which the parser removes from the input first, are skipped where they
//! are. Hosts that need percent-decoding or UTS 46 (non-ASCII hosts) are decided by
//! [`crate::host::domain_parses`], also without allocating; it leaves to the full parser
//! (`None`) only a host with a label longer than its stack buffer once percent-decoded.

use super::authority::port_number;
use super::encode::skip_copy;
use super::scheme::scheme_len;
use crate::error::Reporter;
use crate::host::ipv4::{ends_in_a_number, parse_ipv4, Positions};
use crate::host::opaque::{FORBIDDEN_DOMAIN, FORBIDDEN_HOST};
use crate::scheme::SpecialScheme;
use crate::whatwg::chars::{find_port_colon, is_c0_or_space, END_NON_SPECIAL, END_SPECIAL};

/// Bytes of a special host that the host parser keeps valid without looking further (COPY):
/// ASCII, not a forbidden domain code point, not `%` (percent-decoding). (An ASCII domain is
/// only lower-cased, `xn--` labels included.)
static HOST_OK_CLASS: crate::whatwg::chars::ClassTable = crate::whatwg::chars::ClassTable::new({
    let mut t = [1u8; 256];
    let mut i = 0;
    while i < 0x80 {
        let b = i as u8;
        if !FORBIDDEN_DOMAIN.contains(b) {
            t[i] = crate::whatwg::chars::COPY;
        }
        i += 1;
    }
    t
});

/// The common case of `can_parse`: `http://` or `https://` (or another special scheme and
/// `://`), a host of plain ASCII bytes, an optional port, then the end of the authority.
/// `Some(true)` if that surely parses; `None` when unsure, a non-ASCII host included: the
/// general check ([`parses`]) decides. (Never `Some(false)`: the caller hands that to the
/// full parser.)
fn special_authority_parses(input: &str) -> Option<bool> {
    let b = input.as_bytes();
    let (start, _, _) = super::fast::prefix(b)?;
    let j = start + skip_copy(&b[start..], &HOST_OK_CLASS);
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
            port_number(b[j + 1..j + 1 + digits].iter().copied())?;
        }
        _ => return None,
    }
    Some(true)
}

/// Whether `input` parses without a base: `Some(answer)`, or `None` when the full parser
/// must decide.
fn parses(input: &str) -> Option<bool> {
    trimmed_parses(trim(input.as_bytes()))
}

/// `b` without leading and trailing C0 controls and spaces (the basic URL parser's first step).
fn trim(b: &[u8]) -> &[u8] {
    let start = b.iter().position(|&c| !is_c0_or_space(c)).unwrap_or(b.len());
    let end = b
        .iter()
        .rposition(|&c| !is_c0_or_space(c))
        .map_or(start, |i| i + 1);
    &b[start..end]
}

/// An ASCII tab or newline, which the basic URL parser removes from the input (its second
/// step): every function here skips them where they are, instead of copying the input.
fn tab(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\r')
}

/// The bytes of `b` but tabs and newlines.
fn significant(b: &[u8]) -> impl Iterator<Item = u8> + Clone + '_ {
    b.iter().copied().filter(|&c| !tab(c))
}

/// `b` after its first `n` significant bytes (tabs and newlines after them kept).
fn skip_significant(b: &[u8], n: usize) -> &[u8] {
    let mut seen = 0;
    for (i, &c) in b.iter().enumerate() {
        if seen == n {
            return &b[i..];
        }
        seen += usize::from(!tab(c));
    }
    &b[b.len()..]
}

/// [`parses`] on input without leading or trailing C0 controls or spaces (tabs and newlines
/// in it are skipped).
fn trimmed_parses(b: &[u8]) -> Option<bool> {
    // Scheme start and scheme states: without a scheme there is no base to fall back on.
    let Some((special, rest)) = scheme(b) else {
        return Some(false);
    };
    match special {
        None => {
            // Path, opaque path: never fail. Authority of a non-special URL otherwise.
            let mut s = significant(rest);
            if s.next() == Some(b'/') && s.next() == Some(b'/') {
                authority(skip_significant(rest, 2), false)
            } else {
                Some(true)
            }
        }
        Some(SpecialScheme::File) => file(rest),
        Some(_) => special_authority(rest),
    }
}

/// Scheme start and scheme states on `b` (leading C0 controls and spaces removed; tabs and
/// newlines skipped): the special scheme it names, if any, and the bytes after its `:`;
/// `None` when `b` does not start with a scheme and `:`.
fn scheme(b: &[u8]) -> Option<(Option<SpecialScheme>, &[u8])> {
    let n = scheme_len(significant(b))?;
    let after = skip_significant(b, n);
    if significant(after).next() != Some(b':') {
        return None;
    }
    let mut name = [0u8; 5];
    let special = match name.get_mut(..n) {
        Some(slot) => {
            slot.iter_mut().zip(significant(b)).for_each(|(s, c)| *s = c);
            SpecialScheme::from_scheme_ignore_case(slot)
        }
        None => None,
    };
    Some((special, skip_significant(after, 1)))
}

/// Whether `input` parses against `base` (both as given to `Url::can_parse`), without
/// allocating: `None` when the full parser must decide.
pub(crate) fn parses_with_base(input: &str, base: &str) -> Option<bool> {
    let slash = |c: Option<u8>| matches!(c, Some(b'/' | b'\\'));
    if !parses_without_base(base)? {
        return Some(false);
    }
    let (base_scheme, base_rest) = scheme(trim(base.as_bytes()))?;
    let opaque = base_scheme.is_none() && significant(base_rest).next() != Some(b'/');
    let input = trim(input.as_bytes());
    if let Some((input_scheme, rest)) = scheme(input) {
        // Scheme state: the base's special scheme without `//` after it is relative (special
        // relative or authority state, relative state; file state for `file:`, which copies
        // from a `file:` base), which fails only on an authority or a file host (two
        // slashes), as the absolute URL would.
        if input_scheme.is_some() && input_scheme == base_scheme {
            let mut rest = significant(rest);
            if !(slash(rest.next()) && slash(rest.next())) {
                return Some(true);
            }
        }
        // Otherwise the base plays no part.
        return parses_without_base(core::str::from_utf8(input).ok()?);
    }
    // No scheme state.
    let mut rest = significant(input);
    let first = rest.next();
    if opaque {
        return Some(first == Some(b'#'));
    }
    if base_scheme == Some(SpecialScheme::File) {
        // File state with a `file:` base: its host and path are copied, and only a host of
        // the input after two slashes (file host state) can fail.
        return file(input);
    }
    // Relative and relative slash states: only an authority can fail, as it does after any
    // scheme of the same kind (special or not) without a base: the special authority ignore
    // slashes state, or the authority state.
    let second = rest.next();
    match base_scheme {
        Some(_) if slash(first) && slash(second) => special_authority(input),
        None if first == Some(b'/') && second == Some(b'/') => non_special_authority(input),
        _ => Some(true),
    }
}

/// Whether `input` parses without a base, decided without allocating when its scheme and
/// authority are plain ASCII; `None` when the full parser must decide.
pub(crate) fn parses_without_base(input: &str) -> Option<bool> {
    match special_authority_parses(input) {
        Some(true) => Some(true),
        // A non-ASCII host: UTS 46 decides, below.
        Some(false) => None,
        None => parses(input),
    }
}

/// Special authority slashes and special authority ignore slashes states: any run of `/` and
/// `\` (tabs and newlines in it skipped), then the authority.
fn special_authority(rest: &[u8]) -> Option<bool> {
    let skip = rest
        .iter()
        .take_while(|&&c| c == b'/' || c == b'\\' || tab(c))
        .count();
    authority(&rest[skip..], true)
}

/// Authority state of a non-special URL after its `//` (`rest`, tabs and newlines skipped).
fn non_special_authority(rest: &[u8]) -> Option<bool> {
    authority(skip_significant(rest, 2), false)
}

/// [File state](https://url.spec.whatwg.org/#file-state) onwards on `rest` (after `file:`, or
/// a whole input without a scheme against a `file:` base): only a host after two slashes
/// (`/` or `\`, [file slash state](https://url.spec.whatwg.org/#file-slash-state)) can fail,
/// in the [file host state](https://url.spec.whatwg.org/#file-host-state). What a base adds
/// (its host, its path or its drive letter, its query) is copied and cannot fail.
fn file(rest: &[u8]) -> Option<bool> {
    let slash = |c: Option<u8>| matches!(c, Some(b'/' | b'\\'));
    let mut s = significant(rest);
    if !(slash(s.next()) && slash(s.next())) {
        return Some(true);
    }
    let after = skip_significant(rest, 2);
    let end = after
        .iter()
        .position(|&c| END_SPECIAL[c as usize])
        .unwrap_or(after.len());
    let host = &after[..end];
    // A Windows drive letter is a path; an empty host is fine (and `localhost` becomes one).
    let mut drive = [0u8; 3];
    let mut n = 0;
    for c in significant(host).take(3) {
        drive[n] = c;
        n += 1;
    }
    if n == 0 || crate::whatwg::chars::is_windows_drive_letter(&drive[..n]) {
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
        Some(at) if significant(&auth[at + 1..]).next().is_none() => return Some(false),
        Some(at) => &auth[at + 1..],
        None => auth,
    };
    let (host, port) = match find_port_colon(host_port) {
        // A port needs a host before it.
        Some(c) if significant(&host_port[..c]).next().is_none() => return Some(false),
        Some(c) => (&host_port[..c], Some(&host_port[c + 1..])),
        None => (host_port, None),
    };
    if let Some(p) = port {
        if !significant(p).all(|c| c.is_ascii_digit()) {
            return Some(false);
        }
        if port_number(significant(p)).is_none() {
            return Some(false);
        }
    }
    let Some(first) = significant(host).next() else {
        return Some(!special);
    };
    if first == b'[' {
        return Some(ipv6(host));
    }
    if !special {
        // The opaque-host parser fails only on a forbidden host code point.
        return Some(!significant(host).any(|c| FORBIDDEN_HOST.contains(c)));
    }
    domain(host)
}

/// The host parser on `[...]` (tabs and newlines skipped): an IPv6 address. The longest valid
/// one has 45 bytes inside the brackets (six pieces of four hex digits, six colons and an
/// IPv4 address of 15), as the IPv6 parser reads at most four hex digits a piece, eight
/// pieces, and an IPv4 part of at most four numbers of at most three digits.
fn ipv6(host: &[u8]) -> bool {
    let mut buf = [0u8; 64];
    let mut n = 0;
    for c in significant(host) {
        match buf.get_mut(n) {
            Some(slot) => *slot = c,
            None => return false,
        }
        n += 1;
    }
    buf[..n]
        .strip_prefix(b"[")
        .and_then(|h| h.strip_suffix(b"]"))
        .is_some_and(|inner| crate::host::ipv6::parse(inner, 0, &mut Reporter::none()).is_ok())
}

/// The host parser on a non-empty special host (tabs and newlines still in it); `None` when a
/// label is too long for [`crate::host::domain_parses`].
fn domain(host: &[u8]) -> Option<bool> {
    if significant(host).next() == Some(b'[') {
        return Some(ipv6(host));
    }
    let mut forbidden = false;
    for &c in host {
        if c >= 0x80 || c == b'%' || tab(c) {
            // Percent-decoding, UTS 46 and tabs, still without allocating.
            return crate::host::domain_parses(host);
        }
        forbidden |= FORBIDDEN_DOMAIN.contains(c);
    }
    // An ASCII domain is only lower-cased (`xn--` labels included): step 5 of the domain
    // parser.
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
            " \t ",
            "\t",
            "  http://h/  ",
            "javascript:go(1)",
            "http://h:1x/",
            "http://h:00000000080/",
            "ht\ttp://x/",
            "h\ttp\n:x",
            "http://h\n:1\r2/",
            "http://h:6\t5536/",
            "http://a\tb%C3%BC/",
            "http://a\tb%C3/",
            "http\n://[::1\t]/",
            "http://u@\t/",
            "http://h?\t:99999",
            "http://h#\t:99999",
            "sc://\ta b/",
            "sc:\t//a b/",
            "file:\t//a b/",
            "http://h:9\t9999/?x",
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
        assert_eq!(special_authority_parses("https://xn--a.org/"), Some(true));
        assert_eq!(special_authority_parses("https://bücher.de/"), None);
        assert_eq!(parses("https://bücher.de/"), Some(true));
        assert_eq!(parses("http://h/"), Some(true));
        assert_eq!(parses("http://h\t/"), Some(true));
        assert_eq!(parses("http://xn--a/"), Some(true));
        assert_eq!(parses("http://b%C3%BC/"), Some(true));
    }

    /// Hosts that need percent-decoding or UTS 46: decided here, as the parser decides.
    #[test]
    fn idn_and_percent_hosts_agree_with_the_parser() {
        let long_ascii = alloc::format!("http://{}.b\u{fc}/", "a".repeat(600));
        let long_idn = alloc::format!("http://{}/", "\u{fc}".repeat(300));
        let long_pct = alloc::format!("http://{}/", "%61".repeat(600));
        for s in [
            "http://b\u{fc}cher.de/",
            "https://B\u{dc}CHER.de:8080/x",
            "http://b%C3%BCcher.de/",
            "http://%62%C3%BC.de/",
            "http://xn--bcher-kva.de/",
            "http://XN--BCHER-KVA.de/",
            "http://xn--/",
            "http://xn--a/",
            "http://xn--a.\u{fc}/",
            "http://xn--8i7caa.\u{fc}/",
            "http://a\u{AD}/",
            "http://\u{AD}/",
            "http://%C2%AD/",
            "http://a%FF.com/",
            "http://a%C3.com/",
            "http://a\u{FFFD}.com/",
            "http://%EF%BB%BFa.com/",
            "http://a\u{FF05}b/",
            "http://a%25b/",
            "http://a%20b/",
            "http://a%2Eb/",
            "http://%2E/",
            "http://%30x7f.1/",
            "http://%31.2.3.4/",
            "http://1.2.3.%34%35%36/",
            "http://\u{FF11}\u{FF12}\u{FF17}.0.0.1/",
            "http://\u{FF10}\u{FF38}\u{FF17}\u{FF26}.1/",
            "http://\u{FF11}.\u{FF12}.\u{FF13}.\u{FF14}.\u{FF15}/",
            "http://\u{FF11}.\u{FF12}.\u{FF13}.\u{FF14}./",
            "http://a.\u{FF11}/",
            "http://a.\u{FF10}x/",
            "http://a.\u{FF10}\u{FF38}g/",
            "http://\u{fc}.0x/",
            "http://\u{fc}.09/",
            "http://\u{fc}./",
            "http://\u{3002}/",
            "http://a\u{3002}b/",
            "http://\u{5d0}1.com/",
            "http://\u{5d0}.a/",
            "http://a\u{200D}b/",
            "http://\u{0915}\u{094D}\u{200D}/",
            "http://%/",
            "http://%zz\u{fc}/",
            "http://a%/",
            "file://b\u{fc}cher/x",
            "file://%41:/x",
            "file://\u{fc}%/x",
            "ws://\u{1F980}.rs",
            "https://\u{fc}:99999/",
            &long_ascii,
            &long_idn,
            &long_pct,
        ] {
            let expected = crate::Url::parse(s).is_ok();
            if let Some(answer) = parses(s) {
                assert_eq!(answer, expected, "{s:?}");
            }
            if special_authority_parses(s) == Some(true) {
                assert!(expected, "{s:?}");
            }
        }
        assert_eq!(parses(&long_ascii), Some(true));
        // Tabs and newlines are skipped where they are, whatever the input's length.
        let long_query = alloc::format!("http://h\t:1/?{}", "q".repeat(5000));
        assert_eq!(parses(&long_query), Some(true));
        let long_path = alloc::format!("http://h\t:1/{}", "p".repeat(5000));
        assert_eq!(parses(&long_path), Some(true));
        assert_eq!(parses(&long_pct), Some(true));
        assert!(parses(&long_idn).is_some());
        // Many labels, percent-encoded, tabs: decided, chunk by chunk.
        let many = alloc::format!("http://{}/", ["%C3%BC"; 400].join(".\t"));
        assert_eq!(parses(&many), Some(true));
        let bidi = alloc::format!("http://1a.{}.\u{5D0}/", ["b\u{fc}"; 30].join("."));
        assert_eq!(parses(&bidi), Some(false));
        // A single percent-encoded label beyond the stack buffer: the full parser decides.
        let long_pct_idn = alloc::format!("http://%C3%BC{}/", "%61".repeat(1100));
        assert_eq!(parses(&long_pct_idn), None);
    }

    /// Tabs and newlines anywhere: skipped as the parser removes them.
    #[test]
    fn tabs_and_newlines_agree_with_the_parser() {
        let inputs = [
            "http://h/",
            "https://u:p@b\u{fc}.de:8080/x?q#f",
            "http://1.2.3.4:65535/",
            "http://[::1]:1/",
            "sc://u@h:9/p",
            "file://h/x",
            "file://c:/x",
            "file://a b/",
            "http://a b/",
            "http://h:65536/",
            "http://u@/",
            "http://:1/",
            "sc://u@/",
            "http://%C3%BC.%31/",
        ];
        for input in inputs {
            for i in 0..input.len() {
                for t in ["\t", "\n", "\r\n"] {
                    if !input.is_char_boundary(i) {
                        continue;
                    }
                    let s = alloc::format!("{}{t}{}", &input[..i], &input[i..]);
                    assert_eq!(parses(&s), Some(crate::Url::parse(&s).is_ok()), "{s:?}");
                }
            }
        }
    }

    /// `Url::can_parse` with a base (allocation-free from the base's scheme and path kind
    /// and this module's check without a base) answers as parsing against the base does.
    #[test]
    fn with_a_base_agrees_with_the_parser() {
        let bases = [
            "http://h/a/b",
            "HTTPS://H:1/",
            "ht\ttp://h/",
            "  ws://h",
            "sc://h/p",
            "sc:/p",
            "sc:",
            "mailto:x",
            "m\tailto:x",
            "sc:\t/p",
            "file:///x",
            "file:///C:/dir/f",
            "file://host/share",
            "file://localhost/x",
            "FILE:/x",
            "file:",
            "file:c|/x",
            "fi\tle://h/",
            "file:\\\\h\\p",
            "  file://[::1]/",
            "file://a b/",
            "http://a b/",
            "x",
            "",
        ];
        let inputs = [
            "",
            " ",
            "\t",
            "#f",
            "\t#f",
            "?q",
            "/p",
            "x",
            "../y",
            "//h/p",
            "//a b/",
            "\\\\h",
            "\\/a b",
            "/\\a b",
            "//",
            "///x",
            "//h:99999",
            "//u@",
            "//[::1]/",
            "//[::g]/",
            "/\t/a b",
            "http:x",
            "http:/x",
            "HTTP:\\\\a b",
            "http://a b",
            "ht\ttp:a b",
            "https:a b",
            "sc:a b",
            "sc://a b",
            "mailto:y",
            "file:x",
            "file://a b/",
            "a b:c",
            "1a:b",
            "wss://h:99999",
            "//c:/x",
            "//C|/x",
            "//c\t:/x",
            "\\\\h\\s",
            "//\t/x",
            "//h\t o/",
            "//h\to/",
            "//localhost/",
            "//%C3%BC/",
            "//\u{fc}/",
            "//%zz/",
            "//1.2.3.4.5/",
            "//0x100000000/",
            "//h:1/",
            "//u@h/",
            "c:/x",
            "/c:/x",
            "c|",
            "..",
            "file:c:",
            "file:/\\a b",
            "file:\t//\u{5D0}.1a/",
            "//a.1a.\u{5D0}/",
            " //a b/ ",
            "//a/ ",
            "//a \t",
        ];
        for base in bases {
            for input in inputs {
                let parsed = crate::Url::parse(base)
                    .is_ok_and(|b| crate::Url::parse_with_base(input, Some(&b)).is_ok());
                assert_eq!(
                    crate::Url::can_parse(input, Some(base)),
                    parsed,
                    "{input:?} {base:?}"
                );
            }
        }
    }

    /// Pseudo-random inputs of up to 12 pieces (slashes of both kinds, tabs, drive letters,
    /// credentials, ports, brackets, percent-escapes, non-ASCII and RTL labels, schemes)
    /// against bases of every kind, `file:` ones included, and without a base: `can_parse`
    /// answers as parsing does.
    #[test]
    fn random_inputs_with_and_without_bases_agree_with_the_parser() {
        const PIECES: [&str; 32] = [
            "/",
            "/",
            "\\",
            "\t",
            "\n",
            "c:",
            "C|",
            "h",
            "a b",
            "%C3%BC",
            "\u{fc}",
            "\u{5D0}",
            "1a",
            ".",
            "@",
            ":",
            "99999",
            "1",
            "[",
            "]",
            "::1",
            "?",
            "#",
            "file:",
            "http:",
            "sc:",
            "localhost",
            "%",
            " ",
            "0x7f",
            "xn--a",
            "\u{3002}",
        ];
        const BASES: [&str; 10] = [
            "file:///C:/d/f",
            "file://h/s/",
            "file:",
            "http://h/a/b",
            "sc://h/p",
            "sc:/p",
            "sc:x",
            "https://\u{fc}/",
            "fi\tle:\\\\c:",
            "http://a b/",
        ];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut input = alloc::string::String::new();
        for _ in 0..30_000 {
            input.clear();
            for _ in 0..1 + next() % 12 {
                input.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
            let base = BASES[(next() % BASES.len() as u64) as usize];
            let parsed = crate::Url::parse(base).is_ok_and(|b| b.join(&input).is_ok());
            assert_eq!(
                crate::Url::can_parse(&input, Some(base)),
                parsed,
                "{input:?} {base:?}"
            );
            let alone = crate::Url::parse(&input).is_ok();
            assert_eq!(crate::Url::can_parse(&input, None), alone, "{input:?}");
        }
    }

    /// Every host of up to four pieces from an alphabet of numbers, dots, percent-escapes and
    /// non-ASCII code points (fullwidth digits, ideographic full stop): the same answer.
    #[test]
    fn short_hosts_agree_with_the_parser() {
        const PIECES: [&str; 13] = [
            "0", "1", "9", "x", "F", ".", "%30", "%2E", "%C3%BC", "\u{FF18}", "\u{FF38}", "\u{3002}",
            "\u{fc}",
        ];
        let n = PIECES.len();
        let mut host = alloc::string::String::new();
        for len in 1..=4u32 {
            for mut k in 0..n.pow(len) {
                host.clear();
                for _ in 0..len {
                    host.push_str(PIECES[k % n]);
                    k /= n;
                }
                let url = alloc::format!("http://{host}/");
                assert_eq!(parses(&url), Some(crate::Url::parse(&url).is_ok()), "{url:?}");
            }
        }
    }
}
