//! [`PathSegmentsMut`]: the [`url`](https://docs.rs/url) crate's editor of a [`Url`]'s path
//! segments.

// `Result<_, ()>` is `url`'s signature for `path_segments_mut`.
#![allow(clippy::result_unit_err)]

use crate::percent::sets::{AsciiSet, PATH};
use crate::percent::utf8_percent_encode;
use crate::Url;
use alloc::string::String;

/// A segment pushed by [`PathSegmentsMut`]: the path set, and `/` (a separator otherwise).
const SEGMENT: AsciiSet = PATH.add(b'/');
/// As [`SEGMENT`] for special URLs, where `\` separates too.
const SPECIAL_SEGMENT: AsciiSet = SEGMENT.add(b'\\');

impl Url {
    /// An editor of the path's segments (`url`'s `path_segments_mut`); the URL is updated
    /// when the editor is dropped.
    ///
    /// # Errors
    ///
    /// `Err(())` for an opaque path.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://h/a/b/")?;
    /// url.path_segments_mut().unwrap().pop_if_empty().push("c/d").extend(["e", ".."]);
    /// assert_eq!(url.as_str(), "https://h/a/b/c%2Fd/e");
    /// assert!(urlkit::Url::parse("data:,x")?.path_segments_mut().is_err());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, ()> {
        if self.has_opaque_path() {
            return Err(());
        }
        let path = String::from(self.pathname());
        Ok(PathSegmentsMut { url: self, path })
    }
}

/// The editor [`Url::path_segments_mut`] returns (`url`'s `PathSegmentsMut`). Pushed
/// segments are percent-encoded with the path set plus `/` (and `\` in special URLs), so
/// each stays one segment; `.` and `..` (also as `%2e`) are skipped.
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    /// The path being edited; it starts with `/` unless empty.
    path: String,
}

impl PathSegmentsMut<'_> {
    /// Removes every segment: the path becomes `/` (an empty path stays empty).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://h/a/b?q")?;
    /// url.path_segments_mut().unwrap().clear().push("c");
    /// assert_eq!(url.as_str(), "https://h/c?q");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        self.path.truncate(1);
        self
    }

    /// Removes the last segment if it is empty (a trailing `/`), unless it is the only one.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://h/a/")?;
    /// url.path_segments_mut().unwrap().pop_if_empty();
    /// assert_eq!(url.as_str(), "https://h/a");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.path.len() > 1 && self.path.ends_with('/') {
            self.path.pop();
        }
        self
    }

    /// Removes the last segment, unless it is the only one.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://h/a/b")?;
    /// url.path_segments_mut().unwrap().pop().pop().pop();
    /// assert_eq!(url.as_str(), "https://h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn pop(&mut self) -> &mut Self {
        if self.path.len() > 1 {
            let last = self.path[1..].rfind('/').map_or(1, |i| i + 1);
            self.path.truncate(last);
        }
        self
    }

    /// Appends one segment, percent-encoded.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://h/")?;
    /// url.path_segments_mut().unwrap().push("a b").push("c\\d");
    /// assert_eq!(url.as_str(), "https://h/a%20b/c%5Cd");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn push(&mut self, segment: &str) -> &mut Self {
        self.extend(Some(segment))
    }

    /// Appends each segment of `segments`, percent-encoded.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("foo://h")?;
    /// url.path_segments_mut().unwrap().extend(["a", "", "b"]);
    /// assert_eq!(url.as_str(), "foo://h/a//b");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let set = if self.url.is_special() {
            &SPECIAL_SEGMENT
        } else {
            &SEGMENT
        };
        for segment in segments {
            let segment = segment.as_ref();
            let segment =
                crate::whatwg::input::remove_tab_newline(segment, 0, &mut crate::error::Reporter::none());
            if is_dot_segment(&segment) {
                continue;
            }
            if self.path.len() != 1 {
                self.path.push('/');
            }
            self.path.extend(utf8_percent_encode(&segment, set));
        }
        self
    }
}

/// `.` or `..`, also with `%2e` for a dot (the path parser would apply them).
fn is_dot_segment(s: &str) -> bool {
    let s = s.as_bytes();
    let dot = |b: &[u8]| b == b"." || b.eq_ignore_ascii_case(b"%2e");
    match s.len() {
        1 | 3 => dot(s),
        2 => s == b"..",
        4 => (s[0] == b'.' && dot(&s[1..])) || (dot(&s[..3]) && s[3] == b'.'),
        6 => dot(&s[..3]) && dot(&s[3..]),
        _ => false,
    }
}

impl Drop for PathSegmentsMut<'_> {
    fn drop(&mut self) {
        // The segments are encoded, so the pathname setter keeps them as they are; only
        // `TooLong` can fail, leaving the URL as it was.
        let _ = self.url.set_pathname(&self.path);
    }
}
