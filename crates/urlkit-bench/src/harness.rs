//! Paired rounds: every contender times the whole corpus once per round, in rotating order.

use crate::stats::{rotation, summarize, PairedSummary};
use std::hint::black_box;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// What one pass over a corpus produced: the number of successes and a checksum (e.g. the
/// total href length) that forces each contender to produce its full result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Inputs for which the contender succeeded.
    pub ok: usize,
    /// Sum of the lengths the contender reported for its successes.
    pub bytes: usize,
}

/// Runs `f` on every item (through [`black_box`]) and tallies the `Some(len)` results.
#[inline]
pub fn pass<T, F: Fn(&T) -> Option<usize>>(items: &[T], f: &F) -> Tally {
    let mut tally = Tally::default();
    for item in items {
        if let Some(len) = f(black_box(item)) {
            tally.ok += 1;
            tally.bytes += len;
        }
    }
    black_box(tally)
}

/// A named contender: a whole-corpus pass, and a way to run it on a single item (to find
/// which input made a contender panic).
pub struct Contender<'a> {
    /// Name printed in the results (`urlkit`, `url`, `ada`, `scan`).
    pub name: &'static str,
    run: Box<dyn Fn() -> Tally + 'a>,
    one: Box<dyn Fn(usize) -> Option<usize> + 'a>,
    len: usize,
    warm_tally: Tally,
}

impl<'a> Contender<'a> {
    /// A contender applying `f` to each of `items`; `f(item)` is `Some(result length)` on success.
    pub fn new<T, F>(name: &'static str, items: &'a [T], f: F) -> Self
    where
        F: Fn(&T) -> Option<usize> + Copy + 'a,
    {
        Contender {
            name,
            run: Box::new(move || pass(items, &f)),
            one: Box::new(move |i| f(&items[i])),
            len: items.len(),
            warm_tally: Tally::default(),
        }
    }

    /// Index of the first item on which this contender panics, if any.
    fn first_panic(&self) -> Option<usize> {
        (0..self.len).find(|&i| catch_unwind(AssertUnwindSafe(|| (self.one)(i))).is_err())
    }
}

/// The outcome of one benchmark for one contender.
#[derive(Clone, Debug)]
pub struct Measured {
    /// Contender name.
    pub name: &'static str,
    /// Successes and checksum of one pass.
    pub tally: Tally,
    /// Wall time of each timed round, in nanoseconds (one round = `reps` passes).
    pub times: Vec<f64>,
}

/// How to measure: the number of timed rounds, and the shortest timed sample wanted.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Timed rounds after the warm-up round.
    pub rounds: usize,
    /// Each timed sample repeats the whole-corpus pass until it lasts about this long (judged
    /// from the warm-up pass of the reference contender, or of the fastest one without it):
    /// short samples are hit or missed whole by other processes, long ones share the load.
    pub min_sample: Duration,
    /// Name of the reference contender (`ada`).
    pub reference: &'static str,
}

/// Runs a warm-up pass of each contender (dropping, with a message naming the input, any that
/// panics), then `plan.rounds` rounds in which each contender times the same number of whole
/// passes (returned with the results), in the order given by [`rotation`].
pub fn measure(contenders: Vec<Contender<'_>>, plan: &Plan) -> (Vec<Measured>, usize) {
    let (live, warm) = warm_up(contenders);
    let reference = live.iter().position(|c| c.name == plan.reference);
    let pass = reference.map(|i| warm[i]).or_else(|| warm.iter().copied().min());
    let reps = pass.map_or(1, |t| repetitions(plan.min_sample, t));
    let mut results: Vec<Measured> = live
        .iter()
        .map(|c| Measured {
            name: c.name,
            tally: c.warm_tally,
            times: Vec::with_capacity(plan.rounds),
        })
        .collect();
    for round in 0..plan.rounds {
        for k in rotation(round, live.len()) {
            let start = Instant::now();
            for _ in 0..reps {
                black_box((live[k].run)());
            }
            results[k].times.push(start.elapsed().as_nanos() as f64);
        }
    }
    (results, reps)
}

/// Passes per sample so that a sample of passes taking `pass` each lasts at least `target`
/// (1 to 10,000).
pub fn repetitions(target: Duration, pass: Duration) -> usize {
    let pass = pass.as_nanos().max(1);
    usize::try_from(target.as_nanos().div_ceil(pass)).map_or(10_000, |n| n.clamp(1, 10_000))
}

