//! Percent-encoded octets that mean trouble once decoded: control characters (protocol
//! smuggling, RFC 1738 §6), `/` and `\` in a path and encoded dot segments (back-end
//! transcoding, RFC 3986 §7.3), double encoding, and encoded hosts (RFC 3986 §3.2.2 keeps
//! the escapes of a reg-name, WHATWG decodes them).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use super::check::{Check, Context, Escapes, Needs};
use super::finding::{Code, Finding, Severity};
use super::spans::{LazySpans, Spans};

/// Each byte's hex digit value, 16 for a byte that is not a hex digit.
const HEX_VALUE: [u8; 256] = {
    let mut t = [16u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => 16,
        };
        c += 1;
    }
    t
};

/// The octet `%XY` at `i` encodes (two table look-ups: escapes are checked by the hundred in
/// encoded queries).
pub(crate) fn octet_at(b: &[u8], i: usize) -> Option<u8> {
    let (hi, lo) = (
        HEX_VALUE[usize::from(*b.get(i + 1)?)],
        HEX_VALUE[usize::from(*b.get(i + 2)?)],
    );
    ((hi | lo) < 16).then_some(hi << 4 | lo)
}

/// The component an escape is in: messages name it, and repeats are counted by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    Path,
    Query,
    Fragment,
    Host,
    Userinfo,
    Port,
    Url,
}

impl Part {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
            Part::Host => "host",
            Part::Userinfo => "userinfo",
            Part::Port => "port",
            Part::Url => "url",
        }
    }
}

pub(crate) fn component_of(spans: &Spans, i: usize) -> Part {
    let within = |r: &Option<Range<usize>>| r.as_ref().is_some_and(|r| r.contains(&i));
    if spans.path.contains(&i) {
        Part::Path
    } else if within(&spans.query) {
        Part::Query
    } else if within(&spans.fragment) {
        Part::Fragment
    } else if within(&spans.host) {
        Part::Host
    } else if within(&spans.username) || within(&spans.password) {
        Part::Userinfo
    } else if within(&spans.port) {
        Part::Port
    } else {
        Part::Url
    }
}

/// The strings `parts` joined, in a string of exactly their length (no formatting
/// machinery: an encoded query may make many of these).
fn concat(parts: &[&str]) -> String {
    let mut s = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for p in parts {
        s.push_str(p);
    }
    s
}

/// Percent-encoded trouble (L020–L024).
pub(crate) struct Encoding;

impl Check for Encoding {
    const CODES: &'static [Code] = &[
        Code::EncodedLineBreak,
        Code::EncodedControl,
        Code::EncodedPathSeparator,
        Code::EncodedDotSegment,
        Code::DoubleEncoding,
    ];
    /// An encoded C0 control or DEL, or `%25` (double encoding), anywhere; an encoded `/`,
    /// `\` or `.` in the path.
    const NEEDS: Needs = Needs {
        escapes: Escapes::NONE
            .anywhere(0x00, 0x1f)
            .anywhere(0x7f, 0x7f)
            .anywhere(b'%', b'%')
            .in_path(b'/', b'/')
            .in_path(b'\\', b'\\')
            .in_path(b'.', b'.'),
        ..Needs::NOTHING
    };
    #[inline]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        check(cx.input, &mut cx.spans, cx.url.is_special(), out);
    }
}

/// Appends `f`, or widens the previous finding when `f` continues it: `%0d%0a` is one
/// finding, "percent-encoded cr lf in the path".
fn push_merged(out: &mut Vec<Finding>, first: usize, f: Finding) {
    if let Some(last) = out[first..].last_mut() {
        let run = matches!(f.code(), Code::EncodedLineBreak | Code::EncodedControl);
        if run && last.code() == f.code() && last.span().end == f.span().start {
            let split = |m: &str| {
                m.find(" in the ")
                    .map(|i| (m[..i].to_string(), m[i..].to_string()))
            };
            let (Some((head, tail)), Some((next, _))) = (split(last.message()), split(f.message())) else {
                return out.push(f);
            };
            let name = next.rsplit(' ').next().unwrap_or("");
            let message = format!("{head} {name}{tail}");
            let merged = Finding::new(f.code(), last.span().start..f.span().end, message)
                .with_severity(last.severity());
            *last = merged;
            return;
        }
    }
    out.push(f);
}

