//! The encode sets by name: the one table that `urlkit encode --set`, `urlkit-arrow`'s
//! `EncodeSet` and the WebAssembly package read their names, summaries and sets from. The URL
//! Standard's sets (§1.3, named without "percent-encode set") and RFC 3986's unreserved
//! characters (§2.3).

use alloc::string::String;
use core::fmt::Write;

use super::sets::{self, AsciiSet};
use super::utf8_percent_encode;

/// Every byte but RFC 3986's unreserved characters.
const NOT_UNRESERVED: AsciiSet = sets::RFC3986_UNRESERVED.complement();

/// An encode set with its name: what it encodes, and whether a space is written `+`.
///
/// ```
/// let set = urlkit::percent::by_name("path").unwrap();
/// assert_eq!(set.name, "path");
/// assert_eq!(set.encode("/a b?"), "/a%20b%3F");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedSet {
    /// The name (`"c0-control"`, `"application/x-www-form-urlencoded"`, …).
    pub name: &'static str,
    /// What it adds to the set it extends, in a phrase.
    pub summary: &'static str,
    /// The bytes it encodes (every byte above 0x7E too).
    pub set: &'static AsciiSet,
    /// Whether a space is `+` when encoding (and `+` a space when decoding): the
    /// `application/x-www-form-urlencoded` serializer (URL Standard §5.2).
    pub space_as_plus: bool,
    /// Whether the URL Standard names it (§1.3); `false` for RFC 3986's.
    pub whatwg: bool,
}

impl NamedSet {
    /// `input` (UTF-8) percent-encoded with the set, a space as `+` where
    /// [`NamedSet::space_as_plus`].
    ///
    /// ```
    /// let form = urlkit::percent::by_name("form").unwrap();
    /// assert_eq!(form.encode("a b&c"), "a+b%26c");
    /// ```
    pub fn encode(&self, input: &str) -> String {
        let mut out = String::with_capacity(input.len());
        if !self.space_as_plus {
            // Writing into a `String` cannot fail.
            let _ = write!(out, "{}", utf8_percent_encode(input, self.set));
            return out;
        }
        for (i, piece) in input.split(' ').enumerate() {
            if i > 0 {
                out.push('+');
            }
            // Writing into a `String` cannot fail.
            let _ = write!(out, "{}", utf8_percent_encode(piece, self.set));
        }
        out
    }
}

/// Every named set, the URL Standard's first (in the order §1.3 builds them), then RFC 3986's.
///
/// ```
/// let names: Vec<&str> = urlkit::percent::NAMED_SETS.iter().map(|s| s.name).collect();
/// assert_eq!(names[0], "c0-control");
/// assert!(names.contains(&"unreserved"));
/// ```
pub static NAMED_SETS: [NamedSet; 10] = [
    named(
        "c0-control",
        "C0 controls and bytes above 0x7E",
        &sets::C0_CONTROL,
        false,
        true,
    ),
    named(
        "fragment",
        "c0-control plus space \" < > `",
        &sets::FRAGMENT,
        false,
        true,
    ),
    named(
        "query",
        "c0-control plus space \" # < >",
        &sets::QUERY,
        false,
        true,
    ),
    named("special-query", "query plus '", &sets::SPECIAL_QUERY, false, true),
    named("path", "query plus ? ^ ` { }", &sets::PATH, false, true),
    named(
        "userinfo",
        "path plus / : ; = @ [ \\ ] |",
        &sets::USERINFO,
        false,
        true,
    ),
    named(
        "component",
        "userinfo plus $ % & + ,",
        &sets::COMPONENT,
        false,
        true,
    ),
    named(
        "application/x-www-form-urlencoded",
        "component plus ! ' ( ) ~, space as +",
        &sets::FORM_URLENCODED,
        true,
        true,
    ),
    named(
        "unreserved",
        "every byte but RFC 3986's unreserved characters (letters, digits, - . _ ~)",
        &NOT_UNRESERVED,
        false,
        false,
    ),
    named(
        "unreserved-form",
        "unreserved, space as +",
        &NOT_UNRESERVED,
        true,
        false,
    ),
];

const fn named(
    name: &'static str,
    summary: &'static str,
    set: &'static AsciiSet,
    space_as_plus: bool,
    whatwg: bool,
) -> NamedSet {
    NamedSet {
        name,
        summary,
        set,
        space_as_plus,
        whatwg,
    }
}

/// The set of that name: exact, in any ASCII case, with `_` for `-`, or `form` for
/// `application/x-www-form-urlencoded`.
///
/// ```
/// use urlkit::percent::by_name;
/// assert_eq!(by_name("Special_Query").unwrap().name, "special-query");
/// assert_eq!(by_name("form").unwrap().name, "application/x-www-form-urlencoded");
/// assert!(by_name("nope").is_none());
/// ```
pub fn by_name(name: &str) -> Option<&'static NamedSet> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("form") {
        return NAMED_SETS.iter().find(|s| s.space_as_plus && s.whatwg);
    }
    NAMED_SETS.iter().find(|s| {
        s.name.len() == name.len()
            && s.name
                .bytes()
                .zip(name.bytes())
                .all(|(a, b)| a == b.to_ascii_lowercase() || (a == b'-' && b == b'_'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_encodes_as_the_form_serializer() {
        let form = by_name("form").unwrap();
        for s in ["a b", "  ", "a+b~!*'()", "é ü", ""] {
            let serialized: String = crate::form::byte_serialize(s.as_bytes()).collect();
            assert_eq!(form.encode(s), serialized, "{s:?}");
        }
    }

    #[test]
    fn only_the_form_sets_write_a_space_as_plus() {
        assert_eq!(by_name("c0-control").unwrap().encode("a b\u{1}"), "a b%01");
        assert_eq!(by_name("path").unwrap().encode("a b"), "a%20b");
        assert_eq!(by_name("unreserved-form").unwrap().encode("a b~"), "a+b~");
    }

    #[test]
    fn names_are_unique_and_found() {
        for s in &NAMED_SETS {
            assert_eq!(by_name(s.name), Some(s));
            assert_eq!(NAMED_SETS.iter().filter(|t| t.name == s.name).count(), 1);
        }
    }
}
