//! The normalization steps: edits of a parsed URL that people pick one by one before they
//! compare, deduplicate, store or show URLs (drop `www.`, the fragment, tracking
//! parameters, …), as `normalize-url` (npm), w3lib and crawlers offer them. Each step is a
//! row of `steps!` below (its name, a summary and its function), so that adding a step is
//! one row; [`Normalizer`] applies the chosen ones.
//!
//! Every step works on the parsed [`Url`](crate::Url) (no second parse): it reads the
//! components as the steps before it left them and says what it drops or reorders, and the
//! URL is written once after the last step (`edit.rs`), not at all when no step changed
//! anything (`force-http(s)`, whose port may become the default, goes through the protocol
//! setter). A step leaves a URL it does not concern byte for byte as it was, and is
//! idempotent: applied to its own output it changes nothing.
//!
//! # Order
//!
//! The steps apply in the order of the table, which is that of the URL's components:
//! scheme, userinfo, host, path, query, fragment. Steps on different components cannot
//! meet, and the steps on one component are written so that they commute as well (each
//! query step keeps or drops each `&`-separated piece on its own; `index` and
//! `trailing-slash` together repeat until neither applies, so `/a/index.html/` becomes
//! `/a`). The one pair that does not commute, `force-https` and `force-http`, cannot be
//! chosen together: the later choice wins ([`Normalizer::step`](super::Normalizer::step)).
//!
//! # Query parameters
//!
//! A query is read as `&`-separated pieces, each `name=value` (the name up to the first
//! `=`, all of it without one). Names are compared decoded as
//! `application/x-www-form-urlencoded` (URL Standard §5.1: `+` is a space, escapes
//! decoded), and the pieces a step keeps keep their exact encoding. A step that drops some
//! parameters and leaves none (or only empty pieces) drops the `?` too.

