//! `data:` URLs as browsers read them: the Fetch Standard's
//! [`data:` URL processor](https://fetch.spec.whatwg.org/#data-url-processor) ([`process`] on a
//! parsed [`Url`], [`decode`] on a string), which gives the body's [`MimeType`] and bytes, and
//! the other direction, [`encode`]: a `data:` URL for some bytes, base64 or percent-encoded,
//! whichever is shorter. [`base64`] is the Infra Standard's forgiving base64 both ways.
//!
//! ```
//! let data = urlkit::data::decode("data:text/plain;charset=utf-8;base64,aMOpbGxv")?;
//! assert_eq!(data.mime_type.to_string(), "text/plain;charset=utf-8");
//! assert_eq!(&*data.body, "héllo".as_bytes());
//! # Ok::<(), urlkit::data::DataUrlError>(())
//! ```
//!
//! **Zero-copy**: [`process`] borrows the body from the URL's serialization when it needs no
//! decoding (no `;base64`, no percent-encoded byte); otherwise, and always from [`decode`]
//! (whose URL is gone when it returns), the body is owned. [`DataUrl::body`] is a [`Cow`].

pub mod base64;

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use core::fmt;

use crate::mime::MimeType;
use crate::percent::sets::{AsciiSet, C0_CONTROL};
use crate::percent::{percent_decode, percent_encode};
use crate::{ParseError, Url};

pub use base64::Base64Error;

/// A [`data:` URL struct](https://fetch.spec.whatwg.org/#data-url-struct): the MIME type and
/// the body the processor found.
///
/// ```
/// use std::borrow::Cow;
/// let url = urlkit::Url::parse("data:,Hello")?;
/// let data = urlkit::data::process(&url)?;
/// assert!(matches!(data.body, Cow::Borrowed(b"Hello")));
/// assert_eq!(data.mime_type.essence(), "text/plain");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataUrl<'a> {
    /// The parsed MIME type, `text/plain;charset=US-ASCII` when the URL's is missing or
    /// invalid.
    pub mime_type: MimeType,
    /// The body bytes: borrowed from the URL when nothing had to be decoded.
    pub body: Cow<'a, [u8]>,
}

impl DataUrl<'_> {
    /// The same, owning its body.
    ///
    /// ```
    /// let url = urlkit::Url::parse("data:,a")?;
    /// let owned: urlkit::data::DataUrl<'static> = urlkit::data::process(&url)?.into_owned();
    /// assert_eq!(&*owned.body, b"a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_owned(self) -> DataUrl<'static> {
        DataUrl {
            mime_type: self.mime_type,
            body: Cow::Owned(self.body.into_owned()),
        }
    }
}

/// Why a `data:` URL gave no [`DataUrl`].
///
/// ```
/// use urlkit::data::{decode, DataUrlError};
/// assert_eq!(decode("data:text/plain"), Err(DataUrlError::NoComma));
/// assert!(matches!(decode("https://example.com/"), Err(DataUrlError::NotDataUrl)));
/// assert_eq!(decode("data:;base64,a").unwrap_err().to_string(),
///            "invalid base64 in the body (which starts at byte 13): expected a number of base64 characters that is not 4n+1, found 1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DataUrlError {
    /// The string is not a URL ([`decode`] only).
    Parse(ParseError),
    /// The URL's scheme is not `data`.
    NotDataUrl,
    /// No `,` ends the MIME type (step 7 of the processor).
    NoComma,
    /// The body is marked `;base64` but is not forgiving-base64 (step 11.3). The error's
    /// positions count in the percent-decoded body.
    Base64 {
        /// The byte offset of the body (after the `,`) in the URL's serialization.
        body_start: usize,
        /// What the decoder met.
        error: Base64Error,
    },
}

