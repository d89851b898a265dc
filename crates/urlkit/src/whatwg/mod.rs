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
pub(crate) mod chars;
pub(crate) mod encode;
mod fast;
mod file;
pub(crate) mod input;
pub(crate) mod output;
mod path;
mod relative;
mod scheme;
#[cfg(test)]
mod tests;

pub(crate) use scheme::scheme_len;

use crate::error::{ErrorKind, Reporter};
use crate::host::HostInternal;
use crate::scheme::SpecialScheme;
use crate::url::offsets::{Mark, Marks, Offsets};
use crate::{ParseError, Url};
use alloc::string::String;
use output::{Discard, Output};

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

/// What the parser knows of the base URL: the URL itself when it writes a URL, only its
/// special scheme and whether its path is opaque when it writes nothing (`can_parse`, which
/// runs the same states on the base string first to learn them).
#[derive(Clone, Copy)]
struct Base<'b> {
    /// The base URL, whose components the relative states copy (`None` for `can_parse`).
    url: Option<&'b Url>,
    special: Option<SpecialScheme>,
    opaque: bool,
}

impl<'b> Base<'b> {
    fn of(url: &'b Url) -> Self {
        Base {
            url: Some(url),
            special: url.special_scheme(),
            opaque: url.has_opaque_path(),
        }
    }
}

/// The standard's *state override*: which setter runs the parser on one component.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Override {
    /// A whole URL is parsed.
    None,
    /// The host and hostname setters (host state): `hostname` refuses a port; `credentials`
    /// is whether the URL has any (then an empty host is refused, as with a port).
    Host { hostname: bool, credentials: bool },
    /// The port setter (port state).
    Port,
    /// The pathname setter (path start state).
    Path,
}

/// The parser's state: the input (already trimmed, tabs and newlines removed), the position
/// in it, and the URL being written to `out` (a `String`, or nothing for `can_parse`).
struct Parser<'i, 'b, 'r, 'cb, O: Output> {
    input: &'i str,
    /// Maps positions in `input` to the caller's input, for error positions.
    map: input::PosMap<'i>,
    pos: usize,
    base: Option<Base<'b>>,
    out: O,
    marks: Marks,
    host: HostInternal,
    port: Option<u16>,
    special: Option<SpecialScheme>,
    /// The path is opaque (what `can_parse` needs to know of a base).
    opaque: bool,
    /// End (in `input`) of the authority found by the authority state.
    auth_end: usize,
    /// The `:` before the port found by the authority state, if any.
    host_colon: Option<usize>,
    /// Parsing one component for a setter (the standard's *state override*).
    state_override: Override,
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
    buffer: String,
) -> Result<Url, ParseError> {
    parse_noting_into::<false>(input, base, reporter, buffer, &mut Noted::Parsed)
}

/// How [`parse_noting`] wrote the URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(feature = "lint"), allow(dead_code))]
pub(crate) enum Noted {
    /// The state machine wrote it, or some of it.
    Parsed,
    /// The fast path copied the whole input, folding the ASCII case of the scheme or host
    /// or adding a root path's `/`: the parser would report on the input only what it
    /// reports on its canonical form (those steps report nothing).
    Copied,
    /// The fast path copied the input unchanged: the serialization is `input`, byte for
    /// byte.
    AsIs,
}

/// [`Url::parse_reusing`] without a base or a listener, and how the URL was written
/// ([`Noted`]): the crate-visible entry for a caller that needs to know whether the input
/// is already canonical (the linter tells most canonical inputs without comparing them with
/// the serialization). It promises the URL and the error [`Url::parse`] gives, and that
/// `noted` is [`Noted::AsIs`] or [`Noted::Copied`] only as those variants say; `Parsed`
/// promises nothing (a canonical input may still be parsed in full).
#[cfg_attr(not(feature = "lint"), allow(dead_code))]
pub(crate) fn parse_noting(input: &str, buffer: String, noted: &mut Noted) -> Result<Url, ParseError> {
    parse_noting_into::<true>(input, None, &mut Reporter::none(), buffer, noted)
}

