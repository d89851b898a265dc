//! A fast path for input that is already a canonical special URL, such as
//! `https://example.com/a/b?q=1#top`: one scan checks that the parser would copy every byte
//! unchanged (lower-case ASCII domain, no credentials, canonical port, no byte to encode, no
//! dot segment, no backslash), and the URL is then the input itself plus its offsets.
//!
//! It is conservative: anything it is unsure of (IPv4-looking or `xn--` hosts, segments
//! starting with `.` or `%`, …) goes to the full parser. Debug builds check every fast
//! result against the full parser.

use super::encode::skip_copy;
use crate::host::HostInternal;
use crate::scheme::SpecialScheme;
use crate::url::offsets::{Marks, Offsets};
use crate::whatwg::chars::{
    is_double_dot, is_single_dot, ClassTable, COPY, END_SPECIAL, SPECIAL_QUERY_CLASS,
};
use crate::Url;
use alloc::string::String;

/// Bytes of a lower-case host (COPY): ASCII lower-case letters, digits and `.`; `-` stops
/// the skip (see [`lower_host_end`]).
static HOST_LOWER_CLASS: ClassTable = ClassTable::new({
    let mut t = [1u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' {
            t[i] = COPY;
        }
        i += 1;
    }
    t
});

/// Bytes the fast path accepts in a host: ASCII letters, digits, `-` and `.` (COPY);
/// everything else ends the host or sends the input to the full parser.
static HOST_CLASS: ClassTable = ClassTable::new({
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
});

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

/// Path bytes of a special URL for [`scan_path`]: COPY for what the path state copies,
/// including `/`; `.` and `%` are looked at; the rest ends the scan.
static FAST_PATH_CLASS: ClassTable = ClassTable::new({
    let mut t = copy_class(&crate::percent::sets::PATH);
    t[b'\\' as usize] = 1;
    t[b'?' as usize] = 1;
    t[b'#' as usize] = 1;
    t[b'.' as usize] = 1;
    t[b'%' as usize] = 1;
    t
});

/// Fragment bytes copied unchanged (the fragment percent-encode set's complement).
static FRAGMENT_CLASS: ClassTable = ClassTable::new(copy_class(&crate::percent::sets::FRAGMENT));
/// Userinfo bytes copied unchanged (the userinfo percent-encode set's complement).
static USERINFO_CLASS: ClassTable = ClassTable::new(copy_class(&crate::percent::sets::USERINFO));

/// Where the components of a canonical input (or its canonical beginning) are.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Layout {
    pub(super) scheme: SpecialScheme,
    /// The scheme or the host has upper-case letters, which the copy lower-cases.
    pub(super) lower_case: bool,
    pub(super) username_end: usize,
    pub(super) host_start: usize,
    pub(super) host_end: usize,
    pub(super) host: HostInternal,
    pub(super) port: Option<u16>,
    /// `None` when the input has no path and `/` must be inserted at `after_authority`.
    pub(super) path_start: Option<usize>,
    pub(super) after_authority: usize,
    pub(super) query_start: Option<usize>,
    pub(super) fragment_start: Option<usize>,
}

impl Layout {
    /// Whether [`build`] copies the input as it is: no case to fold, no `/` path to insert.
    #[inline(always)]
    pub(super) fn unchanged(&self) -> bool {
        !self.lower_case && self.path_start.is_some()
    }

    /// The component boundaries in the input (a missing path starting where it goes).
    pub(super) fn marks(&self) -> Marks {
        Marks {
            scheme_end: self.scheme.as_str().len(),
            username_end: self.username_end,
            host_start: self.host_start,
            host_end: self.host_end,
            path_start: self.path_start.unwrap_or(self.after_authority),
            query_start: self.query_start,
            fragment_start: self.fragment_start,
        }
    }
}

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
    (plain(user) && pass.is_none_or(plain)).then_some(user.len())
}