use super::edit::{Cuts, Edit, Setter};
use super::normalizer::{bit, Normalizer};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// Defines [`Step`] from its rows: the variant (with its doc), the name callers use, a
/// summary (a phrase, no trailing dot), what of a parsed URL the step may change (a look
/// at one component, [`Look`]) and the function applying it to a URL. Every method of
/// `Step` is a `match` generated here, so none can miss a row.
macro_rules! steps {
    ($($(#[doc = $doc:literal])+ $variant:ident = $name:literal, $summary:literal, $look:ident, $apply:path;)+) => {
        /// A normalization step, by the names the command line, Arrow, SQL and Python use.
        /// The variants are listed in the order the steps apply.
        ///
        /// ```
        /// use urlkit::canon::Step;
        /// let s: Step = "trailing-slash".parse()?;
        /// assert_eq!(s, Step::TrailingSlash);
        /// assert_eq!(s.name(), "trailing-slash");
        /// # Ok::<(), urlkit::canon::UnknownStep>(())
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Step {
            $($(#[doc = $doc])+ $variant,)+
        }

        impl Step {
            /// Every step, in the order they apply (that of listings and error messages).
            ///
            /// ```
            /// use urlkit::canon::Step;
            /// assert_eq!(Step::ALL[0], Step::ForceHttps);
            /// assert_eq!(Step::ALL.last(), Some(&Step::TextFragment));
            /// ```
            pub const ALL: [Step; [$($name),+].len()] = [$(Step::$variant),+];

            /// The step's name: `www`, `fragment`, `tracking`, … (lower case, `-` between words).
            ///
            /// ```
            /// assert_eq!(urlkit::canon::Step::DuplicateSlashes.name(), "duplicate-slashes");
            /// ```
            pub fn name(self) -> &'static str {
                match self {
                    $(Step::$variant => $name,)+
                }
            }

            /// What the step does, in a few words (a phrase for listings, no trailing dot).
            ///
            /// ```
            /// assert_eq!(urlkit::canon::Step::Www.summary(), "drop a leading www. label");
            /// ```
            pub fn summary(self) -> &'static str {
                match self {
                    $(Step::$variant => $summary,)+
                }
            }

            /// [`concerns_looking`](Step::concerns_looking) with the looks of `steps`.
            #[cfg(test)]
            pub(crate) fn concerns(steps: u32, url: &crate::Url, normalizer: &Normalizer) -> u32 {
                Step::concerns_looking(steps, Step::looks(steps), url, normalizer)
            }

            /// Which of `steps` (a bit per row) may change `url` as parsed, by a look at the
            /// component each concerns ([`Look`]); `looks` are those of `steps`
            /// ([`Step::looks`]), which a normalizer chooses once. A step whose bit is not
            /// set leaves the URL as it is, so that most URLs need no edit set up at all.
            #[inline(always)]
            pub(crate) fn concerns_looking(steps: u32, looks: u32, url: &crate::Url, normalizer: &Normalizer) -> u32 {
                let seen = Looks::new(url).seen(looks, normalizer);
                if seen == 0 {
                    return 0;
                }
                steps & (0 $(| u32::from(seen & 1 << Look::$look as u32 != 0) << Step::$variant as u32)+)
            }

            /// The looks of `steps` (a bit per row): a bit per [`Look`].
            pub(crate) const fn looks(steps: u32) -> u32 {
                0 $(| if steps & 1 << Step::$variant as u32 != 0 { 1 << Look::$look as u32 } else { 0 })+
            }

            /// Adds this step's edit to `edit`, with the lists of `normalizer`. Each row's
            /// function is the check that most URLs stop at (no query, no `www.`, …), inlined
            /// here; the edit itself is out of line.
            #[inline]
            pub(crate) fn edit(self, edit: &mut Edit<'_>, normalizer: &Normalizer) {
                match self {
                    $(Step::$variant => $apply(edit, normalizer),)+
                }
            }
        }
    };
}

steps! {
    /// `http:` becomes `https:`; a port that is then the default (443) is dropped, as the
    /// URL Standard's protocol setter does (§6.1 `protocol` setter).
    ForceHttps = "force-https", "http: becomes https:", Http, force_https;
    /// `https:` becomes `http:`; a port that is then the default (80) is dropped.
    ForceHttp = "force-http", "https: becomes http:", Https, force_http;
    /// The username and password are dropped.
    Userinfo = "userinfo", "drop the username and password", Credentials, userinfo;
    /// A leading `www.` label of a domain is dropped when what is left has at least two
    /// labels and does not itself start with `www.` (`www.example.com` → `example.com`;
    /// `www.localhost` and `www.www.example.com` are kept: the first would lose its only
    /// name, the second would change again on a second pass).
    Www = "www", "drop a leading www. label", Www, www;
    /// ASCII letters of the path become lower case, for servers that ignore case; escapes
    /// (`%` and two hex digits, RFC 3986 §2.1) are kept as written (`/A%2F` → `/a%2F`,
    /// `/%%7B%ZZ` → `/%%7B%zz`).
    LowercasePath = "lowercase-path", "lower-case the path (case-insensitive servers)", Path, lowercase_path;
    /// Runs of `/` in the path become one (`/a//b` → `/a/b`).
    DuplicateSlashes = "duplicate-slashes", "collapse runs of / in the path", Path, duplicate_slashes;
    /// A last path segment that is a directory index (`index.html`, `default.aspx`, …:
    /// [`INDEX_NAMES`], or the normalizer's list) is dropped, the `/` before it kept:
    /// `/a/index.html` → `/a/`. Names compare ASCII case-insensitively (IIS's
    /// `Default.aspx`); a `*` in a name matches any text.
    Index = "index", "drop a last segment like index.html", Path, index;
    /// Trailing `/`s of the path are dropped, except the root `/` (`/a/` → `/a`). With
    /// `index` chosen too, the two repeat until neither applies.
    TrailingSlash = "trailing-slash", "drop trailing / of the path (not the root)", TrailingSlash, trailing_slash;
    /// The whole query is dropped.
    Query = "query", "drop the whole query", Query, query;
    /// The tracking parameters are dropped: [`TRACKING_PARAMETERS`](super::TRACKING_PARAMETERS)
    /// or the normalizer's list; names compare ASCII case-insensitively, a `*` matches any text.
    Tracking = "tracking", "drop tracking parameters (utm_*, fbclid, gclid, …)", Query, tracking;
    /// Only the parameters named in the normalizer's allow list are kept (exact names,
    /// case-sensitive, a `*` matching any text); an empty list keeps none.
    KeepQuery = "keep-query", "keep only the allowed query parameters", Query, keep_query;
    /// Empty query pieces are dropped: an empty piece (`a=1&&b=2`, a trailing `&`) and a
    /// piece with `=` and nothing after it (`name=`, `=`); then a query with nothing left,
    /// a bare `?` included, is dropped. A piece without `=` (`?debug`) is a flag whose
    /// presence is its meaning, and is kept; so is `=value`, which carries a value.
    EmptyQuery = "empty-query", "drop a bare ? and empty name= pieces", Query, empty_query;
    /// The query's pieces are sorted by decoded name, stably (the values of one name keep
    /// their order: it can matter to a server); empty pieces are dropped and an empty
    /// query too (as the command line's `--sort-query` has always done).
    SortQuery = "sort-query", "sort the query parameters by name", Query, sort_query;
    /// The fragment is dropped.
    Fragment = "fragment", "drop the fragment", Fragment, fragment;
    /// The fragment directive is dropped (Text Fragments §3.3, "fragment directive": `:~:`
    /// and all after it, `#:~:text=…`); a fragment before it is kept (`#top:~:text=a` →
    /// `#top`), and a fragment left empty is dropped with its `#`.
    TextFragment = "text-fragment", "drop the fragment directive #:~:text=…", Fragment, text_fragment;
}

/// What of a parsed URL a step may change: a look at one component, taken before any edit
/// is set up ([`Step::concerns_looking`]). A step whose look finds nothing leaves the URL as
/// it is; a look may find more than the step then changes (`Path`: the path steps decide
/// by the path's text).
#[derive(Debug, Clone, Copy)]
enum Look {
    /// The scheme is `http`.
    Http,
    /// The scheme is `https`.
    Https,
    /// A username or password.
    Credentials,
    /// A host starting with `www.` (ASCII case-insensitively).
    Www,
    /// Any URL: the step reads the path's text.
    Path,
    /// A path longer than `/` that ends in `/`; any path with `index` chosen too.
    TrailingSlash,
    /// A query (empty included).
    Query,
    /// A fragment (empty included).
    Fragment,
}

/// A parsed URL's serialization and boundaries, for the steps' [`Look`]s: bytes sliced by
/// the boundaries, no text is built.
struct Looks<'u> {
    url: &'u crate::Url,
}

impl<'u> Looks<'u> {
    #[inline(always)]
    fn new(url: &'u crate::Url) -> Looks<'u> {
        Looks { url }
    }

    /// Which of `looks` (a bit per [`Look`]) find something a step may change, a bit each.
    /// The branches on `looks` go the same way for every URL of one normalizer.
    #[inline(always)]
    fn seen(&self, looks: u32, normalizer: &Normalizer) -> u32 {
        let s = self.url.as_str().as_bytes();
        let o = self.url.boundaries();
        let wants = |look: Look| looks & 1 << look as u32 != 0;
        let mut seen = 0;
        let mut found = |look: Look, yes: bool| seen |= u32::from(yes) << look as u32;
        if wants(Look::Http) || wants(Look::Https) {
            let scheme = s.get(..o.scheme_end());
            found(Look::Http, wants(Look::Http) && scheme == Some(b"http"));
            found(Look::Https, wants(Look::Https) && scheme == Some(b"https"));
        }
        found(
            Look::Credentials,
            wants(Look::Credentials) && self.url.has_credentials(),
        );
        found(
            Look::Www,
            wants(Look::Www)
                && s.get(o.host_start()..o.host_end())
                    .is_some_and(starts_with_www_bytes),
        );
        found(Look::Path, wants(Look::Path));
        if wants(Look::TrailingSlash) {
            let path = s.get(o.path_start()..o.path_end(s.len())).unwrap_or_default();
            let ends = path.last() == Some(&b'/') || normalizer.has(Step::Index);
            found(Look::TrailingSlash, path.len() > 1 && ends);
        }
        found(Look::Query, wants(Look::Query) && o.query_start().is_some());
        found(
            Look::Fragment,
            wants(Look::Fragment) && o.fragment_start().is_some(),
        );
        seen
    }
}

/// The directory index names the `index` step drops by default: the index documents of
/// Apache (`DirectoryIndex`), nginx (`index`), IIS (default documents) and PHP servers.
///
/// ```
/// assert!(urlkit::canon::INDEX_NAMES.contains(&"default.aspx"));
/// ```
pub const INDEX_NAMES: &[&str] = &[
    "index.html",
    "index.htm",
    "index.shtml",
    "index.xhtml",
    "index.php",
    "index.asp",
    "index.aspx",
    "index.jsp",
    "index.cgi",
    "default.html",
    "default.htm",
    "default.asp",
    "default.aspx",
];

impl FromStr for Step {
    type Err = UnknownStep;

    fn from_str(s: &str) -> Result<Step, UnknownStep> {
        Step::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownStep(String::from(s)))
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A step name that is none of [`Step::ALL`]'s, with the name; its message lists the
/// valid names. Every caller (command line, Arrow, SQL, Python) reports this one error.
///
/// ```
/// let err = "wat".parse::<urlkit::canon::Step>().unwrap_err();
/// assert_eq!(err.0, "wat");
/// assert!(err.to_string().starts_with("unknown normalization step 'wat' (expected force-https, force-http, userinfo, www,"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownStep(pub String);

impl fmt::Display for UnknownStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown normalization step '{}' (expected ", self.0)?;
        for (i, s) in Step::ALL.iter().enumerate() {
            let sep = match i {
                0 => "",
                _ if i + 1 == Step::ALL.len() => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{}", s.name())?;
        }
        f.write_str(")")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownStep {}

fn force_https(edit: &mut Edit<'_>, _: &Normalizer) {
    if edit.url().scheme() == "http" {
        // The protocol setter drops a port that is the new scheme's default.
        edit.defer(Setter::Protocol("https"));
    }
}

fn force_http(edit: &mut Edit<'_>, _: &Normalizer) {
    if edit.url().scheme() == "https" {
        edit.defer(Setter::Protocol("http"));
    }
}

fn userinfo(edit: &mut Edit<'_>, _: &Normalizer) {
    if edit.has_credentials() {
        edit.drop_credentials();
    }
}

#[inline]
fn www(edit: &mut Edit<'_>, _: &Normalizer) {
    // A host starting with `www.` is a domain or an opaque host: no IP address or empty
    // host does. Most hosts do not: the rest is out of line.
    if starts_with_www(edit.host()) {
        drop_www(edit);
    }
}

#[inline(never)]
fn drop_www(edit: &mut Edit<'_>) {
    match www_edit(edit.host(), edit.url().is_special()) {
        WwwEdit::None => {}
        WwwEdit::Cut => edit.drop_host_prefix(4),
        WwwEdit::Setter => {
            let rest = String::from(&edit.host()[4..]);
            edit.defer(Setter::Hostname(rest));
        }
    }
}

/// What the `www` step does to a host starting with `www.`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WwwEdit {
    /// Nothing: what is left would not be a name of two labels, or starts with `www.`.
    None,
    /// Drops the label: a domain's (or opaque host's) last labels are one as the host
    /// parser writes them.
    Cut,
    /// The host setter: the host parser would read what is left as an IPv4 address (or
    /// refuse it), and says which.
    Setter,
}

/// [`WwwEdit`] for `host`, which starts with `www.`, of a special URL or not.
fn www_edit(host: &str, special: bool) -> WwwEdit {
    let rest = &host.as_bytes()[4..];
    // At least two labels left: a non-empty first label, then a `.` and more than dots.
    let has_two_labels = match rest.iter().position(|&c| c == b'.') {
        Some(dot) => dot > 0 && rest[dot + 1..].iter().any(|&c| c != b'.'),
        None => false,
    };
    if !has_two_labels || starts_with_www(&host[4..]) {
        WwwEdit::None
    } else if special && ends_in_a_number(rest) {
        WwwEdit::Setter
    } else {
        WwwEdit::Cut
    }
}

/// Whether `host` starts with `www.`, ASCII case-insensitively.
fn starts_with_www(host: &str) -> bool {
    starts_with_www_bytes(host.as_bytes())
}

/// [`starts_with_www`] on bytes: four compared as one word (`| 0x20` lowers `W`; of the
/// bytes it maps to `w` or `.`, only those are in a host).
fn starts_with_www_bytes(host: &[u8]) -> bool {
    host.first_chunk::<4>()
        .is_some_and(|b| u32::from_le_bytes(*b) | 0x2020_2020 == u32::from_le_bytes(*b"www."))
}

/// Whether a special URL's host parser would take `domain` for an IPv4 address: the URL
/// Standard's "ends in a number checker" (§3.5), read broadly (a last label of digits, or
/// starting with `0x`): such a host goes through the setter, which decides exactly.
fn ends_in_a_number(domain: &[u8]) -> bool {
    let d = domain.strip_suffix(b".").unwrap_or(domain);
    let last = &d[d.iter().rposition(|&c| c == b'.').map_or(0, |dot| dot + 1)..];
    !last.is_empty()
        && (last.iter().all(u8::is_ascii_digit)
            || (last.len() >= 2 && last[0] == b'0' && last[1] | 0x20 == b'x'))
}

/// Replaces the path with `edit`'s answer, when it gives one (a URL with an opaque path,
/// `mailto:x`, has none to edit).
fn edit_path(e: &mut Edit<'_>, edit: impl FnOnce(&str) -> Option<String>) {
    if let Some(path) = e.path().and_then(edit) {
        e.set_path(path);
    }
}

#[inline(never)]
fn lowercase_path(e: &mut Edit<'_>, _: &Normalizer) {
    edit_path(e, |path| {
        let b = path.as_bytes();
        let mut out: Option<Vec<u8>> = None;
        let mut i = 0;
        while i < b.len() {
            // An escape's hex stays as written: `%2F` and `%2f` are one byte. An escape is
            // `%` and two hex digits (RFC 3986 §2.1, `pct-encoded`): after a `%` without
            // them the next bytes are read on their own (`%%7B` keeps the escape `%7B`).
            if b[i] == b'%'
                && b.get(i + 1..i + 3)
                    .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
            {
                i += 3;
                continue;
            }
            if b[i].is_ascii_uppercase() {
                out.get_or_insert_with(|| b.to_vec())[i] = b[i].to_ascii_lowercase();
            }
            i += 1;
        }
        out.map(|v| String::from_utf8(v).unwrap_or_default())
    });
}

#[inline(never)]
fn duplicate_slashes(e: &mut Edit<'_>, _: &Normalizer) {
    edit_path(e, |path| {
        if !path.contains("//") {
            return None;
        }
        let mut out = String::with_capacity(path.len());
        let mut previous = 0u8;
        for c in path.bytes() {
            if !(c == b'/' && previous == b'/') {
                out.push(char::from(c));
            }
            previous = c;
        }
        Some(out)
    });
}

/// The start of the last segment of `path` when it is one of `names`.
fn index_at(path: &str, names: &Names) -> Option<usize> {
    let start = path.rfind('/')? + 1;
    let last = &path[start..];
    (!last.is_empty() && names.matches(last)).then_some(start)
}

#[inline(never)]
fn index(e: &mut Edit<'_>, normalizer: &Normalizer) {
    if let Some(at) = e.path().and_then(|path| index_at(path, &normalizer.index)) {
        e.cut_path(at);
    }
}

#[inline]
fn trailing_slash(e: &mut Edit<'_>, normalizer: &Normalizer) {
    let with_index = normalizer.has(Step::Index);
    // Most paths end in no `/` (or are the root): nothing to do without `index`.
    if let Some(p) = e.path() {
        if p.len() > 1 && (with_index || p.ends_with('/')) {
            trim_path(e, normalizer, with_index);
        }
    }
}

#[inline(never)]
fn trim_path(e: &mut Edit<'_>, normalizer: &Normalizer, with_index: bool) {
    let Some(path) = e.path() else {
        return;
    };
    let cut = {
        let b = path.as_bytes();
        let mut end = b.len();
        loop {
            end = without_trailing_slashes(&b[..end]);
            if !with_index || end <= 1 {
                break;
            }
            match index_at(&path[..end], &normalizer.index) {
                Some(at) => end = at,
                None => break,
            }
        }
        (end < path.len()).then_some(end)
    };
    if let Some(end) = cut {
        e.cut_path(end);
    }
}

/// The length of `path` without its trailing `/`s; the root `/` stays: it is the path of
/// `http://h/` and cannot be dropped.
fn without_trailing_slashes(path: &[u8]) -> usize {
    let mut end = path.len();
    while end > 1 && path[end - 1] == b'/' {
        end -= 1;
    }
    end
}

fn query(e: &mut Edit<'_>, _: &Normalizer) {
    if e.query().is_some() {
        e.set_query(None);
    }
}

/// A query piece's decoded name and whether it is `name=` (`None` for an empty piece).
type Named<'q> = Option<(Cow<'q, str>, bool)>;

/// The `&`-separated pieces of a query, as `query.split('&')` gives them, each with its
/// name as [`piece_name`] reads it, in one pass: the name (up to the first `=`, short: a
/// byte loop) and whether it has anything to decode, then the value up to the next `&`
/// (`memchr`: values can be long).
fn pieces(query: &str) -> Pieces<'_> {
    Pieces {
        query,
        start: Some(0),
    }
}

/// The iterator of [`pieces`].
struct Pieces<'q> {
    query: &'q str,
    /// Where the next piece starts; `None` after the last.
    start: Option<usize>,
}

impl<'q> Iterator for Pieces<'q> {
    type Item = (&'q str, Named<'q>);

    // Inlined into its two loops (a call per piece costs as much as reading it).
    #[inline(always)]
    fn next(&mut self) -> Option<(&'q str, Named<'q>)> {
        let (query, from) = (self.query, self.start?);
        let b = query.as_bytes();
        let mut at = from;
        while at < b.len() && !matches!(b[at], b'=' | b'&' | b'%' | b'+') {
            at += 1;
        }
        let end = match b.get(at) {
            None | Some(b'&') => at,
            Some(_) => memchr::memchr(b'&', &b[at..]).map_or(b.len(), |n| at + n),
        };
        self.start = (end < b.len()).then_some(end + 1);
        let piece = query.get(from..end).unwrap_or("");
        let named = match (piece.is_empty(), b.get(at)) {
            (true, _) => None,
            (false, Some(b'%' | b'+')) => Some(piece_name(piece)),
            (false, _) => Some((Cow::Borrowed(&piece[..at - from]), at + 1 == end)),
        };
        Some((piece, named))
    }
}

/// A raw query piece's name, decoded as `application/x-www-form-urlencoded`, and whether
/// it has a `=` with nothing after it (`name=`: the `empty-query` step drops it).
fn piece_name(piece: &str) -> (Cow<'_, str>, bool) {
    // One pass finds the `=` and whether the name has anything to decode: most names
    // have not and are compared as written.
    let b = piece.as_bytes();
    let mut end = b.len();
    let mut plain = true;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'=' => {
                end = i;
                break;
            }
            b'%' | b'+' => plain = false,
            _ => {}
        }
    }
    let no_value = end + 1 == b.len();
    let name = &piece[..end];
    if plain {
        return (Cow::Borrowed(name), no_value);
    }
    let decoded = crate::form::parse(name.as_bytes())
        .next()
        .map(|(n, _)| Cow::Owned(n.into_owned()))
        .unwrap_or_default();
    (decoded, no_value)
}

