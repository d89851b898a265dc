//! Byte-class tables for the RFC 3986 grammar, built at compile time from the named sets in
//! [`crate::percent::sets`], plus the RFC 3987 §2.2 code point ranges.

use crate::percent::sets::{
    AsciiSet, HEXDIG, RFC3986_PCHAR, RFC3986_QUERY, RFC3986_REG_NAME, RFC3986_SCHEME, RFC3986_UNRESERVED,
    RFC3986_USERINFO,
};
use crate::simd::AsciiClass;

/// Scheme characters after the first (§3.1).
pub(crate) const SCHEME: u8 = 1;
/// `userinfo` characters other than `%` (§3.2.1).
pub(crate) const USERINFO: u8 = 2;
/// `reg-name` characters other than `%` (§3.2.2).
pub(crate) const REG_NAME: u8 = 4;
/// `pchar / "/"` other than `%` (§3.3).
pub(crate) const PATH: u8 = 8;
/// `query` / `fragment` characters other than `%` (§3.4, §3.5).
pub(crate) const QUERY: u8 = 16;
/// `HEXDIG`.
pub(crate) const HEX: u8 = 32;
/// `unreserved` (§2.3).
pub(crate) const UNRESERVED: u8 = 64;
/// `segment-nz-nc` characters other than `%`: pchar without `":"` (§3.3).
pub(crate) const SEGMENT_NC: u8 = 128;

const fn build() -> [u8; 256] {
    const CLASSES: [(AsciiSet, u8); 8] = [
        (RFC3986_SCHEME, SCHEME),
        (RFC3986_USERINFO, USERINFO),
        (RFC3986_REG_NAME, REG_NAME),
        (RFC3986_PCHAR.add(b'/'), PATH),
        (RFC3986_QUERY, QUERY),
        (HEXDIG, HEX),
        (RFC3986_UNRESERVED, UNRESERVED),
        (RFC3986_PCHAR.remove(b':'), SEGMENT_NC),
    ];
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let mut c = 0;
        while c < CLASSES.len() {
            if CLASSES[c].0.contains(b as u8) {
                t[b] |= CLASSES[c].1;
            }
            c += 1;
        }
        b += 1;
    }
    t
}

/// Entry `b` holds the class bits of byte `b`; non-ASCII bytes are in no class.
pub(crate) static TABLE: [u8; 256] = build();

/// Whether `b` is in every class of `mask`.
#[inline(always)]
pub(crate) fn is(b: u8, mask: u8) -> bool {
    TABLE[b as usize] & mask != 0
}

/// Entry `a | b << 8` holds the class bits shared by bytes `a` and `b`: a scan tests two
/// bytes with one load and one table test (64 KiB; the pairs of URL text touch a small part).
static PAIRS: [u8; 65536] = build_pairs();

const fn build_pairs() -> [u8; 65536] {
    let single = build();
    let mut t = [0u8; 65536];
    let mut i = 0;
    while i < 65536 {
        t[i] = single[i & 0xFF] & single[i >> 8];
        i += 1;
    }
    t
}

/// The first index at or after `i` whose byte is not in the class bit `mask`: vectorized
/// where the CPU allows ([`crate::simd`]), else [`scalar_scan`].
#[inline(always)]
pub(crate) fn scan(s: &[u8], i: usize, mask: u8) -> usize {
    if let Some(end) = crate::simd::try_scan(s, i, &VECTOR_CLASSES[mask.trailing_zeros() as usize & 7]) {
        return end;
    }
    scalar_scan(s, i, mask)
}

/// Each class bit of [`TABLE`] as a vector class (`VECTOR_CLASSES[c]` for bit `1 << c`).
static VECTOR_CLASSES: [AsciiClass; 8] = {
    let table = build();
    let mut classes = [AsciiClass::of_bits(&table, 1); 8];
    let mut c = 1;
    while c < 8 {
        classes[c] = AsciiClass::of_bits(&table, 1 << c);
        c += 1;
    }
    classes
};

/// [`scan`] a byte pair at a time (bulk scan, unrolled over sixteen bytes as eight byte
/// pairs with one early exit per pair; fixed-size chunks let the compiler drop bounds
/// checks).
#[inline(always)]
pub(crate) fn scalar_scan(s: &[u8], i: usize, mask: u8) -> usize {
    let Some(mut rest) = s.get(i..) else {
        return i;
    };
    // Each pair is its own 16-bit load (a copy of a chunk would be one 64-bit load taken
    // apart with shifts, costing more than it saves).
    let pair_ok = |p: &[u8]| {
        let pair: [u8; 2] = p.try_into().unwrap_or([0; 2]);
        PAIRS[usize::from(u16::from_le_bytes(pair))] & mask != 0
    };
    // The index of the failing byte of the pair at the start of `r` (one of the two fails).
    let stop = |r: &[u8]| {
        let at = s.len() - r.len();
        if r.first().is_some_and(|&b| TABLE[b as usize] & mask != 0) {
            at + 1
        } else {
            at
        }
    };
    // Written out by hand on purpose: a loop over the pairs (`step_by`, or `first_chunk`
    // with `find`) measured 1.2-2.1% more instructions on realworld.txt (callgrind), the
    // compiler not unrolling it as far, and a `chunks_exact(2)` loop 1.8x as many. This
    // scan is what CPUs without AVX2 (aarch64 among them) and `no_std` builds run.
    while rest.len() >= 16 {
        if !pair_ok(&rest[0..2]) {
            return stop(rest);
        }
        if !pair_ok(&rest[2..4]) {
            return stop(&rest[2..]);
        }
        if !pair_ok(&rest[4..6]) {
            return stop(&rest[4..]);
        }
        if !pair_ok(&rest[6..8]) {
            return stop(&rest[6..]);
        }
        if !pair_ok(&rest[8..10]) {
            return stop(&rest[8..]);
        }
        if !pair_ok(&rest[10..12]) {
            return stop(&rest[10..]);
        }
        if !pair_ok(&rest[12..14]) {
            return stop(&rest[12..]);
        }
        if !pair_ok(&rest[14..16]) {
            return stop(&rest[14..]);
        }
        rest = &rest[16..];
    }
    if rest.len() >= 8 {
        if !pair_ok(&rest[0..2]) {
            return stop(rest);
        }
        if !pair_ok(&rest[2..4]) {
            return stop(&rest[2..]);
        }
        if !pair_ok(&rest[4..6]) {
            return stop(&rest[4..]);
        }
        if !pair_ok(&rest[6..8]) {
            return stop(&rest[6..]);
        }
        rest = &rest[8..];
    }
    while rest.len() >= 2 {
        if !pair_ok(&rest[..2]) {
            return stop(rest);
        }
        rest = &rest[2..];
    }
    match rest {
        [b] if TABLE[*b as usize] & mask != 0 => s.len(),
        _ => s.len() - rest.len(),
    }
}

