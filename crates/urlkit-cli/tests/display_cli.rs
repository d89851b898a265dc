//! Integration tests of safe display (issue 28): `--redact` on every subcommand that prints
//! URLs, and `--unicode=safe` beside `--unicode`.

mod common;

use common::urlkit;

const SECRET: &str = "https://me:pw@example.com/cb?state=1&token=abc#access_token=def";
const MASKED: &str = "https://me:xxxxx@example.com/cb?state=1&token=xxxxx#access_token=xxxxx";

fn run(args: &[&str]) -> String {
    let run = urlkit(args, b"");
    assert_eq!(run.code, 0, "urlkit {args:?}: {}", run.stderr);
    run.stdout
}

/// Fails when the output of `args` shows a secret of [`SECRET`].
fn assert_masked(args: &[&str], out: &str) {
    for secret in ["pw@", "abc", "def"] {
        assert!(!out.contains(secret), "urlkit {args:?} shows {secret:?}: {out}");
    }
    assert!(out.contains("xxxxx"), "urlkit {args:?}: {out}");
}

#[test]
fn normalize_and_parse() {
    assert_eq!(run(&["normalize", "--redact", SECRET]), format!("{MASKED}\n"));
    for args in [
        &["normalize", "--redact", "--json", SECRET][..],
        &["parse", "--redact", SECRET],
        &["parse", "--redact", "--json", SECRET],
        &[
            "parse",
            "--redact",
            "--get",
            "{href} {password} {query:token}",
            SECRET,
        ],
        // The edits run first: a password set by --set is masked too.
        &["normalize", "--set", "password=new", "--redact", SECRET],
    ] {
        assert_masked(args, &run(args));
    }
    assert_eq!(
        run(&[
            "normalize",
            "--redact-userinfo",
            "--redact-param",
            "state",
            SECRET
        ]),
        "https://xxxxx:xxxxx@example.com/cb?state=xxxxx&token=xxxxx#access_token=xxxxx\n"
    );
    // Without --redact nothing changes.
    assert_eq!(run(&["normalize", SECRET]), format!("{SECRET}\n"));
}

#[test]
fn resolve_set_extract_build() {
    assert_eq!(
        run(&["resolve", "--redact", "https://u:p@h/a/", "b?sig=1"]),
        "https://u:xxxxx@h/a/b?sig=xxxxx\n"
    );
    let args = [
        "resolve",
        "--redact",
        "--json",
        "https://me:pw@example.com/",
        "x?token=abc",
    ];
    assert_masked(&args, &run(&args));
    let args = ["set", "--redact", "--json", SECRET, "port", "81"];
    let out = run(&args);
    assert_masked(&args, &out);
    assert!(out.contains("example.com:81"), "{out}");
    let args = ["set", "--redact", SECRET, "hash", "key=k"];
    assert_masked(&args, &run(&args));
    let text = format!("see {SECRET} and more");
    let found = urlkit(&["extract", "--redact"], text.as_bytes());
    assert_eq!(found.code, 0);
    assert_masked(&["extract", "--redact"], &found.stdout);
    let found = urlkit(&["extract", "--redact", "--plain"], text.as_bytes());
    assert_eq!(found.stdout, format!("{MASKED}\n"));
    assert_eq!(
        run(&[
            "build",
            "--redact",
            "--set",
            "scheme=https",
            "--set",
            "user=u",
            "--set",
            "password=p",
            "--set",
            "host=h"
        ]),
        "https://u:xxxxx@h/\n"
    );
}

#[test]
fn unicode_safe_shows_punycode_for_homographs() {
    let inputs = [
        "https://\u{430}pple.com/",                    // Cyrillic а among Latin letters
        "https://\u{440}\u{430}y\u{440}\u{430}l.com/", // Cyrillic р and а mixed with Latin y, l
        "https://b\u{fc}cher.de/",
        "https://例え.テスト/",
    ];
    let mut args = vec!["normalize", "--unicode=safe"];
    args.extend(inputs);
    let out = run(&args);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("https://xn--"), "{out}");
    assert!(lines[1].starts_with("https://xn--"), "{out}");
    assert_eq!(lines[2], "https://b\u{fc}cher.de/");
    assert_eq!(lines[3], "https://例え.テスト/");
    // --unicode alone keeps its meaning: always Unicode.
    let mut args = vec!["normalize", "--unicode"];
    args.extend(inputs);
    let out = run(&args);
    assert!(out.starts_with("https://\u{430}pple.com/\n"), "{out}");
    let out = run(&[
        "parse",
        "--unicode=safe",
        "--get",
        "{href}",
        "https://\u{430}pple.com/",
    ]);
    assert_eq!(out, "https://xn--pple-43d.com/\n");
}
