//! The [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser), the
//! [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker) and the
//! [IPv4 serializer](https://url.spec.whatwg.org/#concept-ipv4-serializer).
//!
//! Everything works on borrowed bytes: no allocation.

use core::net::Ipv4Addr;

use crate::error::{ErrorKind, Reporter};
use crate::ParseError;

/// Where an error is: exact byte positions when the parsed text is the input itself, or the
/// host's start when it is the output of domain processing (which moves bytes around).
#[derive(Clone, Copy)]
pub(crate) struct Positions {
    pub(crate) offset: usize,
    pub(crate) exact: bool,
}

impl Positions {
    #[inline]
    pub(crate) fn at(self, index: usize) -> usize {
        if self.exact {
            self.offset + index
        } else {
            self.offset
        }
    }
}

/// The [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker):
/// whether the last label (ignoring one trailing empty label) is all digits, or `0x`/`0X`
/// followed by hex digits.
pub(crate) fn ends_in_a_number(input: &[u8]) -> bool {
    let input = input.strip_suffix(b".").unwrap_or(input);
    let last = match input.iter().rposition(|&b| b == b'.') {
        Some(dot) => &input[dot + 1..],
        None => input,
    };
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    // Step 6: parsing `last` as an IPv4 number succeeds; with the digit case handled above
    // that is exactly "0x"/"0X" followed by zero or more hex digits.
    matches!(last, [b'0', b'x' | b'X', rest @ ..] if rest.iter().all(u8::is_ascii_hexdigit))
}

/// The [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser): the value
/// (saturated at `u64::MAX`, which is out of range anyway) and whether it was not decimal.
fn parse_number(input: &[u8]) -> Option<(u64, bool)> {
    let (digits, radix, non_decimal) = match input {
        [] => return None,
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16, true),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8, true),
        _ => (input, 10, false),
    };
    let mut value: u64 = 0;
    for &b in digits {
        let d = match b {
            b'0'..=b'9' => u64::from(b - b'0'),
            b'a'..=b'f' => u64::from(b - b'a' + 10),
            b'A'..=b'F' => u64::from(b - b'A' + 10),
            _ => return None,
        };
        if d >= radix {
            return None;
        }
        value = value.saturating_mul(radix).saturating_add(d);
    }
    Some((value, non_decimal))
}

/// The [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser).
///
/// `input` is an ASCII domain that [ends in a number](ends_in_a_number).
pub(crate) fn parse_ipv4(
    input: &[u8],
    pos: Positions,
    reporter: &mut Reporter<'_>,
) -> Result<Ipv4Addr, ParseError> {
    // Steps 1-2: strictly split on "."; drop one trailing empty part.
    let mut body = input;
    if let Some(stripped) = input.strip_suffix(b".") {
        reporter.report(ErrorKind::Ipv4EmptyPart, pos.at(input.len() - 1));
        // "." alone splits into two empty parts; dropping one leaves the empty string.
        body = stripped;
    }
    let count = body.iter().filter(|&&b| b == b'.').count() + 1;
    // Steps 3-4.
    if count < 4 {
        reporter.report(ErrorKind::Ipv4TooFewParts, pos.at(0));
    }
    if count > 4 {
        reporter.report(ErrorKind::Ipv4TooManyParts, pos.at(0));
        return Err(ParseError::new(ErrorKind::Ipv4TooManyParts, pos.at(0)));
    }
    // Step 6: parse every part, in order.
    let mut numbers = [0u64; 4];
    let mut start = 0;
    for (i, part) in body.split(|&b| b == b'.').enumerate() {
        let Some((n, non_decimal)) = parse_number(part) else {
            reporter.report(ErrorKind::Ipv4NonNumericPart, pos.at(start));
            return Err(ParseError::new(ErrorKind::Ipv4NonNumericPart, pos.at(start)));
        };
        if non_decimal {
            reporter.report(ErrorKind::Ipv4NonDecimalPart, pos.at(start));
        }
        numbers[i] = n;
        start += part.len() + 1;
    }
    let numbers = &numbers[..count];
    // Steps 7-9.
    if let Some(i) = numbers.iter().position(|&n| n > 255) {
        reporter.report(ErrorKind::Ipv4OutOfRangePart, pos.at(part_start(body, i)));
    }
    let (last, init) = numbers.split_last().unwrap_or((&0, &[]));
    if let Some(i) = init.iter().position(|&n| n > 255) {
        return Err(ParseError::new(
            ErrorKind::Ipv4OutOfRangePart,
            pos.at(part_start(body, i)),
        ));
    }
    // 256^(5 - size) is at most 2^32, so this fits in u64.
    if *last >= 1u64 << (8 * (5 - count)) {
        let at = pos.at(part_start(body, count - 1));
        return Err(ParseError::new(ErrorKind::Ipv4OutOfRangePart, at));
    }
    // Steps 10-14.
    let mut ipv4 = *last;
    for (counter, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    // The range checks above guarantee `ipv4 < 2^32`.
    Ok(Ipv4Addr::from(u32::try_from(ipv4).unwrap_or(u32::MAX)))
}

/// The byte index where part `i` of a "."-separated string starts.
fn part_start(body: &[u8], i: usize) -> usize {
    if i == 0 {
        return 0;
    }
    body.iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'.')
        .nth(i - 1)
        .map_or(0, |(j, _)| j + 1)
}

