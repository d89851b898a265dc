//! [`Edit`]: a parsed [`Url`] under the normalization steps (`steps.rs`). Each step reads the
//! components as the steps before it left them and says what it changes; the URL is written
//! once, at the end, in one pass into one new buffer, with its boundaries computed as it is
//! written, instead of one setter (a splice and a re-serialization) per step. A step that
//! changes nothing writes nothing, so a URL that no step concerns is not copied at all.
//!
//! Every edit the steps make drops text or reorders query pieces of text the parser already
//! wrote: each component stays as the URL Standard's serializer writes it (§4.5, "URL
//! serializing"), so the one-pass result is what the setters would give (the tests compare
//! the two over the datasets). The two edits that are not of that kind, a new scheme
//! (`force-https`, whose port may then be the default) and a host that is then read as an
//! IPv4 address (`www.1.2.3`), go through the setters: [`Edit::setters`].

use crate::url::offsets::Marks;
use crate::Url;
use alloc::string::String;

/// What a step made of the query or the fragment.
#[derive(Debug, Default)]
enum Part {
    /// As the URL has it.
    #[default]
    Same,
    /// Dropped, with its `?` or `#`.
    Gone,
    /// This text instead (without its `?` or `#`), already encoded: a part of the old one.
    New(String),
}

/// A URL and the edits the steps chose so far, written by [`finish`](Edit::finish).
#[derive(Debug)]
pub(crate) struct Edit<'u> {
    url: &'u mut Url,
    /// The username and password are dropped.
    no_credentials: bool,
    /// How many bytes are dropped from the start of the host (`www.`).
    host_from: usize,
    /// The new path (never of a URL with an opaque path).
    path: Option<String>,
    query: Part,
    fragment: Part,
}

impl<'u> Edit<'u> {
    /// `url`, no edit yet.
    pub(crate) fn new(url: &'u mut Url) -> Edit<'u> {
        Edit {
            url,
            no_credentials: false,
            host_from: 0,
            path: None,
            query: Part::Same,
            fragment: Part::Same,
        }
    }

    /// The URL as it was before the pending edits: for what no step edits here (the
    /// scheme, whether the path is opaque).
    pub(crate) fn url(&self) -> &Url {
        self.url
    }

    /// Whether the URL has a username or password left.
    pub(crate) fn has_credentials(&self) -> bool {
        !self.no_credentials && self.url.has_credentials()
    }

    /// Drops the username and password (and their `@`).
    pub(crate) fn drop_credentials(&mut self) {
        self.no_credentials = true;
    }

    /// The host when it is a domain or an opaque host (as [`Url::domain`]).
    pub(crate) fn domain(&self) -> Option<&str> {
        self.url.domain().and_then(|d| d.get(self.host_from..))
    }

    /// Drops the first `n` bytes of the host: what is left is a host of the same kind, as
    /// the host parser writes it (the caller's promise).
    pub(crate) fn drop_host_prefix(&mut self, n: usize) {
        self.host_from += n;
    }

    /// The path; `None` for an opaque path, which no step edits.
    pub(crate) fn path(&self) -> Option<&str> {
        if self.url.has_opaque_path() {
            return None;
        }
        Some(self.path.as_deref().unwrap_or(self.url.pathname()))
    }

    /// Replaces the path with `path`: whole segments of the old one, as the path state
    /// writes them (a prefix at a segment's end, or the segments with letters lowered or
    /// empty ones dropped).
    pub(crate) fn set_path(&mut self, path: String) {
        self.path = Some(path);
    }

    /// The query, without its `?`.
    pub(crate) fn query(&self) -> Option<&str> {
        match &self.query {
            Part::Same => self.url.query(),
            Part::Gone => None,
            Part::New(q) => Some(q),
        }
    }

    /// Replaces the query with `query`, pieces of the old one (`None`: no query, no `?`).
    pub(crate) fn set_query(&mut self, query: Option<String>) {
        self.query = query.map_or(Part::Gone, Part::New);
    }

    /// The fragment, without its `#`.
    pub(crate) fn fragment(&self) -> Option<&str> {
        match &self.fragment {
            Part::Same => self.url.fragment(),
            Part::Gone => None,
            Part::New(f) => Some(f),
        }
    }

    /// Replaces the fragment with `fragment`, a prefix of the old one (`None`: no `#`).
    pub(crate) fn set_fragment(&mut self, fragment: Option<String>) {
        self.fragment = fragment.map_or(Part::Gone, Part::New);
    }

    /// The URL with the pending edits written, for a step that edits through the setters.
    pub(crate) fn setters(&mut self) -> &mut Url {
        self.write();
        self.url
    }

    /// Writes the pending edits into the URL.
    pub(crate) fn finish(mut self) {
        self.write();
    }

    fn pending(&self) -> bool {
        self.no_credentials
            || self.host_from > 0
            || self.path.is_some()
            || !matches!(self.query, Part::Same)
            || !matches!(self.fragment, Part::Same)
    }

    /// The one pass: the kept text of the old serialization and the new components, in
    /// layout order, into one buffer, the boundaries taken as each component is written.
    fn write(&mut self) {
        if !self.pending() {
            return;
        }
        let url = &*self.url;
        let s = url.as_str();
        let o = *url.boundaries();
        let mut out = String::with_capacity(s.len());
        let mut m = Marks {
            scheme_end: o.scheme_end(),
            ..Marks::default()
        };
        if self.no_credentials && url.has_credentials() {
            // `scheme://`: the credentials and their `@` go.
            out.push_str(&s[..o.scheme_end() + 3]);
            m.username_end = out.len();
        } else {
            out.push_str(&s[..o.host_start()]);
            m.username_end = o.username_end();
        }
        m.host_start = out.len();
        out.push_str(
            s.get(o.host_start() + self.host_from..o.host_end())
                .unwrap_or_default(),
        );
        m.host_end = out.len();
        let path_end = o.path_end(s.len());
        match &self.path {
            None => out.push_str(&s[o.host_end()..o.path_start()]),
            // Without a host, a path starting with an empty segment needs "/." before it
            // (§4.5 URL serializing, step 4); with one, the port stays.
            Some(p) if url.host().is_none() => out.push_str(if p.starts_with("//") { "/." } else { "" }),
            Some(_) => out.push_str(&s[o.host_end()..o.path_start()]),
        }
        m.path_start = out.len();
        out.push_str(self.path.as_deref().unwrap_or(&s[o.path_start()..path_end]));
        let query = match &self.query {
            Part::Same => url.query(),
            Part::Gone => None,
            Part::New(q) => Some(q.as_str()),
        };
        if let Some(q) = query {
            m.query_start = Some(out.len());
            out.push('?');
            out.push_str(q);
        }
        let fragment = match &self.fragment {
            Part::Same => url.fragment(),
            Part::Gone => None,
            Part::New(f) => Some(f.as_str()),
        };
        if let Some(f) = fragment {
            m.fragment_start = Some(out.len());
            out.push('#');
            out.push_str(f);
        }
        // Never longer than the URL it comes from: it fits.
        let _ = self.url.relayout(out, &m);
        self.no_credentials = false;
        self.host_from = 0;
        self.path = None;
        self.query = Part::Same;
        self.fragment = Part::Same;
    }
}
