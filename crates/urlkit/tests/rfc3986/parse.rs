//! RFC 3986 Appendix A parsing: components, absent vs empty, error positions, and a property
//! test against a naive reference (Appendix B split + per-component character checks).

use proptest::prelude::*;
use urlkit::rfc3986::{HostKind, Rule, UriRef};

use crate::common;

type Parts<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn parts<'a>(r: &UriRef<'a>) -> Parts<'a> {
    (r.scheme(), r.authority(), r.path(), r.query(), r.fragment())
}

#[test]
fn rfc_examples_section_1_1_2() {
    for (input, scheme, host, path) in [
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            "ftp",
            Some("ftp.is.co.za"),
            "/rfc/rfc1808.txt",
        ),
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            "http",
            Some("www.ietf.org"),
            "/rfc/rfc2396.txt",
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            "ldap",
            Some("[2001:db8::7]"),
            "/c=GB",
        ),
        (
            "mailto:John.Doe@example.com",
            "mailto",
            None,
            "John.Doe@example.com",
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            "news",
            None,
            "comp.infosystems.www.servers.unix",
        ),
        ("tel:+1-816-555-1212", "tel", None, "+1-816-555-1212"),
        ("telnet://192.0.2.16:80/", "telnet", Some("192.0.2.16"), "/"),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            "urn",
            None,
            "oasis:names:specification:docbook:dtd:xml:4.1.2",
        ),
    ] {
        let r = UriRef::parse_uri(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(
            (r.scheme(), r.host(), r.path()),
            (Some(scheme), host, path),
            "{input}"
        );
    }
    let r = UriRef::parse("ldap://[2001:db8::7]/c=GB?objectClass?one").unwrap();
    assert_eq!(r.query(), Some("objectClass?one"));
    assert_eq!(r.host_kind(), Some(HostKind::Ipv6));
    assert_eq!(
        UriRef::parse("telnet://192.0.2.16:80/").unwrap().port_number(),
        Some(80)
    );
}

#[test]
fn absent_and_empty_stay_apart() {
    let r = UriRef::parse("ftp://@host/").unwrap();
    assert_eq!(r.userinfo(), Some(""));
    assert_eq!(UriRef::parse("ftp://host/").unwrap().userinfo(), None);
    let r = UriRef::parse("http://h:?#").unwrap();
    assert_eq!(
        (r.port(), r.port_number(), r.query(), r.fragment()),
        (Some(""), None, Some(""), Some(""))
    );
    let r = UriRef::parse("http://h").unwrap();
    assert_eq!(
        (r.port(), r.query(), r.fragment(), r.path()),
        (None, None, None, "")
    );
    let r = UriRef::parse("").unwrap();
    assert_eq!(parts(&r), (None, None, "", None, None));
    let r = UriRef::parse("//").unwrap();
    assert_eq!(
        (r.authority(), r.host(), r.host_kind()),
        (Some(""), Some(""), Some(HostKind::RegName))
    );
    let r = UriRef::parse("?").unwrap();
    assert_eq!(parts(&r), (None, None, "", Some(""), None));
    let r = UriRef::parse("#").unwrap();
    assert_eq!(parts(&r), (None, None, "", None, Some("")));
}

#[test]
fn hosts() {
    for (input, host, kind) in [
        ("//[::]", "[::]", HostKind::Ipv6),
        ("//[fe80::1%25eth0]:8", "[fe80::1%25eth0]", HostKind::Ipv6Zone),
        ("//[fe80::1%25%65th0]", "[fe80::1%25%65th0]", HostKind::Ipv6Zone),
        ("//[v1a.b:c!]", "[v1a.b:c!]", HostKind::IpvFuture),
        ("//1.2.3.4", "1.2.3.4", HostKind::Ipv4),
        ("//1.2.3.04", "1.2.3.04", HostKind::RegName),
        ("//1.2.3", "1.2.3", HostKind::RegName),
        ("//ex%41mple.com", "ex%41mple.com", HostKind::RegName),
        ("//u:p@h", "h", HostKind::RegName),
    ] {
        let r = UriRef::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!((r.host(), r.host_kind()), (Some(host), Some(kind)), "{input}");
    }
}

