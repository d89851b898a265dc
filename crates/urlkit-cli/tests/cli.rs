//! Integration tests of the `urlkit` binary: the `parse --jsonl` contract, `--json`, the
//! table, `--example`, `resolve`, exit statuses, and a run over the messy dataset.

use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::process::{Command, Stdio};

mod common;

use common::{keys, objects, urlkit};

/// `parse --jsonl` on `input`, with the exit code.
fn jsonl(input: &[u8]) -> (i32, Vec<Map<String, Value>>) {
    let run = urlkit(&["parse", "--jsonl"], input);
    (run.code, objects(&run.stdout))
}

const SUCCESS_KEYS: [&str; 14] = [
    "input", "base", "ok", "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
    "pathname", "search", "hash",
];
const FAILURE_KEYS: [&str; 6] = ["input", "base", "ok", "error", "kind", "position"];

/// Asserts `obj` is a success object with exactly the contract's fields and these values
/// (`base` null unless given in `expected`).
fn assert_success(obj: &Map<String, Value>, expected: &[(&str, &str)]) {
    assert_eq!(keys(obj), SUCCESS_KEYS.into_iter().collect(), "fields of {obj:?}");
    assert_eq!(obj["ok"], Value::Bool(true), "{obj:?}");
    for &(key, value) in expected {
        assert_eq!(obj[key], Value::from(value), "field {key} of {obj:?}");
    }
    if !expected.iter().any(|&(k, _)| k == "base") {
        assert_eq!(obj["base"], Value::Null, "{obj:?}");
    }
}

/// Asserts `obj` is a failure object for `input` with a lower-case message, no trailing period.
fn assert_failure(obj: &Map<String, Value>, input: &str, base: Option<&str>) -> String {
    assert_eq!(keys(obj), FAILURE_KEYS.into_iter().collect(), "fields of {obj:?}");
    assert_eq!(obj["ok"], Value::Bool(false));
    assert_eq!(obj["input"], Value::from(input));
    assert_eq!(obj["base"], base.map_or(Value::Null, Value::from));
    let error = obj["error"].as_str().expect("error is a string").to_owned();
    assert!(!error.is_empty() && !error.ends_with('.'), "{error:?}");
    assert_eq!(error, error.to_lowercase(), "lower-case error");
    error
}

const EXAMPLE: &str = "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash";

fn example_fields() -> Vec<(&'static str, &'static str)> {
    vec![
        ("href", EXAMPLE),
        ("origin", "https://sub.example.com:8080"),
        ("protocol", "https:"),
        ("username", "user"),
        ("password", "pass"),
        ("host", "sub.example.com:8080"),
        ("hostname", "sub.example.com"),
        ("port", "8080"),
        ("pathname", "/p/a/t/h"),
        ("search", "?query=string"),
        ("hash", "#hash"),
    ]
}

#[test]
fn jsonl_success_object_has_every_getter() {
    let (code, out) = jsonl(format!("{EXAMPLE}\n").as_bytes());
    assert_eq!(code, 0);
    assert_eq!(out.len(), 1);
    let mut expected = example_fields();
    expected.push(("input", EXAMPLE));
    assert_success(&out[0], &expected);
}

#[test]
fn jsonl_getter_values_follow_the_standard() {
    let input = "HTTPS://EXAMPLE.com:443/a/./b/../c?#\n\
                 foo://h/p\n\
                 http://[::1]:8080/\n\
                 mailto:someone@example.com\n\
                 http://b\u{fc}cher.de/\n\
                 file:///C:/dir/file\n";
    let (code, out) = jsonl(input.as_bytes());
    assert_eq!(code, 0);
    assert_eq!(out.len(), 6);
    assert_success(
        &out[0],
        &[
            ("href", "https://example.com/a/c?#"),
            ("origin", "https://example.com"),
            ("host", "example.com"),
            ("port", ""),
            ("pathname", "/a/c"),
            ("search", ""),
            ("hash", ""),
        ],
    );
    assert_success(
        &out[1],
        &[
            ("href", "foo://h/p"),
            ("origin", "null"),
            ("host", "h"),
            ("protocol", "foo:"),
        ],
    );
    assert_success(
        &out[2],
        &[
            ("host", "[::1]:8080"),
            ("hostname", "[::1]"),
            ("port", "8080"),
            ("origin", "http://[::1]:8080"),
        ],
    );
    assert_success(
        &out[3],
        &[
            ("origin", "null"),
            ("host", ""),
            ("hostname", ""),
            ("pathname", "someone@example.com"),
            ("username", ""),
        ],
    );
    assert_success(
        &out[4],
        &[
            ("hostname", "xn--bcher-kva.de"),
            ("href", "http://xn--bcher-kva.de/"),
        ],
    );
    assert_success(
        &out[5],
        &[("origin", "null"), ("host", ""), ("pathname", "/C:/dir/file")],
    );
}

