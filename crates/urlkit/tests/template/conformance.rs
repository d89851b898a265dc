//! The uritemplate-test runner (`uritemplate/*.json`): every case's template expanded with
//! its group's variables must give the expected string (or one of the acceptable strings,
//! where an associative array's member order is free), and a `false` case must be rejected
//! by the parser or by expansion. Failures go through the ledger
//! `tests/template/expected-failures.txt`.

use crate::common;
use serde_json::Value as Json;
use urlkit::template::{Template, Value};

const FILES: [&str; 4] = [
    "uritemplate/spec-examples.json",
    "uritemplate/spec-examples-by-section.json",
    "uritemplate/extended-tests.json",
    "uritemplate/negative-tests.json",
];

/// A JSON scalar as the suite means it: strings as they are, numbers in their JSON form.
fn scalar(v: &Json) -> Option<String> {
    match v {
        Json::String(s) => Some(s.clone()),
        Json::Number(n) => Some(n.to_string()),
        Json::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The group's variables; `null` is undefined, so left out.
pub(crate) fn variables(v: &Json) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for (name, value) in v.as_object().into_iter().flatten() {
        let value = match value {
            Json::Null => continue,
            Json::Array(items) => Value::List(items.iter().filter_map(scalar).collect()),
            Json::Object(pairs) => Value::Assoc(
                pairs
                    .iter()
                    .filter_map(|(k, v)| Some((k.clone(), scalar(v)?)))
                    .collect(),
            ),
            other => Value::String(scalar(other).expect("a scalar")),
        };
        out.push((name.clone(), value));
    }
    out
}

/// `None` when the case passes, else what went wrong.
fn check(template: &str, vars: &[(String, Value)], expected: &Json) -> Option<String> {
    let got = Template::parse(template)
        .map_err(|e| e.to_string())
        .and_then(|t| t.expand(vars).map_err(|e| e.to_string()));
    match (expected, got) {
        (Json::Bool(false), Err(_)) => None,
        (Json::Bool(false), Ok(s)) => Some(format!("expected a rejection, got {s:?}")),
        (_, Err(e)) => Some(format!("rejected: {e}")),
        (Json::String(want), Ok(s)) if *want == s => None,
        (Json::Array(options), Ok(s)) if options.iter().any(|o| o.as_str() == Some(&s)) => None,
        (want, Ok(s)) => Some(format!("got {s:?}, expected {want}")),
    }
}

/// One case: (key, template, variables, expected).
pub(crate) type Case = (String, String, Vec<(String, Value)>, Json);

/// Every case of the suite.
pub(crate) fn cases() -> Option<Vec<Case>> {
    let mut out = Vec::new();
    for file in FILES {
        let data = common::conformance_json(file)?;
        for (group, body) in data.as_object().expect("an object of groups") {
            let vars = variables(&body["variables"]);
            for (i, case) in body["testcases"]
                .as_array()
                .expect("testcases")
                .iter()
                .enumerate()
            {
                let template = case[0].as_str().expect("a template").to_owned();
                let key = format!("{file} {group} #{i}: {template}");
                out.push((key, template, vars.clone(), case[1].clone()));
            }
        }
    }
    Some(out)
}

#[test]
fn uritemplate_test_suite() {
    let Some(cases) = cases() else {
        return;
    };
    let mut ledger = common::Ledger::read("template/expected-failures.txt");
    let mut passed = 0;
    for (key, template, vars, expected) in &cases {
        let failure = std::panic::catch_unwind(|| check(template, vars, expected))
            .unwrap_or_else(|_| Some("panicked".into()));
        passed += usize::from(ledger.outcome(key.clone(), failure));
    }
    common::skip_note(&format!("uritemplate: {passed}/{} cases pass", cases.len()));
    assert_eq!(cases.len(), 270, "the suite's README counts 270 cases");
    ledger.assert_clean();
}

/// Every accepted template writes itself back (`Display`), and expanding into a buffer
/// appends exactly what `expand` returns.
#[test]
fn display_and_expand_into_agree() {
    let Some(cases) = cases() else {
        return;
    };
    for (_, template, vars, _) in &cases {
        let Ok(t) = Template::parse(template) else {
            continue;
        };
        assert_eq!(t.to_string(), *template);
        if let Ok(expanded) = t.expand(vars) {
            let mut out = String::from("prefix:");
            t.expand_into(vars, &mut out).unwrap();
            assert_eq!(out, format!("prefix:{expanded}"));
        }
    }
}