/// The [IPv4 serializer](https://url.spec.whatwg.org/#concept-ipv4-serializer): four decimal
/// numbers joined by ".", appended to `out`.
pub(crate) fn serialize_ipv4(addr: Ipv4Addr, out: &mut alloc::string::String) {
    for (i, octet) in addr.octets().into_iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        push_decimal(octet, out);
    }
}

/// Appends `n` in decimal without `fmt` machinery (this runs for every IPv4 host).
fn push_decimal(n: u8, out: &mut alloc::string::String) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn parse(s: &str) -> Option<Ipv4Addr> {
        let pos = Positions {
            offset: 0,
            exact: true,
        };
        parse_ipv4(s.as_bytes(), pos, &mut Reporter::none()).ok()
    }

    fn errors(s: &str) -> Vec<(ErrorKind, usize)> {
        let mut seen = Vec::new();
        let mut cb = |e: crate::ValidationError| seen.push((e.kind(), e.position()));
        let pos = Positions {
            offset: 10,
            exact: true,
        };
        let _ = parse_ipv4(s.as_bytes(), pos, &mut Reporter::new(Some(&mut cb)));
        seen
    }

    #[test]
    fn number_forms() {
        let ip = |a, b, c, d| Some(Ipv4Addr::new(a, b, c, d));
        assert_eq!(parse("1.2.3.4"), ip(1, 2, 3, 4));
        assert_eq!(parse("1.2.3.4."), ip(1, 2, 3, 4));
        assert_eq!(parse("0x7f.1"), ip(127, 0, 0, 1));
        assert_eq!(parse("0177.0.0.01"), ip(127, 0, 0, 1));
        assert_eq!(parse("4294967295"), ip(255, 255, 255, 255));
        assert_eq!(parse("0xffffffff"), ip(255, 255, 255, 255));
        assert_eq!(parse("1.65535"), ip(1, 0, 255, 255));
        assert_eq!(parse("1.2.65535"), ip(1, 2, 255, 255));
        assert_eq!(parse("1.2.65536"), None);
        assert_eq!(parse("1.16777216"), None);
        assert_eq!(parse("1.2.3.256"), None);
        assert_eq!(parse("256.1.1.1"), None);
        assert_eq!(parse("4294967296"), None);
        assert_eq!(parse("99999999999999999999999999"), None);
        assert_eq!(parse("0x"), ip(0, 0, 0, 0));
        assert_eq!(parse("0x.0X"), ip(0, 0, 0, 0));
        assert_eq!(parse("08"), None);
        assert_eq!(parse("09.1"), None);
        assert_eq!(parse("1.2.3.4.5"), None);
        assert_eq!(parse("1..2"), None);
        assert_eq!(parse("0"), ip(0, 0, 0, 0));
        assert_eq!(parse("00"), ip(0, 0, 0, 0));
        assert_eq!(parse("."), None);
    }

    #[test]
    fn validation_errors_have_positions() {
        assert_eq!(
            errors("0x1.2."),
            [
                (ErrorKind::Ipv4EmptyPart, 15),
                (ErrorKind::Ipv4TooFewParts, 10),
                (ErrorKind::Ipv4NonDecimalPart, 10)
            ]
        );
        assert_eq!(
            errors("1.999.3"),
            [
                (ErrorKind::Ipv4TooFewParts, 10),
                (ErrorKind::Ipv4OutOfRangePart, 12)
            ]
        );
        assert_eq!(errors("1.2.x.4"), [(ErrorKind::Ipv4NonNumericPart, 14)]);
    }

    #[test]
    fn ends_in_a_number_matches_the_standard() {
        for (s, want) in [
            ("1.2.3.4", true),
            ("foo.1", true),
            ("foo.1.", true),
            ("foo.0x", true),
            ("foo.0XaF", true),
            ("foo.0xg", false),
            ("foo.09", true),
            ("foo", false),
            ("1.foo", false),
            ("foo..", false),
            (".", false),
            ("x", false),
        ] {
            assert_eq!(ends_in_a_number(s.as_bytes()), want, "{s}");
        }
    }

    #[test]
    fn serializer_round_trips() {
        for ip in [
            Ipv4Addr::new(0, 0, 0, 0),
            Ipv4Addr::new(255, 10, 9, 100),
            Ipv4Addr::new(1, 20, 199, 7),
        ] {
            let mut s = String::new();
            serialize_ipv4(ip, &mut s);
            assert_eq!(s, ip.to_string());
        }
    }
}
