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
    let dir = shared_dir(env, sub);
    let path = dir.join(file);
    if path.is_file() {
        return Some(path);
    }
    if require() {
        panic!(
            "{what} data missing at {} (URLKIT_REQUIRE_CONFORMANCE is set)",
            path.display()
        );
    }
    // One line per missing directory in the whole `cargo test` run, however many suites
    // read from it (a missing file in a present directory is named on its own).
    let (key, note) = if dir.is_dir() {
        (
            format!("{env}-{file}"),
            format!("{what} suites skipped: {} not found (set {env})", path.display()),
        )
    } else {
        (
            env.to_string(),
            format!(
                "{what} suites skipped: no {what} data at {} (set {env} to its directory)",
                dir.display()
            ),
        )
    };
    if first_in_run(&key) {
        skip_note(&note);
    }
    None
}

/// True the first time `key` is seen in this `cargo test` run: the test binaries of one run
/// share their parent process (cargo), whose id names a directory of markers.
fn first_in_run(key: &str) -> bool {
    #[cfg(unix)]
    let run = std::os::unix::process::parent_id();
    #[cfg(not(unix))]
    let run = std::process::id();
    let dir = std::env::temp_dir().join(format!("urlkit-test-notes-{run}"));
    let _ = std::fs::create_dir_all(&dir);
    let name: String = key
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(dir.join(name))
        .is_ok()
}

/// Says (once per test binary and file) how many cases a suite read from `what`.
fn note_cases(what: &str, cases: usize) {
    static SEEN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if !seen.iter().any(|s| s == what) {
        seen.push(what.to_string());
        let binary = std::env::args().next().unwrap_or_default();
        let binary = std::path::Path::new(&binary)
            .file_name()
            .map(|n| {
                n.to_string_lossy()
                    .split('-')
                    .next()
                    .unwrap_or_default()
                    .to_string()
            })
            .unwrap_or_default();
        skip_note(&format!("{binary}: {what}: {cases} cases"));
    }
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
    let value: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()));
    note_json_cases(rel, &value);
    Some(value)
}

/// Says how many cases the conformance file `rel` holds: the objects of its top-level array,
/// or of the arrays under its keys (comments, plain strings, are not cases).
pub fn note_json_cases(rel: &str, value: &serde_json::Value) {
    let count = |v: &serde_json::Value| {
        v.as_array()
            .map_or(0, |a| a.iter().filter(|c| !c.is_string()).count())
    };
    let cases = match value {
        serde_json::Value::Object(map) => map.values().map(count).sum(),
        other => count(other),
    };
    note_cases(rel, cases);
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
