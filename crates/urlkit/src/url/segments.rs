//! [`PathSegmentsMut`]: the [`url`](https://docs.rs/url) crate's editor of a [`Url`]'s path
//! segments.

// `Result<_, ()>` is `url`'s signature for `path_segments_mut`.
#![allow(clippy::result_unit_err)]

use crate::percent::sets::{AsciiSet, PATH};
use crate::percent::utf8_percent_encode;
use crate::Url;
use alloc::string::String;

/// A segment pushed by [`PathSegmentsMut`]: the path set, `/` (a separator otherwise) and
/// `%`: the segment is data, so `a%2Fb` must not decode to `a/b` nor `%2e` read as a dot
/// segment (`url`'s `PATH_SEGMENT` set).
const SEGMENT: AsciiSet = PATH.add_all(b"/%");
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

/// The editor [`Url::path_segments_mut`] returns (`url`'s `PathSegmentsMut`). A pushed
/// segment is text, not a piece of URL: tabs and newlines are removed, then it is
/// percent-encoded with the path set plus `/` and `%` (and `\` in special URLs), so that it
/// stays one segment and decodes to itself (`a%2Fb` is written `a%252Fb`, `%2e` is
/// `%252e`). A segment that is `.` or `..` is skipped, as in `url`.
///
/// ```
/// let mut url = urlkit::Url::parse("https://h/files/")?;
/// url.path_segments_mut().unwrap().pop_if_empty().extend(["a%2Fb", "..", "%2e%2e"]);
/// assert_eq!(url.as_str(), "https://h/files/a%252Fb/%252e%252e");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
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

    /// Appends one segment, percent-encoded (`%` too: the segment is text).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://h/")?;
    /// url.path_segments_mut().unwrap().push("a b").push("c\\d").push("50%");
    /// assert_eq!(url.as_str(), "https://h/a%20b/c%5Cd/50%25");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn push(&mut self, segment: &str) -> &mut Self {
        self.extend(Some(segment))
    }

    /// Appends each segment of `segments`, percent-encoded (`%` too); `.` and `..` are
    /// skipped.
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
            // Checked once tabs and newlines are gone: `url` checks before, so that its
            // `..\t` removes the previous segment, which its documentation rules out.
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

/// `.` or `..`: the path parser would apply them. (`%2e` forms are no dots once `%` is
/// encoded.)
fn is_dot_segment(s: &str) -> bool {
    matches!(s, "." | "..")
}

impl Drop for PathSegmentsMut<'_> {
    fn drop(&mut self) {
        // The segments are encoded, so the pathname setter keeps them as they are; only
        // `TooLong` can fail, leaving the URL as it was.
        let _ = self.url.set_pathname(&self.path);
    }
}