/// Scans `input` for percent-encoded trouble; `special` says whether `\` separates path
/// segments. In the query and fragment of a special URL, encoded controls are form data
/// (a `<textarea>` submits its line breaks as `%0D%0A`), so they are notes there.
pub(crate) fn check(input: &str, spans: &mut LazySpans<'_>, special: bool, out: &mut Vec<Finding>) {
    let b = input.as_bytes();
    let first = out.len();
    let mut repeats: Vec<(Code, Part, usize, usize)> = Vec::new();
    let mut dots = false;
    // The spans are located when the first escape worth a look is found, and only then.
    let mut escapes = Interesting::new(b);
    let Some(mut i) = escapes.next_from(0) else {
        return;
    };
    let located = spans.get();
    while let Some(at) = escapes.next_from(i) {
        i = at;
        let Some(octet) = octet_at(b, i) else {
            i += 1;
            continue;
        };
        dots |= octet == b'.';
        let part = component_of(located, i);
        let in_path = part == Part::Path;
        let line_break = matches!(octet, b'\r' | b'\n' | 0);
        let code = match octet {
            _ if line_break => Code::EncodedLineBreak,
            0x01..=0x1f | 0x7f => Code::EncodedControl,
            b'/' | b'\\' if in_path => Code::EncodedPathSeparator,
            b'%' if octet_at(b, i + 2).is_some() => Code::DoubleEncoding,
            _ => {
                i += 3;
                continue;
            }
        };
        // One finding per kind and component (a query of form data may hold hundreds of
        // encoded line breaks): a later one not adjacent to it is only counted, before
        // any message is formatted.
        let known = repeats.iter().position(|&(c, p, ..)| c == code && p == part);
        if let Some(k) = known {
            let (_, _, at, n) = &mut repeats[k];
            if out[*at].span().end != i {
                *n += 1;
                i += 3;
                continue;
            }
        }
        let form_data = special && matches!(part, Part::Query | Part::Fragment);
        let span = i..i + 3;
        let finding = match code {
            Code::EncodedLineBreak => {
                let name = match octet {
                    0 => "nul",
                    b'\n' => "lf",
                    _ => "cr",
                };
                let message = concat(&["percent-encoded ", name, " in the ", part.as_str()]);
                let f = Finding::new(code, span, message);
                if form_data {
                    f.with_severity(Severity::Note)
                } else {
                    f
                }
            }
            Code::EncodedControl => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let digits = [HEX[usize::from(octet >> 4)], HEX[usize::from(octet & 15)]];
                let digits = core::str::from_utf8(&digits).unwrap_or_default();
                let message = concat(&[
                    "percent-encoded control character 0x",
                    digits,
                    " in the ",
                    part.as_str(),
                ]);
                let f = Finding::new(code, span, message);
                if form_data {
                    f.with_severity(Severity::Note)
                } else {
                    f
                }
            }
            Code::EncodedPathSeparator => {
                let f = Finding::new(
                    code,
                    span,
                    format!("percent-encoded {:?} in the path", char::from(octet)),
                );
                // Alone, an encoded separator is data (`@types%2fnode`, a DOI): a path
                // traversal only with a dot segment next to it once decoded.
                if separator_traversal(&input[located.path.clone()], special) {
                    f
                } else {
                    f.with_severity(Severity::Note)
                }
            }
            _ => {
                let severity = if in_path {
                    Severity::Warning
                } else {
                    Severity::Note
                };
                let decoded = char::from(octet_at(b, i + 2).unwrap_or(b'?'));
                let message = format!(
                    "double percent-encoding in the {}: decodes to %{} then to {decoded:?}",
                    part.as_str(),
                    &input[i + 3..i + 5]
                );
                Finding::new(code, i..i + 5, message).with_severity(severity)
            }
        };
        if known.is_none() {
            repeats.push((code, part, out.len(), 1));
        }
        push_merged(out, first, finding);
        i += 3;
    }
    for (_, part, at, n) in repeats {
        if n > 1 {
            let f = &out[at];
            let mut message = String::with_capacity(f.message().len() + 24);
            message.push_str(f.message());
            message.push_str(" (");
            crate::decimal::push_str(n as u64, &mut message);
            message.push_str(" in the ");
            message.push_str(part.as_str());
            message.push(')');
            out[at] = Finding::new(f.code(), f.span(), message).with_severity(f.severity());
        }
    }
    if dots {
        dot_segments(input, located.path.clone(), special, out);
    }
}

