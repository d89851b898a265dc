//! [`Edit`]: a parsed [`Url`] under the normalization steps (`steps.rs`). Each step reads
//! the components as the steps before it left them (sliced from the URL once, when the edit
//! starts) and says what it changes, and the URL is written once, after the last step
//! ([`write()`]), in place: every edit drops text or reorders query pieces, so the
//! serialization only shrinks and no new buffer is needed; each cut moves the boundaries
//! after it. This
//! replaces one setter (a splice and a re-serialization) per step. A step that changes
//! nothing writes nothing, so a URL that no step concerns is not touched at all.
//!
//! Each component the steps leave is text the parser already wrote, cut or reordered, as the
//! URL Standard's serializer writes it (§4.5, "URL serializing"): the result is what the
//! setters would give (the tests compare the two over the datasets). The two edits of
//! another kind, a new scheme (`force-https`: its port may then be the default) and a host
//! that would then read as an IPv4 address, are [`Setter`]s, which the caller runs on the URL
//! through the URL API between two edits.

use crate::url::offsets::Marks;
use crate::Url;
use alloc::borrow::Cow;
use alloc::string::String;
use core::ops::Range;

/// A step's edit that goes through the URL API's setters.
#[derive(Debug)]
pub(crate) enum Setter {
    /// `Url::set_protocol`.
    Protocol(&'static str),
    /// `Url::set_hostname`.
    Hostname(String),
}

impl Setter {
    /// Runs the setter on `url` (a value it refuses leaves the URL as it was, as for any
    /// setter).
    pub(crate) fn run(self, url: &mut Url) {
        let _ = match self {
            Setter::Protocol(p) => url.set_protocol(p),
            Setter::Hostname(h) => url.set_hostname(&h),
        };
    }
}

/// A bit of [`Edit::changed`] per component.
const CREDENTIALS: u8 = 1;
const HOST: u8 = 2;
const PATH: u8 = 4;
const QUERY: u8 = 8;
const FRAGMENT: u8 = 16;

/// A parsed URL's components under the steps' edits, each sliced from the URL once, when
/// the edit starts: a step reads a field, not the URL's boundaries. A borrowed host, path,
/// query or fragment is always a prefix (the host: a suffix) of the URL's own.
#[derive(Debug)]
pub(crate) struct Edit<'u> {
    url: &'u Url,
    /// The steps this edit applies (a bit per row of the table): the query steps read
    /// the pieces once for all of them (`steps.rs`).
    steps: u32,
    /// A bit per component some step changed (`CREDENTIALS`, `HOST`, …).
    changed: u8,
    /// The query steps have read the pieces.
    pieces_read: bool,
    /// The query steps are known to change the query ([`Edit::pieces_change`]).
    pieces_change: bool,
    /// The path is opaque: no step edits it.
    opaque: bool,
    host: &'u str,
    path: Cow<'u, str>,
    query: Option<Cow<'u, str>>,
    fragment: Option<Cow<'u, str>>,
    setter: Option<Setter>,
}

/// `s` cut to its first `n` bytes, borrowed or owned.
fn cut<'a>(s: &mut Cow<'a, str>, n: usize) {
    match s {
        Cow::Borrowed(b) => *b = b.get(..n).unwrap_or(b),
        Cow::Owned(o) => o.truncate(n),
    }
}

