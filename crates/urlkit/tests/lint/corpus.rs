//! The host-confusion corpus, `corpus.jsonl`: one JSON object per line with the input, why
//! it is there, the codes it must raise (`expect`, written by hand), and what was recorded:
//! the WHATWG parser's answer, the RFC 3986 (or RFC 3987) parser's answer, and every code
//! raised, in order. `URLKIT_BLESS=1 cargo test --test lint corpus` rewrites the recorded
//! answers; `expect` and `why` are kept.

use serde_json::{json, Value};
use urlkit::rfc3986::{IriRef, UriRef};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lint/corpus.jsonl");

/// Both parsers' answers and the codes raised, as recorded in the corpus.
fn answers(input: &str) -> (Value, Value, Vec<String>) {
    let whatwg = match urlkit::Url::parse(input) {
        Ok(url) => json!({ "href": url.as_str(), "host": url.host().map(|h| h.to_string()) }),
        Err(e) => json!({ "failure": e.to_string() }),
    };
    let part = |scheme: Option<&str>, host: Option<&str>, port: Option<&str>, path: &str| json!({ "scheme": scheme, "host": host, "port": port, "path": path });
    let rfc3986 = match UriRef::parse(input) {
        Ok(u) => part(u.scheme(), u.host(), u.port(), u.path()),
        Err(e) => match IriRef::parse(input) {
            Ok(u) => {
                let mut v = part(u.scheme(), u.host(), u.port(), u.path());
                v["iri"] = json!(true);
                v
            }
            Err(_) => json!({ "invalid": e.to_string() }),
        },
    };
    let codes = crate::codes(input).into_iter().map(String::from).collect();
    (whatwg, rfc3986, codes)
}

#[test]
fn host_confusion_corpus() {
    let text = std::fs::read_to_string(PATH).expect("corpus.jsonl");
    let bless = std::env::var_os("URLKIT_BLESS").is_some_and(|v| v == "1");
    let mut out = String::new();
    let mut failures = Vec::new();
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let mut case: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let input = case["input"].as_str().expect("input").to_owned();
        let (whatwg, rfc3986, codes) = answers(&input);
        for want in case["expect"].as_array().expect("expect") {
            if !codes.iter().any(|c| Some(c.as_str()) == want.as_str()) {
                failures.push(format!(
                    "line {}: {input:?} should raise {want}, raises {codes:?}",
                    i + 1
                ));
            }
        }
        if bless {
            case["whatwg"] = whatwg;
            case["rfc3986"] = rfc3986;
            case["findings"] = json!(codes);
            out.push_str(&serde_json::to_string(&case).unwrap());
            out.push('\n');
        } else {
            for (field, got) in [
                ("whatwg", whatwg),
                ("rfc3986", rfc3986),
                ("findings", json!(codes)),
            ] {
                if case[field] != got {
                    failures.push(format!(
                        "line {}: {input:?} {field}: recorded {}, got {got}",
                        i + 1,
                        case[field]
                    ));
                }
            }
        }
        n += 1;
    }
    if bless {
        std::fs::write(PATH, out).unwrap();
    }
    assert!(n >= 150, "the corpus has {n} inputs, fewer than 150");
    assert!(
        failures.is_empty(),
        "{} corpus failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
