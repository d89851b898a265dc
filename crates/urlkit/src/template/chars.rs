//! Byte classes of RFC 6570 §1.5 and §2 (ASCII only: non-ASCII characters are decided by
//! [`is_ucschar_or_iprivate`]).

/// `unreserved` (§1.5): `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
pub(super) const UNRESERVED: u8 = 1;
/// `reserved` (§1.5): `gen-delims / sub-delims`.
pub(super) const RESERVED: u8 = 2;
/// The ASCII `literals` of §2.1 (pct-encoded apart).
pub(super) const LITERAL: u8 = 4;
/// `varchar` (§2.3) without pct-encoded: `ALPHA / DIGIT / "_"`.
pub(super) const VARCHAR: u8 = 8;
/// `HEXDIG`.
pub(super) const HEX: u8 = 16;

const fn table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        let alpha = c.is_ascii_alphabetic();
        let digit = c.is_ascii_digit();
        let mut v = 0;
        if alpha || digit || c == b'-' || c == b'.' || c == b'_' || c == b'~' {
            v |= UNRESERVED;
        }
        if matches!(
            c,
            b':' | b'/'
                | b'?'
                | b'#'
                | b'['
                | b']'
                | b'@'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
        ) {
            v |= RESERVED;
        }
        // §2.1: %x21 / %x23-24 / %x26 / %x28-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E,
        // and %x27 (`'`, a sub-delim): the RFC's own §1.2 examples and the shared test suite
        // quote templates with it (`'{var}'`), as every implementation accepts.
        if c == 0x21
            || (c >= 0x23 && c <= 0x24)
            || c == 0x26
            || c == 0x27
            || (c >= 0x28 && c <= 0x3B)
            || c == 0x3D
            || (c >= 0x3F && c <= 0x5B)
            || c == 0x5D
            || c == 0x5F
            || (c >= 0x61 && c <= 0x7A)
            || c == 0x7E
        {
            v |= LITERAL;
        }
        if alpha || digit || c == b'_' {
            v |= VARCHAR;
        }
        if c.is_ascii_hexdigit() {
            v |= HEX;
        }
        t[b] = v;
        b += 1;
    }
    t
}

/// The class bits of each byte (0 for every non-ASCII byte).
pub(super) static CLASS: [u8; 256] = table();

/// Whether byte `b` has any of the class bits `mask`.
#[inline]
pub(super) fn is(b: u8, mask: u8) -> bool {
    CLASS[b as usize] & mask != 0
}

/// `ucschar / iprivate` (§1.5, from RFC 3987): the non-ASCII characters a literal may hold.
pub(super) fn is_ucschar_or_iprivate(c: char) -> bool {
    matches!(c as u32,
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD | 0x40000..=0x4FFFD
        | 0x50000..=0x5FFFD | 0x60000..=0x6FFFD | 0x70000..=0x7FFFD | 0x80000..=0x8FFFD
        | 0x90000..=0x9FFFD | 0xA0000..=0xAFFFD | 0xB0000..=0xBFFFD | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD | 0xE1000..=0xEFFFD
        | 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// Whether `s[i..]` starts with a pct-encoded triplet.
#[inline]
pub(super) fn pct_at(s: &[u8], i: usize) -> bool {
    s.get(i) == Some(&b'%')
        && s.get(i + 1).is_some_and(|&b| is(b, HEX))
        && s.get(i + 2).is_some_and(|&b| is(b, HEX))
}

pub(super) const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%XX` for each byte of `bytes`.
#[inline]
pub(super) fn push_pct(out: &mut alloc::string::String, byte: u8) {
    out.push('%');
    out.push(HEX_UPPER[(byte >> 4) as usize] as char);
    out.push(HEX_UPPER[(byte & 15) as usize] as char);
}
