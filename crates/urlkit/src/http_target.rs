//! HTTP/1.1 request targets ([RFC 9112 §3.2](https://www.rfc-editor.org/rfc/rfc9112#section-3.2)):
//! the second word of a request line, in one of four forms chosen by the method and by
//! whom the request is sent to, and the target URI a server reconstructs from it
//! ([§3.3](https://www.rfc-editor.org/rfc/rfc9112#section-3.3)).
//!
//! ```text
//! request-target = origin-form      ; absolute-path [ "?" query ]   GET /where?q=now
//!                / absolute-form    ; absolute-URI                  GET http://www.example.org/pub/WWW/
//!                / authority-form   ; uri-host ":" port             CONNECT www.example.com:80
//!                / asterisk-form    ; "*"                           OPTIONS *
//! ```
//!
//! A URL parser reads `www.example.com:80` as a URL whose scheme is `www.example.com`: the
//! method decides. `CONNECT` takes the authority-form only (§3.2.3, RFC 9110 §9.3.6);
//! `OPTIONS` may take `*` (§3.2.4, RFC 9110 §9.3.7), which no other method may; any other
//! target is the origin-form when it starts with `/`, the absolute-form otherwise. Each
//! form is checked against its grammar (RFC 9112 §3.2, RFC 9110 §4.1, RFC 3986 Appendix A);
//! an `http` or `https` absolute-form with userinfo is refused (§3.2.2 and RFC 9110 §4.2.4:
//! "treat its presence as an error") and so is one with an empty host (RFC 9110 §4.2.1).
//!
//! ```
//! use urlkit::http_target::{Form, RequestTarget};
//! let t = RequestTarget::parse("CONNECT", "example.com:443")?;
//! assert_eq!((t.form(), t.host(), t.port()), (Form::Authority, Some("example.com"), Some(443)));
//! let url = RequestTarget::parse("GET", "/a?b")?.target_uri("https", Some("example.com"))?;
//! assert_eq!(url.as_str(), "https://example.com/a?b");
//! # Ok::<(), urlkit::http_target::TargetError>(())
//! ```

use alloc::string::String;
use core::fmt;

use crate::percent::sets::{AsciiSet, HEXDIG, RFC3986_PCHAR, RFC3986_QUERY};
use crate::rfc3986::{Rule, UriRef};
use crate::Url;

/// The form of a request target (RFC 9112 §3.2.1–§3.2.4).
///
/// ```
/// assert_eq!(urlkit::http_target::Form::Asterisk.name(), "asterisk-form");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// `origin-form = absolute-path [ "?" query ]` (§3.2.1): a request to an origin server.
    Origin,
    /// `absolute-form = absolute-URI` (§3.2.2): a request to a proxy.
    Absolute,
    /// `authority-form = uri-host ":" port` (§3.2.3): `CONNECT`, a tunnel.
    Authority,
    /// `asterisk-form = "*"` (§3.2.4): a server-wide `OPTIONS`.
    Asterisk,
}

impl Form {
    /// The form's name as RFC 9112 spells it.
    ///
    /// ```
    /// assert_eq!(urlkit::http_target::Form::Origin.name(), "origin-form");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Form::Origin => "origin-form",
            Form::Absolute => "absolute-form",
            Form::Authority => "authority-form",
            Form::Asterisk => "asterisk-form",
        }
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a request target (or the target URI made from it) was refused.
///
/// ```
/// use urlkit::http_target::{RequestTarget, TargetErrorKind};
/// let err = RequestTarget::parse("GET", "/a b").unwrap_err();
/// assert_eq!((err.position(), err.to_string().as_str()), (2, "expected pchar at byte 2 of the request target"));
/// assert_eq!(RequestTarget::parse("GET", "*").unwrap_err().kind(), TargetErrorKind::AsteriskNotOptions);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TargetError {
    position: usize,
    kind: TargetErrorKind,
}

