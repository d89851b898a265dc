//! Canonical forms of a URL: the keys crawlers, web archives and blocklists compare URLs
//! by. Each profile is a function of a URL string:
//!
//! - [`rfc3986`]: RFC 3986 §6.2.2 syntax-based and §6.2.3 scheme-based normalization.
//! - [`safe_browsing()`] / [`SafeBrowsingUrl`]: the Safe Browsing canonical URL, its lookup
//!   expressions and their SHA-256 hashes.
//! - [`surt()`]: the SURT key of web archives (Common Crawl's CDX index, pywb, the Wayback
//!   Machine), exactly as the Python `surt` package 0.3.1 computes it.
//! - [`crawler()`] / [`Crawler`]: a deduplication form after w3lib's `canonicalize_url`, with
//!   an optional list of tracking parameters to drop.
//!
//! [`Profile`] names them (and the WHATWG serialization) for command lines, Arrow and SQL:
//! its table is the one list of profiles every caller reads.
//!
//! [`Step`] names the normalization steps people choose one by one (`www`, `fragment`,
//! `tracking`, `trailing-slash`, …; its table, like the profiles', is the one list), and
//! [`Normalizer`] applies a profile and a set of steps in one call; its docs say how the
//! steps compose with each profile, [`Step`]'s in which order they apply.
//!
//! ```
//! use urlkit::canon;
//! let url = "HTTP://www.Example.com:80/a/./b/?utm_source=x&b=2&a=1#top";
//! assert_eq!(canon::rfc3986(url)?, "http://www.example.com/a/b/?utm_source=x&b=2&a=1#top");
//! assert_eq!(canon::safe_browsing(url).unwrap(), "http://www.example.com/a/b/?utm_source=x&b=2&a=1");
//! assert_eq!(canon::surt(url)?, "com,example)/a/b?a=1&b=2&utm_source=x");
//! assert_eq!(canon::crawler(url)?, "http://www.example.com/a/b/?a=1&b=2&utm_source=x");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bytes;
mod crawler;
mod edit;
mod normalizer;
mod profile;
mod safe_browsing;
mod sha256;
mod steps;
mod surt;

pub use crawler::{crawler, Crawler, TRACKING_PARAMETERS};
pub use normalizer::Normalizer;
pub use profile::{CanonError, Profile, UnknownProfile};
pub use safe_browsing::SafeBrowsingUrl;
pub use sha256::sha256;
pub use steps::{Step, UnknownStep, INDEX_NAMES};
pub use surt::{surt, SurtError};

use alloc::string::String;

/// RFC 3986 normalization (§6.2.2 syntax-based, §6.2.3 scheme-based): scheme and host
/// lower-cased, escapes of unreserved characters decoded and other escapes' hex
/// upper-cased, dot segments removed, an empty or default port dropped, and an empty path
/// `/` for http(s) and the other schemes whose empty path means `/`. Strict RFC 3986
/// parsing: no white space trimmed, nothing else changed.
///
/// # Errors
///
/// When `url` is not an RFC 3986 URI reference.
///
/// ```
/// assert_eq!(urlkit::canon::rfc3986("HTTP://a:80/%7e/./b/../c%2f")?, "http://a/~/c%2F");
/// assert!(urlkit::canon::rfc3986("http://a b/").is_err());
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
pub fn rfc3986(url: &str) -> Result<String, crate::rfc3986::ParseError> {
    Ok(crate::rfc3986::UriRef::parse(url)?.normalized().into_string())
}

/// The Safe Browsing canonical URL ([`SafeBrowsingUrl::new`]); `None` without a host.
///
/// ```
/// assert_eq!(urlkit::canon::safe_browsing("http://www.google.com/foo\tbar\rbaz\n2").as_deref(), Some("http://www.google.com/foobarbaz2"));
/// ```
pub fn safe_browsing(url: &str) -> Option<String> {
    SafeBrowsingUrl::new(url).map(SafeBrowsingUrl::into_string)
}
