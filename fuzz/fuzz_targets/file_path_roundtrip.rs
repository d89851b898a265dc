//! Property: a file URL made from a path (either OS style) converts back to a path that
//! makes the same URL (URL Standard file state; RFC 8089 Appendix E for Windows forms).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::{file_path, PathStyle};

fuzz_target!(|path: &str| {
    for style in [PathStyle::Unix, PathStyle::Windows] {
        let Ok(url) = file_path::from_path(path, style) else {
            continue;
        };
        let back = file_path::to_path(&url, style)
            .unwrap_or_else(|e| panic!("{style:?} {path:?} -> {:?} has no path: {e:?}", url.as_str()));
        let again = file_path::from_path(&back, style).expect("a path made from a URL converts");
        assert_eq!(again.as_str(), url.as_str(), "{style:?} {path:?} via {back:?}");
    }
});
