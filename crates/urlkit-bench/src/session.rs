//! A benchmark run: which benchmarks the filter selects, and the rows and sanity lines that
//! accumulate until the report is printed.

use crate::harness::{against, measure, Contender, Plan};
use crate::report::{markdown_table, thousands, Row};
use std::time::Duration;

/// Default shortest timed sample, in milliseconds (`URLKIT_BENCH_SAMPLE_MS`).
const DEFAULT_SAMPLE_MS: u64 = 50;

/// Settings and results of one run of a bench target.
pub struct Session {
    /// Substring of `corpus/benchmark` selecting the benchmarks to run; `None` runs all.
    pub filter: Option<String>,
    /// Timed rounds per benchmark.
    pub rounds: usize,
    /// Shortest timed sample: small or fast corpora are passed over several times per sample.
    pub min_sample: Duration,
    rows: Vec<Row>,
    sanity: Vec<String>,
}

impl Session {
    /// A session from the command line (filter) and `URLKIT_BENCH_ROUNDS` (else `default_rounds`).
    pub fn from_env(default_rounds: usize) -> Self {
        let mut session = Session::new(crate::filter_arg(), crate::rounds(default_rounds));
        if let Some(ms) = std::env::var("URLKIT_BENCH_SAMPLE_MS")
            .ok()
            .and_then(|v| v.trim().parse().ok())
        {
            session.min_sample = Duration::from_millis(ms);
        }
        session
    }

    /// A session with an explicit filter and number of rounds.
    pub fn new(filter: Option<String>, rounds: usize) -> Self {
        Session {
            filter,
            rounds,
            min_sample: Duration::from_millis(DEFAULT_SAMPLE_MS),
            rows: Vec::new(),
            sanity: Vec::new(),
        }
    }

    /// Whether the filter selects `corpus/benchmark`.
    pub fn wants(&self, corpus: &str, benchmark: &str) -> bool {
        let id = format!("{corpus}/{benchmark}");
        self.filter.as_deref().is_none_or(|f| id.contains(f))
    }

    /// Measures `contenders` (each over the same `items` inputs) and records a table row per
    /// contender and a sanity line with their success counts; `agreement` is that line's
    /// "same result as ada" cell. A contender named `scan` (the floor) gets no success count.
    pub fn bench(
        &mut self,
        (corpus, benchmark): (&str, &str),
        items: usize,
        contenders: Vec<Contender<'_>>,
        agreement: String,
    ) {
        let plan = Plan {
            rounds: self.rounds,
            min_sample: self.min_sample,
            reference: "ada",
        };
        let (measured, reps) = measure(contenders, &plan);
        eprintln!(
            "{corpus}/{benchmark}: {} inputs, {reps} passes per sample, {} rounds",
            thousands(items),
            self.rounds
        );
        for (name, summary) in against(&measured, "ada", items, reps) {
            let Some(s) = summary else { continue };
            self.rows.push(Row {
                corpus: corpus.to_owned(),
                benchmark: benchmark.to_owned(),
                parser: name.to_owned(),
                ns_per_url: s.per_item,
                ratio: s.ratio,
            });
        }
        let counts: Vec<String> = measured
            .iter()
            .filter(|m| m.name != "scan")
            .map(|m| format!("{} {}", m.name, thousands(m.tally.ok)))
            .collect();
        self.sanity.push(format!(
            "| {corpus} | {benchmark} | {} | {reps} | {} | {agreement} |",
            thousands(items),
            counts.join(" · ")
        ));
    }

    /// The markdown report: `title`, the `machine` lines (taken at the start), the method,
    /// the results table and the sanity table.
    pub fn report(&self, title: &str, machine: &str) -> String {
        format!(
            "## {title}\n\n{machine}- load average at end: {}\n- method: {} timed rounds after 1 warm-up \
             round; each round times every contender over the whole corpus, repeated so that a sample lasts \
             about {} ms or more (\"passes\" below), in rotating order; ratio = median over rounds of \
             t(contender) / t(ada) in the same round\n\n{}\n\
             Sanity: successes per contender (urlkit and ada should be close), and inputs with the same\n\
             result as ada (same href, or both fail):\n\n\
             | corpus | benchmark | inputs | passes | successes | same result as ada |\n\
             | --- | --- | ---: | ---: | --- | --- |\n{}\n",
            crate::load_average(),
            self.rounds,
            self.min_sample.as_millis(),
            markdown_table(&self.rows),
            self.sanity.join("\n")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_matches_corpus_slash_benchmark() {
        let all = Session::new(None, 1);
        assert!(all.wants("realworld", "parse"));
        let some = Session::new(Some("real".into()), 1);
        assert!(some.wants("realworld", "can_parse") && !some.wants("synthetic", "parse"));
        let one = Session::new(Some("synthetic/parse".into()), 1);
        assert!(one.wants("synthetic", "parse") && !one.wants("synthetic", "can_parse"));
    }

    #[test]
    fn bench_records_rows_and_sanity() {
        let items = ["a", "bb", ""];
        let mut s = Session::new(None, 2);
        s.min_sample = Duration::ZERO;
        let contenders = vec![
            Contender::new("ada", &items, |x: &&str| (!x.is_empty()).then_some(x.len())),
            Contender::new("scan", &items, |x: &&str| Some(x.len())),
        ];
        s.bench(("c", "b"), items.len(), contenders, "–".into());
        let report = s.report("T", "- machine: m\n");
        assert!(report.starts_with("## T\n\n- machine: m\n- load average at end:"));
        assert!(report.contains("| c | b | ada |"));
        assert!(report.contains("| c | b | scan |"));
        assert!(report.contains("| c | b | 3 | 1 | ada 2 | – |"));
    }
}
