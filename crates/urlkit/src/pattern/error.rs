//! Why a pattern could not be built: the kind, the component it was in, and the byte
//! position in the pattern string the caller gave (when the failing text came from it).

use super::Component;
use alloc::string::String;
use core::fmt;

/// What went wrong while building a [`UrlPattern`](super::UrlPattern).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `:` not followed by a name (an ECMAScript identifier).
    MissingName,
    /// A `\` at the end of the pattern or of a regexp group.
    TrailingBackslash,
    /// A regexp group with a non-ASCII code point.
    RegexpNotAscii,
    /// A regexp group starting with `?`.
    RegexpStartsWithQuestionMark,
    /// A capturing group `(` inside a regexp group (only `(?` groups are allowed there).
    RegexpCapturingGroup,
    /// A regexp group whose parentheses do not balance.
    UnbalancedRegexp,
    /// An empty regexp group `()`.
    EmptyRegexp,
    /// A token where the pattern syntax expects another (`expected` names it).
    UnexpectedToken {
        /// What the parser needed here.
        expected: &'static str,
    },
    /// Two groups with the same name in one component.
    DuplicateName,
    /// Fixed text the URL parser rejects for this component (e.g. `bad hostname`).
    InvalidComponent,
    /// A regexp group the regexp engine rejects (its message).
    Regexp(String),
    /// ECMAScript regexp syntax this implementation does not support (lookaround,
    /// backreferences, …): the feature's name.
    UnsupportedRegexp(&'static str),
    /// A pattern string without a protocol and without a base URL.
    RelativeWithoutBase,
    /// A base URL given with a dictionary input (the base goes in `base_url` instead).
    BaseWithInit,
    /// The base URL does not parse.
    InvalidBaseUrl,
}

/// An error building a [`UrlPattern`](super::UrlPattern): its [`ErrorKind`], the
/// [`Component`] being compiled (if any) and the byte position in the caller's pattern string.
///
/// ```
/// use urlkit::pattern::{UrlPattern, ErrorKind};
/// let err = UrlPattern::parse("https://example.com/:id(\\d+", None).unwrap_err();
/// assert_eq!(err.kind(), &ErrorKind::UnbalancedRegexp);
/// assert_eq!(err.position(), Some(23));
/// assert_eq!(err.to_string(), "pathname: unbalanced parentheses in regexp group at byte 23");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    component: Option<Component>,
    position: Option<usize>,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, position: Option<usize>) -> Self {
        Error {
            kind,
            component: None,
            position,
        }
    }

    /// Attributes the error to `component`, whose text starts at byte `offset` of the
    /// caller's pattern string (`None`: it does not come verbatim from there).
    pub(crate) fn in_component(mut self, component: Component, offset: Option<usize>) -> Self {
        if self.component.is_none() {
            self.component = Some(component);
            self.position = match (self.position, offset) {
                (Some(p), Some(o)) => Some(p + o),
                _ => None,
            };
        }
        self
    }

    /// What went wrong.
    ///
    /// ```
    /// use urlkit::pattern::{UrlPattern, ErrorKind};
    /// let err = UrlPattern::parse("/books/:id", None).unwrap_err();
    /// assert_eq!(err.kind(), &ErrorKind::RelativeWithoutBase);
    /// ```
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The component whose pattern failed, if the error belongs to one.
    ///
    /// ```
    /// use urlkit::pattern::{Component, UrlPattern};
    /// let err = UrlPattern::parse("https://bad host/", None).unwrap_err();
    /// assert_eq!(err.component(), Some(Component::Hostname));
    /// ```
    pub fn component(&self) -> Option<Component> {
        self.component
    }

    /// The byte position in the pattern string given to the constructor (or in the
    /// component's own string for a dictionary input), when the error points at one.
    ///
    /// ```
    /// use urlkit::pattern::UrlPattern;
    /// let err = UrlPattern::parse("https://a.com/x/(?=y)", None).unwrap_err();
    /// assert_eq!(err.position(), Some(16));
    /// ```
    pub fn position(&self) -> Option<usize> {
        self.position
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::MissingName => f.write_str("expected a group name after ':'"),
            ErrorKind::TrailingBackslash => f.write_str("trailing backslash"),
            ErrorKind::RegexpNotAscii => f.write_str("non-ascii code point in regexp group"),
            ErrorKind::RegexpStartsWithQuestionMark => f.write_str("regexp group starts with '?'"),
            ErrorKind::RegexpCapturingGroup => {
                f.write_str("capturing group inside a regexp group (use '(?:')")
            }
            ErrorKind::UnbalancedRegexp => f.write_str("unbalanced parentheses in regexp group"),
            ErrorKind::EmptyRegexp => f.write_str("empty regexp group"),
            ErrorKind::UnexpectedToken { expected } => write!(f, "unexpected token, expected {expected}"),
            ErrorKind::DuplicateName => f.write_str("duplicate group name"),
            ErrorKind::InvalidComponent => f.write_str("invalid text for this url component"),
            ErrorKind::Regexp(msg) => write!(f, "invalid regexp: {msg}"),
            ErrorKind::UnsupportedRegexp(what) => write!(f, "unsupported regexp feature: {what}"),
            ErrorKind::RelativeWithoutBase => f.write_str("relative pattern without a base url"),
            ErrorKind::BaseWithInit => f.write_str("a base url argument with a dictionary input"),
            ErrorKind::InvalidBaseUrl => f.write_str("invalid base url"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(c) = self.component {
            write!(f, "{}: ", c.name())?;
        }
        write!(f, "{}", self.kind)?;
        if let Some(p) = self.position {
            write!(f, " at byte {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}