/// [`parse_into`]; with `NOTE`, `noted` tells how the URL was written ([`parse_noting`]).
#[inline(always)]
fn parse_noting_into<const NOTE: bool>(
    input: &str,
    base: Option<&Url>,
    reporter: &mut Reporter<'_>,
    mut buffer: String,
    noted: &mut Noted,
) -> Result<Url, ParseError> {
    if u32::try_from(input.len()).is_err() {
        return Err(ParseError::new(ErrorKind::InputTooLong, u32::MAX as usize));
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
        if NOTE && trimmed.len() == input.len() {
            *noted = if l.unchanged() { Noted::AsIs } else { Noted::Copied };
        }
        if let Some(url) = fast::build(trimmed, l, &mut buffer) {
            debug_assert!(!NOTE || *noted != Noted::AsIs || url.serialization == input);
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
    let out = reuse(buffer, cleaned.len() + extra);
    let mut parser = Parser::new(&cleaned, map, base.map(Base::of), out, reporter);
    parser.run(State::SchemeStart)?;
    parser.finish()
}

/// [`Url::canonical_attribute_ranges`]: the fast scan's layout of `input` when the parser
/// (no base) would return `input` itself as the href, without writing it: nothing to trim,
/// and the scan's canonical case with nothing to change ([`fast::as_is`]).
#[inline(always)]
pub(crate) fn canonical_as_is(input: &str) -> Option<(Marks, HostInternal, Option<u16>)> {
    if input::trim_c0_space(input, &mut Reporter::none()).0.len() != input.len() {
        return None;
    }
    let found = fast::as_is(input);
    #[cfg(debug_assertions)]
    if let Some((marks, host, port)) = &found {
        let full = parse_full(input, None);
        assert!(
            full.as_ref().is_ok_and(|u| u.serialization == input
                && u.offsets.widen() == *marks
                && u.host == *host
                && u.port == *port),
            "canonical_as_is disagrees on {input:?}: {full:?}"
        );
    }
    found
}

/// [`Url::canonical_host_ranges`]: where the host and the authority end in `input` when
/// the parser (no base) would keep the host and port as written ([`fast::canonical_host`]).
/// Inputs too long for any href are left to the parser: percent-encoding may triple
/// the rest of the input, and the href must fit 32-bit offsets.
#[inline(always)]
pub(crate) fn canonical_host(input: &str) -> Option<(usize, usize, usize, HostInternal)> {
    if input.len() > u32::MAX as usize / 4 {
        return None;
    }
    let found = fast::canonical_host(input.as_bytes());
    #[cfg(debug_assertions)]
    if let Some((start, end, authority_end, host)) = found {
        let full = parse_full(input, None);
        assert!(
            full.as_ref().is_ok_and(|u| u.hostname() == &input[start..end]
                && u.host_port() == &input[start..authority_end]
                && u.host == host),
            "canonical_host disagrees on {input:?}: {full:?}"
        );
    }
    found
}

/// [`Url::can_parse`](https://url.spec.whatwg.org/#dom-url-canparse): the basic URL parser
/// on `base`, then on `input` against it, with an output that stores nothing ([`Discard`]),
/// so nothing is allocated. The fast path's canonical authority decides first; a host that
/// cannot be checked without allocating, or an input with tabs or newlines too long for the
/// stack buffer that removes them, gets a full parse.
pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
    let facts = match base {
        // The common case, before anything else.
        None if fast::authority_parses(input.as_bytes()).is_some() => {
            return u32::try_from(input.len()).is_ok();
        }
        None => None,
        Some(b) => match decide(b, None) {
            Decided::Parses(facts) => Some(facts),
            Decided::Fails => return false,
            Decided::Unsure => return parses_fully(input, base),
        },
    };
    match decide(input, facts) {
        Decided::Parses(_) => true,
        Decided::Fails => false,
        Decided::Unsure => parses_fully(input, base),
    }
}

/// `can_parse` by building the URLs (rare: see [`decide`]).
#[cold]
#[inline(never)]
fn parses_fully(input: &str, base: Option<&str>) -> bool {
    match base {
        None => Url::parse(input).is_ok(),
        Some(b) => Url::parse(b).is_ok_and(|b| b.join(input).is_ok()),
    }
}

/// What the parser without output found.
enum Decided {
    /// The input parses; what a parse against it as a base would need to know.
    Parses(Base<'static>),
    Fails,
    /// Only a full parse can tell.
    Unsure,
}

/// Runs the basic URL parser on `input` against `base` without output.
fn decide(input: &str, base: Option<Base<'static>>) -> Decided {
    if u32::try_from(input.len()).is_err() {
        return Decided::Fails;
    }
    // The shortcut, before trimming: an input that starts with a special scheme has nothing
    // to trim in front, and what may be trimmed at its end is after its authority.
    if let Some(special) = fast::authority_parses(input.as_bytes()) {
        return Decided::Parses(Base {
            url: None,
            special: Some(special),
            opaque: false,
        });
    }
    let (trimmed, lead) = input::trim_c0_space(input, &mut Reporter::none());
    match input::find_tab_or_newline(trimmed.as_bytes()) {
        None => decide_cleaned(trimmed, lead, false, base),
        Some(first) => decide_without_tabs(trimmed, first, lead, base),
    }
}

/// [`decide`] on input with tabs or newlines: they are removed into a stack buffer. When the
/// input does not fit, its beginning does; the answer stands if the parser got past the
/// authority (the only part that can fail) before the end of what fit.
#[inline(never)]
fn decide_without_tabs(trimmed: &str, first: usize, lead: usize, base: Option<Base<'static>>) -> Decided {
    const ROOM: usize = 16 * 1024;
    let mut buf = [0u8; ROOM];
    let mut n = 0;
    let mut truncated = false;
    for piece in core::iter::once(&trimmed[..first]).chain(trimmed[first..].split(['\t', '\n', '\r'])) {
        let room = ROOM - n;
        let mut k = piece.len().min(room);
        while !piece.is_char_boundary(k) {
            k -= 1;
        }
        buf[n..n + k].copy_from_slice(&piece.as_bytes()[..k]);
        n += k;
        if k < piece.len() {
            truncated = true;
            break;
        }
    }
    let Ok(cleaned) = core::str::from_utf8(&buf[..n]) else {
        return Decided::Unsure;
    };
    decide_cleaned(cleaned, lead, truncated, base)
}

/// Runs the states on `cleaned` (trimmed, without tabs and newlines), which may be only the
/// beginning of the input (`truncated`).
fn decide_cleaned(cleaned: &str, lead: usize, truncated: bool, base: Option<Base<'static>>) -> Decided {
    let mut reporter = Reporter::none();
    let map = input::PosMap {
        trimmed: cleaned,
        lead,
        removed: false,
    };
    let mut parser = Parser::new(cleaned, map, base, Discard::default(), &mut reporter);
    let result = parser.run(State::SchemeStart);
    match result {
        _ if truncated && (result.is_err() || parser.pos >= cleaned.len()) => Decided::Unsure,
        Ok(()) => Decided::Parses(Base {
            url: None,
            special: parser.special,
            opaque: parser.opaque,
        }),
        Err(_) if parser.out.unsure => Decided::Unsure,
        Err(_) => Decided::Fails,
    }
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
    let mut parser = Parser::new(input, map, None, reuse(buffer, input.len() + extra), reporter);
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
        return Err(ParseError::new(ErrorKind::InputTooLong, u32::MAX as usize));
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
    configure: impl FnOnce(&mut Parser<'_, '_, '_, '_, String>),
) -> Result<Url, ParseError> {
    let (trimmed, lead) = input::trim_c0_space(input, reporter);
    let cleaned = input::remove_tab_newline(trimmed, lead, reporter);
    let map = input::PosMap {
        trimmed,
        lead,
        removed: matches!(cleaned, alloc::borrow::Cow::Owned(_)),
    };
    let mut parser = Parser::new(
        &cleaned,
        map,
        base.map(Base::of),
        String::with_capacity(cleaned.len()),
        reporter,
    );
    configure(&mut parser);
    parser.run(State::SchemeStart)?;
    parser.finish()
}

/// The serialization of the path that `value` gives under the [path start state](https://url.spec.whatwg.org/#path-start-state)
/// override, as the pathname setter runs it on a URL with scheme `special` (or a
/// non-special one) and with a null host or not.
pub(crate) fn parse_path_override(value: &str, special: Option<SpecialScheme>, null_host: bool) -> String {
    let out = String::with_capacity(value.len());
    with_override(value, out, special, Override::Path, |parser| {
        parser.host = if null_host {
            HostInternal::None
        } else {
            HostInternal::Empty
        };
        // Only the path states run: they cannot fail.
        let _ = parser.run(State::PathStart);
    })
    .0
}

/// Runs `f` on a parser over `value` (tabs and newlines removed, the basic URL parser's first
/// step on a setter's value too) with `state_override`, writing to `out`: the output and
/// `f`'s answer.
fn with_override<R>(
    value: &str,
    out: String,
    special: Option<SpecialScheme>,
    state_override: Override,
    f: impl FnOnce(&mut Parser<'_, '_, '_, '_, String>) -> R,
) -> (String, R) {
    let mut reporter = Reporter::none();
    let cleaned = input::remove_tab_newline(value, 0, &mut reporter);
    let map = input::PosMap {
        trimmed: value,
        lead: 0,
        removed: matches!(cleaned, alloc::borrow::Cow::Owned(_)),
    };
    let mut parser = Parser::new(&cleaned, map, None, out, &mut reporter);
    parser.special = special;
    parser.state_override = state_override;
    let answer = f(&mut parser);
    (parser.out, answer)
}

/// The URL a setter edits, as the state-override entry points need it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Target {
    pub(crate) special: Option<SpecialScheme>,
    pub(crate) credentials: bool,
    pub(crate) port: Option<u16>,
}

/// What the host state with a state override wrote (after what `out` held before).
#[derive(Debug)]
pub(crate) struct HostOverride {
    pub(crate) host: HostInternal,
    /// Where the host's serialization ends in `out`.
    pub(crate) host_end: usize,
    /// `None` without a `:` after the host. Otherwise the port state's answer: the new port
    /// (`None` for the scheme's default), written as `:port` after the host; or its failure,
    /// which leaves the port as it was (the host still changes).
    pub(crate) port: Option<Result<Option<u16>, ParseError>>,
}

/// The basic URL parser on `value` with the [host state](https://url.spec.whatwg.org/#host-state)
/// (or hostname state, `hostname`) as state override, for a URL like `target`: the host's
/// serialization, and `:port` when a port follows, are appended to `out` (which the caller
/// lends and gets back, so the host can be parsed straight onto its serialization).
/// `file` URLs take the file host state. A refusal that is not a parse error fails with
/// [`ErrorKind::SetterNotApplicable`].
pub(crate) fn parse_host_override(
    value: &str,
    out: String,
    target: Target,
    hostname: bool,
) -> (String, Result<HostOverride, ParseError>) {
    let at = out.len();
    let state_override = Override::Host {
        hostname,
        credentials: target.credentials,
    };
    with_override(value, out, target.special, state_override, |parser| {
        parser.port = target.port;
        parser.host = HostInternal::Empty;
        parser.marks.host_start = at;
        parser.marks.host_end = at;
        parser.host_state().map(|next| {
            let host_end = parser.marks.host_end;
            let port = (next == State::Port).then(|| parser.port_state().map(|_| parser.port));
            HostOverride {
                host: parser.host,
                host_end,
                port,
            }
        })
    })
}

/// The basic URL parser on `value` with the [port state](https://url.spec.whatwg.org/#port-state)
/// as state override, for a URL with special scheme `special`: the new port (`None` for the
/// scheme's default) and its serialization (`:port`, or nothing).
pub(crate) fn parse_port_override(
    value: &str,
    special: Option<SpecialScheme>,
) -> Result<(Option<u16>, String), ParseError> {
    let (out, port) = with_override(value, String::new(), special, Override::Port, |parser| {
        parser.port_state().map(|_| parser.port)
    });
    port.map(|port| (port, out))
}

impl<'i, 'b, 'r, 'cb, O: Output> Parser<'i, 'b, 'r, 'cb, O> {
    /// A parser at the start of `input`, writing to `out`.
    fn new(
        input: &'i str,
        map: input::PosMap<'i>,
        base: Option<Base<'b>>,
        out: O,
        reporter: &'r mut Reporter<'cb>,
    ) -> Self {
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
            opaque: false,
            auth_end: 0,
            host_colon: None,
            state_override: Override::None,
            #[cfg(feature = "encoding")]
            encoding: None,
            reporter,
        }
    }
}

impl<O: Output> Parser<'_, '_, '_, '_, O> {
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
    fn copy_base(&mut self, base: Base<'_>, path: bool, query: bool) {
        self.special = base.special;
        let Some(base) = base.url.filter(|_| O::STORE) else {
            return;
        };
        let o = base.offsets.widen();
        let auth_end = if base.host == HostInternal::None {
            o.host_end
        } else {
            o.path_start
        };
        self.out.truncate(0);
        self.out.push_str(&base.serialization[..auth_end]);
        self.marks = Marks {
            path_start: auth_end,
            query_start: None,
            fragment_start: None,
            ..o
        };
        self.host = base.host;
        self.port = base.port;
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
    /// Nothing fails here or after: without output, the parser is done.
    fn query(&mut self) -> State {
        if !O::STORE {
            return State::Done;
        }
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
        let Some(out) = self.out.string() else {
            return State::Done;
        };
        let len = encode::encode_until(out, &self.input[from..], classes);
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
        if let Some(out) = self.out.string() {
            encode::encode_into(out, &self.input[from..], &crate::whatwg::chars::FRAGMENT_ENC);
        }
        self.pos = self.input.len();
        State::Done
    }
}

impl Parser<'_, '_, '_, '_, String> {
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
