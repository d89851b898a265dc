//! The SURT key (Sort-friendly URI Reordering Transform) exactly as the Python `surt`
//! package 0.3.1 computes it with its default options: its `handyurl` parsing, the Google
//! canonicalizer steps and then the Internet Archive ones, and `geturl(surt=True,
//! with_scheme=False)`. Each step below names the Python function it follows.

use super::bytes::{any_byte, decimal, dotted, escape_into, inet_aton, unescape_repeatedly};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Why the `surt` package would raise instead of returning a key.
///
/// ```
/// let err = urlkit::canon::surt("http://example.com:http/").unwrap_err();
/// assert_eq!(err.to_string(), "port is not a number: http");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SurtError {
    /// Nothing but white space (the package fails on the missing scheme).
    Blank,
    /// A port that is not ASCII digits.
    PortNotANumber(String),
    /// A port above 65535.
    PortOutOfRange(String),
}

impl fmt::Display for SurtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SurtError::Blank => f.write_str("no url: only white space"),
            SurtError::PortNotANumber(p) => write!(f, "port is not a number: {p}"),
            SurtError::PortOutOfRange(p) => write!(f, "port out of range 0-65535: {p}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SurtError {}

/// Bytes borrowed from the input while no step changes them.
type Bytes<'a> = Cow<'a, [u8]>;

/// `handyurl`'s fields (user and password are never kept: `handyurl.parse` drops them).
struct Handy<'a> {
    scheme: &'a [u8],
    host: Option<Bytes<'a>>,
    port: Option<u32>,
    path: Option<Bytes<'a>>,
    query: Option<Bytes<'a>>,
}

/// Python's `bytes.strip()` white space.
fn is_py_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn is_scheme_start(b: u8) -> bool {
    b.is_ascii_alphabetic()
}

fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// The length of `^[a-zA-Z][a-zA-Z0-9+.-]*:` at the start of `url` (without the colon).
fn scheme_len(url: &[u8]) -> Option<usize> {
    if !url.first().copied().is_some_and(is_scheme_start) {
        return None;
    }
    let n = url.iter().position(|&b| !is_scheme_char(b))?;
    (url[n] == b':').then_some(n)
}

/// The SURT key of `url`, as `surt.surt(url)` returns it (the `surt` package, 0.3.1,
/// default options; Python 3.11's `urllib.parse` port rules): the host reversed into
/// comma-separated labels, `www`/`wwwN` dropped, then `)`, the lower-cased path and the
/// sorted, lower-cased query, without scheme, user, default port or fragment.
///
/// # Errors
///
/// Where the package raises: a blank input, a port that is not a number or above 65535.
///
/// ```
/// use urlkit::canon::surt;
/// assert_eq!(surt("http://www.Example.com:80/A/b/?b=2&a=1#x")?, "com,example)/a/b?a=1&b=2");
/// assert_eq!(surt("https://archive.org/details/texts")?, "org,archive)/details/texts");
/// assert_eq!(surt("http://3279880203/")?, "11,0,127,195)/");
/// assert_eq!(surt("")?, "-");
/// # Ok::<(), urlkit::canon::SurtError>(())
/// ```
pub fn surt(url: &str) -> Result<String, SurtError> {
    let url = url.as_bytes();
    if url.is_empty() {
        return Ok(String::from("-"));
    }
    if url.starts_with(b"filedesc") {
        return Ok(String::from_utf8_lossy(url).into_owned());
    }
    let u = preprocess(url)?;
    let mut h = parse(&u)?;
    google(&mut h);
    ia(&mut h);
    let out = serialize(&h);
    // Every byte outside printable ASCII was escaped on the way, except in the scheme,
    // which is ASCII by its pattern.
    Ok(String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// `handyurl.parse`, the string steps: white space stripped and removed, a default scheme,
/// repeated protocols. Borrowed when none applies.
fn preprocess(url: &[u8]) -> Result<Bytes<'_>, SurtError> {
    // url.strip(), then _RE_SPACES (tab, CR, LF) removed.
    let start = url.iter().position(|&b| !is_py_space(b)).unwrap_or(url.len());
    let end = url
        .iter()
        .rposition(|&b| !is_py_space(b))
        .map_or(start, |e| e + 1);
    let trimmed = &url[start..end];
    let mut u: Bytes<'_> = if any_byte(trimmed, |b| matches!(b, b'\t' | b'\r' | b'\n')) {
        Cow::Owned(
            trimmed
                .iter()
                .copied()
                .filter(|&b| !matches!(b, b'\t' | b'\r' | b'\n'))
                .collect(),
        )
    } else {
        Cow::Borrowed(trimmed)
    };
    if u.is_empty() {
        return Err(SurtError::Blank);
    }
    // addDefaultSchemeIfNeeded.
    if scheme_len(&u).is_none() {
        let mut with = Vec::with_capacity(u.len() + 7);
        with.extend_from_slice(b"http://");
        with.extend_from_slice(&u);
        u = Cow::Owned(with);
    }
    // _RE_MULTIPLE_PROTOCOLS: ^(https?://)+ becomes its last repetition.
    let mut at = 0;
    let mut last = None;
    loop {
        let rest = &u[at..];
        let n = if rest.starts_with(b"http://") {
            7
        } else if rest.starts_with(b"https://") {
            8
        } else {
            break;
        };
        last = Some(at);
        at += n;
    }
    match (last, u) {
        (Some(last), Cow::Borrowed(b)) => Ok(Cow::Borrowed(&b[last..])),
        (Some(last), Cow::Owned(mut o)) => {
            o.drain(..last);
            Ok(Cow::Owned(o))
        }
        (None, u) => Ok(u),
    }
}

