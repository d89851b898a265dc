//! Each finding kind: raised on its input with the right span, and not raised on the
//! closest harmless inputs.

use crate::{codes, find, not_raised, raised};
use urlkit::lint::{lint, AddressClass, Code, Component, Detail, Embedding, Severity};

#[test]
fn codes_are_stable_and_documented() {
    // Never renumbered: this list only grows.
    let expected = [
        ("L001", "password"),
        ("L002", "username"),
        ("L010", "non-default-port"),
        ("L011", "other-protocol-port"),
        ("L020", "encoded-line-break"),
        ("L021", "encoded-control"),
        ("L022", "encoded-path-separator"),
        ("L023", "encoded-dot-segment"),
        ("L024", "double-encoding"),
        ("L025", "encoded-host"),
        ("L026", "raw-control"),
        ("L030", "ipv4-form"),
        ("L031", "internal-address"),
        ("L032", "embedded-ipv4"),
        ("L033", "localhost-name"),
        ("L040", "userinfo-like-host"),
        ("L041", "host-after-at"),
        ("L050", "parser-differential"),
        ("L051", "not-rfc3986"),
        ("L060", "validation-error"),
        ("L061", "not-a-url"),
        ("L070", "idn-mixed-script"),
        ("L071", "idn-restricted"),
        ("L072", "idn-confusable"),
        ("L073", "idn-deviation"),
        ("L080", "script-scheme"),
        ("L081", "data-scheme"),
        ("L082", "file-scheme"),
        ("L090", "excessive-length"),
        ("L100", "rfc1738-smuggling"),
        ("L200", "scheme-not-allowed"),
        ("L201", "port-not-allowed"),
        ("L202", "host-denied"),
        ("L203", "host-not-allowed"),
    ];
    for (code, name) in expected {
        let c = Code::from_code(code).unwrap_or_else(|| panic!("{code} is gone"));
        assert_eq!((c.as_str(), c.name()), (code, name));
        assert_eq!(Code::from_code(name), Some(c));
        assert!(!c.help().is_empty() && !c.help().ends_with('.'));
    }
    let docs = include_str!("../../src/lint/mod.rs");
    for c in Code::ALL {
        let listed = docs.contains(&format!("| {} | `{}` |", c.as_str(), c.name())) || c.as_str() >= "L200";
        assert!(listed, "{} is missing from the module docs' table", c.as_str());
    }
}

#[test]
fn messages_are_lower_case_without_a_trailing_dot() {
    for input in [
        "https://user:pw@аpple.com:25/%0d%0a",
        "http://0x7f.1/",
        "javascript:x",
        "http:\\\\a\\",
        // Found by the property test: a confusable host with a root dot.
        "http://а.//",
    ] {
        for f in lint(input) {
            let m = f.message();
            assert!(!m.ends_with('.'), "{m}");
            assert!(!m.starts_with(|c: char| c.is_uppercase()), "{m}");
        }
    }
}

#[test]
fn plain_urls_have_nothing_to_say() {
    for input in [
        "https://example.com/",
        "https://example.com/a/b?q=1",
        "http://www.example.org/index.html?x=1&y=2#top",
        "https://sub.domain.example.co.uk/p/a/t/h?query=string",
        "https://example.com/search?q=caf%C3%A9",
        "https://bücher.example/",
        "https://[2001:4860:4860::8888]/",
        "https://93.184.216.34/",
    ] {
        assert!(lint(input).is_empty(), "{input}: {:?}", lint(input));
    }
}

#[test]
fn credentials() {
    assert_eq!(
        raised("https://user:secret@example.com/", Code::Password),
        "secret"
    );
    assert_eq!(raised("https://:secret@example.com/", Code::Password), "secret");
    assert_eq!(raised("https://user@example.com/", Code::Username), "user");
    not_raised("https://user@example.com/", Code::Password);
    not_raised("https://user:secret@example.com/", Code::Username);
    for harmless in [
        "https://example.com/user:secret@x",
        "https://example.com/?u=user:pw@x",
        "https://example.com/#a:b@c",
        "mailto:user@example.com",
    ] {
        not_raised(harmless, Code::Password);
        not_raised(harmless, Code::Username);
    }
    assert_eq!(
        find("https://u:p@h/", Code::Password).unwrap().severity(),
        Severity::Error
    );
}

