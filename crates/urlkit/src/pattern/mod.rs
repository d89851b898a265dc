//! The [URL Pattern Standard](https://urlpattern.spec.whatwg.org/): [`UrlPattern`] matches
//! URLs against patterns such as `https://*.example.com/books/:id(\\d+)`, and
//! [`UrlPatternSet`] matches one URL against thousands of patterns at once (feature
//! `pattern`, on by default).
//!
//! Every component of a pattern is canonicalized by urlkit's own URL parser and setters, as
//! the standard's encoding callbacks require, and compiled to a regular expression of the
//! [`regex`] crate, whose matching time is linear in the input. The standard writes its
//! regular expressions in ECMAScript syntax with the `v` flag: the subset accepted (most
//! of it) and what is rejected with [`ErrorKind::UnsupportedRegexp`] (lookaround and
//! backreferences, which no linear-time engine has) are listed in the [`regexp`
//! module's documentation](self#regular-expressions).
//!
//! ```
//! use urlkit::pattern::UrlPattern;
//! let p = UrlPattern::parse("https://*.example.com/books/:id(\\d+)", None)?;
//! let m = p.exec("https://shop.example.com/books/42", None).expect("matches");
//! assert_eq!(m.hostname.group("0"), Some("shop"));
//! assert_eq!(m.pathname.group("id"), Some("42"));
//! assert!(!p.test("https://shop.example.com/books/x", None));
//! # Ok::<(), urlkit::pattern::Error>(())
//! ```
//!
//! # Regular expressions
//!
//! Regexp groups (`(\\d+)`, `:id([a-z]+)`) are ECMAScript regular expressions with the
//! `v` flag, translated to the `regex` crate's syntax. Accepted, with ECMAScript's meaning:
//!
//! - literals; `.` (any code point but `\n`, `\r`, U+2028, U+2029); `^` `$`; `|`; groups
//!   `(?:…)` and `(?<name>…)`; the `(?i:…)` / `(?-i:…)` modifiers;
//! - quantifiers `*` `+` `?` `{n}` `{n,}` `{n,m}`, greedy and lazy;
//! - `\d \D \w \W \s \S` (ASCII digits and word characters, ECMAScript's white space),
//!   `\b \B` (ASCII word boundaries), `\t \n \v \f \r \0 \cX \xHH \uHHHH \u{…}` (surrogate
//!   pairs combined), `\p{…} \P{…}` (Unicode properties as the `regex` crate names them,
//!   which also accepts a few spellings ECMAScript rejects), escaped syntax characters;
//! - classes `[…]` `[^…]` with ranges, nested classes and the `v` flag's `&&` and `--`;
//!   `[]` and `[^]`.
//!
//! Rejected with [`ErrorKind::UnsupportedRegexp`]: lookahead `(?=…)` `(?!…)`, lookbehind
//! `(?<=…)` `(?<!…)`, backreferences `\1`…`\9` `\k<name>`, `\q{…}`, lone surrogates, the
//! `m` and `s` modifiers. What ECMAScript itself rejects under `v` (a lone `{`, `}` or
//! `]`, an unescaped `(` `)` `{` `}` `/` `|` or lone `-` in a class, doubled punctuators
//! such as `!!` in a class, unknown escapes) is an [`ErrorKind::Regexp`] error.

mod canon;
mod constructor;
mod error;
mod init;
mod parser;
mod regexp;
mod set;
mod tokenizer;

pub use error::{Error, ErrorKind};
pub use set::{SetMatch, UrlPatternSet};

use crate::Url;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use parser::{
    generate_pattern_string, generate_regexp, parse_pattern, Modifier, Options, Part, PartType, Piece,
};
use regex::{Regex, RegexBuilder};

/// One of the eight URL components a pattern matches, in the standard's order.
///
/// ```
/// use urlkit::pattern::Component;
/// assert_eq!(Component::ALL[5], Component::Pathname);
/// assert_eq!(Component::Pathname.name(), "pathname");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// The scheme, without `:`.
    Protocol,
    /// The username.
    Username,
    /// The password.
    Password,
    /// The host, serialized (IPv6 in brackets).
    Hostname,
    /// The port digits.
    Port,
    /// The path, serialized.
    Pathname,
    /// The query, without `?`.
    Search,
    /// The fragment, without `#`.
    Hash,
}

