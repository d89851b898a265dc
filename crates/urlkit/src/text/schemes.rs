//! The schemes found bare in prose, and what must follow each one's `:` before the text is
//! taken for a URL rather than prose (`Note: see below`, `10:30`, `news: today`).
//!
//! GFM's extended URL autolink knows `http`, `https` and `ftp` (`scheme://` + a valid
//! domain); the same rule is used for every scheme with an authority (RFC 3986 §3.2), and the
//! opaque schemes of the seeds and today's web each get a check of their own syntax: RFC 6068
//! `mailto:`, RFC 5538 `news:`, RFC 3966 `tel:`, RFC 8141 `urn:`, RFC 2397 `data:`, RFC 3261
//! `sip:`, RFC 5870 `geo:`, RFC 8089 `file:`.

use super::class::{dns_shaped, is, unicode_end_at, DOMAIN, END, LOCAL, LOCAL5};
use super::scan::{Cx, Eval};
use crate::percent::sets::{AsciiSet, RFC3986_SUB_DELIMS};

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

/// A scheme of at most 8 bytes as one number (lower-cased), for one integer `match`.
const fn key(name: &[u8]) -> u64 {
    let mut k = 0u64;
    let mut i = 0;
    while i < name.len() {
        k = k << 8 | name[i].to_ascii_lowercase() as u64;
        i += 1;
    }
    k
}

/// The built-in rule for `scheme` (ASCII case-insensitive): every `:` in prose asks, so the
/// name is read as one integer and compared once, with the key in its [`slot`] (no built-in
/// name has a NUL byte, so lengths never clash).
pub(super) fn known(scheme: &[u8]) -> Option<Rule> {
    let n = scheme.len();
    if n == 0 || n > 8 {
        return None;
    }
    // The bytes as one big-endian number, lower-cased at once: every scheme byte but an
    // upper-case letter already has the 0x20 bit (digits, `+`, `-`, `.`). Built from two
    // overlapping loads (their common bytes agree), not by copying into a zeroed buffer:
    // reading back a word just written byte by byte stalls on every `:` of a text.
    let be = |k: usize, len: usize| {
        scheme[k..k + len]
            .iter()
            .fold(0u64, |w, &b| w << 8 | u64::from(b))
    };
    let word = match n {
        1..=3 => be(0, n),
        _ => {
            let head = u32::from_be_bytes([scheme[0], scheme[1], scheme[2], scheme[3]]);
            let tail = u32::from_be_bytes([scheme[n - 4], scheme[n - 3], scheme[n - 2], scheme[n - 1]]);
            u64::from(head) << (8 * (n - 4)) | u64::from(tail)
        }
    };
    let lowered = word | (0x2020_2020_2020_2020 >> (8 * (8 - n)));
    // One slot of a perfect hash, one comparison: no search through the names.
    let slot = slot(lowered);
    if SLOTS.0[slot] == lowered {
        SLOTS.1[slot]
    } else {
        None
    }
}

/// The built-in schemes and their rules.
const BUILT_IN: [(&str, Rule); 41] = {
    const AUTHORITY: Rule = Rule::Authority { empty_host: false };
    [
        ("http", AUTHORITY),
        ("https", AUTHORITY),
        ("ftp", AUTHORITY),
        ("ftps", AUTHORITY),
        ("sftp", AUTHORITY),
        ("ws", AUTHORITY),
        ("wss", AUTHORITY),
        ("nntp", AUTHORITY),
        ("telnet", AUTHORITY),
        ("tn3270", AUTHORITY),
        ("gopher", AUTHORITY),
        ("wais", AUTHORITY),
        ("prospero", AUTHORITY),
        ("ssh", AUTHORITY),
        ("git", AUTHORITY),
        ("svn", AUTHORITY),
        ("rsync", AUTHORITY),
        ("irc", AUTHORITY),
        ("ircs", AUTHORITY),
        ("rtsp", AUTHORITY),
        ("rtmp", AUTHORITY),
        ("smb", AUTHORITY),
        ("nfs", AUTHORITY),
        ("imap", AUTHORITY),
        ("pop", AUTHORITY),
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
    ]
};

/// The slot of a name's [`key`] among 128: an odd multiplier (found by trying random ones)
/// under which the built-in names' keys take 41 different slots. [`SLOTS`] does not
/// compile if two of them meet.
const fn slot(key: u64) -> usize {
    (key.wrapping_mul(0x82b4_a790_7eca_f70f) >> 57) as usize
}

