//! The scanner: finds the triggers (`:` for schemes and the `URL:` prefix, `@` for email
//! addresses, the string `www.`) in one vector pass over 64 bytes at a time (or with
//! `memchr` and `memmem` where there is no vector pass), then evaluates one candidate around
//! each trigger, parsing nothing and allocating nothing.
//!
//! The same scanner serves a whole string and a stream window. Over a window it may answer
//! [`Step::Need`]: a decision depends on bytes past the window's end. Every look-back is
//! bounded ([`LOOKBACK`]) and every look-ahead by the options' `max_len`, so a window of
//! bounded size always suffices, and a decision never depends on where the windows were cut.

use super::class::{fullwidth_alnum_at, host_run, idna_dot_at, is, unicode_end_at, unicode_punct_at, END};
use super::{schemes, Added, Finder, Kind};
use crate::simd::LineTally;

/// Bytes a window keeps before the earliest position still to be evaluated: a scheme looks
/// back at most 33 bytes (32 plus the boundary byte), `<URL:` 5 more, an email local part 65
/// (64, RFC 5321 §4.5.3.1.1, plus the boundary) and its `<` one more.
pub(crate) const LOOKBACK: usize = 80;

const NONE: usize = usize::MAX;

/// A found occurrence, as byte offsets into the scanned bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Raw {
    pub start: usize,
    pub end: usize,
    pub url_start: usize,
    pub url_end: usize,
    pub kind: Kind,
    pub added: Added,
    pub wrapped: bool,
    pub ambiguous: bool,
}

/// What evaluating one candidate gave.
#[derive(Debug)]
pub(crate) enum Eval {
    Found(Raw),
    /// Not a URL here; scanning goes on after the trigger.
    Reject,
    /// The decision needs bytes past the end of the window.
    More,
    /// The run from this position is longer than `max_len`: skip it whole.
    Long(usize),
}

/// What the scanner did.
#[derive(Debug)]
pub(crate) enum Step {
    Found(Raw),
    /// Needs more input; bytes before the given index are no longer needed.
    Need(#[cfg_attr(not(feature = "std"), allow(dead_code))] usize),
    Done,
}

/// The candidate context: the bytes, whether they end the input, and the end of the last
/// occurrence (no look-back crosses it).
pub(crate) struct Cx<'a> {
    pub hay: &'a [u8],
    pub eof: bool,
    pub floor: usize,
    pub finder: &'a Finder,
}

/// A run of GFM valid-domain bytes.
pub(crate) struct Domain {
    /// The end of the domain, trailing dots and underscores excluded.
    pub end: usize,
    /// The end of the run, trailing dots included.
    pub run_end: usize,
    /// Where the second-to-last segment starts.
    pub last_two: usize,
    pub underscore_in_last_two: bool,
}

