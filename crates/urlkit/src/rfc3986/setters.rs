//! Setters and a builder for the owned [`Uri`]: each component is checked against its rule
//! of RFC 3986 Appendix A (§3.1 scheme, §3.2.1 userinfo, §3.2.2 host, §3.2.3 port, §3.3
//! path, §3.4 query, §3.5 fragment) and against the rules that tie the path to the other
//! components (§3.3, §4.2), so that a setter accepts a value exactly when the reference
//! written with it parses with that value as the component. The `*_encoded` forms and the
//! builder percent-encode (§2.1) what the component's rule does not allow first.

use alloc::string::String;
use core::fmt;

use super::chars::{is, HEX, PATH, QUERY, REG_NAME, USERINFO};
use super::error::{ParseError, Rule};
use super::parse::{self, check_component, check_host, check_scheme, Goal};
use super::uri::Uri;

/// A component of a URI reference (RFC 3986 §3), as the setters name it.
///
/// ```
/// assert_eq!(urlkit::rfc3986::Component::Userinfo.to_string(), "userinfo");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Component {
    /// `scheme` (§3.1).
    Scheme,
    /// `userinfo` (§3.2.1).
    Userinfo,
    /// `host` (§3.2.2).
    Host,
    /// `port` (§3.2.3).
    Port,
    /// `path` (§3.3).
    Path,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§3.5).
    Fragment,
}

impl Component {
    /// The component's name as RFC 3986 spells it.
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Component::Fragment.name(), "fragment");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a setter or the builder refused a value: the component at fault and where in its
/// text (the value given; for the `*_encoded` setters, the value after percent-encoding,
/// which is the text the rule was checked on; for a conflict with another component, that
/// component's text), which rule was expected and what was found.
///
/// ```
/// let mut uri = urlkit::rfc3986::Uri::parse("http://h/a")?;
/// let err = uri.set_path("/a b").unwrap_err();
/// assert_eq!(err.to_string(), "invalid path: expected pchar at byte 2, found ' '");
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SetError {
    component: Component,
    error: ParseError,
}

impl SetError {
    /// The component at fault.
    ///
    /// ```
    /// use urlkit::rfc3986::{Component, Uri};
    /// let mut uri = Uri::parse("a:b")?;
    /// assert_eq!(uri.set_port(Some("80")).unwrap_err().component(), Component::Host);
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub const fn component(&self) -> Component {
        self.component
    }

    /// The position (in the component's text), the rule expected and what was found.
    ///
    /// ```
    /// use urlkit::rfc3986::{Rule, Uri};
    /// let mut uri = Uri::parse("http://h/")?;
    /// let err = uri.set_port(Some("8o")).unwrap_err().error();
    /// assert_eq!((err.position(), err.expected(), err.found()), (1, Rule::Port, Some('o')));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub const fn error(&self) -> ParseError {
        self.error
    }
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {}: {}", self.component, self.error)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SetError {}

/// The components of a reference, owned, while one of them is replaced.
#[derive(Debug, Clone, Default)]
struct Parts {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

fn fail(component: Component, value: &str, position: usize, expected: Rule) -> SetError {
    SetError {
        component,
        error: ParseError::at(value, position, expected),
    }
}

fn within(component: Component) -> impl Fn(ParseError) -> SetError {
    move |error| SetError { component, error }
}

impl Parts {
    fn of(uri: &Uri) -> Parts {
        let r = uri.as_ref();
        Parts {
            scheme: r.scheme().map(String::from),
            userinfo: r.userinfo().map(String::from),
            host: r.host().map(String::from),
            port: r.port().map(String::from),
            path: r.path().into(),
            query: r.query().map(String::from),
            fragment: r.fragment().map(String::from),
        }
    }