/// The built-in names' keys (0 in an empty slot: no name's key) and rules, by [`slot`].
static SLOTS: ([u64; 128], [Option<Rule>; 128]) = {
    let (mut keys, mut rules) = ([0u64; 128], [None; 128]);
    let mut i = 0;
    while i < BUILT_IN.len() {
        let k = key(BUILT_IN[i].0.as_bytes());
        assert!(keys[slot(k)] == 0, "two built-in schemes in one slot");
        keys[slot(k)] = k;
        rules[slot(k)] = Some(BUILT_IN[i].1);
        i += 1;
    }
    (keys, rules)
};

/// Outcome of a rule: where the URL must at least reach (its required part, e.g. the host),
/// or the evaluation to return at once (reject, need more input).
pub(super) type Checked = Result<usize, Eval>;

impl Cx<'_> {
    /// Checks the text starting at `i` (right after the colon) against `rule`.
    #[inline(always)]
    pub(super) fn check(&self, rule: Rule, i: usize, limit: usize) -> Checked {
        match rule {
            Rule::Authority { empty_host } => self.authority(i, limit, empty_host),
            Rule::File => match self.byte(i)? {
                Some(b'/') if self.byte(i + 1)? == Some(b'/') => self.authority(i, limit, true),
                Some(b'/') => self.url_char(i + 1).map(|_| i + 2),
                _ => Err(Eval::Reject),
            },
            Rule::Mailto => match self.byte(i)? {
                Some(b'?') => self.url_char(i + 1).map(|_| i + 2),
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
                Some(b'?') => self.url_char(i + 1).map(|_| i + 2),
                _ => Err(Eval::Reject),
            },
            Rule::Generic => self.url_char(i).map(|_| i + 1),
        }
    }

    /// Rejects unless a character that may be in a URL starts at `i`: not an [`END`] byte,
    /// nor a Unicode space or punctuation mark that ends a link (`unicode_end_at`).
    fn url_char(&self, i: usize) -> Result<(), Eval> {
        self.need(i, |b| !is(b, END))?;
        let len = match self.hay[i] {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 1,
        };
        if i + len > self.hay.len() && !self.eof {
            return Err(Eval::More);
        }
        if unicode_end_at(self.hay, i) > 0 {
            return Err(Eval::Reject);
        }
        Ok(())
    }

    /// `//` \[userinfo `@`\] host: a bracketed IP literal or a GFM valid domain (at least one
    /// segment; no underscore in the last two). Returns the end of the host.
    #[inline(always)]
    fn authority(&self, i: usize, limit: usize, empty_host: bool) -> Checked {
        if self.byte(i)? != Some(b'/') || self.byte(i + 1)? != Some(b'/') {
            return Err(Eval::Reject);
        }
        let h = i + 2;
        match self.plain_host(h, limit) {
            Some(end) => end,
            None => self.host(h, limit, empty_host),
        }
    }

    /// [`Cx::authority`] after its `//`, from the host at `h` on, with every rule: userinfo,
    /// an IP literal, an empty host, `_`, non-ASCII labels and IDNA full stops, hosts near
    /// the end of a window.
    fn host(&self, mut h: usize, limit: usize, empty_host: bool) -> Checked {
        let mut d = self.domain(h, limit, false)?;
        // RFC 3986 §3.2.1 userinfo, up to an `@` before the first `/`, `?`, `#` or boundary:
        // looked for only when the host's run stops at `@`, or at `:` (a port, or a password).
        if self.byte(d.run_end)?.is_some_and(userinfo_or_port) {
            let u = self.run(d.run_end, limit, |b| {
                !is(b, END) && !matches!(b, b'/' | b'?' | b'#' | b'@' | b'[' | b']' | b'>' | b'"')
            })?;
            // A Unicode space or other end of a link (`find_end`) before the `@` ends the
            // link there: the `@` is past it, and no userinfo holds the end.
            if self.byte(u)? == Some(b'@') && super::class::find_end(self.hay, d.run_end, u) == u {
                h = u + 1;
                d = self.domain(h, limit, false)?;
            }
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
        if d.end == h {
            return match self.byte(h)? {
                Some(b'/') if empty_host => Ok(h + 1),
                _ => Err(Eval::Reject),
            };
        }
        if d.underscore_in_last_two || !dns_shaped(&self.hay[h..d.end]) {
            return Err(Eval::Reject);
        }
        Ok(d.end)
    }

    /// [`Cx::authority`]'s answer from the 32 bytes at `h` alone, when they hold the whole
    /// host and it is plain: ASCII letters, digits, `-` and `.` (no `_`, nothing non-ASCII),
    /// ended within them, before `limit`, by an ASCII byte that starts no userinfo or port
    /// (the path's `/`, a space, `?`, `#`, …). Then the GFM domain's end is the host's last
    /// letter, digit or `-`, and the DNS shape is read from the same bits. `None`: the
    /// general reading decides.
    #[inline(always)]
    fn plain_host(&self, h: usize, limit: usize) -> Option<Checked> {
        let b = crate::simd::try_host_bits(self.hay, h)?;
        let label = b.alnum | b.hyphen;
        let run = (!(label | b.dot | b.underscore)).trailing_zeros();
        if run == 32 {
            return None;
        }
        let k = h + run as usize;
        let before = (1u32 << run) - 1;
        if k >= limit
            || b.high >> run & 1 != 0
            || b.underscore & before != 0
            || label & before == 0
            || userinfo_or_port(self.hay[k])
        {
            return None;
        }
        // Trailing dots end the sentence: the domain ends after its last label byte.
        let end = 32 - (label & before).leading_zeros();
        let shape = (1u32 << end) - 1;
        let (dot, hyphen) = (b.dot & shape, b.hyphen & shape);
        // RFC 1123 §2.1 labels: no empty one (a leading dot, two dots), none that starts
        // or ends with `-` (a pair `.-` or `-.`, the first byte, the last byte).
        let bad = dot & dot >> 1
            | dot & hyphen >> 1
            | hyphen & dot >> 1
            | (dot | hyphen) & 1
            | hyphen >> (end - 1) & 1;
        Some(if bad == 0 {
            Ok(h + end as usize)
        } else {
            Err(Eval::Reject)
        })
    }

    /// Where a bare `mailto:` URL whose text starts at `i` ends: after its last address
    /// (`to = addr-spec *("," addr-spec)`, RFC 6068 §2), since nothing but `?` and header
    /// fields may follow, and `/` or `#` are no part of it (`mailto:a@b.example/mailto:…`
    /// is two URLs). `usize::MAX` when `?` follows, or the addresses are not plain
    /// `local@domain` ones (an IP literal, `%`-escaped text): then the end of any bare link.
    pub(super) fn mailto_end(&self, mut i: usize, limit: usize) -> Checked {
        if self.byte(i)? == Some(b'?') {
            return Ok(usize::MAX);
        }
        loop {
            let at = self.run(i, i + 65, |b| is(b, LOCAL5))?;
            if at == i || self.byte(at)? != Some(b'@') {
                return Ok(usize::MAX);
            }
            let d = self.domain(at + 1, limit, false)?;
            if d.end == at + 1 {
                return Ok(usize::MAX);
            }
            match self.byte(d.end)? {
                Some(b'?') => return Ok(usize::MAX),
                Some(b',') if self.byte(d.end + 1)?.is_some_and(|b| is(b, LOCAL5)) => i = d.end + 1,
                _ => return Ok(d.end),
            }
        }
    }

    /// `local@domain` (the local part within 64 bytes, RFC 5321 §4.5.3.1.1); with
    /// `headers`, also several addresses and `%`-escapes as RFC 6068 writes them.
    fn address(&self, i: usize, limit: usize, headers: bool) -> Checked {
        let at = self.run(i, i + 65, |b| is(b, LOCAL5) || (headers && b == b','))?;
        if at == i || self.byte(at)? != Some(b'@') {
            return Err(Eval::Reject);
        }
        let d = self.domain(at + 1, limit, false)?;
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
        self.url_char(k + 1).map(|_| k + 2)
    }
}