impl Cx<'_> {
    /// The byte at `i`: `None` at the end of the input, `More` past the end of a window.
    #[inline]
    pub(crate) fn byte(&self, i: usize) -> Result<Option<u8>, Eval> {
        match self.hay.get(i) {
            Some(&b) => Ok(Some(b)),
            None if self.eof => Ok(None),
            None => Err(Eval::More),
        }
    }

    /// The first index in `i..limit` whose byte fails `ok`, or `limit` (or the input's end).
    #[inline]
    pub(crate) fn run(&self, i: usize, limit: usize, ok: impl Fn(u8) -> bool) -> Result<usize, Eval> {
        let stop = limit.min(self.hay.len());
        let mut k = i.min(stop);
        while k < stop && ok(self.hay[k]) {
            k += 1;
        }
        if k == stop && stop < limit && !self.eof {
            return Err(Eval::More);
        }
        Ok(k)
    }

    /// Rejects unless the byte at `i` exists and passes `ok`.
    #[inline]
    pub(crate) fn need(&self, i: usize, ok: impl Fn(u8) -> bool) -> Result<(), Eval> {
        match self.byte(i)? {
            Some(b) if ok(b) => Ok(()),
            _ => Err(Eval::Reject),
        }
    }

    /// The GFM valid domain starting at `h`: segments of alphanumerics, `_` and `-` (and
    /// non-ASCII, for internationalized names) separated by `.`. `last_two` (where the
    /// second-to-last segment starts) is found only when asked for or when an underscore
    /// makes the verdict depend on it.
    pub(crate) fn domain(&self, h: usize, limit: usize, want_last_two: bool) -> Result<Domain, Eval> {
        let hay = self.hay;
        let stop = limit.min(hay.len());
        let mut k = h.min(stop);
        let mut underscore = false;
        loop {
            let (run, under) = host_run(hay, k, stop);
            underscore |= under;
            k = run;
            if k >= stop || hay[k] < 0x80 {
                break;
            }
            // A character cut by a window's end is read whole once more bytes come: an IDNA
            // full stop or a Unicode space or punctuation mark ends the host where a part of
            // it would let the run go on (to `max_len`, when the window ends there).
            if k + 3 > hay.len() && !self.eof {
                return Err(Eval::More);
            }
            // An IDNA full stop between a label and a Latin letter or digit, ASCII or
            // full-width (`github。com`, `ｅｘａｍｐｌｅ．ｃｏｍ`): a dot. Before other text
            // (`https://example.com。下一句`), or where it would make an empty label or
            // follow a hyphen (`http://。ｃ`, `a.。b`, `a-。b`: no DNS name), the end of a
            // CJK sentence.
            let dot = idna_dot_at(hay, k);
            if dot > 0 {
                if k == h || matches!(hay[k - 1], b'.' | b'-') {
                    break;
                }
                let next = k + dot;
                let more = stop < limit && !self.eof;
                let label = match hay.get(next).filter(|_| next < stop) {
                    Some(b) if b.is_ascii_alphanumeric() => true,
                    // A full-width letter is three bytes: a window must hold all of them.
                    Some(&b) if b >= 0x80 && next + 3 > stop && more => return Err(Eval::More),
                    Some(_) => fullwidth_alnum_at(&hay[..stop], next),
                    None if more => return Err(Eval::More),
                    None => false,
                };
                if label {
                    k = next;
                    continue;
                }
                break;
            }
            if unicode_punct_at(hay, k) == 0 && unicode_end_at(hay, k) == 0 {
                k += 1;
            } else {
                break;
            }
        }
        if k == stop && stop < limit && !self.eof {
            return Err(Eval::More);
        }
        if k == limit {
            return Err(Eval::Long(h));
        }
        // Trailing dots and underscores end the sentence or an `_emphasis_`, not the domain.
        let mut end = k;
        while end > h && matches!(hay[end - 1], b'.' | b'_') {
            end -= 1;
        }
        let mut last_two = h;
        let mut underscore_in_last_two = false;
        if underscore || want_last_two {
            // "No underscores may be present in the last two segments of the domain."
            let mut dots = 0;
            for j in (h..end).rev() {
                match hay[j] {
                    b'.' => {
                        dots += 1;
                        if dots == 2 {
                            last_two = j + 1;
                            break;
                        }
                    }
                    b'_' => underscore_in_last_two = true,
                    _ => {}
                }
            }
        }
        Ok(Domain {
            end,
            run_end: k,
            last_two,
            underscore_in_last_two,
        })
    }

    /// The end of a bare URL that starts at `start` with its text from `from`: the first
    /// whitespace, control byte or `<`, then trailing punctuation trimmed; `Long` when no
    /// boundary comes within `max_len` of `start`.
    #[inline(always)]
    pub(crate) fn bare_end(&self, start: usize, from: usize, min_end: usize) -> Result<usize, Eval> {
        let limit = start.saturating_add(self.finder.options.max_len);
        // Markdown's `[text](url)` around a link, written as text: `](` ends it (a URL has a
        // `]` only after an IP literal, and never `](`). The run still ends at the boundary
        // (a run longer than `max_len` is skipped whole, wherever its `](`).
        let (mut k, mut markdown) = (from, None);
        // Markdown's `[text](url)[next]…` or `(see url)[1]`: a `)` that closes no `(` of the
        // link, right before a `[`, ends it too. The parentheses before each `)[` are
        // counted once, from where the last count stopped (`counted`, with the `(` still
        // open there).
        let (mut paren, mut counted) = (None, (start, 0usize));
        let raw = loop {
            k = super::class::find_end(self.hay, k, limit);
            if k < limit && self.hay.get(k) == Some(&b'[') {
                if paren.is_none() && k > start && self.hay[k - 1] == b')' {
                    let (mut open, p) = (counted.1, k - 1);
                    for &b in &self.hay[counted.0..p] {
                        match b {
                            b'(' => open += 1,
                            b')' => open = open.saturating_sub(1),
                            _ => {}
                        }
                    }
                    if open == 0 {
                        paren = Some(p);
                    }
                    counted = (k, open.saturating_sub(1));
                }
                k += 1;
                continue;
            }
            if k < limit && self.hay.get(k) == Some(&b']') {
                if markdown.is_none() && self.hay.get(k + 1) == Some(&b'(') {
                    markdown = Some(k + 1);
                }
                k += 1;
                // `…)]` then a line break (a Markdown list of links): the end, without a scan.
                if k < limit && self.hay.get(k).is_some_and(|&b| is(b, END)) {
                    break k;
                }
                continue;
            }
            break k;
        };
        if raw == self.hay.len() && raw < limit && !self.eof {
            return Err(Eval::More);
        }
        if raw == limit {
            return Err(Eval::Long(start));
        }
        let raw = markdown.into_iter().chain(paren).min().unwrap_or(raw);
        let end = self.trim(start, raw);
        if end < min_end {
            return Err(Eval::Reject);
        }
        Ok(end)
    }
}

