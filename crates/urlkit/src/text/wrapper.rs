//! Delimited URLs: the `URL:` prefix and the `<URL:…>` wrapper of RFC 1738's appendix
//! ("Recommendations for URLs in Context") and the W3C notes' PrePrefix, the `<…>` and
//! `"…"` wrappers of RFC 3986 Appendix C, and GFM's `<…>` autolinks (absolute URIs and
//! email addresses).
//!
//! Inside a wrapper, whitespace added to break a long URL across lines is ignored (RFC 1738
//! appendix, RFC 3986 Appendix C), and a line break right after a hyphen keeps the hyphen
//! but marks the occurrence ambiguous. Which whitespace counts as such a break:
//!
//! - in `<URL:…>`, any whitespace but a blank line: the prefix says the whole is one URL
//!   (RFC 1738's own rendering here has its line breaks turned into spaces);
//! - in `<…>`, the same by default (RFC 3986 Appendix C: "extra whitespace (spaces,
//!   line-breaks, tabs, etc.)"; the RFCs here have such spaces where their text was
//!   reflowed), or, with `angle_whitespace(false)`, only a run with exactly one line break:
//!   GFM's `<http://foo.bar/baz bim>` is then not a URL, RFC 3986's
//!   `<ftp://foo.example.`⏎`com/rfc/>` still is;
//! - in `"…"`, none (RFC 3986 recommends `<>` for a URL with embedded whitespace).

use super::class::{is, unicode_space_at, END, LOCAL5, SCHEME, WS};
use super::scan::{Cx, Eval, Raw};
use super::{Added, Kind};

