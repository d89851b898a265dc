//! The classes of input that peers' link-extraction test suites agree on and that urlkit got
//! wrong: Unicode boundaries, email addresses inside larger tokens, Markdown link
//! punctuation, hosts that cannot be DNS names, and the optional bare-domain mode. Each test
//! pins a rule with its reported example and other members of the same class.

use crate::{urls, urls_with};
use urlkit::text::{Finder, Kind, Options};

/// The link texts found in `text` (the part as written, no prefix added).
fn texts(options: Options, text: &str) -> Vec<String> {
    Finder::new(options)
        .links(text)
        .map(|l| l.url_text().to_owned())
        .collect()
}

/// Unicode White_Space, the invisible separators (zero-width space, word joiner, BOM), the
/// Bidi_Control marks and the C1 controls end a link, as ASCII whitespace does; before a
/// link they are a boundary like a space.
#[test]
fn unicode_space_and_invisibles_end_a_link() {
    let enders = [
        '\u{85}', '\u{9c}', '\u{a0}', '\u{1680}', '\u{180e}', '\u{2000}', '\u{2007}', '\u{200a}', '\u{200b}',
        '\u{200e}', '\u{200f}', '\u{2028}', '\u{2029}', '\u{202a}', '\u{202e}', '\u{202f}', '\u{205f}',
        '\u{2060}', '\u{2066}', '\u{2069}', '\u{3000}', '\u{feff}', '\u{61c}',
    ];
    for c in enders {
        // The reported shape: a scheme, then the character, then a host.
        assert_eq!(
            urls(&format!("http://{c}example.com/path")),
            Vec::<String>::new(),
            "{c:?}"
        );
        for (text, want) in [
            (format!("http://example.com/a{c}b"), "http://example.com/a"),
            (format!("https://example.com{c}next"), "https://example.com"),
            (
                format!("x{c}https://example.com/p?q=1{c}y"),
                "https://example.com/p?q=1",
            ),
            (
                format!("www.example.com/dir{c}more"),
                "http://www.example.com/dir",
            ),
            (format!("{c}www.example.com"), "http://www.example.com"),
            (format!("{c}joe@example.com{c}"), "mailto:joe@example.com"),
        ] {
            assert_eq!(urls(&text), [want], "{c:?} in {text:?}");
        }
        // Nor does it stand in userinfo: an `@` after it is past the URL's end (what follows
        // it may be an address of its own).
        for text in [
            format!("http://user{c}@example.com/x"),
            format!("https://u:p{c}q@example.com/"),
            format!("foo://:{c}@a"),
            format!("ftp://:{c}x@example.org/"),
        ] {
            let found = urls(&text);
            let whole = |u: &String| u.contains("://") && u.contains("example");
            assert!(
                found.iter().all(|u| !u.contains(c) && !whole(u)),
                "{c:?} in {text:?}: {found:?}"
            );
        }
    }
    // Letters, marks and symbols outside those classes still continue a path or host.
    for text in [
        "http://example.com/caf\u{e9}",
        "http://example.com/\u{4e2d}\u{6587}",
        "http://m\u{fc}nchen.example/\u{1f600}",
        "http://example.com/a\u{200d}b",
    ] {
        assert_eq!(urls(text), [text], "{text:?}");
    }
}

