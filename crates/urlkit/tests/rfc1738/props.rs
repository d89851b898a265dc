//! Property tests for the RFC 1738 schemes: no panics, `make_safer` output is `*xchar`
//! and idempotent, `same_encoding_level_eq` is an equivalence that holds between a URL and
//! its safer form, and ftp views round-trip encoded path elements.

use proptest::prelude::*;
use urlkit::rfc1738::encoding::{classify, make_safer, same_encoding_level_eq};
use urlkit::rfc1738::{extract_from_context, parse, validate};

/// URL-ish strings: a known scheme prefix, then characters of every RFC 1738 class.
fn urlish() -> impl Strategy<Value = String> {
    let prefix = prop::sample::select(vec![
        "ftp://",
        "http://",
        "gopher://",
        "mailto:",
        "news:",
        "nntp://",
        "telnet://",
        "wais://",
        "file://",
        "prospero://",
        "snews://",
        "x:",
        "URL:http://",
        "",
        "HTTP://",
    ]);
    let unit = prop::sample::select(vec![
        "a", "Z", "0", "9", ".", "-", "+", "$", "_", "!", "*", "'", "(", ")", ",", ";", "/", "?", ":", "@",
        "&", "=", "%", "%09", "%2F", "%2f", "%41", "%zz", "%4", "#", " ", "~", "[", "]", "<", "\"", "\t",
        "\u{7F}", "é", "1.2.3.4", "host.dom", ";type=d", ";type=",
    ]);
    (prefix, prop::collection::vec(unit, 0..24)).prop_map(|(p, u)| format!("{p}{}", u.concat()))
}

fn any_input() -> impl Strategy<Value = String> {
    prop_oneof![urlish(), any::<String>()]
}

/// Every byte of `s` is an `xchar` or part of an `escape` (RFC 1738 §5).
fn xchars_only(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if i + 3 > b.len() || !b[i + 1].is_ascii_hexdigit() || !b[i + 2].is_ascii_hexdigit() {
                return false;
            }
            i += 3;
        } else if classify(b[i]).is_unreserved() || b";/?:@&=".contains(&b[i]) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// A naive encoder for one ftp path element: everything but alphanumerics as `%XX`.
fn encode_all(s: &str) -> String {
    s.bytes()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                (c as char).to_string()
            } else {
                format!("%{c:02X}")
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn never_panics_and_parse_reports_validate(s in any_input()) {
        let v = validate(&s);
        prop_assert!(!extract_from_context(&s).bytes().any(|c| c.is_ascii_whitespace()));
        if let Ok(p) = parse(&s) {
            prop_assert_eq!(p.validation, v);
            if let Some(ftp) = p.view.as_ftp() {
                let _ = ftp.commands();
            }
        }
    }

    #[test]
    fn make_safer_is_xchar_only_and_validates(s in any_input()) {
        let safe = make_safer(&s);
        prop_assert!(xchars_only(&safe), "{:?}", safe);
        let other = format!("x:{safe}");
        prop_assert_eq!(validate(&other), Ok(()));
    }

    #[test]
    fn make_safer_is_idempotent(s in any_input()) {
        let once = make_safer(&s).into_owned();
        prop_assert_eq!(make_safer(&once), once.as_str());
    }

    #[test]
    fn same_level_is_reflexive_symmetric_and_holds_for_safer(a in any_input(), b in any_input()) {
        prop_assert!(same_encoding_level_eq(&a, &a));
        prop_assert_eq!(same_encoding_level_eq(&a, &b), same_encoding_level_eq(&b, &a));
        let safe = make_safer(&a);
        prop_assert!(same_encoding_level_eq(&a, &safe), "{:?} vs {:?}", a, safe);
        prop_assert!(same_encoding_level_eq(&safe, &a));
    }

    #[test]
    fn ftp_elements_round_trip(
        cwd in prop::collection::vec(any::<String>(), 0..5),
        name in any::<String>(),
        typecode in prop::option::of(prop::sample::select(vec!['a', 'i', 'd'])),
    ) {
        let mut url = String::from("ftp://user@host.dom/");
        for c in &cwd {
            url.push_str(&encode_all(c));
            url.push('/');
        }
        url.push_str(&encode_all(&name));
        if let Some(t) = typecode {
            url.push_str(";type=");
            url.push(t);
        }
        prop_assert_eq!(validate(&url), Ok(()));
        let p = parse(&url).unwrap();
        let ftp = p.view.as_ftp().unwrap();
        let got: Vec<&str> = ftp.cwd().iter().map(|c| c.as_ref()).collect();
        prop_assert_eq!(got, cwd.iter().map(String::as_str).collect::<Vec<_>>());
        prop_assert_eq!(ftp.name(), name.as_str());
        prop_assert_eq!(ftp.typecode(), typecode);
        // §3.2.2, written out step by step.
        let mut expect: Vec<String> = cwd.iter().map(|c| format!("CWD {c}")).collect();
        match typecode {
            Some('d') if name.is_empty() => expect.push("NLST".into()),
            Some('d') => expect.push(format!("NLST {name}")),
            t => {
                if let Some(t) = t {
                    expect.push(format!("TYPE {}", t.to_ascii_uppercase()));
                }
                if !name.is_empty() {
                    expect.push(format!("RETR {name}"));
                }
            }
        }
        prop_assert_eq!(ftp.commands(), expect);
    }
}

// ---------------------------------------------------------------------------------------
// Generators written from the RFC 1738 §5 BNF: whatever they produce must validate, and
// a space put anywhere after the scheme must make it fail at or before the space.

