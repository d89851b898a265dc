//! `TryFrom` between [`Url`] and `url::Url`: the href carried over and checked to be
//! unchanged (see the [module docs](super)).

use super::ConversionError;
use crate::Url;
use alloc::string::{String, ToString};

/// `to` parsed from `from`, or why not; `Changed` when the hrefs differ.
fn same_href<T>(
    from: &str,
    parsed: Result<T, String>,
    href: impl Fn(&T) -> &str,
) -> Result<T, ConversionError> {
    let to = parsed.map_err(ConversionError::Rejected)?;
    if href(&to) == from {
        Ok(to)
    } else {
        Err(ConversionError::Changed {
            from: from.to_string(),
            to: href(&to).to_string(),
        })
    }
}

/// The `url` crate's URL with the same href.
///
/// ```
/// let ours = urlkit::Url::parse("https://example.com/a?b#c")?;
/// let theirs = url::Url::try_from(&ours).unwrap();
/// assert_eq!(theirs.as_str(), ours.as_str());
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl TryFrom<&Url> for url::Url {
    type Error = ConversionError;

    fn try_from(url: &Url) -> Result<url::Url, ConversionError> {
        let parsed = url::Url::parse(url.as_str()).map_err(|e| e.to_string());
        same_href(url.as_str(), parsed, url::Url::as_str)
    }
}

/// See `TryFrom<&Url>`.
///
/// ```
/// let theirs = url::Url::try_from(urlkit::Url::parse("x:y")?).unwrap();
/// assert_eq!(theirs.as_str(), "x:y");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl TryFrom<Url> for url::Url {
    type Error = ConversionError;

    fn try_from(url: Url) -> Result<url::Url, ConversionError> {
        url::Url::try_from(&url)
    }
}

/// The urlkit URL with the same href.
///
/// ```
/// let theirs = url::Url::parse("http://h/p?q").unwrap();
/// let ours = urlkit::Url::try_from(&theirs).unwrap();
/// assert_eq!(ours.as_str(), "http://h/p?q");
/// ```
impl TryFrom<&url::Url> for Url {
    type Error = ConversionError;

    fn try_from(url: &url::Url) -> Result<Url, ConversionError> {
        let parsed = Url::parse(url.as_str()).map_err(|e| e.to_string());
        same_href(url.as_str(), parsed, Url::as_str)
    }
}

/// See `TryFrom<&url::Url>`.
///
/// ```
/// let ours = urlkit::Url::try_from(url::Url::parse("x:y").unwrap()).unwrap();
/// assert_eq!(ours.as_str(), "x:y");
/// ```
impl TryFrom<url::Url> for Url {
    type Error = ConversionError;

    fn try_from(url: url::Url) -> Result<Url, ConversionError> {
        Url::try_from(&url)
    }
}
