//! The linter's shortcuts do not hide findings. Each shortcut lets a check decide cheaply
//! that it cannot fire; for each, an input the shortcut lets through must still be flagged:
//!
//! - a canonical input (or one missing only its root `/`) is parsed once, without a
//!   validation-error listener, unless it has credentials, a byte that is not a URL unit or
//!   a domain strict UTS 46 may refuse;
//! - an input with a byte that is not a URL unit is parsed once, with the listener;
//! - one scan of a canonical input's bytes decides whether the percent-escape checks run;
//! - one pass over the domain (eight bytes at a time) decides the strict-UTS 46 question,
//!   whether the IDN checks run (an `xn--` label) and whether a label is too long;
//! - the differential check is skipped for canonical inputs that RFC 3986 accepts, and the
//!   strict parse itself for canonical inputs whose every byte is a URI character;
//! - schemes, hosts and credentials are ruled out by a first byte, a domain, a flag;
//! - a canonical input's spans are its URL's offsets, not a scan.
//!
//! (Debug builds also assert that the domain pass agrees with `surely_strict_ascii` and
//! with a byte-by-byte pass, that a skipped differential check would have found nothing,
//! that a skipped strict parse would have succeeded and that the spans taken from the URL
//! are those a scan finds, on every input the tests lint.)

use crate::{codes, find, not_raised, parser_errors, raised};
use urlkit::lint::{lint, Code, Severity};

/// The validation errors the linter reports on `input`.
fn linter_errors(input: &str) -> Vec<(&'static str, usize)> {
    crate::linter_errors(&lint(input))
}

/// Asserts that the linter reports exactly the parser's validation errors, and some.
#[track_caller]
fn reports_the_parsers_errors(input: &str) {
    let expected = parser_errors(input);
    assert!(
        !expected.is_empty(),
        "{input:?} was meant to have validation errors"
    );
    assert_eq!(linter_errors(input), expected, "{input:?}");
}

fn canonical(input: &str) -> bool {
    urlkit::Url::parse(input).is_ok_and(|u| u.as_str() == input)
}

#[test]
fn canonical_inputs_that_can_hold_validation_errors_are_listened_to() {
    // Each is written as the parser serializes it, so only the listener finds its errors.
    for input in [
        // Credentials.
        "https://user:secret@example.com/",
        "https://:secret@example.com/",
        // Code points that are not URL units, which the serializer leaves alone.
        "https://example.com/?a=|b",
        "https://example.com/?a=[b]^c",
        "https://example.com/#a#b",
        "https://example.com/a%zz",
        // Domains strict UTS 46 refuses: not LDH, a label over 63 bytes, a name over 253.
        "https://a_b.example.com/",
        &format!("https://{}.com/", "a".repeat(64)),
        &format!("https://{}com/", "abcdefghi.".repeat(26)),
    ] {
        assert!(canonical(input), "{input:?} is not canonical");
        reports_the_parsers_errors(input);
    }
    raised("https://:secret@example.com/", Code::Password);
    raised(&format!("https://{}.com/", "a".repeat(64)), Code::ExcessiveLength);
}

#[test]
fn inputs_missing_only_the_root_slash_count_as_canonical_and_are_still_checked() {
    // `http://h` serializes as `http://h/`: the same findings as with the slash.
    for (input, code) in [
        ("http://user:pw@example.com", Code::Password),
        ("http://example.com:25", Code::OtherProtocolPort),
        ("https://example.com:8443", Code::NonDefaultPort),
        ("http://localhost", Code::LocalhostName),
        ("http://127.0.0.1", Code::InternalAddress),
        ("https://xn--pple-43d.com", Code::IdnConfusable),
        ("file://server", Code::FileScheme),
    ] {
        raised(input, code);
        let slash = format!("{input}/");
        let without: Vec<_> = lint(input).iter().map(|f| (f.code(), f.span())).collect();
        let with: Vec<_> = lint(&slash).iter().map(|f| (f.code(), f.span())).collect();
        assert_eq!(without, with, "{input:?} and {slash:?}");
    }
    reports_the_parsers_errors("http://user:pw@example.com");
    reports_the_parsers_errors("http://a_b.example.com");
    // Not the root path alone: `http://h?q` gets its slash inside, and is listened to.
    for input in [
        "https://example.com?q=1",
        "https://user@example.com?q=1",
        "https://a_b.example?q",
    ] {
        assert_eq!(linter_errors(input), parser_errors(input), "{input:?}");
    }
}