#[test]
fn jsonl_json_lines_carry_input_and_base() {
    let input = concat!(
        r#"{"input": "../c?x#y", "base": "http://example.com/a/b/"}"#,
        "\n",
        r#"{"input": "http://example.com/", "base": null}"#,
        "\n",
        r#"{"input": "g", "base": "not a url"}"#,
        "\n",
        r#"{"base": "http://example.com/", "input": "\t/x y\n"}"#,
        "\n",
    );
    let (code, out) = jsonl(input.as_bytes());
    assert_eq!(code, 1);
    assert_eq!(out.len(), 4);
    assert_success(
        &out[0],
        &[
            ("input", "../c?x#y"),
            ("base", "http://example.com/a/b/"),
            ("href", "http://example.com/a/c?x#y"),
            ("pathname", "/a/c"),
        ],
    );
    assert_success(
        &out[1],
        &[("input", "http://example.com/"), ("href", "http://example.com/")],
    );
    let error = assert_failure(&out[2], "g", Some("not a url"));
    assert!(error.contains("base"), "the error says the base failed: {error}");
    assert_success(
        &out[3],
        &[
            ("input", "\t/x y\n"),
            ("base", "http://example.com/"),
            ("href", "http://example.com/x%20y"),
        ],
    );
}

#[test]
fn jsonl_lines_lose_their_line_end_only() {
    // `\r\n` is a line end (issue 17: input hygiene); white space stays without --trim.
    let (code, out) = jsonl(b"http://example.com/a\r\n  http://example.com/b \n");
    assert_eq!(code, 0);
    assert_eq!(out.len(), 2);
    assert_success(
        &out[0],
        &[
            ("input", "http://example.com/a"),
            ("href", "http://example.com/a"),
        ],
    );
    assert_success(
        &out[1],
        &[
            ("input", "  http://example.com/b "),
            ("href", "http://example.com/b"),
        ],
    );
}

#[test]
fn jsonl_invalid_utf8_fails_per_line() {
    // Never accepted silently (issue 17): the line fails where its bytes go wrong.
    let (code, out) = jsonl(b"http://example.com/\xff\xfe\nhttp://example.com/ok\n");
    assert_eq!(code, 1);
    assert_eq!(out.len(), 2);
    assert_failure(&out[0], "http://example.com/\u{fffd}\u{fffd}", None);
    assert_eq!(out[0]["kind"], "invalid-utf8");
    assert_eq!(out[0]["position"], 19);
    assert_success(&out[1], &[("href", "http://example.com/ok")]);
}

#[test]
fn jsonl_invalid_json_lines_fail_with_the_raw_line() {
    let lines = [
        r#"{"input": "http://example.com/""#,
        "{",
        r#"{"input": 5}"#,
        r#"{"base": "http://example.com/"}"#,
        r#"{"input": "a", "base": 1}"#,
    ];
    let mut input = lines.join("\n");
    input.push_str("\nhttp://example.com/\n");
    let (code, out) = jsonl(input.as_bytes());
    assert_eq!(code, 1);
    assert_eq!(out.len(), lines.len() + 1, "no line skipped");
    for (obj, line) in out.iter().zip(lines) {
        let error = assert_failure(obj, line, None);
        assert!(error.contains("json"), "{error}");
    }
    assert_success(&out[lines.len()], &[("href", "http://example.com/")]);
}

#[test]
fn jsonl_empty_lines_fail_and_the_last_segment_counts_only_when_not_empty() {
    let (code, out) = jsonl(b"\n");
    assert_eq!(code, 1);
    assert_eq!(out.len(), 1);
    assert_failure(&out[0], "", None);

    let (code, out) = jsonl(b"http://a/\n\nhttp://b/");
    assert_eq!(code, 1);
    assert_eq!(out.len(), 3);
    assert_success(&out[0], &[("href", "http://a/")]);
    assert_failure(&out[1], "", None);
    assert_success(&out[2], &[("href", "http://b/")]);

    let (code, out) = jsonl(b"");
    assert_eq!((code, out.len()), (0, 0));
}

