//! `wais` URLs: RFC 1738 §3.9 and §5 `waisurl` (syntax); RFC 4156 §2 keeps the same forms.
//!
//! `waisurl = waisdatabase | waisindex | waisdoc`

use super::bnf::{self, err, hostport, run, run_to_end, Login, Res, Rule, HSEGMENT, UCHAR};
use alloc::borrow::Cow;

/// Strict `waisurl` from byte `i` (just after `wais:`): `"//" hostport "/" database`
/// followed by nothing (waisdatabase), `"?" search` (waisindex) or `"/" wtype "/" wpath`
/// (waisdoc).
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    let i = bnf::literal(b, i, b"//", Rule::Waisurl)?;
    let i = hostport(b, i)?;
    match b.get(i) {
        Some(b'/') => {}
        Some(_) => return Err(err(Rule::Hostport, i)),
        None => return Err(err(Rule::Waisurl, i)),
    }
    let i = run(b, i + 1, &UCHAR, Rule::Database)?;
    match b.get(i) {
        None => Ok(()),
        Some(b'?') => run_to_end(b, i + 1, &HSEGMENT, Rule::Search),
        Some(b'/') => {
            let t = run(b, i + 1, &UCHAR, Rule::Wtype)?;
            if b.get(t) != Some(&b'/') {
                return Err(err(Rule::Wtype, t));
            }
            run_to_end(b, t + 1, &UCHAR, Rule::Wpath)
        }
        Some(_) => Err(err(Rule::Database, i)),
    }
}

/// A `wais` URL's meaning (RFC 1738 §3.9, RFC 4156 §2): host, port, the database, and
/// either a search or a document's type and path (each decoded; the wpath is an opaque
/// document-id).
///
/// ```
/// let p = urlkit::rfc1738::parse("wais://quake.think.com/wais-discussion-archives?lynch").unwrap();
/// let w = p.view.as_wais().unwrap();
/// assert_eq!((w.database(), w.search(), w.wtype()), ("wais-discussion-archives", Some("lynch"), None));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaisView<'a> {
    host: &'a str,
    port: Option<u16>,
    database: Cow<'a, str>,
    search: Option<Cow<'a, str>>,
    wtype: Option<Cow<'a, str>>,
    wpath: Option<Cow<'a, str>>,
}

impl<'a> WaisView<'a> {
    /// Builds the view leniently from the scheme-specific part.
    pub(super) fn parse(ssp: &'a str, default_port: Option<u16>) -> Self {
        let (auth, rest) = bnf::split_server(ssp, b"/").unwrap_or(("", ssp));
        let l = Login::split(auth);
        let rest = rest.strip_prefix('/').unwrap_or(rest);
        let db_end = rest.find(['/', '?']).unwrap_or(rest.len());
        let (db, tail) = rest.split_at(db_end);
        let (mut search, mut wtype, mut wpath) = (None, None, None);
        if let Some(s) = tail.strip_prefix('?') {
            search = Some(bnf::decode(s));
        } else if let Some(doc) = tail.strip_prefix('/') {
            let (t, p) = doc.split_once('/').unwrap_or((doc, ""));
            wtype = Some(bnf::decode(t));
            wpath = Some(bnf::decode(p));
        }
        WaisView {
            host: l.host,
            port: l.port_or(default_port),
            database: bnf::decode(db),
            search,
            wtype,
            wpath,
        }
    }

    /// The host as written.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("wais://h/db").unwrap();
    /// assert_eq!(p.view.as_wais().unwrap().host(), "h");
    /// ```
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// The explicit port, else 210 (§3.9).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("wais://h/db").unwrap();
    /// assert_eq!(p.view.as_wais().unwrap().port(), Some(210));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The decoded database name.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("wais://h/my%20db").unwrap();
    /// assert_eq!(p.view.as_wais().unwrap().database(), "my db");
    /// ```
    pub fn database(&self) -> &str {
        &self.database
    }

    /// The decoded search of a waisindex URL.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("wais://h/db?a%20b").unwrap();
    /// assert_eq!(p.view.as_wais().unwrap().search(), Some("a b"));
    /// ```
    pub fn search(&self) -> Option<&str> {
        self.search.as_deref()
    }

    /// The decoded wtype of a waisdoc URL.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("wais://h/db/TEXT/id%3B1").unwrap();
    /// assert_eq!(p.view.as_wais().unwrap().wtype(), Some("TEXT"));
    /// ```
    pub fn wtype(&self) -> Option<&str> {
        self.wtype.as_deref()
    }

    /// The decoded wpath (document-id) of a waisdoc URL.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("wais://h/db/TEXT/id%3B1").unwrap();
    /// assert_eq!(p.view.as_wais().unwrap().wpath(), Some("id;1"));
    /// ```
    pub fn wpath(&self) -> Option<&str> {
        self.wpath.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict() {
        let v = |s: &str| validate(s.as_bytes(), 5);
        for ok in [
            "wais://h/db",
            "wais://h/",
            "wais://h/db?a;b",
            "wais://h:210/db/t/p%2F",
        ] {
            assert_eq!(v(ok), Ok(()), "{ok}");
        }
        assert_eq!(v("wais://h"), Err(err(Rule::Waisurl, 8)));
        assert_eq!(v("wais://h/d;b"), Err(err(Rule::Database, 10)));
        assert_eq!(v("wais://h/db/t"), Err(err(Rule::Wtype, 13)));
        assert_eq!(v("wais://h/db/t/p/q"), Err(err(Rule::Wpath, 15)));
        assert_eq!(v("wais://h/db?a/b"), Err(err(Rule::Search, 13)));
    }
}
