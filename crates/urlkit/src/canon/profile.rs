//! The profile table: every canonical form by name, with a one-line summary and the
//! function that computes it. The command line (`--profile`), the Arrow kernel and the SQL
//! function `url_normalize` look names up here and list the valid ones from here, so adding
//! a profile is one row of `profiles!` below and nothing else.
//!
//! The normalization steps have their own table generated the same way (`steps.rs`); a
//! profile's row says how the steps compose with it (`Compose`, `normalizer.rs`).

use super::normalizer::Compose;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

/// Defines [`Profile`] from its rows: the variant (with its doc), the name callers use, a
/// summary for listings (a phrase, no trailing dot), the function computing the form and how
/// normalization steps compose with it.
/// Every method of `Profile` is a `match` generated here, so none can miss a row.
macro_rules! profiles {
    ($($(#[doc = $doc:literal])+ $variant:ident = $name:literal, $summary:literal, $canonicalize:expr, $compose:ident;)+) => {
        /// A canonicalization profile, by the names the command line, Arrow and SQL use.
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
            $($(#[doc = $doc])+ $variant,)+
        }

        impl Profile {
            /// Every profile, in the order of the table (that of listings and error messages).
            ///
            /// ```
            /// assert_eq!(urlkit::canon::Profile::ALL.len(), 5);
            /// ```
            pub const ALL: [Profile; [$($name),+].len()] = [$(Profile::$variant),+];

            /// The profile's name: `whatwg`, `rfc3986`, `safe-browsing`, `surt` or `crawler`.
            ///
            /// ```
            /// assert_eq!(urlkit::canon::Profile::Surt.name(), "surt");
            /// ```
            pub fn name(self) -> &'static str {
                match self {
                    $(Profile::$variant => $name,)+
                }
            }

            /// What the profile gives, in a few words (a phrase for listings, no trailing dot).
            ///
            /// ```
            /// assert_eq!(urlkit::canon::Profile::SafeBrowsing.summary(), "the Safe Browsing canonical URL");
            /// ```
            pub fn summary(self) -> &'static str {
                match self {
                    $(Profile::$variant => $summary,)+
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
                let canonicalize: fn(&str) -> Result<String, CanonError> = match self {
                    $(Profile::$variant => $canonicalize,)+
                };
                canonicalize(url)
            }

            /// How normalization steps compose with the profile.
            pub(crate) fn compose(self) -> Compose {
                match self {
                    $(Profile::$variant => Compose::$compose,)+
                }
            }
        }
    };
}

profiles! {
    /// The WHATWG URL Standard's serialization of the parsed URL.
    Whatwg = "whatwg", "the WHATWG serialization",
        |url| crate::Url::parse(url).map(crate::Url::into_string).map_err(CanonError::Whatwg), After;
    /// [`rfc3986`](super::rfc3986()).
    Rfc3986 = "rfc3986", "RFC 3986 6.2.2-6.2.3 normalization of a strictly parsed URI reference",
        |url| super::rfc3986(url).map_err(CanonError::Rfc3986), Never;
    /// [`safe_browsing()`](super::safe_browsing()).
    SafeBrowsing = "safe-browsing", "the Safe Browsing canonical URL",
        |url| super::safe_browsing(url).ok_or(CanonError::NoHost), Never;
    /// [`surt()`](super::surt()).
    Surt = "surt", "the SURT key of web archives and CDX indexes",
        |url| super::surt(url).map_err(CanonError::Surt), Before;
    /// [`crawler()`](super::crawler()) (tracking parameters kept).
    Crawler = "crawler", "w3lib-style deduplication form: query sorted, fragment dropped",
        |url| super::crawler(url).map_err(CanonError::Whatwg), After;
}

impl Profile {
    /// Whether normalization steps compose with the profile ([`Normalizer`](super::Normalizer)):
    /// all but `rfc3986` and `safe-browsing`, whose forms another edit would spoil (see
    /// [`CanonError::StepsUnsupported`]).
    ///
    /// ```
    /// use urlkit::canon::Profile;
    /// assert!(Profile::Whatwg.takes_steps() && Profile::Surt.takes_steps());
    /// assert!(!Profile::SafeBrowsing.takes_steps());
    /// ```
    pub fn takes_steps(self) -> bool {
        self.compose() != Compose::Never
    }
}

impl FromStr for Profile {
    type Err = UnknownProfile;

    fn from_str(s: &str) -> Result<Profile, UnknownProfile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownProfile(String::from(s)))
    }
}

/// A profile name that is none of [`Profile::ALL`]'s, with the name; its message lists
/// the valid names. Every caller (command line, Arrow, SQL) reports this one error.
///
/// ```
/// let err = "wat".parse::<urlkit::canon::Profile>().unwrap_err();
/// assert_eq!(err.0, "wat");
/// assert_eq!(err.to_string(), "unknown normalization profile 'wat' (expected whatwg, rfc3986, safe-browsing, surt or crawler)");
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
    Surt(super::SurtError),
    /// Safe Browsing: no host.
    NoHost,
    /// Normalization steps were chosen with a profile that takes none
    /// ([`Profile::takes_steps`]): `rfc3986` gives an RFC 3986 reference the WHATWG parser
    /// would rewrite, `safe-browsing` the fixed form its protocol hashes.
    StepsUnsupported(Profile),
}

impl fmt::Display for CanonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonError::Whatwg(e) => e.fmt(f),
            CanonError::Rfc3986(e) => e.fmt(f),
            CanonError::Surt(e) => e.fmt(f),
            CanonError::NoHost => f.write_str("no host left after canonicalization"),
            CanonError::StepsUnsupported(p) => {
                write!(
                    f,
                    "profile {} takes no normalization steps (they apply with ",
                    p.name()
                )?;
                let takes: alloc::vec::Vec<&str> = Profile::ALL
                    .into_iter()
                    .filter(|p| p.takes_steps())
                    .map(Profile::name)
                    .collect();
                for (i, name) in takes.iter().enumerate() {
                    let sep = match i {
                        0 => "",
                        _ if i + 1 == takes.len() => " or ",
                        _ => ", ",
                    };
                    write!(f, "{sep}{name}")?;
                }
                f.write_str(")")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CanonError {}

#[cfg(feature = "std")]
impl std::error::Error for UnknownProfile {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn every_row_is_found_by_its_name_and_names_are_distinct() {
        for (i, p) in Profile::ALL.into_iter().enumerate() {
            assert_eq!(p.name().parse::<Profile>(), Ok(p));
            assert!(
                Profile::ALL[..i].iter().all(|q| q.name() != p.name()),
                "{}",
                p.name()
            );
            assert!(
                !p.summary().is_empty() && !p.summary().ends_with('.'),
                "{}",
                p.name()
            );
        }
    }

    #[test]
    fn an_unknown_name_is_an_error_listing_every_valid_name() {
        for bad in ["nope", "", "WHATWG", "safe_browsing", "surt "] {
            let err = bad.parse::<Profile>().unwrap_err();
            assert_eq!(err, UnknownProfile(bad.into()));
            let message = err.to_string();
            assert!(
                message.starts_with(&alloc::format!("unknown normalization profile '{bad}'")),
                "{message}"
            );
            for p in Profile::ALL {
                assert!(message.contains(p.name()), "{message} lacks {}", p.name());
            }
        }
        let message = UnknownProfile("x".into()).to_string();
        assert!(
            message.ends_with("(expected whatwg, rfc3986, safe-browsing, surt or crawler)"),
            "{message}"
        );
    }
}
