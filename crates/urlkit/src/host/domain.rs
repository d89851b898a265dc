//! Steps 3-9 of the [host parser](https://url.spec.whatwg.org/#concept-host-parser): hosts of
//! special URLs, which become domains or IPv4 addresses.
//!
//! The common case, an ASCII host without `%`, takes a fast path: one table-driven scan, one
//! copy (lower-casing in place when needed), no allocation and no UTS 46 processing. This is
//! exactly what the standard computes for such input: percent-decoding and UTF-8 decoding
//! change nothing, and the [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii)
//! returns an ASCII domain lower-cased (step 5).

use crate::whatwg::output::Output;
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

/// Parses a non-empty special host that is not an IPv6 address. Without output
/// (`can_parse`), the kind of a valid host is `Domain` whatever it is; a host with `%` or
/// non-ASCII code points is checked by [`domain_parses`], without allocating, and when that
/// cannot decide, `out` is told ([`Output::unsure`]).
pub(crate) fn parse_domain<O: Output>(
    input: &str,
    offset: usize,
    out: &mut O,
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
            _ => return general(input, offset, out, reporter),
        }
    }
    // The fast path: `input` is the domain, and ASCII.
    idna::report_strict(input, offset, reporter);
    if forbidden {
        return Err(ParseError::new(ErrorKind::DomainInvalidCodePoint, offset));
    }
    if ends_in_a_number(bytes) {
        let addr = parse_ipv4(bytes, Positions { offset, exact: true }, reporter)?;
        if let Some(out) = out.string() {
            serialize_ipv4(addr, out);
        }
        return Ok(HostInternal::Ipv4(addr));
    }
    if let Some(out) = out.string() {
        let start = out.len();
        out.push_str(input);
        if upper {
            out[start..].make_ascii_lowercase();
        }
    }
    Ok(HostInternal::Domain)
}

/// Steps 4-9 for input with `%` or non-ASCII code points: [`parse_general`], or without
/// output [`domain_parses`], which needs no allocation. (Out of line: the loop that leads
/// here stays as tight as without the choice.)
#[inline(never)]
fn general<O: Output>(
    input: &str,
    offset: usize,
    out: &mut O,
    reporter: &mut Reporter<'_>,
) -> Result<HostInternal, ParseError> {
    if let Some(out) = out.string() {
        return parse_general(input, offset, out, reporter);
    }
    match domain_parses(input) {
        Some(true) => Ok(HostInternal::Domain),
        answer => {
            if answer.is_none() {
                out.unsure();
            }
            Err(ParseError::new(ErrorKind::DomainInvalidCodePoint, offset))
        }
    }
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

/// The stack buffer of [`domain_parses`]: [`idna::RTL_LABEL`], then one chunk of labels of the
/// percent-decoded host for UTS 46 (which takes a slice). A single label longer than the rest
/// of it is left to the full parser. 1,024 bytes hold 253 code points of 4 bytes, as many as
/// the `idna` crate keeps inline anyway: a longer label allocates there unless its mapping
/// shrinks it (ignored code points, composition).
pub(crate) const CHECK_BUFFER: usize = 1024;

/// Labels of one chunk that [`domain_parses`] hands to UTS 46: with [`idna::RTL_LABEL`] in
/// front, 8, the number `idna`'s `Uts46::process` keeps inline.
const CHUNK_LABELS: usize = 7;

/// The most code points a chunk of several labels may map to, so that with
/// [`idna::RTL_LABEL`] (2 code points) in front it stays within the 253 that `idna` keeps
/// inline. What a chunk maps to is bounded by its [`weight`]s.
const CHUNK_WEIGHT: usize = 251;

/// The most code points UTS 46 maps a byte of UTF-8 to (§4 step 1, then NFC): an ASCII byte
/// to one (lower-cased or kept), any other byte to at most 6: the longest mapping is U+FDFA's,
/// 18 code points for 3 bytes (UAX #15's maximum expansion factor of NFKD, 18, is U+FDFA's
/// too), and composition only shortens. Tested on every code point in `idna.rs`. Were a chunk
/// to map to more, `idna` would allocate; the answer would not change.
fn weight(b: u8) -> usize {
    if b < 0x80 {
        1
    } else {
        6
    }
}

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
        let text;
        let s: &[u8] = match self.number {
            Number::Empty => b"",
            Number::Zero | Number::HexPrefix => b"0",
            Number::Digits(_, v) => {
                text = crate::decimal::digits(v.min(1 << 32));
                &text.0[text.1..]
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

    // UTS 46 writes its output a character at a time, nearly always ASCII: the default would
    // encode each one into a buffer and go through `write_str`.
    #[inline]
    fn write_char(&mut self, c: char) -> core::fmt::Result {
        match u8::try_from(c) {
            Ok(b) if b.is_ascii() => self.push(b),
            _ => c.encode_utf8(&mut [0; 4]).bytes().for_each(|b| self.push(b)),
        }
        Ok(())
    }
}

/// Bytes written into a fixed buffer.
struct StackSink<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> core::fmt::Write for StackSink<N> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.push(s.as_bytes()).ok_or(core::fmt::Error)
    }

    // As for `Summary`: UTS 46 writes a character at a time.
    #[inline]
    fn write_char(&mut self, c: char) -> core::fmt::Result {
        match self.buf.get_mut(self.len) {
            Some(slot) if c.is_ascii() => {
                *slot = c as u8;
                self.len += 1;
                Ok(())
            }
            _ => self.write_str(c.encode_utf8(&mut [0; 4])),
        }
    }
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

/// The bytes of a host as the host parser sees them: tabs and newlines removed (the basic
/// URL parser's first step), then [percent-decoded](https://url.spec.whatwg.org/#percent-decode)
/// (step 4 of the host parser), lazily.
#[derive(Clone)]
struct Decoded<'a> {
    rest: core::slice::Iter<'a, u8>,
}

