//! The owned `Uri`'s setters and builder: building from the parts of a parsed reference
//! gives the same reference over every dataset line (issue 28 item 2), and a setter accepts
//! a value exactly when the reference written with it parses with that value in place.

use crate::common;

use proptest::prelude::*;
use urlkit::rfc3986::{Uri, UriRef};

/// The seven components of a reference, absent ones `None` (the path is always there).
type Parts = [Option<String>; 7];

fn parts(r: &UriRef<'_>) -> Parts {
    [
        r.scheme(),
        r.userinfo(),
        r.host(),
        r.port(),
        Some(r.path()),
        r.query(),
        r.fragment(),
    ]
    .map(|c| c.map(str::to_owned))
}

/// §5.3 recomposition, written here independently of the library.
fn recompose(p: &Parts) -> String {
    let mut s = String::new();
    if let Some(scheme) = &p[0] {
        s += scheme;
        s += ":";
    }
    if let Some(host) = &p[2] {
        s += "//";
        if let Some(userinfo) = &p[1] {
            s += userinfo;
            s += "@";
        }
        s += host;
        if let Some(port) = &p[3] {
            s += ":";
            s += port;
        }
    }
    s += p[4].as_deref().unwrap_or("");
    if let Some(query) = &p[5] {
        s += "?";
        s += query;
    }
    if let Some(fragment) = &p[6] {
        s += "#";
        s += fragment;
    }
    s
}

fn rebuild(r: &UriRef<'_>) -> Result<Uri, urlkit::rfc3986::SetError> {
    let mut b = Uri::builder().path(r.path());
    if let Some(v) = r.scheme() {
        b = b.scheme(v);
    }
    if let Some(v) = r.userinfo() {
        b = b.userinfo(v);
    }
    if let Some(v) = r.host() {
        b = b.host(v);
    }
    if let Some(v) = r.port() {
        b = b.port(v);
    }
    if let Some(v) = r.query() {
        b = b.query(v);
    }
    if let Some(v) = r.fragment() {
        b = b.fragment(v);
    }
    b.build()
}

/// Rebuilds every reference of `lines` that parses, and sets each of its components to
/// itself; returns how many, panicking with those that changed.
fn run(name: &str, lines: &[String]) -> usize {
    let (mut ok, mut bad) = (0, Vec::new());
    for line in lines {
        let Ok(r) = UriRef::parse(line) else { continue };
        ok += 1;
        match rebuild(&r) {
            Ok(u) if u.as_str() == line => {}
            Ok(u) => bad.push(format!("{line:?} rebuilds as {:?}", u.as_str())),
            Err(e) => bad.push(format!("{line:?} does not rebuild: {e}")),
        }
        let mut u = r.to_owned();
        let same = u.set_scheme(r.scheme()).is_ok()
            && u.set_host(r.host()).is_ok()
            && u.set_userinfo(r.userinfo()).is_ok()
            && u.set_port(r.port()).is_ok()
            && u.set_path(r.path()).is_ok()
            && u.set_query(r.query()).is_ok()
            && u.set_fragment(r.fragment()).is_ok();
        if !same || u.as_str() != line {
            bad.push(format!(
                "{line:?}: setting each component to itself gives {:?}",
                u.as_str()
            ));
        }
    }
    println!(
        "{name}: {ok} references rebuilt from their components, {} differ",
        bad.len()
    );
    assert!(bad.is_empty(), "{name}:\n{}", bad[..bad.len().min(20)].join("\n"));
    ok
}

#[test]
fn datasets_rebuild() {
    for file in ["realworld.txt", "synthetic.txt"] {
        if let Some(lines) = common::dataset_lines(file) {
            assert!(run(file, &lines) > 0);
        }
    }
    if let Some(lines) = common::dataset_lines("messy.txt") {
        let inputs: Vec<String> = lines.iter().map(|l| common::messy_record(l).0).collect();
        assert!(run("messy.txt", &inputs) > 0);
    }
}

#[test]
fn errors_say_where() {
    let mut u = Uri::parse("http://h/p?q#f").unwrap();
    let e = u.set_userinfo(Some("a/b")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid userinfo: expected userinfo at byte 1, found '/'"
    );
    let e = u.set_host(Some("[::1")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid host: expected IP-literal at byte 4, found end of input"
    );
    let e = u.set_query(Some("%4g")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid query: expected HEXDIG at byte 2, found 'g'"
    );
    let mut rel = Uri::parse("//h/p").unwrap();
    let e = rel
        .set_host(None)
        .map(|()| rel.set_path("//x"))
        .unwrap()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid path: expected path-absolute at byte 1, found '/'"
    );
    let mut noscheme = Uri::parse("a:b:c").unwrap();
    let e = noscheme.set_scheme(None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid path: expected segment-nz-nc at byte 1, found ':'"
    );
    // A refused value leaves the reference as it was.
    assert_eq!(noscheme.as_str(), "a:b:c");
    assert_eq!(u.as_str(), "http://h/p?q#f");
}

/// A reference to edit, and a value to set: text made of the delimiters and a few
/// ordinary bytes, so that both accepted and refused values are common.
fn reference() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "",
        "a",
        "a/b",
        "/a",
        "//h",
        "//h/p",
        "s:",
        "s:p:q",
        "s:/p",
        "s://u@h:1/p?q#f",
        "//[::1]:80",
        "?q",
        "#f",
        "s://h",
        "./a:b",
    ])
    .prop_map(str::to_owned)
}

fn value() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "a", "Z", "1", ":", "/", "//", "?", "#", "@", "[", "]", "%", "%41", "%g", " ", ".", "-", "+",
            "[::1]", "[v1.x]", "é", "!",
        ]),
        0..5,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn setter_accepts_iff_the_reference_parses(text in reference(), which in 0usize..7, v in value(), none in any::<bool>()) {
        let original = Uri::parse(&text).unwrap();
        let r = original.as_ref();
        let mut expect = parts(&r);
        let new = if none && which != 4 { None } else { Some(v.clone()) };
        expect[which] = new.clone();
        // Removing the host removes the authority.
        if which == 2 && new.is_none() {
            expect[1] = None;
            expect[3] = None;
        }
        let written = recompose(&expect);
        let parses = UriRef::parse(&written).is_ok_and(|again| parts(&again) == expect);
        let mut u = original.clone();
        let n = new.as_deref();
        let result = match which {
            0 => u.set_scheme(n),
            1 => u.set_userinfo(n),
            2 => u.set_host(n),
            3 => u.set_port(n),
            4 => u.set_path(&v),
            5 => u.set_query(n),
            _ => u.set_fragment(n),
        };
        prop_assert_eq!(result.is_ok(), parses, "{:?} component {} = {:?}: {:?} ({:?})", text, which, new, result, written);
        if result.is_ok() {
            prop_assert_eq!(u.as_str(), written);
        } else {
            prop_assert_eq!(u.as_str(), original.as_str());
        }
    }
}
