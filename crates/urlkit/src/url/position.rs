//! [`Position`]: slicing a [`Url`]'s serialization between two component boundaries, as
//! the [`url`](https://docs.rs/url) crate's `url[a..b]` does.

use crate::Url;
use core::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

/// A boundary in a URL's serialization, for slicing with `url[a..b]` (`url`'s `Position`).
///
/// ```
/// use urlkit::{Position, Url};
/// let url = Url::parse("https://u:p@h:8080/p?q#f")?;
/// assert_eq!(&url[Position::BeforeUsername..Position::AfterPassword], "u:p");
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPort], "h:8080");
/// assert_eq!(&url[Position::BeforePath..], "/p?q#f");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // the names say it
pub enum Position {
    BeforeScheme,
    AfterScheme,
    BeforeUsername,
    AfterUsername,
    BeforePassword,
    AfterPassword,
    BeforeHost,
    AfterHost,
    BeforePort,
    AfterPort,
    BeforePath,
    AfterPath,
    BeforeQuery,
    AfterQuery,
    BeforeFragment,
    AfterFragment,
}

impl Url {
    /// The byte index of `position` in the serialization.
    fn position(&self, position: Position) -> usize {
        let o = &self.offsets;
        let s = self.as_str();
        let len = s.len();
        let has_password = self.has_authority() && s.as_bytes().get(o.username_end()) == Some(&b':');
        let path_end = o.path_end(len);
        let query_end = o.fragment_start().unwrap_or(len);
        match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => o.scheme_end(),
            Position::BeforeUsername if self.has_authority() => o.scheme_end() + 3,
            Position::BeforeUsername => o.scheme_end() + 1,
            Position::AfterUsername => o.username_end(),
            Position::BeforePassword if has_password => o.username_end() + 1,
            Position::BeforePassword => o.username_end(),
            Position::AfterPassword if has_password => o.host_start() - 1,
            Position::AfterPassword => o.host_start(),
            Position::BeforeHost => o.host_start(),
            Position::AfterHost => o.host_end(),
            Position::BeforePort => o.host_end() + usize::from(self.port.is_some()),
            Position::AfterPort if self.port.is_some() => o.path_start(),
            Position::AfterPort => o.host_end(),
            Position::BeforePath => o.path_start(),
            Position::AfterPath => path_end,
            Position::BeforeQuery => o.query_start().map_or(path_end, |q| q + 1),
            Position::AfterQuery => query_end,
            Position::BeforeFragment => o.fragment_start().map_or(len, |f| f + 1),
            Position::AfterFragment => len,
        }
    }
}

/// `&url[a..b]`: the serialization between two [`Position`]s.
impl Index<Range<Position>> for Url {
    type Output = str;

    fn index(&self, range: Range<Position>) -> &str {
        &self.as_str()[self.position(range.start)..self.position(range.end)]
    }
}

/// `&url[a..]`.
impl Index<RangeFrom<Position>> for Url {
    type Output = str;

    fn index(&self, range: RangeFrom<Position>) -> &str {
        &self.as_str()[self.position(range.start)..]
    }
}

/// `&url[..b]`.
impl Index<RangeTo<Position>> for Url {
    type Output = str;

    fn index(&self, range: RangeTo<Position>) -> &str {
        &self.as_str()[..self.position(range.end)]
    }
}

/// `&url[..]`: the whole serialization.
impl Index<RangeFull> for Url {
    type Output = str;

    fn index(&self, _: RangeFull) -> &str {
        self.as_str()
    }
}
