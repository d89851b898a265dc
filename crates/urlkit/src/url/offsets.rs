//! Where each component of a [`Url`](crate::Url) sits in its serialization, and the one
//! operation that edits the serialization and the offsets together.
//!
//! Layout (see the diagram on [`Url`](crate::Url)):
//!
//! ```text
//! scheme ":" [ "//" [ username [ ":" password ] "@" ] host [ ":" port ] ] [ "/." ] path [ "?" query ] [ "#" fragment ]
//!        ^scheme_end    ^username_end          ^host_start ^host_end      ^path_start ^query_start ^fragment_start
//! ```

use crate::host::HostInternal;
use alloc::string::String;
use core::ops::Range;

/// The offsets in layout order, to say which ones an edit moves ([`Offsets::splice`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Mark {
    SchemeEnd,
    UsernameEnd,
    HostStart,
    HostEnd,
    PathStart,
    QueryStart,
    FragmentStart,
    /// Nothing after the edit: no offset moves.
    End,
}

/// Byte offsets of the component boundaries in a URL's serialization (all `u32`: inputs are
/// limited to 4 GiB). The fields are private: a URL under construction keeps its boundaries
/// as [`Marks`], narrowed here by [`Offsets::narrow`] (the one narrowing point), and every
/// later edit goes through [`splice`](Self::splice) and [`place`](Self::place).
///
/// - `scheme_end`: the `:` after the scheme.
/// - `username_end`: end of the username (equals `host_start` without credentials; the byte
///   there is `:` when a password follows).
/// - `host_start`, `host_end`: the host's serialization (empty for an empty or null host).
/// - `path_start`: start of the path; `host_end..path_start` is `:port`, or `/.` for a URL
///   without host whose path starts with an empty segment.
/// - `query_start`, `fragment_start`: the `?` and the `#`, when present.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Offsets {
    scheme_end: u32,
    username_end: u32,
    host_start: u32,
    host_end: u32,
    path_start: u32,
    query_start: Option<u32>,
    fragment_start: Option<u32>,
}

/// The component boundaries of a URL being built (by the parser or the fast path), as
/// `usize` positions in its output: the same layout as [`Offsets`], before narrowing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Marks {
    pub(crate) scheme_end: usize,
    pub(crate) username_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) path_start: usize,
    pub(crate) query_start: Option<usize>,
    pub(crate) fragment_start: Option<usize>,
}

/// `s.replace_range(range, parts[0] + parts[1])` with plain byte moves: `drain` moves the
/// tail once, `insert_str` once per part (`String::replace_range` goes through the generic
/// `Vec::splice`, several times slower on URL-sized strings).
fn replace_range(s: &mut String, range: Range<usize>, parts: [&str; 2]) {
    let start = range.start;
    if range.start < range.end {
        s.drain(range);
    }
    for part in parts.iter().rev() {
        if !part.is_empty() {
            s.insert_str(start, part);
        }
    }
}

// The crate-visible reading of a parsed URL's layout, for code that reads its components by
// position (the linter), instead of through the fields. It promises:
//
// - the offsets are those of `Url::as_str`, and hold as well for an input the parser writes
//   unchanged, or with only a root path's final `/` added (every component but that `/` is
//   then at the same offsets);
// - they are read-only here: every edit goes through `Offsets::splice` and `Offsets::place`.
#[cfg_attr(not(feature = "lint"), allow(dead_code))]
impl crate::Url {
    /// Where each component sits in the serialization ([`Offsets`]' getters).
    #[inline]
    pub(crate) fn boundaries(&self) -> &Offsets {
        &self.offsets
    }

    /// The host's bytes in the serialization when it is a domain, else `None` (one
    /// comparison, where [`Url::host`](crate::Url::host) tells every kind of host).
    #[inline]
    pub(crate) fn domain_range(&self) -> Option<Range<usize>> {
        matches!(self.host, HostInternal::Domain).then(|| self.offsets.host_start()..self.offsets.host_end())
    }
}

