//! The [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser) of the URL
//! Standard.
//!
//! One [`State`] per state of the standard, one method per state (grouped by spec section in
//! the submodules). Unlike the standard's code-point loop, each state consumes its whole
//! component at once: it percent-encodes and copies it in bulk straight into the URL's
//! single output buffer while finding its end with a byte-class table, in serialization
//! order, so there is one pass over the input and no per-component buffer.
//!
//! Before the state machine, [`fast`] scans for the common case of an already canonical
//! special URL: then the URL is one copy of the input. When the input is canonical only up
//! to a point in its path, query or fragment, the state machine starts there instead of at
//! the beginning. Debug builds check every fast result against the state machine alone.

mod authority;
mod can_parse;
pub(crate) mod chars;
pub(crate) mod encode;
mod fast;
mod file;
pub(crate) mod input;
mod path;
mod relative;
mod scheme;
#[cfg(test)]
mod tests;

pub(crate) use authority::port_number;
pub(crate) use can_parse::{parses_with_base, parses_without_base};
pub(crate) use scheme::scheme_len;

use crate::error::{ErrorKind, Reporter};
use crate::host::HostInternal;
use crate::scheme::SpecialScheme;
use crate::url::offsets::{Mark, Marks, Offsets};
use crate::{ParseError, Url};
use alloc::string::String;

/// The states of the basic URL parser. `Host` and `Port` follow `Authority`, which has
/// already found where the authority ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// <https://url.spec.whatwg.org/#scheme-start-state> (with the scheme state).
    SchemeStart,
    /// <https://url.spec.whatwg.org/#no-scheme-state>
    NoScheme,
    /// <https://url.spec.whatwg.org/#special-relative-or-authority-state>
    SpecialRelativeOrAuthority,
    /// <https://url.spec.whatwg.org/#path-or-authority-state>
    PathOrAuthority,
    /// <https://url.spec.whatwg.org/#relative-state>
    Relative,
    /// <https://url.spec.whatwg.org/#relative-slash-state>
    RelativeSlash,
    /// <https://url.spec.whatwg.org/#special-authority-slashes-state>
    SpecialAuthoritySlashes,
    /// <https://url.spec.whatwg.org/#special-authority-ignore-slashes-state>
    SpecialAuthorityIgnoreSlashes,
    /// <https://url.spec.whatwg.org/#authority-state>
    Authority,
    /// <https://url.spec.whatwg.org/#host-state>
    Host,
    /// <https://url.spec.whatwg.org/#port-state>
    Port,
    /// <https://url.spec.whatwg.org/#file-state>
    File,
    /// <https://url.spec.whatwg.org/#file-slash-state>
    FileSlash,
    /// <https://url.spec.whatwg.org/#file-host-state>
    FileHost,
    /// <https://url.spec.whatwg.org/#path-start-state>
    PathStart,
    /// <https://url.spec.whatwg.org/#path-state>
    Path,
    /// <https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>
    OpaquePath,
    /// <https://url.spec.whatwg.org/#query-state>
    Query,
    /// <https://url.spec.whatwg.org/#fragment-state>
    Fragment,
    /// The input is consumed.
    Done,
}

/// The parser's state: the input (already trimmed, tabs and newlines removed), the position
/// in it, and the URL being written.
struct Parser<'i, 'b, 'r, 'cb> {
    input: &'i str,
    /// Maps positions in `input` to the caller's input, for error positions.
    map: input::PosMap<'i>,
    pos: usize,
    base: Option<&'b Url>,
    out: String,
    marks: Marks,
    host: HostInternal,
    port: Option<u16>,
    special: Option<SpecialScheme>,
    /// End (in `input`) of the authority found by the authority state.
    auth_end: usize,
    /// The `:` before the port found by the authority state, if any.
    host_colon: Option<usize>,
    /// Parsing one component for a setter (the standard's *state override*).
    state_override: bool,
    /// The parser's *encoding* argument, when not UTF-8 (for the query state).
    #[cfg(feature = "encoding")]
    encoding: Option<&'static encoding_rs::Encoding>,
    reporter: &'r mut Reporter<'cb>,
}

