//! The ECMAScript regexp subset of regexp groups (see the `pattern` module docs): each
//! accepted feature with ECMAScript's meaning, and each rejected one with its error.

use urlkit::pattern::{ErrorKind, UrlPattern, UrlPatternInit};

fn pattern(re: &str) -> Result<UrlPattern, urlkit::pattern::Error> {
    UrlPattern::from_init(&UrlPatternInit {
        pathname: Some(format!("/:g({re})")),
        ..Default::default()
    })
}

fn matches(re: &str, segment: &str) -> bool {
    let p = pattern(re).unwrap_or_else(|e| panic!("{re}: {e}"));
    p.test(&format!("https://h/{segment}"), None)
}

#[test]
fn accepted_features_mean_what_ecmascript_says() {
    let cases: &[(&str, &str, bool)] = &[
        (r"\d+", "123", true),
        (r"\d+", "12a", false),
        (r"\D+", "ab", true),
        (r"\w+", "a_Z9", true),
        (r"\w+", "a-b", false),
        (r"\W", "-", true),
        (r"a\sb", "a%20b", false),
        (r"a.c", "abc", true),
        (r"a|bc", "bc", true),
        (r"(?:ab)+", "abab", true),
        (r"(?<n>a)b", "ab", true),
        (r"(?i:AB)c", "abc", true),
        (r"(?i:AB)c", "abC", false),
        (r"a{2}", "aa", true),
        (r"a{2,}", "aaaa", true),
        (r"a{1,2}", "aaa", false),
        (r"a+?b", "aab", true),
        (r"\bfoo\b", "foo", true),
        (r"\x41", "A", true),
        (r"\u0041", "A", true),
        (r"\u{41}", "A", true),
        (r"\cJ|x", "x", true),
        (r"[a-c]+", "abc", true),
        (r"[^a-c]+", "xyz", true),
        (r"[\w--\d]+", "abc", true),
        (r"[\w--\d]+", "a1", false),
        (r"[\w&&[a-f]]+", "fab", true),
        (r"[\w&&[a-f]]+", "fag", false),
        (r"[[a-c][x-z]]+", "ax", true),
        (r"[\-.]+", "-.", true),
        (r"[]a|a", "a", true),
        (r"[^]+", "anything", true),
        (r"\p{Lu}+", "ABC", true),
        (r"\P{Lu}+", "abc", true),
        (r"\.\*\+\?\^\$\{\}\[\]\|\/\\", ".*", false),
        // `^` is the start of the input, which is the `/` before the group here.
        (r"^a$", "a", false),
    ];
    for &(re, input, want) in cases {
        assert_eq!(matches(re, input), want, "({re}) on {input:?}");
    }
}

#[test]
fn rejected_features_name_themselves() {
    let unsupported: &[(&str, &str)] = &[
        (r"a(?=b)", "lookahead"),
        (r"a(?!b)", "lookahead"),
        (r"(?<=a)b", "lookbehind"),
        (r"(?<!a)b", "lookbehind"),
        (r"(?:a)\1", "backreferences"),
        (r"(?<x>a)\k<x>", "backreferences"),
        (r"[\q{abc}]", "class string disjunctions \\q{…}"),
        (r"(?m:a)", "the m and s modifiers"),
        (r"\uD800", "lone surrogate escapes"),
    ];
    for &(re, what) in unsupported {
        let err = pattern(re).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::UnsupportedRegexp(what), "({re})");
        // The caret points into the regexp group: `/:g(` is 4 bytes.
        assert!(
            err.position().is_some_and(|p| p >= 4),
            "({re}): {:?}",
            err.position()
        );
    }
    for re in [
        r"a{", r"a}", r"a]", r"[{]", r"[)]", r"[a-]", r"[a!!b]", r"\e", r"[z-a]", r"*a",
    ] {
        let err = pattern(re).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Regexp(_)), "({re}): {err}");
    }
}
