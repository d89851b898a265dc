//! MIME types as the [MIME Sniffing Standard](https://mimesniff.spec.whatwg.org/#understanding-mime-types)
//! reads and writes them: [parsing](https://mimesniff.spec.whatwg.org/#parsing-a-mime-type) a
//! string into a [`MimeType`] record (type, subtype, ordered parameters) and
//! [serializing](https://mimesniff.spec.whatwg.org/#serializing-a-mime-type) it back
//! (`Display`), the way browsers treat a `Content-Type` value or a `data:` URL's type.
//!
//! Parsing is forgiving where the standard is: unknown or malformed parameters are dropped,
//! a duplicate parameter keeps its first value, `"quoted"` values are unquoted; only a
//! missing or malformed type or subtype fails.
//!
//! ```
//! use urlkit::mime::MimeType;
//! let mime: MimeType = "Text/HTML; Charset=\"utf-8\"; x=(1)".parse()?;
//! assert_eq!(mime.essence(), "text/html");
//! assert_eq!(mime.charset(), Some("utf-8"));
//! assert_eq!(mime.to_string(), "text/html;charset=utf-8;x=\"(1)\"");
//! # Ok::<(), urlkit::mime::MimeError>(())
//! ```

use alloc::collections::BTreeSet;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// Byte classes of the [MIME Sniffing Standard's terminology](https://mimesniff.spec.whatwg.org/#terminology)
/// and Fetch's [HTTP whitespace](https://fetch.spec.whatwg.org/#http-whitespace), one bit each.
const TOKEN: u8 = 1;
const QUOTED: u8 = 2;
const HTTP_WS: u8 = 4;

/// Per byte: whether it is an [HTTP token code point](https://mimesniff.spec.whatwg.org/#http-token-code-point)
/// (`TOKEN`), an [HTTP quoted-string token code point](https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point)
/// (`QUOTED`, ASCII part: tab and U+0020–U+007E; U+0080–U+00FF are checked per code point) or
/// [HTTP whitespace](https://fetch.spec.whatwg.org/#http-whitespace) (`HTTP_WS`).
pub(crate) const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0x20;
    while b <= 0x7E {
        t[b] = QUOTED;
        b += 1;
    }
    t[b'\t' as usize] = QUOTED | HTTP_WS;
    t[b' ' as usize] |= HTTP_WS;
    t[b'\n' as usize] = HTTP_WS;
    t[b'\r' as usize] = HTTP_WS;
    let punct = b"!#$%&'*+-.^_`|~";
    let mut i = 0;
    while i < punct.len() {
        t[punct[i] as usize] |= TOKEN;
        i += 1;
    }
    let mut c = b'0';
    while c <= b'9' {
        t[c as usize] |= TOKEN;
        c += 1;
    }
    let mut c = b'a';
    while c <= b'z' {
        t[c as usize] |= TOKEN;
        t[(c - 32) as usize] |= TOKEN;
        c += 1;
    }
    t
};

/// How many parameters are searched one by one for a duplicate name before a set of the
/// names takes over.
const NAMES_SCANNED: usize = 16;

#[inline]
fn is(b: u8, class: u8) -> bool {
    CLASS[b as usize] & class != 0
}

/// True when `s` is non-empty and solely [HTTP token code points](https://mimesniff.spec.whatwg.org/#http-token-code-point)
/// (a byte ≥ 0x80 is part of a non-ASCII code point, never a token one).
fn is_token(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| is(b, TOKEN))
}

/// True when `s` solely contains [HTTP quoted-string token code points](https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point):
/// tab, U+0020–U+007E and U+0080–U+00FF (in UTF-8: a 0xC2 or 0xC3 lead byte and its
/// continuation byte).
fn is_quoted_string_token(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            x if x < 0x80 => {
                if !is(x, QUOTED) {
                    return false;
                }
                i += 1;
            }
            // `s` is UTF-8, so a 0xC2/0xC3 lead is followed by its continuation byte.
            0xC2 | 0xC3 => i += 2,
            _ => return false,
        }
    }
    true
}

