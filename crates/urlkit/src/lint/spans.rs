//! Where the components are in the raw input, for findings' spans, and the RFC 3986 side of
//! the differential (the strict parser, the IRI parser, or RFC 3986 Appendix B's split).

use core::ops::Range;

use crate::rfc3986::{IriRef, ParseError, UriRef};
use crate::simd::AsciiClass;
use crate::Url;

/// The ASCII bytes but those of `stops`, as a table for [`AsciiClass::of_bits`].
const fn all_but(stops: &[u8]) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = 1;
        c += 1;
    }
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = 0;
        i += 1;
    }
    t
}

/// Bytes that end no path: all ASCII but `?` and `#`.
static NOT_QUERY_FRAGMENT: AsciiClass = AsciiClass::of_bits(&all_but(b"?#"), 1);
/// Bytes that end no authority: all ASCII but `/`, `\`, `?` and `#`.
static NOT_AUTHORITY_END: AsciiClass = AsciiClass::of_bits(&all_but(b"/\\?#"), 1);

/// The first index at or after `at` whose byte `stop` takes, or `b.len()`: a vector scan
/// over the bytes of `class` (which holds no byte `stop` takes), then a byte at a time over
/// any other (non-ASCII bytes, and stops the caller passes over, such as `\` outside a
/// special scheme). The byte loops it replaces took most of the split of a long input.
#[inline(always)]
fn find(b: &[u8], at: usize, class: &AsciiClass, stop: impl Fn(u8) -> bool) -> usize {
    let mut i = at;
    loop {
        i = crate::simd::try_scan(b, i, class).unwrap_or(i);
        match b.get(i) {
            None => return b.len(),
            Some(&c) if stop(c) => return i,
            Some(_) => i += 1,
        }
    }
}

/// Byte ranges of the components in the input, located the way the WHATWG parser reads
/// them (for special schemes `\` is `/` and any run of slashes precedes the authority).
/// Tabs and newlines inside a component are not skipped: spans are then approximate.
/// Public as [`InputSpans`](super::InputSpans), made by [`input_spans`](super::input_spans).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spans {
    /// The scheme, without its `:` (empty when the input has none).
    pub scheme: Range<usize>,
    /// The user name, when the input has userinfo.
    pub username: Option<Range<usize>>,
    /// The password, after the userinfo's first `:`.
    pub password: Option<Range<usize>>,
    /// The host, without the port (brackets kept for an IPv6 literal).
    pub host: Option<Range<usize>>,
    /// The port's digits, after the `:`.
    pub port: Option<Range<usize>>,
    /// The path (for an opaque path, all up to `?` or `#`).
    pub path: Range<usize>,
    /// The query, without its `?`.
    pub query: Option<Range<usize>>,
    /// The fragment, without its `#`.
    pub fragment: Option<Range<usize>>,
}

impl Spans {
    /// Locates the components of `input`; `special` and `file` say how the scheme reads.
    pub(crate) fn locate(input: &str, special: bool, file: bool) -> Spans {
        let b = input.as_bytes();
        let start = b.iter().position(|&c| c > b' ').unwrap_or(b.len());
        let end = b
            .iter()
            .rposition(|&c| c > b' ')
            .map_or(start, |i| i + 1)
            .max(start);
        let mut spans = Spans::default();
        let is_sep = |c: u8| c == b'/' || (special && c == b'\\');
        // The scheme: alpha then alphanumerics, `+`, `-`, `.`, up to a `:`.
        let scheme_len = b[start..end]
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            .unwrap_or(end - start);
        let mut at = start;
        if scheme_len > 0 && b[start].is_ascii_alphabetic() && b.get(start + scheme_len) == Some(&b':') {
            spans.scheme = start..start + scheme_len;
            at = start + scheme_len + 1;
        } else {
            spans.scheme = start..start;
        }
        let slashes = b[at..end].iter().take_while(|&&c| is_sep(c)).count();
        let has_authority = if special && !file {
            slashes > 0
        } else {
            slashes >= 2
        };
        if has_authority {
            let auth_start = if special && !file { at + slashes } else { at + 2 };
            let auth_end = find(&b[..end], auth_start, &NOT_AUTHORITY_END, |c| {
                is_sep(c) || c == b'?' || c == b'#'
            });
            debug_assert_eq!(
                Some(auth_end),
                b[auth_start..end]
                    .iter()
                    .position(|&c| is_sep(c) || c == b'?' || c == b'#')
                    .map_or(Some(end), |i| Some(auth_start + i))
            );
            spans.locate_authority(b, auth_start..auth_end);
            at = auth_end;
        }
        let path_end = find(&b[..end], at, &NOT_QUERY_FRAGMENT, |c| c == b'?' || c == b'#');
        debug_assert_eq!(
            path_end,
            b[at..end]
                .iter()
                .position(|&c| c == b'?' || c == b'#')
                .map_or(end, |i| at + i)
        );
        spans.path = at..path_end;
        let mut rest = path_end;
        if b.get(rest) == Some(&b'?') {
            // `str::find` is a memchr: queries can be long.
            let q_end = input[rest..end].find('#').map_or(end, |i| rest + i);
            spans.query = Some(rest + 1..q_end);
            rest = q_end;
        }
        if b.get(rest) == Some(&b'#') && rest < end {
            spans.fragment = Some(rest + 1..end);
        }
        spans
    }

