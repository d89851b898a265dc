//! The encoding rules of RFC 1738 §2.2 and the W3C URL syntax notes ("Encoding prohibited
//! characters"): character classes, making a URL safer, and comparing two URLs at the same
//! encoding level.
//!
//! The W3C notes: "a URL may be made safer simply by encoding any characters considered
//! unsafe, while leaving already encoded characters still encoded", and "the reserved
//! characters shall however never be arbitrarily encoded and decoded".

use super::bnf::{has_escape, hex};
use crate::percent::sets::{
    ALPHA, DIGIT, RFC1738_EXTRA, RFC1738_NATIONAL, RFC1738_PUNCTUATION, RFC1738_RESERVED, RFC1738_SAFE,
};
use alloc::borrow::Cow;
use alloc::string::String;

/// The class of an octet under RFC 1738 §2.2 and §5. The printable ASCII characters fall
/// into exactly one of alpha, digit, safe, extra, national, punctuation and reserved; space
/// is the one remaining *unsafe* character; the rest are controls or not ASCII.
///
/// ```
/// use urlkit::rfc1738::encoding::{classify, CharClass};
/// assert_eq!(classify(b'~'), CharClass::National);
/// assert_eq!(classify(b' '), CharClass::Unsafe);
/// assert!(classify(b'#').is_unsafe() && !classify(b';').is_unsafe());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CharClass {
    /// `alpha`: `A-Z a-z`.
    Alpha,
    /// `digit`: `0-9`.
    Digit,
    /// `safe`: `$ - _ . +`.
    Safe,
    /// `extra`: `! * ' ( ) ,`.
    Extra,
    /// `national`: `{ } | \ ^ ~ [ ] \``, unsafe (§2.2).
    National,
    /// `punctuation`: `< > # % "`, unsafe (§2.2).
    Punctuation,
    /// `reserved`: `; / ? : @ & =`, meaningful per scheme (§2.2).
    Reserved,
    /// Space: unsafe and in no other class.
    Unsafe,
    /// US-ASCII controls 00-1F and 7F: must be encoded (§2.2).
    Control,
    /// Octets 80-FF: not US-ASCII, must be encoded (§2.2).
    NonAscii,
}

impl CharClass {
    /// Whether the character is unsafe (§2.2): space, `national` or `punctuation`.
    ///
    /// ```
    /// assert!(urlkit::rfc1738::encoding::classify(b'%').is_unsafe());
    /// ```
    pub const fn is_unsafe(self) -> bool {
        matches!(
            self,
            CharClass::Unsafe | CharClass::National | CharClass::Punctuation
        )
    }

    /// Whether the octet must always be encoded (§2.2): unsafe, control or non-ASCII.
    ///
    /// ```
    /// use urlkit::rfc1738::encoding::classify;
    /// assert!(classify(0x0A).must_encode() && classify(0xE9).must_encode());
    /// assert!(!classify(b'/').must_encode());
    /// ```
    pub const fn must_encode(self) -> bool {
        self.is_unsafe() || matches!(self, CharClass::Control | CharClass::NonAscii)
    }

    /// Whether the character is `unreserved` (alpha, digit, safe, extra): it means the same
    /// encoded or not, so an escape of it may be decoded (§2.2).
    ///
    /// ```
    /// assert!(urlkit::rfc1738::encoding::classify(b'$').is_unreserved());
    /// ```
    pub const fn is_unreserved(self) -> bool {
        matches!(
            self,
            CharClass::Alpha | CharClass::Digit | CharClass::Safe | CharClass::Extra
        )
    }
}

