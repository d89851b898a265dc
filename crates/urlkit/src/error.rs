//! Errors: parse failures and the URL Standard's validation errors.
//!
//! The URL Standard distinguishes *validation errors* (input that is not valid but is still
//! handled, <https://url.spec.whatwg.org/#validation-error>) from *failure*. Both carry the
//! byte position in the input where the problem was seen. The variant names are the
//! standard's own error types, so a message can be looked up in its table.

use core::fmt;

/// The kind of a validation error or failure, named after the URL Standard's
/// [validation error table](https://url.spec.whatwg.org/#validation-error).
///
/// ```
/// use urlkit::ErrorKind;
/// assert_eq!(ErrorKind::HostMissing.spec_name(), "host-missing");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `domain-to-ASCII`: UTS 46 ToASCII failed.
    DomainToAscii,
    /// `domain-to-Unicode`: UTS 46 ToUnicode recorded an error.
    DomainToUnicode,
    /// `domain-invalid-code-point`: the ASCII domain contains a forbidden domain code point.
    DomainInvalidCodePoint,
    /// `domain-percent-encoded`: the host to be processed as a domain contains a percent-encoded byte.
    DomainPercentEncoded,
    /// `host-invalid-code-point`: an opaque host contains a forbidden host code point.
    HostInvalidCodePoint,
    /// `IPv4-empty-part`: an IPv4 address ends with a dot.
    Ipv4EmptyPart,
    /// `IPv4-too-few-parts`: an IPv4 address has fewer than four parts.
    Ipv4TooFewParts,
    /// `IPv4-too-many-parts`: an IPv4 address has more than four parts.
    Ipv4TooManyParts,
    /// `IPv4-non-numeric-part`: an IPv4 part is not numeric.
    Ipv4NonNumericPart,
    /// `IPv4-non-decimal-part`: an IPv4 part is written in hexadecimal or octal.
    Ipv4NonDecimalPart,
    /// `IPv4-out-of-range-part`: an IPv4 part exceeds 255.
    Ipv4OutOfRangePart,
    /// `IPv6-unclosed`: an IPv6 address is missing the closing `]`.
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`: an IPv6 address begins with improper compression.
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`: an IPv6 address has more than 8 pieces.
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`: an IPv6 address is compressed in more than one spot.
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`: an IPv6 address contains an invalid code point.
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`: an uncompressed IPv6 address has fewer than 8 pieces.
    Ipv6TooFewPieces,
    /// `IPv6-piece-leading-zero`: an IPv6 piece has a leading zero (not a failure).
    Ipv6PieceLeadingZero,
    /// `IPv4-in-IPv6-too-many-pieces`: an embedded IPv4 address follows more than 6 pieces.
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`: an embedded IPv4 address is malformed.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`: an embedded IPv4 part exceeds 255.
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`: an embedded IPv4 address has fewer than 4 parts.
    Ipv4InIpv6TooFewParts,
    /// `invalid-URL-unit`: a code point that is not a URL unit, or a `%` not followed by two hex digits.
    InvalidUrlUnit,
    /// `special-scheme-missing-following-solidus`: a special scheme not followed by `//`.
    SpecialSchemeMissingFollowingSolidus,
    /// `missing-scheme-non-relative-URL`: no scheme, and no usable base URL.
    MissingSchemeNonRelativeUrl,
    /// `invalid-reverse-solidus`: a special URL uses `\` instead of `/`.
    InvalidReverseSolidus,
    /// `invalid-credentials`: the input includes credentials.
    InvalidCredentials,
    /// `host-missing`: a special scheme without a host.
    HostMissing,
    /// `port-out-of-range`: the port is greater than 65535.
    PortOutOfRange,
    /// `port-invalid`: the port is not a number.
    PortInvalid,
    /// `file-invalid-Windows-drive-letter`: a relative file URL starts with a drive letter.
    FileInvalidWindowsDriveLetter,
    /// `file-invalid-Windows-drive-letter-host`: a file URL's host is a drive letter.
    FileInvalidWindowsDriveLetterHost,
    /// The input is longer than the maximum input length: [`ParseOptions::max_input_length`](crate::ParseOptions::max_input_length),
    /// by default 2³² − 1 bytes, the most that offsets can address; or a result would be
    /// longer than that (not in the standard). The position is the limit: the first byte
    /// over it.
    InputTooLong,
    /// A setter does not apply to this URL: it cannot have credentials or a port, has an
    /// opaque path, or the standard ignores the value there (not in the standard; from a
    /// [`SetterError`](crate::SetterError) converted into a `ParseError`).
    SetterNotApplicable,
}

