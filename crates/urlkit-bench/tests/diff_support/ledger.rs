//! The ledger of known disagreements (`tests/differential-ledger.txt`).
//!
//! Each entry is one line `suite<TAB>key<TAB>note`, where `key` is the JSON array built by
//! [`Disagreement::key`]. Lines that are empty or start with `#` are comments. A suite fails
//! when it finds a disagreement that is not listed, and when a listed entry of that suite
//! no longer disagrees (an unexpected pass: remove the entry).

use super::compare::Disagreement;
use std::collections::{BTreeMap, BTreeSet};

/// The entries of one suite: key → note.
pub fn entries(suite: &str) -> BTreeMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/differential-ledger.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut cols = line.splitn(3, '\t');
        let (s, key, note) = (cols.next(), cols.next(), cols.next());
        let (Some(s), Some(key), Some(note)) = (s, key, note) else {
            panic!("{path}:{}: expected suite<TAB>key<TAB>note", n + 1);
        };
        assert!(
            serde_json::from_str::<Vec<Option<String>>>(key).is_ok(),
            "{path}:{}: bad key",
            n + 1
        );
        if s == suite {
            assert!(
                out.insert(key.to_owned(), note.to_owned()).is_none(),
                "{path}:{}: duplicate",
                n + 1
            );
        }
    }
    out
}

fn show(d: &Disagreement) -> String {
    let mut s = format!("  case {:?}", d.parts);
    for f in &d.diffs {
        s.push_str(&format!(
            "\n    {}: urlkit {:?} / ada {:?}",
            f.field, f.urlkit, f.ada
        ));
    }
    s
}

/// Prints the summary of `suite` and fails on unlisted disagreements or unexpected passes.
pub fn check(suite: &str, total: usize, found: &[Disagreement]) {
    let listed = entries(suite);
    // On stderr, which the harness does not capture: the run shows each suite's count.
    super::shared_data::note(&format!(
        "differential {suite}: {total} cases, {} agree, {} disagree ({} in the ledger)",
        total - found.len(),
        found.len(),
        listed.len()
    ));
    if let Some(out) = std::env::var_os("URLKIT_LEDGER_OUT") {
        let new = found.iter().filter(|d| !listed.contains_key(&d.key()));
        let lines: String = new
            .map(|d| format!("{suite}\t{}\tTODO {}\n", d.key(), first(d)))
            .collect();
        let path = std::path::PathBuf::from(&out).join(format!("{suite}.txt"));
        std::fs::write(&path, lines).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Every key that still disagrees: what a pruned ledger keeps when the reference data
        // moves (e.g. a new Unicode version) and entries start agreeing.
        let keys: String = found.iter().map(|d| d.key() + "\n").collect();
        let path = std::path::PathBuf::from(out).join(format!("{suite}.keys.txt"));
        std::fs::write(&path, keys).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    if let Err(msg) = verdict(suite, found, &listed) {
        panic!("{msg}");
    }
}

/// Compares what a suite found with its ledger entries: an error lists disagreements
/// missing from the ledger (the first 20) and entries that no longer disagree.
pub fn verdict(suite: &str, found: &[Disagreement], listed: &BTreeMap<String, String>) -> Result<(), String> {
    let keys: BTreeSet<String> = found.iter().map(Disagreement::key).collect();
    let new: Vec<&Disagreement> = found.iter().filter(|d| !listed.contains_key(&d.key())).collect();
    let passes: Vec<&String> = listed.keys().filter(|k| !keys.contains(*k)).collect();
    let mut msg = String::new();
    if !new.is_empty() {
        msg.push_str(&format!(
            "{suite}: {} disagreements not in the ledger; the first 20:\n",
            new.len()
        ));
        for d in new.iter().take(20) {
            msg.push_str(&show(d));
            msg.push('\n');
        }
        msg.push_str("ledger lines for them (set URLKIT_LEDGER_OUT=<dir> for all):\n");
        for d in new.iter().take(20) {
            msg.push_str(&format!("{suite}\t{}\tTODO\n", d.key()));
        }
    }
    if !passes.is_empty() {
        msg.push_str(&format!(
            "{suite}: {} ledger entries now agree (unexpected pass; remove them):\n",
            passes.len()
        ));
        for k in passes.iter().take(20) {
            msg.push_str(&format!("  {k}\n"));
        }
    }
    if msg.is_empty() {
        Ok(())
    } else {
        Err(msg)
    }
}

/// The first differing field, for a new ledger line's note.
fn first(d: &Disagreement) -> String {
    d.diffs.first().map_or_else(String::new, |f| {
        format!("{}: urlkit {:?} / ada {:?}", f.field, f.urlkit, f.ada)
    })
}
