//! Steps 3-9 of the [host parser](https://url.spec.whatwg.org/#concept-host-parser): hosts of
//! special URLs, which become domains or IPv4 addresses.
//!
//! The common case, an ASCII host without `%`, takes a fast path: one table-driven scan, one
//! copy (lower-casing in place when needed), no allocation and no UTS 46 processing. This is
//! exactly what the standard computes for such input: percent-decoding and UTF-8 decoding
//! change nothing, and the [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii)
//! returns an ASCII domain lower-cased (step 5).

use alloc::borrow::Cow;
use alloc::string::String;

use super::ipv4::{ends_in_a_number, parse_ipv4, serialize_ipv4, Positions};
use super::opaque::FORBIDDEN_DOMAIN;
use super::{idna, HostInternal};
use crate::error::{ErrorKind, Reporter};
use crate::percent::{decoded_at, percent_decode};
use crate::ParseError;

/// An ASCII byte that can appear in a domain as it is.
const PLAIN: u8 = 0;
/// An ASCII upper-case letter: lower-cased.
const UPPER: u8 = 1;
/// A forbidden domain code point other than `%`: the host fails.
const FORBIDDEN: u8 = 2;
/// `%` or a non-ASCII byte: the general path.
const SLOW: u8 = 3;

/// Byte classes for the fast path.
const CLASS: [u8; 256] = {
    let mut t = [PLAIN; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        t[b] = if byte >= 0x80 || byte == b'%' {
            SLOW
        } else if FORBIDDEN_DOMAIN.contains(byte) {
            FORBIDDEN
        } else if byte.is_ascii_uppercase() {
            UPPER
        } else {
            PLAIN
        };
        b += 1;
    }
    t
};

/// Parses a non-empty special host that is not an IPv6 address.
pub(crate) fn parse_domain(
    input: &str,
    offset: usize,
    out: &mut String,
    reporter: &mut Reporter<'_>,
) -> Result<HostInternal, ParseError> {
    let bytes = input.as_bytes();
    let mut upper = false;
    let mut forbidden = false;
    for &b in bytes {
        match CLASS[usize::from(b)] {
            PLAIN => {}
            UPPER => upper = true,
            FORBIDDEN => forbidden = true,
            _ => return parse_general(input, offset, out, reporter),
        }
    }
    // The fast path: `input` is the domain, and ASCII.
    idna::report_strict(input, offset, reporter);
    if forbidden {
        return Err(ParseError::new(ErrorKind::DomainInvalidCodePoint, offset));
    }
    if ends_in_a_number(bytes) {
        let addr = parse_ipv4(bytes, Positions { offset, exact: true }, reporter)?;
        serialize_ipv4(addr, out);
        return Ok(HostInternal::Ipv4(addr));
    }
    let start = out.len();
    out.push_str(input);
    if upper {
        out[start..].make_ascii_lowercase();
    }
    Ok(HostInternal::Domain)
}

/// Steps 4-9 of the host parser for input with `%` or non-ASCII code points.
fn parse_general(
    input: &str,
    offset: usize,
    out: &mut String,
    reporter: &mut Reporter<'_>,
) -> Result<HostInternal, ParseError> {
    let bytes = input.as_bytes();
    // Step 4.
    if reporter.is_active() {
        if let Some(i) = (0..bytes.len()).find(|&i| decoded_at(bytes, i).is_some()) {
            reporter.report(ErrorKind::DomainPercentEncoded, offset + i);
        }
    }
    // Step 5: UTF-8 decode without BOM (lossy) the percent-decoding.
    let decoded: Cow<'_, [u8]> = percent_decode(bytes).into();
    let domain = String::from_utf8_lossy(&decoded);
    // Steps 6-7.
    let start = out.len();
    idna::domain_parser(&domain, false, offset, out, reporter)?;
    // Step 8: the ASCII domain moved bytes around, so positions are the host's start.
    let ascii = &out.as_bytes()[start..];
    if ends_in_a_number(ascii) {
        let addr = parse_ipv4(ascii, Positions { offset, exact: false }, reporter)?;
        out.truncate(start);
        serialize_ipv4(addr, out);
        return Ok(HostInternal::Ipv4(addr));
    }
    Ok(HostInternal::Domain)
}

