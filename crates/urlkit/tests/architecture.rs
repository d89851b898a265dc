//! ARCHITECTURE.md describes today: every module of this crate (each directory and each
//! file under `src/` but `lib.rs`) and every crate of the workspace has its row there, and
//! every module the module table names exists. A module added or removed without its row
//! fails here.
//!
//! The check reads the repository around the crate; from a packaged crate (no workspace
//! around it) it says so and passes.

use std::fs;
use std::path::{Path, PathBuf};

fn repository() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.join("ARCHITECTURE.md").is_file().then_some(root)
}

/// The modules of `crates/urlkit/src`, as ARCHITECTURE.md writes them: `name/` for a
/// directory, `name.rs` for a file.
fn modules(src: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in fs::read_dir(src).expect("crates/urlkit/src is readable") {
        let entry = entry.unwrap();
        let name = entry.file_name().into_string().unwrap();
        if entry.file_type().unwrap().is_dir() {
            out.push(format!("{name}/"));
        } else if name.ends_with(".rs") && name != "lib.rs" {
            out.push(name);
        }
    }
    out.sort();
    out
}

/// The workspace's members, read from the root `Cargo.toml`, and the fuzz workspace.
fn crates(root: &Path) -> Vec<String> {
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let members = manifest
        .split("members = [")
        .nth(1)
        .expect("a members list")
        .split(']')
        .next()
        .unwrap();
    let mut out: Vec<String> = members
        .lines()
        .map(|l| {
            l.split('#')
                .next()
                .unwrap()
                .trim()
                .trim_end_matches(',')
                .trim_matches('"')
        })
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    out.push("fuzz/".to_owned());
    out
}

/// The first cells of the rows of the table under `## Modules`: the module names it claims.
fn table_modules(architecture: &str) -> Vec<String> {
    let section = architecture
        .split("\n## Modules")
        .nth(1)
        .expect("a `## Modules` section");
    let section = section.split("\n## ").next().unwrap();
    section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_module_and_crate_has_its_row() {
    let Some(root) = repository() else {
        println!("architecture: no ARCHITECTURE.md around the crate (a packaged crate): skipped");
        return;
    };
    let text = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let table = table_modules(&text);
    let missing: Vec<String> = modules(&root.join("crates/urlkit/src"))
        .into_iter()
        .filter(|m| !table.contains(m))
        .collect();
    assert!(
        missing.is_empty(),
        "modules of crates/urlkit/src without a row in ARCHITECTURE.md's module table: {missing:?}"
    );
    let missing: Vec<String> = crates(&root)
        .into_iter()
        .filter(|c| !text.contains(&format!("`{c}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "workspace crates ARCHITECTURE.md does not name (as `crates/NAME`): {missing:?}"
    );
}

#[test]
fn every_row_of_the_module_table_exists() {
    let Some(root) = repository() else {
        println!("architecture: no ARCHITECTURE.md around the crate (a packaged crate): skipped");
        return;
    };
    let text = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let src = root.join("crates/urlkit/src");
    let stale: Vec<String> = table_modules(&text)
        .into_iter()
        .filter(|m| !src.join(m.trim_end_matches('/')).exists())
        .collect();
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md's module table names modules that do not exist: {stale:?}"
    );
}

#[test]
fn the_table_reader_sees_rows_and_misses() {
    let doc = "# A\n\n## Modules\n\n| module | what |\n| --- | --- |\n| `a/` | x |\n| `b.rs` | y |\n\n## Next\n| `c/` | z |\n";
    assert_eq!(table_modules(doc), ["a/", "b.rs"]);
}
