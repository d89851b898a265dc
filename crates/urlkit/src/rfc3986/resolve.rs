//! Reference resolution (RFC 3986 §5.2, strict) and recomposition (§5.3).

use alloc::string::String;

use super::error::ParseError;
use super::uri::{Uri, UriRef};

/// The five components of a reference before recomposition (§5.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Parts<'a> {
    pub(crate) scheme: Option<&'a str>,
    pub(crate) authority: Option<&'a str>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    pub(crate) fn of(r: &UriRef<'a>) -> Self {
        Parts { scheme: r.scheme(), authority: r.authority(), path: r.path(), query: r.query(), fragment: r.fragment() }
    }

    /// Component recomposition (§5.3). Two guards keep the result parsing back to the same
    /// components (RFC 3986 errata 4005-like cases): a path starting with `//` without an
    /// authority gets `/.` in front, and a first segment holding `:` without a scheme gets `./`.
    pub(crate) fn recompose(&self, out: &mut String) {
        if let Some(s) = self.scheme {
            out.push_str(s);
            out.push(':');
        }
        if let Some(a) = self.authority {
            out.push_str("//");
            out.push_str(a);
        } else if self.path.starts_with("//") {
            out.push_str("/.");
        } else if self.scheme.is_none() && first_segment_has_colon(self.path) {
            out.push_str("./");
        }
        out.push_str(self.path);
        if let Some(q) = self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = self.fragment {
            out.push('#');
            out.push_str(f);
        }
    }
}

/// Whether a rootless path's first segment holds `:` (it would read as a scheme, §4.2).
pub(crate) fn first_segment_has_colon(path: &str) -> bool {
    let first = path.split('/').next().unwrap_or("");
    first.contains(':')
}

/// `remove_dot_segments` (RFC 3986 §5.2.4), appending the result to `out`.
///
/// Iterative and linear: "remove the last segment" truncates `out` at its last `/`, and every
/// byte is appended and truncated at most once.
pub(crate) fn remove_dot_segments_into(input: &str, out: &mut String) {
    let floor = out.len();
    let s = input.as_bytes();
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        if rest.starts_with(b"../") {
            i += 3; // 2.A
        } else if rest.starts_with(b"./") {
            i += 2; // 2.A
        } else if rest.starts_with(b"/./") {
            i += 2; // 2.B: "/./" -> "/"
        } else if rest == b"/." {
            out.push('/'); // 2.B: "/." -> "/", then 2.E moves it
            break;
        } else if rest.starts_with(b"/../") || rest == b"/.." {
            pop_segment(out, floor); // 2.C
            if rest.len() == 3 {
                out.push('/');
                break;
            }
            i += 3;
        } else if rest == b"." || rest == b".." {
            break; // 2.D
        } else {
            // 2.E: move the first segment, with its leading "/" if any, to the output.
            let from = usize::from(rest[0] == b'/');
            let end = rest[from..].iter().position(|&b| b == b'/').map_or(rest.len(), |p| p + from);
            out.push_str(&input[i..i + end]);
            i += end;
        }
    }
}

/// Removes the last segment and its preceding `/` (if any) from `out[floor..]` (§5.2.4 2.C).
fn pop_segment(out: &mut String, floor: usize) {
    let cut = out[floor..].rfind('/').map_or(floor, |p| floor + p);
    out.truncate(cut);
}

/// `remove_dot_segments` of RFC 3986 §5.2.4: interprets `.` and `..` segments in a path.
///
/// ```
/// use urlkit::rfc3986::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/.."), "/");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(path, &mut out);
    out
}

/// `merge` (§5.2.3) followed by `remove_dot_segments`, appended to `out`.
fn merge_into(base: &Parts<'_>, ref_path: &str, out: &mut String) {
    let mut merged = String::with_capacity(base.path.len() + ref_path.len() + 1);
    if base.authority.is_some() && base.path.is_empty() {
        merged.push('/');
    } else if let Some(slash) = base.path.rfind('/') {
        merged.push_str(&base.path[..=slash]);
    }
    merged.push_str(ref_path);
    remove_dot_segments_into(&merged, out);
}