impl<'a> Decoded<'a> {
    fn new(host: &'a [u8]) -> Self {
        Decoded { rest: host.iter() }
    }
}

/// The next byte of `rest` that is not a tab or newline.
fn significant(rest: &mut core::slice::Iter<'_, u8>) -> Option<u8> {
    rest.find(|&&c| !matches!(c, b'\t' | b'\n' | b'\r')).copied()
}

impl Iterator for Decoded<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        let b = significant(&mut self.rest)?;
        if b != b'%' {
            return Some(b);
        }
        // `%` and two hex digits (tabs between them removed first); otherwise `%` itself.
        let mut ahead = self.rest.clone();
        let hex = |c: Option<u8>| c.and_then(|c| char::from(c).to_digit(16));
        if let (Some(h), Some(l)) = (hex(significant(&mut ahead)), hex(significant(&mut ahead))) {
            self.rest = ahead;
            return Some((h * 16 + l) as u8);
        }
        Some(b'%')
    }
}

/// The label separators of UTS 46 (§4 step 1 maps them to `.`, and nothing else contains a
/// `.` after mapping: tested in `idna.rs`), as UTF-8: `.`, U+3002, U+FF0E, U+FF61. The length
/// of the one `chunk` ends with, if any.
fn separator_at_end(chunk: &[u8]) -> Option<usize> {
    match chunk {
        [.., b'.'] => Some(1),
        [.., 0xE3, 0x80, 0x82] | [.., 0xEF, 0xBC, 0x8E] | [.., 0xEF, 0xBD, 0xA1] => Some(3),
        _ => None,
    }
}

/// Feeds `bytes` (a host with a non-ASCII code point, decoded) to `f` in chunks of whole
/// labels, split at label separators (which are left out): at most [`CHUNK_LABELS`] labels
/// of at most [`CHUNK_WEIGHT`] in all, or one heavier label. `f` gets the buffer, whose chunk
/// starts after [`idna::RTL_LABEL`] (already there), and answers whether the chunk is valid.
/// `None` when a label does not fit [`CHECK_BUFFER`]; `Some(false)` as soon as `f` does.
fn for_each_chunk(bytes: Decoded<'_>, mut f: impl FnMut(&[u8]) -> bool) -> Option<bool> {
    let start = idna::RTL_LABEL.len();
    let mut buf = [0u8; CHECK_BUFFER];
    buf[..start].copy_from_slice(idna::RTL_LABEL);
    // The chunk is `buf[start..len]`, of weight `chunk_weight`; its last complete label ends
    // at `label_end`, where a separator starts, and the current label starts at `label_start`
    // (`start`: the first) and weighs `label_weight`.
    let (mut len, mut label_end, mut label_start, mut labels) = (start, start, start, 1);
    let (mut chunk_weight, mut label_weight) = (0, 0);
    for b in bytes {
        if chunk_weight + weight(b) > CHUNK_WEIGHT && label_start > start {
            // Too heavy with the current label: the complete labels go, it moves to the front.
            if !f(&buf[..label_end]) {
                return Some(false);
            }
            buf.copy_within(label_start..len, start);
            len -= label_start - start;
            (label_end, label_start, labels, chunk_weight) = (start, start, 1, label_weight);
        }
        *buf.get_mut(len)? = b;
        len += 1;
        chunk_weight += weight(b);
        label_weight += weight(b);
        if let Some(n) = separator_at_end(&buf[label_start..len]) {
            if labels == CHUNK_LABELS {
                if !f(&buf[..len - n]) {
                    return Some(false);
                }
                (len, label_end, label_start, labels) = (start, start, start, 1);
                chunk_weight = 0;
            } else {
                (label_end, label_start, labels) = (len - n, len, labels + 1);
            }
            label_weight = 0;
        }
    }
    Some(f(&buf[..len]))
}

