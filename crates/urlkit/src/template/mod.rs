//! URI Templates (RFC 6570), both ways: expansion and matching.
//!
//! > "A URI Template is a compact sequence of characters for describing a range of Uniform
//! > Resource Identifiers through variable expansion." (RFC 6570 §1.1)
//!
//! [`Template::parse`] reads a template once (§2: literals, and expressions of an optional
//! operator and a list of variables with optional prefix `:n` or explode `*` modifiers) into
//! a value that expands any number of times:
//!
//! - [`Template::expand`] / [`Template::expand_into`] (§3, the algorithm of Appendix A): all
//!   four levels of §1.2, with strings, lists and associative arrays ([`Value`], or borrowed
//!   [`ValueRef`]s) looked up through the [`Vars`] trait (slices of pairs, `BTreeMap`,
//!   `HashMap`). Values are UTF-8 and pct-encoded as §1.6 says: "any character not in the
//!   allowed set is first encoded as a sequence of octets in UTF-8 and then each such octet
//!   is encoded as a pct-encoded triplet".
//! - [`Template::expand_partial`]: the defined variables expanded, the others left as
//!   expressions.
//! - [`Template::variables`]: the variable names, in order, each once.
//!
//! The other direction, which §1.4 leaves open ("some URI Templates can be used in reverse
//! for the purpose of variable matching"), is [`Template::match_url`] for the templates whose
//! match is unique ([`Template::matchable`] says which, and why not), and [`TemplateSet`] for
//! thousands of templates at once.
//!
//! | operator | §     | first | separator | named | allowed in values |
//! | -------- | ----- | ----- | --------- | ----- | ----------------- |
//! | none     | 3.2.2 |       | `,`       | no    | unreserved        |
//! | `+`      | 3.2.3 |       | `,`       | no    | unreserved, reserved, pct-encoded |
//! | `#`      | 3.2.4 | `#`   | `,`       | no    | unreserved, reserved, pct-encoded |
//! | `.`      | 3.2.5 | `.`   | `.`       | no    | unreserved        |
//! | `/`      | 3.2.6 | `/`   | `/`       | no    | unreserved        |
//! | `;`      | 3.2.7 | `;`   | `;`       | yes   | unreserved        |
//! | `?`      | 3.2.8 | `?`   | `&`       | yes   | unreserved        |
//! | `&`      | 3.2.9 | `&`   | `&`       | yes   | unreserved        |
//!
//! ```
//! use urlkit::template::{Template, Value, ValueRef};
//! let t = Template::parse("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*}")?;
//! let vars = [
//!     ("owner", Value::from("rust-lang")),
//!     ("repo", Value::from("rust")),
//!     ("labels", Value::from(vec!["C-bug", "A-docs"])),
//! ];
//! let url = t.expand(&vars).unwrap();
//! assert_eq!(url, "https://api.example.com/repos/rust-lang/rust/issues?labels=C-bug&labels=A-docs");
//! assert_eq!(t.variables(), ["owner", "repo", "state", "labels"]);
//! let found = t.match_url(&url).unwrap();
//! assert_eq!(found.get("repo"), Some(ValueRef::String("rust")));
//! # Ok::<(), urlkit::template::TemplateError>(())
//! ```

mod chars;
mod error;
mod expand;
mod matching;
mod parse;
mod set;
mod value;

pub use error::{ExpandError, TemplateError, TemplateErrorKind};
pub use matching::{Ambiguity, AmbiguityKind, Captures};
pub use set::TemplateSet;
pub use value::{AsValue, Value, ValueRef, Vars};

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

/// A parsed URI Template (RFC 6570 §2), ready to expand and to match.
///
/// ```
/// let t = urlkit::template::Template::parse("{+base}/{name}{.ext}")?;
/// assert_eq!(t.to_string(), "{+base}/{name}{.ext}");
/// assert_eq!(t.expand(&[("base", "http://h/x"), ("name", "a b"), ("ext", "txt")]).unwrap(), "http://h/x/a%20b.txt");
/// # Ok::<(), urlkit::template::TemplateError>(())
/// ```
#[derive(Clone)]
pub struct Template {
    /// The template as given (what `Display` writes back).
    text: String,
    parts: Vec<Part>,
    /// Every expression's variable specifications, in order.
    specs: Vec<VarSpec>,
    /// The literals expanded (§3.1), each part's range.
    literals: String,
    /// How to match, or why the template cannot be matched.
    matcher: Result<matching::Program, Ambiguity>,
}

