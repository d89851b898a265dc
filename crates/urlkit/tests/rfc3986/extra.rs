//! Runs our own cases in `extra.json` (kept in the repository; see its first line).

use serde_json::Value;
use urlkit::rfc3986::{IriRef, Uri, UriRef};

fn opt(v: &Value) -> Option<&str> {
    v.as_str()
}

fn components(r: &UriRef<'_>) -> Vec<Option<String>> {
    let kind = r.host_kind().map(|k| format!("{k:?}"));
    let all = [
        r.scheme(),
        r.authority(),
        r.userinfo(),
        r.host(),
        None,
        r.port(),
        Some(r.path()),
        r.query(),
        r.fragment(),
    ];
    let mut v: Vec<Option<String>> = all.iter().map(|c| c.map(str::to_owned)).collect();
    v[4] = kind;
    v
}

fn check_parse(case: &Value, input: &str) {
    let iri = case["iri"].as_bool() == Some(true);
    let parsed = if iri {
        IriRef::parse(input).map(|_| ())
    } else {
        UriRef::parse(input).map(|_| ())
    };
    if let Some(pos) = case["position"].as_u64() {
        let e = parsed.expect_err(input);
        assert_eq!(
            (e.position() as u64, e.expected().name()),
            (pos, case["expected"].as_str().unwrap()),
            "{input}: {e}"
        );
        return;
    }
    parsed.unwrap_or_else(|e| panic!("{input}: {e}"));
    if iri {
        let i = IriRef::parse(input).unwrap();
        assert_eq!(
            (i.scheme(), i.host(), i.path()),
            (
                opt(&case["scheme"]),
                opt(&case["host"]),
                case["path"].as_str().unwrap()
            )
        );
        return;
    }
    let keys = [
        "scheme",
        "authority",
        "userinfo",
        "host",
        "host_kind",
        "port",
        "path",
        "query",
        "fragment",
    ];
    let expected: Vec<Option<String>> = keys.iter().map(|k| opt(&case[*k]).map(str::to_owned)).collect();
    assert_eq!(components(&UriRef::parse(input).unwrap()), expected, "{input}");
}

#[test]
fn extra_cases() {
    let data: Value = serde_json::from_str(include_str!("extra.json")).expect("valid JSON");
    let mut ran = 0;
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().expect("input");
        if let Some(base) = case["base"].as_str() {
            let got = Uri::parse(base).unwrap().join(input).unwrap();
            assert_eq!(
                got.as_str(),
                case["resolved"].as_str().unwrap(),
                "{base} + {input}"
            );
        } else if let Some(n) = case["normalized"].as_str() {
            assert_eq!(UriRef::parse(input).unwrap().normalized().as_str(), n, "{input}");
        } else {
            check_parse(case, input);
        }
        ran += 1;
    }
    assert!(ran >= 40, "{ran}");
}
