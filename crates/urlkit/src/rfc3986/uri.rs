//! [`UriRef`] (borrowed) and [`Uri`] (owned): a URI reference's text plus its component
//! [`Offsets`]. Accessors keep *absent* (`None`) and *empty* (`Some("")`) apart, as RFC 3986
//! §5.3 recomposition requires.

use alloc::string::String;
use core::fmt;

use super::error::ParseError;
use super::parse::{self, Goal, HostKind, Offsets};

/// A URI reference (RFC 3986 §4.1) borrowed from its input, validated against the ABNF of
/// Appendix A, with every component located.
///
/// ```
/// use urlkit::rfc3986::UriRef;
/// let r = UriRef::parse("foo://user@example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(r.scheme(), Some("foo"));
/// assert_eq!(r.authority(), Some("user@example.com:8042"));
/// assert_eq!(r.userinfo(), Some("user"));
/// assert_eq!(r.host(), Some("example.com"));
/// assert_eq!(r.port(), Some("8042"));
/// assert_eq!(r.path(), "/over/there");
/// assert_eq!(r.query(), Some("name=ferret"));
/// assert_eq!(r.fragment(), Some("nose"));
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UriRef<'a> {
    text: &'a str,
    o: Offsets,
}

/// An owned URI reference: the same components as [`UriRef`] over its own `String`.
///
/// ```
/// use urlkit::rfc3986::Uri;
/// let u = Uri::parse("http://example.com/a?b")?;
/// assert_eq!(u.as_str(), "http://example.com/a?b");
/// assert_eq!(u.as_ref().query(), Some("b"));
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Uri {
    pub(super) text: String,
    pub(super) o: Offsets,
}

