//! Renamed to [`rfc1738`], after the standard it implements: every item here
//! is a deprecated alias of the item of the same name there, so that code written against
//! the former name compiles with a warning.
#![allow(deprecated)]

use crate::rfc1738;
use alloc::borrow::Cow;

/// Renamed to [`rfc1738::ParseError`].
#[deprecated(since = "0.2.0", note = "renamed to `urlkit::rfc1738::ParseError`")]
pub type Rfc1738Error = rfc1738::ParseError;

macro_rules! renamed {
    ($($name:ident $(<$lt:lifetime>)?),* $(,)?) => {$(
        #[doc = concat!("Renamed to [`rfc1738::", stringify!($name), "`].")]
        #[deprecated(since = "0.2.0", note = "renamed: the module `urlkit::schemes` is now `urlkit::rfc1738`")]
        pub type $name $(<$lt>)? = rfc1738::$name $(<$lt>)?;
    )*};
}

renamed!(
    Rule,
    NotAUrl,
    Parsed<'a>,
    SchemeView<'a>,
    FileView<'a>,
    FtpView<'a>,
    GopherView<'a>,
    HttpView<'a>,
    MailtoView<'a>,
    NewsView<'a>,
    NntpView<'a>,
    OtherView<'a>,
    ProsperoView<'a>,
    TelnetView<'a>,
    WaisView<'a>,
);

/// Renamed to [`rfc1738::parse`].
///
/// ```
/// # #![allow(deprecated)]
/// assert!(urlkit::schemes::parse("ftp://h/f").is_ok());
/// ```
#[deprecated(since = "0.2.0", note = "renamed to `urlkit::rfc1738::parse`")]
pub fn parse(url: &str) -> Result<Parsed<'_>, NotAUrl> {
    rfc1738::parse(url)
}

/// Renamed to [`rfc1738::validate`].
///
/// ```
/// # #![allow(deprecated)]
/// assert!(urlkit::schemes::validate("ftp://h/f").is_ok());
/// ```
#[deprecated(since = "0.2.0", note = "renamed to `urlkit::rfc1738::validate`")]
pub fn validate(url: &str) -> Result<(), Rfc1738Error> {
    rfc1738::validate(url)
}

/// Renamed to [`rfc1738::extract_from_context`].
///
/// ```
/// # #![allow(deprecated)]
/// assert_eq!(urlkit::schemes::extract_from_context("<URL:news:*>"), "news:*");
/// ```
#[deprecated(since = "0.2.0", note = "renamed to `urlkit::rfc1738::extract_from_context`")]
pub fn extract_from_context(text: &str) -> Cow<'_, str> {
    rfc1738::extract_from_context(text)
}

/// Renamed to [`rfc1738::encoding`].
#[deprecated(since = "0.2.0", note = "renamed to `urlkit::rfc1738::encoding`")]
pub mod encoding {
    use crate::rfc1738::encoding as renamed;
    use alloc::borrow::Cow;

    /// Renamed to [`rfc1738::encoding::CharClass`](renamed::CharClass).
    #[deprecated(since = "0.2.0", note = "renamed to `urlkit::rfc1738::encoding::CharClass`")]
    pub type CharClass = renamed::CharClass;

    /// Renamed to [`rfc1738::encoding::classify`](renamed::classify).
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let _ = urlkit::schemes::encoding::classify(b'a');
    /// ```
    #[deprecated(since = "0.2.0", note = "renamed to `urlkit::rfc1738::encoding::classify`")]
    pub const fn classify(byte: u8) -> renamed::CharClass {
        renamed::classify(byte)
    }

    /// Renamed to [`rfc1738::encoding::make_safer`](renamed::make_safer).
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// assert_eq!(urlkit::schemes::encoding::make_safer("100%"), "100%25");
    /// ```
    #[deprecated(since = "0.2.0", note = "renamed to `urlkit::rfc1738::encoding::make_safer`")]
    pub fn make_safer(url: &str) -> Cow<'_, str> {
        renamed::make_safer(url)
    }

    /// Renamed to [`rfc1738::encoding::same_encoding_level_eq`](renamed::same_encoding_level_eq).
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// assert!(urlkit::schemes::encoding::same_encoding_level_eq("ftp://h/%7e", "ftp://h/%7E"));
    /// ```
    #[deprecated(
        since = "0.2.0",
        note = "renamed to `urlkit::rfc1738::encoding::same_encoding_level_eq`"
    )]
    pub fn same_encoding_level_eq(a: &str, b: &str) -> bool {
        renamed::same_encoding_level_eq(a, b)
    }
}