/// [`domain_parses`] on the common non-ASCII host: without `%`, tabs or newlines, and small
/// enough to be one chunk ([`CHUNK_LABELS`], [`CHUNK_WEIGHT`]), it goes to UTS 46 as it is,
/// without copying it or checking its UTF-8 (it is a `str`), and CheckBidi needs no second look (a
/// chunk that is the whole domain). `None` for any other host: the chunked path decides.
/// Counting every byte that may start a label separator (`.`, and the lead bytes `E3` and
/// `EF` of U+3002, U+FF0E and U+FF61) over-counts labels, which only sends a host there.
fn one_chunk(host: &str) -> Option<bool> {
    // Every byte weighs at least 1: a longer host is never one chunk (and is not scanned here).
    if host.len() > CHUNK_WEIGHT {
        return None;
    }
    let (mut total, mut separators, mut non_ascii) = (0, 0, false);
    for &b in host.as_bytes() {
        match b {
            b'%' | b'\t' | b'\n' | b'\r' => return None,
            b'.' | 0xE3 | 0xEF => separators += 1,
            _ => {}
        }
        non_ascii |= b >= 0x80;
        total += weight(b);
    }
    // An ASCII host (possible only through this function's tests: the host parser takes
    // its fast path) is only lower-cased, never given to UTS 46.
    if !non_ascii || total > CHUNK_WEIGHT || separators >= CHUNK_LABELS {
        return None;
    }
    let mut out = StackSink::<ONE_CHUNK_OUTPUT> {
        buf: [0; ONE_CHUNK_OUTPUT],
        len: 0,
    };
    let domain = match idna::to_ascii_into(host.as_bytes(), &mut out, &mut false) {
        idna::Streamed::Passthrough => host.as_bytes(),
        idna::Streamed::Written => &out.buf[..out.len],
        idna::Streamed::Invalid => return Some(false),
        idna::Streamed::SinkFull => return None,
    };
    // Steps 7-9 as on an ASCII domain (`parse_domain`'s fast path), on the Unicode form that
    // UTS 46 wrote ([`idna::to_ascii_into`]): it has numeric labels and forbidden code points
    // exactly where the ASCII form has them, since punycode keeps a label's ASCII code points
    // and adds only `xn--`, letters, digits and `-` to a label that is not a number.
    let forbidden = domain.iter().any(|&b| FORBIDDEN_DOMAIN.contains(b));
    let positions = Positions {
        offset: 0,
        exact: false,
    };
    Some(
        !domain.is_empty()
            && !forbidden
            && (!ends_in_a_number(domain) || parse_ipv4(domain, positions, &mut Reporter::none()).is_ok()),
    )
}

/// The output buffer of [`one_chunk`]: the Unicode form of most domains (a longer one goes
/// the chunked way).
const ONE_CHUNK_OUTPUT: usize = 256;