#[test]
fn jsonl_failures_never_stop_the_stream() {
    let nasty = [
        "foo",
        "http://",
        "http://[::1",
        "http://a:99999/",
        "http://exa mple.com/",
        "\u{0}",
        "http://1.2.3.4.5/",
        "https://xn--/",
        "{\"input\": \"\\u0000http://a/\", \"base\": null}",
    ];
    let mut input = nasty.join("\n");
    input.push('\n');
    input.push_str(&"a".repeat(100_000));
    input.push('\n');
    let (code, out) = jsonl(input.as_bytes());
    assert_eq!(code, 1);
    assert_eq!(out.len(), nasty.len() + 1);
    for obj in &out {
        let fields = keys(obj);
        assert!(fields == SUCCESS_KEYS.into_iter().collect() || fields == FAILURE_KEYS.into_iter().collect());
    }
    assert_failure(&out[0], "foo", None);
    assert_failure(&out[3], "http://a:99999/", None);
    assert_success(&out[8], &[("input", "\u{0}http://a/"), ("href", "http://a/")]);
}

#[test]
fn exit_statuses() {
    assert_eq!(urlkit(&["parse", "http://example.com/"], b"").code, 0);
    assert_eq!(urlkit(&["parse", "http://example.com/", "nope"], b"").code, 1);
    assert_eq!(urlkit(&["parse", "--json", "nope"], b"").code, 1);
    assert_eq!(urlkit(&["parse", "--jsonl"], b"http://a/\nhttp://b/\n").code, 0);
    assert_eq!(urlkit(&["parse", "--jsonl"], b"http://a/\nb\n").code, 1);
    // Without URLs, standard input (here empty) is read.
    for args in [&["parse"][..], &["resolve", "http://a/"]] {
        let run = urlkit(args, b"");
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (0, ""),
            "urlkit {args:?}: {}",
            run.stderr
        );
    }
    // Usage errors.
    for args in [
        &[][..],
        &["parse", "--no-such-flag", "http://a/"],
        &["parse", "--jsonl", "http://a/"],
        &["resolve"],
    ] {
        let run = urlkit(args, b"");
        assert_eq!(run.code, 2, "urlkit {args:?}: {}", run.stderr);
        assert!(!run.stderr.is_empty());
    }
    for args in [
        &["--help"][..],
        &["parse", "--help"],
        &["resolve", "--help"],
        &["--version"],
    ] {
        let run = urlkit(args, b"");
        assert_eq!(run.code, 0, "urlkit {args:?}");
        assert!(!run.stdout.is_empty());
    }
}

#[cfg(target_os = "linux")]
#[test]
fn unreadable_input_exits_2() {
    // Reading a directory fails with EISDIR.
    let dir = std::fs::File::open(env!("CARGO_MANIFEST_DIR")).expect("open the crate directory");
    let output = Command::new(env!("CARGO_BIN_EXE_urlkit"))
        .args(["parse", "--jsonl"])
        .stdin(Stdio::from(dir))
        .output()
        .expect("run urlkit");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("urlkit: cannot read standard input: "),
        "{stderr}"
    );
}

#[test]
fn json_prints_one_object_per_argument() {
    let run = urlkit(&["parse", "--json", EXAMPLE, "nope", "http://example.com/"], b"");
    assert_eq!(run.code, 1);
    let out = objects(&run.stdout);
    assert_eq!(out.len(), 3);
    let mut expected = example_fields();
    expected.push(("input", EXAMPLE));
    assert_success(&out[0], &expected);
    assert_failure(&out[1], "nope", None);
    assert_success(&out[2], &[("href", "http://example.com/"), ("pathname", "/")]);

    let run = urlkit(
        &["parse", "--json", "--base", "http://example.com/a/", "b", "//x/y"],
        b"",
    );
    assert_eq!(run.code, 0);
    let out = objects(&run.stdout);
    assert_eq!(out.len(), 2);
    assert_success(
        &out[0],
        &[
            ("base", "http://example.com/a/"),
            ("input", "b"),
            ("href", "http://example.com/a/b"),
        ],
    );
    assert_success(
        &out[1],
        &[("base", "http://example.com/a/"), ("href", "http://x/y")],
    );

    // An invalid --base is a usage error (issue 17); a base per JSONL line fails its line.
    let run = urlkit(&["parse", "--json", "--base", "nope", "b"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.contains("invalid base url"), "{}", run.stderr);
    let run = urlkit(&["parse", "--jsonl"], b"{\"input\":\"b\",\"base\":\"nope\"}\n");
    assert_eq!(run.code, 1);
    let error = assert_failure(&objects(&run.stdout)[0], "b", Some("nope"));
    assert!(error.contains("base"), "{error}");
}

#[test]
fn table_shows_every_component_and_a_diagram() {
    let run = urlkit(&["parse", EXAMPLE], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for (name, value) in example_fields() {
        let row = run
            .stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name));
        let row = row.unwrap_or_else(|| panic!("no {name} row in\n{}", run.stdout));
        assert!(row.ends_with(value), "{name} row {row:?}");
    }
    // The diagram: the href, then a marker row spanning each component.
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = lines
        .iter()
        .rposition(|&l| l == EXAMPLE)
        .expect("href line in the diagram");
    assert_eq!(
        lines[at + 1],
        "├────┘  ├──┘ ├──┘ ├─────────────┘ ├──┘├──────┘├───────────┘├───┘"
    );
    for label in [
        "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash", "host",
    ] {
        assert!(
            lines[at + 2..]
                .iter()
                .any(|l| l.ends_with(&format!("└─ {label}"))),
            "label {label}"
        );
    }
}

