//! `application/x-www-form-urlencoded` and `SearchParams` against the wpt data
//! (`wpt/urlencoded.json`), plus property tests against simple reference implementations.

use crate::common;

use proptest::prelude::*;
use serde_json::Value;
use urlkit::form::{self, QueryTarget, SearchParams, SearchParamsMut};
use urlkit::Url;

fn pairs_of(v: &Value) -> Vec<(String, String)> {
    v.as_array()
        .expect("pairs array")
        .iter()
        .map(|p| {
            let p = p.as_array().expect("pair");
            (
                p[0].as_str().expect("name").to_owned(),
                p[1].as_str().expect("value").to_owned(),
            )
        })
        .collect()
}

/// Runs `check` on every record of `section`, prints "N passed, M failed" and fails on any
/// failure (listing them).
fn run_section(data: &Value, section: &str, check: impl Fn(&Value) -> Result<(), String>) {
    let records = data[section]
        .as_array()
        .unwrap_or_else(|| panic!("section {section}"));
    assert!(!records.is_empty(), "section {section} is empty");
    let mut failures = Vec::new();
    for r in records {
        if let Err(e) = check(r) {
            failures.push(format!("{} ({}): {e}", r, r["source"]));
        }
    }
    println!(
        "urlencoded {section}: {} passed, {} failed",
        records.len() - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{section} failures:\n{}",
        failures.join("\n")
    );
}

fn expect_eq<T: PartialEq + std::fmt::Debug>(got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("got {got:?}, want {want:?}"))
    }
}

#[test]
fn wpt_parse() {
    let Some(data) = common::conformance_json("wpt/urlencoded.json") else {
        return;
    };
    run_section(&data, "parse", |r| {
        let input = r["input"].as_str().expect("input");
        let want = pairs_of(&r["output"]);
        let got: Vec<(String, String)> = form::parse(input.as_bytes())
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect();
        expect_eq(&got, &want)?;
        // The owned list agrees (no leading `?` in this data except as data).
        let params = SearchParams::parse_query(input);
        expect_eq(params.as_slice(), &want[..])
    });
}

#[test]
fn wpt_sort() {
    let Some(data) = common::conformance_json("wpt/urlencoded.json") else {
        return;
    };
    run_section(&data, "sort", |r| {
        let mut params = SearchParams::parse(r["input"].as_str().expect("input"));
        params.sort();
        expect_eq(params.as_slice(), &pairs_of(&r["output"])[..])
    });
}

#[test]
fn wpt_serialize() {
    let Some(data) = common::conformance_json("wpt/urlencoded.json") else {
        return;
    };
    run_section(&data, "serialize", |r| {
        let pairs = pairs_of(&r["pairs"]);
        let want = r["output"].as_str().expect("output");
        expect_eq(form::serialize(pairs_as_refs(&pairs)).as_str(), want)?;
        let mut params = SearchParams::new();
        for (n, v) in &pairs {
            params.append(n.as_str(), v.as_str());
        }
        expect_eq(params.to_string().as_str(), want)
    });
}

fn pairs_as_refs(pairs: &[(String, String)]) -> Vec<(&str, &str)> {
    pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect()
}

#[test]
fn wpt_parse_serialize() {
    let Some(data) = common::conformance_json("wpt/urlencoded.json") else {
        return;
    };
    run_section(&data, "parse_serialize", |r| {
        let input = r["input"].as_str().expect("input");
        let want = r["output"].as_str().expect("output");
        expect_eq(SearchParams::parse(input).to_string().as_str(), want)?;
        let via_from_str: SearchParams = input.parse().map_err(|e| format!("{e:?}"))?;
        expect_eq(via_from_str.to_string().as_str(), want)
    });
}

#[test]
fn wpt_url_bound() {
    let Some(data) = common::conformance_json("wpt/urlencoded.json") else {
        return;
    };
    run_section(&data, "url_bound", |r| {
        let mut url = Url::parse(r["href"].as_str().expect("href")).map_err(|e| e.to_string())?;
        {
            let mut params = url.url_search_params_mut();
            if let Some(pair) = r["append"].as_array() {
                params.append(pair[0].as_str().expect("name"), pair[1].as_str().expect("value"));
            }
            if r["sort"].as_bool() == Some(true) {
                params.sort();
            }
        }
        expect_eq(url.as_str(), r["expected_href"].as_str().expect("expected_href"))
    });
}

