//! RFC 3986 §6 normalization and equivalence, RFC 1630's encoding examples, RFC 5952 IPv6.

use proptest::prelude::*;
use urlkit::rfc3986::{equivalent, Rule, Uri, UriRef};

use crate::common;

fn norm(s: &str) -> String {
    UriRef::parse(s)
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .normalized()
        .into_string()
}

fn equiv(a: &str, b: &str) -> bool {
    equivalent(&UriRef::parse(a).unwrap(), &UriRef::parse(b).unwrap())
}

#[test]
fn rfc3986_section_6_2_2_example() {
    assert_eq!(
        norm("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"),
        "example://a/b/c/%7Bfoo%7D"
    );
    assert!(equiv(
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
    ));
}

#[test]
fn rfc3986_section_6_2_3_http_forms() {
    let forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for f in forms {
        assert_eq!(norm(f), "http://example.com/", "{f}");
    }
    assert!(!equiv("http://example.com/?", "http://example.com/"));
    assert!(!equiv("http://example.com/#", "http://example.com/"));
    // Unknown schemes keep their empty path; known ports come from the registry.
    assert_eq!(norm("foo://h"), "foo://h");
    assert_eq!(norm("gopher://h:70"), "gopher://h/");
    assert_eq!(norm("ssh://h:22/x"), "ssh://h/x");
    assert_eq!(norm("http://h:0081/"), "http://h:81/");
    assert_eq!(norm("http://h:99999/"), "http://h:99999/");
    assert_eq!(norm("mailto:A@B.example"), "mailto:A@B.example");
}

#[test]
fn rfc1630_encoding_examples() {
    assert!(equiv(
        "http://info.cern.ch/albert/bertram/marie%2Dclaude",
        "http://info.cern.ch/albert/bertram/marie-claude"
    ));
    assert!(!equiv(
        "http://info.cern.ch/albert/bertram%2Fmarie-claude",
        "http://info.cern.ch/albert/bertram/marie-claude"
    ));
    for bad in [
        "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred",
        "news:12345667123%asdghfh@info.cern.ch",
    ] {
        let e = UriRef::parse(bad).unwrap_err();
        assert_eq!(e.expected(), Rule::HexDig, "{bad}");
    }
}

#[test]
fn case_and_percent_encoding() {
    assert_eq!(
        norm("HTTP://User@Example.COM/A%2fb%7E?Q%3d#F%aa"),
        "http://User@example.com/A%2Fb~?Q%3D#F%AA"
    );
    assert_eq!(norm("http://EX%41mple%2ecom/"), "http://example.com/");
    assert_eq!(norm("http://h/%2E%2E/%2e/a"), "http://h/a");
    assert_eq!(norm("http://[V1.AbC]/"), "http://[v1.abc]/");
}

#[test]
fn ipv6_rfc5952() {
    for (input, out) in [
        (
            "http://[2001:0DB8:0000:0000:0000:0000:0000:0001]/",
            "http://[2001:db8::1]/",
        ),
        ("http://[2001:db8:0:0:1:0:0:1]/", "http://[2001:db8::1:0:0:1]/"),
        ("http://[2001:db8::0:1]/", "http://[2001:db8::1]/"),
        ("http://[2001:db8:0:1:1:1:1:1]/", "http://[2001:db8:0:1:1:1:1:1]/"),
        ("http://[::FFFF:192.0.2.1]/", "http://[::ffff:192.0.2.1]/"),
        (
            "http://[0:0:0:0:0:ffff:c000:0201]:8080/",
            "http://[::ffff:192.0.2.1]:8080/",
        ),
        ("http://[FE80::0001%25En0]/", "http://[fe80::1%25En0]/"),
        ("http://[fe80::1%25%65n0]/", "http://[fe80::1%25en0]/"),
    ] {
        assert_eq!(norm(input), out, "{input}");
    }
}

#[test]
fn relative_references_keep_leading_dots() {
    assert_eq!(norm("../a/./b"), "../a/./b");
    assert_eq!(norm("/a/../b"), "/b");
    assert_eq!(norm("//H/a/.."), "//h/");
    let mut u = Uri::parse("A:b/../../c").unwrap();
    u.normalize();
    // What §5.2.2 resolution gives too: remove_dot_segments("b/../../c") is "/c".
    assert_eq!(u.as_str(), "a:/c");
    assert_eq!(
        Uri::parse("a:x").unwrap().join("A:b/../../c").unwrap().as_str(),
        "A:/c"
    );
}

/// Straightforward §6.2.2.1–2 percent-encoding normalization, char by char.
fn naive_pct(s: &str) -> String {
    let mut out = String::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let v = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap();
            if v.is_ascii_alphanumeric() || b"-._~".contains(&v) {
                out.push(v as char);
            } else {
                out.push_str(&format!("%{v:02X}"));
            }
            i += 3;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn idempotent_and_valid(s in "([Hh][Tt]{2}[Pp]:|[a-z]+:)?(//([a-zA-Z]|%[4-7][0-9a-fA-F]|\\[::[0-9a-fA-F]{1,4}\\]){0,3}(:[0-9]{0,3})?)?(/|\\.|\\.\\.|[a-zA-Z~]|%[0-7][0-9a-fA-F]){0,10}(\\?[a-z%2F]{0,4})?(#[a-z/]{0,3})?") {
        if let Ok(r) = UriRef::parse(&s) {
            let n = r.normalized();
            prop_assert_eq!(Uri::parse(n.as_str()).unwrap(), n.clone());
            prop_assert_eq!(n.as_ref().normalized(), n.clone());
            prop_assert!(equivalent(&r, &n.as_ref()));
        }
    }

    #[test]
    fn query_matches_naive_pct(q in "([a-zA-Z0-9/?:@]|%[0-9a-fA-F]{2}){0,16}") {
        let s = format!("s:?{q}");
        let n = norm(&s);
        prop_assert_eq!(n, format!("s:?{}", naive_pct(&q)));
    }
}

#[test]
fn realworld_normalization_is_idempotent() {
    let Some(lines) = common::dataset_lines("realworld.txt") else {
        return;
    };
    let mut n = 0;
    for line in &lines {
        let Ok(r) = UriRef::parse(line) else { continue };
        let once = r.normalized();
        let twice = once.as_ref().normalized();
        assert_eq!(once, twice, "{line}");
        assert!(equivalent(&r, &once.as_ref()), "{line}");
        n += 1;
    }
    assert!(n > 1000);
}
