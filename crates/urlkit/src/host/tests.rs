//! Unit tests of `parse_host` against the host parser's contract.

use super::*;
use crate::ErrorKind;
use alloc::vec::Vec;

fn host(input: &str, special: bool) -> Result<(String, HostInternal), ErrorKind> {
    let mut out = String::from("pre");
    parse_host(input, 0, special, &mut out, &mut Reporter::none())
        .map(|k| (out[3..].into(), k))
        .map_err(|e| e.kind())
}

fn special(input: &str) -> Result<String, ErrorKind> {
    host(input, true).map(|(s, _)| s)
}

fn errors(input: &str, special: bool) -> Vec<(ErrorKind, usize)> {
    let mut seen = Vec::new();
    let mut cb = |e: crate::ValidationError| seen.push((e.kind(), e.position()));
    let mut out = String::new();
    let _ = parse_host(input, 100, special, &mut out, &mut Reporter::new(Some(&mut cb)));
    seen
}

#[test]
fn fast_path_domains() {
    assert_eq!(
        host("example.com", true),
        Ok(("example.com".into(), HostInternal::Domain))
    );
    assert_eq!(special("ExAmPle.COM"), Ok("example.com".into()));
    assert_eq!(
        special("a_b!$&'()*+,;=~`{}\"."),
        Ok("a_b!$&'()*+,;=~`{}\".".into())
    );
    assert_eq!(special("xn--a"), Ok("xn--a".into()));
    assert_eq!(special("XN--ZCA"), Ok("xn--zca".into()));
    assert_eq!(special("1.2.3.4.com"), Ok("1.2.3.4.com".into()));
    assert_eq!(special("foo.0xg"), Ok("foo.0xg".into()));
    assert_eq!(host("", true), Ok(("".into(), HostInternal::Empty)));
}

#[test]
fn forbidden_domain_code_points_fail() {
    for c in "\0\t\n\r #/:<>?@[\\]^|\u{1}\u{1f}\u{7f}".chars() {
        let input = alloc::format!("a{c}b.com");
        assert_eq!(special(&input), Err(ErrorKind::DomainInvalidCodePoint), "{c:?}");
    }
    assert_eq!(special("a%25b"), Err(ErrorKind::DomainInvalidCodePoint));
    assert_eq!(special("a%20b"), Err(ErrorKind::DomainInvalidCodePoint));
    assert_eq!(special("%"), Err(ErrorKind::DomainInvalidCodePoint));
}

#[test]
fn general_path_domains() {
    assert_eq!(special("B%C3%BCcher.de"), Ok("xn--bcher-kva.de".into()));
    assert_eq!(special("Bücher.DE"), Ok("xn--bcher-kva.de".into()));
    assert_eq!(special("%41.com"), Ok("a.com".into()));
    assert_eq!(special("ｅｘａｍｐｌｅ.com"), Ok("example.com".into()));
    assert_eq!(special("%ef%bc%85"), Err(ErrorKind::DomainInvalidCodePoint));
    assert_eq!(special("%FF.com"), Err(ErrorKind::DomainToAscii));
    assert_eq!(special("\u{AD}"), Err(ErrorKind::DomainToAscii));
    assert_eq!(special("\u{FFFD}.com"), Err(ErrorKind::DomainToAscii));
}

#[test]
fn ipv4_hosts() {
    let v4 = |a, b, c, d| Ok(("".into(), HostInternal::Ipv4(Ipv4Addr::new(a, b, c, d))));
    let strip = |r: Result<(String, HostInternal), ErrorKind>| r.map(|(_, k)| (String::new(), k));
    assert_eq!(strip(host("127.0.0.1", true)), v4(127, 0, 0, 1));
    assert_eq!(special("0x7F.1"), Ok("127.0.0.1".into()));
    assert_eq!(special("0X7f.0.0.1."), Ok("127.0.0.1".into()));
    assert_eq!(special("4294967295"), Ok("255.255.255.255".into()));
    assert_eq!(special("%30%78%37%66.1"), Ok("127.0.0.1".into()));
    assert_eq!(special("１２７.0.0.1"), Ok("127.0.0.1".into()));
    assert_eq!(special("4294967296"), Err(ErrorKind::Ipv4OutOfRangePart));
    assert_eq!(special("1.2.3.4.5"), Err(ErrorKind::Ipv4TooManyParts));
    assert_eq!(special("foo.09"), Err(ErrorKind::Ipv4NonNumericPart));
    assert_eq!(special("foo.0x"), Err(ErrorKind::Ipv4NonNumericPart));
    // Non-special hosts never become IPv4 addresses.
    assert_eq!(host("127.1", false), Ok(("127.1".into(), HostInternal::Opaque)));
}

#[test]
fn ipv6_hosts() {
    let h = host("[0:0::1]", true).unwrap();
    assert_eq!(h, ("[::1]".into(), HostInternal::Ipv6(Ipv6Addr::LOCALHOST)));
    assert_eq!(host("[::1]", false).unwrap().0, "[::1]");
    assert_eq!(special("[::1"), Err(ErrorKind::Ipv6Unclosed));
    assert_eq!(special("["), Err(ErrorKind::Ipv6Unclosed));
    assert_eq!(special("[]"), Err(ErrorKind::Ipv6TooFewPieces));
    assert_eq!(special("[::1]x"), Err(ErrorKind::Ipv6Unclosed));
    assert_eq!(special("[::%31]"), Err(ErrorKind::Ipv6InvalidCodePoint));
}

#[test]
fn opaque_hosts() {
    assert_eq!(
        host("Ex%41é", false),
        Ok(("Ex%41%C3%A9".into(), HostInternal::Opaque))
    );
    assert_eq!(host("", false), Ok(("".into(), HostInternal::Empty)));
    assert_eq!(host("a b", false), Err(ErrorKind::HostInvalidCodePoint));
}

#[test]
fn validation_errors_carry_positions() {
    assert_eq!(errors("a%41", true), [(ErrorKind::DomainPercentEncoded, 101)]);
    assert_eq!(errors("-x.com", true), [(ErrorKind::DomainToAscii, 100)]);
    assert_eq!(errors("[::1", true), [(ErrorKind::Ipv6Unclosed, 104)]);
    assert_eq!(errors("[1:x]", true), [(ErrorKind::Ipv6InvalidCodePoint, 103)]);
    assert_eq!(errors("a|b", false), [(ErrorKind::HostInvalidCodePoint, 101)]);
    assert_eq!(
        errors("1.0x2", true),
        [
            (ErrorKind::Ipv4TooFewParts, 100),
            (ErrorKind::Ipv4NonDecimalPart, 102)
        ]
    );
    assert!(errors("example.com", true).is_empty());
}

#[test]
fn public_api() {
    assert_eq!(Host::parse("[1::]").unwrap().to_string(), "[1::]");
    assert_eq!(
        Host::parse("1.2.3.4").unwrap(),
        Host::Ipv4(Ipv4Addr::new(1, 2, 3, 4))
    );
    assert_eq!(Host::parse("").unwrap(), Host::Empty);
    assert_eq!(Host::parse_opaque("x").unwrap(), Host::Opaque("x".into()));
}
