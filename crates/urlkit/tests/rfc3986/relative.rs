//! make_relative: resolve(base, make_relative(base, target)) == normalize(target), for exact
//! cases, real-world pairs and generated paths.

use proptest::prelude::*;
use urlkit::rfc3986::{Uri, UriRef};

use crate::common;

/// Checks the defining property and returns the reference.
fn rel(base: &str, target: &str) -> String {
    let b = Uri::parse(base).unwrap_or_else(|e| panic!("{base}: {e}"));
    let t = UriRef::parse(target).unwrap_or_else(|e| panic!("{target}: {e}"));
    let r = b.make_relative(&t).expect("both have schemes");
    let back = b.join(&r).unwrap_or_else(|e| panic!("{r:?} does not parse: {e}"));
    assert_eq!(back, t.normalized(), "base {base} target {target} via {r:?}");
    r
}

#[test]
fn exact_shortest_forms() {
    let base = "http://a/b/c/d;p?q";
    for (target, expected) in [
        ("http://a/b/c/d;p?q", ""),
        ("http://a/b/c/d;p?q#f", "#f"),
        ("http://a/b/c/d;p?y", "?y"),
        ("http://a/b/c/d;p", "d;p"),
        ("http://a/b/c/g", "g"),
        ("http://a/b/c/", "."),
        ("http://a/b/", ".."),
        ("http://a/b/g", "../g"),
        ("http://a/", "/"),
        ("http://a/g", "/g"),
        ("http://a/b/c/g:h", "./g:h"),
        ("http://a/b/c//x", ".//x"),
        ("http://a//x", "/.//x"),
        ("http://a", "/"), // http's empty path normalizes to "/" (§6.2.3)
        ("http://g/", "//g/"),
        ("https://a/b/c/g", "https://a/b/c/g"),
        ("http://a/b/c/g?y#s", "g?y#s"),
        ("http://a/b/c/./g/../h", "h"),
    ] {
        assert_eq!(rel(base, target), expected, "{target}");
    }
    // An empty path is only reachable through the authority.
    assert_eq!(rel("foo://a/b", "foo://a"), "//a");
    assert_eq!(rel("foo://a/b", "foo://a?q"), "//a?q");
}

#[test]
fn odd_bases_still_resolve_correctly() {
    for (base, target) in [
        ("mailto:a@b", "mailto:c@d"),
        ("urn:x:y", "urn:x:z"),
        ("a:b/c", "a:b/d"),
        ("http://a/b/./c/../d", "http://a/b/e"),
        ("HTTP://A/b", "http://a/c"),
        ("http://a", "http://a/"),
        ("http://a/b?q", "http://a/b"),
        ("foo://h", "foo://h"),
        ("foo://h/x", "foo://h"),
        ("s:", "s:/x"),
        ("s:/a", "s://h"),
        ("s://h/a", "s:/b"),
    ] {
        rel(base, target);
    }
    assert_eq!(
        Uri::parse("http://a/")
            .unwrap()
            .make_relative(&UriRef::parse("/x").unwrap()),
        None
    );
    assert_eq!(
        Uri::parse("//a/")
            .unwrap()
            .make_relative(&UriRef::parse("http://a/").unwrap()),
        None
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn generated_paths(
        bp in "(/([a-c:]|\\.\\.?|%2[eE])?){0,6}(\\?[a-b]?)?",
        tp in "(/([a-c:]|\\.\\.?|%2[eE])?){0,6}(\\?[a-b]?)?(#[a-b]?)?",
        same_host in any::<bool>(),
    ) {
        let base = format!("http://h{bp}");
        let target = format!("http://{}{tp}", if same_host { "h" } else { "g" });
        rel(&base, &target);
    }

    #[test]
    fn generated_rootless(bp in "[a-c:/.]{0,6}", tp in "[a-c:/.]{0,6}") {
        let base = format!("s:{bp}");
        let target = format!("s:{tp}");
        if UriRef::parse(&base).is_ok() && UriRef::parse(&target).is_ok() {
            rel(&base, &target);
        }
    }
}

#[test]
fn realworld_pairs() {
    let Some(lines) = common::dataset_lines("realworld.txt") else {
        return;
    };
    let valid: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| UriRef::parse_uri(l).is_ok())
        .collect();
    assert!(valid.len() > 1000);
    // Neighbours in the shuffled file, plus pairs on the same host (sorted order).
    let mut sorted = valid.clone();
    sorted.sort_unstable();
    let mut pairs = 0;
    for list in [&valid, &sorted] {
        for w in list.windows(2).take(20_000) {
            rel(w[0], w[1]);
            pairs += 1;
        }
    }
    assert!(pairs > 2000);
}

/// Bases without authority and with a rootless path merge onto the base path's last `/`
/// (§5.2.3): the shortest reference is a relative path there too (found by the CLI tests).
#[test]
fn rootless_bases_get_relative_paths() {
    for (base, target, expected) in [
        ("foo:a/b", "foo:a/c", "c"),
        ("foo:a/b/c", "foo:a/d", "../d"),
        ("foo:b", "foo:c", "c"),
        ("foo:a/b", "foo:a/", "."),
        ("foo:a/b", "foo:a/b?q", "?q"),
        // "../x:y" would resolve to "/x:y" and "x:y" reads as a scheme: only the URI works.
        ("foo:a/b", "foo:x:y", "foo:x:y"),
    ] {
        let r = Uri::parse(base)
            .unwrap()
            .make_relative(&UriRef::parse(target).unwrap());
        assert_eq!(r.as_deref(), Some(expected), "{base} -> {target}");
        rel(base, target);
    }
}
