//! Integration tests of `urlkit set` (the URL API setters, one URL or `--jsonl`) and
//! `urlkit query` (search parameters).

mod common;

use common::{jsonl, keys, objects, set, urlkit};
use serde_json::{json, Value};

const SUCCESS_KEYS: [&str; 14] = [
    "input", "base", "ok", "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
    "pathname", "search", "hash",
];
const FAILURE_KEYS: [&str; 6] = ["input", "base", "ok", "error", "kind", "position"];

/// One `--jsonl` request line.
fn request(href: &str, setter: &str, value: &str) -> String {
    json!({"href": href, "setter": setter, "value": value}).to_string()
}

#[test]
fn every_setter_in_jsonl_gives_the_parse_success_shape() {
    let cases = [
        ("http://a/b", "href", "https://c/d?e#f", "https://c/d?e#f"),
        ("http://a/b", "protocol", "https", "https://a/b"),
        ("http://a/b", "username", "us er", "http://us%20er@a/b"),
        ("http://a/b", "password", "pw", "http://:pw@a/b"),
        ("http://a/b", "host", "example.com:81", "http://example.com:81/b"),
        (
            "http://a:81/b",
            "hostname",
            "EXAMPLE.com",
            "http://example.com:81/b",
        ),
        ("http://a/b", "port", "8080", "http://a:8080/b"),
        ("http://a:8080/b", "port", "80", "http://a/b"),
        ("http://a/b", "pathname", "x y/../z", "http://a/z"),
        ("http://a/b", "search", "q=1 2", "http://a/b?q=1%202"),
        ("http://a/b?q", "search", "", "http://a/b"),
        ("http://a/b", "hash", "#frag", "http://a/b#frag"),
    ];
    let input: String = cases.iter().map(|(h, s, v, _)| request(h, s, v) + "\n").collect();
    let (code, objs) = jsonl(&["set", "--jsonl"], &input);
    assert_eq!(code, 0);
    assert_eq!(objs.len(), cases.len());
    for (obj, (href, setter, _, expected)) in objs.iter().zip(cases) {
        assert_eq!(keys(obj), set(&SUCCESS_KEYS), "{setter}: {obj:?}");
        assert_eq!(obj["ok"], true, "{obj:?}");
        assert_eq!(obj["input"], href, "the input is the href given");
        assert_eq!(obj["base"], Value::Null);
        assert_eq!(obj["href"], expected, "{setter}");
    }
    assert_eq!(objs[4]["host"], "example.com:81");
    assert_eq!(objs[4]["port"], "81");
    assert_eq!(objs[9]["search"], "?q=1%202");
}

#[test]
fn setters_that_do_not_apply_leave_the_url_unchanged() {
    let cases = [
        ("file:///x", "port", "80"),
        ("file:///x", "username", "u"),
        ("mailto:x@example.com", "host", "example.org"),
        ("mailto:x@example.com", "pathname", "y"),
        ("http://a:81/b", "protocol", "file"),
        ("http://a/b", "protocol", "foo"),
        ("http://a/b", "protocol", "not a scheme"),
        ("http://a/b", "port", "x1"),
        ("http://a/b", "host", ""),
    ];
    let input: String = cases.iter().map(|(h, s, v)| request(h, s, v) + "\n").collect();
    let (code, objs) = jsonl(&["set", "--jsonl"], &input);
    assert_eq!(code, 0, "a setter that changes nothing is not an error");
    for (obj, (href, setter, _)) in objs.iter().zip(cases) {
        assert_eq!(keys(obj), set(&SUCCESS_KEYS), "{setter}: {obj:?}");
        assert_eq!(obj["href"], href, "{setter} on {href}");
    }
}

