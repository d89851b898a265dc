//! Matching, the reverse of expansion (RFC 6570 §1.4: "some URI Templates can be used in
//! reverse for the purpose of variable matching: comparing the template to a fully formed
//! URI in order to extract the variable parts from that URI and assign them to the named
//! variables").
//!
//! A template is compiled once into steps that each find where one piece of the URL ends
//! without looking back: a literal; a run of the characters an expression can hold, which
//! must end with the part of the next literal made of those characters; or, for `+` and `#`
//! (whose values may hold any URI character), the rest of the URL, or the text up to the
//! last occurrence of the next literal when nothing after that literal can hold its first
//! character. A template for which such steps
//! could cut a URL in two places is rejected at parse time with an [`Ambiguity`], so that
//! matching is one left-to-right pass, linear in the URL.
//!
//! What a match returns, per variable: a non-exploded variable is a string; an exploded one
//! a list. Values are pct-decoded, but for `+` and `#`, whose expansion passes pct-encoded
//! triplets through (§3.2.3), the triplets of unreserved and reserved characters (which
//! that expansion never writes) stay as they are. The
//! URL must be exactly an expansion: canonical upper-case pct-encoding, no encoded
//! unreserved character, members of `?`/`&`/`;` expressions in any order. Where two value
//! sets expand alike, the match returns this one form: an empty value of a `{var}` or
//! `{+var}` expression is undefined; a one-member list exploded is a list; the members of
//! an exploded `.` list hold no `.`, those of an exploded `+`/`#` list no `,`.

use super::chars::{is, RESERVED, UNRESERVED};
use super::{Modifier, Op, Part, Template, Value, ValueRef, Vars};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

/// Why a template cannot be matched: the byte position of the expression at fault and the
/// reason. The template still expands.
///
/// ```
/// use urlkit::template::{AmbiguityKind, Template};
/// let t = Template::parse("/{a}{b}")?;
/// let why = t.matchable().unwrap_err();
/// assert_eq!((why.position(), why.kind()), (1, AmbiguityKind::Adjacent));
/// assert!(t.match_url("/xy").is_none());
/// assert!(Template::parse("/{a}/{b}")?.matchable().is_ok());
/// # Ok::<(), urlkit::template::TemplateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ambiguity {
    position: usize,
    kind: AmbiguityKind,
}

/// The reasons of an [`Ambiguity`].
///
/// ```
/// use urlkit::template::{AmbiguityKind, Template};
/// let kind = |t: &str| Template::parse(t).unwrap().matchable().unwrap_err().kind();
/// assert_eq!(kind("{x,y}"), AmbiguityKind::SeveralUnnamed);
/// assert_eq!(kind("{+a}{+b}"), AmbiguityKind::Adjacent);
/// assert_eq!(kind("{a}.{b}"), AmbiguityKind::Literal);
/// assert_eq!(kind("{?a,a}"), AmbiguityKind::RepeatedName);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AmbiguityKind {
    /// An expression whose values carry no names (none, `+`, `#`, `.`, `/`) holds several
    /// variables: any of them may be undefined, so a value's variable is unknown
    /// (`{x,y}` matching `1` could be `x` or `y`).
    SeveralUnnamed,
    /// Two expressions with no literal between, where the second can begin with a
    /// character the first can hold (`{a}{b}`, `{+a}{+b}`, `{/a}{/b}`).
    Adjacent,
    /// The literal after an expression is made only of characters the expression can hold,
    /// and what follows the literal can begin with one of them (`{a}.{b}`).
    Literal,
    /// A variable named twice in one `;`, `?` or `&` run of expressions, whose members are
    /// told apart by name.
    RepeatedName,
}

impl Ambiguity {
    /// The byte offset in the template of the expression whose end cannot be told.
    ///
    /// ```
    /// let t = urlkit::template::Template::parse("/a/{b}{c}")?;
    /// assert_eq!(t.matchable().unwrap_err().position(), 3);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }

    /// The reason.
    ///
    /// ```
    /// use urlkit::template::{AmbiguityKind, Template};
    /// assert_eq!(Template::parse("{/a,b}")?.matchable().unwrap_err().kind(), AmbiguityKind::SeveralUnnamed);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub const fn kind(&self) -> AmbiguityKind {
        self.kind
    }
}

impl AmbiguityKind {
    /// The lower-case message.
    ///
    /// ```
    /// use urlkit::template::AmbiguityKind;
    /// assert_eq!(
    ///     AmbiguityKind::Adjacent.message(),
    ///     "adjacent expressions can take the same characters, expected a literal between them"
    /// );
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            AmbiguityKind::SeveralUnnamed => {
                "several variables in an expression without names, expected one variable or a named operator (; ? &)"
            }
            AmbiguityKind::Adjacent => {
                "adjacent expressions can take the same characters, expected a literal between them"
            }
            AmbiguityKind::Literal => {
                "the literal after the expression can be part of its value, expected a delimiting literal"
            }
            AmbiguityKind::RepeatedName => "a variable named twice in one named expression",
        }
    }
}

