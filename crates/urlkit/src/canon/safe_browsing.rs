//! The Safe Browsing canonical URL and its lookup expressions (Google Safe Browsing API v4
//! and v5, "URLs and Hashing"; summarized in `shared/specs/safe-browsing-canonicalization.md`).

use super::bytes::{any_byte, dotted, escape_into, inet_aton, unescape_repeatedly};
use super::sha256::sha256;
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// A URL in Safe Browsing canonical form: `scheme://host/path[?query]`.
///
/// ```
/// use urlkit::canon::SafeBrowsingUrl;
/// let url = SafeBrowsingUrl::new("http://a.b.c/1/2.html?param=1").unwrap();
/// assert_eq!(url.expressions(), ["a.b.c/1/2.html?param=1", "a.b.c/1/2.html", "a.b.c/", "a.b.c/1/",
///                                "b.c/1/2.html?param=1", "b.c/1/2.html", "b.c/", "b.c/1/"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SafeBrowsingUrl {
    canonical: String,
    /// Where the host starts (after `://`) and where the path starts.
    host: usize,
    path: usize,
    ip: bool,
}

fn trim_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The final escaping (step 6): bytes up to space, from DEL up, `#` and `%`.
fn escaped(b: u8) -> bool {
    b <= b' ' || b >= 0x7f || b == b'#' || b == b'%'
}

