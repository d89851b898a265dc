//! Integration tests of `urlkit build`: a URL from `--set` and `--append` alone (issue 28).

mod common;

use common::urlkit;

fn build(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["build"];
    all.extend_from_slice(args);
    let run = urlkit(&all, b"");
    (run.code, run.stdout, run.stderr)
}

#[test]
fn the_contract_example() {
    let (code, out, _) = build(&[
        "--set",
        "scheme=https",
        "--set",
        "host=example.com",
        "--set",
        "path=/a b",
        "--append",
        "query=q=1",
    ]);
    assert_eq!((code, out.as_str()), (0, "https://example.com/a%20b?q=1\n"));
}

#[test]
fn components_by_either_name_and_in_command_line_order() {
    let (code, out, _) = build(&[
        "--set",
        "protocol=HTTP:",
        "--set",
        "username=a b",
        "--set",
        "password=p@ss",
        "--set",
        "hostname=EXAMPLE.com",
        "--set",
        "port=8080",
        "--append",
        "path=x",
        "--set",
        "pathname=/y",
        "--append",
        "path=a/b",
        "--set",
        "search=?k=v",
        "--append",
        "query=n=1 2",
        "--set",
        "hash=#f",
    ]);
    assert_eq!(code, 0);
    // --set pathname after --append path=x replaces it; the later --append adds to it.
    assert_eq!(out, "http://a%20b:p%40ss@example.com:8080/y/a%2Fb?k=v&n=1+2#f\n");
}

#[test]
fn rfc3986_checks_the_grammar() {
    let (code, out, _) = build(&[
        "--rfc3986",
        "--set",
        "scheme=s",
        "--set",
        "path=a b",
        "--append",
        "path=c/d",
    ]);
    assert_eq!((code, out.as_str()), (0, "s:a%20b/c%2Fd\n"));
    let (code, _, err) = build(&[
        "--rfc3986",
        "--set",
        "scheme=s",
        "--set",
        "host=h",
        "--set",
        "port=8x",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "urlkit: cannot build the url: invalid port: expected port at byte 1, found 'x'\n"
    );
}

#[test]
fn failures_and_usage_errors() {
    let (code, out, err) = build(&["--set", "scheme=https", "--set", "path=/a"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "urlkit: cannot build the url: hostname: missing (the scheme needs a host)\n"
    );
    let (code, _, err) = build(&["--set", "scheme=http", "--set", "host=a b"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("urlkit: cannot build the url: hostname: invalid: "),
        "{err}"
    );
    let (code, _, err) = build(&["--set", "colour=red"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown component"), "{err}");
    let (code, _, err) = build(&["--set", "scheme"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected NAME=VALUE"), "{err}");
    let (code, _, err) = build(&["--set", "scheme=http", "--set", "port=70000"]);
    assert_eq!(code, 1);
    assert!(err.contains("not a port number"), "{err}");
}