#[test]
fn table_diagram_marks_host_and_origin_below_the_components() {
    let run = urlkit(&["parse", "https://example.com:8080/p?q#h"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let diagram: Vec<&str> = run.stdout.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    assert_eq!(diagram[0], "https://example.com:8080/p?q#h");
    assert_eq!(diagram[1], "├────┘  ├─────────┘ ├──┘├┘├┘├┘");
    let at = |label: &str| diagram.iter().position(|l| l.ends_with(&format!("└─ {label}")));
    let (host, origin) = (
        at("host").expect("host label"),
        at("origin").expect("origin label"),
    );
    assert_eq!(diagram[host - 1], "        ├──────────────┘");
    assert_eq!(diagram[origin - 1], "├──────────────────────┘");
}

#[test]
fn table_aligns_by_character_and_wraps_long_urls() {
    // A long href is cut into rows of at most --width columns, each with its markers.
    let long = format!("http://example.com/{}?q#f", "x".repeat(150));
    let run = urlkit(&["parse", "--width", "60", &long], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let diagram: Vec<&str> = run.stdout.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    assert!(diagram
        .iter()
        .all(|l| l.chars().count() <= 60 || l.contains("└─ ")));
    let text: String = diagram
        .iter()
        .filter(|l| l.starts_with("http") || l.starts_with('x'))
        .copied()
        .collect();
    assert_eq!(text, long, "href cut into rows of 60: {diagram:?}");
    assert!(
        diagram.iter().any(|l| l.chars().all(|c| c == '─')),
        "a row inside the path: {diagram:?}"
    );

    // Non-ASCII input: shown as given in the input row, aligned by characters.

    let run = urlkit(&["parse", "http://example.com/\u{e9}"], b"");
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.contains("input     http://example.com/\u{e9}\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("pathname  /%C3%A9\n"));
}

#[test]
fn table_reports_failures_on_stderr() {
    let run = urlkit(&["parse", "http://exa mple.com/"], b"");
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr
            .starts_with("urlkit: cannot parse \"http://exa mple.com/\": "),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.lines().any(|l| l.trim() == "^"),
        "caret under the position: {}",
        run.stderr
    );
}

#[test]
fn example_runs() {
    let run = urlkit(&["parse", "--example"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("hostname  sub.example.com\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("└─ hostname"));
    let run = urlkit(&["parse", "--example", "--json"], b"");
    assert_eq!(run.code, 0);
    assert_success(&objects(&run.stdout)[0], &example_fields());
}

#[test]
fn resolve_prints_hrefs() {
    // RFC 3986 section 5.4.1 examples, which the URL Standard agrees with.
    let base = "http://a/b/c/d;p?q";
    let run = urlkit(
        &[
            "resolve", base, "g", "./g/", "?y", "#s", "../../g", "//g", "g;x?y#s",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "http://a/b/c/g\nhttp://a/b/c/g/\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp://a/g\nhttp://g/\nhttp://a/b/c/g;x?y#s\n"
    );

    // A failed reference answers an empty line: one line out per reference.
    let run = urlkit(&["resolve", base, "http://[", "g"], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "\nhttp://a/b/c/g\n");
    assert!(
        run.stderr.starts_with("urlkit: cannot resolve \"http://[\""),
        "{}",
        run.stderr
    );

    // An invalid base is a usage error (issue 17).
    let run = urlkit(&["resolve", "not a base", "g"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("base"), "{}", run.stderr);
}

#[test]
fn resolve_json_and_jsonl() {
    let run = urlkit(
        &["resolve", "--json", "http://a/b/c", "../d", "http://[", ""],
        b"",
    );
    assert_eq!(run.code, 1);
    let out = objects(&run.stdout);
    assert_eq!(out.len(), 3);
    assert_success(
        &out[0],
        &[
            ("input", "../d"),
            ("base", "http://a/b/c"),
            ("href", "http://a/d"),
        ],
    );
    assert_failure(&out[1], "http://[", Some("http://a/b/c"));
    assert_success(
        &out[2],
        &[("input", ""), ("base", "http://a/b/c"), ("href", "http://a/b/c")],
    );

    let input = concat!(
        r#"{"base": "http://a/b/c", "input": "d?x"}"#,
        "\n",
        r#"{"base": "http://[", "input": "d"}"#,
        "\n",
        "http://plain/\n",
        "{oops\n",
    );
    let run = urlkit(&["resolve", "--jsonl"], input.as_bytes());
    assert_eq!(run.code, 1);
    let out = objects(&run.stdout);
    assert_eq!(out.len(), 4);
    assert_success(
        &out[0],
        &[
            ("base", "http://a/b/c"),
            ("input", "d?x"),
            ("href", "http://a/b/d?x"),
            ("search", "?x"),
        ],
    );
    assert!(assert_failure(&out[1], "d", Some("http://[")).contains("base"));
    assert_success(&out[2], &[("href", "http://plain/")]);
    assert_failure(&out[3], "{oops", None);
}

#[test]
fn messy_dataset_streams_one_object_per_line() {
    let Some(data) = common::dataset("messy.txt") else {
        return;
    };
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if lines.last() == Some(&&b""[..]) {
        lines.pop();
    }
    let run = urlkit(&["parse", "--jsonl"], &data);
    assert!(
        run.code == 0 || run.code == 1,
        "exit {}: {}",
        run.code,
        run.stderr
    );
    let out = objects(&run.stdout);
    assert_eq!(out.len(), lines.len(), "one output line per input line");
    let mut failed = 0;
    for (i, (obj, line)) in out.iter().zip(&lines).enumerate() {
        let line = String::from_utf8_lossy(line);
        let expected_input = match serde_json::from_str::<Value>(&line) {
            Ok(Value::Object(map))
                if line.starts_with('{')
                    && map.get("input").is_some_and(Value::is_string)
                    && map.get("base").is_none_or(|b| b.is_null() || b.is_string()) =>
            {
                map["input"].as_str().map(str::to_owned).unwrap_or_default()
            }
            _ => line.into_owned(),
        };
        assert_eq!(obj["input"], Value::from(expected_input), "line {}", i + 1);
        let fields = keys(obj);
        if obj["ok"] == Value::Bool(true) {
            assert_eq!(fields, SUCCESS_KEYS.into_iter().collect(), "line {}", i + 1);
        } else {
            // A scheme-less input's failure adds its hint (`did you mean http://…?`).
            let mut expected: BTreeSet<&str> = FAILURE_KEYS.into_iter().collect();
            if obj.contains_key("hint") {
                assert_eq!(obj["kind"], "missing-scheme-non-relative-URL", "line {}", i + 1);
                assert!(obj["hint"]
                    .as_str()
                    .is_some_and(|h| h.starts_with("did you mean ")));
                expected.insert("hint");
            }
            assert_eq!(fields, expected, "line {}", i + 1);
            failed += 1;
        }
    }
    assert_eq!(run.code == 1, failed > 0);
}

#[test]
fn line_oriented_commands_keep_one_line_per_input_line_in_text() {
    // Good and bad lines interleaved, a bad one first and last, invalid UTF-8 among them.
    let input =
        b"http://[\nhttps://a.example/x?q=1\nhttp://[::1\n\xff\nhttps://B.example:443/\nhttps://a b/\n";
    let lines = 6;
    for args in [
        &["normalize"][..],
        &["normalize", "--get", "{host}"],
        &["normalize", "--profile", "crawler"],
        &["parse", "--get", "{hostname}"],
        &["domain"],
        &["resolve", "https://base.example/d/"],
    ] {
        let run = urlkit(args, input);
        assert_eq!(run.code, 1, "{args:?}: {}", run.stderr);
        let out: Vec<&str> = run.stdout.split_terminator('\n').collect();
        assert_eq!(out.len(), lines, "{args:?}: {:?}", run.stdout);
        for (i, line) in out.iter().enumerate() {
            assert_eq!(
                line.is_empty(),
                [0, 2, 3, 5].contains(&i),
                "{args:?} line {i}: {line:?}"
            );
        }
        // Each failure is still reported on standard error.
        assert_eq!(
            run.stderr.matches("urlkit: <stdin>:").count(),
            4,
            "{args:?}: {}",
            run.stderr
        );
    }
    // The described form is a block per URL: a failure adds nothing to standard output.
    let run = urlkit(&["parse"], b"http://[\nhttps://a.example/\n");
    assert!(
        run.stdout.starts_with("href      https://a.example/"),
        "{}",
        run.stdout
    );
}
