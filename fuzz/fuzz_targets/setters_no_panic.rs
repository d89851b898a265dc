//! Property: no setter panics, whatever the URL and the new value (data: `url \0 value`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::Url;

fuzz_target!(|data: &str| {
    let (href, value) = data
        .split_once('\0')
        .unwrap_or(("https://u:p@h.example:8/a/b?q#f", data));
    let Ok(url) = Url::parse(href) else { return };
    #[rustfmt::skip]
    let setters = [
        Url::set_protocol as fn(&mut Url, &str) -> _, Url::set_username_str, Url::set_password_str,
        Url::set_host_port, Url::set_hostname, Url::set_port_str, Url::set_pathname, Url::set_search, Url::set_hash,
    ];
    for set in setters {
        let _ = set(&mut url.clone(), value);
    }
});