impl<'a> UriRef<'a> {
    /// Parses a `URI-reference` (§4.1): a URI or a relative reference.
    ///
    /// # Errors
    /// When `input` does not match the grammar; the error names the byte and the rule.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert!(UriRef::parse("../a/b?c").is_ok());
    /// let err = UriRef::parse("http://h/a b").unwrap_err();
    /// assert_eq!(err.to_string(), "expected pchar at byte 10, found ' '");
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::with_goal(input, Goal::Reference)
    }

    /// Parses a `URI` (§3): the scheme is required.
    ///
    /// # Errors
    /// When `input` is not a URI.
    ///
    /// ```
    /// use urlkit::rfc3986::{Rule, UriRef};
    /// assert!(UriRef::parse_uri("urn:isbn:0451450523").is_ok());
    /// assert_eq!(UriRef::parse_uri("/a").unwrap_err().expected(), Rule::Scheme);
    /// ```
    pub fn parse_uri(input: &'a str) -> Result<Self, ParseError> {
        Self::with_goal(input, Goal::Uri)
    }

    /// Parses an `absolute-URI` (§4.3): scheme required, no fragment.
    ///
    /// # Errors
    /// When `input` is not an absolute URI.
    ///
    /// ```
    /// use urlkit::rfc3986::{Rule, UriRef};
    /// assert!(UriRef::parse_absolute("http://a/b?c").is_ok());
    /// assert_eq!(UriRef::parse_absolute("http://a/b#c").unwrap_err().expected(), Rule::AbsoluteUri);
    /// ```
    pub fn parse_absolute(input: &'a str) -> Result<Self, ParseError> {
        Self::with_goal(input, Goal::Absolute)
    }

    /// Parses a `relative-ref` (§4.2): no scheme.
    ///
    /// # Errors
    /// When `input` is not a relative reference, e.g. when it starts with a scheme.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert!(UriRef::parse_relative("//h/p").is_ok());
    /// assert!(UriRef::parse_relative("./a:b").is_ok());
    /// assert!(UriRef::parse_relative("a:b").is_err());
    /// ```
    pub fn parse_relative(input: &'a str) -> Result<Self, ParseError> {
        Self::with_goal(input, Goal::Relative)
    }

    #[inline]
    fn with_goal(input: &'a str, goal: Goal) -> Result<Self, ParseError> {
        parse::parse_uri_ref(input, goal)
    }

    /// Wraps already-validated text and offsets (IRI parsing and internal builders).
    pub(crate) const fn from_parts(text: &'a str, o: Offsets) -> Self {
        UriRef { text, o }
    }

    /// The offsets of the components.
    pub(crate) const fn offsets(&self) -> Offsets {
        self.o
    }

    /// The whole reference as written.
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::UriRef::parse("a?b")?.as_str(), "a?b");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub const fn as_str(&self) -> &'a str {
        self.text
    }

    fn slice(&self, from: u32, to: u32) -> &'a str {
        self.text.get(from as usize..to as usize).unwrap_or("")
    }

    /// Where the authority starts (after `//`), or where the path starts when absent.
    fn authority_start(&self) -> u32 {
        let after_scheme = if self.o.scheme_end > 0 {
            self.o.scheme_end + 1
        } else {
            0
        };
        if self.o.host_kind.is_some() {
            after_scheme + 2
        } else {
            after_scheme
        }
    }

    /// The scheme (§3.1) as written, or `None` for a relative reference.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("HTTP://h")?.scheme(), Some("HTTP"));
    /// assert_eq!(UriRef::parse("//h")?.scheme(), None);
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        (self.o.scheme_end > 0).then(|| self.slice(0, self.o.scheme_end))
    }

    /// Whether the reference has a scheme, i.e. is a URI rather than a relative reference.
    ///
    /// ```
    /// assert!(!urlkit::rfc3986::UriRef::parse("a/b")?.has_scheme());
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn has_scheme(&self) -> bool {
        self.o.scheme_end > 0
    }

    /// The authority (§3.2) without the leading `//`; `Some("")` for `file:///x`.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("file:///etc")?.authority(), Some(""));
    /// assert_eq!(UriRef::parse("file:/etc")?.authority(), None);
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<&'a str> {
        self.o
            .host_kind
            .map(|_| self.slice(self.authority_start(), self.o.path_start))
    }

    /// The userinfo (§3.2.1) before `@`: `Some("")` for `ftp://@host/`, `None` for `ftp://host/`.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("ftp://@host/")?.userinfo(), Some(""));
    /// assert_eq!(UriRef::parse("ftp://host/")?.userinfo(), None);
    /// assert_eq!(UriRef::parse("ftp://a:b@host/")?.userinfo(), Some("a:b"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        let start = self.authority_start();
        (self.o.host_kind.is_some() && self.o.host_start > start)
            .then(|| self.slice(start, self.o.host_start - 1))
    }

    /// The host (§3.2.2) as written, brackets included for an IP literal; `None` without an
    /// authority, `Some("")` for an empty `reg-name`.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("http://[::1]:80/")?.host(), Some("[::1]"));
    /// assert_eq!(UriRef::parse("file:///x")?.host(), Some(""));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        self.o
            .host_kind
            .map(|_| self.slice(self.o.host_start, self.o.host_end))
    }

    /// What kind of host this is, `None` without an authority.
    ///
    /// ```
    /// use urlkit::rfc3986::{HostKind, UriRef};
    /// assert_eq!(UriRef::parse("//127.0.0.1")?.host_kind(), Some(HostKind::Ipv4));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.o.host_kind
    }

    /// The port (§3.2.3) as written: `Some("")` for `http://h:/`, `None` for `http://h/`.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("http://h:")?.port(), Some(""));
    /// assert_eq!(UriRef::parse("http://h")?.port(), None);
    /// assert_eq!(UriRef::parse("http://h:0080")?.port(), Some("0080"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        (self.o.host_kind.is_some() && self.o.host_end < self.o.path_start)
            .then(|| self.slice(self.o.host_end + 1, self.o.path_start))
    }

    /// The port as a number; `None` when absent, empty or above 65535 (the grammar allows
    /// any number of digits).
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("http://h:0080")?.port_number(), Some(80));
    /// assert_eq!(UriRef::parse("http://h:99999")?.port_number(), None);
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn port_number(&self) -> Option<u16> {
        self.port()?.parse().ok()
    }

    /// The path (§3.3), always present, possibly empty.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("mailto:a@b")?.path(), "a@b");
    /// assert_eq!(UriRef::parse("http://h?q")?.path(), "");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn path(&self) -> &'a str {
        self.slice(self.o.path_start, self.o.path_end)
    }

    /// The query (§3.4) after `?`: `Some("")` for `http://h?`, `None` without `?`.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("http://h?")?.query(), Some(""));
    /// assert_eq!(UriRef::parse("http://h#?")?.query(), None);
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        (self.o.query_end > self.o.path_end).then(|| self.slice(self.o.path_end + 1, self.o.query_end))
    }

    /// The fragment (§3.5) after `#`: `Some("")` for `a#`, `None` without `#`.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// assert_eq!(UriRef::parse("a#")?.fragment(), Some(""));
    /// assert_eq!(UriRef::parse("a#b?c")?.fragment(), Some("b?c"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        let end = self.text.len() as u32;
        (self.o.query_end < end).then(|| self.slice(self.o.query_end + 1, end))
    }

    /// Copies the reference into an owned [`Uri`].
    ///
    /// ```
    /// let owned = urlkit::rfc3986::UriRef::parse("a/b")?.to_owned();
    /// assert_eq!(owned.as_str(), "a/b");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    #[allow(clippy::wrong_self_convention, clippy::should_implement_trait)]
    pub fn to_owned(&self) -> Uri {
        Uri {
            text: String::from(self.text),
            o: self.o,
        }
    }
}

