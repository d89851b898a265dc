//! Punycode encoding ([RFC 3492](https://www.rfc-editor.org/rfc/rfc3492) §6.3) in
//! O(n log n) for labels of n code points.
//!
//! The RFC's encoder walks the whole label once per distinct non-basic code point, which is
//! O(n²) for a label of distinct code points: ≈ 1 ms for the 1,000 code points that the
//! `idna` crate lets through (its ICU-compatible cap, whatwg/url#824). This one computes the
//! same deltas from counts: the delta of an occurrence of code point m is the number of
//! code points smaller than m between it and the previous occurrence of m (or the start),
//! plus the carry of the previous round, and a Fenwick tree over positions answers those
//! counts in O(log n). The output is the RFC's, digit for digit (tested against `idna`).

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

// RFC 3492 §5: the Bootstring parameters of Punycode.
const BASE: u64 = 36;
const T_MIN: u64 = 1;
const T_MAX: u64 = 26;
const SKEW: u64 = 38;
const DAMP: u64 = 700;
const INITIAL_BIAS: u64 = 72;
const INITIAL_N: u32 = 0x80;

/// RFC 3492 §6.1: the bias adaptation function.
fn adapt(delta: u64, points: u64, first: bool) -> u64 {
    let mut delta = if first { delta / DAMP } else { delta / 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

/// RFC 3492 §5: digit values 0-25 are `a`-`z`, 26-35 are `0`-`9`.
fn digit(d: u64) -> char {
    let d = d as u8;
    char::from(if d < 26 { b'a' + d } else { b'0' + d - 26 })
}

/// Counts of marked positions (a Fenwick tree).
struct Marks(Vec<u32>);

impl Marks {
    fn mark(&mut self, position: usize) {
        let mut i = position + 1;
        while i < self.0.len() {
            self.0[i] += 1;
            i += i & i.wrapping_neg();
        }
    }

    /// Marked positions before `end`.
    fn before(&self, end: usize) -> u64 {
        let (mut i, mut sum) = (end, 0u64);
        while i > 0 {
            sum += u64::from(self.0[i]);
            i &= i - 1;
        }
        sum
    }
}

/// Appends the Punycode encoding of `label` (without the `xn--` prefix) to `out`, as RFC 3492
/// §6.3 computes it. `None` on the RFC's overflow (a delta above 2³² − 1), which needs a
/// label of well over 4,000 code points.
pub(crate) fn encode(label: &[char], out: &mut String) -> Option<()> {
    // Basic code points first, then the delimiter if there were any.
    let basic = label.iter().filter(|c| c.is_ascii()).count();
    out.extend(label.iter().filter(|c| c.is_ascii()));
    if basic > 0 {
        out.push('-');
    }
    // The non-basic code points in the order the encoder's rounds meet them.
    let mut order: Vec<(u32, usize)> = label
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_ascii())
        .map(|(i, &c)| (u32::from(c), i))
        .collect();
    order.sort_unstable();
    // Positions of the code points smaller than the current round's.
    let mut smaller = Marks(vec![0; label.len() + 1]);
    for (i, c) in label.iter().enumerate() {
        if c.is_ascii() {
            smaller.mark(i);
        }
    }
    let (mut n, mut bias, mut delta, mut h) = (INITIAL_N, INITIAL_BIAS, 0u64, basic as u64);
    let mut round = 0;
    while round < order.len() {
        let m = order[round].0;
        let end = round + order[round..].iter().take_while(|&&(c, _)| c == m).count();
        delta += u64::from(m - n) * (h + 1);
        n = m;
        // Each occurrence: the smaller code points since the last one (or the start).
        let mut from = 0;
        for &(_, p) in &order[round..end] {
            delta += smaller.before(p) - smaller.before(from);
            if delta > u64::from(u32::MAX) {
                return None;
            }
            let mut q = delta;
            let mut k = BASE;
            loop {
                let t = if k <= bias {
                    T_MIN
                } else if k >= bias + T_MAX {
                    T_MAX
                } else {
                    k - bias
                };
                if q < t {
                    break;
                }
                out.push(digit(t + (q - t) % (BASE - t)));
                q = (q - t) / (BASE - t);
                k += BASE;
            }
            out.push(digit(q));
            bias = adapt(delta, h + 1, h == basic as u64);
            delta = 0;
            h += 1;
            from = p + 1;
        }
        // The rest of the label, then the step to the next code point.
        delta += smaller.before(label.len()) - smaller.before(from) + 1;
        n += 1;
        for &(_, p) in &order[round..end] {
            smaller.mark(p);
        }
        round = end;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::encode;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn puny(s: &str) -> String {
        let label: Vec<char> = s.chars().collect();
        let mut out = String::new();
        encode(&label, &mut out).unwrap();
        out
    }

    /// RFC 3492 §7.1 sample strings (A, B, L, S).
    #[test]
    fn rfc_samples() {
        assert_eq!(
            puny("\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}"),
            "egbpdaj6bu4bxfgehfvwxn"
        );
        assert_eq!(
            puny("\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}"),
            "ihqwcrb4cv8a8dqg056pqjye"
        );
        assert_eq!(
            puny("3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}"),
            "3B-ww4c5e180e575a65lsy2b"
        );
        assert_eq!(puny("-> $1.00 <-"), "-> $1.00 <--");
        assert_eq!(puny("bücher"), "bcher-kva");
    }

    /// Against the `idna` crate's RFC encoder, on labels of repeated, distinct and mixed
    /// code points, basic ones included.
    #[test]
    fn agrees_with_idna() {
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        let runs = if cfg!(miri) { 10 } else { 2_000 };
        for _ in 0..runs {
            let len = 1 + (next() % 300) as usize;
            let alphabet = 1 + next() % 200;
            let label: String = (0..len)
                .map(|_| {
                    let r = next();
                    match r % 8 {
                        0 => char::from(b'a' + (r >> 8) as u8 % 26),
                        1 => char::from_u32(0x10000 + (r >> 8) as u32 % 0x1000).unwrap(),
                        _ => char::from_u32(0x4E00 + ((r >> 8) % alphabet) as u32).unwrap(),
                    }
                })
                .collect();
            assert_eq!(
                puny(&label),
                idna::punycode::encode_str(&label).unwrap(),
                "{label:?}"
            );
        }
    }
}
