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

/// HTTP/1.1 request targets ([`crate::http_target`]) to and from `http`'s request types.
#[cfg(feature = "rfc3986")]
mod request_target {
    use super::ConversionError;
    use crate::http_target::{origin_form, Form, RequestTarget, TargetError, TargetErrorKind};
    use crate::Url;
    use alloc::string::{String, ToString};

    /// The request target as an `http::Uri` (which holds all four forms).
    ///
    /// ```
    /// use urlkit::http_target::RequestTarget;
    /// let target = RequestTarget::parse("CONNECT", "example.com:443").unwrap();
    /// let uri = http::Uri::try_from(&target).unwrap();
    /// assert_eq!((uri.host(), uri.port_u16()), (Some("example.com"), Some(443)));
    /// ```
    impl TryFrom<&RequestTarget<'_>> for http::Uri {
        type Error = ConversionError;

        fn try_from(target: &RequestTarget<'_>) -> Result<http::Uri, ConversionError> {
            http::Uri::try_from(target.as_str()).map_err(|e| ConversionError::Rejected(e.to_string()))
        }
    }

    impl RequestTarget<'_> {
        /// The target URI of a request `http` received (RFC 9112 §3.3): its method, its
        /// URI (the request target as received) and its `Host` header, with `scheme` as in
        /// [`RequestTarget::target_uri`].
        ///
        /// # Errors
        /// As [`RequestTarget::parse`] and [`RequestTarget::target_uri`]; more than one
        /// `Host` header, or one that is not text, is [`TargetErrorKind::EmptyHost`] (a
        /// server answers 400, RFC 9112 §3.2).
        ///
        /// ```
        /// use urlkit::http_target::RequestTarget;
        /// let (parts, ()) = http::Request::get("/a?b").header("host", "example.com").body(()).unwrap().into_parts();
        /// assert_eq!(RequestTarget::target_uri_of(&parts, "https")?.as_str(), "https://example.com/a?b");
        /// let (parts, ()) = http::Request::connect("example.com:443").body(()).unwrap().into_parts();
        /// assert_eq!(RequestTarget::target_uri_of(&parts, "http")?.as_str(), "http://example.com:443/");
        /// # Ok::<(), urlkit::http_target::TargetError>(())
        /// ```
        pub fn target_uri_of(parts: &http::request::Parts, scheme: &str) -> Result<Url, TargetError> {
            let text: String = parts.uri.to_string();
            let target = RequestTarget::parse(parts.method.as_str(), &text)?;
            let mut hosts = parts.headers.get_all(http::header::HOST).iter();
            let host = match (hosts.next(), hosts.next()) {
                (Some(value), None) => Some(value.to_str().map_err(|_| empty_host())?),
                (None, _) => None,
                (Some(_), Some(_)) => return Err(empty_host()),
            };
            target.target_uri(scheme, host)
        }
    }

    /// No usable `Host` header (RFC 9112 §3.2: a server answers 400).
    fn empty_host() -> TargetError {
        TargetError::new(0, TargetErrorKind::EmptyHost)
    }

    impl Url {
        /// The head of a request for this URL sent as `form` (RFC 9112 §3.2): the method,
        /// the request target (origin-form: path and query; absolute-form: the URL without
        /// its fragment; authority-form: host and port, the scheme's default when none is
        /// written; asterisk-form: `*`) and the `Host` header (RFC 9110 §7.2: host and port
        /// as the URL writes them).
        ///
        /// # Errors
        /// [`ConversionError::NoAuthority`] for a URL without a host (or, for the
        /// authority-form, without a port); [`ConversionError::Rejected`] when `http`
        /// refuses the target.
        ///
        /// ```
        /// use urlkit::{http_target::Form, Url};
        /// let url = Url::parse("https://example.com:8443/a?b#f")?;
        /// let parts = url.to_request_parts(http::Method::GET, Form::Origin).unwrap();
        /// assert_eq!(parts.uri.to_string(), "/a?b");
        /// assert_eq!(parts.headers["host"], "example.com:8443");
        /// let parts = url.to_request_parts(http::Method::CONNECT, Form::Authority).unwrap();
        /// assert_eq!(parts.uri.to_string(), "example.com:8443");
        /// # Ok::<(), urlkit::ParseError>(())
        /// ```
        pub fn to_request_parts(
            &self,
            method: http::Method,
            form: Form,
        ) -> Result<http::request::Parts, ConversionError> {
            if self.host().is_none() || self.hostname().is_empty() {
                return Err(ConversionError::NoAuthority);
            }
            let target = match form {
                Form::Origin => origin_form(self).ok_or(ConversionError::NoAuthority)?,
                Form::Absolute => {
                    let href = self.as_str();
                    String::from(href.find('#').map_or(href, |f| &href[..f]))
                }
                Form::Authority => {
                    let port = self.port_or_known_default().ok_or(ConversionError::NoAuthority)?;
                    alloc::format!("{}:{port}", self.hostname())
                }
                Form::Asterisk => String::from("*"),
            };
            let uri = http::Uri::try_from(target).map_err(|e| ConversionError::Rejected(e.to_string()))?;
            let request = http::Request::builder()
                .method(method)
                .uri(uri)
                .header(http::header::HOST, self.host_port())
                .body(())
                .map_err(|e| ConversionError::Rejected(e.to_string()))?;
            Ok(request.into_parts().0)
        }
    }
}
