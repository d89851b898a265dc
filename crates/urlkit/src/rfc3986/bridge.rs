//! Bridges between the URL Standard's [`Url`] and RFC 3986 [`Uri`].
//!
//! A WHATWG serialization is not always a valid URI: the URL Standard's encode sets leave
//! characters raw that RFC 3986 §2 does not allow (`|`, `^`, `{`, `}`, `` ` ``, `"`, `[`,
//! `]`, `\`, space in opaque paths, `#` in fragments, `%` not followed by two hex digits).
//! [`Uri::from_url`] percent-encodes exactly those, component by component, so the result
//! always parses; everything already valid is kept byte for byte.

use alloc::string::String;
use core::fmt::Write as _;

use super::chars::{is, HEX, PATH, QUERY, REG_NAME, USERINFO};
use super::resolve::Parts;
use super::uri::Uri;
use crate::{Host, Url};

/// Appends `s`, percent-encoding (§2.1) every byte outside `mask` except a `%` that already
/// starts a `pct-encoded` triplet.
fn encode_into(s: &str, mask: u8, out: &mut String) {
    let b = s.as_bytes();
    let hex_at = |j: usize| b.get(j).is_some_and(|&h| is(h, HEX));
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let keep = c.is_ascii() && (is(c as u8, mask) || c == '%' && hex_at(i + 1) && hex_at(i + 2));
        if !keep {
            out.push_str(&s[start..i]);
            for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                let _ = write!(out, "%{byte:02X}");
            }
            start = i + c.len_utf8();
        }
    }
    out.push_str(&s[start..]);
}

impl Uri {
    /// The RFC 3986 URI for a WHATWG [`Url`]: its serialization with every character that
    /// RFC 3986 does not allow in that component percent-encoded (§2.1). Always valid.
    ///
    /// ```
    /// use urlkit::{rfc3986::Uri, Url};
    /// let url = Url::parse("http://h/a|b^{c}?q=`x`#f#g")?;
    /// assert_eq!(url.as_str(), "http://h/a|b%5E%7Bc%7D?q=`x`#f#g");
    /// assert_eq!(Uri::from_url(&url).as_str(), "http://h/a%7Cb%5E%7Bc%7D?q=%60x%60#f%23g");
    /// let url = Url::parse("javascript:alert(1 + 1)")?;
    /// assert_eq!(Uri::from_url(&url).as_str(), "javascript:alert(1%20+%201)");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn from_url(url: &Url) -> Uri {
        let mut authority = None;
        if let Some(host) = url.host() {
            let mut a = String::new();
            if url.has_credentials() {
                encode_into(url.username(), USERINFO, &mut a);
                if !url.password_str().is_empty() {
                    a.push(':');
                    encode_into(url.password_str(), USERINFO, &mut a);
                }
                a.push('@');
            }
            match host {
                // IP addresses are serialized in RFC 3986 form already.
                Host::Ipv4(_) | Host::Ipv6(_) => a.push_str(url.hostname()),
                _ => encode_into(url.hostname(), REG_NAME, &mut a),
            }
            if !url.port_str().is_empty() {
                a.push(':');
                a.push_str(url.port_str());
            }
            authority = Some(a);
        }
        let mut path = String::with_capacity(url.pathname().len());
        encode_into(url.pathname(), PATH, &mut path);
        let mut query = None;
        if let Some(q) = url.query() {
            let mut s = String::with_capacity(q.len());
            encode_into(q, QUERY, &mut s);
            query = Some(s);
        }
        let mut fragment = None;
        if let Some(f) = url.fragment() {
            let mut s = String::with_capacity(f.len());
            encode_into(f, QUERY, &mut s);
            fragment = Some(s);
        }
        let parts = Parts {
            scheme: Some(url.scheme()),
            authority: authority.as_deref(),
            path: &path,
            query: query.as_deref(),
            fragment: fragment.as_deref(),
        };
        let mut out = String::with_capacity(url.as_str().len() + 8);
        parts.recompose(&mut out);
        Uri::from_string(out)
    }

    /// The WHATWG [`Url`] for this URI, through the URL Standard's parser (which may change
    /// it: lower-cased special hosts, removed default ports, dot segments, IDNA).
    ///
    /// # Errors
    /// When the URL parser fails, e.g. for a relative reference or an invalid domain.
    ///
    /// ```
    /// let uri = urlkit::rfc3986::Uri::parse("HTTP://EXAMPLE.com:80/a/../b")?;
    /// assert_eq!(uri.to_url().unwrap().as_str(), "http://example.com/b");
    /// assert!(urlkit::rfc3986::Uri::parse("/relative")?.to_url().is_err());
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn to_url(&self) -> Result<Url, crate::ParseError> {
        Url::parse(self.as_str())
    }
}
