//! Named sets of ASCII characters: the URL Standard's percent-encode sets, the RFC 3986
//! character classes and the RFC 1738 character classes.
//!
//! A set is a 128-bit mask over ASCII. As a *percent-encode set* it names the ASCII bytes to
//! encode; bytes 0x80..=0xFF are always encoded (see [`AsciiSet::should_encode`]). As a
//! *character class* it names the ASCII bytes that belong (see [`AsciiSet::contains`]).

/// A set of ASCII bytes, usable in `const` context.
///
/// ```
/// use urlkit::percent::sets::AsciiSet;
/// const DIGITS: AsciiSet = AsciiSet::EMPTY.add_range(b'0', b'9');
/// assert!(DIGITS.contains(b'7'));
/// assert!(!DIGITS.contains(b'a'));
/// assert!(DIGITS.should_encode(0xE9)); // non-ASCII is always encoded
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiSet {
    mask: [u64; 2],
}

impl AsciiSet {
    /// The empty set.
    ///
    /// ```
    /// assert!(!urlkit::percent::sets::AsciiSet::EMPTY.contains(b'a'));
    /// ```
    pub const EMPTY: AsciiSet = AsciiSet { mask: [0, 0] };

    /// Whether `byte` is an ASCII byte in the set (non-ASCII bytes never are).
    ///
    /// ```
    /// use urlkit::percent::sets::RFC3986_UNRESERVED;
    /// assert!(RFC3986_UNRESERVED.contains(b'~'));
    /// assert!(!RFC3986_UNRESERVED.contains(0xC3));
    /// ```
    #[inline]
    pub const fn contains(&self, byte: u8) -> bool {
        byte < 0x80 && (self.mask[(byte >> 6) as usize] >> (byte & 63)) & 1 == 1
    }

    /// Whether `byte` must be percent-encoded under this percent-encode set: it is in the set,
    /// or it is not ASCII.
    ///
    /// ```
    /// use urlkit::percent::sets::PATH;
    /// assert!(PATH.should_encode(b' '));
    /// assert!(PATH.should_encode(0xFF));
    /// assert!(!PATH.should_encode(b'/'));
    /// ```
    #[inline]
    pub const fn should_encode(&self, byte: u8) -> bool {
        byte >= 0x80 || (self.mask[(byte >> 6) as usize] >> (byte & 63)) & 1 == 1
    }

