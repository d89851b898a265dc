//! The `url` crate's API on urlkit's types, where it once differed: `Hash::hash` called as a
//! method, the `quirks` domain functions as the migration guide maps them, the serde form
//! of `Host` read and written by both crates, and the `PathSegmentsMut` push rule (the
//! differential test against `url` is `crates/urlkit-bench/tests/path_segments.rs`).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// `url.hash(&mut hasher)` is `Hash::hash` (no inherent `hash` shadows it), and hashes the
/// href as `url` does.
#[test]
fn hash_method_is_the_trait_method() {
    let url = urlkit::Url::parse("https://example.com/a?b#c").unwrap();
    let mut hasher = DefaultHasher::new();
    url.hash(&mut hasher);
    let mut by_href = DefaultHasher::new();
    url.as_str().to_owned().hash(&mut by_href);
    assert_eq!(hasher.finish(), by_href.finish());
    // The same for `url::Url`, so that a program hashing either writes the same code.
    let theirs = url::Url::parse(url.as_str()).unwrap();
    let mut their_hasher = DefaultHasher::new();
    theirs.hash(&mut their_hasher);
    assert_eq!(their_hasher.finish(), hasher.finish());
    // The URL API's getter keeps its name.
    assert_eq!(url.hash_str(), "#c");
}

mod common;

use urlkit::Host;

/// The guide's equivalent of `url::quirks::domain_to_ascii`: the host parser, a domain's
/// text, `""` for anything else.
fn quirks_domain_to_ascii(domain: &str) -> String {
    match Host::parse(domain) {
        Ok(Host::Domain(d)) => d,
        _ => String::new(),
    }
}

/// The guide's equivalent of `url::quirks::domain_to_unicode`.
fn quirks_domain_to_unicode(domain: &str) -> String {
    match Host::parse(domain) {
        Ok(Host::Domain(d)) => urlkit::host::domain_to_unicode(&d).0,
        _ => String::new(),
    }
}