/// The host kind if the host parser would keep `host` as is (up to ASCII case): a domain
/// without `xn--` labels (IDNA checks those), or a dotted-decimal IPv4 address. One pass,
/// label by label.
fn plain_host(host: &[u8]) -> Option<HostInternal> {
    if host.last().is_none_or(|&c| c == b'.') {
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

/// `a.b.c.d` with four decimal parts of 0 to 255 without leading zeros. One pass, no
/// splitting: it decides every IPv4 host of the fast paths. (Out of line: IPv4 hosts are
/// rare, and the callers' loops run tighter without it.)
#[inline(never)]
fn canonical_ipv4(host: &[u8]) -> Option<core::net::Ipv4Addr> {
    let (mut addr, mut parts, mut i) = (0u32, 0, 0);
    loop {
        let first = host.get(i)?.wrapping_sub(b'0');
        if first > 9 {
            return None;
        }
        let mut part = u32::from(first);
        i += 1;
        // A leading `0` is the whole part; otherwise up to 255 (so at most three digits).
        if part != 0 {
            while let Some(d) = host.get(i).map(|c| c.wrapping_sub(b'0')).filter(|&d| d <= 9) {
                part = part * 10 + u32::from(d);
                if part > 255 {
                    return None;
                }
                i += 1;
            }
        }
        addr = addr << 8 | part;
        parts += 1;
        match host.get(i) {
            None => return (parts == 4).then(|| core::net::Ipv4Addr::from(addr)),
            Some(b'.') if parts < 4 => i += 1,
            _ => return None,
        }
    }
}

/// The authority of a canonical input.
#[derive(Debug, PartialEq, Eq)]
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
    let value = super::authority::port_number(text[..digits].iter().copied())?;
    crate::scheme::port_unless_default(Some(scheme), value).map(|p| (i + digits, p))
}

/// Where a lower-case host starting at `start` ends. `-` stops the bulk skip so that an
/// `xn--` label (which IDNA must check) is seen without a pass of its own; such a host ends
/// right there, which sends the input to the general authority check.
fn lower_host_end(b: &[u8], start: usize) -> usize {
    let mut j = start;
    loop {
        j += skip_copy(&b[j..], &HOST_LOWER_CLASS);
        if b.get(j) != Some(&b'-') {
            return j;
        }
        let label_start = j >= start + 2 && (j - 2 == start || b[j - 3] == b'.');
        if label_start && &b[j - 2..j] == b"xn" && b.get(j + 1) == Some(&b'-') {
            return j;
        }
        j += 1;
    }
}

/// The kind of a lower-case host already checked for `xn--` labels: IPv4 if its last label
/// starts with a digit (then only canonical dotted-decimal addresses pass), else a domain.
fn quick_host_kind(host: &[u8]) -> Option<HostInternal> {
    let (&last, _) = host.split_last()?;
    // A last label that is a number (decimal, or `0x` hex) ends in a hex digit or `x`: any
    // other letter (`.com`, `.org`, `.net`, …) makes it a domain without looking further.
    if matches!(last, b'g'..=b'w' | b'y' | b'z') {
        return Some(HostInternal::Domain);
    }
    if last == b'.' {
        return None;
    }
    // The last label's start: one vector pass for a long host (out of line), a byte loop
    // for the others.
    let last_dot = if host.len() > 64 {
        last_dot_of_long(host)
    } else {
        host.iter().rposition(|&c| c == b'.')
    };
    let label = last_dot.map_or(0, |i| i + 1);
    if host[label].is_ascii_digit() {
        canonical_ipv4(host).map(HostInternal::Ipv4)
    } else {
        Some(HostInternal::Domain)
    }
}

/// The last `.` of a long host, in one vector pass where the CPU allows.
#[inline(never)]
fn last_dot_of_long(host: &[u8]) -> Option<usize> {
    match crate::simd::try_count_last(host, b'.') {
        Some((_, last)) => last,
        None => host.iter().rposition(|&c| c == b'.'),
    }
}

/// The authority of a lower-case `host[:port]` without credentials at `b[start..end]`, its
/// host ending at `host_end`: its kind decides whether the parser keeps it as is.
#[inline(always)]
fn lower_authority(
    b: &[u8],
    start: usize,
    host_end: usize,
    end: usize,
    port: Option<u16>,
) -> Option<Authority> {
    Some(Authority {
        username_end: start,
        host_start: start,
        host_end,
        end,
        host: quick_host_kind(&b[start..host_end])?,
        port,
        upper: false,
    })
}

/// The authority starting at `start`: first the common lower-case `host[:port]`, then the
/// general case with credentials and upper case.
fn authority(b: &[u8], start: usize, scheme: SpecialScheme) -> Option<Authority> {
    let host_end = lower_host_end(b, start);
    let quick = match b.get(host_end) {
        None | Some(b'/' | b'?' | b'#') => Some((host_end, None)),
        Some(b':') => port_then_end(b, host_end + 1, scheme).map(|(end, p)| (end, Some(p))),
        _ => None,
    };
    if let Some((end, port)) = quick {
        return lower_authority(b, start, host_end, end, port);
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

/// The special scheme and `://` that `b` starts with: the authority's start, the scheme,
/// and whether the scheme was already lower-case.
#[inline(always)]
pub(super) fn prefix(b: &[u8]) -> Option<(usize, SpecialScheme, bool)> {
    // The common `https://` and `http://`, as one word compare each (inline; the rest out of
    // line).
    if let Some(w) = b.get(..8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        let w = u64::from_le_bytes(word);
        if w == u64::from_le_bytes(*b"https://") {
            return Some((8, SpecialScheme::Https, true));
        }
        if w & 0x00FF_FFFF_FFFF_FFFF == u64::from_le_bytes(*b"http://\0") {
            return Some((7, SpecialScheme::Http, true));
        }
    }
    any_prefix(b)
}

/// [`prefix`] for every special scheme with a host, in any case (the third value: all
/// lower-case).
#[inline(never)]
fn any_prefix(b: &[u8]) -> Option<(usize, SpecialScheme, bool)> {
    SpecialScheme::ALL
        .into_iter()
        .filter(|&s| s != SpecialScheme::File)
        .find_map(|s| {
            let name = s.as_str().as_bytes();
            let head = b.get(..name.len() + 3)?;
            let (written, slashes) = head.split_at(name.len());
            (slashes == b"://" && written.eq_ignore_ascii_case(name))
                .then(|| (head.len(), s, written == name))
        })
}

/// Bytes of a special host that the host parser keeps valid without looking further (COPY):
/// ASCII, not a forbidden domain code point, not `%` (percent-decoding). (An ASCII domain is
/// only lower-cased, `xn--` labels included.)
static HOST_OK_CLASS: ClassTable = ClassTable::new({
    let mut t = [1u8; 256];
    let mut i = 0;
    while i < 0x80 {
        if !crate::host::opaque::FORBIDDEN_DOMAIN.contains(i as u8) {
            t[i] = COPY;
        }
        i += 1;
    }
    t
});

/// `can_parse`'s shortcut: the special scheme of `b` if `b` surely parses because it starts
/// with a special scheme and `://`, a host of plain ASCII bytes that does not end in a
/// number (or is a dotted-decimal IPv4 address), an optional port in range, then the end of
/// the authority (the path, query and fragment states cannot fail). Unlike [`scan`], it does
/// not ask for canonical form (case, `xn--` labels, default ports and leading zeros are
/// fine), since nothing is copied. Credentials and IPv6 addresses are looked at out of line,
/// where the plain host stops at `@`, `:` or `[`.
#[inline(always)]
pub(super) fn authority_parses(b: &[u8]) -> Option<SpecialScheme> {
    let (start, scheme, _) = prefix(b)?;
    let j = start + skip_copy(&b[start..], &HOST_OK_CLASS);
    let host = &b[start..j];
    if host.is_empty() {
        // `@` or `[` first (or no host).
        return credentials_or_ipv6_parse(b, start).then_some(scheme);
    }
    if !number_host_parses(host) {
        return None;
    }
    if port_then_authority_end(b, j) {
        return Some(scheme);
    }
    // A `:` not followed by a port in range, or an `@`: perhaps `user:password@`.
    match b.get(j) {
        Some(b':' | b'@') => credentials_or_ipv6_parse(b, start).then_some(scheme),
        _ => None,
    }
}

/// Whether a host surely parses as far as numbers go. A last label that may be a
/// number (ends in a hex digit, `x` or `.`) is looked at: if it is one, the IPv4 parser
/// decides, and dotted decimal (the common address) surely parses; the rest goes to the
/// state machine (`false`). (`0X` and hex digits count in either case, so upper case
/// changes nothing.)
#[inline(always)]
fn number_host_parses(host: &[u8]) -> bool {
    let Some(&last) = host.last() else {
        return true;
    };
    !(MAY_END_A_NUMBER[usize::from(last)]
        && crate::host::ipv4::ends_in_a_number(host)
        && !dotted_decimal(host))
}

/// The last bytes of a host that may end a number: hex digits, `x`, `X` and `.` (one lookup
/// where the comparisons cost a branch each).
static MAY_END_A_NUMBER: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = b.is_ascii_hexdigit() || matches!(b, b'x' | b'X' | b'.');
        i += 1;
    }
    t
};

/// Whether a host that ends in a number is a dotted-decimal IPv4 address.
fn dotted_decimal(host: &[u8]) -> bool {
    canonical_ipv4(host).is_some()
}

/// Whether the host and port of a special authority starting at `b[start]` surely parse, as
/// [`authority_parses`] decides them. `false` when unsure.
fn host_port_parses(b: &[u8], start: usize) -> bool {
    let j = start + skip_copy(&b[start..], &HOST_OK_CLASS);
    let host = &b[start..j];
    !host.is_empty() && number_host_parses(host) && port_then_authority_end(b, j)
}

/// Whether `b[j..]` is the end of a special authority, or a port in range and then its end.
#[inline(always)]
fn port_then_authority_end(b: &[u8], j: usize) -> bool {
    match b.get(j) {
        None | Some(b'/' | b'?' | b'#' | b'\\') => true,
        Some(b':') => {
            let digits = b[j + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            digits <= 5
                && matches!(b.get(j + 1 + digits), None | Some(b'/' | b'?' | b'#' | b'\\'))
                && super::authority::port_number(b[j + 1..j + 1 + digits].iter().copied()).is_some()
        }
        _ => false,
    }
}

/// Bytes of a special authority other than `@` (COPY); the ones that end it, and tabs,
/// newlines, spaces and C0 controls, stop the scan.
static AUTHORITY_SCAN_CLASS: ClassTable = ClassTable::new({
    let mut t = [COPY; 256];
    let mut i = 0;
    while i <= 0x20 {
        t[i] = 1;
        i += 1;
    }
    t[b'@' as usize] = 1;
    t[b'/' as usize] = 1;
    t[b'?' as usize] = 1;
    t[b'#' as usize] = 1;
    t[b'\\' as usize] = 1;
    t
});

/// [`authority_parses`] for an authority with credentials or an IPv6 address. The authority
/// state (URL Standard §4.4) never fails on credentials (it percent-encodes them) but for an
/// empty host after the last `@`; the host starts after that `@`. An IPv6 address of hex
/// digits, `:` and `.` in brackets goes to the IPv6 parser (host parser, §3.5 step 1). `false` when unsure (tabs, newlines, spaces or C0
/// controls in the authority, which preprocessing would remove or trim).
#[inline(never)]
fn credentials_or_ipv6_parse(b: &[u8], start: usize) -> bool {
    // To the end of the authority: the last `@`, and no byte to remove or trim.
    let (mut end, mut host_start) = (start, start);
    loop {
        end += skip_copy(&b[end..], &AUTHORITY_SCAN_CLASS);
        match b.get(end) {
            Some(b'@') => {
                end += 1;
                host_start = end;
            }
            Some(0..=b' ') => return false,
            _ => break,
        }
    }
    if b.get(host_start) != Some(&b'[') {
        return host_start != start && host_port_parses(b, host_start);
    }
    let inner = host_start + 1;
    let close = inner
        + b[inner..end]
            .iter()
            .take_while(|&&c| c.is_ascii_hexdigit() || matches!(c, b':' | b'.'))
            .count();
    b.get(close) == Some(&b']')
        && crate::host::ipv6::parse(&b[inner..close], inner, &mut crate::error::Reporter::none()).is_ok()
        && port_then_authority_end(b, close + 1)
}

/// The host of `b` when the parser keeps it and its port as written: a special scheme (in
/// any case) and `://`, then [`authority`]'s canonical authority without upper case in the
/// host. Gives the host's start and end, the authority's end and the host kind. What
/// follows the authority cannot change the host: the path, query and fragment states never
/// fail, and tabs, newlines and trailing spaces removed from there do not move it.
#[inline(always)]
pub(super) fn canonical_host(b: &[u8]) -> Option<(usize, usize, usize, HostInternal)> {
    let (start, scheme, _) = prefix(b)?;
    let a = authority(b, start, scheme)?;
    (!a.upper).then_some((a.host_start, a.host_end, a.end, a.host))
}

/// Whether `input` starts with a special scheme and a canonical authority.
#[cfg(test)]
fn authority_is_canonical(input: &str) -> bool {
    let b = input.as_bytes();
    prefix(b).is_some_and(|(start, scheme, _)| authority(b, start, scheme).is_some())
}

/// The host kind if `host` is a whole lower-case host that the host parser keeps as is.
pub(crate) fn plain_host_kind(host: &[u8]) -> Option<HostInternal> {
    if lower_host_end(host, 0) != host.len() {
        return None;
    }
    quick_host_kind(host)
}

/// Whether the pathname setter would keep `value` as is: it starts with `/`, has no byte to
/// encode, no `\` in a special URL, and no segment starting with `.` or `%` (dot segments).
/// With vector code, from the bit masks of 64 bytes at a time (a path of many short
/// segments would otherwise cost a bulk skip per segment); debug builds check that against
/// [`path_is_canonical_bytes`].
pub(crate) fn path_is_canonical(value: &str, special: bool) -> bool {
    if crate::simd::vectors() {
        let found = path_is_canonical_blocks(value.as_bytes(), special);
        debug_assert_eq!(found, path_is_canonical_bytes(value, special), "{value:?}");
        return found;
    }
    path_is_canonical_bytes(value, special)
}

/// The classes of [`path_is_canonical_blocks`]: outsiders of the bytes the path state
/// copies with a state override (`/` is one of them, and `\` in a special URL), and `/`,
/// `.` and `%`.
static PATH_OVERRIDE_BLOCKS: [crate::simd::Classifier<1, 3>; 2] = [
    crate::simd::Classifier {
        classes: [crate::whatwg::chars::PATH_OVERRIDE_CLASS.copy],
        bytes: [b'/', b'.', b'%'],
    },
    crate::simd::Classifier {
        classes: [crate::whatwg::chars::PATH_OVERRIDE_SPECIAL_CLASS.copy],
        bytes: [b'/', b'.', b'%'],
    },
];

/// [`path_is_canonical`] over bit masks: no outsider but `/`, and no `.` or `%` right after
/// a `/`.
fn path_is_canonical_blocks(b: &[u8], special: bool) -> bool {
    let k = &PATH_OVERRIDE_BLOCKS[usize::from(special)];
    if b.first() != Some(&b'/') {
        return false;
    }
    let mut carry = 0;
    for at in (0..b.len()).step_by(64) {
        let m = crate::simd::classify(b, at, k);
        let [slash, dot, percent] = m.equal;
        let bad = m.outside[0] & !slash | (dot | percent) & (slash << 1 | carry);
        if bad != 0 {
            return false;
        }
        carry = slash >> 63;
    }
    true
}

/// [`path_is_canonical`] a segment at a time: the form without vectors and the reference.
fn path_is_canonical_bytes(value: &str, special: bool) -> bool {
    let classes = if special {
        &crate::whatwg::chars::PATH_OVERRIDE_SPECIAL_CLASS
    } else {
        &crate::whatwg::chars::PATH_OVERRIDE_CLASS
    };
    let b = value.as_bytes();
    let mut i = 0;
    while b.get(i) == Some(&b'/') {
        if matches!(b.get(i + 1), Some(b'.' | b'%')) {
            return false;
        }
        i += 1 + skip_copy(&b[i + 1..], classes);
    }
    !b.is_empty() && i == b.len()
}

/// Where the full parser takes over from the fast scan: at the segment whose `/` is at the
/// index, at the `?` of the query, or at the `#` of the fragment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ResumeAt {
    Segment(usize),
    Query(usize),
    Fragment(usize),
}

/// What the fast scan found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Scan {
    /// The parser would copy the whole input unchanged (but for ASCII case and a missing `/`).
    Canonical(Layout),
    /// Canonical up to a point in the path, query or fragment: the full parser goes on from there.
    Resume(Layout, ResumeAt),
}

