//! Golden transcripts: the exact standard output, standard error and exit code of every
//! subcommand in every mode, pinned so that refactoring the CLI cannot change a byte.
//!
//! `URLKIT_BLESS=1 cargo test -p urlkit-cli --test golden` rewrites `tests/golden/*.txt`
//! from the current binary; review the diff before committing it.

mod common;

use common::urlkit;
use std::fmt::Write as _;
use std::path::PathBuf;

/// One case: a name, the arguments and the standard input.
type Case = (&'static str, &'static [&'static str], &'static [u8]);

/// Inputs with successes, failures, non-ASCII, controls and oddities.
const MIXED: &[u8] = b"https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash\n\
HTTP://EXAMPLE.com:80/a/./b/../%7e?q=1&a=b#f\n\
http://exa mple.com/\n\
nope\n\
\n\
http://\xc3\xa9xample.com/\xe2\x98\x83\n\
http://a/\r\n\
\x20 http://lead/\n\
http://h:8x/\n\
mailto:a@b.c?subject=hi\n\
ftp://u:p@h:21/d/f;type=a\n\
{\"input\":\"g\",\"base\":\"http://a/b/c\"}\n\
{\"input\":1}\n\
{\n\
file:///etc/motd\n\
http://bad\xffutf8/\n\
last-without-newline";

fn cases() -> Vec<Case> {
    vec![
        ("parse-table", &["parse", "https://x.org:81/a?b#c", "nope", "http://exa mple.com/", "HTTP://\u{e9}.com/\t"], b""),
        ("parse-example", &["parse", "--example", "--width", "50"], b""),
        ("parse-base", &["parse", "--base", "http://a/b/c/d;p?q", "../g", "//x", "?y"], b""),
        ("parse-bad-base", &["parse", "--base", "nope", "g"], b""),
        ("parse-json", &["parse", "--json", "https://x.org:81/a?b#c", "nope", "http://exa mple.com/"], b""),
        ("parse-json-base", &["parse", "--json", "--base", "http://a/b/", "c", "http://["], b""),
        ("parse-jsonl", &["parse", "--jsonl"], MIXED),
        ("parse-rfc3986-table", &["parse", "--rfc3986", "http://u@h:8/p?q#f", "//h", "a b", "rel/x"], b""),
        ("parse-rfc3986-json", &["parse", "--rfc3986", "--json", "http://u@h:8/p?q#f", "a b", "urn:x"], b""),
        ("parse-rfc3986-jsonl", &["parse", "--rfc3986", "--jsonl"], MIXED),
        ("parse-rfc1738-table", &["parse", "--rfc1738", "ftp://u:p@h/d/f;type=a", "nope", "http://h/a b", "mailto:a@b"], b""),
        ("parse-rfc1738-json", &["parse", "--rfc1738", "--json", "gopher://h/1sel", "nope", "news:comp.x"], b""),
        ("parse-rfc1738-jsonl", &["parse", "--rfc1738", "--jsonl"], MIXED),
        ("resolve-text", &["resolve", "http://a/b/c/d;p?q", "../g", "http://[", "g?y#s"], b""),
        ("resolve-bad-base", &["resolve", "not a base", "g"], b""),
        ("resolve-json", &["resolve", "--json", "http://a/b/", "x", "http://["], b""),
        ("resolve-jsonl", &["resolve", "--jsonl"], MIXED),
        ("resolve-rfc3986-text", &["resolve", "--rfc3986", "http://a/b/c/d;p?q", "../g", "a b", "g;x"], b""),
        ("resolve-rfc3986-bad-base", &["resolve", "--rfc3986", "rel", "g"], b""),
        ("resolve-rfc3986-json", &["resolve", "--rfc3986", "--json", "http://a/b/c", "../../../g", "%"], b""),
        ("resolve-rfc3986-jsonl", &["resolve", "--rfc3986", "--jsonl"], b"{\"base\":\"http://a/b/c/d;p?q\",\"input\":\"../g\"}\n{\"base\":\"b\",\"input\":\"g\"}\nplain\n{\"input\":\"x\"}\n{\"base\":\"http://a/\",\"input\":\"a b\"}\n{\n"),
        ("normalize-text", &["normalize", "HTTP://EXAMPLE.com:80/a/./b/../%7e", "nope", "http://exa mple.com/"], b""),
        ("normalize-json", &["normalize", "--json", "HTTP://EXAMPLE.com:80/a/./b/../%7e", "nope"], b""),
        ("normalize-jsonl", &["normalize", "--jsonl"], MIXED),
        ("normalize-rfc3986-text", &["normalize", "--rfc3986", "HTTP://A/%7e/./b/../c", "a b"], b""),
        ("normalize-rfc3986-json", &["normalize", "--rfc3986", "--json", "HTTP://A/%7e", "a b"], b""),
        ("normalize-rfc3986-jsonl", &["normalize", "--rfc3986", "--jsonl"], MIXED),
        ("relative-text", &["relative", "http://a/b/c/d", "http://a/b/e", "rel", "http://other/x"], b""),
        ("relative-bad-base", &["relative", "rel", "http://a/"], b""),
        ("relative-json", &["relative", "--json", "http://a/b/c/d", "http://a/b/e", "rel"], b""),
        ("relative-jsonl", &["relative", "--jsonl"], b"{\"base\":\"http://a/b/c/d\",\"target\":\"http://a/b/e\"}\n{\"base\":\"x\",\"target\":\"http://a/\"}\nplain\n{\"base\":\"http://a/\"}\n{\"target\":\"http://a/\"}\n{\n"),
        ("validate-text", &["validate", "http://example.com/", "http://exa mple.com/", "http://a/\\b", "nope"], b""),
        ("validate-rfc3986-text", &["validate", "--rfc3986", "http://a/", "a b", "%zz"], b""),
        ("validate-jsonl", &["validate", "--jsonl"], MIXED),
        ("validate-rfc3986-jsonl", &["validate", "--rfc3986", "--jsonl"], MIXED),
        ("set-table", &["set", "http://a/b", "port", "8080"], b""),
        ("set-json", &["set", "--json", "http://a/b", "hash", "x y"], b""),
        ("set-unknown", &["set", "http://a/b", "colour", "red"], b""),
        ("set-bad-url", &["set", "nope", "host", "x"], b""),
        ("set-bad-href", &["set", "http://a/", "href", "nope"], b""),
        ("set-bad-href-json", &["set", "--json", "http://a/", "href", "nope"], b""),
        ("set-jsonl", &["set", "--jsonl"], b"{\"href\":\"http://a/\",\"setter\":\"host\",\"value\":\"b\"}\n{\"href\":\"http://a/\",\"setter\":\"nope\",\"value\":\"b\"}\n{\"href\":\"x\",\"setter\":\"host\",\"value\":\"b\"}\nplain\n{\"href\":\"http://a/\"}\n{\"setter\":\"host\",\"value\":\"b\"}\n{\"href\":\"http://a/\",\"setter\":\"href\",\"value\":\"nope\"}\n"),
        ("query-text", &["query", "http://a/?a=1&b=%20x&a", "http://a/", "nope", "http://b/?c=\t"], b""),
        ("query-json", &["query", "--json", "http://a/?a=1&b=%20x&a", "nope", "http://a/"], b""),
        ("usage-no-args", &["parse"], b""),
        ("usage-conflict", &["normalize", "--jsonl", "x"], b""),
    ]
}

/// `stderr` with the time of the end-of-run summary masked (`in T s`).
fn mask_time(stderr: &str) -> String {
    stderr
        .split_inclusive('\n')
        .map(|line| match line.rfind(" in ") {
            Some(at)
                if line.starts_with("urlkit: ")
                    && line.trim_end().ends_with(" s")
                    && line.contains(" inputs, ") =>
            {
                format!("{} in T s\n", &line[..at])
            }
            _ => line.to_owned(),
        })
        .collect()
}

/// The transcript of one case.
fn transcript(name: &str, args: &[&str], stdin: &[u8]) -> String {
    let run = urlkit(args, stdin);
    let mut text = String::new();
    let _ = writeln!(text, "=== {name}: urlkit {}", args.join(" "));
    if !stdin.is_empty() {
        let _ = writeln!(
            text,
            "--- stdin\n{}",
            String::from_utf8_lossy(stdin).escape_debug()
        );
    }
    let _ = write!(
        text,
        "--- stdout\n{}--- stderr\n{}--- exit {}\n\n",
        run.stdout,
        mask_time(&run.stderr),
        run.code
    );
    text
}

#[test]
fn every_subcommand_and_mode_prints_what_it_printed() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var_os("URLKIT_BLESS").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for (name, args, stdin) in cases() {
        let got = transcript(name, args, stdin);
        let path = dir.join(format!("{name}.txt"));
        if bless {
            std::fs::write(&path, &got).expect("write golden file");
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if got != want {
            failures.push(format!("{name}:\n--- want\n{want}--- got\n{got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} golden transcripts differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
