//! Percent-encoding: WPT's `percent-encoding.json` (legacy encodings included: the crate's
//! dev-dependency on itself turns the `encoding` feature on for tests) and property tests
//! against naive reference implementations.

mod common;

use std::borrow::Cow;

use proptest::prelude::*;
use urlkit::percent::sets::{self, AsciiSet};
use urlkit::percent::{
    percent_decode, percent_decode_str, percent_encode, percent_encode_after_encoding, utf8_percent_encode,
};

/// Every named set, as percent-encode sets.
const SETS: &[(&str, &AsciiSet)] = &[
    ("C0_CONTROL", &sets::C0_CONTROL),
    ("FRAGMENT", &sets::FRAGMENT),
    ("QUERY", &sets::QUERY),
    ("SPECIAL_QUERY", &sets::SPECIAL_QUERY),
    ("PATH", &sets::PATH),
    ("USERINFO", &sets::USERINFO),
    ("COMPONENT", &sets::COMPONENT),
    ("FORM_URLENCODED", &sets::FORM_URLENCODED),
    ("EMPTY", &AsciiSet::EMPTY),
    ("RFC1738_MUST_ENCODE", &sets::RFC1738_MUST_ENCODE),
    ("RFC3986_UNRESERVED complement", &UNRESERVED_COMPLEMENT),
];
const UNRESERVED_COMPLEMENT: AsciiSet = sets::RFC3986_UNRESERVED.complement();

/// The reference encoder: the standard's definition, byte by byte.
fn naive_encode(bytes: &[u8], set: &AsciiSet) -> String {
    bytes
        .iter()
        .map(|&b| {
            if set.should_encode(b) {
                format!("%{b:02X}")
            } else {
                char::from(b).to_string()
            }
        })
        .collect()
}