/// How the scan reads the bytes after the scheme: [`Bytes`] a component at a time (the
/// reference), [`Blocks`] from the bit masks of 64 bytes at a time. Both give the same
/// answers; the steps of [`scan`] are written once, over either.
trait Reader {
    /// [`authority`]'s answer for the authority at `start`.
    fn authority(&mut self, b: &[u8], start: usize, scheme: SpecialScheme) -> Option<Authority>;
    /// [`scan_path`]'s answer for the path whose first `/` is at `start`.
    fn path(&mut self, b: &[u8], start: usize) -> Result<usize, usize>;
    /// The first byte from `from` that a special query does not copy as is (or the end).
    fn query_end(&mut self, b: &[u8], from: usize) -> usize;
    /// The first byte from `from` that a fragment does not copy as is (or the end).
    fn fragment_end(&mut self, b: &[u8], from: usize) -> usize;
}

/// The component-at-a-time [`Reader`]: a bulk skip over each component's bytes.
struct Bytes;

impl Reader for Bytes {
    fn authority(&mut self, b: &[u8], start: usize, scheme: SpecialScheme) -> Option<Authority> {
        authority(b, start, scheme)
    }

    fn path(&mut self, b: &[u8], start: usize) -> Result<usize, usize> {
        scan_path(b, start)
    }

