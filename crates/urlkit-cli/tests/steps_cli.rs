//! `urlkit normalize --strip STEP[,STEP…] [--keep-query NAME[,GLOB…]] [--force-https]`: the
//! normalization steps of `urlkit::canon` on the command line.

mod common;

use common::{dataset, objects, urlkit};
use urlkit::canon::{Normalizer, Profile, Step};

fn lines(args: &[&str], stdin: &str) -> (i32, Vec<String>, String) {
    let run = urlkit(args, stdin.as_bytes());
    (
        run.code,
        run.stdout.lines().map(str::to_owned).collect(),
        run.stderr,
    )
}

#[test]
fn strip_applies_the_steps_in_the_table_order() {
    let (code, out, _) = lines(
        &[
            "normalize",
            "--strip",
            "trailing-slash,tracking",
            "--strip",
            "fragment, www",
            "https://www.example.com/a/?utm_source=x&id=7#top",
            "http://u:p@www.example.org//A//index.html?b=&a=1",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        [
            "https://example.com/a?id=7",
            "http://u:p@example.org//A//index.html?b=&a=1"
        ]
    );
    let (code, out, _) = lines(
        &[
            "normalize",
            "--strip",
            "userinfo,duplicate-slashes,index,trailing-slash,empty-query,sort-query",
            "--lowercase-path",
            "http://u:p@www.example.org//A//index.html?b=&a=1",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out, ["http://www.example.org/a?a=1"]);
}

#[test]
fn keep_query_and_the_scheme_flags() {
    let run = |args: &[&str]| lines(args, "").1;
    assert_eq!(
        run(&[
            "normalize",
            "--keep-query",
            "id,page*",
            "--keep-query",
            "q",
            "http://h/?id=1&x=2&page_size=3&q=4"
        ]),
        ["http://h/?id=1&page_size=3&q=4"]
    );
    assert_eq!(
        run(&["normalize", "--force-https", "http://h:443/a"]),
        ["https://h/a"]
    );
    assert_eq!(
        run(&["normalize", "--force-http", "https://h:80/a"]),
        ["http://h/a"]
    );
    assert_eq!(
        run(&["normalize", "--strip", "force-https", "http://h/a"]),
        ["https://h/a"]
    );
    // The JSON object is the one of every normalization.
    let out = urlkit(&["normalize", "--json", "--strip", "query", "http://h/?a"], b"");
    let objs = objects(&out.stdout);
    assert_eq!(objs[0]["normalized"], "http://h/");
    assert_eq!(objs[0]["ok"], true);
}

#[test]
fn steps_with_each_profile() {
    let run = |args: &[&str]| lines(args, "");
    let url = "http://www.example.com/a/?utm_source=x&b=2&a#f";
    let steps = ["--strip", "www,tracking,trailing-slash"];
    for (profile, want) in [
        ("whatwg", "http://example.com/a?b=2&a#f"),
        ("crawler", "http://example.com/a?a=&b=2"),
        ("surt", "com,example)/a?a&b=2"),
    ] {
        let (code, out, err) = run(&["normalize", "--profile", profile, steps[0], steps[1], url]);
        assert_eq!(
            (code, out.as_slice()),
            (0, [want.to_owned()].as_slice()),
            "{profile}: {err}"
        );
    }
    for args in [
        &["normalize", "--profile", "safe-browsing", "--strip", "www", url][..],
        &["normalize", "--profile", "rfc3986", "--force-https", url],
        &["normalize", "--rfc3986", "--keep-query", "a", url],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert!(
            err.contains("takes no normalization steps (they apply with whatwg, surt or crawler)"),
            "{err}"
        );
    }
}

#[test]
fn an_unknown_step_is_a_usage_error_listing_the_names() {
    let (code, out, err) = lines(&["normalize", "--strip", "www,wat", "http://h/"], "");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("unknown normalization step 'wat' (expected "),
        "{err}"
    );
    for step in Step::ALL {
        assert!(err.contains(step.name()), "{err} lacks {step}");
    }
    let (code, _, err) = lines(&["normalize", "--force-https", "--force-http", "http://h/"], "");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn help_lists_every_step() {
    let run = urlkit(&["normalize", "--help"], b"");
    assert_eq!(run.code, 0);
    for step in Step::ALL {
        assert!(run.stdout.contains(step.name()), "--help lacks {step}");
    }
    for flag in [
        "--strip <STEP[,STEP…]>",
        "--keep-query <NAME[,GLOB…]>",
        "--force-https",
        "--force-http",
        "--lowercase-path",
    ] {
        assert!(run.stdout.contains(flag), "--help lacks {flag}");
    }
}

/// The steps come after the edits: `--set` first, then `--strip`; `--sort-query` is the
/// `sort-query` step.
#[test]
fn steps_after_edits() {
    let (code, out, _) = lines(
        &[
            "normalize",
            "--set",
            "search=utm_source=1&b=2",
            "--strip",
            "tracking",
            "--sort-query",
            "http://h/?a=1",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out, ["http://h/?b=2"]);
    let edit = lines(&["normalize", "--sort-query", "http://h/?b=2&&a=1&"], "").1;
    let step = lines(&["normalize", "--strip", "sort-query", "http://h/?b=2&&a=1&"], "").1;
    assert_eq!(edit, ["http://h/?a=1&b=2"]);
    assert_eq!(edit, step);
}

/// Over a dataset, one line per input and the library's answer on each.
#[test]
fn every_line_answered_as_the_library_does() {
    let Some(data) = dataset("realworld.txt") else {
        return;
    };
    let text = String::from_utf8_lossy(&data);
    let inputs: Vec<&str> = text.lines().take(5000).collect();
    let stdin = inputs.join("\n") + "\n";
    let strip = "www,fragment,tracking,trailing-slash,sort-query";
    let run = urlkit(&["normalize", "--strip", strip, "--jsonl"], stdin.as_bytes());
    let objs = objects(&run.stdout);
    assert_eq!(objs.len(), inputs.len());
    let n = Normalizer::new(Profile::Whatwg).steps([strip]).unwrap();
    for (obj, input) in objs.iter().zip(&inputs) {
        let want = n.normalize(input.trim_end_matches('\r'));
        match want {
            Ok(url) => assert_eq!(obj["normalized"], url, "{input}"),
            Err(_) => assert_eq!(obj["ok"], false, "{input}"),
        }
    }
}
