//! Raw control characters inside a URL (RFC 1738 §6, RFC 3986 §7.3): the WHATWG parser
//! percent-encodes them or drops tabs and line breaks, but a reader that takes the URL as it
//! is passes them on to a protocol line, as it would their encoded forms (which
//! [`encoding`](super::encoding) finds). Leading and trailing ones are outside every
//! component: the parser strips them before reading a component, as any reader trims a line.

use alloc::string::String;
use alloc::vec::Vec;

use super::check::{Check, Context, Needs};
use super::encoding::component_of;
use super::finding::{Code, Finding, Severity};
use super::spans::LazySpans;

/// Raw C0 controls and DEL (L026).
pub(crate) struct RawControl;

impl Check for RawControl {
    const CODES: &'static [Code] = &[Code::RawControl];
    /// A control character is not a URL unit.
    const NEEDS: Needs = Needs {
        not_units: true,
        ..Needs::NOTHING
    };
    #[cold]
    #[inline(never)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        check(cx.input, &mut cx.spans, out);
    }
}

fn is_control(c: u8) -> bool {
    c < 0x20 || c == 0x7f
}

/// Whether `b` holds a control character: blocks of 16 bytes, each told without a branch
/// per byte (the inputs this runs on are mostly non-ASCII text, with none).
fn has_control(b: &[u8]) -> bool {
    let any = |chunk: &[u8]| chunk.iter().fold(false, |acc, &c| acc | is_control(c));
    let Some(last) = b.len().checked_sub(16) else {
        return any(b);
    };
    // The last 16 bytes stand for the remainder (those it shares with a block are read
    // twice): no byte-by-byte tail.
    b.chunks_exact(16).any(any) || any(&b[last..])
}

/// Appends a finding for each run of control characters inside `input` (also an input the
/// WHATWG parser fails on, as its escapes are: a reader that does not fail passes them on).
pub(crate) fn check(input: &str, spans: &mut LazySpans<'_>, out: &mut Vec<Finding>) {
    let b = input.as_bytes();
    // What the parser strips: C0 controls and spaces around the URL.
    let start = b.iter().position(|&c| c > b' ').unwrap_or(b.len());
    let end = b.iter().rposition(|&c| c > b' ').map_or(start, |i| i + 1);
    if !has_control(&b[start..end]) {
        return;
    }
    let mut i = start;
    while let Some(k) = b
        .get(i..end)
        .and_then(|rest| rest.iter().position(|&c| is_control(c)))
    {
        let at = i + k;
        // A run of controls is one finding: `\r\n` is one line break.
        let run = b[at..end].iter().take_while(|&&c| is_control(c)).count();
        let span = at..at + run;
        let part = component_of(spans.get(), at);
        let mut message = String::from("raw control character");
        if run > 1 {
            message.push('s');
        }
        const HEX: &[u8; 16] = b"0123456789abcdef";
        for &c in &b[span.clone()] {
            message.push_str(" 0x");
            message.push(char::from(HEX[usize::from(c >> 4)]));
            message.push(char::from(HEX[usize::from(c & 15)]));
        }
        message.push_str(" in the ");
        message.push_str(part.as_str());
        // As the encoded forms: CR, LF and NUL split lines, the others confuse.
        let line_break = b[span.clone()].iter().any(|c| matches!(c, b'\r' | b'\n' | 0));
        let f = Finding::new(Code::RawControl, span.clone(), message);
        out.push(if line_break {
            f
        } else {
            f.with_severity(Severity::Warning)
        });
        i = span.end;
    }
}
