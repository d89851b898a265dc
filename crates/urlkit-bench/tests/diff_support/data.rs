//! Locating and reading the datasets and the WPT setter tests.

use super::shared_data::Shared;

/// One input with an optional base URL.
#[derive(Clone, Debug)]
pub struct Case {
    /// The input string, exactly as in the file.
    pub input: String,
    /// The base URL, if the line gave one.
    pub base: Option<String>,
}

/// The lines of a dataset file, split on `\n` only and never trimmed; `None` when the
/// datasets are missing (after the run's one note about them, see `shared_data.rs`).
pub fn lines(name: &str) -> Option<Vec<String>> {
    let path = Shared::Datasets.file(name)?;
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

/// `setters_tests.json` of the WPT conformance data.
pub fn setter_tests() -> Option<serde_json::Value> {
    let path = Shared::Conformance.file("wpt/setters_tests.json")?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}
