//! `realworld.txt`: the validation errors the linter reports are exactly the WHATWG
//! parser's (the linter skips the listening parse for canonical inputs that cannot hold
//! any), no plain `https://host/path?query` URL gets a warning, and the share of URLs with
//! a warning, by code (printed; BENCHMARKS.md's lint section quotes it).

use crate::{linter_errors, parser_errors};
use std::collections::BTreeMap;
use urlkit::lint::{lint, Severity};

/// `https://` + a lower-case LDH domain with a dot + `/path` + optional `?query`, all
/// plain characters: what must never raise a warning.
fn is_plain(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("https://") else {
        return false;
    };
    let (host, rest) = rest.split_once('/').unwrap_or((rest, ""));
    let labels_ok = host.split('.').all(|l| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && !l.starts_with("xn--")
            && l.bytes()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
    });
    let tld_alpha = host
        .rsplit('.')
        .next()
        .is_some_and(|t| t.bytes().all(|c| c.is_ascii_lowercase()));
    let plain_rest = rest
        .bytes()
        .all(|c| c.is_ascii_alphanumeric() || b"-._~/?=&+".contains(&c));
    host.contains('.')
        && labels_ok
        && tld_alpha
        && plain_rest
        && !host.ends_with(".localhost")
        && rest.matches('?').count() <= 1
}

#[test]
fn realworld() {
    let Some(lines) = crate::common::dataset_lines("realworld.txt") else {
        return;
    };
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut warned, mut plain) = (0, 0);
    for line in &lines {
        let findings = lint(line);
        assert_eq!(
            linter_errors(&findings),
            parser_errors(line),
            "validation errors of {line:?}"
        );
        let warnings: Vec<_> = findings
            .iter()
            .filter(|f| f.severity() >= Severity::Warning)
            .collect();
        if is_plain(line) {
            plain += 1;
            assert!(warnings.is_empty(), "plain URL {line:?} warned: {warnings:?}");
        }
        if !warnings.is_empty() {
            warned += 1;
        }
        let mut seen: Vec<&str> = warnings.iter().map(|f| f.code().as_str()).collect();
        seen.sort();
        seen.dedup();
        for code in seen {
            *by_code.entry(code).or_default() += 1;
        }
    }
    assert!(plain > 10_000, "only {plain} plain URLs: is this realworld.txt?");
    let pct = |n: usize| 100.0 * n as f64 / lines.len() as f64;
    crate::common::skip_note(&format!(
        "lint realworld: {} URLs, {plain} plain (no warning), {warned} with a warning ({:.2}%): {}",
        lines.len(),
        pct(warned),
        by_code
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
}

#[test]
fn corpus_and_messy_validation_errors_match_the_parser() {
    let corpus = include_str!("corpus.jsonl");
    let mut inputs: Vec<String> = corpus
        .lines()
        .filter_map(|l| {
            serde_json::from_str::<serde_json::Value>(l).ok()?["input"]
                .as_str()
                .map(String::from)
        })
        .collect();
    if let Some(lines) = crate::common::dataset_lines("synthetic.txt") {
        inputs.extend(lines);
    }
    for input in &inputs {
        assert_eq!(
            linter_errors(&lint(input)),
            parser_errors(input),
            "validation errors of {input:?}"
        );
    }
}
