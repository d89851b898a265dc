//! RFC 1738 §6: decoded parts that a client puts into a protocol line — FTP commands
//! (§3.2.2), the gopher selector line (§3.4), mailto headers (RFC 6068 §7), NNTP commands,
//! WAIS and Prospero requests. A CR or LF decoded into one of them ends that line and starts
//! another command or header: [`SchemeView::line_breaks`] flags them.

use alloc::vec::Vec;

use super::SchemeView;

impl SchemeView<'_> {
    /// The decoded parts of this view that go into a protocol line, each with what it is
    /// (`"ftp file name (RETR or LIST command)"`, `"mailto header value"`, …). HTTP, file
    /// and other schemes have none: their parts are sent encoded, or not sent.
    ///
    /// ```
    /// let v = urlkit::rfc1738::SchemeView::parse("gopher://h/1sel%09term").unwrap();
    /// assert_eq!(v.protocol_parts(), [("gopher selector", "sel"), ("gopher search string", "term")]);
    /// ```
    pub fn protocol_parts(&self) -> Vec<(&'static str, &str)> {
        let mut parts = Vec::new();
        match self {
            SchemeView::Ftp(v) => {
                parts.extend(v.user().map(|u| ("ftp user (USER command)", u)));
                parts.extend(v.password().map(|p| ("ftp password (PASS command)", p)));
                parts.extend(v.cwd().iter().map(|c| ("ftp directory (CWD command)", &**c)));
                parts.push(("ftp file name (RETR or LIST command)", v.name()));
            }
            SchemeView::Gopher(v) => {
                parts.push(("gopher selector", v.selector()));
                parts.extend(v.search().map(|s| ("gopher search string", s)));
                parts.extend(v.gopher_plus().map(|s| ("gopher+ string", s)));
            }
            SchemeView::Mailto(v) => {
                parts.extend(v.addresses().iter().map(|a| ("mailto address", &**a)));
                for (name, value) in v.headers() {
                    parts.push(("mailto header name", &**name));
                    parts.push(("mailto header value", &**value));
                }
            }
            SchemeView::News(v) => {
                parts.extend(v.newsgroup().map(|g| ("news group", g)));
                parts.extend(v.message_id().map(|m| ("news message id", m)));
            }
            SchemeView::Nntp(v) => parts.push(("nntp group (GROUP command)", v.newsgroup())),
            SchemeView::Telnet(v) => {
                parts.extend(v.user().map(|u| ("telnet user", u)));
                parts.extend(v.password().map(|p| ("telnet password", p)));
            }
            SchemeView::Wais(v) => {
                parts.push(("wais database", v.database()));
                parts.extend(v.search().map(|s| ("wais search", s)));
                parts.extend(v.wpath().map(|s| ("wais path", s)));
            }
            SchemeView::Prospero(v) => {
                parts.push(("prospero name", v.hsoname()));
                for (name, value) in v.fields() {
                    parts.push(("prospero field", &**name));
                    parts.push(("prospero field value", &**value));
                }
            }
            SchemeView::Http(_) | SchemeView::File(_) | SchemeView::Other(_) => {}
        }
        parts
    }

    /// The [protocol parts](SchemeView::protocol_parts) whose decoded value holds a CR, an
    /// LF or a NUL: each would end the protocol line and smuggle in another command or
    /// header (RFC 1738 §6). Empty for a safe URL.
    ///
    /// ```
    /// use urlkit::rfc1738::SchemeView;
    /// let v = SchemeView::parse("mailto:a@b?subject=x%0D%0ABcc:c@d").unwrap();
    /// assert_eq!(v.line_breaks(), [("mailto header value", "x\r\nBcc:c@d")]);
    /// assert!(SchemeView::parse("ftp://h/a%20b").unwrap().line_breaks().is_empty());
    /// ```
    pub fn line_breaks(&self) -> Vec<(&'static str, &str)> {
        let mut parts = self.protocol_parts();
        parts.retain(|(_, value)| value.contains(['\r', '\n', '\0']));
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;

    fn flagged(url: &str) -> Vec<&'static str> {
        parse(url)
            .unwrap()
            .view
            .line_breaks()
            .iter()
            .map(|(what, _)| *what)
            .collect()
    }

    #[test]
    fn every_protocol_part_is_checked() {
        assert_eq!(
            flagged("ftp://h/a%0d%0aDELE%20x"),
            ["ftp file name (RETR or LIST command)"]
        );
        assert_eq!(flagged("ftp://h/d%0A/f"), ["ftp directory (CWD command)"]);
        assert_eq!(
            flagged("ftp://u%0d:p%0a@h/f"),
            ["ftp user (USER command)", "ftp password (PASS command)"]
        );
        assert_eq!(flagged("gopher://h/1a%0d%0aQUIT"), ["gopher selector"]);
        assert_eq!(flagged("gopher://h/7a%09b%0a"), ["gopher search string"]);
        assert_eq!(
            flagged("mailto:a@b?subject=x%0d%0aBcc:c@d"),
            ["mailto header value"]
        );
        assert_eq!(flagged("mailto:a@b?x%0aBcc=1"), ["mailto header name"]);
        assert_eq!(flagged("mailto:a%0a@b"), ["mailto address"]);
        assert_eq!(flagged("news:comp.x%0d%0aQUIT"), ["news group"]);
        assert_eq!(flagged("nntp://h/g%0aQUIT"), ["nntp group (GROUP command)"]);
        assert_eq!(flagged("telnet://u%0a@h/"), ["telnet user"]);
        assert_eq!(flagged("wais://h/db?q%0d"), ["wais search"]);
        assert_eq!(flagged("prospero://h/n%00x"), ["prospero name"]);
    }

    #[test]
    fn safe_urls_and_other_schemes_have_none() {
        for url in [
            "ftp://h/a%20b/c;type=i",
            "gopher://h/1sel%09search",
            "mailto:a@b?subject=hi%20there&body=x",
            "news:comp.lang.rust",
            "http://h/a%0d%0ab",
            "file:///a%0ab",
            "urn:x%0a",
            "ftp://h/a%250d%250a",
        ] {
            assert!(parse(url).unwrap().view.line_breaks().is_empty(), "{url}");
        }
    }
}
