//! `nntp` URLs: RFC 1738 §3.7 and §5 `nntpurl` (syntax), refined by RFC 5538 §3 (a group
//! may contain `%`-escapes; the article number is at most 16 digits).
//!
//! `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`

use super::bnf::{self, err, hostport, Login, Res, Rule};
use super::news::group;
use alloc::borrow::Cow;

/// Strict `nntpurl` from byte `i` (just after `nntp:`).
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    let i = bnf::literal(b, i, b"//", Rule::Nntpurl)?;
    let i = hostport(b, i)?;
    match b.get(i) {
        Some(b'/') => {}
        Some(_) => return Err(err(Rule::Hostport, i)),
        None => return Err(err(Rule::Nntpurl, i)),
    }
    let i = group(b, i + 1)?;
    match b.get(i) {
        None => Ok(()),
        Some(b'/') => {
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 && i + 1 + digits == b.len() {
                Ok(())
            } else {
                Err(err(Rule::Digits, i + 1 + digits))
            }
        }
        Some(_) => Err(err(Rule::Group, i)),
    }
}

/// An `nntp` URL's meaning (RFC 1738 §3.7, RFC 5538 §3): server, port, the decoded
/// newsgroup name and the article number within it.
///
/// ```
/// let p = urlkit::rfc1738::parse("nntp://news.server.example/example.group.this/12345").unwrap();
/// let n = p.view.as_nntp().unwrap();
/// assert_eq!((n.host(), n.port()), ("news.server.example", Some(119)));
/// assert_eq!((n.newsgroup(), n.article()), ("example.group.this", Some(12345)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NntpView<'a> {
    host: &'a str,
    port: Option<u16>,
    newsgroup: Cow<'a, str>,
    article: Option<u64>,
}

impl<'a> NntpView<'a> {
    /// Builds the view leniently from the scheme-specific part.
    pub(super) fn parse(ssp: &'a str, default_port: Option<u16>) -> Self {
        let (auth, rest) = bnf::split_server(ssp, b"/").unwrap_or(("", ssp));
        let l = Login::split(auth);
        let rest = rest.strip_prefix('/').unwrap_or(rest);
        let (group, article) = match rest.find('/') {
            Some(s) => (&rest[..s], Some(&rest[s + 1..])),
            None => (rest, None),
        };
        let article = article
            .filter(|a| !a.is_empty() && a.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|a| a.parse().ok());
        NntpView {
            host: l.host,
            port: l.port_or(default_port),
            newsgroup: bnf::decode(group),
            article,
        }
    }

    /// The server as written.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("nntp://news.gmane.org/gmane.ietf.tools/742").unwrap();
    /// assert_eq!(p.view.as_nntp().unwrap().host(), "news.gmane.org");
    /// ```
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// The explicit port, else 119 (§3.7).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("nntp://h:563/g").unwrap();
    /// assert_eq!(p.view.as_nntp().unwrap().port(), Some(563));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The decoded newsgroup name.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("nntp://w/example.group.n%2Fa/12345").unwrap();
    /// assert_eq!(p.view.as_nntp().unwrap().newsgroup(), "example.group.n/a");
    /// ```
    pub fn newsgroup(&self) -> &str {
        &self.newsgroup
    }

    /// The article number, when present and numeric.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("nntp://h/g").unwrap();
    /// assert_eq!(p.view.as_nntp().unwrap().article(), None);
    /// ```
    pub fn article(&self) -> Option<u64> {
        self.article
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Res<()> {
        validate(s.as_bytes(), 5)
    }

    #[test]
    fn strict() {
        assert_eq!(v("nntp://h/g"), Ok(()));
        assert_eq!(v("nntp://h:119/a.b/12"), Ok(()));
        assert_eq!(v("nntp://h"), Err(err(Rule::Nntpurl, 8)));
        assert_eq!(v("nntp://h/g/"), Err(err(Rule::Digits, 11)));
        assert_eq!(v("nntp://h/g/1x"), Err(err(Rule::Digits, 12)));
        assert_eq!(v("nntp://h/g%2Fa"), Err(err(Rule::Group, 10)));
    }
}
