//! The [`application/x-www-form-urlencoded`](https://url.spec.whatwg.org/#application/x-www-form-urlencoded)
//! format and [`SearchParams`], the counterpart of the browser's `URLSearchParams`.
//!
//! - [`parse`] runs the [urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser),
//!   lazy, borrowing from the input wherever nothing needs decoding.
//! - [`serialize`] and [`Serializer`] implement the
//!   [urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer).
//! - [`byte_serialize`] is the
//!   [urlencoded byte serializer](https://url.spec.whatwg.org/#concept-urlencoded-byte-serializer)
//!   (percent-encode after encoding with the form set and space as `+`).
//! - [`SearchParams`] is an owned list of name-value pairs with the `URLSearchParams` methods;
//!   [`SearchParamsMut`] is the same list bound to a URL's query, as
//!   [`Url::search_params_mut`](crate::Url::search_params_mut) returns it.
//!
//! Only UTF-8 is supported, the only conforming encoding.
//!
//! ```
//! use urlkit::form::{self, SearchParams};
//! let pairs: Vec<_> = form::parse(b"q=caf%C3%A9+au+lait&x").collect();
//! assert_eq!(pairs, [("q".into(), "café au lait".into()), ("x".into(), "".into())]);
//! assert_eq!(form::serialize([("q", "café au lait")]), "q=caf%C3%A9+au+lait");
//!
//! let mut params: SearchParams = "?b=2&a=1".parse().unwrap();
//! params.sort();
//! assert_eq!(params.to_string(), "a=1&b=2");
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::fmt;
use core::iter::FusedIterator;

use crate::percent::sets::FORM_URLENCODED;

mod params;

pub use params::{Iter, QueryTarget, SearchParams, SearchParamsMut};

/// `should_encode` for the form set, as a table.
const ENCODE: [bool; 256] = FORM_URLENCODED.encode_table();

/// `"%00%01…%FF"`: the percent-encoding of byte `b` is `PERCENT[3 * b..3 * b + 3]`.
const PERCENT_BYTES: [u8; 768] = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut t = [0u8; 768];
    let mut i = 0;
    while i < 256 {
        t[3 * i] = b'%';
        t[3 * i + 1] = HEX[i >> 4];
        t[3 * i + 2] = HEX[i & 15];
        i += 1;
    }
    t
};
const PERCENT: &str = match core::str::from_utf8(&PERCENT_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("percent table is ASCII"),
};

/// The percent-encoded form (`%XX`, upper-case hex) of `byte`.
#[inline]
fn percent(byte: u8) -> &'static str {
    let i = 3 * byte as usize;
    &PERCENT[i..i + 3]
}

// ---------------------------------------------------------------------------------------------
// Parsing

/// Runs the [`application/x-www-form-urlencoded` parser](https://url.spec.whatwg.org/#concept-urlencoded-parser)
/// on `input`, lazily.
///
/// The input is split on `&`; empty pieces are skipped; each piece is split at its first `=`
/// into name and value (no `=`: the value is empty); `+` becomes a space; then both are
/// percent-decoded and [UTF-8 decoded without BOM](https://encoding.spec.whatwg.org/#utf-8-decode-without-bom)
/// — a leading U+FEFF is kept and invalid UTF-8 becomes U+FFFD. Malformed escapes such as
/// `%` or `%2x` are kept as written. Names and values are borrowed from `input` when nothing
/// needed decoding.
///
/// The [urlencoded string parser](https://url.spec.whatwg.org/#concept-urlencoded-string-parser)
/// is `parse(s.as_bytes())`.
///
/// ```
/// use std::borrow::Cow;
/// let mut it = urlkit::form::parse(b"a=1&&b=%zz+%41&=%FF");
/// assert_eq!(it.next(), Some((Cow::Borrowed("a"), Cow::Borrowed("1"))));
/// assert_eq!(it.next(), Some(("b".into(), "%zz A".into())));
/// assert_eq!(it.next(), Some(("".into(), "\u{FFFD}".into())));
/// assert_eq!(it.next(), None);
/// ```
pub fn parse(input: &[u8]) -> Parse<'_> {
    Parse { input }
}

