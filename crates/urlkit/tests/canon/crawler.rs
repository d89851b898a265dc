//! `canon::crawler` against w3lib's `canonicalize_url` (2.5.0) on every input of the
//! datasets. The two differ by design in a few ways, each recognized here by a rule and
//! counted with its reason; any other difference fails the test.

use crate::python;
use std::collections::BTreeMap;
use urlkit::percent::percent_decode_str;
use urlkit::Url;

/// The parameters of a query, fully decoded (`+` as space).
fn params(query: Option<&str>) -> Vec<(String, String)> {
    let decode = |s: &str| {
        percent_decode_str(&s.replace('+', " "))
            .decode_utf8_lossy()
            .into_owned()
    };
    query
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (n, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(n), decode(v))
        })
        .collect()
}

/// Why w3lib's answer differs from ours, when the difference is one of the known ones.
fn reason(
    input: &str,
    ours: Option<&str>,
    theirs: &serde_json::Value,
    canon: &dyn Fn(&str) -> Option<String>,
) -> Option<&'static str> {
    let Some(ours) = ours else {
        return Some("not a URL by the URL Standard: urlkit fails, w3lib passes the text through");
    };
    let Some(theirs) = theirs.as_str() else {
        return Some("w3lib raises");
    };
    if canon(theirs).as_deref() == Some(ours) {
        return Some(
            "w3lib's answer is another spelling of the same URL: the URL Standard's host (escapes decoded, \
             IPv4 forms, fullwidth dots), default port, file: and special-scheme slashes, backslashes",
        );
    }
    let (a, b) = (Url::parse(ours).ok()?, Url::parse(theirs).ok());
    let Some(b) = b else {
        return Some("w3lib's answer is not a URL by the URL Standard");
    };
    if a.scheme() == "file" {
        return Some(
            "file: URLs by the URL Standard: a drive letter (`C:`) stays the first path segment, above which `..` \
             cannot go, and `localhost` is dropped; w3lib reads `C:` as a host or a removable segment",
        );
    }
    if !a.is_special() {
        return Some(
            "non-special schemes (s3:, ldap:, …): the URL Standard keeps their opaque host's case and an empty path; \
             w3lib lower-cases the host and adds `/`",
        );
    }
    if input.contains(":///") || input.contains(":\\\\\\") {
        return Some(
            "special scheme with an empty authority: the URL Standard takes the next segment as the host",
        );
    }
    let path = |u: &Url| percent_decode_str(u.pathname()).decode_utf8_lossy().into_owned();
    let (pa, pb) = (params(a.query()), params(b.query()));
    if a.host() != b.host() {
        let host_text = input.split("://").nth(1).unwrap_or(input);
        let host_text = host_text.split(['/', '?', '#']).next().unwrap_or("");
        if !host_text.is_ascii() || host_text.contains('%') {
            return Some(
                "IDNA: w3lib's IDNA 2003 (ß → ss, escapes kept in hosts) against UTS 46 nontransitional",
            );
        }
        return None;
    }
    if a.scheme() != b.scheme() || a.port() != b.port() || path(&a) != path(&b) {
        return None;
    }
    if pa == pb {
        return Some("escapes: w3lib escapes query characters the URL Standard leaves (`!()*:;,|^{}` …) and decodes path ones (`[ ]` …)");
    }
    let (mut sa, mut sb) = (pa.clone(), pb.clone());
    sa.sort();
    sb.sort();
    if sa == sb {
        return Some("repeated names: urlkit keeps their values in order (stable sort by name), w3lib sorts values too");
    }
    None
}

fn compare(file: &str) {
    compare_with(file, "w3lib", &|input| urlkit::canon::crawler(input).ok());
}

