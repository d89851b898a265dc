//! IP address grammars of RFC 3986 §3.2.2 (`IPv4address`, `IPv6address`, `IPvFuture`) and
//! RFC 6874 §2 zone identifiers. Validators return `Err(offset)` of the first bad byte,
//! relative to their input.

use super::chars::{is, HEX, UNRESERVED, USERINFO};

/// `dec-octet`: "0"-"255" without leading zeros (§3.2.2).
fn dec_octet(s: &[u8]) -> bool {
    match s {
        [d] => d.is_ascii_digit(),
        [b'1'..=b'9', d] => d.is_ascii_digit(),
        [b'1', a, b] => a.is_ascii_digit() && b.is_ascii_digit(),
        [b'2', b'0'..=b'4', d] => d.is_ascii_digit(),
        [b'2', b'5', b'0'..=b'5'] => true,
        _ => false,
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` (§3.2.2).
pub(crate) fn is_ipv4(s: &[u8]) -> bool {
    if s.len() < 7 || s.len() > 15 {
        return false;
    }
    let mut parts = 0;
    for part in s.split(|&b| b == b'.') {
        parts += 1;
        if parts > 4 || !dec_octet(part) {
            return false;
        }
    }
    parts == 4
}

/// `IPv6address` (§3.2.2): eight 16-bit pieces, the last two possibly an `IPv4address`,
/// with at most one `"::"` standing for one or more zero pieces.
pub(crate) fn check_ipv6(s: &[u8]) -> Result<(), usize> {
    let mut i = 0;
    let mut pieces = 0u32;
    let mut compressed = false;
    if s.starts_with(b"::") {
        compressed = true;
        i = 2;
        if i == s.len() {
            return Ok(());
        }
    }
    loop {
        let start = i;
        while i < s.len() && is(s[i], HEX) {
            i += 1;
        }
        if i == start {
            return Err(i);
        }
        if s.get(i) == Some(&b'.') {
            // ls32 as IPv4address: only as the last two pieces.
            if pieces > 6 || !is_ipv4(&s[start..]) {
                return Err(start);
            }
            pieces += 2;
            break;
        }
        if i - start > 4 {
            return Err(start + 4);
        }
        pieces += 1;
        if pieces > 8 {
            return Err(start);
        }
        if i == s.len() {
            break;
        }
        if s[i] != b':' {
            return Err(i);
        }
        i += 1;
        if s.get(i) == Some(&b':') {
            if compressed {
                return Err(i);
            }
            compressed = true;
            i += 1;
            if i == s.len() {
                break;
            }
        } else if i == s.len() {
            return Err(i);
        }
    }
    // "::" replaces at least one piece, so at most seven are written beside it.
    match (compressed, pieces) {
        (true, 0..=7) | (false, 8) => Ok(()),
        _ => Err(s.len()),
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (§3.2.2; ABNF
/// strings are case-insensitive, so `"V"` too).
pub(crate) fn check_ipvfuture(s: &[u8]) -> Result<(), usize> {
    if !matches!(s.first(), Some(b'v' | b'V')) {
        return Err(0);
    }
    let mut i = 1;
    while i < s.len() && is(s[i], HEX) {
        i += 1;
    }
    if i == 1 || s.get(i) != Some(&b'.') {
        return Err(i);
    }
    i += 1;
    if i == s.len() {
        return Err(i);
    }
    match s[i..].iter().position(|&b| !is(b, USERINFO)) {
        Some(p) => Err(i + p),
        None => Ok(()),
    }
}

/// `ZoneID = 1*( unreserved / pct-encoded )` (RFC 6874 §2).
pub(crate) fn check_zone_id(s: &[u8]) -> Result<(), usize> {
    if s.is_empty() {
        return Err(0);
    }
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            if !s.get(i + 1).is_some_and(|&b| is(b, HEX)) {
                return Err(i + 1);
            }
            if !s.get(i + 2).is_some_and(|&b| is(b, HEX)) {
                return Err(i + 2);
            }
            i += 3;
        } else if is(s[i], UNRESERVED) {
            i += 1;
        } else {
            return Err(i);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_exact() {
        for ok in ["0.0.0.0", "255.255.255.255", "10.0.0.1", "199.249.10.9"] {
            assert!(is_ipv4(ok.as_bytes()), "{ok}");
        }
        for bad in ["256.0.0.1", "01.0.0.1", "1.2.3", "1.2.3.4.5", "1..2.3", "1.2.3.4.", "a.b.c.d", "1.2.3.004"] {
            assert!(!is_ipv4(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn ipv6_agrees_with_std_on_samples() {
        // std's parser accepts exactly the RFC 4291 text forms, which the ABNF encodes.
        for s in [
            "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4", "::ffff:1.2.3.4", "1::8", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", ":1::", "1::2::3", "12345::",
            "1:2:3:4:5:6:7:1.2.3.4", "::1.2.3", "1:::2", "1:", ":", "", "fe80::1", "1::1.2.3.4", "1.2.3.4",
            "::01.2.3.4", "1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7",
        ] {
            let std_ok = s.parse::<core::net::Ipv6Addr>().is_ok();
            assert_eq!(check_ipv6(s.as_bytes()).is_ok(), std_ok, "{s}");
        }
    }

    #[test]
    fn ipvfuture_and_zone() {
        assert!(check_ipvfuture(b"v1.fe80::a+en1").is_ok());
        assert!(check_ipvfuture(b"VF.x").is_ok());
        assert!(check_ipvfuture(b"v.x").is_err());
        assert!(check_ipvfuture(b"v1.").is_err());
        assert!(check_zone_id(b"en1").is_ok());
        assert!(check_zone_id(b"eth%2F0").is_ok());
        assert!(check_zone_id(b"").is_err());
        assert!(check_zone_id(b"a%2").is_err());
    }
}
