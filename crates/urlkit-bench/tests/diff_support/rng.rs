//! A tiny deterministic PRNG (SplitMix64), so that generated inputs are the same on
//! every run and every machine.

/// SplitMix64 state.
pub struct Rng(u64);

impl Rng {
    /// A generator from a fixed seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is `0`).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True with probability `pct` percent.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.next_u64() % 100 < pct
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A char boundary of `s` in `0..=s.len()`.
    pub fn boundary(&mut self, s: &str) -> usize {
        let mut i = self.below(s.len() + 1);
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}

/// `n` times `URLKIT_DIFF_SCALE` (default 1), for deeper local runs of the generated suites.
pub fn scaled(n: usize) -> usize {
    let scale = std::env::var("URLKIT_DIFF_SCALE")
        .ok()
        .and_then(|s| s.parse::<usize>().ok());
    n * scale.unwrap_or(1)
}

/// `base` mixed with `URLKIT_DIFF_SEED` (default 0): other seeds explore other inputs (the
/// ledger lists the disagreements of the default seeds only).
pub fn seed(base: u64) -> u64 {
    let extra = std::env::var("URLKIT_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok());
    base ^ extra.unwrap_or(0).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}
