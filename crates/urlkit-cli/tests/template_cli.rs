//! Integration tests of `urlkit template expand|match|vars` (RFC 6570): the JSON contracts,
//! text output, exit statuses and carets.

mod common;

use common::{jsonl, keys, set, urlkit};
use serde_json::json;

#[test]
fn expand_with_var_and_vars() {
    let run = urlkit(
        &[
            "template",
            "expand",
            "/repos/{owner}/{repo}{?page}",
            "--var",
            "owner=rust-lang",
            "--var",
            "repo=rust",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "/repos/rust-lang/rust\n"),
        "{}",
        run.stderr
    );
    let run = urlkit(
        &[
            "template",
            "expand",
            "{/path*}{?tags,n}{&k*}",
            "--vars",
            r#"{"path": ["a", "b c"], "tags": ["x", "y"], "n": 5, "k": {"p": "1"}, "gone": null}"#,
            "--var",
            "n=6",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "/a/b%20c?tags=x,y&n=6&p=1\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn expand_reports_bad_templates_and_vars_with_status_2() {
    let run = urlkit(&["template", "expand", "/x/{a"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unclosed expression, expected '}'"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("\n       ^"), "{}", run.stderr);
    let run = urlkit(&["template", "expand", "{a}", "--vars", "[1]"], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
    let run = urlkit(&["template", "expand", "{a}", "--var", "novalue"], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn expand_jsonl_requests() {
    let (code, objs) = jsonl(
        &["template", "expand", "--jsonl"],
        "{\"template\": \"/u/{id}\", \"variables\": {\"id\": 7}}\n\
         {\"template\": \"/u/{id\"}\n\
         {\"template\": \"{k:1}\", \"variables\": {\"k\": [\"a\"]}}\n\
         nope\n",
    );
    assert_eq!(code, 1);
    assert_eq!(
        json!(objs[0]),
        json!({"template": "/u/{id}", "ok": true, "expansion": "/u/7"})
    );
    assert_eq!(objs[1]["ok"], false);
    assert_eq!(
        (objs[1]["kind"].as_str(), objs[1]["position"].as_u64()),
        (Some("template"), Some(6))
    );
    assert_eq!(objs[2]["kind"], "expand");
    assert_eq!(objs[3]["kind"], "invalid-request");
}

#[test]
fn match_text_and_jsonl() {
    let run = urlkit(
        &[
            "template",
            "match",
            "/repos/{owner}/{repo}{?page,labels*}",
            "/repos/rust-lang/rust?labels=a&page=2&labels=b",
            "/other",
        ],
        b"",
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "owner=rust-lang repo=rust page=2 labels=a,b\n");
    assert!(run.stderr.contains("no match: /other"), "{}", run.stderr);
    let (code, objs) = jsonl(
        &["template", "match", "--jsonl", "/users/{id}{/tags*}"],
        "/users/7/a/b\n/x\n",
    );
    assert_eq!(code, 1);
    assert_eq!(keys(&objs[0]), set(&["input", "ok", "variables"]));
    assert_eq!(objs[0]["variables"], json!({"id": "7", "tags": ["a", "b"]}));
    assert_eq!(
        json!(objs[1]),
        json!({"input": "/x", "ok": false, "variables": {}})
    );
    let (code, _) = jsonl(
        &["template", "match", "--jsonl", "/users/{id}"],
        "/users/%C3%A9\n",
    );
    assert_eq!(code, 0);
}

#[test]
fn match_rejects_an_ambiguous_template_with_its_reason() {
    let run = urlkit(&["template", "match", "/{a}{b}", "/xy"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("adjacent expressions"), "{}", run.stderr);
    assert!(run.stderr.contains("\n   ^"), "{}", run.stderr);
}

#[test]
fn vars_lists_names_once_in_order() {
    let run = urlkit(&["template", "vars", "{a}/{b,a}{?c}"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (0, "a\nb\nc\n"));
    let run = urlkit(&["template", "vars", "--json", "{a}/{b}"], b"");
    assert_eq!(run.stdout.trim(), r#"["a","b"]"#);
}
