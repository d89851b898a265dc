//! Lazy [percent-encoding](https://url.spec.whatwg.org/#percent-encode) of byte sequences and
//! strings.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use super::sets::AsciiSet;

/// `"%00%01…%FF"`: every percent-encoded byte, so encoders hand out `&'static str` slices.
const TRIPLES: &str = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    const BYTES: [u8; 768] = {
        let mut t = [0u8; 768];
        let mut i = 0;
        while i < 256 {
            t[3 * i] = b'%';
            t[3 * i + 1] = HEX[i >> 4];
            t[3 * i + 2] = HEX[i & 0xF];
            i += 1;
        }
        t
    };
    match core::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("percent triples are ASCII"),
    }
};

/// The [percent-encoding](https://url.spec.whatwg.org/#percent-encode) of `byte`: `%` and two
/// upper-case hex digits.
///
/// ```
/// assert_eq!(urlkit::percent::percent_encode_byte(b' '), "%20");
/// assert_eq!(urlkit::percent::percent_encode_byte(0xE9), "%E9");
/// ```
pub fn percent_encode_byte(byte: u8) -> &'static str {
    let i = 3 * usize::from(byte);
    &TRIPLES[i..i + 3]
}

/// Percent-encodes `input` lazily: every byte that `set`
/// [says to encode](AsciiSet::should_encode) (which includes every non-ASCII byte) becomes
/// `%XX`; runs of other bytes pass through borrowed. This is the URL Standard's
/// [percent-encode](https://url.spec.whatwg.org/#percent-encode) applied byte by byte.
///
/// ```
/// use urlkit::percent::{percent_encode, sets::PATH};
/// let enc = percent_encode(b"a b/\xFF", &PATH);
/// assert_eq!(enc.clone().collect::<Vec<_>>(), ["a", "%20", "b/", "%FF"]);
/// assert_eq!(enc.to_string(), "a%20b/%FF");
/// ```
pub fn percent_encode<'a>(input: &'a [u8], set: &'static AsciiSet) -> PercentEncode<'a> {
    PercentEncode { rest: input, set }
}

/// [UTF-8 percent-encodes](https://url.spec.whatwg.org/#string-utf-8-percent-encode) `input`
/// lazily with `set`.
///
/// ```
/// use urlkit::percent::{utf8_percent_encode, sets::FRAGMENT};
/// assert_eq!(utf8_percent_encode("a é`", &FRAGMENT).to_string(), "a%20%C3%A9%60");
/// ```
pub fn utf8_percent_encode<'a>(input: &'a str, set: &'static AsciiSet) -> PercentEncode<'a> {
    percent_encode(input.as_bytes(), set)
}

/// The lazy encoder [`percent_encode`] returns: an iterator of string slices (runs of the
/// input, and `%XX` triples) that also implements [`Display`](fmt::Display) and converts to
/// a [`Cow`] borrowing the input when nothing needs encoding.
///
/// ```
/// use std::borrow::Cow;
/// use urlkit::percent::{utf8_percent_encode, sets::COMPONENT};
/// let same: Cow<str> = utf8_percent_encode("plain", &COMPONENT).into();
/// assert!(matches!(same, Cow::Borrowed("plain")));
/// ```
#[derive(Debug, Clone)]
pub struct PercentEncode<'a> {
    rest: &'a [u8],
    set: &'static AsciiSet,
}

impl<'a> Iterator for PercentEncode<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&first, tail) = self.rest.split_first()?;
        if self.set.should_encode(first) {
            self.rest = tail;
            return Some(percent_encode_byte(first));
        }
        // A run of bytes left alone: all ASCII, since non-ASCII bytes are always encoded.
        let len = self
            .rest
            .iter()
            .position(|&b| self.set.should_encode(b))
            .unwrap_or(self.rest.len());
        let (run, rest) = self.rest.split_at(len);
        self.rest = rest;
        core::str::from_utf8(run).ok()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::from(!self.rest.is_empty()), Some(self.rest.len()))
    }
}

impl fmt::Display for PercentEncode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.clone().try_for_each(|s| f.write_str(s))
    }
}

impl<'a> From<PercentEncode<'a>> for Cow<'a, str> {
    fn from(mut enc: PercentEncode<'a>) -> Self {
        let Some(first) = enc.next() else {
            return Cow::Borrowed("");
        };
        let Some(second) = enc.next() else {
            return Cow::Borrowed(first);
        };
        let mut s = String::with_capacity(first.len() + second.len() + enc.rest.len());
        s.push_str(first);
        s.push_str(second);
        s.extend(enc);
        Cow::Owned(s)
    }
}

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding):
/// encodes `input` with `encoding` (UTF-16 encodings encode as UTF-8, as every encoder
/// does), percent-encodes the bytes `set` says to encode, writes a space as `+` when
/// `space_as_plus` (the standard sets it for the
/// [`FORM_URLENCODED`](super::sets::FORM_URLENCODED) set), and writes each code point the
/// encoding cannot represent as a percent-encoded HTML numeric character reference
/// (`%26%23` decimal `%3B`).
///
/// ```
/// use urlkit::percent::{percent_encode_after_encoding, sets::SPECIAL_QUERY};
/// let big5 = encoding_rs::Encoding::for_label(b"big5").unwrap();
/// assert_eq!(percent_encode_after_encoding(big5, "\u{2020} x", &SPECIAL_QUERY, false), "%26%238224%3B%20x");
/// let sjis = encoding_rs::SHIFT_JIS;
/// assert_eq!(percent_encode_after_encoding(sjis, "\u{2212}", &SPECIAL_QUERY, false), "%81|");
/// ```
#[cfg(feature = "encoding")]
pub fn percent_encode_after_encoding(
    encoding: &'static encoding_rs::Encoding,
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
) -> String {
    use encoding_rs::EncoderResult;
    let mut encoder = encoding.new_encoder();
    let mut output = String::with_capacity(input.len());
    let mut buf = [0u8; 1024];
    let mut rest = input;
    loop {
        let (result, read, written) = encoder.encode_from_utf8_without_replacement(rest, &mut buf, true);
        rest = &rest[read..];
        for &byte in &buf[..written] {
            if space_as_plus && byte == b' ' {
                output.push('+');
            } else if set.should_encode(byte) {
                output.push_str(percent_encode_byte(byte));
            } else {
                output.push(char::from(byte));
            }
        }
        match result {
            EncoderResult::InputEmpty => return output,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => {
                output.push_str("%26%23");
                crate::decimal::push_str(u32::from(c), &mut output);
                output.push_str("%3B");
            }
        }
    }
}