/// The URL Standard's own examples of `searchParams` on a URL.
#[test]
fn url_search_params_examples() {
    let mut url = Url::parse("https://example.com/?a=b ~").unwrap();
    assert_eq!(url.as_str(), "https://example.com/?a=b%20~");
    url.url_search_params_mut().sort();
    assert_eq!(url.as_str(), "https://example.com/?a=b+%7E");

    let url = Url::parse("https://example.com/?a=~&b=%7E").unwrap();
    assert_eq!(url.search(), "?a=~&b=%7E");
    assert_eq!(url.search_params().get("a"), Some("~"));
    assert_eq!(url.search_params().get("b"), Some("~"));

    let mut url =
        Url::parse("https://example.org/?q=\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}&key=e1f7bc78").unwrap();
    url.url_search_params_mut().sort();
    assert_eq!(
        url.search(),
        "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );

    // Reading through the view leaves the URL alone; the fragment survives edits.
    let mut url = Url::parse("http://h/p?a=b,c#frag").unwrap();
    assert_eq!(url.url_search_params_mut().get("a"), Some("b,c"));
    assert_eq!(url.as_str(), "http://h/p?a=b,c#frag");
    url.url_search_params_mut().set("a", "?#&");
    assert_eq!(url.as_str(), "http://h/p?a=%3F%23%26#frag");
    url.url_search_params_mut().clear();
    assert_eq!(url.as_str(), "http://h/p#frag");
    // Appending to a URL without a query creates one; non-special URLs work the same way.
    let mut url = Url::parse("foo://h/p").unwrap();
    url.url_search_params_mut().append("x y", "'");
    assert_eq!(url.as_str(), "foo://h/p?x+y=%27");
}

// ---------------------------------------------------------------------------------------------
// The bound view against a minimal query holder.

#[derive(Debug, PartialEq)]
struct Holder(Option<String>);

impl QueryTarget for Holder {
    fn query(&self) -> Option<&str> {
        self.0.as_deref()
    }
    fn set_query(&mut self, query: Option<&str>) {
        self.0 = query.map(str::to_owned);
    }
}

#[test]
fn bound_view_update_steps() {
    // Mirrors the two url_bound records on a bare query.
    let mut h = Holder(Some("a=b,c".into()));
    SearchParamsMut::update_steps(&mut h).append("x", "y");
    assert_eq!(h.0.as_deref(), Some("a=b%2Cc&x=y"));

    let mut h = Holder(Some(String::new()));
    SearchParamsMut::update_steps(&mut h).sort();
    assert_eq!(h.0, None, "sorting an empty list removes the query");

    // Reading only leaves the query byte for byte.
    let mut h = Holder(Some("a=b%20c&&".into()));
    {
        let view = SearchParamsMut::new(&mut h);
        assert_eq!(view.get("a"), Some("b c"));
        assert_eq!(view.len(), 1);
    }
    assert_eq!(h.0.as_deref(), Some("a=b%20c&&"));

    // No query: an empty list; setting a pair creates one.
    let mut h = Holder(None);
    {
        let mut view = h.search_params_mut();
        assert!(view.is_empty());
        view.set("k", "v w");
        view.commit();
        assert_eq!(view.target().0.as_deref(), Some("k=v+w"));
        view.delete("k", None);
    }
    assert_eq!(h.0, None);
}

/// `search_params_mut` keeps the text of the pairs before the first edited one.
#[test]
fn bound_view_keeps_untouched_pairs() {
    let cases = [
        // (query, edit, expected query)
        ("a=b,c&key&sp=a%20b", "append", Some("a=b,c&key&sp=a%20b&n=1+2")),
        ("a=b,c&&key&", "append", Some("a=b,c&&key&n=1+2")),
        ("", "append", Some("n=1+2")),
        ("a=b,c&key&sp=a%20b", "set key", Some("a=b,c&key=x+y&sp=a+b")),
        ("a=b,c&key&sp=a%20b", "delete sp", Some("a=b,c&key")),
        ("a=b,c&key", "delete a", Some("key=")),
        ("key", "delete key", None),
        ("b=1&a=%41", "sort", Some("a=A&b=1")),
        ("a=1&b=%42", "sort", Some("a=1&b=%42")),
        ("x=%41", "read", Some("x=%41")),
        ("", "sort", Some("")),
    ];
    // One edit of the list (through `DerefMut`, so the view counts as edited even for "read").
    fn apply(params: &mut SearchParams, edit: &str) {
        match edit {
            "append" => params.append("n", "1 2"),
            "set key" => params.set("key", "x y"),
            "delete sp" => params.delete("sp", None),
            "delete a" => params.delete("a", None),
            "delete key" => params.delete("key", None),
            "sort" => params.sort(),
            _ => assert_eq!(params.len(), params.iter().count()),
        }
    }
    for (query, edit, expected) in cases {
        let mut h = Holder(Some(query.to_owned()));
        apply(&mut h.search_params_mut(), edit);
        assert_eq!(h.0.as_deref(), expected, "{query:?} {edit}");
        // Whatever was kept or rewritten, the pairs are those of the update steps.
        let mut whole = Holder(Some(query.to_owned()));
        apply(&mut SearchParamsMut::update_steps(&mut whole), edit);
        let pairs = |q: Option<&str>| SearchParams::parse_query(q.unwrap_or(""));
        assert_eq!(
            pairs(h.0.as_deref()),
            pairs(whole.0.as_deref()),
            "{query:?} {edit}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Properties

/// The urlencoded parser written the long way: split, replace, decode, `from_utf8_lossy`.
fn reference_parse(input: &[u8]) -> Vec<(String, String)> {
    fn decode(b: &[u8]) -> String {
        let b: Vec<u8> = b.iter().map(|&c| if c == b'+' { b' ' } else { c }).collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let hex = |c: Option<&u8>| c.and_then(|c| (*c as char).to_digit(16));
            if b[i] == b'%' {
                if let (Some(h), Some(l)) = (hex(b.get(i + 1)), hex(b.get(i + 2))) {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
            }
            out.push(b[i]);
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    }
    input
        .split(|&b| b == b'&')
        .filter(|s| !s.is_empty())
        .map(|s| match s.iter().position(|&b| b == b'=') {
            Some(i) => (decode(&s[..i]), decode(&s[i + 1..])),
            None => (decode(s), String::new()),
        })
        .collect()
}

/// The serializer written the long way, byte by byte.
fn reference_serialize(pairs: &[(String, String)]) -> String {
    let enc = |s: &str| {
        s.bytes()
            .map(|b| match b {
                b' ' => "+".to_owned(),
                b'*' | b'-' | b'.' | b'_' => (b as char).to_string(),
                _ if b.is_ascii_alphanumeric() => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect::<String>()
    };
    pairs
        .iter()
        .map(|(n, v)| format!("{}={}", enc(n), enc(v)))
        .collect::<Vec<_>>()
        .join("&")
}

fn form_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        4 => prop::sample::select(b"&=+%aF0 ".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..40)
}

fn unicode_pairs() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec((any::<String>(), any::<String>()), 0..6)
}

/// Names drawn from a small alphabet mixing ASCII, U+E000..U+FFFF and astral characters, so
/// that duplicates are common and UTF-8 order disagrees with UTF-16 order.
fn sort_names() -> impl Strategy<Value = Vec<(String, String)>> {
    let ch = prop::sample::select(vec![
        'a',
        'b',
        'é',
        '\u{FB03}',
        '\u{FFFD}',
        '\u{1F308}',
        '\u{10000}',
        '\u{D7FF}',
    ]);
    let name = prop::collection::vec(ch, 0..3).prop_map(|v| v.into_iter().collect::<String>());
    prop::collection::vec((name, any::<u8>().prop_map(|n| n.to_string())), 0..12)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parse_serialize_round_trip(pairs in unicode_pairs()) {
        let s = form::serialize(pairs_as_refs(&pairs));
        prop_assert!(s.is_ascii());
        prop_assert_eq!(&s, &reference_serialize(&pairs));
        let back: Vec<(String, String)> =
            form::parse(s.as_bytes()).map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
        // Pairs round-trip exactly, even with empty names and values (serialized as `=`).
        prop_assert_eq!(&back, &pairs);
        prop_assert_eq!(SearchParams::parse(&s).into_vec(), pairs);
    }

    #[test]
    fn url_bound_view_writes_serialization(pairs in unicode_pairs(), special in any::<bool>()) {
        let base = if special { "http://h/p" } else { "foo://h/p" };
        let mut url = Url::parse(&format!("{base}?old=1#f")).unwrap();
        {
            let mut view = url.search_params_mut();
            view.clear();
            view.extend(pairs.iter().cloned());
        }
        let ser = form::serialize(pairs_as_refs(&pairs));
        let want = if ser.is_empty() { format!("{base}#f") } else { format!("{base}?{ser}#f") };
        prop_assert_eq!(url.as_str(), want.as_str());
        prop_assert_eq!(url.search_params().into_vec(), pairs);
        // The href reparses to the same URL.
        prop_assert_eq!(Url::parse(url.as_str()).unwrap(), url);
    }

    #[test]
    fn parse_matches_reference(input in form_bytes()) {
        let got: Vec<(String, String)> =
            form::parse(&input).map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
        prop_assert_eq!(got, reference_parse(&input));
    }

    #[test]
    fn parse_matches_reference_any_bytes(input in prop::collection::vec(any::<u8>(), 0..64)) {
        let got: Vec<(String, String)> =
            form::parse(&input).map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
        prop_assert_eq!(got, reference_parse(&input));
    }

    #[test]
    fn byte_serialize_matches_reference(s in any::<String>()) {
        let got = form::byte_serialize(s.as_bytes()).to_string();
        let want = reference_serialize(&[(s.clone(), String::new())]);
        prop_assert_eq!(format!("{got}="), want);
    }

    #[test]
    fn sort_is_stable_utf16(pairs in sort_names()) {
        let mut params: SearchParams = pairs.iter().cloned().collect();
        params.sort();
        // Reference: stable sort of the indices by the names' UTF-16 code units.
        let mut idx: Vec<usize> = (0..pairs.len()).collect();
        idx.sort_by_key(|&i| pairs[i].0.encode_utf16().collect::<Vec<u16>>());
        let want: Vec<(String, String)> = idx.into_iter().map(|i| pairs[i].clone()).collect();
        prop_assert_eq!(params.into_vec(), want);
    }

    #[test]
    fn list_methods_match_reference(pairs in sort_names(), name in "[ab]?", value in "[0-9]") {
        let params: SearchParams = pairs.iter().cloned().collect();
        prop_assert_eq!(params.get(&name), pairs.iter().find(|p| p.0 == name).map(|p| p.1.as_str()));
        let all: Vec<&str> = params.get_all(&name).collect();
        let want: Vec<&str> = pairs.iter().filter(|p| p.0 == name).map(|p| p.1.as_str()).collect();
        prop_assert_eq!(all, want);
        prop_assert_eq!(params.has(&name, Some(&value)), pairs.iter().any(|p| p.0 == name && p.1 == value));

        let mut set = params.clone();
        set.set(name.as_str(), value.as_str());
        let mut want = Vec::new();
        let mut seen = false;
        for p in &pairs {
            if p.0 == name {
                if !seen {
                    want.push((name.clone(), value.clone()));
                    seen = true;
                }
            } else {
                want.push(p.clone());
            }
        }
        if !seen {
            want.push((name.clone(), value.clone()));
        }
        prop_assert_eq!(set.into_vec(), want);

        let mut del = params.clone();
        del.delete(&name, Some(&value));
        let want: Vec<_> = pairs.iter().filter(|p| !(p.0 == name && p.1 == value)).cloned().collect();
        prop_assert_eq!(del.into_vec(), want);
        let mut del = params;
        del.delete(&name, None);
        let want: Vec<_> = pairs.iter().filter(|p| p.0 != name).cloned().collect();
        prop_assert_eq!(del.into_vec(), want);
    }
}
