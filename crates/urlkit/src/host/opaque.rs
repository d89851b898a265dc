//! The [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser) and the
//! code point classes hosts use.

use crate::error::{ErrorKind, Reporter};
use crate::percent::sets::{AsciiSet, C0_CONTROL};
use crate::ParseError;

/// [Forbidden host code points](https://url.spec.whatwg.org/#forbidden-host-code-point).
pub(crate) const FORBIDDEN_HOST: AsciiSet = AsciiSet::EMPTY.add_all(b"\0\t\n\r #/:<>?@[\\]^|");

/// [Forbidden domain code points](https://url.spec.whatwg.org/#forbidden-domain-code-point):
/// the forbidden host code points, C0 controls, `%` and DEL.
pub(crate) const FORBIDDEN_DOMAIN: AsciiSet = FORBIDDEN_HOST.union(C0_CONTROL).add(b'%');

/// ASCII [URL code points](https://url.spec.whatwg.org/#url-code-points).
const ASCII_URL_CODE_POINTS: AsciiSet = crate::percent::sets::ALPHA
    .union(crate::percent::sets::DIGIT)
    .add_all(b"!$&'()*+,-./:;=?@_~");

/// Whether a non-ASCII `c` is a URL code point: U+00A0 to U+10FFFD, excluding surrogates
/// (impossible in `char`) and noncharacters.
fn is_non_ascii_url_code_point(c: char) -> bool {
    let c = u32::from(c);
    let noncharacter = (0xFDD0..=0xFDEF).contains(&c) || c & 0xFFFE == 0xFFFE;
    c >= 0xA0 && !noncharacter
}

/// The [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser):
/// appends `input`, UTF-8 percent-encoded with the C0 control percent-encode set, to `out`
/// (`None`: only check, as `can_parse` does).
pub(crate) fn parse_opaque(
    input: &str,
    offset: usize,
    out: Option<&mut alloc::string::String>,
    reporter: &mut Reporter<'_>,
) -> Result<(), ParseError> {
    let bytes = input.as_bytes();
    // Step 1.
    if let Some(i) = bytes.iter().position(|&b| FORBIDDEN_HOST.contains(b)) {
        reporter.report(ErrorKind::HostInvalidCodePoint, offset + i);
        return Err(ParseError::new(ErrorKind::HostInvalidCodePoint, offset + i));
    }
    // Steps 2-3 only report, so skip them when nobody listens.
    if reporter.is_active() {
        report_invalid_url_units(input, offset, reporter);
    }
    let Some(out) = out else {
        return Ok(());
    };
    // Step 4: encode the bytes that need it; copy the runs between them in bulk. A run that
    // is not empty starts and ends on character boundaries, as every byte of a non-ASCII
    // character is encoded.
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if C0_CONTROL.should_encode(b) {
            if i > start {
                out.push_str(&input[start..i]);
            }
            push_percent_encoded(b, out);
            start = i + 1;
        }
    }
    out.push_str(&input[start..]);
    Ok(())
}

/// Steps 2 and 3 of the opaque-host parser: `invalid-URL-unit` for every code point that is
/// not a URL code point or `%`, and for every `%` not followed by two hex digits.
fn report_invalid_url_units(input: &str, offset: usize, reporter: &mut Reporter<'_>) {
    let bytes = input.as_bytes();
    for (i, c) in input.char_indices() {
        let valid = match c {
            '%' => {
                let hex = |j: usize| bytes.get(i + j).is_some_and(u8::is_ascii_hexdigit);
                hex(1) && hex(2)
            }
            c if c.is_ascii() => ASCII_URL_CODE_POINTS.contains(c as u8),
            c => is_non_ascii_url_code_point(c),
        };
        if !valid {
            reporter.report(ErrorKind::InvalidUrlUnit, offset + i);
        }
    }
}

/// Appends `%XX` (upper-case hex) for `byte`.
#[inline]
pub(crate) fn push_percent_encoded(byte: u8, out: &mut alloc::string::String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(byte >> 4)]));
    out.push(char::from(HEX[usize::from(byte & 0xF)]));
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn opaque(s: &str) -> Result<String, ParseError> {
        let mut out = String::new();
        parse_opaque(s, 0, Some(&mut out), &mut Reporter::none()).map(|()| out)
    }

    #[test]
    fn encodes_c0_and_non_ascii() {
        assert_eq!(opaque("ex%41mple").unwrap(), "ex%41mple");
        assert_eq!(opaque("a\u{1}b\u{7f}é").unwrap(), "a%01b%7F%C3%A9");
        assert_eq!(opaque("!$&'()*+,-.;=_`{}~\"").unwrap(), "!$&'()*+,-.;=_`{}~\"");
        assert_eq!(opaque("").unwrap(), "");
    }

    #[test]
    fn rejects_forbidden_host_code_points() {
        for c in "\0\t\n\r #/:<>?@[\\]^|".chars() {
            let s = alloc::format!("ab{c}");
            assert_eq!(
                opaque(&s).unwrap_err().kind(),
                ErrorKind::HostInvalidCodePoint,
                "{c:?}"
            );
            assert_eq!(opaque(&s).unwrap_err().position(), 2);
        }
    }

    #[test]
    fn reports_invalid_url_units() {
        let mut seen = Vec::new();
        let mut cb = |e: crate::ValidationError| seen.push((e.kind(), e.position()));
        let mut out = String::new();
        parse_opaque(
            "a%zz\"\u{FDD0}b%4",
            3,
            Some(&mut out),
            &mut Reporter::new(Some(&mut cb)),
        )
        .unwrap();
        let kinds: Vec<usize> = seen.iter().map(|&(_, p)| p).collect();
        assert_eq!(kinds, [4, 7, 8, 12]);
        assert!(seen.iter().all(|&(k, _)| k == ErrorKind::InvalidUrlUnit));
    }

    #[test]
    fn forbidden_sets_match_the_standard() {
        for b in 0u8..0x80 {
            let host = b"\0\t\n\r #/:<>?@[\\]^|".contains(&b);
            assert_eq!(FORBIDDEN_HOST.contains(b), host, "{b:#x}");
            let domain = host || b <= 0x1F || b == b'%' || b == 0x7F;
            assert_eq!(FORBIDDEN_DOMAIN.contains(b), domain, "{b:#x}");
        }
    }
}
