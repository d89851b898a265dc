//! `normalize`: one canonical form per URL, by profile; `normalize_with`: a profile and
//! normalization steps (`urlkit::canon::Normalizer`).

use crate::input::Strings;
use crate::output::{OnError, Output, Row, run, string_sink};
use arrow_array::{Array, StringViewArray};
use arrow_schema::ArrowError;
use core::fmt;
use urlkit::canon::CanonError;

pub use urlkit::canon::{Normalizer, Profile, Step, UnknownProfile, UnknownStep};

/// Whether `name` is `canonical` as an SQL user may write it: any case, `_` for `-`.
fn same_name(canonical: &str, name: &str) -> bool {
    canonical.len() == name.len()
        && canonical
            .bytes()
            .zip(name.bytes())
            .all(|(n, c)| n == c.to_ascii_lowercase() || (n == b'-' && c == b'_'))
}

/// The profile named `name`, as an SQL user may write it: in any case, `_` for `-`
/// (`'SAFE_BROWSING'`). The names are those of [`Profile::name`], from the library's
/// profile table.
///
/// # Errors
///
/// [`UnknownProfile`] (the library's) when `name` is none of [`Profile::ALL`]'s names; its
/// message lists them.
///
/// ```
/// use urlkit_arrow::{Profile, profile};
/// assert_eq!(profile("rfc3986")?, Profile::Rfc3986);
/// assert_eq!(profile("Safe_Browsing")?, Profile::SafeBrowsing);
/// let e = profile("safe browsing").unwrap_err();
/// assert_eq!(e.to_string(), "unknown normalization profile 'safe browsing' (expected whatwg, rfc3986, safe-browsing, surt or crawler)");
/// # Ok::<(), urlkit_arrow::UnknownProfile>(())
/// ```
pub fn profile(name: &str) -> Result<Profile, UnknownProfile> {
    Profile::ALL
        .into_iter()
        .find(|p| same_name(p.name(), name))
        .ok_or_else(|| UnknownProfile(name.to_owned()))
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
            // Every other row of the profile table: its own function.
            other => other
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

/// The normalizer of `profile` with the steps of `steps`, a comma-separated list of
/// [`Step`] names as an SQL user may write them (any case, `_` for `-`, spaces around a name
/// ignored; an empty list chooses none).
///
/// # Errors
///
/// [`UnknownStep`] (the library's) for the first name that is no step's; its message lists
/// the valid names.
///
/// ```
/// use urlkit_arrow::{Profile, Step, normalizer};
/// let n = normalizer(Profile::Whatwg, "WWW, trailing_slash")?;
/// assert_eq!(n.chosen().collect::<Vec<_>>(), [Step::Www, Step::TrailingSlash]);
/// assert!(normalizer(Profile::Whatwg, "www,nope").unwrap_err().to_string().starts_with("unknown normalization step 'nope'"));
/// # Ok::<(), urlkit_arrow::UnknownStep>(())
/// ```
pub fn normalizer(profile: Profile, steps: &str) -> Result<Normalizer, UnknownStep> {
    let mut n = Normalizer::new(profile);
    for name in steps.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let step = Step::ALL
            .into_iter()
            .find(|s| same_name(s.name(), name))
            .ok_or_else(|| UnknownStep(name.to_owned()))?;
        n = n.step(step);
    }
    Ok(n)
}

/// Normalizes every URL with `normalizer` (a profile and its steps), as
/// [`Normalizer::normalize`] does; null where the input is null or there is no form. Without
/// steps it is [`normalize`] with the normalizer's profile; with `whatwg` the steps edit each
/// parsed URL in place (one parse per row, one URL buffer for all rows).
///
/// # Errors
///
/// When `urls` is not a string array, or steps are chosen with a profile that takes none
/// ([`Profile::takes_steps`]: the library's message).
///
/// ```
/// use arrow_array::StringArray;
/// use urlkit_arrow::{normalize_with, normalizer, Profile};
/// let urls = StringArray::from(vec!["https://www.a.com/x/?utm_source=1&b=2#f"]);
/// let n = normalizer(Profile::Whatwg, "www,fragment,tracking,trailing-slash")?;
/// assert_eq!(normalize_with(&urls, &n, Default::default())?.values.value(0), "https://a.com/x?b=2");
/// let surt = normalizer(Profile::Surt, "tracking")?;
/// assert_eq!(normalize_with(&urls, &surt, Default::default())?.values.value(0), "com,a)/x?b=2");
/// assert!(normalize_with(&urls, &normalizer(Profile::Rfc3986, "www")?, Default::default()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn normalize_with(
    urls: &dyn Array,
    normalizer: &Normalizer,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    let profile = normalizer.profile();
    if normalizer.chosen().next().is_none() {
        return normalize(urls, profile, on_error);
    }
    if !profile.takes_steps() {
        return Err(ArrowError::InvalidArgumentError(
            CanonError::StepsUnsupported(profile).to_string(),
        ));
    }
    let input = Strings::try_from_array(urls)?;
    let mut out = string_sink(urls.len());
    let mut spare = String::new();
    let errors = run(input, urls.len(), on_error, &mut out, |_, s, out| {
        let done = match profile {
            Profile::Whatwg => urlkit::Url::parse_reusing(s, core::mem::take(&mut spare))
                .map(|mut u| {
                    normalizer.apply(&mut u);
                    out.append_value(u.as_str());
                    spare = u.into_string();
                })
                .map_err(NormalizeError::Whatwg),
            _ => normalizer
                .normalize(s)
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