#[test]
fn ports() {
    assert_eq!(raised("http://example.com:8080/", Code::NonDefaultPort), "8080");
    assert_eq!(
        find("http://example.com:8080/", Code::NonDefaultPort)
            .unwrap()
            .severity(),
        Severity::Note
    );
    for (input, port, protocol) in [
        ("http://example.com:25/", 25, "smtp"),
        ("https://example.com:21/", 21, "ftp"),
        ("http://example.com:23/", 23, "telnet"),
        ("http://example.com:6667/", 6667, "irc"),
        ("http://example.com:6379/", 6379, "redis"),
        ("gopher://example.com:25/", 25, "smtp"),
        ("ws://example.com:110/", 110, "pop3"),
    ] {
        let f = find(input, Code::OtherProtocolPort).unwrap_or_else(|| panic!("{input}"));
        assert_eq!(&input[f.span()], port.to_string());
        assert_eq!(
            f.detail(),
            Some(&Detail::Port {
                port,
                protocol: Some(protocol)
            }),
            "{input}"
        );
        not_raised(input, Code::NonDefaultPort);
    }
    // A scheme on its own well-known port, and written default ports.
    for harmless in [
        "ftp://example.com:21/",
        "telnet://example.com:23/",
        "nntp://example.com:119/g",
        "http://example.com:80/",
        "https://example.com:443/",
        "http://example.com:0080/",
    ] {
        not_raised(harmless, Code::OtherProtocolPort);
        not_raised(harmless, Code::NonDefaultPort);
    }
    not_raised("https://example.com/:25", Code::OtherProtocolPort);
}

#[test]
fn encoded_controls() {
    let input = "http://example.com/a%0d%0aSet-Cookie:x";
    assert_eq!(raised(input, Code::EncodedLineBreak), "%0d%0a");
    assert!(find(input, Code::EncodedLineBreak)
        .unwrap()
        .message()
        .contains("cr lf in the path"));
    assert_eq!(
        find(input, Code::EncodedLineBreak).unwrap().severity(),
        Severity::Error
    );
    assert_eq!(raised("http://example.com/%00", Code::EncodedLineBreak), "%00");
    assert_eq!(raised("http://u%0A@example.com/", Code::EncodedLineBreak), "%0A");
    // In a web URL's query, form data: a note.
    let form = find("https://example.com/?text=a%0D%0Ab", Code::EncodedLineBreak).unwrap();
    assert_eq!(form.severity(), Severity::Note);
    assert_eq!(
        find("ftp://example.com/?x%0d", Code::EncodedLineBreak)
            .unwrap()
            .severity(),
        Severity::Note
    );
    assert_eq!(
        find("foo://example.com/?x%0d", Code::EncodedLineBreak)
            .unwrap()
            .severity(),
        Severity::Error
    );
    // Repeats in one component are counted in one finding; adjacent ones make one span.
    let many = lint("https://example.com/?a=%0A&b=%0A&c=%0D%0A");
    let breaks: Vec<_> = many
        .iter()
        .filter(|f| f.code() == Code::EncodedLineBreak)
        .collect();
    assert_eq!(breaks.len(), 1, "{breaks:?}");
    assert!(
        breaks[0].message().ends_with("(4 in the query)"),
        "{}",
        breaks[0].message()
    );
    let two = lint("ftp://h/a%0a/b?%0a");
    assert_eq!(
        two.iter().filter(|f| f.code() == Code::EncodedLineBreak).count(),
        2,
        "{two:?}"
    );
    assert_eq!(raised("http://example.com/%09x", Code::EncodedControl), "%09");
    assert_eq!(raised("http://example.com/%7F", Code::EncodedControl), "%7F");
    assert_eq!(raised("http://example.com/%1b", Code::EncodedControl), "%1b");
    for harmless in [
        "http://example.com/%20",
        "http://example.com/%0",
        "http://example.com/%0g",
        "http://example.com/%2D",
        "http://example.com/0d0a",
        "http://example.com/%250d",
    ] {
        not_raised(harmless, Code::EncodedLineBreak);
        not_raised(harmless, Code::EncodedControl);
    }
}