/// The steps that read the query's pieces: the first of them chosen reads the pieces once
/// for all ([`query_pieces`]).
const PIECE_STEPS: u32 =
    bit(Step::Tracking) | bit(Step::KeepQuery) | bit(Step::EmptyQuery) | bit(Step::SortQuery);

/// The query steps that read the pieces (`tracking`, `keep-query`, `empty-query`,
/// `sort-query`), all in one pass, by the first of them chosen: the rest find the pieces
/// read. Each step keeps or drops each piece on its own, so that applying them in turn is
/// keeping the pieces every one of them keeps, then sorting with `sort-query`; and as each
/// step leaves a query that loses nothing as it was, the query is left as it was when no
/// piece is dropped and (with `sort-query`) the names are in order already.
#[inline]
fn query_pieces(e: &mut Edit<'_>, normalizer: &Normalizer) {
    if e.query().is_some() && e.read_pieces() {
        edit_pieces(e, normalizer);
    }
}

fn tracking(e: &mut Edit<'_>, normalizer: &Normalizer) {
    query_pieces(e, normalizer);
}

fn keep_query(e: &mut Edit<'_>, normalizer: &Normalizer) {
    query_pieces(e, normalizer);
}

fn empty_query(e: &mut Edit<'_>, normalizer: &Normalizer) {
    query_pieces(e, normalizer);
}

