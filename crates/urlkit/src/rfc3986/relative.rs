//! Making a reference relative: the inverse of resolution (RFC 3986 §5.2). Candidates from
//! shortest form to longest (§4.2: same-document, query, relative-path, absolute-path,
//! network-path, then the full URI) are each checked by resolving them, so the answer is
//! always correct even for odd bases (dot segments, rootless paths).

use alloc::string::String;
use alloc::vec::Vec;

use super::normalize::normalize;
use super::resolve::{first_segment_has_colon, resolve, Parts};
use super::uri::{Uri, UriRef};

/// Appends `?query` and `#fragment` when present.
fn push_tail(out: &mut String, t: &Parts<'_>, with_query: bool) {
    if let (true, Some(q)) = (with_query, t.query) {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = t.fragment {
        out.push('#');
        out.push_str(f);
    }
}

/// The relative-path reference (§4.2 `path-noscheme`) from the base's directory to `target`.
/// Both paths are rooted (`/a/b`), or both rootless (`a/b`, a base without authority): §5.2.3
/// merges a relative path onto everything up to the base path's last `/`, or onto nothing
/// when it has none.
fn relative_path(base_path: &str, target_path: &str) -> Option<String> {
    let base_dir = base_path.rfind('/').map_or("", |i| &base_path[..=i]);
    let rooted = target_path.starts_with('/');
    let (dir_text, target_text) = match (rooted, base_dir.strip_prefix('/')) {
        (true, Some(dir)) => (dir, &target_path[1..]),
        (false, None) => (base_dir, target_path),
        _ => return None,
    };
    // "a/b/" has the directory segments ["a", "b"]; "" has none.
    let dir: Vec<&str> = dir_text
        .strip_suffix('/')
        .map_or_else(Vec::new, |d| d.split('/').collect());
    let segs: Vec<&str> = target_text.split('/').collect();
    // Keep at least the target's last segment: it is written even when it names a directory.
    let shared = dir
        .iter()
        .zip(&segs[..segs.len() - 1])
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = String::new();
    for _ in shared..dir.len() {
        out.push_str("../");
    }
    let rest = segs[shared..].join("/");
    if rest.is_empty() {
        // The target is a directory of the base: "." or "..", shorter than "./" or "../".
        if out.is_empty() {
            out.push('.');
        } else {
            out.pop();
        }
    } else {
        // A leading empty segment would read as "//" or "/"; a ":" as a scheme (§4.2).
        if out.is_empty() && (rest.starts_with('/') || first_segment_has_colon(&rest)) {
            out.push_str("./");
        }
        out.push_str(&rest);
    }
    Some(out)
}

/// Every candidate reference for `target` against `base`, roughly shortest first.
fn candidates(base: &Parts<'_>, t: &Parts<'_>) -> Vec<String> {
    let mut c = Vec::new();
    if base.scheme == t.scheme {
        if base.authority == t.authority {
            let mut s = String::new();
            push_tail(&mut s, t, base.query != t.query || base.path != t.path);
            if t.query.is_some() || base.query.is_none() {
                c.push(s);
            }
            if let Some(mut p) = relative_path(base.path, t.path) {
                push_tail(&mut p, t, true);
                c.push(p);
            }
            let mut abs = String::from(if t.path.starts_with("//") { "/." } else { "" });
            abs.push_str(t.path);
            push_tail(&mut abs, t, true);
            if abs.starts_with('/') {
                c.push(abs);
            }
        }
        if let Some(a) = t.authority {
            let mut net = String::from("//");
            net.push_str(a);
            net.push_str(t.path);
            push_tail(&mut net, t, true);
            c.push(net);
        }
    }
    c
}

impl Uri {
    /// The shortest reference `r` such that resolving `r` against `self` (the base, §5.2)
    /// gives the normalized `target` (§6.2). `None` when the base or the target has no
    /// scheme (a relative target is not the result of any resolution).
    ///
    /// ```
    /// use urlkit::rfc3986::{Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let rel = |t| base.make_relative(&UriRef::parse(t).unwrap());
    /// assert_eq!(rel("http://a/b/c/g").as_deref(), Some("g"));
    /// assert_eq!(rel("http://a/b/g?x").as_deref(), Some("../g?x"));
    /// assert_eq!(rel("HTTP://A/b/c/d;p?q#s").as_deref(), Some("#s"));
    /// assert_eq!(rel("http://a/b/c/").as_deref(), Some("."));
    /// assert_eq!(rel("http://x/y").as_deref(), Some("//x/y"));
    /// assert_eq!(rel("ftp://a/").as_deref(), Some("ftp://a/"));
    /// // A base without authority and a rootless path (§5.2.3 merge).
    /// let opaque = Uri::parse("foo:a/b")?;
    /// assert_eq!(opaque.make_relative(&UriRef::parse("foo:a/c")?).as_deref(), Some("c"));
    /// # Ok::<(), urlkit::rfc3986::ParseError>(())
    /// ```
    pub fn make_relative(&self, target: &UriRef<'_>) -> Option<String> {
        let base = self.as_ref();
        if !base.has_scheme() || !target.has_scheme() {
            return None;
        }
        let goal = normalize(target);
        let t_ref = UriRef::parse(&goal).ok()?;
        let (b, t) = (Parts::of(&base), Parts::of(&t_ref));
        let works = |r: &str| UriRef::parse(r).is_ok_and(|r| resolve(&b, &Parts::of(&r)) == goal);
        let best = candidates(&b, &t)
            .into_iter()
            .filter(|r| works(r))
            .min_by_key(String::len);
        // The normalized target itself always resolves to itself (its path has no dot segments).
        Some(best.unwrap_or(goal))
    }
}