impl Component {
    /// All eight, in the standard's order.
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::Component::ALL.len(), 8);
    /// ```
    pub const ALL: [Component; 8] = [
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ];

    /// The component's name in the standard's dictionaries (`"hostname"`).
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::Component::Search.name(), "search");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
        }
    }

    /// The component of that name.
    ///
    /// ```
    /// use urlkit::pattern::Component;
    /// assert_eq!(Component::from_name("port"), Some(Component::Port));
    /// assert_eq!(Component::from_name("host"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// This component of a parsed URL, as the standard's match algorithm reads it.
    ///
    /// ```
    /// use urlkit::{pattern::Component, Url};
    /// let url = Url::parse("https://h/p?q#f")?;
    /// assert_eq!(Component::Search.of(&url), "q");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn of(self, url: &Url) -> &str {
        match self {
            Component::Protocol => url.scheme(),
            Component::Username => url.username(),
            Component::Password => url.password(),
            Component::Hostname => url.hostname(),
            Component::Port => url.port_str(),
            Component::Pathname => url.pathname(),
            Component::Search => url.query().unwrap_or_default(),
            Component::Hash => url.fragment().unwrap_or_default(),
        }
    }
}

/// The standard's `URLPatternInit` dictionary: a pattern (or a URL to match) given
/// component by component; `None` is a missing member.
///
/// ```
/// use urlkit::pattern::{UrlPattern, UrlPatternInit};
/// let init = UrlPatternInit { pathname: Some("/books/:id".into()), ..Default::default() };
/// let p = UrlPattern::from_init(&init)?;
/// assert_eq!(p.protocol(), "*");
/// assert!(p.test("http://any.host/books/1", None));
/// # Ok::<(), urlkit::pattern::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct UrlPatternInit {
    /// `protocol`.
    pub protocol: Option<String>,
    /// `username`.
    pub username: Option<String>,
    /// `password`.
    pub password: Option<String>,
    /// `hostname`.
    pub hostname: Option<String>,
    /// `port`.
    pub port: Option<String>,
    /// `pathname`.
    pub pathname: Option<String>,
    /// `search`.
    pub search: Option<String>,
    /// `hash`.
    pub hash: Option<String>,
    /// `baseURL`: supplies the components not given (see the standard for which).
    pub base_url: Option<String>,
}

impl UrlPatternInit {
    /// The member for `component`.
    ///
    /// ```
    /// use urlkit::pattern::{Component, UrlPatternInit};
    /// let init = UrlPatternInit { port: Some("8080".into()), ..Default::default() };
    /// assert_eq!(init.get(Component::Port), Some("8080"));
    /// ```
    pub fn get(&self, component: Component) -> Option<&str> {
        match component {
            Component::Protocol => self.protocol.as_deref(),
            Component::Username => self.username.as_deref(),
            Component::Password => self.password.as_deref(),
            Component::Hostname => self.hostname.as_deref(),
            Component::Port => self.port.as_deref(),
            Component::Pathname => self.pathname.as_deref(),
            Component::Search => self.search.as_deref(),
            Component::Hash => self.hash.as_deref(),
        }
    }

    /// The member for `component`, to set.
    ///
    /// ```
    /// use urlkit::pattern::{Component, UrlPatternInit};
    /// let mut init = UrlPatternInit::default();
    /// *init.get_mut(Component::Hash) = Some("top".into());
    /// assert_eq!(init.hash.as_deref(), Some("top"));
    /// ```
    pub fn get_mut(&mut self, component: Component) -> &mut Option<String> {
        match component {
            Component::Protocol => &mut self.protocol,
            Component::Username => &mut self.username,
            Component::Password => &mut self.password,
            Component::Hostname => &mut self.hostname,
            Component::Port => &mut self.port,
            Component::Pathname => &mut self.pathname,
            Component::Search => &mut self.search,
            Component::Hash => &mut self.hash,
        }
    }
}

