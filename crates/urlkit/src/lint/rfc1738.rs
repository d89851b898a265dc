//! RFC 1738 §6: decoded parts of a URL that would put a line break into a protocol — an FTP
//! command (§3.2.2), a gopher selector (§3.4), a mailto header (RFC 6068 §7), a news or
//! WAIS request. Read through the scheme views of [`crate::rfc1738`].

use alloc::format;
use alloc::vec::Vec;

use super::finding::{Code, Finding};
use crate::rfc1738::SchemeView;

/// The decoded parts of `view` that go into a protocol line, with what each is.
fn protocol_parts<'v>(view: &'v SchemeView<'_>) -> Vec<(&'static str, &'v str)> {
    let mut parts = Vec::new();
    match view {
        SchemeView::Ftp(v) => {
            parts.extend(v.user().map(|u| ("ftp user (USER command)", u)));
            parts.extend(v.password().map(|p| ("ftp password (PASS command)", p)));
            parts.extend(v.cwd().iter().map(|c| ("ftp directory (CWD command)", &**c)));
            parts.push(("ftp file name (RETR or LIST command)", v.name()));
        }
        SchemeView::Gopher(v) => {
            parts.push(("gopher selector", v.selector()));
            parts.extend(v.search().map(|s| ("gopher search string", s)));
            parts.extend(v.gopher_plus().map(|s| ("gopher+ string", s)));
        }
        SchemeView::Mailto(v) => {
            parts.extend(v.addresses().iter().map(|a| ("mailto address", &**a)));
            for (name, value) in v.headers() {
                parts.push(("mailto header name", &**name));
                parts.push(("mailto header value", &**value));
            }
        }
        SchemeView::News(v) => {
            parts.extend(v.newsgroup().map(|g| ("news group", g)));
            parts.extend(v.message_id().map(|m| ("news message id", m)));
        }
        SchemeView::Nntp(v) => parts.push(("nntp group (GROUP command)", v.newsgroup())),
        SchemeView::Telnet(v) => {
            parts.extend(v.user().map(|u| ("telnet user", u)));
            parts.extend(v.password().map(|p| ("telnet password", p)));
        }
        SchemeView::Wais(v) => {
            parts.push(("wais database", v.database()));
            parts.extend(v.search().map(|s| ("wais search", s)));
            parts.extend(v.wpath().map(|s| ("wais path", s)));
        }
        SchemeView::Prospero(v) => {
            parts.push(("prospero name", v.hsoname()));
            for (name, value) in v.fields() {
                parts.push(("prospero field", &**name));
                parts.push(("prospero field value", &**value));
            }
        }
        _ => {}
    }
    parts
}

/// Flags every decoded part of `input`'s RFC 1738 view that holds a CR or LF.
pub(crate) fn check(input: &str, out: &mut Vec<Finding>) {
    let Ok(parsed) = crate::rfc1738::parse(input) else {
        return;
    };
    for (what, value) in protocol_parts(&parsed.view) {
        if !value.contains(['\r', '\n']) {
            continue;
        }
        let span = encoded_line_break(input).unwrap_or(0..input.len());
        let message =
            format!("the {what} decodes to {value:?}: a line break would start another command or header");
        out.push(Finding::new(Code::Rfc1738Smuggling, span, message));
    }
}

/// The first `%0D` or `%0A` in `input`.
fn encoded_line_break(input: &str) -> Option<core::ops::Range<usize>> {
    let b = input.as_bytes();
    (0..b.len().saturating_sub(2))
        .find(|&i| b[i] == b'%' && b[i + 1] == b'0' && matches!(b[i + 2], b'a' | b'A' | b'd' | b'D'))
        .map(|i| i..i + 3)
}