impl<'u> Edit<'u> {
    /// `url`, no edit yet, under `steps` (a bit per row of the table).
    #[inline]
    pub(crate) fn new(url: &'u Url, steps: u32) -> Edit<'u> {
        let o = url.boundaries();
        let s = url.as_str();
        let len = s.len();
        let query_end = o.fragment_start().unwrap_or(len);
        let part =
            |at: Option<usize>, end: usize| at.map(|at| Cow::Borrowed(s.get(at + 1..end).unwrap_or("")));
        Edit {
            url,
            steps,
            changed: 0,
            pieces_read: false,
            pieces_change: false,
            opaque: url.has_opaque_path(),
            host: s.get(o.host_start()..o.host_end()).unwrap_or(""),
            path: Cow::Borrowed(s.get(o.path_start()..o.path_end(len)).unwrap_or("")),
            query: part(o.query_start(), query_end),
            fragment: part(o.fragment_start(), len),
            setter: None,
        }
    }

    /// The URL as parsed: for what no step here edits (the scheme).
    #[inline]
    pub(crate) fn url(&self) -> &Url {
        self.url
    }

    /// The steps this edit applies, a bit per row of the table.
    #[inline]
    pub(crate) fn steps(&self) -> u32 {
        self.steps
    }

    /// Whether the query's pieces are still to be read (then marks them read): the first
    /// query step to ask applies every query step of this edit.
    #[inline]
    pub(crate) fn read_pieces(&mut self) -> bool {
        !core::mem::replace(&mut self.pieces_read, true)
    }

    /// Says that the query steps change the query (a look found so): they need not check.
    #[inline]
    pub(crate) fn pieces_change(&mut self) {
        self.pieces_change = true;
    }

    /// Whether the query steps are known to change the query.
    #[inline]
    pub(crate) fn pieces_known_to_change(&self) -> bool {
        self.pieces_change
    }

    /// Whether the URL has a username or password left.
    #[inline]
    pub(crate) fn has_credentials(&self) -> bool {
        self.changed & CREDENTIALS == 0 && self.url.has_credentials()
    }

    /// Drops the username and password (and their `@`).
    #[inline]
    pub(crate) fn drop_credentials(&mut self) {
        self.changed |= CREDENTIALS;
    }

    /// The host, serialized (as [`Url::hostname`]).
    #[inline]
    pub(crate) fn host(&self) -> &str {
        self.host
    }

    /// Drops the first `n` bytes of the host: what is left is a host of the same kind, as
    /// the host parser writes it (the caller's promise).
    #[inline]
    pub(crate) fn drop_host_prefix(&mut self, n: usize) {
        self.host = self.host.get(n..).unwrap_or(self.host);
        self.changed |= HOST;
    }

    /// The path; `None` for an opaque path, which no step edits.
    #[inline]
    pub(crate) fn path(&self) -> Option<&str> {
        (!self.opaque).then_some(&*self.path)
    }

    /// Replaces the path with `path`: the segments of the old one as the path state writes
    /// them (letters lowered, empty segments dropped).
    #[inline]
    pub(crate) fn set_path(&mut self, path: String) {
        self.path = Cow::Owned(path);
        self.changed |= PATH;
    }

    /// Cuts the path to its first `n` bytes, `n` the end of a segment (`trailing-slash`,
    /// `index`): nothing to copy.
    #[inline]
    pub(crate) fn cut_path(&mut self, n: usize) {
        cut(&mut self.path, n);
        self.changed |= PATH;
    }

    /// The query, without its `?`.
    #[inline]
    pub(crate) fn query(&self) -> Option<&str> {
        self.query.as_deref()
    }

    /// Replaces the query with `query`, pieces of the old one (`None`: no query, no `?`).
    #[inline]
    pub(crate) fn set_query(&mut self, query: Option<String>) {
        self.query = query.map(Cow::Owned);
        self.changed |= QUERY;
    }

    /// The fragment, without its `#`.
    #[inline]
    pub(crate) fn fragment(&self) -> Option<&str> {
        self.fragment.as_deref()
    }

    /// Drops the fragment with its `#`.
    #[inline]
    pub(crate) fn drop_fragment(&mut self) {
        self.fragment = None;
        self.changed |= FRAGMENT;
    }

    /// Cuts the fragment to its first `n` bytes.
    #[inline]
    pub(crate) fn cut_fragment(&mut self, n: usize) {
        if let Some(f) = &mut self.fragment {
            cut(f, n);
            self.changed |= FRAGMENT;
        }
    }

    /// Asks for `setter` to run on the URL once the edits so far are written.
    #[inline]
    pub(crate) fn defer(&mut self, setter: Setter) {
        self.setter = Some(setter);
    }

    /// Whether a step asked for a setter.
    #[inline]
    pub(crate) fn has_setter(&self) -> bool {
        self.setter.is_some()
    }

    /// The setter a step asked for, if any.
    #[inline]
    pub(crate) fn take_setter(&mut self) -> Option<Setter> {
        self.setter.take()
    }

    /// What the steps changed, owning nothing of the URL, for [`write()`]; `None` when nothing.
    #[inline]
    pub(crate) fn changes(self) -> Option<Changes> {
        if self.changed == 0 {
            return None;
        }
        self.changes_made()
    }

    #[inline(never)]
    fn changes_made(self) -> Option<Changes> {
        // What the steps left of a component: a borrowed one is a prefix of the URL's.
        let part = |changed: bool, new: Option<Cow<'_, str>>| match (changed, new) {
            (false, _) => Part::Same,
            (true, None) => Part::Gone,
            (true, Some(Cow::Borrowed(n))) => Part::Cut(n.len()),
            (true, Some(Cow::Owned(n))) => Part::New(n),
        };
        let changed = |bit: u8| self.changed & bit != 0;
        Some(Changes {
            credentials: changed(CREDENTIALS) && self.url.has_credentials(),
            host_from: self.url.hostname().len() - self.host.len(),
            path: part(changed(PATH), Some(self.path)),
            query: part(changed(QUERY), self.query),
            fragment: part(changed(FRAGMENT), self.fragment),
        })
    }
}

