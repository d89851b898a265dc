//! Scheme-less links ([`Kind::Domain`], off by default): a domain name whose last label is
//! a public suffix of the built-in Public Suffix List (`example.com/path`, `docs.rs`; not
//! `file.txt`, `e.g.`), or an IPv4 address followed by a port or a path
//! (`192.168.0.1:8080/x`), with the start rule of GFM's `www.` links and the end rules of
//! every bare link.

use super::class::{
    digits_and_dots_end, dns_shaped, has_byte, host_run_plain, is, label_end16, label_start, HOST,
    LABEL as LABEL_BYTE,
};
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
    ///
    /// `listed`: [`dot_dropped`] found the label after the dot to be the run's last and a
    /// rule of the list (its lookup is not made twice).
    pub(crate) fn bare_domain(&self, dot: usize, skip: &mut usize, listed: bool) -> Eval {
        let mut run_end = 0;
        let eval = self.dot_candidate(dot, &mut run_end, listed);
        // Only a verdict: after `More` the same dot is judged again.
        if matches!(eval, Eval::Reject) {
            *skip = run_end.max(*skip);
        }
        eval
    }

    /// [`Cx::bare_domain`]'s verdict; `*ascii_run` is set to the end of an ASCII run.
    fn dot_candidate(&self, dot: usize, ascii_run: &mut usize, listed: bool) -> Eval {
        let hay = self.hay;
        if let Some(k) = numeric_end(hay, dot, self.finder.options.max_len) {
            *ascii_run = k;
            return Eval::Reject;
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
        let run = host_run_plain(hay, dot + 1, stop);
        let d = if let Some(k) = run.filter(|&k| ascii && k < stop && hay[k] < 0x80) {
            *ascii_run = k;
            let mut end = k;
            while end > s && hay[end - 1] == b'.' {
                end -= 1;
            }
            // The checks below, from the bytes of an ASCII run (no `_` in it): a last label
            // that starts with a digit (`v1.5`, `Z39.50`) is a TLD of no name, and an
            // address only before a port or a path; one that starts with a letter is looked
            // up as it is.
            // (`get`: a dot right before another, which the scanner never hands over, would
            // leave `end` before `tld`; it takes the no-label path instead of panicking.)
            let (tld, _) = label_start(hay, dot + 1, end);
            match hay.get(tld..end).and_then(<[u8]>::first) {
                Some(b) if b.is_ascii_digit() && !(end == k && matches!(hay[k], b'/' | b':')) => {
                    return Eval::Reject;
                }
                Some(b) if b.is_ascii_digit() => {}
                Some(b) => {
                    if !b.is_ascii_alphabetic()
                        || end <= dot + 1
                        || matches!(hay[k], b'@' | b'(')
                        || !dns_shaped(&hay[s..end])
                        || !(listed || crate::domain::List::builtin().lists_ascii_label(&hay[tld..end]))
                    {
                        return Eval::Reject;
                    }
                    return self.domain_link(s, k, end);
                }
                None => {}
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
        self.domain_link(s, d.run_end, d.end)
    }

    /// The link of a bare domain whose host is `s..end`, its run ending at `run_end`.
    fn domain_link(&self, s: usize, run_end: usize, end: usize) -> Eval {
        match self.bare_end(s, run_end, end) {
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

/// Whether the scanner may drop the `.` at `dot` unread: a verdict of
/// [`Cx::bare_domain`] that a few bytes around it give. Before a byte other than a letter,
/// digit or non-ASCII byte (a sentence's end, `e.g.,`), or after an ASCII byte that ends
/// no label (`).`, `".`, ` .x`), no domain has its first dot here; a run of digits and dots
/// (see [`numeric_end`]) sets `*skip` to its end; a last label right after the dot that is
/// no top-level domain (see [`last_label`]) ends the run; one that is a rule of the
/// list sets `*listed`. Nothing here depends on where the last link ended, nor on bytes
/// past the end of `hay`. Out of line: the scanner loop of the other kinds stays as it was.
#[inline(never)]
pub(crate) fn dot_dropped(
    hay: &[u8],
    dot: usize,
    max_len: usize,
    skip: &mut usize,
    listed: &mut bool,
) -> bool {
    if hay
        .get(dot + 1)
        .is_some_and(|&b| b < 0x80 && !b.is_ascii_alphanumeric())
    {
        return true;
    }
    if dot == 0 || (hay[dot - 1] < 0x80 && !is(hay[dot - 1], LABEL_BYTE)) {
        return true;
    }
    match numeric_end(hay, dot, max_len) {
        Some(k) => {
            *skip = k.max(*skip);
            true
        }
        None => match last_label(hay, dot, max_len) {
            Tld::Rejected => true,
            Tld::Listed => {
                *listed = true;
                false
            }
            Tld::Unknown => false,
        },
    }
}

/// What [`last_label`] tells of a dot.
enum Tld {
    /// [`Cx::bare_domain`] rejects it.
    Rejected,
    /// The label after it is the run's last, a rule of the list, and no `(` or `@` follows.
    Listed,
    /// Not told here.
    Unknown,
}

/// What the label right after the `.` at `dot` tells when it ends the domain run, whatever
/// the label before the dot: the top-level domain is checked first, from the run's end,
/// before any look back. It applies when that label is ASCII letters, digits and `-` up to
/// an ASCII byte that is no host byte (no further `.`, no `_`, nothing non-ASCII), within
/// sixteen bytes: then it is the host's last label, and [`Cx::bare_domain`] rejects the dot
/// when a `(` (a call) or `@` (a local part) follows it, when it starts with `-`, with a
/// digit not before a port's `:` or a path's `/` (no address has a letter before its last
/// dot, and no TLD starts with a digit), or with a letter and is no rule of the Public
/// Suffix List (`file.txt`, `e.g`, `self.x`: most `word.word` of prose and code). The run
/// is shorter than `max_len` wherever its label starts (as for [`numeric_end`]).
#[inline(always)]
fn last_label(hay: &[u8], dot: usize, max_len: usize) -> Tld {
    let Some(k) = label_end16(hay, dot + 1) else {
        return Tld::Unknown;
    };
    let after = hay[k];
    if after >= 0x80 || is(after, HOST) || k - dot + LABEL + 1 >= max_len {
        return Tld::Unknown;
    }
    let tld = &hay[dot + 1..k];
    match tld.first() {
        None => Tld::Unknown,
        Some(b) if b.is_ascii_digit() && matches!(after, b'/' | b':') => Tld::Unknown,
        Some(b) if b.is_ascii_alphabetic() && !matches!(after, b'@' | b'(') => {
            if crate::domain::List::builtin().lists_ascii_label(tld) {
                Tld::Listed
            } else {
                Tld::Rejected
            }
        }
        Some(_) => Tld::Rejected,
    }
}

/// Digits and dots after the `.` at `dot` (`3.2.1`, `2.0`), then a byte that ends the
/// domain run and is no port's `:` nor a path's `/`: the last label starts with a digit,
/// so it is no TLD and the host no address before a port or a path, whatever the label
/// before the dot. The run's end, where its later dots (each after a dot) end too; the
/// run is shorter than `max_len` wherever its label starts.
#[inline(always)]
fn numeric_end(hay: &[u8], dot: usize, max_len: usize) -> Option<usize> {
    // Most dots of prose and code come before a letter: no word is read for them.
    if !hay.get(dot + 1)?.is_ascii_digit() {
        return None;
    }
    let k = digits_and_dots_end(hay, dot + 1)?;
    let b = hay[k];
    (b < 0x80 && !is(b, HOST) && !matches!(b, b'/' | b':') && k - dot + LABEL + 1 < max_len).then_some(k)
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

#[cfg(test)]
mod tests {
    use super::super::scan::{Cx, Eval};
    use super::super::{Finder, Options};
    use super::dot_dropped;

    /// [`dot_dropped`] against the whole verdict: a dot it drops, from any window of the
    /// text that holds it, is one that [`Cx::bare_domain`] rejects over the whole text,
    /// wherever the last link ended, on random text made of labels, top-level domains,
    /// numbers, dots and the bytes that end or continue a domain run.
    #[test]
    fn dropped_dots_are_rejected() {
        const PIECES: [&str; 38] = [
            "com",
            "txt",
            "io",
            "uk",
            "co",
            "e",
            "g",
            "self",
            "md",
            "1",
            "10",
            "255",
            "a1",
            "1a",
            "-a",
            "b-",
            "xn--p1ai",
            "COM",
            "Io",
            "例",
            "é",
            ".",
            ".",
            ".",
            " ",
            "(",
            "@",
            "/",
            ":",
            "_",
            "-",
            "\n",
            ",",
            "。",
            "10.0.0.1",
            "x.co.uk",
            "8080",
            "abcdefghijklmnopqrstuvwxyz",
        ];
        let mut next = crate::test_rng::xorshift(0x5DEE_CE66_D1CE_4E5B);
        let (mut dropped, mut listed_seen) = (0, 0);
        let long = "a".repeat(60);
        let mut texts: Vec<String> = [
            "a.b.com ",
            "1.2/x",
            "10.0.0.1/x",
            "self.x(",
            "a.b@c.d",
            "e.g., ",
            "(x.co.uk)",
            "é.txt ",
            "a_b.txt ",
            "v1.2rc ",
            "a.-b ",
            "a.1b:80",
        ]
        .iter()
        .map(|t| (*t).into())
        .collect();
        texts.extend([
            format!("{long}.txt "),
            format!("{long}.com "),
            format!("{long}.b.txt "),
        ]);
        for t in &mut texts {
            t.push_str(" and more text");
        }
        for _ in 0..if cfg!(miri) { 20 } else { 3000 } {
            let n = 1 + (next() % 24) as usize;
            texts.push((0..n).map(|_| PIECES[(next() % 38) as usize]).collect());
        }
        for text in &texts {
            let hay = text.as_bytes();
            for max_len in [64 * 1024, 64, 80] {
                let finder = Finder::new(Options::new().bare_domains(true).max_len(max_len));
                // Only the dots that the triggers hand over: before a letter, a digit or a
                // non-ASCII byte (a `.` before a space or a `.` is never judged).
                let handed = |i: usize| {
                    hay.get(i + 1)
                        .is_none_or(|&b| b.is_ascii_alphanumeric() || b >= 0x80)
                };
                for dot in (0..hay.len()).filter(|&i| hay[i] == b'.' && handed(i)) {
                    for cut in [hay.len(), (dot + 1 + (next() % 12) as usize).min(hay.len())] {
                        let (mut skip, mut listed) = (0, false);
                        if !dot_dropped(&hay[..cut], dot, max_len, &mut skip, &mut listed) {
                            if listed {
                                // A listed last label spares a lookup, and changes nothing.
                                let cx = Cx {
                                    hay,
                                    eof: true,
                                    floor: 0,
                                    finder: &finder,
                                };
                                let with = format!("{:?}", cx.bare_domain(dot, &mut 0, true));
                                assert_eq!(
                                    with,
                                    format!("{:?}", cx.bare_domain(dot, &mut 0, false)),
                                    "{text:?} {dot}"
                                );
                                listed_seen += 1;
                            }
                            continue;
                        }
                        dropped += 1;
                        for floor in [0, dot.saturating_sub((next() % 8) as usize)] {
                            let cx = Cx {
                                hay,
                                eof: true,
                                floor,
                                finder: &finder,
                            };
                            let verdict = cx.bare_domain(dot, &mut 0, false);
                            assert!(
                                matches!(verdict, Eval::Reject),
                                "{text:?} {dot} {cut} {max_len} {verdict:?}"
                            );
                        }
                    }
                }
            }
        }
        assert!(dropped > 1000 && listed_seen > 100, "{dropped} {listed_seen}");
    }

    /// The verdict on any dot, also the ones the triggers never hand over (a dot before a
    /// dot, a space or the end), returns without panicking, in whole text and in a window.
    #[test]
    fn every_dot_gets_a_verdict() {
        let mut next = crate::test_rng::xorshift(0x0DD_D075);
        let pieces = [
            "a", "abcdefgh", "1", ".", "..", " ", "-", "_", "é", "com", "/", ":",
        ];
        let random: Vec<String> = (0..2000)
            .map(|_| {
                (0..1 + next() % 12)
                    .map(|_| pieces[(next() % 12) as usize])
                    .collect()
            })
            .collect();
        for text in random.iter().map(String::as_str).chain([
            "a..b",
            "a..",
            "a.. com",
            "x.y..z.com",
            "1..2/",
            "a. b",
            "a.",
            "..",
            "é..txt",
            "abcdefgh.. ",
            "abcdefghijklmnop.. x",
        ]) {
            let finder = Finder::new(Options::new().bare_domains(true));
            let hay = text.as_bytes();
            for dot in (0..hay.len()).filter(|&i| hay[i] == b'.') {
                for eof in [true, false] {
                    let cx = Cx {
                        hay,
                        eof,
                        floor: 0,
                        finder: &finder,
                    };
                    let verdict = cx.bare_domain(dot, &mut 0, false);
                    if text.contains("..") && hay.get(dot + 1) == Some(&b'.') {
                        assert!(
                            matches!(verdict, Eval::Reject | Eval::More),
                            "{text:?} {dot} {verdict:?}"
                        );
                    }
                }
            }
        }
    }
}
