//! [`UrlBuilder`]: a URL from its components. Each component is percent-encoded with the
//! URL Standard's encode set for it (§1.3: userinfo, path, query or special-query, fragment;
//! the C0 control set in an opaque path), the host goes through the host parser (§3.5), the
//! pieces are joined as the URL serializer would (§4.5) and the text is parsed by the basic
//! URL parser (§4.4), so that what [`UrlBuilder::build`] returns is always a valid [`Url`].

use crate::percent::sets::{AsciiSet, C0_CONTROL, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, USERINFO};
use crate::percent::utf8_percent_encode;
use crate::scheme::SpecialScheme;
use crate::{form, Attribute, ErrorKind, Host, ParseError, Url};
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

/// A pushed path segment is data: the path set plus `/` and `%` (and `\` in special URLs),
/// as [`Url::path_segments_mut`] pushes it.
const SEGMENT: AsciiSet = PATH.add_all(b"/%");
/// [`SEGMENT`] for special URLs, where `\` separates segments too.
const SPECIAL_SEGMENT: AsciiSet = SEGMENT.add(b'\\');
/// An opaque path (§4.4 "opaque path state" encodes with the C0 control set); `?` and `#`
/// too, which would end it.
const OPAQUE_PATH: AsciiSet = C0_CONTROL.add_all(b"?#");

/// Why [`UrlBuilder::build`] failed: the component, and why.
///
/// ```
/// use urlkit::{Attribute, BuildErrorKind, Url};
/// let err = Url::builder().scheme("https").path("/a").build().unwrap_err();
/// assert_eq!((err.component(), err.kind()), (Attribute::Hostname, BuildErrorKind::Missing));
/// assert_eq!(err.to_string(), "hostname: missing (the scheme needs a host)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BuildError {
    component: Attribute,
    kind: BuildErrorKind,
}

/// What was wrong with a component given to [`UrlBuilder`].
///
/// ```
/// use urlkit::{BuildErrorKind, Url};
/// let err = Url::builder().scheme("file").host("h").port(8080).build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::NotAllowed);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// A component the URL must have was not given: the scheme, or the host of a special
    /// scheme other than `file` (§4.4 "host-missing").
    Missing,
    /// The URL [cannot have a username, password or port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port):
    /// no host, an empty host, or `file`.
    NotAllowed,
    /// The value does not parse as the component; the error's position is a byte offset in
    /// the value given (for the host, the host parser's; for the scheme, the first byte that
    /// is not a scheme character, §4.4 "scheme state").
    Invalid(ParseError),
}

impl BuildError {
    const fn new(component: Attribute, kind: BuildErrorKind) -> Self {
        BuildError { component, kind }
    }

    /// The component that failed, named by its URL API attribute (`protocol` for the
    /// scheme, `hostname`, `pathname`, `search` for the query, `hash` for the fragment).
    ///
    /// ```
    /// let err = urlkit::Url::builder().scheme("1http").build().unwrap_err();
    /// assert_eq!(err.component(), urlkit::Attribute::Protocol);
    /// ```
    pub const fn component(&self) -> Attribute {
        self.component
    }

