//! Differential test of urlkit's WHATWG `Url` against ada (which passes all of WPT).
//!
//! Every line of `realworld.txt`, `synthetic.txt` and `messy.txt`, ~30k damaged real-world
//! URLs, random token strings, random hosts, code points in every component, a grid of
//! setter calls and random setter chains are run through both; success, `can_parse` and
//! every getter must agree unless the disagreement is listed in
//! `tests/differential-ledger.txt` (see `diff_support::ledger`).
//!
//! Environment: `URLKIT_DATASETS` (the datasets folder; default `../../../shared/datasets`
//! from this crate; without it the suites print "differential suite skipped" and pass, unless
//! `URLKIT_REQUIRE_CONFORMANCE` is set), `URLKIT_LEDGER_OUT=<dir>` (writes ledger lines for
//! new disagreements), `URLKIT_DIFF_SCALE=<n>` and `URLKIT_DIFF_SEED=<n>` (larger or other
//! generated sets, for deeper local runs).

mod diff_support;

use diff_support::compare::{compare, Disagreement};
use diff_support::data::{cases, Case};
use diff_support::rng::{scaled, seed};
use diff_support::{grammar, ledger, mutate, setters};

fn run(cases: &[Case]) -> Vec<Disagreement> {
    cases
        .iter()
        .filter_map(|c| compare(&c.input, c.base.as_deref()))
        .collect()
}

fn corpus(suite: &str, file: &str) {
    let Some(cases) = cases(file) else { return };
    let found = run(&cases);
    ledger::check(suite, cases.len(), &found);
}

#[test]
fn realworld_agrees_with_ada() {
    corpus("realworld", "realworld.txt");
}

#[test]
fn synthetic_agrees_with_ada() {
    corpus("synthetic", "synthetic.txt");
}

#[test]
fn messy_agrees_with_ada() {
    corpus("messy", "messy.txt");
}

#[test]
fn generated_agrees_with_ada() {
    let Some(real) = diff_support::data::lines("realworld.txt") else {
        return;
    };
    let cases = mutate::generate(&real, scaled(mutate::COUNT), seed(mutate::SEED));
    let found = run(&cases);
    ledger::check("generated", cases.len(), &found);
}

#[test]
fn setters_agree_with_ada() {
    let Some((total, found)) = setters::run() else {
        return;
    };
    ledger::check("setters", total, &found);
}

#[test]
fn setter_chains_agree_with_ada() {
    let Some((total, found)) = setters::chains(scaled(setters::CHAIN_COUNT), seed(0xC4A1_2026)) else {
        return;
    };
    ledger::check("setter-chains", total, &found);
}

#[test]
fn token_strings_agree_with_ada() {
    let cases = grammar::token_inputs(scaled(grammar::TOKEN_COUNT), seed(0x70CE_2026));
    ledger::check("tokens", cases.len(), &run(&cases));
}

#[test]
fn random_hosts_agree_with_ada() {
    let cases = grammar::host_inputs(scaled(grammar::HOST_COUNT), seed(0x4057_2026));
    ledger::check("hosts", cases.len(), &run(&cases));
}

#[test]
fn code_points_agree_with_ada() {
    let cases = grammar::code_point_inputs();
    ledger::check("code-points", cases.len(), &run(&cases));
}

/// Inputs that fuzzing and probing found, kept as regression cases (see the ledger).
const KNOWN: &[&str] = &[
    // Bidi domain names with an LTR label that breaks RFC 5893 rule 1 or 6 (UTS46 B1/B6).
    "wss://\u{788}.).)222",
    "http://0\u{e0}.\u{5d0}/",
    "http://\u{5d0}.)/",
    "http://\u{5d0}.1a/",
    "http://1a.\u{5d0}/",
    "http://1.\u{5d0}/",
    "http://\u{627}.-a/",
    "http://\u{5d0}.a)/",
    "http://x.\u{5d0}.1com/",
    "wss://\u{7d9}0.;\u{321}4285",
    "wss://\u{788}.`//@ws:!!!",
    // A code point that Unicode assigned after ada's IDNA data (U+058B, Unicode 18 data).
    "http:/\u{58b}",
    // Finding F2 (fuzzing): `&www` breaks RFC 5893 rule 1 in a Bidi domain name. In Unicode
    // the host fails UTS 46 ToASCII (§4.1 criterion 8; ada accepts: ledger). In Punycode it
    // is ASCII, which the domain parser only lower-cases (URL Standard, domain parser step
    // 5), so both accept it. With one non-ASCII label the whole host goes through ToASCII,
    // whose step 4 decodes the `xn--` labels: a Bidi domain name again, rejected.
    "https://&www.\u{627}\u{6cc}\u{631}\u{627}\u{646}.\u{627}\u{6cc}\u{631}\u{627}\u{646}/",
    "https://&www.xn--mgba3a4f16a.xn--mgba3a4f16a/",
    "https://&www.\u{e9}.xn--mgba3a4f16a/",
    // Bidi domain names that both accept or both reject.
    "http://\u{5d0}.a/",
    "http://a.\u{5d0}/",
    "http://\u{5d0}.a1/",
    "http://\u{5d0}.1/",
    "http://\u{627}1.com/",
];

#[test]
fn known_cases_agree_with_ada() {
    let found: Vec<Disagreement> = KNOWN.iter().filter_map(|s| compare(s, None)).collect();
    ledger::check("known", KNOWN.len(), &found);
}

/// The harness itself: a difference is reported, a ledgered one is accepted, and a ledger
/// entry that no longer disagrees fails (an unexpected pass).
#[test]
fn ledger_verdicts() {
    use diff_support::compare::{diff_getters, Getters};
    use std::collections::BTreeMap;
    let a: Getters = Default::default();
    let mut b = a.clone();
    b[8] = "/x".to_owned();
    let diffs = diff_getters(&a, &b);
    assert_eq!(diffs.len(), 1);
    assert_eq!((diffs[0].field, diffs[0].ada.as_str()), ("pathname", "/x"));
    let d = Disagreement {
        parts: vec![Some("in".to_owned()), None],
        diffs,
    };
    assert_eq!(d.key(), r#"["in",null,"pathname"]"#);
    let empty = BTreeMap::new();
    assert!(ledger::verdict("t", std::slice::from_ref(&d), &empty)
        .is_err_and(|m| m.contains("not in the ledger")));
    let listed = BTreeMap::from([(d.key(), "note".to_owned())]);
    assert_eq!(ledger::verdict("t", std::slice::from_ref(&d), &listed), Ok(()));
    assert!(ledger::verdict("t", &[], &listed).is_err_and(|m| m.contains("unexpected pass")));
    assert!(compare("http://h/", None).is_none());
    assert!(!ledger::entries("code-points").is_empty());
}
