//! The input/output model every subcommand shares (issue 17, items 1 and 2): where inputs
//! come from, formats, the one failure shape, input hygiene, flushing, and the exit codes,
//! each driven through the real binary.

mod common;

use common::{keys, objects, urlkit};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_urlkit")
}

/// A fresh scratch directory for this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urlkit-io-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs a shell command line with `$0` the binary.
fn sh(script: &str) -> (i32, String, String) {
    let out = Command::new("sh")
        .args(["-c", script, bin()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

// --- the exit-code bugs of the issue, each reproduced first ---------------------------

#[test]
fn a_failed_input_still_exits_1_when_the_output_pipe_closes_early() {
    let mut args = vec!["normalize".to_owned(), "http://foo:-80/".to_owned()];
    args.extend((1..=20000).map(|i| format!("http://example.com/{i}")));
    let mut child = Command::new(bin())
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // The failed input's line is empty (one line out per input), then the first URL.
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "\n");
    first.clear();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "http://example.com/1\n");
    drop(stdout); // as `| head -1` does
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1));
}

#[test]
fn a_closed_standard_output_exits_2() {
    let (code, _, err) = sh(r#""$0" normalize http://a/ >&-"#);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("standard output"), "{err}");
    let (code, _, _) = sh(r#"printf 'http://a/\n' | "$0" parse --jsonl >&-"#);
    assert_eq!(code, 2);
}

#[test]
fn a_closed_standard_input_exits_2() {
    let (code, out, err) = sh(r#""$0" normalize --jsonl <&-"#);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("standard input"), "{err}");
    let (code, _, _) = sh(r#""$0" parse - <&-"#);
    assert_eq!(code, 2);
}

#[test]
fn an_unknown_component_is_a_usage_error() {
    let run = urlkit(&["set", "http://a/b", "colour", "red"], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("unknown setter \"colour\""), "{}", run.stderr);
    assert_eq!(
        urlkit(&["set", "--json", "http://a/b", "colour", "red"], b"").code,
        2
    );
}

#[test]
fn an_invalid_base_is_a_usage_error() {
    for args in [
        &["parse", "--base", "nope", "g"][..],
        &["parse", "--json", "--base", "nope", "g"],
        &["resolve", "not a base", "g"],
        &["resolve", "--json", "not a base", "g"],
        &["resolve", "--rfc3986", "rel", "g"],
        &["relative", "rel", "http://a/"],
    ] {
        let run = urlkit(args, b"");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("invalid base"), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
    }
}

// --- where inputs come from ----------------------------------------------------------

#[test]
fn standard_input_is_read_when_no_url_is_given() {
    let run = urlkit(&["normalize"], b"HTTP://A/./b\nnope\nhttp://c/\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "http://a/b\n\nhttp://c/\n");
    assert!(run.stderr.contains("cannot parse \"nope\""), "{}", run.stderr);
    let run = urlkit(&["parse", "--format", "jsonl"], b"http://a/\n");
    assert_eq!(objects(&run.stdout)[0]["href"], "http://a/");
}

#[test]
fn a_dash_reads_standard_input() {
    let run = urlkit(&["normalize", "http://x/", "-", "http://y/"], b"http://A/\n");
    assert_eq!(run.stdout, "http://x/\nhttp://a/\nhttp://y/\n");
    assert_eq!(run.code, 0);
    let run = urlkit(&["normalize", "-f", "-"], b"http://A/\n");
    assert_eq!(run.stdout, "http://a/\n");
}

#[test]
fn files_are_read_in_order_and_compressed_ones_transparently() {
    let dir = scratch("files");
    let plain = dir.join("a.txt");
    std::fs::write(&plain, "http://A/1\nhttp://A/2\n").unwrap();
    let gz = dir.join("b.gz");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(b"http://B/1\nhttp://B/2\n").unwrap();
    std::fs::write(&gz, encoder.finish().unwrap()).unwrap();
    let zst = dir.join("c.zst");
    let data = ruzstd::encoding::compress_to_vec(
        &b"http://C/1\nhttp://C/2"[..],
        ruzstd::encoding::CompressionLevel::Fastest,
    );
    std::fs::write(&zst, data).unwrap();
    let p = |p: &PathBuf| p.to_str().unwrap().to_owned();
    let run = urlkit(
        &["normalize", "-f", &p(&plain), "--file", &p(&gz), "-f", &p(&zst)],
        b"",
    );
    assert_eq!(
        run.stdout, "http://a/1\nhttp://a/2\nhttp://b/1\nhttp://b/2\nhttp://c/1\nhttp://c/2\n",
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 0);
    // A file that cannot be read is an I/O error: the others are still read, exit 2.
    let missing = dir.join("missing.txt");
    let run = urlkit(&["normalize", "-f", &p(&missing), "-f", &p(&plain)], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "http://a/1\nhttp://a/2\n");
    assert!(run.stderr.contains("missing.txt"), "{}", run.stderr);
}

#[test]
fn a_file_path_argument_is_still_a_url_but_f_reads_it() {
    let dir = scratch("arg");
    let file = dir.join("urls.txt");
    std::fs::write(&file, "http://A/\n").unwrap();
    let run = urlkit(&["normalize", "-f", file.to_str().unwrap()], b"");
    assert_eq!(run.stdout, "http://a/\n");
}

// --- formats and shapes ----------------------------------------------------------------

#[test]
fn format_chooses_the_output_separately_from_the_input() {
    let text = urlkit(&["normalize", "--format", "text", "HTTP://A/"], b"");
    assert_eq!(text.stdout, "http://a/\n");
    for format in ["json", "jsonl"] {
        let run = urlkit(&["normalize", "--format", format, "HTTP://A/", "nope"], b"");
        let objs = objects(&run.stdout);
        assert_eq!(objs.len(), 2);
        assert_eq!(objs[0]["normalized"], "http://a/");
        assert_eq!(objs[1]["ok"], false);
        // The same objects as the --json flag.
        let legacy = urlkit(&["normalize", "--json", "HTTP://A/", "nope"], b"");
        assert_eq!(run.stdout, legacy.stdout);
        // and as --jsonl on the same lines
        let lines = urlkit(&["normalize", "--format", format], b"HTTP://A/\nnope\n");
        assert_eq!(lines.stdout, legacy.stdout);
    }
}

/// Every failure object has the one shape: input, ok false, error, kind, position.
#[test]
fn one_failure_shape_everywhere() {
    let cases: &[(&[&str], &[u8])] = &[
        (&["parse", "--json", "nope"], b""),
        (&["parse", "--jsonl"], b"nope\n{\n"),
        (&["parse", "--rfc3986", "--json", "a b"], b""),
        (&["parse", "--rfc1738", "--json", "nope"], b""),
        (&["normalize", "--json", "nope"], b""),
        (&["normalize", "--rfc3986", "--json", "a b"], b""),
        (&["validate", "--json", "http://a/\\"], b""),
        (&["validate", "--rfc3986", "--jsonl"], b"a b\n"),
        (&["resolve", "--json", "http://a/", "http://["], b""),
        (
            &["resolve", "--rfc3986", "--jsonl"],
            b"{\"base\":\"http://a/\",\"input\":\"a b\"}\nplain\n",
        ),
        (
            &["relative", "--jsonl"],
            b"{\"base\":\"http://a/\",\"target\":\"rel\"}\n",
        ),
        (
            &["set", "--jsonl"],
            b"{\"href\":\"x\",\"setter\":\"host\",\"value\":\"b\"}\n",
        ),
        (&["query", "--json", "nope"], b""),
        (&["query", "--jsonl"], b"nope\n"),
        (&["normalize", "--jsonl"], b"\xff\n"),
    ];
    for (args, stdin) in cases {
        let run = urlkit(args, stdin);
        let objs = objects(&run.stdout);
        assert!(!objs.is_empty(), "{args:?}: {}", run.stderr);
        for obj in objs {
            assert_eq!(obj["ok"], false, "{args:?}: {obj:?}");
            for key in ["input", "error", "kind", "position"] {
                assert!(obj.contains_key(key), "{args:?}: no {key} in {obj:?}");
            }
            assert!(obj["input"].is_string() && obj["error"].is_string() && obj["kind"].is_string());
            assert!(obj["position"].is_null() || obj["position"].is_u64(), "{obj:?}");
        }
    }
}

#[test]
fn requests_have_one_shape() {
    // {"input", "base"} is understood by every URL Standard subcommand reading lines.
    let line = b"{\"input\":\"../g\",\"base\":\"http://a/b/c\"}\n";
    for args in [
        &["parse", "--jsonl"][..],
        &["resolve", "--jsonl"],
        &["normalize", "--jsonl"],
    ] {
        let run = urlkit(args, line);
        let obj = &objects(&run.stdout)[0];
        assert_eq!(obj["ok"], true, "{args:?}: {obj:?}");
        assert_eq!(obj["input"], "../g");
    }
    let run = urlkit(
        &["relative", "--jsonl"],
        b"{\"base\":\"http://a/b/c\",\"input\":\"http://a/b/d\"}\n",
    );
    assert_eq!(objects(&run.stdout)[0]["relative"], "d", "{}", run.stdout);
    let run = urlkit(
        &["set", "--jsonl"],
        b"{\"input\":\"http://a/\",\"setter\":\"port\",\"value\":\"81\"}\n",
    );
    assert_eq!(objects(&run.stdout)[0]["href"], "http://a:81/", "{}", run.stdout);
}

#[test]
fn validate_reports_on_standard_error_and_has_json() {
    let run = urlkit(&["validate", "http://a/", "http://a/\\b"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert!(
        run.stderr.contains("invalid \"http://a/\\\\b\""),
        "{}",
        run.stderr
    );
    let run = urlkit(&["validate", "--json", "http://a/", "nope"], b"");
    let objs = objects(&run.stdout);
    assert_eq!(
        (objs[0]["ok"].clone(), objs[1]["ok"].clone()),
        (Value::Bool(true), Value::Bool(false))
    );
}

#[test]
fn query_keeps_failures_and_has_input() {
    let run = urlkit(&["query", "--json", "http://a/?x=1", "nope"], b"");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert_eq!(lines[0], r#"[["x","1"]]"#, "the --json success shape is kept");
    let run = urlkit(&["query", "--jsonl"], b"http://a/?x=1&y\nnope\n");
    let objs = objects(&run.stdout);
    assert_eq!(objs[0]["input"], "http://a/?x=1&y");
    assert_eq!(objs[0]["params"], serde_json::json!([["x", "1"], ["y", ""]]));
    assert_eq!(objs[1]["ok"], false);
}

#[test]
fn resolve_relative_and_set_show_a_caret() {
    let run = urlkit(&["resolve", "http://a/", "http://[x"], b"");
    assert!(
        run.stderr.contains("\n  http://[x\n           ^"),
        "{}",
        run.stderr
    );
    let run = urlkit(&["relative", "http://a/", "a b"], b"");
    assert!(run.stderr.contains("\n  a b\n   ^"), "{}", run.stderr);
    let run = urlkit(&["set", "http://a/", "href", "http://[x"], b"");
    assert!(run.stderr.contains("^"), "{}", run.stderr);
}

// --- input hygiene ---------------------------------------------------------------------

#[test]
fn crlf_and_a_bom_are_handled_by_default() {
    let run = urlkit(
        &["normalize", "--rfc3986"],
        b"\xef\xbb\xbfhttp://A/\r\nhttp://B/\r\n",
    );
    assert_eq!(run.stdout, "http://a/\nhttp://b/\n", "{}", run.stderr);
    assert_eq!(run.code, 0);
    // CR-only line ends end lines too.
    let run = urlkit(&["normalize"], b"http://A/\rhttp://B/\r");
    assert_eq!(run.stdout, "http://a/\nhttp://b/\n", "{}", run.stderr);
}

#[test]
fn blank_lines_comments_and_trimming_on_request() {
    let data = b"http://a/\n\n# comment\n  http://b/  \n";
    let run = urlkit(&["normalize", "--skip-blank", "--comments", "#", "--trim"], data);
    assert_eq!(run.stdout, "http://a/\nhttp://b/\n", "{}", run.stderr);
    assert_eq!(run.code, 0);
    // Without them every line is an input: one out per line in.
    let run = urlkit(&["normalize", "--format", "jsonl"], data);
    assert_eq!(objects(&run.stdout).len(), 4);
}

#[test]
fn invalid_utf8_fails_or_is_percent_encoded() {
    let run = urlkit(
        &["normalize", "--format", "jsonl"],
        b"http://a/\xff\xfe\nhttp://b/\n",
    );
    let objs = objects(&run.stdout);
    assert_eq!(objs[0]["ok"], false);
    assert_eq!(objs[0]["kind"], "invalid-utf8");
    assert_eq!(objs[0]["position"], 9);
    assert_eq!(objs[1]["ok"], true);
    assert_eq!(run.code, 1);
    let run = urlkit(
        &["normalize", "--format", "jsonl", "--lossy"],
        b"http://a/\xff\xfe\n",
    );
    let obj = &objects(&run.stdout)[0];
    assert_eq!(obj["ok"], true, "{obj:?}");
    assert_eq!(obj["input"], "http://a/%FF%FE");
    assert_eq!(obj["normalized"], "http://a/%FF%FE");
    assert_eq!(obj["lossy"], true);
    let run = urlkit(&["normalize", "--lossy"], b"http://a/\xff\n");
    assert_eq!(run.stdout, "http://a/%FF\n");
    assert!(run.stderr.contains("percent-encoded"), "{}", run.stderr);
}

#[test]
fn overlong_lines_fail_alone() {
    let mut data = b"http://a/\nhttp://b/".to_vec();
    data.extend(std::iter::repeat_n(b'x', 100));
    data.extend(b"\nhttp://c/\n");
    let run = urlkit(&["normalize", "--format", "jsonl", "--max-length", "50"], &data);
    let objs = objects(&run.stdout);
    assert_eq!(objs.len(), 3, "{}", run.stdout);
    assert_eq!(objs[1]["kind"], "too-long");
    assert_eq!(objs[2]["normalized"], "http://c/");
    assert!(keys(&objs[1]).contains("position"));
}

// --- where failures were --------------------------------------------------------------

/// The `urlkit: …` message lines of a run's standard error, without the summary.
fn messages(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with("urlkit: ") && !l.contains(" inputs, "))
        .collect()
}

#[test]
fn reports_name_the_file_and_line() {
    let dir = scratch("located");
    // Line ends of every kind, a blank line and a comment: each counts as a line.
    let a = dir.join("a.txt");
    std::fs::write(&a, "http://a/\r\nhttp://foo:-80/\n\n#c\rnope\nhttp://b/\n").unwrap();
    let b = dir.join("b.txt");
    std::fs::write(&b, "http://[\n").unwrap();
    let (a_name, b_name) = (a.display().to_string(), b.display().to_string());
    for threads in ["1", "2"] {
        let run = urlkit(
            &[
                "normalize",
                "--comments",
                "#",
                "--threads",
                threads,
                "http://x:y/",
                "-f",
                &a_name,
                "-f",
                &b_name,
                "-f",
                "-",
            ],
            b"http://ok/\n\xff\n",
        );
        assert_eq!(run.code, 1, "{}", run.stderr);
        // One line per input (the comment is skipped); a failed input's line is empty.
        assert_eq!(run.stdout, "\nhttp://a/\n\n\n\nhttp://b/\n\nhttp://ok/\n\n");
        let expected = [
            "urlkit: cannot parse \"http://x:y/\": invalid port number at byte 9".to_owned(),
            format!("urlkit: {a_name}:2: cannot parse \"http://foo:-80/\": invalid port number at byte 11"),
            format!("urlkit: {a_name}:3: cannot parse \"\": relative url without a base at byte 0"),
            format!("urlkit: {a_name}:5: cannot parse \"nope\": relative url without a base at byte 0"),
            format!("urlkit: {b_name}:1: cannot parse \"http://[\": unclosed ipv6 address at byte 8"),
            "urlkit: <stdin>:2: cannot parse \"\u{fffd}\": invalid utf-8 at byte 0".to_owned(),
        ];
        assert_eq!(messages(&run.stderr), expected, "--threads {threads}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn line_numbers_stay_right_across_work_units_and_threads() {
    // Failures far apart, among enough lines for many work units and read buffers.
    let mut data = Vec::new();
    let bad = [1usize, 4_097, 70_000, 123_457, 199_999];
    for line in 1..=200_000 {
        if bad.contains(&line) {
            data.extend_from_slice(format!("http://h:{line}x/\n").as_bytes());
        } else if line % 3 == 0 {
            data.extend_from_slice(format!("http://h/{line}\r\n").as_bytes());
        } else {
            data.extend_from_slice(format!("http://h/{line}\n").as_bytes());
        }
    }
    for threads in ["1", "2", "3"] {
        let run = urlkit(&["normalize", "--threads", threads], &data);
        assert_eq!(run.code, 1);
        // One line out per line in, the failed ones empty.
        let out: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(out.len(), 200_000);
        for (i, line) in out.iter().enumerate() {
            assert_eq!(
                line.is_empty(),
                bad.contains(&(i + 1)),
                "--threads {threads} line {}: {line:?}",
                i + 1
            );
        }
        let lines: Vec<String> = messages(&run.stderr)
            .iter()
            .map(|m| m.split(':').take(3).collect::<Vec<_>>().join(":"))
            .collect();
        let expected: Vec<String> = bad.iter().map(|n| format!("urlkit: <stdin>:{n}")).collect();
        assert_eq!(lines, expected, "--threads {threads}");
        for (message, n) in messages(&run.stderr).iter().zip(bad) {
            assert!(message.contains(&format!("\"http://h:{n}x/\"")), "{message}");
        }
    }
}

#[test]
fn json_output_has_no_line_numbers() {
    let run = urlkit(
        &["normalize", "--format", "jsonl", "--threads", "2"],
        b"http://a/\nnope\n",
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "{\"input\":\"http://a/\",\"ok\":true,\"normalized\":\"http://a/\"}\n\
         {\"input\":\"nope\",\"ok\":false,\"error\":\"relative url without a base at byte 0\",\"position\":0,\"expected\":null,\"kind\":\"missing-scheme-non-relative-URL\"}\n"
    );
}

// --- streaming -------------------------------------------------------------------------

/// Reads one line of the child's output within a few seconds, or `None`.
fn line_within(reader: impl Read + Send + 'static, secs: u64) -> Option<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(reader).read_line(&mut line);
        let _ = tx.send(line);
    });
    rx.recv_timeout(Duration::from_secs(secs)).ok()
}

#[test]
fn output_is_flushed_when_input_would_block() {
    for args in [
        &["normalize"][..],
        &["parse", "--jsonl"],
        &["normalize", "--line-buffered"],
    ] {
        let mut child = Command::new(bin())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"http://A/\n").unwrap();
        stdin.flush().unwrap();
        let line = line_within(child.stdout.take().unwrap(), 10);
        drop(stdin);
        let _ = child.kill();
        let _ = child.wait();
        let line = line.expect("an answer while input is still open");
        assert!(line.contains("http://a/"), "{args:?}: {line}");
    }
}

// --- threads ---------------------------------------------------------------------------

#[test]
fn threads_keep_the_input_order_and_the_answers() {
    // Enough lines for many work units, with failures and reports among them.
    let mut data = Vec::new();
    for i in 0..12_000 {
        match i % 7 {
            0 => data.extend_from_slice(format!("http://exa mple.com/{i}\n").as_bytes()),
            3 => data.extend_from_slice(b"\n"),
            _ => data.extend_from_slice(format!("HTTP://Example.COM/{i}/./x\n").as_bytes()),
        }
    }
    for args in [
        &["normalize"][..],
        &["parse", "--jsonl"],
        &["validate", "--format", "json"],
    ] {
        let one = urlkit(&[args, &["-q", "--threads", "1"][..]].concat(), &data);
        let two = urlkit(&[args, &["-q", "--threads", "2"][..]].concat(), &data);
        let four = urlkit(&[args, &["-q", "--threads", "4"][..]].concat(), &data);
        assert_eq!(one.code, 1);
        assert!(one.stdout == two.stdout && two.stdout == four.stdout, "{args:?}");
        assert!(one.stderr == two.stderr && two.stderr == four.stderr, "{args:?}");
        assert_eq!((two.code, four.code), (1, 1));
    }
}