impl fmt::Display for Ambiguity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.message(), self.position)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Ambiguity {}

/// ASCII bytes as a 128-bit set (URL bytes outside ASCII belong to no set: an expansion
/// writes none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Bytes(u128);

impl Bytes {
    const EMPTY: Bytes = Bytes(0);
    const ALL: Bytes = Bytes(u128::MAX);

    const fn of(list: &[u8]) -> Bytes {
        let mut m = 0u128;
        let mut i = 0;
        while i < list.len() {
            m |= 1 << list[i];
            i += 1;
        }
        Bytes(m)
    }

    fn class(mask: u8) -> Bytes {
        let mut m = 0u128;
        for b in 0..128u8 {
            if is(b, mask) {
                m |= 1 << b;
            }
        }
        Bytes(m)
    }

    #[inline]
    fn has(self, b: u8) -> bool {
        b < 128 && (self.0 >> b) & 1 == 1
    }

    /// The set as two words: bytes 0–63, 64–127.
    pub(super) fn words(self) -> [u64; 2] {
        [self.0 as u64, (self.0 >> 64) as u64]
    }

    fn with(self, other: Bytes) -> Bytes {
        Bytes(self.0 | other.0)
    }

    fn meets(self, other: Bytes) -> bool {
        self.0 & other.0 != 0
    }
}

/// How a set reads a unit.
#[derive(Clone, Copy, Debug)]
enum Reader {
    /// One variable of an unnamed operator without modifier.
    Plain(Plain),
    /// A named run without explode or prefix modifiers, its first operator.
    Named(Op),
    /// [`Template::read_unit`].
    General,
}

/// How to read a plain unit: its varspec, the operator's first byte, whether it allows
/// reserved characters.
#[derive(Clone, Copy, Debug)]
struct Plain {
    spec: usize,
    lead: Option<u8>,
    reserved: bool,
}

/// What one expression, or one run of named expressions, covers in a URL.
#[derive(Clone, Debug)]
pub(super) struct Unit {
    kind: Kind,
    /// Indices into `Template::specs`, and for each whether it belongs to the run's first
    /// expression (a `?` run's first member starts with `?` only when that expression wrote
    /// it).
    specs: Vec<(usize, bool)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// One variable of an unnamed operator.
    Unnamed(Op),
    /// A run of `;` expressions, or a `?` or `&` expression and the `&` ones after it.
    Named { first: Op },
}

/// One left-to-right step of a compiled template.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Step {
    /// These bytes.
    Lit(Box<str>),
    /// The longest run of `class` bytes, which must end with `tail` (the part of the next
    /// literal made of `class` bytes); the body is the run without the tail.
    Run { class: Bytes, tail: Box<str> },
    /// Up to the last occurrence of `lit`, which is consumed (nothing after it can hold
    /// `lit`'s first byte, so an expansion's own occurrence is the last one).
    UntilLast { lit: Box<str> },
    /// Everything left.
    Rest,
}

impl Step {
    /// Where the step ends from `pos`: the body's range and the next position.
    #[inline]
    pub(super) fn advance(&self, url: &[u8], pos: usize) -> Option<(Range<usize>, usize)> {
        match self {
            Step::Lit(s) => url[pos..]
                .starts_with(s.as_bytes())
                .then(|| (pos..pos, pos + s.len())),
            Step::Run { class, tail } => {
                // The class as two words: a 64-bit shift per byte rather than a 128-bit one.
                // The class as four 64-bit words (the upper two empty: no URL byte past
                // ASCII is in a class): one word's bit per byte.
                let words = [class.0 as u64, (class.0 >> 64) as u64, 0, 0];
                let mut end = pos;
                for &b in url.get(pos..)? {
                    if (words[usize::from(b >> 6)] >> (b & 63)) & 1 == 0 {
                        break;
                    }
                    end += 1;
                }
                let body_end = end.checked_sub(tail.len()).filter(|&e| e >= pos)?;
                (&url[body_end..end] == tail.as_bytes()).then_some((pos..body_end, end))
            }
            Step::UntilLast { lit } => until_last(url, pos, lit.as_bytes()),
            Step::Rest => Some((pos..url.len(), url.len())),
        }
    }
}

/// [`Step::UntilLast`]'s search, out of line: it keeps the searcher's code out of the
/// set's walk, whose usual steps are literals and runs.
#[inline(never)]
fn until_last(url: &[u8], pos: usize, lit: &[u8]) -> Option<(Range<usize>, usize)> {
    let at = memchr::memmem::rfind(&url[pos..], lit)?;
    Some((pos..pos + at, pos + at + lit.len()))
}

