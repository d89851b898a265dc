//! Property: the RFC 1738 views never panic, and a URL that validates against the §5 BNF
//! also has a scheme view.
#![no_main]

use libfuzzer_sys::fuzz_target;
#[allow(deprecated)] // `schemes` is being renamed `rfc1738`; either path works.
use urlkit::schemes;

fuzz_target!(|input: &str| {
    let valid = schemes::validate(input).is_ok();
    let parsed = schemes::parse(input);
    assert!(
        !valid || parsed.is_ok(),
        "valid by the BNF but no view: {input:?}"
    );
    if let Ok(url) = urlkit::Url::parse(input) {
        let _ = schemes::SchemeView::from_url(&url).map(|v| (v.host().map(str::len), v.port()));
    }
});
