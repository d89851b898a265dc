//! Markdown tables and the machine/date header printed with every benchmark run.

use crate::stats::Spread;
use core::fmt::Write as _;

/// One line of the results table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Corpus name, e.g. `realworld`.
    pub corpus: String,
    /// Benchmark name, e.g. `parse`.
    pub benchmark: String,
    /// Contender name, e.g. `ada`.
    pub parser: String,
    /// Median nanoseconds per URL.
    pub ns_per_url: f64,
    /// Paired ratio to ada (median and quartiles over rounds); `None` without an ada column.
    pub ratio: Option<Spread>,
}

/// Renders `rows` as a GitHub markdown table: corpus, benchmark, parser, median ns/URL,
/// ratio to ada (paired median) and the ratio's interquartile range.
pub fn markdown_table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| corpus | benchmark | parser | median ns/URL | ratio to ada | ratio p25–p75 |\n\
         | --- | --- | --- | ---: | ---: | ---: |\n",
    );
    for row in rows {
        let (ratio, spread) = match row.ratio {
            Some(s) => (format!("{:.2}", s.median), format!("{:.2}–{:.2}", s.p25, s.p75)),
            None => ("–".to_owned(), "–".to_owned()),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.1} | {} | {} |",
            row.corpus, row.benchmark, row.parser, row.ns_per_url, ratio, spread
        );
    }
    out
}

/// `n` with `,` thousands separators: `77829` → `77,829`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The first `model name` of a `/proc/cpuinfo` text, if any.
pub fn cpu_model(cpuinfo: &str) -> Option<&str> {
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == "model name").then(|| value.trim())
    })
}

/// `YYYY-MM-DD HH:MM UTC` for `secs` seconds after the Unix epoch.
pub fn utc_datetime(secs: u64) -> String {
    let days = secs / 86_400;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// Proleptic Gregorian (year, month, day) of `days` days after 1970-01-01.
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    // Shift the epoch to 0000-03-01 so leap days fall at the end of each 400-year era.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_has_header_and_rows() {
        let rows = [
            Row {
                corpus: "realworld".into(),
                benchmark: "parse".into(),
                parser: "url".into(),
                ns_per_url: 312.345,
                ratio: Some(Spread {
                    median: 1.5,
                    p25: 1.4,
                    p75: 1.6,
                }),
            },
            Row {
                corpus: "realworld".into(),
                benchmark: "parse".into(),
                parser: "scan".into(),
                ns_per_url: 9.0,
                ratio: None,
            },
        ];
        let table = markdown_table(&rows);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("| corpus | benchmark | parser | median ns/URL | ratio to ada"));
        assert_eq!(lines[2], "| realworld | parse | url | 312.3 | 1.50 | 1.40–1.60 |");
        assert_eq!(lines[3], "| realworld | parse | scan | 9.0 | – | – |");
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(77_829), "77,829");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn cpu_model_from_cpuinfo() {
        let text = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) X\n";
        assert_eq!(cpu_model(text), Some("Intel(R) Xeon(R) X"));
        assert_eq!(cpu_model("processor : 0\n"), None);
    }

    #[test]
    fn dates() {
        assert_eq!(utc_datetime(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_datetime(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc_datetime(1_700_000_000), "2023-11-14 22:13 UTC");
        assert_eq!(utc_datetime(4_102_444_799), "2099-12-31 23:59 UTC");
    }
}