/// A template compiled for matching: its steps, and which unit each non-literal step reads.
#[derive(Clone, Debug, Default)]
pub(super) struct Program {
    pub(super) steps: Vec<(Step, Option<usize>)>,
    units: Vec<Unit>,
    /// The unit of each non-literal step, in order.
    unit_steps: Vec<usize>,
    /// Each varspec's name (read without the text's char-boundary checks).
    names: Vec<Box<str>>,
    /// Per unit, how a set reads it from a walk's span: the usual expressions without
    /// [`Template::read_unit`]'s general case.
    readers: Vec<Reader>,
    /// A variable named in more than one expression: a match must also expand back to the
    /// URL (an expression left empty while its variable is defined elsewhere is none).
    repeated: bool,
}

const PCT: Bytes = Bytes::of(b"%");

fn unreserved() -> Bytes {
    Bytes::class(UNRESERVED).with(PCT)
}

enum Item<'a> {
    Lit(&'a str),
    Unit(usize, usize),
}

impl Unit {
    /// The bytes the unit's expansion can hold (for `+` and `#`: all).
    fn class(&self, template: &Template) -> Bytes {
        match self.kind {
            Kind::Unnamed(Op::Reserved | Op::Fragment) => Bytes::ALL,
            Kind::Unnamed(Op::Simple) => {
                let explode = self
                    .specs
                    .iter()
                    .any(|&(s, _)| template.specs[s].modifier == Modifier::Explode);
                if explode {
                    unreserved().with(Bytes::of(b","))
                } else {
                    unreserved()
                }
            }
            Kind::Unnamed(Op::Path) => unreserved().with(Bytes::of(b"/")),
            Kind::Unnamed(_) => unreserved(),
            Kind::Named { first: Op::Param } => unreserved().with(Bytes::of(b";=")),
            Kind::Named { .. } => unreserved().with(Bytes::of(b"?&=")),
        }
    }

    /// The bytes its non-empty expansion can begin with.
    fn first(&self, template: &Template) -> Bytes {
        match self.kind {
            Kind::Unnamed(Op::Simple | Op::Reserved) => self.class(template),
            Kind::Unnamed(op) | Kind::Named { first: op } => match op {
                Op::Query => Bytes::of(b"?&"),
                _ => Bytes::of(op.symbol().as_bytes()),
            },
        }
    }
}

/// Compiles `template` for matching, or says why its match would not be unique.
pub(super) fn compile(template: &Template) -> Result<Program, Ambiguity> {
    let mut units: Vec<Unit> = Vec::new();
    let mut items: Vec<Item<'_>> = Vec::new();
    // The names of the current run of named expressions.
    let mut group_names = alloc::collections::BTreeSet::new();
    for part in &template.parts {
        match part {
            Part::Literal { expanded, .. } => items.push(Item::Lit(&template.literals[expanded.clone()])),
            Part::Expression(e) => {
                let at = e.span.start;
                let specs = e.specs.clone();
                if !e.op.named() {
                    if specs.len() > 1 {
                        return Err(Ambiguity {
                            position: at,
                            kind: AmbiguityKind::SeveralUnnamed,
                        });
                    }
                    units.push(Unit {
                        kind: Kind::Unnamed(e.op),
                        specs: specs.map(|s| (s, true)).collect(),
                    });
                    items.push(Item::Unit(units.len() - 1, at));
                    continue;
                }
                // A `;` after a `;` run, or a `&` after a `?`/`&` run, joins it: its members
                // are told apart by name.
                let joins = match (items.last(), units.last()) {
                    (Some(Item::Unit(u, _)), Some(unit)) if *u == units.len() - 1 => match unit.kind {
                        Kind::Named { first: Op::Param } => e.op == Op::Param,
                        Kind::Named { .. } => e.op == Op::Continuation,
                        Kind::Unnamed(_) => false,
                    },
                    _ => false,
                };
                if !joins {
                    units.push(Unit {
                        kind: Kind::Named { first: e.op },
                        specs: Vec::new(),
                    });
                    items.push(Item::Unit(units.len() - 1, at));
                }
                if !joins {
                    group_names.clear();
                }
                let unit = units.last_mut().expect("pushed above");
                for s in specs {
                    if !group_names.insert(&template.text[template.specs[s].name.clone()]) {
                        return Err(Ambiguity {
                            position: at,
                            kind: AmbiguityKind::RepeatedName,
                        });
                    }
                    unit.specs.push((s, !joins));
                }
            }
        }
    }
    // The bytes that can begin what follows item `k` (`None`: anything, or the end only
    // when `Bytes::EMPTY`).
    let follow = |k: usize| -> Bytes {
        let mut set = Bytes::EMPTY;
        for item in &items[k..] {
            match item {
                Item::Lit(l) => return set.with(Bytes::of(&l.as_bytes()[..1])),
                Item::Unit(u, _) => set = set.with(units[*u].first(template)),
            }
        }
        set
    };
    let mut steps = Vec::new();
    let mut k = 0;
    while k < items.len() {
        let (u, at) = match items[k] {
            Item::Lit(l) => {
                steps.push((Step::Lit(l.into()), None));
                k += 1;
                continue;
            }
            Item::Unit(u, at) => (u, at),
        };
        let next = match items.get(k + 1) {
            Some(Item::Lit(l)) => *l,
            _ => "",
        };
        let after = if next.is_empty() { k + 1 } else { k + 2 };
        let unit = &units[u];
        let class = unit.class(template);
        let fail = |kind| Err(Ambiguity { position: at, kind });
        if class == Bytes::ALL {
            // `+` and `#`: their values may hold any URI character, so only a literal ends
            // them, at its last occurrence; nothing after it may hold the literal's first
            // byte, so that occurrence is the expansion's own.
            let step = if !next.is_empty() {
                let lead = Bytes::of(&next.as_bytes()[..1]);
                let later = items[after..].iter().any(|item| match item {
                    Item::Lit(l) => l.bytes().any(|b| lead.has(b)),
                    Item::Unit(v, _) => units[*v].class(template).meets(lead),
                });
                if later {
                    return fail(AmbiguityKind::Literal);
                }
                Step::UntilLast { lit: next.into() }
            } else if after == items.len() {
                Step::Rest
            } else {
                return fail(AmbiguityKind::Adjacent);
            };
            steps.push((step, Some(u)));
        } else {
            let split = next.bytes().position(|b| !class.has(b)).unwrap_or(next.len());
            let (tail, rest) = next.split_at(split);
            if rest.is_empty() && follow(after).meets(class) {
                return fail(if next.is_empty() {
                    AmbiguityKind::Adjacent
                } else {
                    AmbiguityKind::Literal
                });
            }
            steps.push((
                Step::Run {
                    class,
                    tail: tail.into(),
                },
                Some(u),
            ));
            if !rest.is_empty() {
                steps.push((Step::Lit(rest.into()), None));
            }
        }
        k = after;
    }
    let mut names = alloc::collections::BTreeSet::new();
    let repeated = !template
        .specs
        .iter()
        .all(|spec| names.insert(&template.text[spec.name.clone()]));
    let unit_steps = steps.iter().filter_map(|(_, unit)| *unit).collect();
    let names = template
        .specs
        .iter()
        .map(|spec| template.text[spec.name.clone()].into())
        .collect();
    let readers = units
        .iter()
        .map(|unit| match (unit.kind, unit.specs.as_slice()) {
            (Kind::Unnamed(op), &[(spec, _)]) if template.specs[spec].modifier == Modifier::None => {
                Reader::Plain(Plain {
                    spec,
                    lead: op.first().as_bytes().first().copied(),
                    reserved: op.allow_reserved(),
                })
            }
            (Kind::Named { first }, specs)
                if specs
                    .iter()
                    .all(|&(s, _)| template.specs[s].modifier == Modifier::None) =>
            {
                Reader::Named(first)
            }
            _ => Reader::General,
        })
        .collect();
    Ok(Program {
        steps,
        units,
        unit_steps,
        names,
        readers,
        repeated,
    })
}