/// The standard's `URLPatternOptions`.
///
/// ```
/// use urlkit::pattern::{UrlPattern, UrlPatternInput, UrlPatternOptions};
/// let options = UrlPatternOptions { ignore_case: true };
/// let p = UrlPattern::new(UrlPatternInput::String("https://h/Books/*"), None, options)?;
/// assert!(p.test("https://h/books/1", None));
/// # Ok::<(), urlkit::pattern::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct UrlPatternOptions {
    /// `ignoreCase`: match the pathname, search and hash case-insensitively.
    pub ignore_case: bool,
}

/// What a pattern is built from, or what it matches: the standard's `URLPatternInput`.
///
/// ```
/// use urlkit::pattern::{UrlPattern, UrlPatternInit, UrlPatternInput};
/// let p = UrlPattern::parse("https://h/:page", None)?;
/// let init = UrlPatternInit { pathname: Some("/a".into()), base_url: Some("https://h".into()), ..Default::default() };
/// assert!(p.exec_input(UrlPatternInput::Init(&init), None)?.is_some());
/// # Ok::<(), urlkit::pattern::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlPatternInput<'a> {
    /// A URL string (to match) or a constructor string (to build a pattern).
    String(&'a str),
    /// A dictionary of components.
    Init(&'a UrlPatternInit),
    /// An already parsed URL (matching only).
    Url(&'a Url),
}

/// An input as the match result records it (the standard's `inputs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchInput {
    /// A string: the URL, its base, or a parsed URL's serialization.
    String(String),
    /// A dictionary.
    Init(UrlPatternInit),
}

/// One component of a match: the text matched and the groups (the standard's
/// `URLPatternComponentResult`).
///
/// ```
/// use urlkit::pattern::UrlPattern;
/// let p = UrlPattern::parse("https://h/:a/:b?", None)?;
/// let m = p.exec("https://h/x", None).unwrap();
/// assert_eq!(m.pathname.input, "/x");
/// assert_eq!(m.pathname.groups, [("a".to_string(), Some("x".to_string())), ("b".to_string(), None)]);
/// # Ok::<(), urlkit::pattern::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ComponentResult {
    /// The component's text that was matched.
    pub input: String,
    /// The groups in pattern order: name (numbers for unnamed groups) and value (`None`
    /// when an optional group did not take part, `undefined` in JavaScript).
    pub groups: Vec<(String, Option<String>)>,
}

impl ComponentResult {
    /// The value of the group named `name`, if it took part in the match.
    ///
    /// ```
    /// use urlkit::pattern::UrlPattern;
    /// let m = UrlPattern::parse("https://h/*", None)?.exec("https://h/a/b", None).unwrap();
    /// assert_eq!(m.pathname.group("0"), Some("a/b"));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn group(&self, name: &str) -> Option<&str> {
        self.groups
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// The result of a successful match (the standard's `URLPatternResult`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UrlPatternResult {
    /// The inputs given to the match.
    pub inputs: Vec<MatchInput>,
    /// The protocol (scheme) matched, and its groups.
    pub protocol: ComponentResult,
    /// The username matched, and its groups.
    pub username: ComponentResult,
    /// The password matched, and its groups.
    pub password: ComponentResult,
    /// The hostname matched, and its groups.
    pub hostname: ComponentResult,
    /// The port matched, and its groups.
    pub port: ComponentResult,
    /// The pathname matched, and its groups.
    pub pathname: ComponentResult,
    /// The search (query without `?`) matched, and its groups.
    pub search: ComponentResult,
    /// The hash (fragment without `#`) matched, and its groups.
    pub hash: ComponentResult,
}

impl UrlPatternResult {
    /// The result for `component`.
    ///
    /// ```
    /// use urlkit::pattern::{Component, UrlPattern};
    /// let m = UrlPattern::parse("https://h/*", None)?.exec("https://h/x", None).unwrap();
    /// assert_eq!(m.get(Component::Protocol).input, "https");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn get(&self, component: Component) -> &ComponentResult {
        match component {
            Component::Protocol => &self.protocol,
            Component::Username => &self.username,
            Component::Password => &self.password,
            Component::Hostname => &self.hostname,
            Component::Port => &self.port,
            Component::Pathname => &self.pathname,
            Component::Search => &self.search,
            Component::Hash => &self.hash,
        }
    }

    fn get_mut(&mut self, component: Component) -> &mut ComponentResult {
        match component {
            Component::Protocol => &mut self.protocol,
            Component::Username => &mut self.username,
            Component::Password => &mut self.password,
            Component::Hostname => &mut self.hostname,
            Component::Port => &mut self.port,
            Component::Pathname => &mut self.pathname,
            Component::Search => &mut self.search,
            Component::Hash => &mut self.hash,
        }
    }
}