// The one crate-visible write of a URL's layout outside the setters, for the normalization
// steps (`canon/edit.rs`), which edit the serialization in place once, after the last step,
// instead of one splice per step. It promises no more than the setters do: the caller keeps
// the host's kind and the port, never lengthens the serialization, and writes every
// component as the parser would (debug builds check the layout).
#[cfg_attr(not(feature = "canon"), allow(dead_code))]
impl crate::Url {
    /// Edits the serialization in place with `edit`, which returns the new boundaries.
    pub(crate) fn relayout(&mut self, edit: impl FnOnce(&mut String) -> Marks) {
        let before = self.serialization.len();
        let marks = edit(&mut self.serialization);
        debug_assert!(self.serialization.len() <= before, "{:?}", self.serialization);
        // No longer than a serialization that fitted: it fits.
        if let Some(offsets) = Offsets::narrow(&marks, self.serialization.len()) {
            self.offsets = offsets;
        }
        debug_assert_eq!(self.check_invariants(), Ok(()), "{:?}", self.serialization);
    }
}

impl Offsets {
    /// The offsets of `m`, narrowed to `u32`; `None` when `len` (at least the length of the
    /// serialization, which every mark lies within) does not fit. The one place where
    /// boundaries become `Offsets`.
    pub(crate) fn narrow(m: &Marks, len: usize) -> Option<Offsets> {
        u32::try_from(len).ok()?;
        // Every mark lies within the output (checked below in debug builds), so each fits
        // when `len` does: one check for all.
        let n = |v: usize| v as u32;
        let offsets = Offsets {
            scheme_end: n(m.scheme_end),
            username_end: n(m.username_end),
            host_start: n(m.host_start),
            host_end: n(m.host_end),
            path_start: n(m.path_start),
            query_start: m.query_start.map(n),
            fragment_start: m.fragment_start.map(n),
        };
        debug_assert_eq!(offsets.ordered(len), Ok(()));
        Some(offsets)
    }

    /// The boundaries as [`Marks`], for a parser that continues from this URL (a base).
    #[inline]
    pub(crate) fn widen(&self) -> Marks {
        Marks {
            scheme_end: self.scheme_end as usize,
            username_end: self.username_end as usize,
            host_start: self.host_start as usize,
            host_end: self.host_end as usize,
            path_start: self.path_start as usize,
            query_start: self.query_start.map(|v| v as usize),
            fragment_start: self.fragment_start.map(|v| v as usize),
        }
    }

    /// The `:` after the scheme.
    #[inline]
    pub(crate) fn scheme_end(&self) -> usize {
        self.scheme_end as usize
    }

    /// The end of the username.
    #[inline]
    pub(crate) fn username_end(&self) -> usize {
        self.username_end as usize
    }

    /// The start of the host.
    #[inline]
    pub(crate) fn host_start(&self) -> usize {
        self.host_start as usize
    }

    /// The end of the host.
    #[inline]
    pub(crate) fn host_end(&self) -> usize {
        self.host_end as usize
    }

    /// The start of the path.
    #[inline]
    pub(crate) fn path_start(&self) -> usize {
        self.path_start as usize
    }

    /// The `?` of the query, when there is one.
    #[inline]
    pub(crate) fn query_start(&self) -> Option<usize> {
        self.query_start.map(|v| v as usize)
    }

    /// The `#` of the fragment, when there is one.
    #[inline]
    pub(crate) fn fragment_start(&self) -> Option<usize> {
        self.fragment_start.map(|v| v as usize)
    }

    /// Sets the offset of `mark` to `at` (`None`: the query or fragment is gone): a boundary
    /// inside the text a [`splice`](Self::splice) just wrote, which the splice cannot know.
    /// `at` lies within the serialization, so it fits in `u32`.
    pub(crate) fn place(&mut self, mark: Mark, at: Option<usize>) {
        let at32 = at.map(|v| v as u32);
        let v = at32.unwrap_or_default();
        match mark {
            Mark::SchemeEnd => self.scheme_end = v,
            Mark::UsernameEnd => self.username_end = v,
            Mark::HostStart => self.host_start = v,
            Mark::HostEnd => self.host_end = v,
            Mark::PathStart => self.path_start = v,
            Mark::QueryStart => self.query_start = at32,
            Mark::FragmentStart => self.fragment_start = at32,
            Mark::End => {}
        }
    }