fn trim_http_whitespace_end(s: &str) -> &str {
    s.trim_end_matches(|c: char| c.is_ascii() && is(c as u8, HTTP_WS))
}

/// What made [`MimeType::parse`] fail.
///
/// ```
/// use urlkit::mime::{MimeErrorKind, MimeType};
/// assert_eq!(MimeType::parse("text").unwrap_err().kind, MimeErrorKind::MissingSlash);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MimeErrorKind {
    /// Nothing before the `/` (step 4 of [parse a MIME type](https://mimesniff.spec.whatwg.org/#parsing-a-mime-type)).
    EmptyType,
    /// A type code point that is not an HTTP token code point (step 4).
    InvalidTypeCodePoint,
    /// No `/` after the type (step 5).
    MissingSlash,
    /// Nothing between the `/` and the first `;` (step 9).
    EmptySubtype,
    /// A subtype code point that is not an HTTP token code point (step 9).
    InvalidSubtypeCodePoint,
}

impl MimeErrorKind {
    /// What was expected, in lower case.
    ///
    /// ```
    /// assert_eq!(urlkit::mime::MimeErrorKind::EmptyType.message(), "expected a type before '/'");
    /// ```
    pub fn message(self) -> &'static str {
        match self {
            MimeErrorKind::EmptyType => "expected a type before '/'",
            MimeErrorKind::InvalidTypeCodePoint => "expected an HTTP token code point in the type",
            MimeErrorKind::MissingSlash => "expected '/' after the type",
            MimeErrorKind::EmptySubtype => "expected a subtype after '/'",
            MimeErrorKind::InvalidSubtypeCodePoint => "expected an HTTP token code point in the subtype",
        }
    }
}

/// A string that is not a MIME type: what was expected, and the byte position in the input
/// where it was not found.
///
/// ```
/// let err = urlkit::mime::MimeType::parse("text/ht ml").unwrap_err();
/// assert_eq!(err.position, 7);
/// assert_eq!(err.to_string(), "expected an HTTP token code point in the subtype at byte 7");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MimeError {
    /// What failed.
    pub kind: MimeErrorKind,
    /// The byte offset in the input (before HTTP whitespace was trimmed).
    pub position: usize,
}

impl fmt::Display for MimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.message(), self.position)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MimeError {}

/// A [MIME type record](https://mimesniff.spec.whatwg.org/#mime-type-representation): a
/// lower-case type and subtype and an ordered map of parameters (lower-case names, values
/// of HTTP quoted-string token code points).
///
/// The essence is stored as one string, so [`MimeType::essence`] borrows.
///
/// ```
/// use urlkit::mime::MimeType;
/// let mime = MimeType::parse("image/svg+xml")?;
/// assert_eq!((mime.type_(), mime.subtype()), ("image", "svg+xml"));
/// assert_eq!(mime.parameters().count(), 0);
/// # Ok::<(), urlkit::mime::MimeError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MimeType {
    /// `type/subtype`, lower case.
    essence: String,
    /// The byte index of the `/` in `essence`.
    slash: usize,
    /// Name → value, in the order first seen; names are unique and lower case.
    parameters: Vec<(String, String)>,
}