    fn query_end(&mut self, b: &[u8], from: usize) -> usize {
        from + skip_copy(&b[from..], &SPECIAL_QUERY_CLASS)
    }

    fn fragment_end(&mut self, b: &[u8], from: usize) -> usize {
        from + skip_copy(&b[from..], &FRAGMENT_CLASS)
    }
}

/// The classes [`Blocks`] asks about, in the order of
/// [`Masks::outside`](crate::simd::Masks::outside): a lower-case host's bytes (as
/// [`HOST_LOWER_CLASS`]) and the path's bytes copied as is; and in
/// [`Masks::equal`](crate::simd::Masks::equal): `/`, `.` and `%`.
static BLOCK_CLASSES: crate::simd::Classifier<2, 3> = crate::simd::Classifier {
    classes: [HOST_LOWER_CLASS.copy, FAST_PATH_CLASS.copy],
    bytes: [b'/', b'.', b'%'],
};
const HOST: usize = 0;
const PATH: usize = 1;
const SLASH: usize = 0;
const DOT: usize = 1;
const PERCENT: usize = 2;

/// The [`Reader`] over bit masks: the input is classified 64 bytes at a time, once, and
/// each component's end is a bit scan in the block that holds it.
struct Blocks<'a> {
    b: &'a [u8],
    /// The start of the block whose masks `m` holds (a multiple of 64).
    at: usize,
    m: crate::simd::Masks<2, 3>,
}