/// The escapes [`check`] looks at, anywhere or in a path, as a class of octet values for
/// [`try_escape_bits`](crate::simd::try_escape_bits), which reads octets below 0x80 only:
/// the assertion below holds the declared escapes to that.
static INTERESTING: crate::simd::AsciiClass =
    crate::simd::AsciiClass::of_bits(Encoding::NEEDS.escapes.table(), 0b11);
const _: () = assert!(Encoding::NEEDS.escapes.below(0x80));

/// The escapes [`check`] looks at, in order: from vector blocks of 64 positions where they
/// run (an encoded query has an escape every few bytes, most of them of no interest: a
/// block is one pass for all of them), else from `%` to `%` eight bytes at a time.
struct Interesting<'a> {
    b: &'a [u8],
    /// The start of the current block, its bits not yet taken (bit `j`: an escape at
    /// `block + j`), and where the next block starts.
    block: usize,
    bits: u64,
    next: usize,
    /// No vector blocks here: [`next_interesting`] it is.
    scalar: bool,
}

impl<'a> Interesting<'a> {
    fn new(b: &'a [u8]) -> Self {
        Interesting {
            b,
            block: 0,
            bits: 0,
            next: 0,
            scalar: crate::simd::try_escape_bits(b, b.len(), &INTERESTING).is_none(),
        }
    }

    /// The first escape [`check`] looks at at or after `i`.
    fn next_from(&mut self, i: usize) -> Option<usize> {
        if self.scalar {
            return next_interesting(self.b, i);
        }
        loop {
            // Positions before `i` are behind the caller.
            if i > self.block {
                let k = i - self.block;
                self.bits = if k >= 64 { 0 } else { self.bits & (u64::MAX << k) };
            }
            if self.bits != 0 {
                return Some(self.block + self.bits.trailing_zeros() as usize);
            }
            let from = i.max(self.next);
            if from >= self.b.len() {
                return None;
            }
            let (block, bits) = crate::simd::try_escape_bits(self.b, from, &INTERESTING)?;
            if bits == 0 {
                self.next = self.b.len();
                return None;
            }
            (self.block, self.bits, self.next) = (block, bits, block + 64);
        }
    }
}

/// The first escape at or after `i` that [`check`] looks at (as in a path: the component is
/// told by the caller).
fn next_interesting(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i = next_percent(b, i)?;
        match octet_at(b, i) {
            Some(o) if Encoding::NEEDS.escapes.looks_at(o, true) => return Some(i),
            Some(_) => i += 3,
            None => i += 1,
        }
    }
}