impl fmt::Display for DataUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataUrlError::Parse(e) => write!(f, "not a URL: {e}"),
            DataUrlError::NotDataUrl => f.write_str("expected a data: URL"),
            DataUrlError::NoComma => f.write_str("expected ',' after the MIME type"),
            DataUrlError::Base64 { body_start, error } => {
                write!(
                    f,
                    "invalid base64 in the body (which starts at byte {body_start}): {error}"
                )
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DataUrlError {}

impl From<ParseError> for DataUrlError {
    fn from(e: ParseError) -> DataUrlError {
        DataUrlError::Parse(e)
    }
}

/// Parses `input` as a URL, then runs the [`data:` URL processor](https://fetch.spec.whatwg.org/#data-url-processor)
/// on it ([`process`]); the body is owned.
///
/// # Errors
///
/// [`DataUrlError`]: not a URL, not a `data:` URL, no comma, invalid base64.
///
/// ```
/// let data = urlkit::data::decode("data:image/gif;base64,R0lGODlhAQABAAAAACw=")?;
/// assert_eq!(data.mime_type.essence(), "image/gif");
/// assert_eq!(&data.body[..6], b"GIF89a");
/// # Ok::<(), urlkit::data::DataUrlError>(())
/// ```
pub fn decode(input: &str) -> Result<DataUrl<'static>, DataUrlError> {
    let url = Url::parse(input)?;
    process(&url).map(DataUrl::into_owned)
}

/// The [`data:` URL processor](https://fetch.spec.whatwg.org/#data-url-processor) (step
/// numbers in the comments are the standard's).
///
/// # Errors
///
/// [`DataUrlError::NotDataUrl`] for another scheme (step 1 asserts it), `NoComma`, `Base64`.
///
/// ```
/// let url = urlkit::Url::parse("data:text/html;charset=utf-8,%3Cp%3Ehi#frag")?;
/// let data = urlkit::data::process(&url)?;
/// assert_eq!(data.mime_type.charset(), Some("utf-8"));
/// assert_eq!(&*data.body, b"<p>hi");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn process(url: &Url) -> Result<DataUrl<'_>, DataUrlError> {
    // 1.
    if url.scheme() != "data" {
        return Err(DataUrlError::NotDataUrl);
    }
    // 2. The serialization without the fragment; 3. without "data:".
    let href = url.as_str();
    let end = url.fragment().map_or(href.len(), |f| href.len() - f.len() - 1);
    let input = &href["data:".len()..end];
    // 4–6. The MIME type up to ',', ASCII whitespace stripped.
    let Some(comma) = memchr::memchr(b',', input.as_bytes()) else {
        // 7.
        return Err(DataUrlError::NoComma);
    };
    let mut mime = input[..comma].trim_matches(|c: char| c.is_ascii_whitespace());
    // 8, 9. The encoded body; 10. percent-decoded (borrowed when it has no escape).
    let body_start = "data:".len() + comma + 1;
    let mut body = percent_decode(&input.as_bytes()[comma + 1..]).into_bytes();
    // 11. ";" then spaces then "base64", ASCII case-insensitively, at the end.
    if let Some(rest) = strip_base64_suffix(mime) {
        // 11.1–11.3 (isomorphic decode: `base64::decode` reads the bytes as code points).
        body = Cow::Owned(base64::decode(&body).map_err(|error| DataUrlError::Base64 { body_start, error })?);
        // 11.4–11.6 Without "base64", the spaces and the ';'.
        mime = rest;
    }
    // 12, 13. A type that starts with ';' is text/plain's parameters.
    let parsed = if mime.starts_with(';') {
        let mut with_type = String::with_capacity("text/plain".len() + mime.len());
        with_type.push_str("text/plain");
        with_type.push_str(mime);
        MimeType::parse(&with_type)
    } else {
        MimeType::parse(mime)
    };
    // 14, 15.
    Ok(DataUrl {
        mime_type: parsed.unwrap_or_else(|_| MimeType::text_plain_us_ascii()),
        body,
    })
}

/// `mime` without a final `;` + U+0020* + `base64` (ASCII case-insensitive), or `None`.
fn strip_base64_suffix(mime: &str) -> Option<&str> {
    let cut = mime.len().checked_sub(6)?;
    if !mime.is_char_boundary(cut) || !mime[cut..].eq_ignore_ascii_case("base64") {
        return None;
    }
    mime[..cut].trim_end_matches(' ').strip_suffix(';')
}

