//! No operation of the RFC 3986/3987 layer panics, and the owned results always re-parse,
//! on inputs biased towards URI syntax (delimiters, dots, escapes, brackets, non-ASCII).

use proptest::prelude::*;
use urlkit::rfc3986::{equivalent, IriRef, Uri, UriRef};

fn uri_like() -> impl Strategy<Value = String> {
    "([a-zA-Z][a-z0-9+.-]{0,3}:)?(//([a-z0-9:@]{0,6}|\\[[0-9a-fA-F:.v%25]{0,12}\\])(:[0-9]{0,5})?)?([a-zA-Z0-9/.:@!$&'()*+,;=~_-]|%[0-9A-Fa-f]{2}|%|\\.\\.|ü|\u{E000}|\u{202E}){0,16}(\\?[a-z/?%0-9A-F]{0,6})?(#[a-z/?#%0-9A-F]{0,6})?"
}

fn valid(u: &Uri) -> bool {
    Uri::parse(u.as_str()).as_ref() == Ok(u)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn every_operation_is_total(s in uri_like(), base in uri_like()) {
        let b = Uri::parse(&base).ok().filter(|b| b.scheme().is_some());
        if let Ok(r) = UriRef::parse(&s) {
            let n = r.normalized();
            prop_assert!(valid(&n), "normalized {} -> {}", s, n);
            prop_assert!(equivalent(&r, &n.as_ref()));
            let iri = r.to_iri();
            prop_assert!(IriRef::parse(&iri).is_ok(), "{} -> {}", s, iri);
            if let Some(b) = &b {
                let t = r.resolve_against(&b.as_ref());
                prop_assert!(valid(&t), "{} + {} -> {}", base, s, t);
                if let Some(rel) = b.make_relative(&r) {
                    prop_assert_eq!(b.join(&rel).unwrap(), r.normalized(), "{} {} {}", base, s, rel);
                }
            }
        }
        if let Ok(i) = IriRef::parse(&s) {
            prop_assert!(valid(&i.to_uri()));
            prop_assert!(valid(&i.to_uri_idna()));
        }
    }
}
