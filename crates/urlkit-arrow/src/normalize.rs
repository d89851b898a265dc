//! `normalize`: one canonical form per URL, by profile.

use crate::input::Strings;
use crate::output::{OnError, Output, Row, run, string_sink};
use arrow_array::{Array, StringViewArray};
use arrow_schema::ArrowError;
use core::fmt;
use core::str::FromStr;
use urlkit::canon::CanonError;

/// A normalization profile: which standard's canonical form [`normalize`] gives.
///
/// ```
/// let p: urlkit_arrow::Profile = "rfc3986".parse()?;
/// assert_eq!(p, urlkit_arrow::Profile::Rfc3986);
/// assert_eq!(p.name(), "rfc3986");
/// # Ok::<(), urlkit_arrow::UnknownProfile>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Profile {
    /// The WHATWG URL serializer's output (the href): what a browser would request.
    Whatwg,
    /// RFC 3986 §6.2.2–6.2.3 syntax- and scheme-based normalization of a strictly parsed
    /// URI reference ([`urlkit::rfc3986::UriRef::normalized`]).
    Rfc3986,
    /// The Safe Browsing canonical URL ([`urlkit::canon::safe_browsing`]); null without a
    /// host.
    SafeBrowsing,
    /// The SURT key of web archives ([`urlkit::canon::surt`]: `com,example)/a?b=1`).
    Surt,
    /// The crawler's deduplication form ([`urlkit::canon::crawler`], after w3lib's
    /// `canonicalize_url`: query sorted, fragment dropped).
    Crawler,
}

impl Profile {
    /// Every profile, in the order of their names in error messages.
    ///
    /// ```
    /// assert_eq!(urlkit_arrow::Profile::ALL.len(), 5);
    /// ```
    pub const ALL: [Profile; 5] = [
        Profile::Whatwg,
        Profile::Rfc3986,
        Profile::SafeBrowsing,
        Profile::Surt,
        Profile::Crawler,
    ];

    /// The profile's name, that of [`urlkit::canon::Profile::name`]: `"whatwg"`,
    /// `"rfc3986"`, `"safe-browsing"`, `"surt"`, `"crawler"`.
    ///
    /// ```
    /// assert_eq!(urlkit_arrow::Profile::Whatwg.name(), "whatwg");
    /// assert_eq!(urlkit_arrow::Profile::SafeBrowsing.name(), "safe-browsing");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Whatwg => "whatwg",
            Profile::Rfc3986 => "rfc3986",
            Profile::SafeBrowsing => "safe-browsing",
            Profile::Surt => "surt",
            Profile::Crawler => "crawler",
        }
    }

    /// The library's profile of the same name.
    ///
    /// ```
    /// assert_eq!(urlkit_arrow::Profile::Surt.canon(), urlkit::canon::Profile::Surt);
    /// ```
    pub const fn canon(self) -> urlkit::canon::Profile {
        match self {
            Profile::Whatwg => urlkit::canon::Profile::Whatwg,
            Profile::Rfc3986 => urlkit::canon::Profile::Rfc3986,
            Profile::SafeBrowsing => urlkit::canon::Profile::SafeBrowsing,
            Profile::Surt => urlkit::canon::Profile::Surt,
            Profile::Crawler => urlkit::canon::Profile::Crawler,
        }
    }
}

/// A profile name that is none of [`Profile::ALL`].
///
/// ```
/// let e = "x".parse::<urlkit_arrow::Profile>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown normalization profile 'x' (expected whatwg, rfc3986, safe-browsing, surt or crawler)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown normalization profile '{}' (expected ", self.0)?;
        for (i, p) in Profile::ALL.iter().enumerate() {
            let sep = match i {
                0 => "",
                _ if i + 1 == Profile::ALL.len() => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{}", p.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownProfile {}

impl FromStr for Profile {
    type Err = UnknownProfile;

    /// A profile by name, in any case, `_` for `-` (`safe_browsing`, as an SQL user may
    /// write it).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let same = |name: &str| {
            name.len() == s.len()
                && name
                    .bytes()
                    .zip(s.bytes())
                    .all(|(n, c)| n == c.to_ascii_lowercase() || (n == b'-' && c == b'_'))
        };
        Profile::ALL
            .into_iter()
            .find(|p| same(p.name()))
            .ok_or_else(|| UnknownProfile(s.to_owned()))
    }
}

/// The error of one row of [`normalize`]: each profile's own ([`CanonError`]'s message).
#[derive(Debug)]
enum NormalizeError {
    Whatwg(urlkit::ParseError),
    Rfc3986(urlkit::rfc3986::ParseError),
    Canon(CanonError),
}

impl fmt::Display for NormalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NormalizeError::Whatwg(e) => e.fmt(f),
            NormalizeError::Rfc3986(e) => e.fmt(f),
            NormalizeError::Canon(e) => e.fmt(f),
        }
    }
}

/// Normalizes every URL with `profile`, as [`urlkit::canon::Profile::canonicalize`] does;
/// null where the input is null or the profile gives no canonical form (the error is
/// [`CanonError`]'s). `whatwg` and `rfc3986` write the parsed URL's text straight into the
/// output; the other profiles build each row's string first (their library functions
/// return one).
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// use urlkit_arrow::{normalize, Profile};
/// let urls = StringArray::from(vec!["HTTP://a:80/%7e/./x"]);
/// assert_eq!(normalize(&urls, Profile::Whatwg, Default::default())?.values.value(0), "http://a/%7e/x");
/// assert_eq!(normalize(&urls, Profile::Rfc3986, Default::default())?.values.value(0), "http://a/~/x");
/// assert_eq!(normalize(&urls, Profile::Surt, Default::default())?.values.value(0), "a)/~/x");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
///
/// Safe Browsing gives no form without a host; with [`OnError::Message`](crate::OnError)
/// the error column says why:
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::{normalize, OnError, Profile};
/// let urls = StringArray::from(vec!["http://www.Example.com/a/../b#x", "http:///"]);
/// let out = normalize(&urls, Profile::SafeBrowsing, OnError::Message)?;
/// assert_eq!(out.values.value(0), "http://www.example.com/b");
/// assert!(out.values.is_null(1));
/// assert_eq!(out.errors.unwrap().value(1), "no host left after canonicalization");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn normalize(
    urls: &dyn Array,
    profile: Profile,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let mut out = string_sink(urls.len());
    // One URL buffer for all rows of `whatwg` (see `parse`).
    let mut spare = String::new();
    let errors = run(input, urls.len(), on_error, &mut out, |_, s, out| {
        let done = match profile {
            Profile::Whatwg => urlkit::Url::parse_reusing(s, core::mem::take(&mut spare))
                .map(|u| {
                    out.append_value(u.as_str());
                    spare = u.into_string();
                })
                .map_err(NormalizeError::Whatwg),
            Profile::Rfc3986 => urlkit::rfc3986::UriRef::parse(s)
                .map(|r| out.append_value(r.normalized().as_str()))
                .map_err(NormalizeError::Rfc3986),
            other => other
                .canon()
                .canonicalize(s)
                .map(|c| out.append_value(c))
                .map_err(NormalizeError::Canon),
        };
        match done {
            Ok(()) => Row::Value,
            Err(e) => Row::Failed(e),
        }
    });
    Ok(Output {
        values: out.finish(),
        errors,
    })
}
