//! Locating and reading the datasets and the WPT setter tests.

use std::path::PathBuf;

/// One input with an optional base URL.
#[derive(Clone, Debug)]
pub struct Case {
    /// The input string, exactly as in the file.
    pub input: String,
    /// The base URL, if the line gave one.
    pub base: Option<String>,
}

/// The datasets folder, or a reason why there is none. With `URLKIT_REQUIRE_CONFORMANCE`
/// set, a missing folder is a failure instead.
pub fn datasets_dir() -> Result<PathBuf, String> {
    let dir = match std::env::var_os("URLKIT_DATASETS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets"),
    };
    if dir.join("realworld.txt").is_file() {
        return Ok(dir);
    }
    let why = format!("no realworld.txt in {}", dir.display());
    assert!(
        std::env::var_os("URLKIT_REQUIRE_CONFORMANCE").is_none(),
        "URLKIT_REQUIRE_CONFORMANCE is set but the datasets are missing: {why}"
    );
    println!("differential suite skipped: {why} (set URLKIT_DATASETS)");
    Err(why)
}

/// The lines of a text file, split on `\n` only and never trimmed.
pub fn lines(name: &str) -> Option<Vec<String>> {
    let dir = datasets_dir().ok()?;
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out: Vec<String> = text.split('\n').map(str::to_owned).collect();
    if text.ends_with('\n') {
        out.pop();
    }
    Some(out)
}

/// The cases of a corpus; lines of `messy.txt` that start with `{` are JSON.
pub fn cases(name: &str) -> Option<Vec<Case>> {
    let json = name == "messy.txt";
    let lines = lines(name)?;
    Some(
        lines
            .into_iter()
            .map(|l| {
                if json && l.starts_with('{') {
                    json_case(&l)
                } else {
                    plain(l)
                }
            })
            .collect(),
    )
}

fn plain(input: String) -> Case {
    Case { input, base: None }
}

fn json_case(line: &str) -> Case {
    let v: serde_json::Value =
        serde_json::from_str(line).unwrap_or_else(|e| panic!("bad JSON line {line:?}: {e}"));
    let input = v["input"]
        .as_str()
        .unwrap_or_else(|| panic!("no input in {line:?}"));
    Case {
        input: input.to_owned(),
        base: v["base"].as_str().map(str::to_owned),
    }
}

/// `setters_tests.json` from the WPT conformance folder next to the datasets.
pub fn setter_tests() -> Option<serde_json::Value> {
    let dir = datasets_dir().ok()?;
    let path = match std::env::var_os("URLKIT_CONFORMANCE") {
        Some(d) => PathBuf::from(d).join("wpt/setters_tests.json"),
        None => dir.join("../conformance/wpt/setters_tests.json"),
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}
