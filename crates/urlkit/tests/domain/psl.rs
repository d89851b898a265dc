//! `../shared/conformance/psl/test_psl.txt`, every line, with the built-in list and with the
//! conformance copy of the list loaded at run time.

use crate::common;
use urlkit::domain::{List, Section};

/// A `checkPublicSuffix(domain, expected)` call: line number, arguments (`None` for `null`).
type Check = (usize, Option<String>, Option<String>);

fn checks() -> Option<Vec<Check>> {
    let path = common::conformance_file("psl/test_psl.txt")?;
    let text = std::fs::read_to_string(&path).expect("test_psl.txt");
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let args = line
            .strip_prefix("checkPublicSuffix(")
            .and_then(|l| l.strip_suffix(");"))
            .unwrap_or_else(|| panic!("line {}: not a checkPublicSuffix call: {line}", n + 1));
        let (a, b) = args.split_once(", ").expect("two arguments");
        let arg = |s: &str| match s {
            "null" => None,
            s => Some(
                s.strip_prefix('\'')
                    .and_then(|s| s.strip_suffix('\''))
                    .expect("quoted")
                    .to_owned(),
            ),
        };
        out.push((n + 1, arg(a), arg(b)));
    }
    common::note_cases("psl/test_psl.txt", out.len());
    Some(out)
}

fn run(checks: &[Check], list: &List, what: &str) {
    let mut failures = Vec::new();
    for (line, input, expected) in checks {
        let got = input
            .as_deref()
            .and_then(|h| list.split(h))
            .and_then(|p| p.registrable_domain().map(str::to_owned));
        if &got != expected {
            failures.push(format!(
                "line {line}: {input:?} gave {got:?}, expected {expected:?}"
            ));
        }
    }
    assert!(checks.len() >= 75, "only {} checks read", checks.len());
    assert!(
        failures.is_empty(),
        "{what}: {} of {} failed:\n{}",
        failures.len(),
        checks.len(),
        failures.join("\n")
    );
}

/// With the built-in list, and with the conformance copy of the list parsed at run time.
#[test]
fn test_psl() {
    let Some(checks) = checks() else { return };
    run(&checks, List::builtin(), "built-in list");
    let path = common::conformance_file("psl/public_suffix_list.dat").expect("beside test_psl.txt");
    let list = List::parse(&std::fs::read_to_string(path).unwrap()).expect("the list parses");
    run(&checks, &list, "conformance list");
}

#[test]
fn builtin_list_has_a_version_and_both_sections() {
    let list = List::builtin();
    assert!(
        list.version().is_some_and(|v| v.starts_with("20")),
        "{:?}",
        list.version()
    );
    assert_eq!(list.split("example.com").unwrap().section(), Section::Icann);
    assert_eq!(list.split("a.github.io").unwrap().section(), Section::Private);
}

/// The URL Standard's table of examples (https://url.spec.whatwg.org/#example-host-psl), for
/// the ASCII hosts a parsed URL has.
#[test]
fn url_standard_examples() {
    let cases = [
        ("com", "com", None),
        ("example.com", "com", Some("example.com")),
        ("www.example.com", "com", Some("example.com")),
        ("sub.www.example.com", "com", Some("example.com")),
        ("EXAMPLE.COM", "com", Some("example.com")),
        ("example.com.", "com.", Some("example.com.")),
        ("github.io", "github.io", None),
        ("whatwg.github.io", "github.io", Some("whatwg.github.io")),
        ("xn--kgbechtv", "xn--kgbechtv", None),
        (
            "example.xn--kgbechtv",
            "xn--kgbechtv",
            Some("example.xn--kgbechtv"),
        ),
        (
            "sub.example.xn--kgbechtv",
            "xn--kgbechtv",
            Some("example.xn--kgbechtv"),
        ),
    ];
    for (host, suffix, reg) in cases {
        let p = urlkit::domain::split(host).unwrap_or_else(|| panic!("{host}"));
        assert_eq!(
            (p.public_suffix(), p.registrable_domain()),
            (suffix, reg),
            "{host}"
        );
    }
    let ipv6 = urlkit::Url::parse("http://[2001:0db8:85a3:0000:0000:8a2e:0370:7334]/").unwrap();
    assert!(List::builtin().split_host(ipv6.host().unwrap()).is_none());
}