/// RFC 3987 §2.2 `ucschar`.
pub(crate) fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || (0x10000..=0xEFFFD).contains(&c) && (c & 0xFFFF) <= 0xFFFD && c < 0xE0000
        || (0xE1000..=0xEFFFD).contains(&c)
}

/// Bidirectional formatting characters, which IRIs MUST NOT contain (RFC 3987 §4.1: LRM,
/// RLM, LRE, RLE, PDF, LRO, RLO), plus ALM and the isolates Unicode added later.
pub(crate) fn is_bidi_format(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` may appear in an IRI component (RFC 3987 §2.2 `ucschar`, or `iprivate`
/// when `private`), bidi formatting characters excluded (§4.1).
#[inline]
pub(crate) fn is_iri_char(c: char, private: bool) -> bool {
    (is_ucschar(c) || private && is_iprivate(c)) && !is_bidi_format(c)
}

/// RFC 3987 §2.2 `iprivate`.
pub(crate) fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_sets() {
        for b in 0u8..=255 {
            assert_eq!(is(b, PATH), RFC3986_PCHAR.contains(b) || b == b'/');
            assert_eq!(is(b, HEX), b.is_ascii_hexdigit());
            assert_eq!(is(b, SEGMENT_NC), RFC3986_PCHAR.contains(b) && b != b':');
        }
    }

    #[test]
    fn scan_matches_naive() {
        let s = b"abcdefghijklmnop/qrs%tu";
        for i in 0..s.len() {
            let naive = (i..s.len()).find(|&j| !is(s[j], REG_NAME)).unwrap_or(s.len());
            assert_eq!(scalar_scan(s, i, REG_NAME), naive);
            assert_eq!(scan(s, i, REG_NAME), naive);
        }
        // Every stop position and length, odd and even, for each class.
        for len in 0..20 {
            for bad in 0..=len {
                let mut v = vec![b'a'; len];
                if bad < len {
                    v[bad] = b'%';
                }
                for i in 0..=len {
                    for mask in [SCHEME, REG_NAME, PATH, QUERY] {
                        let naive = (i..len).find(|&j| !is(v[j], mask)).unwrap_or(len);
                        assert_eq!(scalar_scan(&v, i, mask), naive, "{len} {bad} {i}");
                        assert_eq!(scan(&v, i, mask), naive, "{len} {bad} {i}");
                    }
                }
            }
        }
        for a in 0u8..=255 {
            for b in 0u8..=255 {
                assert_eq!(
                    PAIRS[usize::from(u16::from_le_bytes([a, b]))],
                    TABLE[a as usize] & TABLE[b as usize]
                );
            }
        }
    }

    /// The vector classes hold exactly the table's classes, and the scan that may use them
    /// agrees with the scalar scan at every start of longer inputs.
    #[test]
    fn vector_classes_match_the_table() {
        for (c, class) in VECTOR_CLASSES.iter().enumerate() {
            for b in 0u8..=255 {
                assert_eq!(class.contains(b), is(b, 1 << c), "{b:#x} class {c}");
            }
        }
        let text = b"https://user:pw@example.com:8080/a/b%2Fc;p=1/~d?q=a+b&r=[x]#frag ment\xff/tail";
        // Under Miri only the lengths around the vector widths (16 and 32 bytes).
        let ends =
            (0..=text.len()).filter(|e| !cfg!(miri) || matches!(e % 16, 0 | 1 | 15) || *e == text.len());
        for end in ends {
            for i in 0..=end + 1 {
                for c in 0..8 {
                    let s = &text[..end];
                    assert_eq!(scan(s, i, 1 << c), scalar_scan(s, i, 1 << c), "{end} {i} {c}");
                }
            }
        }
    }

    #[test]
    fn ucschar_ranges() {
        // Straight from the ABNF of RFC 3987 §2.2.
        let def = |c: u32| {
            matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
                || (1..=14).any(|p| c >= p << 16 && c <= (p << 16) + 0xFFFD && p != 14)
                || (0xE1000..=0xEFFFD).contains(&c)
        };
        for c in (0..0x110000u32)
            .step_by(7)
            .chain([0xFFFE, 0x1FFFD, 0x1FFFE, 0xE0000, 0xE1000, 0xEFFFD])
        {
            if let Some(ch) = char::from_u32(c) {
                assert_eq!(is_ucschar(ch), def(c), "{c:X}");
            }
        }
    }
}