/// How a compiled component decides a match before (or instead of) its regexp.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shortcut {
    /// `*`: everything matches, group `0` is the whole input.
    Any,
    /// Fixed text only (case-sensitive): the input must equal it.
    Exact(String),
    /// The regexp decides.
    Regexp,
}

/// A [component](https://urlpattern.spec.whatwg.org/#component).
#[derive(Debug, Clone)]
pub(crate) struct CompiledComponent {
    pattern: String,
    regex: Option<Regex>,
    names: Vec<String>,
    /// Per group: an optional group without prefix or suffix (`(X)?`).
    optional_bare: Vec<bool>,
    has_regexp_groups: bool,
    shortcut: Shortcut,
    pub(crate) parts: Vec<Part>,
    pub(crate) ignore_case: bool,
    pub(crate) delimiter: &'static str,
}

impl CompiledComponent {
    pub(crate) fn is_match(&self, input: &str) -> bool {
        match &self.shortcut {
            Shortcut::Any => true,
            Shortcut::Exact(s) => s == input,
            Shortcut::Regexp => self.regex.as_ref().is_some_and(|r| r.is_match(input)),
        }
    }

    /// Whether this is the `*` pattern (matches anything).
    pub(crate) fn is_any(&self) -> bool {
        self.shortcut == Shortcut::Any
    }

    /// [Create a component match result](https://urlpattern.spec.whatwg.org/#create-a-component-match-result),
    /// or `None` without a match.
    pub(crate) fn exec(&self, input: &str) -> Option<ComponentResult> {
        let groups = match &self.shortcut {
            Shortcut::Any => alloc::vec![(self.names[0].clone(), Some(input.to_string()))],
            Shortcut::Exact(s) if s == input => Vec::new(),
            Shortcut::Exact(_) => return None,
            Shortcut::Regexp => {
                let caps = self.regex.as_ref()?.captures(input)?;
                self.names
                    .iter()
                    .zip(&self.optional_bare)
                    .enumerate()
                    .map(|(i, (n, &optional_bare))| {
                        // ECMAScript rejects an empty iteration of a quantified group, so
                        // `(X)?` that could only match the empty string leaves its group
                        // undefined; the `regex` crate records the empty match instead.
                        let value = caps.get(i + 1).filter(|m| !(optional_bare && m.is_empty()));
                        (n.clone(), value.map(|m| m.as_str().to_string()))
                    })
                    .collect()
            }
        };
        Some(ComponentResult {
            input: input.to_string(),
            groups,
        })
    }
}