#[test]
fn not_domains() {
    for host in [
        "",
        ".",
        "..",
        ".com",
        "a..com",
        "a.b..com",
        "..a.com",
        "1.2.3.4",
        "example.0x1f",
        "example.12.",
        "[::1]",
        ".a.b.",
    ] {
        assert!(urlkit::domain::split(host).is_none(), "{host:?}");
    }
    // A single label is a public suffix by the default rule.
    let p = urlkit::domain::split("localhost").unwrap();
    assert_eq!(
        (p.public_suffix(), p.registrable_domain(), p.section()),
        ("localhost", None, Section::Unlisted)
    );
    assert_eq!(
        urlkit::domain::split("localhost.").unwrap().public_suffix(),
        "localhost."
    );
}

#[test]
fn unicode_and_mixed_forms() {
    let list = List::builtin();
    // Unicode in, Unicode out (after ToUnicode: mapped, lower-cased, full-width dots).
    let p = list.split("WWW.食狮。公司.CN").unwrap();
    assert_eq!(
        (p.subdomain(), p.registrable_domain(), p.public_suffix()),
        (Some("www"), Some("食狮.公司.cn"), "公司.cn")
    );
    // Punycode labels mixed with Unicode ones come back in Unicode.
    assert_eq!(
        list.split("食狮.xn--55qx5d.cn").unwrap().registrable_domain(),
        Some("食狮.公司.cn")
    );
    // ASCII in, ASCII out.
    assert_eq!(
        list.split("www.xn--85x722f.xn--55qx5d.cn")
            .unwrap()
            .registrable_domain(),
        Some("xn--85x722f.xn--55qx5d.cn")
    );
    assert!(list.split("xn--55qx5d.cn").unwrap().icann());
}

#[test]
fn borrowed_when_canonical() {
    let host = String::from("a.b.example.co.uk");
    let parts = urlkit::domain::split(&host).unwrap();
    assert!(std::ptr::eq(parts.host().as_ptr(), host.as_ptr()));
    assert!(matches!(
        parts.into_registrable_domain(),
        Some(std::borrow::Cow::Borrowed("example.co.uk"))
    ));
}

#[test]
fn parse_errors_name_the_line() {
    for (dat, line) in [("com\n\n!\n", 3), ("*.a.*.b\n", 1), ("a..b", 1), ("ok\n*.\n", 2)] {
        let err = List::parse(dat).err().unwrap_or_else(|| panic!("{dat:?} parsed"));
        assert_eq!(err.line(), line, "{dat:?}: {err}");
    }
    // Text after white space is a comment, as the format says.
    let list = List::parse("foo.bar some words\n").unwrap();
    assert_eq!(list.split("x.foo.bar").unwrap().public_suffix(), "foo.bar");
}

/// Fuzzing (`domain_split`, finding F5): a Punycode label that decodes to another `xn--`
/// label (with a NUL) gave a Unicode host whose own split was `None`. Splitting the host a
/// split returns gives the same parts, and a host without a stable Unicode form has none.
#[test]
fn the_split_host_splits_the_same() {
    assert!(urlkit::domain::split("xn--xn--vw\0wpzp2?p--wpiA\u{3002}").is_none());
    for host in [
        "XN--BCHER-KVA.Example.CO.UK",
        "bücher.example。com",
        "a.b.example.com",
    ] {
        let parts = urlkit::domain::split(host).unwrap();
        assert_eq!(
            urlkit::domain::split(parts.host()).as_ref(),
            Some(&parts),
            "{host:?}"
        );
    }
}
