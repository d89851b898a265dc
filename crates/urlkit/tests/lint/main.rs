//! The linter and the safe-fetch policy (`urlkit::lint`): every finding kind on its own
//! input and not on close, harmless ones; the host-confusion corpus (`corpus.jsonl`, both
//! parsers' answers and the findings expected); the policy presets; `realworld.txt`.

#[path = "../common/mod.rs"]
mod common;

mod corpus;
mod kinds;
mod policy;
mod props;
mod realworld;
mod shortcuts;

use urlkit::lint::{lint, Code, Detail, Finding};

/// The codes `input` raises, in the linter's order.
pub fn codes(input: &str) -> Vec<&'static str> {
    lint(input).iter().map(|f| f.code().as_str()).collect()
}

/// The first finding of `code` on `input`, if any.
pub fn find(input: &str, code: Code) -> Option<Finding> {
    lint(input).into_iter().find(|f| f.code() == code)
}

/// Asserts that `input` raises `code`, and returns the text under its first span.
#[track_caller]
pub fn raised(input: &str, code: Code) -> String {
    let f = find(input, code).unwrap_or_else(|| {
        panic!(
            "{input:?} should raise {code} ({}), got {:?}",
            code.name(),
            codes(input)
        )
    });
    input[f.span()].to_owned()
}

/// Asserts that `input` does not raise `code`.
#[track_caller]
pub fn not_raised(input: &str, code: Code) {
    assert!(
        find(input, code).is_none(),
        "{input:?} should not raise {code} ({}): {:?}",
        code.name(),
        lint(input)
    );
}

/// The validation errors of `input` as (kind, position), sorted, without duplicates.
pub fn parser_errors(input: &str) -> Vec<(&'static str, usize)> {
    let mut errors = Vec::new();
    let mut cb = |e: urlkit::ValidationError| errors.push((e.kind().spec_name(), e.position()));
    let _ = urlkit::Url::options().on_validation_error(&mut cb).parse(input);
    errors.sort();
    errors.dedup();
    errors
}

/// The validation errors among `findings`, as (kind, position), sorted, without duplicates.
pub fn linter_errors(findings: &[urlkit::lint::Finding]) -> Vec<(&'static str, usize)> {
    let mut errors: Vec<_> = findings
        .iter()
        .filter_map(|f| match f.detail() {
            Some(Detail::Validation(v)) => Some((v.kind().spec_name(), v.position())),
            _ => None,
        })
        .collect();
    errors.sort();
    errors.dedup();
    errors
}
