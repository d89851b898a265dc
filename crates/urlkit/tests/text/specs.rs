//! Where the specification texts live: `$URLKIT_SPECS`, else `shared/specs` beside the
//! checkout (`shared_data.rs`). Never copied into the repository; without them the tests
//! that read them pass, and the run says once that they were skipped, unless
//! `URLKIT_REQUIRE_CONFORMANCE` is set.

use crate::shared_data::{note_cases, Shared};

/// The text of `shared/specs/<name>`, or `None` after the skip note.
pub fn read(name: &str) -> Option<String> {
    let path = Shared::Specs.file(name)?;
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Every file of the specs directory (name, text), sorted by name; empty after the skip
/// note when the directory is missing.
pub fn all() -> Vec<(String, String)> {
    let Some(dir) = Shared::Specs.existing_dir() else {
        return Vec::new();
    };
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    let docs: Vec<(String, String)> = names
        .into_iter()
        .filter_map(|n| Some((n.clone(), read(&n)?)))
        .collect();
    note_cases("specs/*", docs.len());
    docs
}