/// Iterator over the name-value pairs of an `application/x-www-form-urlencoded` byte
/// sequence, returned by [`parse`].
///
/// ```
/// let n = urlkit::form::parse(b"a&b&&c").count();
/// assert_eq!(n, 3);
/// ```
#[derive(Debug, Clone)]
pub struct Parse<'a> {
    input: &'a [u8],
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.input.is_empty() {
                return None;
            }
            let (piece, rest) = match self.input.iter().position(|&b| b == b'&') {
                Some(i) => (&self.input[..i], &self.input[i + 1..]),
                None => (self.input, &self.input[self.input.len()..]),
            };
            self.input = rest;
            if piece.is_empty() {
                continue;
            }
            let (name, value) = match piece.iter().position(|&b| b == b'=') {
                Some(i) => (&piece[..i], &piece[i + 1..]),
                None => (piece, &piece[piece.len()..]),
            };
            return Some((decode(name), decode(value)));
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Every pair but the last needs a `&`; a pair needs at least one byte.
        (0, Some(self.input.len().div_ceil(2)))
    }
}

impl FusedIterator for Parse<'_> {}

/// Replaces `+` by space, percent-decodes, then UTF-8 decodes without BOM (lossy).
fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if !bytes.iter().any(|&b| b == b'+' || b == b'%') {
        return String::from_utf8_lossy(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'+' => out.push(b' '),
            b'%' => {
                if let (Some(h), Some(l)) = (
                    bytes.get(i + 1).and_then(|&c| hex_value(c)),
                    bytes.get(i + 2).and_then(|&c| hex_value(c)),
                ) {
                    out.push(h << 4 | l);
                    i += 3;
                    continue;
                }
                out.push(b'%');
            }
            _ => out.push(b),
        }
        i += 1;
    }
    match String::from_utf8(out) {
        Ok(s) => Cow::Owned(s),
        Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// The value of an ASCII hex digit.
#[inline]
fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Serializing

/// Appends the [percent-encoding after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
/// of `input` (UTF-8, form set, space as `+`) to `out`.
fn encode_into(input: &str, out: &mut String) {
    let bytes = input.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if ENCODE[b as usize] {
            // Bytes that are not encoded are ASCII, so a non-empty `start..i` starts and
            // ends on char boundaries (`get` keeps this panic-free regardless).
            if start < i {
                out.push_str(input.get(start..i).unwrap_or_default());
            }
            out.push_str(if b == b' ' { "+" } else { percent(b) });
            start = i + 1;
        }
    }
    if start < bytes.len() {
        out.push_str(input.get(start..).unwrap_or_default());
    }
}

/// The [`application/x-www-form-urlencoded` serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer)
/// (UTF-8): `name=value` pairs joined by `&`, each side encoded with the
/// [form set](https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set)
/// and space as `+`.
///
/// ```
/// let s = urlkit::form::serialize([("a b", "1+1=2"), ("", "~")]);
/// assert_eq!(s, "a+b=1%2B1%3D2&=%7E");
/// assert_eq!(urlkit::form::serialize(Vec::<(String, String)>::new()), "");
/// ```
pub fn serialize<I, K, V>(pairs: I) -> String
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    let mut out = String::new();
    Serializer::new(&mut out).extend_pairs(pairs);
    out
}

/// Builds an `application/x-www-form-urlencoded` string by appending pairs to a `String`,
/// following the [urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer).
///
/// [`new`](Self::new) continues the pairs already in the string (a `&` before each new pair
/// when the string is not empty); [`for_suffix`](Self::for_suffix) serializes into the part
/// of the string after a given byte, e.g. the query of a URL being built.
///
/// ```
/// let mut url = String::from("https://example.com/search?");
/// let start = url.len();
/// urlkit::form::Serializer::for_suffix(&mut url, start)
///     .append_pair("q", "rust & url")
///     .append_pair("page", "2");
/// assert_eq!(url, "https://example.com/search?q=rust+%26+url&page=2");
/// ```
#[derive(Debug)]
pub struct Serializer<'a> {
    out: &'a mut String,
    start: usize,
}