/// A `www.` domain run, kept so that every `www.` inside it is judged without a new scan.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WwwRun {
    pub start: usize,
    pub run_end: usize,
    pub end: usize,
    /// Where its last two segments start.
    pub last_two: usize,
    /// No underscore in the last two segments.
    pub valid: bool,
    /// The last index `j` where `j, j + 1` make a label empty or hyphen-edged (`..`, `.-`,
    /// `-.`), or `NONE`; a `www.` after it starts a DNS-shaped name when the run does not
    /// end with `-`.
    pub bad: usize,
}

/// [`Scanner::blk`] with no block cached: `pos - NO_BLOCK` (wrapping) is `pos + 64`, past
/// any block, for every position of a slice.
const NO_BLOCK: usize = usize::MAX - 63;

/// The scanner's position and the cached next trigger of each kind.
#[derive(Clone, Debug)]
pub(crate) struct Scanner {
    pub pos: usize,
    pub floor: usize,
    next_sym: usize,
    sym_valid: bool,
    next_www: usize,
    www_valid: bool,
    /// The vector trigger bits of the 64 positions from `blk` (see `simd::try_triggers`),
    /// none cached while `blk` is [`NO_BLOCK`]; bits before `pos` are stale.
    blk: usize,
    blk_bits: u64,
    /// The next `.` that may start a bare domain (see [`Scanner::dot_trigger`]).
    next_dot: usize,
    dot_valid: bool,
    /// No `.` before this index starts a bare domain (the rest of a run whose first dot
    /// was judged: see [`Cx::bare_domain`]).
    dot_skip: usize,
    /// The `.` just handed over has a listed last label (see `bare::dot_dropped`).
    dot_listed: bool,
    skipping: bool,
    /// The last `www.` domain run (see [`WwwRun`]).
    pub www_run: Option<WwwRun>,
    /// The line breaks before each block the vector pass reads, when counted there (a
    /// whole string's links: see [`Scanner::counting_lines`]); `None` once a block would
    /// come out of order, and in a stream.
    pub lines: Option<LineTally>,
}

impl Scanner {
    pub(crate) fn new() -> Self {
        Scanner {
            pos: 0,
            floor: 0,
            next_sym: 0,
            sym_valid: false,
            next_www: 0,
            www_valid: false,
            blk: NO_BLOCK,
            blk_bits: 0,
            next_dot: 0,
            dot_valid: false,
            dot_skip: 0,
            dot_listed: false,
            skipping: false,
            www_run: None,
            lines: None,
        }
    }

    /// A scanner whose vector pass also counts line breaks, for the links of a whole string.
    pub(crate) fn counting_lines() -> Self {
        Scanner {
            lines: Some(LineTally::default()),
            ..Scanner::new()
        }
    }

