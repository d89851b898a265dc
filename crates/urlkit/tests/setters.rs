//! The web-platform-tests setter suite (`wpt/setters_tests.json`): each record parses
//! `href`, runs one setter with `new_value` and compares the listed components. Known
//! failures go in `tests/setters-expected-failures.txt`: an unlisted failure fails the test,
//! and so does a listed record that now passes.

mod common;

use std::collections::BTreeSet;
use urlkit::Url;

/// Reads one component as the URL API shows it.
type Getter = fn(&Url) -> String;

const COMPONENTS: &[(&str, Getter)] = &[
    ("href", |u| u.href().to_owned()),
    ("protocol", |u| u.protocol().to_owned()),
    ("username", |u| u.username().to_owned()),
    ("password", |u| u.password().to_owned()),
    ("host", |u| u.host_port().to_owned()),
    ("hostname", |u| u.hostname().to_owned()),
    ("port", |u| u.port_str().to_owned()),
    ("pathname", |u| u.pathname().to_owned()),
    ("search", |u| u.search().to_owned()),
    ("hash", |u| u.hash().to_owned()),
    ("origin", |u| u.origin().ascii_serialization()),
];

/// Runs the setter named `name`; the URL API ignores what a setter returns.
fn set(url: &mut Url, name: &str, value: &str) -> Result<(), String> {
    let result = match name {
        "href" => url.set_href(value),
        "protocol" => url.set_protocol(value),
        "username" => url.set_username(value),
        "password" => url.set_password(value),
        "host" => url.set_host(value),
        "hostname" => url.set_hostname(value),
        "port" => url.set_port(value),
        "pathname" => url.set_pathname(value),
        "search" => url.set_search(value),
        "hash" => url.set_hash(value),
        other => return Err(format!("unknown setter {other}")),
    };
    let _ = result;
    Ok(())
}

/// Why `record` fails, or `None` when it passes.
fn check(name: &str, record: &serde_json::Value) -> Option<String> {
    let href = record["href"].as_str()?;
    let value = record["new_value"].as_str()?;
    let mut url = match Url::parse(href) {
        Ok(u) => u,
        Err(e) => return Some(format!("href does not parse: {e}")),
    };
    if let Err(e) = set(&mut url, name, value) {
        return Some(e);
    }
    let mut problems = Vec::new();
    for (component, get) in COMPONENTS {
        if let Some(want) = record["expected"][*component].as_str() {
            let got = get(&url);
            if got != want {
                problems.push(format!("{component}: expected {want:?}, got {got:?}"));
            }
        }
    }
    if url.check_invariants().is_err() {
        problems.push("broken invariants".to_owned());
    }
    match Url::parse(url.href()) {
        Ok(again) if again == url && again.pathname() == url.pathname() => {}
        Ok(again) => problems.push(format!("re-parse gives {}", again.href())),
        Err(e) => problems.push(format!("re-parse fails: {e}")),
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

fn ledger() -> BTreeSet<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/setters-expected-failures.txt");
    let text = std::fs::read_to_string(path).expect("reading the setters ledger");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn wpt_setters() {
    let Some(data) = common::conformance_json("wpt/setters_tests.json") else {
        return;
    };
    let ledger = ledger();
    let mut seen = BTreeSet::new();
    let (mut passed, mut failed) = (0, 0);
    let mut problems = Vec::new();
    for (name, records) in data.as_object().expect("an object") {
        let Some(records) = records.as_array() else {
            continue;
        };
        for record in records.iter().filter(|r| r.is_object()) {
            let key = format!(
                "{name} {:?} <- {:?}",
                record["href"].as_str().unwrap_or_default(),
                record["new_value"].as_str().unwrap_or_default()
            );
            let listed = ledger.contains(&key);
            seen.insert(key.clone());
            match check(name, record) {
                None if listed => problems.push(format!("listed in the ledger but passes: {key}")),
                None => passed += 1,
                Some(why) => {
                    failed += 1;
                    if !listed {
                        problems.push(format!("{key}: {why}"));
                    }
                }
            }
        }
    }
    for stale in ledger.difference(&seen) {
        problems.push(format!("ledger entry matches no record: {stale}"));
    }
    println!("wpt setters: {passed} passed, {failed} failed");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn setters_report_unchanged_urls() {
    let mut url = Url::parse("sc:opaque").unwrap();
    assert!(url.set_host("h").is_err() && url.set_pathname("/x").is_err());
    assert_eq!(url.as_str(), "sc:opaque");
    let mut url = Url::parse("file:///x").unwrap();
    assert!(url.set_port("1").is_err() && url.set_username("u").is_err());
    assert!(url.set_protocol("http").is_err());
    assert_eq!(url.as_str(), "file:///x");
    let mut url = Url::parse("http://h/").unwrap();
    assert!(url.set_port("99999").is_err() && url.set_port("x").is_err());
    assert!(url.set_protocol("sc").is_err() && url.set_protocol("1x").is_err());
    assert!(url.set_hostname("a:1").is_err() && url.set_host("").is_err());
    assert_eq!(url.as_str(), "http://h/");
}

#[test]
fn setters_keep_urls_without_host_readable() {
    let mut url = Url::parse("sc:/a").unwrap();
    url.set_pathname("//p").unwrap();
    assert_eq!(url.as_str(), "sc:/.//p");
    assert_eq!(url.pathname(), "//p");
    url.set_host("h").unwrap();
    assert_eq!(url.as_str(), "sc://h//p");
    url.set_host("").unwrap();
    assert_eq!(url.as_str(), "sc:////p");
    url.set_search("q#").unwrap();
    url.set_hash("f").unwrap();
    assert_eq!(url.as_str(), "sc:////p?q%23#f");
    url.set_search("").unwrap();
    url.set_hash("").unwrap();
    assert_eq!(url.as_str(), "sc:////p");
}
