//! Byte-class tables and small predicates for the WHATWG URL parser.
//!
//! Every table is a `const` 256-entry array built at compile time, so the parser classifies a
//! byte with one indexed load and scans with `iter().position(..)` instead of a state switch
//! per byte. Each table is tested against a predicate written from its definition.

use crate::percent::sets::{self, AsciiSet};
use crate::simd::AsciiClass;

/// A 256-entry table of the bytes that `set` percent-encodes (non-ASCII always is).
pub(crate) const fn encode_table(set: &AsciiSet) -> [bool; 256] {
    set.encode_table()
}

/// Bytes the [fragment percent-encode set](https://url.spec.whatwg.org/#fragment-percent-encode-set) encodes.
pub(crate) static FRAGMENT_ENC: [bool; 256] = encode_table(&sets::FRAGMENT);
/// Bytes the [query percent-encode set](https://url.spec.whatwg.org/#query-percent-encode-set) encodes.
pub(crate) static QUERY_ENC: [bool; 256] = encode_table(&sets::QUERY);
/// Bytes the [special-query percent-encode set](https://url.spec.whatwg.org/#special-query-percent-encode-set) encodes.
pub(crate) static SPECIAL_QUERY_ENC: [bool; 256] = encode_table(&sets::SPECIAL_QUERY);
/// Bytes the [userinfo percent-encode set](https://url.spec.whatwg.org/#userinfo-percent-encode-set) encodes.
pub(crate) static USERINFO_ENC: [bool; 256] = encode_table(&sets::USERINFO);

/// Bytes that percent-encoding may turn into three in a path, query or fragment (the path
/// set, which holds the fragment set, and `'` of the special-query set; non-ASCII too).
pub(crate) static GROWS_AFTER_AUTHORITY: [bool; 256] = encode_table(&sets::PATH.add(b'\''));
/// As [`GROWS_AFTER_AUTHORITY`], and in credentials too (the userinfo set holds the path set).
pub(crate) static GROWS_ANYWHERE: [bool; 256] = encode_table(&sets::USERINFO.add(b'\''));

/// An upper bound of the encoded length of `b` when the bytes `grows` marks become `%XX`: so
/// that the parser reserves its output once.
#[inline]
pub(crate) fn encoded_len_bound(b: &[u8], grows: &[bool; 256]) -> usize {
    b.len() + 2 * b.iter().map(|&c| usize::from(grows[c as usize])).sum::<usize>()
}

/// Byte classes for the parser's one-pass copy loops ([`encode_until`](crate::whatwg::encode::encode_until)):
/// copy the byte as is.
pub(crate) const COPY: u8 = 0;
/// Percent-encode the byte.
pub(crate) const ENCODE: u8 = 1;
/// The byte ends the component.
pub(crate) const STOP: u8 = 2;

/// A byte class table whose [`COPY`] bytes are also a vector class, for
/// [`skip_copy`](crate::whatwg::encode::skip_copy). Indexing reads the table.
#[derive(Debug)]
pub(crate) struct ClassTable {
    table: [u8; 256],
    /// The ASCII bytes of class [`COPY`].
    pub(crate) copy: AsciiClass,
}

impl ClassTable {
    /// `table` with its vector class of [`COPY`] bytes.
    pub(crate) const fn new(table: [u8; 256]) -> Self {
        ClassTable {
            copy: AsciiClass::of_value(&table, COPY),
            table,
        }
    }
}

impl core::ops::Index<usize> for ClassTable {
    type Output = u8;

    #[inline(always)]
    fn index(&self, b: usize) -> &u8 {
        &self.table[b]
    }
}

/// A class table: [`STOP`] for `stops`, [`ENCODE`] for what `set` encodes, else [`COPY`].
const fn class_table(set: &AsciiSet, stops: &[u8]) -> ClassTable {
    let enc = set.encode_table();
    let mut t = [COPY; 256];
    let mut i = 0;
    while i < 256 {
        if enc[i] {
            t[i] = ENCODE;
        }
        i += 1;
    }
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = STOP;
        i += 1;
    }
    ClassTable::new(t)
}