impl MimeType {
    /// [Parses a MIME type](https://mimesniff.spec.whatwg.org/#parsing-a-mime-type) (step
    /// numbers in the comments are the standard's).
    ///
    /// # Errors
    ///
    /// When the type or the subtype is empty or not an HTTP token, or there is no `/`.
    ///
    /// ```
    /// use urlkit::mime::MimeType;
    /// let mime = MimeType::parse(" text/html;charset=\"shift_jis\"iso-2022-jp ")?;
    /// assert_eq!(mime.to_string(), "text/html;charset=shift_jis");
    /// assert!(MimeType::parse("/html").is_err());
    /// # Ok::<(), urlkit::mime::MimeError>(())
    /// ```
    pub fn parse(input: &str) -> Result<MimeType, MimeError> {
        // 1. Remove leading and trailing HTTP whitespace; `base` maps positions back.
        let trimmed_start = input.trim_start_matches(|c: char| c.is_ascii() && is(c as u8, HTTP_WS));
        let base = input.len() - trimmed_start.len();
        let s = trim_http_whitespace_end(trimmed_start);
        let b = s.as_bytes();
        let err = |kind, at: usize| MimeError {
            kind,
            position: base + at,
        };
        // 3. The type: up to '/'.
        let slash = memchr::memchr(b'/', b);
        let type_ = &s[..slash.unwrap_or(b.len())];
        // 4.
        if type_.is_empty() {
            return Err(err(MimeErrorKind::EmptyType, 0));
        }
        if let Some(bad) = type_.bytes().position(|c| !is(c, TOKEN)) {
            return Err(err(MimeErrorKind::InvalidTypeCodePoint, bad));
        }
        // 5, 6.
        let Some(slash) = slash else {
            return Err(err(MimeErrorKind::MissingSlash, b.len()));
        };
        let sub_start = slash + 1;
        // 7. The subtype: up to ';'.
        let mut position = memchr::memchr(b';', &b[sub_start..]).map_or(b.len(), |p| sub_start + p);
        // 8. Remove trailing HTTP whitespace.
        let subtype = trim_http_whitespace_end(&s[sub_start..position]);
        // 9.
        if subtype.is_empty() {
            return Err(err(MimeErrorKind::EmptySubtype, sub_start));
        }
        if let Some(bad) = subtype.bytes().position(|c| !is(c, TOKEN)) {
            return Err(err(MimeErrorKind::InvalidSubtypeCodePoint, sub_start + bad));
        }
        // 10. Lower-cased type and subtype.
        let mut essence = String::with_capacity(type_.len() + 1 + subtype.len());
        essence.push_str(type_);
        essence.push('/');
        essence.push_str(subtype);
        essence.make_ascii_lowercase();
        let mut mime = MimeType {
            essence,
            slash,
            parameters: Vec::new(),
        };
        // The names seen, once there are many: a linear search per parameter would make a
        // type with n parameters cost n² (`NAMES_SCANNED` keeps the common case allocation-free).
        let mut names: Option<BTreeSet<String>> = None;
        // 11. The parameters; `position` is at a ';' or the end.
        while position < b.len() {
            // 11.1 Skip the ';'; 11.2 skip HTTP whitespace.
            position += 1;
            while position < b.len() && is(b[position], HTTP_WS) {
                position += 1;
            }
            // 11.3 The name: up to ';' or '='.
            let name_start = position;
            while position < b.len() && b[position] != b';' && b[position] != b'=' {
                position += 1;
            }
            let name = &s[name_start..position];
            // 11.5
            if position < b.len() {
                if b[position] == b';' {
                    continue;
                }
                position += 1;
            }
            // 11.6
            if position >= b.len() {
                break;
            }
            // 11.7–11.9 The value.
            let value: String = if b[position] == b'"' {
                let (value, end) = collect_quoted_string(s, position);
                // 11.8.2 Skip to the next ';'.
                position = memchr::memchr(b';', &b[end..]).map_or(b.len(), |p| end + p);
                value
            } else {
                let end = memchr::memchr(b';', &b[position..]).map_or(b.len(), |p| position + p);
                let value = trim_http_whitespace_end(&s[position..end]);
                position = end;
                if value.is_empty() {
                    continue;
                }
                value.to_string()
            };
            // 11.10 Kept when the name is a token, the value quoted-string token code points,
            // and the name new (11.4: names compare lower-cased).
            if !is_token(name) || !is_quoted_string_token(&value) {
                continue;
            }
            let name = name.to_ascii_lowercase();
            let exists = match &mut names {
                Some(set) => !set.insert(name.clone()),
                None => mime.parameters.iter().any(|(n, _)| *n == name),
            };
            if !exists {
                mime.parameters.push((name, value));
                if names.is_none() && mime.parameters.len() > NAMES_SCANNED {
                    names = Some(mime.parameters.iter().map(|(n, _)| n.clone()).collect());
                }
            }
        }
        Ok(mime)
    }