/// `mode` of `canon-expected.py` against `canon`, over `file`.
fn compare_with(file: &str, mode: &str, canon: &dyn Fn(&str) -> Option<String>) {
    let Some(inputs) = python::dataset_inputs(file) else {
        return;
    };
    let Some(expected) = python::expected(mode, &[], &inputs) else {
        return;
    };
    let mut same = 0;
    let mut explained = BTreeMap::<&str, usize>::new();
    let mut unexplained = Vec::new();
    for (input, want) in inputs.iter().zip(&expected) {
        let got = canon(input);
        if got.as_deref() == want.as_str() {
            same += 1;
            continue;
        }
        match reason(input, got.as_deref(), want, canon) {
            Some(r) => *explained.entry(r).or_default() += 1,
            None => unexplained.push(format!("{input:?}\n   urlkit {got:?}\n   w3lib  {want}")),
        }
    }
    println!(
        "{mode} {file}: {} inputs, {same} the same; explained differences: {explained:#?}",
        inputs.len()
    );
    assert!(
        unexplained.is_empty(),
        "{file}: {} unexplained differences:\n{}",
        unexplained.len(),
        unexplained
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn crawler_against_w3lib_on_realworld() {
    compare("realworld.txt");
}

#[test]
fn crawler_against_w3lib_on_messy() {
    compare("messy.txt");
}

/// w3lib's `keep_blank_values=False` is the crawler profile with the `empty-query` step: the
/// crawler writes a name without `=` as `name=`, so both drop it with the `name=` pieces.
fn compare_no_blanks(file: &str) {
    let n =
        urlkit::canon::Normalizer::new(urlkit::canon::Profile::Crawler).step(urlkit::canon::Step::EmptyQuery);
    compare_with(file, "w3lib-no-blanks", &|input| n.normalize(input).ok());
}

#[test]
fn crawler_with_empty_query_against_w3lib_without_blank_values_on_realworld() {
    compare_no_blanks("realworld.txt");
}

#[test]
fn crawler_with_empty_query_against_w3lib_without_blank_values_on_messy() {
    compare_no_blanks("messy.txt");
}

/// Fuzzing (`canon_idempotent`, finding F6): a `%` that starts no escape, followed by an escape
/// that decodes to a hex digit, made a new escape (`%%33` → `%3` + `3`) that a second pass
/// decoded again. A lone `%` is now written `%25`, so nothing decoded can complete an escape.
#[test]
fn lone_percent_is_escaped_and_canonical_forms_are_fixed_points() {
    for (input, want) in [
        ("C:%%3333%%", "c:%25333%25%25"),
        ("http://h/%%41%", "http://h/%25A%25"),
        ("http://h/?a=%%32%30", "http://h/?a=%2520"),
        ("http://h/%25", "http://h/%25"),
    ] {
        let once = urlkit::canon::crawler(input).unwrap();
        assert_eq!(once, want, "{input:?}");
        assert_eq!(urlkit::canon::crawler(&once).unwrap(), once, "{input:?}");
    }
}

proptest::proptest! {
    /// Idempotence over text made of escapes, lone `%`, hex digits and the delimiters the
    /// profile splits on: where escape-creation bugs live.
    #[test]
    fn crawler_is_idempotent(tail in "[%0-9a-fA-F/?&=.+~ ]{0,24}") {
        for prefix in ["http://h/", "c:", "foo://h/", "http://h/?"] {
            let input = format!("{prefix}{tail}");
            if let Ok(once) = urlkit::canon::crawler(&input) {
                let twice = urlkit::canon::crawler(&once);
                proptest::prop_assert_eq!(twice.as_deref(), Ok(once.as_str()), "{:?}", input);
            }
        }
    }
}

/// Fuzzing (`canon_idempotent`, finding F7): in a `file:` URL, an escaped letter before `|` or
/// `:` at the start of the path (`file:%43|`) is no Windows drive letter, but decoded it is one
/// (`C|`), which the next parse rewrites (`C:`). Such an escape is kept; others are decoded.
#[test]
fn an_escaped_drive_letter_stays_escaped() {
    for (input, want) in [
        ("file:%43|", "file:///%43|"),
        ("file:///%6a:/x", "file:///%6A:/x"),
        ("file:///%43%7C", "file:///C%7C"),
        ("file:///%43x|", "file:///Cx|"),
        ("file:///a/%43|", "file:///a/C|"),
        ("http://h/%43|", "http://h/C|"),
    ] {
        let once = urlkit::canon::crawler(input).unwrap();
        assert_eq!(once, want, "{input:?}");
        assert_eq!(urlkit::canon::crawler(&once).unwrap(), once, "{input:?}");
    }
    for profile in urlkit::canon::Profile::ALL {
        if let Ok(once) = profile.canonicalize("file:%43|") {
            if profile != urlkit::canon::Profile::Surt {
                assert_eq!(
                    profile.canonicalize(&once).as_deref(),
                    Ok(once.as_str()),
                    "{}",
                    profile.name()
                );
            }
        }
    }
}
