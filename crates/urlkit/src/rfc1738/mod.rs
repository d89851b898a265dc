//! The RFC 1738 schemes: strict validation against the RFC 1738 §5 BNF, typed views with
//! each scheme's decoded meaning (RFC 1738 §3), and the encoding rules of §2.2.
//!
//! - [`validate`] checks a whole URL against `httpurl`, `ftpurl`, `fileurl`, `gopherurl`
//!   (with verified erratum 5118), `mailtourl`, `newsurl`, `nntpurl`, `telneturl`,
//!   `waisurl`, `prosperourl`, or `otherurl` for any other scheme, and names the rule that
//!   failed with its byte position. Scheme names match case-insensitively (§2.1).
//! - [`parse`] builds a [`SchemeView`] leniently, even for a URL that fails validation,
//!   and reports the validation result beside it. Where a later RFC refines RFC 1738 the
//!   view follows it, and says so: mailto (RFC 6068), file (RFC 8089), gopher (RFC 4266),
//!   news/nntp (RFC 5538); telnet (RFC 4248), wais (RFC 4156) and prospero (RFC 4157)
//!   keep RFC 1738's forms. Validation stays the RFC 1738 BNF.
//! - [`encoding`] classifies characters (§2.2), makes URLs safer and compares them at the
//!   same encoding level (W3C URL syntax notes).
//!
//! Views decode `%XX` escapes where RFC 1738 §3 says a part is decoded before use; the
//! decoded octets are read as UTF-8, and octets that do not form UTF-8 become U+FFFD.
//! Views never fail: a part that cannot be read (a port that is not a number below 65536,
//! say) is `None`.
//!
//! A leading `URL:` (the W3C notes' PrePrefix, the RFC 1738 Appendix's `<URL:…>`) is
//! accepted and skipped; [`extract_from_context`] also removes the brackets and the
//! whitespace of a URL wrapped in running text. A fragment identifier is not part of an RFC 1738 URL: [`validate`] rejects an
//! unencoded `#` (it is unsafe, §2.2), while [`parse`] sets it apart in
//! [`Parsed::fragment`].
//!
//! ```
//! use urlkit::rfc1738::{parse, validate, Rule, SchemeView};
//! assert!(validate("ftp://myname@host.dom/%2Fetc/motd").is_ok());
//! assert_eq!(validate("HTTP://user@host/").unwrap_err().rule(), Rule::Hostport);
//!
//! let p = parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
//! assert_eq!((p.scheme.as_ref(), p.default_port), ("ftp", Some(21)));
//! let SchemeView::Ftp(ftp) = &p.view else { unreachable!() };
//! assert_eq!(ftp.commands(), ["CWD /etc", "RETR motd"]);
//! ```

mod bnf;
pub mod encoding;
mod fields;
mod file;
mod ftp;
mod gopher;
mod http;
mod lines;
mod mailto;
mod news;
mod nntp;
mod other;
mod prospero;
mod telnet;
mod wais;

pub use bnf::{ParseError, Rule};
pub use fields::Field;
pub use file::FileView;
pub use ftp::FtpView;
pub use gopher::GopherView;
pub use http::HttpView;
pub use mailto::MailtoView;
pub use news::NewsView;
pub use nntp::NntpView;
pub use other::OtherView;
pub use prospero::ProsperoView;
pub use telnet::TelnetView;
pub use wais::WaisView;

use crate::percent::sets::{ALPHA, DIGIT};
use crate::scheme::default_port;
use alloc::borrow::Cow;
use core::fmt;

/// The input has no `scheme ":"` prefix (RFC 1738 §2.1), so it is not a URL at all.
///
/// ```
/// let e = urlkit::rfc1738::parse("no scheme here").unwrap_err();
/// assert_eq!(e.position(), 2);
/// assert_eq!(e.to_string(), "expected scheme followed by ':' at byte 2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NotAUrl {
    position: usize,
}

impl NotAUrl {
    /// The byte where the scheme stopped without a `:`.
    ///
    /// ```
    /// assert_eq!(urlkit::rfc1738::parse(":x").unwrap_err().position(), 0);
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for NotAUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected scheme followed by ':' at byte {}", self.position)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for NotAUrl {}

/// The schemes with a view, matched case-insensitively (§2.1).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ftp,
    Http,
    Gopher,
    Mailto,
    News,
    Nntp,
    Telnet,
    Wais,
    File,
    Prospero,
    Other,
}

