//! `file` URLs: RFC 1738 §3.10 and §5 `fileurl` (syntax). The view follows RFC 8089 §2,
//! which updates RFC 1738: the authority may be absent (`file:/path`), and Appendix E's
//! nonstandard forms (`file:c:/path`, `file:////host/share`) are kept as paths.
//!
//! `fileurl = "file://" [ host | "localhost" ] "/" fpath`

use super::bnf::{self, err, Res, Rule};
use super::ftp::fpath_then;
use alloc::borrow::Cow;

/// Strict `fileurl` from byte `i` (just after `file:`). `fpath` has no `;type=` here.
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    let mut i = bnf::literal(b, i, b"//", Rule::Fileurl)?;
    if b.get(i) != Some(&b'/') {
        // "localhost" is itself a hostname, so `host` covers both alternatives.
        i = bnf::host(b, i)?;
        if b.get(i) != Some(&b'/') {
            return Err(err(Rule::Fileurl, i));
        }
    }
    fpath_then(b, i + 1, None)
}

/// A `file` URL's meaning (RFC 1738 §3.10, RFC 8089 §2): the host, whether it names the
/// local machine (empty or `localhost`, §3.10), and the decoded path. Following RFC 8089's
/// `path-absolute`, the path keeps its leading `/`.
///
/// ```
/// let p = urlkit::rfc1738::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt").unwrap();
/// let f = p.view.as_file().unwrap();
/// assert_eq!((f.host(), f.is_local()), (Some("vms.host.edu"), false));
/// assert_eq!(f.path(), "/disk$user/my/notes/note12345.txt");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileView<'a> {
    host: Option<&'a str>,
    path: Cow<'a, str>,
}

impl<'a> FileView<'a> {
    /// Builds the view leniently from the scheme-specific part.
    pub(super) fn parse(ssp: &'a str) -> Self {
        match bnf::split_server(ssp, b"/") {
            Some((auth, path)) => FileView {
                // `file:///p` has an empty host, which is present (§3.10: the local machine).
                host: Some(auth),
                path: bnf::decode(path),
            },
            None => FileView {
                host: None,
                path: bnf::decode(ssp),
            },
        }
    }

    /// The host as written: `Some("")` for the empty host of `file:///path` (§3.10, the
    /// machine interpreting the URL), `None` when there is no authority (`file:/path`).
    ///
    /// ```
    /// let host = |u| urlkit::rfc1738::parse(u).unwrap().view.as_file().unwrap().host();
    /// assert_eq!(host("file:///etc/motd"), Some(""));
    /// assert_eq!(host("file:/etc/motd"), None);
    /// assert_eq!(host("file://localhost/etc/motd"), Some("localhost"));
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        self.host
    }

    /// Whether the file is on the machine interpreting the URL: the host is empty, absent
    /// or `localhost` (RFC 1738 §3.10, RFC 8089 §2).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("file://LocalHost/etc/motd").unwrap();
    /// assert!(p.view.as_file().unwrap().is_local());
    /// ```
    pub fn is_local(&self) -> bool {
        self.host
            .is_none_or(|h| h.is_empty() || h.eq_ignore_ascii_case("localhost"))
    }

    /// The decoded path, with its leading `/` when it has one.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("file:c:/path/to%20file").unwrap();
    /// assert_eq!(p.view.as_file().unwrap().path(), "c:/path/to file");
    /// ```
    pub fn path(&self) -> &str {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict() {
        let v = |s: &str| validate(s.as_bytes(), 5);
        for ok in [
            "file:///",
            "file:///etc/motd",
            "file://localhost/x",
            "file://h.dom/a/b",
        ] {
            assert_eq!(v(ok), Ok(()), "{ok}");
        }
        assert_eq!(v("file:/etc"), Err(err(Rule::Fileurl, 6)));
        assert_eq!(v("file://h"), Err(err(Rule::Fileurl, 8)));
        assert_eq!(v("file:///a;type=a"), Err(err(Rule::Fsegment, 9)));
        assert_eq!(v("file:///c|/x"), Err(err(Rule::Fsegment, 9)));
    }

    #[test]
    fn empty_host_is_present_and_local() {
        for (ssp, host, local) in [
            ("///etc", Some(""), true),
            ("/etc", None, true),
            ("etc", None, true),
            ("//localhost/etc", Some("localhost"), true),
            ("//h/etc", Some("h"), false),
            ("//", Some(""), true),
        ] {
            let f = FileView::parse(ssp);
            assert_eq!((f.host(), f.is_local()), (host, local), "{ssp}");
        }
    }
}