    /// Why it failed.
    ///
    /// ```
    /// use urlkit::{BuildErrorKind, ErrorKind, Url};
    /// let err = Url::builder().scheme("http").host("a b").build().unwrap_err();
    /// let BuildErrorKind::Invalid(e) = err.kind() else { panic!() };
    /// assert_eq!(e.kind(), ErrorKind::DomainInvalidCodePoint);
    /// ```
    pub const fn kind(&self) -> BuildErrorKind {
        self.kind
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.component)?;
        match self.kind {
            BuildErrorKind::Missing if self.component == Attribute::Protocol => {
                f.write_str("missing (a url needs a scheme)")
            }
            BuildErrorKind::Missing => f.write_str("missing (the scheme needs a host)"),
            BuildErrorKind::NotAllowed => {
                f.write_str("not allowed (a url without a host, with an empty host or file: cannot have it)")
            }
            BuildErrorKind::Invalid(e) => write!(f, "invalid: {e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BuildError {}

/// Builds a [`Url`] from its components; from [`Url::builder`]. Values are text, not pieces
/// of URL: each is percent-encoded with its component's encode set, which leaves `%` alone
/// (as the parser and the setters do), so an already-encoded value stays as it is.
///
/// ```
/// use urlkit::Url;
/// let url = Url::builder()
///     .scheme("https")
///     .host("example.com")
///     .path("/a b")
///     .path_segment("c/d")
///     .query_pair("q", "1 2")
///     .fragment("top")
///     .build()?;
/// assert_eq!(url.as_str(), "https://example.com/a%20b/c%2Fd?q=1+2#top");
/// # Ok::<(), urlkit::BuildError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[must_use]
pub struct UrlBuilder {
    scheme: Option<String>,
    username: String,
    password: String,
    host: Option<String>,
    port: Option<u16>,
    path: String,
    segments: Vec<String>,
    query: Option<String>,
    pairs: Vec<(String, String)>,
    fragment: Option<String>,
}

impl Url {
    /// A builder of a URL from its components.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("mailto").path("a@example.com").build()?;
    /// assert_eq!(url.as_str(), "mailto:a@example.com");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn builder() -> UrlBuilder {
        UrlBuilder::default()
    }
}

impl UrlBuilder {
    /// The scheme (required), without its `:`; written lower-case.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("HTTP").host("h").build()?;
    /// assert_eq!(url.as_str(), "http://h/");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn scheme(mut self, scheme: &str) -> Self {
        self.scheme = Some(scheme.into());
        self
    }

    /// The username, encoded with the userinfo percent-encode set.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("ftp").username("a@b").host("h").build()?;
    /// assert_eq!(url.as_str(), "ftp://a%40b@h/");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn username(mut self, username: &str) -> Self {
        self.username = username.into();
        self
    }