/// The body bytes a percent-encoded `data:` URL writes as `%XX`: those the URL parser would
/// change or drop (C0 controls, space, non-ASCII, and `"`, `<`, `>` of the query
/// percent-encode set), `%` (which percent-decoding reads) and `#` (which starts the fragment),
/// so that the URL is its own serialization.
const BODY: AsciiSet = C0_CONTROL.add_all(b" \"#%<>");

/// Why [`encode`] cannot write a MIME type into a `data:` URL.
///
/// ```
/// use urlkit::{data, mime::MimeType};
/// let mime = MimeType::parse("text/plain;name=\"a,b\"")?;
/// assert_eq!(data::encode(b"x", &mime).unwrap_err().position, 18);
/// # Ok::<(), urlkit::mime::MimeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EncodeError {
    /// The byte offset in the MIME type's serialization.
    pub position: usize,
    /// The code point there.
    pub found: char,
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected a MIME type a data: URL can carry, found {:?} at byte {} of its serialization",
            self.found, self.position
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for EncodeError {}

/// The first code point of a MIME type's serialization that would not reach the processor
/// unchanged through the URL parser: `,` ends the type, `#` starts the fragment, a tab is
/// removed, a non-ASCII code point is percent-encoded, and `?` starts the query, whose
/// [percent-encode set](https://url.spec.whatwg.org/#query-percent-encode-set) encodes the
/// `"` that closes the quoted value a `?` is always in.
fn uncarried(mime: &str) -> Option<(usize, char)> {
    mime.char_indices()
        .find(|&(_, c)| matches!(c, ',' | '#' | '?' | '\t') || !c.is_ascii())
}