impl<'a> Blocks<'a> {
    /// The reader of a non-empty `b`, its first block classified.
    fn new(b: &'a [u8]) -> Self {
        Blocks {
            b,
            at: 0,
            m: crate::simd::classify(b, 0, &BLOCK_CLASSES),
        }
    }

    /// Moves on to the block that holds `i` (`self.at <= i < b.len()`): blocks are read in
    /// order, once.
    #[inline(always)]
    fn reach(&mut self, i: usize) {
        if i >= self.at + 64 {
            self.at = i & !63;
            self.m = crate::simd::classify(self.b, self.at, &BLOCK_CLASSES);
        }
    }
}

impl Reader for Blocks<'_> {
    /// The common lower-case `host[:port]` from the first block's bits (an authority starts
    /// within the first 10 bytes): [`lower_host_end`] over the bits, then as [`authority`].
    /// Anything else (upper case, credentials, a host past the block) goes to [`authority`].
    #[inline(always)]
    fn authority(&mut self, b: &[u8], start: usize, scheme: SpecialScheme) -> Option<Authority> {
        debug_assert!(self.at == 0 && start < 64);
        let mut stops = self.m.outside[HOST] & (u64::MAX << start);
        let host_end = loop {
            let j = match stops {
                0 if b.len() <= 64 => break b.len(),
                0 => return authority(b, start, scheme),
                _ => stops.trailing_zeros() as usize,
            };
            // A `-` goes on, unless it is the first of an `xn--` label's (IDNA checks those).
            if b[j] != b'-' {
                break j;
            }
            let label_start = j >= start + 2 && (j - 2 == start || b[j - 3] == b'.');
            if label_start && &b[j - 2..j] == b"xn" && b.get(j + 1) == Some(&b'-') {
                return authority(b, start, scheme);
            }
            stops &= stops - 1;
        };
        let (end, port) = match b.get(host_end) {
            None | Some(b'/' | b'?' | b'#') => (host_end, None),
            Some(b':') => match port_then_end(b, host_end + 1, scheme) {
                Some((end, p)) => (end, Some(p)),
                None => return authority(b, start, scheme),
            },
            _ => return authority(b, start, scheme),
        };
        lower_authority(b, start, host_end, end, port)
    }

    /// [`scan_path`] on the bits: a byte the path does not copy ends the scan, but for a `.`
    /// or `%` that does not start a segment.
    #[inline(always)]
    fn path(&mut self, b: &[u8], start: usize) -> Result<usize, usize> {
        self.reach(start);
        match path_stop(b, self.at, &self.m, start) {
            // Past this block, the bulk skip goes on (a long path is read faster that way).
            None => match self.at + 64 {
                end if end >= b.len() => Ok(b.len()),
                end => scan_path_from::<true>(b, start, end),
            },
            Some(j) if matches!(b[j], b'?' | b'#') => Ok(j),
            Some(j) => Err(segment_before(b, start, j)),
        }
    }

    /// As [`Bytes`] does: a query or fragment is often long, and the bulk skip runs through
    /// it faster than a classification of every block would.
    fn query_end(&mut self, b: &[u8], from: usize) -> usize {
        Bytes.query_end(b, from)
    }

    fn fragment_end(&mut self, b: &[u8], from: usize) -> usize {
        Bytes.fragment_end(b, from)
    }
}

/// The layout of `b` if the full parser would copy it unchanged (but for ASCII case and a
/// missing `/` path), or up to where it would not; `None` if the scheme or authority is not
/// canonical. With vector code, from the bit masks ([`Blocks`]); debug builds check that
/// against the component-at-a-time reference ([`Bytes`]).
#[inline(always)]
pub(super) fn scan(b: &[u8]) -> Option<Scan> {
    let (auth_start, scheme, exact) = prefix(b)?;
    if crate::simd::vectors() {
        let found = scan_with(b, auth_start, scheme, exact, &mut Blocks::new(b));
        debug_assert_eq!(
            found,
            scan_with(b, auth_start, scheme, exact, &mut Bytes),
            "{b:?}"
        );
        return found;
    }
    scan_with(b, auth_start, scheme, exact, &mut Bytes)
}

