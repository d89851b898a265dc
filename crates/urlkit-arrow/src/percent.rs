//! `percent_encode` and `percent_decode`: strings percent-encoded with one of the URL
//! Standard's encode sets ([§1.3](https://url.spec.whatwg.org/#percent-encoded-bytes)), by the
//! names `urlkit encode --set` takes, and decoded.

use crate::input::Strings;
use arrow_array::builder::StringBuilder;
use arrow_array::{Array, StringArray};
use arrow_schema::ArrowError;
use core::fmt::{self, Write as _};
use urlkit::percent::sets::AsciiSet;
use urlkit::percent::{self as pct, utf8_percent_encode};
use urlkit::percent::{NAMED_SETS, NamedSet};

/// An encode set of [`percent_encode`], by the name `urlkit encode --set` gives it (the URL
/// Standard's, §1.3, without "percent-encode set"), and RFC 3986's unreserved characters: a
/// row of the library's table [`urlkit::percent::NAMED_SETS`] (the variants in its order),
/// which holds the names, the sets and whether a space is `+`.
///
/// ```
/// use urlkit_arrow::EncodeSet;
/// assert_eq!("special-query".parse::<EncodeSet>(), Ok(EncodeSet::SpecialQuery));
/// assert_eq!(EncodeSet::Form.name(), "application/x-www-form-urlencoded");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EncodeSet {
    /// `c0-control`: C0 controls and bytes above 0x7E.
    C0Control,
    /// `fragment`: c0-control plus space `"` `<` `>` `` ` ``.
    Fragment,
    /// `query`: c0-control plus space `"` `#` `<` `>`.
    Query,
    /// `special-query`: query plus `'`.
    SpecialQuery,
    /// `path`: query plus `?` `^` `` ` `` `{` `}`.
    Path,
    /// `userinfo`: path plus `/` `:` `;` `=` `@` `[` `\` `]` `|`.
    Userinfo,
    /// `component` (the default): userinfo plus `$` `%` `&` `+` `,`.
    #[default]
    Component,
    /// `application/x-www-form-urlencoded` (or `form`): component plus `!` `'` `(` `)` `~`,
    /// a space as `+` (§5.2).
    Form,
    /// `unreserved`: every byte but RFC 3986's unreserved characters (§2.3: letters, digits,
    /// `-` `.` `_` `~`).
    Unreserved,
    /// `unreserved-form`: `unreserved` with a space as `+`.
    UnreservedForm,
}

impl EncodeSet {
    /// Every set, in the order of their names' listing.
    pub const ALL: [EncodeSet; 10] = [
        EncodeSet::C0Control,
        EncodeSet::Fragment,
        EncodeSet::Query,
        EncodeSet::SpecialQuery,
        EncodeSet::Path,
        EncodeSet::Userinfo,
        EncodeSet::Component,
        EncodeSet::Form,
        EncodeSet::Unreserved,
        EncodeSet::UnreservedForm,
    ];

    /// The set's name.
    ///
    /// ```
    /// assert_eq!(urlkit_arrow::EncodeSet::C0Control.name(), "c0-control");
    /// ```
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The bytes it encodes.
    ///
    /// ```
    /// assert!(urlkit_arrow::EncodeSet::Path.set().contains(b'?'));
    /// ```
    pub const fn set(self) -> &'static AsciiSet {
        self.row().set
    }

    /// Whether a space is `+` (encoding) and `+` a space (decoding).
    ///
    /// ```
    /// assert!(urlkit_arrow::EncodeSet::Form.space_as_plus());
    /// ```
    pub const fn space_as_plus(self) -> bool {
        self.row().space_as_plus
    }

    /// Its row of the library's table: the variants are in the table's order (a test checks).
    const fn row(self) -> &'static NamedSet {
        &NAMED_SETS[self as usize]
    }
}

/// A name that is no [`EncodeSet`]'s; its message lists the names.
///
/// ```
/// let e = "nope".parse::<urlkit_arrow::EncodeSet>().unwrap_err();
/// assert!(e.to_string().starts_with("unknown encode set 'nope' (expected c0-control, "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEncodeSet(pub String);

