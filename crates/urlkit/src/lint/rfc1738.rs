//! RFC 1738 §6: decoded parts of a URL that would put a line break into a protocol — an FTP
//! command (§3.2.2), a gopher selector (§3.4), a mailto header (RFC 6068 §7), a news or
//! WAIS request — as the scheme views of [`crate::rfc1738`] flag them
//! ([`SchemeView::line_breaks`](crate::rfc1738::SchemeView::line_breaks)).

use alloc::format;
use alloc::vec::Vec;

use super::check::{Check, Context, Escapes, Needs};
use super::finding::{Code, Finding};

/// A decoded protocol line of an RFC 1738 scheme view with a CR, LF or NUL (L100).
pub(crate) struct Smuggling;

impl Check for Smuggling {
    const CODES: &'static [Code] = &[Code::Rfc1738Smuggling];
    /// The line break is percent-encoded: a raw one is no URL code point.
    const NEEDS: Needs = Needs {
        escapes: Escapes::NONE
            .anywhere(0x00, 0x00)
            .anywhere(b'\n', b'\n')
            .anywhere(b'\r', b'\r'),
        ..Needs::NOTHING
    };
    // Out of line: the common path (a canonical URL without escapes) never calls it.
    #[inline(never)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        // The first byte rules out most schemes (`http`, `https`) at once.
        let view = matches!(
            cx.scheme.as_bytes().first(),
            Some(b'f' | b'g' | b'm' | b'n' | b's' | b't' | b'w' | b'p')
        ) && VIEW_SCHEMES.contains(&cx.scheme);
        if view && encoded_line_break(cx.input).is_some() {
            check(cx.input, out);
        }
    }
}

/// The schemes whose RFC 1738 views put decoded parts into protocol lines.
const VIEW_SCHEMES: [&str; 9] = [
    "ftp", "gopher", "mailto", "news", "snews", "nntp", "telnet", "wais", "prospero",
];

/// A finding for every decoded part of `input`'s RFC 1738 view that holds a CR, LF or NUL.
pub(crate) fn check(input: &str, out: &mut Vec<Finding>) {
    let Ok(parsed) = crate::rfc1738::parse(input) else {
        return;
    };
    for (what, value) in parsed.view.line_breaks() {
        let span = encoded_line_break(input).unwrap_or(0..input.len());
        let message =
            format!("the {what} decodes to {value:?}: a line break would start another command or header");
        out.push(Finding::new(Code::Rfc1738Smuggling, span, message));
    }
}

/// The first `%0D`, `%0A` or `%00` in `input`.
fn encoded_line_break(input: &str) -> Option<core::ops::Range<usize>> {
    let b = input.as_bytes();
    (0..b.len().saturating_sub(2))
        .find(|&i| b[i] == b'%' && b[i + 1] == b'0' && matches!(b[i + 2], b'a' | b'A' | b'd' | b'D' | b'0'))
        .map(|i| i..i + 3)
}