/// Parses `input` against an optional `base` (<https://url.spec.whatwg.org/#concept-basic-url-parser>,
/// without state override).
///
/// After preprocessing, a fast scan checks whether the input is a canonical special URL
/// (then the URL is a copy of it) or canonical up to a point in its path, query or fragment
/// (then the state machine starts at that point instead of at the beginning). Inputs that
/// start with `scheme://` do not depend on the base. Validation error listeners get the full
/// parser, since canonical parts have no errors to report but still must be checked.
pub(crate) fn parse(input: &str, base: Option<&Url>, reporter: &mut Reporter<'_>) -> Result<Url, ParseError> {
    parse_into(input, base, reporter, String::new())
}

/// [`parse`] writing the serialization into `buffer`'s allocation (its contents are
/// discarded; a buffer with room enough is not reallocated): [`Url::parse_reusing`].
pub(crate) fn parse_into(
    input: &str,
    base: Option<&Url>,
    reporter: &mut Reporter<'_>,
    mut buffer: String,
) -> Result<Url, ParseError> {
    if u32::try_from(input.len()).is_err() {
        return Err(ParseError::new(ErrorKind::InputTooLong, 0));
    }
    let (trimmed, lead) = input::trim_c0_space(input, reporter);
    // The fast scan classifies tabs and newlines as bytes to encode, so it runs before their
    // removal: a canonical input has none, and a resumed one has none before the resume point.
    let scan = if reporter.is_active() {
        None
    } else {
        fast::scan(trimmed.as_bytes())
    };
    if let Some(fast::Scan::Canonical(l)) = &scan {
        if let Some(url) = fast::build(trimmed, l, &mut buffer) {
            #[cfg(debug_assertions)]
            check_fast_path(input, base, &Ok(url.clone()));
            return Ok(url);
        }
    }
    let cleaned = input::remove_tab_newline(trimmed, lead, reporter);
    let map = input::PosMap {
        trimmed,
        lead,
        removed: matches!(cleaned, alloc::borrow::Cow::Owned(_)),
    };
    if let Some(fast::Scan::Resume(l, at)) = &scan {
        let result = resume(&cleaned, map, l, *at, reporter, buffer);
        #[cfg(debug_assertions)]
        check_fast_path(input, base, &result);
        return result;
    }
    // Room for every byte that may be percent-encoded, the base's serialization, and host
    // or path rewrites that lengthen the output (an IPv4 address in a short form, `/.`, a
    // Windows drive letter's `///`): so the output is allocated once. Long inputs (rare,
    // often damaged) skip the counting pass and grow the buffer if they must.
    let grown = if cleaned.len() <= LONG_INPUT {
        crate::whatwg::chars::encoded_len_bound(cleaned.as_bytes(), &crate::whatwg::chars::GROWS_ANYWHERE)
            - cleaned.len()
    } else {
        0
    };
    let extra = base.map_or(0, |b| b.serialization.len()) + grown + 16;
    let mut parser = Parser::new(&cleaned, map, base, extra, reporter, buffer);
    parser.run(State::SchemeStart)?;
    parser.finish()
}

/// `buffer` emptied with room for `n` bytes: a fresh `String::with_capacity(n)` unless it
/// has an allocation (then grown only if too small, as `with_capacity` would size it).
#[inline]
pub(crate) fn reuse(mut buffer: String, n: usize) -> String {
    if buffer.capacity() == 0 {
        // The common case (`Url::parse`): the direct allocation, not `reserve`'s growth path.
        return String::with_capacity(n);
    }
    buffer.clear();
    buffer.reserve_exact(n);
    buffer
}

/// Inputs longer than this get no exact output reservation in the full parser (the
/// counting pass would cost more than the occasional reallocation).
const LONG_INPUT: usize = 512;