/// The reference decoder: <https://url.spec.whatwg.org/#percent-decode>, step by step.
fn naive_decode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
        if bytes[i] == b'%' && hex(i + 1) && hex(i + 2) {
            let s = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(s, 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

#[test]
fn wpt_percent_encoding() {
    let Some(data) = common::conformance_json("wpt/percent-encoding.json") else {
        return;
    };
    let (mut passed, mut failed) = (0, Vec::new());
    for r in data.as_array().expect("array").iter().filter(|r| r.is_object()) {
        let input = r["input"].as_str().expect("input");
        let outputs = r["output"].as_object().expect("output");
        // WPT puts the input in the query (special-query set, document encoding) and in the
        // fragment (fragment set, always UTF-8) of an https URL.
        let utf8 = outputs["utf-8"].as_str().expect("utf-8 output");
        let fragment = utf8_percent_encode(input, &sets::FRAGMENT).to_string();
        check(
            &mut passed,
            &mut failed,
            format!("{input:?} fragment"),
            &fragment,
            utf8,
        );
        for (label, want) in outputs {
            let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).expect("known label");
            let got = percent_encode_after_encoding(encoding, input, &sets::SPECIAL_QUERY, false);
            check(
                &mut passed,
                &mut failed,
                format!("{input:?} query in {label}"),
                &got,
                want.as_str().unwrap(),
            );
        }
    }
    println!("percent-encoding.json: {passed} passed, {} failed", failed.len());
    assert!(passed > 0 && failed.is_empty(), "{failed:#?}");
}

fn check(passed: &mut usize, failed: &mut Vec<String>, what: String, got: &str, want: &str) {
    if got == want {
        *passed += 1;
    } else {
        failed.push(format!("{what}: want {want:?}, got {got:?}"));
    }
}

#[test]
fn legacy_encoder_errors() {
    let jis = encoding_rs::ISO_2022_JP;
    // An unmappable code point in the Roman state: the character reference is written in
    // that state (it agrees with ASCII on `&#0-9;`), and the end of input returns to ASCII.
    let got = percent_encode_after_encoding(jis, "\u{203E}\u{E}", &sets::SPECIAL_QUERY, false);
    assert_eq!(got, "%1B(J~%26%2365533%3B%1B(B");
    // In the JIS X 0208 state the encoder returns to ASCII before the character reference.
    let got = percent_encode_after_encoding(jis, "\u{3042}\u{1F600}", &sets::SPECIAL_QUERY, false);
    assert_eq!(got, "%1B$B$%22%1B(B%26%23128512%3B");
    let latin2 = encoding_rs::Encoding::for_label(b"iso-8859-2").unwrap();
    let form = percent_encode_after_encoding(latin2, "a b\u{A2}", &sets::FORM_URLENCODED, true);
    assert_eq!(form, "a+b%26%23162%3B");
    // A long input crosses the encoder's buffer boundary.
    let long = "\u{2020}x ".repeat(1000);
    let got = percent_encode_after_encoding(encoding_rs::WINDOWS_1252, &long, &sets::QUERY, false);
    assert_eq!(got, "%86x%20".repeat(1000));
}

#[test]
fn cow_borrows_when_nothing_changes() {
    let enc: Cow<str> = utf8_percent_encode("abc", &sets::PATH).into();
    assert!(matches!(enc, Cow::Borrowed("abc")));
    let enc: Cow<str> = utf8_percent_encode("a c", &sets::PATH).into();
    assert!(matches!(enc, Cow::Owned(ref s) if s == "a%20c"));
    let dec: Cow<[u8]> = percent_decode(b"a%zz").into();
    assert!(matches!(dec, Cow::Borrowed(b"a%zz")));
    assert!(matches!(percent_decode_str("x%41").decode_utf8(), Ok(Cow::Owned(ref s)) if s == "xA"));
    assert!(matches!(
        percent_decode_str("xy").decode_utf8_lossy(),
        Cow::Borrowed("xy")
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn encode_matches_reference_and_round_trips(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        for &(name, set) in SETS {
            let enc = percent_encode(&bytes, set).to_string();
            prop_assert_eq!(&enc, &naive_encode(&bytes, set), "{}", name);
            // Only allowed bytes: ASCII the set leaves alone, or `%XX` triples (upper-case hex)
            // of bytes the set encodes.
            let out = enc.as_bytes();
            let mut i = 0;
            while i < out.len() {
                let triple = out.get(i..i + 3).filter(|t| {
                    t[0] == b'%' && t[1..].iter().all(|h| h.is_ascii_digit() || (b'A'..=b'F').contains(h))
                });
                match triple {
                    Some(t) if set.should_encode(naive_decode(t)[0]) => i += 3,
                    _ => {
                        prop_assert!(!set.should_encode(out[i]), "{}: {:?} left in {:?}", name, out[i] as char, enc);
                        i += 1;
                    }
                }
            }
            // Decoding undoes encoding. A set that leaves `%` alone (C0 control) keeps the
            // input's own `%XX` triples, so then the two decode to the same bytes.
            let round = percent_decode(enc.as_bytes()).collect::<Vec<u8>>();
            let want = if set.should_encode(b'%') { bytes.clone() } else { naive_decode(&bytes) };
            prop_assert_eq!(round, want, "{}", name);
            // Nothing to encode: the Cow borrows the input itself.
            if !bytes.iter().any(|&b| set.should_encode(b)) {
                let cow = Cow::from(percent_encode(&bytes, set));
                prop_assert!(matches!(cow, Cow::Borrowed(s) if s.as_bytes() == bytes.as_slice()), "{}", name);
            }
        }
    }

    #[test]
    fn decode_matches_reference(s in "([%a-fA-F0-9xz]|%[0-9a-fA-F]{2}|é){0,24}") {
        let want = naive_decode(s.as_bytes());
        prop_assert_eq!(percent_decode_str(&s).collect::<Vec<u8>>(), want.clone());
        prop_assert_eq!(Cow::from(percent_decode_str(&s)).into_owned(), want.clone());
        prop_assert_eq!(percent_decode_str(&s).decode_utf8_lossy(), String::from_utf8_lossy(&want));
        prop_assert_eq!(percent_decode_str(&s).decode_utf8().ok(), std::str::from_utf8(&want).ok().map(Cow::Borrowed));
    }

    #[test]
    fn after_encoding_in_utf8_is_utf8_percent_encode(s in "\\PC{0,24}") {
        for &(name, set) in SETS {
            let want = utf8_percent_encode(&s, set).to_string();
            prop_assert_eq!(percent_encode_after_encoding(encoding_rs::UTF_8, &s, set, false), want, "{}", name);
        }
        let plus = percent_encode_after_encoding(encoding_rs::UTF_8, &s, &sets::FORM_URLENCODED, true);
        prop_assert_eq!(plus, utf8_percent_encode(&s, &sets::FORM_URLENCODED).to_string().replace("%20", "+"));
    }
}
