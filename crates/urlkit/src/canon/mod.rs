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
//! [`Profile`] names them (and the WHATWG serialization) for command lines.
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
mod safe_browsing;
mod sha256;
mod surt;

pub use crawler::{crawler, Crawler, TRACKING_PARAMETERS};
pub use safe_browsing::SafeBrowsingUrl;
pub use sha256::sha256;
pub use surt::{surt, SurtError};

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

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

/// A canonicalization profile, by the names the command line uses.
///
/// ```
/// use urlkit::canon::Profile;
/// let p: Profile = "safe-browsing".parse().unwrap();
/// assert_eq!(p.canonicalize("http://H/a/../b#x")?, "http://h/b");
/// assert_eq!(p.name(), "safe-browsing");
/// # Ok::<(), urlkit::canon::CanonError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Profile {
    /// The WHATWG URL Standard's serialization of the parsed URL.
    Whatwg,
    /// [`rfc3986`].
    Rfc3986,
    /// [`safe_browsing()`].
    SafeBrowsing,
    /// [`surt()`].
    Surt,
    /// [`crawler()`] (tracking parameters kept).
    Crawler,
}

impl Profile {
    /// Every profile, in the order the command line lists them.
    ///
    /// ```
    /// assert_eq!(urlkit::canon::Profile::ALL.len(), 5);
    /// ```
    pub const ALL: [Profile; 5] = [
        Profile::Whatwg,
        Profile::Rfc3986,
        Profile::SafeBrowsing,
        Profile::Surt,
        Profile::Crawler,
    ];

    /// The profile's name: `whatwg`, `rfc3986`, `safe-browsing`, `surt` or `crawler`.
    ///
    /// ```
    /// assert_eq!(urlkit::canon::Profile::Surt.name(), "surt");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Profile::Whatwg => "whatwg",
            Profile::Rfc3986 => "rfc3986",
            Profile::SafeBrowsing => "safe-browsing",
            Profile::Surt => "surt",
            Profile::Crawler => "crawler",
        }
    }

    /// The canonical form of `url` under this profile.
    ///
    /// # Errors
    ///
    /// When the profile cannot give one: see [`CanonError`].
    ///
    /// ```
    /// use urlkit::canon::Profile;
    /// assert_eq!(Profile::Whatwg.canonicalize("HTTP://h:80")?, "http://h/");
    /// assert!(Profile::Rfc3986.canonicalize("%zz").is_err());
    /// # Ok::<(), urlkit::canon::CanonError>(())
    /// ```
    pub fn canonicalize(self, url: &str) -> Result<String, CanonError> {
        match self {
            Profile::Whatwg => crate::Url::parse(url)
                .map(crate::Url::into_string)
                .map_err(CanonError::Whatwg),
            Profile::Rfc3986 => rfc3986(url).map_err(CanonError::Rfc3986),
            Profile::SafeBrowsing => safe_browsing(url).ok_or(CanonError::NoHost),
            Profile::Surt => surt(url).map_err(CanonError::Surt),
            Profile::Crawler => crawler(url).map_err(CanonError::Whatwg),
        }
    }
}

impl FromStr for Profile {
    type Err = UnknownProfile;

    fn from_str(s: &str) -> Result<Profile, UnknownProfile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or(UnknownProfile)
    }
}

/// A profile name that is none of [`Profile::ALL`].
///
/// ```
/// let err = "wat".parse::<urlkit::canon::Profile>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown profile: expected whatwg, rfc3986, safe-browsing, surt or crawler");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownProfile;

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown profile: expected whatwg, rfc3986, safe-browsing, surt or crawler")
    }
}

/// Why a profile gave no canonical form.
///
/// ```
/// let err = urlkit::canon::Profile::SafeBrowsing.canonicalize("http:///").unwrap_err();
/// assert_eq!(err.to_string(), "no host left after canonicalization");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CanonError {
    /// The WHATWG parser failed (profiles `whatwg` and `crawler`).
    Whatwg(crate::ParseError),
    /// Not an RFC 3986 URI reference.
    Rfc3986(crate::rfc3986::ParseError),
    /// Where the `surt` package raises.
    Surt(SurtError),
    /// Safe Browsing: no host.
    NoHost,
}

impl fmt::Display for CanonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonError::Whatwg(e) => e.fmt(f),
            CanonError::Rfc3986(e) => e.fmt(f),
            CanonError::Surt(e) => e.fmt(f),
            CanonError::NoHost => f.write_str("no host left after canonicalization"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CanonError {}

#[cfg(feature = "std")]
impl std::error::Error for UnknownProfile {}
