//! `urlkit extract`: the JSON contract, `--plain`, `--unique`, `--scheme`, files and standard
//! input, and offsets that stay exact over an input far larger than the read buffers.

mod common;

use common::{keys, objects, set, urlkit};
use serde_json::Value;

const KEYS: [&str; 12] = [
    "url",
    "text",
    "start",
    "end",
    "line",
    "column",
    "kind",
    "wrapped",
    "ambiguous",
    "alternatives",
    "valid",
    "file",
];

const TEXT: &str = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
but you can probably pick it up from <ftp://foo.example.\n\
com/rfc/>.  Note the warning in <URL:http://e.example/long-\n name>, www.x.example and me@y.example.\n\
Again: www.x.example. Note: 10:30.\n";

#[test]
fn one_object_per_url_in_order() {
    let run = urlkit(&["extract"], TEXT.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objs = objects(&run.stdout);
    let urls: Vec<_> = objs.iter().map(|o| o["url"].as_str().unwrap()).collect();
    assert_eq!(
        urls,
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://e.example/long-name",
            "http://www.x.example",
            "mailto:me@y.example",
            "http://www.x.example",
        ]
    );
    for o in &objs {
        assert_eq!(keys(o), set(&KEYS), "{o:?}");
        let (start, end) = (
            o["start"].as_u64().unwrap() as usize,
            o["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(&TEXT[start..end], o["text"].as_str().unwrap());
        assert_eq!(o["valid"], Value::Bool(true));
        assert_eq!(o["file"], Value::Null);
    }
    let wrapped = &objs[2];
    assert_eq!(wrapped["kind"], "url-wrapper");
    assert_eq!(
        (wrapped["line"].as_u64(), wrapped["column"].as_u64()),
        (Some(3), Some(33))
    );
    assert_eq!(
        (&wrapped["wrapped"], &wrapped["ambiguous"]),
        (&Value::Bool(true), &Value::Bool(true))
    );
    assert_eq!(
        wrapped["alternatives"],
        serde_json::json!(["http://e.example/longname"])
    );
    assert_eq!(objs[0]["kind"], "quoted");
    assert_eq!(objs[4]["kind"], "email");
}

#[test]
fn plain_unique_and_scheme() {
    let run = urlkit(&["extract", "--plain"], TEXT.as_bytes());
    assert_eq!(run.stdout.lines().count(), 6);
    let run = urlkit(&["extract", "--plain", "--unique"], TEXT.as_bytes());
    assert_eq!(run.stdout.lines().count(), 5);
    let run = urlkit(
        &["extract", "--plain", "--scheme", "ftp", "--scheme", "MAILTO"],
        TEXT.as_bytes(),
    );
    assert_eq!(run.stdout, "ftp://foo.example.com/rfc/\nmailto:me@y.example\n");
}

#[test]
fn files_and_errors() {
    let dir = std::env::temp_dir().join(format!("urlkit-extract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.txt");
    std::fs::write(&file, "see https://a.example/x.\n").unwrap();
    let path = file.to_str().unwrap();
    let run = urlkit(&["extract", path, "-"], b"and www.b.example\n");
    assert_eq!(run.code, 0);
    let objs = objects(&run.stdout);
    assert_eq!(objs.len(), 2);
    assert_eq!(objs[0]["file"], path);
    assert_eq!(objs[0]["url"], "https://a.example/x");
    assert_eq!(objs[1]["file"], Value::Null);
    let run = urlkit(&["extract", "/nonexistent/urlkit-extract", path], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("/nonexistent/urlkit-extract"),
        "{}",
        run.stderr
    );
    assert_eq!(objects(&run.stdout).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn offsets_exact_over_a_large_stream() {
    let filler = "word ".repeat(40_000);
    let mut text = String::new();
    let mut starts = Vec::new();
    for i in 0..20 {
        text.push_str(&filler[..filler.len() - i * 7]);
        text.push('\n');
        starts.push(text.len());
        text.push_str(&format!("http://h{i}.example/p\n"));
    }
    let run = urlkit(&["extract"], text.as_bytes());
    let objs = objects(&run.stdout);
    assert_eq!(objs.len(), 20);
    for (o, start) in objs.iter().zip(&starts) {
        assert_eq!(o["start"].as_u64(), Some(*start as u64));
        assert_eq!(
            o["line"].as_u64(),
            Some(text[..*start].matches('\n').count() as u64 + 1)
        );
    }
}

/// `--bare-domains`: scheme-less links whose last label is a public suffix (and IPv4 with a
/// port or a path), kind "domain", read as http; off by default; a word whose last label is
/// no suffix (`file.notasuffix`, `e.g`) is no link.
#[test]
fn bare_domains_on_request() {
    let text =
        "See docs.rs and example.com/path, or 192.0.2.1:8080/x; not e.g or file.notasuffix or 10.0.0.1.\n";
    let run = urlkit(&["extract", "--plain"], text.as_bytes());
    assert_eq!(run.stdout, "");
    let run = urlkit(&["extract", "--plain", "--bare-domains"], text.as_bytes());
    assert_eq!(
        run.stdout,
        "http://docs.rs\nhttp://example.com/path\nhttp://192.0.2.1:8080/x\n"
    );
    let run = urlkit(&["extract", "--bare-domains"], text.as_bytes());
    let found = objects(&run.stdout);
    assert!(found.iter().all(|o| o["kind"] == "domain"), "{}", run.stdout);
    assert_eq!(found[0]["text"], "docs.rs");
}