/// A path segment of a special URL: path set, ends at `/ \ ? #`.
pub(crate) static PATH_SPECIAL_CLASS: ClassTable = class_table(&sets::PATH, b"/\\?#");
/// A path segment of a non-special URL: path set, ends at `/ ? #`.
pub(crate) static PATH_CLASS: ClassTable = class_table(&sets::PATH, b"/?#");
/// A path segment of a special URL under a state override: ends at `/ \` only.
pub(crate) static PATH_OVERRIDE_SPECIAL_CLASS: ClassTable = class_table(&sets::PATH, b"/\\");
/// A path segment of a non-special URL under a state override: ends at `/` only.
pub(crate) static PATH_OVERRIDE_CLASS: ClassTable = class_table(&sets::PATH, b"/");
/// An opaque path: C0 control set, ends at `? #`.
pub(crate) static OPAQUE_PATH_CLASS: ClassTable = class_table(&sets::C0_CONTROL, b"?#");
/// The query of a special URL: special-query set, ends at `#`.
pub(crate) static SPECIAL_QUERY_CLASS: ClassTable = class_table(&sets::SPECIAL_QUERY, b"#");
/// The query of a non-special URL: query set (which holds `#`, so stop wins), ends at `#`.
pub(crate) static QUERY_CLASS: ClassTable = class_table(&sets::QUERY, b"#");

/// Authority byte classes ([authority state](https://url.spec.whatwg.org/#authority-state)):
/// nothing special.
pub(crate) const AUTH_PLAIN: u8 = 0;
/// `@`: the userinfo ends at the last one.
pub(crate) const AUTH_AT: u8 = 1;
/// `:`: password or port separator.
pub(crate) const AUTH_COLON: u8 = 2;
/// `[` or `]`: an IPv6 address, whose colons are not the port's.
pub(crate) const AUTH_BRACKET: u8 = 3;
/// Ends the authority.
pub(crate) const AUTH_END: u8 = 4;

const fn authority_classes(ends: &[u8]) -> ClassTable {
    let mut t = [AUTH_PLAIN; 256];
    t[b'@' as usize] = AUTH_AT;
    t[b':' as usize] = AUTH_COLON;
    t[b'[' as usize] = AUTH_BRACKET;
    t[b']' as usize] = AUTH_BRACKET;
    let mut i = 0;
    while i < ends.len() {
        t[ends[i] as usize] = AUTH_END;
        i += 1;
    }
    ClassTable::new(t)
}

/// Authority classes of a special URL: it ends at `/ \ ? #`.
pub(crate) static AUTHORITY_SPECIAL_CLASS: ClassTable = authority_classes(b"/\\?#");
/// Authority classes of a non-special URL: it ends at `/ ? #`.
pub(crate) static AUTHORITY_CLASS: ClassTable = authority_classes(b"/?#");

/// A table holding `true` for exactly the bytes in `bytes`.
const fn table_of(bytes: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        t[bytes[i] as usize] = true;
        i += 1;
    }
    t
}

/// Bytes after the first in a [scheme](https://url.spec.whatwg.org/#scheme-state): ASCII
/// alphanumeric, `+`, `-`, `.`.
pub(crate) static SCHEME_CHAR: [bool; 256] = {
    let set = sets::ALPHA.union(sets::DIGIT).add_all(b"+-.");
    let mut t = [false; 256];
    let mut i = 0;
    while i < 128 {
        t[i] = set.contains(i as u8);
        i += 1;
    }
    t
};

/// Where an authority, a path segment or a file host ends in a special URL: `/ \ ? #`
/// (<https://url.spec.whatwg.org/#authority-state>, <https://url.spec.whatwg.org/#path-state>).
pub(crate) static END_SPECIAL: [bool; 256] = table_of(b"/\\?#");
/// Where an authority or a path segment ends in a non-special URL: `/ ? #`.
pub(crate) static END_NON_SPECIAL: [bool; 256] = table_of(b"/?#");
/// ASCII tab or newline (<https://infra.spec.whatwg.org/#ascii-tab-or-newline>), removed from input.
pub(crate) static TAB_OR_NEWLINE: [bool; 256] = table_of(b"\t\n\r");