/// Whether a host's run may have stopped at userinfo or a port rather than at the host's end:
/// an `@` or `:`, or another byte of RFC 3986 §3.2.1 `userinfo` that is no host byte
/// (`pct-encoded`'s `%`, the `sub-delims`, `~`). The host is then looked for again past an
/// `@`.
#[inline(always)]
fn userinfo_or_port(b: u8) -> bool {
    const SET: AsciiSet = RFC3986_SUB_DELIMS.add_all(b"@:%~");
    SET.contains(b)
}

#[cfg(test)]
mod tests {
    use super::super::scan::Cx;
    use super::super::{Finder, Options};
    use super::{known, Rule};

    /// [`Cx::plain_host`]'s answer, wherever it gives one, is the general reading's
    /// ([`Cx::host`]): on random hosts made of labels, dots, hyphens, underscores, non-ASCII
    /// letters, userinfo, ports and every byte that may follow a host, at every length
    /// around the 32 bytes it reads, with the whole text or a window, under limits that
    /// cut the host.
    #[test]
    fn plain_hosts_read_as_every_host() {
        const PIECES: [&str; 24] = [
            "a", "example", "com", "x1", "0", "Z", "-", ".", "..", "_", "é", "xn--p1ai", "a-b", "user@",
            ":8080", "[::1]", "%41", " ", "/", "?", "#", ")", ">", "\n",
        ];
        let mut next = crate::test_rng::xorshift(0x0B5E_55ED_C0FF_EE11);
        let finder = Finder::new(Options::new());
        let (mut answered, mut rejected) = (0, 0);
        for round in 0..if cfg!(miri) { 50 } else { 40_000 } {
            let mut text = String::from("see https://");
            for _ in 0..next() % 14 {
                text.push_str(PIECES[(next() % 24) as usize]);
            }
            if round % 3 == 0 {
                text.push_str(&"abcdefghij".repeat((next() % 4) as usize));
            }
            text.push_str([" and more text after it", "/path x", "", ".", ":1/"][(next() % 5) as usize]);
            let hay = text.as_bytes();
            let h = "see https://".len();
            for (eof, cut) in [
                (true, hay.len()),
                (false, (h + (next() % 40) as usize).min(hay.len())),
            ] {
                let cx = Cx {
                    hay: &hay[..cut],
                    eof,
                    floor: 0,
                    finder: &finder,
                };
                for limit in [usize::MAX, h + (next() % 40) as usize] {
                    if let Some(fast) = cx.plain_host(h, limit) {
                        let general = cx.host(h, limit, true);
                        assert_eq!(
                            format!("{fast:?}"),
                            format!("{general:?}"),
                            "{text:?} {cut} {eof} {limit}"
                        );
                        answered += 1;
                        rejected += usize::from(fast.is_err());
                    }
                }
            }
        }
        if !cfg!(miri) && crate::simd::try_host_bits(&[0; 32], 0).is_some() {
            assert!(answered > 5_000 && rejected > 1_000, "{answered} {rejected}");
        }
    }

