//! The basic URL parser's *encoding* argument (`ParseOptions::encoding_override`): WPT's
//! `percent-encoding.json` run as WPT runs it, through URL parsing (the input in the query,
//! encoded with the document's encoding, and in the fragment, always UTF-8), and the query
//! state's step 1 (which URLs keep the encoding). The crate's dev-dependency on itself turns
//! the `encoding` feature on for tests.

use crate::common;

use urlkit::Url;

fn parse_with(encoding: &'static encoding_rs::Encoding, input: &str) -> Url {
    Url::options()
        .encoding_override(encoding)
        .parse(input)
        .unwrap_or_else(|e| panic!("{input:?}: {e}"))
}

#[test]
fn wpt_percent_encoding_through_the_url_parser() {
    let Some(data) = common::conformance_json("wpt/percent-encoding.json") else {
        return;
    };
    let (mut passed, mut failed) = (0, Vec::new());
    for r in data.as_array().expect("array").iter().filter(|r| r.is_object()) {
        let input = r["input"].as_str().expect("input");
        let utf8 = r["output"]["utf-8"].as_str().expect("utf-8 output");
        for (label, expected) in r["output"].as_object().expect("output") {
            let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).expect("known label");
            let url = parse_with(
                encoding,
                &format!("https://doesnotmatter.invalid/?{input}#{input}"),
            );
            let (search, hash) = (format!("?{}", expected.as_str().unwrap()), format!("#{utf8}"));
            if url.search() == search && url.hash_str() == hash {
                passed += 1;
            } else {
                failed.push(format!(
                    "{input:?} {label}: {} {} (expected {search} {hash})",
                    url.search(),
                    url.hash_str()
                ));
            }
        }
    }
    println!(
        "percent-encoding.json through the URL parser: {passed} passed, {} failed",
        failed.len()
    );
    assert!(failed.is_empty(), "{failed:#?}");
    assert!(passed >= 16);
}

#[test]
fn only_special_non_websocket_queries_use_the_encoding() {
    let sjis = encoding_rs::SHIFT_JIS;
    // Path and fragment stay UTF-8; the query is Shift_JIS.
    assert_eq!(
        parse_with(sjis, "http://h/\u{3042}?\u{3042}#\u{3042}").as_str(),
        "http://h/%E3%81%82?%82%A0#%E3%81%82"
    );
    for scheme in ["https", "ftp"] {
        assert_eq!(
            parse_with(sjis, &format!("{scheme}://h/?\u{3042}")).search(),
            "?%82%A0",
            "{scheme}"
        );
    }
    assert_eq!(parse_with(sjis, "file:///x?\u{3042}").search(), "?%82%A0");
    // Query state step 1: not special, or ws/wss: UTF-8.
    for input in [
        "ws://h/?\u{3042}",
        "wss://h/?\u{3042}",
        "foo://h/?\u{3042}",
        "foo:x?\u{3042}",
    ] {
        assert_eq!(parse_with(sjis, input).search(), "?%E3%81%82", "{input}");
    }
    // The special-query set still applies (' is encoded for special URLs).
    assert_eq!(
        parse_with(encoding_rs::WINDOWS_1252, "http://h/?'é").search(),
        "?%27%E9"
    );
}

#[test]
fn output_encoding_and_relative_input() {
    // "Get an output encoding": UTF-16 is written as UTF-8, like no override at all.
    for enc in [encoding_rs::UTF_16LE, encoding_rs::UTF_16BE, encoding_rs::UTF_8] {
        assert_eq!(
            parse_with(enc, "http://h/?\u{e9}").as_str(),
            Url::parse("http://h/?\u{e9}").unwrap().as_str()
        );
    }
    // Relative input against a base: the base's scheme decides.
    let base = Url::parse("https://h/a/b").unwrap();
    let url = Url::options()
        .base_url(Some(&base))
        .encoding_override(encoding_rs::WINDOWS_1252)
        .parse("c?\u{e9}\u{3042}")
        .unwrap();
    assert_eq!(url.as_str(), "https://h/a/c?%E9%26%2312354%3B");
    // Canonical input (which the fast path would take) gets the same answer.
    assert_eq!(
        parse_with(encoding_rs::WINDOWS_1252, "https://h/p?q=1#f").as_str(),
        "https://h/p?q=1#f"
    );
    // Failures are the same as without the override.
    assert!(Url::options()
        .encoding_override(encoding_rs::WINDOWS_1252)
        .parse("http://[::1/")
        .is_err());
}
