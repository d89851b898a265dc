//! `gopher` URLs: RFC 1738 §3.4 and RFC 4266 §2 (semantics), §5 `gopherurl` with verified
//! erratum 5118 (the `"/"` after `hostport` is a quoted literal).
//!
//! `gopherurl = "gopher://" hostport [ "/" [ gtype [ selector
//!              [ "%09" search [ "%09" gopher+_string ] ] ] ] ]`

use super::bnf::{self, err, has_escape, hostport, Login, Res, Rule, XCHAR};
use alloc::borrow::Cow;

/// Strict `gopherurl` from byte `i` (just after `gopher:`).
///
/// `selector`, `search` and `gopher+_string` are all `*xchar`, so the grammar only fixes
/// the character repertoire; the rule reported is the part the failing byte belongs to,
/// counting the `%09` separators seen so far (§3.4.2, §3.4.3).
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    let i = bnf::literal(b, i, b"//", Rule::Gopherurl)?;
    let i = hostport(b, i)?;
    if !bnf::end_or_slash(b, i, Rule::Hostport)? {
        return Ok(());
    }
    let mut i = i + 1;
    match b.get(i) {
        None => return Ok(()),
        Some(&c) if XCHAR.contains(c) => i += 1,
        Some(_) if has_escape(b, i) => i += 3,
        Some(_) => return Err(err(Rule::Gtype, i)),
    }
    let mut rule = Rule::Selector;
    while let Some(&c) = b.get(i) {
        if XCHAR.contains(c) {
            i += 1;
        } else if has_escape(b, i) {
            if &b[i + 1..i + 3] == b"09" {
                rule = match rule {
                    Rule::Selector => Rule::Search,
                    _ => Rule::GopherPlusString,
                };
            }
            i += 3;
        } else {
            return Err(err(rule, i));
        }
    }
    Ok(())
}

/// A `gopher` URL's meaning (RFC 1738 §3.4, RFC 4266 §2): host, port, the one-character
/// gophertype, the selector, and the optional search and Gopher+ strings, each decoded
/// (the client sends them decoded, §3.4.2). Within the gopher-path no character is
/// reserved, so only the `%09` (tab) separators split it.
///
/// ```
/// let p = urlkit::rfc1738::parse("gopher://h/7search%09term%09+").unwrap();
/// let g = p.view.as_gopher().unwrap();
/// assert_eq!((g.gophertype(), g.selector()), ("7", "search"));
/// assert_eq!((g.search(), g.gopher_plus()), (Some("term"), Some("+")));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GopherView<'a> {
    host: &'a str,
    port: Option<u16>,
    gophertype: Cow<'a, str>,
    selector: Cow<'a, str>,
    search: Option<Cow<'a, str>>,
    gopher_plus: Option<Cow<'a, str>>,
}

impl<'a> GopherView<'a> {
    /// Builds the view leniently from the scheme-specific part.
    pub(super) fn parse(ssp: &'a str, default_port: Option<u16>) -> Self {
        let (auth, rest) = bnf::split_server(ssp, b"/").unwrap_or(("", ssp));
        let l = Login::split(auth);
        let path = rest.strip_prefix('/').unwrap_or(rest);
        // An empty gopher-path means type "1" and an empty selector (§3.4.1).
        let type_len = if has_escape(path.as_bytes(), 0) {
            3
        } else {
            path.chars().next().map_or(0, char::len_utf8)
        };
        let (gtype, rest) = path.split_at(type_len);
        let mut parts = rest.splitn(3, "%09");
        let selector = parts.next().map_or(Cow::Borrowed(""), bnf::decode);
        GopherView {
            host: l.host,
            port: l.port_or(default_port),
            gophertype: if gtype.is_empty() {
                Cow::Borrowed("1")
            } else {
                bnf::decode(gtype)
            },
            selector,
            search: parts.next().map(bnf::decode),
            gopher_plus: parts.next().map(bnf::decode),
        }
    }

    /// The host as written.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("gopher://gopher.micro.umn.edu/").unwrap();
    /// assert_eq!(p.view.as_gopher().unwrap().host(), "gopher.micro.umn.edu");
    /// ```
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// The explicit port, else 70 (§3.4.1).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("gopher://h").unwrap();
    /// assert_eq!(p.view.as_gopher().unwrap().port(), Some(70));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The gophertype, `"1"` when the gopher-path is empty (§3.4.1).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("gopher://h/").unwrap();
    /// assert_eq!(p.view.as_gopher().unwrap().gophertype(), "1");
    /// ```
    pub fn gophertype(&self) -> &str {
        &self.gophertype
    }

    /// The decoded selector string (may be empty: the top-level directory, §3.4.1).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("gopher://h/00/Info%20About").unwrap();
    /// assert_eq!(p.view.as_gopher().unwrap().selector(), "0/Info About");
    /// ```
    pub fn selector(&self) -> &str {
        &self.selector
    }

    /// The decoded search string after the first `%09` (§3.4.2).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("gopher://h/7s%09a%20b").unwrap();
    /// assert_eq!(p.view.as_gopher().unwrap().search(), Some("a b"));
    /// ```
    pub fn search(&self) -> Option<&str> {
        self.search.as_deref()
    }

    /// The decoded Gopher+ string after the second `%09` (§3.4.3).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("gopher://h/1s%09%09!+ABSTRACT%20+SMELL").unwrap();
    /// assert_eq!(p.view.as_gopher().unwrap().gopher_plus(), Some("!+ABSTRACT +SMELL"));
    /// ```
    pub fn gopher_plus(&self) -> Option<&str> {
        self.gopher_plus.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Res<()> {
        validate(s.as_bytes(), 7)
    }

    #[test]
    fn strict() {
        for ok in [
            "gopher://h",
            "gopher://h/",
            "gopher://h:70/1",
            "gopher://h/%31a%09b%09c;/?",
        ] {
            assert_eq!(v(ok), Ok(()), "{ok}");
        }
        assert_eq!(v("gopher://h/ "), Err(err(Rule::Gtype, 11)));
        assert_eq!(v("gopher://h/1 "), Err(err(Rule::Selector, 12)));
        assert_eq!(v("gopher://h/1%09 "), Err(err(Rule::Search, 15)));
        assert_eq!(v("gopher://h/1%09%09#"), Err(err(Rule::GopherPlusString, 18)));
        assert_eq!(v("gopher:h"), Err(err(Rule::Gopherurl, 7)));
    }

    #[test]
    fn view() {
        let g = GopherView::parse("//h", Some(70));
        assert_eq!((g.gophertype(), g.selector(), g.search()), ("1", "", None));
        let g = GopherView::parse("//h/%31x%09%09%09", Some(70));
        assert_eq!(
            (g.gophertype(), g.selector(), g.search(), g.gopher_plus()),
            ("1", "x", Some(""), Some("\t"))
        );
        let g = GopherView::parse("//h/é", Some(70));
        assert_eq!(g.gophertype(), "é");
    }
}