/// Runs the state machine from where the fast scan stopped, the canonical start copied.
fn resume(
    input: &str,
    map: input::PosMap<'_>,
    l: &fast::Layout,
    at: fast::ResumeAt,
    reporter: &mut Reporter<'_>,
    buffer: String,
) -> Result<Url, ParseError> {
    let cut = match at {
        fast::ResumeAt::Segment(i) | fast::ResumeAt::Query(i) | fast::ResumeAt::Fragment(i) => i,
    };
    // Room for every byte after the cut that may be percent-encoded: one allocation.
    let tail = input.as_bytes().get(cut..).unwrap_or_default();
    let extra = crate::whatwg::chars::encoded_len_bound(tail, &crate::whatwg::chars::GROWS_AFTER_AUTHORITY)
        - tail.len();
    let mut parser = Parser::new(input, map, None, extra, reporter, buffer);
    fast::copy_start(input, l, cut, &mut parser.out);
    parser.marks = Marks {
        fragment_start: None,
        ..l.marks()
    };
    parser.special = Some(l.scheme);
    parser.host = l.host;
    parser.port = l.port;
    parser.pos = cut + 1;
    let state = match at {
        fast::ResumeAt::Segment(_) => State::Path,
        fast::ResumeAt::Query(_) => parser.start_query(),
        fast::ResumeAt::Fragment(_) => parser.start_fragment(),
    };
    parser.run(state)?;
    parser.finish()
}

/// The host kind if the host parser would keep `value` as is for a special URL: a lower-case
/// ASCII domain without `xn--` labels, or a canonical IPv4 address.
pub(crate) fn plain_host_kind(value: &str) -> Option<HostInternal> {
    fast::plain_host_kind(value.as_bytes())
}

/// Whether the pathname setter would keep `value` unchanged (no parser run needed).
pub(crate) fn path_is_canonical(value: &str, special: bool) -> bool {
    fast::path_is_canonical(value, special)
}

/// Debug builds: the fast path must agree with the full parser.
#[cfg(debug_assertions)]
fn check_fast_path(input: &str, base: Option<&Url>, fast: &Result<Url, ParseError>) {
    let full = parse_full(input, base);
    let same = match (&full, fast) {
        (Ok(f), Ok(u)) => {
            f.serialization == u.serialization
                && f.offsets == u.offsets
                && f.host == u.host
                && f.port == u.port
        }
        (Err(f), Err(u)) => f.kind() == u.kind(),
        _ => false,
    };
    assert!(same, "fast path disagrees on {input:?}: {fast:?} vs {full:?}");
}

/// The basic URL parser without the fast path (for the debug cross-check).
#[cfg(debug_assertions)]
fn parse_full(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    parse_state_machine(input, base, &mut Reporter::none(), |_| {})
}

/// The basic URL parser with an *encoding* argument
/// (<https://url.spec.whatwg.org/#concept-basic-url-parser>): UTF-8 (or an encoding whose
/// output encoding is UTF-8) takes the usual path; any other runs the state machine, whose
/// query state encodes with it.
#[cfg(feature = "encoding")]
pub(crate) fn parse_with_encoding(
    input: &str,
    base: Option<&Url>,
    reporter: &mut Reporter<'_>,
    encoding: &'static encoding_rs::Encoding,
) -> Result<Url, ParseError> {
    // "Get an output encoding": UTF-16BE/LE and replacement become UTF-8.
    let encoding = encoding.output_encoding();
    if encoding == encoding_rs::UTF_8 {
        return parse(input, base, reporter);
    }
    if u32::try_from(input.len()).is_err() {
        return Err(ParseError::new(ErrorKind::InputTooLong, 0));
    }
    parse_state_machine(input, base, reporter, |p| p.encoding = Some(encoding))
}

