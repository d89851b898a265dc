//! The setter grid: URLs (the WPT setter tests' hrefs and a sample of `realworld.txt`)
//! × every setter × tricky values, run through urlkit and ada and compared getter by getter.

use super::compare::{ada_getters, diff_getters, urlkit_getters, Disagreement};
use super::data;
use super::mutate;
use super::rng::Rng;
use std::collections::BTreeSet;

/// The setters, by their IDL attribute name.
pub const SETTERS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash",
];

/// How many `realworld.txt` URLs join the WPT hrefs.
const REALWORLD_SAMPLE: usize = 120;

/// How many damaged URLs (from the mutator) join them.
const DAMAGED_SAMPLE: usize = 120;

/// URLs in states that the other samples rarely reach.
const OWN_URLS: &[&str] = &[
    "sc:a b ?q#f",
    "data:x  #f",
    "mailto:a ?b",
    "sc:  #",
    "sc:x ?",
    "javascript:a  b ",
    "sc:/a/..//b",
    "sc://h",
    "sc://h/",
    "sc:/x",
    "sc:",
    "file:///C:/a/b",
    "file://h/C:/x",
    "file:///",
    "file://h/",
    "http://h:99/",
    "ws://[::1]:80/",
    "https://u:p@h/",
    "http://u@h",
    "blob:https://a.b/c",
    "http://1.2.3.4/",
    "http://xn--bcher-kva.de/",
    "sc://u:p@h:1/p?q#f",
    "sc://[::1]/",
    "sc://%41/",
    "http://h/?q#f",
    "about:blank",
    "file:///C|/x",
    "sc:// /",
    "urn:a:b",
];

/// Values beyond the WPT ones.
const OWN_VALUES: &[&str] = &[
    "",
    " ",
    "\t",
    "a\nb",
    "%",
    "%zz",
    "é",
    "😀",
    "::",
    "[::1]",
    "[::1]:8080",
    "1.2.3.4:65536",
    "host:0",
    "h@st",
    "user:pw@h",
    "/",
    "//",
    "\\",
    "..",
    "/../x",
    "%2e%2e",
    "?",
    "#",
    "a?b#c",
    "x:y",
    "http",
    "https:",
    "file",
    "FILE",
    "mailto",
    "blob",
    "ws",
    "javascript:",
    "0x7f.1",
    "xn--",
    "xn--abc",
    "ｅｘａｍｐｌｅ。com",
    "8080",
    "080",
    "65535",
    "65536",
    "12ab",
    "-1",
    "C:",
    "C|",
    "/C:/x",
    "a b",
    "\u{0}",
    "\u{7f}",
    "\u{feff}",
    "\u{ad}",
    "https://example.com/x",
    "http://[::1]:80/",
    "file:///C:/",
    "not a url",
    "foo:bar",
    "h:80/p?q#f",
    "a/b\\c",
    "%41%2F",
    "bücher.de",
    "[v1.x]",
    "example.com.",
    ".",
    " x ",
    "  #",
    "sc",
    "a:b@c:d",
    "\u{3000}",
    "%00",
];

/// Applies setter `name` (one of the ten URL API setters) to a urlkit URL.
fn set_urlkit(u: &mut urlkit::Url, name: &str, v: &str) {
    // The result is not compared: only the URL afterwards is observable to a browser.
    if let Ok(attr) = name.parse::<urlkit::Attribute>() {
        let _ = u.set(attr, v);
    }
}

/// Applies setter `name` to an ada URL.
fn set_ada(u: &mut ada_url::Url, name: &str, v: &str) {
    let _ = match name {
        "href" => u.set_href(v),
        "protocol" => u.set_protocol(v),
        "username" => u.set_username(Some(v)),
        "password" => u.set_password(Some(v)),
        "host" => u.set_host(Some(v)),
        "hostname" => u.set_hostname(Some(v)),
        "port" => u.set_port(Some(v)),
        "pathname" => u.set_pathname(Some(v)),
        "search" => {
            u.set_search(Some(v));
            Ok(())
        }
        _ => {
            u.set_hash(Some(v));
            Ok(())
        }
    };
}

/// Each setter's name and values.
type Values = Vec<(String, BTreeSet<String>)>;