    /// Whether the offsets are in layout order within a serialization of `len` bytes (what
    /// [`check`](Self::check) verifies first, without the text).
    fn ordered(&self, len: usize) -> Result<(), &'static str> {
        let f = self.fragment_start.map_or(len, |v| v as usize);
        let q = self.query_start.map_or(f, |v| v as usize);
        let in_order = [
            self.scheme_end as usize,
            self.username_end as usize,
            self.host_start as usize,
            self.host_end as usize,
            self.path_start as usize,
            q,
            f,
            len,
        ]
        .windows(2)
        .all(|w| w[0] <= w[1]);
        if in_order {
            Ok(())
        } else {
            Err("offsets out of order")
        }
    }

    /// Replaces `range` of `s` with `with`, and moves by the change in length every offset
    /// from `first_moved` on (in layout order): those of the components after the edited one.
    /// Offsets of components before it stay; the caller sets any strictly inside `range`.
    /// Returns `false` (changing nothing) when the result would exceed 4 GiB.
    ///
    /// Choosing by component rather than by value keeps empty components unambiguous: an
    /// empty host at the edit point stays put while the path after it moves.
    #[inline]
    pub(crate) fn splice(
        &mut self,
        s: &mut String,
        range: Range<usize>,
        with: &str,
        first_moved: Mark,
    ) -> bool {
        self.splice_parts(s, range, [with, ""], first_moved)
    }

    /// [`splice`](Self::splice) with the concatenation of `parts` (no temporary string).
    #[inline]
    pub(crate) fn splice_parts(
        &mut self,
        s: &mut String,
        range: Range<usize>,
        parts: [&str; 2],
        first_moved: Mark,
    ) -> bool {
        let with_len = parts[0].len() + parts[1].len();
        let new_len = s.len() - (range.end - range.start) + with_len;
        if u32::try_from(new_len).is_err() {
            return false;
        }
        replace_range(s, range.clone(), parts);
        self.shift(with_len as i64 - (range.end - range.start) as i64, first_moved);
        true
    }

    /// [`splice`](Self::splice) with the text at the end of `s` from `from` on, which moves
    /// into `range` (the caller appended it there, e.g. a host parsed straight into the
    /// serialization, so that no temporary string is needed).
    pub(crate) fn splice_from_end(
        &mut self,
        s: &mut String,
        range: Range<usize>,
        from: usize,
        first_moved: Mark,
    ) -> bool {
        let ok = range.start <= range.end
            && range.end <= from
            && s.is_char_boundary(range.start)
            && s.is_char_boundary(range.end)
            && s.is_char_boundary(from);
        if !ok {
            let with = String::from(s.get(from..).unwrap_or_default());
            s.truncate(from.min(s.len()));
            return self.splice(s, range, &with, first_moved);
        }
        let n = s.len() - from;
        let removed = range.end - range.start;
        if u32::try_from(from - removed).is_err() {
            s.truncate(from);
            return false;
        }
        // Short text (a host) goes through a stack buffer: no temporary string.
        let mut buf = [0u8; 64];
        let Some(slot) = buf.get_mut(..n) else {
            let with = String::from(&s[from..]);
            s.truncate(from);
            return self.splice(s, range, &with, first_moved);
        };
        slot.copy_from_slice(&s.as_bytes()[from..]);
        s.truncate(from);
        // `from` is a char boundary, so the moved text is whole characters.
        let with = core::str::from_utf8(slot).unwrap_or_default();
        replace_range(s, range, [with, ""]);
        self.shift(n as i64 - removed as i64, first_moved);
        true
    }

    /// Moves by `delta` every offset from `first_moved` on.
    #[inline]
    fn shift(&mut self, delta: i64, first_moved: Mark) {
        // In range: every offset lies within the old string and moves with its text.
        let mv = |v: u32| (i64::from(v) + delta) as u32;
        let m = first_moved as u8;
        let moves = |mark: Mark| mark as u8 >= m;
        if moves(Mark::SchemeEnd) {
            self.scheme_end = mv(self.scheme_end);
        }
        if moves(Mark::UsernameEnd) {
            self.username_end = mv(self.username_end);
        }
        if moves(Mark::HostStart) {
            self.host_start = mv(self.host_start);
        }
        if moves(Mark::HostEnd) {
            self.host_end = mv(self.host_end);
        }
        if moves(Mark::PathStart) {
            self.path_start = mv(self.path_start);
        }
        if moves(Mark::QueryStart) {
            self.query_start = self.query_start.map(mv);
        }
        if moves(Mark::FragmentStart) {
            self.fragment_start = self.fragment_start.map(mv);
        }
    }

    /// Where the path ends: at the query, the fragment, or the end of `len`.
    #[inline]
    pub(crate) fn path_end(&self, len: usize) -> usize {
        self.query_start
            .or(self.fragment_start)
            .map_or(len, |v| v as usize)
    }

    /// Checks the invariants of the layout against the serialization `s`.
    pub(crate) fn check(&self, s: &str, host: HostInternal, port: Option<u16>) -> Result<(), &'static str> {
        let b = s.as_bytes();
        let len = b.len();
        let se = self.scheme_end as usize;
        let ue = self.username_end as usize;
        let hs = self.host_start as usize;
        let he = self.host_end as usize;
        let ps = self.path_start as usize;
        if se == 0 || b.get(se) != Some(&b':') {
            return Err("scheme_end is not at a colon");
        }
        if !(se < ue && ue <= hs && hs <= he && he <= ps && ps <= len) {
            return Err("offsets out of order");
        }
        let f = self.fragment_start.map_or(len, |v| v as usize);
        let q = self.query_start.map_or(f, |v| v as usize);
        if !(ps <= q && q <= f && f <= len) {
            return Err("query or fragment offsets out of order");
        }
        if self.query_start.is_some() && b.get(q) != Some(&b'?') {
            return Err("query_start is not at '?'");
        }
        if self.fragment_start.is_some() && b.get(f) != Some(&b'#') {
            return Err("fragment_start is not at '#'");
        }
        if host == HostInternal::None {
            if ue != se + 1 || hs != se + 1 || he != se + 1 || port.is_some() {
                return Err("a URL without host has an authority");
            }
            if ps != he && !(ps == he + 2 && &b[he..ps] == b"/.") {
                return Err("only /. may sit between host and path without a host");
            }
            return Ok(());
        }
        if b.get(se + 1..se + 3) != Some(b"//".as_slice()) || ue < se + 3 {
            return Err("a URL with a host lacks //");
        }
        if ue < hs {
            if b[hs - 1] != b'@' || (ue != hs - 1 && b[ue] != b':') {
                return Err("credentials are not delimited by ':' and '@'");
            }
        } else if ue != se + 3 {
            return Err("username without '@'");
        }
        if (host == HostInternal::Empty) != (hs == he) {
            return Err("host kind and host text disagree on emptiness");
        }
        match port {
            Some(p) if b[he] != b':' || s[he + 1..ps].parse::<u16>() != Ok(p) => {
                Err("port text disagrees with port")
            }
            None if he != ps => Err("text between host and path without a port"),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_shifts_following_offsets() {
        let mut s = String::from("http://h/a?q#f");
        let mut o = Offsets {
            scheme_end: 4,
            username_end: 7,
            host_start: 7,
            host_end: 8,
            path_start: 8,
            query_start: Some(10),
            fragment_start: Some(12),
        };
        assert_eq!(o.check(&s, HostInternal::Domain, None), Ok(()));
        assert!(o.splice(&mut s, 8..10, "/abc", Mark::QueryStart));
        assert_eq!(s, "http://h/abc?q#f");
        assert_eq!((o.query_start, o.fragment_start), (Some(12), Some(14)));
        assert_eq!(o.check(&s, HostInternal::Domain, None), Ok(()));
        assert_eq!(o.path_end(s.len()), 12);
        assert!(o.check(&s, HostInternal::Domain, Some(80)).is_err());
        // An empty host at the edit point stays; the path behind it moves.
        let mut s = String::from("sc:///p");
        let mut o = Offsets {
            scheme_end: 2,
            username_end: 5,
            host_start: 5,
            host_end: 5,
            path_start: 5,
            query_start: None,
            fragment_start: None,
        };
        assert_eq!(o.check(&s, HostInternal::Empty, None), Ok(()));
        assert!(o.splice(&mut s, 5..5, "h", Mark::HostEnd));
        assert_eq!((o.host_start, o.host_end, o.path_start), (5, 6, 6));
        assert_eq!(o.check(&s, HostInternal::Opaque, None), Ok(()));
    }
}
