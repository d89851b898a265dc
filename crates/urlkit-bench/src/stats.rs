//! Order statistics over benchmark rounds: medians, quantiles and paired ratios.

/// The `q`-quantile (`0.0..=1.0`) of `values` by linear interpolation between the closest
/// ranks; `None` when `values` is empty, `q` is out of range, or a value is NaN.
pub fn quantile(values: &[f64], q: f64) -> Option<f64> {
    if values.is_empty() || !(0.0..=1.0).contains(&q) || values.iter().any(|v| v.is_nan()) {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let pos = q * (sorted.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    let (a, b) = (sorted[lo], sorted[hi]);
    Some(a + (b - a) * (pos - lo as f64))
}

/// The median of `values` (mean of the two middle values for an even count); `None` when empty.
pub fn median(values: &[f64]) -> Option<f64> {
    quantile(values, 0.5)
}

/// Round-by-round ratios `times[r] / reference[r]`, skipping rounds where the reference is
/// not a positive number. Extra rounds on either side (unequal lengths) are ignored.
pub fn paired_ratios(times: &[f64], reference: &[f64]) -> Vec<f64> {
    times
        .iter()
        .zip(reference)
        .filter(|(_, &r)| r > 0.0)
        .map(|(&t, &r)| t / r)
        .collect()
}

/// Summary of one contender's rounds against a reference contender timed in the same rounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedSummary {
    /// Median time of one round divided by the work per round (e.g. ns per URL).
    pub per_item: f64,
    /// The per-round ratios to the reference; `None` without reference rounds.
    pub ratio: Option<Spread>,
}

/// Median and interquartile range of a sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// The median.
    pub median: f64,
    /// The 25th percentile.
    pub p25: f64,
    /// The 75th percentile.
    pub p75: f64,
}

impl Spread {
    /// Median and quartiles of `values`; `None` when empty or with a NaN.
    pub fn of(values: &[f64]) -> Option<Spread> {
        Some(Spread {
            median: median(values)?,
            p25: quantile(values, 0.25)?,
            p75: quantile(values, 0.75)?,
        })
    }
}

/// Summarizes per-round `times` of a contender against the `reference` times of the same
/// rounds, with `items` units of work per round. `None` without rounds or items.
pub fn summarize(times: &[f64], reference: &[f64], items: usize) -> Option<PairedSummary> {
    if items == 0 {
        return None;
    }
    Some(PairedSummary {
        per_item: median(times)? / items as f64,
        ratio: Spread::of(&paired_ratios(times, reference)),
    })
}

/// The order in which `n` contenders run in round `round`: a rotation by `round`, so each
/// contender takes each position equally often over `n` consecutive rounds.
pub fn rotation(round: usize, n: usize) -> impl Iterator<Item = usize> {
    (0..n).map(move |k| (round + k) % n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_odd_even_and_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[7.0]), Some(7.0));
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[1.0, f64::NAN]), None);
    }

    #[test]
    fn quantiles_interpolate() {
        let v = [10.0, 20.0, 30.0, 40.0, 50.0];
        assert_eq!(quantile(&v, 0.0), Some(10.0));
        assert_eq!(quantile(&v, 1.0), Some(50.0));
        assert_eq!(quantile(&v, 0.25), Some(20.0));
        assert_eq!(quantile(&[1.0, 2.0], 0.25), Some(1.25));
        assert_eq!(quantile(&v, 1.5), None);
    }

    #[test]
    fn paired_ratios_pair_rounds() {
        let ratios = paired_ratios(&[2.0, 9.0, 4.0], &[1.0, 3.0, 0.0]);
        assert_eq!(ratios, vec![2.0, 3.0]);
    }

    #[test]
    fn paired_ratio_ignores_shared_noise() {
        // A slow round (machine busy) slows both contenders: the paired ratio stays exact,
        // while the ratio of medians would not.
        let a = [100.0, 100.0, 500.0];
        let r = [50.0, 50.0, 250.0];
        let s = summarize(&a, &r, 10).unwrap();
        assert_eq!(
            s.ratio,
            Some(Spread {
                median: 2.0,
                p25: 2.0,
                p75: 2.0
            })
        );
        assert_eq!(s.per_item, 10.0);
    }

    #[test]
    fn summarize_needs_work_and_rounds() {
        assert_eq!(summarize(&[1.0], &[1.0], 0), None);
        assert_eq!(summarize(&[], &[], 5), None);
        let no_reference = summarize(&[1.0], &[0.0], 5).unwrap();
        assert_eq!((no_reference.per_item, no_reference.ratio), (0.2, None));
    }

    #[test]
    fn rotation_covers_every_position() {
        assert_eq!(rotation(0, 3).collect::<Vec<_>>(), vec![0, 1, 2]);
        assert_eq!(rotation(1, 3).collect::<Vec<_>>(), vec![1, 2, 0]);
        assert_eq!(rotation(5, 3).collect::<Vec<_>>(), vec![2, 0, 1]);
        assert_eq!(rotation(4, 0).count(), 0);
    }
}
