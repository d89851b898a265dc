//! IRI references (RFC 3987): parsing (§2.2), mapping to URIs (§3.1) and back (§3.2).

use alloc::string::String;
use core::fmt::Write as _;

use super::chars::{is, is_iri_char, REG_NAME};
use super::error::ParseError;
use super::parse::{self, Goal, HostKind};
use super::uri::{Uri, UriRef};

/// An IRI reference (RFC 3987 §2.2 `IRI-reference`) borrowed from its input: a URI
/// reference that may also hold `ucschar` (and `iprivate` in the query), but never the
/// bidirectional formatting characters §4.1 forbids.
///
/// ```
/// use urlkit::rfc3986::IriRef;
/// let iri = IriRef::parse("http://résumé.example/ğ?q=√#ü")?;
/// assert_eq!(iri.host(), Some("résumé.example"));
/// assert_eq!(iri.path(), "/ğ");
/// assert_eq!(iri.to_uri().as_str(), "http://r%C3%A9sum%C3%A9.example/%C4%9F?q=%E2%88%9A#%C3%BC");
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IriRef<'a> {
    // Same offsets as a URI reference; only the allowed characters differ.
    inner: UriRef<'a>,
}

impl<'a> IriRef<'a> {
    /// Parses an `IRI-reference` (RFC 3987 §2.2).
    ///
    /// # Errors
    /// When `input` does not match the grammar; non-ASCII characters outside `ucschar`
    /// (or `iprivate` in the query), and bidi formatting characters, are errors.
    ///
    /// ```
    /// use urlkit::rfc3986::IriRef;
    /// assert!(IriRef::parse("/דוגמה/ü").is_ok());
    /// assert!(IriRef::parse("/a\u{200E}b").is_err()); // LRM, RFC 3987 §4.1
    /// assert!(IriRef::parse("/\u{E000}").is_err()); // iprivate only in the query
    /// assert!(IriRef::parse("?\u{E000}").is_ok());
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::with_goal(input, Goal::Reference)
    }

    /// Parses an `IRI` (RFC 3987 §2.2): the scheme is required.
    ///
    /// # Errors
    /// When `input` is not an IRI.
    ///
    /// ```
    /// assert!(urlkit::rfc3986::IriRef::parse_iri("ü/x").is_err());
    /// ```
    pub fn parse_iri(input: &'a str) -> Result<Self, ParseError> {
        Self::with_goal(input, Goal::Uri)
    }

    fn with_goal(input: &'a str, goal: Goal) -> Result<Self, ParseError> {
        let o = parse::parse::<true>(input, goal)?;
        Ok(IriRef { inner: UriRef::from_parts(input, o) })
    }

    /// The whole IRI reference.
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::IriRef::parse("ü")?.as_str(), "ü");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.inner.as_str()
    }

    /// The scheme; see [`UriRef::scheme`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::IriRef::parse("x:ü")?.scheme(), Some("x"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.inner.scheme()
    }

    /// The authority (`iauthority`); see [`UriRef::authority`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::IriRef::parse("//ü@ö:1/")?.authority(), Some("ü@ö:1"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<&'a str> {
        self.inner.authority()
    }

    /// The userinfo (`iuserinfo`); see [`UriRef::userinfo`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::IriRef::parse("//ü@ö/")?.userinfo(), Some("ü"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        self.inner.userinfo()
    }

    /// The host (`ihost`); see [`UriRef::host`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::IriRef::parse("//ü@ö/")?.host(), Some("ö"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        self.inner.host()
    }

    /// The host's kind; see [`UriRef::host_kind`].
    ///
    /// ```
    /// use urlkit::rfc3986::{HostKind, IriRef};
    /// assert_eq!(IriRef::parse("//ö/")?.host_kind(), Some(HostKind::RegName));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.inner.host_kind()
    }

    /// The port; see [`UriRef::port`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::IriRef::parse("//ö:8/")?.port(), Some("8"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        self.inner.port()
    }

    /// The path (`ipath`); see [`UriRef::path`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::IriRef::parse("/ü/ö?x")?.path(), "/ü/ö");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn path(&self) -> &'a str {
        self.inner.path()
    }

    /// The query (`iquery`); see [`UriRef::query`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::IriRef::parse("?ü")?.query(), Some("ü"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.inner.query()
    }

    /// The fragment (`ifragment`); see [`UriRef::fragment`].
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::IriRef::parse("#ü")?.fragment(), Some("ü"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.inner.fragment()
    }

    /// Maps the IRI reference to a URI reference (RFC 3987 §3.1 step 2): every non-ASCII
    /// character becomes its UTF-8 bytes percent-encoded with upper-case hex. The host stays
    /// percent-encoded, which RFC 3986 `reg-name` allows; see
    /// [`to_uri_idna`](Self::to_uri_idna) for Punycode.
    ///
    /// ```
    /// let iri = urlkit::rfc3986::IriRef::parse("http://example.com/ŝ")?;
    /// assert_eq!(iri.to_uri().as_str(), "http://example.com/%C5%9D");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn to_uri(&self) -> Uri {
        let mut out = String::with_capacity(self.as_str().len() * 2);
        encode_non_ascii(self.as_str(), &mut out);
        Uri::from_string(out)
    }

    /// Like [`to_uri`](Self::to_uri), but a non-ASCII `ireg-name` host goes through IDNA
    /// ToASCII (the optional step of RFC 3987 §3.1, here UTS 46 as the URL Standard does it)
    /// instead of being percent-encoded. A host that IDNA rejects, or that holds
    /// percent-encodings, is percent-encoded as by `to_uri`.
    ///
    /// ```
    /// let iri = urlkit::rfc3986::IriRef::parse("http://Bücher.example/ü")?;
    /// assert_eq!(iri.to_uri_idna().as_str(), "http://xn--bcher-kva.example/%C3%BC");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn to_uri_idna(&self) -> Uri {
        let (Some(host), Some(HostKind::RegName)) = (self.host(), self.host_kind()) else {
            return self.to_uri();
        };
        if host.is_ascii() || host.contains('%') {
            return self.to_uri();
        }
        let Ok(ascii) = crate::host::domain_to_ascii(host) else { return self.to_uri() };
        if !ascii.bytes().all(|b| is(b, REG_NAME)) {
            return self.to_uri();
        }
        let text = self.as_str();
        let o = self.inner.offsets();
        let mut out = String::with_capacity(text.len() * 2);
        encode_non_ascii(&text[..o.host_start as usize], &mut out);
        out.push_str(&ascii);
        encode_non_ascii(&text[o.host_end as usize..], &mut out);
        Uri::from_string(out)
    }
}

