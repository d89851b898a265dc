//! Scheme-less links ([`Kind::Domain`], off by default): a domain name whose last label is
//! a public suffix of the built-in Public Suffix List (`example.com/path`, `docs.rs`; not
//! `file.txt`, `e.g.`), or an IPv4 address followed by a port or a path
//! (`192.168.0.1:8080/x`), with the start rule of GFM's `www.` links and the end rules of
//! every bare link.

use super::class::{digits_and_dots_end, dns_shaped, has_byte, host_run, is, label_start, HOST};
use super::scan::{Cx, Domain, Eval, Raw};
use super::{Added, Kind};

/// The longest label (RFC 1035 §2.3.4), in bytes, for the look back from a dot.
const LABEL: usize = 63;

impl Cx<'_> {
    /// A `.` at `dot`: the first dot of a bare domain or IPv4 address. Each dot looks back
    /// over one label only: a dot whose label follows another dot belongs to a run that
    /// its first dot already judged, so the work stays linear.
    ///
    /// When the run from the label is ASCII letters, digits, `-` and `.` only and no link
    /// starts at `dot`, `*skip` becomes the run's end: every later dot of the run has a
    /// label after a dot, which starts no word, so the scanner passes over them unread.
    #[inline]
    pub(crate) fn bare_domain(&self, dot: usize, skip: &mut usize) -> Eval {
        let mut run_end = 0;
        let eval = self.dot_candidate(dot, &mut run_end);
        // Only a verdict: after `More` the same dot is judged again.
        if matches!(eval, Eval::Reject) {
            *skip = run_end.max(*skip);
        }
        eval
    }

    /// [`Cx::bare_domain`]'s verdict; `*ascii_run` is set to the end of an ASCII run.
    fn dot_candidate(&self, dot: usize, ascii_run: &mut usize) -> Eval {
        let hay = self.hay;
        // Digits and dots after the dot (`3.2.1`, `2.0`), then a byte that ends the domain
        // run and is no port's `:` nor a path's `/`: the last label starts with a digit, so
        // no TLD and no address, whatever the label before (the checks below, from the
        // bytes after; the run is shorter than `max_len` whatever its start).
        if let Some(k) = digits_and_dots_end(hay, dot + 1) {
            let b = hay[k];
            if hay[dot + 1].is_ascii_digit()
                && b < 0x80
                && !is(b, HOST)
                && !matches!(b, b'/' | b':')
                && k - dot + LABEL + 1 < self.finder.options.max_len
            {
                *ascii_run = k;
                return Eval::Reject;
            }
        }
        let lo = self.floor.max(dot.saturating_sub(LABEL + 1));
        let (s, ascii) = label_start(hay, lo, dot);
        if s == dot || dot - s > LABEL || !self.starts_word(s) {
            return Eval::Reject;
        }
        let limit = s.saturating_add(self.finder.options.max_len);
        // Most runs are ASCII (`e.g`, `3.2.1`, `docs.rs`): their end is found by one scan,
        // and the run is the GFM valid domain of [`Cx::domain`] when it stops at an ASCII
        // byte that is no domain byte (an underscore or a non-ASCII byte go the long way).
        let stop = limit.min(hay.len());
        let (k, underscore) = host_run(hay, dot + 1, stop);
        let d = if ascii && !underscore && k < stop && hay[k] < 0x80 && hay[k] != b'_' {
            *ascii_run = k;
            let mut end = k;
            while end > s && hay[end - 1] == b'.' {
                end -= 1;
            }
            // A last label that starts with a digit (`3.2.1`, `v1.5`, `Z39.50`) is a TLD of
            // no name, and an address only before a port or a path: the verdict of the
            // checks below, from two bytes.
            let (tld, _) = label_start(hay, dot + 1, end);
            if end > tld && hay[tld].is_ascii_digit() && !(end == k && matches!(hay[k], b'/' | b':')) {
                return Eval::Reject;
            }
            Domain {
                end,
                run_end: k,
                last_two: s,
                underscore_in_last_two: false,
            }
        } else {
            match self.domain(s, limit, false) {
                Ok(d) => d,
                Err(e) => return e,
            }
        };
        let host = &hay[s..d.end];
        // One dot at least, DNS labels without `_`, and no `@` after (a local part) nor `(`
        // (a call in code: `Utc.now()`, `self.read(buf)`).
        if d.end <= dot + 1
            || !dns_shaped(host)
            || has_byte(host, b'_')
            || matches!(self.byte(d.run_end), Ok(Some(b'@' | b'(')))
        {
            return Eval::Reject;
        }
        let ok = if host.iter().all(|&b| b.is_ascii_digit() || b == b'.') {
            self.ipv4_with_port_or_path(host, d.end)
        } else {
            Ok(listed_tld(host))
        };
        match ok {
            Ok(true) => {}
            Ok(false) => return Eval::Reject,
            Err(e) => return e,
        }
        match self.bare_end(s, d.run_end, d.end) {
            Ok(end) => Eval::Found(Raw {
                start: s,
                end,
                url_start: s,
                url_end: end,
                kind: Kind::Domain,
                added: Added::Http,
                wrapped: false,
                ambiguous: false,
            }),
            Err(e) => e,
        }
    }

    /// Four decimal octets (each at most 255, RFC 3986 §3.2.2 `dec-octet`) then a `:` and
    /// a digit, or a `/`: a bare address alone is a version or a number as often as a host.
    fn ipv4_with_port_or_path(&self, host: &[u8], end: usize) -> Result<bool, Eval> {
        // The port or path first: a version number (`1.2.3`, `v0.10`) has neither, and most
        // all-digit hosts of prose are versions.
        let follows = match self.byte(end)? {
            Some(b'/') => true,
            Some(b':') => self.byte(end + 1)?.is_some_and(|b| b.is_ascii_digit()),
            _ => false,
        };
        if !follows {
            return Ok(false);
        }
        let mut octets = 0;
        for part in host.split(|&b| b == b'.') {
            octets += 1;
            let value = part
                .iter()
                .try_fold(0u32, |v, &b| (v < 100).then(|| v * 10 + u32::from(b - b'0')));
            if part.is_empty() || part.len() > 3 || !matches!(value, Some(0..=255)) {
                return Ok(false);
            }
        }
        Ok(octets == 4)
    }
}

/// Whether the last label of `host` is a rule of the built-in Public Suffix List (not only
/// the list's default rule `*`).
fn listed_tld(host: &[u8]) -> bool {
    let tld = match host.iter().rposition(|&b| b == b'.') {
        Some(j) => &host[j + 1..],
        None => host,
    };
    // A TLD starts with a letter (or is non-ASCII): `v1.2.3` is a version.
    if !tld.first().is_some_and(|&b| b.is_ascii_alphabetic() || b >= 0x80) {
        return false;
    }
    let list = crate::domain::List::builtin();
    if tld.is_ascii() {
        return list.lists_ascii_label(tld);
    }
    // Bytes of a stream that are not UTF-8 make no TLD.
    let Ok(tld) = core::str::from_utf8(tld) else {
        return false;
    };
    list.split(tld)
        .is_some_and(|p| p.section() != crate::domain::Section::Unlisted)
}