/// What became of a path, query or fragment.
#[derive(Debug)]
enum Part {
    /// As the URL has it.
    Same,
    /// Its first bytes only (all of them: as the URL has it).
    Cut(usize),
    /// Dropped, with its `?` or `#`.
    Gone,
    /// This text instead (without its `?` or `#`), already encoded.
    New(String),
}

impl Part {
    /// The new length with the delimiter, of a component `old` long with it (`None`: absent).
    fn len(&self, old: Option<usize>) -> Option<usize> {
        match self {
            Part::Same => old,
            Part::Cut(n) => Some(n + 1),
            Part::Gone => None,
            Part::New(s) => Some(s.len() + 1),
        }
    }
}

/// The steps' edits of one URL, by component.
#[derive(Debug)]
pub(crate) struct Changes {
    /// The username and password are dropped.
    credentials: bool,
    /// Bytes dropped from the start of the host.
    host_from: usize,
    path: Part,
    query: Part,
    fragment: Part,
}

/// Writes `changes` into `url`, in place, from the end of the serialization back, so that
/// each edit's range is still where the old boundaries say; each edit that drops text moves
/// the boundaries after it. The steps' edits drop text or replace a component with as much
/// or less: a URL without host (its `/.` guard) or a component written where the URL had
/// none takes the general way ([`write_any`]).
pub(crate) fn write(url: &mut Url, changes: Changes) {
    let o = *url.boundaries();
    let len = url.as_str().len();
    let path_end = o.path_end(len);
    let inserts = matches!((&changes.query, o.query_start()), (Part::New(_), None))
        || matches!((&changes.fragment, o.fragment_start()), (Part::New(_), None))
        || matches!(&changes.path, Part::New(_) if o.path_start() == path_end);
    if inserts || o.host_start() == o.scheme_end() + 1 {
        return write_any(url, changes);
    }
    let Changes {
        credentials,
        host_from,
        path,
        query,
        fragment,
    } = changes;
    let query_end = o.fragment_start().unwrap_or(len);
    let mut m = o.widen();
    url.relayout(|s| {
        if let Some(f) = o.fragment_start() {
            match fragment {
                Part::Same => {}
                Part::Gone => {
                    s.truncate(f);
                    m.fragment_start = None;
                }
                Part::Cut(n) => s.truncate((f + 1 + n).min(len)),
                Part::New(new) => replace(s, f + 1..len, &new),
            }
        }
        if let Some(q) = o.query_start() {
            match query {
                Part::Same => {}
                Part::Gone => {
                    splice(s, &mut m, q..query_end, "");
                    m.query_start = None;
                }
                Part::Cut(n) => splice(s, &mut m, (q + 1 + n).min(query_end)..query_end, ""),
                Part::New(new) => splice(s, &mut m, q + 1..query_end, &new),
            }
        }
        match path {
            Part::Same | Part::Gone => {}
            Part::Cut(n) => splice(s, &mut m, (o.path_start() + n).min(path_end)..path_end, ""),
            Part::New(new) => splice(s, &mut m, o.path_start()..path_end, &new),
        }
        if host_from > 0 {
            splice(s, &mut m, o.host_start()..o.host_start() + host_from, "");
        }
        if credentials {
            // `scheme://`: the credentials and their `@` go.
            splice(s, &mut m, o.scheme_end() + 3..o.host_start(), "");
            m.username_end = o.scheme_end() + 3;
        }
        m
    });
}

