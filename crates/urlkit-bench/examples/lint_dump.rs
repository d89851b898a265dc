//! Every finding `urlkit::lint::lint` makes on every line of the given files, one line of
//! output per input line (its number, then each finding's `Debug`: code, severity, span,
//! message, detail): for comparing the linter's output before and after a change.
//!
//! ```sh
//! cargo run --release -p urlkit-bench --example lint_dump -- ../shared/datasets/realworld.txt > before.txt
//! ```
use std::io::Write;

fn main() {
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("corpus");
        for (n, line) in urlkit_bench::corpus::split_lines(&text).iter().enumerate() {
            let findings = urlkit::lint::lint(line);
            writeln!(out, "{path}:{} {findings:?}", n + 1).expect("stdout");
            // A JSON line of `messy.txt` is linted decoded too.
            if line.starts_with('{') {
                if let Some(case) = urlkit_bench::corpus::messy_case(line) {
                    let findings = urlkit::lint::lint(&case.input);
                    writeln!(out, "{path}:{} decoded {findings:?}", n + 1).expect("stdout");
                }
            }
        }
    }
}
