//! Unit tests of the parser's tricky spots; the bulk of the checking is tests/wpt.rs.

use crate::{ErrorKind, Host, Url, ValidationError};
use alloc::string::{String, ToString};
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

/// `can_parse` (the states without output) against parsing, formerly the tests of a separate
/// validator: every answer must be parsing's.
mod can_parse {
    use crate::whatwg::{decide, fast::authority_parses, Decided};

    /// The answer of the parser without output on `s` without a base: `None` when unsure.
    fn parses(s: &str) -> Option<bool> {
        match decide(s, None) {
            Decided::Parses(_) => Some(true),
            Decided::Fails => Some(false),
            Decided::Unsure => None,
        }
    }

    /// The fast path's shortcut: `Some(true)` when it decides.
    fn special_authority_parses(s: &str) -> Option<bool> {
        authority_parses(s.as_bytes()).map(|_| true)
    }

    #[test]
    fn agrees_with_the_parser() {
        for s in [
            "http://h/",
            "HTTP://U:P@H.COM:08080/x",
            "http://h:65536/",
            "http://h:65535/",
            "http://h:/",
            "http://:1/",
            "http://u@/",
            "http:\\\\h",
            "http:h",
            "http:",
            "http://",
            "http://a b/",
            "http://a{b/",
            "http://1.2.3.4.5/",
            "http://0x7F.1/",
            "http://1.2.3.09/",
            "http://[::1]/",
            "http://[::1/",
            "http://[::g]/",
            "file:///x",
            "file://c:/x",
            "file://h o/x",
            "file://h/x",
            "file://[::1]/x",
            "file://[example]/",
            "file:x",
            "sc:x y",
            "sc://a b/",
            "sc://[::1]:8/",
            "sc://:8/",
            "sc://u@/",
            "sc://",
            "sc:///x",
            "1http://h/",
            "h ttp://h/",
            "nocolon",
            "",
            " \t ",
            "\t",
            "  http://h/  ",
            "javascript:go(1)",
            "http://h:1x/",
            "http://h:00000000080/",
            "ht\ttp://x/",
            "h\ttp\n:x",
            "http://h\n:1\r2/",
            "http://h:6\t5536/",
            "http://a\tb%C3%BC/",
            "http://a\tb%C3/",
            "http\n://[::1\t]/",
            "http://u@\t/",
            "http://h?\t:99999",
            "http://h#\t:99999",
            "sc://\ta b/",
            "sc:\t//a b/",
            "file:\t//a b/",
            "http://h:9\t9999/?x",
        ] {
            if let Some(answer) = parses(s) {
                assert_eq!(answer, crate::Url::parse(s).is_ok(), "{s:?}");
            }
        }
        for s in [
            "http://h/",
            "https://a-b.c_d:8080?x",
            "http://a.b-c.d:65535#f",
            "http://a.b:65536/",
            "http://a.b:/",
            "http://xn--a.com/",
            "http://a.XN--b.com/",
            "http://a.1/",
            "http://a.0x/",
            "http://example.com./",
            "http://a{b}.c/",
            "http://a%41.com/",
            "http://a b.com/",
            "http://u@h.com/",
            "http://h.com\\x",
            "http://h.com:1a/",
            "ws://h",
            "http://",
        ] {
            if special_authority_parses(s) == Some(true) {
                assert!(crate::Url::parse(s).is_ok(), "{s:?}");
            }
        }
        assert_eq!(
            special_authority_parses("https://a-b.example.org:8080/x"),
            Some(true)
        );
        assert_eq!(special_authority_parses("https://xn--a.org/"), Some(true));
        assert_eq!(special_authority_parses("https://bücher.de/"), None);
        assert_eq!(parses("https://bücher.de/"), Some(true));
        assert_eq!(parses("http://h/"), Some(true));
        assert_eq!(parses("http://h\t/"), Some(true));
        assert_eq!(parses("http://xn--a/"), Some(true));
        assert_eq!(parses("http://b%C3%BC/"), Some(true));
    }

