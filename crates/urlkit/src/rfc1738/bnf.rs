//! Shared pieces of the RFC 1738 §5 BNF: the error type, the character-run scanners
//! (`uchar`/`xchar` runs with `escape`s), `login` and `hostport` (RFC 1738 §3.1), plus the
//! lenient splitters and the `%XX` decoder the typed views use.
//!
//! The strict scanners work on bytes with the [`AsciiSet`] tables of
//! [`crate::percent::sets`]; each returns the end of what it matched or an error naming the
//! BNF rule that failed and the byte where it failed.

use crate::percent::sets::{AsciiSet, ALPHA, DIGIT, HEXDIG, RFC1738_RESERVED, RFC1738_UNRESERVED};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A rule of the RFC 1738 §5 BNF, named in a [`ParseError`].
///
/// ```
/// use urlkit::rfc1738::Rule;
/// assert_eq!(Rule::GopherPlusString.name(), "gopher+_string");
/// assert_eq!(Rule::Hostport.to_string(), "hostport");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`, followed by `":"`.
    Scheme,
    /// `schemepart = *xchar | ip-schemepart` (otherurl).
    Schemepart,
    /// `login = [ user [ ":" password ] "@" ] hostport`.
    Login,
    /// `user = *[ uchar | ";" | "?" | "&" | "=" ]`.
    User,
    /// `password = *[ uchar | ";" | "?" | "&" | "=" ]`.
    Password,
    /// `hostport = host [ ":" port ]`.
    Hostport,
    /// `host = hostname | hostnumber`.
    Host,
    /// `hostname = *[ domainlabel "." ] toplabel`.
    Hostname,
    /// `port = digits`.
    Port,
    /// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.
    Ftpurl,
    /// `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`.
    Fsegment,
    /// `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`.
    Ftptype,
    /// `fileurl = "file://" [ host | "localhost" ] "/" fpath`.
    Fileurl,
    /// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`.
    Httpurl,
    /// `hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
    Hsegment,
    /// `search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
    Search,
    /// `gopherurl = "gopher://" hostport [ "/" [ gtype [ selector ... ]]]` (erratum 5118).
    Gopherurl,
    /// `gtype = xchar`.
    Gtype,
    /// `selector = *xchar`.
    Selector,
    /// `gopher+_string = *xchar`.
    GopherPlusString,
    /// `mailtourl = "mailto:" encoded822addr`.
    Mailtourl,
    /// `encoded822addr = 1*xchar`.
    Encoded822addr,
    /// `newsurl = "news:" grouppart`.
    Newsurl,
    /// `grouppart = "*" | group | article`.
    Grouppart,
    /// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`.
    Group,
    /// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`.
    Article,
    /// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.
    Nntpurl,
    /// `digits = 1*digit` (the nntp article number).
    Digits,
    /// `telneturl = "telnet://" login [ "/" ]`.
    Telneturl,
    /// `waisurl = waisdatabase | waisindex | waisdoc`.
    Waisurl,
    /// `database = *uchar`.
    Database,
    /// `wtype = *uchar`.
    Wtype,
    /// `wpath = *uchar`.
    Wpath,
    /// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`.
    Prosperourl,
    /// `psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`.
    Psegment,
    /// `fieldspec = ";" fieldname "=" fieldvalue`.
    Fieldspec,
    /// `fieldname = *[ uchar | "?" | ":" | "@" | "&" ]`.
    Fieldname,
    /// `fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ]`.
    Fieldvalue,
}

