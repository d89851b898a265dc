//! `TryFrom` between [`Url`] and `http::Uri` (what `http` drops: see the [module docs](super)).

use super::ConversionError;
use crate::Url;
use alloc::string::{String, ToString};

/// The `http::Uri` of the URL without its fragment.
///
/// ```
/// let url = urlkit::Url::parse("https://example.com:8443/a?b#frag")?;
/// let uri = http::Uri::try_from(&url).unwrap();
/// assert_eq!(uri.to_string(), "https://example.com:8443/a?b");
/// assert_eq!(uri.port_u16(), Some(8443));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl TryFrom<&Url> for http::Uri {
    type Error = ConversionError;

    fn try_from(url: &Url) -> Result<http::Uri, ConversionError> {
        // Without an authority `http` reads `scheme:rest` as host and port, or fails.
        if url.host().is_none() || url.hostname().is_empty() {
            return Err(ConversionError::NoAuthority);
        }
        let href = url.as_str();
        let text = href.find('#').map_or(href, |f| &href[..f]);
        let uri = http::Uri::try_from(text).map_err(|e| ConversionError::Rejected(e.to_string()))?;
        let back = uri.to_string();
        if back != text {
            return Err(ConversionError::Changed {
                from: text.to_string(),
                to: back,
            });
        }
        Ok(uri)
    }
}

/// See `TryFrom<&Url>`.
///
/// ```
/// let uri = http::Uri::try_from(urlkit::Url::parse("http://h/p")?).unwrap();
/// assert_eq!(uri.path(), "/p");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl TryFrom<Url> for http::Uri {
    type Error = ConversionError;

    fn try_from(url: Url) -> Result<http::Uri, ConversionError> {
        http::Uri::try_from(&url)
    }
}

/// Parses the `http::Uri`'s text with the URL Standard's parser (which canonicalizes it).
///
/// ```
/// let uri: http::Uri = "HTTP://Example.COM:80/a%7e?q".parse().unwrap();
/// let url = urlkit::Url::try_from(&uri).unwrap();
/// assert_eq!(url.as_str(), "http://example.com/a%7e?q");
/// let origin_form: http::Uri = "/path".parse().unwrap();
/// assert!(urlkit::Url::try_from(&origin_form).is_err());
/// ```
impl TryFrom<&http::Uri> for Url {
    type Error = ConversionError;

    fn try_from(uri: &http::Uri) -> Result<Url, ConversionError> {
        if uri.scheme().is_none() {
            return Err(ConversionError::NotAbsolute);
        }
        let text: String = uri.to_string();
        Url::parse(&text).map_err(|e| ConversionError::Rejected(e.to_string()))
    }
}

/// See `TryFrom<&http::Uri>`.
///
/// ```
/// let url = urlkit::Url::try_from("http://h/".parse::<http::Uri>().unwrap()).unwrap();
/// assert_eq!(url.as_str(), "http://h/");
/// ```
impl TryFrom<http::Uri> for Url {
    type Error = ConversionError;

    fn try_from(uri: http::Uri) -> Result<Url, ConversionError> {
        Url::try_from(&uri)
    }
}
