//! Integration tests of `urlkit domain` and `urlkit normalize --profile`.

mod common;

use common::{jsonl, urlkit};
use serde_json::json;

#[test]
fn domain_jsonl_has_the_contract_fields() {
    let input = "https://www.example.co.uk/a\nhttp://x.github.io\nhttp://10.0.0.1/\nhttps://食狮.公司.cn/\nhttp://a b\nexample.com\n";
    let (code, objects) = jsonl(&["domain", "--jsonl"], input);
    assert_eq!(code, 1, "one input fails");
    assert_eq!(objects.len(), 6, "one answer per line");
    let keys = [
        "input",
        "ok",
        "host",
        "public_suffix",
        "registrable_domain",
        "subdomain",
        "icann",
    ];
    let mut names: Vec<&str> = objects[0].keys().map(String::as_str).collect();
    names.sort_unstable();
    let mut want = keys.to_vec();
    want.sort_unstable();
    assert_eq!(names, want);
    // In the contract's order on the wire.
    let raw = urlkit(&["domain", "--jsonl"], b"http://a.com/\n").stdout;
    let at: Vec<usize> = keys
        .iter()
        .map(|k| raw.find(&format!("\"{k}\":")).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{raw}");
    let pick = |i: usize| {
        let o = &objects[i];
        json!([
            o["host"],
            o["public_suffix"],
            o["registrable_domain"],
            o["subdomain"],
            o["icann"]
        ])
    };
    assert_eq!(
        pick(0),
        json!(["www.example.co.uk", "co.uk", "example.co.uk", "www", true])
    );
    assert_eq!(
        pick(1),
        json!(["x.github.io", "github.io", "x.github.io", null, false])
    );
    assert_eq!(pick(2), json!(["10.0.0.1", null, null, null, false]));
    assert_eq!(
        pick(3),
        json!([
            "xn--85x722f.xn--55qx5d.cn",
            "xn--55qx5d.cn",
            "xn--85x722f.xn--55qx5d.cn",
            null,
            true
        ])
    );
    assert_eq!(objects[4]["ok"], json!(false));
    assert_eq!(pick(5), json!(["example.com", "com", "example.com", null, true]));
}

#[test]
fn domain_text_is_one_tab_separated_line_per_input() {
    let run = urlkit(&["domain", "https://a.b.example.com/", "localhost"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "a.b.example.com\tcom\texample.com\ta.b\ticann\nlocalhost\tlocalhost\t-\t-\tunlisted\n"
    );
}

#[test]
fn normalize_profiles_write_one_line_per_line() {
    let input = "HTTP://www.Example.com:80/a/./b/?utm_source=x&b=2&a=1#top\nhttp://3279880203/blah\n";
    let cases = [
        (
            "whatwg",
            "http://www.example.com/a/b/?utm_source=x&b=2&a=1#top\nhttp://195.127.0.11/blah\n",
        ),
        (
            "rfc3986",
            "http://www.example.com/a/b/?utm_source=x&b=2&a=1#top\nhttp://3279880203/blah\n",
        ),
        (
            "safe-browsing",
            "http://www.example.com/a/b/?utm_source=x&b=2&a=1\nhttp://195.127.0.11/blah\n",
        ),
        (
            "surt",
            "com,example)/a/b?a=1&b=2&utm_source=x\n11,0,127,195)/blah\n",
        ),
        (
            "crawler",
            "http://www.example.com/a/b/?a=1&b=2&utm_source=x\nhttp://195.127.0.11/blah\n",
        ),
    ];
    for (profile, want) in cases {
        let run = urlkit(&["normalize", "--profile", profile], input.as_bytes());
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (0, want),
            "{profile}: {}",
            run.stderr
        );
    }
    let (code, objects) = jsonl(
        &["normalize", "--profile", "surt", "--jsonl"],
        "http://a:x/\nhttp://b/\n",
    );
    assert_eq!(code, 1);
    assert_eq!(objects[0]["ok"], json!(false));
    assert_eq!(objects[0]["kind"], json!("surt"));
    assert_eq!(objects[1]["normalized"], json!("b)/"));
    let bad = urlkit(&["normalize", "--profile", "nope", "x"], b"");
    assert_eq!(bad.code, 2);
}

#[test]
fn normalize_an_unknown_profile_is_a_usage_error_listing_the_valid_names() {
    let bad = urlkit(&["normalize", "--profile", "nope", "http://h/"], b"");
    assert_eq!((bad.code, bad.stdout.as_str()), (2, ""));
    assert!(
        bad.stderr.contains("unknown normalization profile 'nope'"),
        "{}",
        bad.stderr
    );
    let names: Vec<&str> = urlkit::canon::Profile::ALL.iter().map(|p| p.name()).collect();
    let listed = format!(
        "(expected {} or {})",
        names[..names.len() - 1].join(", "),
        names[names.len() - 1]
    );
    assert!(bad.stderr.contains(&listed), "{}", bad.stderr);
}