fn sort_query(e: &mut Edit<'_>, normalizer: &Normalizer) {
    query_pieces(e, normalizer);
}

/// What the piece steps of one edit keep.
struct Keep<'n> {
    /// `tracking`: the names dropped.
    tracking: Option<&'n Names>,
    /// `keep-query`: the names kept.
    allowed: Option<&'n Names>,
    /// `empty-query`: `name=` and empty pieces dropped.
    empty: bool,
    /// `sort-query`: empty pieces dropped, the rest sorted.
    sort: bool,
}

impl<'n> Keep<'n> {
    /// The piece steps of `steps` (a bit per row), with the lists of `normalizer`.
    fn new(steps: u32, normalizer: &'n Normalizer) -> Keep<'n> {
        let has = |s: Step| steps & bit(s) != 0;
        Keep {
            tracking: has(Step::Tracking).then_some(&normalizer.tracking),
            allowed: has(Step::KeepQuery).then_some(&normalizer.keep),
            empty: has(Step::EmptyQuery),
            sort: has(Step::SortQuery),
        }
    }

    /// Whether the steps leave `query` as it is: they drop no piece and (with `sort-query`)
    /// the names are in order. Most queries are, and are decided without allocating.
    fn leaves(&self, query: &str) -> bool {
        let mut previous: Option<Cow<'_, str>> = None;
        for (_, named) in pieces(query) {
            if !self.keeps(named.as_ref().map(|(n, v)| (&**n, *v))) {
                return false;
            }
            if let (true, Some((name, _))) = (self.sort, named) {
                if previous.as_ref().is_some_and(|p| *p > name) {
                    return false;
                }
                previous = Some(name);
            }
        }
        true
    }

    /// Whether every chosen step keeps `piece`, whose name and `=`-without-value are given
    /// (`None` for an empty piece).
    fn keeps(&self, piece: Option<(&str, bool)>) -> bool {
        match piece {
            // `tracking` and `keep-query` keep empty pieces; `empty-query` and `sort-query` do not.
            None => !(self.empty || self.sort),
            Some((name, no_value)) => {
                let dropped = (self.empty && no_value) || self.tracking.is_some_and(|t| t.matches(name));
                !dropped && self.allowed.is_none_or(|k| k.matches(name))
            }
        }
    }
}

#[inline(never)]
fn edit_pieces(e: &mut Edit<'_>, normalizer: &Normalizer) {
    let Some(query) = e.query() else {
        return;
    };
    let keep = Keep::new(e.steps(), normalizer);
    if !e.pieces_known_to_change() && keep.leaves(query) {
        return;
    }
    // The kept pieces with their names: on the stack for most queries, on the heap past
    // `SMALL` pieces.
    const SMALL: usize = 16;
    let mut small: [(Cow<'_, str>, &str); SMALL] = Default::default();
    let mut heap: Vec<(Cow<'_, str>, &str)> = Vec::new();
    let mut n = 0;
    for (piece, named) in pieces(query) {
        if keep.keeps(named.as_ref().map(|(n, v)| (&**n, *v))) {
            let item = (named.map(|(n, _)| n).unwrap_or_default(), piece);
            match small.get_mut(n) {
                Some(slot) => *slot = item,
                None => {
                    if heap.is_empty() {
                        heap.extend(small.iter_mut().map(core::mem::take));
                    }
                    heap.push(item);
                }
            }
            n += 1;
        }
    }
    let kept = match n {
        0..=SMALL => &mut small[..n],
        _ => &mut heap[..],
    };
    if keep.sort {
        // A stable sort: values of one name keep their order. Few pieces: an insertion sort
        // (stable: a piece moves only past greater names).
        if kept.len() <= SMALL {
            for i in 1..kept.len() {
                let mut j = i;
                while j > 0 && kept[j - 1].0 > kept[j].0 {
                    kept.swap(j - 1, j);
                    j -= 1;
                }
            }
        } else {
            kept.sort_by(|a, b| a.0.cmp(&b.0));
        }
    }
    let mut out = String::with_capacity(query.len());
    for (i, (_, piece)) in kept.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(piece);
    }
    // A query whose pieces are all empty now goes, with its `?`.
    let any = kept.iter().any(|(_, p)| !p.is_empty());
    e.set_query(any.then_some(out));
}

/// The steps whose edit of most URLs is a plain cut ([`cuts`]).
pub(crate) const CUT_STEPS: u32 =
    bit(Step::Www) | bit(Step::TrailingSlash) | bit(Step::Fragment) | PIECE_STEPS;

/// The edit of `url` by the steps of `seen` (those of [`CUT_STEPS`] whose look found
/// something in it), when it is plain cuts that [`write_cuts`](super::edit::write_cuts)
/// writes straight into the serialization: a leading `www.` label, trailing `/`s of the
/// path (without `index`), the fragment, and the piece steps leaving the query as it is.
/// It is what each step's function gives, without the general edit's setup (most URLs the
/// steps change need only these cuts). `Err` when a step needs the general [`Edit`], with
/// `true` when the query's pieces are found to change.
#[inline]
pub(crate) fn cuts(url: &crate::Url, seen: u32, normalizer: &Normalizer) -> Result<Cuts, bool> {
    let s = url.as_str();
    let o = url.boundaries();
    // A URL without host may need its `/.` guard rewritten after a cut of its path.
    if seen & !CUT_STEPS != 0 || o.host_start() == o.scheme_end() + 1 {
        return Err(false);
    }
    let mut cuts = Cuts::default();
    let len = s.len();
    if seen & bit(Step::Www) != 0 {
        let host = s.get(o.host_start()..o.host_end()).unwrap_or("");
        match www_edit(host, url.is_special()) {
            WwwEdit::None => {}
            WwwEdit::Cut => cuts.host_from = 4,
            WwwEdit::Setter => return Err(false),
        }
    }
    if seen & bit(Step::TrailingSlash) != 0 {
        if normalizer.has(Step::Index) {
            return Err(false);
        }
        // With a host the path is not opaque; the look saw a path longer than `/` ending in `/`.
        let path = s.get(o.path_start()..o.path_end(len)).unwrap_or("");
        cuts.path_len = Some(without_trailing_slashes(path.as_bytes()));
    }
    if seen & PIECE_STEPS != 0 {
        let query = o
            .query_start()
            .map(|q| s.get(q + 1..o.fragment_start().unwrap_or(len)).unwrap_or(""));
        if !query.is_none_or(|q| Keep::new(seen, normalizer).leaves(q)) {
            return Err(true);
        }
    }
    cuts.fragment = seen & bit(Step::Fragment) != 0;
    Ok(cuts)
}

fn fragment(e: &mut Edit<'_>, _: &Normalizer) {
    if e.fragment().is_some() {
        e.drop_fragment();
    }
}

#[inline(never)]
fn text_fragment(e: &mut Edit<'_>, _: &Normalizer) {
    let Some(f) = e.fragment() else {
        return;
    };
    let Some(at) = f.find(":~:") else {
        return;
    };
    match at {
        0 => e.drop_fragment(),
        _ => e.cut_fragment(at),
    }
}

/// A list of names and `*`-globs a step matches query names or path segments against
/// ([`glob`]), grouped by the byte a matching name starts with (ASCII-folded when matching
/// folds): a name is compared with the patterns of its first byte only, and most names,
/// whose first byte no pattern has, with none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Names {
    list: Vec<Cow<'static, str>>,
    /// ASCII case-insensitive matching.
    fold: bool,
    /// A bit per first byte of a pattern (both cases with `fold`).
    first: [u64; 4],
    /// The patterns with a first byte, as (that byte, folded; the length of a pattern
    /// without `*`, else `usize::MAX`; index in `list`), sorted.
    keyed: Vec<(u8, usize, usize)>,
    /// The patterns starting with `*`, or empty: tried on every name.
    wild: Vec<usize>,
}

impl Names {
    /// `list`, matched ASCII case-insensitively with `fold`.
    pub(crate) fn new(list: Vec<Cow<'static, str>>, fold: bool) -> Names {
        let mut names = Names {
            list: Vec::new(),
            fold,
            first: [0; 4],
            keyed: Vec::new(),
            wild: Vec::new(),
        };
        names.extend(list);
        names
    }

    /// Adds patterns.
    pub(crate) fn extend(&mut self, more: impl IntoIterator<Item = Cow<'static, str>>) {
        for p in more {
            let i = self.list.len();
            match p.as_bytes().first() {
                None | Some(b'*') => self.wild.push(i),
                Some(&b) => {
                    let key = self.key(b);
                    self.mark(key);
                    if self.fold {
                        self.mark(key.to_ascii_uppercase());
                    }
                    let exact = if p.contains('*') { usize::MAX } else { p.len() };
                    self.keyed.push((key, exact, i));
                }
            }
            self.list.push(p);
        }
        self.keyed.sort_unstable();
    }

    fn key(&self, b: u8) -> u8 {
        if self.fold {
            b.to_ascii_lowercase()
        } else {
            b
        }
    }

    fn mark(&mut self, b: u8) {
        self.first[usize::from(b >> 6)] |= 1 << (b & 63);
    }

    /// Whether `name` matches one of the patterns.
    pub(crate) fn matches(&self, name: &str) -> bool {
        let glob = |&i: &usize| glob(&self.list[i], name, self.fold);
        let keyed = match name.as_bytes().first() {
            Some(&b) if self.first[usize::from(b >> 6)] >> (b & 63) & 1 == 1 => {
                let key = self.key(b);
                let from = self.keyed.partition_point(|&(k, ..)| k < key);
                // A pattern without `*` matches a name of its length only.
                self.keyed[from..]
                    .iter()
                    .take_while(|&&(k, ..)| k == key)
                    .any(|(_, exact, i)| (*exact == usize::MAX || *exact == name.len()) && glob(i))
            }
            _ => false,
        };
        keyed || self.wild.iter().any(glob)
    }
}

/// Whether `text` matches `pattern`, where `*` matches any run of characters (none
/// included) and every other character itself (ASCII case-insensitively with `fold`).
/// Greedy with one backtrack point: the last `*` seen.
pub(crate) fn glob(pattern: &str, text: &str, fold: bool) -> bool {
    let (p, t) = (pattern.as_bytes(), text.as_bytes());
    let same = |a: u8, b: u8| a == b || (fold && a.eq_ignore_ascii_case(&b));
    // Most names differ from most patterns in their first byte: decide that before scanning.
    if let (Some(&a), Some(&b)) = (p.first(), t.first()) {
        if a != b'*' && !same(a, b) {
            return false;
        }
    }
    if !p.contains(&b'*') {
        return p.len() == t.len() && p.iter().zip(t).all(|(&a, &b)| same(a, b));
    }
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < t.len() {
        if i < p.len() && p[i] == b'*' {
            star = Some((i, j));
            i += 1;
        } else if i < p.len() && same(p[i], t[j]) {
            i += 1;
            j += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::{Normalizer, Profile};
    use crate::Url;
    use alloc::string::ToString;

    /// `step` alone on `url`, with the lists and choices of `n`.
    fn apply(step: Step, url: &mut Url, n: &Normalizer) {
        n.apply_steps(url, crate::canon::normalizer::bit(step));
    }

    fn one(step: Step, url: &str) -> String {
        Normalizer::new(Profile::Whatwg)
            .step(step)
            .normalize(url)
            .unwrap()
    }

    #[test]
    fn every_row_is_found_by_its_name_and_names_are_distinct() {
        for (i, s) in Step::ALL.into_iter().enumerate() {
            assert_eq!(s.name().parse::<Step>(), Ok(s));
            assert!(Step::ALL[..i].iter().all(|q| q.name() != s.name()), "{s}");
            assert!(!s.summary().is_empty() && !s.summary().ends_with('.'), "{s}");
            assert_eq!(s as usize, i, "ALL is in declaration order");
        }
    }

    #[test]
    fn an_unknown_name_is_an_error_listing_every_valid_name() {
        for bad in ["nope", "", "WWW", "trailing_slash", "www "] {
            let err = bad.parse::<Step>().unwrap_err();
            assert_eq!(err, UnknownStep(bad.into()));
            let message = err.to_string();
            assert!(
                message.starts_with(&alloc::format!("unknown normalization step '{bad}'")),
                "{message}"
            );
            for s in Step::ALL {
                assert!(message.contains(s.name()), "{message} lacks {s}");
            }
            assert!(message.ends_with(" or text-fragment)"), "{message}");
        }
    }

    #[test]
    fn glob_matches_runs_and_case_as_asked() {
        assert!(glob("utm_*", "utm_source", false));
        assert!(glob("utm_*", "utm_", false));
        assert!(!glob("utm_*", "xutm_", false));
        assert!(glob("*_id", "li_fat_id", false));
        assert!(glob("a*b*c", "axxbyyc", false));
        assert!(!glob("a*b*c", "axxbyy", false));
        assert!(glob("*", "", false));
        assert!(!glob("", "a", false));
        assert!(glob("UTM_*", "utm_x", true));
        assert!(!glob("UTM_*", "utm_x", false));
    }

    #[test]
    fn each_step_alone() {
        use Step::*;
        let cases: &[(Step, &str, &str)] = &[
            (ForceHttps, "http://h:443/a", "https://h/a"),
            (ForceHttps, "http://h:8080/a", "https://h:8080/a"),
            (ForceHttps, "ftp://h/a", "ftp://h/a"),
            (ForceHttp, "https://h:80/a", "http://h/a"),
            (ForceHttp, "https://h/a", "http://h/a"),
            (Userinfo, "http://u:p@h/", "http://h/"),
            (Userinfo, "http://u@h/", "http://h/"),
            (Www, "http://www.example.com/", "http://example.com/"),
            (Www, "http://WWW.example.co.uk./", "http://example.co.uk./"),
            (Www, "http://www.localhost/", "http://www.localhost/"),
            (Www, "http://www.www.example.com/", "http://www.www.example.com/"),
            (Www, "http://www2.example.com/", "http://www2.example.com/"),
            (Www, "http://1.2.3.4/", "http://1.2.3.4/"),
            (Www, "foo://www.example.com/", "foo://example.com/"),
            (
                LowercasePath,
                "http://h/A/B%2F%C3%A9?Q=X",
                "http://h/a/b%2F%C3%A9?Q=X",
            ),
            // RFC 3986 §2.1: an escape is `%` and two hex digits; a `%` without them is no
            // escape, and the bytes after it are letters like any other.
            (LowercasePath, "http://h/%%7B%ZZ/%4/A%", "http://h/%%7B%zz/%4/a%"),
            (LowercasePath, "http://h/%E%7E%7e", "http://h/%e%7E%7e"),
            (DuplicateSlashes, "http://h//a///b//?x=//", "http://h/a/b/?x=//"),
            (Index, "http://h/a/index.html?x#y", "http://h/a/?x#y"),
            (Index, "http://h/Default.aspx", "http://h/"),
            (Index, "http://h/a/index.html/", "http://h/a/index.html/"),
            (Index, "http://h/a/myindex.html", "http://h/a/myindex.html"),
            (TrailingSlash, "http://h/a/b//?x", "http://h/a/b?x"),
            (TrailingSlash, "http://h/", "http://h/"),
            (TrailingSlash, "http://h///", "http://h/"),
            (TrailingSlash, "foo://h/a/", "foo://h/a"),
            (TrailingSlash, "mailto:a/", "mailto:a/"),
            (Query, "http://h/?a=1#f", "http://h/#f"),
            (Query, "http://h/?", "http://h/"),
            (
                Tracking,
                "http://h/?utm_source=x&a=1&FBCLID=2#f",
                "http://h/?a=1#f",
            ),
            (Tracking, "http://h/?utm_source=x", "http://h/"),
            (Tracking, "http://h/?utm%5Fsource=x&a", "http://h/?a"),
            (Tracking, "http://h/?a=1&&b=2", "http://h/?a=1&&b=2"),
            (Tracking, "http://h/?&utm_medium=1&", "http://h/"),
            (EmptyQuery, "http://h/?", "http://h/"),
            (EmptyQuery, "http://h/?a=&b=1&&c&=&=v&", "http://h/?b=1&c&=v"),
            (EmptyQuery, "http://h/?a=", "http://h/"),
            (EmptyQuery, "http://h/?a=1", "http://h/?a=1"),
            (SortQuery, "http://h/?b=2&a=1&b=1&&", "http://h/?a=1&b=2&b=1"),
            (SortQuery, "http://h/?%62=2&a=1", "http://h/?a=1&%62=2"),
            (SortQuery, "http://h/?", "http://h/"),
            (Fragment, "http://h/#x", "http://h/"),
            (Fragment, "http://h/#", "http://h/"),
            (TextFragment, "http://h/#:~:text=hi", "http://h/"),
            (TextFragment, "http://h/#top:~:text=hi", "http://h/#top"),
            (TextFragment, "http://h/#top", "http://h/#top"),
        ];
        for &(step, input, expected) in cases {
            assert_eq!(one(step, input), expected, "{step} {input}");
            assert_eq!(one(step, expected), expected, "{step} twice {input}");
        }
    }

    /// Inputs that each step concerns or nearly does, for the tests that compare ways of
    /// applying steps.
    const NEAR: &[&str] = &[
        "http://u:p@www.Example.com:443//A//Index.html//?utm_source=1&&b=&a=2&q=#top:~:text=x",
        "https://www.example.com:80/a/index.html/?b=1&utm_x=&a",
        "http://h/a/INDEX.HTM?&&",
        "http://h//index.php?z=1&fbclid=2&y=#:~:text=a",
        "foo://www.x.y/a//b/?=v&c=#f",
        "http://WWW.a.b/",
        "http://ww.a.b/x/",
        "foo://www.a.0/",
        "https://h/",
        "http://h",
        "foo:/.//a/",
        "foo:x/",
        "mailto:A@B?x#y",
        "http://h/a?",
        "http://h/a#",
        "http://@h/",
        "http://:@h/",
        "http://h/?a=1&b=2",
        "http://h/?%62=1&a=2",
        "http://h/a/b",
    ];

    /// A step whose look at a URL finds nothing leaves the URL as it is: the look can only
    /// skip edits that would change nothing.
    #[test]
    fn a_step_whose_look_finds_nothing_changes_nothing() {
        let n = Normalizer::new(Profile::Whatwg).keep_query(["a", "q*"]);
        let with_index = n.clone().step(Step::Index);
        for n in [&n, &with_index] {
            for step in Step::ALL {
                for input in NEAR {
                    let url = Url::parse(input).unwrap();
                    let mut after = url.clone();
                    apply(step, &mut after, n);
                    if Step::concerns(crate::canon::normalizer::bit(step), &url, n) == 0 {
                        assert_eq!(after.as_str(), url.as_str(), "{step} {input}");
                    }
                }
            }
        }
    }

    /// The plain cuts written straight into the URL give what the general edit gives, for
    /// every set of the steps they serve (with and without `index`).
    #[test]
    fn cuts_are_the_general_edit() {
        let n = Normalizer::new(Profile::Whatwg).keep_query(["a", "b", "q*"]);
        let with_index = n.clone().step(Step::Index);
        let served = [
            Step::Www,
            Step::TrailingSlash,
            Step::Tracking,
            Step::KeepQuery,
            Step::EmptyQuery,
            Step::SortQuery,
            Step::Fragment,
        ];
        let inputs = NEAR.iter().copied().chain([
            "http://www.example.com/a/b///?a=1&b=2#f",
            "http://www.example.com/?b=1&a=2",
            "foo://www.1.2/",
            "foo://www.a.0x1/x/",
            "foo://www.a.1/x/#y",
            "http://WWW.A.B.:8080/x/?q=%20#",
            "http://u@www.a.b//",
            "foo:/.//a//",
            "http://[::1]/a/?a&b#",
            "http://h/?a=1&a=0&b&q+x=1",
        ]);
        for n in [&n, &with_index] {
            for input in inputs.clone() {
                for set in 1u32..1 << served.len() {
                    let steps = served
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| set >> i & 1 == 1)
                        .fold(0, |b, (_, &s)| b | crate::canon::normalizer::bit(s));
                    let mut cut = Url::parse(input).unwrap();
                    n.apply_steps(&mut cut, steps);
                    let mut general = Url::parse(input).unwrap();
                    n.edit_general(&mut general, steps, false);
                    assert_eq!(cut.as_str(), general.as_str(), "{set:b} {input}");
                    assert_eq!(cut.check_invariants(), Ok(()), "{set:b} {input}");
                }
            }
        }
    }

    /// The query steps applied together (one pass over the pieces) give what they give
    /// applied one after the other, for every set of them.
    #[test]
    fn query_steps_together_are_the_steps_in_turn() {
        let n = Normalizer::new(Profile::Whatwg).keep_query(["a", "b", "q*", "%62", "utm_x"]);
        let query = [
            Step::Query,
            Step::Tracking,
            Step::KeepQuery,
            Step::EmptyQuery,
            Step::SortQuery,
        ];
        let inputs = NEAR.iter().copied().chain([
            "http://h/?b=2&a=1&b=1&&",
            "http://h/?&utm_medium=1&",
            "http://h/?utm_source=x&a",
            "http://h/?a=&b=1&&c&=&=v&",
            "http://h/?q=1&utm_x=&a=",
            "http://h/?",
            "http://h/?&",
            "http://h/?b+c=1&b%20c=2&a",
        ]);
        for input in inputs {
            for set in 1u32..1 << query.len() {
                let chosen = query.iter().enumerate().filter(|(i, _)| set >> i & 1 == 1);
                let steps = chosen
                    .clone()
                    .fold(0, |b, (_, &s)| b | crate::canon::normalizer::bit(s));
                let mut together = Url::parse(input).unwrap();
                n.apply_steps(&mut together, steps);
                let mut in_turn = Url::parse(input).unwrap();
                for (_, &s) in chosen {
                    apply(s, &mut in_turn, &n);
                }
                assert_eq!(together.as_str(), in_turn.as_str(), "{set:b} {input}");
            }
        }
    }

    #[test]
    fn keep_query_keeps_the_allowed_names_only() {
        let n = Normalizer::new(Profile::Whatwg).keep_query(["q", "page*"]);
        assert_eq!(
            n.normalize("http://h/?a=1&q=x&pageSize=2&Q=3").unwrap(),
            "http://h/?q=x&pageSize=2"
        );
        assert_eq!(n.normalize("http://h/?a=1").unwrap(), "http://h/");
        let none = Normalizer::new(Profile::Whatwg).step(Step::KeepQuery);
        assert_eq!(none.normalize("http://h/?a=1").unwrap(), "http://h/");
    }

    #[test]
    fn index_and_trailing_slash_repeat_until_neither_applies() {
        let n = Normalizer::new(Profile::Whatwg)
            .step(Step::Index)
            .step(Step::TrailingSlash);
        for (input, expected) in [
            ("http://h/a/index.html", "http://h/a"),
            ("http://h/a/index.html/", "http://h/a"),
            ("http://h/a/index.html/index.php//", "http://h/a"),
            ("http://h/index.html", "http://h/"),
        ] {
            assert_eq!(n.normalize(input).unwrap(), expected, "{input}");
        }
    }

    /// The adjacent pairs of the table, each applied in both orders on inputs where both
    /// act: the same answer, except `force-https`/`force-http`, which exclude each other.
    #[test]
    fn adjacent_steps_commute() {
        let inputs = [
            "http://u:p@www.Example.com:443//A//Index.html//?utm_source=1&&b=&a=2&q=#top:~:text=x",
            "https://www.example.com:80/a/index.html/?b=1&utm_x=&a",
            "http://h/a/INDEX.HTM?&&",
            "http://h//index.php?z=1&fbclid=2&y=#:~:text=a",
            "foo://www.x.y/a//b/?=v&c=#f",
        ];
        let n = Normalizer::new(Profile::Whatwg)
            .keep_query(["a", "b", "q*", "z"])
            .step(Step::Index)
            .step(Step::TrailingSlash);
        for pair in Step::ALL.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if (a, b) == (Step::ForceHttps, Step::ForceHttp) {
                continue;
            }
            for input in inputs {
                let mut ab = Url::parse(input).unwrap();
                apply(a, &mut ab, &n);
                apply(b, &mut ab, &n);
                let mut ba = Url::parse(input).unwrap();
                apply(b, &mut ba, &n);
                apply(a, &mut ba, &n);
                assert_eq!(ab.as_str(), ba.as_str(), "{a} {b} {input}");
            }
        }
        let both = |first: Step, second: Step| {
            let mut u = Url::parse("http://h/").unwrap();
            apply(first, &mut u, &n);
            apply(second, &mut u, &n);
            u.into_string()
        };
        assert_ne!(
            both(Step::ForceHttps, Step::ForceHttp),
            both(Step::ForceHttp, Step::ForceHttps)
        );
    }
}
