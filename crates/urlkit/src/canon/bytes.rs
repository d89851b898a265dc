//! Byte-level steps that the SURT and Safe Browsing canonicalizers share: repeated
//! percent-unescaping, escaping by a byte class, and the `inet_aton` IPv4 forms.

use alloc::borrow::Cow;
use alloc::vec::Vec;

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// One left-to-right pass of `%XX` decoding (a `%` without two hex digits stays); whether
/// anything was decoded. Runs without a `%` are copied whole.
fn unescape_once(input: &[u8], out: &mut Vec<u8>) -> bool {
    out.clear();
    let mut changed = false;
    let mut i = 0;
    while let Some(p) = memchr::memchr(b'%', &input[i..]) {
        let at = i + p;
        out.extend_from_slice(&input[i..at]);
        if at + 2 < input.len() {
            if let (Some(h), Some(l)) = (hex(input[at + 1]), hex(input[at + 2])) {
                out.push(h << 4 | l);
                i = at + 3;
                changed = true;
                continue;
            }
        }
        out.push(b'%');
        i = at + 1;
    }
    out.extend_from_slice(&input[i..]);
    changed
}

/// Percent-unescapes until no `%XX` escape is left (a fixpoint): `%252541` → `A`.
/// Borrowed input without a `%` comes back borrowed.
pub(crate) fn unescape_repeatedly(input: Cow<'_, [u8]>) -> Cow<'_, [u8]> {
    if memchr::memchr(b'%', &input).is_none() {
        return input;
    }
    let mut current = Vec::with_capacity(input.len());
    if !unescape_once(&input, &mut current) {
        return input;
    }
    let mut next = Vec::with_capacity(current.len());
    // A pass that leaves no `%` leaves nothing for another pass to decode.
    while memchr::memchr(b'%', &current).is_some() && unescape_once(&current, &mut next) {
        core::mem::swap(&mut current, &mut next);
    }
    Cow::Owned(current)
}

/// Whether any byte of `s` satisfies `f`, without an early exit: a loop the compiler turns
/// into vector compares (faster than a short-circuiting search over short strings).
#[inline(always)]
pub(crate) fn any_byte(s: &[u8], f: impl Fn(u8) -> bool) -> bool {
    s.iter().fold(false, |found, &b| found | f(b))
}

/// Appends `input` to `out` with every byte for which `escape` holds written as `%XX`
/// (upper-case hex); runs of bytes kept as they are are copied whole.
pub(crate) fn escape_into(input: &[u8], escape: impl Fn(u8) -> bool, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut run = 0;
    for (i, &b) in input.iter().enumerate() {
        if escape(b) {
            out.extend_from_slice(&input[run..i]);
            out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
            run = i + 1;
        }
    }
    out.extend_from_slice(&input[run..]);
}

/// One number of `inet_aton`: decimal, octal after `0`, hex after `0x`/`0X` (as C's
/// `strtoul` with base 0, which glibc's `inet_aton` uses); `None` on any other byte or on
/// overflow past 32 bits.
fn aton_part(part: &[u8]) -> Option<u64> {
    let (digits, radix) = match part {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (part, 10),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for &d in digits {
        let v = u64::from(hex(d)?);
        if v >= radix {
            return None;
        }
        value = value * radix + v;
        if value > u64::from(u32::MAX) {
            return None;
        }
    }
    Some(value)
}

/// An IPv4 address in any form glibc's `inet_aton` accepts: one to four numbers, the last
/// filling the remaining bytes (`1.2.3` = 1.2.0.3, `3279880203` = 195.127.0.11).
pub(crate) fn inet_aton(host: &[u8]) -> Option<[u8; 4]> {
    let mut parts: [u64; 4] = [0; 4];
    let mut n = 0;
    for part in host.split(|&b| b == b'.') {
        if n == 4 {
            return None;
        }
        parts[n] = aton_part(part)?;
        n += 1;
    }
    let (head, last) = (&parts[..n - 1], parts[n - 1]);
    if head.iter().any(|&p| p > 255) || last >= 1u64 << (8 * (5 - n)) {
        return None;
    }
    let mut value = last;
    for (k, &p) in head.iter().enumerate() {
        value |= p << (8 * (3 - k));
    }
    Some((value as u32).to_be_bytes())
}

/// `a.b.c.d` in decimal.
pub(crate) fn dotted(ip: [u8; 4], out: &mut Vec<u8>) {
    for (k, &n) in ip.iter().enumerate() {
        if k > 0 {
            out.push(b'.');
        }
        decimal(u32::from(n), out);
    }
}

pub(crate) use crate::decimal::push_bytes as decimal;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aton_forms() {
        assert_eq!(inet_aton(b"3279880203"), Some([195, 127, 0, 11]));
        assert_eq!(inet_aton(b"1.2.3"), Some([1, 2, 0, 3]));
        assert_eq!(inet_aton(b"010.1"), Some([8, 0, 0, 1]));
        assert_eq!(inet_aton(b"0x7f.1"), Some([127, 0, 0, 1]));
        assert_eq!(inet_aton(b"1.08"), None);
        assert_eq!(inet_aton(b"1.2.3.256"), None);
        assert_eq!(inet_aton(b"1.2.3.4.5"), None);
        assert_eq!(inet_aton(b"1.2.65536"), None);
        assert_eq!(inet_aton(b""), None);
        assert_eq!(inet_aton(b"1..2"), None);
    }

    #[test]
    fn decimal_and_dotted() {
        let mut out = Vec::new();
        dotted([0, 9, 10, 255], &mut out);
        out.push(b' ');
        decimal(65535u32, &mut out);
        out.push(b' ');
        decimal(u32::MAX, &mut out);
        assert_eq!(out, b"0.9.10.255 65535 4294967295");
    }

    #[test]
    fn escape_runs() {
        let mut out = Vec::new();
        escape_into(b"a b%c\xff", |b| b == b' ' || b == b'%', &mut out);
        assert_eq!(out, b"a%20b%25c\xff");
        out.clear();
        escape_into(b"# #", |b| b == b'#', &mut out);
        assert_eq!(out, b"%23 %23");
    }

    #[test]
    fn unescape_to_a_fixpoint() {
        assert_eq!(&*unescape_repeatedly(Cow::Borrowed(b"%252541")), &b"A"[..]);
        assert_eq!(
            &*unescape_repeatedly(Cow::Borrowed(b"%%%25%32%35asd%%")),
            &b"%%%asd%%"[..]
        );
        assert_eq!(&*unescape_repeatedly(Cow::Borrowed(b"%4")), &b"%4"[..]);
        assert_eq!(&*unescape_repeatedly(Cow::Borrowed(b"a%2")), &b"a%2"[..]);
        assert!(matches!(
            unescape_repeatedly(Cow::Borrowed(b"a%zz%")),
            Cow::Borrowed(_)
        ));
        assert_eq!(&*unescape_repeatedly(Cow::Borrowed(b"%2541%")), &b"A%"[..]);
    }
}