/// `handyurl.parse`, the split: `RFC2396REGEX` and `urlsplit`'s host and port.
fn parse(u: &[u8]) -> Result<Handy<'_>, SurtError> {
    // RFC2396REGEX.
    let s = scheme_len(u).unwrap_or(0);
    let scheme = &u[..s];
    let mut rest = &u[(s + 1).min(u.len())..];
    if s == 0 {
        rest = u;
    }
    let mut netloc: &[u8] = b"";
    if let Some(after) = rest.strip_prefix(b"//") {
        let n = memchr::memchr3(b'/', b'?', b'#', after).unwrap_or(after.len());
        netloc = &after[..n];
        rest = &after[n..];
    }
    let p = memchr::memchr2(b'?', b'#', rest).unwrap_or(rest.len());
    let path = &rest[..p];
    rest = &rest[p..];
    let mut query: &[u8] = b"";
    if let Some(after) = rest.strip_prefix(b"?") {
        let q = memchr::memchr(b'#', after).unwrap_or(after.len());
        query = &after[..q];
    }
    // Hostnames ending with ':' and no port.
    while let Some(n) = netloc.strip_suffix(b":") {
        netloc = n;
    }
    // SplitResultBytes._hostinfo, .port and .hostname.
    let hostinfo = match memchr::memrchr(b'@', netloc) {
        Some(at) => &netloc[at + 1..],
        None => netloc,
    };
    let (hostname, port) = match memchr::memchr(b'[', hostinfo) {
        Some(open) => {
            let bracketed = &hostinfo[open + 1..];
            let (name, after) = split_at_byte(bracketed, b']');
            (name, split_at_byte(after, b':').1)
        }
        None => split_at_byte(hostinfo, b':'),
    };
    let port = if port.is_empty() {
        None
    } else if port.iter().all(u8::is_ascii_digit) {
        let text = String::from_utf8_lossy(port).into_owned();
        let digits = port.iter().skip_while(|&&b| b == b'0').count();
        let value = port.iter().fold(0u32, |v, &d| {
            v.saturating_mul(10).saturating_add(u32::from(d - b'0'))
        });
        if digits > 5 || value > 65535 {
            return Err(SurtError::PortOutOfRange(text));
        }
        // `o.port or None`: port 0 is no port.
        (value != 0).then_some(value)
    } else {
        return Err(SurtError::PortNotANumber(
            String::from_utf8_lossy(port).into_owned(),
        ));
    };
    let mut host: Option<Bytes<'_>> = (!hostname.is_empty()).then(|| {
        // .hostname lower-cases what precedes a '%' zone.
        let (name, zone) = split_at_byte_keep(hostname, b'%');
        if name.iter().any(u8::is_ascii_uppercase) {
            let mut h = name.to_ascii_lowercase();
            h.extend_from_slice(zone);
            Cow::Owned(h)
        } else {
            Cow::Borrowed(hostname)
        }
    });
    let mut path: Option<Bytes<'_>> = (!path.is_empty()).then_some(Cow::Borrowed(path));
    if scheme.starts_with(b"http") && host.is_none() {
        if let Some(Cow::Borrowed(p)) = path {
            // "http:////www.vikings.com": the host is the first segment of the path.
            let trimmed = &p[p.iter().position(|&b| b != b'/').unwrap_or(p.len())..];
            let (name, after) = split_at_byte(trimmed, b'/');
            let mut new_path = alloc::vec![b'/'];
            new_path.extend_from_slice(after);
            host = Some(Cow::Borrowed(name));
            path = Some(Cow::Owned(new_path));
        }
    }
    Ok(Handy {
        scheme,
        host,
        port,
        path,
        query: (!query.is_empty()).then_some(Cow::Borrowed(query)),
    })
}

