//! `http` URLs: RFC 1738 §3.3 (semantics) and §5 `httpurl` (syntax).
//!
//! `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`

use super::bnf::{self, err, hostport, run, run_to_end, Login, Res, Rule, HSEGMENT};

/// Strict `httpurl` from byte `i` (just after `http:`). No user name or password is
/// allowed (§3.3): an `@` fails `hostport`.
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    let i = bnf::literal(b, i, b"//", Rule::Httpurl)?;
    let i = hostport(b, i)?;
    if !bnf::end_or_slash(b, i, Rule::Hostport)? {
        return Ok(());
    }
    let mut i = i + 1;
    loop {
        i = run(b, i, &HSEGMENT, Rule::Hsegment)?;
        match b.get(i) {
            None => return Ok(()),
            Some(b'/') => i += 1,
            Some(b'?') => return run_to_end(b, i + 1, &HSEGMENT, Rule::Search),
            Some(_) => return Err(err(Rule::Hsegment, i)),
        }
    }
}

/// An `http` URL's parts (RFC 1738 §3.3): host, port, the HTTP selector `<path>` and the
/// `<searchpart>`, both raw (still encoded: `/`, `;` and `?` are reserved in them).
///
/// ```
/// let p = urlkit::rfc1738::parse("http://info.cern.ch:8000/imaginary/test?x").unwrap();
/// let http = p.view.as_http().unwrap();
/// assert_eq!((http.host(), http.port()), ("info.cern.ch", Some(8000)));
/// assert_eq!((http.path(), http.search()), (Some("imaginary/test"), Some("x")));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpView<'a> {
    host: &'a str,
    port: Option<u16>,
    path: Option<&'a str>,
    search: Option<&'a str>,
}

impl<'a> HttpView<'a> {
    /// Builds the view leniently from the scheme-specific part.
    pub(super) fn parse(ssp: &'a str, default_port: Option<u16>) -> Self {
        let (auth, rest) = bnf::split_server(ssp, b"/?").unwrap_or(("", ssp));
        let l = Login::split(auth);
        // No `/` after the host port: no path (§3.3), which is not the empty path of `http://h/`.
        let (path, search) = match rest.strip_prefix('/') {
            Some(p) => match p.find('?') {
                Some(q) => (Some(&p[..q]), Some(&p[q + 1..])),
                None => (Some(p), None),
            },
            // Lenient: a search without a path.
            None => (None, rest.strip_prefix('?')),
        };
        HttpView {
            host: l.host,
            port: l.port_or(default_port),
            path,
            search,
        }
    }

    /// The host as written.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("http://www.my.work.com/").unwrap();
    /// assert_eq!(p.view.as_http().unwrap().host(), "www.my.work.com");
    /// ```
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// The explicit port, else 80 (§3.3).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("http://h/").unwrap();
    /// assert_eq!(p.view.as_http().unwrap().port(), Some(80));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The raw `<path>`, without the `/` that precedes it (§3.3); `None` when the URL has
    /// no `/` after the host and port (`Some("")` for `http://h/`).
    ///
    /// ```
    /// let path = |u| urlkit::rfc1738::parse(u).unwrap().view.as_http().unwrap().path();
    /// assert_eq!(path("http://h/a%2Fb/c"), Some("a%2Fb/c"));
    /// assert_eq!(path("http://h/"), Some(""));
    /// assert_eq!(path("http://h"), None);
    /// ```
    pub fn path(&self) -> Option<&'a str> {
        self.path
    }

    /// The raw `<searchpart>` after `?`, when present.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("http://h/p?dobbins").unwrap();
    /// assert_eq!(p.view.as_http().unwrap().search(), Some("dobbins"));
    /// ```
    pub fn search(&self) -> Option<&'a str> {
        self.search
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
            "http://h",
            "http://h/",
            "http://h:80/a/b;c?d=e&f:g@",
            "http://h/?",
            "http://1.2.3.4",
        ] {
            assert_eq!(v(ok), Ok(()), "{ok}");
        }
        assert_eq!(v("http://u@h/"), Err(err(Rule::Hostport, 8)));
        assert_eq!(v("http://h?x"), Err(err(Rule::Hostport, 8)));
        assert_eq!(v("http://h/a?b/c"), Err(err(Rule::Search, 12)));
        assert_eq!(v("http://h/a?b?c"), Err(err(Rule::Search, 12)));
        assert_eq!(v("http://h/%zz"), Err(err(Rule::Hsegment, 9)));
        assert_eq!(v("http://h:/"), Err(err(Rule::Port, 9)));
    }

    #[test]
    fn view() {
        let h = HttpView::parse("//u:p@h:x?q", Some(80));
        assert_eq!(
            (h.host(), h.port(), h.path(), h.search()),
            ("h", None, None, Some("q"))
        );
        let path = |ssp| HttpView::parse(ssp, Some(80)).path();
        assert_eq!(path("//h"), None);
        assert_eq!(path("//h:81"), None);
        assert_eq!(path("//h/"), Some(""));
        assert_eq!(path("//h/?"), Some(""));
        assert_eq!(path("//h/a?b"), Some("a"));
    }
}
