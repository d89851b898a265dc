//! Property: the linter never panics, every finding's span lies inside the input on
//! character boundaries, findings come in input order (span start, then code), and linting
//! twice gives the same findings.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::lint::lint;

fuzz_target!(|input: &str| {
    let findings = lint(input);
    for f in &findings {
        assert!(
            input.get(f.span()).is_some(),
            "{input:?}: {f:?} outside the input"
        );
        assert!(!f.message().is_empty(), "{input:?}: {f:?} without a message");
    }
    assert!(
        findings
            .windows(2)
            .all(|w| (w[0].span().start, w[0].code()) <= (w[1].span().start, w[1].code())),
        "{input:?}: findings out of order"
    );
    assert_eq!(lint(input), findings, "{input:?}: not deterministic");
});
