//! Property: urlkit and ada agree on success and href, except in the one explained class
//! of differences, an IDNA host that one side rejects (`urlkit_fuzz::explained_idna`: ada's
//! CheckBidi covers only labels with R/AL/AN characters, and its Unicode tables predate
//! Unicode 17). Explained cases are proven to lie in the host alone and the run goes on;
//! any other difference stops it.
#![no_main]

use libfuzzer_sys::fuzz_target;

const BASE: &str = "https://u:p@h.example:8/a/b?q#f";

fn check(
    ours: Result<urlkit::Url, urlkit::ParseError>,
    ada: Option<String>,
    input: &str,
    base: Option<&str>,
) {
    let same = ours.as_ref().ok().map(urlkit::Url::as_str) == ada.as_deref();
    if !same && !urlkit_fuzz::explained_idna(&ours, ada.as_deref()) {
        panic!("input {input:?} base {base:?}: urlkit {ours:?} / ada {ada:?}");
    }
}

fuzz_target!(|data: &str| {
    let ours = urlkit::Url::parse(data);
    let ada = ada_url::Url::parse(data, None).map(|u| u.href().to_owned()).ok();
    check(ours, ada, data, None);
    let ours = urlkit::Url::parse(BASE).expect("the base parses").join(data);
    let ada = ada_url::Url::parse(data, Some(BASE))
        .map(|u| u.href().to_owned())
        .ok();
    check(ours, ada, data, Some(BASE));
});
