//! Where the shared test data lives, and what a test run says about it.
//!
//! The conformance suites, datasets and specification texts are never copied into this
//! repository: they are read from `../shared/{conformance,datasets,specs}` beside the
//! checkout, or from the directories named by `URLKIT_CONFORMANCE`, `URLKIT_DATASETS` and
//! `URLKIT_SPECS`. A suite whose data is present prints one line with the number of cases it
//! read; when a directory is missing, the whole `cargo test` run prints exactly one line for
//! it, saying what was skipped and which variable to set (and the suites pass), unless
//! `URLKIT_REQUIRE_CONFORMANCE` is set (as `.ci/run` does), in which case they fail.
//!
//! Needs only `std` and `serde_json`, so that the integration tests of `urlkit`,
//! `urlkit-cli` and `urlkit-bench` all include this one file (`#[path]`) and one run over
//! the three says each thing once.

#![allow(dead_code)] // each test binary uses its own subset

use std::io::Write;
use std::path::{Path, PathBuf};

/// One of the shared data directories.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// `conformance/`: WPT, RFC vectors, Public Suffix List tests.
    Conformance,
    /// `datasets/`: the URL corpora (realworld.txt, synthetic.txt, messy.txt).
    Datasets,
    /// `specs/`: the standards' texts and the seeds.
    Specs,
}

impl Shared {
    /// The variable that names the directory.
    pub fn var(self) -> &'static str {
        match self {
            Shared::Conformance => "URLKIT_CONFORMANCE",
            Shared::Datasets => "URLKIT_DATASETS",
            Shared::Specs => "URLKIT_SPECS",
        }
    }

    /// The directory's name under `shared/`.
    fn sub(self) -> &'static str {
        match self {
            Shared::Conformance => "conformance",
            Shared::Datasets => "datasets",
            Shared::Specs => "specs",
        }
    }

    /// What is skipped without it.
    fn suites(self) -> &'static str {
        match self {
            Shared::Conformance => "conformance suites (WPT, RFC vectors, Public Suffix List tests)",
            Shared::Datasets => {
                "dataset suites (round trips, differential and CLI tests over the URL corpora)"
            }
            Shared::Specs => "specification-text suites (URLs found in the standards' texts)",
        }
    }

    /// The directory: the variable's value, else `shared/<sub>` beside the checkout.
    pub fn dir(self) -> PathBuf {
        if let Some(dir) = std::env::var_os(self.var()) {
            return PathBuf::from(dir);
        }
        // crates/<crate> -> workspace root -> its parent, where shared/ sits.
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared")
            .join(self.sub())
    }

    /// The file `rel` of the directory, or `None` after the skip note (fails instead when
    /// `URLKIT_REQUIRE_CONFORMANCE` is set).
    pub fn file(self, rel: &str) -> Option<PathBuf> {
        let dir = self.dir();
        let path = dir.join(rel);
        if path.is_file() {
            return Some(path);
        }
        self.missing(&dir, &path);
        None
    }

    /// The directory itself, or `None` after the skip note (as [`Shared::file`]).
    pub fn existing_dir(self) -> Option<PathBuf> {
        let dir = self.dir();
        if dir.is_dir() {
            return Some(dir);
        }
        self.missing(&dir, &dir);
        None
    }

    fn missing(self, dir: &Path, path: &Path) {
        assert!(
            !require(),
            "{} missing (URLKIT_REQUIRE_CONFORMANCE is set; set {} to the data's directory)",
            path.display(),
            self.var()
        );
        // One line per missing directory in the whole run, however many suites read from
        // it; a file missing from a present directory is named on its own line.
        let (key, line) = if dir.is_dir() {
            (
                format!("{}-{}", self.var(), path.display()),
                format!(
                    "skipped the suites that read {}: not found (set {})",
                    path.display(),
                    self.var()
                ),
            )
        } else {
            (
                self.var().to_string(),
                format!(
                    "skipped the {}: no directory {} (set {} to it)",
                    self.suites(),
                    dir.display(),
                    self.var()
                ),
            )
        };
        note_once(&key, &line);
    }
}

/// True when `URLKIT_REQUIRE_CONFORMANCE` is set (to anything but `0`): missing data fails.
pub fn require() -> bool {
    std::env::var_os("URLKIT_REQUIRE_CONFORMANCE").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Says how many cases a suite read from `source` (a file under a shared directory): one
/// line per test binary and source.
pub fn note_cases(source: &str, cases: usize) {
    static SEEN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if seen.iter().any(|s| s == source) {
        return;
    }
    seen.push(source.to_string());
    // The test binary's name without cargo's hash: `whatwg`, `cli`, `differential`.
    let binary = std::env::args().next().unwrap_or_default();
    let binary = Path::new(&binary)
        .file_name()
        .map(|n| {
            n.to_string_lossy()
                .split('-')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .unwrap_or_default();
    note(&format!("{binary}: {source}: {cases} cases"));
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

/// Writes a line straight to the process's stderr: unlike `println!`, this is not captured
/// by the test harness, so it shows in `cargo test`'s output.
pub fn note(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Writes `line` (as [`note`]) the first time `key` is seen in this `cargo test` run: a
/// missing prerequisite is said once, not by every test binary that needs it.
pub fn note_once(key: &str, line: &str) {
    if first_in_run(key) {
        note(line);
    }
}

/// True the first time `key` is seen in this `cargo test` run. The test binaries of one run
/// are children of one cargo process: a directory named after it (its id and, where the OS
/// says, its start time, so that a later process with a reused id starts afresh) holds one
/// marker file per key.
fn first_in_run(key: &str) -> bool {
    #[cfg(unix)]
    let parent = std::os::unix::process::parent_id();
    #[cfg(not(unix))]
    let parent = std::process::id();
    // Field 22 of /proc/<pid>/stat, after the parenthesized command name (which may hold
    // spaces): the start time in clock ticks since boot.
    let started = std::fs::read_to_string(format!("/proc/{parent}/stat"))
        .ok()
        .and_then(|s| Some(s.get(s.rfind(')')? + 2..)?.split(' ').nth(19)?.to_string()))
        .unwrap_or_default();
    let dir = std::env::temp_dir().join(format!("urlkit-test-notes-{parent}-{started}"));
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