impl Rule {
    /// The rule's name exactly as RFC 1738 §5 spells it.
    ///
    /// ```
    /// assert_eq!(urlkit::rfc1738::Rule::Encoded822addr.name(), "encoded822addr");
    /// ```
    pub const fn name(self) -> &'static str {
        use Rule::*;
        match self {
            Scheme => "scheme",
            Schemepart => "schemepart",
            Login => "login",
            User => "user",
            Password => "password",
            Hostport => "hostport",
            Host => "host",
            Hostname => "hostname",
            Port => "port",
            Ftpurl => "ftpurl",
            Fsegment => "fsegment",
            Ftptype => "ftptype",
            Fileurl => "fileurl",
            Httpurl => "httpurl",
            Hsegment => "hsegment",
            Search => "search",
            Gopherurl => "gopherurl",
            Gtype => "gtype",
            Selector => "selector",
            GopherPlusString => "gopher+_string",
            Mailtourl => "mailtourl",
            Encoded822addr => "encoded822addr",
            Newsurl => "newsurl",
            Grouppart => "grouppart",
            Group => "group",
            Article => "article",
            Nntpurl => "nntpurl",
            Digits => "digits",
            Telneturl => "telneturl",
            Waisurl => "waisurl",
            Database => "database",
            Wtype => "wtype",
            Wpath => "wpath",
            Prosperourl => "prosperourl",
            Psegment => "psegment",
            Fieldspec => "fieldspec",
            Fieldname => "fieldname",
            Fieldvalue => "fieldvalue",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A URL that does not match the RFC 1738 §5 BNF: the rule that failed and the byte
/// position in the input where it failed. A `%` that does not start an `escape`
/// (`"%" hex hex`) is reported against the rule whose characters it appears among.
///
/// ```
/// let e = urlkit::rfc1738::validate("http://host/a b").unwrap_err();
/// assert_eq!(e.rule(), urlkit::rfc1738::Rule::Hsegment);
/// assert_eq!(e.position(), 13);
/// assert_eq!(e.to_string(), "expected hsegment at byte 13");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseError {
    rule: Rule,
    position: usize,
}

impl ParseError {
    /// An error for `rule` at byte `position`.
    ///
    /// ```
    /// use urlkit::rfc1738::{ParseError, Rule};
    /// assert_eq!(ParseError::new(Rule::Port, 9).position(), 9);
    /// ```
    pub const fn new(rule: Rule, position: usize) -> Self {
        ParseError { rule, position }
    }