/// The plain cuts most URLs the steps change need (`steps::cuts`), written by [`write_cuts`]
/// without an [`Edit`] set up.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Cuts {
    /// Bytes dropped from the start of the host.
    pub(crate) host_from: usize,
    /// The path's new length, when the path is cut.
    pub(crate) path_len: Option<usize>,
    /// The fragment is dropped, with its `#`.
    pub(crate) fragment: bool,
}

/// Writes `cuts` into `url`, in place, from the end of the serialization back (as
/// [`write()`] does, for a URL with a host): the fragment, the path's end, the host's
/// start, each moving the boundaries after it.
pub(crate) fn write_cuts(url: &mut Url, cuts: Cuts) {
    let o = *url.boundaries();
    let len = url.as_str().len();
    let path_end = o.path_end(len);
    let fragment = o.fragment_start().filter(|_| cuts.fragment);
    let path_from = cuts
        .path_len
        .map_or(path_end, |n| (o.path_start() + n).min(path_end));
    if fragment.is_none() && path_from == path_end && cuts.host_from == 0 {
        return;
    }
    let mut m = o.widen();
    let host = o.host_start();
    let host_to = (host + cuts.host_from).min(o.host_end());
    url.relayout(|s| {
        if let Some(f) = fragment {
            s.truncate(f);
            m.fragment_start = None;
        }
        // Each cut moves the boundaries after it, all of them past its end.
        let path_cut = path_end - path_from;
        if path_cut > 0 {
            replace(s, path_from..path_end, "");
            m.query_start = m.query_start.map(|q| q - path_cut);
            m.fragment_start = m.fragment_start.map(|f| f - path_cut);
        }
        let host_cut = host_to - host;
        if host_cut > 0 {
            replace(s, host..host_to, "");
            m.host_end -= host_cut;
            m.path_start -= host_cut;
            m.query_start = m.query_start.map(|q| q - host_cut);
            m.fragment_start = m.fragment_start.map(|f| f - host_cut);
        }
        m
    });
}

/// Replaces the non-empty `range` of `s` with `with` ([`replace`]), and moves the
/// boundaries of `m` after it (at or past its end) by the change of length. An empty range
/// (nothing to replace) is left alone.
fn splice(s: &mut String, m: &mut Marks, range: Range<usize>, with: &str) {
    if range.is_empty() {
        return;
    }
    let (start, end) = (range.start, range.end);
    let (removed, added) = (range.len(), with.len());
    replace(s, range, with);
    let moved = |v: usize| {
        if v >= end && v > start {
            v + added - removed
        } else {
            v
        }
    };
    m.host_start = moved(m.host_start);
    m.host_end = moved(m.host_end);
    m.path_start = moved(m.path_start);
    m.query_start = m.query_start.map(moved);
    m.fragment_start = m.fragment_start.map(moved);
}

