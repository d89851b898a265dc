//! The class scan of [`super::chars::scan`] with AVX2 on x86-64, chosen at run time: 32 (or
//! 16) bytes are classified at once by two nibble lookups, and the first byte outside the
//! class is found with one bit scan. Besides doing fewer instructions per byte than the
//! scalar pair scan, it stops on a branch that is nearly always predicted (most components
//! end within the first block), where the scalar scan's exit falls on an unpredictable pair.
//!
//! `unsafe` is confined to this module, for two reasons only: unaligned vector loads take a
//! raw pointer, and a `#[target_feature]` function may only be called once the feature was
//! detected. BENCHMARKS.md ("RFC 3986 validation") has the measurements that justify it.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, __m256i, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256,
    _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
    _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8, _mm_setzero_si128,
    _mm_shuffle_epi8, _mm_srli_epi16,
};

use super::chars::TABLE;

/// `ROWS[c][lo]` has bit `hi` set when byte `hi << 4 | lo` is in class bit `c` of
/// [`TABLE`]; only ASCII bytes (`hi < 8`) are ever in a class, so eight bits suffice.
static ROWS: [[u8; 16]; 8] = build_rows();

/// `1 << hi` for the high nibbles of ASCII bytes, 0 for the others.
static HIGH_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

const fn build_rows() -> [[u8; 16]; 8] {
    let mut rows = [[0u8; 16]; 8];
    let mut b = 0;
    while b < 128 {
        let mut c = 0;
        while c < 8 {
            if TABLE[b] & (1 << c) != 0 {
                rows[c][b & 15] |= 1 << (b >> 4);
            }
            c += 1;
        }
        b += 1;
    }
    rows
}

/// Whether this CPU has AVX2 (detected once, then read from `std`'s cache).
#[inline(always)]
pub(crate) fn available() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// The first index at or after `i` whose byte is not in the single class bit `mask`; the
/// caller has checked [`available`] and that `s` holds at least 16 bytes.
#[inline(always)]
pub(crate) fn scan(s: &[u8], i: usize, mask: u8) -> usize {
    debug_assert!(available() && s.len() >= 16 && mask.is_power_of_two());
    // SAFETY: the caller checked that the CPU has AVX2, which `scan_avx2` enables.
    unsafe { scan_avx2(s, i, mask) }
}

/// [`scan`] for a CPU with AVX2.
#[target_feature(enable = "avx2")]
fn scan_avx2(s: &[u8], mut i: usize, mask: u8) -> usize {
    let len = s.len();
    if i >= len {
        return i;
    }
    let rows = &ROWS[mask.trailing_zeros() as usize & 7];
    // SAFETY: `rows` and `HIGH_BITS` are 16 bytes each; loads may be unaligned.
    let (rows, high_bits) = unsafe {
        (
            _mm_loadu_si128(rows.as_ptr().cast::<__m128i>()),
            _mm_loadu_si128(HIGH_BITS.as_ptr().cast::<__m128i>()),
        )
    };
    if len >= 32 {
        let rows = _mm256_broadcastsi128_si256(rows);
        let high_bits = _mm256_broadcastsi128_si256(high_bits);
        let outside = |at: usize| -> u32 {
            debug_assert!(at + 32 <= len);
            // SAFETY: `at + 32 <= len` at every call below, so the 32 bytes are in `s`.
            let v = unsafe { _mm256_loadu_si256(s.as_ptr().add(at).cast::<__m256i>()) };
            outside32(v, rows, high_bits)
        };
        while i + 32 <= len {
            let bad = outside(i);
            if bad != 0 {
                return i + bad.trailing_zeros() as usize;
            }
            i += 32;
        }
        if i == len {
            return len;
        }
        // The last block overlaps bytes already passed; they are shifted out.
        let base = len - 32;
        let bad = outside(base) >> (i - base);
        return if bad != 0 {
            i + bad.trailing_zeros() as usize
        } else {
            len
        };
    }
    let outside = |at: usize| -> u32 {
        debug_assert!(at + 16 <= len);
        // SAFETY: `at + 16 <= len` at every call below (and `len >= 16`).
        let v = unsafe { _mm_loadu_si128(s.as_ptr().add(at).cast::<__m128i>()) };
        outside16(v, rows, high_bits)
    };
    if i + 16 <= len {
        let bad = outside(i);
        if bad != 0 {
            return i + bad.trailing_zeros() as usize;
        }
        i += 16;
        if i == len {
            return len;
        }
    }
    let base = len - 16;
    let bad = outside(base) >> (i - base);
    if bad != 0 {
        i + bad.trailing_zeros() as usize
    } else {
        len
    }
}

