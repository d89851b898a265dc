//! The WPT URL Pattern runner: mirrors `urlpattern.any.js` (expected component pattern
//! strings, `test`, `exec` with inputs and groups) with the expected-failures ledger
//! `tests/pattern/expected-failures.txt`.

use crate::common;
use serde_json::Value;
use std::collections::BTreeMap;
use urlkit::pattern::{
    Component, MatchInput, UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};

/// JSON with `\uD83D` escapes not part of a pair: JavaScript turns such strings into
/// USVStrings (lone surrogates become U+FFFD) when they reach the API; serde_json rejects
/// them, so they are rewritten to `\uFFFD` first.
pub(crate) fn fix_lone_surrogates(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let hex = |s: &[u8]| u32::from_str_radix(std::str::from_utf8(s).unwrap_or("x"), 16).ok();
    while i < b.len() {
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'\\') {
            out.push_str("\\\\");
            i += 2;
            continue;
        }
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'u') {
            if let Some(v) = b.get(i + 2..i + 6).and_then(hex) {
                if (0xD800..0xDC00).contains(&v) {
                    let lo = (b.get(i + 6) == Some(&b'\\') && b.get(i + 7) == Some(&b'u'))
                        .then(|| b.get(i + 8..i + 12).and_then(hex))
                        .flatten();
                    if lo.is_some_and(|l| (0xDC00..0xE000).contains(&l)) {
                        out.push_str(&text[i..i + 12]);
                        i += 12;
                    } else {
                        out.push_str("\\uFFFD");
                        i += 6;
                    }
                    continue;
                }
                if (0xDC00..0xE000).contains(&v) {
                    out.push_str("\\uFFFD");
                    i += 6;
                    continue;
                }
            }
        }
        let ch = text[i..].chars().next().unwrap();
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

fn init_of(v: &Value) -> UrlPatternInit {
    let mut init = UrlPatternInit::default();
    for c in Component::ALL {
        *init.get_mut(c) = v[c.name()].as_str().map(str::to_owned);
    }
    init.base_url = v["baseURL"].as_str().map(str::to_owned);
    init
}

/// A JavaScript argument converted to a USVString (objects become `[object Object]`).
fn js_string(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Object(_) => "[object Object]".into(),
        other => other.to_string(),
    }
}

/// `new URLPattern(...args)`.
fn construct(args: &[Value]) -> Result<UrlPattern, urlkit::pattern::Error> {
    let empty = Value::Object(Default::default());
    let input = args.first().unwrap_or(&empty);
    let (base, options) = match args {
        [_, Value::Object(o)] => (None, Some(o)),
        [_, b, Value::Object(o), ..] => (Some(js_string(b)), Some(o)),
        [_, b, ..] => (Some(js_string(b)), None),
        _ => (None, None),
    };
    let options = UrlPatternOptions {
        ignore_case: options
            .and_then(|o| o.get("ignoreCase"))
            .and_then(Value::as_bool)
            .unwrap_or(false),
    };
    match input {
        Value::String(s) => UrlPattern::new(UrlPatternInput::String(s), base.as_deref(), options),
        _ => UrlPattern::new(UrlPatternInput::Init(&init_of(input)), base.as_deref(), options),
    }
}

/// The harness's expected pattern string for `component` when `expected_obj` lacks it.
fn expected_pattern(entry: &Value, component: Component) -> String {
    let name = component.name();
    if let Some(s) = entry["expected_obj"][name].as_str() {
        return s.to_owned();
    }
    let first = &entry["pattern"][0];
    let base = first["baseURL"]
        .as_str()
        .or_else(|| entry["pattern"][1].as_str())
        .map(|b| urlkit::Url::parse(b).expect("test base parses"));
    let empty: Vec<Value> = Vec::new();
    let exactly_empty = entry["exactly_empty_components"].as_array().unwrap_or(&empty);
    const EARLIER: [&[&str]; 8] = [
        &[],
        &[],
        &[],
        &["protocol"],
        &["protocol", "hostname"],
        &["protocol", "hostname", "port"],
        &["protocol", "hostname", "port", "pathname"],
        &["protocol", "hostname", "port", "pathname", "search"],
    ];
    if exactly_empty.iter().any(|c| c == name) {
        return String::new();
    }
    if let Some(v) = first[name].as_str().filter(|v| !v.is_empty()) {
        return v.to_owned();
    }
    if first.is_object()
        && EARLIER[component as usize]
            .iter()
            .any(|c| first.get(*c).is_some())
    {
        return "*".into();
    }
    match base {
        Some(b) if !matches!(component, Component::Username | Component::Password) => {
            component.of(&b).to_owned()
        }
        _ => "*".into(),
    }
}

type Groups = BTreeMap<String, Option<String>>;