/// Bytes of a percent-decoded non-ASCII host that [`domain_parses`] holds on the stack for
/// UTS 46 (which takes a slice).
pub(crate) const CHECK_BUFFER: usize = 1024;

/// The [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser) on one label,
/// fed a byte at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Number {
    /// Nothing yet: an empty label, not a number.
    Empty,
    /// `0`.
    Zero,
    /// `0x` or `0X` (the number 0).
    HexPrefix,
    /// Radix 16, 8 or 10 and the value so far (saturated above 2^32).
    Digits(u32, u64),
    /// Not a number.
    Invalid,
}

impl Number {
    fn push(self, b: u8) -> Self {
        let saturate = |v: u64, r: u32, d: u32| (v * u64::from(r) + u64::from(d)).min(1 << 33);
        match self {
            Number::Empty => match b {
                b'0' => Number::Zero,
                b'1'..=b'9' => Number::Digits(10, u64::from(b - b'0')),
                _ => Number::Invalid,
            },
            Number::Zero => match b {
                b'x' | b'X' => Number::HexPrefix,
                b'0'..=b'7' => Number::Digits(8, u64::from(b - b'0')),
                _ => Number::Invalid,
            },
            Number::HexPrefix => Number::Digits(16, 0).push(b),
            Number::Digits(r, v) => match char::from(b).to_digit(r) {
                Some(d) => Number::Digits(r, saturate(v, r, d)),
                None => Number::Invalid,
            },
            Number::Invalid => Number::Invalid,
        }
    }
}

/// One label of a domain, as far as the ends-in-a-number checker and the IPv4 parser care.
#[derive(Debug, Clone, Copy)]
struct Label {
    number: Number,
    /// Non-empty and only ASCII digits.
    digits: bool,
}

impl Label {
    const EMPTY: Label = Label {
        number: Number::Empty,
        digits: false,
    };

    /// A short label that the two algorithms treat as they treat this one.
    fn write(self, out: &mut StackSink<64>) {
        let mut text = [0u8; 20];
        let s: &[u8] = match self.number {
            Number::Empty => b"",
            Number::Zero | Number::HexPrefix => b"0",
            Number::Digits(_, v) => {
                let mut v = v.min(1 << 32);
                let mut i = text.len();
                loop {
                    i -= 1;
                    text[i] = b'0' + (v % 10) as u8;
                    v /= 10;
                    if v == 0 {
                        break;
                    }
                }
                &text[i..]
            }
            // All digits but not a number: an octal number with an 8 or a 9.
            Number::Invalid if self.digits => b"09",
            Number::Invalid => b"g",
        };
        out.push(s);
    }
}

/// What [`domain_parses`] keeps of the domain the host parser would produce: its length,
/// whether it has a forbidden domain code point, the number of labels and the last five.
struct Summary {
    len: usize,
    forbidden: bool,
    labels: usize,
    /// The last labels, the current one at `labels % 5`.
    last: [Label; 5],
}

impl Summary {
    fn new() -> Self {
        Summary {
            len: 0,
            forbidden: false,
            labels: 1,
            last: [Label::EMPTY; 5],
        }
    }

    fn push(&mut self, b: u8) {
        self.len += 1;
        self.forbidden |= FORBIDDEN_DOMAIN.contains(b);
        if b == b'.' {
            self.labels += 1;
            self.last[self.labels % 5] = Label::EMPTY;
            return;
        }
        let label = &mut self.last[self.labels % 5];
        label.digits = b.is_ascii_digit() && (label.digits || label.number == Number::Empty);
        label.number = label.number.push(b);
    }