/// Preprocesses `input` and runs the whole state machine from the scheme start state, after
/// `configure` has set up the parser; no fast path.
#[cfg(any(debug_assertions, feature = "encoding"))]
fn parse_state_machine(
    input: &str,
    base: Option<&Url>,
    reporter: &mut Reporter<'_>,
    configure: impl FnOnce(&mut Parser<'_, '_, '_, '_>),
) -> Result<Url, ParseError> {
    let (trimmed, lead) = input::trim_c0_space(input, reporter);
    let cleaned = input::remove_tab_newline(trimmed, lead, reporter);
    let map = input::PosMap {
        trimmed,
        lead,
        removed: matches!(cleaned, alloc::borrow::Cow::Owned(_)),
    };
    let mut parser = Parser::new(&cleaned, map, base, 0, reporter, String::new());
    configure(&mut parser);
    parser.run(State::SchemeStart)?;
    parser.finish()
}

/// The serialization of the path that `value` gives under the [path start state](https://url.spec.whatwg.org/#path-start-state)
/// override, as the pathname setter runs it on a URL with scheme `special` (or a
/// non-special one) and with a null host or not.
pub(crate) fn parse_path_override(value: &str, special: Option<SpecialScheme>, null_host: bool) -> String {
    let mut reporter = Reporter::none();
    let cleaned = input::remove_tab_newline(value, 0, &mut reporter);
    let map = input::PosMap {
        trimmed: value,
        lead: 0,
        removed: matches!(cleaned, alloc::borrow::Cow::Owned(_)),
    };
    let mut parser = Parser::new(&cleaned, map, None, 0, &mut reporter, String::new());
    parser.host = if null_host {
        HostInternal::None
    } else {
        HostInternal::Empty
    };
    parser.special = special;
    parser.state_override = true;
    // Only the path states run: they cannot fail.
    let _ = parser.run(State::PathStart);
    parser.out
}

impl<'i, 'b, 'r, 'cb> Parser<'i, 'b, 'r, 'cb> {
    /// A parser at the start of `input`, with room for `extra` more output bytes, writing
    /// into `out`'s allocation (emptied; `String::new()` for a fresh one).
    fn new(
        input: &'i str,
        map: input::PosMap<'i>,
        base: Option<&'b Url>,
        extra: usize,
        reporter: &'r mut Reporter<'cb>,
        out: String,
    ) -> Self {
        let out = reuse(out, input.len() + extra);
        Parser {
            input,
            map,
            pos: 0,
            base,
            out,
            marks: Marks::default(),
            host: HostInternal::None,
            port: None,
            special: None,
            auth_end: 0,
            host_colon: None,
            state_override: false,
            #[cfg(feature = "encoding")]
            encoding: None,
            reporter,
        }
    }
}

impl Parser<'_, '_, '_, '_> {
    /// Runs the state machine to the end of the input; each state returns the next.
    fn run(&mut self, start: State) -> Result<(), ParseError> {
        let mut state = start;
        loop {
            state = match state {
                State::SchemeStart => self.scheme_start(),
                State::NoScheme => self.no_scheme()?,
                State::SpecialRelativeOrAuthority => self.special_relative_or_authority(),
                State::PathOrAuthority => self.path_or_authority(),
                State::Relative => self.relative()?,
                State::RelativeSlash => self.relative_slash()?,
                State::SpecialAuthoritySlashes => self.special_authority_slashes(),
                State::SpecialAuthorityIgnoreSlashes => self.special_authority_ignore_slashes(),
                State::Authority => self.authority()?,
                State::Host => self.host_state()?,
                State::Port => self.port_state()?,
                State::File => self.file(),
                State::FileSlash => self.file_slash(),
                State::FileHost => self.file_host()?,
                State::PathStart => self.path_start(),
                State::Path => self.path(),
                State::OpaquePath => self.opaque_path(),
                State::Query => self.query(),
                State::Fragment => self.fragment(),
                State::Done => return Ok(()),
            };
        }
    }

    /// The unconsumed input.
    #[inline]
    fn rest(&self) -> &[u8] {
        self.input.as_bytes().get(self.pos..).unwrap_or_default()
    }

