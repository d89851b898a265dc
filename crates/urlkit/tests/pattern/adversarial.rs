//! Adversarial patterns and inputs: no panic on any pattern string, and inputs that would
//! take exponential time in a backtracking engine finish (the `regex` crate and the set's
//! trie walk are linear; a regression would hang these tests rather than fail them).

use proptest::prelude::*;
use urlkit::pattern::{UrlPattern, UrlPatternInit, UrlPatternSet};
use urlkit::Url;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Pattern syntax soup: building never panics, a built pattern matches without panic
    /// and its pattern strings rebuild an equal pattern.
    #[test]
    fn no_panic_on_pattern_strings(p in "[a-z:/*?+{}()\\[\\]\\\\.#@%^$|!&=,-]{0,24}", input in "[a-z/.?#:]{0,16}") {
        for base in [None, Some("https://example.com/a/b")] {
            if let Ok(pat) = UrlPattern::parse(&p, base) {
                let _ = pat.exec(&format!("https://example.com/{input}"), None);
                let _ = pat.test(&input, Some("https://example.com"));
                let init = UrlPatternInit {
                    protocol: Some(pat.protocol().to_owned()),
                    username: Some(pat.username().to_owned()),
                    password: Some(pat.password().to_owned()),
                    hostname: Some(pat.hostname().to_owned()),
                    port: Some(pat.port().to_owned()),
                    pathname: Some(pat.pathname().to_owned()),
                    search: Some(pat.search().to_owned()),
                    hash: Some(pat.hash().to_owned()),
                    base_url: None,
                };
                if let Ok(again) = UrlPattern::from_init(&init) {
                    prop_assert_eq!(again.pathname(), pat.pathname());
                    prop_assert_eq!(again.hostname(), pat.hostname());
                }
            }
        }
    }

    /// Regexp groups of arbitrary ASCII: translated or rejected, never a panic.
    #[test]
    fn no_panic_on_regexp_groups(re in "[a-z0-9\\\\()\\[\\]{}^$|?*+.,:=!<>&/-]{0,16}") {
        let init = UrlPatternInit { pathname: Some(format!("/:g({re})")), ..Default::default() };
        if let Ok(p) = UrlPattern::from_init(&init) {
            let _ = p.exec("https://h/abc", None);
        }
    }

    /// Dictionary members of arbitrary text (any code point): no panic.
    #[test]
    fn no_panic_on_dictionaries(v in "\\PC{0,12}", c in 0usize..8) {
        let mut init = UrlPatternInit::default();
        *init.get_mut(urlkit::pattern::Component::ALL[c]) = Some(v.clone());
        if let Ok(p) = UrlPattern::from_init(&init) {
            let _ = p.test(&format!("https://h/{v}"), None);
        }
    }
}

/// Patterns whose regular expressions backtrack exponentially (or polynomially with a high
/// degree) in ECMAScript engines, on long inputs.
#[test]
fn catastrophic_backtracking_shapes_finish() {
    let long_a = "a".repeat(50_000);
    let segments = "/a".repeat(5_000);
    let cases: &[(&str, String)] = &[
        ("/:x((?:a+)+)b", format!("/{long_a}")),
        ("/:x((?:a|a)*)c", format!("/{long_a}")),
        ("/*/*/*/*/*/*/*/*/*/*/*/*/z", segments.clone()),
        ("/:a*/:b*/:c*/:d*/z", segments.clone()),
        ("/{a}*{a}*{a}*{a}*{a}*b", format!("/{long_a}")),
        ("/:x(.*.*.*.*.*.*=)", format!("/{long_a}")),
    ];
    for (pattern, path) in cases {
        let p = UrlPattern::parse(pattern, Some("https://h")).unwrap();
        let url = Url::parse(&format!("https://h{path}")).unwrap();
        assert!(!p.test_url(&url), "{pattern}");
        assert!(p.exec_url(&url).is_none(), "{pattern}");
    }
}

/// A set whose trie has many segment edges and many literal branches, walked by a pathname
/// of many short segments: every node is visited at most once.
#[test]
fn set_walk_on_many_segments_finishes() {
    let mut set = UrlPatternSet::new();
    for depth in 1..200 {
        let wild: String = (0..depth).map(|i| format!("/:s{i}")).collect();
        set.push(UrlPattern::parse(&format!("https://h{wild}/end"), None).unwrap());
        let lit = "/a".repeat(depth);
        set.push(UrlPattern::parse(&format!("https://h{lit}/end"), None).unwrap());
    }
    let url = Url::parse(&format!("https://h{}", "/a".repeat(20_000))).unwrap();
    assert!(set.matches(&url).is_empty());
    let url = Url::parse(&format!("https://h{}/end", "/a".repeat(150))).unwrap();
    assert_eq!(set.matches(&url), [298, 299]);
}
