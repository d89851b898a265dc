//! Property: urlkit and ada (which passes all of WPT) agree on success and href.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &str| {
    let ours = urlkit::Url::parse(data).map(|u| u.into_string()).ok();
    let ada = ada_url::Url::parse(data, None).map(|u| u.href().to_owned()).ok();
    assert_eq!(ours, ada, "input {data:?}");
    let base = "https://u:p@h.example:8/a/b?q#f";
    let ours = urlkit::Url::parse(base).ok().and_then(|b| b.join(data).ok()).map(|u| u.into_string());
    let ada = ada_url::Url::parse(data, Some(base)).map(|u| u.href().to_owned()).ok();
    assert_eq!(ours, ada, "input {data:?} against {base:?}");
});
