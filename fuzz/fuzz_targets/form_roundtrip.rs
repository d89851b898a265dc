//! Property: application/x-www-form-urlencoded parse → serialize → parse gives the same
//! name-value list (URL Standard §5.1, §5.2).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::form;

fuzz_target!(|input: &[u8]| {
    let pairs: Vec<(String, String)> = form::parse(input)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let text = form::serialize(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let again: Vec<(String, String)> = form::parse(text.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(again, pairs, "input {input:?} serialized {text:?}");
});
