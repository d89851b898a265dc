//! The web-platform-tests URL parser suite (`wpt/urltestdata.json`,
//! `wpt/urltestdata-javascript-only.json`) and our own cases in the same shape
//! (`tests/whatwg/whatwg_extra.json`), checked against a ledger of expected failures
//! (`tests/whatwg/wpt-expected-failures.txt`): an unlisted failure fails the test, and so does a
//! listed record that now passes.

use crate::common;

use serde_json::Value;
use urlkit::Url;

/// Bases for `relativeTo` records: a document URL has a non-opaque path (http or https);
/// `any-base` also covers an opaque-path base.
const NON_OPAQUE_BASES: &[&str] = &["http://example.org/foo/bar", "https://example.org/foo/bar"];
const OPAQUE_BASE: &str = "mailto:someone@example.org";

/// One line per record in the ledger.
fn key(record: &Value) -> String {
    let base = record["base"]
        .as_str()
        .map_or("null".to_owned(), |b| format!("{b:?}"));
    format!(
        "{:?} against {base}",
        record["input"].as_str().unwrap_or_default()
    )
}

/// Why `record` fails, or `None` when it passes.
fn check(record: &Value) -> Option<String> {
    let input = record["input"].as_str()?;
    let base = match record["base"].as_str() {
        Some(b) => match Url::parse(b) {
            Ok(u) => Some(u),
            Err(e) => {
                return (!record["failure"].as_bool().unwrap_or(false)).then(|| format!("base failed: {e}"))
            }
        },
        None => None,
    };
    let result = Url::parse_with_base(input, base.as_ref());
    // Listening for validation errors takes the full parser (no fast path): same result.
    let mut errors = 0;
    let mut count = |_e: urlkit::ValidationError| errors += 1;
    let listened = Url::options()
        .base_url(base.as_ref())
        .on_validation_error(&mut count)
        .parse(input);
    if listened.as_ref().map(Url::href).ok() != result.as_ref().map(Url::href).ok() {
        return Some(format!(
            "listening changes the result: {listened:?} vs {result:?}"
        ));
    }
    if record["failure"].as_bool() == Some(true) {
        if let Ok(u) = result {
            return Some(format!("expected failure, got {}", u.href()));
        }
        return check_relative_to(record, input);
    }
    let url = match result {
        Ok(u) => u,
        Err(e) => return Some(format!("unexpected failure: {e}")),
    };
    let mut problems = Vec::new();
    for (name, got) in common::api_components(&url) {
        if let Some(want) = record[name].as_str() {
            if got != want {
                problems.push(format!("{name}: expected {want:?}, got {got:?}"));
            }
        }
    }
    // The ranges of all attributes at once agree with the getters.
    for (attr, range) in urlkit::Attribute::ALL.into_iter().zip(url.attribute_ranges()) {
        if url.href().get(range.clone()) != Some(url.get(attr)) {
            problems.push(format!(
                "attribute_ranges: {attr} at {range:?}, getter {:?}",
                url.get(attr)
            ));
        }
    }
    match Url::parse(url.href()) {
        Ok(again) if again == url && again.pathname() == url.pathname() => {}
        Ok(again) => problems.push(format!("re-parse gives {}", again.href())),
        Err(e) => problems.push(format!("re-parse fails: {e}")),
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// A failure record with `relativeTo` must parse against a base of that kind.
fn check_relative_to(record: &Value, input: &str) -> Option<String> {
    let parses = |b: &str| Url::parse(b).is_ok_and(|b| b.join(input).is_ok());
    match record["relativeTo"].as_str() {
        None => None,
        Some("non-opaque-path-base") => (!NON_OPAQUE_BASES.iter().any(|b| parses(b)))
            .then(|| "does not parse against a non-opaque-path base".to_owned()),
        Some("any-base") => (!(NON_OPAQUE_BASES.iter().all(|b| parses(b)) && parses(OPAQUE_BASE)))
            .then(|| "does not parse against every base".to_owned()),
        Some(other) => Some(format!("unknown relativeTo {other:?}")),
    }
}

fn load_js_only() -> Option<Value> {
    common::conformance_usv_json("wpt/urltestdata-javascript-only.json")
}

fn load_extra() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/whatwg/whatwg_extra.json");
    let text = std::fs::read_to_string(path).expect("reading whatwg_extra.json");
    serde_json::from_str(&text).expect("whatwg_extra.json")
}

/// Runs every record of `suite` through `ledger` and prints the counts.
fn run(name: &str, suite: &Value, ledger: &mut common::Ledger) {
    let (mut passed, mut failed) = (0, 0);
    for record in suite
        .as_array()
        .expect("an array")
        .iter()
        .filter(|r| r.is_object())
    {
        if ledger.outcome(key(record), check(record)) {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    println!("{name}: {passed} passed, {failed} failed");
}

#[test]
fn wpt_urltestdata() {
    let mut ledger = common::Ledger::read("whatwg/wpt-expected-failures.txt");
    if let Some(data) = common::conformance_json("wpt/urltestdata.json") {
        run("wpt urltestdata", &data, &mut ledger);
    }
    if let Some(data) = load_js_only() {
        run("wpt urltestdata-javascript-only", &data, &mut ledger);
    }
    run("whatwg_extra", &load_extra(), &mut ledger);
    ledger.assert_clean();
}

#[test]
fn lone_surrogates_become_replacement_characters() {
    let text = common::replace_lone_surrogates(r#""\uD800x\uD83D\uDE00\\uD800\udfff""#);
    assert_eq!(text, r#""\ufffdx\uD83D\uDE00\\uD800\ufffd""#);
    let value: String = serde_json::from_str(&text).unwrap();
    assert_eq!(value, "\u{FFFD}x\u{1F600}\\uD800\u{FFFD}");
}
