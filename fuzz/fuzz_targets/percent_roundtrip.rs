//! Property: percent-decoding what a percent-encode set produced gives the input back, for
//! every named set with `%` added (URL Standard §1.3, RFC 3986 §2.1: a set without `%`
//! leaves `%41` as it is, which decodes to `A`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::percent::{self, sets};

// The WHATWG encode sets, and the complements of the RFC 3986 character classes (what may
// stand unencoded there), each with `%`.
#[rustfmt::skip]
static ALL: [sets::AsciiSet; 11] = [
    sets::C0_CONTROL.add(b'%'), sets::FRAGMENT.add(b'%'), sets::QUERY.add(b'%'),
    sets::SPECIAL_QUERY.add(b'%'), sets::PATH.add(b'%'), sets::USERINFO.add(b'%'),
    sets::COMPONENT.add(b'%'), sets::FORM_URLENCODED.add(b'%'), sets::RFC3986_PCHAR.complement(),
    sets::RFC3986_QUERY.complement(), sets::RFC3986_UNRESERVED.complement(),
];

fuzz_target!(|input: &[u8]| {
    for set in &ALL {
        let encoded = percent::percent_encode(input, set).to_string();
        assert!(
            encoded.bytes().all(|b| b == b'%' || !set.should_encode(b)),
            "{encoded:?}"
        );
        assert_eq!(&*percent::percent_decode(encoded.as_bytes()).into_bytes(), input);
    }
});
