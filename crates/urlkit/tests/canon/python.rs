//! Runs `scripts/canon-expected.py` (the real Python packages) over a list of inputs.
//!
//! Without python3 or its packages the differential tests print one line saying so and pass,
//! unless `URLKIT_REQUIRE_PYTHON` is set (as `.ci/run` does after installing them), in which
//! case they fail. `URLKIT_PYTHON` names another interpreter.

use std::io::Write;
use std::process::{Command, Stdio};

fn require() -> bool {
    std::env::var_os("URLKIT_REQUIRE_PYTHON").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The script's answers for `inputs` (one JSON value each), or `None` (after a skip note)
/// when the interpreter or a package is missing.
pub fn expected(mode: &str, args: &[&str], inputs: &[String]) -> Option<Vec<serde_json::Value>> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/canon-expected.py");
    let python = std::env::var("URLKIT_PYTHON").unwrap_or_else(|_| String::from("python3"));
    let child = Command::new(&python)
        .arg(script)
        .arg(mode)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return missing(&format!("{python} not runnable: {e}")),
    };
    let mut stdin = child.stdin.take().unwrap();
    let text: String = inputs
        .iter()
        .map(|i| serde_json::to_string(i).unwrap() + "\n")
        .collect();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().expect("python output");
    writer.join().unwrap();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        if err.contains("ModuleNotFoundError") {
            return missing(err.lines().last().unwrap_or_default());
        }
        panic!("canon-expected.py {mode} failed: {err}");
    }
    let values: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values.len(), inputs.len(), "one answer per input");
    Some(values)
}

fn missing(why: &str) -> Option<Vec<serde_json::Value>> {
    if require() {
        panic!("differential test needs python3 with surt, w3lib and tldextract ({why}); URLKIT_REQUIRE_PYTHON is set");
    }
    // Once per run: every differential test of canon and domain needs the same modules.
    crate::common::note_once(
        "python-canon-modules",
        &format!("skipped the Python differential tests: {why} (pip install surt==0.3.1 w3lib==2.5.0 tldextract==5.4.0)"),
    );
    None
}

/// The inputs of a dataset (`#[allow]`: the domain tests, which share this file, read hosts): `realworld.txt` lines, or the `input` of each `messy.txt` record.
#[allow(dead_code)]
pub fn dataset_inputs(file: &str) -> Option<Vec<String>> {
    let lines = crate::common::dataset_lines(file)?;
    Some(lines.iter().map(|l| crate::common::messy_record(l).0).collect())
}