    /// Moves every position `by` bytes down (the window dropped that many bytes).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn rebase(&mut self, by: usize) {
        self.pos -= by;
        self.floor = self.floor.saturating_sub(by);
        self.dot_skip = self.dot_skip.saturating_sub(by);
        self.dot_listed = false;
        self.sym_valid = false;
        self.www_valid = false;
        self.blk = NO_BLOCK;
        self.dot_valid = false;
        self.www_run = None;
    }

    fn find_sym(f: &Finder, hay: &[u8], from: usize) -> usize {
        let rest = hay.get(from..).unwrap_or_default();
        let hit = match (f.colon, f.at) {
            (true, true) => memchr::memchr2(b':', b'@', rest),
            (true, false) => memchr::memchr(b':', rest),
            (false, true) => memchr::memchr(b'@', rest),
            (false, false) => None,
        };
        hit.map_or(NONE, |i| from + i)
    }

    fn find_www(f: &Finder, hay: &[u8], from: usize) -> usize {
        if !f.www {
            return NONE;
        }
        let rest = hay.get(from..).unwrap_or_default();
        f.www_finder.find(rest).map_or(NONE, |i| from + i)
    }

    /// Asks for more input, keeping [`LOOKBACK`] bytes before `from`; the cached triggers
    /// ("none up to the end") no longer hold once the window grows.
    fn need(&mut self, from: usize) -> Step {
        self.sym_valid = false;
        self.www_valid = false;
        self.blk = NO_BLOCK;
        self.dot_valid = false;
        self.dot_listed = false;
        Step::Need(from.saturating_sub(LOOKBACK))
    }

    /// The first trigger at or after `pos` (`NONE` when there is none) from the cached
    /// vector trigger bits, or `None` when no vector scan runs here. Each 64 bytes are
    /// classified once, whatever the number of candidates in them.
    #[inline]
    fn vector_trigger(&mut self, f: &Finder, hay: &[u8]) -> Option<usize> {
        // One compare: `pos` in the cached block (`NO_BLOCK` holds no position).
        if self.pos.wrapping_sub(self.blk) >= 64 && !self.fetch(f, hay, self.pos)? {
            return Some(NONE);
        }
        loop {
            // Bits before `pos` are done (a block found further on moved `pos` to its start).
            let bits = self.blk_bits & (!0u64 << self.pos.saturating_sub(self.blk));
            if bits == 0 {
                if self.blk + 64 >= hay.len() || !self.fetch(f, hay, self.blk + 64)? {
                    return Some(NONE);
                }
                continue;
            }
            let t = self.blk + bits.trailing_zeros() as usize;
            // A `w` with a `.` three bytes on: `www.` only with `ww` between. A `.` before a
            // byte from `0` up: not inside a run already judged (`dot_skip`), nor where the
            // bytes around it decide (`dot_dropped`: a sentence's end, a version number).
            let dropped = match hay[t] {
                b'w' => hay.get(t + 1..t + 3) != Some(&b"ww"[..]),
                b'.' => {
                    self.dot_listed = false;
                    t < self.dot_skip
                        || super::bare::dot_dropped(
                            hay,
                            t,
                            f.options.max_len,
                            &mut self.dot_skip,
                            &mut self.dot_listed,
                        )
                }
                _ => false,
            };
            if dropped {
                self.blk_bits &= !(1u64 << (t - self.blk));
                continue;
            }
            return Some(t);
        }
    }

    /// Caches the first block from `from` that holds a trigger and moves `pos` to it; `false`
    /// when no trigger is left. An empty block is the end only when it reaches the end (the
    /// pass's last block may leave the final one or two positions for the next call), and
    /// then `pos` stays put, so that the caller can come back for a `www.` that straddles a
    /// stream window's end. `None` when no vector scan runs here.
    #[inline]
    fn fetch(&mut self, f: &Finder, hay: &[u8], from: usize) -> Option<bool> {
        // The blocks read for line breaks start where the last ones stopped, before `from`
        // (the rest of a link, a run skipped whole); a block cannot be counted twice.
        if self.lines.is_some_and(|t| t.upto > from) {
            self.lines = None;
        }
        let (blk, bits) = match &mut self.lines {
            Some(tally) => crate::simd::try_triggers_counting(hay, from, &f.triggers, tally)?,
            None => crate::simd::try_triggers(hay, from, &f.triggers)?,
        };
        if bits == 0 && blk + 64 >= hay.len() {
            return Some(false);
        }
        (self.blk, self.blk_bits) = (blk, bits);
        self.pos = self.pos.max(blk);
        Some(true)
    }

    /// With bare domains and no vector pass, the first `.` at or after `pos` (and after
    /// `dot_skip`) followed by a letter, digit or non-ASCII byte (or by the end of the bytes,
    /// where more may come),
    /// else `NONE`: a
    /// dot before a space or punctuation (a sentence's end, `e.g.`) is no domain's, and is
    /// passed over here without a return to the scanner. The answer is kept until passed.
    #[inline]
    fn dot_trigger(&mut self, f: &Finder, hay: &[u8]) -> usize {
        if !f.dots {
            return NONE;
        }
        if !self.dot_valid || self.next_dot < self.pos {
            let mut from = self.pos.max(self.dot_skip);
            self.next_dot = loop {
                let Some(i) = hay.get(from..).and_then(|rest| memchr::memchr(b'.', rest)) else {
                    break NONE;
                };
                let d = from + i;
                match hay.get(d + 1) {
                    Some(&b) if !b.is_ascii_alphanumeric() && b < 0x80 => from = d + 1,
                    _ => break d,
                }
            };
            self.dot_valid = true;
        }
        self.next_dot
    }

    /// The first trigger at or after `pos` (`NONE` when there is none) by `memchr` and
    /// `memmem`, each search's answer kept until it is passed.
    fn memchr_trigger(&mut self, f: &Finder, hay: &[u8]) -> usize {
        if !self.sym_valid || (self.next_sym < self.pos) {
            self.next_sym = Self::find_sym(f, hay, self.pos);
            self.sym_valid = true;
        }
        if !self.www_valid || (self.next_www < self.pos) {
            self.next_www = Self::find_www(f, hay, self.pos);
            self.www_valid = true;
        }
        self.next_sym.min(self.next_www)
    }

    /// Finds the next occurrence at or after `pos`.
    #[inline(always)]
    pub(crate) fn next(&mut self, f: &Finder, hay: &[u8], eof: bool) -> Step {
        loop {
            if self.skipping {
                match hay[self.pos..].iter().position(|&b| is(b, END)) {
                    Some(i) => {
                        self.pos += i;
                        self.floor = self.pos;
                        self.skipping = false;
                    }
                    None => {
                        self.pos = hay.len();
                        self.floor = self.pos;
                        if eof {
                            return Step::Done;
                        }
                        return self.need(hay.len());
                    }
                }
            }
            // Bare domains: the vector pass finds the `.` that may start one with the other
            // triggers; without it, `memchr` finds it apart, and it comes first when it comes
            // before the others.
            let t = match self.vector_trigger(f, hay) {
                Some(t) => t,
                None => self.memchr_trigger(f, hay).min(self.dot_trigger(f, hay)),
            };
            if t == NONE {
                if eof {
                    self.pos = hay.len();
                    return Step::Done;
                }
                // `www.` may straddle the window's end.
                self.pos = self.pos.max(hay.len().saturating_sub(3));
                return self.need(self.pos);
            }
            let cx = Cx {
                hay,
                eof,
                floor: self.floor,
                finder: f,
            };
            // The other triggers are `:`, `@` and, for bare domains, `.`.
            let is_www = hay[t] == b'w';
            let eval = match hay[t] {
                b'w' => cx.www(t, &mut self.www_run),
                b':' => cx.colon(t),
                b'@' => cx.at_sign(t),
                _ => cx.bare_domain(t, &mut self.dot_skip, core::mem::take(&mut self.dot_listed)),
            };
            match eval {
                Eval::Found(raw) => {
                    self.pos = raw.end;
                    self.floor = raw.end;
                    if f.allowed(hay, &raw) {
                        return Step::Found(raw);
                    }
                }
                Eval::Reject => {
                    // Every trigger before `t + 1` is done: a window may drop what precedes.
                    self.pos = t + 1;
                    if hay[t] == b'.' {
                        self.dot_valid = false;
                    } else if self.blk == NO_BLOCK {
                        if is_www {
                            self.next_www = Self::find_www(f, hay, t + 1);
                        } else {
                            self.next_sym = Self::find_sym(f, hay, t + 1);
                        }
                    }
                }
                Eval::More => return self.need(self.pos.min(t)),
                Eval::Long(from) => {
                    self.pos = from.max(self.pos);
                    self.skipping = true;
                }
            }
        }
    }
}