    /// This set plus `byte` (which must be ASCII; other bytes are ignored).
    ///
    /// ```
    /// use urlkit::percent::sets::AsciiSet;
    /// assert!(AsciiSet::EMPTY.add(b'/').contains(b'/'));
    /// ```
    pub const fn add(mut self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            self.mask[(byte >> 6) as usize] |= 1 << (byte & 63);
        }
        self
    }

    /// This set minus `byte`.
    ///
    /// ```
    /// use urlkit::percent::sets::{AsciiSet, FRAGMENT};
    /// assert!(!FRAGMENT.remove(b' ').contains(b' '));
    /// ```
    pub const fn remove(mut self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            self.mask[(byte >> 6) as usize] &= !(1 << (byte & 63));
        }
        self
    }

    /// This set plus every byte from `first` to `last`, inclusive.
    ///
    /// ```
    /// use urlkit::percent::sets::AsciiSet;
    /// let s = AsciiSet::EMPTY.add_range(b'a', b'c');
    /// assert!(s.contains(b'b') && !s.contains(b'd'));
    /// ```
    pub const fn add_range(mut self, first: u8, last: u8) -> AsciiSet {
        let mut b = first;
        while b <= last && b < 0x80 {
            self = self.add(b);
            if b == 0x7F {
                break;
            }
            b += 1;
        }
        self
    }

    /// This set plus every byte of `bytes`.
    ///
    /// ```
    /// use urlkit::percent::sets::AsciiSet;
    /// assert!(AsciiSet::EMPTY.add_all(b"?#").contains(b'#'));
    /// ```
    pub const fn add_all(mut self, bytes: &[u8]) -> AsciiSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.add(bytes[i]);
            i += 1;
        }
        self
    }

    /// The union of two sets.
    ///
    /// ```
    /// use urlkit::percent::sets::{RFC3986_GEN_DELIMS, RFC3986_SUB_DELIMS, RFC3986_RESERVED};
    /// assert_eq!(RFC3986_GEN_DELIMS.union(RFC3986_SUB_DELIMS), RFC3986_RESERVED);
    /// ```
    pub const fn union(self, other: AsciiSet) -> AsciiSet {
        AsciiSet {
            mask: [self.mask[0] | other.mask[0], self.mask[1] | other.mask[1]],
        }
    }

    /// Every ASCII byte not in this set.
    ///
    /// ```
    /// use urlkit::percent::sets::{AsciiSet, RFC3986_UNRESERVED};
    /// assert!(RFC3986_UNRESERVED.complement().contains(b'%'));
    /// assert!(!RFC3986_UNRESERVED.complement().contains(b'a'));
    /// ```
    pub const fn complement(self) -> AsciiSet {
        AsciiSet {
            mask: [!self.mask[0], !self.mask[1]],
        }
    }

    /// A 256-entry lookup table: entry `b` is true when [`should_encode`](Self::should_encode)
    /// holds for `b`. Parsers build their byte-class tables from this at compile time.
    ///
    /// ```
    /// use urlkit::percent::sets::QUERY;
    /// const T: [bool; 256] = QUERY.encode_table();
    /// assert!(T[b'#' as usize] && T[0x80] && !T[b'a' as usize]);
    /// ```
    pub const fn encode_table(&self) -> [bool; 256] {
        let mut t = [false; 256];
        let mut i = 0;
        while i < 256 {
            t[i] = self.should_encode(i as u8);
            i += 1;
        }
        t
    }
}

// --- The URL Standard, §1.3 Percent-encoded bytes:
// https://url.spec.whatwg.org/#percent-encoded-bytes

/// The [C0 control percent-encode set](https://url.spec.whatwg.org/#c0-control-percent-encode-set):
/// C0 controls and everything above `~`.
///
/// ```
/// use urlkit::percent::sets::C0_CONTROL;
/// assert!(C0_CONTROL.should_encode(0x1F) && C0_CONTROL.should_encode(0x7F) && !C0_CONTROL.should_encode(b' '));
/// ```
pub const C0_CONTROL: AsciiSet = AsciiSet::EMPTY.add_range(0x00, 0x1F).add(0x7F);

/// `percent_encoding`'s name for [`C0_CONTROL`] (the set `url` users import).
///
/// ```
/// assert_eq!(urlkit::percent::sets::CONTROLS, urlkit::percent::sets::C0_CONTROL);
/// ```
#[doc(alias = "C0_CONTROL")]
pub const CONTROLS: AsciiSet = C0_CONTROL;

/// Every ASCII byte but letters and digits (and every non-ASCII byte): `percent_encoding`'s
/// `NON_ALPHANUMERIC`, the set that leaves only `[A-Za-z0-9]` unencoded.
///
/// ```
/// use urlkit::percent::{sets::NON_ALPHANUMERIC, utf8_percent_encode};
/// assert_eq!(utf8_percent_encode("a-b_c.1", &NON_ALPHANUMERIC).to_string(), "a%2Db%5Fc%2E1");
/// ```
pub const NON_ALPHANUMERIC: AsciiSet = ALPHA.union(DIGIT).complement();

/// The [fragment percent-encode set](https://url.spec.whatwg.org/#fragment-percent-encode-set).
///
/// ```
/// assert!(urlkit::percent::sets::FRAGMENT.contains(b'`'));
/// ```
pub const FRAGMENT: AsciiSet = C0_CONTROL.add_all(b" \"<>`");

