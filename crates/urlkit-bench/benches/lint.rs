//! The cost of linting against a plain WHATWG parse, paired in one run over `realworld.txt`
//! (issue 12's budget: linting costs at most 2x a plain parse). Contenders, in rotating order
//! each round:
//!
//! - `whatwg`: `Url::parse` (the anchor);
//! - `whatwg+errors`: `Url::parse` with a validation-error listener (no fast path);
//! - `rfc3986`: `UriRef::parse`;
//! - `lint`: `urlkit::lint::lint`, every check, both parsers;
//! - `policy`: `Policy::strict().check`, lint and the policy's own rules (its budget: at most
//!   1.2x lint; a second table gives each contender's ratio to lint).
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench lint
//! URLKIT_BENCH_ROUNDS=21 cargo bench -p urlkit-bench --bench lint
//! ```
//!
//! `URLKIT_LINT_ONLY=<contender> URLKIT_LINT_PASSES=<n>` runs one contender alone, `n`
//! passes over the corpus (`none`: no contender, only reading it), for instruction counts:
//! `crates/urlkit-bench/scripts/lint-ratio.sh` runs it under callgrind.
//!
//! `URLKIT_LINT_SUBSET=<kind>` keeps only some lines of the corpus, in both modes (to see
//! where lint's cost goes, by instructions and by wall clock): `canonical` (the URL as the
//! parser serializes it, or that less a root path's `/`, with fewer than 20 `%`), `escapes`
//! (canonical with 20 `%` or more), `other` (not canonical, or not a URL).

use std::hint::black_box;
use urlkit_bench::corpus::split_lines;
use urlkit_bench::harness::{against, measure, pass, Contender, Plan};
use urlkit_bench::report::thousands;

fn main() {
    let rounds = urlkit_bench::rounds(15);
    let machine = urlkit_bench::machine_info();
    let path = urlkit_bench::datasets_dir().join("realworld.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("lint bench skipped: cannot read {}", path.display());
        return;
    };
    let mut lines = split_lines(&text);
    if let Ok(subset) = std::env::var("URLKIT_LINT_SUBSET") {
        let Some(kind) = [Kind::Canonical, Kind::Escapes, Kind::Other]
            .into_iter()
            .find(|k| k.name() == subset)
        else {
            eprintln!("URLKIT_LINT_SUBSET: one of canonical, escapes, other");
            std::process::exit(2);
        };
        lines.retain(|l| Kind::of(l) == kind);
        eprintln!("subset {subset}: {} lines", lines.len());
    }
    if let Ok(only) = std::env::var("URLKIT_LINT_ONLY") {
        let passes = std::env::var("URLKIT_LINT_PASSES")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(1);
        let f: fn(&&str) -> Option<usize> = match only.as_str() {
            "whatwg" => whatwg,
            "whatwg+errors" => whatwg_errors,
            "rfc3986" => rfc3986,
            "lint" => lint,
            "policy" => policy,
            "none" => |_| None,
            _ => {
                eprintln!("URLKIT_LINT_ONLY: one of whatwg, whatwg+errors, rfc3986, lint, policy, none");
                std::process::exit(2);
            }
        };
        let tallies: Vec<_> = (0..passes).map(|_| pass(&lines, &f)).collect();
        println!("{only}: {passes} passes, {:?}", tallies.last());
        return;
    }
    let contenders = vec![
        Contender::new("whatwg", &lines, whatwg),
        Contender::new("whatwg+errors", &lines, whatwg_errors),
        Contender::new("rfc3986", &lines, rfc3986),
        Contender::new("lint", &lines, lint),
        Contender::new("policy", &lines, policy),
    ];
    let plan = Plan {
        rounds,
        min_sample: std::time::Duration::from_millis(50),
        reference: "whatwg",
    };
    let (measured, reps) = measure(contenders, &plan);
    println!(
        "## Lint benchmark\n\n{machine}- load average at end: {}",
        urlkit_bench::load_average()
    );
    println!(
        "- {} URLs of realworld.txt, {rounds} rounds of {reps} passes, rotating order; \
         ratio = median over rounds of t(contender) / t(whatwg) in the same round\n",
        thousands(lines.len())
    );
    println!("| contender | median ns/URL | ratio to whatwg | ratio p25–p75 | ok |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for ((name, summary), m) in against(&measured, "whatwg", lines.len(), reps)
        .into_iter()
        .zip(&measured)
    {
        let Some(s) = summary else { continue };
        let (ratio, spread) = s.ratio.map_or(("–".into(), "–".into()), |r| {
            (format!("{:.2}", r.median), format!("{:.2}–{:.2}", r.p25, r.p75))
        });
        println!(
            "| {name} | {:.1} | {ratio} | {spread} | {} |",
            s.per_item,
            thousands(m.tally.ok)
        );
    }
    // The same rounds, paired against lint: the strict policy's cost over lint's.
    println!("\n| contender | ratio to lint | ratio p25–p75 |");
    println!("| --- | ---: | ---: |");
    for (name, summary) in against(&measured, "lint", lines.len(), reps) {
        let Some(r) = summary.and_then(|s| s.ratio) else {
            continue;
        };
        if name == "policy" || name == "whatwg" {
            println!("| {name} | {:.2} | {:.2}–{:.2} |", r.median, r.p25, r.p75);
        }
    }
}

/// A line of the corpus by what lint does with it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Canonical,
    Escapes,
    Other,
}

impl Kind {
    fn of(line: &str) -> Kind {
        let Ok(url) = urlkit::Url::parse(line) else {
            return Kind::Other;
        };
        let s = url.as_str();
        let canonical = s == line
            || (s.strip_suffix('/') == Some(line)
                && url.pathname() == "/"
                && url.query().is_none()
                && url.fragment().is_none());
        match (canonical, line.matches('%').count() >= 20) {
            (false, _) => Kind::Other,
            (true, false) => Kind::Canonical,
            (true, true) => Kind::Escapes,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Canonical => "canonical",
            Kind::Escapes => "escapes",
            Kind::Other => "other",
        }
    }
}

fn whatwg(s: &&str) -> Option<usize> {
    urlkit::Url::parse(s).ok().map(|u| black_box(u.as_str()).len())
}

fn whatwg_errors(s: &&str) -> Option<usize> {
    let mut n = 0;
    let mut cb = |_e: urlkit::ValidationError| n += 1;
    let url = urlkit::Url::options().on_validation_error(&mut cb).parse(s);
    url.ok().map(|u| black_box(u.as_str()).len() + n)
}

fn rfc3986(s: &&str) -> Option<usize> {
    urlkit::rfc3986::UriRef::parse(s)
        .ok()
        .map(|u| black_box(u.path()).len())
}

fn lint(s: &&str) -> Option<usize> {
    Some(black_box(urlkit::lint::lint(s)).len())
}

/// The strict preset, built once.
static STRICT: std::sync::LazyLock<urlkit::lint::Policy> =
    std::sync::LazyLock::new(urlkit::lint::Policy::strict);

fn policy(s: &&str) -> Option<usize> {
    let verdict = STRICT.check(s);
    Some(black_box(verdict.findings()).len() + usize::from(verdict.is_allowed()))
}