/// The URLs and per-setter values of the grid.
fn inputs() -> Option<(Vec<String>, Values)> {
    let wpt = data::setter_tests()?;
    let real = data::lines("realworld.txt")?;
    let mut urls = BTreeSet::new();
    let mut values: Values = SETTERS.iter().map(|s| (s.to_string(), BTreeSet::new())).collect();
    for (setter, own) in &mut values {
        for t in wpt[setter.as_str()].as_array().into_iter().flatten() {
            urls.extend(t["href"].as_str().map(str::to_owned));
            own.extend(t["new_value"].as_str().map(str::to_owned));
        }
        own.extend(OWN_VALUES.iter().map(|s| s.to_string()));
    }
    let step = (real.len() / REALWORLD_SAMPLE).max(1);
    let mut urls: Vec<String> = urls.into_iter().collect();
    urls.extend(real.iter().step_by(step).cloned());
    urls.extend(OWN_URLS.iter().map(|s| s.to_string()));
    let damaged = mutate::generate(&real, DAMAGED_SAMPLE, 0xDA3A_6ED0);
    urls.extend(damaged.into_iter().filter(|c| c.base.is_none()).map(|c| c.input));
    Some((urls, values))
}

/// Runs the grid: the number of setter calls and the disagreements.
pub fn run() -> Option<(usize, Vec<Disagreement>)> {
    let (urls, values) = inputs()?;
    let all: BTreeSet<&String> = values.iter().flat_map(|(_, v)| v).collect();
    let all: Vec<&String> = all.into_iter().collect();
    let mut rng = Rng::new(0x05E7_7E25);
    let (mut total, mut found) = (0, Vec::new());
    for url in &urls {
        let (Ok(k), Ok(a)) = (urlkit::Url::parse(url), ada_url::Url::parse(url.as_str(), None)) else {
            continue;
        };
        for (setter, own) in &values {
            // Each setter's own values, plus a deterministic tenth of the other setters' ones.
            let extra = all
                .iter()
                .filter(|v| !own.contains(**v) && rng.chance(10))
                .copied();
            for v in own.iter().chain(extra) {
                total += 1;
                found.extend(one(url, &k, &a, setter, v));
            }
        }
    }
    Some((total, found))
}

fn one(url: &str, k: &urlkit::Url, a: &ada_url::Url, setter: &str, v: &str) -> Option<Disagreement> {
    let (mut k, mut a) = (k.clone(), a.clone());
    set_urlkit(&mut k, setter, v);
    set_ada(&mut a, setter, v);
    let diffs = diff_getters(&urlkit_getters(&k), &ada_getters(&a));
    if diffs.is_empty() {
        return None;
    }
    Some(Disagreement {
        parts: vec![Some(url.to_owned()), Some(setter.to_owned()), Some(v.to_owned())],
        diffs,
    })
}

/// How many random setter chains the chain suite runs.
pub const CHAIN_COUNT: usize = 15_000;

/// Chains of up to four random setter calls on the grid's URLs, compared after each call:
/// the number of calls and the disagreements (a chain stops at its first one).
pub fn chains(count: usize, seed: u64) -> Option<(usize, Vec<Disagreement>)> {
    let (urls, values) = inputs()?;
    let values: Vec<(&str, Vec<&String>)> = values
        .iter()
        .map(|(s, v)| (s.as_str(), v.iter().collect()))
        .collect();
    let mut rng = Rng::new(seed);
    let (mut total, mut found) = (0, Vec::new());
    while total < count {
        let url = rng.pick(&urls);
        let (Ok(mut k), Ok(mut a)) = (urlkit::Url::parse(url), ada_url::Url::parse(url.as_str(), None))
        else {
            continue;
        };
        let mut parts = vec![Some(url.clone())];
        for _ in 0..1 + rng.below(4) {
            let (setter, vals) = rng.pick(&values);
            let v = *rng.pick(vals);
            set_urlkit(&mut k, setter, v);
            set_ada(&mut a, setter, v);
            parts.extend([Some(setter.to_string()), Some(v.clone())]);
            total += 1;
            let diffs = diff_getters(&urlkit_getters(&k), &ada_getters(&a));
            if !diffs.is_empty() {
                found.push(Disagreement { parts, diffs });
                break;
            }
        }
    }
    Some((total, found))
}
