//! Properties on generated inputs: linting never panics, every span lies inside the input on
//! character boundaries, the policy's deciding findings are among its findings.

use proptest::prelude::*;
use urlkit::lint::{lint, Policy};

/// URL-ish strings: schemes, slashes, at signs, escapes, numbers, dots, Unicode.
fn urlish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("http://".to_owned()),
        Just("ftp://".to_owned()),
        Just("gopher:".to_owned()),
        Just("mailto:".to_owned()),
        Just("file:".to_owned()),
        Just("//".to_owned()),
        Just("\\".to_owned()),
        Just("@".to_owned()),
        Just(":".to_owned()),
        Just("%0d%0a".to_owned()),
        Just("%2e".to_owned()),
        Just("%25".to_owned()),
        Just("%2F".to_owned()),
        Just("0x7f".to_owned()),
        Just(".".to_owned()),
        Just("127".to_owned()),
        Just("[::ffff:".to_owned()),
        Just("]".to_owned()),
        Just("xn--".to_owned()),
        Just("а".to_owned()),
        Just("。".to_owned()),
        Just("\t".to_owned()),
        Just("?".to_owned()),
        Just("#".to_owned()),
        Just("localhost".to_owned()),
        "[a-z0-9]{1,8}",
        "\\PC{1,3}",
    ];
    proptest::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn spans_are_inside_the_input(input in urlish()) {
        for f in lint(&input) {
            let span = f.span();
            prop_assert!(span.start <= span.end && span.end <= input.len(), "{input:?}: {f:?}");
            prop_assert!(input.is_char_boundary(span.start) && input.is_char_boundary(span.end), "{input:?}: {f:?}");
            prop_assert!(!f.message().is_empty() && !f.message().ends_with('.'));
        }
    }

    #[test]
    fn deciding_findings_are_findings(input in urlish()) {
        let v = Policy::strict().check(&input);
        for d in v.deciding() {
            prop_assert!(v.findings().contains(d));
        }
        prop_assert_eq!(v.is_allowed(), v.deciding().is_empty());
    }
}
