//! The error table of `docs/migrating-from-url.md`: for each `url` `ParseError` and
//! `SyntaxViolation` variant, an input that gives it in `url` gives the `ErrorKind` the
//! table names in urlkit.

use urlkit::{ErrorKind, Url, ValidationError};

/// The kind of the error `Url::parse(input)` (against `base`) fails with.
fn failure(input: &str, base: Option<&str>) -> ErrorKind {
    let base = base.map(|b| Url::parse(b).unwrap());
    match Url::options().base_url(base.as_ref()).parse(input) {
        Ok(url) => panic!("{input:?} parsed as {url}"),
        Err(e) => e.kind(),
    }
}

/// The kinds of the validation errors of a successful parse.
fn violations(input: &str) -> Vec<ErrorKind> {
    let mut seen = Vec::new();
    let mut record = |e: ValidationError| seen.push(e.kind());
    Url::options()
        .on_validation_error(&mut record)
        .parse(input)
        .unwrap_or_else(|e| panic!("{input:?}: {e}"));
    seen
}

#[test]
fn parse_error_variants() {
    use ErrorKind::*;
    for (url_variant, input, base, kind) in [
        ("EmptyHost", "http://", None, HostMissing),
        ("IdnaError", "http://a\u{FFFD}b/", None, DomainToAscii),
        ("InvalidPort", "http://h:65536/", None, PortOutOfRange),
        ("InvalidPort", "http://h:1a/", None, PortInvalid),
        ("InvalidIpv4Address", "http://1.2.3.4.5/", None, Ipv4TooManyParts),
        ("InvalidIpv6Address", "http://[::1/", None, Ipv6Unclosed),
        (
            "InvalidDomainCharacter",
            "http://a<b/",
            None,
            DomainInvalidCodePoint,
        ),
        ("RelativeUrlWithoutBase", "/x", None, MissingSchemeNonRelativeUrl),
        (
            "RelativeUrlWithCannotBeABaseBase",
            "x",
            Some("mailto:a@b"),
            MissingSchemeNonRelativeUrl,
        ),
    ] {
        assert_eq!(failure(input, base), kind, "{url_variant}: {input:?}");
    }
    // SetHostOnCannotBeABaseUrl
    let mut url = Url::parse("mailto:a@b").unwrap();
    assert_eq!(url.set_host(Some("h")).unwrap_err().kind(), SetterNotApplicable);
}

#[test]
fn syntax_violation_variants() {
    use ErrorKind::*;
    for (url_variant, input, kind) in [
        ("Backslash", "http://h\\a", InvalidReverseSolidus),
        ("C0SpaceIgnored", " http://h/", InvalidUrlUnit),
        ("TabOrNewlineIgnored", "http://h/a\tb", InvalidUrlUnit),
        ("NonUrlCodePoint", "http://h/a^b", InvalidUrlUnit),
        ("NullInFragment", "http://h/#a\0b", InvalidUrlUnit),
        ("PercentDecode", "http://h/%zz", InvalidUrlUnit),
        ("EmbeddedCredentials", "http://u@h/", InvalidCredentials),
        ("UnencodedAtSign", "http://u@v@h/", InvalidCredentials),
        (
            "ExpectedDoubleSlash",
            "http:h/",
            SpecialSchemeMissingFollowingSolidus,
        ),
        (
            "ExpectedFileDoubleSlash",
            "file:/x",
            SpecialSchemeMissingFollowingSolidus,
        ),
        (
            "(a drive letter as the host)",
            "file://C:/x",
            FileInvalidWindowsDriveLetterHost,
        ),
    ] {
        let seen = violations(input);
        assert!(
            seen.contains(&kind),
            "{url_variant}: {input:?} gave {seen:?}, not {kind:?}"
        );
    }
    // FileWithHostAndWindowsDrive: the current standard keeps the host and reports nothing.
    assert_eq!(violations("file://h/C:/x"), []);
}