    /// The BNF rule that could not be matched.
    ///
    /// ```
    /// let e = urlkit::rfc1738::validate("ftp://h/a;type=x").unwrap_err();
    /// assert_eq!(e.rule(), urlkit::rfc1738::Rule::Ftptype);
    /// ```
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// The byte offset in the input where matching failed.
    ///
    /// ```
    /// let e = urlkit::rfc1738::validate("ftp://h/a;type=x").unwrap_err();
    /// assert_eq!(e.position(), 15);
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} at byte {}", self.rule.name(), self.position)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseError {}

pub(super) type Res<T> = Result<T, ParseError>;

#[inline]
pub(super) const fn err(rule: Rule, position: usize) -> ParseError {
    ParseError::new(rule, position)
}

// Character sets of RFC 1738 §5, each the unescaped alternatives of one rule.
/// `uchar` without `escape`.
pub(super) const UCHAR: AsciiSet = RFC1738_UNRESERVED;
/// `xchar` without `escape`.
pub(super) const XCHAR: AsciiSet = RFC1738_UNRESERVED.union(RFC1738_RESERVED);
/// `user` / `password`.
pub(super) const USER: AsciiSet = UCHAR.add_all(b";?&=");
/// `fsegment` / `psegment`.
pub(super) const FSEGMENT: AsciiSet = UCHAR.add_all(b"?:@&=");
/// `hsegment` / `search`.
pub(super) const HSEGMENT: AsciiSet = UCHAR.add_all(b";:@&=");
/// `fieldname` / `fieldvalue`.
pub(super) const FIELD: AsciiSet = UCHAR.add_all(b"?:@&");
/// The part of `article` before `"@"`.
pub(super) const ARTICLE: AsciiSet = UCHAR.add_all(b";/?:&=");
/// `group` after its first `alpha`.
pub(super) const GROUP: AsciiSet = ALPHA.union(DIGIT).add_all(b"-.+_");

/// Scans `*[ set | escape ]` from `i` and returns where it stopped. A `%` that does not start
/// an `escape` is an error of `rule` at that `%`.
pub(super) fn run(b: &[u8], mut i: usize, set: &AsciiSet, rule: Rule) -> Res<usize> {
    while let Some(&c) = b.get(i) {
        if set.contains(c) {
            i += 1;
        } else if c == b'%' {
            if !has_escape(b, i) {
                return Err(err(rule, i));
            }
            i += 3;
        } else {
            break;
        }
    }
    Ok(i)
}

/// Whether an `escape` (`"%" hex hex`, RFC 1738 §2.2) starts at `i`.
#[inline]
pub(super) fn has_escape(b: &[u8], i: usize) -> bool {
    b.len() >= i + 3 && b[i] == b'%' && HEXDIG.contains(b[i + 1]) && HEXDIG.contains(b[i + 2])
}

/// Scans a run that must reach the end of the input.
pub(super) fn run_to_end(b: &[u8], i: usize, set: &AsciiSet, rule: Rule) -> Res<()> {
    let end = run(b, i, set, rule)?;
    if end == b.len() {
        Ok(())
    } else {
        Err(err(rule, end))
    }
}

/// Matches the literal `lit` (case-insensitively: scheme names, RFC 1738 §2.1) at `i`.
pub(super) fn literal(b: &[u8], i: usize, lit: &[u8], rule: Rule) -> Res<usize> {
    let end = i + lit.len();
    match b.get(i..end) {
        Some(s) if s.eq_ignore_ascii_case(lit) => Ok(end),
        _ => {
            // Report the first byte that differs.
            let same = b[i.min(b.len())..]
                .iter()
                .zip(lit)
                .take_while(|(x, y)| x.eq_ignore_ascii_case(y))
                .count();
            Err(err(rule, i + same))
        }
    }
}

/// `hostport = host [ ":" port ]` (RFC 1738 §3.1, §5) from `i`; returns its end.
pub(super) fn hostport(b: &[u8], i: usize) -> Res<usize> {
    let mut end = host(b, i)?;
    if b.get(end) == Some(&b':') {
        let digits = b[end + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return Err(err(Rule::Port, end + 1));
        }
        end += 1 + digits;
    }
    Ok(end)
}

/// `host = hostname | hostnumber` (RFC 1738 §3.1, §5) from `i`; returns its end.
///
/// `hostnumber = digits "." digits "." digits "." digits`; otherwise
/// `hostname = *[ domainlabel "." ] toplabel`, where labels start and end with an
/// `alphadigit` and the `toplabel` starts with an `alpha` (which is what keeps domain names
/// apart from IP addresses, §3.1).
pub(super) fn host(b: &[u8], i: usize) -> Res<usize> {
    let end = i + b[i..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-' || **c == b'.')
        .count();
    if end == i {
        return Err(err(Rule::Host, i));
    }
    let s = &b[i..end];
    let is_number = s.split(|c| *c == b'.').count() == 4
        && s.split(|c| *c == b'.')
            .all(|l| !l.is_empty() && l.iter().all(u8::is_ascii_digit));
    if is_number {
        return Ok(end);
    }
    let mut start = i;
    for label in s.split(|c| *c == b'.') {
        let last = start + label.len();
        match label {
            [] => return Err(err(Rule::Hostname, start)),
            [first, ..] if !first.is_ascii_alphanumeric() => return Err(err(Rule::Hostname, start)),
            [.., l] if !l.is_ascii_alphanumeric() => return Err(err(Rule::Hostname, last - 1)),
            [first, ..] if last == end && !first.is_ascii_alphabetic() => {
                return Err(err(Rule::Hostname, start))
            }
            _ => {}
        }
        start = last + 1;
    }
    Ok(end)
}

/// `login = [ user [ ":" password ] "@" ] hostport` (RFC 1738 §3.1, §5) from `i`; returns
/// its end. The `"@"` that ends the userinfo is the first before the next `/`, as `user` and
/// `password` cannot contain an unencoded `@` or `/` (§3.1).
pub(super) fn login(b: &[u8], i: usize) -> Res<usize> {
    let stop = b[i..].iter().position(|c| *c == b'/').map_or(b.len(), |p| i + p);
    let Some(at) = b[i..stop].iter().position(|c| *c == b'@').map(|p| i + p) else {
        return hostport(b, i);
    };
    let user_end = run(b, i, &USER, Rule::User)?;
    if user_end != at {
        if b[user_end] != b':' {
            return Err(err(Rule::User, user_end));
        }
        let pass_end = run(b, user_end + 1, &USER, Rule::Password)?;
        if pass_end != at {
            return Err(err(Rule::Password, pass_end));
        }
    }
    hostport(b, at + 1)
}

/// Checks that the input ends at `i` or continues with `/`; returns whether a `/` follows.
pub(super) fn end_or_slash(b: &[u8], i: usize, rule: Rule) -> Res<bool> {
    match b.get(i) {
        None => Ok(false),
        Some(b'/') => Ok(true),
        Some(_) => Err(err(rule, i)),
    }
}

// ---------------------------------------------------------------------------------------
// Lenient helpers for the typed views: they never fail, they split on the delimiters the
// scheme reserves and decode what RFC 1738 §2.2 says is decoded before use.

/// The decoded value of `%XX` escapes in `s` (RFC 1738 §2.2); a `%` that does not start an
/// escape stays as it is. Octets that are not UTF-8 become U+FFFD.
pub(super) fn decode(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    if !b.contains(&b'%') {
        return Cow::Borrowed(s);
    }
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if has_escape(b, i) {
            out.push(hex(b[i + 1]) << 4 | hex(b[i + 2]));
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    match String::from_utf8(out) {
        Ok(s) => Cow::Owned(s),
        Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// The value of one hex digit (the caller has checked it is one).
#[inline]
pub(super) const fn hex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}

/// The parts of `login` (RFC 1738 §3.1), split leniently and still encoded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Login<'a> {
    pub user: Option<&'a str>,
    pub password: Option<&'a str>,
    pub host: &'a str,
    pub port: Option<&'a str>,
}

impl<'a> Login<'a> {
    /// Splits `//login` leniently: userinfo ends at the last `@`, the password starts at the
    /// first `:` in it, a bracketed host ends at its `]`, the port follows the next `:`.
    pub fn split(auth: &'a str) -> Self {
        let (userinfo, hostport) = match auth.rfind('@') {
            Some(at) => (Some(&auth[..at]), &auth[at + 1..]),
            None => (None, auth),
        };
        let (user, password) = match userinfo {
            Some(u) => match u.find(':') {
                Some(c) => (Some(&u[..c]), Some(&u[c + 1..])),
                None => (Some(u), None),
            },
            None => (None, None),
        };
        let host_end = if hostport.starts_with('[') {
            hostport.find(']').map_or(hostport.len(), |p| p + 1)
        } else {
            hostport.find(':').unwrap_or(hostport.len())
        };
        let (host, rest) = hostport.split_at(host_end);
        let port = rest.find(':').map(|c| &rest[c + 1..]);
        Login {
            user,
            password,
            host,
            port,
        }
    }

    /// The port: the explicit one when it is a decimal `u16`, else `default` when no port is
    /// written (`None` when one is written but is not a valid port number).
    pub fn port_or(&self, default: Option<u16>) -> Option<u16> {
        match self.port {
            None | Some("") => default,
            Some(p) if p.bytes().all(|c| c.is_ascii_digit()) => p.parse().ok(),
            Some(_) => None,
        }
    }
}

/// Splits a scheme-specific part `//login/rest` into the login and what follows it
/// (starting at the first byte of `delims`); `None` when it does not start with `//`.
pub(super) fn split_server<'a>(ssp: &'a str, delims: &[u8]) -> Option<(&'a str, &'a str)> {
    let rest = ssp.strip_prefix("//")?;
    let end = rest
        .bytes()
        .position(|c| delims.contains(&c))
        .unwrap_or(rest.len());
    Some(rest.split_at(end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_follow_the_bnf() {
        for ok in [
            "a",
            "host.dom",
            "a-b.c",
            "10.0.0.1",
            "x1.y2z",
            "localhost",
            "9a.b",
        ] {
            assert_eq!(host(ok.as_bytes(), 0), Ok(ok.len()), "{ok}");
        }
        for (bad, pos) in [
            ("1.2.3", 4),
            ("a.", 2),
            (".a", 0),
            ("a-.b", 1),
            ("-a", 0),
            ("a.9b", 2),
        ] {
            assert_eq!(
                host(bad.as_bytes(), 0).map_err(|e| e.position()),
                Err(pos),
                "{bad}"
            );
        }
    }

    #[test]
    fn escapes_and_decoding() {
        assert!(has_escape(b"%2f", 0) && !has_escape(b"%2", 0) && !has_escape(b"%g0", 0));
        assert_eq!(decode("a%2Fb%zz%"), "a/b%zz%");
        assert_eq!(decode("caf%C3%A9"), "café");
        assert_eq!(decode("%FF"), "\u{FFFD}");
    }

    #[test]
    fn login_split() {
        let l = Login::split("u:p:q@h:21");
        assert_eq!(
            (l.user, l.password, l.host, l.port),
            (Some("u"), Some("p:q"), "h", Some("21"))
        );
        let l = Login::split("[::1]:8");
        assert_eq!((l.host, l.port_or(Some(1))), ("[::1]", Some(8)));
        assert_eq!(Login::split("h:x").port_or(Some(1)), None);
    }
}
