//! The web-platform-tests setter suite (`wpt/setters_tests.json`): each record parses
//! `href`, runs one setter with `new_value` and compares the listed components. Known
//! failures go in `tests/whatwg/setters-expected-failures.txt`: an unlisted failure fails the test,
//! and so does a listed record that now passes.

use crate::common;

use urlkit::{Attribute, Url};

/// Runs the setter named `name`; the URL API ignores what a setter returns.
fn set(url: &mut Url, name: &str, value: &str) -> Result<(), String> {
    let attr: Attribute = name.parse().map_err(|e| format!("{e}"))?;
    let _ = url.set(attr, value);
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
    for (component, got) in common::api_components(&url) {
        if let Some(want) = record["expected"][component].as_str() {
            if got != want {
                problems.push(format!("{component}: expected {want:?}, got {got:?}"));
            }
        }
    }
    // (Debug builds, which run the tests, assert the offsets' invariants after every setter.)
    match Url::parse(url.href()) {
        Ok(again) if again == url && again.pathname() == url.pathname() => {}
        Ok(again) => problems.push(format!("re-parse gives {}", again.href())),
        Err(e) => problems.push(format!("re-parse fails: {e}")),
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

#[test]
fn wpt_setters() {
    let Some(data) = common::conformance_json("wpt/setters_tests.json") else {
        return;
    };
    let mut ledger = common::Ledger::read("whatwg/setters-expected-failures.txt");
    let (mut passed, mut failed) = (0, 0);
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
            if ledger.outcome(key, check(name, record)) {
                passed += 1;
            } else {
                failed += 1;
            }
        }
    }
    println!("wpt setters: {passed} passed, {failed} failed");
    ledger.assert_clean();
}

#[test]
fn setters_report_unchanged_urls() {
    let mut url = Url::parse("sc:opaque").unwrap();
    assert!(url.set_host_port("h").is_err() && url.set_pathname("/x").is_err());
    assert_eq!(url.as_str(), "sc:opaque");
    let mut url = Url::parse("file:///x").unwrap();
    assert!(url.set_port_str("1").is_err() && url.set_username_str("u").is_err());
    assert!(url.set_protocol("http").is_err());
    assert_eq!(url.as_str(), "file:///x");
    let mut url = Url::parse("http://h/").unwrap();
    assert!(url.set_port_str("99999").is_err() && url.set_port_str("x").is_err());
    assert!(url.set_protocol("sc").is_err() && url.set_protocol("1x").is_err());
    assert!(url.set_hostname("a:1").is_err() && url.set_host_port("").is_err());
    assert_eq!(url.as_str(), "http://h/");
}

#[test]
fn setters_keep_urls_without_host_readable() {
    let mut url = Url::parse("sc:/a").unwrap();
    url.set_pathname("//p").unwrap();
    assert_eq!(url.as_str(), "sc:/.//p");
    assert_eq!(url.pathname(), "//p");
    url.set_host_port("h").unwrap();
    assert_eq!(url.as_str(), "sc://h//p");
    url.set_host_port("").unwrap();
    assert_eq!(url.as_str(), "sc:////p");
    url.set_search("q#").unwrap();
    url.set_hash("f").unwrap();
    assert_eq!(url.as_str(), "sc:////p?q%23#f");
    url.set_search("").unwrap();
    url.set_hash("").unwrap();
    assert_eq!(url.as_str(), "sc:////p");
}

/// F10 (RELIABILITY.md): the protocol setter may switch a special URL whose host is
/// `localhost` to `file` (the [scheme state](https://url.spec.whatwg.org/#scheme-state)'s
/// state-override steps refuse that switch only for credentials or a port) and keeps the
/// host, while a parse of the result drops it (the
/// [file host state](https://url.spec.whatwg.org/#file-host-state): "If host is
/// "localhost", then set host to the empty string"). urlkit does what the standard says, as
/// ada does; the href then parses to the URL with an empty host. Another host is kept both
/// ways.
#[test]
fn protocol_to_file_keeps_localhost_as_the_standard_says() {
    for (href, value, want, reparsed) in [
        ("http://localhost/a", "file", "file://localhost/a", "file:///a"),
        (
            "http:localhost/0/z:/fO",
            "file:e",
            "file://localhost/0/z:/fO",
            "file:///0/z:/fO",
        ),
        ("wss://localhost/", "file", "file://localhost/", "file:///"),
        (
            "http://example.com/a",
            "file",
            "file://example.com/a",
            "file://example.com/a",
        ),
        (
            "http://u@localhost/a",
            "file",
            "http://u@localhost/a",
            "http://u@localhost/a",
        ),
        (
            "http://localhost:8/a",
            "file",
            "http://localhost:8/a",
            "http://localhost:8/a",
        ),
    ] {
        let mut url = Url::parse(href).unwrap();
        let _ = url.set_protocol(value);
        assert_eq!(url.as_str(), want, "{href} + {value}");
        assert_eq!(
            Url::parse(url.as_str()).unwrap().as_str(),
            reparsed,
            "{href} + {value}"
        );
    }
}