/// [`scan`] after the scheme, reading the rest with `r`.
#[inline(always)]
fn scan_with(
    b: &[u8],
    auth_start: usize,
    scheme: SpecialScheme,
    exact: bool,
    r: &mut impl Reader,
) -> Option<Scan> {
    let a = r.authority(b, auth_start, scheme)?;
    let mut l = Layout {
        scheme,
        lower_case: a.upper || !exact,
        username_end: a.username_end,
        host_start: a.host_start,
        host_end: a.host_end,
        host: a.host,
        port: a.port,
        path_start: None,
        after_authority: a.end,
        query_start: None,
        fragment_start: None,
    };
    let mut i = a.end;
    match b.get(i) {
        Some(b'/') => l.path_start = Some(i),
        None | Some(b'?' | b'#') => {}
        Some(_) => return None,
    }
    if let Some(start) = l.path_start {
        match r.path(b, start) {
            Ok(end) => i = end,
            Err(segment) => return resume(l, ResumeAt::Segment(segment)),
        }
    }
    if b.get(i) == Some(&b'?') {
        l.query_start = Some(i);
        let next = r.query_end(b, i + 1);
        if !matches!(b.get(next), None | Some(b'#')) {
            l.query_start = None;
            return resume(l, ResumeAt::Query(i));
        }
        i = next;
    }
    if b.get(i) == Some(&b'#') {
        l.fragment_start = Some(i);
        let next = r.fragment_end(b, i + 1);
        if next != b.len() {
            l.fragment_start = None;
            return resume(l, ResumeAt::Fragment(i));
        }
    }
    Some(Scan::Canonical(l))
}

/// Scans a special path from its first `/` at `start`: `Ok(end)` if canonical, else
/// `Err(i)` with `i` the `/` of the first segment the parser must see (a dot segment, a byte
/// to encode, a backslash). Slashes are plain bytes here; only `.` and `%` stop the bulk
/// skip, to look whether they start a dot segment (all dot segments start with one of them).
fn scan_path(b: &[u8], start: usize) -> Result<usize, usize> {
    scan_path_from::<false>(b, start, start)
}

/// [`scan_path`] resumed at `from` (`start <= from`), the bytes before it already found
/// canonical; with `BLOCKS`, over bit masks where that pays.
fn scan_path_from<const BLOCKS: bool>(b: &[u8], start: usize, from: usize) -> Result<usize, usize> {
    let mut j = from;
    // With `BLOCKS`, after a few stops at a `.` or `%` inside a segment, the bit masks take
    // over: a path dense with them (`%41%41…`) would otherwise cost a bulk skip per byte or
    // three. (Without, this is the byte-at-a-time reference.)
    let mut stops = 0;
    loop {
        j += skip_copy(&b[j..], &FAST_PATH_CLASS);
        match b.get(j) {
            Some(b'.' | b'%') if b[j - 1] == b'/' && dot_segment_at(b, j) => return Err(j - 1),
            Some(b'.' | b'%') if BLOCKS && stops == 8 => return path_blocks_from(b, start, j + 1),
            Some(b'.' | b'%') => {
                j += 1;
                stops += 1;
            }
            None | Some(b'?' | b'#') => return Ok(j),
            Some(_) => return Err(segment_before(b, start, j)),
        }
    }
}

/// [`scan_path_from`] over the bit masks of 64 bytes at a time from `from` (`start < from`):
/// a `.` or `%` costs no stop unless it starts a dot segment.
fn path_blocks_from(b: &[u8], start: usize, mut from: usize) -> Result<usize, usize> {
    while from < b.len() {
        let m = crate::simd::classify(b, from, &BLOCK_CLASSES);
        match path_stop(b, from, &m, from) {
            None => from += 64,
            Some(j) if matches!(b[j], b'?' | b'#') => return Ok(j),
            Some(j) => return Err(segment_before(b, start, j)),
        }
    }
    Ok(b.len())
}

/// Where the path scan stops at or after `from` in the 64 bytes from `at` whose masks are
/// `m` ([`BLOCK_CLASSES`]): the first byte the path does not copy, but for a `.` or `%` that
/// does not start a dot segment (`.well-known`, `a.b`, `%E2%9C%93` are copied as they are).
/// `None` when the block holds no such byte.
#[inline(always)]
fn path_stop(b: &[u8], at: usize, m: &crate::simd::Masks<2, 3>, from: usize) -> Option<usize> {
    let slash = m.equal[SLASH];
    let starts_segment = slash << 1 | u64::from(at > 0 && b[at - 1] == b'/');
    let mut bits =
        m.outside[PATH] & !((m.equal[DOT] | m.equal[PERCENT]) & !starts_segment) & (u64::MAX << (from - at));
    while bits != 0 {
        let j = at + bits.trailing_zeros() as usize;
        if !matches!(b[j], b'.' | b'%') || dot_segment_at(b, j) {
            return Some(j);
        }
        bits &= bits - 1;
    }
    None
}

/// The `/` of the segment that holds `b[j]`: the last one before `j` in the path that starts
/// with a `/` at `start` (where the state machine resumes).
fn segment_before(b: &[u8], start: usize, j: usize) -> usize {
    start + b[start..j].iter().rposition(|&c| c == b'/').unwrap_or(0)
}

