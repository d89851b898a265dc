//! Property: the canonicalization profiles never panic, and those whose output is a URL
//! (WHATWG, RFC 3986 §6.2.2–6.2.3, Safe Browsing, crawler) are idempotent: the canonical
//! form of a canonical form is itself. SURT keys are not URLs (`com,example)/a`), so only
//! their totality is checked.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::canon::Profile;

fuzz_target!(|input: &str| {
    for profile in Profile::ALL {
        let Ok(once) = profile.canonicalize(input) else {
            continue;
        };
        if profile == Profile::Surt {
            continue;
        }
        let twice = profile.canonicalize(&once);
        assert_eq!(
            twice.as_deref(),
            Ok(once.as_str()),
            "{} of {input:?}",
            profile.name()
        );
    }
});