/// The variables a match found, in the template's order, each with its value: a string,
/// or a list for an exploded variable. It is a [`Vars`], so it expands back.
///
/// The decoded strings are kept back to back in one buffer, so that a match allocates that
/// buffer and the list of its variables, however many they are: [`Captures::get`] and
/// [`Captures::iter`] lend the values as [`ValueRef`]s, [`Captures::into_vec`] gives them
/// owned.
///
/// ```
/// use urlkit::template::{Template, Value, ValueRef};
/// let t = Template::parse("/users/{id}{/tags*}{?page}")?;
/// let found = t.match_url("/users/42/a/b?page=2").unwrap();
/// assert_eq!(found.get("id"), Some(ValueRef::String("42")));
/// assert_eq!(found.get("tags").unwrap().to_value(), Value::from(vec!["a", "b"]));
/// assert_eq!(t.expand(&found).unwrap(), "/users/42/a/b?page=2");
/// # Ok::<(), urlkit::template::TemplateError>(())
/// ```
#[derive(Clone, Default)]
pub struct Captures<'t> {
    /// The decoded strings, back to back.
    text: String,
    /// The defined variables, in the template's order.
    vars: Vec<Capture<'t>>,
    /// The members of the exploded variables (the rarer case: one string each).
    lists: Vec<Vec<String>>,
}

/// A defined variable: the index of the varspec that set it, its name, where its value is.
#[derive(Clone, Copy)]
struct Capture<'t> {
    spec: usize,
    name: &'t str,
    value: Slot,
}

/// Where a value is kept in its [`Captures`].
#[derive(Clone, Copy)]
enum Slot {
    /// `text[start..end]`.
    Text(usize, usize),
    /// `lists[index]`.
    List(usize),
}