/// Closing punctuation of CJK and full-width text (brackets, full stop, comma, the
/// full-width bar) ends a link; Unicode closing quotes and guillemets at its end are trimmed.
#[test]
fn unicode_closing_punctuation_is_not_part_of_a_link() {
    for (text, want) in [
        ("\u{ff5c}http://google.com\u{ff5c}bar", "http://google.com"),
        ("\u{300c}http://example.com/\u{300d}", "http://example.com/"),
        (
            "\u{3010}http://example.com/a\u{3011}\u{3002}",
            "http://example.com/a",
        ),
        ("\u{300e}https://example.com/x\u{300f}y", "https://example.com/x"),
        ("\u{ff08}https://example.com/x\u{ff09}", "https://example.com/x"),
        ("https://example.com/x\u{3001}next", "https://example.com/x"),
        ("https://example.com/x\u{ff0c}next", "https://example.com/x"),
        ("\u{3008}www.example.com\u{3009}", "http://www.example.com"),
        ("\u{300a}https://example.com/\u{300b}", "https://example.com/"),
        ("\u{ff3b}https://example.com/p\u{ff3d}", "https://example.com/p"),
        ("\u{ff5b}https://example.com/p\u{ff5d}", "https://example.com/p"),
        ("\u{201c}https://example.com/p\u{201d}", "https://example.com/p"),
        ("\u{2039}https://example.com/p\u{203a}", "https://example.com/p"),
        ("\u{ab}https://example.com/p\u{bb}", "https://example.com/p"),
        ("\u{ff5c}joe@example.com\u{ff5c}", "mailto:joe@example.com"),
        // The IDNA full stops end a link, except between two labels of its host.
        (
            "\u{8bf7}\u{8bbf}\u{95ee} https://example.com\u{3002}\u{4e0b}",
            "https://example.com",
        ),
        ("https://example.com/a\u{3002}b", "https://example.com/a"),
        ("https://example.com\u{ff0e} next", "https://example.com"),
        ("https://github\u{3002}com/x y", "https://github\u{3002}com/x"),
        (
            "https://doc\u{ff61}rust-lang.org/std y",
            "https://doc\u{ff61}rust-lang.org/std",
        ),
        (
            "https://jquery\u{ff0e}org/license y",
            "https://jquery\u{ff0e}org/license",
        ),
        ("https://x\u{3002}\u{bb}", "https://x"),
        (
            "https://\u{ff45}\u{ff58}\u{ff0e}\u{ff43}\u{ff4f}/a y",
            "https://\u{ff45}\u{ff58}\u{ff0e}\u{ff43}\u{ff4f}/a",
        ),
        // Full-width forms of URL characters continue it.
        (
            "http://example.com/\u{ff05}41\u{ff0f}x y",
            "http://example.com/\u{ff05}41\u{ff0f}x",
        ),
    ] {
        assert_eq!(urls(text), [want], "{text:?}");
    }
}

/// An IDNA full stop is a dot only between a label and the next: at the host's start or
/// after a dot or hyphen it would make a name that is no DNS name (an empty label, a label
/// ending in `-`), so it ends the text there, as `https://.x.example` is no link.
#[test]
fn idna_full_stops_make_no_empty_label() {
    for text in [
        "http://\u{3002}\u{ff43}http",
        "https://\u{ff0e}example.com/ y",
        "https://a-\u{3002}example.com/ y",
    ] {
        assert_eq!(urls(text), Vec::<String>::new(), "{text:?}");
    }
    // After a dot the full stop ends the host like any sentence end.
    assert_eq!(urls("see http://a.example.\u{3002}b y"), ["http://a.example"]);
}

/// A bare email address is a whole token: a dot-atom local part (no dot at either end, none
/// doubled), a domain whose last label starts with a letter (`react@16.7.0`, a package
/// spec, is no mailbox), and nothing of the address's own characters, `@` or a letter, right
/// before or after it.
#[test]
fn email_addresses_are_whole_tokens() {
    for text in [
        ".foo@example.com",
        "foo.@example.com",
        "a..b@example.com",
        "x ..a@example.org y",
        "react@16.7.0-alpha.2",
        "npm i lodash@4.17.21",
        "pip install requests@2.31.0 and left-pad@1.3.0",
        "user@host.example.2",
        "abc@def@test.org",
        "a@b.com@c.org",
        "m\u{fc}nchen@example.com",
        "\u{43f}\u{440}\u{438}\u{432}\u{435}\u{442}@example.com",
        "caf\u{e9}@example.org",
    ] {
        assert_eq!(urls(text), Vec::<String>::new(), "{text:?}");
    }
    for (text, want) in [
        ("mail a.b@example.com.", "mailto:a.b@example.com"),
        ("x a.b.c@sub.example.co.uk, y", "mailto:a.b.c@sub.example.co.uk"),
        ("(first.last+tag@example.io)", "mailto:first.last+tag@example.io"),
        ("v1@example.com", "mailto:v1@example.com"),
        ("\u{e9} joe@example.com", "mailto:joe@example.com"),
        ("joe@xn--mnchen-3ya.example", "mailto:joe@xn--mnchen-3ya.example"),
    ] {
        assert_eq!(urls(text), [want], "{text:?}");
    }
}