/// The class of every octet, built once at compile time from the RFC 1738 sets.
const CLASSES: [CharClass; 256] = {
    let mut t = [CharClass::NonAscii; 256];
    let mut i = 0;
    while i < 128 {
        let b = i as u8;
        t[i] = if ALPHA.contains(b) {
            CharClass::Alpha
        } else if DIGIT.contains(b) {
            CharClass::Digit
        } else if RFC1738_SAFE.contains(b) {
            CharClass::Safe
        } else if RFC1738_EXTRA.contains(b) {
            CharClass::Extra
        } else if RFC1738_NATIONAL.contains(b) {
            CharClass::National
        } else if RFC1738_PUNCTUATION.contains(b) {
            CharClass::Punctuation
        } else if RFC1738_RESERVED.contains(b) {
            CharClass::Reserved
        } else if b == b' ' {
            CharClass::Unsafe
        } else {
            CharClass::Control
        };
        i += 1;
    }
    t
};

/// The RFC 1738 class of `byte`.
///
/// ```
/// use urlkit::rfc1738::encoding::{classify, CharClass};
/// assert_eq!(classify(b'a'), CharClass::Alpha);
/// assert_eq!(classify(b'='), CharClass::Reserved);
/// assert_eq!(classify(0x7F), CharClass::Control);
/// assert_eq!(classify(0xC3), CharClass::NonAscii);
/// ```
#[inline]
pub const fn classify(byte: u8) -> CharClass {
    CLASSES[byte as usize]
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

fn push_escape(out: &mut String, byte: u8) {
    out.push('%');
    out.push(char::from(HEX_UPPER[usize::from(byte >> 4)]));
    out.push(char::from(HEX_UPPER[usize::from(byte & 15)]));
}

/// Whether the octet at `i` must be encoded: an unsafe, control or non-ASCII octet, except
/// a `%` that already starts a valid escape.
#[inline]
fn needs_escape(b: &[u8], i: usize) -> bool {
    classify(b[i]).must_encode() && !has_escape(b, i)
}

/// Makes a URL safer (W3C notes; RFC 1738 §2.2): encodes every unsafe, control and
/// non-ASCII octet as `%XX` (upper-case hex), keeps existing valid escapes and reserved
/// characters as they are. A `%` that does not start an escape becomes `%25`. A `#` is
/// encoded too, so split a fragment off first if it is meant as one.
///
/// The result uses only `xchar`s (RFC 1738 §5), and `make_safer` is idempotent.
///
/// ```
/// use urlkit::rfc1738::encoding::make_safer;
/// assert_eq!(make_safer("http://h/a b/%7E~/é?x=1"), "http://h/a%20b/%7E%7E/%C3%A9?x=1");
/// assert_eq!(make_safer("100%"), "100%25");
/// assert!(matches!(make_safer("ftp://h/ok"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn make_safer(url: &str) -> Cow<'_, str> {
    let b = url.as_bytes();
    let Some(first) = (0..b.len()).find(|&i| needs_escape(b, i)) else {
        return Cow::Borrowed(url);
    };
    let mut out = String::with_capacity(b.len() + 16);
    out.push_str(&url[..first]);
    for i in first..b.len() {
        if needs_escape(b, i) {
            push_escape(&mut out, b[i]);
        } else {
            // Not encoded, so ASCII: a byte is a char.
            out.push(char::from(b[i]));
        }
    }
    Cow::Owned(out)
}

/// A URL's bytes at the comparison encoding level, produced lazily: escapes of
/// `unreserved` characters are decoded, other escapes get upper-case hex, raw octets that
/// must be encoded are encoded, reserved characters are never touched; the `URL:`
/// PrePrefix is skipped; scheme and host (everything after the last `@` of a `//`
/// authority, port digits included) are lower-cased.
struct Level<'a> {
    b: &'a [u8],
    i: usize,
    /// Byte ranges that compare case-insensitively: the scheme and the hostport.
    scheme: (usize, usize),
    host: (usize, usize),
    /// The hex digits of an escape being emitted; the next is `pending[pending_at]`.
    pending: [u8; 2],
    pending_at: u8,
}

