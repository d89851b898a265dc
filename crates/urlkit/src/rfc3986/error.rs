//! Parse errors of the RFC 3986/3987 layer: a byte position, the ABNF rule that was expected
//! there (RFC 3986 Appendix A, RFC 3987 §2.2, RFC 6874 §2) and what was found.

use core::fmt;

/// An ABNF rule of RFC 3986 Appendix A (or RFC 3987 §2.2 / RFC 6874 §2) that the parser
/// expected at an error position.
///
/// ```
/// use urlkit::rfc3986::Rule;
/// assert_eq!(Rule::Pchar.to_string(), "pchar");
/// assert_eq!(Rule::SegmentNzNc.name(), "segment-nz-nc");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` followed by `":"` (§3.1).
    Scheme,
    /// `userinfo` (§3.2.1).
    Userinfo,
    /// `host = IP-literal / IPv4address / reg-name` (§3.2.2).
    Host,
    /// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` (§3.2.2).
    IpLiteral,
    /// `IPv6address` (§3.2.2).
    Ipv6Address,
    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (§3.2.2).
    IpvFuture,
    /// `ZoneID = 1*( unreserved / pct-encoded )` after `"%25"` (RFC 6874 §2).
    ZoneId,
    /// `port = *DIGIT` (§3.2.3).
    Port,
    /// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (§3.3).
    Pchar,
    /// `segment-nz-nc`: the first segment of a relative path may not hold `":"` (§3.3, §4.2).
    SegmentNzNc,
    /// `path-abempty`: after an authority the path is empty or starts with `"/"` (§3.3).
    PathAbempty,
    /// `path-absolute`: without an authority the path cannot start with `"//"` (§3.3).
    PathAbsolute,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§3.5).
    Fragment,
    /// `HEXDIG` after `"%"` in `pct-encoded` (§2.1).
    HexDig,
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]`: no fragment allowed (§4.3).
    AbsoluteUri,
    /// `relative-ref`: no scheme allowed (§4.2).
    RelativeRef,
    /// The input is longer than the 4 GiB that `u32` offsets address (not an ABNF rule).
    ShortInput,
}

impl Rule {
    /// The rule's name as the ABNF spells it.
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::Rule::Ipv6Address.name(), "IPv6address");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Scheme => "scheme",
            Rule::Userinfo => "userinfo",
            Rule::Host => "host",
            Rule::IpLiteral => "IP-literal",
            Rule::Ipv6Address => "IPv6address",
            Rule::IpvFuture => "IPvFuture",
            Rule::ZoneId => "ZoneID",
            Rule::Port => "port",
            Rule::Pchar => "pchar",
            Rule::SegmentNzNc => "segment-nz-nc",
            Rule::PathAbempty => "path-abempty",
            Rule::PathAbsolute => "path-absolute",
            Rule::Query => "query",
            Rule::Fragment => "fragment",
            Rule::HexDig => "HEXDIG",
            Rule::AbsoluteUri => "absolute-URI",
            Rule::RelativeRef => "relative-ref",
            Rule::ShortInput => "input under 4 GiB",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a string is not a URI (or IRI) reference: the byte position, the ABNF rule expected
/// there and the character found (`None` at the end of the input).
///
/// ```
/// use urlkit::rfc3986::{Rule, UriRef};
/// let err = UriRef::parse("http://h/a\"b").unwrap_err();
/// assert_eq!((err.position(), err.expected(), err.found()), (10, Rule::Pchar, Some('"')));
/// assert_eq!(err.to_string(), "expected pchar at byte 10, found '\"'");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseError {
    pub(crate) position: usize,
    pub(crate) expected: Rule,
    pub(crate) found: Option<char>,
}

impl ParseError {
    /// Builds the error at byte `position` of `input`, reading what was found there.
    pub(crate) fn at(input: &str, position: usize, expected: Rule) -> Self {
        let found = input.get(position..).and_then(|s| s.chars().next());
        ParseError {
            position,
            expected,
            found,
        }
    }

    /// The byte offset in the input where parsing failed.
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::UriRef::parse("a%zz").unwrap_err().position(), 2);
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }

    /// The ABNF rule the parser expected at [`position`](Self::position).
    ///
    /// ```
    /// use urlkit::rfc3986::{Rule, UriRef};
    /// assert_eq!(UriRef::parse("http://h:8x/").unwrap_err().expected(), Rule::Port);
    /// ```
    pub const fn expected(&self) -> Rule {
        self.expected
    }

    /// The character found at the error position, `None` at the end of the input.
    ///
    /// ```
    /// assert_eq!(urlkit::rfc3986::UriRef::parse("a%4").unwrap_err().found(), None);
    /// ```
    pub const fn found(&self) -> Option<char> {
        self.found
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} at byte {}, found ", self.expected, self.position)?;
        match self.found {
            Some(c) => write!(f, "{c:?}"),
            None => f.write_str("end of input"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseError {}