#[test]
fn errors_name_position_rule_and_found() {
    for (input, pos, rule, found) in [
        ("http://h/a\"b", 10, Rule::Pchar, Some('"')),
        ("a%*", 2, Rule::HexDig, Some('*')),
        ("a%as", 3, Rule::HexDig, Some('s')),
        ("a%4", 3, Rule::HexDig, None),
        ("1a:b", 2, Rule::SegmentNzNc, Some(':')),
        ("http://h:8a/", 10, Rule::Port, Some('a')),
        ("http://a b/", 8, Rule::Host, Some(' ')),
        ("http://a@b@c/", 10, Rule::Host, Some('@')),
        ("http://[::1/", 11, Rule::IpLiteral, Some('/')),
        ("http://[::1]x/", 12, Rule::Host, Some('x')),
        ("http://[1:::2]/", 11, Rule::Ipv6Address, Some(':')),
        ("http://[fe80::1%eth0]/", 15, Rule::ZoneId, Some('%')),
        ("http://[fe80::1%25]/", 18, Rule::ZoneId, Some(']')),
        ("http://[v.x]/", 9, Rule::IpvFuture, Some('.')),
        ("http://h/?a b", 11, Rule::Query, Some(' ')),
        ("http://h/#a#b", 11, Rule::Fragment, Some('#')),
        ("http://h/é", 9, Rule::Pchar, Some('é')),
        ("a[b", 1, Rule::Pchar, Some('[')),
    ] {
        let e = UriRef::parse(input).expect_err(input);
        assert_eq!(
            (e.position(), e.expected(), e.found()),
            (pos, rule, found),
            "{input}: {e}"
        );
    }
    let e = UriRef::parse("http://h/a\"b").unwrap_err();
    assert_eq!(e.to_string(), "expected pchar at byte 10, found '\"'");
    assert_eq!(
        UriRef::parse("a%4").unwrap_err().to_string(),
        "expected HEXDIG at byte 3, found end of input"
    );
}

#[test]
fn entry_points() {
    assert!(UriRef::parse_uri("a:").is_ok());
    assert_eq!(UriRef::parse_uri("").unwrap_err().expected(), Rule::Scheme);
    assert_eq!(UriRef::parse_uri("ab").unwrap_err().position(), 2);
    assert!(UriRef::parse_uri("a:b#c").is_ok());
    assert_eq!(UriRef::parse_absolute("a:b#c").unwrap_err().position(), 3);
    assert!(UriRef::parse_relative("a/b:c").is_ok());
    assert_eq!(
        UriRef::parse_relative("a:c").unwrap_err().expected(),
        Rule::SegmentNzNc
    );
    assert!(UriRef::parse_relative("").is_ok());
}

#[test]
fn owned_round_trip() {
    let r = UriRef::parse("s://u@h:1/p?q#f").unwrap();
    let o = r.to_owned();
    assert_eq!(o.as_ref(), r);
    assert_eq!(
        (o.scheme(), o.host(), o.path(), o.query(), o.fragment()),
        (Some("s"), Some("h"), "/p", Some("q"), Some("f"))
    );
    assert_eq!("s://u@h:1/p?q#f".parse::<urlkit::rfc3986::Uri>().unwrap(), o);
}

// ---- naive reference implementation -------------------------------------------------------

/// RFC 3986 Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
fn appendix_b(s: &str) -> Parts<'_> {
    let mut rest = s;
    let mut scheme = None;
    if let Some(i) = s.find([':', '/', '?', '#']) {
        if i > 0 && s.as_bytes()[i] == b':' {
            scheme = Some(&s[..i]);
            rest = &s[i + 1..];
        }
    }
    let mut authority = None;
    if let Some(a) = rest.strip_prefix("//") {
        let end = a.find(['/', '?', '#']).unwrap_or(a.len());
        authority = Some(&a[..end]);
        rest = &a[end..];
    }
    let (before_frag, fragment) = match rest.split_once('#') {
        Some((a, b)) => (a, Some(b)),
        None => (rest, None),
    };
    let (path, query) = match before_frag.split_once('?') {
        Some((a, b)) => (a, Some(b)),
        None => (before_frag, None),
    };
    (scheme, authority, path, query, fragment)
}