impl ErrorKind {
    /// The error type's name as the URL Standard's table spells it.
    ///
    /// ```
    /// assert_eq!(urlkit::ErrorKind::Ipv4EmptyPart.spec_name(), "IPv4-empty-part");
    /// ```
    pub const fn spec_name(self) -> &'static str {
        use ErrorKind::*;
        match self {
            DomainToAscii => "domain-to-ASCII",
            DomainToUnicode => "domain-to-Unicode",
            DomainInvalidCodePoint => "domain-invalid-code-point",
            DomainPercentEncoded => "domain-percent-encoded",
            HostInvalidCodePoint => "host-invalid-code-point",
            Ipv4EmptyPart => "IPv4-empty-part",
            Ipv4TooFewParts => "IPv4-too-few-parts",
            Ipv4TooManyParts => "IPv4-too-many-parts",
            Ipv4NonNumericPart => "IPv4-non-numeric-part",
            Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            Ipv6Unclosed => "IPv6-unclosed",
            Ipv6InvalidCompression => "IPv6-invalid-compression",
            Ipv6TooManyPieces => "IPv6-too-many-pieces",
            Ipv6MultipleCompression => "IPv6-multiple-compression",
            Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            Ipv6TooFewPieces => "IPv6-too-few-pieces",
            Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            InvalidUrlUnit => "invalid-URL-unit",
            SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
            MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            InvalidReverseSolidus => "invalid-reverse-solidus",
            InvalidCredentials => "invalid-credentials",
            HostMissing => "host-missing",
            PortOutOfRange => "port-out-of-range",
            PortInvalid => "port-invalid",
            FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
            InputTooLong => "input-too-long",
            SetterNotApplicable => "setter-not-applicable",
        }
    }

    /// A short lower-case description, used by `Display`.
    ///
    /// ```
    /// assert_eq!(urlkit::ErrorKind::PortOutOfRange.description(), "port number is greater than 65535");
    /// ```
    pub const fn description(self) -> &'static str {
        use ErrorKind::*;
        match self {
            DomainToAscii => "invalid international domain name",
            DomainToUnicode => "domain could not be converted to unicode",
            DomainInvalidCodePoint => "invalid character in domain",
            DomainPercentEncoded => "percent-encoded byte in domain",
            HostInvalidCodePoint => "invalid character in host",
            Ipv4EmptyPart => "empty part in ipv4 address",
            Ipv4TooFewParts => "too few parts in ipv4 address",
            Ipv4TooManyParts => "too many parts in ipv4 address",
            Ipv4NonNumericPart => "non-numeric part in ipv4 address",
            Ipv4NonDecimalPart => "non-decimal part in ipv4 address",
            Ipv4OutOfRangePart => "ipv4 address part out of range",
            Ipv6Unclosed => "unclosed ipv6 address",
            Ipv6InvalidCompression => "invalid compression in ipv6 address",
            Ipv6TooManyPieces => "too many pieces in ipv6 address",
            Ipv6MultipleCompression => "ipv6 address compressed more than once",
            Ipv6InvalidCodePoint => "invalid character in ipv6 address",
            Ipv6TooFewPieces => "too few pieces in ipv6 address",
            Ipv6PieceLeadingZero => "leading zero in ipv6 address piece",
            Ipv4InIpv6TooManyPieces => "too many pieces before embedded ipv4 address",
            Ipv4InIpv6InvalidCodePoint => "invalid embedded ipv4 address",
            Ipv4InIpv6OutOfRangePart => "embedded ipv4 address part out of range",
            Ipv4InIpv6TooFewParts => "too few parts in embedded ipv4 address",
            InvalidUrlUnit => "invalid url code point",
            SpecialSchemeMissingFollowingSolidus => "expected // after special scheme",
            MissingSchemeNonRelativeUrl => "relative url without a base",
            InvalidReverseSolidus => "backslash used as path separator",
            InvalidCredentials => "url includes credentials",
            HostMissing => "empty host",
            PortOutOfRange => "port number is greater than 65535",
            PortInvalid => "invalid port number",
            FileInvalidWindowsDriveLetter => "relative file url starts with a windows drive letter",
            FileInvalidWindowsDriveLetterHost => "file url host is a windows drive letter",
            InputTooLong => "input too long",
            SetterNotApplicable => "the setter does not apply to this url",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// Why a URL could not be parsed: the kind of failure and the byte position in the input.
///
/// ```
/// let err = urlkit::Url::parse("http://exa mple.com/").unwrap_err();
/// assert_eq!(err.kind(), urlkit::ErrorKind::DomainInvalidCodePoint);
/// assert_eq!(err.to_string(), "invalid character in domain at byte 7");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ErrorKind,
    position: usize,
}