impl<'a> Level<'a> {
    fn new(url: &'a str) -> Self {
        let b = url.as_bytes();
        let (scheme_start, colon) = super::split_scheme(url).unwrap_or((0, 0));
        let mut host = (0, 0);
        if colon > 0 && b[colon + 1..].starts_with(b"//") {
            let start = colon + 3;
            let end = b[start..]
                .iter()
                .position(|c| *c == b'/' || *c == b'?')
                .map_or(b.len(), |p| start + p);
            let at = b[start..end]
                .iter()
                .rposition(|c| *c == b'@')
                .map_or(start, |p| start + p + 1);
            host = (at, end);
        }
        Level {
            b,
            i: scheme_start,
            scheme: (scheme_start, colon),
            host,
            pending: [0; 2],
            pending_at: 2,
        }
    }

    fn folds(&self, i: usize) -> bool {
        (self.scheme.0..self.scheme.1).contains(&i) || (self.host.0..self.host.1).contains(&i)
    }
}

impl Iterator for Level<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if let Some(&c) = self.pending.get(usize::from(self.pending_at)) {
            self.pending_at += 1;
            return Some(c);
        }
        let b = self.b;
        let i = self.i;
        let (byte, width) = if has_escape(b, i) {
            (hex(b[i + 1]) << 4 | hex(b[i + 2]), 3)
        } else {
            (*b.get(i)?, 1)
        };
        self.i += width;
        let class = classify(byte);
        if width == 3 && !class.is_unreserved() || width == 1 && class.must_encode() {
            self.pending = [
                HEX_UPPER[usize::from(byte >> 4)],
                HEX_UPPER[usize::from(byte & 15)],
            ];
            self.pending_at = 0;
            Some(b'%')
        } else if self.folds(i) {
            Some(byte.to_ascii_lowercase())
        } else {
            Some(byte)
        }
    }
}

/// Whether two URLs are the same once brought to the same encoding level (RFC 1738 §2.2,
/// W3C notes): escapes of characters that are neither reserved nor unsafe are decoded
/// (`%41` is `A`), remaining escapes compare with upper-case hex, unsafe raw characters
/// compare as their escapes, and scheme and host compare case-insensitively. A reserved
/// character is never decoded: `%2F` and `/` differ.
///
/// ```
/// use urlkit::rfc1738::encoding::same_encoding_level_eq;
/// assert!(same_encoding_level_eq(
///     "http://info.cern.ch/albert/bertram/marie-claude",
///     "HTTP://INFO.cern.ch/albert/bertram/marie%2Dclaude",
/// ));
/// assert!(!same_encoding_level_eq(
///     "http://info.cern.ch/albert/bertram/marie-claude",
///     "http://info.cern.ch/albert/bertram%2Fmarie-claude",
/// ));
/// assert!(same_encoding_level_eq("ftp://h/a b%7e", "ftp://h/a%20b%7E"));
/// ```
pub fn same_encoding_level_eq(a: &str, b: &str) -> bool {
    a == b || Level::new(a).eq(Level::new(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_match_the_bnf() {
        for b in 0u8..=255 {
            let c = classify(b);
            let expect_must = !(0x21..0x7F).contains(&b) || b" <>\"#%{}|\\^~[]`".contains(&b);
            assert_eq!(c.must_encode(), expect_must, "{b:#x}");
            assert_eq!(
                c.is_unreserved(),
                b.is_ascii_alphanumeric() || b"$-_.+!*'(),".contains(&b)
            );
        }
    }

    fn level(s: &str) -> String {
        String::from_utf8(Level::new(s).collect()).unwrap()
    }

    #[test]
    fn levels() {
        assert_eq!(
            level("HTTP://User@Host.COM:80/%41%2f%7e?%3D"),
            "http://User@host.com:80/A%2F%7E?%3D"
        );
        assert_eq!(level("x:%zz"), "x:%25zz");
        assert_eq!(level("URL:Ftp://H/é"), "ftp://h/%C3%A9");
        assert!(!same_encoding_level_eq("http://u@h/", "http://U@h/"));
    }
}