    /// Hosts that need percent-decoding or UTS 46: decided here, as the parser decides.
    #[test]
    fn idn_and_percent_hosts_agree_with_the_parser() {
        let long_ascii = alloc::format!("http://{}.b\u{fc}/", "a".repeat(600));
        let long_idn = alloc::format!("http://{}/", "\u{fc}".repeat(300));
        let long_pct = alloc::format!("http://{}/", "%61".repeat(600));
        for s in [
            "http://b\u{fc}cher.de/",
            "https://B\u{dc}CHER.de:8080/x",
            "http://b%C3%BCcher.de/",
            "http://%62%C3%BC.de/",
            "http://xn--bcher-kva.de/",
            "http://XN--BCHER-KVA.de/",
            "http://xn--/",
            "http://xn--a/",
            "http://xn--a.\u{fc}/",
            "http://xn--8i7caa.\u{fc}/",
            "http://a\u{AD}/",
            "http://\u{AD}/",
            "http://%C2%AD/",
            "http://a%FF.com/",
            "http://a%C3.com/",
            "http://a\u{FFFD}.com/",
            "http://%EF%BB%BFa.com/",
            "http://a\u{FF05}b/",
            "http://a%25b/",
            "http://a%20b/",
            "http://a%2Eb/",
            "http://%2E/",
            "http://%30x7f.1/",
            "http://%31.2.3.4/",
            "http://1.2.3.%34%35%36/",
            "http://\u{FF11}\u{FF12}\u{FF17}.0.0.1/",
            "http://\u{FF10}\u{FF38}\u{FF17}\u{FF26}.1/",
            "http://\u{FF11}.\u{FF12}.\u{FF13}.\u{FF14}.\u{FF15}/",
            "http://\u{FF11}.\u{FF12}.\u{FF13}.\u{FF14}./",
            "http://a.\u{FF11}/",
            "http://a.\u{FF10}x/",
            "http://a.\u{FF10}\u{FF38}g/",
            "http://\u{fc}.0x/",
            "http://\u{fc}.09/",
            "http://\u{fc}./",
            "http://\u{3002}/",
            "http://a\u{3002}b/",
            "http://\u{5d0}1.com/",
            "http://\u{5d0}.a/",
            "http://a\u{200D}b/",
            "http://\u{0915}\u{094D}\u{200D}/",
            "http://%/",
            "http://%zz\u{fc}/",
            "http://a%/",
            "file://b\u{fc}cher/x",
            "file://%41:/x",
            "file://\u{fc}%/x",
            "ws://\u{1F980}.rs",
            "https://\u{fc}:99999/",
            &long_ascii,
            &long_idn,
            &long_pct,
        ] {
            let expected = crate::Url::parse(s).is_ok();
            if let Some(answer) = parses(s) {
                assert_eq!(answer, expected, "{s:?}");
            }
            if special_authority_parses(s) == Some(true) {
                assert!(expected, "{s:?}");
            }
        }
        assert_eq!(parses(&long_ascii), Some(true));
        // Tabs and newlines are skipped where they are, whatever the input's length.
        let long_query = alloc::format!("http://h\t:1/?{}", "q".repeat(5000));
        assert_eq!(parses(&long_query), Some(true));
        let long_path = alloc::format!("http://h\t:1/{}", "p".repeat(5000));
        assert_eq!(parses(&long_path), Some(true));
        assert_eq!(parses(&long_pct), Some(true));
        assert!(parses(&long_idn).is_some());
        // Many labels, percent-encoded, tabs: decided, chunk by chunk.
        let many = alloc::format!("http://{}/", ["%C3%BC"; 400].join(".\t"));
        assert_eq!(parses(&many), Some(true));
        let bidi = alloc::format!("http://1a.{}.\u{5D0}/", ["b\u{fc}"; 30].join("."));
        assert_eq!(parses(&bidi), Some(false));
        // A single percent-encoded label beyond the stack buffer: the full parser decides.
        let long_pct_idn = alloc::format!("http://%C3%BC{}/", "%61".repeat(1100));
        assert_eq!(parses(&long_pct_idn), None);
    }

