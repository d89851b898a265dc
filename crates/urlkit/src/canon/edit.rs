//! [`Edit`]: a parsed [`Url`] under the normalization steps (`steps.rs`). Each step reads
//! the components as the steps before it left them (from the URL itself until one changes)
//! and says what it changes, and the URL is written once, after the last step ([`write()`]), in
//! place: every edit drops text or reorders query pieces, so the serialization only shrinks
//! and no new buffer is needed; the boundaries come from the components' new lengths. This
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

/// A parsed URL's components under the steps' edits: read from the URL until a step changes
/// one. A borrowed path, query or fragment is always a prefix of the URL's own.
#[derive(Debug)]
pub(crate) struct Edit<'u> {
    url: &'u Url,
    /// Some edit is pending.
    dirty: bool,
    no_credentials: bool,
    /// How many bytes are dropped from the start of the host (`www.`).
    host_from: usize,
    /// The path, when a step changed it.
    path: Option<Cow<'u, str>>,
    /// The query (`None`: dropped), when a step changed it.
    query: Option<Option<Cow<'u, str>>>,
    /// The fragment (`None`: dropped), when a step changed it.
    fragment: Option<Option<Cow<'u, str>>>,
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
    /// `url`, no edit yet.
    #[inline]
    pub(crate) fn new(url: &'u Url) -> Edit<'u> {
        Edit {
            url,
            dirty: false,
            no_credentials: false,
            host_from: 0,
            path: None,
            query: None,
            fragment: None,
            setter: None,
        }
    }

    /// The URL as parsed: for what no step here edits (the scheme).
    #[inline]
    pub(crate) fn url(&self) -> &Url {
        self.url
    }

    /// Whether the URL has a username or password left.
    #[inline]
    pub(crate) fn has_credentials(&self) -> bool {
        !self.no_credentials && self.url.has_credentials()
    }

    /// Drops the username and password (and their `@`).
    #[inline]
    pub(crate) fn drop_credentials(&mut self) {
        self.no_credentials = true;
        self.dirty = true;
    }

    /// The host, serialized (as [`Url::hostname`]).
    #[inline]
    pub(crate) fn host(&self) -> &str {
        let host = self.url.hostname();
        host.get(self.host_from..).unwrap_or(host)
    }

    /// Drops the first `n` bytes of the host: what is left is a host of the same kind, as
    /// the host parser writes it (the caller's promise).
    #[inline]
    pub(crate) fn drop_host_prefix(&mut self, n: usize) {
        self.host_from += n;
        self.dirty = true;
    }

    /// The path; `None` for an opaque path, which no step edits.
    #[inline]
    pub(crate) fn path(&self) -> Option<&str> {
        match &self.path {
            Some(p) => Some(p),
            None if self.url.has_opaque_path() => None,
            None => Some(self.url.pathname()),
        }
    }

    /// Replaces the path with `path`: the segments of the old one as the path state writes
    /// them (letters lowered, empty segments dropped).
    #[inline]
    pub(crate) fn set_path(&mut self, path: String) {
        self.path = Some(Cow::Owned(path));
        self.dirty = true;
    }

    /// Cuts the path to its first `n` bytes, `n` the end of a segment (`trailing-slash`,
    /// `index`): nothing to copy.
    #[inline]
    pub(crate) fn cut_path(&mut self, n: usize) {
        let url = self.url;
        cut(self.path.get_or_insert_with(|| Cow::Borrowed(url.pathname())), n);
        self.dirty = true;
    }

    /// The query, without its `?`.
    #[inline]
    pub(crate) fn query(&self) -> Option<&str> {
        match &self.query {
            Some(q) => q.as_deref(),
            None => self.url.query(),
        }
    }

    /// Replaces the query with `query`, pieces of the old one (`None`: no query, no `?`).
    #[inline]
    pub(crate) fn set_query(&mut self, query: Option<String>) {
        self.query = Some(query.map(Cow::Owned));
        self.dirty = true;
    }

    /// The fragment, without its `#`.
    #[inline]
    pub(crate) fn fragment(&self) -> Option<&str> {
        match &self.fragment {
            Some(f) => f.as_deref(),
            None => self.url.fragment(),
        }
    }

    /// Drops the fragment with its `#`.
    #[inline]
    pub(crate) fn drop_fragment(&mut self) {
        self.fragment = Some(None);
        self.dirty = true;
    }

    /// Cuts the fragment to its first `n` bytes.
    #[inline]
    pub(crate) fn cut_fragment(&mut self, n: usize) {
        let url = self.url;
        if let Some(f) = self
            .fragment
            .get_or_insert_with(|| url.fragment().map(Cow::Borrowed))
        {
            cut(f, n);
            self.dirty = true;
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
        if !self.dirty {
            return None;
        }
        let url = self.url;
        let o = url.boundaries();
        let len = url.as_str().len();
        let query_end = o.fragment_start().unwrap_or(len);
        // Each component's old length (without its delimiter) and what the steps left.
        let part = |old: Option<usize>, new: Option<Option<Cow<'_, str>>>| match (old, new) {
            (_, None) | (None, Some(None)) => Part::Same,
            (Some(_), Some(None)) => Part::Gone,
            (Some(o), Some(Some(Cow::Borrowed(n)))) if n.len() == o => Part::Same,
            (_, Some(Some(Cow::Borrowed(n)))) => Part::Cut(n.len()),
            (_, Some(Some(Cow::Owned(n)))) => Part::New(n),
        };
        Some(Changes {
            credentials: self.no_credentials && url.has_credentials(),
            host_from: self.host_from,
            path: part(Some(o.path_end(len) - o.path_start()), self.path.map(Some)),
            query: part(o.query_start().map(|q| query_end - q - 1), self.query),
            fragment: part(o.fragment_start().map(|f| len - f - 1), self.fragment),
        })
    }
}

/// What became of a path, query or fragment.
#[derive(Debug)]
enum Part {
    /// As the URL has it.
    Same,
    /// Its first bytes only.
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

/// Writes `changes` into `url`: the new boundaries from the components' new lengths, then
/// the edits in place from the end of the serialization back, so that each edit's range is
/// still where the old boundaries say.
pub(crate) fn write(url: &mut Url, changes: Changes) {
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
