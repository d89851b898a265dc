//! Where the basic URL parser writes: a `String` (the URL's serialization) for
//! [`parse`](super::parse), or [`Discard`] for [`can_parse`](super::can_parse), which runs the
//! same states and only wants to know whether they fail (as ada's `store_values = false`).
//!
//! The parser is generic over [`Output`], so each use gets its own monomorphized copy: with a
//! `String` every call below is the `String` method itself; with [`Discard`] they are empty
//! and the compiler drops the work that only fed them (percent-encoding, lower-casing, paths,
//! queries and fragments, which cannot fail).

use alloc::string::String;

/// The parser's output buffer.
pub(crate) trait Output {
    /// Whether anything is written: `false` when only validity is wanted.
    const STORE: bool;
    /// The buffer, when there is one.
    fn string(&mut self) -> Option<&mut String>;
    /// What was written so far (`""` when nothing is stored).
    fn text(&self) -> &str;
    /// The host parser could not decide without allocating (only [`Discard`] asks): the
    /// caller falls back on a full parse.
    fn unsure(&mut self) {}

    #[inline(always)]
    fn len(&self) -> usize {
        self.text().len()
    }
    #[inline(always)]
    fn push_str(&mut self, s: &str) {
        if let Some(out) = self.string() {
            out.push_str(s);
        }
    }
    #[inline(always)]
    fn push(&mut self, c: char) {
        if let Some(out) = self.string() {
            out.push(c);
        }
    }
    #[inline(always)]
    fn truncate(&mut self, n: usize) {
        if let Some(out) = self.string() {
            out.truncate(n);
        }
    }
}

impl Output for String {
    const STORE: bool = true;
    #[inline(always)]
    fn string(&mut self) -> Option<&mut String> {
        Some(self)
    }
    #[inline(always)]
    fn text(&self) -> &str {
        self
    }
}

/// An output that stores nothing: [`can_parse`](super::can_parse).
#[derive(Debug, Default)]
pub(crate) struct Discard {
    /// Set by [`Output::unsure`].
    pub(crate) unsure: bool,
}

impl Output for Discard {
    const STORE: bool = false;
    #[inline(always)]
    fn string(&mut self) -> Option<&mut String> {
        None
    }
    #[inline(always)]
    fn text(&self) -> &str {
        ""
    }
    #[inline(always)]
    fn unsure(&mut self) {
        self.unsure = true;
    }
}
