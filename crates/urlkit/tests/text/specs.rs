//! Where the specification texts live: `$URLKIT_SPECS`, else `shared/specs` beside the
//! checkout. Never copied into the repository; without them the tests that read them pass
//! with one note on stderr, unless `URLKIT_REQUIRE_CONFORMANCE` is set.

use std::path::PathBuf;
use std::sync::Once;

fn dir() -> PathBuf {
    match std::env::var_os("URLKIT_SPECS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/specs"),
    }
}

fn require() -> bool {
    std::env::var_os("URLKIT_REQUIRE_CONFORMANCE").is_some_and(|v| !v.is_empty() && v != "0")
}

static NOTE: Once = Once::new();

/// The text of `shared/specs/<name>`, or `None` after one note (per test binary) that the
/// specification suites were skipped.
pub fn read(name: &str) -> Option<String> {
    let path = dir().join(name);
    match std::fs::read(&path) {
        Ok(bytes) => Some(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) => {
            if require() {
                panic!(
                    "{} missing ({e}) and URLKIT_REQUIRE_CONFORMANCE is set",
                    path.display()
                );
            }
            NOTE.call_once(|| {
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "specification suites skipped: {} not found (set URLKIT_SPECS)",
                    dir().display()
                );
            });
            None
        }
    }
}

/// Every file of the specs directory (name, text), sorted by name; empty after the note when
/// the directory is missing.
pub fn all() -> Vec<(String, String)> {
    let Ok(entries) = std::fs::read_dir(dir()) else {
        read("README.md");
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|n| Some((n.clone(), read(&n)?)))
        .collect()
}
