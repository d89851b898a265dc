//! The schemes found bare in prose, and what must follow each one's `:` before the text is
//! taken for a URL rather than prose (`Note: see below`, `10:30`, `news: today`).
//!
//! GFM's extended URL autolink knows `http`, `https` and `ftp` (`scheme://` + a valid
//! domain); the same rule is used for every scheme with an authority (RFC 3986 §3.2), and the
//! opaque schemes of the seeds and today's web each get a check of their own syntax: RFC 6068
//! `mailto:`, RFC 5538 `news:`, RFC 3966 `tel:`, RFC 8141 `urn:`, RFC 2397 `data:`, RFC 3261
//! `sip:`, RFC 5870 `geo:`, RFC 8089 `file:`.

use super::class::{is, DOMAIN, END, LOCAL, LOCAL5};
use super::scan::{Cx, Eval};

/// How the text after a scheme's colon is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// `//` then a host (RFC 3986 §3.2); `empty_host` allows `scheme:///path`.
    Authority { empty_host: bool },
    /// RFC 8089: `file://[host]/path` or `file:/path`.
    File,
    /// RFC 6068: `mailto:` then an address (`local@domain`) or `?` and header fields.
    Mailto,
    /// RFC 5538: `news:group.name`, `news:*`, `news:message-id@host`, or `news://server`.
    News,
    /// RFC 3966: `tel:` then `+` or a digit, with at least three digits.
    Tel,
    /// RFC 8141: `urn:` NID (2–32 alphanumerics and hyphens) `:` NSS.
    Urn,
    /// RFC 2397: `data:[mediatype][;base64],data`.
    Data,
    /// An address with `@`: `sip:`, `sips:` (RFC 3261), `xmpp:` (RFC 5122).
    Address,
    /// RFC 5870: `geo:` then a coordinate.
    Geo,
    /// `magnet:?` then parameters.
    Magnet,
    /// Any non-empty text: a scheme the caller named, or one after a `URL:` prefix.
    Generic,
}

/// The built-in bare schemes, lower-case, with their rule.
pub(super) const KNOWN: &[(&str, Rule)] = &[
    ("http", Rule::Authority { empty_host: false }),
    ("https", Rule::Authority { empty_host: false }),
    ("ftp", Rule::Authority { empty_host: false }),
    ("ftps", Rule::Authority { empty_host: false }),
    ("sftp", Rule::Authority { empty_host: false }),
    ("ws", Rule::Authority { empty_host: false }),
    ("wss", Rule::Authority { empty_host: false }),
    ("nntp", Rule::Authority { empty_host: false }),
    ("telnet", Rule::Authority { empty_host: false }),
    ("tn3270", Rule::Authority { empty_host: false }),
    ("gopher", Rule::Authority { empty_host: false }),
    ("wais", Rule::Authority { empty_host: false }),
    ("prospero", Rule::Authority { empty_host: false }),
    ("ssh", Rule::Authority { empty_host: false }),
    ("git", Rule::Authority { empty_host: false }),
    ("svn", Rule::Authority { empty_host: false }),
    ("rsync", Rule::Authority { empty_host: false }),
    ("irc", Rule::Authority { empty_host: false }),
    ("ircs", Rule::Authority { empty_host: false }),
    ("rtsp", Rule::Authority { empty_host: false }),
    ("rtmp", Rule::Authority { empty_host: false }),
    ("smb", Rule::Authority { empty_host: false }),
    ("nfs", Rule::Authority { empty_host: false }),
    ("imap", Rule::Authority { empty_host: false }),
    ("pop", Rule::Authority { empty_host: false }),
    ("ldap", Rule::Authority { empty_host: true }),
    ("ldaps", Rule::Authority { empty_host: true }),
    ("file", Rule::File),
    ("mailto", Rule::Mailto),
    ("news", Rule::News),
    ("snews", Rule::News),
    ("tel", Rule::Tel),
    ("fax", Rule::Tel),
    ("sms", Rule::Tel),
    ("urn", Rule::Urn),
    ("data", Rule::Data),
    ("sip", Rule::Address),
    ("sips", Rule::Address),
    ("xmpp", Rule::Address),
    ("geo", Rule::Geo),
    ("magnet", Rule::Magnet),
];

/// The built-in rule for `scheme` (ASCII case-insensitive).
pub(super) fn known(scheme: &[u8]) -> Option<Rule> {
    KNOWN
        .iter()
        .find(|(name, _)| name.as_bytes().eq_ignore_ascii_case(scheme))
        .map(|&(_, rule)| rule)
}

/// Outcome of a rule: where the URL must at least reach (its required part, e.g. the host),
/// or the evaluation to return at once (reject, need more input).
pub(super) type Checked = Result<usize, Eval>;

