//! Property: `RequestTarget::parse` takes any method and target without panicking; a target
//! it accepts has the parts of its form (RFC 9112 §3.2.1–§3.2.4), and the target URI
//! reconstructed from it (§3.3), when there is one, is a URL whose href re-parses to itself
//! (data: `method \0 target [\0 host]`; without a host part the `Host` header is `h.example`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::http_target::{origin_form, Form, RequestTarget};
use urlkit::Url;

fuzz_target!(|data: &str| {
    let mut parts = data.splitn(3, '\0');
    let (method, target) = match (parts.next(), parts.next()) {
        (Some(m), Some(t)) => (m, t),
        _ => ("GET", data),
    };
    let host = parts.next().unwrap_or("h.example");
    let t = match RequestTarget::parse(method, target) {
        Ok(t) => t,
        Err(e) => {
            assert!(e.position() <= target.len(), "{e:?} past the end of {target:?}");
            let _ = e.to_string();
            return;
        }
    };
    match t.form() {
        Form::Origin => {
            let path = t.path().expect("an origin-form has a path");
            assert!(path.starts_with('/'), "{target:?}: path {path:?}");
            let rebuilt = match t.query() {
                Some(q) => format!("{path}?{q}"),
                None => path.to_owned(),
            };
            assert_eq!(rebuilt, target, "origin-form parts");
        }
        Form::Authority => {
            assert!(t.host().is_some() && t.port().is_some(), "{target:?}");
            assert_eq!(method, "CONNECT");
        }
        Form::Asterisk => {
            assert_eq!((target, method), ("*", "OPTIONS"));
            assert!(t.path().is_none() && t.host().is_none());
        }
        Form::Absolute => {
            assert!(t.scheme().is_some() && t.path().is_some(), "{target:?}");
        }
    }
    for scheme in ["http", "https"] {
        match t.target_uri(scheme, Some(host)) {
            Ok(url) => {
                assert_eq!(Url::parse(url.as_str()).as_ref(), Ok(&url), "{method} {target:?} host {host:?}");
                // What a client sends for that URI is again an origin-form target.
                if let Some(origin) = origin_form(&url) {
                    let again = RequestTarget::parse("GET", &origin);
                    assert!(
                        again.is_ok_and(|a| a.form() == Form::Origin),
                        "origin-form {origin:?} of {:?}: {again:?}",
                        url.as_str()
                    );
                }
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