/// The [query percent-encode set](https://url.spec.whatwg.org/#query-percent-encode-set).
///
/// ```
/// assert!(!urlkit::percent::sets::QUERY.contains(b'\''));
/// ```
pub const QUERY: AsciiSet = C0_CONTROL.add_all(b" \"#<>");

/// The [special-query percent-encode set](https://url.spec.whatwg.org/#special-query-percent-encode-set).
///
/// ```
/// assert!(urlkit::percent::sets::SPECIAL_QUERY.contains(b'\''));
/// ```
pub const SPECIAL_QUERY: AsciiSet = QUERY.add(b'\'');

/// The [path percent-encode set](https://url.spec.whatwg.org/#path-percent-encode-set).
///
/// ```
/// assert!(urlkit::percent::sets::PATH.contains(b'?') && urlkit::percent::sets::PATH.contains(b'}'));
/// ```
pub const PATH: AsciiSet = QUERY.add_all(b"?^`{}");

/// The [userinfo percent-encode set](https://url.spec.whatwg.org/#userinfo-percent-encode-set).
///
/// ```
/// assert!(urlkit::percent::sets::USERINFO.contains(b'@'));
/// ```
pub const USERINFO: AsciiSet = PATH.add_all(b"/:;=@[\\]|");

/// The [component percent-encode set](https://url.spec.whatwg.org/#component-percent-encode-set)
/// (what JavaScript's `encodeURIComponent()` encodes).
///
/// ```
/// assert!(urlkit::percent::sets::COMPONENT.contains(b'&') && !urlkit::percent::sets::COMPONENT.contains(b'!'));
/// ```
pub const COMPONENT: AsciiSet = USERINFO.add_range(b'$', b'&').add_all(b"+,");

/// The [`application/x-www-form-urlencoded` percent-encode set](https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set):
/// everything but ASCII alphanumerics and `*-._`.
///
/// ```
/// let s = urlkit::percent::sets::FORM_URLENCODED;
/// assert!(s.contains(b'~') && !s.contains(b'*'));
/// ```
pub const FORM_URLENCODED: AsciiSet = COMPONENT.add(b'!').add_range(b'\'', b')').add(b'~');

// --- RFC 3986 §2: https://www.rfc-editor.org/rfc/rfc3986#section-2

/// ALPHA (RFC 3986 appendix B / RFC 5234): `A-Z a-z`.
///
/// ```
/// assert!(urlkit::percent::sets::ALPHA.contains(b'Q'));
/// ```
pub const ALPHA: AsciiSet = AsciiSet::EMPTY.add_range(b'A', b'Z').add_range(b'a', b'z');

/// DIGIT: `0-9`.
///
/// ```
/// assert!(urlkit::percent::sets::DIGIT.contains(b'0'));
/// ```
pub const DIGIT: AsciiSet = AsciiSet::EMPTY.add_range(b'0', b'9');

/// HEXDIG: `0-9 A-F a-f`.
///
/// ```
/// assert!(urlkit::percent::sets::HEXDIG.contains(b'f'));
/// ```
pub const HEXDIG: AsciiSet = DIGIT.add_range(b'A', b'F').add_range(b'a', b'f');

/// RFC 3986 §2.3 `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC3986_UNRESERVED.contains(b'_'));
/// ```
pub const RFC3986_UNRESERVED: AsciiSet = ALPHA.union(DIGIT).add_all(b"-._~");

/// RFC 3986 §2.2 `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC3986_GEN_DELIMS.contains(b'@'));
/// ```
pub const RFC3986_GEN_DELIMS: AsciiSet = AsciiSet::EMPTY.add_all(b":/?#[]@");

/// RFC 3986 §2.2 `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC3986_SUB_DELIMS.contains(b'='));
/// ```
pub const RFC3986_SUB_DELIMS: AsciiSet = AsciiSet::EMPTY.add_all(b"!$&'()*+,;=");