    /// Steps 7-9 of the host parser on the domain summed up.
    fn parses(&self) -> bool {
        if self.len == 0 || self.forbidden {
            return false;
        }
        // The same checks on a short domain with the same answers: at most six labels (a
        // domain of more than five labels fails the IPv4 parser as one of six does).
        let mut short = StackSink::<64> { buf: [0; 64], len: 0 };
        if self.labels > 5 {
            short.push(b"g.");
        }
        let first = self.labels.saturating_sub(5) + 1;
        for n in first..=self.labels {
            if n > first {
                short.push(b".");
            }
            self.last[n % 5].write(&mut short);
        }
        let domain = &short.buf[..short.len];
        if ends_in_a_number(domain) {
            let positions = Positions {
                offset: 0,
                exact: false,
            };
            return parse_ipv4(domain, positions, &mut Reporter::none()).is_ok();
        }
        true
    }
}

impl core::fmt::Write for Summary {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        s.bytes().for_each(|b| self.push(b));
        Ok(())
    }
}

/// Bytes written into a fixed buffer.
struct StackSink<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> StackSink<N> {
    /// Appends `s`, or returns `None` when it does not fit.
    fn push(&mut self, s: &[u8]) -> Option<()> {
        let end = self.len + s.len();
        self.buf.get_mut(self.len..end)?.copy_from_slice(s);
        self.len = end;
        Some(())
    }
}

/// Whether steps 4-9 of the host parser accept `input` (a non-empty special host that is not
/// in brackets, as written: still percent-encoded), decided without allocating: what
/// [`parse_domain`] answers. `None` when the host has a `%`, its percent-decoding is not
/// ASCII and is longer than [`CHECK_BUFFER`] bytes. (UTS 46 itself allocates beyond the
/// `idna` crate's inline buffers.)
pub(crate) fn domain_parses(input: &[u8]) -> Option<bool> {
    let mut summary = Summary::new();
    let mut decoded = StackSink::<CHECK_BUFFER> {
        buf: [0; CHECK_BUFFER],
        len: 0,
    };
    // Step 4.
    let bytes: &[u8] = if !input.contains(&b'%') {
        input
    } else if percent_decode(input).all(|b| b.is_ascii()) {
        // Steps 5-7: an ASCII domain is only lower-cased, which changes neither the
        // forbidden code points nor the IPv4 parser's answer (`0X` and hex digits count in
        // either case).
        percent_decode(input).for_each(|b| summary.push(b));
        return Some(summary.parses());
    } else {
        for b in percent_decode(input) {
            decoded.push(&[b])?;
        }
        &decoded.buf[..decoded.len]
    };
    if bytes.is_ascii() {
        bytes.iter().for_each(|&b| summary.push(b));
        return Some(summary.parses());
    }
    // UTF-8 decoding without BOM: an ill-formed sequence becomes U+FFFD, which ToASCII
    // rejects (as the `idna` crate does ill-formed input).
    if core::str::from_utf8(bytes).is_err() {
        return Some(false);
    }
    match idna::to_ascii_into(bytes, &mut summary) {
        idna::Streamed::Passthrough => bytes.iter().for_each(|&b| summary.push(b)),
        idna::Streamed::Written => {}
        idna::Streamed::Invalid | idna::Streamed::SinkFull => return Some(false),
    }
    Some(summary.parses())
}

#[cfg(test)]
mod tests {
    use super::{domain_parses, parse_domain};
    use crate::error::Reporter;
    use alloc::string::String;

    /// Pseudo-random hosts of up to 14 pieces (numbers in every radix, empty labels, escapes,
    /// non-ASCII): the summary decides as the host parser does.
    #[test]
    fn domain_parses_agrees_with_parse_domain() {
        const PIECES: [&str; 20] = [
            "0",
            "1",
            "7",
            "8",
            "9",
            "255",
            "256",
            "4294967295",
            "0x",
            "0X1f",
            "x",
            "a",
            "g",
            ".",
            "%2E",
            "%30",
            "%41",
            "%C3%BC",
            "\u{FF11}",
            "\u{3002}",
        ];
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut host = String::new();
        for _ in 0..50_000 {
            host.clear();
            let len = 1 + next() % 14;
            for _ in 0..len {
                host.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
            let mut out = String::new();
            let expected = parse_domain(&host, 0, &mut out, &mut Reporter::none()).is_ok();
            assert_eq!(domain_parses(host.as_bytes()), Some(expected), "{host:?}");
        }
    }
}
