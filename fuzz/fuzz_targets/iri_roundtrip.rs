//! Property: an IRI mapped to a URI (RFC 3987 §3.1) and back (§3.2) keeps its meaning:
//! the URI of the round-tripped IRI is equivalent to the URI of the original (§3.2 leaves
//! the case of percent-encodings free, so equivalence is RFC 3986 §6.2.2).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::rfc3986::{equivalent, IriRef, UriRef};

fuzz_target!(|input: &str| {
    let Ok(iri) = IriRef::parse(input) else { return };
    let uri = iri.to_uri();
    assert!(
        UriRef::parse(uri.as_str()).is_ok(),
        "URI of {input:?} is not RFC 3986: {:?}",
        uri.as_str()
    );
    let back = uri.as_ref().to_iri();
    let again = IriRef::parse(&back).unwrap_or_else(|e| panic!("IRI {back:?} of {input:?}: {e:?}"));
    let again = again.to_uri();
    assert!(
        equivalent(&again.as_ref(), &uri.as_ref()),
        "input {input:?} via {back:?}: {again} / {uri}"
    );
});
