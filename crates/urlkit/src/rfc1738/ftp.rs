//! `ftp` URLs: RFC 1738 §3.2 (semantics) and §5 `ftpurl` (syntax).
//!
//! `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`

use super::bnf::{self, err, login, run, Login, Res, Rule, FSEGMENT};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Strict `ftpurl` from byte `i` (just after `ftp:`).
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    let i = bnf::literal(b, i, b"//", Rule::Ftpurl)?;
    let i = login(b, i)?;
    if !bnf::end_or_slash(b, i, Rule::Login)? {
        return Ok(());
    }
    fpath_then(b, i + 1, Some(Rule::Ftptype))
}

/// `fpath = fsegment *[ "/" fsegment ]` from `i` to the end, optionally followed by
/// `";type=" ftptype` when `typecode` is given (ftp, not file).
pub(super) fn fpath_then(b: &[u8], mut i: usize, typecode: Option<Rule>) -> Res<()> {
    loop {
        i = run(b, i, &FSEGMENT, Rule::Fsegment)?;
        match b.get(i) {
            None => return Ok(()),
            Some(b'/') => i += 1,
            Some(b';') if typecode.is_some() => break,
            Some(_) => return Err(err(Rule::Fsegment, i)),
        }
    }
    // `;` is reserved in fsegment (§3.2.2), so it can only start the typecode.
    let t = bnf::literal(b, i, b";type=", Rule::Fsegment)?;
    match b.get(t) {
        Some(b'a' | b'i' | b'd' | b'A' | b'I' | b'D') if t + 1 == b.len() => Ok(()),
        Some(b'a' | b'i' | b'd' | b'A' | b'I' | b'D') => Err(err(Rule::Ftptype, t + 1)),
        _ => Err(err(Rule::Ftptype, t)),
    }
}

/// An `ftp` URL's meaning (RFC 1738 §3.2): login, the directory elements to `CWD` into, the
/// name to retrieve or list, and the transfer type.
///
/// User and password keep "empty" apart from "absent" (§3.1): `ftp://@host/` has an empty
/// user, `ftp://host/` has none. Every `cwd` element and the `name` is `%`-decoded
/// separately (§3.2.2), so `%2F` becomes a `/` inside one element.
///
/// ```
/// use urlkit::rfc1738::{parse, SchemeView};
/// let p = parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
/// let SchemeView::Ftp(ftp) = &p.view else { panic!() };
/// assert_eq!(ftp.user(), Some("myname"));
/// assert_eq!(ftp.cwd().len(), 1);
/// assert_eq!(ftp.commands(), ["CWD /etc", "RETR motd"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FtpView<'a> {
    user: Option<Cow<'a, str>>,
    password: Option<Cow<'a, str>>,
    host: &'a str,
    port: Option<u16>,
    cwd: Vec<Cow<'a, str>>,
    name: Cow<'a, str>,
    typecode: Option<u8>,
}

impl<'a> FtpView<'a> {
    /// Builds the view leniently from the scheme-specific part (`//login/path`).
    pub(super) fn parse(ssp: &'a str, default_port: Option<u16>) -> Self {
        let (auth, rest) = bnf::split_server(ssp, b"/").unwrap_or(("", ssp));
        let l = Login::split(auth);
        let mut path = rest.strip_prefix('/').unwrap_or(rest);
        let mut typecode = None;
        // The typecode is the last `;type=X` (§3.2.2); `;` is reserved in names.
        if let Some(semi) = path.rfind(';') {
            let tail = &path[semi + 1..];
            let code = tail.as_bytes().get(5).map(u8::to_ascii_lowercase);
            let known = matches!(code, Some(b'a' | b'i' | b'd'));
            if known && tail.len() == 6 && tail[..5].eq_ignore_ascii_case("type=") {
                typecode = code;
                path = &path[..semi];
            }
        }
        let mut cwd: Vec<Cow<'a, str>> = path.split('/').map(bnf::decode).collect();
        let name = cwd.pop().unwrap_or(Cow::Borrowed(""));
        FtpView {
            user: l.user.map(bnf::decode),
            password: l.password.map(bnf::decode),
            host: l.host,
            port: l.port_or(default_port),
            cwd,
            name,
            typecode,
        }
    }