    /// The byte at the position (`c`), `None` at the end (the EOF code point).
    #[inline]
    fn peek(&self) -> Option<u8> {
        self.input.as_bytes().get(self.pos).copied()
    }

    /// Reports `kind` at `pos` of the (cleaned) input.
    #[inline]
    fn report(&mut self, kind: ErrorKind, pos: usize) {
        self.reporter.report(kind, self.map.original(pos));
    }

    /// A failure of `kind` at `pos` of the (cleaned) input.
    #[inline]
    fn fail(&self, kind: ErrorKind, pos: usize) -> ParseError {
        ParseError::new(kind, self.map.original(pos))
    }

    /// Runs the [host parser](https://url.spec.whatwg.org/#concept-host-parser) on
    /// `input[start..end]`, appending to the output, with its error positions mapped to the
    /// caller's input.
    fn parse_host_at(&mut self, start: usize, end: usize, special: bool) -> Result<HostInternal, ParseError> {
        let text = &self.input[start..end];
        let map = self.map;
        if !map.removed {
            return crate::host::parse_host(text, map.lead + start, special, &mut self.out, self.reporter);
        }
        // Tabs or newlines were removed: positions need the walk back, reports included.
        let outer = &mut *self.reporter;
        let result = if outer.is_active() {
            let mut cb = |e: crate::ValidationError| outer.report(e.kind(), map.original(e.position()));
            let mut mapped = Reporter::new(Some(&mut cb));
            crate::host::parse_host(text, start, special, &mut self.out, &mut mapped)
        } else {
            crate::host::parse_host(text, start, special, &mut self.out, outer)
        };
        result.map_err(|e| ParseError::new(e.kind(), map.original(e.position())))
    }

    /// Reports invalid-URL-unit in `input[from..from + len]` when someone listens.
    #[inline]
    fn check_units(&mut self, from: usize, len: usize) {
        if self.reporter.is_active() {
            let text = self.input.get(from..from + len).unwrap_or_default();
            if let Some(i) = crate::whatwg::chars::first_invalid_url_unit(text) {
                self.report(ErrorKind::InvalidUrlUnit, from + i);
            }
        }
    }

    #[inline]
    fn is_special(&self) -> bool {
        self.special.is_some()
    }

    #[inline]
    fn is_file(&self) -> bool {
        self.special == Some(SpecialScheme::File)
    }

    /// Replaces the output with `base`'s scheme and authority (and path, and query), as the
    /// relative, relative slash and file states do when they copy from the base URL.
    fn copy_base(&mut self, base: &Url, path: bool, query: bool) {
        let o = base.offsets.widen();
        let auth_end = if base.host == HostInternal::None {
            o.host_end
        } else {
            o.path_start
        };
        self.out.clear();
        self.out.push_str(&base.serialization[..auth_end]);
        self.marks = Marks {
            path_start: auth_end,
            query_start: None,
            fragment_start: None,
            ..o
        };
        self.host = base.host;
        self.port = base.port;
        self.special = SpecialScheme::from_scheme(base.scheme());
        if path {
            self.out.push_str(base.pathname());
        }
        if query {
            if let Some(q) = base.query() {
                self.marks.query_start = Some(self.out.len());
                self.out.push('?');
                self.out.push_str(q);
            }
        }
    }

    /// Starts the query: `?` goes out and the query state runs on what follows.
    fn start_query(&mut self) -> State {
        self.marks.query_start = Some(self.out.len());
        self.out.push('?');
        State::Query
    }

    /// Starts the fragment: `#` goes out and the fragment state runs on what follows.
    fn start_fragment(&mut self) -> State {
        self.marks.fragment_start = Some(self.out.len());
        self.out.push('#');
        State::Fragment
    }

    /// After the base's components were copied (relative and file states): the input's end
    /// keeps them, `?` and `#` start the input's own query or fragment; `None` when a path
    /// follows instead (`c` is the byte at `pos`).
    fn end_query_or_fragment(&mut self, c: Option<u8>) -> Option<State> {
        match c {
            None => Some(State::Done),
            Some(b'?') => {
                self.pos += 1;
                Some(self.start_query())
            }
            Some(b'#') => {
                self.pos += 1;
                Some(self.start_fragment())
            }
            Some(_) => None,
        }
    }