#[test]
fn raw_controls_are_judged_as_their_encoded_form() {
    for (input, span, severity) in [
        (
            "http://a.example/test\u{0}X-Injected:%20header",
            "\u{0}",
            Severity::Error,
        ),
        ("http://a.example/a\u{1}b", "\u{1}", Severity::Warning),
        ("http://a.example/a\u{7f}b", "\u{7f}", Severity::Warning),
        ("http://a.example/?q=a\u{0}b", "\u{0}", Severity::Error),
        ("http://a.example/#a\u{1b}[31m", "\u{1b}", Severity::Warning),
        ("http://u\u{0}@a.example/", "\u{0}", Severity::Error),
        ("foo:a\u{0}b", "\u{0}", Severity::Error),
        // Removed by the WHATWG parser, kept by readers that take the line as it is.
        ("http://a.example/a\r\nHost: b", "\r\n", Severity::Error),
        ("http://a.example/a\tb", "\t", Severity::Warning),
        // Not a URL to the WHATWG parser (a control in the host), but to others.
        ("http://127.0.0.1\u{0}.evil.example/", "\u{0}", Severity::Error),
    ] {
        let f = find(input, Code::RawControl).unwrap_or_else(|| panic!("{input:?}: {:?}", lint(input)));
        assert_eq!((&input[f.span()], f.severity()), (span, severity), "{input:?}");
        assert!(f.message().contains("control"), "{}", f.message());
    }
    // Around the URL, where the parser strips them before any component starts.
    for harmless in [
        "http://a.example/\n",
        " http://a.example/ ",
        "\u{0}http://a.example/",
        "http://a.example/a b",
        "http://a.example/é",
    ] {
        not_raised(harmless, Code::RawControl);
    }
}

#[test]
fn encoded_and_misplaced_hosts() {
    // A percent-encoded host: RFC 3986 readers keep the escapes, WHATWG readers decode them.
    for (input, decoded) in [
        ("http://%67%6f%6f%67%6c%65%2e%63%6f%6d", "google.com"),
        ("http://%65vil.example/", "evil.example"),
        ("https://ex%41mple.com/", "example.com"),
        ("https://u@%31%32%37.0.0.1:8080/", "127.0.0.1"),
    ] {
        let f = find(input, Code::EncodedHost).unwrap_or_else(|| panic!("{input}: {:?}", lint(input)));
        assert_eq!(f.severity(), Severity::Warning);
        assert!(f.message().contains(decoded), "{}", f.message());
        assert!(input[f.span()].contains('%'), "{input}");
    }
    for harmless in [
        "http://example.com/%41",
        "http://example.com/?h=%41",
        "foo://%41/",
    ] {
        not_raised(harmless, Code::EncodedHost);
    }
    // `?` or `#` right after the host, then `@`: a reader that ends the authority at `/` only
    // (older PHP `parse_url`) takes the host after the `@`.
    for (input, span, other) in [
        ("http://google.com#@evil.com/", "#@evil.com", "evil.com"),
        ("http://google.com?@evil.com/", "?@evil.com", "evil.com"),
        (
            "https://a.example:8080?x=1@127.0.0.1",
            "?x=1@127.0.0.1",
            "127.0.0.1",
        ),
        ("http://u@a.example#@b.example", "#@b.example", "b.example"),
    ] {
        let f = find(input, Code::HostAfterAt).unwrap_or_else(|| panic!("{input}: {:?}", lint(input)));
        assert_eq!(
            (&input[f.span()], f.severity()),
            (span, Severity::Warning),
            "{input}"
        );
        assert!(f.message().contains(other), "{}", f.message());
    }
    for harmless in [
        "http://google.com/#@evil.com/",
        "http://google.com/?@evil.com/",
        "https://example.com/?mail=a@example.org",
        "https://a.example?x=1#@a.example",
        "http://google.com#evil.com",
        "mailto:a@example.com?cc=b@example.com",
        "https:///issue?@action=redirect",
        "http:\\\\a.example?@b.example",
    ] {
        not_raised(harmless, Code::HostAfterAt);
    }
}