impl SafeBrowsingUrl {
    /// Canonicalizes `url` as a Safe Browsing client does before a lookup: tabs and line
    /// breaks removed, the fragment dropped, percent-escapes undone repeatedly, the host
    /// cleaned (dots, IPv4 in any form to dotted decimal, IPv6 shortest, IDN to punycode,
    /// lower case, no port or user), dot segments and repeated slashes removed from the path,
    /// then controls, space, non-ASCII, `#` and `%` escaped. A URL without a scheme gets
    /// `http://`. `None` when no host is left.
    ///
    /// ```
    /// use urlkit::canon::SafeBrowsingUrl;
    /// let c = |u| SafeBrowsingUrl::new(u).unwrap().as_str().to_owned();
    /// assert_eq!(c("http://host/%25%32%35"), "http://host/%25");
    /// assert_eq!(c("http://www.GOOgle.com.../blah/.."), "http://www.google.com/");
    /// assert_eq!(c("http://3279880203/blah"), "http://195.127.0.11/blah");
    /// assert_eq!(c("www.google.com"), "http://www.google.com/");
    /// assert_eq!(c("http://host.com//twoslashes?more//slashes"), "http://host.com/twoslashes?more//slashes");
    /// ```
    pub fn new(url: &str) -> Option<SafeBrowsingUrl> {
        let b = url.as_bytes();
        let start = b.iter().position(|&c| !trim_space(c)).unwrap_or(b.len());
        let end = b.iter().rposition(|&c| !trim_space(c)).map_or(start, |e| e + 1);
        // Step 1: tabs, CR, LF (borrowed when there are none); step 2: the fragment.
        let trimmed = &b[start..end];
        let mut raw: Cow<'_, [u8]> = if any_byte(trimmed, |c| matches!(c, b'\t' | b'\r' | b'\n')) {
            Cow::Owned(
                trimmed
                    .iter()
                    .copied()
                    .filter(|&c| !matches!(c, b'\t' | b'\r' | b'\n'))
                    .collect(),
            )
        } else {
            Cow::Borrowed(trimmed)
        };
        if let Some(hash) = memchr::memchr(b'#', &raw) {
            match &mut raw {
                Cow::Borrowed(r) => *r = &r[..hash],
                Cow::Owned(r) => r.truncate(hash),
            }
        }
        // A scheme is `letters://`; otherwise http is assumed.
        let scheme_len = raw
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            .filter(|&n| n > 0 && raw[0].is_ascii_alphabetic() && raw[n..].starts_with(b"://"));
        let (scheme, rest): (&[u8], &[u8]) = match scheme_len {
            Some(n) => (&raw[..n], &raw[n + 3..]),
            None => (b"http", &raw[..]),
        };
        // Step 3.
        let rest = unescape_repeatedly(alloc::borrow::Cow::Borrowed(rest));
        let auth_end = memchr::memchr2(b'/', b'?', &rest).unwrap_or(rest.len());
        let (authority, after) = rest.split_at(auth_end);
        let (path, query) = match memchr::memchr(b'?', after) {
            Some(q) => (&after[..q], Some(&after[q + 1..])),
            None => (after, None),
        };
        let mut out = Vec::with_capacity(rest.len() + 16);
        out.extend_from_slice(scheme);
        out.make_ascii_lowercase();
        out.extend_from_slice(b"://");
        let host = out.len();
        let ip = canonical_host(authority, &mut out)?;
        let path_at = out.len();
        canonical_path(path, &mut out);
        if let Some(q) = query {
            out.push(b'?');
            escape_into(q, escaped, &mut out);
        }
        // Escaped output is ASCII.
        let canonical = String::from_utf8(out).ok()?;
        Some(SafeBrowsingUrl {
            canonical,
            host,
            path: path_at,
            ip,
        })
    }

    /// The canonical URL.
    ///
    /// ```
    /// let u = urlkit::canon::SafeBrowsingUrl::new("http://evil.com/foo#bar#baz").unwrap();
    /// assert_eq!(u.as_str(), "http://evil.com/foo");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.canonical
    }

    /// The canonical host.
    ///
    /// ```
    /// let u = urlkit::canon::SafeBrowsingUrl::new("http://[::ffff:1.2.3.4]:8080/").unwrap();
    /// assert_eq!(u.host(), "1.2.3.4");
    /// ```
    pub fn host(&self) -> &str {
        &self.canonical[self.host..self.path]
    }

    /// The canonical path and query.
    ///
    /// ```
    /// let u = urlkit::canon::SafeBrowsingUrl::new("http://h/a/./b?c=1").unwrap();
    /// assert_eq!(u.path_and_query(), "/a/b?c=1");
    /// ```
    pub fn path_and_query(&self) -> &str {
        &self.canonical[self.path..]
    }

    /// The host-suffix/path-prefix expressions a client looks up, at most 30, exact ones
    /// first: hosts are the exact host and up to four suffixes from the last five labels
    /// down to two (an IP address alone); paths are the exact path with its query, without
    /// it, and up to four prefixes from `/`, each ending with `/`. No duplicates.
    ///
    /// ```
    /// let u = urlkit::canon::SafeBrowsingUrl::new("http://a.b.c.d.e.f.g/1.html").unwrap();
    /// let hosts: Vec<String> = u.expressions().iter().filter(|e| e.ends_with("/1.html")).cloned().collect();
    /// assert_eq!(hosts, ["a.b.c.d.e.f.g/1.html", "c.d.e.f.g/1.html", "d.e.f.g/1.html", "e.f.g/1.html", "f.g/1.html"]);
    /// ```
    pub fn expressions(&self) -> Vec<String> {
        let host = self.host();
        let mut hosts = alloc::vec![host];
        if !self.ip {
            let labels: Vec<usize> = core::iter::once(0)
                .chain(host.match_indices('.').map(|(i, _)| i + 1))
                .collect();
            // Suffixes of 5 down to 2 labels, except the host itself.
            let n = labels.len();
            for keep in (2..=5.min(n)).rev() {
                let suffix = &host[labels[n - keep]..];
                if suffix.len() != host.len() {
                    hosts.push(suffix);
                }
            }
        }
        let full = self.path_and_query();
        let path = full.split('?').next().unwrap_or(full);
        let mut paths = alloc::vec![full];
        if path != full {
            paths.push(path);
        }
        // `/`, then one more segment at a time, each with its `/`, at most four in all.
        for (i, _) in path.match_indices('/').take(4) {
            let prefix = &path[..=i];
            if !paths.contains(&prefix) {
                paths.push(prefix);
            }
        }
        let mut out = Vec::with_capacity(hosts.len() * paths.len());
        for h in &hosts {
            for p in &paths {
                let mut e = String::with_capacity(h.len() + p.len());
                e.push_str(h);
                e.push_str(p);
                out.push(e);
            }
        }
        out
    }

    /// The SHA-256 hash of each of [`SafeBrowsingUrl::expressions`]; a lookup compares their
    /// first 4 to 32 bytes with a list's hash prefixes.
    ///
    /// ```
    /// let u = urlkit::canon::SafeBrowsingUrl::new("http://example.com/").unwrap();
    /// assert_eq!(u.hashes()[0], urlkit::canon::sha256(b"example.com/"));
    /// ```
    pub fn hashes(&self) -> Vec<[u8; 32]> {
        self.expressions().iter().map(|e| sha256(e.as_bytes())).collect()
    }

    /// The canonical URL, owned.
    ///
    /// ```
    /// assert_eq!(urlkit::canon::SafeBrowsingUrl::new("h.com").unwrap().into_string(), "http://h.com/");
    /// ```
    pub fn into_string(self) -> String {
        self.canonical
    }
}