    /// The decoded user name; `Some("")` for `ftp://@host/`, `None` when absent (§3.1).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("ftp://@host.com/").unwrap();
    /// assert_eq!(p.view.as_ftp().unwrap().user(), Some(""));
    /// ```
    pub fn user(&self) -> Option<&str> {
        self.user.as_deref()
    }

    /// The decoded password; `Some("")` for `ftp://foo:@host.com/` (§3.1).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("ftp://foo:@host.com/").unwrap();
    /// assert_eq!(p.view.as_ftp().unwrap().password(), Some(""));
    /// ```
    pub fn password(&self) -> Option<&str> {
        self.password.as_deref()
    }

    /// The host as written.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("ftp://host.dom/").unwrap();
    /// assert_eq!(p.view.as_ftp().unwrap().host(), "host.dom");
    /// ```
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// The explicit port, else 21 (§3.2); `None` when the written port is not a number
    /// below 65536.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("ftp://host.dom/").unwrap();
    /// assert_eq!(p.view.as_ftp().unwrap().port(), Some(21));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The decoded `<cwd1>` … `<cwdN>` elements, in order (§3.2.2); elements may be empty.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("ftp://h//etc/motd").unwrap();
    /// assert_eq!(p.view.as_ftp().unwrap().cwd(), ["", "etc"]);
    /// ```
    pub fn cwd(&self) -> &[Cow<'a, str>] {
        &self.cwd
    }

    /// The decoded `<name>`; empty for a directory URL such as `ftp://h/pub/`.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("ftp://h/pub/").unwrap();
    /// assert_eq!(p.view.as_ftp().unwrap().name(), "");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The typecode `a`, `i` or `d` (lower-cased), when `;type=` is given (§3.2.3).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("ftp://h/f.txt;type=A").unwrap();
    /// assert_eq!(p.view.as_ftp().unwrap().typecode(), Some('a'));
    /// ```
    pub fn typecode(&self) -> Option<char> {
        self.typecode.map(char::from)
    }

    /// The FTP command plan of §3.2.2 (after `USER`/`PASS`, §3.2.1):
    ///
    /// 1. `CWD <cwd>` for each element in order. An empty element gives `"CWD "`, the
    ///    literal command with a null argument that §3.2.2 names for `ftp://h//etc/motd`.
    /// 2. Typecode `d`: `NLST <name>`, or plain `NLST` when the name is empty (the argument
    ///    is optional, RFC 959 §4.1.3, and then lists the current directory).
    /// 3. Otherwise `TYPE A` / `TYPE I` when a typecode is given, then `RETR <name>`. With
    ///    an empty name there is no file to access, so no `RETR` is planned: the URL names
    ///    the directory reached by the `CWD`s.
    ///
    /// ```
    /// let plan = |u| urlkit::rfc1738::parse(u).unwrap().view.as_ftp().unwrap().commands();
    /// assert_eq!(plan("ftp://myname@host.dom/etc/motd"), ["CWD etc", "RETR motd"]);
    /// assert_eq!(plan("ftp://myname@host.dom//etc/motd"), ["CWD ", "CWD etc", "RETR motd"]);
    /// assert_eq!(plan("ftp://h/pub;type=d"), ["NLST pub"]);
    /// assert_eq!(plan("ftp://h/pub/;type=d"), ["CWD pub", "NLST"]);
    /// assert_eq!(plan("ftp://h/a.bin;type=i"), ["TYPE I", "RETR a.bin"]);
    /// ```
    ///
    /// A command never holds a raw CR, LF or NUL: a decoded one would end the command line
    /// (RFC 959 §4.1) and smuggle in another command (RFC 1738 §6), so it is written back as
    /// `%0D`, `%0A` or `%00`. [`SchemeView::line_breaks`](super::SchemeView::line_breaks)
    /// flags such URLs, which a client must refuse.
    ///
    /// ```
    /// let plan = |u| urlkit::rfc1738::parse(u).unwrap().view.as_ftp().unwrap().commands();
    /// assert_eq!(plan("ftp://h/a%0d%0aDELE%20x"), ["RETR a%0D%0ADELE x"]);
    /// ```
    pub fn commands(&self) -> Vec<String> {
        let mut out: Vec<String> = self.cwd.iter().map(|c| format!("CWD {}", one_line(c))).collect();
        match self.typecode {
            Some(b'd') if self.name.is_empty() => out.push(String::from("NLST")),
            Some(b'd') => out.push(format!("NLST {}", one_line(&self.name))),
            t => {
                if let Some(t) = t {
                    out.push(format!("TYPE {}", char::from(t.to_ascii_uppercase())));
                }
                if !self.name.is_empty() {
                    out.push(format!("RETR {}", one_line(&self.name)));
                }
            }
        }
        out
    }
}

