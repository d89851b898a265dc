//! `normalize`: one canonical form per URL, by profile.

use crate::input::Strings;
use crate::output::{run, string_sink, OnError, Output, Row};
use arrow_array::{Array, StringViewArray};
use arrow_schema::ArrowError;
use core::fmt;
use core::str::FromStr;

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
}

impl Profile {
    /// Every profile, in the order of their names in error messages.
    ///
    /// ```
    /// assert_eq!(urlkit_arrow::Profile::ALL.len(), 2);
    /// ```
    pub const ALL: [Profile; 2] = [Profile::Whatwg, Profile::Rfc3986];

    /// The profile's name (`"whatwg"`, `"rfc3986"`).
    ///
    /// ```
    /// assert_eq!(urlkit_arrow::Profile::Whatwg.name(), "whatwg");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Whatwg => "whatwg",
            Profile::Rfc3986 => "rfc3986",
        }
    }
}

/// A profile name that is none of [`Profile::ALL`].
///
/// ```
/// let e = "x".parse::<urlkit_arrow::Profile>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown normalization profile 'x' (expected whatwg or rfc3986)");
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

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownProfile(s.to_owned()))
    }
}

/// The error of one row of [`normalize`]: each profile's own parser's.
#[derive(Debug)]
enum NormalizeError {
    Whatwg(urlkit::ParseError),
    Rfc3986(urlkit::rfc3986::ParseError),
}

impl fmt::Display for NormalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NormalizeError::Whatwg(e) => e.fmt(f),
            NormalizeError::Rfc3986(e) => e.fmt(f),
        }
    }
}

/// Normalizes every URL with `profile`; null where the input is null or does not parse
/// under the profile's standard.
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
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn normalize(
    urls: &dyn Array,
    profile: Profile,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let mut out = string_sink(urls.len());
    let errors = run(input, urls.len(), on_error, &mut out, |_, s, out| {
        let done = match profile {
            Profile::Whatwg => urlkit::Url::parse(s)
                .map(|u| out.append_value(u.as_str()))
                .map_err(NormalizeError::Whatwg),
            Profile::Rfc3986 => urlkit::rfc3986::UriRef::parse(s)
                .map(|r| out.append_value(r.normalized().as_str()))
                .map_err(NormalizeError::Rfc3986),
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