/// What was wrong; see [`TargetError`].
///
/// ```
/// use urlkit::http_target::{RequestTarget, TargetErrorKind};
/// assert_eq!(RequestTarget::parse("GET", "").unwrap_err().kind(), TargetErrorKind::Empty);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TargetErrorKind {
    /// The target is empty: the origin-form's path is at least `/` (§3.2.1).
    Empty,
    /// The text does not match the form's grammar: this rule was expected at the position
    /// (RFC 3986 Appendix A, as RFC 9112 §3.2 and RFC 9110 §4.1 use it).
    Expected(Rule),
    /// `*` with a method other than `OPTIONS` (§3.2.4).
    AsteriskNotOptions,
    /// `CONNECT` with a target that is not `host:port` (§3.2.3, RFC 9110 §9.3.6).
    ConnectNeedsAuthority,
    /// The authority-form's port is missing, empty or above 65535 (§3.2.3).
    Port,
    /// An `http` or `https` target with userinfo (§3.2.2, RFC 9110 §4.2.4).
    Userinfo,
    /// An `http` or `https` target URI with an empty host (RFC 9110 §4.2.1); for
    /// [`RequestTarget::target_uri`], no usable `Host` header (§3.3, RFC 9110 §7.2).
    EmptyHost,
    /// The reconstructed target URI does not parse as a URL (the URL Standard's error).
    Url(crate::ErrorKind),
}

impl TargetError {
    /// An error of `kind` at byte `position` (also for the `http` interop).
    pub(crate) const fn new(position: usize, kind: TargetErrorKind) -> Self {
        TargetError { position, kind }
    }

    /// The byte offset in the request target (for [`TargetErrorKind::EmptyHost`] from a
    /// `Host` header and [`TargetErrorKind::Url`], in that header or URL text).
    ///
    /// ```
    /// let err = urlkit::http_target::RequestTarget::parse("CONNECT", "h:44x").unwrap_err();
    /// assert_eq!(err.position(), 4);
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }

    /// What was wrong.
    ///
    /// ```
    /// use urlkit::http_target::{RequestTarget, TargetErrorKind};
    /// let err = RequestTarget::parse("GET", "http://u:p@h/").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (TargetErrorKind::Userinfo, 7));
    /// ```
    pub const fn kind(&self) -> TargetErrorKind {
        self.kind
    }
}