/// Step 4: the host of `authority` (user and port dropped) into `out`; whether it is an IP
/// address; `None` when it is empty.
fn canonical_host(authority: &[u8], out: &mut Vec<u8>) -> Option<bool> {
    let hostport = match authority.iter().rposition(|&c| c == b'@') {
        Some(at) => &authority[at + 1..],
        None => authority,
    };
    // A `[` without its `]` is no IPv6 literal: the host is taken as written, as it was when
    // the `[` came after a dot that canonicalization removed (idempotence, fuzz finding F4).
    let bracketed = match hostport.first() {
        Some(b'[') => hostport
            .iter()
            .position(|&c| c == b']')
            .and_then(|close| core::str::from_utf8(&hostport[..=close]).ok()),
        _ => None,
    };
    if let Some(text) = bracketed {
        if let Ok(crate::Host::Ipv6(addr)) = crate::Host::parse(text) {
            let seg = addr.segments();
            let v4 = if seg[..6] == [0, 0, 0, 0, 0, 0xffff] || seg[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
                Some([
                    (seg[6] >> 8) as u8,
                    seg[6] as u8,
                    (seg[7] >> 8) as u8,
                    seg[7] as u8,
                ])
            } else {
                None
            };
            match v4 {
                Some(ip) => dotted(ip, out),
                None => {
                    use core::fmt::Write;
                    let mut s = String::new();
                    let _ = write!(s, "[{addr}]");
                    out.extend_from_slice(s.as_bytes());
                }
            }
            return Some(true);
        }
    }
    let host = match memchr::memrchr(b':', hostport) {
        Some(colon) if hostport[colon + 1..].iter().all(u8::is_ascii_digit) => &hostport[..colon],
        _ => hostport,
    };
    // A colon left over is no host: it is a forbidden host code point (URL Standard) and not
    // in RFC 3986's reg-name; kept, it would make a second canonicalization strip it as a
    // port (`http://a:1:2/` gave `http://a:1/`, then `http://a/`).
    if host.contains(&b':') {
        return None;
    }
    // IDN to Punycode first, so that what it maps (full-width digits and dots, U+3002) is
    // cleaned and read as an IPv4 address as its ASCII would be: canonicalizing the result
    // again changes nothing (`０Ｘｃ０．０２５０．０１` is 192.168.0.1 at once).
    let idna;
    let host = match core::str::from_utf8(host) {
        Ok(text) if !host.is_ascii() => match crate::host::domain_to_ascii(text) {
            Ok(ascii) => {
                idna = ascii;
                idna.as_bytes()
            }
            Err(_) => host,
        },
        _ => host,
    };
    // Dots: none first or last, runs become one; written lower-cased straight into `out`.
    let at = out.len();
    for &c in host {
        if c == b'.' && out.len().checked_sub(1).is_none_or(|l| l < at || out[l] == b'.') {
            continue;
        }
        out.push(c.to_ascii_lowercase());
    }
    if out.len() > at && out[out.len() - 1] == b'.' {
        out.pop();
    }
    if out.len() == at {
        return None;
    }
    if let Some(ip) = inet_aton(&out[at..]) {
        out.truncate(at);
        dotted(ip, out);
        return Some(true);
    }
    let clean = &out[at..];
    if clean.is_ascii() && !any_byte(clean, escaped) {
        return Some(false);
    }
    // Not ASCII here only when IDNA refused it: escaped as it stands.
    let clean = out.split_off(at);
    escape_into(&clean, escaped, out);
    Some(false)
}

/// Step 5: dot segments resolved, runs of slashes made one, `/` when empty; then escaped.
/// Written straight into `out`: a `..` takes back the last segment written.
fn canonical_path(path: &[u8], out: &mut Vec<u8>) {
    let before = out.len();
    let mut trailing = false;
    let mut segments = path.split(|&c| c == b'/').enumerate().peekable();
    while let Some((k, seg)) = segments.next() {
        match seg {
            b"." => trailing = true,
            b".." => {
                // Escaped segments have no `/`: the last one starts at the last `/` written.
                if let Some(slash) = memchr::memrchr(b'/', &out[before..]) {
                    out.truncate(before + slash);
                }
                trailing = true;
            }
            b"" => trailing = k > 0 && segments.peek().is_none(),
            s => {
                out.push(b'/');
                escape_into(s, escaped, out);
                trailing = false;
            }
        }
    }
    if trailing || out.len() == before {
        out.push(b'/');
    }
}
