//! Byte classes of the text scanner, one bit each in a const table.

/// Whitespace: space, tab, line feed, vertical tab, form feed, carriage return.
pub(super) const WS: u8 = 1;
/// Ends a bare URL (GFM: "non-space non-`<` characters" follow the domain): whitespace, any
/// other ASCII control byte, `<`, and here `>` too (never part of a URL, RFC 3986 §2; in
/// `href=http://a.example/>text` it closes a tag).
pub(super) const END: u8 = 2;
/// RFC 3986 §3.1 `scheme` after its first letter: `ALPHA / DIGIT / "+" / "-" / "."`.
pub(super) const SCHEME: u8 = 4;
/// A GFM "valid domain" segment byte: alphanumeric, `_`, `-` (the `.` separators and
/// non-ASCII bytes are handled apart).
pub(super) const DOMAIN: u8 = 8;
/// A GFM extended email local-part byte: alphanumeric, `.`, `-`, `_`, `+`.
pub(super) const LOCAL: u8 = 16;
/// The HTML5 `valid e-mail address` local-part bytes (GFM's email autolink):
/// ``a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-``.
pub(super) const LOCAL5: u8 = 32;
/// Trailing punctuation that belongs to the sentence, not the link (GFM extended autolink
/// path validation: `?!.,:*_~`, plus the quotes that cmark-gfm also drops, and the backtick
/// that closes a code span around a URL in Markdown or Bikeshed text).
pub(super) const TRAIL: u8 = 64;

const fn build() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let mut v = 0;
        if matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
            v |= WS;
        }
        if c < 0x20 || c == 0x7f || c == b' ' || c == b'<' || c == b'>' {
            v |= END;
        }
        let alnum = c.is_ascii_alphanumeric();
        if alnum || matches!(c, b'+' | b'-' | b'.') {
            v |= SCHEME;
        }
        if alnum || matches!(c, b'_' | b'-') {
            v |= DOMAIN;
        }
        if alnum || matches!(c, b'.' | b'-' | b'_' | b'+') {
            v |= LOCAL;
        }
        if alnum
            || matches!(
                c,
                b'.' | b'!'
                    | b'#'
                    | b'$'
                    | b'%'
                    | b'&'
                    | b'\''
                    | b'*'
                    | b'+'
                    | b'/'
                    | b'='
                    | b'?'
                    | b'^'
                    | b'_'
                    | b'`'
                    | b'{'
                    | b'|'
                    | b'}'
                    | b'~'
                    | b'-'
            )
        {
            v |= LOCAL5;
        }
        if matches!(
            c,
            b'?' | b'!' | b'.' | b',' | b':' | b'*' | b'_' | b'~' | b'\'' | b'"' | b'`'
        ) {
            v |= TRAIL;
        }
        t[b] = v;
        b += 1;
    }
    t
}

static TABLE: [u8; 256] = build();

#[inline(always)]
pub(super) fn is(b: u8, class: u8) -> bool {
    TABLE[usize::from(b)] & class != 0
}

/// The length of the Unicode punctuation character that starts at `s[i]`, if it is one a
/// sentence puts right after a link (closing quotes, guillemets, the ellipsis, CJK full stop
/// and comma, full-width closing parenthesis and comma), else 0. Such a character ends a
/// domain and is trimmed from a link's end like ASCII trailing punctuation.
pub(super) fn unicode_punct_at(s: &[u8], i: usize) -> usize {
    match s.get(i..) {
        Some([0xC2, 0xAB | 0xBB, ..]) => 2,
        Some([0xE2, 0x80, 0x98 | 0x99 | 0x9C | 0x9D | 0xA6 | 0xBA, ..]) => 3,
        Some([0xE3, 0x80, 0x81 | 0x82, ..]) => 3,
        Some([0xEF, 0xBC, 0x89 | 0x8C, ..]) => 3,
        _ => 0,
    }
}

/// The length of such a punctuation character ending right before `end`, else 0.
pub(super) fn unicode_punct_before(s: &[u8], end: usize) -> usize {
    for len in [2, 3] {
        if end >= len && unicode_punct_at(s, end - len) == len {
            return len;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_match_their_definitions() {
        for b in 0..=255u8 {
            assert_eq!(is(b, WS), b" \t\n\x0b\x0c\r".contains(&b), "{b}");
            assert_eq!(is(b, END), b < 0x21 || b == 0x7f || b == b'<' || b == b'>', "{b}");
            assert_eq!(
                is(b, SCHEME),
                b.is_ascii_alphanumeric() || b"+-.".contains(&b),
                "{b}"
            );
            assert_eq!(is(b, TRAIL), b"?!.,:*_~'\"`".contains(&b), "{b}");
            assert_eq!(
                is(b, LOCAL5),
                b.is_ascii_alphanumeric() || b".!#$%&'*+/=?^_`{|}~-".contains(&b),
                "{b}"
            );
        }
        assert_eq!(unicode_punct_at("a\u{201D}".as_bytes(), 1), 3);
        assert_eq!(unicode_punct_before("a\u{bb}".as_bytes(), 3), 2);
        assert_eq!(unicode_punct_at("é".as_bytes(), 0), 0);
    }
}
