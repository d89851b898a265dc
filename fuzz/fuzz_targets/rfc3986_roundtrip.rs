//! Property: an RFC 3986 reference recomposes to its input (§5.3), normalization is
//! idempotent (§6.2.2), and resolving a make-relative result gives the normalized target (§5.2).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::rfc3986::{Uri, UriRef};

// `base \0 target`; without a NUL the data is both.
fuzz_target!(|data: &str| {
    let (base, target) = data.split_once('\0').unwrap_or((data, data));
    let Ok(t) = UriRef::parse(target) else { return };
    assert_eq!(t.to_owned().as_str(), target);
    let n = t.normalized();
    assert_eq!(
        n.as_ref().normalized().as_str(),
        n.as_str(),
        "normalize {target:?}"
    );
    let Ok(b) = base.parse::<Uri>() else { return };
    if let Some(rel) = b.make_relative(&t) {
        let back = UriRef::parse(&rel)
            .expect("make_relative gives a reference")
            .resolve_against(&b.as_ref());
        assert_eq!(
            back.as_str(),
            n.as_str(),
            "base {base:?} target {target:?} via {rel:?}"
        );
    }
});
