//! Shared by the integration tests: the conformance data and datasets (located, read and
//! counted by `shared_data.rs`, which the CLI's and the benchmarks' tests include too).

#![allow(dead_code)]

#[path = "shared_data.rs"]
mod shared_data;

use shared_data::Shared;
// Each test binary uses a subset.
#[allow(unused_imports)]
pub use shared_data::{note as skip_note, note_cases, note_json_cases, note_once};
use std::path::PathBuf;

/// A file under the conformance directory, e.g. `wpt/urltestdata.json`; `None` (after
/// printing that the suite was skipped) when absent.
pub fn conformance_file(rel: &str) -> Option<PathBuf> {
    Shared::Conformance.file(rel)
}

/// A file under the datasets directory, e.g. `realworld.txt`.
pub fn dataset_file(rel: &str) -> Option<PathBuf> {
    Shared::Datasets.file(rel)
}

/// Reads and parses a JSON conformance file.
pub fn conformance_json(rel: &str) -> Option<serde_json::Value> {
    let path = conformance_file(rel)?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let value: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()));
    note_json_cases(rel, &value);
    Some(value)
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
    note_cases(rel, lines.len());
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

/// The URL API's components of `url` by the names conformance records use: the ten string
/// attributes of [`urlkit::Attribute::ALL`], then `origin`.
pub fn api_components(url: &urlkit::Url) -> Vec<(&'static str, String)> {
    let mut all: Vec<(&'static str, String)> = urlkit::Attribute::ALL
        .into_iter()
        .map(|a| (a.name(), url.get(a).to_owned()))
        .collect();
    all.push(("origin", url.origin().ascii_serialization()));
    all
}

/// Reads a JSON conformance file the way a browser sees it: WPT files escape lone surrogates
/// (`"\ud900"`), which JavaScript turns into U+FFFD when `new URL()` converts its argument to
/// a USVString; serde_json rejects them, so each becomes `\ufffd` first.
pub fn conformance_usv_json(rel: &str) -> Option<serde_json::Value> {
    let path = conformance_file(rel)?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let value = serde_json::from_str(&replace_lone_surrogates(&text))
        .unwrap_or_else(|e| panic!("parsing {rel}: {e}"));
    note_json_cases(rel, &value);
    Some(value)
}

/// JSON text with each `\uXXXX` escape of a lone surrogate replaced by `\ufffd` (escaped
/// backslashes and surrogate pairs left alone).
pub fn replace_lone_surrogates(text: &str) -> String {
    let b = text.as_bytes();
    let unit = |i: usize| -> Option<u16> {
        let hex = b.get(i..i + 6)?;
        if &hex[..2] != b"\\u" {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()
    };
    let (mut out, mut i, mut copied) = (String::with_capacity(text.len()), 0, 0);
    while i < b.len() {
        // Skip escaped backslashes so that `\\ud800` is left alone.
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'\\') {
            i += 2;
            continue;
        }
        match unit(i) {
            // A surrogate pair is a proper escape.
            Some(0xD800..=0xDBFF) if unit(i + 6).is_some_and(|l| (0xDC00..=0xDFFF).contains(&l)) => i += 12,
            Some(0xD800..=0xDFFF) => {
                out.push_str(&text[copied..i]);
                out.push_str("\\ufffd");
                i += 6;
                copied = i;
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// An expected-failures ledger (`tests/<file>`: one record key a line, `#` comments): a
/// record that fails and is not listed is a problem, and so is a listed record that passes
/// or that no record matches, so the ledger cannot go stale.
pub struct Ledger {
    listed: std::collections::BTreeSet<String>,
    seen: std::collections::BTreeSet<String>,
    problems: Vec<String>,
}

impl Ledger {
    /// Reads `tests/<file>` of this crate.
    pub fn read(file: &str) -> Ledger {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let listed = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(str::to_owned)
            .collect();
        Ledger {
            listed,
            seen: Default::default(),
            problems: Vec::new(),
        }
    }

    /// Records the outcome of the record `key`: `None` when it passed, else why it failed.
    /// Returns whether it passed.
    pub fn outcome(&mut self, key: String, failure: Option<String>) -> bool {
        let listed = self.listed.contains(&key);
        let passed = failure.is_none();
        match failure {
            None if listed => self
                .problems
                .push(format!("listed in the ledger but passes: {key}")),
            None => {}
            Some(why) if !listed => self.problems.push(format!("{key}: {why}")),
            Some(_) => {}
        }
        self.seen.insert(key);
        passed
    }

    /// Fails on every unexpected failure, unexpected pass and stale entry.
    pub fn assert_clean(mut self) {
        for stale in self.listed.difference(&self.seen) {
            self.problems
                .push(format!("ledger entry matches no record: {stale}"));
        }
        assert!(
            self.problems.is_empty(),
            "{} problems:\n{}",
            self.problems.len(),
            self.problems.join("\n")
        );
    }
}
