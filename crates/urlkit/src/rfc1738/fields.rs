//! A scheme view as named fields (RFC 1738 §3 and the scheme sections after it): what
//! `urlkit parse --rfc1738 --json`, the WebAssembly package's `readings()` and other outputs
//! write, in one order and with one set of names.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::SchemeView;

/// The value of one field of a [`SchemeView`] (see [`SchemeView::fields`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Field<'a> {
    /// Absent (`null` in JSON).
    Null,
    /// A decoded string.
    Text(Cow<'a, str>),
    /// A number: a port or an NNTP article number.
    Number(u64),
    /// A yes/no answer (a `file` URL's host names this machine).
    Flag(bool),
    /// A list of decoded strings.
    List(Vec<Cow<'a, str>>),
    /// A list of decoded `(name, value)` pairs.
    Pairs(Vec<(&'a str, &'a str)>),
}

fn text(s: &str) -> Field<'_> {
    Field::Text(Cow::Borrowed(s))
}

fn opt(s: Option<&str>) -> Field<'_> {
    s.map_or(Field::Null, text)
}

fn port<'a>(port: Option<u16>) -> Field<'a> {
    port.map_or(Field::Null, |p| Field::Number(u64::from(p)))
}

fn list<'a>(items: &'a [Cow<'a, str>]) -> Field<'a> {
    Field::List(items.iter().map(|s| Cow::Borrowed(&**s)).collect())
}

fn pairs<'a>(items: &'a [(Cow<'a, str>, Cow<'a, str>)]) -> Field<'a> {
    Field::Pairs(items.iter().map(|(n, v)| (&**n, &**v)).collect())
}

impl<'a> SchemeView<'a> {
    /// The view's fields as `(name, value)` pairs, in a fixed order per scheme: `ftp`
    /// (§3.2) `user password host port cwd name typecode commands`; `http` (§3.3) `host port
    /// path search`; `gopher` (§3.4) `host port gophertype selector search gopher_plus`;
    /// `mailto` (§3.5, RFC 6068) `addresses headers`; `news` (§3.6, RFC 5538) `newsgroup
    /// message_id host port`; `nntp` (§3.7) `host port newsgroup article`; `telnet` (§3.8)
    /// `user password host port`; `wais` (§3.9) `host port database search wtype wpath`;
    /// `file` (§3.10) `host local path`; `prospero` (§3.11) `host port hsoname fields`;
    /// other schemes `scheme_specific_part`.
    ///
    /// ```
    /// use urlkit::rfc1738::{Field, SchemeView};
    /// let view = SchemeView::parse("ftp://me@ftp.example/pub/f.txt;type=i").unwrap();
    /// let fields = view.fields();
    /// let names: Vec<_> = fields.iter().map(|(n, _)| *n).collect();
    /// assert_eq!(names, ["user", "password", "host", "port", "cwd", "name", "typecode", "commands"]);
    /// assert_eq!(fields[0].1, Field::Text("me".into()));
    /// assert_eq!(fields[1].1, Field::Null);
    /// assert_eq!(fields[4].1, Field::List(vec!["pub".into()]));
    /// assert_eq!(fields[6].1, Field::Text("i".into()));
    /// let nntp = SchemeView::parse("nntp://news.example/comp.lang/42").unwrap();
    /// assert_eq!(nntp.fields()[3], ("article", Field::Number(42)));
    /// ```
    pub fn fields(&self) -> Vec<(&'static str, Field<'_>)> {
        match self {
            SchemeView::Ftp(v) => alloc::vec![
                ("user", opt(v.user())),
                ("password", opt(v.password())),
                ("host", text(v.host())),
                ("port", port(v.port())),
                ("cwd", list(v.cwd())),
                ("name", text(v.name())),
                (
                    "typecode",
                    v.typecode()
                        .map_or(Field::Null, |c| Field::Text(Cow::Owned(String::from(c))))
                ),
                (
                    "commands",
                    Field::List(v.commands().into_iter().map(Cow::Owned).collect())
                ),
            ],
            SchemeView::Http(v) => alloc::vec![
                ("host", text(v.host())),
                ("port", port(v.port())),
                ("path", opt(v.path())),
                ("search", opt(v.search())),
            ],
            SchemeView::Gopher(v) => alloc::vec![
                ("host", text(v.host())),
                ("port", port(v.port())),
                ("gophertype", text(v.gophertype())),
                ("selector", text(v.selector())),
                ("search", opt(v.search())),
                ("gopher_plus", opt(v.gopher_plus())),
            ],
            SchemeView::Mailto(v) => alloc::vec![
                ("addresses", list(v.addresses())),
                ("headers", pairs(v.headers()))
            ],
            SchemeView::News(v) => alloc::vec![
                ("newsgroup", opt(v.newsgroup())),
                ("message_id", opt(v.message_id())),
                ("host", opt(v.host())),
                ("port", port(v.port())),
            ],
            SchemeView::Nntp(v) => alloc::vec![
                ("host", text(v.host())),
                ("port", port(v.port())),
                ("newsgroup", text(v.newsgroup())),
                ("article", v.article().map_or(Field::Null, Field::Number)),
            ],
            SchemeView::Telnet(v) => alloc::vec![
                ("user", opt(v.user())),
                ("password", opt(v.password())),
                ("host", text(v.host())),
                ("port", port(v.port())),
            ],
            SchemeView::Wais(v) => alloc::vec![
                ("host", text(v.host())),
                ("port", port(v.port())),
                ("database", text(v.database())),
                ("search", opt(v.search())),
                ("wtype", opt(v.wtype())),
                ("wpath", opt(v.wpath())),
            ],
            SchemeView::File(v) => alloc::vec![
                ("host", opt(v.host())),
                ("local", Field::Flag(v.is_local())),
                ("path", text(v.path())),
            ],
            SchemeView::Prospero(v) => alloc::vec![
                ("host", text(v.host())),
                ("port", port(v.port())),
                ("hsoname", text(v.hsoname())),
                ("fields", pairs(v.fields())),
            ],
            SchemeView::Other(v) => alloc::vec![("scheme_specific_part", text(v.scheme_specific_part()))],
        }
    }
}
