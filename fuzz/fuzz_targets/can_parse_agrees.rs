//! Property: `Url::can_parse` answers exactly as `Url::parse` does, with and without a base.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::Url;

// `base \0 input`; without a NUL the whole data is the input and there is no base.
fuzz_target!(|data: &str| {
    let (base, input) = match data.split_once('\0') {
        Some((b, i)) => (Some(b), i),
        None => (None, data),
    };
    let parsed = match base.map(Url::parse) {
        Some(Ok(b)) => Url::parse_with_base(input, Some(&b)).is_ok(),
        Some(Err(_)) => false,
        None => Url::parse(input).is_ok(),
    };
    assert_eq!(
        Url::can_parse(input, base),
        parsed,
        "input {input:?} base {base:?}"
    );
});
