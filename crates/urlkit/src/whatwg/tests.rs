//! Unit tests of the parser's tricky spots; the bulk of the checking is tests/wpt.rs.

use crate::{ErrorKind, Host, Url, ValidationError};
use alloc::string::ToString;
use alloc::vec::Vec;

/// Parses with a listener; returns the href (or error kind) and the reported errors.
fn parse_reporting(input: &str, base: Option<&Url>) -> (Result<Url, ErrorKind>, Vec<(ErrorKind, usize)>) {
    let mut seen = Vec::new();
    let mut cb = |e: ValidationError| seen.push((e.kind(), e.position()));
    let result = Url::options()
        .base_url(base)
        .on_validation_error(&mut cb)
        .parse(input);
    (result.map_err(|e| e.kind()), seen)
}

#[test]
fn listening_does_not_change_results() {
    let base = Url::parse("http://b/c/d?e#f").unwrap();
    for input in [
        "http:\\\\h\\a b",
        " x:y ",
        "http://u:p@h:80/%zz",
        "..\\x",
        "file:c|/x",
        "//h",
        "?q",
        "#",
        "sc:a b ?",
    ] {
        let quiet = Url::parse_with_base(input, Some(&base)).map_err(|e| e.kind());
        assert_eq!(parse_reporting(input, Some(&base)).0, quiet, "{input:?}");
    }
}

#[test]
fn validation_errors_have_kind_and_position() {
    let has = |input: &str, kind: ErrorKind, pos: usize| {
        let (_, seen) = parse_reporting(input, None);
        assert!(seen.contains(&(kind, pos)), "{input:?}: {seen:?}");
    };
    has("http:\\\\h/", ErrorKind::SpecialSchemeMissingFollowingSolidus, 5);
    has("http://u@h/", ErrorKind::InvalidCredentials, 7);
    has(" http://h/", ErrorKind::InvalidUrlUnit, 0);
    has("http://h/a b", ErrorKind::InvalidUrlUnit, 10);
    has("http://h/a%zb", ErrorKind::InvalidUrlUnit, 10);
    has("http://h/a\\b", ErrorKind::InvalidReverseSolidus, 10);
    has("file://c:/x", ErrorKind::FileInvalidWindowsDriveLetterHost, 7);
    has("file:x", ErrorKind::SpecialSchemeMissingFollowingSolidus, 5);
    let base = Url::parse("file:///d:/y").unwrap();
    let (url, seen) = parse_reporting("c|/x", Some(&base));
    assert_eq!(url.unwrap().as_str(), "file:///c:/x");
    assert!(
        seen.contains(&(ErrorKind::FileInvalidWindowsDriveLetter, 0)),
        "{seen:?}"
    );
    // The special authority slashes state reports at the first `\`, then the ignore
    // slashes state once per skipped slash, each at its own position.
    let (_, seen) = parse_reporting("http:\\\\h/", None);
    let solidus: Vec<usize> = seen
        .iter()
        .filter(|(k, _)| *k == ErrorKind::SpecialSchemeMissingFollowingSolidus)
        .map(|&(_, p)| p)
        .collect();
    assert_eq!(solidus, [5, 5, 6], "{seen:?}");
    let (_, seen) = parse_reporting("http:////h/", None);
    let solidus: Vec<usize> = seen
        .iter()
        .filter(|(k, _)| *k == ErrorKind::SpecialSchemeMissingFollowingSolidus)
        .map(|&(_, p)| p)
        .collect();
    assert_eq!(solidus, [7, 8], "{seen:?}");
    let (_, seen) = parse_reporting("http://h/ok?fine#good", None);
    assert!(seen.is_empty(), "{seen:?}");
}

#[test]
fn failures_have_kind_and_position() {
    let fails = |input: &str, kind: ErrorKind, pos: usize| {
        let e = Url::parse(input).unwrap_err();
        assert_eq!((e.kind(), e.position()), (kind, pos), "{input:?}");
    };
    fails("foo", ErrorKind::MissingSchemeNonRelativeUrl, 0);
    fails("http://h:99999/", ErrorKind::PortOutOfRange, 9);
    fails("http://h:8a/", ErrorKind::PortInvalid, 10);
    fails("  http://h:8a/", ErrorKind::PortInvalid, 12);
    fails("http://u@/", ErrorKind::HostMissing, 9);
    fails("http:///", ErrorKind::HostMissing, 8);
    fails("sc://:1/", ErrorKind::HostMissing, 5);
}

#[test]
fn dot_segments_and_drive_letters() {
    let href = |s: &str| Url::parse(s).unwrap().as_str().to_string();
    assert_eq!(href("http://h/a/b/../../../c"), "http://h/c");
    assert_eq!(href("http://h/a/./b/."), "http://h/a/b/");
    assert_eq!(href("http://h/a/%2E%2e/"), "http://h/");
    assert_eq!(href("http://h/a/..%2f"), "http://h/a/..%2f");
    assert_eq!(href("file:///c|/../x"), "file:///c:/x");
    assert_eq!(href("file:///x/c|"), "file:///x/c|");
    assert_eq!(href("file://host/c:/"), "file://host/c:/");
    assert_eq!(href("sc:/a/../..//b"), "sc:/.//b");
}