/// [`write()`] for any changes: the new boundaries from the components' new lengths, then the
/// edits in place from the end of the serialization back.
fn write_any(url: &mut Url, changes: Changes) {
    let Changes {
        credentials,
        host_from,
        path,
        query,
        fragment,
    } = changes;
    let o = *url.boundaries();
    let s = url.as_str();
    let len = s.len();
    let path_end = o.path_end(len);
    let query_end = o.fragment_start().unwrap_or(len);
    let old_path = &s[o.path_start()..path_end];
    // A URL without host has nothing between its scheme's `:` and the host's place.
    let null_host = o.host_start() == o.scheme_end() + 1;
    let (path_len, path_text) = match &path {
        Part::Cut(n) => (*n, old_path.get(..*n).unwrap_or(old_path)),
        Part::New(p) => (p.len(), p.as_str()),
        Part::Same | Part::Gone => (old_path.len(), old_path),
    };
    // Without a host, a path starting with an empty segment needs "/." before it (§4.5 URL
    // serializing); with one, the port stays between host and path.
    let guard = null_host && path_text.starts_with("//");
    let query_len = query.len(o.query_start().map(|q| query_end - q));
    let fragment_len = fragment.len(o.fragment_start().map(|f| len - f));

    let mut m = Marks {
        scheme_end: o.scheme_end(),
        ..Marks::default()
    };
    if credentials {
        // `scheme://`: the credentials and their `@` go.
        m.username_end = o.scheme_end() + 3;
        m.host_start = m.username_end;
    } else {
        m.username_end = o.username_end();
        m.host_start = o.host_start();
    }
    m.host_end = m.host_start + (o.host_end() - o.host_start() - host_from);
    m.path_start = m.host_end
        + match null_host {
            true => usize::from(guard) * 2,
            false => o.path_start() - o.host_end(),
        };
    let mut at = m.path_start + path_len;
    m.query_start = query_len.map(|n| {
        at += n;
        at - n
    });
    m.fragment_start = fragment_len.map(|_| at);

    url.relayout(|s| {
        match (fragment, o.fragment_start()) {
            (Part::Same, _) | (Part::Gone | Part::Cut(_), None) => {}
            (Part::Gone, Some(f)) => s.truncate(f),
            (Part::Cut(n), Some(f)) => s.truncate(f + 1 + n),
            (Part::New(new), Some(f)) => replace(s, f + 1..len, &new),
            (Part::New(new), None) => {
                s.push('#');
                s.push_str(&new);
            }
        }
        match (query, o.query_start()) {
            (Part::Same, _) | (Part::Gone | Part::Cut(_), None) => {}
            (Part::Gone, Some(q)) => replace(s, q..query_end, ""),
            (Part::Cut(n), Some(q)) => replace(s, q + 1 + n..query_end, ""),
            (Part::New(new), Some(q)) => replace(s, q + 1..query_end, &new),
            (Part::New(new), None) => replace(s, path_end..path_end, &["?", &new].concat()),
        }
        let old_path = o.path_start()..path_end;
        match path {
            Part::Same | Part::Gone => {}
            Part::Cut(n) => replace(s, old_path.start + n..old_path.end, ""),
            Part::New(new) => replace(s, old_path, &new),
        }
        if null_host && guard != (o.path_start() > o.host_end()) {
            replace(s, o.host_end()..o.path_start(), if guard { "/." } else { "" });
        }
        if host_from > 0 {
            replace(s, o.host_start()..o.host_start() + host_from, "");
        }
        if credentials {
            replace(s, o.scheme_end() + 3..o.host_start(), "");
        }
        m
    });
}

/// Replaces `range` of `s` with `with`, moving the text after it at most once: at the end
/// of `s` it is a truncation and an append; a `with` that is a prefix of the text it
/// replaces only drops the rest.
fn replace(s: &mut String, range: Range<usize>, with: &str) {
    if range.end == s.len() {
        s.truncate(range.start);
        s.push_str(with);
    } else if s.as_bytes()[range.clone()].starts_with(with.as_bytes()) {
        if with.len() < range.len() {
            s.drain(range.start + with.len()..range.end);
        }
    } else {
        s.drain(range.clone());
        s.insert_str(range.start, with);
    }
}