/// Whether the segment starting at `b[j]` (after a `/`) is a
/// [single-dot](https://url.spec.whatwg.org/#single-dot-path-segment) or
/// [double-dot](https://url.spec.whatwg.org/#double-dot-path-segment) URL path segment
/// of a special URL: `.` or `%2e` (either case), once or twice,
/// up to the end of the segment (`/`, `\\`, `?`, `#` or the end). Those are the only
/// segments the path state does not copy as they are.
fn dot_segment_at(b: &[u8], j: usize) -> bool {
    // A dot segment has at most six bytes (`%2e%2e`): a segment still going at the seventh
    // is none.
    let rest = &b[j..b.len().min(j + 7)];
    let len = rest
        .iter()
        .position(|&c| matches!(c, b'/' | b'\\' | b'?' | b'#'))
        .unwrap_or(rest.len());
    let segment = &rest[..len];
    is_single_dot(segment) || is_double_dot(segment)
}

/// A resumable scan: only when the path starts with `/` (no `/` to insert).
fn resume(l: Layout, at: ResumeAt) -> Option<Scan> {
    l.path_start.is_some().then_some(Scan::Resume(l, at))
}

/// Copies `input[..end]` as the start of the URL's serialization, folding the ASCII case of
/// the scheme and host.
#[inline(always)]
pub(super) fn copy_start(input: &str, l: &Layout, end: usize, out: &mut String) {
    out.push_str(&input[..end]);
    if l.lower_case {
        out[..l.scheme.as_str().len()].make_ascii_lowercase();
        out[l.host_start..l.host_end].make_ascii_lowercase();
    }
}

/// The URL of a canonical `input` with layout `l` (a missing path becomes `/`), written into
/// `buffer`'s allocation (taken, emptied); `None` if it would exceed 4 GiB (`buffer` kept).
#[inline(always)]
pub(super) fn build(input: &str, l: &Layout, buffer: &mut String) -> Option<Url> {
    u32::try_from(input.len() + 1).ok()?;
    let mut serialization = super::reuse(core::mem::take(buffer), input.len() + 1);
    let inserted = match l.path_start {
        Some(_) => {
            copy_start(input, l, input.len(), &mut serialization);
            0
        }
        None => {
            copy_start(input, l, l.after_authority, &mut serialization);
            serialization.push('/');
            serialization.push_str(&input[l.after_authority..]);
            1
        }
    };
    let shifted = |v: usize| v + inserted;
    let marks = Marks {
        query_start: l.query_start.map(shifted),
        fragment_start: l.fragment_start.map(shifted),
        ..l.marks()
    };
    let offsets = Offsets::narrow(&marks, serialization.len())?;
    let url = Url {
        serialization,
        offsets,
        host: l.host,
        port: l.port,
    };
    debug_assert_eq!(url.check_invariants(), Ok(()), "{input:?}");
    Some(url)
}

/// The boundaries, host and port of the URL that `input` parses to when its href is `input`
/// itself, byte for byte: the scan finds it canonical with nothing for [`build`] to change
/// (no case to fold, no `/` path to insert; the marks are then the input's). `None`
/// otherwise, and for inputs over 4 GiB, which do not parse.
#[inline(always)]
pub(super) fn as_is(input: &str) -> Option<(Marks, HostInternal, Option<u16>)> {
    u32::try_from(input.len()).ok()?;
    let Scan::Canonical(l) = scan(input.as_bytes())? else {
        return None;
    };
    if !l.unchanged() {
        return None;
    }
    Some((l.marks(), l.host, l.port))
}