impl<'t> Captures<'t> {
    /// Room for `text` bytes of values and `vars` variables.
    fn with_capacity(text: usize, vars: usize) -> Captures<'t> {
        Captures {
            text: String::with_capacity(text),
            vars: Vec::with_capacity(vars),
            lists: Vec::new(),
        }
    }

    fn value(&self, slot: Slot) -> ValueRef<'_> {
        match slot {
            Slot::Text(start, end) => ValueRef::String(self.text.get(start..end).unwrap_or_default()),
            Slot::List(i) => ValueRef::List(self.lists.get(i).map_or(&[], Vec::as_slice)),
        }
    }

    /// The value of `name`, if the URL defined it: a string, or a list for an exploded
    /// variable.
    ///
    /// ```
    /// use urlkit::template::ValueRef;
    /// let t = urlkit::template::Template::parse("/a{?x,y}")?;
    /// let found = t.match_url("/a?y=1").unwrap();
    /// assert!(found.get("x").is_none());
    /// assert_eq!(found.get("y"), Some(ValueRef::String("1")));
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<ValueRef<'_>> {
        self.vars
            .iter()
            .find(|c| c.name == name)
            .map(|c| self.value(c.value))
    }

    /// The defined variables and their values, in the template's order.
    ///
    /// ```
    /// let t = urlkit::template::Template::parse("{a}/{b}")?;
    /// let names: Vec<&str> = t.match_url("1/2").unwrap().iter().map(|(n, _)| n).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&'t str, ValueRef<'_>)> + '_ {
        self.vars.iter().map(|c| (c.name, self.value(c.value)))
    }

    /// The number of defined variables.
    ///
    /// ```
    /// let t = urlkit::template::Template::parse("/{a}")?;
    /// assert_eq!(t.match_url("/").unwrap().len(), 0);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.vars.len()
    }

    /// Whether no variable was defined.
    ///
    /// ```
    /// let t = urlkit::template::Template::parse("/{a}")?;
    /// assert!(t.match_url("/").unwrap().is_empty());
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// The pairs, owned.
    ///
    /// ```
    /// let t = urlkit::template::Template::parse("/{a}")?;
    /// assert_eq!(t.match_url("/x").unwrap().into_vec(), [("a", "x".into())]);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn into_vec(self) -> Vec<(&'t str, Value)> {
        self.iter().map(|(n, v)| (n, v.to_value())).collect()
    }

    /// Records the string the text holds from `start` for varspec `spec`.
    #[inline]
    fn put_text(&mut self, repeated: bool, spec: usize, name: &'t str, start: usize) -> Option<()> {
        let value = Slot::Text(start, self.text.len());
        if !repeated {
            self.vars.push(Capture { spec, name, value });
            return Some(());
        }
        self.put(repeated, spec, name, value)
    }

    /// Records a list for varspec `spec`.
    fn put_list(&mut self, repeated: bool, spec: usize, name: &'t str, list: Vec<String>) -> Option<()> {
        self.lists.push(list);
        let index = self.lists.len() - 1;
        self.put(repeated, spec, name, Slot::List(index))
    }

    /// Records a value just stored, or checks that a variable met twice has one value (only
    /// a template that names a variable more than once, `repeated`, can meet one twice):
    /// then the second copy is let go.
    fn put(&mut self, repeated: bool, spec: usize, name: &'t str, value: Slot) -> Option<()> {
        if repeated {
            if let Some(before) = self.vars.iter().find(|c| c.name == name).map(|c| c.value) {
                let same = self.value(before) == self.value(value);
                match value {
                    Slot::Text(start, _) => self.text.truncate(start),
                    Slot::List(_) => drop(self.lists.pop()),
                }
                return same.then_some(());
            }
        }
        self.vars.push(Capture { spec, name, value });
        Some(())
    }

    /// Puts the variables in the template's order (the members of a named expression come
    /// in the URL's).
    fn sort(&mut self) {
        if !self.vars.windows(2).all(|w| w[0].spec < w[1].spec) {
            self.vars.sort_unstable_by_key(|c| c.spec);
        }
    }
}

impl PartialEq for Captures<'_> {
    /// The same variables with the same values, in the same order.
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Captures<'_> {}

impl fmt::Debug for Captures<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Vars for Captures<'_> {
    fn get(&self, name: &str) -> Option<ValueRef<'_>> {
        Captures::get(self, name)
    }
}

