//! The host parser and the IDNA API against WPT's `toascii.json` and `IdnaTestV2.json` and
//! ada's `verifydnslength_tests.json`.
//!
//! WPT runs both IDNA files through `new URL("https://" + input + "/x").host`, that is, the
//! host parser of a special URL; here that is [`Host::parse`]. Neither file has an input the
//! URL parser would cut or trim before the host parser sees it, except the empty string,
//! which WPT skips too.

use crate::common;

use serde_json::Value;
use urlkit::host::{domain_to_ascii, domain_to_ascii_strict, domain_to_unicode};
use urlkit::Host;

/// The records (objects) of a WPT-style array, comments (strings) left out.
fn records(v: &Value) -> impl Iterator<Item = &Value> {
    v.as_array().expect("array").iter().filter(|r| r.is_object())
}

/// Records that fail, with why; keep this empty. A listed record that passes fails the test
/// too, so the list cannot go stale.
///
/// The UTS 46 data comes from ICU4X through the `idna` crate, so its Unicode version is the
/// one of the `icu_normalizer`/`icu_properties` versions in Cargo.lock. The lock file pins
/// ICU4X 2.3 (Unicode 17.0), the version of this IdnaTestV2 snapshot and of today's browsers;
/// ICU4X 2.4 (Unicode 18.0) assigns U+3E8AC, which makes two records here pass ToASCII that
/// the snapshot expects to fail.
const KNOWN_FAILURES: &[(&str, &str)] = &[];

/// Runs every `{input, output}` record through the host parser; returns the failures that
/// are not in [`KNOWN_FAILURES`], and known failures that passed.
fn run_host_suite(name: &str, data: &Value) -> Vec<String> {
    let (mut passed, mut failed, mut skipped, mut unexpected) = (0, Vec::new(), 0, Vec::new());
    for r in records(data) {
        let input = r["input"].as_str().expect("input");
        if input.is_empty() {
            skipped += 1;
            continue;
        }
        let want = r["output"].as_str();
        let got = Host::parse(input).map(|h| h.to_string()).ok();
        let known = KNOWN_FAILURES.iter().find(|(k, _)| *k == input);
        if got.as_deref() == want {
            passed += 1;
            if known.is_some() {
                unexpected.push(format!("{input:?}: listed as a known failure but passes"));
            }
        } else {
            let msg = format!("{input:?}: want {want:?}, got {got:?}");
            match known {
                Some((_, why)) => failed.push(format!("{msg} (known: {why})")),
                None => {
                    failed.push(msg.clone());
                    unexpected.push(msg);
                }
            }
        }
    }
    println!(
        "{name}: {passed} passed, {} failed ({skipped} skipped: empty input)",
        failed.len()
    );
    for f in &failed {
        println!("  failed: {f}");
    }
    unexpected
}

