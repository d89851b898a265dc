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
        "known_suffix",
        "from_opaque_host",
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

/// The answers of `urlkit domain --jsonl` (plus `args`) for each line of `input`, as
/// `[registrable_domain, public_suffix, icann, known_suffix, from_opaque_host]`.
fn answers(args: &[&str], input: &str) -> Vec<serde_json::Value> {
    let mut all = vec!["domain", "--jsonl"];
    all.extend_from_slice(args);
    let (code, objects) = jsonl(&all, input);
    assert_eq!(code, 0, "{args:?}");
    objects
        .iter()
        .map(|o| {
            json!([
                o["registrable_domain"],
                o["public_suffix"],
                o["icann"],
                o["known_suffix"],
                o["from_opaque_host"]
            ])
        })
        .collect()
}

#[test]
fn domain_no_private_leaves_out_the_private_section() {
    let input = "https://foo.github.io/\nhttps://a.b.s3.amazonaws.com/\nhttps://www.example.co.uk/\nhttps://x.blogspot.com/\n";
    assert_eq!(
        answers(&["--no-private"], input),
        vec![
            json!(["github.io", "io", true, true, false]),
            json!(["amazonaws.com", "com", true, true, false]),
            json!(["example.co.uk", "co.uk", true, true, false]),
            json!(["blogspot.com", "com", true, true, false]),
        ]
    );
    assert_eq!(
        answers(&[], input)[0],
        json!(["foo.github.io", "github.io", false, true, false])
    );
    let run = urlkit(&["domain", "--no-private", "https://foo.github.io/"], b"");
    assert_eq!(run.stdout, "foo.github.io\tio\tgithub.io\tfoo\ticann\n");
}

#[test]
fn domain_tells_the_default_rule_from_a_listed_suffix() {
    let input = "foo.partitionresult\nhttps://xn--j28h.xn--938h/\nhttp://printer.corp/\nlocalhost\nhttps://a.example.com/\nhttp://10.0.0.1/\n";
    assert_eq!(
        answers(&[], input),
        vec![
            json!(["foo.partitionresult", "partitionresult", false, false, false]),
            json!(["xn--j28h.xn--938h", "xn--938h", false, false, false]),
            json!(["printer.corp", "corp", false, false, false]),
            json!([null, "localhost", false, false, false]),
            json!(["example.com", "com", true, true, false]),
            // Not split at all: no answer to qualify.
            json!([null, null, false, null, false]),
        ]
    );
}

#[test]
fn domain_splits_an_opaque_host_that_is_a_valid_domain() {
    let input = "git://git.kernel.org/pub/scm\nssh://git@GitHub.com/rust-lang/rust\ns3://foo.com/\nregistry+https://github.com/rust-lang/crates.io-index\nfoo://a_b.example.com/\nfoo://a%2Eb.com/\n";
    assert_eq!(
        answers(&[], input),
        vec![
            json!(["kernel.org", "org", true, true, true]),
            json!(["github.com", "com", true, true, true]),
            json!(["foo.com", "com", true, true, true]),
            json!(["github.com", "com", true, true, true]),
            json!([null, null, false, null, false]),
            json!([null, null, false, null, false]),
        ]
    );
    // The host field stays the URL's host as written.
    let (_, objects) = jsonl(&["domain", "--jsonl"], "ssh://git@GitHub.com/x\n");
    assert_eq!(objects[0]["host"], json!("GitHub.com"));
    assert_eq!(objects[0]["subdomain"], json!(null));
}

#[test]
fn domain_list_reads_another_list_file() {
    let dir = std::env::temp_dir().join(format!("urlkit-domain-list-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("list.dat");
    std::fs::write(
        &list,
        "// ===BEGIN ICANN DOMAINS===\ncom\nexample\n// ===BEGIN PRIVATE DOMAINS===\nhost.com\n",
    )
    .unwrap();
    let file = list.to_str().unwrap();
    let input = "https://a.b.example/\nhttps://x.host.com/\nhttps://x.co.uk/\n";
    assert_eq!(
        answers(&["--list", file], input),
        vec![
            json!(["b.example", "example", true, true, false]),
            json!(["x.host.com", "host.com", false, true, false]),
            // `uk` is not in this list: the default rule answers.
            json!(["co.uk", "uk", false, false, false]),
        ]
    );
    assert_eq!(
        answers(&["--list", file, "--no-private"], "https://x.host.com/\n"),
        vec![json!(["host.com", "com", true, true, false])]
    );
    // A list that does not parse, or no file: a usage error naming it, no output.
    let bad = dir.join("bad.dat");
    std::fs::write(&bad, "com\na.*.b\n").unwrap();
    let run = urlkit(
        &["domain", "--list", bad.to_str().unwrap(), "https://a.com/"],
        b"",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .contains("line 2: a wildcard only as the leftmost label: a.*.b"),
        "{}",
        run.stderr
    );
    let missing = dir.join("missing.dat");
    let run = urlkit(
        &["domain", "--list", missing.to_str().unwrap(), "https://a.com/"],
        b"",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("missing.dat"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn domain_help_says_what_the_options_do() {
    let run = urlkit(&["domain", "--help"], b"");
    for needle in [
        "--no-private",
        "--list <FILE>",
        "known_suffix",
        "from_opaque_host",
    ] {
        assert!(run.stdout.contains(needle), "{needle}: {}", run.stdout);
    }
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
