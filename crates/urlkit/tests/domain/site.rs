//! The HTML Standard's same site and schemelessly same site.

use urlkit::domain::{same_site, schemelessly_same_site};
use urlkit::{Origin, Url};

fn origin(url: &str) -> Origin {
    Url::parse(url).unwrap().origin()
}

#[test]
fn sites() {
    // (a, b, schemelessly same site, same site)
    let cases = [
        ("https://example.com", "https://example.com:8443", true, true),
        ("https://a.example.com", "https://b.example.com", true, true),
        ("https://a.example.com", "http://b.example.com", true, false),
        ("https://example.co.uk", "https://example2.co.uk", false, false),
        ("https://a.github.io", "https://b.github.io", false, false),
        ("https://x.a.github.io", "https://a.github.io", true, true),
        ("http://10.0.0.1", "http://10.0.0.1:81", true, true),
        ("http://10.0.0.1", "https://10.0.0.1", true, false),
        ("http://10.0.0.1", "http://10.0.0.2", false, false),
        ("http://[::1]", "http://[::1]:8080", true, true),
        // A host that is a public suffix has no registrable domain: compared as a host.
        ("https://github.io", "https://github.io", true, true),
        ("https://github.io", "https://a.github.io", false, false),
        ("https://localhost", "http://localhost:3000", true, false),
        ("https://example.com", "https://example.com.", false, false),
    ];
    for (a, b, schemeless, same) in cases {
        let (oa, ob) = (origin(a), origin(b));
        assert_eq!(schemelessly_same_site(&oa, &ob), schemeless, "{a} {b}");
        assert_eq!(schemelessly_same_site(&ob, &oa), schemeless, "{b} {a}");
        assert_eq!(same_site(&oa, &ob), same, "{a} {b}");
        assert_eq!(same_site(&ob, &oa), same, "{b} {a}");
    }
}

#[test]
fn opaque_origins() {
    let data = origin("data:,x");
    assert!(same_site(&data, &data.clone()));
    assert!(schemelessly_same_site(&data, &data));
    assert!(!same_site(&data, &origin("data:,x")));
    assert!(!same_site(&data, &origin("https://example.com")));
    assert!(!schemelessly_same_site(&origin("https://example.com"), &data));
}