#[test]
fn inputs_with_bytes_that_are_not_url_units_are_parsed_once_with_the_listener() {
    for input in [
        "https://example.com/{x}",
        "https://example.com/a b",
        " https://example.com/",
        "https://example.com/\ta",
        "https:\\\\example.com\\a",
        "https://exa mple.com/",
    ] {
        reports_the_parsers_errors(input);
    }
    raised("https://exa mple.com/", Code::NotAUrl);
    raised("https:\\\\example.com\\a", Code::ParserDifferential);
}

#[test]
fn the_byte_scan_lets_no_escape_through() {
    // Canonical inputs: the scan of the bytes decides whether the escape checks run.
    for (input, code, text) in [
        ("https://example.com/?a=%0d%0a", Code::EncodedLineBreak, "%0d%0a"),
        ("https://example.com/#a%0A", Code::EncodedLineBreak, "%0A"),
        ("https://example.com/a%00", Code::EncodedLineBreak, "%00"),
        ("https://example.com/a%1b", Code::EncodedControl, "%1b"),
        ("https://example.com/?%7F", Code::EncodedControl, "%7F"),
        ("https://example.com/a%2Fb", Code::EncodedPathSeparator, "%2F"),
        ("https://example.com/a%5cb", Code::EncodedPathSeparator, "%5c"),
        ("https://example.com/a%252fb", Code::DoubleEncoding, "%252f"),
        ("https://example.com/?a=%2541", Code::DoubleEncoding, "%2541"),
        // Shorter than a vector block: the table scan.
        ("http://h/%0a", Code::EncodedLineBreak, "%0a"),
        ("http://h/%2f", Code::EncodedPathSeparator, "%2f"),
        // An escape after many plain bytes, past several vector blocks.
        (
            "https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%0d",
            Code::EncodedLineBreak,
            "%0d",
        ),
    ] {
        assert!(canonical(input), "{input:?} is not canonical");
        assert_eq!(raised(input, code), text, "{input:?}");
    }
    // Separators only count in the path, and the scan agrees.
    not_raised("https://example.com/?a=%2Fb", Code::EncodedPathSeparator);
    not_raised("https://example.com/#%5c", Code::EncodedPathSeparator);
    // Dot segments are never canonical (the parser removes them), but still flagged.
    assert_eq!(
        raised("https://example.com/a/%2e%2e/b", Code::EncodedDotSegment),
        "%2e%2e"
    );
    assert_eq!(raised("http://h/.%2E/", Code::EncodedDotSegment), ".%2E");
    // RFC 1738 views read the decoded parts when the scan saw a line break.
    raised("ftp://h/a%0d%0aDELE%20x", Code::Rfc1738Smuggling);
}

#[test]
fn repeated_escapes_are_counted_not_dropped() {
    let input = "https://play.example/?code=a%0Ab%0Ac%0Ad%09e%09";
    let f = find(input, Code::EncodedLineBreak).expect("a line break finding");
    assert_eq!(&input[f.span()], "%0A");
    assert!(f.message().contains("(3 in the query)"), "{}", f.message());
    assert_eq!(f.severity(), Severity::Note, "form data in a special url's query");
    let c = find(input, Code::EncodedControl).expect("a control finding");
    assert!(c.message().contains("(2 in the query)"), "{}", c.message());
    // Adjacent escapes make one finding naming each.
    let f = find("http://h/a%0d%0a", Code::EncodedLineBreak).expect("cr lf");
    assert_eq!(f.message(), "percent-encoded cr lf in the path");
    assert_eq!(f.severity(), Severity::Error);
}

