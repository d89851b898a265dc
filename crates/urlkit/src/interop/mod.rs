//! Interoperation with other crates: conversions to and from [`url::Url`](https://docs.rs/url)
//! (feature `url`) and [`http::Uri`](https://docs.rs/http) (feature `http`), and the serde
//! representations (feature `serde`). Every feature here is optional and off by default.
//!
//! ## `url` (feature `url`)
//!
//! `TryFrom` both ways, by value and by reference. Both crates implement the URL Standard, so
//! a URL converts to the same href; a conversion that would change the href (where the
//! crates disagree on an edge case) fails with [`ConversionError::Changed`] instead of
//! silently altering the URL. It is `TryFrom` rather than `From` for that reason: neither
//! parser is guaranteed to accept everything the other produces.
//!
//! ## `http` (feature `http`)
//!
//! `TryFrom<&Url> for http::Uri` and `TryFrom<&http::Uri> for Url`. What `http` drops or
//! cannot hold:
//!
//! - the **fragment**: `http::Uri` has none (a request target never carries one), so it is
//!   removed, always;
//! - URLs **without an authority** (`mailto:`, `data:`, a `file:` URL with an empty host):
//!   an absolute `http::Uri` needs one, so these fail with [`ConversionError::NoAuthority`];
//! - anything `http::Uri` would serialize differently (its parser is stricter about a few
//!   bytes, and it turns an empty path into `/`) fails with [`ConversionError::Changed`].
//!
//! The way back parses the `http::Uri`'s text with the URL Standard's parser, which
//! canonicalizes it (lower-case host, default port removed, percent-encoding); an
//! origin-form `http::Uri` (`/path?q`, no scheme) fails with [`ConversionError::NotAbsolute`]:
//! join it to a base with [`Url::join`](crate::Url::join).
//!
//! With `rfc3986` too, HTTP/1.1 request targets ([`crate::http_target`]):
//! `TryFrom<&RequestTarget> for http::Uri`, `RequestTarget::target_uri_of` (the target URI
//! of a received `http::request::Parts`: method, target and `Host` header, RFC 9112 §3.3)
//! and `Url::to_request_parts` (the request head for a URL sent in one of the four forms).
//!
//! ## serde (feature `serde`)
//!
//! The representations are stable: they change only with a major version.
//!
//! | Type | Serialized as | Deserialization |
//! |---|---|---|
//! | [`Url`](crate::Url) | the href string | must parse as an absolute URL |
//! | [`Host`](crate::Host) | the `url` crate's form, an enum variant (in JSON a one-key map): `{"Domain": "example.com"}`, `{"Ipv4": "1.2.3.4"}`, `{"Ipv6": "::1"}`; the two hosts `url` has no variant for keep their own: an opaque host `{"Opaque": "a%20b"}` (`url` writes a `Domain`), the empty host the string `"Empty"` | the text must be in its parsed (canonical) form; every host reads back as it was. `url`'s JSON reads too: its `Domain` is a domain when the domain parser keeps the text, else an opaque host. urlkit's earlier form (`{"domain": …}`, `{"opaque": …}`, `"empty"`, …) is still read |
//! | [`Origin`](crate::Origin) | its ASCII serialization string (`"https://example.com:8443"`, `"null"`) | `"null"` gives a **new** opaque origin (opaque origins are equal only to themselves) |
//! | [`rfc3986::Uri`](crate::rfc3986::Uri), [`rfc3986::UriRef`](crate::rfc3986::UriRef), [`rfc3986::IriRef`](crate::rfc3986::IriRef) | the reference's text | must match the RFC 3986 (3987) grammar; `UriRef` and `IriRef` borrow from the input |
//! | [`form::SearchParams`](crate::form::SearchParams) | a sequence of `[name, value]` pairs, in order, duplicates kept | any sequence of 2-tuples of strings |
//! | [`Attribute`](crate::Attribute) | its name (`"hostname"`) | one of the ten names |
//! | [`PathStyle`](crate::PathStyle) | `"unix"` or `"windows"` | the same |
//! | [`ParseError`](crate::ParseError), [`ValidationError`](crate::ValidationError) | `{"kind": spec name, "position": byte}` | serialize only: errors are outputs |
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! let host = urlkit::Host::parse("EXAMPLE.com")?;
//! assert_eq!(serde_json::to_string(&host).unwrap(), r#"{"Domain":"example.com"}"#);
//! let params = urlkit::form::SearchParams::parse("a=1&a=2");
//! assert_eq!(serde_json::to_string(&params).unwrap(), r#"[["a","1"],["a","2"]]"#);
//! # }
//! # Ok::<(), urlkit::ParseError>(())
//! ```

#[cfg(feature = "http")]
mod http;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "url")]
mod url;

#[cfg(any(feature = "url", feature = "http"))]
pub use self::error::ConversionError;

#[cfg(any(feature = "url", feature = "http"))]
mod error {
    use alloc::string::String;
    use core::fmt;

    /// Why a conversion to or from another crate's URL type failed.
    ///
    /// ```
    /// # #[cfg(feature = "http")] {
    /// let url = urlkit::Url::parse("mailto:a@example.com")?;
    /// let err = http::Uri::try_from(&url).unwrap_err();
    /// assert_eq!(err, urlkit::interop::ConversionError::NoAuthority);
    /// # }
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[derive(Debug, Clone, PartialEq, Eq)]
    #[non_exhaustive]
    pub enum ConversionError {
        /// The target type's parser rejects the text (its message).
        Rejected(String),
        /// The target type would hold a different URL: `from` would become `to`.
        Changed {
            /// The text converted.
            from: String,
            /// What the target type made of it.
            to: String,
        },
        /// The URL has no authority, which an absolute `http::Uri` needs.
        NoAuthority,
        /// The `http::Uri` has no scheme (origin or authority form): join it to a base.
        NotAbsolute,
    }

    impl fmt::Display for ConversionError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                ConversionError::Rejected(why) => write!(f, "rejected by the target type: {why}"),
                ConversionError::Changed { from, to } => {
                    write!(f, "the target type would change {from:?} into {to:?}")
                }
                ConversionError::NoAuthority => f.write_str("url has no authority"),
                ConversionError::NotAbsolute => f.write_str("uri has no scheme"),
            }
        }
    }

    impl std::error::Error for ConversionError {}
}
