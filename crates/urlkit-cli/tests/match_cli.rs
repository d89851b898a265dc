//! Integration tests of `urlkit match` (URL Pattern): the JSON contract, text output, the
//! exit status and the caret under a bad pattern's error.

mod common;

use common::{jsonl, keys, set, urlkit};
use serde_json::json;

#[test]
fn json_objects_carry_input_matched_and_every_components_groups() {
    let run = urlkit(
        &[
            "match",
            r"https://*.example.com/books/:id(\d+)",
            "--json",
            "https://a.example.com/books/7",
            "https://a.example.com/books/x",
        ],
        b"",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let objs = common::objects(&run.stdout);
    assert_eq!(objs.len(), 2);
    assert_eq!(keys(&objs[0]), set(&["input", "matched", "groups"]));
    assert_eq!(objs[0]["matched"], true);
    let groups = objs[0]["groups"].as_object().unwrap();
    assert_eq!(
        groups
            .keys()
            .map(String::as_str)
            .collect::<std::collections::BTreeSet<_>>(),
        set(&["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"])
    );
    // In the standard's order on the line itself.
    let line = run.stdout.lines().next().unwrap();
    let at = |k: &str| line.find(&format!("\"{k}\":{{")).unwrap();
    assert!(at("protocol") < at("username") && at("pathname") < at("search") && at("search") < at("hash"));
    assert_eq!(groups["pathname"], json!({"id": "7"}));
    assert_eq!(groups["hostname"], json!({"0": "a"}));
    assert_eq!(objs[1]["matched"], false);
    assert_eq!(objs[1]["groups"], json!({}));
}

#[test]
fn jsonl_reads_stdin_with_a_base_and_exits_zero_when_all_match() {
    let (code, objs) = jsonl(
        &["match", "/a/:n?", "--base", "https://h", "--jsonl"],
        "https://h/a/1\n/a\n",
    );
    assert_eq!(code, 0);
    assert_eq!(objs[0]["groups"]["pathname"], json!({"n": "1"}));
    // A relative URL resolves against the base; an optional group that did not take part is null.
    assert_eq!(objs[1]["input"], "/a");
    assert_eq!(objs[1]["groups"]["pathname"], json!({"n": null}));
}

#[test]
fn text_lists_the_named_groups() {
    let run = urlkit(
        &["match", "https://h/:x/*", "https://h/a/b/c", "https://g/a/b"],
        b"",
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "match https://h/a/b/c pathname.x=a pathname.0=b/c\nno match https://g/a/b\n"
    );
}

#[test]
fn a_bad_pattern_exits_2_with_a_caret_under_the_error() {
    let run = urlkit(&["match", r"https://h/:id(\d+", "https://h/1"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(lines[0].starts_with("urlkit: bad pattern"), "{}", run.stderr);
    assert_eq!(lines[1], r"  https://h/:id(\d+");
    assert_eq!(lines[2], format!("  {}^", " ".repeat(13)));
    for bad in [
        "/relative/:x",
        "https://bad host/",
        "https://h/((?=a)b)",
        "https://h/:a/:a",
    ] {
        assert_eq!(urlkit(&["match", bad, "https://h/"], b"").code, 2, "{bad}");
    }
    assert_eq!(
        urlkit(&["match", "/x", "--base", "not a url", "https://h/x"], b"").code,
        2
    );
}
