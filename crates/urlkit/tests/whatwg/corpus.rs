//! Every line of the datasets (`realworld.txt`, `synthetic.txt`, `messy.txt`) goes through
//! the parser without panicking, and every success is idempotent: parsing its href gives an
//! equal `Url` with identical components.

use crate::common;

use urlkit::Url;

/// The components compared between a URL and the re-parse of its href.
fn components(u: &Url) -> [String; 12] {
    [
        u.href().to_owned(),
        u.protocol().to_owned(),
        u.username().to_owned(),
        u.password_str().to_owned(),
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

/// Whether [`Url::canonical_host_ranges`] applies to `input`; an error where its host,
/// hostname or host kind is not the parser's.
fn canonical_host_agrees(input: &str) -> Result<bool, String> {
    let Some(([host, hostname], kind)) = Url::canonical_host_ranges(input) else {
        return Ok(false);
    };
    match Url::parse(input) {
        Ok(url)
            if url.host_port() == &input[host.clone()]
                && url.hostname() == &input[hostname.clone()]
                && url.host() == Some(kind) =>
        {
            Ok(true)
        }
        other => Err(format!(
            "{input:?}: host {host:?}, hostname {hostname:?}, {kind:?}; parsed {other:?}"
        )),
    }
}

/// Parses every record; returns (successes, failures) and panics on a non-idempotent one.
fn run(name: &str, records: impl Iterator<Item = (String, Option<String>)>) -> (usize, usize) {
    let (mut ok, mut failed) = (0, 0);
    let mut bad = Vec::new();
    let mut hosts = 0;
    for (input, base) in records {
        if base.is_none() {
            assert_eq!(
                Url::can_parse(&input, None),
                Url::parse(&input).is_ok(),
                "{input:?}"
            );
            hosts += usize::from(canonical_host_agrees(&input).unwrap_or_else(|e| panic!("{e}")));
        }
        let base = base.and_then(|b| Url::parse(&b).ok());
        let Ok(url) = Url::parse_with_base(&input, base.as_ref()) else {
            failed += 1;
            continue;
        };
        ok += 1;
        // (Debug builds, which run the tests, assert the offsets' invariants in every parse.)
        match Url::parse(url.href()) {
            Ok(again) if again == url && components(&again) == components(&url) => {}
            Ok(again) => bad.push(format!("{input:?}: {url:?} re-parses as {again:?}")),
            Err(e) => bad.push(format!("{input:?}: href {:?} fails to re-parse: {e}", url.href())),
        }
    }
    println!(
        "{name}: {ok} parsed, {failed} failed to parse, {} not idempotent, {hosts} hosts sliced as written",
        bad.len()
    );
    assert!(
        bad.is_empty(),
        "{name}: {} not idempotent:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
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

mod properties {
    use super::components;
    use proptest::prelude::*;
    use urlkit::Url;

    /// URL-ish text: delimiters, dots, percent signs, brackets, spaces, tabs, non-ASCII.
    fn urlish() -> impl Strategy<Value = String> {
        let prefix = prop::sample::select(vec![
            "",
            "http://",
            "HTTP:\\\\",
            "https:",
            "file:",
            "file:///",
            "file://",
            "sc:",
            "sc://",
            "sc:/",
            "web+x://u:p@",
            "blob:",
            "HTTP://U:P@Ex.COM",
            "https://1.2.3.4",
            "ftp://a@b:21",
            "ws://[::1]",
            "//",
            "/",
            "?",
            "#",
            "..",
            "c|",
            "C:",
        ]);
        let body = "[a-zA-Z0-9:/\\\\?#@\\[\\]%.\t |é^{}'~-]{0,24}";
        (prefix, body).prop_map(|(p, b)| format!("{p}{b}"))
    }

    /// A special-looking authority: schemes, credentials, hosts and ports near the edge of
    /// what the parser keeps as written, and a tail it rewrites.
    fn authority_ish() -> impl Strategy<Value = String> {
        let scheme = prop::sample::select(vec![
            "http://",
            "https://",
            "HTTP://",
            "hTTps://",
            "wss://",
            "ws://",
            "ftp://",
            "file://",
            "sc://",
            "http:/",
            "http:\\\\",
            "https:",
            "ftp:/",
        ]);
        let userinfo = prop::sample::select(vec![
            "", "u@", "u:p@", ":p@", "u:@", "@", "a@b@", "%41@", "U@", "u\tv@",
        ]);
        let chunk = prop::sample::select(vec![
            "", "a", "ex", "Ex", "xn--", "xn--nxa", "-", ".", "..", "1", "0", "09", "255", "256", "0x1",
            "%41", "[::1]", "\t", " ", "\u{e9}", "_", "com", "1.2.3.4", "a-b",
        ]);
        let host = prop::collection::vec(chunk, 0..5).prop_map(|c| c.concat());
        let port = prop::sample::select(vec![
            "", ":", ":0", ":1", ":80", ":443", ":21", ":8080", ":65535", ":65536", ":08", ":99999", ":x",
        ]);
        let tail = "[a-z/\\\\?#@: \t%.\u{e9}]{0,8}";
        (scheme, userinfo, host, port, tail).prop_map(|(s, u, h, p, t)| format!("{s}{u}{h}{p}{t}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// The host sliced from the input as written is the parser's, wherever it is given.
        #[test]
        fn canonical_host_is_the_parsed_host(input in prop_oneof![authority_ish(), urlish()]) {
            if let Err(e) = super::canonical_host_agrees(&input) {
                return Err(TestCaseError::fail(e));
            }
        }
    }

    /// Parsing never panics; results keep their invariants and are idempotent.
    fn check_idempotent(url: &Url) -> Result<(), TestCaseError> {
        let again = Url::parse(url.href());
        prop_assert!(again.is_ok(), "{:?} does not re-parse", url.href());
        let again = again.unwrap();
        prop_assert_eq!(components(&again), components(url));
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn parse_is_total_and_idempotent(input in urlish(), base in urlish()) {
            let parsed = Url::parse(&input);
            prop_assert_eq!(Url::can_parse(&input, None), parsed.is_ok());
            if let Ok(url) = parsed {
                check_idempotent(&url)?;
            }
            let base = Url::parse(&format!("sc://h/{base}")).or_else(|_| Url::parse("http://h/a/b"));
            if let Ok(base) = base {
                if let Ok(url) = base.join(&input) {
                    check_idempotent(&url)?;
                }
            }
        }

        #[test]
        fn arbitrary_text_never_panics(input in any::<String>(), other in any::<String>()) {
            let parsed = Url::parse(&input);
            prop_assert_eq!(Url::can_parse(&input, None), parsed.is_ok());
            let mut base = Url::parse("http://h/a/b?c#d").unwrap();
            if let Ok(url) = base.join(&input) {
                check_idempotent(&url)?;
            }
            let _ = Url::can_parse(&input, Some(&other));
            let _ = base.set_pathname(&input);
            let _ = base.set_host_port(&other);
            let _ = base.set_search(&input);
            check_idempotent(&base)?;
        }

        #[test]
        fn setters_keep_invariants(input in urlish(), which in 0usize..14, value in urlish()) {
            let Ok(mut url) = Url::parse(&input) else { return Ok(()) };
            let before = url.clone();
            let result = match which {
                0 => url.set_href(&value),
                1 => url.set_protocol(&value),
                2 => url.set_username_str(&value),
                3 => url.set_password_str(&value),
                4 => url.set_host_port(&value),
                5 => url.set_hostname(&value),
                6 => url.set_port_str(&value),
                7 => url.set_pathname(&value),
                8 => url.set_search(&value),
                9 => url.set_hash(&value),
                10 => {
                    url.set_query(Some(&value));
                    Ok(())
                }
                11 => {
                    url.set_query(None);
                    Ok(())
                }
                12 => {
                    url.set_fragment(Some(&value));
                    Ok(())
                }
                _ => {
                    url.set_fragment(None);
                    Ok(())
                }
            };
            if result.is_err() {
                prop_assert_eq!(components(&url), components(&before), "an error must leave the URL unchanged");
            }
            check_idempotent(&url)?;
        }
    }
}
