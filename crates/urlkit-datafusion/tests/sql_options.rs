//! `urlkit sql`'s options as every other subcommand has them (issue 25): `-f FILE` names a
//! file (of SQL here), `--format` the output, `jsonl` included.

use std::process::{Command, Output, Stdio};

fn sql(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlkit-sql"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn dash_f_is_a_file_of_sql_and_format_takes_jsonl() {
    let dir = std::env::temp_dir().join(format!("urlkit-sql-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("q.sql");
    std::fs::write(&file, "SELECT url_host('https://A.example/x') AS h;\n").unwrap();
    let file = file.to_str().unwrap();
    let jsonl = stdout(&sql(&["-f", file, "--format", "jsonl"], ""));
    assert_eq!(jsonl, "{\"h\":\"a.example\"}\n");
    let json = stdout(&sql(&["--file", file, "--format", "json"], ""));
    assert_eq!(json, jsonl, "json and jsonl are both JSON lines");
    // `-f -` reads the SQL from standard input.
    let csv = stdout(&sql(&["-f", "-", "--format", "csv"], "SELECT 1 AS n"));
    assert_eq!(csv, "n\n1\n");
    // -f no longer names the format, and SQL comes from one place.
    assert!(!sql(&["-f", "csv", "SELECT 1"], "").status.success());
    assert!(!sql(&["--format", "csv"], "").status.success());
    // A missing file is an error naming it.
    let out = sql(&["-f", "/nonexistent/q.sql"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/q.sql"));
    let _ = std::fs::remove_dir_all(&dir);
}