#[test]
fn encoded_separators_dots_and_double_encoding() {
    assert_eq!(
        raised("http://example.com/a%2fb", Code::EncodedPathSeparator),
        "%2f"
    );
    assert_eq!(
        raised("http://example.com/a%5Cb", Code::EncodedPathSeparator),
        "%5C"
    );
    // An encoded separator alone is a note (package names, DOIs): a traversal only with a
    // dot segment once decoded, then a warning.
    for (input, span, severity) in [
        ("http://example.com/a%2fb", "%2f", Severity::Note),
        ("https://registry.npmjs.org/@types%2fnode", "%2f", Severity::Note),
        ("https://doi.org/10.1000%2F182", "%2F", Severity::Note),
        ("https://example.com/a%2f.b%2f..c", "%2f", Severity::Note),
        ("http://example.com/a/..%2fetc/passwd", "%2f", Severity::Warning),
        (
            "http://example.com/static/..%5c..%5cwin.ini",
            "%5c",
            Severity::Warning,
        ),
        ("http://example.com/a%2F..%2Fb", "%2F", Severity::Warning),
        ("http://example.com/%2e%2e%2fx", "%2f", Severity::Warning),
        ("http://example.com/a/.%2fb", "%2f", Severity::Warning),
        ("http://example.com/x%2f..", "%2f", Severity::Warning),
    ] {
        let f =
            find(input, Code::EncodedPathSeparator).unwrap_or_else(|| panic!("{input}: {:?}", lint(input)));
        assert_eq!((&input[f.span()], f.severity()), (span, severity), "{input}");
    }
    // `\` separates segments of special URLs only.
    let f = find("foo://h/a/..%5cb", Code::EncodedPathSeparator).unwrap();
    assert_eq!(f.severity(), Severity::Note);
    not_raised("http://example.com/?next=%2Fadmin", Code::EncodedPathSeparator);
    not_raised("http://example.com/#%2F", Code::EncodedPathSeparator);
    not_raised("http://example.com/a/b", Code::EncodedPathSeparator);
    for (input, segment) in [
        ("http://example.com/a/%2e%2e/b", "%2e%2e"),
        ("http://example.com/a/.%2E/b", ".%2E"),
        ("http://example.com/a/%2e./b", "%2e."),
        ("http://example.com/%2e/b", "%2e"),
        ("http://example.com/a/%2e%2e", "%2e%2e"),
    ] {
        assert_eq!(raised(input, Code::EncodedDotSegment), segment);
    }
    for harmless in [
        "http://example.com/a/../b",
        "http://example.com/a/%2e%2ex/b",
        "http://example.com/a.%2ejs",
        "http://example.com/?p=%2e%2e",
        "http://example.com/%2e%2e%2e/",
    ] {
        not_raised(harmless, Code::EncodedDotSegment);
    }
    let f = find("http://example.com/%252e%252e/", Code::DoubleEncoding).unwrap();
    assert_eq!((f.span(), f.severity()), (19..24, Severity::Warning));
    assert_eq!(
        find("http://example.com/?u=%252F", Code::DoubleEncoding)
            .unwrap()
            .severity(),
        Severity::Note
    );
    for harmless in [
        "http://example.com/100%25",
        "http://example.com/%25zz",
        "http://example.com/%25%32%35",
    ] {
        not_raised(harmless, Code::DoubleEncoding);
    }
    // `%2525` is `%` encoded twice.
    assert_eq!(raised("http://example.com/%2525", Code::DoubleEncoding), "%2525");
}

#[test]
fn rare_ipv4_forms_with_the_address_meant() {
    for (input, host, meant) in [
        ("http://0x7f.1/", "0x7f.1", "127.0.0.1"),
        ("http://2130706433/", "2130706433", "127.0.0.1"),
        ("http://017700000001/", "017700000001", "127.0.0.1"),
        ("http://127.1/", "127.1", "127.0.0.1"),
        (
            "http://0xa9.254.0251.0xfe/",
            "0xa9.254.0251.0xfe",
            "169.254.169.254",
        ),
        ("http://10.1/", "10.1", "10.0.0.1"),
        ("http://8.8.2056/", "8.8.2056", "8.8.8.8"),
        ("http://1.2.3.4./", "1.2.3.4.", "1.2.3.4"),
    ] {
        let f = find(input, Code::Ipv4Form).unwrap_or_else(|| panic!("{input}"));
        assert_eq!(&input[f.span()], host);
        assert!(f.message().contains(meant), "{}", f.message());
        assert!(matches!(f.detail(), Some(Detail::Address { address, .. }) if address.to_string() == meant));
    }
    for harmless in [
        "http://1.2.3.4/",
        "http://10.0.0.1/",
        "http://1.2.3.4.example/",
        "http://0x7f.example/",
        "http://[::1]/",
    ] {
        not_raised(harmless, Code::Ipv4Form);
    }
}

