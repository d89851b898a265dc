//! `UrlPatternSet` against the reference: testing each pattern one by one.

use proptest::prelude::*;
use serde_json::Value;
use urlkit::pattern::{UrlPattern, UrlPatternSet};
use urlkit::Url;

/// Checks `matches`, `is_match` and `first_match` of `set` on `url` against one-by-one tests.
fn agree(set: &UrlPatternSet, url: &Url) -> Result<(), String> {
    let want: Vec<usize> = (0..set.len())
        .filter(|&i| set.get(i).unwrap().test_url(url))
        .collect();
    let got = set.matches(url);
    if got != want {
        return Err(format!("{url}: set {got:?}, one by one {want:?}"));
    }
    if set.is_match(url) == want.is_empty() {
        return Err(format!("{url}: is_match disagrees"));
    }
    let first = set.first_match(url);
    if first.as_ref().map(|m| m.index) != want.first().copied() {
        return Err(format!("{url}: first_match {:?}", first.map(|m| m.index)));
    }
    if let Some(m) = first {
        if Some(&m.result) != set.get(m.index).unwrap().exec_url(url).as_ref() {
            return Err(format!("{url}: first_match groups differ from exec_url"));
        }
    }
    Ok(())
}

/// Every constructible WPT pattern in one set, matched against every WPT URL input.
#[test]
fn wpt_patterns_in_one_set() {
    let Some(data) = crate::wpt::data() else {
        return;
    };
    let mut set = UrlPatternSet::new();
    let mut urls = Vec::new();
    for entry in data.as_array().unwrap() {
        let args = entry["pattern"].as_array().unwrap();
        let built = match (args.first(), args.get(1)) {
            (Some(Value::String(s)), b) => UrlPattern::parse(s, b.and_then(Value::as_str)),
            (Some(Value::Object(_)), None) => {
                let mut init = urlkit::pattern::UrlPatternInit::default();
                for c in urlkit::pattern::Component::ALL {
                    *init.get_mut(c) = args[0][c.name()].as_str().map(str::to_owned);
                }
                init.base_url = args[0]["baseURL"].as_str().map(str::to_owned);
                UrlPattern::from_init(&init)
            }
            _ => continue,
        };
        if let Ok(p) = built {
            set.push(p);
        }
        if let Some(inputs) = entry["inputs"].as_array() {
            if let Some(s) = inputs.first().and_then(Value::as_str) {
                let base = inputs
                    .get(1)
                    .and_then(Value::as_str)
                    .and_then(|b| Url::parse(b).ok());
                if let Ok(u) = Url::parse_with_base(s, base.as_ref()) {
                    urls.push(u);
                }
            }
        }
    }
    assert!(
        set.len() > 250 && urls.len() > 50,
        "{} patterns, {} urls",
        set.len(),
        urls.len()
    );
    for url in &urls {
        agree(&set, url).unwrap();
    }
}

/// A route-like pathname pattern segment.
fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ab]{1,2}".prop_map(|s| s),
        Just(":x".to_string()),
        Just(":y".to_string()),
        Just("*".to_string()),
        Just(":n(\\\\d+)".to_string()),
        Just(":z?".to_string()),
        Just(":w+".to_string()),
        Just("{a}?".to_string()),
        Just(":v.json".to_string()),
        Just("a:u".to_string()),
        Just("(a|b)".to_string()),
        Just("*.b".to_string()),
    ]
}

fn route() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("https"), Just("http{s}?"), Just("*")],
        prop_oneof![Just("h"), Just("*.h"), Just("*")],
        prop::collection::vec(segment(), 0..4),
        prop_oneof![Just(""), Just("?q"), Just("#f")],
    )
        .prop_map(|(proto, host, segs, tail)| {
            let mut s = format!("{proto}://{host}");
            for seg in segs {
                s.push('/');
                s.push_str(&seg);
            }
            s.push_str(tail);
            s
        })
}

fn url() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("https"), Just("http"), Just("wss")],
        prop_oneof![Just("h"), Just("x.h"), Just("g")],
        prop::collection::vec("[ab1.]{0,3}(\\.json|\\.b)?", 0..5),
        prop_oneof![Just(""), Just("?q"), Just("#f"), Just("/")],
    )
        .prop_map(|(proto, host, segs, tail)| format!("{proto}://{host}/{}{tail}", segs.join("/")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random route tables: the set finds exactly the patterns that match one by one.
    #[test]
    fn set_agrees_with_one_by_one(routes in prop::collection::vec(route(), 1..40), urls in prop::collection::vec(url(), 1..20)) {
        let set: UrlPatternSet = routes.iter().filter_map(|r| UrlPattern::parse(r, None).ok()).collect();
        for u in &urls {
            let u = Url::parse(u).unwrap();
            prop_assert!(agree(&set, &u).is_ok(), "{}", agree(&set, &u).unwrap_err());
        }
    }
}