/// Concatenates the regexp pieces, translating the user's ECMAScript groups, and compiles.
pub(crate) fn compile_regexp(pieces: &[Piece<'_>], ignore_case: bool) -> Result<Regex, Error> {
    let mut text = String::new();
    for piece in pieces {
        match piece {
            Piece::Generated(s) => {
                regexp::translate(s, &mut text).map_err(|(k, _)| Error::new(k, None))?;
            }
            Piece::User(s, at) => {
                // `at` is the group's `(`; its text starts one byte later.
                regexp::translate(s, &mut text).map_err(|(k, off)| Error::new(k, Some(at + 1 + off)))?;
            }
        }
    }
    let build = |t: &str| RegexBuilder::new(t).case_insensitive(ignore_case).build();
    build(&text).map_err(|e| {
        // Point at the first user group that fails on its own.
        let at = pieces.iter().find_map(|p| match p {
            Piece::User(s, at) => {
                let mut t = String::new();
                let bad = regexp::translate(s, &mut t).is_err() || build(&alloc::format!("(?:{t})")).is_err();
                bad.then_some(at + 1)
            }
            Piece::Generated(_) => None,
        });
        let msg = match e {
            regex::Error::CompiledTooBig(_) => "too big to compile".to_string(),
            _ => "rejected by the regexp engine".to_string(),
        };
        Error::new(ErrorKind::Regexp(msg), at)
    })
}

/// [Protocol component matches a special scheme](https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme).
pub(crate) fn matches_special_scheme(protocol: &CompiledComponent) -> bool {
    ["ftp", "file", "http", "https", "ws", "wss"]
        .iter()
        .any(|s| protocol.is_match(s))
}

/// [Compile a component](https://urlpattern.spec.whatwg.org/#compile-a-component).
pub(crate) fn compile_component(
    input: &str,
    encode: parser::Encode<'_>,
    options: &Options,
) -> Result<CompiledComponent, Error> {
    let parts = parse_pattern(input, options, encode)?;
    let (pieces, names) = generate_regexp(&parts, options);
    let pattern = generate_pattern_string(&parts, options);
    let has_regexp_groups = parts.iter().any(|p| p.kind == PartType::Regexp);
    let shortcut = match parts.as_slice() {
        [p] if p.kind == PartType::FullWildcard
            && p.modifier == Modifier::None
            && p.prefix.is_empty()
            && p.suffix.is_empty() =>
        {
            Shortcut::Any
        }
        _ if !options.ignore_case
            && parts
                .iter()
                .all(|p| p.kind == PartType::FixedText && p.modifier == Modifier::None) =>
        {
            Shortcut::Exact(parts.iter().map(|p| p.value.as_str()).collect())
        }
        _ => Shortcut::Regexp,
    };
    // A shortcut needs no regexp (and, without regexp groups, cannot fail to compile one):
    // most components of most patterns are `*` or fixed text.
    let regex = match shortcut {
        Shortcut::Regexp => Some(compile_regexp(&pieces, options.ignore_case)?),
        _ => None,
    };
    let optional_bare = parts
        .iter()
        .filter(|p| p.kind != PartType::FixedText)
        .map(|p| p.modifier == Modifier::Optional && p.prefix.is_empty() && p.suffix.is_empty())
        .collect();
    Ok(CompiledComponent {
        pattern,
        regex,
        names,
        optional_bare,
        has_regexp_groups,
        shortcut,
        parts,
        ignore_case: options.ignore_case,
        delimiter: options.delimiter,
    })
}

/// A compiled [URL pattern](https://urlpattern.spec.whatwg.org/#url-pattern).
///
/// ```
/// use urlkit::pattern::UrlPattern;
/// let p = UrlPattern::parse("/api/:version/*", Some("https://example.com"))?;
/// assert_eq!(p.pathname(), "/api/:version/*");
/// assert_eq!(p.hostname(), "example.com");
/// assert!(p.test("https://example.com/api/v2/users", None));
/// assert!(!p.has_regexp_groups());
/// # Ok::<(), urlkit::pattern::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct UrlPattern {
    components: [CompiledComponent; 8],
}