impl Cx<'_> {
    /// A `:`: a scheme ends here (RFC 3986 §3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
    #[inline(always)]
    fn colon(&self, c: usize) -> Eval {
        let hay = self.hay;
        let (spaced, path) = match self.byte(c + 1) {
            Ok(Some(b)) => (is(b, END), b == b':'),
            Ok(None) => (true, false),
            Err(e) => return e,
        };
        let lo = self.floor.max(c.saturating_sub(33));
        let mut s = super::class::scheme_start(hay, lo, c);
        if c - s > 32 {
            return Eval::Reject;
        }
        // The scheme starts with a letter: `(1)http://` or `-http://` start at the `h`.
        while s < c && !hay[s].is_ascii_alphabetic() {
            s += 1;
        }
        if s == c {
            return Eval::Reject;
        }
        let scheme = &hay[s..c];
        if scheme.eq_ignore_ascii_case(b"url") {
            return self.url_prefix(s, c);
        }
        let opts = &self.finder.options;
        let before = if s > self.floor { Some(hay[s - 1]) } else { None };
        // Prose (`Note: see`): a space after the colon is only a line break inside `<…>`.
        if spaced && before != Some(b'<') {
            return Eval::Reject;
        }
        // `std::io`: no rule takes a second colon, only a wrapper (GFM's `<a::b>`).
        if path
            && before != Some(b'<')
            && !opts
                .schemes
                .iter()
                .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme))
        {
            return Eval::Reject;
        }
        if before == Some(b'<') && opts.has(Kind::Angle) && scheme.len() >= 2 {
            // Spaces within a line only where `//` says a URL follows: `<Note: this is
            // important>` stays prose.
            let spaces = opts.angle_whitespace && hay.get(c + 1..c + 3) == Some(&b"//"[..]);
            match self.wrapper(s - 1, s, spaces, Kind::Angle) {
                Eval::Reject => {}
                other => return other,
            }
        }
        if before == Some(b'"') && opts.has(Kind::Quoted) {
            match self.quoted(s - 1, s, c) {
                Eval::Reject => {}
                other => return other,
            }
        }
        if opts.has(Kind::Scheme) {
            return self.bare(s, s, c, Kind::Scheme);
        }
        Eval::Reject
    }

    /// The rule for a bare `scheme`. The allow-list does not narrow this (a URL outside it
    /// is still consumed, so that `u@h.example` inside `http://u@h.example/` is no address
    /// of its own; [`Finder::allowed`] drops it afterwards) but widens it: a listed scheme
    /// that is not built in is found with any text after its colon.
    #[inline(always)]
    pub(crate) fn rule(&self, scheme: &[u8], generic: bool) -> Option<schemes::Rule> {
        let opts = &self.finder.options;
        match schemes::known(scheme) {
            Some(rule) => Some(rule),
            None if generic
                || opts
                    .schemes
                    .iter()
                    .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme)) =>
            {
                Some(schemes::Rule::Generic)
            }
            // Any other scheme of two letters or more counts when `//` and a host (or `/`)
            // follow (`foo://example.com:8042/over/there`, `rmi:///jndi`): prose has no such
            // words.
            None if scheme.len() >= 2 => Some(schemes::Rule::Authority { empty_host: true }),
            None => None,
        }
    }

    /// A bare URL whose scheme is `s..c`; the occurrence starts at `start` (before a `URL:`
    /// prefix when there is one).
    #[inline(always)]
    pub(crate) fn bare(&self, start: usize, s: usize, c: usize, kind: Kind) -> Eval {
        let Some(rule) = self.rule(&self.hay[s..c], kind == Kind::UrlPrefix) else {
            return Eval::Reject;
        };
        let limit = start.saturating_add(self.finder.options.max_len);
        let min_end = match self.check(rule, c + 1, limit) {
            Ok(m) => m,
            Err(e) => return e,
        };
        // RFC 6068: a `mailto:` URL without header fields ends with its last address.
        let cap = match rule {
            schemes::Rule::Mailto => match self.mailto_end(c + 1, limit) {
                Ok(cap) => cap,
                Err(e) => return e,
            },
            _ => NONE,
        };
        // Everything a rule checked up to `min_end` is URL bytes: the end scan starts there.
        match self.bare_end(start, min_end.max(c + 1), min_end) {
            Ok(end) => Eval::Found(Raw {
                start,
                end: end.min(cap),
                url_start: s,
                url_end: end.min(cap),
                kind,
                added: Added::Nothing,
                wrapped: false,
                ambiguous: false,
            }),
            Err(e) => e,
        }
    }
}
