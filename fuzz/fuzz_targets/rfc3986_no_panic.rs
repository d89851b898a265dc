//! Property: RFC 3986 parsing, resolution and normalization never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::rfc3986::{equivalent, UriRef};

// `base \0 reference`; without a NUL the data is both the base and the reference.
fuzz_target!(|data: &str| {
    let (base, reference) = data.split_once('\0').unwrap_or((data, data));
    if let (Ok(b), Ok(r)) = (UriRef::parse(base), UriRef::parse(reference)) {
        let resolved = r.resolve_against(&b);
        let _ = (r.normalized(), resolved.as_ref().normalized(), equivalent(&b, &r));
        let mut owned = resolved;
        owned.normalize();
    }
});