/// Transform References (§5.2.2, strict: a scheme in the reference is never ignored).
pub(crate) fn resolve(base: &Parts<'_>, r: &Parts<'_>) -> String {
    let mut path = String::with_capacity(base.path.len() + r.path.len());
    let t = if r.scheme.is_some() {
        remove_dot_segments_into(r.path, &mut path);
        Parts { path: "", ..*r }
    } else if r.authority.is_some() {
        remove_dot_segments_into(r.path, &mut path);
        Parts { scheme: base.scheme, path: "", ..*r }
    } else if r.path.is_empty() {
        path.push_str(base.path);
        Parts { path: "", query: r.query.or(base.query), ..*base }
    } else {
        if r.path.starts_with('/') {
            remove_dot_segments_into(r.path, &mut path);
        } else {
            merge_into(base, r.path, &mut path);
        }
        Parts { path: "", query: r.query, ..*base }
    };
    let t = Parts { path: &path, fragment: r.fragment, ..t };
    let mut out = String::with_capacity(base.path.len() + r.path.len() + 32);
    t.recompose(&mut out);
    out
}

impl UriRef<'_> {
    /// Resolves this reference against `base` (RFC 3986 §5.2, strict parser), giving the
    /// target URI. `base` should be a URI (with a scheme, §5.1); its fragment is ignored.
    ///
    /// ```
    /// use urlkit::rfc3986::UriRef;
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(UriRef::parse("../g")?.resolve_against(&base).as_str(), "http://a/b/g");
    /// assert_eq!(UriRef::parse("?y")?.resolve_against(&base).as_str(), "http://a/b/c/d;p?y");
    /// assert_eq!(UriRef::parse("http:g")?.resolve_against(&base).as_str(), "http:g");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn resolve_against(&self, base: &UriRef<'_>) -> Uri {
        Uri::from_string(resolve(&Parts::of(base), &Parts::of(self)))
    }
}

impl Uri {
    /// Parses `reference` and resolves it against `self` as the base (§5.2).
    ///
    /// # Errors
    /// When `reference` is not a URI reference.
    ///
    /// ```
    /// let base = urlkit::rfc3986::Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.join("../../../g")?.as_str(), "http://a/g");
    /// assert_eq!(base.join("g;x=1/../y")?.as_str(), "http://a/b/c/y");
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn join(&self, reference: &str) -> Result<Uri, ParseError> {
        Ok(UriRef::parse(reference)?.resolve_against(&self.as_ref()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §5.2.4 written literally with string buffers (quadratic, used as the reference).
    fn naive(path: &str) -> String {
        let mut input = String::from(path);
        let mut output = String::new();
        while !input.is_empty() {
            if input.starts_with("../") {
                input.drain(..3);
            } else if input.starts_with("./") {
                input.drain(..2);
            } else if input.starts_with("/./") {
                input.replace_range(..3, "/");
            } else if input == "/." {
                input = String::from("/");
            } else if input.starts_with("/../") || input == "/.." {
                input.replace_range(..input.len().min(4), "/");
                let cut = output.rfind('/').unwrap_or(0);
                output.truncate(cut);
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let start = usize::from(input.starts_with('/'));
                let end = input[start..].find('/').map_or(input.len(), |p| p + start);
                output.extend(input.drain(..end));
            }
        }
        output
    }

    #[test]
    fn matches_naive_on_all_short_paths() {
        let alphabet = ["/", ".", "a", ".."];
        let mut stack = vec![String::new()];
        while let Some(p) = stack.pop() {
            assert_eq!(remove_dot_segments(&p), naive(&p), "{p:?}");
            if p.len() < 9 {
                for a in alphabet {
                    stack.push(format!("{p}{a}"));
                }
            }
        }
    }

    #[test]
    fn recompose_guards() {
        let p = Parts { scheme: Some("a"), authority: None, path: "//g", query: None, fragment: None };
        let mut s = String::new();
        p.recompose(&mut s);
        assert_eq!(s, "a:/.//g");
        let p = Parts { scheme: None, authority: None, path: "a:b", query: None, fragment: None };
        s.clear();
        p.recompose(&mut s);
        assert_eq!(s, "./a:b");
    }
}