impl<'a> Serializer<'a> {
    /// A serializer continuing the pairs already in `out` (as `form_urlencoded`'s
    /// `Serializer::new` does): a `&` goes before the next pair when `out` is not empty.
    /// [`for_suffix`](Self::for_suffix) with `out.len()` starts a new serialization at the
    /// end instead.
    ///
    /// ```
    /// let mut s = String::from("x=1");
    /// urlkit::form::Serializer::new(&mut s).append_pair("y", "2");
    /// assert_eq!(s, "x=1&y=2");
    /// ```
    pub fn new(out: &'a mut String) -> Self {
        Serializer { out, start: 0 }
    }

    /// A serializer continuing a serialization that began at byte `start` of `out`: a `&`
    /// is added before the next pair when `out` is longer than `start`. A `start` past the
    /// end counts as the end.
    ///
    /// ```
    /// let mut s = String::from("?x=1");
    /// urlkit::form::Serializer::for_suffix(&mut s, 1).append_pair("y", "2");
    /// assert_eq!(s, "?x=1&y=2");
    /// ```
    pub fn for_suffix(out: &'a mut String, start: usize) -> Self {
        let start = start.min(out.len());
        Serializer { out, start }
    }

    /// Appends one `name=value` pair.
    ///
    /// ```
    /// let mut s = String::new();
    /// urlkit::form::Serializer::new(&mut s).append_pair("é", "a/b");
    /// assert_eq!(s, "%C3%A9=a%2Fb");
    /// ```
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        if self.out.len() > self.start {
            self.out.push('&');
        }
        encode_into(name, self.out);
        self.out.push('=');
        encode_into(value, self.out);
        self
    }

    /// Appends `name` alone, without `=` (as `form_urlencoded` does; the standard's
    /// serializer always writes `=`).
    ///
    /// ```
    /// let mut s = String::from("a=1");
    /// urlkit::form::Serializer::new(&mut s).append_key_only("flag");
    /// assert_eq!(s, "a=1&flag");
    /// ```
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        if self.out.len() > self.start {
            self.out.push('&');
        }
        encode_into(name, self.out);
        self
    }

    /// Appends every pair of `pairs` (pairs or references to pairs, as `form_urlencoded`
    /// takes them).
    ///
    /// ```
    /// let mut s = String::new();
    /// urlkit::form::Serializer::new(&mut s).extend_pairs([("a", "1"), ("b", "2")]);
    /// assert_eq!(s, "a=1&b=2");
    /// let pairs = vec![("c", "3")];
    /// urlkit::form::Serializer::new(&mut s).extend_pairs(&pairs);
    /// assert_eq!(s, "a=1&b=2&c=3");
    /// ```
    pub fn extend_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in pairs {
            let (k, v) = pair.borrow();
            self.append_pair(k.as_ref(), v.as_ref());
        }
        self
    }

    /// Appends every name of `keys` alone ([`append_key_only`](Self::append_key_only)).
    ///
    /// ```
    /// let mut s = String::new();
    /// urlkit::form::Serializer::new(&mut s).extend_keys_only(["a", "b"]);
    /// assert_eq!(s, "a&b");
    /// ```
    pub fn extend_keys_only<I>(&mut self, keys: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for key in keys {
            self.append_key_only(key.as_ref());
        }
        self
    }

    /// Removes the pairs this serialization wrote or continued: the string is cut back to
    /// its `start` byte.
    ///
    /// ```
    /// let mut s = String::from("?x=1");
    /// urlkit::form::Serializer::for_suffix(&mut s, 1).clear().append_pair("y", "2");
    /// assert_eq!(s, "?y=2");
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        self.out.truncate(self.start);
        self
    }

    /// The string written to (`form_urlencoded`'s `finish` for a `&mut String` target).
    /// Nothing is pending: every call above has already written its pairs.
    ///
    /// ```
    /// let mut s = String::new();
    /// let out = urlkit::form::Serializer::new(&mut s).append_pair("a", "1").finish().clone();
    /// assert_eq!(out, "a=1");
    /// ```
    pub fn finish(&mut self) -> &mut String {
        self.out
    }
}