    /// The spans of `input`, written canonically: `url`'s serialization, or that less a
    /// root path's `/`. They are `url`'s component boundaries, which [`Spans::locate`] finds
    /// by scanning (debug builds check that they agree): the serializer writes no `@` in the
    /// userinfo, no `:` in the user name, host or port, no `?` or `#` in the path and no `#`
    /// in the query.
    pub(crate) fn of_url(input: &str, url: &Url) -> Spans {
        let o = url.boundaries();
        let end = input.len();
        let scheme_end = o.scheme_end();
        let b = input.as_bytes();
        let mut spans = Spans {
            scheme: 0..scheme_end,
            ..Spans::default()
        };
        // A URL without a host has no `//` (one whose path starts with `//` is written `/.//`).
        let path_start = if url.host().is_some() {
            let auth_start = scheme_end + 3;
            let (username_end, host_start) = (o.username_end(), o.host_start());
            if host_start > auth_start {
                if b.get(username_end) == Some(&b':') {
                    spans.username = Some(auth_start..username_end);
                    spans.password = Some(username_end + 1..host_start - 1);
                } else {
                    spans.username = Some(auth_start..host_start - 1);
                }
            }
            let host_end = o.host_end();
            spans.host = Some(host_start..host_end);
            let path_start = o.path_start().min(end);
            if host_end < path_start {
                spans.port = Some(host_end + 1..path_start);
            }
            path_start
        } else {
            scheme_end + 1
        };
        let (query, fragment) = (o.query_start(), o.fragment_start());
        spans.path = path_start..query.or(fragment).unwrap_or(end).min(end);
        if let Some(q) = query {
            spans.query = Some(q + 1..fragment.unwrap_or(end));
        }
        if let Some(f) = fragment {
            spans.fragment = Some(f + 1..end);
        }
        spans
    }

    fn locate_authority(&mut self, b: &[u8], auth: Range<usize>) {
        let text = &b[auth.clone()];
        let host_start = match text.iter().rposition(|&c| c == b'@') {
            Some(i) => {
                let info = auth.start..auth.start + i;
                match b[info.clone()].iter().position(|&c| c == b':') {
                    Some(j) => {
                        self.username = Some(info.start..info.start + j);
                        self.password = Some(info.start + j + 1..info.end);
                    }
                    None => self.username = Some(info),
                }
                auth.start + i + 1
            }
            None => auth.start,
        };
        let host_text = &b[host_start..auth.end];
        let colon = if host_text.first() == Some(&b'[') {
            host_text
                .iter()
                .position(|&c| c == b']')
                .and_then(|i| (host_text.get(i + 1) == Some(&b':')).then_some(i + 1))
        } else {
            host_text.iter().rposition(|&c| c == b':')
        };
        match colon {
            Some(i) => {
                self.host = Some(host_start..host_start + i);
                self.port = Some(host_start + i + 1..auth.end);
            }
            None => self.host = Some(host_start..auth.end),
        }
    }
}

/// [`Spans`] located on first use: most inputs have no finding, so no span.
pub(crate) struct LazySpans<'a> {
    input: &'a str,
    special: bool,
    file: bool,
    /// The URL `input` is the canonical form of, if it is: its offsets are the spans.
    canonical: Option<&'a Url>,
    spans: Option<Spans>,
}

impl<'a> LazySpans<'a> {
    /// `canonical`: the URL `input` is written canonically for, if it is (see
    /// [`Spans::of_url`]; `special` and `file` are then not read).
    pub(crate) fn new(input: &'a str, special: bool, file: bool, canonical: Option<&'a Url>) -> Self {
        LazySpans {
            input,
            special,
            file,
            canonical,
            spans: None,
        }
    }

