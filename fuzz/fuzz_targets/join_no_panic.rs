//! Property: parsing any input against any base URL never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::Url;

// The data is split at its first NUL: `base \0 input` (no NUL: the whole data is the input
// and the base is a fixed URL with every component).
fuzz_target!(|data: &str| {
    let (base_str, input) = data
        .split_once('\0')
        .unwrap_or(("https://u:p@h.example:8/a/b?q#f", data));
    if let Ok(base) = Url::parse(base_str) {
        let _ = Url::parse_with_base(input, Some(&base));
        let _ = base.join(input);
    }
    let _ = Url::can_parse(input, Some(base_str));
});