#[test]
fn opaque_paths_and_queries() {
    let url = Url::parse("mailto:a b ?subject=hi there#x y").unwrap();
    assert!(url.has_opaque_path());
    assert_eq!(url.pathname(), "a b%20");
    assert_eq!(url.query(), Some("subject=hi%20there"));
    assert_eq!(url.fragment(), Some("x%20y"));
    assert_eq!(url.path_segments().map(|s| s.count()), None);
    assert_eq!(Url::parse("http://h/?'").unwrap().query(), Some("%27"));
    assert_eq!(Url::parse("ws://h/?'").unwrap().query(), Some("%27"));
    assert_eq!(Url::parse("sc://h/?'").unwrap().query(), Some("'"));
}

#[test]
fn ports() {
    let url = Url::parse("http://h:08080/").unwrap();
    assert_eq!(
        (url.port(), url.port_str(), url.host_port()),
        (Some(8080), "8080", "h:8080")
    );
    let url = Url::parse("https://h:443").unwrap();
    assert_eq!(
        (url.port(), url.port_or_known_default(), url.as_str()),
        (None, Some(443), "https://h/")
    );
    assert_eq!(Url::parse("sc://h:7/").unwrap().port(), Some(7));
    assert_eq!(
        Url::parse("file://h:7/").unwrap_err().kind(),
        ErrorKind::DomainInvalidCodePoint
    );
}

#[test]
fn tab_and_newline_removal_copies_only_when_needed() {
    let url = Url::parse("ht\ttp://h/\na\rb?c\td#e\nf").unwrap();
    assert_eq!(url.as_str(), "http://h/ab?cd#ef");
}

#[test]
fn url_traits() {
    use core::str::FromStr;
    let a = Url::from_str("http://h/x").unwrap();
    let b = Url::parse("HTTP://h:80/./x").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "http://h/x");
    assert_eq!(AsRef::<str>::as_ref(&a), "http://h/x");
    assert!(a < Url::parse("http://i/").unwrap());
    let dbg = alloc::format!("{a:?}");
    assert!(
        dbg.contains("scheme: \"http\"") && dbg.contains("path: \"/x\""),
        "{dbg}"
    );
    assert_eq!(a.host(), Some(Host::Domain("h")));
    assert_eq!(Url::parse("sc:x").unwrap().host(), None);
    assert_eq!(Url::parse("sc://").unwrap().host(), Some(Host::Empty));
    assert_eq!(a.clone().into_string(), "http://h/x");
}

#[test]
fn can_parse() {
    assert!(Url::can_parse("http://h", None));
    assert!(Url::can_parse("/x", Some("sc://h/")));
    assert!(!Url::can_parse("/x", Some("nope")));
    assert!(!Url::can_parse("/x", Some("sc:opaque")));
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_href() {
    let url = Url::parse("HTTP://h/x").unwrap();
    let json = serde_json::to_string(&url).unwrap();
    assert_eq!(json, "\"http://h/x\"");
    let back: Url = serde_json::from_str(&json).unwrap();
    assert_eq!(back, url);
    assert!(serde_json::from_str::<Url>("\"no scheme\"").is_err());
}

#[test]
fn long_inputs_parse_in_linear_time() {
    // Patterns that a careless parser handles in quadratic time; each is 300k bytes.
    let n = 100_000;
    let dots = alloc::format!("http://h/{}", "a/../".repeat(n / 5 * 3));
    assert!(Url::parse(&dots).unwrap().pathname() == "/");
    let ats = alloc::format!("http://{}h/", "a@".repeat(n));
    assert!(Url::parse(&ats).unwrap().username().len() > n);
    let enc = alloc::format!("sc:{}", " é".repeat(n));
    assert!(Url::parse(&enc).unwrap().pathname().len() > 3 * n);
    let slashes = alloc::format!("sc:/a{}", "/..".repeat(n));
    assert!(Url::parse(&slashes).unwrap().as_str() == "sc:/");
    let tabs = alloc::format!("http://h/{}", "\ta".repeat(n));
    assert!(Url::parse(&tabs).unwrap().pathname().len() == n + 1);
}

#[test]
fn positions_count_removed_tabs_and_newlines() {
    let e = Url::parse(" ht\ttp://h:8a/").unwrap_err();
    assert_eq!((e.kind(), e.position()), (ErrorKind::PortInvalid, 12));
    let (_, seen) = parse_reporting("http://h/a\t b", None);
    assert!(seen.contains(&(ErrorKind::InvalidUrlUnit, 10)), "{seen:?}");
    assert!(seen.contains(&(ErrorKind::InvalidUrlUnit, 11)), "{seen:?}");
    let e = Url::parse("http://\nh\t%/").unwrap_err();
    let plain = Url::parse("http://h%/").unwrap_err();
    assert_eq!(e.kind(), plain.kind());
    // The host starts after the removed newline.
    assert_eq!(e.position(), plain.position() + 1, "{e:?} {plain:?}");
}