impl fmt::Display for TargetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.position;
        match self.kind {
            TargetErrorKind::Empty => f.write_str("empty request target (the origin-form is at least \"/\")"),
            TargetErrorKind::Expected(rule) => {
                write!(f, "expected {rule} at byte {at} of the request target")
            }
            TargetErrorKind::AsteriskNotOptions => f.write_str("the asterisk-form \"*\" is for OPTIONS only"),
            TargetErrorKind::ConnectNeedsAuthority => {
                f.write_str("connect takes the authority-form host:port only")
            }
            TargetErrorKind::Port => write!(
                f,
                "expected a port from 0 to 65535 at byte {at} of the authority-form"
            ),
            TargetErrorKind::Userinfo => {
                write!(f, "userinfo at byte {at}: not allowed in an http(s) target uri")
            }
            TargetErrorKind::EmptyHost => f.write_str("no host: the target uri needs one (a host header)"),
            TargetErrorKind::Url(kind) => write!(f, "the target uri does not parse: {kind} at byte {at}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TargetError {}

/// A request target, checked, borrowed from the request line.
///
/// ```
/// use urlkit::http_target::{Form, RequestTarget};
/// let t = RequestTarget::parse("GET", "/where?q=now")?;
/// assert_eq!((t.form(), t.path(), t.query()), (Form::Origin, Some("/where"), Some("q=now")));
/// let t = RequestTarget::parse("GET", "http://www.example.org/pub/WWW/TheProject.html")?;
/// assert_eq!((t.form(), t.host(), t.path()), (Form::Absolute, Some("www.example.org"), Some("/pub/WWW/TheProject.html")));
/// let t = RequestTarget::parse("OPTIONS", "*")?;
/// assert_eq!((t.form(), t.path()), (Form::Asterisk, None));
/// # Ok::<(), urlkit::http_target::TargetError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RequestTarget<'a> {
    text: &'a str,
    form: Form,
    /// Origin-form: where the query's `?` is (or the length). Authority-form: the `:`
    /// before the port. Absolute-form: unused (its [`UriRef`] is parsed again on demand).
    split: usize,
    /// The authority-form's port.
    port: u16,
}

/// `absolute-path = 1*( "/" segment )` (RFC 9110 §4.1): `pchar` and `/`.
const PATH: AsciiSet = RFC3986_PCHAR.add(b'/');

/// The index of the first byte from `i` that is not in `set` or a whole `pct-encoded`
/// triplet (RFC 3986 §2.1); an error at a `%` not followed by two hex digits.
fn scan(s: &[u8], mut i: usize, set: &AsciiSet) -> Result<usize, TargetError> {
    while let Some(&b) = s.get(i) {
        if b == b'%' {
            for j in [i + 1, i + 2] {
                if !s.get(j).is_some_and(|&h| HEXDIG.contains(h)) {
                    return Err(TargetError::new(j, TargetErrorKind::Expected(Rule::HexDig)));
                }
            }
            i += 3;
        } else if b < 0x80 && set.contains(b) {
            i += 1;
        } else {
            break;
        }
    }
    Ok(i)
}

impl<'a> RequestTarget<'a> {
    /// Parses `target`, the request target of a request with `method` (compared
    /// case-sensitively, as RFC 9110 §9.1 says methods are).
    ///
    /// # Errors
    /// A [`TargetError`]: the byte and the rule expected, or the form the method does not
    /// allow.
    ///
    /// ```
    /// use urlkit::http_target::{RequestTarget, TargetErrorKind};
    /// assert_eq!(RequestTarget::parse("CONNECT", "/x").unwrap_err().kind(), TargetErrorKind::ConnectNeedsAuthority);
    /// assert_eq!(RequestTarget::parse("CONNECT", "example.com").unwrap_err().kind(), TargetErrorKind::Port);
    /// // Without CONNECT, "example.com:443" is an absolute-URI whose scheme is "example.com".
    /// assert_eq!(RequestTarget::parse("GET", "example.com:443")?.scheme(), Some("example.com"));
    /// # Ok::<(), urlkit::http_target::TargetError>(())
    /// ```
    pub fn parse(method: &str, target: &'a str) -> Result<Self, TargetError> {
        if target.is_empty() {
            return Err(TargetError::new(0, TargetErrorKind::Empty));
        }
        if method == "CONNECT" {
            return Self::authority_form(target);
        }
        if target == "*" {
            if method != "OPTIONS" {
                return Err(TargetError::new(0, TargetErrorKind::AsteriskNotOptions));
            }
            return Ok(RequestTarget {
                text: target,
                form: Form::Asterisk,
                split: 1,
                port: 0,
            });
        }
        if target.starts_with('/') {
            return Self::origin_form(target);
        }
        Self::absolute_form(target)
    }

    /// §3.2.1: `absolute-path [ "?" query ]`.
    fn origin_form(target: &'a str) -> Result<Self, TargetError> {
        let s = target.as_bytes();
        let path_end = scan(s, 0, &PATH)?;
        let mut end = path_end;
        if s.get(end) == Some(&b'?') {
            end = scan(s, end + 1, &RFC3986_QUERY)?;
            if end < s.len() {
                return Err(TargetError::new(end, TargetErrorKind::Expected(Rule::Query)));
            }
        } else if end < s.len() {
            return Err(TargetError::new(end, TargetErrorKind::Expected(Rule::Pchar)));
        }
        Ok(RequestTarget {
            text: target,
            form: Form::Origin,
            split: path_end,
            port: 0,
        })
    }

    /// §3.2.2: `absolute-URI`, without userinfo or an empty host for `http` and `https`.
    fn absolute_form(target: &'a str) -> Result<Self, TargetError> {
        let uri = UriRef::parse_absolute(target).map_err(|e| {
            let rule = match e.expected() {
                // A fragment is what an absolute-URI cannot have.
                Rule::AbsoluteUri => Rule::Query,
                rule => rule,
            };
            TargetError::new(e.position(), TargetErrorKind::Expected(rule))
        })?;
        let web = uri
            .scheme()
            .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
        if web {
            if uri.userinfo().is_some() {
                let at = target.find("//").map_or(0, |i| i + 2);
                return Err(TargetError::new(at, TargetErrorKind::Userinfo));
            }
            if uri.host().is_none_or(str::is_empty) {
                let at = target.find(':').map_or(0, |i| i + 1);
                return Err(TargetError::new(at, TargetErrorKind::EmptyHost));
            }
        }
        Ok(RequestTarget {
            text: target,
            form: Form::Absolute,
            split: target.len(),
            port: 0,
        })
    }

    /// §3.2.3: `uri-host ":" port`, the port a number a tunnel can use.
    fn authority_form(target: &'a str) -> Result<Self, TargetError> {
        if target.starts_with('/') || target == "*" || target.contains("//") {
            return Err(TargetError::new(0, TargetErrorKind::ConnectNeedsAuthority));
        }
        // The grammar of `authority`, read by the RFC 3986 parser after "//".
        let mut text = String::with_capacity(target.len() + 2);
        text.push_str("//");
        text.push_str(target);
        let uri = UriRef::parse(&text).map_err(|e| {
            TargetError::new(
                e.position().saturating_sub(2),
                TargetErrorKind::Expected(e.expected()),
            )
        })?;
        let authority_end = 2 + uri.authority().map_or(0, str::len);
        if authority_end < text.len() {
            return Err(TargetError::new(
                authority_end - 2,
                TargetErrorKind::ConnectNeedsAuthority,
            ));
        }
        if uri.userinfo().is_some() {
            return Err(TargetError::new(0, TargetErrorKind::Userinfo));
        }
        let host_len = uri.host().map_or(0, str::len);
        if host_len == 0 {
            return Err(TargetError::new(0, TargetErrorKind::EmptyHost));
        }
        let colon = host_len;
        // `port = *DIGIT` may be empty or long; a tunnel needs a port number.
        let port = uri.port().and_then(|p| p.parse::<u16>().ok());
        let Some(port) = port else {
            return Err(TargetError::new(
                (colon + 1).min(target.len()),
                TargetErrorKind::Port,
            ));
        };
        Ok(RequestTarget {
            text: target,
            form: Form::Authority,
            split: colon,
            port,
        })
    }

    /// The form.
    ///
    /// ```
    /// use urlkit::http_target::{Form, RequestTarget};
    /// assert_eq!(RequestTarget::parse("OPTIONS", "/")?.form(), Form::Origin);
    /// # Ok::<(), urlkit::http_target::TargetError>(())
    /// ```
    pub const fn form(&self) -> Form {
        self.form
    }

    /// The target as received.
    ///
    /// ```
    /// assert_eq!(urlkit::http_target::RequestTarget::parse("GET", "/a")?.as_str(), "/a");
    /// # Ok::<(), urlkit::http_target::TargetError>(())
    /// ```
    pub const fn as_str(&self) -> &'a str {
        self.text
    }

    fn absolute(&self) -> Option<UriRef<'a>> {
        (self.form == Form::Absolute)
            .then(|| UriRef::parse_absolute(self.text).ok())
            .flatten()
    }

    /// The scheme of the absolute-form; `None` for the other forms.
    ///
    /// ```
    /// assert_eq!(urlkit::http_target::RequestTarget::parse("GET", "https://h/")?.scheme(), Some("https"));
    /// # Ok::<(), urlkit::http_target::TargetError>(())
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.absolute().and_then(|u| u.scheme())
    }

    /// The host of the absolute-form or authority-form, as written (brackets included for
    /// an IP literal).
    ///
    /// ```
    /// assert_eq!(urlkit::http_target::RequestTarget::parse("CONNECT", "[::1]:8443")?.host(), Some("[::1]"));
    /// # Ok::<(), urlkit::http_target::TargetError>(())
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        match self.form {
            Form::Authority => Some(&self.text[..self.split]),
            Form::Absolute => self.absolute().and_then(|u| u.host()),
            _ => None,
        }
    }

    /// The port: the authority-form's, or the absolute-form's when written.
    ///
    /// ```
    /// use urlkit::http_target::RequestTarget;
    /// assert_eq!(RequestTarget::parse("CONNECT", "example.com:443")?.port(), Some(443));
    /// assert_eq!(RequestTarget::parse("GET", "http://h:8080/")?.port(), Some(8080));
    /// # Ok::<(), urlkit::http_target::TargetError>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        match self.form {
            Form::Authority => Some(self.port),
            Form::Absolute => self.absolute().and_then(|u| u.port_number()),
            _ => None,
        }
    }

    /// The path: the origin-form's absolute path, or the absolute-form's path; `None` for
    /// the authority-form and asterisk-form.
    ///
    /// ```
    /// assert_eq!(urlkit::http_target::RequestTarget::parse("GET", "//a/b?c")?.path(), Some("//a/b"));
    /// # Ok::<(), urlkit::http_target::TargetError>(())
    /// ```
    pub fn path(&self) -> Option<&'a str> {
        match self.form {
            Form::Origin => Some(&self.text[..self.split]),
            Form::Absolute => self.absolute().map(|u| u.path()),
            _ => None,
        }
    }

    /// The query after `?`, in the origin-form or absolute-form.
    ///
    /// ```
    /// assert_eq!(urlkit::http_target::RequestTarget::parse("GET", "/p?")?.query(), Some(""));
    /// # Ok::<(), urlkit::http_target::TargetError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        match self.form {
            Form::Origin => self.text.get(self.split + 1..),
            Form::Absolute => self.absolute().and_then(|u| u.query()),
            _ => None,
        }
    }

    /// The target URI, reconstructed as RFC 9112 §3.3 says: the absolute-form is the
    /// target URI itself (any `Host` header is ignored, §3.2.2); otherwise `scheme` (the
    /// server's fixed scheme, or `https` over a secured connection and `http` otherwise),
    /// then the authority (the authority-form itself, else the `Host` header's value),
    /// then the origin-form's path and query (nothing for the authority-form and
    /// asterisk-form; the URL Standard writes that empty path of an `http` URL as `/`).
    ///
    /// # Errors
    /// [`TargetErrorKind::EmptyHost`] when the URI needs the `Host` header and there is
    /// none, or it is empty or not `uri-host [ ":" port ]` (RFC 9110 §7.2; a server answers
    /// 400, RFC 9112 §3.2); [`TargetErrorKind::Url`] when the result does not parse.
    ///
    /// ```
    /// use urlkit::http_target::RequestTarget;
    /// let t = RequestTarget::parse("GET", "http://example.org/x")?;
    /// assert_eq!(t.target_uri("https", Some("other.example"))?.as_str(), "http://example.org/x");
    /// let t = RequestTarget::parse("OPTIONS", "*")?;
    /// assert_eq!(t.target_uri("http", Some("example.com:8080"))?.as_str(), "http://example.com:8080/");
    /// assert!(RequestTarget::parse("GET", "/")?.target_uri("http", None).is_err());
    /// # Ok::<(), urlkit::http_target::TargetError>(())
    /// ```
    pub fn target_uri(&self, scheme: &str, host: Option<&str>) -> Result<Url, TargetError> {
        let mut text = String::with_capacity(scheme.len() + 3 + self.text.len() + host.map_or(0, str::len));
        match self.form {
            Form::Absolute => text.push_str(self.text),
            Form::Authority => {
                text.push_str(scheme);
                text.push_str("://");
                text.push_str(self.text);
            }
            Form::Origin | Form::Asterisk => {
                let host = host.map(str::trim).filter(|h| is_host_header(h));
                let Some(host) = host else {
                    return Err(TargetError::new(0, TargetErrorKind::EmptyHost));
                };
                text.push_str(scheme);
                text.push_str("://");
                text.push_str(host);
                if self.form == Form::Origin {
                    text.push_str(self.text);
                }
            }
        }
        Url::parse(&text).map_err(|e| TargetError::new(e.position(), TargetErrorKind::Url(e.kind())))
    }
}

