//! `news` URLs: RFC 1738 §3.6 and §5 `newsurl` (syntax), refined by RFC 5538 §4, which the
//! view follows (an optional `//server/`, newsgroup wildcards).
//!
//! `newsurl = "news:" grouppart`, `grouppart = "*" | group | article`

use super::bnf::{self, err, run, Login, Res, Rule, ARTICLE, GROUP};
use crate::percent::sets::ALPHA;
use alloc::borrow::Cow;

/// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]` from `i`; returns its end.
pub(super) fn group(b: &[u8], i: usize) -> Res<usize> {
    match b.get(i) {
        Some(&c) if ALPHA.contains(c) => {}
        _ => return Err(err(Rule::Group, i)),
    }
    Ok(i + 1 + b[i + 1..].iter().take_while(|c| GROUP.contains(**c)).count())
}

/// Strict `newsurl` from byte `i` (just after `news:`). A message identifier is told from
/// a group name by its `@` (§3.6).
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    let part = &b[i..];
    if part == b"*" {
        return Ok(());
    }
    let end = match part.iter().position(|c| *c == b'@') {
        // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
        Some(at) => {
            let at = i + at;
            let stop = run(b, i, &ARTICLE, Rule::Article)?;
            if stop != at || stop == i {
                return Err(err(Rule::Article, stop));
            }
            bnf::host(b, at + 1)?
        }
        None if part.is_empty() => return Err(err(Rule::Grouppart, i)),
        None => group(b, i)?,
    };
    if end == b.len() {
        Ok(())
    } else {
        Err(err(
            if part.contains(&b'@') {
                Rule::Article
            } else {
                Rule::Group
            },
            end,
        ))
    }
}

/// A `news` URL's meaning (RFC 1738 §3.6, RFC 5538 §4): a newsgroup (or wildcard pattern;
/// `*` means all groups) or a message-id (it contains `@`), decoded, and the optional
/// server of RFC 5538's `news://server/…` form.
///
/// ```
/// let p = urlkit::rfc1738::parse("news:comp.infosystems.www.misc").unwrap();
/// let n = p.view.as_news().unwrap();
/// assert_eq!((n.newsgroup(), n.message_id()), (Some("comp.infosystems.www.misc"), None));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsView<'a> {
    host: Option<&'a str>,
    port: Option<u16>,
    newsgroup: Option<Cow<'a, str>>,
    message_id: Option<Cow<'a, str>>,
}

impl<'a> NewsView<'a> {
    /// Builds the view leniently from the scheme-specific part.
    pub(super) fn parse(ssp: &'a str, default_port: Option<u16>) -> Self {
        let (login, body) = match bnf::split_server(ssp, b"/") {
            Some((auth, rest)) => (Some(Login::split(auth)), rest.strip_prefix('/').unwrap_or(rest)),
            None => (None, ssp),
        };
        let (newsgroup, message_id) = if body.contains('@') {
            (None, Some(bnf::decode(body)))
        } else if body.is_empty() {
            // RFC 5538 §4: `news://server/` is the same as `news://server/*`.
            (Some(Cow::Borrowed("*")), None)
        } else {
            (Some(bnf::decode(body)), None)
        };
        NewsView {
            host: login.map(|l| l.host),
            port: login.and_then(|l| l.port_or(default_port)),
            newsgroup,
            message_id,
        }
    }

    /// The server of `news://server/…` (RFC 5538 §4), when given.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("news://news.server.example/*").unwrap();
    /// assert_eq!(p.view.as_news().unwrap().host(), Some("news.server.example"));
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        self.host
    }

    /// The server's port: explicit, else 119; `None` without a server.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("news://news.server.example/*").unwrap();
    /// assert_eq!(p.view.as_news().unwrap().port(), Some(119));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The decoded newsgroup name or pattern; `"*"` for all groups (§3.6).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("news:*").unwrap();
    /// assert_eq!(p.view.as_news().unwrap().newsgroup(), Some("*"));
    /// ```
    pub fn newsgroup(&self) -> Option<&str> {
        self.newsgroup.as_deref()
    }

    /// The decoded message-id (without `<>`), when the URL names an article.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("news:p0624@%5B10.20.30.108%5D").unwrap();
    /// assert_eq!(p.view.as_news().unwrap().message_id(), Some("p0624@[10.20.30.108]"));
    /// ```
    pub fn message_id(&self) -> Option<&str> {
        self.message_id.as_deref()
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
        for ok in [
            "news:*",
            "news:a",
            "news:comp.lang.c++",
            "news:x/y;z@host.dom",
            "news:1@1.2.3.4",
        ] {
            assert_eq!(v(ok), Ok(()), "{ok}");
        }
        assert_eq!(v("news:"), Err(err(Rule::Grouppart, 5)));
        assert_eq!(v("news:1abc"), Err(err(Rule::Group, 5)));
        assert_eq!(v("news:a*"), Err(err(Rule::Group, 6)));
        assert_eq!(v("news:@h"), Err(err(Rule::Article, 5)));
        assert_eq!(v("news:a@h/"), Err(err(Rule::Article, 8)));
        assert_eq!(v("news:a@1.2"), Err(err(Rule::Hostname, 9)));
    }
}
