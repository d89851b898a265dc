//! Every line of the datasets (`realworld.txt`, `synthetic.txt`, `messy.txt`) goes through
//! the parser without panicking, and every success is idempotent: parsing its href gives an
//! equal `Url` with identical components.

mod common;

use urlkit::Url;

/// The components compared between a URL and the re-parse of its href.
fn components(u: &Url) -> [String; 12] {
    [
        u.href().to_owned(),
        u.protocol().to_owned(),
        u.username().to_owned(),
        u.password().to_owned(),
        u.host_port().to_owned(),
        u.hostname().to_owned(),
        u.port_str().to_owned(),
        u.pathname().to_owned(),
        format!("{:?}", u.query()),
        format!("{:?}", u.fragment()),
        format!("{:?}", u.host()),
        u.has_opaque_path().to_string(),
    ]
}

/// Parses every record; returns (successes, failures) and panics on a non-idempotent one.
fn run(name: &str, records: impl Iterator<Item = (String, Option<String>)>) -> (usize, usize) {
    let (mut ok, mut failed) = (0, 0);
    let mut bad = Vec::new();
    for (input, base) in records {
        let base = base.and_then(|b| Url::parse(&b).ok());
        let Ok(url) = Url::parse_with_base(&input, base.as_ref()) else {
            failed += 1;
            continue;
        };
        ok += 1;
        assert_eq!(url.check_invariants(), Ok(()), "{input:?}");
        match Url::parse(url.href()) {
            Ok(again) if again == url && components(&again) == components(&url) => {}
            Ok(again) => bad.push(format!("{input:?}: {url:?} re-parses as {again:?}")),
            Err(e) => bad.push(format!("{input:?}: href {:?} fails to re-parse: {e}", url.href())),
        }
    }
    println!("{name}: {ok} parsed, {failed} failed to parse, {} not idempotent", bad.len());
    assert!(bad.is_empty(), "{name}: {} not idempotent:\n{}", bad.len(), bad[..bad.len().min(20)].join("\n"));
    (ok, failed)
}

#[test]
fn realworld() {
    if let Some(lines) = common::dataset_lines("realworld.txt") {
        let (ok, _) = run("realworld", lines.into_iter().map(|l| (l, None)));
        assert!(ok > 0);
    }
}

#[test]
fn synthetic() {
    if let Some(lines) = common::dataset_lines("synthetic.txt") {
        let (ok, _) = run("synthetic", lines.into_iter().map(|l| (l, None)));
        assert!(ok > 0);
    }
}

#[test]
fn messy() {
    if let Some(lines) = common::dataset_lines("messy.txt") {
        let (ok, failed) = run("messy", lines.iter().map(|l| common::messy_record(l)));
        assert!(ok > 0 && failed > 0);
    }
}