/// The [urlencoded byte serializer](https://url.spec.whatwg.org/#concept-urlencoded-byte-serializer):
/// `input` percent-encoded with the form set, space as `+`, lazily as `&str` pieces
/// (borrowed runs of unchanged bytes, `+` and `%XX` escapes). It also implements `Display`.
///
/// Current editions of the standard fold this into
/// [percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
/// with the form set (space as `+`); for UTF-8 input both give the same output.
///
/// ```
/// let enc = urlkit::form::byte_serialize(b"a b\xFF*");
/// assert_eq!(enc.to_string(), "a+b%FF*");
/// assert_eq!(urlkit::form::byte_serialize(b"ab c").collect::<Vec<_>>(), ["ab", "+", "c"]);
/// ```
pub fn byte_serialize(input: &[u8]) -> ByteSerialize<'_> {
    ByteSerialize { input }
}

/// Iterator returned by [`byte_serialize`].
///
/// ```
/// let s: String = urlkit::form::byte_serialize("100%".as_bytes()).collect();
/// assert_eq!(s, "100%25");
/// ```
#[derive(Debug, Clone)]
pub struct ByteSerialize<'a> {
    input: &'a [u8],
}

impl<'a> Iterator for ByteSerialize<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&first, rest) = self.input.split_first()?;
        if ENCODE[first as usize] {
            self.input = rest;
            return Some(if first == b' ' { "+" } else { percent(first) });
        }
        let n = self
            .input
            .iter()
            .position(|&b| ENCODE[b as usize])
            .unwrap_or(self.input.len());
        let (run, rest) = self.input.split_at(n);
        self.input = rest;
        // Bytes that are not encoded are ASCII alphanumerics or `*-._`.
        Some(core::str::from_utf8(run).unwrap_or_default())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::from(!self.input.is_empty()), Some(self.input.len()))
    }
}

impl FusedIterator for ByteSerialize<'_> {}

impl fmt::Display for ByteSerialize<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in self.clone() {
            f.write_str(piece)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn percent_table() {
        assert_eq!(percent(0), "%00");
        assert_eq!(percent(0xAB), "%AB");
        assert_eq!(percent(0xFF), "%FF");
    }

    #[test]
    fn borrowing() {
        let v: Vec<_> = parse(b"a=b&c%20=d+e").collect();
        assert!(matches!(v[0], (Cow::Borrowed("a"), Cow::Borrowed("b"))));
        assert!(matches!(v[1].0, Cow::Owned(_)));
        assert_eq!(v[1], ("c ".into(), "d e".into()));
    }

    #[test]
    fn lossy_decoding() {
        let v: Vec<_> = parse(b"\xFF=%C3%28").collect();
        assert_eq!(v, vec![("\u{FFFD}".into(), "\u{FFFD}(".into())]);
        let v: Vec<_> = parse(b"%").collect();
        assert_eq!(v, vec![("%".into(), "".into())]);
        let v: Vec<_> = parse(b"%4").collect();
        assert_eq!(v, vec![("%4".into(), "".into())]);
    }

    #[test]
    fn byte_serializer_matches_serialize() {
        let input = "a b~*-._!'()\u{0}é💩";
        let mut expected = String::new();
        encode_into(input, &mut expected);
        assert_eq!(byte_serialize(input.as_bytes()).to_string(), expected);
        assert_eq!(expected, "a+b%7E*-._%21%27%28%29%00%C3%A9%F0%9F%92%A9");
    }
}