    /// Every component against its rule, then the path against the others (§3.3, §4.2).
    fn check(&self) -> Result<(), SetError> {
        if let Some(scheme) = &self.scheme {
            check_scheme(scheme).map_err(within(Component::Scheme))?;
        }
        match &self.host {
            Some(host) => check_host(host).map_err(within(Component::Host))?,
            // authority = [ userinfo "@" ] host [ ":" port ]: no userinfo or port alone.
            None if self.userinfo.is_some() || self.port.is_some() => {
                return Err(fail(Component::Host, "", 0, Rule::Host))
            }
            None => {}
        }
        if let Some(userinfo) = &self.userinfo {
            check_component(userinfo, USERINFO, Rule::Userinfo).map_err(within(Component::Userinfo))?;
        }
        if let Some(port) = &self.port {
            if let Some(i) = port.bytes().position(|b| !b.is_ascii_digit()) {
                return Err(fail(Component::Port, port, i, Rule::Port));
            }
        }
        let path = self.path.as_str();
        check_component(path, PATH, Rule::Pchar).map_err(within(Component::Path))?;
        if self.host.is_some() {
            if !path.is_empty() && !path.starts_with('/') {
                return Err(fail(Component::Path, path, 0, Rule::PathAbempty));
            }
        } else if path.starts_with("//") {
            return Err(fail(Component::Path, path, 1, Rule::PathAbsolute));
        } else if self.scheme.is_none() {
            let first = path.split('/').next().unwrap_or("");
            if let Some(i) = first.find(':') {
                return Err(fail(Component::Path, path, i, Rule::SegmentNzNc));
            }
        }
        if let Some(query) = &self.query {
            check_component(query, QUERY, Rule::Query).map_err(within(Component::Query))?;
        }
        if let Some(fragment) = &self.fragment {
            check_component(fragment, QUERY, Rule::Fragment).map_err(within(Component::Fragment))?;
        }
        Ok(())
    }

    /// §5.3 Component Recomposition.
    fn compose(&self) -> String {
        let mut out = String::new();
        if let Some(scheme) = &self.scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(host) = &self.host {
            out.push_str("//");
            if let Some(userinfo) = &self.userinfo {
                out.push_str(userinfo);
                out.push('@');
            }
            out.push_str(host);
            if let Some(port) = &self.port {
                out.push(':');
                out.push_str(port);
            }
        }
        out.push_str(&self.path);
        if let Some(query) = &self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }

    /// Checks, recomposes and parses: the new reference.
    fn into_uri(self) -> Result<Uri, SetError> {
        self.check()?;
        let text = self.compose();
        match parse::parse_uri_ref(&text, Goal::Reference) {
            Ok(r) => {
                let o = r.offsets();
                Ok(Uri { text, o })
            }
            // The checks above are the grammar's, so this is not reached (the property tests
            // compare them with the parser); say where the parser stopped rather than panic.
            Err(error) => Err(SetError {
                component: Component::Path,
                error,
            }),
        }
    }
}

/// Percent-encodes (§2.1) every byte of `value` outside `mask`, but a `%` that starts a
/// `pct-encoded` triplet, which is kept: encoding an encoded value changes nothing.
fn encode(value: &str, mask: u8) -> String {
    let s = value.as_bytes();
    let mut out = String::with_capacity(value.len());
    for (i, &b) in s.iter().enumerate() {
        let triplet = b == b'%'
            && s.get(i + 1).is_some_and(|&h| is(h, HEX))
            && s.get(i + 2).is_some_and(|&h| is(h, HEX));
        if (b < 0x80 && is(b, mask)) || triplet {
            out.push(char::from(b));
        } else {
            out.push_str(crate::percent::percent_encode_byte(b));
        }
    }
    out
}

/// A host encoded: an IP literal as it is (brackets are its syntax), else a `reg-name`.
fn encode_host(host: &str) -> String {
    if host.starts_with('[') {
        host.into()
    } else {
        encode(host, REG_NAME)
    }
}

impl Uri {
    fn edit(&mut self, edit: impl FnOnce(&mut Parts)) -> Result<(), SetError> {
        let mut parts = Parts::of(self);
        edit(&mut parts);
        *self = parts.into_uri()?;
        Ok(())
    }

    /// Sets the scheme (§3.1), or removes it (`None`: a relative reference).
    ///
    /// # Errors
    /// When the value is not a `scheme`, or removing it would leave a first path segment
    /// with `:` that would read as a scheme (§4.2).
    ///
    /// ```
    /// use urlkit::rfc3986::{Rule, Uri};
    /// let mut uri = Uri::parse("http://h/a")?;
    /// uri.set_scheme(Some("coap+tcp"))?;
    /// assert_eq!(uri.as_str(), "coap+tcp://h/a");
    /// assert_eq!(uri.set_scheme(Some("1x")).unwrap_err().error().expected(), Rule::Scheme);
    /// uri.set_scheme(None)?;
    /// assert_eq!(uri.as_str(), "//h/a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), SetError> {
        self.edit(|p| p.scheme = scheme.map(String::from))
    }