impl UrlPattern {
    /// Builds a pattern from a constructor string such as `https://*.example.com/*`,
    /// relative to `base` when given, with default options.
    ///
    /// # Errors
    ///
    /// An [`Error`] with the byte position in `pattern`, when the pattern is malformed,
    /// relative without `base`, or has fixed text the URL parser rejects.
    ///
    /// ```
    /// use urlkit::pattern::UrlPattern;
    /// let p = UrlPattern::parse("https://example.com/:slug", None)?;
    /// assert_eq!(p.exec("https://example.com/hello", None).unwrap().pathname.group("slug"), Some("hello"));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn parse(pattern: &str, base: Option<&str>) -> Result<Self, Error> {
        Self::new(
            UrlPatternInput::String(pattern),
            base,
            UrlPatternOptions::default(),
        )
    }

    /// Builds a pattern from a dictionary of component patterns; missing components match
    /// anything (or come from `init.base_url`).
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse); positions are in the failing component's own string.
    ///
    /// ```
    /// use urlkit::pattern::{UrlPattern, UrlPatternInit};
    /// let init = UrlPatternInit { hostname: Some("{*.}?example.com".into()), ..Default::default() };
    /// let p = UrlPattern::from_init(&init)?;
    /// assert!(p.test("http://example.com/", None) && p.test("wss://a.b.example.com/x", None));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn from_init(init: &UrlPatternInit) -> Result<Self, Error> {
        Self::new(UrlPatternInput::Init(init), None, UrlPatternOptions::default())
    }

    /// [Create](https://urlpattern.spec.whatwg.org/#url-pattern-create) a pattern from any
    /// input, base and options (the `new URLPattern(…)` constructor).
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse); [`ErrorKind::BaseWithInit`] for a dictionary with a
    /// `base`; [`ErrorKind::InvalidBaseUrl`] for a parsed URL input (not a pattern).
    ///
    /// ```
    /// use urlkit::pattern::{UrlPattern, UrlPatternInput, UrlPatternOptions, ErrorKind};
    /// let init = Default::default();
    /// let err = UrlPattern::new(UrlPatternInput::Init(&init), Some("https://h"), UrlPatternOptions::default());
    /// assert_eq!(err.unwrap_err().kind(), &ErrorKind::BaseWithInit);
    /// ```
    pub fn new(
        input: UrlPatternInput<'_>,
        base: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<Self, Error> {
        let (init, offsets) = match input {
            UrlPatternInput::String(s) => {
                let parsed = constructor::parse_constructor_string(s)?;
                let mut init = parsed.init;
                if base.is_none() && init.protocol.is_none() {
                    return Err(Error::new(ErrorKind::RelativeWithoutBase, Some(0)));
                }
                init.base_url = base.map(str::to_string);
                (init, parsed.offsets)
            }
            UrlPatternInput::Init(i) => {
                if base.is_some() {
                    return Err(Error::new(ErrorKind::BaseWithInit, None));
                }
                (i.clone(), [Some(0); 8])
            }
            UrlPatternInput::Url(_) => return Err(Error::new(ErrorKind::InvalidBaseUrl, None)),
        };
        let processed = init::process(&init, init::Kind::Pattern)?;
        let mut p = processed.init;
        let offset = |c: Component| match (offsets[c as usize], processed.shift[c as usize]) {
            (Some(o), Some(s)) => Some(o + s),
            _ => None,
        };
        for c in Component::ALL {
            let v = p.get_mut(c);
            if v.is_none() {
                *v = Some("*".to_string());
            }
        }
        if let Some(port) = crate::scheme::default_port(p.protocol.as_deref().unwrap_or_default()) {
            if p.port.as_deref() == Some(port.to_string().as_str()) {
                p.port = Some(String::new());
            }
        }
        let get = |c: Component| p.get(c).unwrap_or_default();
        let comp = |c: Component, encode: parser::Encode<'_>, options: &Options| {
            compile_component(get(c), encode, options).map_err(|e| e.in_component(c, offset(c)))
        };
        let protocol = comp(Component::Protocol, &canon::protocol, &Options::DEFAULT)?;
        let username = comp(Component::Username, &canon::username, &Options::DEFAULT)?;
        let password = comp(Component::Password, &canon::password, &Options::DEFAULT)?;
        let hostname = if is_ipv6_pattern(get(Component::Hostname)) {
            comp(Component::Hostname, &canon::ipv6_hostname, &Options::HOSTNAME)?
        } else {
            comp(Component::Hostname, &canon::hostname, &Options::HOSTNAME)?
        };
        let port = comp(Component::Port, &|v| canon::port(v, None), &Options::DEFAULT)?;
        let ignore_case = options.ignore_case;
        let options = Options {
            ignore_case,
            ..Options::DEFAULT
        };
        let pathname = if matches_special_scheme(&protocol) {
            comp(
                Component::Pathname,
                &canon::pathname,
                &Options {
                    ignore_case,
                    ..Options::PATHNAME
                },
            )?
        } else {
            comp(Component::Pathname, &canon::opaque_pathname, &options)?
        };
        let search = comp(Component::Search, &canon::search, &options)?;
        let hash = comp(Component::Hash, &canon::hash, &options)?;
        Ok(UrlPattern {
            components: [
                protocol, username, password, hostname, port, pathname, search, hash,
            ],
        })
    }

    pub(crate) fn compiled(&self, c: Component) -> &CompiledComponent {
        &self.components[c as usize]
    }

    /// The canonical pattern string of `component`.
    ///
    /// ```
    /// use urlkit::pattern::{Component, UrlPattern};
    /// let p = UrlPattern::parse("HTTPS://EXAMPLE.com/caf\u{e9}", None)?;
    /// assert_eq!(p.component(Component::Protocol), "https");
    /// assert_eq!(p.component(Component::Pathname), "/caf%C3%A9");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn component(&self, component: Component) -> &str {
        &self.components[component as usize].pattern
    }

    /// The protocol pattern string.
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::UrlPattern::parse("http{s}?://h", None)?.protocol(), "http{s}?");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn protocol(&self) -> &str {
        self.component(Component::Protocol)
    }

    /// The username pattern string.
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::UrlPattern::parse("https://u@h", None)?.username(), "u");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn username(&self) -> &str {
        self.component(Component::Username)
    }

    /// The password pattern string.
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::UrlPattern::parse("https://u\\:pw@h", None)?.password(), "pw");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn password(&self) -> &str {
        self.component(Component::Password)
    }

    /// The hostname pattern string.
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::UrlPattern::parse("https://*.EXAMPLE.com", None)?.hostname(), "*.example.com");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn hostname(&self) -> &str {
        self.component(Component::Hostname)
    }

    /// The port pattern string (a special scheme's default port becomes empty).
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::UrlPattern::parse("https://h:443", None)?.port(), "");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn port(&self) -> &str {
        self.component(Component::Port)
    }

    /// The pathname pattern string.
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::UrlPattern::parse("https://h/a/../b/:c", None)?.pathname(), "/b/:c");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn pathname(&self) -> &str {
        self.component(Component::Pathname)
    }

    /// The search pattern string.
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::UrlPattern::parse("https://h/?q=:v", None)?.search(), "q=:v");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn search(&self) -> &str {
        self.component(Component::Search)
    }

    /// The hash pattern string.
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::UrlPattern::parse("https://h/#top", None)?.hash(), "top");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn hash(&self) -> &str {
        self.component(Component::Hash)
    }

    /// Whether any component has a regexp group (`(\\d+)`, `:id([a-z]+)`).
    ///
    /// ```
    /// use urlkit::pattern::UrlPattern;
    /// assert!(UrlPattern::parse("https://h/:id(\\d+)", None)?.has_regexp_groups());
    /// assert!(!UrlPattern::parse("https://h/:id/*", None)?.has_regexp_groups());
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    /// Whether the URL `input` (relative to `base` when given) matches. A URL that does not
    /// parse does not match.
    ///
    /// ```
    /// let p = urlkit::pattern::UrlPattern::parse("https://h/:id", None)?;
    /// assert!(p.test("/7", Some("https://h")));
    /// assert!(!p.test("not a url", None));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn test(&self, input: &str, base: Option<&str>) -> bool {
        match parse_input(input, base) {
            Some(url) => self.test_url(&url),
            None => false,
        }
    }

    /// Whether the parsed `url` matches.
    ///
    /// ```
    /// let p = urlkit::pattern::UrlPattern::parse("https://h/*", None)?;
    /// assert!(p.test_url(&urlkit::Url::parse("https://h/a").unwrap()));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn test_url(&self, url: &Url) -> bool {
        // The pathname decides most often; then the host.
        const ORDER: [Component; 8] = [
            Component::Pathname,
            Component::Hostname,
            Component::Protocol,
            Component::Port,
            Component::Search,
            Component::Hash,
            Component::Username,
            Component::Password,
        ];
        ORDER
            .iter()
            .all(|&c| self.components[c as usize].is_match(c.of(url)))
    }

    /// [Match](https://urlpattern.spec.whatwg.org/#url-pattern-match) the URL `input`
    /// (relative to `base`): the groups of every component, or `None`.
    ///
    /// ```
    /// let p = urlkit::pattern::UrlPattern::parse("https://:sub.example.com/*", None)?;
    /// let m = p.exec("https://api.example.com/v1", None).unwrap();
    /// assert_eq!(m.hostname.group("sub"), Some("api"));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn exec(&self, input: &str, base: Option<&str>) -> Option<UrlPatternResult> {
        self.exec_input(UrlPatternInput::String(input), base)
            .ok()
            .flatten()
    }

    /// Matches a parsed URL.
    ///
    /// ```
    /// let p = urlkit::pattern::UrlPattern::parse("https://h/:x", None)?;
    /// let url = urlkit::Url::parse("https://h/y").unwrap();
    /// assert_eq!(p.exec_url(&url).unwrap().pathname.group("x"), Some("y"));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn exec_url(&self, url: &Url) -> Option<UrlPatternResult> {
        let strings = Component::ALL.map(|c| c.of(url));
        self.exec_strings(strings, alloc::vec![MatchInput::String(url.as_str().to_string())])
    }

    /// The standard's match with any input: a dictionary is canonicalized component by
    /// component (one that fails to canonicalize does not match).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BaseWithInit`] for a dictionary input with a `base` (the standard's
    /// `TypeError`).
    ///
    /// ```
    /// use urlkit::pattern::{UrlPattern, UrlPatternInit, UrlPatternInput};
    /// let p = UrlPattern::parse("https://h/:x", None)?;
    /// let init = UrlPatternInit { pathname: Some("/y".into()), base_url: Some("https://h".into()), ..Default::default() };
    /// assert!(p.exec_input(UrlPatternInput::Init(&init), None)?.is_some());
    /// assert!(p.exec_input(UrlPatternInput::Init(&init), Some("https://h")).is_err());
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn exec_input(
        &self,
        input: UrlPatternInput<'_>,
        base: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, Error> {
        match input {
            UrlPatternInput::Url(url) => Ok(self.exec_url(url)),
            UrlPatternInput::String(s) => {
                let mut inputs = alloc::vec![MatchInput::String(s.to_string())];
                if let Some(b) = base {
                    inputs.push(MatchInput::String(b.to_string()));
                }
                let Some(url) = parse_input(s, base) else {
                    return Ok(None);
                };
                let strings = Component::ALL.map(|c| c.of(&url));
                Ok(self.exec_strings(strings, inputs))
            }
            UrlPatternInput::Init(init) => {
                if base.is_some() {
                    return Err(Error::new(ErrorKind::BaseWithInit, None));
                }
                let Ok(processed) = init::process(init, init::Kind::Url) else {
                    return Ok(None);
                };
                let p = processed.init;
                let strings = Component::ALL.map(|c| p.get(c).unwrap_or_default());
                Ok(self.exec_strings(strings, alloc::vec![MatchInput::Init(init.clone())]))
            }
        }
    }

    fn exec_strings(&self, strings: [&str; 8], inputs: Vec<MatchInput>) -> Option<UrlPatternResult> {
        if !Component::ALL
            .iter()
            .all(|&c| self.components[c as usize].is_match(strings[c as usize]))
        {
            return None;
        }
        let mut result = UrlPatternResult {
            inputs,
            ..Default::default()
        };
        for c in Component::ALL {
            *result.get_mut(c) = self.components[c as usize].exec(strings[c as usize])?;
        }
        Some(result)
    }
}

impl fmt::Display for UrlPattern {
    /// The eight component pattern strings as a dictionary literal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, c) in Component::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}: {:?}", c.name(), self.component(*c))?;
        }
        f.write_str("}")
    }
}

/// Parses a URL to match; `None` when it (or its base) fails.
fn parse_input(input: &str, base: Option<&str>) -> Option<Url> {
    match base {
        None => Url::parse(input).ok(),
        Some(b) => {
            let base = Url::parse(b).ok()?;
            Url::parse_with_base(input, Some(&base)).ok()
        }
    }
}

/// [Hostname pattern is an IPv6 address](https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address).
fn is_ipv6_pattern(input: &str) -> bool {
    let mut cs = input.chars();
    matches!(
        (cs.next(), cs.next()),
        (Some('['), Some(_)) | (Some('{' | '\\'), Some('['))
    )
}
