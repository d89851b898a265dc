//! The errors of template parsing (§2) and expansion (§2.4.1, §3).

use core::fmt;

/// What went wrong where a template was parsed: the byte position and what was expected
/// there (RFC 6570 §2 syntax).
///
/// ```
/// let err = urlkit::template::Template::parse("/users/{id").unwrap_err();
/// assert_eq!(err.position(), 10);
/// assert_eq!(err.to_string(), "unclosed expression, expected '}' at byte 10");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TemplateError {
    pub(super) position: usize,
    pub(super) kind: TemplateErrorKind,
}

/// The kinds of [`TemplateError`], each naming what §2 expects at the position.
///
/// ```
/// use urlkit::template::{Template, TemplateErrorKind};
/// assert_eq!(Template::parse("{var:0}").unwrap_err().kind(), TemplateErrorKind::PrefixLength);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// The template ended inside an expression (§2.2).
    UnclosedExpression,
    /// A `}` outside an expression (§2.1: not a literal character).
    UnmatchedClose,
    /// A character that §2.1 does not allow in a literal (space, `"`, `<`, `>`, `\`,
    /// `^`, `` ` ``, `|`, a control or a non-character).
    Literal,
    /// A `%` not followed by two hexadecimal digits (§1.5 pct-encoded).
    PercentEncoding,
    /// A variable name was expected (§2.3 varname: `ALPHA / DIGIT / "_" / pct-encoded`,
    /// dots only between them).
    Varname,
    /// One of the operators §2.2 reserves for future extensions (`= , ! @ |`).
    ReservedOperator,
    /// After a variable name: not `,`, `*`, `:` or `}` (§2.3, §2.4).
    AfterVarname,
    /// A prefix length outside `1`–`9999` or with a leading zero (§2.4.1).
    PrefixLength,
}

impl TemplateError {
    /// The byte offset in the template where the error was found.
    ///
    /// ```
    /// assert_eq!(urlkit::template::Template::parse("a b").unwrap_err().position(), 1);
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }

    /// What was wrong.
    ///
    /// ```
    /// use urlkit::template::{Template, TemplateErrorKind};
    /// assert_eq!(Template::parse("{!x}").unwrap_err().kind(), TemplateErrorKind::ReservedOperator);
    /// ```
    pub const fn kind(&self) -> TemplateErrorKind {
        self.kind
    }
}

impl TemplateErrorKind {
    /// The lower-case message.
    ///
    /// ```
    /// use urlkit::template::TemplateErrorKind;
    /// assert_eq!(TemplateErrorKind::UnclosedExpression.message(), "unclosed expression, expected '}'");
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            TemplateErrorKind::UnclosedExpression => "unclosed expression, expected '}'",
            TemplateErrorKind::UnmatchedClose => "'}' outside an expression, expected a literal or '{'",
            TemplateErrorKind::Literal => "character not allowed in a literal, expected a literal or '{'",
            TemplateErrorKind::PercentEncoding => {
                "invalid percent-encoding, expected two hexadecimal digits after '%'"
            }
            TemplateErrorKind::Varname => "expected a variable name",
            TemplateErrorKind::ReservedOperator => {
                "reserved operator, expected a variable name or one of + # . / ; ? &"
            }
            TemplateErrorKind::AfterVarname => "expected ',', '*', ':' or '}' after a variable name",
            TemplateErrorKind::PrefixLength => "invalid prefix length, expected 1 to 9999",
        }
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.message(), self.position)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TemplateError {}

/// A value that cannot be expanded: a prefix modifier on a list or an associative array
/// (§2.4.1: "not applicable to variables that have composite values").
///
/// ```
/// use urlkit::template::{Template, Value};
/// let t = Template::parse("{keys:1}")?;
/// let err = t.expand(&[("keys", Value::List(vec!["a".into()]))]).unwrap_err();
/// assert_eq!(err.position(), 1);
/// assert_eq!(err.to_string(), "prefix modifier on a list or associative array at byte 1");
/// # Ok::<(), urlkit::template::TemplateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExpandError {
    pub(super) position: usize,
}

impl ExpandError {
    /// The byte offset in the template of the variable whose value could not be expanded.
    ///
    /// ```
    /// use urlkit::template::{Template, Value};
    /// let t = Template::parse("/{a}{/b:2}")?;
    /// let err = t.expand(&[("b", Value::List(vec![]))]);
    /// assert!(err.is_ok()); // an empty list is undefined (§2.3)
    /// let err = t.expand(&[("b", Value::List(vec!["x".into()]))]).unwrap_err();
    /// assert_eq!(err.position(), 6);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "prefix modifier on a list or associative array at byte {}",
            self.position
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ExpandError {}