    /// Sets the userinfo (§3.2.1), or removes it.
    ///
    /// # Errors
    /// When the value is not a `userinfo` (`@`, `/`, a bad `%` escape, …), or the
    /// reference has no authority (no host).
    ///
    /// ```
    /// let mut uri = urlkit::rfc3986::Uri::parse("ftp://h/")?;
    /// uri.set_userinfo(Some("anonymous:x"))?;
    /// assert_eq!(uri.as_str(), "ftp://anonymous:x@h/");
    /// assert_eq!(uri.set_userinfo(Some("a@b")).unwrap_err().error().position(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), SetError> {
        self.edit(|p| p.userinfo = userinfo.map(String::from))
    }

    /// Sets the host (§3.2.2): an `IP-literal` in brackets, an IPv4 address or a `reg-name`;
    /// `None` removes the whole authority (userinfo and port too).
    ///
    /// # Errors
    /// When the value is not a `host`, a path that is not empty and does not start with `/`
    /// follows (§3.3), or removing the authority would leave a path starting with `//`.
    ///
    /// ```
    /// use urlkit::rfc3986::{HostKind, Uri};
    /// let mut uri = Uri::parse("http://h/a")?;
    /// uri.set_host(Some("[2001:db8::1]"))?;
    /// assert_eq!((uri.as_str(), uri.host_kind()), ("http://[2001:db8::1]/a", Some(HostKind::Ipv6)));
    /// assert!(uri.set_host(Some("a b")).is_err());
    /// uri.set_host(None)?;
    /// assert_eq!(uri.as_str(), "http:/a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), SetError> {
        self.edit(|p| {
            if host.is_none() {
                p.userinfo = None;
                p.port = None;
            }
            p.host = host.map(String::from);
        })
    }

    /// Sets the port (§3.2.3: any number of digits, possibly none), or removes it.
    ///
    /// # Errors
    /// When the value holds a non-digit, or the reference has no host.
    ///
    /// ```
    /// let mut uri = urlkit::rfc3986::Uri::parse("http://h/")?;
    /// uri.set_port(Some("8080"))?;
    /// assert_eq!(uri.as_str(), "http://h:8080/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_port(&mut self, port: Option<&str>) -> Result<(), SetError> {
        self.edit(|p| p.port = port.map(String::from))
    }

    /// Sets the path (§3.3).
    ///
    /// # Errors
    /// When the value holds a byte that is not a `pchar` or `/`; with an authority, when it
    /// is not empty and does not start with `/`; without one, when it starts with `//`;
    /// in a relative reference, when its first segment holds `:` (§4.2).
    ///
    /// ```
    /// use urlkit::rfc3986::{Rule, Uri};
    /// let mut uri = Uri::parse("http://h/")?;
    /// uri.set_path("/a;b/c")?;
    /// assert_eq!(uri.as_str(), "http://h/a;b/c");
    /// assert_eq!(uri.set_path("a").unwrap_err().error().expected(), Rule::PathAbempty);
    /// let mut rel = Uri::parse("a/b")?;
    /// assert_eq!(rel.set_path("x:y").unwrap_err().error().expected(), Rule::SegmentNzNc);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), SetError> {
        self.edit(|p| p.path = path.into())
    }

    /// Sets the query (§3.4) without its `?`, or removes it.
    ///
    /// # Errors
    /// When the value holds a byte that is not a `pchar`, `/` or `?` (e.g. `#`, a space).
    ///
    /// ```
    /// let mut uri = urlkit::rfc3986::Uri::parse("http://h/#f")?;
    /// uri.set_query(Some("a=1&b=/?"))?;
    /// assert_eq!(uri.as_str(), "http://h/?a=1&b=/?#f");
    /// assert_eq!(uri.set_query(Some("a#b")).unwrap_err().error().position(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), SetError> {
        self.edit(|p| p.query = query.map(String::from))
    }

    /// Sets the fragment (§3.5) without its `#`, or removes it.
    ///
    /// # Errors
    /// When the value holds a byte that is not a `pchar`, `/` or `?`.
    ///
    /// ```
    /// let mut uri = urlkit::rfc3986::Uri::parse("x:y")?;
    /// uri.set_fragment(Some("top"))?;
    /// assert_eq!(uri.as_str(), "x:y#top");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), SetError> {
        self.edit(|p| p.fragment = fragment.map(String::from))
    }

    /// [`set_userinfo`](Self::set_userinfo) after percent-encoding what `userinfo` does not
    /// allow (a `%` that starts an escape is kept).
    ///
    /// # Errors
    /// When the reference has no host.
    ///
    /// ```
    /// let mut uri = urlkit::rfc3986::Uri::parse("ftp://h/")?;
    /// uri.set_userinfo_encoded(Some("a@b:p w"))?;
    /// assert_eq!(uri.as_str(), "ftp://a%40b:p%20w@h/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_userinfo_encoded(&mut self, userinfo: Option<&str>) -> Result<(), SetError> {
        self.set_userinfo(userinfo.map(|v| encode(v, USERINFO)).as_deref())
    }

    /// [`set_host`](Self::set_host) after percent-encoding what `reg-name` does not allow
    /// (UTF-8 bytes too, as §3.2.2 says for non-ASCII names); an IP literal in brackets is
    /// checked as it is.
    ///
    /// # Errors
    /// As [`set_host`](Self::set_host) for the encoded value.
    ///
    /// ```
    /// let mut uri = urlkit::rfc3986::Uri::parse("http://h/")?;
    /// uri.set_host_encoded(Some("b\u{fc}cher.example"))?;
    /// assert_eq!(uri.as_str(), "http://b%C3%BCcher.example/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host_encoded(&mut self, host: Option<&str>) -> Result<(), SetError> {
        self.set_host(host.map(encode_host).as_deref())
    }

    /// [`set_path`](Self::set_path) after percent-encoding what a path does not allow.
    ///
    /// # Errors
    /// When the encoded path still breaks a rule of §3.3 or §4.2 (`/` and `:` are kept).
    ///
    /// ```
    /// let mut uri = urlkit::rfc3986::Uri::parse("http://h/")?;
    /// uri.set_path_encoded("/a b/50%/%41")?;
    /// assert_eq!(uri.as_str(), "http://h/a%20b/50%25/%41");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_path_encoded(&mut self, path: &str) -> Result<(), SetError> {
        self.set_path(&encode(path, PATH))
    }

    /// [`set_query`](Self::set_query) after percent-encoding what a query does not allow.
    ///
    /// # Errors
    /// None in practice: every byte is allowed once encoded.
    ///
    /// ```
    /// let mut uri = urlkit::rfc3986::Uri::parse("http://h/")?;
    /// uri.set_query_encoded(Some("q=a b#c"))?;
    /// assert_eq!(uri.as_str(), "http://h/?q=a%20b%23c");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_query_encoded(&mut self, query: Option<&str>) -> Result<(), SetError> {
        self.set_query(query.map(|v| encode(v, QUERY)).as_deref())
    }

    /// [`set_fragment`](Self::set_fragment) after percent-encoding what a fragment does not
    /// allow.
    ///
    /// # Errors
    /// None in practice: every byte is allowed once encoded.
    ///
    /// ```
    /// let mut uri = urlkit::rfc3986::Uri::parse("http://h/")?;
    /// uri.set_fragment_encoded(Some("a#b"))?;
    /// assert_eq!(uri.as_str(), "http://h/#a%23b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_fragment_encoded(&mut self, fragment: Option<&str>) -> Result<(), SetError> {
        self.set_fragment(fragment.map(|v| encode(v, QUERY)).as_deref())
    }

    /// A builder of a reference from its components.
    ///
    /// ```
    /// let uri = urlkit::rfc3986::Uri::builder().scheme("urn").path("isbn:0451450523").build()?;
    /// assert_eq!(uri.as_str(), "urn:isbn:0451450523");
    /// # Ok::<(), urlkit::rfc3986::SetError>(())
    /// ```
    pub fn builder() -> UriBuilder {
        UriBuilder::default()
    }
}

