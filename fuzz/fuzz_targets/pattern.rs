//! Property: URLPattern construction and matching never panic, and a pattern set answers
//! as its patterns do one by one (data: `pattern \0 url`; URL Pattern Standard §1, §2).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::pattern::{UrlPattern, UrlPatternSet};

fuzz_target!(|data: &str| {
    let (pattern, input) = data
        .split_once('\0')
        .unwrap_or((data, "https://example.com/a/b?q#f"));
    let Ok(p) = UrlPattern::parse(pattern, Some("https://example.com/")) else {
        return;
    };
    let Ok(url) = urlkit::Url::parse(input) else {
        return;
    };
    let one = p.test_url(&url);
    let mut set = UrlPatternSet::new();
    set.push(p);
    assert_eq!(set.is_match(&url), one, "pattern {pattern:?} url {input:?}");
});