/// A bare `mailto:` URL ends with its addresses, unless `?` header fields follow: RFC 6068
/// has no `/` after an address.
#[test]
fn a_bare_mailto_ends_with_its_addresses() {
    for (text, want) in [
        ("mailto:a@b.c/mailto:d@e.f", &["mailto:a@b.c", "mailto:d@e.f"][..]),
        ("mailto:joe@example.com/x", &["mailto:joe@example.com"]),
        ("mailto:joe@example.com#frag", &["mailto:joe@example.com"]),
        (
            "mailto:a@b.example,c@d.example",
            &["mailto:a@b.example,c@d.example"],
        ),
        (
            "mailto:joe@example.com?subject=hi%20there&body=x/y",
            &["mailto:joe@example.com?subject=hi%20there&body=x/y"],
        ),
        ("mailto:?to=joe@example.com", &["mailto:?to=joe@example.com"]),
        ("<mailto:joe@example.com/x>", &["mailto:joe@example.com/x"]),
    ] {
        assert_eq!(urls(text), want, "{text:?}");
    }
}

/// Markdown link punctuation written as text: an unbalanced `)` right before a `[` ends a
/// bare link (a `[text](url)` followed by the next link, or a reference after a
/// parenthesis).
#[test]
fn markdown_close_paren_then_bracket_ends_a_link() {
    for (text, want) in [
        (
            "[a](https://x.com)[b](https://y.com)",
            &["https://x.com", "https://y.com"][..],
        ),
        ("(see https://x.com)[1]", &["https://x.com"]),
        ("(see www.x.com/p)[note]", &["http://www.x.com/p"]),
        ("[a](https://x.com/a_(b))[c]", &["https://x.com/a_(b)"]),
        ("https://x.com/a(b)[c]", &["https://x.com/a(b)[c]"]),
    ] {
        assert_eq!(urls(text), want, "{text:?}");
    }
}

/// A host name is a DNS name: no empty label (a leading dot, two dots) and no label that
/// starts or ends with a hyphen.
#[test]
fn hosts_that_cannot_be_dns_names_are_not_links() {
    for text in [
        "http://-example.com",
        "http://trailingdash-.example.com",
        "https://.www.example.com",
        "http://-",
        "http://a..b.com/x",
        "https://example.-com/",
        "ftp://example-.com",
        "http://user@-host.example/",
        "www.-example.com",
        "www.example-.com",
        "\"http://-x.example\"",
    ] {
        assert_eq!(urls(text), Vec::<String>::new(), "{text:?}");
    }
    for text in [
        "http://a-b.example.com",
        "http://xn--mnchen-3ya.example/",
        "http://1.2.3.4/",
        "http://localhost:8080/",
        "https://a.b-c.d-e.example/",
    ] {
        assert_eq!(urls(text), [text], "{text:?}");
    }
}

/// The bare-domain mode: off by default; a domain whose last label is a public suffix of
/// the built-in list, or an IPv4 address with a port or a path, with the end-of-link rules
/// of every bare link.
#[test]
fn bare_domains_mode() {
    let text = "see example.com/path, docs.rs and 192.168.0.1:8080/x.";
    assert_eq!(urls(text), Vec::<String>::new());
    let on = Options::new().bare_domains(true);
    assert!(on.finds(Kind::Domain));
    assert!(!Options::new().finds(Kind::Domain));
    assert_eq!(
        urls_with(on.clone(), text),
        [
            "http://example.com/path",
            "http://docs.rs",
            "http://192.168.0.1:8080/x"
        ]
    );
    let finder = Finder::new(on.clone());
    let links: Vec<_> = finder.links(text).collect();
    assert!(links.iter().all(|l| l.kind() == Kind::Domain));
    assert_eq!(links[0].span(), 4..20);
    for (text, want) in [
        ("(example.org)", &["example.org"][..]),
        (
            "\u{300c}sub.example.co.uk/a?b=c\u{300d}",
            &["sub.example.co.uk/a?b=c"],
        ),
        ("Example.COM.", &["Example.COM"]),
        ("a.b-c.example.net:8443/x#y", &["a.b-c.example.net:8443/x#y"]),
        ("m\u{fc}nchen.de", &["m\u{fc}nchen.de"]),
        ("10.0.0.1/status", &["10.0.0.1/status"]),
        ("see github.io and x.github.io", &["github.io", "x.github.io"]),
        // The other kinds are found as before, and win where they start first.
        (
            "https://a.example.com www.b.example.com c@d.example.com e.example.com",
            &[
                "https://a.example.com",
                "www.b.example.com",
                "c@d.example.com",
                "e.example.com",
            ],
        ),
        ("[a](example.com)[b](docs.rs)", &["example.com", "docs.rs"]),
    ] {
        assert_eq!(texts(on.clone(), text), want, "{text:?}");
    }
    for text in [
        "file.txt",
        "e.g. this",
        "i.e., that",
        "v1.2.3 and 3.14159",
        "Node.js and index.html",
        "done.Then sentence",
        "192.168.0.1 alone",
        "1.2.3.4.5:80/x",
        "256.1.1.1:80",
        "-example.com",
        "example-.com",
        "a..example.com",
        "foo@bar.example.com@",
        "path/to/example.com",
        "x:example.com",
        "user.name@",
        "something.invalidtld/x",
        "key=example.com",
        "Utc.now() and self.read(buf)",
    ] {
        assert_eq!(texts(on.clone(), text), Vec::<String>::new(), "{text:?}");
    }
    // The mode honours the scheme allow-list as `http`.
    let only_mailto = Finder::new(on.schemes(["mailto"]));
    assert_eq!(only_mailto.links("example.com a@b.example").count(), 1);
}

