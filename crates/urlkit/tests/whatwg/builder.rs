//! `Url::builder`: building from the components of a parsed URL gives the same URL, over
//! every dataset line that parses (the acceptance property of issue 28 item 2).

use crate::common;

use urlkit::Url;

/// Builds `url` again from its components.
fn rebuild(url: &Url) -> Result<Url, urlkit::BuildError> {
    let mut b = Url::builder()
        .scheme(url.scheme())
        .username(url.username())
        .password(url.password_str())
        .path(url.path());
    // `host()` keeps the empty host (`sc:///p`) apart from none (`sc:/p`).
    if url.host().is_some() {
        b = b.host(url.hostname());
    }
    if let Some(port) = url.port() {
        b = b.port(port);
    }
    if let Some(query) = url.query() {
        b = b.query(query);
    }
    if let Some(fragment) = url.fragment() {
        b = b.fragment(fragment);
    }
    b.build()
}

/// Rebuilds every URL of `records` that parses; returns how many, and panics listing those
/// that differ.
fn run(name: &str, records: impl Iterator<Item = (String, Option<String>)>) -> usize {
    let (mut ok, mut bad) = (0, Vec::new());
    for (input, base) in records {
        let base = base.and_then(|b| Url::parse(&b).ok());
        let Ok(url) = Url::parse_with_base(&input, base.as_ref()) else {
            continue;
        };
        ok += 1;
        match rebuild(&url) {
            Ok(again) if again.as_str() == url.as_str() => {}
            Ok(again) => bad.push(format!("{:?} rebuilds as {:?}", url.as_str(), again.as_str())),
            Err(e) => bad.push(format!("{:?} does not rebuild: {e}", url.as_str())),
        }
    }
    println!(
        "{name}: {ok} URLs rebuilt from their components, {} differ",
        bad.len()
    );
    assert!(
        bad.is_empty(),
        "{name}: {} differ:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
    ok
}

#[test]
fn realworld() {
    if let Some(lines) = common::dataset_lines("realworld.txt") {
        assert!(run("realworld", lines.into_iter().map(|l| (l, None))) > 0);
    }
}

#[test]
fn synthetic() {
    if let Some(lines) = common::dataset_lines("synthetic.txt") {
        assert!(run("synthetic", lines.into_iter().map(|l| (l, None))) > 0);
    }
}

#[test]
fn messy() {
    if let Some(lines) = common::dataset_lines("messy.txt") {
        assert!(run("messy", lines.iter().map(|l| common::messy_record(l))) > 0);
    }
}

#[test]
fn cli_contract_example() {
    let url = Url::builder()
        .scheme("https")
        .host("example.com")
        .path("/a b")
        .query_pair("q", "1")
        .build()
        .unwrap();
    assert_eq!(url.as_str(), "https://example.com/a%20b?q=1");
}
