//! Property: `Url::parse` returns (`Ok` or `Err`) on any UTF-8 input; it never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    let _ = urlkit::Url::parse(input);
});
