//! What users trip over (issue 25, the CLI part): failed edits, `--get` without braces,
//! comma lists for `--remove-query`, `resolve --base`, URL arguments for `lint` and
//! `domain` with `--jsonl`, scheme-less inputs, Windows paths, `--redirect` and fragments,
//! no input on a terminal, and `urlkit man SUBCOMMAND`.

mod common;

use common::{objects, urlkit};
use serde_json::Value;

/// The kind of a JSON failure object.
fn kind(stdout: &str) -> String {
    let objects = objects(stdout);
    assert_eq!(objects.len(), 1, "{stdout}");
    assert_eq!(objects[0]["ok"], Value::Bool(false), "{stdout}");
    objects[0]["kind"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn a_failed_edit_fails_its_input() {
    // The setter's own complaint (an invalid value), and the ones the URL cannot take.
    for (edit, url, expected_kind) in [
        ("port=99999", "https://example.com/", "port-out-of-range"),
        ("port=abc", "https://example.com/", "port-invalid"),
        ("hostname=", "mailto:a@example.com", "invalid-edit"),
        ("hostname=example.org", "mailto:a@example.com", "invalid-edit"),
        ("username=u", "file:///etc/hosts", "invalid-edit"),
        ("protocol=mailto", "https://example.com/", "invalid-edit"),
        ("port=70000", "ftp://example.com/", "port-out-of-range"),
    ] {
        let set = format!("--set={edit}");
        let run = urlkit(&["normalize", &set, url], b"");
        assert_eq!(run.code, 1, "{edit} on {url}: {}", run.stderr);
        assert_eq!(
            run.stdout, "\n",
            "{edit} on {url}: a failed input's line is empty"
        );
        let component = edit.split('=').next().unwrap_or_default();
        assert!(
            run.stderr
                .contains(&format!("cannot edit {url:?}: cannot set {component} to")),
            "{edit} on {url}: {}",
            run.stderr
        );
        let run = urlkit(&["normalize", "--json", &set, url], b"");
        assert_eq!(run.code, 1);
        assert_eq!(kind(&run.stdout), expected_kind, "{edit} on {url}");
        // The same through parse, and through --iterate.
        let run = urlkit(&["parse", "--json", &set, url], b"");
        assert_eq!(
            (run.code, kind(&run.stdout)),
            (1, expected_kind.to_owned()),
            "{edit}"
        );
        let (name, value) = edit.split_once('=').unwrap_or_default();
        if !value.is_empty() {
            let iterate = format!("--iterate={name}={value}");
            let run = urlkit(&["normalize", &iterate, url], b"");
            assert_eq!(run.code, 1, "{iterate} on {url}");
        }
    }
    // Edits the URL takes still pass, empty values included.
    let run = urlkit(
        &[
            "normalize",
            "--set",
            "port=8080",
            "--set",
            "hash=",
            "https://example.com/#x",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "https://example.com:8080/\n")
    );
    // A failed edit fails only its own input.
    let run = urlkit(
        &["normalize", "--set", "port=1"],
        b"https://a.example/\nmailto:x@y\n",
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "https://a.example:1/\n\n");
}

#[test]
fn get_without_a_placeholder_is_a_usage_error() {
    for template in ["host", "hostname: ", "{{host}}", ""] {
        let run = urlkit(&["normalize", "--get", template, "https://example.com/"], b"");
        assert_eq!(run.code, 2, "--get {template:?}: {}", run.stdout);
        assert!(run.stdout.is_empty());
        assert!(run.stderr.contains("--get '{host}'"), "{}", run.stderr);
        let run = urlkit(&["parse", "--get", template, "https://example.com/"], b"");
        assert_eq!(run.code, 2, "parse --get {template:?}");
    }
    let run = urlkit(
        &["normalize", "--get", "{host} {{x}}", "https://example.com/"],
        b"",
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, "example.com {x}\n"));
}

#[test]
fn remove_query_takes_comma_separated_names_and_globs() {
    let url = "https://example.com/?a=1&b=2&c=3&utm_source=x&ref=y&keep=z";
    let run = urlkit(&["normalize", "--remove-query", "a,b", url], b"");
    assert_eq!(run.stdout, "https://example.com/?c=3&utm_source=x&ref=y&keep=z\n");
    let run = urlkit(
        &[
            "normalize",
            "--remove-query",
            "utm_*,ref",
            "--remove-query=c",
            url,
        ],
        b"",
    );
    assert_eq!(run.stdout, "https://example.com/?a=1&b=2&keep=z\n");
    // Spaces around the names do not count; empty names remove nothing.
    let run = urlkit(&["normalize", "--remove-query", " a , ,keep", url], b"");
    assert_eq!(run.stdout, "https://example.com/?b=2&c=3&utm_source=x&ref=y\n");
}

#[test]
fn resolve_takes_base_as_an_option_too() {
    let run = urlkit(
        &["resolve", "--base", "https://example.com/a/b", "c", "../d"],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "https://example.com/a/c\nhttps://example.com/d\n");
    let run = urlkit(
        &["resolve", "--base=https://example.com/a/", "--rfc3986", "x"],
        b"",
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, "https://example.com/a/x\n"));
    // Standard input against --base.
    let run = urlkit(&["resolve", "--base", "https://example.com/"], b"x\ny\n");
    assert_eq!(run.stdout, "https://example.com/x\nhttps://example.com/y\n");
    // The positional form is unchanged.
    let run = urlkit(&["resolve", "https://example.com/a/", "x"], b"");
    assert_eq!(run.stdout, "https://example.com/a/x\n");
}