    /// The [query state](https://url.spec.whatwg.org/#query-state): up to `#`, encoded with the
    /// special-query set for special URLs and the query set otherwise (in UTF-8 unless an
    /// encoding override applies: step 1).
    fn query(&mut self) -> State {
        #[cfg(feature = "encoding")]
        if let Some(encoding) = self.legacy_query_encoding() {
            return self.query_legacy(encoding);
        }
        let from = self.pos;
        let classes = if self.is_special() {
            &crate::whatwg::chars::SPECIAL_QUERY_CLASS
        } else {
            &crate::whatwg::chars::QUERY_CLASS
        };
        let len = encode::encode_until(&mut self.out, &self.input[from..], classes);
        self.check_units(from, len);
        if from + len < self.input.len() {
            self.pos = from + len + 1;
            self.start_fragment()
        } else {
            self.pos = from + len;
            State::Done
        }
    }

    /// Query state step 1: the *encoding* stays only for special URLs other than `ws:`/`wss:`.
    #[cfg(feature = "encoding")]
    fn legacy_query_encoding(&self) -> Option<&'static encoding_rs::Encoding> {
        match self.special {
            None | Some(SpecialScheme::Ws | SpecialScheme::Wss) => None,
            Some(_) => self.encoding,
        }
    }

    /// The query state with a legacy encoding: the query (up to `#`) is
    /// [percent-encoded after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
    /// with the special-query set (step 2; only special URLs get here).
    #[cfg(feature = "encoding")]
    fn query_legacy(&mut self, encoding: &'static encoding_rs::Encoding) -> State {
        let from = self.pos;
        let rest = &self.input[from..];
        let len = rest.find('#').unwrap_or(rest.len());
        self.check_units(from, len);
        let encoded = crate::percent::percent_encode_after_encoding(
            encoding,
            &rest[..len],
            &crate::percent::sets::SPECIAL_QUERY,
            false,
        );
        self.out.push_str(&encoded);
        if len < rest.len() {
            self.pos = from + len + 1;
            self.start_fragment()
        } else {
            self.pos = from + len;
            State::Done
        }
    }

    /// The [fragment state](https://url.spec.whatwg.org/#fragment-state): the rest of the input,
    /// encoded with the fragment set.
    fn fragment(&mut self) -> State {
        let from = self.pos;
        self.check_units(from, self.input.len() - from);
        encode::encode_into(
            &mut self.out,
            &self.input[from..],
            &crate::whatwg::chars::FRAGMENT_ENC,
        );
        self.pos = self.input.len();
        State::Done
    }

    /// Builds the [`Url`]. A URL without host whose path starts with an empty segment gets
    /// `/.` before its path, as the [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer)
    /// step 3 says, so that the path cannot be read back as an authority.
    fn finish(mut self) -> Result<Url, ParseError> {
        let m = self.marks;
        let path_end = m.query_start.or(m.fragment_start).unwrap_or(self.out.len());
        let needs_dot = self.host == HostInternal::None
            && self
                .out
                .as_bytes()
                .get(m.path_start..path_end)
                .is_some_and(|p| p.starts_with(b"//"));
        let too_long = ParseError::new(ErrorKind::InputTooLong, 0);
        // Room for the "/." below.
        let mut offsets = Offsets::narrow(&m, self.out.len() + 2).ok_or(too_long)?;
        // "/." goes before the path: the path and what follows move.
        if needs_dot && !offsets.splice(&mut self.out, m.path_start..m.path_start, "/.", Mark::PathStart) {
            return Err(too_long);
        }
        let url = Url {
            serialization: self.out,
            offsets,
            host: self.host,
            port: self.port,
        };
        debug_assert_eq!(url.check_invariants(), Ok(()), "{:?}", url.serialization);
        Ok(url)
    }
}