    /// Tabs and newlines anywhere: skipped as the parser removes them.
    #[test]
    fn tabs_and_newlines_agree_with_the_parser() {
        let inputs = [
            "http://h/",
            "https://u:p@b\u{fc}.de:8080/x?q#f",
            "http://1.2.3.4:65535/",
            "http://[::1]:1/",
            "sc://u@h:9/p",
            "file://h/x",
            "file://c:/x",
            "file://a b/",
            "http://a b/",
            "http://h:65536/",
            "http://u@/",
            "http://:1/",
            "sc://u@/",
            "http://%C3%BC.%31/",
        ];
        for input in inputs {
            for i in 0..input.len() {
                for t in ["\t", "\n", "\r\n"] {
                    if !input.is_char_boundary(i) {
                        continue;
                    }
                    let s = alloc::format!("{}{t}{}", &input[..i], &input[i..]);
                    assert_eq!(parses(&s), Some(crate::Url::parse(&s).is_ok()), "{s:?}");
                }
            }
        }
    }

    /// `Url::can_parse` with a base (allocation-free from the base's scheme and path kind
    /// and this module's check without a base) answers as parsing against the base does.
    #[test]
    fn with_a_base_agrees_with_the_parser() {
        let bases = [
            "http://h/a/b",
            "HTTPS://H:1/",
            "ht\ttp://h/",
            "  ws://h",
            "sc://h/p",
            "sc:/p",
            "sc:",
            "mailto:x",
            "m\tailto:x",
            "sc:\t/p",
            "file:///x",
            "file:///C:/dir/f",
            "file://host/share",
            "file://localhost/x",
            "FILE:/x",
            "file:",
            "file:c|/x",
            "fi\tle://h/",
            "file:\\\\h\\p",
            "  file://[::1]/",
            "file://a b/",
            "http://a b/",
            "x",
            "",
        ];
        let inputs = [
            "",
            " ",
            "\t",
            "#f",
            "\t#f",
            "?q",
            "/p",
            "x",
            "../y",
            "//h/p",
            "//a b/",
            "\\\\h",
            "\\/a b",
            "/\\a b",
            "//",
            "///x",
            "//h:99999",
            "//u@",
            "//[::1]/",
            "//[::g]/",
            "/\t/a b",
            "http:x",
            "http:/x",
            "HTTP:\\\\a b",
            "http://a b",
            "ht\ttp:a b",
            "https:a b",
            "sc:a b",
            "sc://a b",
            "mailto:y",
            "file:x",
            "file://a b/",
            "a b:c",
            "1a:b",
            "wss://h:99999",
            "//c:/x",
            "//C|/x",
            "//c\t:/x",
            "\\\\h\\s",
            "//\t/x",
            "//h\t o/",
            "//h\to/",
            "//localhost/",
            "//%C3%BC/",
            "//\u{fc}/",
            "//%zz/",
            "//1.2.3.4.5/",
            "//0x100000000/",
            "//h:1/",
            "//u@h/",
            "c:/x",
            "/c:/x",
            "c|",
            "..",
            "file:c:",
            "file:/\\a b",
            "file:\t//\u{5D0}.1a/",
            "//a.1a.\u{5D0}/",
            " //a b/ ",
            "//a/ ",
            "//a \t",
        ];
        for base in bases {
            for input in inputs {
                let parsed = crate::Url::parse(base)
                    .is_ok_and(|b| crate::Url::parse_with_base(input, Some(&b)).is_ok());
                assert_eq!(
                    crate::Url::can_parse(input, Some(base)),
                    parsed,
                    "{input:?} {base:?}"
                );
            }
        }
    }