fn expected_component(entry: &Value, component: Component) -> (String, Groups) {
    let name = component.name();
    let v = &entry["expected_match"][name];
    if v.is_object() {
        let groups = v["groups"]
            .as_object()
            .map(|g| {
                g.iter()
                    .map(|(k, v)| (k.clone(), v.as_str().map(str::to_owned)))
                    .collect()
            })
            .unwrap_or_default();
        return (v["input"].as_str().unwrap_or_default().to_owned(), groups);
    }
    let mut groups = Groups::new();
    let exactly_empty = entry["exactly_empty_components"]
        .as_array()
        .is_some_and(|a| a.iter().any(|c| c == name));
    if !exactly_empty {
        groups.insert("0".into(), Some(String::new()));
    }
    (String::new(), groups)
}

fn compare_inputs(actual: &[MatchInput], expected: &[Value]) -> Option<String> {
    if actual.len() != expected.len() {
        return Some(format!(
            "inputs: {} given back, expected {}",
            actual.len(),
            expected.len()
        ));
    }
    for (a, e) in actual.iter().zip(expected) {
        let ok = match a {
            MatchInput::String(s) => e.as_str() == Some(s),
            MatchInput::Init(i) => Component::ALL.iter().all(|&c| i.get(c) == e[c.name()].as_str()),
        };
        if !ok {
            return Some(format!("inputs: {a:?} != {e}"));
        }
    }
    None
}

/// Runs one record; `None` when it passes.
fn check(entry: &Value) -> Option<String> {
    let args = entry["pattern"].as_array().expect("pattern args");
    let built = construct(args);
    if entry["expected_obj"] == "error" {
        return built
            .is_ok()
            .then(|| "constructor succeeded, expected an error".into());
    }
    let pattern = match built {
        Ok(p) => p,
        Err(e) => return Some(format!("constructor failed: {e}")),
    };
    for c in Component::ALL {
        let want = expected_pattern(entry, c);
        if pattern.component(c) != want {
            return Some(format!(
                "{}: pattern string {:?}, expected {want:?}",
                c.name(),
                pattern.component(c)
            ));
        }
    }
    let empty = Vec::new();
    let inputs = entry["inputs"].as_array().unwrap_or(&empty);
    let default_init = UrlPatternInit::default();
    let init;
    let input = match inputs.first() {
        None => UrlPatternInput::Init(&default_init),
        Some(Value::String(s)) => UrlPatternInput::String(s),
        Some(v) => {
            init = init_of(v);
            UrlPatternInput::Init(&init)
        }
    };
    let base = inputs.get(1).map(js_string);
    let result = pattern.exec_input(input, base.as_deref());
    let expected = &entry["expected_match"];
    if expected == "error" {
        return result
            .is_ok()
            .then(|| "match succeeded, expected an error".into());
    }
    let result: Option<UrlPatternResult> = match result {
        Ok(r) => r,
        Err(e) => return Some(format!("match failed: {e}")),
    };
    let test = match input {
        UrlPatternInput::String(s) => pattern.test(s, base.as_deref()),
        _ => result.is_some(),
    };
    if test != result.is_some() {
        return Some("test() and exec() disagree".into());
    }
    let Some(result) = result else {
        return (!expected.is_null()).then(|| "no match, expected one".into());
    };
    if expected.is_null() {
        return Some(format!("matched, expected no match: {result:?}"));
    }
    let expected_inputs = expected["inputs"].as_array().unwrap_or(inputs);
    if let Some(why) = compare_inputs(&result.inputs, expected_inputs) {
        return Some(why);
    }
    for c in Component::ALL {
        let (want_input, want_groups) = expected_component(entry, c);
        let got = result.get(c);
        let got_groups: Groups = got.groups.iter().cloned().collect();
        if got.input != want_input || got_groups != want_groups {
            return Some(format!(
                "{}: got {:?} {:?}, expected {want_input:?} {want_groups:?}",
                c.name(),
                got.input,
                got_groups
            ));
        }
    }
    None
}

/// The records of `wpt/urlpatterntestdata.json`, read once per test binary (so a missing
/// file gives one skip note); `None` when absent.
pub(crate) fn data() -> Option<&'static Value> {
    static DATA: std::sync::OnceLock<Option<Value>> = std::sync::OnceLock::new();
    DATA.get_or_init(|| {
        let path = common::conformance_file("wpt/urlpatterntestdata.json")?;
        let text = std::fs::read_to_string(&path).expect("reading urlpatterntestdata.json");
        Some(serde_json::from_str(&fix_lone_surrogates(&text)).expect("parsing urlpatterntestdata.json"))
    })
    .as_ref()
}

#[test]
fn wpt_urlpatterntestdata() {
    let Some(data) = data() else {
        return;
    };
    let mut ledger = common::Ledger::read("pattern/expected-failures.txt");
    let records = data.as_array().expect("an array of records");
    let mut passed = 0;
    for (i, entry) in records.iter().enumerate() {
        let key = format!(
            "{i}: {} {}",
            entry["pattern"],
            entry.get("inputs").unwrap_or(&Value::Null)
        );
        let failure = std::panic::catch_unwind(|| check(entry)).unwrap_or_else(|_| Some("panicked".into()));
        passed += usize::from(ledger.outcome(key, failure));
    }
    common::skip_note(&format!(
        "urlpattern wpt: {passed}/{} records pass",
        records.len()
    ));
    ledger.assert_clean();
}
