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

/// Byte offsets of the component boundaries in a URL's serialization (all `u32`: inputs are
/// limited to 4 GiB).
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
    pub(crate) scheme_end: u32,
    pub(crate) username_end: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    pub(crate) query_start: Option<u32>,
    pub(crate) fragment_start: Option<u32>,
}

impl Offsets {
    #[allow(dead_code)] // used by the setters
    /// Every offset that is `>= at` moves by `delta` (which keeps it in range: callers
    /// only shift by the size of what they inserted or removed).
    pub(crate) fn shift_from(&mut self, at: u32, delta: i64) {
        let f = |v: u32| if v >= at { (i64::from(v) + delta) as u32 } else { v };
        self.scheme_end = f(self.scheme_end);
        self.username_end = f(self.username_end);
        self.host_start = f(self.host_start);
        self.host_end = f(self.host_end);
        self.path_start = f(self.path_start);
        self.query_start = self.query_start.map(f);
        self.fragment_start = self.fragment_start.map(f);
    }

    #[allow(dead_code)] // used by the setters
    /// Replaces `range` of `s` with `with` and shifts every offset at or after `range.end`
    /// by the change in length. Offsets strictly inside `range` are the caller's to fix.
    /// Returns `false` (changing nothing) when the result would exceed 4 GiB.
    pub(crate) fn splice(&mut self, s: &mut String, range: Range<usize>, with: &str) -> bool {
        let new_len = s.len() - (range.end - range.start) + with.len();
        if u32::try_from(new_len).is_err() {
            return false;
        }
        let delta = with.len() as i64 - (range.end - range.start) as i64;
        let at = range.end as u32;
        s.replace_range(range, with);
        if delta != 0 {
            self.shift_from(at, delta);
        }
        true
    }

    /// Where the path ends: at the query, the fragment, or the end of `len`.
    #[inline]
    pub(crate) fn path_end(&self, len: usize) -> usize {
        self.query_start.or(self.fragment_start).map_or(len, |v| v as usize)
    }

    /// Checks the invariants of the layout against the serialization `s`.
    pub(crate) fn check(
        &self,
        s: &str,
        host: HostInternal,
        port: Option<u16>,
    ) -> Result<(), &'static str> {
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
            Some(p) => {
                if b[he] != b':' || s[he + 1..ps].parse::<u16>() != Ok(p) {
                    return Err("port text disagrees with port");
                }
            }
            None if he != ps => return Err("text between host and path without a port"),
            None => {}
        }
        Ok(())
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
        assert!(o.splice(&mut s, 8..10, "/abc"));
        assert_eq!(s, "http://h/abc?q#f");
        assert_eq!((o.query_start, o.fragment_start), (Some(12), Some(14)));
        assert_eq!(o.check(&s, HostInternal::Domain, None), Ok(()));
        assert_eq!(o.path_end(s.len()), 12);
        assert!(o.check(&s, HostInternal::Domain, Some(80)).is_err());
    }
}
