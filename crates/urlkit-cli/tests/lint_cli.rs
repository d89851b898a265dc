//! `urlkit lint`: compiler-style text, `--jsonl` objects, `--policy strict`, exit codes.

mod common;

use common::urlkit;
use serde_json::Value;

fn jsonl(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn text_shows_the_url_a_caret_line_the_code_message_and_help() {
    let run = urlkit(&["lint", "https://user:secret@example.com/"], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("error[L001]: the url carries a password for user \"user\"\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "  https://user:secret@example.com/\n               ^^^^^^\n  = help: remove the password"
        ),
        "{out}"
    );
}

#[test]
fn exit_zero_without_warnings() {
    let run = urlkit(
        &["lint", "https://example.com/a?b=c", "http://example.com:8080/"],
        b"",
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("note[L010]"), "{}", run.stdout);
    let run = urlkit(&["lint", "https://example.com/", "http://localhost/"], b"");
    assert_eq!(run.code, 1);
}

#[test]
fn jsonl_reads_stdin_and_writes_the_contract_fields() {
    let run = urlkit(&["lint", "--jsonl"], b"https://example.com/\nhttp://0x7f.1/\n");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines = jsonl(&run.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["input"], "https://example.com/");
    assert_eq!(lines[0]["ok"], true);
    assert_eq!(lines[0]["findings"], serde_json::json!([]));
    assert_eq!(lines[1]["ok"], false);
    let f = &lines[1]["findings"][0];
    for field in ["code", "severity", "start", "end", "message"] {
        assert!(!f[field].is_null(), "{field} missing in {f}");
    }
    assert_eq!(
        (f["code"].as_str(), f["start"].as_u64(), f["end"].as_u64()),
        (Some("L030"), Some(7), Some(13))
    );
    let run = urlkit(&["lint", "--jsonl"], b"https://example.com/\n");
    assert_eq!(run.code, 0);
}

#[test]
fn policy_strict_decides() {
    let run = urlkit(&["lint", "--policy", "strict", "https://example.com/"], b"");
    assert_eq!(run.code, 0, "{}", run.stdout);
    let run = urlkit(
        &["lint", "--policy", "strict", "--jsonl"],
        b"https://example.com:8443/\nhttps://example.com/\n",
    );
    assert_eq!(run.code, 1);
    let lines = jsonl(&run.stdout);
    assert_eq!(lines[0]["ok"], false);
    assert_eq!(lines[0]["deciding"], serde_json::json!(["L201"]));
    assert_eq!(lines[0]["policy"], "strict");
    assert_eq!(lines[1]["ok"], true);
    // A note alone passes without a policy but a port the strict policy refuses does not.
    let run = urlkit(&["lint", "https://example.com:8443/"], b"");
    assert_eq!(run.code, 0);
}

#[test]
fn usage_errors_exit_two() {
    assert_eq!(
        urlkit(&["lint", "--policy", "lax", "https://example.com/"], b"").code,
        2
    );
    assert_eq!(urlkit(&["lint", "--no-such-flag"], b"").code, 2);
}

#[test]
fn parse_rfc1738_flags_line_breaks_and_keeps_the_ftp_plan_on_one_line() {
    let run = urlkit(
        &[
            "parse",
            "--rfc1738",
            "--json",
            "ftp://h/a%0d%0aDELE%20x",
            "ftp://h/a%20b",
        ],
        b"",
    );
    let lines = jsonl(&run.stdout);
    assert_eq!(
        lines[0]["line_breaks"],
        serde_json::json!(["ftp file name (RETR or LIST command)"])
    );
    assert_eq!(
        lines[0]["view"]["commands"],
        serde_json::json!(["RETR a%0D%0ADELE x"])
    );
    assert!(lines[1].get("line_breaks").is_none());
    let run = urlkit(&["parse", "--rfc1738", "gopher://h/1a%0d%0aQUIT"], b"");
    assert!(
        run.stdout.contains("unsafe        the gopher selector"),
        "{}",
        run.stdout
    );
}