/// Builds a [`Uri`] from its components; from [`Uri::builder`]. The userinfo, host, path,
/// query and fragment are percent-encoded where their rule needs it (as the `*_encoded`
/// setters do; a `%` that starts an escape is kept); the scheme and port are checked as
/// they are. A component not given is absent.
///
/// ```
/// use urlkit::rfc3986::Uri;
/// let uri = Uri::builder()
///     .scheme("https")
///     .host("example.com")
///     .port("8443")
///     .path("/a b")
///     .query("q=1")
///     .fragment("")
///     .build()?;
/// assert_eq!(uri.as_str(), "https://example.com:8443/a%20b?q=1#");
/// # Ok::<(), urlkit::rfc3986::SetError>(())
/// ```
#[derive(Debug, Clone, Default)]
#[must_use]
pub struct UriBuilder {
    parts: Parts,
}

impl UriBuilder {
    /// The scheme, checked as it is.
    ///
    /// ```
    /// assert!(urlkit::rfc3986::Uri::builder().scheme("a b").build().is_err());
    /// ```
    pub fn scheme(mut self, scheme: &str) -> Self {
        self.parts.scheme = Some(scheme.into());
        self
    }

    /// The userinfo, encoded where needed.
    ///
    /// ```
    /// let uri = urlkit::rfc3986::Uri::builder().host("h").userinfo("a b").build()?;
    /// assert_eq!(uri.as_str(), "//a%20b@h");
    /// # Ok::<(), urlkit::rfc3986::SetError>(())
    /// ```
    pub fn userinfo(mut self, userinfo: &str) -> Self {
        self.parts.userinfo = Some(encode(userinfo, USERINFO));
        self
    }

