//! Lazy [percent-decoding](https://url.spec.whatwg.org/#percent-decode).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::str::Utf8Error;

/// The value of an ASCII hex digit, or `None`.
#[inline]
const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The byte encoded by `bytes[i..i + 3]` if it is a percent-encoded byte (`%` and two hex
/// digits).
#[inline]
pub(crate) fn decoded_at(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i + 3) {
        Some([b'%', h, l]) => Some(hex_value(*h)? << 4 | hex_value(*l)?),
        _ => None,
    }
}

/// [Percent-decodes](https://url.spec.whatwg.org/#percent-decode) `input` lazily: `%` followed
/// by two hex digits becomes that byte; every other byte, including a `%` that does not start
/// such a triple, passes through.
///
/// ```
/// use urlkit::percent::percent_decode;
/// let bytes: Vec<u8> = percent_decode(b"a%20b%zz%4").collect();
/// assert_eq!(bytes, b"a b%zz%4");
/// assert_eq!(percent_decode(b"caf%C3%A9").decode_utf8()?, "café");
/// # Ok::<(), core::str::Utf8Error>(())
/// ```
pub fn percent_decode(input: &[u8]) -> PercentDecode<'_> {
    PercentDecode { rest: input }
}

/// [`percent_decode`] of a string's bytes.
///
/// ```
/// assert_eq!(urlkit::percent::percent_decode_str("%F0%9F%A6%80!").decode_utf8_lossy(), "🦀!");
/// ```
pub fn percent_decode_str(input: &str) -> PercentDecode<'_> {
    percent_decode(input.as_bytes())
}

/// The lazy decoder [`percent_decode`] returns: an iterator of decoded bytes that can also be
/// collected into a [`Cow`] that borrows the input when nothing was encoded.
///
/// ```
/// use std::borrow::Cow;
/// let plain: Cow<[u8]> = urlkit::percent::percent_decode(b"plain").into();
/// assert!(matches!(plain, Cow::Borrowed(b"plain")));
/// ```
#[derive(Debug, Clone)]
pub struct PercentDecode<'a> {
    rest: &'a [u8],
}

impl Iterator for PercentDecode<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let (&first, tail) = self.rest.split_first()?;
        if first == b'%' {
            if let Some(byte) = decoded_at(self.rest, 0) {
                self.rest = &self.rest[3..];
                return Some(byte);
            }
        }
        self.rest = tail;
        Some(first)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.rest.len();
        (n.div_ceil(3), Some(n))
    }
}

impl<'a> PercentDecode<'a> {
    /// The decoded bytes, borrowing the input when it has no percent-encoded byte.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let d = urlkit::percent::percent_decode(b"%41");
    /// assert_eq!(d.into_bytes(), Cow::<[u8]>::Owned(b"A".to_vec()));
    /// ```
    pub fn into_bytes(self) -> Cow<'a, [u8]> {
        let input = self.rest;
        // Find the first percent-encoded byte; before it, the output is the input.
        let mut i = 0;
        let first = loop {
            match input[i..].iter().position(|&b| b == b'%') {
                None => return Cow::Borrowed(input),
                Some(p) if decoded_at(input, i + p).is_some() => break i + p,
                Some(p) => i += p + 1,
            }
        };
        let mut out = Vec::with_capacity(input.len());
        out.extend_from_slice(&input[..first]);
        out.extend(PercentDecode {
            rest: &input[first..],
        });
        Cow::Owned(out)
    }

    /// The decoded bytes as UTF-8.
    ///
    /// # Errors
    ///
    /// When the decoded bytes are not UTF-8.
    ///
    /// ```
    /// let d = urlkit::percent::percent_decode(b"%FF");
    /// assert!(d.decode_utf8().is_err());
    /// ```
    pub fn decode_utf8(self) -> Result<Cow<'a, str>, Utf8Error> {
        match self.into_bytes() {
            Cow::Borrowed(b) => core::str::from_utf8(b).map(Cow::Borrowed),
            Cow::Owned(v) => match String::from_utf8(v) {
                Ok(s) => Ok(Cow::Owned(s)),
                Err(e) => Err(e.utf8_error()),
            },
        }
    }

    /// The decoded bytes as UTF-8, with each invalid sequence replaced by U+FFFD (the URL
    /// Standard's [UTF-8 decode without BOM](https://encoding.spec.whatwg.org/#utf-8-decode-without-bom)
    /// when the input has no BOM).
    ///
    /// ```
    /// assert_eq!(urlkit::percent::percent_decode(b"a%FFb").decode_utf8_lossy(), "a\u{FFFD}b");
    /// ```
    pub fn decode_utf8_lossy(self) -> Cow<'a, str> {
        match self.into_bytes() {
            Cow::Borrowed(b) => String::from_utf8_lossy(b),
            Cow::Owned(v) => match String::from_utf8_lossy(&v) {
                // Valid UTF-8: keep the vector instead of copying it.
                Cow::Borrowed(_) => Cow::Owned(String::from_utf8(v).unwrap_or_default()),
                Cow::Owned(s) => Cow::Owned(s),
            },
        }
    }
}

impl<'a> From<PercentDecode<'a>> for Cow<'a, [u8]> {
    fn from(d: PercentDecode<'a>) -> Self {
        d.into_bytes()
    }
}
