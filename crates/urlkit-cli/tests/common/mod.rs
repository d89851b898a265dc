//! Helpers shared by the integration tests: run the binary, read its JSON lines.

#![allow(dead_code)] // each test file uses its own subset

use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};
use std::thread;

// The data locator the library's tests use too: one note per missing directory per run.
#[path = "../../../urlkit/tests/common/shared_data.rs"]
mod shared_data;
use shared_data::Shared;

/// What a run of the binary gave.
pub struct Run {
    /// The exit code.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `urlkit args…` with `stdin` as standard input.
pub fn urlkit(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(args)
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn urlkit");
    let mut pipe = child.stdin.take().expect("stdin pipe");
    let data = stdin.to_vec();
    let writer = thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let output = child.wait_with_output().expect("wait for urlkit");
    writer.join().expect("stdin writer");
    Run {
        code: output.status.code().expect("exit code, not a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// Parses every stdout line as a JSON object.
pub fn objects(stdout: &str) -> Vec<Map<String, Value>> {
    stdout
        .lines()
        .map(|line| match serde_json::from_str(line) {
            Ok(Value::Object(map)) => map,
            other => panic!("not a JSON object line: {line:?} ({other:?})"),
        })
        .collect()
}

/// Runs `urlkit args…` on `stdin` and returns the exit code and the objects printed.
pub fn jsonl(args: &[&str], stdin: &str) -> (i32, Vec<Map<String, Value>>) {
    let run = urlkit(args, stdin.as_bytes());
    (run.code, objects(&run.stdout))
}

/// The field names of an object.
pub fn keys(obj: &Map<String, Value>) -> BTreeSet<&str> {
    obj.keys().map(String::as_str).collect()
}

/// A set of field names.
pub fn set<'a>(names: &[&'a str]) -> BTreeSet<&'a str> {
    names.iter().copied().collect()
}

/// A JSON file under the conformance directory (`$URLKIT_CONFORMANCE`, else
/// `../shared/conformance` beside the checkout); `None` when it is missing, after the run's
/// one note about the directory (see `shared_data.rs`).
pub fn conformance_json(rel: &str) -> Option<serde_json::Value> {
    let path = Shared::Conformance.file(rel)?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()));
    shared_data::note_json_cases(rel, &value);
    Some(value)
}

/// The bytes of a file under the dataset directory (`$URLKIT_DATASETS`, else
/// `../shared/datasets` beside the checkout); `None` when it is missing, as above.
pub fn dataset(rel: &str) -> Option<Vec<u8>> {
    let path = Shared::Datasets.file(rel)?;
    let data = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let lines = data.split(|&b| b == b'\n').count() - usize::from(data.ends_with(b"\n"));
    shared_data::note_cases(rel, lines);
    Some(data)
}

/// Runs `urlkit args…` on the lines of `data` and checks that every line was answered by
/// one JSON object, in order, with `ok` a boolean and no internal error; returns them.
pub fn answers_every_line(args: &[&str], data: &[u8], input_key: &str) -> Vec<Map<String, Value>> {
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if lines.last() == Some(&&b""[..]) {
        lines.pop();
    }
    let run = urlkit(args, data);
    assert!(
        run.code == 0 || run.code == 1,
        "{args:?}: exit {}: {}",
        run.code,
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    let objs = objects(&run.stdout);
    assert_eq!(objs.len(), lines.len(), "{args:?}: one object per line");
    for (obj, line) in objs.iter().zip(lines) {
        assert!(obj["ok"].is_boolean(), "{args:?}: {obj:?}");
        assert!(!obj
            .get("error")
            .is_some_and(|e| e.as_str().unwrap_or("").contains("internal")));
        if !input_key.is_empty() {
            assert_eq!(obj[input_key], expected_input(args, line), "{args:?}");
        }
    }
    objs
}

/// The input a line stands for: with the URL Standard a line starting with `{` that is a
/// request `{"input": string, "base": string or null}` stands for its input; else the line.
pub fn expected_input(args: &[&str], line: &[u8]) -> String {
    let line = String::from_utf8_lossy(line).into_owned();
    if args.iter().any(|a| *a == "--rfc3986" || *a == "--rfc1738") || !line.starts_with('{') {
        return line;
    }
    match serde_json::from_str::<Value>(&line) {
        Ok(Value::Object(map))
            if map.get("input").is_some_and(Value::is_string)
                && map.get("base").is_none_or(|b| b.is_null() || b.is_string()) =>
        {
            map["input"].as_str().map(str::to_owned).unwrap_or_default()
        }
        _ => line,
    }
}
