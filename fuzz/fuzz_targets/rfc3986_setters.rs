//! Property: every setter of the owned RFC 3986 `Uri` either rejects the value with a
//! position within the text at fault (for the `*_encoded` setters, the value as encoded),
//! leaving the `Uri` as it was, or yields a `Uri` whose
//! serialization re-parses to the same components, with the value set as the component when
//! it was given unencoded (data: `reference \0 setter value`, the setter picked by the byte
//! after the NUL; without a NUL, every setter with the data on a fixed reference).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::rfc3986::{SetError, Uri};

type Parts<'a> = [Option<&'a str>; 7];

fn parts(u: &Uri) -> Parts<'_> {
    [u.scheme(), u.userinfo(), u.host(), u.port(), Some(u.path()), u.query(), u.fragment()]
}

/// Setter `which` (0–11) with `value`, as given or (`none`) removing the component; the
/// index of the component in [`parts`] when the value is set as given.
fn set(u: &mut Uri, which: u8, value: &str, none: bool) -> (Result<(), SetError>, Option<usize>) {
    let v = (!none).then_some(value);
    match which % 12 {
        0 => (u.set_scheme(v), Some(0)),
        1 => (u.set_userinfo(v), Some(1)),
        2 => (u.set_host(v), Some(2)),
        3 => (u.set_port(v), Some(3)),
        4 => (u.set_path(value), Some(4)),
        5 => (u.set_query(v), Some(5)),
        6 => (u.set_fragment(v), Some(6)),
        7 => (u.set_userinfo_encoded(v), None),
        8 => (u.set_host_encoded(v), None),
        9 => (u.set_path_encoded(value), None),
        10 => (u.set_query_encoded(v), None),
        _ => (u.set_fragment_encoded(v), None),
    }
}

fn check(reference: &str, which: u8, value: &str, none: bool) {
    let Ok(uri) = Uri::parse(reference) else { return };
    let mut edited = uri.clone();
    let (result, component) = set(&mut edited, which, value, none);
    match result {
        Err(e) => {
            assert_eq!(edited, uri, "a refused {which} {value:?} changed {reference:?}");
            // The position is in the text at fault: the value (for an `*_encoded` setter,
            // the value percent-encoded, up to three bytes a byte) or another component.
            let at = e.error().position();
            let value_len = if component.is_some() { value.len() } else { 3 * value.len() };
            let longest = value_len.max(reference.len());
            assert!(at <= longest, "{which} {value:?} on {reference:?}: {e} at {at}");
            let _ = e.to_string();
        }
        Ok(()) => {
            let reparsed = Uri::parse(edited.as_str())
                .unwrap_or_else(|e| panic!("{which} {value:?} on {reference:?}: {:?} does not parse: {e}", edited.as_str()));
            assert_eq!(parts(&reparsed), parts(&edited), "{which} {value:?} on {reference:?}");
            if let Some(i) = component {
                let want = if none && i != 4 { None } else { Some(value) };
                assert_eq!(parts(&edited)[i], want, "{which} {value:?} on {reference:?}");
            }
        }
    }
}

fuzz_target!(|data: &str| {
    match data.split_once('\0') {
        Some((reference, rest)) => {
            let mut chars = rest.chars();
            let which = chars.next().map_or(0, |c| c as u32 as u8);
            check(reference, which & 0x7f, chars.as_str(), which & 0x80 != 0);
        }
        None => {
            for which in 0..12 {
                for none in [false, true] {
                    check("https://u@h.example:8/a/b?q#f", which, data, none);
                }
            }
        }
    }
});