/// ASCII URL code points (<https://url.spec.whatwg.org/#url-code-points>): alphanumerics and
/// `!$&'()*+,-./:;=?@_~`. Used only to report validation errors.
static ASCII_URL_CODE_POINT: [bool; 256] = {
    let set = sets::ALPHA.union(sets::DIGIT).add_all(b"!$&'()*+,-./:;=?@_~");
    let mut t = [false; 256];
    let mut i = 0;
    while i < 128 {
        t[i] = set.contains(i as u8);
        i += 1;
    }
    t
};

/// A C0 control or space (<https://url.spec.whatwg.org/#concept-basic-url-parser> step 1.2).
#[inline]
pub(crate) const fn is_c0_or_space(b: u8) -> bool {
    b <= 0x20
}

/// [`ASCII_URL_CODE_POINT`] as a vector class (`%` is not in it).
static ASCII_URL_CODE_POINT_CLASS: crate::simd::AsciiClass = crate::simd::AsciiClass::of_value(
    &{
        let mut t = [0u8; 256];
        let mut i = 0;
        while i < 128 {
            t[i] = ASCII_URL_CODE_POINT[i] as u8;
            i += 1;
        }
        t
    },
    1,
);

/// A [URL code point](https://url.spec.whatwg.org/#url-code-points).
pub(crate) fn is_url_code_point(c: char) -> bool {
    if c.is_ascii() {
        return ASCII_URL_CODE_POINT[c as usize];
    }
    let n = c as u32;
    // U+00A0 to U+10FFFD, minus surrogates (impossible in a char) and noncharacters.
    let nonchar = (0xFDD0..=0xFDEF).contains(&n) || (n & 0xFFFE) == 0xFFFE;
    (0xA0..=0x10FFFD).contains(&n) && !nonchar
}

/// The first offset in `s` that is not a URL code point nor a `%` followed by two hex digits,
/// for the invalid-URL-unit validation error. Only called when someone listens for errors.
pub(crate) fn first_invalid_url_unit(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    // A vector scan over ASCII URL code points (long queries of form data), then byte by
    // byte (a table look-up each), decoding only non-ASCII characters.
    loop {
        i = crate::simd::try_scan(b, i, &ASCII_URL_CODE_POINT_CLASS).unwrap_or(i);
        let Some(&c) = b.get(i) else { break };
        if c == b'%' {
            let ok = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
            if !ok {
                return Some(i);
            }
            // The two hex digits are URL code points.
            i += 3;
        } else if c.is_ascii() {
            if !ASCII_URL_CODE_POINT[usize::from(c)] {
                return Some(i);
            }
            i += 1;
        } else {
            // `i` follows a whole character, so it is a boundary.
            let ch = s[i..].chars().next()?;
            if !is_url_code_point(ch) {
                return Some(i);
            }
            i += ch.len_utf8();
        }
    }
    None
}

/// A [Windows drive letter](https://url.spec.whatwg.org/#windows-drive-letter): an ASCII alpha
/// followed by `:` or `|`.
#[inline]
pub(crate) fn is_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && (s[1] == b':' || s[1] == b'|')
}

/// A [normalized Windows drive letter](https://url.spec.whatwg.org/#normalized-windows-drive-letter):
/// an ASCII alpha followed by `:`.
#[inline]
pub(crate) fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && s[1] == b':'
}

/// Whether `s` [starts with a Windows drive letter](https://url.spec.whatwg.org/#start-with-a-windows-drive-letter):
/// a drive letter that is the whole string or is followed by `/ \ ? #`.
pub(crate) fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

/// A [single-dot URL path segment](https://url.spec.whatwg.org/#single-dot-path-segment):
/// `.` or `%2e`, case-insensitively.
#[inline]
pub(crate) fn is_single_dot(s: &[u8]) -> bool {
    s == b"." || s.eq_ignore_ascii_case(b"%2e")
}