/// The URL when `input` is canonical.
#[cfg(test)]
fn parse_canonical(input: &str) -> Option<Url> {
    match scan(input.as_bytes())? {
        Scan::Canonical(l) => build(input, &l, &mut String::new()),
        Scan::Resume(..) => None,
    }
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

    #[test]
    fn resumes_in_path_query_and_fragment() {
        let cases = [
            ("http://h/a/./b", "http://h/a/b"),
            ("HTTP://H/a/%2e%2E/b", "http://h/b"),
            ("http://h/a b/c", "http://h/a%20b/c"),
            ("http://h/a\\b", "http://h/a/b"),
            ("http://h:81/x?a b#c", "http://h:81/x?a%20b#c"),
            ("http://u:p@h/x?q#a b", "http://u:p@h/x?q#a%20b"),
            ("https://h/é?é#é", "https://h/%C3%A9?%C3%A9#%C3%A9"),
        ];
        for (input, href) in cases {
            assert!(
                matches!(scan(input.as_bytes()), Some(Scan::Resume(..))),
                "{input}"
            );
            let url = crate::Url::parse(input).unwrap();
            assert_eq!(url.as_str(), href);
            assert_eq!(url.check_invariants(), Ok(()));
        }
        // Without a path to copy, or with a bad authority, the full parser starts over.
        assert!(scan(b"http://h?a b").is_none());
        assert!(scan(b"http://h_/a b").is_none());
    }

    /// The bit-mask reader against the component-at-a-time one, on random special URLs of
    /// every length up to 300: hosts with upper case, `--`, ports and credentials; paths with
    /// dot segments, `%`, backslashes and bytes to encode, across block boundaries.
    #[test]
    fn blocks_read_as_bytes_do() {
        let mut next = crate::test_rng::xorshift(0xB10C_5CA7_0000_0001);
        let heads: [&[u8]; 6] = [
            b"http://",
            b"https://",
            b"HTTP://",
            b"ws://",
            b"ftp://",
            b"wss://",
        ];
        let host = b"ab-.9zXN:@_";
        let rest = b"a/.%?#\\ z'`Z09-~";
        // How often each answer came: every one must, for the comparison to mean anything.
        let mut seen = [0usize; 5];
        for _ in 0..if cfg!(miri) { 20 } else { 20_000 } {
            let mut v = heads[(next() % 6) as usize].to_vec();
            let host_len = 1 + (next() % 70) as usize;
            let odd = next().is_multiple_of(3);
            v.extend((0..host_len).map(|_| {
                let k = if odd {
                    next() % host.len() as u64
                } else {
                    next() % 5
                };
                host[k as usize]
            }));
            v.push(b'/');
            let rest_len = (next() % 240) as usize;
            // Long runs of plain bytes, so that stops fall in every block.
            let plain = next() % 4 + 1;
            // A quarter of the paths dense with `.`, `%` and `%2e` (past the first block too).
            let dense = next().is_multiple_of(4);
            v.extend((0..rest_len).map(|_| {
                if dense && !next().is_multiple_of(40) {
                    b"a%.2e/"[(next() % 6) as usize]
                } else if next().is_multiple_of(plain * 8) {
                    rest[(next() % rest.len() as u64) as usize]
                } else {
                    b'a'
                }
            }));
            let Some((start, scheme, exact)) = prefix(&v) else {
                unreachable!()
            };
            let blocks = scan_with(&v, start, scheme, exact, &mut Blocks::new(&v));
            let bytes = scan_with(&v, start, scheme, exact, &mut Bytes);
            assert_eq!(blocks, bytes, "{:?}", String::from_utf8_lossy(&v));
            seen[match blocks {
                None => 0,
                Some(Scan::Canonical(_)) => 1,
                Some(Scan::Resume(_, ResumeAt::Segment(_))) => 2,
                Some(Scan::Resume(_, ResumeAt::Query(_))) => 3,
                Some(Scan::Resume(_, ResumeAt::Fragment(_))) => 4,
            }] += 1;
        }
        assert!(
            seen.iter().all(|&n| n >= seen.iter().sum::<usize>() / 100),
            "{seen:?}"
        );
    }

    /// The bit-mask pathname check against the segment-at-a-time one, on random values of
    /// every length up to 200 (dot segments and backslashes across block boundaries).
    #[test]
    fn path_blocks_read_as_bytes_do() {
        let mut next = crate::test_rng::xorshift(0x9A7B_10C5_0000_0001);
        let alphabet = b"/////aaaaaaa..%\\ ?#z";
        let (mut canonical, mut not) = (0, 0);
        let rounds = if cfg!(miri) { 20 } else { 20_000 };
        for _ in 0..rounds {
            let len = (next() % 200) as usize;
            let rare = next() % 8 + 1;
            let v: Vec<u8> = (0..len)
                .map(|k| {
                    if k == 0 || next().is_multiple_of(rare * 6) {
                        alphabet[(next() % alphabet.len() as u64) as usize]
                    } else if next().is_multiple_of(5) {
                        b'/'
                    } else {
                        b'a'
                    }
                })
                .collect();
            let v = String::from_utf8(v).unwrap();
            for special in [false, true] {
                let want = path_is_canonical_bytes(&v, special);
                assert_eq!(
                    path_is_canonical_blocks(v.as_bytes(), special),
                    want,
                    "{v:?} {special}"
                );
                if want {
                    canonical += 1;
                } else {
                    not += 1;
                }
            }
        }
        // Both answers, many times each (a twentieth of the comparisons at least).
        assert!(canonical > rounds / 20 && not > rounds / 20, "{canonical} {not}");
    }

    /// Segments that start with `.` or `%`: only the dot segments stop the scan, and what
    /// the fast path writes is what the full parser writes (debug builds compare every parse
    /// with the full parser, `check_fast_path`; compared here too).
    #[test]
    fn dot_segments_and_their_look_alikes() {
        let dots = [".", "..", "%2e", "%2E", ".%2e", "%2E.", "%2e%2E"];
        let others = [
            ".a",
            "..a",
            "...",
            "%2ea",
            "%2",
            "%",
            ".%2",
            "%41",
            ".well-known",
            "%2e%2e%2e",
            "%e2",
            "%2f",
        ];
        for seg in dots.iter().chain(&others) {
            assert_eq!(dot_segment_at(seg.as_bytes(), 0), dots.contains(seg), "{seg}");
            for shape in [
                "http://h/x/S",
                "http://h/S/y",
                "https://h/S?q",
                "ws://h/S#f",
                "http://h/S\\z",
                "http://h/a/S/S",
            ] {
                let input = shape.replace('S', seg);
                let fast = crate::Url::parse(&input).unwrap();
                let full = super::super::parse_state_machine(
                    &input,
                    None,
                    &mut crate::error::Reporter::none(),
                    |_| {},
                )
                .unwrap();
                assert_eq!(fast.as_str(), full.as_str(), "{input}");
                assert_eq!(fast.offsets, full.offsets, "{input}");
            }
        }
    }

    #[test]
    fn authority_and_path_checks() {
        for s in [
            "http://h",
            "https://h:1/a b\t?\u{1}#\\",
            "HTTP://U:P@H.COM/..",
            "ws://1.2.3.4?x",
        ] {
            assert!(authority_is_canonical(s), "{s}");
        }
        for s in [
            "http://h_/",
            "http:/h",
            "sc://h/",
            "http://h:0/",
            "http://xn--a/",
            "http://h\t/",
        ] {
            assert!(!authority_is_canonical(s), "{s}");
        }
        assert!(path_is_canonical("/a/b.c/d%20", true) && path_is_canonical("/a\\b", false));
        for (v, special) in [
            ("a", true),
            ("", true),
            ("/a\\b", true),
            ("/./x", true),
            ("/%2e", false),
            ("/a?b", false),
            ("/a b", false),
        ] {
            assert!(!path_is_canonical(v, special), "{v}");
        }
    }
}
