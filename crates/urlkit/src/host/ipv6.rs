//! The [IPv6 parser](https://url.spec.whatwg.org/#concept-ipv6-parser) and the
//! [IPv6 serializer](https://url.spec.whatwg.org/#concept-ipv6-serializer) (RFC 5952 §4
//! compression, lower-case hex, never the dotted IPv4 form).

use core::net::Ipv6Addr;

use crate::error::{ErrorKind, Reporter};
use crate::ParseError;

/// Parses an IPv6 address written without brackets; `None` on failure (the tests' entry).
#[cfg(test)]
fn parse_ipv6(input: &str) -> Option<Ipv6Addr> {
    parse(input.as_bytes(), 0, &mut Reporter::none()).ok()
}

/// Reports `kind` at `at` and returns it as a failure.
fn fail(kind: ErrorKind, at: usize, reporter: &mut Reporter<'_>) -> ParseError {
    reporter.report(kind, at);
    ParseError::new(kind, at)
}

/// The [IPv6 parser](https://url.spec.whatwg.org/#concept-ipv6-parser), step for step.
/// `offset` is the position of `input[0]` in the original input.
pub(crate) fn parse(
    input: &[u8],
    offset: usize,
    reporter: &mut Reporter<'_>,
) -> Result<Ipv6Addr, ParseError> {
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    let c = |p: usize| input.get(p).copied();

    // Step 5: a leading ":" must be "::".
    if c(p) == Some(b':') {
        if c(p + 1) != Some(b':') {
            return Err(fail(ErrorKind::Ipv6InvalidCompression, offset + p, reporter));
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    // Step 6.
    while let Some(ch) = c(p) {
        if piece_index == 8 {
            return Err(fail(ErrorKind::Ipv6TooManyPieces, offset + p, reporter));
        }
        if ch == b':' {
            if compress.is_some() {
                return Err(fail(ErrorKind::Ipv6MultipleCompression, offset + p, reporter));
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let start = p;
        let mut value: u32 = 0;
        let mut length = 0;
        while length < 4 {
            let Some(d) = c(p).and_then(|b| char::from(b).to_digit(16)) else {
                break;
            };
            value = value * 0x10 + d;
            p += 1;
            length += 1;
        }
        match c(p) {
            Some(b'.') => {
                if length == 0 {
                    return Err(fail(ErrorKind::Ipv4InIpv6InvalidCodePoint, offset + p, reporter));
                }
                p = start;
                if piece_index > 6 {
                    return Err(fail(ErrorKind::Ipv4InIpv6TooManyPieces, offset + p, reporter));
                }
                parse_ipv4_in_ipv6(input, p, offset, &mut address, &mut piece_index, reporter)?;
                break;
            }
            Some(b':') => {
                p += 1;
                if p == input.len() {
                    return Err(fail(ErrorKind::Ipv6InvalidCodePoint, offset + p, reporter));
                }
            }
            Some(_) => return Err(fail(ErrorKind::Ipv6InvalidCodePoint, offset + p, reporter)),
            None => {}
        }
        if length > 1 && value < 1 << (4 * (length - 1)) {
            reporter.report(ErrorKind::Ipv6PieceLeadingZero, offset + start);
        }
        // `length <= 4` hex digits, so the value fits.
        address[piece_index] = value as u16;
        piece_index += 1;
    }
    // Steps 7-8.
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, compress + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        return Err(fail(ErrorKind::Ipv6TooFewPieces, offset + input.len(), reporter));
    }
    Ok(Ipv6Addr::from(address))
}

/// Step 6.5 of the IPv6 parser: the embedded dotted IPv4 address starting at `p`, which
/// must run to the end of the input.
fn parse_ipv4_in_ipv6(
    input: &[u8],
    mut p: usize,
    offset: usize,
    address: &mut [u16; 8],
    piece_index: &mut usize,
    reporter: &mut Reporter<'_>,
) -> Result<(), ParseError> {
    let mut numbers_seen = 0;
    while p < input.len() {
        if numbers_seen > 0 {
            if input[p] == b'.' && numbers_seen < 4 {
                p += 1;
            } else {
                return Err(fail(ErrorKind::Ipv4InIpv6InvalidCodePoint, offset + p, reporter));
            }
        }
        if !input.get(p).is_some_and(u8::is_ascii_digit) {
            return Err(fail(ErrorKind::Ipv4InIpv6InvalidCodePoint, offset + p, reporter));
        }
        let mut ipv4_piece: Option<u16> = None;
        while let Some(&b) = input.get(p).filter(|b| b.is_ascii_digit()) {
            let number = u16::from(b - b'0');
            ipv4_piece = match ipv4_piece {
                None => Some(number),
                Some(0) => return Err(fail(ErrorKind::Ipv4InIpv6InvalidCodePoint, offset + p, reporter)),
                Some(v) => Some(v * 10 + number),
            };
            if ipv4_piece.is_some_and(|v| v > 255) {
                return Err(fail(ErrorKind::Ipv4InIpv6OutOfRangePart, offset + p, reporter));
            }
            p += 1;
        }
        let piece = &mut address[*piece_index];
        *piece = *piece * 0x100 + ipv4_piece.unwrap_or(0);
        numbers_seen += 1;
        if numbers_seen == 2 || numbers_seen == 4 {
            *piece_index += 1;
        }
    }
    if numbers_seen != 4 {
        return Err(fail(ErrorKind::Ipv4InIpv6TooFewParts, offset + p, reporter));
    }
    Ok(())
}

/// The [IPv6 serializer](https://url.spec.whatwg.org/#concept-ipv6-serializer), appended to
/// `out` without the surrounding brackets: RFC 5952 text (the first longest run of two or
/// more zero pieces becomes "::", hex digits lower-case without leading zeros).
pub(crate) fn serialize_ipv6(addr: Ipv6Addr, out: &mut alloc::string::String) {
    let pieces = addr.segments();
    let compress = compressed_piece_index(&pieces);
    let mut i = 0;
    while i < 8 {
        if Some(i) == compress {
            out.push_str(if i == 0 { "::" } else { ":" });
            while i < 8 && pieces[i] == 0 {
                i += 1;
            }
            continue;
        }
        push_hex(pieces[i], out);
        if i != 7 {
            out.push(':');
        }
        i += 1;
    }
}

/// [Find the IPv6 address compressed piece index](https://url.spec.whatwg.org/#concept-ipv6-serializer):
/// the start of the first longest run of at least two zero pieces.
fn compressed_piece_index(pieces: &[u16; 8]) -> Option<usize> {
    let (mut best, mut best_len) = (None, 1);
    let mut i = 0;
    while i < 8 {
        if pieces[i] != 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < 8 && pieces[i] == 0 {
            i += 1;
        }
        if i - start > best_len {
            best = Some(start);
            best_len = i - start;
        }
    }
    best
}

/// Appends `n` as lower-case hex without leading zeros.
fn push_hex(n: u16, out: &mut alloc::string::String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut started = false;
    for shift in [12u32, 8, 4, 0] {
        let d = (n >> shift) & 0xF;
        if d != 0 || started || shift == 0 {
            out.push(char::from(HEX[usize::from(d)]));
            started = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    fn ser(a: Ipv6Addr) -> String {
        let mut s = String::new();
        serialize_ipv6(a, &mut s);
        s
    }

    #[test]
    fn parses_the_standard_forms() {
        for (input, want) in [
            ("::", Some("::")),
            ("::1", Some("::1")),
            ("1::", Some("1::")),
            ("1:0:0:0:0:0:0:0", Some("1::")),
            ("0:0:0:0:0:0:0:1", Some("::1")),
            ("1:0:0:2:0:0:0:3", Some("1:0:0:2::3")),
            ("1:0:0:2:0:0:3:4", Some("1::2:0:0:3:4")),
            ("1:2:3:4:5:6:7:0", Some("1:2:3:4:5:6:7:0")),
            ("0:1:2:3:4:5:6:7", Some("0:1:2:3:4:5:6:7")),
            ("ABCD:0001::", Some("abcd:1::")),
            ("::127.0.0.1", Some("::7f00:1")),
            ("::ffff:1.2.3.4", Some("::ffff:102:304")),
            ("1:2:3:4:5:6:1.2.3.4", Some("1:2:3:4:5:6:102:304")),
            ("1:2:3:4:5:6:7:1.2.3.4", None),
            ("::1.2.3", None),
            ("::1.2.3.4.5", None),
            ("::01.2.3.4", None),
            ("::256.2.3.4", None),
            ("::1.2..3", None),
            (":1", None),
            ("1:", None),
            ("1:::2", None),
            ("1::2::3", None),
            ("1:2:3:4:5:6:7", None),
            ("1:2:3:4:5:6:7:8:9", None),
            ("1:2:3:4:5:6:7:8::", None),
            ("12345::", None),
            ("::g", None),
            ("", None),
            (".", None),
            ("::.1.2.3", None),
            ("::1:.1.2.3", None),
            ("1:2:3:4:5:6:7:8", Some("1:2:3:4:5:6:7:8")),
        ] {
            assert_eq!(parse_ipv6(input).map(ser).as_deref(), want, "{input}");
        }
    }

    #[test]
    fn reports_positions() {
        let mut seen = Vec::new();
        let mut cb = |e: crate::ValidationError| seen.push((e.kind(), e.position()));
        let r = parse(b"1:02::x", 5, &mut Reporter::new(Some(&mut cb)));
        assert!(r.is_err());
        assert_eq!(
            seen,
            [
                (ErrorKind::Ipv6PieceLeadingZero, 7),
                (ErrorKind::Ipv6InvalidCodePoint, 11)
            ]
        );
        seen.clear();
        let mut cb = |e: crate::ValidationError| seen.push((e.kind(), e.position()));
        assert!(parse(b"1:02::", 5, &mut Reporter::new(Some(&mut cb))).is_ok());
        assert_eq!(seen, [(ErrorKind::Ipv6PieceLeadingZero, 7)]);
    }

    proptest! {
        /// The serializer agrees with the standard library's RFC 5952 text, except that the
        /// URL Standard never writes the dotted IPv4 forms std uses for some addresses.
        #[test]
        fn serializer_round_trips(segs in proptest::array::uniform8(prop_oneof![Just(0u16), Just(1), any::<u16>()])) {
            let addr = Ipv6Addr::from(segs);
            let s = ser(addr);
            prop_assert_eq!(parse_ipv6(&s), Some(addr));
            prop_assert!(!s.contains(|c: char| c.is_ascii_uppercase() || c == '.'));
            if !s.contains(':') || addr.to_ipv4().is_none() {
                prop_assert_eq!(s, addr.to_string());
            }
        }

        #[test]
        fn never_panics(s in "[0-9a-fA-F:.]{0,40}") {
            let _ = parse_ipv6(&s);
        }
    }
}
