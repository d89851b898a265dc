//! Property: matching never panics; a match expands back to a URL that matches to the same
//! variables (the URL itself, up to the order of `?`/`&`/`;` members, which matching takes
//! in any order), and a template set of the template answers as the template does (data:
//! `template \0 url`; RFC 6570 §1.4).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::template::{Template, TemplateSet};

fuzz_target!(|data: &str| {
    let Some((text, url)) = data.split_once('\0') else {
        return;
    };
    let Ok(t) = Template::parse(text) else {
        return;
    };
    let found = t.match_url(url);
    if t.matchable().is_err() {
        assert!(found.is_none());
        return;
    }
    let mut set = TemplateSet::new();
    set.push(t.clone()).unwrap();
    assert_eq!(
        set.match_url(url).map(|(_, c)| c),
        found.clone(),
        "{text:?} on {url:?}"
    );
    if let Some(found) = found {
        let again = t.expand(&found).expect("a match expands");
        assert_eq!(again.len(), url.len(), "{text:?} on {url:?} gave {again:?}");
        assert_eq!(
            t.match_url(&again).as_ref(),
            Some(&found),
            "{text:?}: {url:?} and {again:?}"
        );
    }
});