/// `s.partition(sep)` without the separator: (before, after); after is empty without it.
fn split_at_byte(s: &[u8], sep: u8) -> (&[u8], &[u8]) {
    match memchr::memchr(sep, s) {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, b""),
    }
}

/// `s.partition(sep)` keeping the separator with what follows it.
fn split_at_byte_keep(s: &[u8], sep: u8) -> (&[u8], &[u8]) {
    match memchr::memchr(sep, s) {
        Some(i) => s.split_at(i),
        None => (s, b""),
    }
}

/// `escapeOnce`: `quote_from_bytes` with the safe characters
/// ``!"$&'()*+,-./:;<=>?@[\]^_`{|}~``: escaped are controls, space, `#`, `%`, DEL and
/// non-ASCII bytes.
fn escape_once(input: Bytes<'_>) -> Bytes<'_> {
    let escaped = |b: u8| b <= b' ' || b >= 0x7f || b == b'#' || b == b'%';
    if !any_byte(&input, escaped) {
        return input;
    }
    let mut out = Vec::with_capacity(input.len() + 8);
    escape_into(&input, escaped, &mut out);
    Cow::Owned(out)
}

/// `minimalEscape`.
fn minimal_escape(input: Bytes<'_>) -> Bytes<'_> {
    escape_once(unescape_repeatedly(input))
}

/// `bytes.lower()`, borrowed when nothing is upper-case.
fn lower(input: Bytes<'_>) -> Bytes<'_> {
    if input.iter().any(u8::is_ascii_uppercase) {
        let mut o = input.into_owned();
        o.make_ascii_lowercase();
        Cow::Owned(o)
    } else {
        input
    }
}

/// `GoogleURLCanonicalizer.canonicalize`.
fn google(h: &mut Handy<'_>) {
    if let Some(q) = h.query.take() {
        h.query = Some(minimal_escape(q));
    }
    if let Some(host) = h.host.take_if(|h| !h.is_empty()) {
        let mut host = unescape_repeatedly(host);
        if !host.is_ascii() {
            if let Some(ascii) = python_idna(&host) {
                host = Cow::Owned(ascii);
            }
        }
        if any_pair(&host, |a, b| a == b'.' && b == b'.') {
            host = Cow::Owned(replace_double_dots(&host));
        }
        let (start, end) = strip_dots(&host);
        h.host = Some(match attempt_ip_formats(&host[start..end]) {
            Some(ip) => Cow::Owned(ip),
            None => lower(escape_once(sub(host, start, end))),
        });
    }
    let path = h.path.take().map(unescape_repeatedly);
    let path = if h.host.as_ref().is_some_and(|h| !h.is_empty()) {
        Some(match path {
            // Already normal: starts with '/', no empty, '.' or '..' segment.
            Some(p) if p.starts_with(b"/") && !any_pair(&p, |a, b| a == b'/' && (b == b'/' || b == b'.')) => {
                p
            }
            p => Cow::Owned(normalize_path(p.as_deref())),
        })
    } else {
        path
    };
    h.path = path.map(escape_once);
}

/// Whether two adjacent bytes of `s` satisfy `f`; like [`any_byte`], without an early exit.
#[inline(always)]
fn any_pair(s: &[u8], f: impl Fn(u8, u8) -> bool) -> bool {
    s.iter()
        .zip(s.iter().skip(1))
        .fold(false, |found, (&a, &b)| found | f(a, b))
}

/// `bytes[start..end]`, without a copy when borrowed.
fn sub(bytes: Bytes<'_>, start: usize, end: usize) -> Bytes<'_> {
    match bytes {
        Cow::Borrowed(b) => Cow::Borrowed(&b[start..end]),
        Cow::Owned(mut o) => {
            o.truncate(end);
            o.drain(..start);
            Cow::Owned(o)
        }
    }
}

/// `host.replace(b'..', b'.')`: one left-to-right pass over non-overlapping pairs.
fn replace_double_dots(host: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(host.len());
    let mut i = 0;
    while i < host.len() {
        if host[i] == b'.' && host.get(i + 1) == Some(&b'.') {
            out.push(b'.');
            i += 2;
        } else {
            out.push(host[i]);
            i += 1;
        }
    }
    out
}

/// `strip(b'.')`: the range without leading and trailing dots.
fn strip_dots(host: &[u8]) -> (usize, usize) {
    let start = host.iter().position(|&b| b != b'.').unwrap_or(host.len());
    let end = host.iter().rposition(|&b| b != b'.').map_or(start, |e| e + 1);
    (start, end)
}

/// `attemptIPFormats`: all digits (a 32-bit number, masked), or the `DECIMAL_IP` and
/// `OCTAL_IP` patterns resolved as `gethostbyname` does numeric names (`inet_aton`; a name
/// it rejects would go to DNS, where a numeric name does not resolve).
fn attempt_ip_formats(host: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    if !host.is_empty() && host.iter().all(u8::is_ascii_digit) {
        let value = host
            .iter()
            .fold(0u32, |v, &d| v.wrapping_mul(10).wrapping_add(u32::from(d - b'0')));
        dotted(value.to_be_bytes(), &mut out);
        return Some(out);
    }
    if !host.iter().all(|&b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    let digits = |p: &&[u8], max: u8| !p.is_empty() && p.iter().all(|&b| b.is_ascii_digit() && b <= max);
    let decimal = parts[0].first().is_some_and(|&b| b != b'0') && parts.iter().all(|p| digits(p, b'9'));
    let octal = parts[0].first() == Some(&b'0') && parts.iter().all(|p| digits(p, b'7'));
    if parts.len() <= 4 && (decimal || octal) {
        dotted(inet_aton(host)?, &mut out);
        return Some(out);
    }
    None
}

/// `normalizePath`: dot segments resolved (a `..` above the root kept), empty segments
/// dropped except the last.
fn normalize_path(path: Option<&[u8]>) -> Vec<u8> {
    let Some(path) = path.filter(|p| !p.is_empty()) else {
        return alloc::vec![b'/'];
    };
    let mut kept: Vec<&[u8]> = Vec::new();
    for p in path.split(|&b| b == b'/').skip(1) {
        match p {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(p);
                }
            }
            _ => kept.push(p),
        }
    }
    let mut out = alloc::vec![b'/'];
    if let Some((last, init)) = kept.split_last() {
        for p in init.iter().filter(|p| !p.is_empty()) {
            out.extend_from_slice(p);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    out
}

/// `IAURLCanonicalizer.canonicalize` with its defaults.
fn ia(h: &mut Handy<'_>) {
    if let Some(host) = h.host.take_if(|h| !h.is_empty()) {
        let host = lower(host);
        // massageHost: ^www\d*\. (not for dns:).
        let www = (h.scheme != b"dns")
            .then(|| host.strip_prefix(b"www"))
            .flatten()
            .and_then(|rest| {
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                (rest.get(digits) == Some(&b'.')).then_some(3 + digits + 1)
            });
        let len = host.len();
        h.host = Some(match www {
            Some(n) => sub(host, n, len),
            None => host,
        });
    }
    if !h.scheme.is_empty() {
        let default = if h.scheme.eq_ignore_ascii_case(b"http") {
            80
        } else if h.scheme.eq_ignore_ascii_case(b"https") {
            443
        } else {
            0
        };
        if h.port == Some(default) {
            h.port = None;
        }
    }
    // The path and query are lower-cased as [`serialize`] writes them: the session-id
    // patterns ignore case, and the query's order is that of its lower-cased pairs.
    if let Some(mut path) = h.path.take_if(|p| !p.is_empty()) {
        if contains_aspx(&path) {
            strip_path_session_id(path.to_mut());
        }
        let len = path.len();
        h.path = Some(if len > 1 && path.ends_with(b"/") {
            sub(path, 0, len - 1)
        } else {
            path
        });
    }
    if let Some(mut query) = h.query.take_if(|q| !q.is_empty()) {
        if has_session_id_name(&query) {
            strip_query_session_id(query.to_mut());
        }
        h.query = (!query.is_empty()).then_some(query);
    }
}

/// `stripPathSessionID`: `/(x(24 alnum)…)/…aspx` and `/(24 alnum)/…aspx` segments removed.
fn strip_path_session_id(path: &mut Vec<u8>) {
    for pattern in [paren_list_session as Matcher, paren_session] {
        // ^(.*/)(session/)([^?]+\.aspx.*)$ with the greedy (.*/): the last '/' that works.
        let found = (0..path.len())
            .rev()
            .filter(|&i| path[i] == b'/')
            .find_map(|slash| {
                let s = &path[slash + 1..];
                let len = pattern(s)?;
                aspx_rest(&s[len..]).then_some((slash + 1, len))
            });
        if let Some((at, len)) = found {
            path.drain(at..at + len);
        }
    }
}

/// `\((?:[a-z]\([0-9a-z]{24}\))+\)/`, case-insensitive: the matched length.
fn paren_list_session(s: &[u8]) -> Option<usize> {
    let mut i = 1;
    if s.first() != Some(&b'(') {
        return None;
    }
    let mut items = 0;
    while s.get(i).is_some_and(u8::is_ascii_alphabetic) && s.get(i + 1) == Some(&b'(') {
        let id = s.get(i + 2..i + 26)?;
        if !id.iter().all(u8::is_ascii_alphanumeric) || s.get(i + 26) != Some(&b')') {
            break;
        }
        i += 27;
        items += 1;
    }
    (items > 0 && s.get(i..i + 2) == Some(b")/")).then_some(i + 2)
}

/// `\([0-9a-z]{24}\)/`, case-insensitive.
fn paren_session(s: &[u8]) -> Option<usize> {
    let ok = s.first() == Some(&b'(')
        && s.get(1..25)
            .is_some_and(|id| id.iter().all(u8::is_ascii_alphanumeric))
        && s.get(25..27) == Some(b")/");
    ok.then_some(27)
}

/// `[^?]+\.aspx.*` on a path (which has no `?`): an `.aspx` after the first byte.
fn aspx_rest(s: &[u8]) -> bool {
    s.len() > 5 && s[1..].windows(5).any(|w| w.eq_ignore_ascii_case(b".aspx"))
}

/// A pattern anchored at the start of a slice: the length it matches.
type Matcher = fn(&[u8]) -> Option<usize>;

/// Whether one of the five session-id patterns can match: each has `sessionid`, `sessid`,
/// `sid=` or `cfid=` in it (ignoring case). All four have an `id`: only around those is
/// looked.
fn has_session_id_name(query: &[u8]) -> bool {
    let mut from = 0;
    while let Some(p) = memchr::memchr2(b'd', b'D', &query[from..]) {
        let d = from + p;
        from = d + 1;
        if d == 0 || !query[d - 1].eq_ignore_ascii_case(&b'i') {
            continue;
        }
        let before = &query[..d - 1];
        let ends = |name: &[u8]| {
            before.len() >= name.len() && before[before.len() - name.len()..].eq_ignore_ascii_case(name)
        };
        let equals = query.get(d + 1) == Some(&b'=');
        if ends(b"session") || ends(b"sess") || (equals && (ends(b"s") || ends(b"cf"))) {
            return true;
        }
    }
    false
}

/// Whether `path` has `.aspx` in it, ignoring case.
fn contains_aspx(path: &[u8]) -> bool {
    memchr::memchr_iter(b'.', path).any(|dot| {
        path.get(dot + 1..dot + 5)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"aspx"))
    })
}

/// `stripQuerySessionID`: the five patterns, each `^(.*)(?:ID)(?:&(.*))?$` applied in turn.
fn strip_query_session_id(query: &mut Vec<u8>) {
    fn alnum(s: &[u8], n: usize) -> Option<usize> {
        (s.len() >= n && s[..n].iter().all(u8::is_ascii_alphanumeric)).then_some(n)
    }
    fn alpha(s: &[u8], n: usize) -> Option<usize> {
        (s.len() >= n && s[..n].iter().all(u8::is_ascii_alphabetic)).then_some(n)
    }
    fn prefixed(s: &[u8], name: &[u8]) -> Option<usize> {
        (s.len() >= name.len() && s[..name.len()].eq_ignore_ascii_case(name)).then_some(name.len())
    }
    fn not_amp(s: &[u8]) -> Option<usize> {
        let n = s.iter().position(|&b| b == b'&').unwrap_or(s.len());
        (n > 0).then_some(n)
    }
    let patterns: [Matcher; 5] = [
        |s| prefixed(s, b"jsessionid=").and_then(|n| Some(n + alnum(&s[n..], 32)?)),
        |s| prefixed(s, b"phpsessid=").and_then(|n| Some(n + alnum(&s[n..], 32)?)),
        |s| prefixed(s, b"sid=").and_then(|n| Some(n + alnum(&s[n..], 32)?)),
        |s| {
            let n = prefixed(s, b"aspsessionid")?;
            let n = n + alpha(&s[n..], 8)?;
            let n = n + prefixed(&s[n..], b"=")?;
            Some(n + alpha(&s[n..], 24)?)
        },
        |s| {
            let n = prefixed(s, b"cfid=")?;
            let n = n + not_amp(&s[n..])?;
            let n = n + prefixed(&s[n..], b"&cftoken=")?;
            Some(n + not_amp(&s[n..])?)
        },
    ];
    // Every pattern has one of these in it: most queries are done at this test.
    if !has_session_id_name(query) {
        return;
    }
    for pattern in patterns {
        // The greedy ^(.*) takes the last start at which the rest matches.
        let found = (0..query.len()).rev().find_map(|start| {
            let end = start + pattern(&query[start..])?;
            (end == query.len() || query[end] == b'&').then_some((start, end))
        });
        if let Some((start, end)) = found {
            let mut out = query[..start].to_vec();
            if end + 1 < query.len() {
                out.extend_from_slice(&query[end + 1..]);
            }
            *query = out;
        }
    }
}

/// A query's `&`-separated pair: the name, and the value after the first `=`.
type Pair<'a> = (&'a [u8], Option<&'a [u8]>);

/// `name=value` split at its first `=`.
fn pair(arg: &[u8]) -> Pair<'_> {
    match memchr::memchr(b'=', arg) {
        Some(i) => (&arg[..i], Some(&arg[i + 1..])),
        None => (arg, None),
    }
}

/// Lower-cased bytes, for comparing.
fn lower_bytes(s: &[u8]) -> impl Iterator<Item = u8> + '_ {
    s.iter().map(u8::to_ascii_lowercase)
}

/// Pairs sorted on the stack up to this many (more go to the heap).
const STACK_PAIRS: usize = 32;

/// `alphaReorderQuery` on the lower-cased query, appended to `out` (not yet lower-cased):
/// `&`-separated pairs sorted as Python sorts `(name,)` and `(name, value)` tuples of the
/// lower-cased text. Pairs equal but for case come out the same once lower-cased, so their
/// order among themselves does not matter.
fn alpha_reorder_query_into(query: &[u8], out: &mut Vec<u8>) {
    if query.len() <= 1 {
        out.extend_from_slice(query);
        return;
    }
    let count = memchr::memchr_iter(b'&', query).count() + 1;
    if count <= STACK_PAIRS {
        let mut stack: [Pair<'_>; STACK_PAIRS] = [(&[], None); STACK_PAIRS];
        for (slot, arg) in stack.iter_mut().zip(query.split(|&b| b == b'&')) {
            *slot = pair(arg);
        }
        write_sorted(&mut stack[..count], out);
    } else {
        let mut pairs: Vec<Pair<'_>> = query.split(|&b| b == b'&').map(pair).collect();
        write_sorted(&mut pairs, out);
    }
}

/// Sorts `pairs` by their lower-cased text ((name,) before (name, anything)) and appends
/// them to `out`, joined by `&`.
fn write_sorted(pairs: &mut [Pair<'_>], out: &mut Vec<u8>) {
    pairs.sort_unstable_by(|a, b| {
        lower_bytes(a.0)
            .cmp(lower_bytes(b.0))
            .then_with(|| match (a.1, b.1) {
                (Some(x), Some(y)) => lower_bytes(x).cmp(lower_bytes(y)),
                (x, y) => x.is_some().cmp(&y.is_some()),
            })
    });
    for (k, (name, value)) in pairs.iter().enumerate() {
        if k > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(name);
        if let Some(v) = value {
            out.push(b'=');
            out.extend_from_slice(v);
        }
    }
}

/// `geturl_bytes(surt=True, with_scheme=False)`, with the path and query lower-cased as the
/// IA canonicalizer leaves them (see [`ia`]).
fn serialize(h: &Handy) -> Vec<u8> {
    let len = |v: &Option<Bytes<'_>>| v.as_ref().map_or(0, |b| b.len());
    let mut s = Vec::with_capacity(h.scheme.len() + len(&h.host) + len(&h.path) + len(&h.query) + 16);
    match h.host.as_deref().filter(|h| !h.is_empty()) {
        Some(host) => {
            // hostToSURT: labels reversed, joined by ','.
            for (k, label) in host.rsplit(|&b| b == b'.').enumerate() {
                if k > 0 {
                    s.push(b',');
                }
                s.extend_from_slice(label);
            }
            if let Some(port) = h.port {
                s.push(b':');
                decimal(port, &mut s);
            }
            s.push(b')');
        }
        None => {
            s.extend_from_slice(h.scheme);
            s.push(b':');
        }
    }
    let lowered = s.len();
    match &h.path {
        Some(p) if !p.is_empty() => s.extend_from_slice(p),
        _ if h.query.is_some() => s.push(b'/'),
        _ => {}
    }
    if let Some(q) = &h.query {
        s.push(b'?');
        if memchr::memchr(b'&', q).is_some() {
            alpha_reorder_query_into(q, &mut s);
        } else {
            s.extend_from_slice(q);
        }
    }
    s[lowered..].make_ascii_lowercase();
    s
}

/// Python's `host.decode('utf-8', 'ignore').encode('idna')` (IDNA 2003): `None` where it
/// raises. Nameprep is approximated by UTS 46 mapping after the IDNA 2003 deviations
/// (ß → ss, ς → σ, joiners removed).
fn python_idna(host: &[u8]) -> Option<Vec<u8>> {
    let mut text = String::new();
    for chunk in host.utf8_chunks() {
        text.push_str(chunk.valid());
    }
    if text.is_ascii() {
        // The codec's ASCII fast path: labels 1 to 63 bytes, the last may be empty.
        let labels: Vec<&str> = text.split('.').collect();
        let (last, init) = labels.split_last()?;
        if init.iter().any(|l| l.is_empty() || l.len() > 63) || last.len() > 63 {
            return None;
        }
        return Some(text.into_bytes());
    }
    let mut labels: Vec<&str> = text.split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}']).collect();
    let trailing_dot = labels.last() == Some(&"");
    if trailing_dot {
        labels.pop();
    }
    let mut out = Vec::new();
    for label in labels {
        if !out.is_empty() {
            out.push(b'.');
        }
        if label.is_ascii() {
            if label.is_empty() || label.len() > 63 {
                return None;
            }
            out.extend_from_slice(label.as_bytes());
            continue;
        }
        let prepped: String = label
            .chars()
            .filter(|c| !matches!(c, '\u{200c}' | '\u{200d}'))
            .map(|c| match c {
                'ß' => "ss".chars().collect::<String>(),
                'ς' => String::from('σ'),
                c => String::from(c),
            })
            .collect();
        if prepped.starts_with("xn--") {
            return None;
        }
        let ascii = match idna::uts46::Uts46::new().to_ascii(
            prepped.as_bytes(),
            idna::uts46::AsciiDenyList::EMPTY,
            idna::uts46::Hyphens::Allow,
            idna::uts46::DnsLength::Ignore,
        ) {
            Ok(ascii) => ascii.into_owned(),
            // Nameprep lets code points unassigned in Unicode 3.2 through, where UTS 46
            // rejects them: Punycode of the lower-cased label, as the codec would give.
            Err(_)
                if !prepped
                    .chars()
                    .any(|c| is_right_to_left_block(c) || is_prohibited(c)) =>
            {
                let mut ace = String::from("xn--");
                ace.push_str(&idna::punycode::encode_str(&prepped.to_lowercase())?);
                ace
            }
            // Right-to-left text: nameprep's bidi rule (RFC 3454 §6) may reject it too; the
            // UTS 46 verdict stands.
            Err(_) => return None,
        };
        if ascii.is_empty() || ascii.len() > 63 || ascii.contains('.') {
            return None;
        }
        out.extend_from_slice(ascii.as_bytes());
    }
    if trailing_dot {
        out.push(b'.');
    }
    Some(out)
}

/// Hebrew, Arabic, Syriac, Thaana, NKo and the other right-to-left blocks, where nameprep's
/// bidi rule applies.
fn is_right_to_left_block(c: char) -> bool {
    matches!(c, '\u{0590}'..='\u{08ff}' | '\u{fb1d}'..='\u{fdff}' | '\u{fe70}'..='\u{feff}' | '\u{10800}'..='\u{10fff}' | '\u{1e800}'..='\u{1efff}')
}

/// Nameprep's prohibited output (RFC 3454 tables C.1.2 to C.9): spaces, controls, private
/// use, non-characters, surrogates, U+FFF9 to U+FFFD, ideographic description, display
/// controls and tags.
fn is_prohibited(c: char) -> bool {
    matches!(c as u32,
        0x80..=0xa0 | 0x340 | 0x341 | 0x6dd | 0x70f | 0x1680 | 0x180e | 0x2000..=0x200f | 0x2028..=0x202f
        | 0x205f..=0x2063 | 0x206a..=0x206f | 0x2ff0..=0x2ffb | 0x3000 | 0xd800..=0xf8ff | 0xfdd0..=0xfdef
        | 0xfeff | 0xfff9..=0xffff | 0x1d173..=0x1d17a | 0xe0001 | 0xe0020..=0xe007f | 0xf0000..=0x10ffff)
        || (c as u32) & 0xfffe == 0xfffe
}