#[test]
fn internal_addresses_by_class() {
    use AddressClass::*;
    for (input, class) in [
        ("http://127.0.0.1/", Loopback),
        ("http://127.255.0.9/", Loopback),
        ("http://10.9.8.7/", Private),
        ("http://172.16.0.1/", Private),
        ("http://172.31.0.1/", Private),
        ("http://192.168.0.1/", Private),
        ("http://100.64.0.1/", Shared),
        ("http://100.127.255.255/", Shared),
        ("http://169.254.169.254/", LinkLocal),
        ("http://0.0.0.0/", Unspecified),
        ("http://0/", Unspecified),
        ("http://224.0.0.251/", Multicast),
        ("http://255.255.255.255/", Broadcast),
        ("http://192.0.2.1/", Reserved),
        ("http://240.1.2.3/", Reserved),
        ("http://[::1]/", Loopback),
        ("http://[::]/", Unspecified),
        ("http://[fd12::1]/", Private),
        ("http://[fe80::1]/", LinkLocal),
        ("http://[ff05::2]/", Multicast),
        ("http://[2001:db8::5]/", Reserved),
        ("http://[::ffff:10.0.0.1]/", Private),
        ("http://[64:ff9b::169.254.169.254]/", LinkLocal),
        ("http://[2002:c0a8:101::]/", Private),
        ("http://[2001:0:1:2:3:4:80ff:fffe]/", Loopback),
        // The special-purpose registries' other blocks, first and last addresses.
        ("http://192.0.0.8/", Reserved),
        ("http://192.0.0.171/", Reserved),
        ("http://192.88.99.2/", Reserved),
        ("http://192.175.48.0/", Reserved),
        ("http://192.175.48.255/", Reserved),
        ("http://198.19.255.255/", Reserved),
        ("http://[100::]/", Reserved),
        ("http://[100::ffff:ffff:ffff:ffff]/", Reserved),
        ("http://[100:0:0:1::]/", Reserved),
        ("http://[100:0:0:1:ffff:ffff:ffff:ffff]/", Reserved),
        ("http://[2001:1::1]/", Reserved),
        ("http://[2001:1::3]/", Reserved),
        ("http://[2001:2::]/", Reserved),
        ("http://[2001:2:0:ffff:ffff:ffff:ffff:ffff]/", Reserved),
        ("http://[2001:3::1]/", Reserved),
        ("http://[2001:4:112::1]/", Reserved),
        ("http://[2001:10::1]/", Reserved),
        ("http://[2001:20::1]/", Reserved),
        ("http://[2001:3f:ffff::1]/", Reserved),
        ("http://[2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff]/", Reserved),
        ("http://[2620:4f:8000::1]/", Reserved),
        ("http://[3fff::]/", Reserved),
        ("http://[3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff]/", Reserved),
        ("http://[5f00::1]/", Reserved),
        ("http://[5f00:ffff::1]/", Reserved),
        ("http://[fec0::1]/", Reserved),
    ] {
        let f = find(input, Code::InternalAddress).unwrap_or_else(|| panic!("{input}: {:?}", lint(input)));
        assert!(
            matches!(f.detail(), Some(Detail::Address { class: Some(c), .. }) if *c == class),
            "{input}: {:?}",
            f.detail()
        );
        assert!(f.message().contains(class.as_str()), "{}", f.message());
    }
    assert!(find("http://169.254.169.254/", Code::InternalAddress)
        .unwrap()
        .message()
        .contains("metadata"));
    for public in [
        "http://172.32.0.1/",
        "http://100.128.0.1/",
        "http://11.0.0.1/",
        "http://192.169.0.1/",
        "http://[2606:4700::1111]/",
        "http://[::ffff:8.8.8.8]/",
        "http://[2002:808:808::]/",
        "http://example.com/127.0.0.1",
        // Just outside the registries' blocks.
        "http://192.175.49.1/",
        "http://192.0.1.1/",
        "http://[100:0:0:2::]/",
        "http://[2001:200::1]/",
        "http://[2620:4f:8001::1]/",
        "http://[3fff:1000::1]/",
        "http://[5f01::1]/",
        "http://[2001:0:4136:e378:8000:63bf:7ff0:fdd2]/",
    ] {
        not_raised(public, Code::InternalAddress);
    }
}