/// The bare-domain scan's shortcuts (a run of digits and dots judged from the byte after
/// it, a label looked back over eight bytes at once, the later dots of a judged run passed
/// over, the last label looked up alone) give the links of the whole checks: the
/// expectations were taken from the finder before the shortcuts.
#[test]
fn bare_domains_in_runs_of_digits_dots_and_labels() {
    let on = Options::none().bare_domains(true);
    for (text, want) in [
        ("3.2.1. FTP", &[][..]),
        ("v1.5) and Z39.50-1988", &[]),
        ("1.2.3.4/x", &["1.2.3.4/x"]),
        ("1.2.3.4:80 and 1.2.3.4:x", &["1.2.3.4:80"]),
        ("1.2.3.4./x", &[]),
        ("2.0.example.com", &["2.0.example.com"]),
        ("1.2.COM", &["1.2.COM"]),
        ("README.MD and Cargo.toml", &["README.MD"]),
        ("Docs.RS", &["Docs.RS"]),
        (
            "x.www.foo and x.www.example.org",
            &["x.www.foo", "x.www.example.org"],
        ),
        ("a_b.example.com", &["b.example.com"]),
        ("1_2.3.4/x", &[]),
        ("see 3.2.1/foo", &[]),
        ("10.0.0.1:8080/a.b", &["10.0.0.1:8080/a.b"]),
        ("a.b.c.d.e.f.g.example.co.uk", &["a.b.c.d.e.f.g.example.co.uk"]),
        ("example.xn--p1ai", &["example.xn--p1ai"]),
        ("self.read(buf) x.rs(", &[]),
        ("1.2@x.example", &[]),
        ("12345678.9.example.com", &["12345678.9.example.com"]),
        ("1.23456789.com", &["1.23456789.com"]),
        ("x.1234567890123.org", &["x.1234567890123.org"]),
        ("version 2.0.1-beta.3 and 4.5.6", &[]),
        ("0.1.2.3:99", &["0.1.2.3:99"]),
        ("...1.2", &[]),
        ("(1.2.3.4/p)", &["1.2.3.4/p"]),
        ("\"docs.rs\"", &["docs.rs"]),
        ("_docs.rs_", &["docs.rs"]),
        ("e.g.x.com", &["e.g.x.com"]),
        ("www.1.2.3", &[]),
    ] {
        assert_eq!(texts(on.clone(), text), want, "{text:?}");
    }
}

/// The new rules give the same links from a stream cut anywhere as from the whole string.
#[test]
fn the_rules_hold_across_stream_windows() {
    let text = "\u{ff5c}http://google.com\u{ff5c}bar x\u{a0}www.example.com/a\u{3000}b \
                .foo@x.com a..b@x.com react@16.7.0-alpha.2 abc@def@test.org m\u{fc}nchen@example.com \
                mailto:a@b.c/mailto:d@e.f [a](https://x.com)[b](https://y.com) http://-example.com \
                (see example.com/path)[1], docs.rs, 192.168.0.1:8080/x, file.txt e.g. \
                \u{300c}sub.example.co.uk/a\u{300d} joe@example.com";
    for options in [Options::new(), Options::new().bare_domains(true)] {
        let finder = Finder::new(options);
        let whole: Vec<_> = finder
            .links(text)
            .map(|l| (l.span(), l.url().into_owned()))
            .collect();
        assert!(whole.len() >= 6, "{whole:?}");
        for chunk in [1, 2, 3, 5, 8, 13] {
            let input = std::io::BufReader::with_capacity(chunk, text.as_bytes());
            let streamed: Vec<_> = finder
                .links_in(input)
                .map(|l| l.map(|l| (l.span(), l.url().into_owned())))
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(streamed, whole, "chunk {chunk}");
        }
    }
}