/// Whether steps 4-9 of the host parser accept `host` (a non-empty special host that is not
/// in brackets, as written: still percent-encoded, tabs and newlines not yet removed), decided
/// without allocating: what [`parse_domain`] answers on the host without tabs and newlines.
///
/// A non-ASCII domain goes through UTS 46 ToASCII ([`idna::to_ascii_into`]) in chunks of at
/// most [`CHUNK_LABELS`] labels, split at label separators, the results joined with `.`: UTS
/// 46 processes each label on its own (§4 steps 3-4: punycode-decoding, the validity
/// criteria of §4.1), so splitting between labels changes neither the output nor the
/// answer, but for one rule: CheckBidi applies to every label of a Bidi domain name (§4.1
/// step 4, RFC 5893 §1.4 and §2), which a chunk alone may not be. So when a chunk is one and
/// there are several, every chunk is validated again behind an RTL label
/// ([`idna::valid_in_bidi_domain`]).
///
/// The `idna` crate keeps 8 labels and 253 mapped code points inline, and chunks stay within
/// them ([`CHUNK_LABELS`], [`CHUNK_WEIGHT`]). What still allocates, inside `idna`, needs one
/// label that no splitting between labels can help:
/// - a label that maps to more than 253 code points (more than 251 when validated again
///   behind the RTL label);
/// - an `xn--` label that decodes to more than 59 code points (`idna`'s inline label buffer);
/// - more than 17 non-starters in a row once decomposed (`icu_normalizer`'s inline buffer).
///
/// `None` when a label is longer than [`CHECK_BUFFER`] less [`idna::RTL_LABEL`] bytes once
/// decoded (which UTS 46 would allocate for too, but where its mapping shrinks it more than
/// 4 bytes a code point): the full parser decides.
pub(crate) fn domain_parses(host: &str) -> Option<bool> {
    one_chunk(host).or_else(|| chunked(host.as_bytes()))
}

/// [`domain_parses`] on any host, in chunks.
fn chunked(input: &[u8]) -> Option<bool> {
    let mut summary = Summary::new();
    // Steps 5-7 on an ASCII domain: it is only lower-cased, which changes neither the forbidden
    // code points nor the IPv4 parser's answer (`0X` and hex digits count in either case).
    if Decoded::new(input).all(|b| b.is_ascii()) {
        Decoded::new(input).for_each(|b| summary.push(b));
        return Some(summary.parses());
    }
    let (mut chunks, mut bidi) = (0usize, false);
    let valid = for_each_chunk(Decoded::new(input), |chunk| {
        let chunk = &chunk[idna::RTL_LABEL.len()..];
        if chunks > 0 {
            summary.push(b'.');
        }
        chunks += 1;
        // Step 5, UTF-8 decoding without BOM: an ill-formed sequence becomes U+FFFD, which
        // ToASCII rejects (as the `idna` crate does ill-formed input). Chunks split at whole
        // code points, so the host is well-formed if and only if each chunk is.
        if core::str::from_utf8(chunk).is_err() {
            return false;
        }
        match idna::to_ascii_into(chunk, &mut summary, &mut bidi) {
            idna::Streamed::Passthrough => {
                chunk.iter().for_each(|&b| summary.push(b));
                true
            }
            idna::Streamed::Written => true,
            idna::Streamed::Invalid | idna::Streamed::SinkFull => false,
        }
    })?;
    if !valid {
        return Some(false);
    }
    if bidi && chunks > 1 && for_each_chunk(Decoded::new(input), idna::valid_in_bidi_domain) != Some(true) {
        return Some(false);
    }
    Some(summary.parses())
}

#[cfg(test)]
mod tests {
    use super::{domain_parses, parse_domain};
    use crate::error::Reporter;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Pseudo-random hosts of up to 14 pieces (numbers in every radix, empty labels, escapes,
    /// non-ASCII), and of up to 60 pieces that make many labels (several UTS 46 chunks) with
    /// RTL labels (R, AL, AN), labels that are invalid in a Bidi domain name (`1a`, `a\u{5D0}`)
    /// and tabs: the summary decides as the host parser does.
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
        const MANY: [&str; 24] = [
            ".", ".", ".", "\u{3002}", "\u{FF0E}", "%2E", "a", "1a", "1", "\u{fc}", "%C3%BC", "\u{5D0}",
            "%D7%90", "\u{627}", "\u{661}", "a\u{5D0}", "xn--4db", "xn--a", "-", "\u{300}", "\t", "\u{FF61}",
            "B", "\u{200D}",
        ];
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        let mut host = String::new();
        for round in 0..100_000 {
            host.clear();
            let (pieces, most): (&[&str], u64) = if round % 2 == 0 {
                (&PIECES, 14)
            } else {
                (&MANY, 60)
            };
            let len = 1 + next() % most;
            for _ in 0..len {
                host.push_str(pieces[(next() % pieces.len() as u64) as usize]);
            }
            let clean: String = host.chars().filter(|&c| c != '\t').collect();
            if clean.is_empty() {
                // Not a host: an empty host is the authority state's to decide.
                continue;
            }
            let mut out = String::new();
            let expected = parse_domain(&clean, 0, &mut out, &mut Reporter::none()).is_ok();
            assert_eq!(domain_parses(&host), Some(expected), "{host:?}");
        }
    }

