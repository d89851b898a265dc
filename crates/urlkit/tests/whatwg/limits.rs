//! The configurable maximum input length (`ParseOptions::max_input_length`).

use urlkit::{ErrorKind, ParseOptions, Url};

/// Inputs up to the limit parse as without one; one byte more fails with `InputTooLong` at
/// the limit, before any parsing (the input need not be a URL, nor end on a character
/// boundary at the limit); the base and the listener do not change that.
#[test]
fn max_input_length_is_exact_and_typed() {
    let base = Url::parse("https://example.com/dir/").unwrap();
    for input in [
        "https://example.com/a?b#c",
        "../é/x",
        "not a url at all",
        "  http://h/  ",
    ] {
        let len = input.len();
        let at = Url::options()
            .base_url(Some(&base))
            .max_input_length(len)
            .parse(input);
        assert_eq!(at, Url::parse_with_base(input, Some(&base)), "{input:?}");
        for limit in [0, 1, len / 2, len - 1] {
            let mut heard = 0;
            let mut listener = |_| heard += 1;
            let err = Url::options()
                .base_url(Some(&base))
                .on_validation_error(&mut listener)
                .max_input_length(limit)
                .parse(input)
                .unwrap_err();
            assert_eq!(
                (err.kind(), err.position()),
                (ErrorKind::InputTooLong, limit),
                "{input:?} {limit}"
            );
            assert_eq!(err.to_string(), format!("input too long at byte {limit}"));
            assert_eq!(heard, 0, "nothing parsed, nothing reported");
        }
    }
}

/// The default is ada's, 2^32 - 1 bytes, and no larger limit can be set.
#[test]
fn default_max_input_length_is_four_gib() {
    assert_eq!(ParseOptions::DEFAULT_MAX_INPUT_LENGTH, u32::MAX as usize);
    let long = format!("http://h/{}", "a".repeat(1 << 20));
    assert!(Url::options().parse(&long).is_ok());
    assert!(Url::options().max_input_length(usize::MAX).parse(&long).is_ok());
    assert_eq!(ErrorKind::InputTooLong.description(), "input too long");
}