#[test]
fn jsonl_failures_use_the_parse_failure_shape() {
    let input = [
        request("not a url", "hash", "x"),
        request("http://a/", "origin", "x"),
        request("http://a/", "href", "relative"),
        r#"{"href": "http://a/", "setter": "hash"}"#.to_owned(),
        r#"{"href": 1, "setter": "hash", "value": "x"}"#.to_owned(),
        "{oops".to_owned(),
        "http://a/".to_owned(),
        String::new(),
    ]
    .join("\n")
        + "\n";
    let (code, objs) = jsonl(&["set", "--jsonl"], &input);
    assert_eq!(code, 1);
    assert_eq!(objs.len(), 8, "one object per line");
    for obj in &objs {
        assert_eq!(keys(obj), set(&FAILURE_KEYS), "{obj:?}");
        assert_eq!(obj["ok"], false);
        assert_eq!(obj["base"], Value::Null);
        let error = obj["error"].as_str().unwrap();
        assert!(!error.is_empty() && !error.ends_with('.'), "{error:?}");
        assert!(!error.starts_with(char::is_uppercase), "{error:?}");
    }
    assert_eq!(objs[0]["input"], "not a url");
    assert_eq!(objs[1]["input"], "http://a/");
    assert!(objs[1]["error"].as_str().unwrap().contains("unknown setter"));
    assert_eq!(objs[2]["input"], "http://a/");
    assert!(objs[3]["error"].as_str().unwrap().contains("value"));
    assert_eq!(objs[5]["input"], "{oops");
    assert_eq!(objs[6]["input"], "http://a/");
    assert_eq!(objs[7]["input"], "");
}

#[test]
fn jsonl_keeps_going_and_mixes_successes_and_failures() {
    let input = format!(
        "{}\n{}\n{}\n",
        request("http://a/", "hash", "x"),
        request("bad", "hash", "x"),
        request("http://b/", "search", "y")
    );
    let (code, objs) = jsonl(&["set", "--jsonl"], &input);
    assert_eq!(code, 1);
    let oks: Vec<bool> = objs.iter().map(|o| o["ok"].as_bool().unwrap()).collect();
    assert_eq!(oks, [true, false, true]);
    assert_eq!(objs[2]["href"], "http://b/?y");
}