/// A bit per byte of `v`, set for the bytes outside the class whose rows are `rows`.
#[target_feature(enable = "avx2")]
#[inline]
fn outside32(v: __m256i, rows: __m256i, high_bits: __m256i) -> u32 {
    let nibble = _mm256_set1_epi8(0x0F);
    let low = _mm256_and_si256(v, nibble);
    let high = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
    let hit = _mm256_and_si256(
        _mm256_shuffle_epi8(rows, low),
        _mm256_shuffle_epi8(high_bits, high),
    );
    _mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())) as u32
}

/// [`outside32`] for 16 bytes.
#[target_feature(enable = "avx2")]
#[inline]
fn outside16(v: __m128i, rows: __m128i, high_bits: __m128i) -> u32 {
    let nibble = _mm_set1_epi8(0x0F);
    let low = _mm_and_si128(v, nibble);
    let high = _mm_and_si128(_mm_srli_epi16::<4>(v), nibble);
    let hit = _mm_and_si128(_mm_shuffle_epi8(rows, low), _mm_shuffle_epi8(high_bits, high));
    _mm_movemask_epi8(_mm_cmpeq_epi8(hit, _mm_setzero_si128())) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rfc3986::chars::is;

    #[test]
    fn rows_match_the_table() {
        for b in 0u8..=255 {
            for (c, rows) in ROWS.iter().enumerate() {
                let row = rows[usize::from(b & 15)] & HIGH_BITS[usize::from(b >> 4)] != 0;
                assert_eq!(row, is(b, 1 << c), "{b:#x} class {c}");
            }
        }
    }

    /// Every start, stop position and length from 16 to 80 bytes, for each class, with the
    /// stopping byte drawn from ASCII outsiders and non-ASCII bytes.
    #[test]
    fn scan_matches_naive() {
        if !available() {
            eprintln!("no AVX2 on this CPU: the vector scan is not used here, nor tested");
            return;
        }
        for len in 16..80 {
            for bad in 0..=len {
                for stop in [b'%', b' ', 0x80, 0xFF, b'#'] {
                    let mut v = vec![b'a'; len];
                    if bad < len {
                        v[bad] = stop;
                    }
                    for c in 0..8 {
                        let mask = 1 << c;
                        // `next[j]`: the first index at or after `j` outside the class.
                        let mut next = vec![len; len + 2];
                        next[len + 1] = len + 1;
                        for j in (0..len).rev() {
                            next[j] = if is(v[j], mask) { next[j + 1] } else { j };
                        }
                        for (i, &naive) in next.iter().enumerate() {
                            assert_eq!(scan(&v, i, mask), naive, "{len} {bad} {i} {c}");
                        }
                    }
                }
            }
        }
    }

    /// Random bytes (biased toward URL text) at random starts: the same answer as the scalar
    /// pair scan.
    #[test]
    fn agrees_with_the_scalar_scan() {
        if !available() {
            eprintln!("no AVX2 on this CPU: the vector scan is not used here, nor tested");
            return;
        }
        const ALPHABET: &[u8] = b"aZ09-._~!$&'()*+,;=:@/?#[]% \"<>^`{|}\x7f\x80\xc3\xff";
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let len = 16 + (next() % 100) as usize;
            let sparse = 1 + next() % 40;
            let v: Vec<u8> = (0..len)
                .map(|_| {
                    let r = next();
                    if r % sparse == 0 {
                        ALPHABET[(r >> 8) as usize % ALPHABET.len()]
                    } else {
                        b'a' + (r >> 8) as u8 % 26
                    }
                })
                .collect();
            let i = (next() % (len as u64 + 2)) as usize;
            for c in 0..8 {
                let mask = 1 << c;
                assert_eq!(
                    scan(&v, i, mask),
                    crate::rfc3986::chars::scalar_scan(&v, i, mask),
                    "{v:?} {i} {c}"
                );
            }
        }
    }
}
