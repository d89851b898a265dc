//! The unit tests' pseudo-random numbers: xorshift64, seeded, so a failing case repeats.

/// A generator of 64-bit xorshift numbers from `seed` (not zero).
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