#[test]
fn set_prints_a_table_or_json() {
    let run = urlkit(&["set", "http://a/b", "port", "8080"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("href      http://a:8080/b\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("port      8080\n"), "{}", run.stdout);
    assert!(run.stdout.contains("└─ port"), "diagram: {}", run.stdout);

    let run = urlkit(&["set", "--json", "http://a/b", "hash", "-x"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objs = objects(&run.stdout);
    assert_eq!(objs.len(), 1);
    assert_eq!(keys(&objs[0]), set(&SUCCESS_KEYS));
    assert_eq!(objs[0]["input"], "http://a/b");
    assert_eq!(objs[0]["href"], "http://a/b#-x");

    let run = urlkit(&["set", "--json", "file:///x", "port", "1"], b"");
    assert_eq!(run.code, 0);
    assert_eq!(objects(&run.stdout)[0]["href"], "file:///x");
}

#[test]
fn set_failures_and_usage() {
    let run = urlkit(&["set", "nope", "hash", "x"], b"");
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("cannot parse \"nope\""), "{}", run.stderr);

    // An unknown setter is a usage error (issue 17); on a request line it fails the line.
    let run = urlkit(&["set", "--json", "http://a/", "bogus", "x"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.contains("unknown setter \"bogus\""), "{}", run.stderr);
    let run = urlkit(
        &["set", "--jsonl"],
        b"{\"href\":\"http://a/\",\"setter\":\"bogus\",\"value\":\"x\"}\n",
    );
    assert_eq!(run.code, 1);
    let objs = objects(&run.stdout);
    assert_eq!(keys(&objs[0]), set(&FAILURE_KEYS));
    assert_eq!(objs[0]["kind"], "unknown-component");
    assert!(objs[0]["error"]
        .as_str()
        .unwrap()
        .starts_with("unknown setter \"bogus\""));

    let run = urlkit(&["set", "http://a/", "href", "relative"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert!(
        run.stderr
            .starts_with("urlkit: cannot set href of \"http://a/\": invalid href value: "),
        "{}",
        run.stderr
    );

    assert_eq!(urlkit(&["set", "http://a/", "hash"], b"").code, 2);
    assert_eq!(urlkit(&["set", "--jsonl", "http://a/"], b"").code, 2);
}

#[test]
fn query_lists_parameters() {
    let run = urlkit(&["query", "http://x/?a=1&b=%20x+y&a&=z&c=%E2%82%AC#f"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "a = 1\nb =  x y\na = \n = z\nc = €\n");

    let run = urlkit(&["query", "--json", "http://x/?a=1&a=2&b", "http://y/"], b"");
    assert_eq!(run.code, 0);
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines, [json!([["a", "1"], ["a", "2"], ["b", ""]]), json!([])]);
}

#[test]
fn query_shows_control_characters_and_reports_failures() {
    let run = urlkit(&["query", "http://x/?a=%0A", "nope", "http://y/?b=2"], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "a = \u{240a}\n\nb = 2\n");
    assert!(run.stderr.contains("cannot parse \"nope\""), "{}", run.stderr);
    // Without URLs, standard input is read (here empty).
    assert_eq!(urlkit(&["query"], b"").code, 0);
}

#[test]
fn wpt_setter_tests_through_jsonl() {
    let Some(Value::Object(data)) = common::conformance_json("wpt/setters_tests.json") else {
        return;
    };
    let mut cases = Vec::new();
    for (setter, list) in &data {
        let Value::Array(list) = list else { continue };
        if setter == "comment" {
            continue;
        }
        for case in list {
            cases.push((setter.as_str(), case));
        }
    }
    let input: String = cases
        .iter()
        .map(|(setter, case)| {
            json!({"href": case["href"], "setter": setter, "value": case["new_value"]}).to_string() + "\n"
        })
        .collect();
    let (code, objs) = jsonl(&["set", "--jsonl"], &input);
    assert_eq!(objs.len(), cases.len());
    let mut wrong = Vec::new();
    for (obj, (setter, case)) in objs.iter().zip(&cases) {
        if obj["ok"] != true {
            wrong.push(format!("{setter} {case}: {obj:?}"));
        }
        let Value::Object(expected) = &case["expected"] else {
            continue;
        };
        for (component, value) in expected {
            if &obj[component.as_str()] != value {
                wrong.push(format!(
                    "{setter} {case}: {component} = {}",
                    obj[component.as_str()]
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} cases differ:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
    assert_eq!(code, 0, "every WPT setter case is a success");
}

#[test]
fn messy_dataset_through_every_setter() {
    let Some(data) = common::dataset("messy.txt") else {
        return;
    };
    let text = String::from_utf8_lossy(&data);
    let lines: Vec<&str> = text.split('\n').take(2000).collect();
    let setters = [
        "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash",
    ];
    let input: String = lines
        .iter()
        .zip(lines.iter().rev())
        .enumerate()
        .map(|(i, (href, value))| request(href, setters[i % setters.len()], value) + "\n")
        .collect();
    let objs = common::answers_every_line(&["set", "--jsonl"], input.as_bytes(), "");
    for (obj, href) in objs.iter().zip(&lines) {
        assert_eq!(obj["input"], *href);
        let mut expected = if obj["ok"] == true {
            set(&SUCCESS_KEYS)
        } else {
            set(&FAILURE_KEYS)
        };
        // A scheme-less href's failure adds its hint (`did you mean http://…?`).
        if obj.contains_key("hint") {
            assert_eq!(obj["kind"], "missing-scheme-non-relative-URL", "{obj:?}");
            expected.insert("hint");
        }
        assert_eq!(keys(obj), expected, "{obj:?}");
    }
}