#[test]
fn lint_and_domain_take_url_arguments_with_jsonl() {
    for sub in ["lint", "domain"] {
        let run = urlkit(
            &[
                sub,
                "--jsonl",
                "https://www.example.com/",
                "https://b.example.org/",
            ],
            b"",
        );
        assert_eq!(run.code, 0, "{sub}: {}", run.stderr);
        let objects = objects(&run.stdout);
        assert_eq!(objects.len(), 2, "{sub}");
        assert_eq!(objects[0]["input"], "https://www.example.com/", "{sub}");
    }
    let run = urlkit(&["domain", "--jsonl", "https://www.example.co.uk/"], b"");
    assert_eq!(objects(&run.stdout)[0]["registrable_domain"], "example.co.uk");
}

#[test]
fn a_scheme_less_input_fails_with_a_hint() {
    for (input, guess) in [
        ("example.org/path", "http://example.org/path"),
        ("www.example.com", "http://www.example.com"),
        ("sub.example.co.uk/a?b=c#d", "http://sub.example.co.uk/a?b=c#d"),
        ("127.0.0.1/x", "http://127.0.0.1/x"),
        ("[::1]/x", "http://[::1]/x"),
        ("ftp.example.net/pub/", "ftp://ftp.example.net/pub/"),
        (
            "//github.com/rust-lang/rust/issues/1",
            "http://github.com/rust-lang/rust/issues/1",
        ),
    ] {
        let run = urlkit(&["normalize", input], b"");
        assert_eq!((run.code, run.stdout.as_str()), (1, "\n"), "{input}");
        let tip = format!("tip: did you mean {guess}?");
        assert!(run.stderr.contains(&tip), "{input}: {}", run.stderr);
        let run = urlkit(&["parse", "--json", input], b"");
        let object = &objects(&run.stdout)[0];
        assert_eq!(object["hint"], format!("did you mean {guess}?"), "{input}");
        assert_eq!(object["kind"], "missing-scheme-non-relative-URL");
        let run = urlkit(&["normalize", "--guess-scheme", input], b"");
        let expected = run_normalize(guess);
        assert_eq!((run.code, run.stdout), (0, expected), "--guess-scheme {input}");
    }
    // No hint where a scheme would not help.
    for input in ["", "/just/a/path", "a b", "?q", "nohost/path"] {
        let run = urlkit(&["parse", "--json", input], b"");
        let object = &objects(&run.stdout)[0];
        assert_eq!(object.get("hint"), None, "{input:?}");
        let run = urlkit(&["normalize", "--guess-scheme", input], b"");
        assert_eq!(run.code, 1, "--guess-scheme {input:?} still fails");
    }
    // The guess is the URL Standard's: a usage error with the other readings.
    for other in [
        &["normalize", "--rfc3986"][..],
        &["normalize", "--profile", "surt"],
        &["parse", "--rfc3986"],
    ] {
        let args: Vec<&str> = other
            .iter()
            .copied()
            .chain(["--guess-scheme", "example.org/"])
            .collect();
        assert_eq!(urlkit(&args, b"").code, 2, "{args:?}");
    }
    // A URL with a scheme is never guessed at.
    let run = urlkit(&["normalize", "--guess-scheme", "mailto:a@example.com"], b"");
    assert_eq!(run.stdout, "mailto:a@example.com\n");
}