    /// `text/plain;charset=US-ASCII`: what the [`data:` URL processor](https://fetch.spec.whatwg.org/#data-url-processor)
    /// gives a `data:` URL whose type is missing or invalid (step 14).
    ///
    /// ```
    /// assert_eq!(urlkit::mime::MimeType::text_plain_us_ascii().to_string(), "text/plain;charset=US-ASCII");
    /// ```
    pub fn text_plain_us_ascii() -> MimeType {
        MimeType {
            essence: "text/plain".into(),
            slash: 4,
            parameters: alloc::vec![("charset".into(), "US-ASCII".into())],
        }
    }

    /// The type, lower case (`text` in `text/html`).
    ///
    /// ```
    /// assert_eq!(urlkit::mime::MimeType::parse("TEXT/html")?.type_(), "text");
    /// # Ok::<(), urlkit::mime::MimeError>(())
    /// ```
    pub fn type_(&self) -> &str {
        &self.essence[..self.slash]
    }

    /// The subtype, lower case (`html` in `text/html`).
    ///
    /// ```
    /// assert_eq!(urlkit::mime::MimeType::parse("text/HTML")?.subtype(), "html");
    /// # Ok::<(), urlkit::mime::MimeError>(())
    /// ```
    pub fn subtype(&self) -> &str {
        &self.essence[self.slash + 1..]
    }

    /// The [essence](https://mimesniff.spec.whatwg.org/#mime-type-essence): `type/subtype`.
    ///
    /// ```
    /// assert_eq!(urlkit::mime::MimeType::parse("text/html;charset=utf-8")?.essence(), "text/html");
    /// # Ok::<(), urlkit::mime::MimeError>(())
    /// ```
    pub fn essence(&self) -> &str {
        &self.essence
    }