    pub(crate) fn get(&mut self) -> &Spans {
        let (input, special, file, canonical) = (self.input, self.special, self.file, self.canonical);
        self.spans.get_or_insert_with(|| match canonical {
            Some(url) => {
                let spans = Spans::of_url(input, url);
                let (special, file) = (url.is_special(), url.scheme() == "file");
                debug_assert_eq!(spans, Spans::locate(input, special, file), "{input:?}");
                spans
            }
            None => Spans::locate(input, special, file),
        })
    }
}

/// How the RFC 3986 side was read.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Via {
    /// A valid `URI-reference`.
    Uri,
    /// A valid `IRI-reference` (RFC 3987), not a URI.
    Iri,
    /// Neither: RFC 3986 Appendix B's regular expression, which splits any string, and the
    /// strict parser's error.
    Split(ParseError),
}

/// The RFC 3986 reading of an input: components as slices of it.
#[derive(Debug, Clone)]
pub(crate) struct Generic<'a> {
    pub scheme: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub port: Option<&'a str>,
    pub path: &'a str,
    pub via: Via,
}

impl<'a> Generic<'a> {
    /// Reads `input` from its strict parse as a URI (`uri`), else parses it as an IRI, else
    /// splits it as Appendix B does.
    pub(crate) fn read(input: &'a str, uri: Result<UriRef<'a>, ParseError>) -> Generic<'a> {
        // `UriRef` and `IriRef` have the same getters but no common trait.
        macro_rules! from {
            ($r:expr, $via:expr) => {
                Generic {
                    scheme: $r.scheme(),
                    userinfo: $r.userinfo(),
                    host: $r.host(),
                    port: $r.port(),
                    path: $r.path(),
                    via: $via,
                }
            };
        }
        match uri {
            Ok(u) => from!(u, Via::Uri),
            // The IRI grammar differs from the URI grammar only in non-ASCII characters (the
            // parser takes the same path through ASCII bytes either way): an ASCII input
            // that is not a URI is no IRI, and the IRI parser's code stays out of the cache.
            Err(e) if input.is_ascii() => {
                debug_assert!(IriRef::parse(input).is_err(), "{input:?}");
                Generic::split(input, e)
            }
            Err(e) => match IriRef::parse(input) {
                Ok(i) => from!(i, Via::Iri),
                Err(_) => Generic::split(input, e),
            },
        }
    }

    /// [RFC 3986 Appendix B](https://www.rfc-editor.org/rfc/rfc3986#appendix-B):
    /// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, the authority then split
    /// at its last `@` and at the `:` after the host (after `]` for an IP literal).
    fn split(input: &'a str, error: ParseError) -> Generic<'a> {
        let b = input.as_bytes();
        let mut g = Generic {
            scheme: None,
            userinfo: None,
            host: None,
            port: None,
            path: "",
            via: Via::Split(error),
        };
        let mut at = 0;
        if let Some(i) = b.iter().position(|&c| matches!(c, b':' | b'/' | b'?' | b'#')) {
            if i > 0 && b[i] == b':' {
                g.scheme = Some(&input[..i]);
                at = i + 1;
            }
        }
        if input[at..].starts_with("//") {
            let start = at + 2;
            let end = find(b, start, &NOT_AUTHORITY_END, |c| matches!(c, b'/' | b'?' | b'#'));
            debug_assert_eq!(
                end,
                b[start..]
                    .iter()
                    .position(|&c| matches!(c, b'/' | b'?' | b'#'))
                    .map_or(b.len(), |i| start + i)
            );
            let auth = &input[start..end];
            let host_port = match auth.rfind('@') {
                Some(i) => {
                    g.userinfo = Some(&auth[..i]);
                    &auth[i + 1..]
                }
                None => auth,
            };
            let colon = if host_port.starts_with('[') {
                host_port
                    .find(']')
                    .and_then(|i| host_port[i + 1..].starts_with(':').then_some(i + 1))
            } else {
                host_port.rfind(':')
            };
            match colon {
                Some(i) => {
                    g.host = Some(&host_port[..i]);
                    g.port = Some(&host_port[i + 1..]);
                }
                None => g.host = Some(host_port),
            }
            at = end;
        }
        let path_end = find(b, at, &NOT_QUERY_FRAGMENT, |c| c == b'?' || c == b'#');
        debug_assert_eq!(
            path_end,
            b[at..]
                .iter()
                .position(|&c| c == b'?' || c == b'#')
                .map_or(b.len(), |i| at + i)
        );
        g.path = &input[at..path_end];
        g
    }
}