    /// The host, encoded where needed (an IP literal in brackets as it is).
    ///
    /// ```
    /// let uri = urlkit::rfc3986::Uri::builder().scheme("s").host("").path("/p").build()?;
    /// assert_eq!(uri.as_str(), "s:///p");
    /// # Ok::<(), urlkit::rfc3986::SetError>(())
    /// ```
    pub fn host(mut self, host: &str) -> Self {
        self.parts.host = Some(encode_host(host));
        self
    }

    /// The port, checked as it is (digits only, possibly none).
    ///
    /// ```
    /// assert!(urlkit::rfc3986::Uri::builder().host("h").port("x").build().is_err());
    /// ```
    pub fn port(mut self, port: &str) -> Self {
        self.parts.port = Some(port.into());
        self
    }

    /// The path, encoded where needed.
    ///
    /// ```
    /// let uri = urlkit::rfc3986::Uri::builder().path("a b").build()?;
    /// assert_eq!(uri.as_str(), "a%20b");
    /// # Ok::<(), urlkit::rfc3986::SetError>(())
    /// ```
    pub fn path(mut self, path: &str) -> Self {
        self.parts.path = encode(path, PATH);
        self
    }

    /// The query without its `?`, encoded where needed.
    ///
    /// ```
    /// let uri = urlkit::rfc3986::Uri::builder().path("p").query("").build()?;
    /// assert_eq!(uri.as_str(), "p?");
    /// # Ok::<(), urlkit::rfc3986::SetError>(())
    /// ```
    pub fn query(mut self, query: &str) -> Self {
        self.parts.query = Some(encode(query, QUERY));
        self
    }

    /// The fragment without its `#`, encoded where needed.
    ///
    /// ```
    /// let uri = urlkit::rfc3986::Uri::builder().fragment("a b").build()?;
    /// assert_eq!(uri.as_str(), "#a%20b");
    /// # Ok::<(), urlkit::rfc3986::SetError>(())
    /// ```
    pub fn fragment(mut self, fragment: &str) -> Self {
        self.parts.fragment = Some(encode(fragment, QUERY));
        self
    }

    /// Checks the components together and recomposes them (§5.3).
    ///
    /// # Errors
    /// A [`SetError`] naming the component at fault (see the setters).
    ///
    /// ```
    /// use urlkit::rfc3986::{Component, Uri};
    /// let err = Uri::builder().scheme("s").host("h").path("p").build().unwrap_err();
    /// assert_eq!(err.component(), Component::Path);
    /// ```
    pub fn build(&self) -> Result<Uri, SetError> {
        self.parts.clone().into_uri()
    }
}
