//! Registrable-domain lookups (eTLD+1) over the hosts of a corpus: urlkit's
//! `domain::List` against the `psl` crate (its list compiled into code) and the
//! `publicsuffix` crate (a list parsed at run time, here urlkit's own built-in copy, so both
//! run-time lists are the same version). See BENCHMARKS.md.
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench domain            # realworld.txt
//! URLKIT_BENCH_ROUNDS=31 cargo bench -p urlkit-bench --bench domain
//! ```
//!
//! Inputs: the domain host of every URL of `realworld.txt` that urlkit parses (duplicates
//! kept, as a pipeline meets them: lower-case ASCII, as a parsed URL holds them), extracted
//! outside the timing. Each contender returns the length of the registrable domain.

use publicsuffix::Psl as _;
use urlkit_bench::harness::{against, agreement, measure, Contender, Plan};
use urlkit_bench::report::thousands;

const DEFAULT_ROUNDS: usize = 15;

fn main() {
    let file = urlkit_bench::datasets_dir().join("realworld.txt");
    let Ok(text) = std::fs::read_to_string(&file) else {
        println!(
            "domain bench skipped: {} not found (set URLKIT_DATASETS)",
            file.display()
        );
        return;
    };
    let machine = urlkit_bench::machine_info();
    let hosts: Vec<String> = urlkit_bench::corpus::split_lines(&text)
        .iter()
        .filter_map(|l| urlkit::Url::parse(l).ok())
        .filter_map(|u| match u.host() {
            Some(urlkit::Host::Domain(d)) => Some(d.to_owned()),
            _ => None,
        })
        .collect();
    let list = urlkit::domain::List::builtin();
    let dat = include_str!("../../urlkit/src/domain/public_suffix_list.dat");
    let ps: publicsuffix::List = dat.parse().expect("publicsuffix parses the list");
    let ps = &ps;

    let urlkit_fn = move |h: &String| list.split(h).and_then(|p| p.registrable_domain().map(str::len));
    let psl_fn = |h: &String| psl::domain(h.as_bytes()).map(|d| d.as_bytes().len());
    let ps_fn = move |h: &String| ps.domain(h.as_bytes()).map(|d| d.as_bytes().len());

    let rounds = urlkit_bench::rounds(DEFAULT_ROUNDS);
    let plan = Plan {
        rounds,
        min_sample: std::time::Duration::from_millis(50),
        reference: "urlkit",
    };
    let contenders = vec![
        Contender::new("urlkit", &hosts, urlkit_fn),
        Contender::new("psl", &hosts, psl_fn),
        Contender::new("publicsuffix", &hosts, ps_fn),
    ];
    let (measured, reps) = measure(contenders, &plan);
    println!("## registrable domain over the hosts of realworld.txt\n\n{machine}");
    println!(
        "- {} hosts, {rounds} rounds of {reps} passes each, rotating order; ratio = t(contender) / t(urlkit) in the same round\n",
        thousands(hosts.len())
    );
    println!("| contender | median ns/host | ratio to urlkit | ratio p25–p75 | registrable domains |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for ((name, summary), m) in against(&measured, "urlkit", hosts.len(), reps)
        .into_iter()
        .zip(&measured)
    {
        let Some(s) = summary else { continue };
        let r = s.ratio.expect("paired with urlkit");
        println!(
            "| {name} | {:.1} | {:.2} | {:.2}–{:.2} | {} |",
            s.per_item,
            r.median,
            r.p25,
            r.p75,
            thousands(m.tally.ok)
        );
    }
    // Sanity: the same registrable domain (the psl crate's list is its own version).
    let reg = |h: &String| {
        list.split(h)
            .and_then(|p| p.registrable_domain().map(str::to_owned))
    };
    let utf8 = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    for (name, (same, differing)) in [
        (
            "psl",
            agreement(
                &hosts,
                reg,
                |h: &String| psl::domain(h.as_bytes()).map(|d| utf8(d.as_bytes())),
                3,
            ),
        ),
        (
            "publicsuffix",
            agreement(
                &hosts,
                reg,
                |h: &String| ps.domain(h.as_bytes()).map(|d| utf8(d.as_bytes())),
                3,
            ),
        ),
    ] {
        let examples: Vec<&str> = differing.iter().map(|&i| hosts[i].as_str()).collect();
        println!(
            "\nsame registrable domain as {name}: {} of {} (e.g. differing: {examples:?})",
            thousands(same),
            thousands(hosts.len())
        );
    }
}