/// Runs each contender once, timed; keeps those that do not panic, with their warm-up times.
fn warm_up(contenders: Vec<Contender<'_>>) -> (Vec<Contender<'_>>, Vec<Duration>) {
    let mut live = Vec::new();
    let mut times = Vec::new();
    for mut c in contenders {
        let previous_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let start = Instant::now();
        let warm = catch_unwind(AssertUnwindSafe(|| (c.run)()));
        let elapsed = start.elapsed();
        let culprit = warm.is_err().then(|| c.first_panic()).flatten();
        std::panic::set_hook(previous_hook);
        match (warm, culprit) {
            (Ok(tally), _) => {
                c.warm_tally = tally;
                live.push(c);
                times.push(elapsed);
            }
            (Err(_), Some(i)) => eprintln!("  {} panicked on item {i}; left out of this benchmark", c.name),
            (Err(_), None) => eprintln!("  {} panicked; left out of this benchmark", c.name),
        }
    }
    (live, times)
}

/// Summaries of each measured contender against the one named `reference`, with `items`
/// inputs per pass and `reps` passes per round.
pub fn against(
    measured: &[Measured],
    reference: &str,
    items: usize,
    reps: usize,
) -> Vec<(&'static str, Option<PairedSummary>)> {
    let base = measured.iter().find(|m| m.name == reference);
    measured
        .iter()
        .map(|m| {
            let reference_times = base.map_or(&[][..], |b| &b.times[..]);
            (m.name, summarize(&m.times, reference_times, items * reps))
        })
        .collect()
}

/// Compares two contenders' results input by input: how many inputs give the same result
/// (both fail, or both succeed with the same serialization), and the indices of up to
/// `keep` inputs that differ. A panic of `other` counts as a difference.
pub fn agreement<T, A, B>(items: &[T], reference: A, other: B, keep: usize) -> (usize, Vec<usize>)
where
    A: Fn(&T) -> Option<String>,
    B: Fn(&T) -> Option<String>,
{
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut same = 0;
    let mut differing = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let theirs = catch_unwind(AssertUnwindSafe(|| other(item)));
        if theirs.is_ok_and(|r| r == reference(item)) {
            same += 1;
        } else if differing.len() < keep {
            differing.push(i);
        }
    }
    std::panic::set_hook(previous_hook);
    (same, differing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_tallies_successes() {
        let items = ["a", "bb", "", "ccc"];
        let t = pass(&items, &|s: &&str| (!s.is_empty()).then_some(s.len()));
        assert_eq!(t, Tally { ok: 3, bytes: 6 });
    }

    #[test]
    fn repetitions_reach_the_target() {
        let ms = Duration::from_millis;
        assert_eq!(repetitions(ms(50), ms(20)), 3);
        assert_eq!(repetitions(ms(50), ms(50)), 1);
        assert_eq!(repetitions(ms(50), ms(80)), 1);
        assert_eq!(repetitions(ms(50), Duration::ZERO), 10_000);
        assert_eq!(repetitions(Duration::ZERO, ms(1)), 1);
    }

    #[test]
    fn agreement_counts_same_results() {
        let items = ["a", "B", "", "c"];
        let lower = |s: &&str| (!s.is_empty()).then(|| s.to_lowercase());
        let asis = |s: &&str| {
            assert!(*s != "c", "test panic");
            (!s.is_empty()).then(|| s.to_string())
        };
        assert_eq!(agreement(&items, lower, asis, 1), (2, vec![1]));
        assert_eq!(agreement(&items, lower, lower, 5), (4, vec![]));
    }

    #[test]
    fn measure_times_every_round_and_drops_panics() {
        let items = ["x", "boom", "y"];
        let ok = Contender::new("ok", &items, |s: &&str| Some(s.len()));
        let bad = Contender::new("bad", &items, |s: &&str| {
            assert!(*s != "boom", "test panic");
            Some(1)
        });
        let plan = Plan {
            rounds: 3,
            min_sample: Duration::ZERO,
            reference: "ok",
        };
        let (measured, reps) = measure(vec![ok, bad], &plan);
        assert_eq!(reps, 1);
        assert_eq!(measured.len(), 1);
        assert_eq!(measured[0].name, "ok");
        assert_eq!(measured[0].tally, Tally { ok: 3, bytes: 6 });
        assert_eq!(measured[0].times.len(), 3);
        let summary = against(&measured, "ok", items.len(), 2);
        assert_eq!(summary[0].1.and_then(|s| s.ratio).map(|r| r.median), Some(1.0));
        let alone = against(&measured, "absent", 3, 2)[0].1.unwrap();
        assert!(alone.ratio.is_none() && alone.per_item > 0.0);
    }
}
