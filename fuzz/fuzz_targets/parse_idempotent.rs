//! Property: re-parsing the href of a successfully parsed URL gives the same URL.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::Url;

fuzz_target!(|input: &str| {
    if let Ok(url) = Url::parse(input) {
        match Url::parse(url.as_str()) {
            Ok(again) => assert_eq!(again, url, "input {input:?}"),
            Err(e) => panic!("href {:?} of input {input:?} does not parse: {e:?}", url.as_str()),
        }
    }
});