/// `Host = uri-host [ ":" port ]` (RFC 9110 §7.2), not empty.
fn is_host_header(value: &str) -> bool {
    if value.is_empty() || value.contains(['/', '?', '#', '@']) {
        return false;
    }
    let mut text = String::with_capacity(value.len() + 2);
    text.push_str("//");
    text.push_str(value);
    UriRef::parse(&text).is_ok_and(|u| u.host().is_some_and(|h| !h.is_empty()) && u.path().is_empty())
}

/// The origin-form a client sends for `url` (RFC 9112 §3.2.1): its path and query, `/` for
/// an empty path; `None` for a URL with an opaque path.
///
/// ```
/// use urlkit::{http_target::origin_form, Url};
/// assert_eq!(origin_form(&Url::parse("https://h/a%20b?q#f")?).as_deref(), Some("/a%20b?q"));
/// assert_eq!(origin_form(&Url::parse("foo://h")?).as_deref(), Some("/"));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub fn origin_form(url: &Url) -> Option<String> {
    if url.has_opaque_path() {
        return None;
    }
    let mut out = String::from(url.pathname());
    if out.is_empty() {
        out.push('/');
    }
    if let Some(query) = url.query() {
        out.push('?');
        out.push_str(query);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(method: &str, target: &str) -> TargetErrorKind {
        RequestTarget::parse(method, target).unwrap_err().kind()
    }

    #[test]
    fn the_rfc_examples() {
        // §3.2.1
        let t = RequestTarget::parse("GET", "/where?q=now").unwrap();
        assert_eq!(
            t.target_uri("http", Some("www.example.org")).unwrap().as_str(),
            "http://www.example.org/where?q=now"
        );
        // §3.2.2
        let t = RequestTarget::parse("GET", "http://www.example.org/pub/WWW/TheProject.html").unwrap();
        assert_eq!(t.form(), Form::Absolute);
        // §3.2.3
        let t = RequestTarget::parse("CONNECT", "www.example.com:80").unwrap();
        assert_eq!((t.host(), t.port()), (Some("www.example.com"), Some(80)));
        assert_eq!(
            t.target_uri("http", None).unwrap().as_str(),
            "http://www.example.com/"
        );
        // §3.2.4
        let t = RequestTarget::parse("OPTIONS", "*").unwrap();
        assert_eq!(
            t.target_uri("http", Some("www.example.org:8001"))
                .unwrap()
                .as_str(),
            "http://www.example.org:8001/"
        );
        // §3.2.4: a proxy forwarding OPTIONS http://www.example.org:8001 sends OPTIONS *.
        let t = RequestTarget::parse("OPTIONS", "http://www.example.org:8001").unwrap();
        assert_eq!((t.form(), t.port()), (Form::Absolute, Some(8001)));
    }

    #[test]
    fn connect_and_asterisk_edges() {
        let t = RequestTarget::parse("CONNECT", "example.com:443").unwrap();
        assert_eq!(
            t.target_uri("https", Some("ignored.example")).unwrap().as_str(),
            "https://example.com/"
        );
        assert_eq!(
            RequestTarget::parse("CONNECT", "[2001:db8::1]:443")
                .unwrap()
                .port(),
            Some(443)
        );
        assert_eq!(kind("CONNECT", "example.com"), TargetErrorKind::Port);
        assert_eq!(kind("CONNECT", "example.com:"), TargetErrorKind::Port);
        assert_eq!(kind("CONNECT", "example.com:65536"), TargetErrorKind::Port);
        assert_eq!(
            kind("CONNECT", "example.com:443/x"),
            TargetErrorKind::ConnectNeedsAuthority
        );
        assert_eq!(
            kind("CONNECT", "http://example.com:443"),
            TargetErrorKind::ConnectNeedsAuthority
        );
        assert_eq!(kind("CONNECT", "*"), TargetErrorKind::ConnectNeedsAuthority);
        assert_eq!(kind("CONNECT", "u@example.com:443"), TargetErrorKind::Userinfo);
        assert_eq!(kind("CONNECT", ":443"), TargetErrorKind::EmptyHost);
        assert_eq!(kind("GET", "*"), TargetErrorKind::AsteriskNotOptions);
        // Methods are case-sensitive (RFC 9110 §9.1): "connect" is another method.
        assert_eq!(
            RequestTarget::parse("connect", "example.com:443").unwrap().form(),
            Form::Absolute
        );
    }

    #[test]
    fn origin_form_edges() {
        assert_eq!(kind("GET", ""), TargetErrorKind::Empty);
        let e = RequestTarget::parse("GET", "/a#f").unwrap_err();
        assert_eq!(
            (e.kind(), e.position()),
            (TargetErrorKind::Expected(Rule::Pchar), 2)
        );
        let e = RequestTarget::parse("GET", "/a?b#f").unwrap_err();
        assert_eq!(
            (e.kind(), e.position()),
            (TargetErrorKind::Expected(Rule::Query), 4)
        );
        let e = RequestTarget::parse("GET", "/%zz").unwrap_err();
        assert_eq!(
            (e.kind(), e.position()),
            (TargetErrorKind::Expected(Rule::HexDig), 2)
        );
        // absolute-path allows empty segments (RFC 9110 §4.1), unlike RFC 3986 path-absolute.
        let t = RequestTarget::parse("GET", "//x?y").unwrap();
        assert_eq!(
            (t.form(), t.path(), t.query()),
            (Form::Origin, Some("//x"), Some("y"))
        );
        assert_eq!(t.target_uri("http", Some("h")).unwrap().as_str(), "http://h//x?y");
        // The Host header: needed, not empty, uri-host [":" port].
        let t = RequestTarget::parse("GET", "/").unwrap();
        for bad in [None, Some(""), Some("a b"), Some("u@h"), Some("h/p"), Some("h:x")] {
            assert_eq!(
                t.target_uri("http", bad).unwrap_err().kind(),
                TargetErrorKind::EmptyHost,
                "{bad:?}"
            );
        }
        assert_eq!(
            t.target_uri("https", Some("[::1]:8443")).unwrap().as_str(),
            "https://[::1]:8443/"
        );
    }

    /// Any text with any method: no panic, and what is accepted holds together (a path
    /// and query that rebuild the origin-form, an absolute-form the RFC 3986 parser takes,
    /// a target URI from every accepted origin-form with a plain host).
    #[test]
    fn random_targets_never_panic() {
        const PIECES: [&str; 16] = [
            "/", "//", "?", "#", ":", "@", "*", "%", "%41", "[::1]", "h", "http", "443", " ", "\u{e9}", ".",
        ];
        let mut next = crate::test_rng::xorshift(0x9112);
        for _ in 0..20_000 {
            let mut target = String::new();
            for _ in 0..next() % 7 {
                target.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
            let method = ["GET", "CONNECT", "OPTIONS"][(next() % 3) as usize];
            let Ok(t) = RequestTarget::parse(method, &target) else {
                continue;
            };
            match t.form() {
                Form::Origin => {
                    let rebuilt = match t.query() {
                        Some(q) => alloc::format!("{}?{q}", t.path().unwrap_or("")),
                        None => t.path().unwrap_or("").into(),
                    };
                    assert_eq!(rebuilt, target);
                    assert!(t.target_uri("http", Some("h")).is_ok(), "{target:?}");
                }
                Form::Absolute => assert!(UriRef::parse_absolute(&target).is_ok()),
                Form::Authority => assert!(t.host().is_some() && t.port().is_some()),
                Form::Asterisk => assert_eq!((method, target.as_str()), ("OPTIONS", "*")),
            }
        }
    }

    #[test]
    fn absolute_form_edges() {
        // The Host header is ignored for the absolute-form (§3.2.2).
        let t = RequestTarget::parse("GET", "http://a.example/p").unwrap();
        assert_eq!(
            t.target_uri("https", Some("b.example")).unwrap().as_str(),
            "http://a.example/p"
        );
        let e = RequestTarget::parse("GET", "https://user:pw@example.com/").unwrap_err();
        assert_eq!((e.kind(), e.position()), (TargetErrorKind::Userinfo, 8));
        assert_eq!(kind("GET", "http:///p"), TargetErrorKind::EmptyHost);
        assert_eq!(kind("GET", "http:/p"), TargetErrorKind::EmptyHost);
        // Other schemes may carry userinfo (a proxy forwarding ftp).
        assert!(RequestTarget::parse("GET", "ftp://u@h/").is_ok());
        let e = RequestTarget::parse("GET", "http://h/#f").unwrap_err();
        assert_eq!(
            (e.kind(), e.position()),
            (TargetErrorKind::Expected(Rule::Query), 9)
        );
        assert_eq!(kind("GET", "a b"), TargetErrorKind::Expected(Rule::Scheme));
    }
}