impl Cx<'_> {
    /// Checks the text starting at `i` (right after the colon) against `rule`.
    pub(super) fn check(&self, rule: Rule, i: usize, limit: usize) -> Checked {
        match rule {
            Rule::Authority { empty_host } => self.authority(i, limit, empty_host),
            Rule::File => match self.byte(i)? {
                Some(b'/') if self.byte(i + 1)? == Some(b'/') => self.authority(i, limit, true),
                Some(b'/') => self.need(i + 1, |b| !is(b, END)).map(|_| i + 2),
                _ => Err(Eval::Reject),
            },
            Rule::Mailto => match self.byte(i)? {
                Some(b'?') => self.need(i + 1, |b| !is(b, END)).map(|_| i + 2),
                _ => self.address(i, limit, true),
            },
            Rule::Address => self.address(i, limit, false),
            Rule::News => self.news(i, limit),
            Rule::Tel => self.tel(i),
            Rule::Urn => self.urn(i),
            Rule::Data => {
                let k = self.run(i, i + 256, |b| {
                    b.is_ascii_alphanumeric() || b"/+.-;=_".contains(&b)
                })?;
                match self.byte(k)? {
                    Some(b',') => Ok(k + 1),
                    _ => Err(Eval::Reject),
                }
            }
            Rule::Geo => match self.byte(i)? {
                Some(b) if b.is_ascii_digit() => Ok(i + 1),
                Some(b'-') => self.need(i + 1, |b| b.is_ascii_digit()).map(|_| i + 2),
                _ => Err(Eval::Reject),
            },
            Rule::Magnet => match self.byte(i)? {
                Some(b'?') => self.need(i + 1, |b| !is(b, END)).map(|_| i + 2),
                _ => Err(Eval::Reject),
            },
            Rule::Generic => self.need(i, |b| !is(b, END)).map(|_| i + 1),
        }
    }

    /// `//` [userinfo `@`] host: a bracketed IP literal or a GFM valid domain (at least one
    /// segment; no underscore in the last two). Returns the end of the host.
    fn authority(&self, i: usize, limit: usize, empty_host: bool) -> Checked {
        if self.byte(i)? != Some(b'/') || self.byte(i + 1)? != Some(b'/') {
            return Err(Eval::Reject);
        }
        let mut h = i + 2;
        // RFC 3986 §3.2.1 userinfo, up to an `@` before the first `/`, `?`, `#` or boundary.
        let u = self.run(h, limit, |b| {
            !is(b, END) && !matches!(b, b'/' | b'?' | b'#' | b'@' | b'[' | b']' | b'>' | b'"')
        })?;
        if self.byte(u)? == Some(b'@') {
            h = u + 1;
        }
        if self.byte(h)? == Some(b'[') {
            let k = self.run(h + 1, h + 64, |b| {
                b.is_ascii_alphanumeric() || b":.%-_~".contains(&b)
            })?;
            return match self.byte(k)? {
                Some(b']') if k > h + 1 => Ok(k + 1),
                _ => Err(Eval::Reject),
            };
        }
        let d = self.domain(h, limit)?;
        if d.end == h {
            return match self.byte(h)? {
                Some(b'/') if empty_host => Ok(h + 1),
                _ => Err(Eval::Reject),
            };
        }
        if d.underscore_in_last_two {
            return Err(Eval::Reject);
        }
        Ok(d.end)
    }

    /// `local@domain` (the local part within 64 bytes, RFC 5321 §4.5.3.1.1); with
    /// `headers`, also several addresses and `%`-escapes as RFC 6068 writes them.
    fn address(&self, i: usize, limit: usize, headers: bool) -> Checked {
        let at = self.run(i, i + 65, |b| is(b, LOCAL5) || (headers && b == b','))?;
        if at == i || self.byte(at)? != Some(b'@') {
            return Err(Eval::Reject);
        }
        let d = self.domain(at + 1, limit)?;
        if d.end == at + 1 && self.byte(at + 1)? != Some(b'[') {
            return Err(Eval::Reject);
        }
        Ok(d.end.max(at + 2))
    }

    fn news(&self, i: usize, limit: usize) -> Checked {
        match self.byte(i)? {
            Some(b'/') => return self.authority(i, limit, false),
            Some(b'*') => return Ok(i + 1),
            Some(b) if b.is_ascii_alphanumeric() => {}
            _ => return Err(Eval::Reject),
        }
        let k = self.run(i, limit, |b| is(b, LOCAL) || b"%$!&'()*,;=~".contains(&b))?;
        if self.byte(k)? == Some(b'@') {
            return self.address(i, limit, false);
        }
        // A group name: RFC 5538 §2.2 `newsgroup-name`, dotted in practice (`comp.lang.c`),
        // which keeps prose such as `news:today` out.
        let name = self.hay.get(i..k).unwrap_or_default();
        let end = k - name.iter().rev().take_while(|&&b| b == b'.').count();
        if name[..end - i].contains(&b'.') {
            Ok(end)
        } else {
            Err(Eval::Reject)
        }
    }

    fn tel(&self, i: usize) -> Checked {
        match self.byte(i)? {
            Some(b'+') => {}
            Some(b) if b.is_ascii_digit() => {}
            _ => return Err(Eval::Reject),
        }
        let mut digits = 0;
        let mut k = i;
        while let Some(b) = self.byte(k)? {
            if b.is_ascii_digit() {
                digits += 1;
                if digits == 3 {
                    return Ok(k + 1);
                }
            } else if !(b"+-.()".contains(&b)) || k > i + 32 {
                break;
            }
            k += 1;
        }
        Err(Eval::Reject)
    }

    fn urn(&self, i: usize) -> Checked {
        let k = self.run(i, i + 33, |b| is(b, DOMAIN) && b != b'_')?;
        let nid = k - i;
        if !(2..=32).contains(&nid) || self.hay[i] == b'-' || self.byte(k)? != Some(b':') {
            return Err(Eval::Reject);
        }
        self.need(k + 1, |b| !is(b, END)).map(|_| k + 2)
    }
}