/// The pieces of `s` between the ASCII byte `sep` (as `str::split`, by bytes: a short
/// value's split without a char searcher).
fn pieces(s: &str, sep: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(s);
    core::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(|b| b == sep) {
            // `sep` is ASCII: both sides are char boundaries.
            Some(i) => {
                rest = r.get(i + 1..);
                r.get(..i)
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// Decodes a value of a `U` operator: unreserved bytes and canonical pct-encoded triplets
/// (upper-case, of a byte outside unreserved: what §3.2.1's encoding writes), UTF-8.
fn decode_u(s: &str) -> Option<String> {
    let mut out = String::new();
    decode_u_into(s, &mut out)?;
    Some(out)
}

/// [`decode_u`], appending to `out`.
#[inline]
fn decode_u_into(s: &str, out: &mut String) -> Option<()> {
    if s.bytes().all(|b| is(b, UNRESERVED)) {
        // Nothing encoded (the usual value): as it is.
        out.push_str(s);
        return Some(());
    }
    decode_u_triplets(s.as_bytes(), out)
}

/// [`decode_u_into`] for a value with triplets, out of line.
#[inline(never)]
fn decode_u_triplets(s: &[u8], out: &mut String) -> Option<()> {
    let mut bytes = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if is(b, UNRESERVED) {
            bytes.push(b);
            i += 1;
            continue;
        }
        let hex = |d: u8| match d {
            b'0'..=b'9' => Some(d - b'0'),
            b'A'..=b'F' => Some(d - b'A' + 10),
            _ => None,
        };
        if b != b'%' {
            return None;
        }
        let byte = hex(*s.get(i + 1)?)? << 4 | hex(*s.get(i + 2)?)?;
        if is(byte, UNRESERVED) {
            return None;
        }
        bytes.push(byte);
        i += 3;
    }
    out.push_str(core::str::from_utf8(&bytes).ok()?);
    Some(())
}

/// Reads a value of a `U+R` operator (unreserved, reserved, pct-encoded): the triplets
/// that expansion writes for other characters (upper-case, of bytes outside unreserved and
/// reserved) decoded; the others, which expansion copies as they are (§3.2.3), kept. When
/// the decoded bytes are not UTF-8 the value is returned as it is: it expands the same.
fn reserved_value(s: &str) -> Option<String> {
    let mut out = String::new();
    reserved_value_into(s, &mut out)?;
    Some(out)
}

/// [`reserved_value`], appending to `out`.
#[inline]
fn reserved_value_into(text: &str, out: &mut String) -> Option<()> {
    if text.bytes().all(|b| is(b, UNRESERVED | RESERVED)) {
        // No triplet: as it is.
        out.push_str(text);
        return Some(());
    }
    reserved_triplets(text, out)
}

/// [`reserved_value_into`] for a value with triplets, out of line.
#[inline(never)]
fn reserved_triplets(text: &str, out: &mut String) -> Option<()> {
    let s = text.as_bytes();
    let mut bytes = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if is(b, UNRESERVED | RESERVED) {
            bytes.push(b);
            i += 1;
        } else if super::chars::pct_at(s, i) {
            let upper = |d: u8| d.is_ascii_digit() || d.is_ascii_uppercase();
            let byte = hex(s[i + 1]) << 4 | hex(s[i + 2]);
            // A `%` decoded before two hexadecimal digits would make a triplet that
            // expansion passes through: `%2541` stays as it is.
            let makes_triplet = byte == b'%'
                && s.get(i + 3).is_some_and(|&b| is(b, super::chars::HEX))
                && s.get(i + 4).is_some_and(|&b| is(b, super::chars::HEX));
            if upper(s[i + 1]) && upper(s[i + 2]) && !is(byte, UNRESERVED | RESERVED) && !makes_triplet {
                bytes.push(byte);
            } else {
                bytes.extend_from_slice(&s[i..i + 3]);
            }
            i += 3;
        } else {
            return None;
        }
    }
    out.push_str(core::str::from_utf8(&bytes).unwrap_or(text));
    Some(())
}

/// [`Template::read_unit`] for a [`Reader::Named`] unit of a template that names no
/// variable twice: `name=value` members told apart by name, in any order.
fn read_named<'t>(
    program: &'t Program,
    unit: &Unit,
    first: Op,
    body: &str,
    found: &mut Captures<'t>,
) -> Option<()> {
    let bytes = body.as_bytes();
    let Some(&lead) = bytes.first() else {
        return Some(());
    };
    let sep = if first == Op::Param { b';' } else { b'&' };
    let opened_by_first = match first {
        Op::Query if lead == b'?' => true,
        _ if lead == sep => false,
        _ => return None,
    };
    let mut first_seen = false;
    let mut at = 1;
    loop {
        let stop = bytes[at..]
            .iter()
            .position(|&b| b == sep)
            .map_or(bytes.len(), |i| at + i);
        let member = &bytes[at..stop];
        let eq = member.iter().position(|&b| b == b'=');
        let name = &member[..eq.unwrap_or(member.len())];
        let &(s, in_first) = unit
            .specs
            .iter()
            .find(|&&(s, _)| program.names.get(s).is_some_and(|n| n.as_bytes() == name))?;
        first_seen |= in_first;
        // `=` and the separators are ASCII: the value's ends are char boundaries.
        let value = match eq {
            // §3.2.7: an empty value under `;` is the bare name.
            Some(eq) if first == Op::Param && at + eq + 1 == stop => return None,
            Some(eq) => body.get(at + eq + 1..stop)?,
            None if first == Op::Param => "",
            None => return None,
        };
        // A member given twice: not an expansion (each varspec writes one).
        if found.vars.iter().any(|c| c.spec == s) {
            return None;
        }
        let start = found.text.len();
        decode_u_into(value, &mut found.text)?;
        found.vars.push(Capture {
            spec: s,
            name: program.names.get(s).map_or("", |n| &**n),
            value: Slot::Text(start, found.text.len()),
        });
        if stop == bytes.len() {
            break;
        }
        at = stop + 1;
    }
    // A `?` run starts with `?` only when its `?` expression wrote a member.
    if first == Op::Query && opened_by_first != first_seen {
        return None;
    }
    Some(())
}