impl Cx<'_> {
    /// `URL:` at `s..=c` (a scheme named `URL`, any case): the PrePrefix, bare or in `<…>`.
    pub(crate) fn url_prefix(&self, s: usize, c: usize) -> Eval {
        let opts = &self.finder.options;
        let in_angle = s > self.floor && self.hay[s - 1] == b'<';
        let wrapper = in_angle && opts.has(Kind::UrlWrapper);
        if !wrapper && !opts.has(Kind::UrlPrefix) {
            return Eval::Reject;
        }
        // "with or without a trailing space" (RFC 3986 Appendix C); inside `<…>` a line
        // break may fall there too.
        let u = match self.run(c + 1, c + 1 + if in_angle { 16 } else { 1 }, |b| {
            b == b' ' || (in_angle && is(b, WS))
        }) {
            Ok(u) => u,
            Err(e) => return e,
        };
        let ic = match self.run(u, u + 33, |b| is(b, SCHEME)) {
            Ok(k) => k,
            Err(e) => return e,
        };
        match (self.byte(u), self.byte(ic)) {
            (Ok(Some(b)), Ok(Some(b':'))) if b.is_ascii_alphabetic() && (2..=32).contains(&(ic - u)) => {}
            (Err(e), _) | (_, Err(e)) => return e,
            _ => return Eval::Reject,
        }
        if wrapper {
            match self.wrapper(s - 1, u, true, Kind::UrlWrapper) {
                Eval::Reject => {}
                other => return other,
            }
        }
        if opts.has(Kind::UrlPrefix) {
            return self.bare(s, u, ic, Kind::UrlPrefix);
        }
        Eval::Reject
    }

    /// `<` at `open`, the URL from `body` (a scheme and its colon are there) up to `>`.
    pub(crate) fn wrapper(&self, open: usize, body: usize, any_ws: bool, kind: Kind) -> Eval {
        let hay = self.hay;
        let limit = open.saturating_add(self.finder.options.max_len);
        let mut i = body;
        let mut wrapped = false;
        let mut ambiguous = false;
        loop {
            let k = match self.run(i, limit, |b| !is(b, END) && b != b'>' && !may_start_space(b)) {
                Ok(k) => k,
                Err(e) => return e,
            };
            // A Unicode space or invisible separator breaks the URL as a control byte does.
            if k < limit && self.hay.get(k).is_some_and(|&b| may_start_space(b)) {
                if unicode_space_at(hay, k) > 0 {
                    return Eval::Reject;
                }
                i = k + 1;
                continue;
            }
            let b = match self.byte(k) {
                Ok(Some(b)) if k < limit => b,
                Ok(_) => return Eval::Reject,
                Err(e) => return e,
            };
            if b == b'>' {
                return Eval::Found(Raw {
                    start: open,
                    end: k + 1,
                    url_start: body,
                    url_end: k,
                    kind,
                    added: Added::Nothing,
                    wrapped,
                    ambiguous,
                });
            }
            if !is(b, WS) {
                // `<` or a control byte.
                return Eval::Reject;
            }
            let j = match self.run(k, limit, |b| is(b, WS)) {
                Ok(j) => j,
                Err(e) => return e,
            };
            let breaks = hay[k..j].iter().filter(|&&b| b == b'\n').count();
            if breaks > 1 || (!any_ws && breaks != 1) {
                return Eval::Reject;
            }
            // RFC 1738 appendix: "the interpreter of a URL containing a line break
            // immediately after a hyphen should ignore all unencoded whitespace around the
            // line break, and should be aware that the hyphen may or may not actually be
            // part of the URL."
            if hay[k - 1] == b'-' {
                ambiguous = true;
            }
            wrapped = true;
            i = j;
        }
    }

    /// `"` at `open`, a scheme at `s..c`: a quoted URL (RFC 3986 Appendix C), checked by
    /// the scheme's rule and ended by the closing quote.
    pub(crate) fn quoted(&self, open: usize, s: usize, c: usize) -> Eval {
        let Some(rule) = self.rule(&self.hay[s..c], false) else {
            return Eval::Reject;
        };
        let limit = open.saturating_add(self.finder.options.max_len);
        let mut from = c + 1;
        let q = loop {
            let q = match self.run(from, limit, |b| {
                !is(b, END) && b != b'"' && b != b'>' && !may_start_space(b)
            }) {
                Ok(q) => q,
                Err(e) => return e,
            };
            match self.hay.get(q) {
                Some(&b) if q < limit && may_start_space(b) => {
                    if unicode_space_at(self.hay, q) > 0 {
                        return Eval::Reject;
                    }
                    from = q + 1;
                }
                _ => break q,
            }
        };
        match self.byte(q) {
            Ok(Some(b'"')) if q < limit => {}
            Ok(_) => return Eval::Reject,
            Err(e) => return e,
        }
        match self.check(rule, c + 1, limit) {
            Ok(min_end) if min_end <= q => Eval::Found(Raw {
                start: open,
                end: q + 1,
                url_start: s,
                url_end: q,
                kind: Kind::Quoted,
                added: Added::Nothing,
                wrapped: false,
                ambiguous: false,
            }),
            Ok(_) => Eval::Reject,
            Err(e) => e,
        }
    }

    /// `<` local `@` domain `>`: a GFM email autolink, the address matching the HTML
    /// standard's `valid e-mail address` (local part `[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+`,
    /// labels `[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?` separated by dots).
    pub(crate) fn angle_email(&self, a: usize) -> Eval {
        let hay = self.hay;
        let mut l = a;
        while l > self.floor && a - l <= 64 && is(hay[l - 1], LOCAL5) {
            l -= 1;
        }
        if l == a || l == self.floor || hay[l - 1] != b'<' {
            return Eval::Reject;
        }
        let mut i = a + 1;
        loop {
            let k = match self.run(i, i + 64, |b| b.is_ascii_alphanumeric() || b == b'-') {
                Ok(k) => k,
                Err(e) => return e,
            };
            if k == i || k - i > 63 || hay[i] == b'-' || hay[k - 1] == b'-' || k > a + 256 {
                return Eval::Reject;
            }
            match self.byte(k) {
                Ok(Some(b'.')) => i = k + 1,
                Ok(Some(b'>')) => {
                    return Eval::Found(Raw {
                        start: l - 1,
                        end: k + 1,
                        url_start: l,
                        url_end: k,
                        kind: Kind::Angle,
                        added: Added::Mailto,
                        wrapped: false,
                        ambiguous: false,
                    })
                }
                Ok(_) => return Eval::Reject,
                Err(e) => return e,
            }
        }
    }
}

/// Whether `b` is the first byte of a character that [`unicode_space_at`] may match.
#[inline(always)]
fn may_start_space(b: u8) -> bool {
    matches!(b, 0xC2 | 0xD8 | 0xE1 | 0xE2 | 0xE3 | 0xEF)
}
