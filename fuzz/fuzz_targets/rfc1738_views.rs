//! Property: the RFC 1738 views never panic, and a URL that validates against the §5 BNF
//! also has a scheme view.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::rfc1738;

fuzz_target!(|input: &str| {
    let valid = rfc1738::validate(input).is_ok();
    let parsed = rfc1738::parse(input);
    assert!(
        !valid || parsed.is_ok(),
        "valid by the BNF but no view: {input:?}"
    );
    if let Ok(url) = urlkit::Url::parse(input) {
        let _ = rfc1738::SchemeView::from_url(&url).map(|v| (v.host().map(str::len), v.port()));
    }
});
