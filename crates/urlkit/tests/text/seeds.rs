//! The specification texts themselves: the examples of RFC 1738's appendix and RFC 3986
//! Appendix C, and, for every file of `shared/specs`, the list of URLs found, pinned in
//! `pinned/<file>.txt` after review by hand (`URLKIT_BLESS=1` rewrites the lists; review the
//! diff).

use urlkit::text::{links, Kind};

/// The text between the first line starting with `from` and the next starting with `to`.
fn section<'a>(text: &'a str, from: &str, to: &str) -> &'a str {
    let start = text.find(from).unwrap_or_else(|| panic!("{from:?} not found"));
    let end = start
        + text[start..]
            .find(to)
            .unwrap_or_else(|| panic!("{to:?} not found"));
    &text[start..end]
}

#[test]
fn rfc1738_appendix_example() {
    let Some(rfc) = crate::specs::read("000_63f522631ba22797.txt") else {
        return;
    };
    let appendix = section(
        &rfc,
        "APPENDIX: Recommendations for URLs in Context",
        "References",
    );
    let found: Vec<_> = links(appendix).collect();
    let urls: Vec<_> = found.iter().map(|l| l.url().into_owned()).collect();
    assert_eq!(
        urls,
        [
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "ftp://ds.internic.net/rfc",
            "http://ds.internic.net/instructions/overview.html#WARNING",
        ]
    );
    for link in &found {
        assert_eq!(link.kind(), Kind::UrlWrapper);
        assert!(link.is_wrapped() && !link.is_ambiguous() && link.is_valid());
        assert!(link.as_str().starts_with("<URL:") && link.as_str().ends_with('>'));
        assert_eq!(&appendix[link.span()], link.as_str());
    }
}

#[test]
fn rfc3986_appendix_c_examples() {
    let Some(rfc) = crate::specs::read("rfc3986.txt") else {
        return;
    };
    let appendix = section(&rfc, "Appendix C.  Delimiting a URI in Context", "Appendix D.");
    let example = section(appendix, "      Yes, Jim", "   contains the URI references");
    let found: Vec<_> = links(example).collect();
    let urls: Vec<_> = found.iter().map(|l| l.url().into_owned()).collect();
    // "contains the URI references" — the three that follow in the appendix.
    let listed: Vec<&str> = appendix
        .split("contains the URI references")
        .nth(1)
        .unwrap()
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(urls, listed);
    assert_eq!(
        found
            .iter()
            .map(|l| (l.kind(), l.is_wrapped()))
            .collect::<Vec<_>>(),
        [(Kind::Quoted, false), (Kind::Angle, true), (Kind::Angle, true)]
    );
    // The delimiting examples before it: quotes, angle brackets, whitespace.
    let styles = section(appendix, "   In practice, URIs", "   These wrappers");
    let kinds: Vec<_> = links(styles).map(|l| (l.url().into_owned(), l.kind())).collect();
    assert_eq!(
        kinds,
        [
            ("http://example.com/".to_owned(), Kind::Quoted),
            ("http://example.com/".to_owned(), Kind::Angle),
            ("http://example.com/".to_owned(), Kind::Scheme),
        ]
    );
}

#[test]
fn hyphen_rule() {
    // RFC 3986 Appendix C: "the interpreter of a URI containing a line break immediately
    // after a hyphen should ignore all whitespace around the line break and should be aware
    // that the hyphen may or may not actually be part of the URI".
    for (text, url, alt) in [
        (
            "<http://example.com/draft-ietf-\n     uri-irl.txt>",
            "http://example.com/draft-ietf-uri-irl.txt",
            "http://example.com/draft-ietfuri-irl.txt",
        ),
        (
            "<URL:ftp://a.example/x- \r\n y>",
            "ftp://a.example/x-y",
            "ftp://a.example/xy",
        ),
        (
            "<URL:ftp://a.example/x- y>",
            "ftp://a.example/x-y",
            "ftp://a.example/xy",
        ),
    ] {
        let link = crate::one(text);
        assert_eq!(link.url(), url, "{text:?}");
        assert!(link.is_ambiguous() && link.is_wrapped(), "{text:?}");
        assert_eq!(link.alternatives(), [alt], "{text:?}");
    }
    // A hyphen that does not end a line is no ambiguity.
    let link = crate::one("<http://example.com/a-b/\n c>");
    assert!(!link.is_ambiguous() && link.alternatives().is_empty());
}

fn pinned_list(text: &str) -> String {
    let mut out = String::new();
    for l in links(text) {
        out.push_str(&format!("{} {}:{} {}\n", l.kind(), l.line(), l.column(), l.url()));
    }
    out
}

#[test]
fn every_seed_document_pinned() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/text/pinned");
    let bless = std::env::var_os("URLKIT_BLESS").is_some();
    let docs = crate::specs::all();
    let mut failures = Vec::new();
    for (name, text) in &docs {
        if name == "README.md" {
            continue;
        }
        let got = pinned_list(text);
        let path = dir.join(format!("{name}.txt"));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if got != want {
            failures.push(format!("{name}: found\n{got}\npinned\n{want}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if !docs.is_empty() {
        assert!(dir.join("rfc3986.txt.txt").exists());
    }
}