/// The value of a hexadecimal digit (the caller checked it is one).
fn hex(d: u8) -> u8 {
    match d {
        b'0'..=b'9' => d - b'0',
        b'a'..=b'f' => d - b'a' + 10,
        _ => d - b'A' + 10,
    }
}

fn within_prefix(modifier: Modifier, value: &str) -> bool {
    match modifier {
        Modifier::Prefix(n) => value.chars().count() <= usize::from(n),
        _ => true,
    }
}

impl Template {
    /// Whether [`Template::match_url`] can match this template, or why not.
    ///
    /// ```
    /// use urlkit::template::Template;
    /// assert!(Template::parse("/repos/{owner}/{repo}/issues{?state,labels*}")?.matchable().is_ok());
    /// let err = Template::parse("/{a}{b}")?.matchable().unwrap_err();
    /// assert_eq!(err.to_string(), "adjacent expressions can take the same characters, expected a literal between them at byte 1");
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn matchable(&self) -> Result<(), Ambiguity> {
        self.matcher.as_ref().map(|_| ()).map_err(|a| *a)
    }

    /// The variables whose expansion gives `url`, when the template is
    /// [matchable](Template::matchable) and `url` is one of its expansions; see the module
    /// docs for the form of the values. Linear in the length of `url`.
    ///
    /// ```
    /// use urlkit::template::{Template, ValueRef};
    /// let t = Template::parse("/search{?q,lang}{#section}")?;
    /// let found = t.match_url("/search?lang=en&q=caf%C3%A9#top").unwrap();
    /// assert_eq!(found.get("q"), Some(ValueRef::String("café")));
    /// assert_eq!(found.get("section"), Some(ValueRef::String("top")));
    /// assert!(t.match_url("/other").is_none());
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn match_url(&self, url: &str) -> Option<Captures<'_>> {
        let program = self.matcher.as_ref().ok()?;
        let bytes = url.as_bytes();
        // The steps once to see that the URL has the template's shape (nothing allocated on
        // the way: most URLs tried against a template do not), then again reading values.
        let mut pos = 0;
        for (step, _) in &program.steps {
            pos = step.advance(bytes, pos)?.1;
        }
        if pos != bytes.len() {
            return None;
        }
        self.read_values(url)
    }

    /// The values of a URL whose shape the steps accept.
    pub(super) fn read_values(&self, url: &str) -> Option<Captures<'_>> {
        let program = self.matcher.as_ref().ok()?;
        let bytes = url.as_bytes();
        let mut found = Captures::with_capacity(url.len(), self.specs.len());
        let mut pos = 0;
        for (step, unit) in &program.steps {
            let (body, next) = step.advance(bytes, pos)?;
            if let Some(u) = unit {
                self.read_unit(program, &program.units[*u], url.get(body)?, &mut found)?;
            }
            pos = next;
        }
        self.finish(program, url, found)
    }

    /// The values of a URL whose steps a set's trie has walked: `bodies` gives the range of
    /// each non-literal step, last first (as the walk chains them), so the steps are not run
    /// again.
    pub(super) fn read_spans(
        &self,
        url: &str,
        mut bodies: impl Iterator<Item = (usize, usize)>,
    ) -> Option<Captures<'_>> {
        /// The most non-literal steps read from a walk's spans (more: the steps again).
        const MOST: usize = 16;
        let program = self.matcher.as_ref().ok()?;
        let units = program.unit_steps.as_slice();
        if program.repeated || units.len() > MOST {
            return self.read_values(url);
        }
        // Into the template's order first, so that the values are read in it.
        let mut ranges = [(0, 0); MOST];
        let ranges = &mut ranges[..units.len()];
        let mut text = 0;
        for range in ranges.iter_mut().rev() {
            *range = bodies.next()?;
            text += range.1.saturating_sub(range.0);
        }
        let mut found = Captures::with_capacity(text, self.specs.len());
        for (&u, &(start, end)) in units.iter().zip(ranges.iter()) {
            let body = url.get(start..end)?;
            let unit = program.units.get(u)?;
            match program.readers.get(u) {
                Some(Reader::Plain(plain)) => self.read_plain(program, *plain, body, &mut found)?,
                Some(Reader::Named(first)) => read_named(program, unit, *first, body, &mut found)?,
                _ => self.read_unit(program, unit, body, &mut found)?,
            }
        }
        self.finish(program, url, found)
    }

    /// [`Template::read_unit`] for a [`Plain`] unit (a template that names no variable
    /// twice).
    #[inline]
    fn read_plain<'t>(
        &'t self,
        program: &'t Program,
        plain: Plain,
        body: &str,
        found: &mut Captures<'t>,
    ) -> Option<()> {
        let Some(&b) = body.as_bytes().first() else {
            return Some(());
        };
        let rest = match plain.lead {
            None => body,
            // `lead` is ASCII: `body[1..]` is a char boundary.
            Some(lead) if lead == b => body.get(1..)?,
            Some(_) => return None,
        };
        let start = found.text.len();
        if plain.reserved {
            reserved_value_into(rest, &mut found.text)?;
        } else {
            decode_u_into(rest, &mut found.text)?;
        }
        let name = program.names.get(plain.spec).map_or("", |n| &**n);
        found.vars.push(Capture {
            spec: plain.spec,
            name,
            value: Slot::Text(start, found.text.len()),
        });
        Some(())
    }

    fn finish<'t>(
        &'t self,
        program: &'t Program,
        url: &str,
        mut found: Captures<'t>,
    ) -> Option<Captures<'t>> {
        found.sort();
        if program.repeated && self.expand(&found).ok()? != url {
            return None;
        }
        Some(found)
    }

    /// Reads one unit's text into `found`.
    fn read_unit<'t>(
        &'t self,
        program: &'t Program,
        unit: &Unit,
        body: &str,
        found: &mut Captures<'t>,
    ) -> Option<()> {
        if body.is_empty() {
            return Some(());
        }
        let name_of = |s: usize| program.names.get(s).map_or("", |n| &**n);
        match unit.kind {
            Kind::Unnamed(op) => {
                let (s, _) = *unit.specs.first()?;
                let spec = self.specs.get(s)?;
                let rest = match op.first().as_bytes() {
                    [] => body,
                    // `first` is ASCII: `body[1..]` is a char boundary.
                    [first] if body.as_bytes()[0] == *first => body.get(1..)?,
                    _ => return None,
                };
                let reserved = op.allow_reserved();
                if spec.modifier == Modifier::Explode {
                    let sep = op.sep().as_bytes()[0];
                    let read = |v: &str| {
                        if reserved {
                            reserved_value(v)
                        } else {
                            decode_u(v)
                        }
                    };
                    let list = pieces(rest, sep).map(read).collect::<Option<_>>()?;
                    found.put_list(program.repeated, s, name_of(s), list)
                } else {
                    let start = found.text.len();
                    if reserved {
                        reserved_value_into(rest, &mut found.text)?;
                    } else {
                        decode_u_into(rest, &mut found.text)?;
                    }
                    if let Modifier::Prefix(_) = spec.modifier {
                        if !within_prefix(spec.modifier, found.text.get(start..).unwrap_or_default()) {
                            return None;
                        }
                    }
                    found.put_text(program.repeated, s, name_of(s), start)
                }
            }
            Kind::Named { first } => {
                let sep = if first == Op::Param { b';' } else { b'&' };
                let lead = body.as_bytes()[0];
                let opened_by_first = match first {
                    Op::Query if lead == b'?' => true,
                    _ if lead == sep => false,
                    _ => return None,
                };
                let mut lists: Vec<(usize, Vec<String>)> = Vec::new();
                let mut first_seen = false;
                // `lead` is ASCII: `body[1..]` is a char boundary.
                for member in pieces(&body[1..], sep) {
                    let (name, value) = match member.bytes().position(|b| b == b'=') {
                        Some(eq) => (&member[..eq], Some(&member[eq + 1..])),
                        None => (member, None),
                    };
                    let &(s, in_first) = unit.specs.iter().find(|(s, _)| name_of(*s) == name)?;
                    first_seen |= in_first;
                    let value = match value {
                        // §3.2.7: an empty value under `;` is the bare name.
                        Some(v) if first == Op::Param && v.is_empty() => return None,
                        Some(v) => v,
                        None if first == Op::Param => "",
                        None => return None,
                    };
                    let spec = &self.specs[s];
                    if spec.modifier == Modifier::Explode {
                        let value = decode_u(value)?;
                        match lists.iter_mut().find(|(o, _)| *o == s) {
                            Some((_, l)) => l.push(value),
                            None => lists.push((s, alloc::vec![value])),
                        }
                    } else {
                        // A member given twice: not an expansion (each varspec writes one).
                        if found.vars.iter().any(|c| c.spec == s) {
                            return None;
                        }
                        let start = found.text.len();
                        decode_u_into(value, &mut found.text)?;
                        if let Modifier::Prefix(_) = spec.modifier {
                            if !within_prefix(spec.modifier, found.text.get(start..).unwrap_or_default()) {
                                return None;
                            }
                        }
                        found.put_text(program.repeated, s, name_of(s), start)?;
                    }
                }
                // A `?` run starts with `?` only when its `?` expression wrote a member.
                if first == Op::Query && opened_by_first != first_seen {
                    return None;
                }
                if !lists.is_empty() {
                    for (s, list) in lists {
                        found.put_list(program.repeated, s, name_of(s), list)?;
                    }
                }
                Some(())
            }
        }
    }
}