impl Kind {
    fn of(scheme: &str) -> Kind {
        const NAMES: [(&str, Kind); 12] = [
            ("ftp", Kind::Ftp),
            ("http", Kind::Http),
            // RFC 9110 §4.2.2: `https` is `http` over TLS with the same syntax (default port
            // 443); it has no RFC 1738 grammar of its own, so it validates as a generic URL.
            ("https", Kind::Http),
            ("gopher", Kind::Gopher),
            ("mailto", Kind::Mailto),
            ("news", Kind::News),
            // RFC 5538 §2.2: `snews` is `news` over TLS; it has no RFC 1738 grammar.
            ("snews", Kind::News),
            ("nntp", Kind::Nntp),
            ("telnet", Kind::Telnet),
            ("wais", Kind::Wais),
            ("file", Kind::File),
            ("prospero", Kind::Prospero),
        ];
        NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(scheme))
            .map_or(Kind::Other, |(_, k)| *k)
    }
}

/// Finds `[ "URL:" ] scheme ":"` and returns the scheme's start and the `:`'s position.
/// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]` (§5), upper case allowed (§2.1).
fn split_scheme(url: &str) -> Result<(usize, usize), usize> {
    fn scheme_end(b: &[u8], start: usize) -> Result<usize, usize> {
        let n = b[start..]
            .iter()
            .take_while(|c| ALPHA.contains(**c) || DIGIT.contains(**c) || b"+-.".contains(c))
            .count();
        match b.get(start + n) {
            Some(b':') if n > 0 => Ok(start + n),
            _ => Err(start + n),
        }
    }
    let b = url.as_bytes();
    if b.len() > 4 && b[..4].eq_ignore_ascii_case(b"URL:") {
        if let Ok(colon) = scheme_end(b, 4) {
            return Ok((4, colon));
        }
    }
    scheme_end(b, 0).map(|colon| (0, colon))
}

