//! `canon::surt` against the `surt` package (0.3.1) on every input of the datasets.

use crate::python;

fn ours(input: &str) -> serde_json::Value {
    match urlkit::canon::surt(input) {
        Ok(s) => serde_json::Value::String(s),
        Err(_) => serde_json::json!({"error": "ValueError"}),
    }
}

fn compare(file: &str) {
    let Some(inputs) = python::dataset_inputs(file) else {
        return;
    };
    let Some(expected) = python::expected("surt", &[], &inputs) else {
        return;
    };
    let mut differences = Vec::new();
    for (input, want) in inputs.iter().zip(&expected) {
        let got = ours(input);
        let same = match (&got, want) {
            (serde_json::Value::Object(_), serde_json::Value::Object(_)) => true,
            _ => &got == want,
        };
        if !same {
            differences.push(format!("{input:?}\n   urlkit {got}\n   python {want}"));
        }
    }
    println!(
        "{file}: {} inputs, {} differences",
        inputs.len(),
        differences.len()
    );
    assert!(
        differences.is_empty(),
        "{file}: {} differences:\n{}",
        differences.len(),
        differences
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn surt_matches_python_on_realworld() {
    compare("realworld.txt");
}

#[test]
fn surt_matches_python_on_messy() {
    compare("messy.txt");
}