#[test]
fn ipv6_embeddings() {
    for (input, how, v4) in [
        ("http://[::ffff:127.0.0.1]/", Embedding::Mapped, "127.0.0.1"),
        ("http://[::ffff:0:10.0.0.1]/", Embedding::Translated, "10.0.0.1"),
        ("http://[::10.0.0.1]/", Embedding::Compatible, "10.0.0.1"),
        ("http://[64:ff9b::8.8.8.8]/", Embedding::Nat64, "8.8.8.8"),
        ("http://[2002:0808:0808::1]/", Embedding::SixToFour, "8.8.8.8"),
        (
            "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
            Embedding::Teredo,
            "192.0.2.45",
        ),
    ] {
        let f = find(input, Code::EmbeddedIpv4).unwrap_or_else(|| panic!("{input}"));
        let Some(Detail::Address {
            address,
            embedded_in: Some((_, e)),
            ..
        }) = f.detail()
        else {
            panic!("{input}")
        };
        assert_eq!((address.to_string().as_str(), *e), (v4, how), "{input}");
    }
    for plain in [
        "http://[::1]/",
        "http://[2606:4700::1111]/",
        "http://[fe80::1]/",
        "http://[2003::1]/",
    ] {
        not_raised(plain, Code::EmbeddedIpv4);
    }
}

#[test]
fn localhost_names() {
    for input in [
        "http://localhost/",
        "http://LocalHost:3000/",
        "http://localhost./",
        "http://a.b.localhost/",
        "http://ip6-loopback/",
        "http://%6c%6f%63%61%6c%68%6f%73%74/",
        // The Red Hat and Debian `/etc/hosts` aliases.
        "http://localhost4/",
        "http://localhost6:8080/",
        "http://localhost4.localdomain4/",
        "http://LOCALHOST6.LOCALDOMAIN6./",
        "http://ip6-localhost/",
        "http://localhost.localdomain/",
        "gopher://localhost4/",
    ] {
        raised(input, Code::LocalhostName);
    }
    for harmless in [
        "http://localhost5/",
        "http://localhost44/",
        "http://mylocalhost4/",
        "http://localhost4.example/",
        "http://localdomain4/",
        "http://ip6-localhostx/",
        "http://localhost.example.com/",
        "http://mylocalhost/",
        "http://localhostx/",
        "http://example.com/localhost",
        "http://user@example.com/?h=localhost",
    ] {
        not_raised(harmless, Code::LocalhostName);
    }
}

#[test]
fn userinfo_that_looks_like_a_host() {
    assert_eq!(
        raised("https://bank.example@evil.example/", Code::UserinfoLikeHost),
        "bank.example"
    );
    assert_eq!(
        raised("https://www.paypal.com:443@evil.example/", Code::UserinfoLikeHost),
        "www.paypal.com"
    );
    raised("http://10.0.0.1@example.com/", Code::UserinfoLikeHost);
    raised("http://xn--pple-43d.com@example.com/", Code::UserinfoLikeHost);
    for harmless in [
        "https://user@example.com/",
        "https://first.last@example.com/x",
        "https://a.b1@example.com/",
        "https://u:bank.example@evil.example/",
        "https://example.com/bank.example@evil",
    ] {
        not_raised(harmless, Code::UserinfoLikeHost);
    }
}