    /// The one-chunk path answers as the chunked path on hosts it takes: random hosts of
    /// non-ASCII labels (RTL, Bidi-invalid, mapped, heavy like U+FDFA, separators other than
    /// `.`), with as many labels and as much weight as one chunk holds and a little more.
    #[test]
    fn one_chunk_agrees_with_chunked() {
        const PIECES: [&str; 22] = [
            ".", ".", "\u{3002}", "\u{FF0E}", "\u{FF61}", "a", "1", "0x", "B", "-", "xn--4db", "xn--a",
            "\u{fc}", "\u{5D0}", "\u{627}", "\u{661}", "a\u{5D0}", "\u{300}", "\u{200D}", "\u{FDFA}",
            "\u{FF11}", "\u{FF0F}",
        ];
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut taken, mut valid) = (0, 0);
        let mut host = String::new();
        for _ in 0..50_000 {
            host.clear();
            for _ in 0..1 + next() % 24 {
                host.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
            if let Some(answer) = super::one_chunk(&host) {
                assert_eq!(Some(answer), super::chunked(host.as_bytes()), "{host:?}");
                taken += 1;
                valid += usize::from(answer);
            }
        }
        // Both answers, and most hosts (those under the limits), took the path.
        assert!(
            taken > 25_000 && valid > 1_000 && taken - valid > 1_000,
            "{taken} {valid}"
        );
    }

    /// Chunks of labels: one RTL label anywhere makes every label of every chunk subject to
    /// CheckBidi; long labels and long percent-encoded hosts; a label beyond the buffer.
    #[test]
    fn chunked_hosts_agree_with_parse_domain() {
        let mut hosts: Vec<String> = Vec::new();
        for n in [1usize, 6, 7, 8, 9, 14, 15, 16, 50] {
            for k in [0, n / 2, n.saturating_sub(1)] {
                for odd in ["1a", "a\u{5D0}", "a-", "xn--a", "\u{fc}", "1"] {
                    let mut labels: Vec<&str> = alloc::vec!["b\u{fc}"; n];
                    labels[k] = odd;
                    let rtl = n - 1 - k;
                    for sep in [".", "\u{3002}", "%2E", ".\t"] {
                        hosts.push(labels.join(sep));
                        let mut with_rtl = labels.clone();
                        with_rtl[rtl] = "\u{5D0}";
                        if rtl != k {
                            hosts.push(with_rtl.join(sep));
                        }
                    }
                }
            }
        }
        for k in [100, 124, 125, 126, 200, 253, 254, 300, 509, 510, 511, 600, 1000] {
            hosts.push("\u{fc}".repeat(k));
            hosts.push(alloc::format!("a.{}.\u{5D0}", "\u{fc}".repeat(k)));
            hosts.push(alloc::format!("{}.\u{5D0}", "a".repeat(k)));
            hosts.push("%C3%BC".repeat(k));
            hosts.push(alloc::format!(
                "{}.%C3%BC",
                ["%61"; 40].join(".").repeat(k / 40 + 1)
            ));
        }
        for host in &hosts {
            let clean: String = host.chars().filter(|&c| c != '\t').collect();
            let expected = parse_domain(&clean, 0, &mut String::new(), &mut Reporter::none()).is_ok();
            let decoded = crate::percent::percent_decode_str(&clean).decode_utf8_lossy();
            let longest = decoded
                .split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
                .map(str::len)
                .max();
            match domain_parses(host) {
                Some(answer) => assert_eq!(answer, expected, "{host:?}"),
                None => assert!(longest > Some(super::CHECK_BUFFER - 3), "{host:?}"),
            }
        }
        assert_eq!(domain_parses(&"\u{fc}".repeat(510)), Some(true));
        assert_eq!(domain_parses(&"\u{fc}".repeat(511)), None);
        assert_eq!(
            domain_parses(&alloc::format!("1a.{}\u{5D0}", "b\u{fc}.".repeat(20))),
            Some(false)
        );
    }
}