impl ParseError {
    /// Creates an error of `kind` at byte `position` of the input.
    ///
    /// ```
    /// let e = urlkit::ParseError::new(urlkit::ErrorKind::PortInvalid, 3);
    /// assert_eq!(e.position(), 3);
    /// ```
    pub const fn new(kind: ErrorKind, position: usize) -> Self {
        ParseError { kind, position }
    }

    /// The kind of failure.
    ///
    /// ```
    /// let e = urlkit::Url::parse("foo").unwrap_err();
    /// assert_eq!(e.kind(), urlkit::ErrorKind::MissingSchemeNonRelativeUrl);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset in the input where the failure was detected.
    ///
    /// ```
    /// let e = urlkit::Url::parse("http://h:99999/").unwrap_err();
    /// assert_eq!(e.kind(), urlkit::ErrorKind::PortOutOfRange);
    /// assert!(e.position() >= 9);
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.description(), self.position)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseError {}

/// A validation error reported while parsing: the input is not valid, but parsing went on
/// (or failed, when the kind is also a failure). Reported through
/// [`ParseOptions::on_validation_error`](crate::ParseOptions::on_validation_error).
///
/// ```
/// let mut seen = Vec::new();
/// let mut cb = |e: urlkit::ValidationError| seen.push(e.kind());
/// let url = urlkit::Url::options().on_validation_error(&mut cb).parse("http:\\\\example.com/")?;
/// assert_eq!(url.as_str(), "http://example.com/");
/// assert!(seen.contains(&urlkit::ErrorKind::InvalidReverseSolidus));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ValidationError {
    kind: ErrorKind,
    position: usize,
}

impl ValidationError {
    /// Creates a validation error of `kind` at byte `position`.
    ///
    /// ```
    /// let v = urlkit::ValidationError::new(urlkit::ErrorKind::InvalidCredentials, 7);
    /// assert_eq!(v.kind(), urlkit::ErrorKind::InvalidCredentials);
    /// ```
    pub const fn new(kind: ErrorKind, position: usize) -> Self {
        ValidationError { kind, position }
    }

    /// The kind of validation error.
    ///
    /// ```
    /// let v = urlkit::ValidationError::new(urlkit::ErrorKind::HostMissing, 0);
    /// assert_eq!(v.kind().spec_name(), "host-missing");
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset in the input.
    ///
    /// ```
    /// let v = urlkit::ValidationError::new(urlkit::ErrorKind::HostMissing, 5);
    /// assert_eq!(v.position(), 5);
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.description(), self.position)
    }
}

/// Where the parser sends validation errors: nowhere (the default, free) or a caller's callback.
pub(crate) struct Reporter<'a> {
    callback: Option<&'a mut dyn FnMut(ValidationError)>,
}

impl<'a> Reporter<'a> {
    /// A reporter that drops everything.
    pub(crate) const fn none() -> Self {
        Reporter { callback: None }
    }

    /// A reporter that calls `callback` for every validation error.
    pub(crate) fn new(callback: Option<&'a mut dyn FnMut(ValidationError)>) -> Self {
        Reporter { callback }
    }

    /// Whether anybody listens; lets hot paths skip work done only to report.
    #[inline]
    pub(crate) fn is_active(&self) -> bool {
        self.callback.is_some()
    }

    /// Reports `kind` at byte `position` of the original input.
    #[inline]
    pub(crate) fn report(&mut self, kind: ErrorKind, position: usize) {
        if let Some(cb) = self.callback.as_mut() {
            cb(ValidationError::new(kind, position));
        }
    }
}
