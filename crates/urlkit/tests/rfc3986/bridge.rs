//! WHATWG `Url` ↔ RFC 3986 `Uri` bridges: the URI is always valid, and identical to the
//! URL's serialization whenever that is already a valid URI.

use urlkit::rfc3986::{Uri, UriRef};
use urlkit::Url;

use crate::common;

fn check(url: &Url) -> Uri {
    let uri = Uri::from_url(url);
    let reparsed =
        UriRef::parse_uri(uri.as_str()).unwrap_or_else(|e| panic!("{} -> {}: {e}", url.as_str(), uri));
    assert_eq!(reparsed.to_owned(), uri);
    if UriRef::parse(url.as_str()).is_ok() {
        assert_eq!(uri.as_str(), url.as_str());
    }
    // Same components, only encoded: scheme, host presence, query/fragment presence.
    assert_eq!(uri.scheme(), Some(url.scheme()));
    assert_eq!(uri.host().is_some(), url.host().is_some(), "{}", url.as_str());
    assert_eq!(uri.query().is_some(), url.query().is_some());
    assert_eq!(uri.fragment().is_some(), url.fragment().is_some());
    uri
}

#[test]
fn raw_characters_are_encoded() {
    for (input, expected) in [
        ("http://h/a|b", "http://h/a%7Cb"),
        ("http://h/?a[b]=\"c\"", "http://h/?a%5Bb%5D=%22c%22"),
        ("http://h/#a#b", "http://h/#a%23b"),
        ("http://h/%zz%41", "http://h/%25zz%41"),
        ("foo://h{x}/", "foo://h%7Bx%7D/"),
        ("web+demo:/.//not-a-host/", "web+demo:/.//not-a-host/"),
        ("http://u:p%7C@h/", "http://u:p%7C@h/"),
        ("http://[::1]:8080/", "http://[::1]:8080/"),
        ("mailto:a b@c", "mailto:a%20b@c"),
    ] {
        let url = Url::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(check(&url).as_str(), expected, "{input}");
    }
}

#[test]
fn uri_to_url() {
    let uri = Uri::parse("HTTPS://Example.COM:443/a/%7e/../b?c#d").unwrap();
    assert_eq!(uri.to_url().unwrap().as_str(), "https://example.com/a/b?c#d");
    assert!(Uri::parse("//h/").unwrap().to_url().is_err());
}

#[test]
fn every_dataset_url_bridges_to_a_valid_uri() {
    for file in ["realworld.txt", "messy.txt"] {
        let Some(lines) = common::dataset_lines(file) else {
            return;
        };
        let mut n = 0;
        for line in &lines {
            let (input, base) = common::messy_record(line);
            let base = base.and_then(|b| Url::parse(&b).ok());
            if let Ok(url) = Url::parse_with_base(&input, base.as_ref()) {
                check(&url);
                n += 1;
            }
        }
        assert!(n > 1000, "{file}: {n}");
    }
}