impl Uri {
    /// Parses an owned `URI-reference` (§4.1); see [`UriRef::parse`].
    ///
    /// # Errors
    /// When `input` does not match the grammar.
    ///
    /// ```
    /// assert!(urlkit::rfc3986::Uri::parse("http://a/%zz").is_err());
    /// ```
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        UriRef::parse(input).map(|r| r.to_owned())
    }

    /// Builds an owned reference from text known to be valid (checked again in debug builds).
    pub(crate) fn from_string(text: String) -> Self {
        let o = parse::parse_uri_ref(&text, Goal::Reference).map(|r| r.offsets());
        debug_assert!(o.is_ok(), "invalid URI built: {text:?}");
        // Fall back to an all-path reading rather than panic in release builds.
        let len = text.len() as u32;
        let o = o.unwrap_or(Offsets {
            scheme_end: 0,
            host_start: 0,
            host_end: 0,
            path_start: 0,
            path_end: len,
            query_end: len,
            host_kind: None,
        });
        Uri { text, o }
    }

    /// Borrows the reference as a [`UriRef`], which has every component accessor.
    ///
    /// ```
    /// let u = urlkit::rfc3986::Uri::parse("http://h/p")?;
    /// assert_eq!(u.as_ref().host(), Some("h"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn as_ref(&self) -> UriRef<'_> {
        UriRef {
            text: &self.text,
            o: self.o,
        }
    }

    /// The whole reference.
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("x:y")?.as_str(), "x:y");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, giving up the offsets.
    ///
    /// ```
    /// let s: String = urlkit::rfc3986::Uri::parse("x:y")?.into_string();
    /// assert_eq!(s, "x:y");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.text
    }

    /// The scheme; see [`UriRef::scheme`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("x:y")?.scheme(), Some("x"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Option<&str> {
        self.as_ref().scheme()
    }

    /// The authority; see [`UriRef::authority`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("//a@b:1")?.authority(), Some("a@b:1"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<&str> {
        self.as_ref().authority()
    }

    /// The userinfo; see [`UriRef::userinfo`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("//@h")?.userinfo(), Some(""));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn userinfo(&self) -> Option<&str> {
        self.as_ref().userinfo()
    }

    /// The port as written; see [`UriRef::port`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("//h:08")?.port(), Some("08"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<&str> {
        self.as_ref().port()
    }

    /// The port as a number; see [`UriRef::port_number`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("//h:08")?.port_number(), Some(8));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn port_number(&self) -> Option<u16> {
        self.as_ref().port_number()
    }

    /// The host's kind; see [`UriRef::host_kind`].
    ///
    /// ```
    /// use urlkit::rfc3986::{HostKind, Uri};
    /// assert_eq!(Uri::parse("//[::1]")?.host_kind(), Some(HostKind::Ipv6));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.as_ref().host_kind()
    }

    /// The host; see [`UriRef::host`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("//a@b:1")?.host(), Some("b"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<&str> {
        self.as_ref().host()
    }

    /// The path; see [`UriRef::path`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("//a/b/c")?.path(), "/b/c");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn path(&self) -> &str {
        self.as_ref().path()
    }

    /// The query; see [`UriRef::query`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("a?")?.query(), Some(""));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.as_ref().query()
    }

    /// The fragment; see [`UriRef::fragment`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Uri::parse("a#f")?.fragment(), Some("f"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        self.as_ref().fragment()
    }
}

impl core::str::FromStr for Uri {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Uri::parse(s)
    }
}

impl fmt::Display for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl fmt::Debug for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UriRef")
            .field("scheme", &self.scheme())
            .field("userinfo", &self.userinfo())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl fmt::Display for Uri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for Uri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_ref(), f)
    }
}