#[test]
fn the_domain_pass_finds_idn_and_length_trouble() {
    // An `xn--` label anywhere, first or not, sends the domain to the IDN checks.
    for input in [
        "https://xn--pple-43d.com/",
        "https://www.xn--pple-43d.com/",
        "https://xn--pple-43d.com./",
    ] {
        assert!(codes(input).contains(&"L072"), "{input:?}: {:?}", codes(input));
    }
    // No `xn--` label: an ASCII domain is never an IDN finding.
    for code in [Code::IdnConfusable, Code::IdnMixedScript, Code::IdnRestricted] {
        not_raised("https://xn-pple.com/", code);
        not_raised("https://apple.com/", code);
    }
    // Long labels and names, canonical or not.
    raised(
        &format!("https://a.{}.com/", "b".repeat(64)),
        Code::ExcessiveLength,
    );
    raised(&format!("https://{}.com", "b".repeat(64)), Code::ExcessiveLength);
    not_raised(&format!("https://{}.com/", "b".repeat(63)), Code::ExcessiveLength);
    // The pass reads eight bytes at a time: dots, long labels and `xn--` labels at and
    // across word boundaries, and a short last word.
    for (host, code) in [
        ("abcdefg.xn--pple-43d.com", Code::IdnConfusable),
        ("abcdefgh.xn--pple-43d.com", Code::IdnConfusable),
        ("a.b.c.d.e.f.g.xn--pple-43d.com", Code::IdnConfusable),
        ("xn--pple-43d.com", Code::IdnConfusable),
        (&format!("abcdefg.{}.com", "b".repeat(64)), Code::ExcessiveLength),
        (&format!("{}.c", "b".repeat(71)), Code::ExcessiveLength),
        (&format!("{}.xy", "b".repeat(64)), Code::ExcessiveLength),
    ] {
        raised(&format!("https://{host}/"), code);
    }
    for host in [
        "abcdefgh.com",
        "abcdefghijklmnop.com",
        "a-b.c-d.e",
        &format!("{}.com", "b".repeat(63)),
    ] {
        not_raised(&format!("https://{host}/"), Code::ExcessiveLength);
        not_raised(&format!("https://{host}/"), Code::IdnConfusable);
    }
    // Not strict (a label with a hyphen at an end, an `_`), in the first word or a later
    // one: listened to, so the parser's errors are reported.
    for host in ["a-.example.com", "abcdefghij.b-.com", "abcdefghij.a_b.com"] {
        reports_the_parsers_errors(&format!("https://{host}/"));
    }
    // A byte outside LDH (`_`, the braces of an endpoint template) in an eight-byte word
    // makes the domain not strict; the labels are still found from the dots, before and
    // after it, and still tell `xn--` labels and long ones.
    for (host, code) in [
        ("a_b.xn--pple-43d.com", Code::IdnConfusable),
        ("{region}.xn--pple-43d.com", Code::IdnConfusable),
        ("xn--pple-43d.com.a_b", Code::IdnConfusable),
        (&format!("x_y.{}.com", "b".repeat(64)), Code::ExcessiveLength),
        (&format!("{}_.c", "b".repeat(70)), Code::ExcessiveLength),
    ] {
        raised(&format!("https://{host}/"), code);
    }
    for host in ["s3.{region}.amazonaws.com", "a_b.example.com", "{x}.y"] {
        not_raised(&format!("https://{host}/"), Code::ExcessiveLength);
        not_raised(&format!("https://{host}/"), Code::IdnConfusable);
        reports_the_parsers_errors(&format!("https://{host}/"));
    }
}

#[test]
fn first_byte_and_flag_shortcuts_keep_their_findings() {
    for (input, code) in [
        ("javascript:alert(1)", Code::ScriptScheme),
        ("JavaScript:alert(1)", Code::ScriptScheme),
        ("vbscript:msgbox", Code::ScriptScheme),
        ("data:,x", Code::DataScheme),
        ("file:///etc/passwd", Code::FileScheme),
        ("https://localhost./", Code::LocalhostName),
        ("https://a.localhost/", Code::LocalhostName),
        ("http://[::ffff:127.0.0.1]/", Code::EmbeddedIpv4),
        ("http://[::1]/", Code::InternalAddress),
        ("http://169.254.169.254/", Code::InternalAddress),
        ("gopher://0x7f.1/", Code::Ipv4Form),
        ("https://user@example.com/", Code::Username),
        ("https://bank.example@evil.example/", Code::UserinfoLikeHost),
    ] {
        raised(input, code);
    }
    not_raised("https://jam.example/", Code::ScriptScheme);
    not_raised("ftp://files.example/", Code::FileScheme);
}