    /// Every built-in name in any case, and near misses of every length.
    #[test]
    fn known_names() {
        let names = [
            "http", "https", "ftp", "ftps", "sftp", "ws", "wss", "nntp", "telnet", "tn3270", "gopher",
            "wais", "prospero", "ssh", "git", "svn", "rsync", "irc", "ircs", "rtsp", "rtmp", "smb", "nfs",
            "imap", "pop", "ldap", "ldaps", "file", "mailto", "news", "snews", "tel", "fax", "sms", "urn",
            "data", "sip", "sips", "xmpp", "geo", "magnet",
        ];
        for name in names {
            assert!(known(name.as_bytes()).is_some(), "{name}");
            assert_eq!(
                known(name.to_uppercase().as_bytes()),
                known(name.as_bytes()),
                "{name}"
            );
            for cut in 1..name.len() {
                let (head, tail) = name.split_at(cut);
                assert!(!names.contains(&head) || known(head.as_bytes()).is_some());
                assert!(!names.contains(&tail) || known(tail.as_bytes()).is_some());
                if !names.contains(&head) {
                    assert_eq!(known(head.as_bytes()), None, "{head}");
                }
            }
            assert_eq!(known(format!("x{name}").as_bytes()), None, "{name}");
            assert_eq!(known(format!("{name}1").as_bytes()), None, "{name}");
        }
        assert_eq!(known(b"HtTpS"), Some(Rule::Authority { empty_host: false }));
        assert_eq!(known(b"mailto"), Some(Rule::Mailto));
        assert_eq!(known(b"prospero"), Some(Rule::Authority { empty_host: false }));
        assert_eq!(known(b""), None);
        assert_eq!(known(b"prosperos"), None);
    }
}
