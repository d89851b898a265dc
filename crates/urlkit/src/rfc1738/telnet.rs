//! `telnet` URLs: RFC 1738 §3.8 and §5 `telneturl` (syntax); RFC 4248 §2 keeps the same
//! form.
//!
//! `telneturl = "telnet://" login [ "/" ]`

use super::bnf::{self, err, login, Login, Res, Rule};
use alloc::borrow::Cow;

/// Strict `telneturl` from byte `i` (just after `telnet:`).
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    let i = bnf::literal(b, i, b"//", Rule::Telneturl)?;
    let i = login(b, i)?;
    match b.get(i) {
        None => Ok(()),
        Some(b'/') if i + 1 == b.len() => Ok(()),
        Some(b'/') => Err(err(Rule::Telneturl, i + 1)),
        Some(_) => Err(err(Rule::Login, i)),
    }
}

/// A `telnet` URL's meaning (RFC 1738 §3.8, RFC 4248 §2): the advisory user and password
/// (decoded; empty kept apart from absent, §3.1), host and port.
///
/// ```
/// let p = urlkit::rfc1738::parse("telnet://guest:@host.dom:2323/").unwrap();
/// let t = p.view.as_telnet().unwrap();
/// assert_eq!((t.user(), t.password()), (Some("guest"), Some("")));
/// assert_eq!((t.host(), t.port()), ("host.dom", Some(2323)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TelnetView<'a> {
    user: Option<Cow<'a, str>>,
    password: Option<Cow<'a, str>>,
    host: &'a str,
    port: Option<u16>,
}

impl<'a> TelnetView<'a> {
    /// Builds the view leniently from the scheme-specific part.
    pub(super) fn parse(ssp: &'a str, default_port: Option<u16>) -> Self {
        let (auth, _) = bnf::split_server(ssp, b"/").unwrap_or(("", ssp));
        let l = Login::split(auth);
        TelnetView {
            user: l.user.map(bnf::decode),
            password: l.password.map(bnf::decode),
            host: l.host,
            port: l.port_or(default_port),
        }
    }

    /// The decoded user name, when given.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("telnet://h").unwrap();
    /// assert_eq!(p.view.as_telnet().unwrap().user(), None);
    /// ```
    pub fn user(&self) -> Option<&str> {
        self.user.as_deref()
    }

    /// The decoded password, when given.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("telnet://u:p%40ss@h").unwrap();
    /// assert_eq!(p.view.as_telnet().unwrap().password(), Some("p@ss"));
    /// ```
    pub fn password(&self) -> Option<&str> {
        self.password.as_deref()
    }

    /// The host as written.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("telnet://h.dom/").unwrap();
    /// assert_eq!(p.view.as_telnet().unwrap().host(), "h.dom");
    /// ```
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// The explicit port, else 23 (§3.8).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("telnet://h.dom/").unwrap();
    /// assert_eq!(p.view.as_telnet().unwrap().port(), Some(23));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict() {
        let v = |s: &str| validate(s.as_bytes(), 7);
        assert_eq!(v("telnet://u:p@h:23/"), Ok(()));
        assert_eq!(v("telnet://h"), Ok(()));
        assert_eq!(v("telnet://h/x"), Err(err(Rule::Telneturl, 11)));
        assert_eq!(v("telnet://u:p:q@h"), Err(err(Rule::Password, 12)));
        assert_eq!(v("telnet://h?"), Err(err(Rule::Login, 10)));
    }
}