/// RFC 3986 §2.2 `reserved = gen-delims / sub-delims`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC3986_RESERVED.contains(b'/'));
/// ```
pub const RFC3986_RESERVED: AsciiSet = RFC3986_GEN_DELIMS.union(RFC3986_SUB_DELIMS);

/// RFC 3986 §3.3 `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`, without the
/// `%` that starts `pct-encoded` (check escapes separately).
///
/// ```
/// let p = urlkit::percent::sets::RFC3986_PCHAR;
/// assert!(p.contains(b':') && p.contains(b'@') && !p.contains(b'/') && !p.contains(b'%'));
/// ```
pub const RFC3986_PCHAR: AsciiSet = RFC3986_UNRESERVED.union(RFC3986_SUB_DELIMS).add_all(b":@");

/// RFC 3986 §3.4/§3.5 `query = fragment = *( pchar / "/" / "?" )`, without `%`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC3986_QUERY.contains(b'?'));
/// ```
pub const RFC3986_QUERY: AsciiSet = RFC3986_PCHAR.add_all(b"/?");

/// RFC 3986 §3.2.1 `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`, without `%`.
///
/// ```
/// assert!(!urlkit::percent::sets::RFC3986_USERINFO.contains(b'@'));
/// ```
pub const RFC3986_USERINFO: AsciiSet = RFC3986_UNRESERVED.union(RFC3986_SUB_DELIMS).add(b':');

/// RFC 3986 §3.2.2 `reg-name = *( unreserved / pct-encoded / sub-delims )`, without `%`.
///
/// ```
/// assert!(!urlkit::percent::sets::RFC3986_REG_NAME.contains(b':'));
/// ```
pub const RFC3986_REG_NAME: AsciiSet = RFC3986_UNRESERVED.union(RFC3986_SUB_DELIMS);

/// RFC 3986 §3.1 characters after the first in a scheme: `ALPHA / DIGIT / "+" / "-" / "."`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC3986_SCHEME.contains(b'+'));
/// ```
pub const RFC3986_SCHEME: AsciiSet = ALPHA.union(DIGIT).add_all(b"+-.");

// --- RFC 1738 §2.2 and §5: https://www.rfc-editor.org/rfc/rfc1738#section-5

/// RFC 1738 `safe = "$" | "-" | "_" | "." | "+"`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC1738_SAFE.contains(b'$'));
/// ```
pub const RFC1738_SAFE: AsciiSet = AsciiSet::EMPTY.add_all(b"$-_.+");

/// RFC 1738 `extra = "!" | "*" | "'" | "(" | ")" | ","`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC1738_EXTRA.contains(b','));
/// ```
pub const RFC1738_EXTRA: AsciiSet = AsciiSet::EMPTY.add_all(b"!*'(),");

/// RFC 1738 `national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC1738_NATIONAL.contains(b'~'));
/// ```
pub const RFC1738_NATIONAL: AsciiSet = AsciiSet::EMPTY.add_all(b"{}|\\^~[]`");

/// RFC 1738 `punctuation = "<" | ">" | "#" | "%" | <">`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC1738_PUNCTUATION.contains(b'"'));
/// ```
pub const RFC1738_PUNCTUATION: AsciiSet = AsciiSet::EMPTY.add_all(b"<>#%\"");

/// RFC 1738 `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC1738_RESERVED.contains(b'&'));
/// ```
pub const RFC1738_RESERVED: AsciiSet = AsciiSet::EMPTY.add_all(b";/?:@&=");

/// RFC 1738 `unreserved = alpha | digit | safe | extra`.
///
/// ```
/// assert!(urlkit::percent::sets::RFC1738_UNRESERVED.contains(b'('));
/// ```
pub const RFC1738_UNRESERVED: AsciiSet = ALPHA.union(DIGIT).union(RFC1738_SAFE).union(RFC1738_EXTRA);