/// A [double-dot URL path segment](https://url.spec.whatwg.org/#double-dot-path-segment):
/// `..`, `.%2e`, `%2e.` or `%2e%2e`, case-insensitively.
#[inline]
pub(crate) fn is_double_dot(s: &[u8]) -> bool {
    match s.len() {
        2 => s == b"..",
        4 => s.eq_ignore_ascii_case(b".%2e") || s.eq_ignore_ascii_case(b"%2e."),
        6 => s.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
}

/// The first `:` outside `[...]`: where the [host state](https://url.spec.whatwg.org/#host-state)
/// leaves for the port state.
pub(crate) fn find_port_colon(b: &[u8]) -> Option<usize> {
    let mut inside_brackets = false;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            b':' if !inside_brackets => return Some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_definitions() {
        for b in 0u8..=255 {
            let i = b as usize;
            assert_eq!(SCHEME_CHAR[i], b.is_ascii_alphanumeric() || b"+-.".contains(&b));
            assert_eq!(END_SPECIAL[i], b"/\\?#".contains(&b));
            assert_eq!(END_NON_SPECIAL[i], b"/?#".contains(&b));
            assert_eq!(TAB_OR_NEWLINE[i], b == 9 || b == 10 || b == 13);
            assert_eq!(is_c0_or_space(b), b <= 0x1F || b == b' ');
        }
    }

    #[test]
    fn url_code_points() {
        assert!(is_url_code_point('a') && is_url_code_point('~') && is_url_code_point('é'));
        assert!(!is_url_code_point(' ') && !is_url_code_point('%') && !is_url_code_point('\u{FFFF}'));
        assert!(!is_url_code_point('\u{FDD0}') && !is_url_code_point('\u{9F}'));
        assert_eq!(first_invalid_url_unit("a%2Fb"), None);
        assert_eq!(first_invalid_url_unit("a%zz"), Some(1));
        assert_eq!(first_invalid_url_unit("ab c"), Some(2));
    }

    #[test]
    fn class_tables_match_sets() {
        for b in 0u8..=255 {
            let i = b as usize;
            let class = |stop: bool, set: &AsciiSet| {
                if stop {
                    STOP
                } else if set.should_encode(b) {
                    ENCODE
                } else {
                    COPY
                }
            };
            assert_eq!(PATH_SPECIAL_CLASS[i], class(b"/\\?#".contains(&b), &sets::PATH));
            assert_eq!(PATH_CLASS[i], class(b"/?#".contains(&b), &sets::PATH));
            assert_eq!(
                PATH_OVERRIDE_SPECIAL_CLASS[i],
                class(b"/\\".contains(&b), &sets::PATH)
            );
            assert_eq!(PATH_OVERRIDE_CLASS[i], class(b == b'/', &sets::PATH));
            assert_eq!(OPAQUE_PATH_CLASS[i], class(b"?#".contains(&b), &sets::C0_CONTROL));
            assert_eq!(SPECIAL_QUERY_CLASS[i], class(b == b'#', &sets::SPECIAL_QUERY));
            assert_eq!(QUERY_CLASS[i], class(b == b'#', &sets::QUERY));
        }
    }

    #[test]
    fn port_colon_skips_brackets() {
        assert_eq!(find_port_colon(b"[::1]:80"), Some(5));
        assert_eq!(find_port_colon(b"h:1:2"), Some(1));
        assert_eq!(find_port_colon(b"[::1"), None);
    }

    #[test]
    fn drive_letters_and_dots() {
        assert!(is_windows_drive_letter(b"c|") && is_windows_drive_letter(b"C:"));
        assert!(!is_windows_drive_letter(b"1:") && !is_normalized_windows_drive_letter(b"c|"));
        assert!(starts_with_windows_drive_letter(b"c:/x") && starts_with_windows_drive_letter(b"c|"));
        assert!(!starts_with_windows_drive_letter(b"c:x") && !starts_with_windows_drive_letter(b"c"));
        assert!(is_single_dot(b".") && is_single_dot(b"%2E") && !is_single_dot(b".."));
        for s in ["..", ".%2e", "%2E.", "%2e%2E"] {
            assert!(is_double_dot(s.as_bytes()), "{s}");
        }
        assert!(!is_double_dot(b"...") && !is_double_dot(b"%2e"));
    }
}