    /// The parameters in order, as `(name, value)`: names lower case and unique, values
    /// unquoted.
    ///
    /// ```
    /// let mime = urlkit::mime::MimeType::parse("a/b;Y=1;x=\"2\";y=3")?;
    /// assert_eq!(mime.parameters().collect::<Vec<_>>(), [("y", "1"), ("x", "2")]);
    /// # Ok::<(), urlkit::mime::MimeError>(())
    /// ```
    pub fn parameters(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.parameters.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The value of the parameter `name` (compared ASCII case-insensitively; stored names
    /// are lower case).
    ///
    /// ```
    /// let mime = urlkit::mime::MimeType::parse("text/plain;format=flowed")?;
    /// assert_eq!(mime.parameter("Format"), Some("flowed"));
    /// assert_eq!(mime.parameter("delsp"), None);
    /// # Ok::<(), urlkit::mime::MimeError>(())
    /// ```
    pub fn parameter(&self, name: &str) -> Option<&str> {
        self.parameters
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The `charset` parameter, as written (not a resolved encoding).
    ///
    /// ```
    /// assert_eq!(urlkit::mime::MimeType::parse("text/html;charset=GBK")?.charset(), Some("GBK"));
    /// # Ok::<(), urlkit::mime::MimeError>(())
    /// ```
    pub fn charset(&self) -> Option<&str> {
        self.parameter("charset")
    }
}

/// [Collect an HTTP quoted string](https://fetch.spec.whatwg.org/#collect-an-http-quoted-string)
/// with *extract-value* true, from the `"` at `start`: the unescaped value and the index
/// after the closing quote (or the end).
fn collect_quoted_string(s: &str, start: usize) -> (String, usize) {
    let b = s.as_bytes();
    let mut value = String::new();
    // 4. Skip the opening quote.
    let mut position = start + 1;
    loop {
        // 5.1 Up to '"' or '\'.
        let run = memchr::memchr2(b'"', b'\\', &b[position..]).map_or(b.len(), |p| position + p);
        value.push_str(&s[position..run]);
        position = run;
        // 5.2
        if position >= b.len() {
            break;
        }
        // 5.3, 5.4
        let quote_or_backslash = b[position];
        position += 1;
        if quote_or_backslash == b'\\' {
            // 5.5.1
            let Some(c) = s[position..].chars().next() else {
                value.push('\\');
                break;
            };
            // 5.5.2, 5.5.3 The escaped code point, whatever it is.
            value.push(c);
            position += c.len_utf8();
        } else {
            // 5.6 A closing '"'.
            break;
        }
    }
    (value, position)
}

impl fmt::Display for MimeType {
    /// [Serializes a MIME type](https://mimesniff.spec.whatwg.org/#serializing-a-mime-type):
    /// a value that is empty or not a token is quoted, with `"` and `\` escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.essence)?;
        for (name, value) in &self.parameters {
            f.write_str(";")?;
            f.write_str(name)?;
            f.write_str("=")?;
            if is_token(value) {
                f.write_str(value)?;
            } else {
                f.write_str("\"")?;
                let mut rest = value.as_str();
                while let Some(p) = rest.find(['"', '\\']) {
                    f.write_str(&rest[..p])?;
                    f.write_str("\\")?;
                    f.write_str(&rest[p..p + 1])?;
                    rest = &rest[p + 1..];
                }
                f.write_str(rest)?;
                f.write_str("\"")?;
            }
        }
        Ok(())
    }
}

impl FromStr for MimeType {
    type Err = MimeError;

    /// [`MimeType::parse`].
    fn from_str(s: &str) -> Result<MimeType, MimeError> {
        MimeType::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_the_definitions() {
        for b in 0u8..=255 {
            let token = b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
            assert_eq!(is(b, TOKEN), token, "{b:#x}");
            assert_eq!(is(b, QUOTED), b == b'\t' || (0x20..=0x7E).contains(&b), "{b:#x}");
            assert_eq!(is(b, HTTP_WS), b"\t\n\r ".contains(&b), "{b:#x}");
        }
        assert!(is_quoted_string_token("a\u{80}\u{FF} \t"));
        assert!(!is_quoted_string_token("\u{100}"));
        assert!(!is_quoted_string_token("\u{7F}"));
    }

    #[test]
    fn quoted_strings_as_in_the_fetch_examples() {
        assert_eq!(collect_quoted_string("\"\\", 0), ("\\".into(), 2));
        assert_eq!(collect_quoted_string("\"Hello\" World", 0), ("Hello".into(), 7));
        assert_eq!(
            collect_quoted_string("\"Hello \\\\ World\\\"\"", 0),
            ("Hello \\ World\"".into(), 18)
        );
    }

    #[test]
    fn many_parameters_and_duplicates_stay_fast_and_keep_the_first() {
        // Quadratic duplicate checks would take minutes here.
        let mut text = String::from("a/b");
        for i in 0..60_000 {
            text.push_str(&alloc::format!(";P{i}=x;p{i}=y"));
        }
        let mime = MimeType::parse(&text).unwrap();
        assert_eq!(mime.parameters().count(), 60_000);
        assert_eq!(mime.parameter("p59999"), Some("x"));
        assert!(mime.parameters().all(|(_, v)| v == "x"));
    }

    #[test]
    fn error_positions_count_from_the_untrimmed_input() {
        let e = MimeType::parse("  a/").unwrap_err();
        assert_eq!((e.kind, e.position), (MimeErrorKind::EmptySubtype, 4));
        let e = MimeType::parse("\ta@/b").unwrap_err();
        assert_eq!((e.kind, e.position), (MimeErrorKind::InvalidTypeCodePoint, 2));
    }
}
