//! The linkifier: text to HTML with an `<a href>` around each URL.

use alloc::string::String;

use super::links;

/// The bytes cmark leaves as they are in an `href` (`houdini_escape_href`'s safe set).
fn href_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_.+!*'(),%#@?=;:/&$~".contains(&b)
}

/// `url` with every byte outside the safe set percent-encoded.
pub(super) fn href(url: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(url.len());
    for &b in url.as_bytes() {
        if href_safe(b) {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
    out
}

/// Appends `text` with `&`, `<`, `>`, `"` and `'` escaped.
fn escape_into(out: &mut String, text: &str) {
    let mut last = 0;
    for (i, b) in text.bytes().enumerate() {
        let esc = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&text[last..i]);
        out.push_str(esc);
        last = i + 1;
    }
    out.push_str(&text[last..]);
}

/// `text` as HTML: escaped, with `<a href="…">` around the URL of each [link](super::links)
/// (the default options). The text is kept as it is, wrappers included; the `href` is the
/// URL percent-encoded where HTML or a browser could misread it ([`super::Link::href`]), then
/// attribute-escaped. URLs with a script or data scheme (`javascript:`, `vbscript:`,
/// `data:`), which only `<…>` can delimit, are left as text.
///
/// ```
/// let html = urlkit::text::linkify_html("See www.example.com/?a=1&b=2. <javascript:alert(1)>");
/// assert_eq!(
///     html,
///     "See <a href=\"http://www.example.com/?a=1&amp;b=2\">www.example.com/?a=1&amp;b=2</a>. \
///      &lt;javascript:alert(1)&gt;"
/// );
/// ```
pub fn linkify_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut pos = 0;
    for link in links(text) {
        let scheme = link.scheme();
        if ["javascript", "vbscript", "data"]
            .iter()
            .any(|s| s.eq_ignore_ascii_case(scheme))
        {
            continue;
        }
        let url = link.url_span();
        escape_into(&mut out, &text[pos..url.start]);
        out.push_str("<a href=\"");
        escape_into(&mut out, &link.href());
        out.push_str("\">");
        escape_into(&mut out, &text[url.clone()]);
        out.push_str("</a>");
        pos = url.end;
    }
    escape_into(&mut out, &text[pos..]);
    out
}
