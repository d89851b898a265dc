//! Property: every URL API setter leaves a URL whose href re-parses to itself (but for the one
//! case where the URL Standard itself does not: `urlkit_fuzz::explained_file_localhost`), and
//! setting the same value twice is the same as setting it once (data: `url \0 value`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::{Attribute, Url};

fuzz_target!(|data: &str| {
    let (href, value) = data
        .split_once('\0')
        .unwrap_or(("https://u:p@h.example:8/a/b?q#f", data));
    let Ok(url) = Url::parse(href) else { return };
    for attr in Attribute::ALL {
        let mut once = url.clone();
        let _ = once.set(attr, value);
        let reparsed = Url::parse(once.as_str());
        // The one way the standard's setters leave an href that parses to another URL.
        let explained =
            attr == Attribute::Protocol && urlkit_fuzz::explained_file_localhost(&once, &reparsed);
        assert!(
            explained || reparsed.as_ref() == Ok(&once),
            "{attr:?} {value:?} on {href:?}: {reparsed:?} from {once:?}"
        );
        let mut twice = once.clone();
        let _ = twice.set(attr, value);
        assert_eq!(
            twice,
            once,
            "{attr:?}: setting {value:?} again on {:?}",
            once.as_str()
        );
    }
});
