//! Shared by the integration tests: where the conformance data and datasets live.
//!
//! The data is never copied into this repository. It is read from `../shared/` beside the
//! checkout, or from the directories named by `URLKIT_CONFORMANCE` / `URLKIT_DATASETS`.
//! When it is missing, a test prints that its suite was skipped and passes, unless
//! `URLKIT_REQUIRE_CONFORMANCE` is set (as `.ci/run` does), in which case it fails.

#![allow(dead_code)]

use std::path::PathBuf;

fn shared_dir(env: &str, sub: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os(env) {
        return PathBuf::from(dir);
    }
    // crates/urlkit -> workspace root -> its parent, where shared/ sits beside the checkout.
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared")
        .join(sub)
}

fn require() -> bool {
    std::env::var_os("URLKIT_REQUIRE_CONFORMANCE").is_some_and(|v| !v.is_empty() && v != "0")
}

fn locate(env: &str, sub: &str, file: &str, what: &str) -> Option<PathBuf> {
    let path = shared_dir(env, sub).join(file);
    if path.is_file() {
        return Some(path);
    }
    if require() {
        panic!(
            "{what} data missing at {} (URLKIT_REQUIRE_CONFORMANCE is set)",
            path.display()
        );
    }
    skip_note(&format!(
        "conformance suite skipped: {what} data not found at {} (set {env})",
        path.display()
    ));
    None
}

/// Writes a note straight to the process's stderr: unlike `println!`, this is not captured
/// by the test harness, so a skipped suite is visible in `cargo test` output.
pub fn skip_note(note: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{note}");
}

/// A file under the conformance directory, e.g. `wpt/urltestdata.json`; `None` (after
/// printing that the suite was skipped) when absent.
pub fn conformance_file(rel: &str) -> Option<PathBuf> {
    locate("URLKIT_CONFORMANCE", "conformance", rel, "conformance")
}

/// A file under the datasets directory, e.g. `realworld.txt`.
pub fn dataset_file(rel: &str) -> Option<PathBuf> {
    locate("URLKIT_DATASETS", "datasets", rel, "dataset")
}

/// Reads and parses a JSON conformance file.
pub fn conformance_json(rel: &str) -> Option<serde_json::Value> {
    let path = conformance_file(rel)?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display())))
}

/// The lines of a dataset file, split on `\n` only and never trimmed.
pub fn dataset_lines(rel: &str) -> Option<Vec<String>> {
    let path = dataset_file(rel)?;
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let text = String::from_utf8_lossy(&bytes);
    let mut lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    Some(lines)
}

/// A line of `messy.txt`: plain input, or `{"input", "base"}` JSON.
pub fn messy_record(line: &str) -> (String, Option<String>) {
    if line.starts_with('{') {
        let v: serde_json::Value = serde_json::from_str(line).expect("messy.txt JSON line");
        let input = v["input"].as_str().expect("input").to_owned();
        let base = v["base"].as_str().map(str::to_owned);
        (input, base)
    } else {
        (line.to_owned(), None)
    }
}
