//! Bare URLs in prose, after the GFM autolink extension (`gfm-autolinks.md`, "Autolinks
//! (extension)"): `www.` links, email addresses, and the end of a bare link ("extended
//! autolink path validation": trailing punctuation, unbalanced closing parentheses,
//! entity-like suffixes).

use super::class::{dns_shaped, is, unicode_boundary_before, unicode_punct_before, LOCAL, TRAIL, WS};
use super::scan::{Cx, Eval, Raw, WwwRun};
use super::{Added, Kind};

impl Cx<'_> {
    /// "An extended www autolink will be recognized when the text `www.` is found followed
    /// by a valid domain", at the beginning of a line, after whitespace, or after one of
    /// `*`, `_`, `~`, `(` (and, here, after an opening quote or bracket too).
    ///
    /// `cache` keeps the last domain run: every `www.` inside one run ends where it ends,
    /// and has the same last two segments unless it starts within them, so a run of `www.`
    /// repeated is scanned once, not once per trigger.
    pub(crate) fn www(&self, w: usize, cache: &mut Option<WwwRun>) -> Eval {
        let hay = self.hay;
        if w > 0 && !self.starts_word(w) {
            return Eval::Reject;
        }
        let limit = w.saturating_add(self.finder.options.max_len);
        let run = match *cache {
            Some(run) if run.start < w && w < run.run_end && w + 4 <= run.last_two => run,
            _ => {
                let d = match self.domain(w, limit, true) {
                    Ok(d) => d,
                    Err(e) => return e,
                };
                let bad = hay[w..d.end]
                    .windows(2)
                    .rposition(|p| matches!(p, [b'.', b'.' | b'-'] | [b'-', b'.']))
                    .map_or(usize::MAX, |j| w + j);
                let run = WwwRun {
                    start: w,
                    run_end: d.run_end,
                    end: d.end,
                    last_two: d.last_two,
                    valid: !d.underscore_in_last_two,
                    bad,
                };
                *cache = Some(run);
                run
            }
        };
        let (run_end, end) = (run.run_end, run.end);
        // A DNS name (`www.-x.example` is none): no bad label from here on.
        if !run.valid || end < w + 5 || (run.bad != usize::MAX && run.bad >= w) || hay[end - 1] == b'-' {
            return Eval::Reject;
        }
        match self.bare_end(w, run_end, end) {
            Ok(e) => Eval::Found(Raw {
                start: w,
                end: e,
                url_start: w,
                url_end: e,
                kind: Kind::Www,
                added: Added::Http,
                wrapped: false,
                ambiguous: false,
            }),
            Err(e) => e,
        }
    }

    /// Whether a bare `www.` link or domain may start at `i`: at the start of the text,
    /// after whitespace, after one of GFM's `*`, `_`, `~`, `(` (and an opening quote or
    /// bracket), or after a Unicode space or punctuation mark ([`unicode_boundary_before`]).
    pub(super) fn starts_word(&self, i: usize) -> bool {
        let Some(&b) = i.checked_sub(1).and_then(|j| self.hay.get(j)) else {
            return true;
        };
        is(b, WS)
            || matches!(b, b'*' | b'_' | b'~' | b'(' | b'<' | b'"' | b'\'' | b'[' | b'{')
            || (b >= 0x80 && unicode_boundary_before(self.hay, i))
    }

    /// An `@`: an email address in `<…>` or, bare, a GFM extended email autolink.
    pub(crate) fn at_sign(&self, a: usize) -> Eval {
        let opts = &self.finder.options;
        if opts.has(Kind::Angle) {
            match self.angle_email(a) {
                Eval::Reject => {}
                other => return other,
            }
        }
        if opts.has(Kind::Email) {
            return self.email(a);
        }
        Eval::Reject
    }

    /// GFM: "One ore more characters which are alphanumeric, or `.`, `-`, `_`, or `+`. An
    /// `@` symbol. One or more characters which are alphanumeric, or `-` or `_`, separated
    /// by periods. There must be at least one period. The last character must not be one of
    /// `-` or `_`." A final `.` belongs to the sentence. The local part is at most 64 bytes
    /// (RFC 5321 §4.5.3.1.1) and the domain at most 255 (§4.5.3.1.2).
    fn email(&self, a: usize) -> Eval {
        let hay = self.hay;
        let mut l = a;
        while l > self.floor && a - l <= 64 && is(hay[l - 1], LOCAL) {
            l -= 1;
        }
        if l == a || a - l > 64 {
            return Eval::Reject;
        }
        // The tail of a wider address or token (`"gorby%kremvax@example.com"`,
        // `Mike&family@…`, `abc@def@test.org`, a non-ASCII local part as in `münchen@…`) is
        // not an address of its own.
        if l > 0 {
            let b = hay[l - 1];
            if b"%?&!#$*^`{|}~\\@".contains(&b) || (b >= 0x80 && !unicode_boundary_before(hay, l)) {
                return Eval::Reject;
            }
        }
        // A dot-atom (RFC 5322 §3.2.3): no dot at either end, none doubled.
        let local = &hay[l..a];
        if local[0] == b'.' || local[local.len() - 1] == b'.' || local.windows(2).any(|w| w == b"..") {
            return Eval::Reject;
        }
        let k = match self.run(a + 1, a + 257, |b| {
            b.is_ascii_alphanumeric() || b"._-".contains(&b)
        }) {
            Ok(k) => k,
            Err(e) => return e,
        };
        let mut e = k;
        while e > a + 1 && hay[e - 1] == b'.' {
            e -= 1;
        }
        let domain = &hay[a + 1..e];
        // DNS labels, the last one a top-level domain's: it starts with a letter (TLDs are
        // alphabetic, or `xn--`), so that a package spec (`react@16.7.0-alpha.2`,
        // `lodash@4.17.21`) is no mailbox. An `@` right after makes the whole token no
        // address (`a@b.example@c.example`).
        let tld = domain.rsplit(|&b| b == b'.').next().unwrap_or_default();
        let valid = e - a - 1 <= 255
            && domain.contains(&b'.')
            && dns_shaped(domain)
            && domain.last().is_some_and(|b| b.is_ascii_alphanumeric())
            && tld.first().is_some_and(|b| b.is_ascii_alphabetic())
            && hay.get(k) != Some(&b'@');
        if !valid {
            return Eval::Reject;
        }
        Eval::Found(Raw {
            start: l,
            end: e,
            url_start: l,
            url_end: e,
            kind: Kind::Email,
            added: Added::Mailto,
            wrapped: false,
            ambiguous: false,
        })
    }

    /// GFM extended autolink path validation, applied to `start..end`: trailing `?`, `!`,
    /// `.`, `,`, `:`, `*`, `_`, `~` (and quotes) are dropped; a trailing `)` is dropped while
    /// the link has more `)` than `(` (likewise `]`, `}`, and any `>`); a trailing
    /// `&name;` entity-like suffix is dropped, a lone trailing `;` too.
    #[inline]
    pub(crate) fn trim(&self, start: usize, mut end: usize) -> usize {
        let hay = self.hay;
        // Whether the link holds a `(` and a `[` (the closers of nearly every trimmed link),
        // read once for both.
        let mut held: Option<(bool, bool)> = None;
        // Markdown around a link (`[text](url)`, `[![alt](img)](url)`): trailing `)` and `]`
        // with no opener of their kind in the link go at once, as the loop of `trim_rest`
        // would drop them one by one.
        if end > start && matches!(hay[end - 1], b')' | b']') {
            let (paren, bracket) = *held.insert(crate::simd::holds_two(hay, start, end, b'(', b'['));
            while end > start {
                match hay[end - 1] {
                    b')' if !paren => end -= 1,
                    b']' if !bracket => end -= 1,
                    _ => break,
                }
            }
        }
        // Most links end here, at an ASCII byte that no rule drops.
        match hay[start..end].last() {
            Some(&b) if b < 0x80 && !is(b, TRAIL) && !matches!(b, b';' | b')' | b']' | b'}' | b'>') => end,
            _ => self.trim_rest(start, end, held),
        }
    }

    /// [`Cx::trim`] byte by byte from `end`, for every rule; `held` tells whether the link
    /// holds a `(` and a `[`, when already read. Out of line: few links come here.
    #[inline(never)]
    fn trim_rest(&self, start: usize, mut end: usize, mut held: Option<(bool, bool)>) -> usize {
        let hay = self.hay;
        // Opening and closing counts per bracket pair, counted once when first needed and
        // kept up to date as closers are dropped (a `)))…` tail stays linear).
        let mut counts: [Option<(usize, usize)>; 4] = [None; 4];
        while end > start {
            let b = hay[end - 1];
            if is(b, TRAIL) {
                end -= 1;
                continue;
            }
            let pair = match b {
                b';' => {
                    let mut j = end - 1;
                    while j > start && hay[j - 1].is_ascii_alphanumeric() {
                        j -= 1;
                    }
                    end = if j < end - 1 && j > start && hay[j - 1] == b'&' {
                        j - 1
                    } else {
                        end - 1
                    };
                    continue;
                }
                b')' => 0,
                b']' => 1,
                b'}' => 2,
                b'>' => 3,
                // The punctuation characters end with a continuation byte.
                0..0x80 => break,
                _ => {
                    let n = unicode_punct_before(hay, end);
                    if n == 0 || end - n < start {
                        break;
                    }
                    end -= n;
                    continue;
                }
            };
            let open = [b'(', b'[', b'{', b'<'][pair];
            let (opens, closes) = counts[pair].get_or_insert_with(|| {
                let link = &hay[start..end];
                let holds = match pair {
                    0 | 1 => {
                        let (paren, bracket) =
                            *held.get_or_insert_with(|| crate::simd::holds_two(hay, start, end, b'(', b'['));
                        if pair == 0 {
                            paren
                        } else {
                            bracket
                        }
                    }
                    _ => super::class::has_byte(link, open),
                };
                // Markdown's `[text](https://…)`: no opener inside, every trailing closer goes.
                if !holds {
                    return (0, usize::MAX);
                }
                let mut counts = (0, 0);
                for &x in link {
                    counts.0 += usize::from(x == open);
                    counts.1 += usize::from(x == b);
                }
                counts
            });
            if *closes <= *opens {
                break;
            }
            *closes -= 1;
            end -= 1;
        }
        end
    }
}