/// `*[ unreserved | escape | extra ]` for the given extra characters.
fn chars_run(extra: &'static str, min: usize) -> impl Strategy<Value = String> {
    let mut alphabet: Vec<char> = "aZ09$-_.+!*'(),".chars().collect();
    alphabet.extend(extra.chars());
    let unit = prop_oneof![
        4 => prop::sample::select(alphabet).prop_map(String::from),
        1 => any::<u8>().prop_map(|b| format!("%{b:02x}")),
    ];
    prop::collection::vec(unit, min..6).prop_map(|v| v.concat())
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        "([a-z0-9]([a-z0-9-]{0,3}[a-z0-9])?\\.){0,3}[a-zA-Z]([a-z0-9-]{0,3}[a-z0-9])?",
        "[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,5}",
    ]
}

fn hostport() -> impl Strategy<Value = String> {
    (host(), prop::option::of("[0-9]{1,6}")).prop_map(|(h, p)| match p {
        Some(p) => format!("{h}:{p}"),
        None => h,
    })
}

fn login() -> impl Strategy<Value = String> {
    let userinfo = prop::option::of((chars_run(";?&=", 0), prop::option::of(chars_run(";?&=", 0))));
    (userinfo, hostport()).prop_map(|(ui, hp)| match ui {
        Some((u, Some(p))) => format!("{u}:{p}@{hp}"),
        Some((u, None)) => format!("{u}@{hp}"),
        None => hp,
    })
}

fn segments(extra: &'static str) -> impl Strategy<Value = String> {
    prop::collection::vec(chars_run(extra, 0), 1..4).prop_map(|v| v.join("/"))
}

fn valid_url() -> impl Strategy<Value = String> {
    let xchar = ";/?:@&=";
    prop_oneof![
        (
            login(),
            prop::option::of((segments("?:@&="), prop::option::of("[aidAID]")))
        )
            .prop_map(|(l, p)| match p {
                Some((path, Some(t))) => format!("ftp://{l}/{path};type={t}"),
                Some((path, None)) => format!("ftp://{l}/{path}"),
                None => format!("ftp://{l}"),
            }),
        (prop::option::of(host()), segments("?:@&="))
            .prop_map(|(h, p)| format!("file://{}/{p}", h.unwrap_or_default())),
        (
            hostport(),
            prop::option::of((segments(";:@&="), prop::option::of(chars_run(";:@&=", 0))))
        )
            .prop_map(|(h, p)| match p {
                Some((path, Some(s))) => format!("HTTP://{h}/{path}?{s}"),
                Some((path, None)) => format!("http://{h}/{path}"),
                None => format!("http://{h}"),
            }),
        (
            hostport(),
            prop::option::of((
                chars_run(xchar, 1),
                prop::collection::vec(chars_run(xchar, 0), 0..3)
            ))
        )
            .prop_map(|(h, p)| match p {
                Some((first, rest)) => format!(
                    "gopher://{h}/{first}{}",
                    rest.iter().map(|r| format!("%09{r}")).collect::<String>()
                ),
                None => format!("gopher://{h}/"),
            }),
        chars_run(xchar, 1).prop_map(|a| format!("mailto:{a}")),
        prop_oneof![
            Just("*".to_string()),
            "[a-zA-Z][a-zA-Z0-9.+_-]{0,8}",
            (chars_run(";/?:&=", 1), host()).prop_map(|(a, h)| format!("{a}@{h}")),
        ]
        .prop_map(|g| format!("news:{g}")),
        (
            hostport(),
            "[a-z][a-z0-9.+_-]{0,8}",
            prop::option::of("[0-9]{1,20}")
        )
            .prop_map(|(h, g, n)| match n {
                Some(n) => format!("nntp://{h}/{g}/{n}"),
                None => format!("nntp://{h}/{g}"),
            }),
        (login(), any::<bool>()).prop_map(|(l, s)| format!("telnet://{l}{}", if s { "/" } else { "" })),
        (
            hostport(),
            chars_run("", 0),
            prop_oneof![
                Just(String::new()),
                chars_run(";:@&=", 0).prop_map(|s| format!("?{s}")),
                (chars_run("", 0), chars_run("", 0)).prop_map(|(t, p)| format!("/{t}/{p}")),
            ]
        )
            .prop_map(|(h, d, rest)| format!("wais://{h}/{d}{rest}")),
        (
            hostport(),
            segments("?:@&="),
            prop::collection::vec((chars_run("?:@&", 0), chars_run("?:@&", 0)), 0..3)
        )
            .prop_map(|(h, p, f)| format!(
                "prospero://{h}/{p}{}",
                f.iter().map(|(n, v)| format!(";{n}={v}")).collect::<String>()
            )),
        ("[a-z0-9+.-]{1,8}", chars_run(xchar, 0)).prop_map(|(s, p)| format!("{s}:{p}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn bnf_generated_urls_validate(url in valid_url()) {
        prop_assert_eq!(validate(&url), Ok(()), "{}", url);
    }

    #[test]
    fn a_space_always_fails_at_or_before_it(url in valid_url(), at in any::<prop::sample::Index>()) {
        let colon = url.find(':').unwrap();
        let pos = colon + 1 + at.index(url.len() - colon);
        let mut bad = url.clone();
        bad.insert(pos, ' ');
        let e = validate(&bad).unwrap_err();
        prop_assert!(e.position() <= pos, "{:?}: {}", bad, e);
    }
}