#[test]
fn parser_differentials_give_both_answers() {
    for (input, component, whatwg, rfc3986) in [
        ("http:\\\\evil.com\\", Component::Host, Some("evil.com"), None),
        (
            "http://good.com\\@evil.com/",
            Component::Host,
            Some("good.com"),
            Some("evil.com"),
        ),
        ("http:/evil.com/", Component::Host, Some("evil.com"), None),
        ("https:///evil.com/", Component::Host, Some("evil.com"), Some("")),
        (
            "http://ev\til.com/",
            Component::Host,
            Some("evil.com"),
            Some("ev\til.com"),
        ),
        (
            "http://a.com。b.com/",
            Component::Host,
            Some("a.com.b.com"),
            Some("a.com。b.com"),
        ),
        (
            "http://0x7f.1/",
            Component::Host,
            Some("127.0.0.1"),
            Some("0x7f.1"),
        ),
        (
            "http://h/a/%2e%2e/b",
            Component::Path,
            Some("/b"),
            Some("/a/%2e%2e/b"),
        ),
        (" http://h/", Component::Scheme, Some("http"), Some(" http")),
        ("http:h:8080/", Component::Host, Some("h"), None),
    ] {
        let f = lint(input)
            .into_iter()
            .find(
                |f| matches!(f.detail(), Some(Detail::Differential { component: c, .. }) if *c == component),
            )
            .unwrap_or_else(|| panic!("{input}: {:?}", lint(input)));
        let Some(Detail::Differential {
            whatwg: w,
            rfc3986: r,
            ..
        }) = f.detail()
        else {
            unreachable!()
        };
        assert_eq!((w.as_deref(), r.as_deref()), (whatwg, rfc3986), "{input}");
        assert!(f.message().contains("whatwg reads") && f.message().contains("rfc 3986 reads"));
    }
    // Same meaning, different spelling: no differential.
    for same in [
        "HTTP://EXAMPLE.COM/",
        "http://example.com:80/",
        "http://example.com:/",
        "http://example.com",
        "http://example.com/a/./b/../c",
        "http://b%C3%BCcher.de/",
        "https://bücher.de/",
        "http://[::1]/",
        "http://[0:0::1]/",
        "file://localhost/etc",
        "http://example.com/a b",
        "mailto:a@b",
        "foo://h/x",
        "http://ex%61mple.com/",
    ] {
        not_raised(same, Code::ParserDifferential);
    }
}

#[test]
fn not_rfc3986() {
    raised("http://example.com/a b", Code::NotRfc3986);
    raised("http://example.com/a|b", Code::NotRfc3986);
    for valid in [
        "http://example.com/a%20b",
        "https://bücher.de/",
        "urn:x:y",
        "http://[::1]/",
    ] {
        not_raised(valid, Code::NotRfc3986);
    }
}

#[test]
fn validation_errors_with_positions() {
    let input = "http:\\\\example.com/";
    let errs: Vec<_> = lint(input)
        .into_iter()
        .filter_map(|f| match f.detail() {
            Some(Detail::Validation(v)) => Some((v.kind().spec_name(), f.span().start)),
            _ => None,
        })
        .collect();
    assert!(errs.contains(&("invalid-reverse-solidus", 5)), "{errs:?}");
    assert_eq!(raised("http://example.com/a\tb", Code::ValidationError), "\t");
    not_raised("https://example.com/a", Code::ValidationError);
    let f = find("foo", Code::NotAUrl).unwrap();
    assert_eq!(f.severity(), Severity::Error);
    for url in ["https://example.com/", "mailto:x", "data:,x"] {
        not_raised(url, Code::NotAUrl);
    }
}

#[test]
fn idn_homographs() {
    let f = find("https://аpple.com/", Code::IdnConfusable).unwrap();
    let Some(Detail::Idn {
        unicode,
        ascii,
        lookalike,
    }) = f.detail()
    else {
        panic!()
    };
    assert_eq!(
        (unicode.as_str(), ascii.as_str(), lookalike.as_deref()),
        ("аpple.com", "xn--pple-43d.com", Some("apple.com"))
    );
    assert!(f.message().contains("xn--pple-43d.com") && f.message().contains("аpple.com"));
    raised("https://аpple.com/", Code::IdnMixedScript);
    raised("https://xn--80ak6aa92e.com/", Code::IdnConfusable);
    not_raised("https://xn--80ak6aa92e.com/", Code::IdnMixedScript);
    raised("https://i❤.ws/", Code::IdnRestricted);
    raised("https://ab🙂.com/", Code::IdnRestricted);
    raised("https://abcпример.com/", Code::IdnMixedScript);
    for harmless in [
        "https://bücher.de/",
        "https://пример.рф/",
        "https://例え.jp/",
        "https://日本語テスト.jp/",
        "https://münchen.de/",
        "https://apple.com/",
        "https://xn--bcher-kva.de/",
        "https://faß.de/",
        // IANA's IDN test domains ("example.test" in each test TLD's language): one script
        // with its own combining marks.
        "http://בײַשפּיל.טעסט/",
        "http://例子.测试/",
        "http://例子.測試/",
        "http://пример.испытание/",
        "http://उदाहरण.परीक्षा/",
        "http://παράδειγμα.δοκιμή/",
        "http://مثال.إختبار/",
        "http://مثال.آزمایشی/",
        "http://例え.テスト/",
        "http://실례.테스트/",
        "http://உதாரணம்.பரிட்சை/",
        "http://xn--fdbk5d8ap9b8a8d.xn--deba0ad/",
        "http://פּרובירן.טעסט/",
        "http://उदाहरण.परीक्षा/",
        "http://পরীক্ষা.com/",
    ] {
        for code in [Code::IdnConfusable, Code::IdnMixedScript, Code::IdnRestricted] {
            not_raised(harmless, code);
        }
    }
}