/// The first `%` in `b` at or after `i`, eight bytes at a time: no start-up cost (escapes in
/// an encoded query are a few bytes apart, where a vector scan's or a memchr's set-up costs
/// more than the bytes it skips).
fn next_percent(b: &[u8], mut i: usize) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const LOW7: u64 = ONES * 0x7f;
    while let Some(w) = b.get(i..i + 8) {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(w);
        // The high bit of each byte that is `%` (exactly: no borrow crosses bytes).
        let x = u64::from_le_bytes(bytes) ^ (ONES * u64::from(b'%'));
        let zero = !((x & LOW7).wrapping_add(LOW7) | x | LOW7);
        if zero != 0 {
            return Some(i + (zero.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    b.get(i..)?.iter().position(|&c| c == b'%').map(|k| i + k)
}

/// Whether a segment of `path` holding an encoded separator decodes to pieces of which one is
/// `.` or `..` (`..%2f`, `%2e%2e%2f`, `a%2f..`): a back end that decodes before splitting
/// walks up the tree.
fn separator_traversal(path: &str, special: bool) -> bool {
    let is_sep = |c: u8| c == b'/' || (special && c == b'\\');
    path.split(|c| c == '/' || (special && c == '\\'))
        .filter(|segment| segment.contains('%'))
        .any(|segment| {
            let decoded = crate::percent::percent_decode_str(segment).into_bytes();
            decoded.iter().any(|&c| is_sep(c))
                && decoded
                    .split(|&c| is_sep(c))
                    .any(|piece| matches!(piece, b"." | b".."))
        })
}

/// A percent-encoded host of a special URL (L025).
pub(crate) struct EncodedHost;

impl Check for EncodedHost {
    const CODES: &'static [Code] = &[Code::EncodedHost];
    /// The WHATWG parser serializes a special URL's host decoded: an input with an escape
    /// there is not canonical.
    const NEEDS: Needs = Needs {
        not_uri: true,
        ..Needs::NOTHING
    };
    #[cold]
    #[inline(never)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        if !cx.url.is_special() || !matches!(*cx.host, Some(crate::Host::Domain(_) | crate::Host::Ipv4(_))) {
            return;
        }
        // A `%` before the end of the authority, where any escape of the host is (spans
        // are located only then): the first of `/`, `\`, `?`, `#`, `%` after the scheme's
        // `:` and slashes. Most inputs have no `%` at all, which one `memchr` tells.
        let b = cx.input.as_bytes();
        if memchr::memchr(b'%', b).is_none() {
            return;
        }
        let from = b.iter().position(|&c| c == b':').map_or(0, |i| i + 1);
        let rest = b.get(from..).unwrap_or_default();
        let skip = rest
            .iter()
            .take_while(|&&c| matches!(c, b'/' | b'\\' | b'\t' | b'\n' | b'\r'))
            .count();
        let stop = rest[skip..]
            .iter()
            .position(|&c| matches!(c, b'/' | b'\\' | b'?' | b'#' | b'%'));
        if stop.is_none_or(|i| rest[skip + i] != b'%') {
            return;
        }
        let Some(span) = cx.spans.get().host.clone() else {
            return;
        };
        let written = cx.input.get(span.clone()).unwrap_or_default();
        if !written.contains('%') {
            return;
        }
        let host = cx.url.hostname();
        let message = format!(
            "the host {written:?} is percent-encoded: whatwg readers decode it to {host:?}, rfc 3986 readers keep the escapes"
        );
        out.push(Finding::new(Code::EncodedHost, span, message));
    }
}

/// Path segments that decode to `.` or `..` but are not written so.
fn dot_segments(input: &str, path: Range<usize>, special: bool, out: &mut Vec<Finding>) {
    let text = &input[path.clone()];
    let mut start = path.start;
    for segment in text.split(|c| c == '/' || (special && c == '\\')) {
        let span = start..start + segment.len();
        start = span.end + 1;
        if !segment.contains('%') || segment.len() > 6 {
            continue;
        }
        let decoded = crate::percent::percent_decode_str(segment).into_bytes();
        if matches!(&*decoded, b"." | b"..") {
            out.push(Finding::new(
                Code::EncodedDotSegment,
                span,
                format!(
                    "path segment {segment:?} is {:?} once decoded",
                    core::str::from_utf8(&decoded).unwrap_or("")
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector cursor finds the escapes [`next_interesting`] finds, from every start, in
    /// inputs of every length around the block sizes with `%`, hex digits and other bytes,
    /// ASCII and not, sprinkled.
    #[test]
    fn the_vector_cursor_finds_the_escapes_a_scalar_reading_finds() {
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        for len in 0..300 {
            for density in [3, 9, 40] {
                let b: alloc::vec::Vec<u8> = (0..len)
                    .map(|_| match next() % density {
                        0 => b'%',
                        1 => 0xC3,
                        _ => b"0123456789abcdefABCDEF2e5C7fgz/."[(next() % 32) as usize],
                    })
                    .collect();
                // Calls in increasing order, as `check` makes them, from every start.
                for first in 0..=len + 1 {
                    let mut escapes = Interesting::new(&b);
                    let mut i = first;
                    loop {
                        let got = escapes.next_from(i);
                        assert_eq!(got, next_interesting(&b, i), "{len} {density} {first} {i}");
                        let Some(at) = got else { break };
                        i = at + 1 + (next() % 3) as usize;
                    }
                }
            }
        }
    }
}