    /// Pseudo-random inputs of up to 12 pieces (slashes of both kinds, tabs, drive letters,
    /// credentials, ports, brackets, percent-escapes, non-ASCII and RTL labels, schemes)
    /// against bases of every kind, `file:` ones included, and without a base: `can_parse`
    /// answers as parsing does.
    #[test]
    fn random_inputs_with_and_without_bases_agree_with_the_parser() {
        const PIECES: [&str; 32] = [
            "/",
            "/",
            "\\",
            "\t",
            "\n",
            "c:",
            "C|",
            "h",
            "a b",
            "%C3%BC",
            "\u{fc}",
            "\u{5D0}",
            "1a",
            ".",
            "@",
            ":",
            "99999",
            "1",
            "[",
            "]",
            "::1",
            "?",
            "#",
            "file:",
            "http:",
            "sc:",
            "localhost",
            "%",
            " ",
            "0x7f",
            "xn--a",
            "\u{3002}",
        ];
        const BASES: [&str; 10] = [
            "file:///C:/d/f",
            "file://h/s/",
            "file:",
            "http://h/a/b",
            "sc://h/p",
            "sc:/p",
            "sc:x",
            "https://\u{fc}/",
            "fi\tle:\\\\c:",
            "http://a b/",
        ];
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        let mut input = alloc::string::String::new();
        for _ in 0..30_000 {
            input.clear();
            for _ in 0..1 + next() % 12 {
                input.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
            let base = BASES[(next() % BASES.len() as u64) as usize];
            let parsed = crate::Url::parse(base).is_ok_and(|b| b.join(&input).is_ok());
            assert_eq!(
                crate::Url::can_parse(&input, Some(base)),
                parsed,
                "{input:?} {base:?}"
            );
            let alone = crate::Url::parse(&input).is_ok();
            assert_eq!(crate::Url::can_parse(&input, None), alone, "{input:?}");
        }
    }

    /// Every host of up to four pieces from an alphabet of numbers, dots, percent-escapes and
    /// non-ASCII code points (fullwidth digits, ideographic full stop): the same answer.
    #[test]
    fn short_hosts_agree_with_the_parser() {
        const PIECES: [&str; 13] = [
            "0", "1", "9", "x", "F", ".", "%30", "%2E", "%C3%BC", "\u{FF18}", "\u{FF38}", "\u{3002}",
            "\u{fc}",
        ];
        let n = PIECES.len();
        let mut host = alloc::string::String::new();
        for len in 1..=4u32 {
            for mut k in 0..n.pow(len) {
                host.clear();
                for _ in 0..len {
                    host.push_str(PIECES[k % n]);
                    k /= n;
                }
                let url = alloc::format!("http://{host}/");
                assert_eq!(parses(&url), Some(crate::Url::parse(&url).is_ok()), "{url:?}");
            }
        }
    }
}

/// `parse_noting` says "as is" only when the href is the input byte for byte, and says it
/// for the plain canonical URL; "copied" when the fast path only folded case or added a root
/// path's `/`; its URL is `Url::parse`'s.
#[test]
fn parse_noting_tells_how_the_url_was_written() {
    use super::Noted::{AsIs, Copied, Parsed};
    for (input, want) in [
        ("https://example.com/a/b?q=1#f", AsIs),
        ("http://h:8080/x", AsIs),
        ("https://u:p@h/", AsIs),
        ("https://example.com", Copied),
        ("HTTPS://example.com/", Copied),
        ("https://Example.com/a?b", Copied),
        ("https://example.com?q", Copied),
        ("https://example.com/./a", Parsed),
        ("https://example.com/a b", Parsed),
        (" https://example.com/", Parsed),
        ("https://example.com/\t", Parsed),
        ("http://h:80/", Parsed),
        ("sc://h/x", Parsed),
        // A segment that starts with an escape is copied unless it is a dot segment.
        ("https://example.com/%7e", AsIs),
        ("https://example.com/.well-known/x", AsIs),
        ("https://example.com/%2E/a", Parsed),
        ("https://example.com/a/.%2e", Parsed),
    ] {
        let mut noted = Parsed;
        let url = super::parse_noting(input, String::from("old contents"), &mut noted);
        assert_eq!(
            url.as_ref().ok().map(Url::as_str),
            Url::parse(input).ok().as_ref().map(Url::as_str),
            "{input:?}"
        );
        assert_eq!(noted, want, "{input:?}");
        if noted == AsIs {
            assert_eq!(url.unwrap().as_str(), input);
        }
        if noted != Parsed {
            // Copied or as is: the parser reports on such an input only what it reports on
            // a canonical one (here: credentials).
            let reported = parse_reporting(input, None).1;
            assert!(
                reported.iter().all(|&(k, _)| k == ErrorKind::InvalidCredentials),
                "{input:?}: {reported:?}"
            );
        }
    }
}