/// Extracts a URL written in running text (RFC 1738 Appendix, "Recommendations for URLs in
/// Context"): drops the `<` `>` wrapper and the `URL:` prefix, and the whitespace that was
/// added to break a long URL across lines ("the whitespace should be ignored when
/// extracting the URL"). A hyphen before a line break is kept; the Appendix warns it may
/// or may not belong to the URL.
///
/// ```
/// use urlkit::rfc1738::extract_from_context;
/// assert_eq!(extract_from_context("<URL:ftp://ds.in\n   ternic.net/rfc>"), "ftp://ds.internic.net/rfc");
/// assert_eq!(extract_from_context("<URL:ftp://info.cern.ch/pub/www/doc; type=d>"), "ftp://info.cern.ch/pub/www/doc;type=d");
/// assert_eq!(extract_from_context("news:*"), "news:*");
/// ```
pub fn extract_from_context(text: &str) -> Cow<'_, str> {
    let mut s = text.trim();
    if let Some(inner) = s.strip_prefix('<').and_then(|r| r.strip_suffix('>')) {
        s = inner.trim();
    }
    if s.len() >= 4 && s.as_bytes()[..4].eq_ignore_ascii_case(b"URL:") {
        s = s[4..].trim_start();
    }
    if s.bytes().any(|c| c.is_ascii_whitespace()) {
        Cow::Owned(s.chars().filter(|c| !c.is_ascii_whitespace()).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// Validates a whole URL against the RFC 1738 §5 BNF of its scheme (`otherurl` for
/// schemes RFC 1738 does not define, and for `snews`).
///
/// # Errors
///
/// The first rule that cannot be matched and the byte where it failed: [`Rule::Scheme`]
/// when there is no `scheme ":"`.
///
/// ```
/// use urlkit::rfc1738::{validate, Rule};
/// assert!(validate("gopher://gopher.micro.umn.edu/11/Info").is_ok());
/// let e = validate("nntp://wild.server.example/example.group.n%2Fa/12345").unwrap_err();
/// assert_eq!((e.rule(), e.position()), (Rule::Group, 42));
/// assert_eq!(validate("no-colon").unwrap_err().rule(), Rule::Scheme);
/// ```
pub fn validate(url: &str) -> Result<(), ParseError> {
    let (start, colon) = split_scheme(url).map_err(|p| ParseError::new(Rule::Scheme, p))?;
    let b = url.as_bytes();
    let i = colon + 1;
    let scheme = &url[start..colon];
    match Kind::of(scheme) {
        Kind::Ftp => ftp::validate(b, i),
        Kind::Http if scheme.eq_ignore_ascii_case("http") => http::validate(b, i),
        Kind::Gopher => gopher::validate(b, i),
        Kind::Mailto => mailto::validate(b, i),
        Kind::News if scheme.eq_ignore_ascii_case("news") => news::validate(b, i),
        Kind::Nntp => nntp::validate(b, i),
        Kind::Telnet => telnet::validate(b, i),
        Kind::Wais => wais::validate(b, i),
        Kind::File => file::validate(b, i),
        Kind::Prospero => prospero::validate(b, i),
        Kind::Http | Kind::News | Kind::Other => other::validate(b, i),
    }
}

/// A URL split by [`parse`]: its scheme, the scheme's default port, the typed view and the
/// result of strict validation (the view is built even when validation fails).
///
/// ```
/// let p = urlkit::rfc1738::parse("http://www.myu.edu/org/admin/people#andy").unwrap();
/// assert_eq!(p.fragment, Some("andy"));
/// assert_eq!(p.view.as_http().unwrap().path(), Some("org/admin/people"));
/// assert!(p.validation.is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed<'a> {
    /// The scheme, lower-cased (§2.1).
    pub scheme: Cow<'a, str>,
    /// The scheme's default port from [`crate::scheme::default_port`].
    pub default_port: Option<u16>,
    /// The typed view of the scheme-specific part (fragment excluded).
    pub view: SchemeView<'a>,
    /// Whether the whole input matches the RFC 1738 §5 BNF (see [`validate`]).
    pub validation: Result<(), ParseError>,
    /// What follows the first `#`, which is not part of the URL (RFC 1630, RFC 1738 §2.2).
    pub fragment: Option<&'a str>,
}

/// Splits a URL into a [`Parsed`]: lenient typed view plus strict validation.
///
/// # Errors
///
/// [`NotAUrl`] when the input does not start with `scheme ":"`.
///
/// ```
/// let p = urlkit::rfc1738::parse("Gopher://h:7070/0a%20file")?;
/// assert_eq!(p.scheme, "gopher");
/// let g = p.view.as_gopher().unwrap();
/// assert_eq!((g.port(), g.gophertype(), g.selector()), (Some(7070), "0", "a file"));
/// # Ok::<(), urlkit::rfc1738::NotAUrl>(())
/// ```
pub fn parse(url: &str) -> Result<Parsed<'_>, NotAUrl> {
    let (start, colon) = split_scheme(url).map_err(|position| NotAUrl { position })?;
    let raw = &url[start..colon];
    let scheme = if raw.bytes().any(|c| c.is_ascii_uppercase()) {
        Cow::Owned(raw.to_ascii_lowercase())
    } else {
        Cow::Borrowed(raw)
    };
    let rest = &url[colon + 1..];
    let (ssp, fragment) = match rest.find('#') {
        Some(h) => (&rest[..h], Some(&rest[h + 1..])),
        None => (rest, None),
    };
    let port = default_port(&scheme);
    let view = SchemeView::build(Kind::of(raw), ssp, port);
    Ok(Parsed {
        default_port: port,
        scheme,
        view,
        validation: validate(url),
        fragment,
    })
}