#[derive(Clone, Debug)]
enum Part {
    /// A run of literal characters: its range in the text, and in `literals` expanded.
    Literal {
        text: Range<usize>,
        expanded: Range<usize>,
    },
    Expression(Expression),
}

#[derive(Clone, Debug)]
struct Expression {
    op: Op,
    /// The range of its `VarSpec`s in `Template::specs`.
    specs: Range<usize>,
    /// `{` to `}` in the text.
    span: Range<usize>,
}

#[derive(Clone, Debug)]
struct VarSpec {
    /// The name's range in the text.
    name: Range<usize>,
    /// Where the varspec (name and modifier) ends in the text.
    end: usize,
    modifier: Modifier,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Modifier {
    None,
    /// §2.4.1 `:max-length`, 1–9999.
    Prefix(u16),
    /// §2.4.2 `*`.
    Explode,
}

/// The expression operators (§2.2) and their rows of the Appendix A table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Op {
    Simple,
    Reserved,
    Fragment,
    Label,
    Path,
    Param,
    Query,
    Continuation,
}

impl Op {
    fn symbol(self) -> &'static str {
        match self {
            Op::Simple => "",
            Op::Reserved => "+",
            Op::Fragment => "#",
            Op::Label => ".",
            Op::Path => "/",
            Op::Param => ";",
            Op::Query => "?",
            Op::Continuation => "&",
        }
    }

    fn first(self) -> &'static str {
        match self {
            Op::Simple | Op::Reserved => "",
            _ => self.symbol(),
        }
    }

    fn sep(self) -> &'static str {
        match self {
            Op::Simple | Op::Reserved | Op::Fragment => ",",
            Op::Query => "&",
            _ => self.symbol(),
        }
    }

    fn named(self) -> bool {
        matches!(self, Op::Param | Op::Query | Op::Continuation)
    }

    fn ifemp(self) -> &'static str {
        match self {
            Op::Query | Op::Continuation => "=",
            _ => "",
        }
    }

    fn allow_reserved(self) -> bool {
        matches!(self, Op::Reserved | Op::Fragment)
    }
}

impl Template {
    /// Parses a template (§2). The error says at which byte and what was expected.
    ///
    /// ```
    /// use urlkit::template::Template;
    /// assert!(Template::parse("/a{/b*}{?c:3}").is_ok());
    /// let err = Template::parse("/a{b c}").unwrap_err();
    /// assert_eq!(err.to_string(), "expected ',', '*', ':' or '}' after a variable name at byte 4");
    /// ```
    pub fn parse(text: &str) -> Result<Template, TemplateError> {
        let mut template = parse::parse(text)?;
        template.matcher = matching::compile(&template);
        Ok(template)
    }

    /// The template's text, as given to [`Template::parse`].
    ///
    /// ```
    /// assert_eq!(urlkit::template::Template::parse("/x{y}")?.as_str(), "/x{y}");
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The names of the template's variables, in order of first appearance, each once.
    ///
    /// ```
    /// let t = urlkit::template::Template::parse("{a}/{b,a}{?c,b}")?;
    /// assert_eq!(t.variables(), ["a", "b", "c"]);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn variables(&self) -> Vec<&str> {
        let mut seen = alloc::collections::BTreeSet::new();
        self.specs
            .iter()
            .map(|spec| &self.text[spec.name.clone()])
            .filter(|name| seen.insert(*name))
            .collect()
    }

    /// Whether the template has no expressions.
    ///
    /// ```
    /// assert!(urlkit::template::Template::parse("/static")?.is_literal());
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn is_literal(&self) -> bool {
        self.specs.is_empty()
    }
}

impl Template {
    /// The compiled matching steps (empty when the template is not matchable).
    fn program_steps(&self) -> &[(matching::Step, Option<usize>)] {
        self.matcher.as_ref().map_or(&[], |p| &p.steps)
    }

    fn specs_len(&self) -> usize {
        self.specs.len()
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Template").field(&self.text).finish()
    }
}

impl PartialEq for Template {
    fn eq(&self, other: &Template) -> bool {
        self.text == other.text
    }
}

impl Eq for Template {}

impl core::str::FromStr for Template {
    type Err = TemplateError;
    fn from_str(s: &str) -> Result<Template, TemplateError> {
        Template::parse(s)
    }
}