fn run_normalize(url: &str) -> String {
    urlkit(&["normalize", url], b"").stdout
}

#[test]
fn a_windows_path_parses_as_the_standard_says_with_a_warning() {
    for input in [r"C:\Users\me\file.txt", "C:/Users/me/file.txt", r"d:\x"] {
        let run = urlkit(&["parse", "--json", input], b"");
        assert_eq!(run.code, 0, "{input}: the WHATWG parse is unchanged");
        let object = &objects(&run.stdout)[0];
        assert_eq!(object["protocol"], format!("{}:", &input[..1].to_lowercase()));
        assert!(
            run.stderr.contains("urlkit path-to-url"),
            "{input}: {}",
            run.stderr
        );
        let run = urlkit(&["normalize", input], b"");
        assert!(
            run.stderr.contains("urlkit path-to-url"),
            "{input}: {}",
            run.stderr
        );
    }
    // Not for URLs whose scheme is one letter by design, nor drive letters in file: URLs.
    for input in ["file:///C:/x", "https://example.com/C:/x", "c:x"] {
        let run = urlkit(&["normalize", input], b"");
        assert!(!run.stderr.contains("path-to-url"), "{input}: {}", run.stderr);
    }
}

#[test]
fn redirect_keeps_the_fragment_when_the_target_has_none() {
    // RFC 9110 §10.2.2: the target inherits the original's fragment...
    let run = urlkit(
        &["normalize", "--redirect", "/x", "https://example.com/a#frag"],
        b"",
    );
    assert_eq!(run.stdout, "https://example.com/x#frag\n");
    let run = urlkit(
        &[
            "normalize",
            "--redirect",
            "https://other.example/?q",
            "https://example.com/#f",
        ],
        b"",
    );
    assert_eq!(run.stdout, "https://other.example/?q#f\n");
    // ...and keeps its own when it has one, an empty one included.
    let run = urlkit(
        &["normalize", "--redirect", "/x#new", "https://example.com/a#frag"],
        b"",
    );
    assert_eq!(run.stdout, "https://example.com/x#new\n");
    let run = urlkit(
        &["normalize", "--redirect", "/x#", "https://example.com/a#frag"],
        b"",
    );
    assert_eq!(run.stdout, "https://example.com/x#\n");
    // No fragment to inherit: none added.
    let run = urlkit(&["normalize", "--redirect", "/x", "https://example.com/a"], b"");
    assert_eq!(run.stdout, "https://example.com/x\n");
}

#[test]
fn no_input_on_a_terminal_is_a_usage_error() {
    // A terminal for standard input needs `script`; without it, the rule is checked on
    // the one subcommand that read its own input (`extract`) through its usage line.
    let Ok(out) = std::process::Command::new("script")
        .args([
            "-qec",
            &format!("{} extract", env!("CARGO_BIN_EXE_urlkit")),
            "/dev/null",
        ])
        .stdin(std::process::Stdio::null())
        .output()
    else {
        eprintln!("note: no `script` to give urlkit a terminal; skipped");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no input"), "{text}");
    assert_eq!(out.status.code(), Some(2), "{text}");
}

#[test]
fn man_prints_each_subcommands_page() {
    let top = urlkit(&["man"], b"");
    assert_eq!(top.code, 0);
    for sub in ["parse", "normalize", "url-to-path", "extract", "man"] {
        let page = format!("urlkit\\-{}(1)", sub.replace('-', "\\-"));
        assert!(top.stdout.contains(&page), "the top page names {page}");
        let run = urlkit(&["man", sub], b"");
        assert_eq!(run.code, 0, "{sub}: {}", run.stderr);
        assert!(run.stdout.starts_with(".ie"), "{sub}: roff");
        assert!(
            run.stdout.contains(&format!(".TH urlkit-{sub} 1")),
            "{sub}: {}",
            &run.stdout[..200.min(run.stdout.len())]
        );
    }
    let run = urlkit(&["man", "nosuch"], b"");
    assert_eq!(run.code, 2);
}