/// `arg` with CR, LF and NUL percent-encoded again, so that it stays one command line.
fn one_line(arg: &str) -> Cow<'_, str> {
    if !arg.contains(['\r', '\n', '\0']) {
        return Cow::Borrowed(arg);
    }
    let mut line = String::with_capacity(arg.len() + 4);
    for c in arg.chars() {
        match c {
            '\r' => line.push_str("%0D"),
            '\n' => line.push_str("%0A"),
            '\0' => line.push_str("%00"),
            c => line.push(c),
        }
    }
    Cow::Owned(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Res<()> {
        validate(s.as_bytes(), 4)
    }

    #[test]
    fn strict() {
        assert!(v("ftp://h").is_ok());
        assert!(v("ftp://u:p@h:21/a/b;type=d").is_ok());
        assert!(v("ftp://h/a;b").is_err());
        assert_eq!(v("ftp://h/a;type=dd"), Err(err(Rule::Ftptype, 16)));
        assert_eq!(v("ftp:h"), Err(err(Rule::Ftpurl, 4)));
        assert_eq!(v("ftp://u@p@h/"), Err(err(Rule::Login, 9)));
        assert_eq!(v("ftp://h/a b"), Err(err(Rule::Fsegment, 9)));
    }

    #[test]
    fn view() {
        let f = FtpView::parse("//h:2121", Some(21));
        assert_eq!(
            (f.port(), f.cwd().len(), f.name(), f.commands().len()),
            (Some(2121), 0, "", 0)
        );
        let f = FtpView::parse("//h/a%3Bb/c;TYPE=I", Some(21));
        assert_eq!(
            (f.cwd(), f.name(), f.typecode()),
            (&[Cow::Borrowed("a;b")][..], "c", Some('i'))
        );
        assert_eq!(f.commands(), ["CWD a;b", "TYPE I", "RETR c"]);
        // No command ever holds a raw line break, wherever the URL decoded one.
        let f = FtpView::parse("//h/d%0d%0aQUIT/n%0a;type=d", Some(21));
        assert_eq!(f.commands(), ["CWD d%0D%0AQUIT", "NLST n%0A"]);
        let f = FtpView::parse("//h/%00/%0D%0a", Some(21));
        assert!(f.commands().iter().all(|c| !c.contains(['\r', '\n', '\0'])));
        assert_eq!(f.commands(), ["CWD %00", "RETR %0D%0A"]);
        // An unknown typecode is not one: it stays part of the name.
        let f = FtpView::parse("//h/c;type=x", Some(21));
        assert_eq!((f.name(), f.typecode()), ("c;type=x", None));
    }
}