/// The recipes of the guide's `quirks` rows give `url`'s results, on hand-picked hosts and
/// on every host of the datasets.
#[test]
fn quirks_domain_functions_as_the_guide_says() {
    let mut hosts: Vec<String> = [
        "example.com",
        "EXAMPLE.com",
        "Bücher.example",
        "xn--bcher-kva.example",
        "xn--a",
        "a%2Eb",
        "%41.com",
        "1.2.3.4",
        "0x7f.1",
        "[::1]",
        "",
        "a b",
        "a..b",
        "\u{5d0}.a",
        "xn--8i7caa",
        "faß.de",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    for file in ["realworld.txt", "synthetic.txt"] {
        for line in common::dataset_lines(file).unwrap_or_default() {
            if let Ok(url) = url::Url::parse(&line) {
                if let Some(h) = url.host_str() {
                    hosts.push(h.to_owned());
                }
            }
        }
    }
    let (mut differ, mut parsers_differ) = (Vec::new(), 0);
    for h in &hosts {
        let ascii = (url::quirks::domain_to_ascii(h), quirks_domain_to_ascii(h));
        let unicode = (url::quirks::domain_to_unicode(h), quirks_domain_to_unicode(h));
        if ascii.0 == ascii.1 && unicode.0 == unicode.1 {
            continue;
        }
        // Where the host parsers themselves disagree (trap 11: an ASCII `xn--` label that
        // is not valid Punycode, which `url` refuses and browsers and urlkit keep), the
        // functions follow their parser.
        if url::Host::parse(h).is_err() && Host::parse(h).is_ok() && ascii.0.is_empty() {
            parsers_differ += 1;
            continue;
        }
        differ.push(format!(
            "{h:?}: url {:?} {:?}, urlkit {:?} {:?}",
            ascii.0, unicode.0, ascii.1, unicode.1
        ));
    }
    println!(
        "{} hosts, {parsers_differ} where the host parsers differ, {} other differences",
        hosts.len(),
        differ.len()
    );
    assert!(differ.is_empty(), "{}", differ[..differ.len().min(20)].join("\n"));
}

/// What urlkit reads from the JSON `url` writes for `host`: the same host, except that an
/// opaque host whose text is also a domain in its parsed form reads as `Domain` (`url`
/// writes both as `Domain`, and the text alone cannot tell them apart).
fn as_read_from_url(host: Host<&str>) -> Host {
    match host {
        Host::Opaque(o) if Host::parse(o) == Ok(Host::Domain(o.to_owned())) => Host::Domain(o.to_owned()),
        other => other.to_owned(),
    }
}

/// URLs with every kind of host, for the serde checks beside the datasets.
const HOST_URLS: &[&str] = &[
    "https://example.com/",
    "https://Bücher.example/",
    "http://1.2.3.4/",
    "http://0x7f.1/",
    "http://[::1]/",
    "http://[::ffff:1.2.3.4]/",
    "foo://bar/",
    "foo://EXAMPLE.com/",
    "foo://1.2.3.4/",
    "foo://a%20b/",
    "foo://é/",
    "foo://[::1]/",
    "ssh://git@github.com/x",
    "postgres://db:5432/x",
    "file://server/share",
    "file:///tmp/x",
    "foo:///x",
    "foo://",
    "foo://?q",
];

/// Checks one URL's host through JSON both ways between the crates; `false` when the
/// crates do not parse `input` to the same href (then the hosts may differ too).
fn check_host_json(input: &str) -> bool {
    let (Ok(ours), Ok(theirs)) = (urlkit::Url::parse(input), url::Url::parse(input)) else {
        return false;
    };
    if ours.as_str() != theirs.as_str() {
        return false;
    }
    let Some(host) = ours.host() else {
        assert!(theirs.host().is_none(), "{input}");
        return true;
    };
    let our_json = serde_json::to_string(&host).unwrap();
    let Some(their_host) = theirs.host() else {
        // `url` has no empty host: urlkit writes it as `"Empty"`, which `url` refuses.
        assert_eq!(host, Host::Empty, "{input}");
        assert_eq!(our_json, r#""Empty""#);
        assert!(serde_json::from_str::<url::Host>(&our_json).is_err());
        assert_eq!(serde_json::from_str::<Host>(&our_json).unwrap(), Host::Empty);
        return true;
    };
    let their_json = serde_json::to_string(&their_host).unwrap();
    // Every host reads back from urlkit's JSON as it was.
    assert_eq!(
        serde_json::from_str::<Host>(&our_json).unwrap(),
        host.to_owned(),
        "{input}"
    );
    if let Host::Opaque(o) = host {
        // `url` has no opaque host (it writes a `Domain`): urlkit keeps its own variant, which
        // `url` refuses, and reads `url`'s form.
        assert_eq!(
            our_json,
            serde_json::json!({ "Opaque": o }).to_string(),
            "{input}"
        );
        assert!(serde_json::from_str::<url::Host>(&our_json).is_err(), "{input}");
    } else {
        // urlkit writes what `url` writes, each reads the other's.
        assert_eq!(our_json, their_json, "{input}");
        assert_eq!(
            serde_json::from_str::<url::Host>(&our_json).unwrap(),
            their_host.to_owned(),
            "{input}"
        );
    }
    assert_eq!(
        serde_json::from_str::<Host>(&their_json).unwrap(),
        as_read_from_url(host),
        "{input}"
    );
    true
}

#[test]
fn host_json_is_the_url_crates() {
    for input in HOST_URLS {
        assert!(check_host_json(input), "{input}: the crates parse it differently");
    }
    let (mut same, mut parsers_differ) = (0, 0);
    for file in ["realworld.txt", "synthetic.txt"] {
        for line in common::dataset_lines(file).unwrap_or_default() {
            if check_host_json(&line) {
                same += 1;
            } else {
                parsers_differ += 1;
            }
        }
    }
    println!("host JSON: {same} URLs checked both ways, {parsers_differ} skipped (unparsed, or the parsers differ)");
}

/// JSON written by urlkit before the `url` form (lower-case variant names) still reads.
#[test]
fn host_json_reads_the_old_form() {
    let read = |json: &str| serde_json::from_str::<Host>(json).unwrap();
    assert_eq!(
        read(r#"{"domain":"example.com"}"#),
        Host::Domain("example.com".to_owned())
    );
    assert_eq!(read(r#"{"ipv4":"1.2.3.4"}"#), Host::Ipv4([1, 2, 3, 4].into()));
    assert_eq!(
        read(r#"{"ipv6":"::1"}"#),
        Host::Ipv6(std::net::Ipv6Addr::LOCALHOST)
    );
    assert_eq!(
        read(r#"{"opaque":"EXAMPLE"}"#),
        Host::Opaque("EXAMPLE".to_owned())
    );
    assert_eq!(
        read(r#"{"opaque":"example.com"}"#),
        Host::Opaque("example.com".to_owned())
    );
    assert_eq!(read(r#""empty""#), Host::Empty);
    // `domain` is read as `url`'s `Domain`: text the domain parser changes is an opaque host
    // (as `url` writes that of `foo://EXAMPLE.com`).
    assert_eq!(
        read(r#"{"domain":"EXAMPLE.com"}"#),
        Host::Opaque("EXAMPLE.com".to_owned())
    );
    // Text in no parsed form, in either spelling: refused.
    for bad in [
        r#"{"Domain":"a b"}"#,
        r#"{"domain":"é"}"#,
        r#"{"opaque":"a b"}"#,
        r#"{"Opaque":"é"}"#,
        r#"{"Domain":"[::1]"}"#,
        r#"{"Ipv4":"1.2.3"}"#,
        r#"{"Host":"h"}"#,
    ] {
        assert!(serde_json::from_str::<Host>(bad).is_err(), "{bad}");
    }
}

/// Each kind of host through urlkit's own JSON: the form written and what reads back.
#[test]
fn host_json_round_trip() {
    let cases = [
        ("https://example.com/", r#"{"Domain":"example.com"}"#, None),
        ("http://1.2.3.4/", r#"{"Ipv4":"1.2.3.4"}"#, None),
        ("http://[::1]/", r#"{"Ipv6":"::1"}"#, None),
        ("file:///x", r#""Empty""#, None),
        ("foo://EXAMPLE/", r#"{"Opaque":"EXAMPLE"}"#, None),
        ("foo://1.2.3.4/", r#"{"Opaque":"1.2.3.4"}"#, None),
        ("foo://a%20b/", r#"{"Opaque":"a%20b"}"#, None),
        // An opaque host that is also a parsed domain stays opaque.
        ("foo://example.com/", r#"{"Opaque":"example.com"}"#, None),
    ];
    for (input, json, back) in cases {
        let url = urlkit::Url::parse(input).unwrap();
        let host = url.host().unwrap();
        assert_eq!(serde_json::to_string(&host).unwrap(), json, "{input}");
        let expected = back.unwrap_or_else(|| host.to_owned());
        assert_eq!(serde_json::from_str::<Host>(json).unwrap(), expected, "{input}");
    }
}

/// The `PathSegmentsMut` rule, whatever the text: a pushed segment is one segment that
/// percent-decodes to the text pushed (tabs and newlines removed), and `.`/`..` are skipped.
mod segments {
    use proptest::prelude::*;
    use urlkit::percent::percent_decode_str;
    use urlkit::Url;

    /// Segment text: separators, dots, `%`-sequences (encoded dots, slashes, percents),
    /// tabs and newlines, non-ASCII.
    fn segment() -> impl Strategy<Value = String> {
        let piece = prop::sample::select(vec![
            ".",
            "..",
            "%",
            "%2e",
            "%2E",
            "%2f",
            "%2F",
            "%25",
            "%5c",
            "%00",
            "/",
            "\\",
            "?",
            "#",
            " ",
            "\t",
            "\n",
            "a",
            "Z",
            "0",
            "é",
            "\u{1F600}",
            "^",
            "{",
            "`",
            "\"",
            "<",
            "'",
        ]);
        prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
    }

    fn base() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "https://h/a",
            "http://h/",
            "foo://h/a/",
            "foo://h",
            "foo:/a",
            "file:///tmp/",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn pushed_text_is_one_segment_that_decodes_to_it(base in base(), text in segment()) {
            let mut url = Url::parse(base).unwrap();
            let count = |u: &Url| u.path_segments().map_or(0, |s| s.filter(|s| !s.is_empty()).count());
            let before = (url.as_str().to_owned(), count(&url));
            url.path_segments_mut().unwrap().pop_if_empty().push(&text);
            let cleaned: String = text.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
            if matches!(cleaned.as_str(), "." | "..") {
                // Skipped: the URL is as `pop_if_empty` left it.
                let mut expected = Url::parse(&before.0).unwrap();
                expected.path_segments_mut().unwrap().pop_if_empty();
                prop_assert_eq!(url, expected);
                return Ok(());
            }
            let last = url.path_segments().unwrap().next_back().unwrap().to_owned();
            prop_assert_eq!(percent_decode_str(&last).decode_utf8_lossy(), cleaned.as_str());
            prop_assert_eq!(count(&url), before.1 + usize::from(!cleaned.is_empty()));
            // And the href is one the parser gives back unchanged.
            let again = Url::parse(url.as_str()).unwrap();
            prop_assert_eq!(again.as_str(), url.as_str());
        }
    }
}