#[test]
fn non_canonical_inputs_still_get_the_differential() {
    // The skip applies to canonical inputs only: these are not.
    for input in [
        "http://evil.com\\@good.com/",
        "http:/example.com/a",
        "http://example.com/a/%2e%2e/b",
    ] {
        assert!(!canonical(input));
        assert!(codes(input).contains(&"L050"), "{input:?}: {:?}", codes(input));
    }
}

#[test]
fn canonical_inputs_rfc_3986_rejects_still_get_its_note() {
    // The strict parse of a canonical input is skipped only when every byte is an RFC 3986
    // character where the grammar allows it; these canonical inputs hold one that is not.
    for (input, text) in [
        ("https://example.com/?a=|b", ""),
        ("https://example.com/a[b]", ""),
        ("https://example.com/a%zz", ""),
        ("https://example.com/#a#b", ""),
        ("https://example.com/?a^b", ""),
        ("foo://h/a|b", ""),
        ("foo:a{b", ""),
    ] {
        assert!(canonical(input), "{input:?} is not canonical");
        assert_eq!(raised(input, Code::NotRfc3986), text, "{input:?}");
    }
    // Canonical and made of URI characters only: a URI, so no note.
    for input in [
        "https://example.com/a;b='c'/@x:y?q=!$&()*+,;=/?:@#f/?:@",
        "http://u:p@h.example:8080/%41~_-.",
        "foo:a:b/c",
        "foo://h",
        "web+x:/.//p",
        "file:///etc/hosts",
        "http://[::1]/",
    ] {
        assert!(canonical(input), "{input:?} is not canonical");
        not_raised(input, Code::NotRfc3986);
    }
}

#[test]
fn loopback_names_are_told_by_their_length_and_opaque_hosts_by_a_look() {
    // `*.localhost` at every length, and the other names, whatever the case.
    for n in 1..=24 {
        let host = format!("{}.localhost", "a".repeat(n));
        assert_eq!(raised(&format!("http://{host}/"), Code::LocalhostName), host);
        assert!(urlkit::lint::is_localhost_name(&host.to_uppercase()), "{host:?}");
    }
    for name in [
        "localhost",
        "ip6-localhost",
        "ip6-loopback",
        "localhost.localdomain",
        "LocalHost.",
        "localhost4",
        "localhost6.",
        "localhost4.localdomain4",
        "LOCALHOST6.LOCALDOMAIN6",
    ] {
        assert!(urlkit::lint::is_localhost_name(name), "{name:?}");
    }
    for name in [
        "ip6-loopbacl",
        "xlocalhost",
        "a-localhost",
        "localhost.localdomaim",
        "ab.localhosx",
        "localhost4.localdomain6",
        "localhost6.localdomain4",
        "localhost46",
        "a.localhost4",
        "localdomain4",
    ] {
        assert!(!urlkit::lint::is_localhost_name(name), "{name:?}");
    }
    // An opaque host is read as a special host would be: numbers, escapes and loopback
    // names go to the host parser; plain names cannot be a finding.
    for (input, code) in [
        ("foo://localhost/", Code::LocalhostName),
        ("foo://A.LocalHost/", Code::LocalhostName),
        ("foo://%6cocalhost/", Code::LocalhostName),
        ("foo://127.0.0.1/", Code::InternalAddress),
        ("foo://0X7F.1/", Code::Ipv4Form),
        ("foo://0x7f000001./", Code::Ipv4Form),
        ("foo://%31%32%37.0.0.1/", Code::InternalAddress),
    ] {
        raised(input, code);
    }
    for input in [
        "foo://example.com/",
        "foo://a_b.example/",
        "foo://xn--pple-43d.com/",
    ] {
        for code in [Code::LocalhostName, Code::InternalAddress, Code::Ipv4Form] {
            not_raised(input, code);
        }
    }
}