/// RFC 3987 §3.1 step 2: percent-encode the UTF-8 bytes of every non-ASCII character.
fn encode_non_ascii(s: &str, out: &mut String) {
    let mut start = 0;
    for (i, c) in s.char_indices().filter(|(_, c)| !c.is_ascii()) {
        out.push_str(&s[start..i]);
        for b in c.encode_utf8(&mut [0; 4]).bytes() {
            let _ = write!(out, "%{b:02X}");
        }
        start = i + c.len_utf8();
    }
    out.push_str(&s[start..]);
}

/// The byte of `%XY` at `i`, when there is one.
fn pct_byte(s: &[u8], i: usize) -> Option<u8> {
    if s.get(i) != Some(&b'%') {
        return None;
    }
    let hex = |b: u8| (b as char).to_digit(16);
    Some((hex(*s.get(i + 1)?)? * 16 + hex(*s.get(i + 2)?)?) as u8)
}

/// Decodes, in `s`, the percent-encoded UTF-8 sequences of characters that are safe to show
/// (RFC 3987 §3.2); appends the result to `out`.
fn decode_component(s: &str, private: bool, out: &mut String) {
    let b = s.as_bytes();
    let mut i = 0;
    let mut copied = 0;
    while let Some(p) = b[i..].iter().position(|&c| c == b'%') {
        i += p;
        match decode_char(b, i) {
            Some((c, len)) if is_iri_char(c, private) && !is_invisible(c) => {
                out.push_str(&s[copied..i]);
                out.push(c);
                i += len;
                copied = i;
            }
            _ => match pct_byte(b, i) {
                // Non-ASCII bytes left encoded are re-encoded upper-case (§3.2 step 4).
                Some(v) if v >= 0x80 => {
                    out.push_str(&s[copied..i]);
                    let _ = write!(out, "%{v:02X}");
                    i += 3;
                    copied = i;
                }
                _ => i += 1,
            },
        }
    }
    out.push_str(&s[copied..]);
}

/// One UTF-8 character written as `%XX` triplets at `i`: the character and the bytes used.
fn decode_char(b: &[u8], i: usize) -> Option<(char, usize)> {
    let lead = pct_byte(b, i)?;
    let n = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None, // ASCII stays encoded: reserved or not, it is not ours to decode
    };
    let mut buf = [lead, 0, 0, 0];
    for (k, slot) in buf.iter_mut().enumerate().take(n).skip(1) {
        *slot = pct_byte(b, i + 3 * k)?;
    }
    let c = core::str::from_utf8(&buf[..n]).ok()?.chars().next()?;
    Some((c, 3 * n))
}

/// Characters that would mislead a reader when shown (RFC 3987 §3.2 step 3 and §8 on
/// spoofing): no-break and other spaces, soft hyphen, zero-width and line/paragraph
/// separators, the byte order mark.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00A0}' | '\u{00AD}' | '\u{1680}' | '\u{180E}' | '\u{2000}'..='\u{200F}' | '\u{2028}'..='\u{202F}'
            | '\u{205F}'..='\u{206F}' | '\u{3000}' | '\u{FEFF}'
    )
}

impl UriRef<'_> {
    /// Maps the URI reference to an IRI reference (RFC 3987 §3.2): percent-encoded UTF-8
    /// sequences are decoded when they form a `ucschar` (an `iprivate` in the query only)
    /// that is safe to show. ASCII escapes (reserved or not), invalid UTF-8, bidi formatting
    /// characters (§4.1), invisible characters and IP literals stay encoded.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// let u = UriRef::parse("http://xn--99zt52a.example.org/%E2%80%AE%e7%b4%8D%C3%BC%2F%FC")?;
    /// assert_eq!(u.to_iri(), "http://xn--99zt52a.example.org/%E2%80%AE納ü%2F%FC");
    /// assert_eq!(UriRef::parse("/%e2%80%ae%2f")?.to_iri(), "/%E2%80%AE%2f");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn to_iri(&self) -> String {
        let text = self.as_str();
        let o = self.offsets();
        let mut out = String::with_capacity(text.len());
        let (host_start, host_end) = (o.host_start as usize, o.host_end as usize);
        let literal = o.host_kind.is_some_and(HostKind::is_ip_literal);
        // Up to the path: scheme, userinfo and host (an IP literal is left alone).
        if literal {
            decode_component(&text[..host_start], false, &mut out);
            out.push_str(&text[host_start..host_end]);
        } else {
            decode_component(&text[..host_end], false, &mut out);
        }
        let path_end = o.path_end as usize;
        decode_component(&text[host_end..path_end], false, &mut out);
        let query_end = o.query_end as usize;
        decode_component(&text[path_end..query_end], true, &mut out);
        decode_component(&text[query_end..], false, &mut out);
        out
    }
}