    /// The password, encoded with the userinfo percent-encode set.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("ftp").username("u").password("p:w").host("h").build()?;
    /// assert_eq!(url.as_str(), "ftp://u:p%3Aw@h/");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn password(mut self, password: &str) -> Self {
        self.password = password.into();
        self
    }

    /// The host: a domain (through UTS 46 for special schemes), an IPv4 address, an IPv6
    /// address in brackets, or an opaque host for other schemes; `""` is the empty host.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("http").host("B\u{fc}cher.example").build()?;
    /// assert_eq!(url.as_str(), "http://xn--bcher-kva.example/");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn host(mut self, host: &str) -> Self {
        self.host = Some(host.into());
        self
    }

    /// The port; the scheme's default port is dropped, as the parser does.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("https").host("h").port(443).build()?;
    /// assert_eq!(url.as_str(), "https://h/");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// The path, encoded with the path percent-encode set (`/` separates segments; `.` and
    /// `..` segments are resolved by the parser). With a host, a path not starting with `/`
    /// gets one; without a host, a non-special URL whose path does not start with `/` has an
    /// opaque path. Replaces any segments pushed before.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("https").host("h").path("a/../b c").build()?;
    /// assert_eq!(url.as_str(), "https://h/b%20c");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn path(mut self, path: &str) -> Self {
        self.path = path.into();
        self.segments.clear();
        self
    }

    /// Appends one path segment, as data: `/` and `%` are encoded too (and `\` in special
    /// URLs), so that it stays one segment and decodes to itself. A segment that is `.` or
    /// `..` is skipped, as [`Url::path_segments_mut`] skips it (the parser would read it, or
    /// its encoded form `%2e`, as a dot segment).
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("https").host("h").path_segment("a/b").path_segment("..").path_segment("50%").build()?;
    /// assert_eq!(url.as_str(), "https://h/a%2Fb/50%25");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn path_segment(mut self, segment: &str) -> Self {
        self.segments.push(segment.into());
        self
    }

    /// The query, without its `?`, encoded with the query (or special-query) percent-encode
    /// set. Replaces any pairs added before.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("https").host("h").query("a=1 2").build()?;
    /// assert_eq!(url.as_str(), "https://h/?a=1%202");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn query(mut self, query: &str) -> Self {
        self.query = Some(query.into());
        self.pairs.clear();
        self
    }

    /// Appends a query pair, `application/x-www-form-urlencoded` (URL Standard §5.2, as
    /// `URLSearchParams.append` does), after the query and the pairs before it.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("https").host("h").query("a=1").query_pair("b", "x&y").build()?;
    /// assert_eq!(url.as_str(), "https://h/?a=1&b=x%26y");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn query_pair(mut self, name: &str, value: &str) -> Self {
        self.pairs.push((name.into(), value.into()));
        self
    }

    /// The fragment, without its `#`, encoded with the fragment percent-encode set.
    ///
    /// ```
    /// let url = urlkit::Url::builder().scheme("https").host("h").fragment("a b").build()?;
    /// assert_eq!(url.as_str(), "https://h/#a%20b");
    /// # Ok::<(), urlkit::BuildError>(())
    /// ```
    pub fn fragment(mut self, fragment: &str) -> Self {
        self.fragment = Some(fragment.into());
        self
    }

    /// Joins the components and parses the result.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] naming the component: the scheme missing or not a scheme, the host
    /// missing for a special scheme or not parsing, credentials or a port where the URL
    /// cannot have them.
    ///
    /// ```
    /// use urlkit::{Attribute, Url};
    /// let err = Url::builder().scheme("web+demo").username("u").build().unwrap_err();
    /// assert_eq!(err.component(), Attribute::Username);
    /// assert_eq!(err.to_string(), "username: not allowed (a url without a host, with an empty host or file: cannot have it)");
    /// ```
    pub fn build(&self) -> Result<Url, BuildError> {
        let scheme = self
            .scheme
            .as_deref()
            .ok_or(BuildError::new(Attribute::Protocol, BuildErrorKind::Missing))?;
        check_scheme(scheme)?;
        let scheme = scheme.to_ascii_lowercase();
        let special = SpecialScheme::from_scheme(&scheme);
        let file = special == Some(SpecialScheme::File);
        let host = match self.host.as_deref() {
            Some(h) => Some(
                if special.is_some() {
                    Host::parse(h)
                } else {
                    Host::parse_opaque(h)
                }
                .map_err(|e| BuildError::new(Attribute::Hostname, BuildErrorKind::Invalid(e)))?,
            ),
            None => None,
        };
        let empty_host = matches!(host, None | Some(Host::Empty));
        if special.is_some() && !file && empty_host {
            return Err(BuildError::new(Attribute::Hostname, BuildErrorKind::Missing));
        }
        // §4.4 "cannot have a username/password/port".
        let not_allowed = empty_host || file;
        for (given, attribute) in [
            (!self.username.is_empty(), Attribute::Username),
            (!self.password.is_empty(), Attribute::Password),
            (self.port.is_some(), Attribute::Port),
        ] {
            if given && not_allowed {
                return Err(BuildError::new(attribute, BuildErrorKind::NotAllowed));
            }
        }

        let mut out = String::with_capacity(64);
        // Where each component went in `out`, to name the one a parse error falls in.
        let mut spans: Vec<(Attribute, Range<usize>)> = Vec::with_capacity(8);
        let mut push = |out: &mut String, attribute, text: &dyn Fn(&mut String)| {
            let start = out.len();
            text(out);
            spans.push((attribute, start..out.len()));
        };
        push(&mut out, Attribute::Protocol, &|o| o.push_str(&scheme));
        out.push(':');
        let authority = host.is_some() || file;
        if authority {
            out.push_str("//");
            if !self.username.is_empty() || !self.password.is_empty() {
                push(&mut out, Attribute::Username, &|o| {
                    o.extend(utf8_percent_encode(&self.username, &USERINFO))
                });
                if !self.password.is_empty() {
                    out.push(':');
                    push(&mut out, Attribute::Password, &|o| {
                        o.extend(utf8_percent_encode(&self.password, &USERINFO))
                    });
                }
                out.push('@');
            }
            if let Some(host) = &host {
                push(&mut out, Attribute::Hostname, &|o| {
                    use core::fmt::Write as _;
                    let _ = write!(o, "{host}");
                });
            }
            if let Some(port) = self.port {
                out.push(':');
                push(&mut out, Attribute::Port, &|o| {
                    let (digits, at) = crate::decimal::digits(port.into());
                    o.extend(digits[at..].iter().map(|&d| char::from(d)));
                });
            }
        }
        let path = self.path.as_str();
        let opaque = !authority && special.is_none() && !path.starts_with('/') && self.segments.is_empty();
        push(&mut out, Attribute::Pathname, &|o| {
            if opaque {
                o.extend(utf8_percent_encode(path, &OPAQUE_PATH));
                // A trailing space would be trimmed with the input's (§4.4 step 1).
                if o.ends_with(' ') {
                    o.pop();
                    o.push_str("%20");
                }
                return;
            }
            if (authority || special.is_some()) && !path.is_empty() && !path.starts_with(['/', '\\']) {
                o.push('/');
            } else if !authority && path.starts_with("//") {
                // §4.5 URL serializer: "/." keeps an empty first segment from reading as an authority.
                o.push_str("/.");
            }
            o.extend(utf8_percent_encode(path, &PATH));
            let set = if special.is_some() {
                &SPECIAL_SEGMENT
            } else {
                &SEGMENT
            };
            for segment in self.segments.iter().filter(|s| !matches!(s.as_str(), "." | "..")) {
                if o.ends_with('/') {
                    o.pop();
                }
                o.push('/');
                o.extend(utf8_percent_encode(segment, set));
            }
        });
        if self.query.is_some() || !self.pairs.is_empty() {
            out.push('?');
            push(&mut out, Attribute::Search, &|o| {
                let set = if special.is_some() { &SPECIAL_QUERY } else { &QUERY };
                let query = self.query.as_deref().unwrap_or("");
                o.extend(utf8_percent_encode(query, set));
                if !self.pairs.is_empty() {
                    if !query.is_empty() {
                        o.push('&');
                    }
                    o.push_str(&form::serialize(self.pairs.iter().map(|(k, v)| (k, v))));
                }
            });
        }
        if let Some(fragment) = &self.fragment {
            out.push('#');
            push(&mut out, Attribute::Hash, &|o| {
                o.extend(utf8_percent_encode(fragment, &FRAGMENT))
            });
        }
        Url::parse(&out).map_err(|e| {
            let component = spans
                .iter()
                .find(|(_, span)| span.contains(&e.position()))
                .map_or(Attribute::Href, |(attribute, _)| *attribute);
            BuildError::new(component, BuildErrorKind::Invalid(e))
        })
    }
}