#[test]
fn idna_2003_deviations() {
    // WHATWG readers keep ß, ς, ZWJ and ZWNJ; IDNA 2003 (transitional) readers map them.
    for (input, transitional) in [
        ("https://faß.de/", "fass.de"),
        ("https://straße.example/", "strasse.example"),
        ("https://xn--zca.de/", "ss.de"),
        ("https://ελληνικός.example/", "ελληνικόσ.example"),
    ] {
        let f = find(input, Code::IdnDeviation).unwrap_or_else(|| panic!("{input}: {:?}", lint(input)));
        assert_eq!(f.severity(), Severity::Warning);
        let Some(Detail::Idn { lookalike, .. }) = f.detail() else {
            panic!("{input}")
        };
        assert_eq!(lookalike.as_deref(), Some(transitional), "{input}");
    }
    for harmless in [
        "https://fass.de/",
        "https://bücher.de/",
        "https://ελληνικοσ.example/",
    ] {
        not_raised(harmless, Code::IdnDeviation);
    }
}

#[test]
fn dangerous_schemes() {
    assert_eq!(raised("javascript:alert(1)", Code::ScriptScheme), "javascript");
    assert_eq!(raised("JAVASCRIPT:alert(1)", Code::ScriptScheme), "JAVASCRIPT");
    raised("vbscript:x", Code::ScriptScheme);
    raised("java\nscript:alert(1)", Code::ScriptScheme);
    raised("data:text/html,<b>x</b>", Code::DataScheme);
    raised("file:///etc/passwd", Code::FileScheme);
    for harmless in [
        "https://example.com/javascript:alert(1)",
        "https://javascript.example/",
        "http://example.com/?u=data:x",
        "https://example.com/file:///x",
    ] {
        for code in [Code::ScriptScheme, Code::DataScheme, Code::FileScheme] {
            not_raised(harmless, code);
        }
    }
}

#[test]
fn excessive_length() {
    let long = format!("https://example.com/{}", "a".repeat(2100));
    assert_eq!(find(&long, Code::ExcessiveLength).unwrap().span(), 0..long.len());
    let ok = format!("https://example.com/{}", "a".repeat(2000));
    not_raised(&ok, Code::ExcessiveLength);
    raised(&format!("http://{}.com/", "a".repeat(64)), Code::ExcessiveLength);
    not_raised(&format!("http://{}.com/", "a".repeat(63)), Code::ExcessiveLength);
}

#[test]
fn rfc1738_smuggling() {
    for input in [
        "ftp://h/a%0d%0aDELE%20x",
        "ftp://h/dir%0a/file",
        "ftp://us%0d%0aer@h/",
        "gopher://h/1sel%0d%0aQUIT",
        "mailto:a@b?subject=x%0d%0aBcc:c@d",
        "mailto:a@b?x%0aBcc=1",
        "news:comp.lang%0d%0aQUIT",
        "nntp://h/group%0aQUIT",
        "telnet://u%0a:p@h/",
        "wais://h/db?q%0dx",
    ] {
        raised(input, Code::Rfc1738Smuggling);
        assert!(codes(input).contains(&"L020"), "{input}");
    }
    for harmless in [
        "ftp://h/a%20b",
        "mailto:a@b?subject=hi%20there",
        "gopher://h/1sel",
        "http://h/a%0d%0ab",
        "ftp://h/a%250d",
    ] {
        not_raised(harmless, Code::Rfc1738Smuggling);
    }
}