/// The typed meaning of a URL, one variant per RFC 1738 §3 scheme.
///
/// ```
/// use urlkit::rfc1738::{parse, SchemeView};
/// let p = parse("telnet://host.dom").unwrap();
/// assert!(matches!(p.view, SchemeView::Telnet(_)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SchemeView<'a> {
    /// `ftp` (§3.2).
    Ftp(FtpView<'a>),
    /// `http` (§3.3).
    Http(HttpView<'a>),
    /// `gopher` (§3.4, RFC 4266).
    Gopher(GopherView<'a>),
    /// `mailto` (§3.5, RFC 6068).
    Mailto(MailtoView<'a>),
    /// `news` and `snews` (§3.6, RFC 5538).
    News(NewsView<'a>),
    /// `nntp` (§3.7, RFC 5538).
    Nntp(NntpView<'a>),
    /// `telnet` (§3.8, RFC 4248).
    Telnet(TelnetView<'a>),
    /// `wais` (§3.9, RFC 4156).
    Wais(WaisView<'a>),
    /// `file` (§3.10, RFC 8089).
    File(FileView<'a>),
    /// `prospero` (§3.11, RFC 4157).
    Prospero(ProsperoView<'a>),
    /// Any other scheme (`otherurl`, §5).
    Other(OtherView<'a>),
}

/// Generates the `as_*` accessors of [`SchemeView`].
macro_rules! accessors {
    ($($fn:ident, $variant:ident, $ty:ident, $url:literal;)*) => {$(
        #[doc = concat!("The [`", stringify!($ty), "`] when this is a `", stringify!($variant), "` view.")]
        ///
        /// ```
        #[doc = concat!("let p = urlkit::rfc1738::parse(\"", $url, "\").unwrap();")]
        #[doc = concat!("assert!(p.view.", stringify!($fn), "().is_some());")]
        /// ```
        pub fn $fn(&self) -> Option<&$ty<'a>> {
            match self {
                SchemeView::$variant(v) => Some(v),
                _ => None,
            }
        }
    )*};
}

impl<'a> SchemeView<'a> {
    fn build(kind: Kind, ssp: &'a str, port: Option<u16>) -> Self {
        match kind {
            Kind::Ftp => SchemeView::Ftp(FtpView::parse(ssp, port)),
            Kind::Http => SchemeView::Http(HttpView::parse(ssp, port)),
            Kind::Gopher => SchemeView::Gopher(GopherView::parse(ssp, port)),
            Kind::Mailto => SchemeView::Mailto(MailtoView::parse(ssp)),
            Kind::News => SchemeView::News(NewsView::parse(ssp, port)),
            Kind::Nntp => SchemeView::Nntp(NntpView::parse(ssp, port)),
            Kind::Telnet => SchemeView::Telnet(TelnetView::parse(ssp, port)),
            Kind::Wais => SchemeView::Wais(WaisView::parse(ssp, port)),
            Kind::File => SchemeView::File(FileView::parse(ssp)),
            Kind::Prospero => SchemeView::Prospero(ProsperoView::parse(ssp, port)),
            Kind::Other => SchemeView::Other(OtherView::parse(ssp)),
        }
    }

    /// The view of a URL string (the `view` of [`parse`]).
    ///
    /// # Errors
    ///
    /// [`NotAUrl`] when the input does not start with `scheme ":"`.
    ///
    /// ```
    /// let v = urlkit::rfc1738::SchemeView::parse("news:*").unwrap();
    /// assert_eq!(v.as_news().unwrap().newsgroup(), Some("*"));
    /// ```
    pub fn parse(url: &'a str) -> Result<Self, NotAUrl> {
        parse(url).map(|p| p.view)
    }

    /// The view of a WHATWG [`Url`](crate::Url), built from its serialization.
    ///
    /// # Errors
    ///
    /// [`NotAUrl`] only if the serialization had no scheme, which a parsed `Url` always has.
    ///
    /// ```no_run
    /// let url = urlkit::Url::parse("ftp://host.dom/pub/file.txt")?;
    /// let view = urlkit::rfc1738::SchemeView::from_url(&url).unwrap();
    /// assert_eq!(view.as_ftp().unwrap().name(), "file.txt");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn from_url(url: &'a crate::Url) -> Result<Self, NotAUrl> {
        Self::parse(url.as_str())
    }

    /// The view of an RFC 3986 [`Uri`](crate::rfc3986::Uri), built from its text.
    ///
    /// # Errors
    ///
    /// [`NotAUrl`] for a relative reference (no scheme).
    ///
    /// ```
    /// let uri = urlkit::rfc3986::Uri::parse("nntp://news.gmane.org/gmane.ietf.tools/742")?;
    /// let view = urlkit::rfc1738::SchemeView::from_uri(&uri).unwrap();
    /// assert_eq!(view.as_nntp().unwrap().article(), Some(742));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn from_uri(uri: &'a crate::rfc3986::Uri) -> Result<Self, NotAUrl> {
        Self::parse(uri.as_str())
    }

    /// The view of a borrowed RFC 3986 [`UriRef`](crate::rfc3986::UriRef). A `UriRef`
    /// hands out its components but not its whole text as one slice, so the text is
    /// written into `buf` (cleared first) and the view borrows from there.
    ///
    /// # Errors
    ///
    /// [`NotAUrl`] for a relative reference (no scheme).
    ///
    /// ```
    /// let r = urlkit::rfc3986::UriRef::parse("gopher://h/1sel%09term")?;
    /// let mut buf = String::new();
    /// let view = urlkit::rfc1738::SchemeView::from_uri_ref(&r, &mut buf).unwrap();
    /// assert_eq!(view.as_gopher().unwrap().search(), Some("term"));
    /// assert!(urlkit::rfc1738::SchemeView::from_uri_ref(
    ///     &urlkit::rfc3986::UriRef::parse("../rel")?, &mut String::new()).is_err());
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn from_uri_ref(
        uri: &crate::rfc3986::UriRef<'_>,
        buf: &'a mut alloc::string::String,
    ) -> Result<Self, NotAUrl> {
        use core::fmt::Write;
        buf.clear();
        // Writing to a String cannot fail.
        let _ = write!(buf, "{uri}");
        let text: &'a str = buf;
        Self::parse(text)
    }

    /// The host of any view that has one (as written; `None` for mailto, news without a
    /// server, local file URLs without a host, and other schemes).
    ///
    /// ```
    /// let v = urlkit::rfc1738::SchemeView::parse("wais://h.dom/db").unwrap();
    /// assert_eq!(v.host(), Some("h.dom"));
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        match self {
            SchemeView::Ftp(v) => Some(v.host()),
            SchemeView::Http(v) => Some(v.host()),
            SchemeView::Gopher(v) => Some(v.host()),
            SchemeView::Nntp(v) => Some(v.host()),
            SchemeView::Telnet(v) => Some(v.host()),
            SchemeView::Wais(v) => Some(v.host()),
            SchemeView::Prospero(v) => Some(v.host()),
            SchemeView::News(v) => v.host(),
            SchemeView::File(v) => v.host(),
            SchemeView::Mailto(_) | SchemeView::Other(_) => None,
        }
    }

    /// The port of any view that has one: explicit, else the scheme's default.
    ///
    /// ```
    /// let v = urlkit::rfc1738::SchemeView::parse("prospero://h/x").unwrap();
    /// assert_eq!(v.port(), Some(1525));
    /// ```
    pub fn port(&self) -> Option<u16> {
        match self {
            SchemeView::Ftp(v) => v.port(),
            SchemeView::Http(v) => v.port(),
            SchemeView::Gopher(v) => v.port(),
            SchemeView::Nntp(v) => v.port(),
            SchemeView::Telnet(v) => v.port(),
            SchemeView::Wais(v) => v.port(),
            SchemeView::Prospero(v) => v.port(),
            SchemeView::News(v) => v.port(),
            SchemeView::File(_) | SchemeView::Mailto(_) | SchemeView::Other(_) => None,
        }
    }

    accessors! {
        as_ftp, Ftp, FtpView, "ftp://h/f";
        as_http, Http, HttpView, "http://h/";
        as_gopher, Gopher, GopherView, "gopher://h/";
        as_mailto, Mailto, MailtoView, "mailto:a@b";
        as_news, News, NewsView, "news:a.b";
        as_nntp, Nntp, NntpView, "nntp://h/a.b";
        as_telnet, Telnet, TelnetView, "telnet://h";
        as_wais, Wais, WaisView, "wais://h/db";
        as_file, File, FileView, "file:///etc";
        as_prospero, Prospero, ProsperoView, "prospero://h/x";
        as_other, Other, OtherView, "urn:x";
    }
}