/// RFC 1738 §2.2 *unsafe* characters: space, `< > " # % { } | \ ^ ~ [ ] \``, which must
/// always be encoded in a URL (`#` and `%` only where they do not play their special role).
///
/// ```
/// assert!(urlkit::percent::sets::RFC1738_UNSAFE.contains(b' '));
/// ```
pub const RFC1738_UNSAFE: AsciiSet = AsciiSet::EMPTY.add_all(b" <>\"#%{}|\\^~[]`");

/// RFC 1738 §2.2 octets that must be encoded wherever they appear: the *unsafe* characters,
/// the US-ASCII controls (00-1F, 7F); non-ASCII octets 80-FF are always encoded too.
///
/// ```
/// let s = urlkit::percent::sets::RFC1738_MUST_ENCODE;
/// assert!(s.should_encode(0x0A) && s.should_encode(0x7F) && s.should_encode(0x80) && !s.should_encode(b';'));
/// ```
pub const RFC1738_MUST_ENCODE: AsciiSet = RFC1738_UNSAFE.union(C0_CONTROL);

#[cfg(test)]
mod tests {
    use super::*;

    /// Check a set against a predicate written straight from its definition.
    fn check(set: AsciiSet, name: &str, def: impl Fn(u8) -> bool) {
        for b in 0u8..=0x7F {
            assert_eq!(set.contains(b), def(b), "{name} disagrees on {:?}", b as char);
        }
    }

    #[test]
    fn whatwg_sets_match_the_standard() {
        let c0 = |b: u8| b <= 0x1F || b > 0x7E;
        check(C0_CONTROL, "c0", c0);
        let frag = |b: u8| c0(b) || b" \"<>`".contains(&b);
        check(FRAGMENT, "fragment", frag);
        let query = |b: u8| c0(b) || b" \"#<>".contains(&b);
        check(QUERY, "query", query);
        check(SPECIAL_QUERY, "special-query", |b| query(b) || b == b'\'');
        let path = |b: u8| query(b) || b"?^`{}".contains(&b);
        check(PATH, "path", path);
        let userinfo = |b: u8| path(b) || b"/:;=@|".contains(&b) || (b'['..=b']').contains(&b);
        check(USERINFO, "userinfo", userinfo);
        let component = |b: u8| userinfo(b) || (b'$'..=b'&').contains(&b) || b == b'+' || b == b',';
        check(COMPONENT, "component", component);
        // The standard's note: everything except ASCII alphanumerics, *, -, . and _.
        check(FORM_URLENCODED, "form", |b| {
            !(b.is_ascii_alphanumeric() || b"*-._".contains(&b))
        });
    }

    #[test]
    fn rfc3986_sets_match_the_abnf() {
        let unreserved = |b: u8| b.is_ascii_alphanumeric() || b"-._~".contains(&b);
        check(RFC3986_UNRESERVED, "unreserved", unreserved);
        check(RFC3986_PCHAR, "pchar", |b| {
            unreserved(b) || b"!$&'()*+,;=:@".contains(&b)
        });
        check(RFC3986_HEX_CHECK, "hexdig", |b| b.is_ascii_hexdigit());
    }

    const RFC3986_HEX_CHECK: AsciiSet = HEXDIG;

    #[test]
    fn rfc1738_classes_partition_printable_ascii() {
        // Every printable ASCII character is in exactly one of alpha, digit, safe, extra,
        // national, punctuation, reserved (RFC 1738 §5), except space, which is unsafe.
        for b in 0x21u8..=0x7E {
            let n = [
                ALPHA,
                DIGIT,
                RFC1738_SAFE,
                RFC1738_EXTRA,
                RFC1738_NATIONAL,
                RFC1738_PUNCTUATION,
                RFC1738_RESERVED,
            ]
            .iter()
            .filter(|s| s.contains(b))
            .count();
            assert_eq!(n, 1, "{:?}", b as char);
        }
        assert!(RFC1738_UNSAFE.contains(b' '));
    }
}
