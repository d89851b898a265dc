//! The host parser against simple reference implementations written straight from the URL
//! Standard, and against the standard library's IP address types.
//!
//! The reference checks the fast path (ASCII hosts copied without UTS 46) against the
//! general path: the reference always percent-decodes and runs `domain_to_ascii`.

use std::net::{Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use urlkit::host::domain_to_ascii;
use urlkit::percent::percent_decode_str;
use urlkit::Host;

/// The [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser), with `None` for
/// failure and `u128::MAX` standing in for numbers too large to matter.
fn reference_number(s: &str) -> Option<u128> {
    if s.is_empty() {
        return None;
    }
    let (digits, radix) = if s.len() >= 2 && (s.starts_with("0x") || s.starts_with("0X")) {
        (&s[2..], 16)
    } else if s.len() >= 2 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() {
        return Some(0);
    }
    if !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    Some(u128::from_str_radix(digits, radix).unwrap_or(u128::MAX))
}

/// The [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser), step by step.
fn reference_ipv4(s: &str) -> Option<Ipv4Addr> {
    let mut parts: Vec<&str> = s.split('.').collect();
    if parts.last() == Some(&"") && parts.len() > 1 {
        parts.pop();
    }
    if parts.len() > 4 {
        return None;
    }
    let numbers: Vec<u128> = parts.iter().map(|p| reference_number(p)).collect::<Option<_>>()?;
    let (last, init) = numbers.split_last()?;
    if init.iter().any(|&n| n > 255) || *last >= 256u128.pow(5 - numbers.len() as u32) {
        return None;
    }
    let mut ipv4 = *last;
    for (i, n) in init.iter().enumerate() {
        ipv4 += n * 256u128.pow(3 - i as u32);
    }
    Some(Ipv4Addr::from(u32::try_from(ipv4).ok()?))
}

/// The [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker).
fn reference_ends_in_a_number(s: &str) -> bool {
    let mut parts: Vec<&str> = s.split('.').collect();
    if parts.last() == Some(&"") {
        if parts.len() == 1 {
            return false;
        }
        parts.pop();
    }
    let last = parts.last().copied().unwrap_or("");
    (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())) || reference_number(last).is_some()
}

/// Steps 4-9 of the [host parser](https://url.spec.whatwg.org/#concept-host-parser) for a
/// special URL, on top of the public `domain_to_ascii`.
fn reference_host(input: &str) -> Option<Host> {
    let domain = percent_decode_str(input).decode_utf8_lossy();
    let ascii = domain_to_ascii(&domain).ok()?;
    if reference_ends_in_a_number(&ascii) {
        return reference_ipv4(&ascii).map(Host::Ipv4);
    }
    Some(Host::Domain(ascii))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Mostly ASCII hosts (the fast path), with `%`-escapes and a few non-ASCII code points
    /// that send the parser down the general path.
    #[test]
    fn host_parser_matches_reference(input in "([a-fA-FxX0-9.]|-|_|%|%3[0-9]|%2[eE]|%C3%A9|%FF|é|ß|１|．| |\\||\\^|\u{AD}){1,16}") {
        prop_assert_eq!(Host::parse(&input).ok(), reference_host(&input), "{:?}", input);
    }

    #[test]
    fn numeric_hosts_match_reference(input in "(0[xX]?[0-9a-fA-F]{0,9}|[0-9]{1,11}|\\.){1,9}") {
        prop_assert_eq!(Host::parse(&input).ok(), reference_host(&input), "{:?}", input);
    }

    /// Every IPv6 text the standard library writes (including its dotted forms) parses to
    /// the same address, and serializes as RFC 5952 text that parses back.
    #[test]
    fn ipv6_agrees_with_std(segs in proptest::array::uniform8(prop_oneof![Just(0u16), Just(0xffff), any::<u16>()])) {
        let addr = Ipv6Addr::from(segs);
        let host = Host::parse(&format!("[{addr}]"));
        let expected = Host::Ipv6(addr);
        prop_assert_eq!(host.as_ref().ok(), Some(&expected));
        let text = host.map(|h| h.to_string()).unwrap_or_default();
        prop_assert_eq!(Host::parse(&text).ok(), Some(Host::Ipv6(addr)));
        prop_assert_eq!(Host::parse_opaque(&text).ok(), Some(Host::Ipv6(addr)));
    }

    /// A host's serialization parses back to the same host.
    #[test]
    fn serialization_round_trips(input in "[a-zA-Z0-9.é-]{1,12}") {
        if let Ok(host) = Host::parse(&input) {
            prop_assert_eq!(Host::parse(&host.to_string()).ok(), Some(host));
        }
    }

    /// Opaque hosts: any input without a forbidden host code point is accepted, and the
    /// result decodes back to the input's bytes with the C0 controls and non-ASCII escaped.
    #[test]
    fn opaque_hosts_percent_encode(input in "[a-z%!$&'()*+,;=~é\u{1}\u{7f}-]{1,12}") {
        let host = Host::parse_opaque(&input);
        let Ok(Host::Opaque(text)) = host else { return Err(TestCaseError::fail(format!("{host:?}"))) };
        prop_assert!(text.bytes().all(|b| b.is_ascii_graphic()));
        let want = urlkit::percent::utf8_percent_encode(&input, &urlkit::percent::sets::C0_CONTROL).to_string();
        prop_assert_eq!(text, want);
    }
}

#[test]
fn examples() {
    let v4 = |a, b, c, d| Ok(Host::Ipv4(Ipv4Addr::new(a, b, c, d)));
    assert_eq!(Host::parse("0xC0.0250.01"), v4(192, 168, 0, 1));
    assert_eq!(Host::parse("3232235521"), v4(192, 168, 0, 1));
    assert_eq!(Host::parse("%30x7f.1"), v4(127, 0, 0, 1));
    assert_eq!(
        Host::parse("[::ffff:192.168.0.1]")
            .map(|h| h.to_string())
            .as_deref(),
        Ok("[::ffff:c0a8:1]")
    );
    assert_eq!(
        Host::parse("EXAMPLE.xn--zca").map(|h| h.to_string()).as_deref(),
        Ok("example.xn--zca")
    );
    assert_eq!(
        Host::parse("faß.ExAmple").map(|h| h.to_string()).as_deref(),
        Ok("xn--fa-hia.example")
    );
    let err = Host::parse("exa mple.com").unwrap_err();
    assert_eq!(err.to_string(), "invalid character in domain at byte 0");
    assert_eq!(
        Host::parse("[1:2").unwrap_err().kind(),
        urlkit::ErrorKind::Ipv6Unclosed
    );
    assert_eq!(Host::parse_opaque("a<b").unwrap_err().position(), 1);
}