/// A `data:` URL whose body is `body` and whose type is `mime_type`: base64 (`;base64,`) or
/// percent-encoded, whichever is shorter (percent-encoded on a tie). The type is left out when
/// it is `text/plain;charset=US-ASCII`, which the processor assumes.
///
/// The result is its own URL serialization and [`decode`] gives back `body` and the type.
///
/// # Errors
///
/// When the type's serialization holds a code point the URL would not carry through
/// unchanged, all of which can only appear in a parameter value: `,` (which would end the
/// type), `#` (which would start the fragment), a tab (the URL parser removes it), a non-ASCII
/// one (it would be percent-encoded) or `?` (it would start the URL's query, where the closing
/// `"` of its quoted value would be percent-encoded).
///
/// ```
/// use urlkit::{data, mime::MimeType};
/// let svg = MimeType::parse("image/svg+xml")?;
/// let url = data::encode(b"<svg/>", &svg).unwrap();
/// assert_eq!(url, "data:image/svg+xml,%3Csvg/%3E");
/// let jpeg = MimeType::parse("image/jpeg")?;
/// assert_eq!(data::encode(b"\xFF\xD8\xFF\xE0\x00\x10", &jpeg).unwrap(), "data:image/jpeg;base64,/9j/4AAQ");
/// assert_eq!(&*data::decode(&url).unwrap().body, b"<svg/>");
/// # Ok::<(), urlkit::mime::MimeError>(())
/// ```
pub fn encode(body: &[u8], mime_type: &MimeType) -> Result<String, EncodeError> {
    let mime = if *mime_type == MimeType::text_plain_us_ascii() {
        String::new()
    } else {
        mime_type.to_string()
    };
    if let Some((position, found)) = uncarried(&mime) {
        return Err(EncodeError { position, found });
    }
    let escaped = body.iter().filter(|&&b| BODY.should_encode(b)).count();
    let percent_len = body.len() + 2 * escaped;
    let base64_len = ";base64".len() + base64::encoded_len(body.len());
    let mut out = String::with_capacity("data:".len() + mime.len() + 1 + percent_len.min(base64_len));
    out.push_str("data:");
    out.push_str(&mime);
    if base64_len < percent_len {
        out.push_str(";base64,");
        base64::encode_into(body, &mut out);
    } else {
        out.push(',');
        out.extend(percent_encode(body, &BODY));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;
    use alloc::vec;
    use alloc::vec::Vec;

    #[test]
    fn base64_suffix_as_step_11_reads_it() {
        assert_eq!(strip_base64_suffix("text/plain;  BASE64"), Some("text/plain"));
        assert_eq!(strip_base64_suffix(";base64"), Some(""));
        assert_eq!(strip_base64_suffix("text/plain;x=base64"), None);
        assert_eq!(strip_base64_suffix("base64"), None);
        assert_eq!(strip_base64_suffix("é;base64"), Some("é"));
        assert_eq!(strip_base64_suffix("aébase64"), None);
    }

    /// A random MIME type in normal form: token type and subtype, parameters with token names
    /// and values of every class encode accepts (quoted ones too).
    fn random_mime(next: &mut impl FnMut() -> u64) -> MimeType {
        const TOKEN: &[u8] = b"!$%&'*+-.^_`|~09azAZ";
        const VALUE: &[u8] = b" !\"$%&'()*+-./:;<=>@[\\]^_`{|}~09azAZ";
        fn pick(next: &mut impl FnMut() -> u64, set: &[u8], max: u64, min: u64) -> String {
            let n = min + next() % (max - min + 1);
            (0..n)
                .map(|_| set[(next() >> 7) as usize % set.len()] as char)
                .collect()
        }
        let mut text = pick(next, TOKEN, 6, 1) + "/" + &pick(next, TOKEN, 8, 1);
        let params = next() % 4;
        for _ in 0..params {
            text.push(';');
            text.push_str(&pick(next, TOKEN, 5, 1));
            text.push('=');
            let v = pick(next, VALUE, 6, 0);
            let escaped: String = v
                .chars()
                .flat_map(|c| {
                    if c == '"' || c == '\\' {
                        vec!['\\', c]
                    } else {
                        vec![c]
                    }
                })
                .collect();
            text.push('"');
            text.push_str(&escaped);
            text.push('"');
        }
        MimeType::parse(&text).unwrap()
    }

    #[test]
    fn encode_round_trips_through_the_processor() {
        let mut next = xorshift(0xDA7A);
        for round in 0..3000 {
            let mime = if round % 10 == 0 {
                MimeType::text_plain_us_ascii()
            } else {
                random_mime(&mut next)
            };
            let len = (next() % 70) as usize;
            let printable = next().is_multiple_of(2);
            let body: Vec<u8> = (0..len)
                .map(|_| {
                    if printable {
                        0x20 + (next() % 95) as u8
                    } else {
                        next() as u8
                    }
                })
                .collect();
            let url = encode(&body, &mime).unwrap();
            let parsed = Url::parse(&url).unwrap();
            assert_eq!(parsed.as_str(), url, "the built URL is its own serialization");
            let data = process(&parsed).unwrap();
            assert_eq!(data.mime_type, mime, "{url}");
            assert_eq!(&*data.body, &body[..], "{url}");
            // Whichever is shorter.
            let other_len = if url.contains(";base64,") {
                body.iter()
                    .map(|&b| if BODY.should_encode(b) { 3 } else { 1 })
                    .sum::<usize>()
            } else {
                7 + base64::encoded_len(body.len())
            };
            let mime_len = url[5..].find(',').unwrap() - if url.contains(";base64,") { 7 } else { 0 };
            assert!(url.len() <= 6 + mime_len + other_len, "{url}");
        }
    }

    #[test]
    fn encode_refuses_what_the_url_cannot_carry() {
        for (text, at) in [
            ("a/b;x=#", 6),
            ("a/b;x=\"\t\"", 7),
            ("a/b;x=\"\u{E9}\"", 7),
            ("a/b;x=\"a ?\"", 9),
        ] {
            let mime = MimeType::parse(text).unwrap();
            assert_eq!(encode(b"", &mime).unwrap_err().position, at, "{text}");
        }
    }
}
