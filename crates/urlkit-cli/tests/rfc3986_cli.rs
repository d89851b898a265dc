//! Integration tests of the RFC 3986 commands: `parse --rfc3986`, `resolve --rfc3986`,
//! `normalize` (both standards), `relative` and `validate` (both standards), each with its
//! `--jsonl` contract.

mod common;

use common::{jsonl, keys, objects, set, urlkit};
use serde_json::{json, Value};

const PARSE_KEYS: [&str; 9] = [
    "input", "ok", "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];
const FAILURE_KEYS: [&str; 6] = ["input", "ok", "error", "position", "expected", "kind"];

#[test]
fn parse_jsonl_gives_raw_components_with_absent_as_null() {
    let input = "foo://user@example.com:8042/over/there?name=ferret#nose\n\
                 urn:example:animal:ferret:nose\n\
                 ftp://@host:/a?\n\
                 //h\n\
                 \n\
                 HTTP://[::1]:80/%7e\n\
                 a#\n";
    let (code, objs) = jsonl(&["parse", "--rfc3986", "--jsonl"], input);
    assert_eq!(code, 0);
    assert_eq!(objs.len(), 7);
    for obj in &objs {
        assert_eq!(keys(obj), set(&PARSE_KEYS), "{obj:?}");
        assert_eq!(obj["ok"], true);
        assert!(obj["path"].is_string(), "path always a string: {obj:?}");
    }
    let row = |i: usize| {
        let o = &objs[i];
        ["scheme", "userinfo", "host", "port", "path", "query", "fragment"].map(|k| o[k].clone())
    };
    let n = Value::Null;
    let s = |v: &str| Value::from(v);
    assert_eq!(
        objs[0]["input"],
        "foo://user@example.com:8042/over/there?name=ferret#nose"
    );
    assert_eq!(
        row(0),
        [
            s("foo"),
            s("user"),
            s("example.com"),
            s("8042"),
            s("/over/there"),
            s("name=ferret"),
            s("nose")
        ]
    );
    assert_eq!(
        row(1),
        [
            s("urn"),
            n.clone(),
            n.clone(),
            n.clone(),
            s("example:animal:ferret:nose"),
            n.clone(),
            n.clone()
        ]
    );
    assert_eq!(
        row(2),
        [s("ftp"), s(""), s("host"), s(""), s("/a"), s(""), n.clone()]
    );
    assert_eq!(
        row(3),
        [
            n.clone(),
            n.clone(),
            s("h"),
            n.clone(),
            s(""),
            n.clone(),
            n.clone()
        ]
    );
    assert_eq!(
        row(4),
        [
            n.clone(),
            n.clone(),
            n.clone(),
            n.clone(),
            s(""),
            n.clone(),
            n.clone()
        ]
    );
    assert_eq!(
        row(5),
        [
            s("HTTP"),
            n.clone(),
            s("[::1]"),
            s("80"),
            s("/%7e"),
            n.clone(),
            n.clone()
        ]
    );
    assert_eq!(
        row(6),
        [
            n.clone(),
            n.clone(),
            n.clone(),
            n.clone(),
            s("a"),
            n.clone(),
            s("")
        ]
    );
}

#[test]
fn parse_jsonl_failures_give_position_and_rule() {
    let input = "http://h/a\"b\nhttp://h:8x/\na%zz\nhttp://[::1/\n{\"input\": \"http://h/\"}\nx y\r\n";
    let (code, objs) = jsonl(&["parse", "--rfc3986", "--jsonl"], input);
    assert_eq!(code, 1);
    assert_eq!(objs.len(), 6);
    for obj in &objs {
        assert_eq!(keys(obj), set(&FAILURE_KEYS), "{obj:?}");
        assert_eq!(obj["ok"], false);
        assert!(obj["position"].is_u64(), "{obj:?}");
        assert!(obj["expected"].is_string(), "{obj:?}");
    }
    let at = |i: usize| {
        (
            objs[i]["position"].as_u64().unwrap(),
            objs[i]["expected"].as_str().unwrap(),
        )
    };
    assert_eq!(at(0), (10, "pchar"));
    assert_eq!(objs[0]["error"], "expected pchar at byte 10, found '\"'");
    assert_eq!(at(1), (10, "port"));
    assert_eq!(at(2), (2, "HEXDIG"));
    assert_eq!(at(3).1, "IP-literal");
    // Lines are the URI text itself: a JSON line is not unwrapped, and nothing is trimmed
    // but the line end (CR LF).
    assert_eq!(objs[4]["input"], "{\"input\": \"http://h/\"}");
    assert_eq!(at(4).0, 0);
    assert_eq!(objs[5]["input"], "x y");
    assert_eq!(at(5).0, 1);
}

#[test]
fn parse_json_and_table() {
    let run = urlkit(&["parse", "--rfc3986", "--json", "s://h/p", "%"], b"");
    assert_eq!(run.code, 1);
    let objs = objects(&run.stdout);
    assert_eq!(keys(&objs[0]), set(&PARSE_KEYS));
    assert_eq!(keys(&objs[1]), set(&FAILURE_KEYS));

    let run = urlkit(
        &[
            "parse",
            "--rfc3986",
            "foo://user@example.com:8042/over/there?name=ferret#nose",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for row in [
        "scheme    foo\n",
        "userinfo  user\n",
        "host      example.com\n",
        "port      8042\n",
        "path      /over/there\n",
        "query     name=ferret\n",
        "fragment  nose\n",
    ] {
        assert!(run.stdout.contains(row), "{row:?} in {}", run.stdout);
    }
    assert!(run
        .stdout
        .contains("├─┘   ├──┘ ├─────────┘ ├──┘├─────────┘ ├─────────┘ ├──┘\n"));
    assert!(run.stdout.contains("└─ fragment"));

    let run = urlkit(&["parse", "--rfc3986", "urn:x", "http://h:8x/"], b"");
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("userinfo  (absent)\n"), "{}", run.stdout);
    assert!(run.stderr.contains("expected port at byte 10"), "{}", run.stderr);
    assert!(
        run.stderr.contains("\n  http://h:8x/\n            ^\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn resolve_rfc3986_examples() {
    let base = "http://a/b/c/d;p?q";
    let cases = [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("", "http://a/b/c/d;p?q"),
        ("../../../g", "http://a/g"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("http:g", "http:g"),
    ];
    let mut args = vec!["resolve", "--rfc3986", base];
    args.extend(cases.iter().map(|(r, _)| *r));
    let run = urlkit(&args, b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected: String = cases.iter().map(|(_, t)| format!("{t}\n")).collect();
    assert_eq!(run.stdout, expected);

    let input: String = cases
        .iter()
        .map(|(r, _)| json!({"base": base, "input": r}).to_string() + "\n")
        .collect();
    let (code, objs) = jsonl(&["resolve", "--rfc3986", "--jsonl"], &input);
    assert_eq!(code, 0);
    for (obj, (r, t)) in objs.iter().zip(cases) {
        assert_eq!(keys(obj), set(&["base", "input", "ok", "href"]));
        assert_eq!(
            (&obj["base"], &obj["input"], &obj["href"]),
            (&json!(base), &json!(r), &json!(t))
        );
    }
}

#[test]
fn resolve_rfc3986_failures() {
    let input = [
        json!({"base": "http://a/", "input": "%zz"}).to_string(),
        json!({"base": "relative/base", "input": "g"}).to_string(),
        json!({"input": "g"}).to_string(),
        "not json".to_owned(),
        json!({"base": "http://a/b", "input": "c"}).to_string(),
    ]
    .join("\n");
    let (code, objs) = jsonl(&["resolve", "--rfc3986", "--jsonl"], &input);
    assert_eq!(code, 1);
    assert_eq!(objs.len(), 5);
    for obj in &objs[..4] {
        assert_eq!(
            keys(obj),
            set(&["base", "input", "ok", "error", "kind", "position"]),
            "{obj:?}"
        );
        assert_eq!(obj["ok"], false);
    }
    assert_eq!(objs[0]["error"], "expected HEXDIG at byte 1, found 'z'");
    assert!(objs[1]["error"]
        .as_str()
        .unwrap()
        .starts_with("invalid base uri: "));
    assert_eq!(objs[3]["input"], "not json");
    assert_eq!(objs[4]["href"], "http://a/c");

    // Without --rfc3986, resolve stays WHATWG.
    let run = urlkit(&["resolve", "http://a/b/c", "../d e"], b"");
    assert_eq!(run.stdout, "http://a/d%20e\n");
    let run = urlkit(&["resolve", "--rfc3986", "http://a/b/c", "../d e"], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("expected pchar at byte 4"), "{}", run.stderr);
}

#[test]
fn normalize_both_standards() {
    let run = urlkit(
        &[
            "normalize",
            "--rfc3986",
            "HTTP://A:80/%7e/./b/../c?%7E#%7e",
            "x/%2f",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "http://a/~/c?~#~\nx/%2F\n");

    let run = urlkit(&["normalize", "HTTP://A:80/%7e/./b/../c", "no scheme"], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "http://a/%7e/c\n\n"); // the failed input's line is empty
    assert!(run.stderr.contains("cannot parse \"no scheme\""));

    let input = "HTTP://A/%7e\nhttp://h/a b\n";
    let (code, objs) = jsonl(&["normalize", "--rfc3986", "--jsonl"], input);
    assert_eq!(code, 1);
    assert_eq!(keys(&objs[0]), set(&["input", "ok", "normalized"]));
    assert_eq!(objs[0]["normalized"], "http://a/~");
    assert_eq!(keys(&objs[1]), set(&FAILURE_KEYS));
    assert_eq!(
        (&objs[1]["position"], &objs[1]["expected"]),
        (&json!(10), &json!("pchar"))
    );

    let (code, objs) = jsonl(&["normalize", "--jsonl"], input);
    assert_eq!(code, 0);
    assert_eq!(objs[1]["normalized"], "http://h/a%20b");
    let (code, objs) = jsonl(&["normalize", "--jsonl"], "nope\n");
    assert_eq!(code, 1);
    assert!(set(&FAILURE_KEYS).is_subset(&keys(&objs[0])), "{:?}", objs[0]);
    assert_eq!(objs[0]["position"], 0);

    let run = urlkit(&["normalize", "--json", "--rfc3986", "A:B"], b"");
    assert_eq!(objects(&run.stdout)[0]["normalized"], "a:B");
}

#[test]
fn relative_is_the_inverse_of_resolution() {
    let run = urlkit(
        &[
            "relative",
            "http://a/b/c/d;p?q",
            "http://a/b/c/g",
            "http://a/b/g?x",
            "HTTP://A/b/c/d;p?q#s",
            "ftp://a/",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "g\n../g?x\n#s\nftp://a/\n");

    let input = [
        json!({"base": "http://a/b/c/d", "target": "http://a/b/e"}).to_string(),
        json!({"base": "http://a/b/c/d", "target": "relative"}).to_string(),
        json!({"base": "//a/b", "target": "http://a/b"}).to_string(),
        json!({"base": "http://a/", "input": "http://a/x"}).to_string(),
        "[]".to_owned(),
    ]
    .join("\n");
    let (code, objs) = jsonl(&["relative", "--jsonl"], &input);
    assert_eq!(code, 1);
    assert_eq!(objs.len(), 5);
    assert_eq!(
        keys(&objs[0]),
        set(&["base", "target", "ok", "relative", "input"])
    );
    assert_eq!(objs[0]["relative"], "../e");
    // "input" names the target as in every request (issue 17).
    assert_eq!(
        (&objs[3]["ok"], &objs[3]["relative"]),
        (&json!(true), &json!("x"))
    );
    for obj in [&objs[1], &objs[2], &objs[4]] {
        assert_eq!(
            keys(obj),
            set(&["base", "target", "ok", "error", "kind", "position", "input"]),
            "{obj:?}"
        );
        assert_eq!(obj["ok"], false);
    }
    assert!(objs[1]["error"]
        .as_str()
        .unwrap()
        .starts_with("invalid target uri: "));
    assert!(objs[2]["error"]
        .as_str()
        .unwrap()
        .starts_with("invalid base uri: "));
    assert_eq!(objs[3]["base"], "http://a/");
}

#[test]
fn validate_rfc3986_points_at_the_error() {
    let run = urlkit(&["validate", "--rfc3986", "http://h/ok", "urn:x"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));

    // Reports go to standard error, as everywhere (issue 17).
    let run = urlkit(&["validate", "--rfc3986", "http://h/ok", "http://h/a b"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert_eq!(
        run.stderr,
        "urlkit: invalid \"http://h/a b\": expected pchar at byte 10, found ' '\n  http://h/a b\n            ^\n"
    );

    let (code, objs) = jsonl(&["validate", "--rfc3986", "--jsonl"], "http://h/\n%g\n");
    assert_eq!(code, 1);
    assert_eq!(keys(&objs[0]), set(&["input", "ok"]));
    assert_eq!(objs[0]["ok"], true);
    assert_eq!(keys(&objs[1]), set(&FAILURE_KEYS));
    assert_eq!(
        (&objs[1]["position"], &objs[1]["expected"]),
        (&json!(1), &json!("HEXDIG"))
    );

    let (code, objs) = jsonl(&["validate", "--rfc3986", "--jsonl"], "a:b\n");
    assert_eq!((code, objs.len()), (0, 1));
}

#[test]
fn validate_whatwg_reports_validation_errors() {
    let run = urlkit(&["validate", "https://example.com/"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));
    // Parses, but with a validation error (a backslash).
    let run = urlkit(&["validate", "https:\\\\example.com/"], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("^\n"), "{}", run.stderr);
    let (code, objs) = jsonl(&["validate", "--jsonl"], "https://example.com/\nhttp://h/a b\n");
    assert_eq!(code, 1);
    assert_eq!(objs[0]["ok"], true);
    assert_eq!(objs[1]["position"], 10);
}

#[test]
fn usage_errors_exit_2() {
    // Without inputs, standard input is read (here empty): nothing to do.
    for args in [
        &["relative", "http://a/"][..],
        &["normalize"],
        &["validate", "--rfc3986"],
    ] {
        assert_eq!(urlkit(args, b"").code, 0, "{args:?}");
    }
    for args in [
        &["relative"][..],
        &["relative", "rel", "http://a/"],
        &["parse", "--rfc3986", "--base", "http://a/", "x"],
        &["parse", "--rfc3986", "--rfc1738", "x"],
    ] {
        assert_eq!(urlkit(args, b"").code, 2, "{args:?}");
    }
}

#[test]
fn conformance_resolution_examples_through_jsonl() {
    let Some(Value::Array(cases)) = common::conformance_json("rfc3986/resolve.json") else {
        return;
    };
    // The records are already `{"base","input",…}` lines; extra fields are ignored.
    let input: String = cases.iter().map(|c| c.to_string() + "\n").collect();
    let (code, objs) = jsonl(&["resolve", "--rfc3986", "--jsonl"], &input);
    assert_eq!(code, 0);
    assert_eq!(objs.len(), cases.len());
    for (obj, case) in objs.iter().zip(&cases) {
        assert_eq!((&obj["base"], &obj["input"]), (&case["base"], &case["input"]));
        assert_eq!(obj["href"], case["expected"], "{case}");
    }

    // `relative` inverts them: resolving its answer gives the normalized target back.
    let pairs: String = cases
        .iter()
        .map(|c| json!({"base": c["base"], "target": c["expected"]}).to_string() + "\n")
        .collect();
    let (code, rels) = jsonl(&["relative", "--jsonl"], &pairs);
    assert_eq!(code, 0);
    let back: String = rels
        .iter()
        .map(|r| json!({"base": r["base"], "input": r["relative"]}).to_string() + "\n")
        .collect();
    let (_, resolved) = jsonl(&["resolve", "--rfc3986", "--jsonl"], &back);
    let targets: Vec<&str> = cases.iter().map(|c| c["expected"].as_str().unwrap()).collect();
    let run = urlkit(&[&["normalize", "--rfc3986"][..], &targets].concat(), b"");
    let normalized: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(normalized.len(), cases.len());
    for ((obj, rel), want) in resolved.iter().zip(&rels).zip(normalized) {
        assert_eq!(obj["href"], want, "relative {rel:?}");
    }
}

#[test]
fn messy_dataset_is_answered_line_by_line() {
    let Some(data) = common::dataset("messy.txt") else {
        return;
    };
    for args in [
        &["parse", "--rfc3986", "--jsonl"][..],
        &["normalize", "--rfc3986", "--jsonl"],
        &["normalize", "--jsonl"],
        &["validate", "--rfc3986", "--jsonl"],
        &["validate", "--jsonl"],
    ] {
        let objs = common::answers_every_line(args, &data, "input");
        for obj in objs
            .iter()
            .filter(|o| o["ok"] == false && args.contains(&"--rfc3986"))
        {
            assert_eq!(keys(obj), set(&FAILURE_KEYS), "{obj:?}");
        }
    }
    // Pairs of messy lines as bases and references or targets.
    let text = String::from_utf8_lossy(&data);
    let lines: Vec<&str> = text.split('\n').take(2000).collect();
    let pairs: String = lines
        .iter()
        .zip(lines.iter().rev())
        .map(|(a, b)| json!({"base": a, "input": b, "target": b}).to_string() + "\n")
        .collect();
    common::answers_every_line(&["resolve", "--rfc3986", "--jsonl"], pairs.as_bytes(), "");
    common::answers_every_line(&["relative", "--jsonl"], pairs.as_bytes(), "");
}

#[test]
fn json_output_of_resolve_and_relative() {
    let run = urlkit(&["resolve", "--rfc3986", "--json", "http://a/b/c", "d", "%"], b"");
    assert_eq!(run.code, 1);
    let objs = objects(&run.stdout);
    assert_eq!(keys(&objs[0]), set(&["base", "input", "ok", "href"]));
    assert_eq!(objs[0]["href"], "http://a/b/d");
    assert_eq!(
        keys(&objs[1]),
        set(&["base", "input", "ok", "error", "kind", "position"])
    );

    let run = urlkit(&["relative", "--json", "http://a/b/c", "http://a/b/d"], b"");
    assert_eq!(run.code, 0);
    let objs = objects(&run.stdout);
    assert_eq!(
        keys(&objs[0]),
        set(&["base", "target", "ok", "relative", "input"])
    );
    assert_eq!(
        (&objs[0]["base"], &objs[0]["relative"]),
        (&json!("http://a/b/c"), &json!("d"))
    );
}