/// `scheme = ASCII alpha, then ASCII alphanumerics, "+", "-", "."` (§4.4 scheme start state
/// and scheme state).
fn check_scheme(scheme: &str) -> Result<(), BuildError> {
    let bad = scheme.bytes().enumerate().find(|&(i, b)| {
        !(b.is_ascii_alphabetic() || (i > 0 && (b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.'))))
    });
    let position = match bad {
        Some((i, _)) => i,
        None if scheme.is_empty() => 0,
        None => return Ok(()),
    };
    Err(BuildError::new(
        Attribute::Protocol,
        BuildErrorKind::Invalid(ParseError::new(ErrorKind::MissingSchemeNonRelativeUrl, position)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trurl_example() {
        let url = Url::builder()
            .scheme("https")
            .host("example.com")
            .path("/a b")
            .query("q=1")
            .build()
            .unwrap();
        assert_eq!(url.as_str(), "https://example.com/a%20b?q=1");
    }

    #[test]
    fn shapes_without_a_host() {
        let b = || Url::builder().scheme("web+x");
        assert_eq!(b().build().unwrap().as_str(), "web+x:");
        assert_eq!(b().path("/a").build().unwrap().as_str(), "web+x:/a");
        assert_eq!(b().path("//a").build().unwrap().as_str(), "web+x:/.//a");
        assert_eq!(b().path("a?b#c ").build().unwrap().as_str(), "web+x:a%3Fb%23c%20");
        assert_eq!(b().host("").build().unwrap().as_str(), "web+x://");
        assert_eq!(
            Url::builder()
                .scheme("file")
                .path("/etc/hosts")
                .build()
                .unwrap()
                .as_str(),
            "file:///etc/hosts"
        );
        assert_eq!(
            Url::builder()
                .scheme("http")
                .host("[::1]")
                .port(8080)
                .build()
                .unwrap()
                .as_str(),
            "http://[::1]:8080/"
        );
    }

    #[test]
    fn errors_name_the_component() {
        let err = Url::builder().build().unwrap_err();
        assert_eq!(
            (err.component(), err.kind()),
            (Attribute::Protocol, BuildErrorKind::Missing)
        );
        let err = Url::builder().scheme("ht tp").host("h").build().unwrap_err();
        assert_eq!(err.component(), Attribute::Protocol);
        assert!(matches!(err.kind(), BuildErrorKind::Invalid(e) if e.position() == 2));
        let err = Url::builder().scheme("http").host("a/b").build().unwrap_err();
        assert_eq!(err.component(), Attribute::Hostname);
        let err = Url::builder().scheme("https").host("").build().unwrap_err();
        assert_eq!(err.kind(), BuildErrorKind::Missing);
        let err = Url::builder().scheme("file").username("u").build().unwrap_err();
        assert_eq!(
            (err.component(), err.kind()),
            (Attribute::Username, BuildErrorKind::NotAllowed)
        );
    }
}
