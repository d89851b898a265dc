//! The input hygiene rules (`--trim`, `--comments PREFIX`, `--skip-blank`, `--lossy`,
//! `--max-length`): what one raw input becomes before a handler sees it.
//!
//! Invalid UTF-8 fails the line (`invalid-utf8`, at the first bad byte) unless `--lossy`
//! percent-encodes the bad bytes. `--trim`, `--comments PREFIX` and `--skip-blank` are
//! applied in that order.

use crate::failure::{kind, Failure};
use std::borrow::Cow;

/// How much of an overlong line its failure object shows.
pub(super) const SHOWN_PREFIX: usize = 64;

/// The input hygiene rules.
#[derive(Debug, Clone, Default)]
pub struct Hygiene {
    /// Remove leading and trailing white space.
    pub trim: bool,
    /// Skip lines starting with this prefix (after trimming).
    pub comments: Option<String>,
    /// Skip empty lines (after trimming).
    pub skip_blank: bool,
    /// Percent-encode invalid UTF-8 instead of failing the line.
    pub lossy: bool,
    /// The longest line accepted, in bytes.
    pub max_length: usize,
}

/// One input after hygiene.
#[derive(Debug)]
pub enum Item<'a> {
    /// The input text; `true` when invalid UTF-8 in it was percent-encoded.
    Input(Cow<'a, str>, bool),
    /// A line the rules skip.
    Skip,
    /// A line that failed before any subcommand saw it: what to show as its input, and why.
    Fail(String, Failure),
}

impl Hygiene {
    /// Applies the rules to the bytes of one input.
    pub fn clean<'a>(&self, bytes: &'a [u8]) -> Item<'a> {
        let (text, lossy) = match std::str::from_utf8(bytes) {
            Ok(text) => (Cow::Borrowed(text), false),
            Err(e) if !self.lossy => {
                let position = e.valid_up_to();
                let failure = Failure::at(
                    kind::INVALID_UTF8,
                    format!("invalid utf-8 at byte {position}"),
                    position,
                );
                return Item::Fail(String::from_utf8_lossy(bytes).into_owned(), failure);
            }
            Err(_) => (Cow::Owned(percent_encode_invalid(bytes)), true),
        };
        let trimmed = if self.trim { text.trim() } else { &text };
        if self
            .comments
            .as_deref()
            .is_some_and(|p| !p.is_empty() && trimmed.starts_with(p))
            || (self.skip_blank && trimmed.is_empty())
        {
            return Item::Skip;
        }
        if trimmed.len() == text.len() {
            return Item::Input(text, lossy);
        }
        match text {
            Cow::Borrowed(text) => {
                Item::Input(Cow::Borrowed(if self.trim { text.trim() } else { text }), lossy)
            }
            Cow::Owned(text) => Item::Input(Cow::Owned(text.trim().to_owned()), lossy),
        }
    }

    /// The failure of a line longer than the maximum, showing its start.
    pub fn too_long(&self, start: &[u8]) -> Item<'static> {
        let mut shown = String::from_utf8_lossy(&start[..start.len().min(SHOWN_PREFIX)]).into_owned();
        shown.push('…');
        let message = format!("line longer than {} bytes", self.max_length);
        Item::Fail(shown, Failure::at(kind::TOO_LONG, message, self.max_length))
    }
}

/// `bytes` with every byte that is not part of valid UTF-8 written as `%XX`.
fn percent_encode_invalid(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    loop {
        match std::str::from_utf8(bytes) {
            Ok(rest) => {
                out.push_str(rest);
                return out;
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                // `valid` is valid UTF-8 by the error's word.
                out.push_str(std::str::from_utf8(valid).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len());
                for b in &rest[..bad] {
                    out.push_str(&format!("%{b:02X}"));
                }
                bytes = &rest[bad..];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hygiene() {
        let rules = Hygiene {
            trim: true,
            comments: Some("#".into()),
            skip_blank: true,
            lossy: false,
            max_length: 10,
        };
        assert!(matches!(
            rules.clean(b"  a "),
            Item::Input(Cow::Borrowed("a"), false)
        ));
        assert!(matches!(rules.clean(b" # x"), Item::Skip));
        assert!(matches!(rules.clean(b"   "), Item::Skip));
        let Item::Fail(shown, failure) = rules.clean(b"a\xffb") else {
            panic!()
        };
        assert_eq!(
            (shown.as_str(), failure.position, failure.kind),
            ("a\u{fffd}b", Some(1), "invalid-utf8")
        );
        let lossy = Hygiene { lossy: true, ..rules };
        let Item::Input(text, true) = lossy.clean(b"a\xff\xc3\xa9\xe2\x82b") else {
            panic!()
        };
        assert_eq!(text, "a%FF\u{e9}%E2%82b");
    }
}