impl fmt::Display for UnknownEncodeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown encode set '{}' (expected ", self.0)?;
        for (i, set) in EncodeSet::ALL.iter().enumerate() {
            let sep = match i {
                0 => "",
                _ if i + 1 == EncodeSet::ALL.len() => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{}", set.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownEncodeSet {}

impl core::str::FromStr for EncodeSet {
    type Err = UnknownEncodeSet;

    /// The set of that name, in any case, `_` for `-`; `form` for
    /// `application/x-www-form-urlencoded`.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        urlkit::percent::by_name(name)
            .and_then(|row| EncodeSet::ALL.into_iter().find(|s| s.name() == row.name))
            .ok_or_else(|| UnknownEncodeSet(name.to_owned()))
    }
}

/// Every string percent-encoded (UTF-8) with `set`: each byte of the set and every byte above
/// 0x7E as `%XX`, a space as `+` where [`EncodeSet::space_as_plus`]. Null where the string is
/// null. Written straight into the result's buffer.
///
/// # Errors
///
/// When `strings` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// use urlkit_arrow::{percent_encode, EncodeSet};
/// let s = StringArray::from(vec!["a b&c/é"]);
/// assert_eq!(percent_encode(&s, EncodeSet::Component)?.value(0), "a%20b%26c%2F%C3%A9");
/// assert_eq!(percent_encode(&s, EncodeSet::Path)?.value(0), "a%20b&c/%C3%A9");
/// assert_eq!(percent_encode(&s, EncodeSet::Form)?.value(0), "a+b%26c%2F%C3%A9");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn percent_encode(strings: &dyn Array, set: EncodeSet) -> Result<StringArray, ArrowError> {
    let input = Strings::try_from_array(strings)?;
    let mut out = StringBuilder::with_capacity(strings.len(), 0);
    for i in 0..strings.len() {
        let Some(s) = input.get(i) else {
            out.append_null();
            continue;
        };
        // Writing into the builder cannot fail.
        if set.space_as_plus() {
            for (k, piece) in s.split(' ').enumerate() {
                if k > 0 {
                    let _ = out.write_char('+');
                }
                let _ = write!(out, "{}", utf8_percent_encode(piece, set.set()));
            }
        } else {
            let _ = write!(out, "{}", utf8_percent_encode(s, set.set()));
        }
        out.append_value("");
    }
    Ok(out.finish())
}

/// What [`percent_decode`] does with what is not a well-formed escape or not UTF-8.
///
/// ```
/// assert_ne!(urlkit_arrow::Decoding::Strict, urlkit_arrow::Decoding::Lossy);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Decoding {
    /// A `%` that does not start an escape stays as it is (the URL Standard's percent-decode);
    /// decoded bytes that are not UTF-8 give a null.
    #[default]
    Strict,
    /// A `%` that does not start an escape stays; bytes that are not UTF-8 become U+FFFD.
    Lossy,
    /// Java's `URLDecoder`: a `%` that does not start an escape gives a null; bytes that are
    /// not UTF-8 become U+FFFD.
    Java,
}

/// Every string percent-decoded (`+` as a space first where `plus_as_space`), as `decoding`
/// says. Null where the string is null, and as `decoding` says.
///
/// # Errors
///
/// When `strings` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::{percent_decode, Decoding};
/// let s = StringArray::from(vec!["a+b%20c%C3%A9", "100%", "%FF"]);
/// let out = percent_decode(&s, false, Decoding::Strict)?;
/// assert_eq!((out.value(0), out.value(1)), ("a+b cé", "100%"));
/// assert!(out.is_null(2));
/// let out = percent_decode(&s, true, Decoding::Java)?;
/// assert_eq!(out.value(0), "a b cé");
/// assert!(out.is_null(1));
/// assert_eq!(out.value(2), "\u{fffd}");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn percent_decode(
    strings: &dyn Array,
    plus_as_space: bool,
    decoding: Decoding,
) -> Result<StringArray, ArrowError> {
    let input = Strings::try_from_array(strings)?;
    let mut out = StringBuilder::with_capacity(strings.len(), 0);
    // One buffer for the decoded bytes of every row.
    let mut bytes = Vec::new();
    for i in 0..strings.len() {
        let Some(s) = input.get(i) else {
            out.append_null();
            continue;
        };
        if decoding == Decoding::Java && !escapes_well_formed(s.as_bytes()) {
            out.append_null();
            continue;
        }
        bytes.clear();
        if plus_as_space && s.contains('+') {
            for piece in s.split('+').enumerate() {
                if piece.0 > 0 {
                    bytes.push(b' ');
                }
                bytes.extend(pct::percent_decode(piece.1.as_bytes()));
            }
        } else {
            bytes.extend(pct::percent_decode(s.as_bytes()));
        }
        match core::str::from_utf8(&bytes) {
            Ok(text) => out.append_value(text),
            Err(_) if decoding == Decoding::Strict => out.append_null(),
            Err(_) => out.append_value(String::from_utf8_lossy(&bytes)),
        }
    }
    Ok(out.finish())
}

/// Whether every `%` starts an escape: two hexadecimal digits follow it.
fn escapes_well_formed(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            let hex = |k: usize| s.get(k).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::EncodeSet;

    /// Each variant is the table's row of its name (the table is in the variants' order).
    #[test]
    fn variants_are_the_tables_rows() {
        let names = [
            (EncodeSet::C0Control, "c0-control"),
            (EncodeSet::Fragment, "fragment"),
            (EncodeSet::Query, "query"),
            (EncodeSet::SpecialQuery, "special-query"),
            (EncodeSet::Path, "path"),
            (EncodeSet::Userinfo, "userinfo"),
            (EncodeSet::Component, "component"),
            (EncodeSet::Form, "application/x-www-form-urlencoded"),
            (EncodeSet::Unreserved, "unreserved"),
            (EncodeSet::UnreservedForm, "unreserved-form"),
        ];
        assert_eq!(EncodeSet::ALL.len(), urlkit::percent::NAMED_SETS.len());
        for (set, name) in names {
            assert_eq!(set.name(), name);
            assert_eq!(name.parse::<EncodeSet>(), Ok(set));
        }
        assert_eq!("FORM".parse::<EncodeSet>(), Ok(EncodeSet::Form));
        assert_eq!(
            " Special_Query ".parse::<EncodeSet>(),
            Ok(EncodeSet::SpecialQuery)
        );
        assert!(EncodeSet::Form.space_as_plus() && EncodeSet::UnreservedForm.space_as_plus());
        assert!(!EncodeSet::Unreserved.set().contains(b'~') && EncodeSet::Unreserved.set().contains(b' '));
    }
}