fn unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~".contains(c)
}
fn sub_delim(c: char) -> bool {
    "!$&'()*+,;=".contains(c)
}
/// Every `%` starts `%XX`, every other char satisfies `ok`.
fn chars_ok(s: &str, ok: impl Fn(char) -> bool) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if !(i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit()) {
                return false;
            }
            i += 3;
        } else {
            let c = s[i..].chars().next().unwrap();
            if !ok(c) {
                return false;
            }
            i += c.len_utf8();
        }
    }
    true
}
fn pchar(c: char) -> bool {
    unreserved(c) || sub_delim(c) || c == ':' || c == '@'
}
fn ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
                && p.parse::<u32>().unwrap() <= 255
        })
}
fn host_ok(h: &str) -> bool {
    if let Some(inner) = h.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
        if let Some(f) = inner.strip_prefix(['v', 'V']) {
            let Some((hex, rest)) = f.split_once('.') else {
                return false;
            };
            return !hex.is_empty()
                && hex.bytes().all(|b| b.is_ascii_hexdigit())
                && !rest.is_empty()
                && rest.chars().all(|c| unreserved(c) || sub_delim(c) || c == ':');
        }
        let (addr, zone) = match inner.split_once("%25") {
            Some((a, z)) => (a, Some(z)),
            None => (inner, None),
        };
        // std's parser accepts the same textual IPv6 forms as the ABNF.
        let addr_ok = !addr.contains('%') && addr.parse::<std::net::Ipv6Addr>().is_ok();
        return addr_ok && zone.is_none_or(|z| !z.is_empty() && chars_ok(z, unreserved));
    }
    ipv4(h) || chars_ok(h, |c| unreserved(c) || sub_delim(c))
}
fn authority_ok(a: &str) -> bool {
    let (userinfo, hostport) = match a.rfind('@') {
        Some(i) => (Some(&a[..i]), &a[i + 1..]),
        None => (None, a),
    };
    if !userinfo.is_none_or(|u| chars_ok(u, |c| unreserved(c) || sub_delim(c) || c == ':')) {
        return false;
    }
    let (host, port) = match hostport.rfind(':') {
        Some(i) if !hostport[i..].contains(']') => (&hostport[..i], &hostport[i + 1..]),
        _ => (hostport, ""),
    };
    host_ok(host) && port.bytes().all(|b| b.is_ascii_digit())
}
fn naive_valid(s: &str) -> bool {
    let (scheme, authority, path, query, fragment) = appendix_b(s);
    if let Some(sc) = scheme {
        let mut cs = sc.chars();
        if !cs.next().is_some_and(|c| c.is_ascii_alphabetic())
            || !cs.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        {
            return false;
        }
    }
    if !authority.is_none_or(authority_ok) {
        return false;
    }
    if scheme.is_none() && authority.is_none() && path.split('/').next().unwrap().contains(':') {
        return false;
    }
    let qf = |c: char| pchar(c) || c == '/' || c == '?';
    chars_ok(path, |c| pchar(c) || c == '/')
        && query.is_none_or(|q| chars_ok(q, qf))
        && fragment.is_none_or(|f| chars_ok(f, qf))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    #[test]
    fn agrees_with_naive_reference(s in "(h(t)?(tp)?:|1:|//|//u@|\\[|\\]|::|v1\\.|%25|%4|%41|%g|[a-c0-9:/?#@.%\\[\\] é!=-]){0,12}") {
        let parsed = UriRef::parse(&s);
        prop_assert_eq!(parsed.is_ok(), naive_valid(&s), "{:?} {:?}", s, parsed.err());
        if let Ok(r) = parsed {
            prop_assert_eq!(parts(&r), appendix_b(&s));
        }
    }

    #[test]
    fn never_panics(s in "\\PC{0,40}") {
        let _ = UriRef::parse(&s);
        let _ = UriRef::parse_uri(&s);
        let _ = UriRef::parse_absolute(&s);
        let _ = UriRef::parse_relative(&s);
    }
}

#[test]
fn realworld_components_match_appendix_b() {
    let Some(lines) = common::dataset_lines("realworld.txt") else {
        return;
    };
    let mut ok = 0;
    for line in &lines {
        let parsed = UriRef::parse(line);
        assert_eq!(parsed.is_ok(), naive_valid(line), "{line:?} {:?}", parsed.err());
        if let Ok(r) = parsed {
            assert_eq!(parts(&r), appendix_b(line), "{line}");
            ok += 1;
        }
    }
    assert!(ok > lines.len() / 2, "only {ok} of {} valid", lines.len());
}