#[test]
fn wpt_toascii() {
    let Some(data) = common::conformance_json("wpt/toascii.json") else {
        return;
    };
    let failed = run_host_suite("toascii.json", &data);
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn wpt_idna_test_v2() {
    let Some(data) = common::conformance_usv_json("wpt/IdnaTestV2.json") else {
        return;
    };
    let failed = run_host_suite("IdnaTestV2.json", &data);
    assert!(failed.is_empty(), "{failed:#?}");
}

/// `domain_to_ascii` is the host parser minus percent-decoding and IPv4: on the IDNA data
/// (no `%`-escapes decode there, and no input is IPv4-like) both agree.
#[test]
fn domain_to_ascii_agrees_with_the_host_parser() {
    let Some(data) = common::conformance_usv_json("wpt/IdnaTestV2.json") else {
        return;
    };
    let Some(extra) = common::conformance_json("wpt/toascii.json") else {
        return;
    };
    let (mut passed, mut failed, mut known) = (0, Vec::new(), 0);
    for r in records(&data).chain(records(&extra)) {
        let input = r["input"].as_str().expect("input");
        if input.is_empty() {
            continue;
        }
        if KNOWN_FAILURES.iter().any(|(k, _)| *k == input) {
            known += 1;
            continue;
        }
        let got = domain_to_ascii(input).ok();
        if got.as_deref() == r["output"].as_str() {
            passed += 1;
        } else {
            failed.push(format!("{input:?}: want {:?}, got {got:?}", r["output"]));
        }
    }
    println!(
        "domain_to_ascii: {passed} passed, {} failed, {known} known failures skipped",
        failed.len()
    );
    assert!(failed.is_empty(), "{failed:#?}");
}

/// Domain to Unicode round-trips every domain the host parser produced: converting the
/// Unicode form back to ASCII gives the domain again (and an erroneous domain comes back
/// unchanged, so it round-trips too). The exception is a Punycode label that decodes to a
/// label itself starting with "xn--": ToUnicode accepts it (this UTS 46 revision has no
/// validity criterion against it) but ToASCII rejects a non-ASCII label starting with "xn--".
#[test]
fn domain_to_unicode_round_trips() {
    let Some(data) = common::conformance_usv_json("wpt/IdnaTestV2.json") else {
        return;
    };
    let (mut passed, mut failed, mut unicode, mut exempt) = (0, Vec::new(), 0, 0);
    for r in records(&data) {
        let Some(ascii) = r["output"].as_str().filter(|s| !s.is_empty()) else {
            continue;
        };
        let (text, result) = domain_to_unicode(ascii);
        if text.split('.').any(|l| l.starts_with("xn--") && !l.is_ascii()) {
            exempt += 1;
            continue;
        }
        if result.is_err() {
            assert_eq!(text, ascii, "an error returns the domain");
        } else if text != ascii {
            unicode += 1;
        }
        let back = domain_to_ascii(&text).ok();
        if back.as_deref() == Some(ascii) {
            passed += 1;
        } else {
            failed.push(format!("{ascii:?} -> {text:?} -> {back:?}"));
        }
    }
    println!(
        "domain_to_unicode round trip: {passed} passed ({unicode} to Unicode), {} failed, {exempt} exempt",
        failed.len()
    );
    assert!(unicode > 100, "expected many punycode domains, saw {unicode}");
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn domain_to_unicode_examples() {
    assert_eq!(
        domain_to_unicode("xn--bcher-kva.de"),
        ("bücher.de".to_owned(), Ok(()))
    );
    assert_eq!(domain_to_unicode("EXAMPLE.com").0, "example.com");
    assert_eq!(domain_to_unicode("xn--zca.xn--a").0, "xn--zca.xn--a");
    assert!(domain_to_unicode("xn--a").1.is_err());
    assert_eq!(domain_to_unicode("a.xn--1ch").0, "a.≠");
}

/// Every record is a URL whose host strict mode must reject (`"failure": true`) or accept
/// (`false`: 253 bytes, or 254 with the root label's dot); browsers' lenient mode accepts
/// them all, as they are ASCII.
#[test]
fn verify_dns_length() {
    let Some(data) = common::conformance_json("wpt/verifydnslength_tests.json") else {
        return;
    };
    let (mut passed, mut failed) = (0, Vec::new());
    for r in records(&data) {
        let must_fail = r["failure"].as_bool().expect("failure");
        let url = r["input"].as_str().expect("input");
        let rest = url.strip_prefix("http://").expect("http URL");
        let host = rest.split('/').next().unwrap_or_default();
        let strict = domain_to_ascii_strict(host);
        if strict.is_err() == must_fail && domain_to_ascii(host).is_ok() {
            passed += 1;
        } else {
            failed.push(format!(
                "{host:?}: strict gave {strict:?}, want failure: {must_fail}"
            ));
        }
    }
    println!(
        "verifydnslength_tests.json: {passed} passed, {} failed",
        failed.len()
    );
    assert!(failed.is_empty(), "{failed:#?}");
}

/// `Url::can_parse`, which runs UTS 46 on chunks of at most seven labels without allocating
/// (re-validating every chunk as part of a Bidi domain name when one chunk is one), answers as
/// parsing does on every IdnaTestV2 and toascii input alone and among eight ASCII labels in
/// front, behind, or both, once with a label that is valid only outside a Bidi domain name
/// (`1a`: RFC 5893 §2 rule 1) so that a Bidi label of the input, in another chunk, must fail it.
#[test]
fn can_parse_agrees_on_idna_inputs_in_many_labels() {
    let Some(data) = common::conformance_usv_json("wpt/IdnaTestV2.json") else {
        return;
    };
    let Some(extra) = common::conformance_json("wpt/toascii.json") else {
        return;
    };
    let (mut checked, mut failed) = (0, Vec::new());
    let (mut bidi_only, mut ok_alone) = (0, 0);
    for r in records(&data).chain(records(&extra)) {
        let input = r["input"].as_str().expect("input");
        let hosts = [
            input.to_owned(),
            format!("a.b.c.d.e.f.g.h.{input}"),
            format!("{input}.a.b.c.d.e.f.g.h"),
            format!("1a.b.c.d.e.f.g.h.{input}"),
            format!("{input}.b.c.d.e.f.g.h.1a"),
            format!("s.t.u.v.w.x.y.z.{input}.a.b.c.d.e.f.g.h"),
            format!("1a.t.u.v.w.x.y.z.{input}.a.b.c.d.e.f.g.h.\u{fc}"),
        ];
        let mut answers = Vec::new();
        for host in &hosts {
            let url = format!("https://{host}/x");
            let parsed = urlkit::Url::parse(&url).is_ok();
            answers.push(parsed);
            checked += 1;
            if urlkit::Url::can_parse(&url, None) != parsed {
                failed.push(url);
            }
        }
        if answers[1] && !answers[3] {
            bidi_only += 1;
        }
        ok_alone += usize::from(answers[0]);
    }
    println!("{checked} URLs; {ok_alone} inputs parse alone, {bidi_only} of them fail behind `1a.`");
    // The data has Bidi domain names that `1a` in another chunk makes fail.
    assert!(bidi_only > 10, "{bidi_only}");
    assert!(
        failed.is_empty(),
        "{} disagreements: {:#?}",
        failed.len(),
        &failed[..failed.len().min(10)]
    );
}

/// Finding F2 (RELIABILITY.md): a Bidi domain name whose LTR label `&www` breaks RFC 5893
/// rule 1. In Unicode, ToASCII (CheckBidi, UTS 46 §4.1 criterion 8) fails it; in Punycode the
/// domain is ASCII and the domain parser only lower-cases it (step 5), reporting the strict
/// pass's `domain-to-ASCII` validation error; with one non-ASCII label, the whole domain goes
/// through ToASCII again, its `xn--` labels decoded (UTS 46 §4 step 4): failure.
#[test]
fn bidi_rule_applies_to_unicode_domains_and_ascii_ones_are_only_lowercased() {
    use urlkit::{ErrorKind, Url};
    let unicode = "https://&www.\u{627}\u{6cc}\u{631}\u{627}\u{646}.\u{627}\u{6cc}\u{631}\u{627}\u{646}/";
    assert_eq!(Url::parse(unicode).unwrap_err().kind(), ErrorKind::DomainToAscii);
    let mut errors = Vec::new();
    let mut listener = |e: urlkit::ValidationError| errors.push(e.kind());
    let url = Url::options()
        .on_validation_error(&mut listener)
        .parse("https://&WWW.xn--mgba3a4f16a.XN--mgba3a4f16a/")
        .unwrap();
    assert_eq!(url.hostname(), "&www.xn--mgba3a4f16a.xn--mgba3a4f16a");
    assert!(errors.contains(&ErrorKind::DomainToAscii), "{errors:?}");
    assert!(Url::parse("https://&www.\u{e9}.xn--mgba3a4f16a/").is_err());
    assert!(Url::parse("https://www.\u{e9}.xn--mgba3a4f16a/").is_ok());
}
