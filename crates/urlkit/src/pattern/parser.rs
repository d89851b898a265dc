//! [Parsing pattern strings](https://urlpattern.spec.whatwg.org/#parsing-pattern-strings)
//! into part lists, and the two conversions of a part list: to a
//! [regular expression](https://urlpattern.spec.whatwg.org/#converting-part-lists-to-regular-expressions)
//! and back to a [pattern string](https://urlpattern.spec.whatwg.org/#converting-part-lists-to-pattern-strings).

use super::error::{Error, ErrorKind};
use super::tokenizer::{is_name_code_point, tokenize, Policy, Token, TokenType};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// A [part type](https://urlpattern.spec.whatwg.org/#part-type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PartType {
    FixedText,
    Regexp,
    SegmentWildcard,
    FullWildcard,
}

/// A [part modifier](https://urlpattern.spec.whatwg.org/#part-modifier).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Modifier {
    None,
    Optional,
    ZeroOrMore,
    OneOrMore,
}

impl Modifier {
    /// [Convert a modifier to a string](https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string).
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Modifier::None => "",
            Modifier::Optional => "?",
            Modifier::ZeroOrMore => "*",
            Modifier::OneOrMore => "+",
        }
    }
}

/// A [part](https://urlpattern.spec.whatwg.org/#part); `at` is the byte position of its
/// regexp group in the component's pattern string (for error carets).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) kind: PartType,
    pub(crate) value: String,
    pub(crate) modifier: Modifier,
    pub(crate) name: String,
    pub(crate) prefix: String,
    pub(crate) suffix: String,
    pub(crate) at: usize,
}

/// [Options](https://urlpattern.spec.whatwg.org/#options-header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Options {
    pub(crate) delimiter: &'static str,
    pub(crate) prefix: &'static str,
    pub(crate) ignore_case: bool,
}

impl Options {
    /// The [default options](https://urlpattern.spec.whatwg.org/#default-options).
    pub(crate) const DEFAULT: Options = Options {
        delimiter: "",
        prefix: "",
        ignore_case: false,
    };
    /// The [hostname options](https://urlpattern.spec.whatwg.org/#hostname-options).
    pub(crate) const HOSTNAME: Options = Options {
        delimiter: ".",
        prefix: "",
        ignore_case: false,
    };
    /// The [pathname options](https://urlpattern.spec.whatwg.org/#pathname-options).
    pub(crate) const PATHNAME: Options = Options {
        delimiter: "/",
        prefix: "/",
        ignore_case: false,
    };

    /// [Generate a segment wildcard regexp](https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp).
    pub(crate) fn segment_wildcard_regexp(&self) -> String {
        let mut s = String::from("[^");
        escape_regexp_into(self.delimiter, &mut s);
        s.push_str("]+?");
        s
    }
}

/// The [full wildcard regexp value](https://urlpattern.spec.whatwg.org/#full-wildcard-regexp-value).
pub(crate) const FULL_WILDCARD: &str = ".*";

/// An [encoding callback](https://urlpattern.spec.whatwg.org/#encoding-callback).
pub(crate) type Encode<'a> = &'a dyn Fn(&str) -> Result<String, ErrorKind>;

struct Parser<'a> {
    input: &'a str,
    tokens: Vec<Token>,
    encode: Encode<'a>,
    segment_wildcard: String,
    parts: Vec<Part>,
    pending: String,
    pending_at: usize,
    index: usize,
    next_numeric_name: u32,
}

impl Parser<'_> {
    /// [Try to consume a token](https://urlpattern.spec.whatwg.org/#try-to-consume-a-token).
    fn try_consume(&mut self, kind: TokenType) -> Option<Token> {
        let t = *self.tokens.get(self.index)?;
        if t.kind != kind {
            return None;
        }
        self.index += 1;
        Some(t)
    }

    /// [Try to consume a modifier token](https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token).
    fn try_consume_modifier(&mut self) -> Option<Token> {
        self.try_consume(TokenType::OtherModifier)
            .or_else(|| self.try_consume(TokenType::Asterisk))
    }

    /// [Try to consume a regexp or wildcard token](https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token).
    fn try_consume_regexp_or_wildcard(&mut self, name: Option<Token>) -> Option<Token> {
        let t = self.try_consume(TokenType::Regexp);
        if name.is_none() && t.is_none() {
            return self.try_consume(TokenType::Asterisk);
        }
        t
    }

    /// [Consume a required token](https://urlpattern.spec.whatwg.org/#consume-a-required-token).
    fn consume_required(&mut self, kind: TokenType, expected: &'static str) -> Result<Token, Error> {
        match self.try_consume(kind) {
            Some(t) => Ok(t),
            None => {
                let at = self.tokens.get(self.index).map_or(self.input.len(), |t| t.index);
                Err(Error::new(ErrorKind::UnexpectedToken { expected }, Some(at)))
            }
        }
    }

    /// [Consume text](https://urlpattern.spec.whatwg.org/#consume-text).
    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        while let Some(t) = self
            .try_consume(TokenType::Char)
            .or_else(|| self.try_consume(TokenType::EscapedChar))
        {
            result.push_str(t.value(self.input));
        }
        result
    }

    fn encode(&self, text: &str, at: usize) -> Result<String, Error> {
        (self.encode)(text).map_err(|k| Error::new(k, Some(at)))
    }

    /// [Maybe add a part from the pending fixed value](https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value).
    fn flush_pending(&mut self) -> Result<(), Error> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let value = self.encode(&self.pending, self.pending_at)?;
        self.pending.clear();
        self.parts.push(Part {
            kind: PartType::FixedText,
            value,
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
            at: self.pending_at,
        });
        Ok(())
    }

    fn append_pending(&mut self, text: &str, at: usize) {
        if self.pending.is_empty() {
            self.pending_at = at;
        }
        self.pending.push_str(text);
    }

    /// [Add a part](https://urlpattern.spec.whatwg.org/#add-a-part).
    fn add_part(
        &mut self,
        prefix: &str,
        name: Option<Token>,
        regexp_or_wildcard: Option<Token>,
        suffix: &str,
        modifier: Option<Token>,
        at: usize,
    ) -> Result<(), Error> {
        let modifier = match modifier.map(|t| t.value(self.input)) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        if name.is_none() && regexp_or_wildcard.is_none() && modifier == Modifier::None {
            self.append_pending(prefix, at);
            return Ok(());
        }
        self.flush_pending()?;
        if name.is_none() && regexp_or_wildcard.is_none() {
            debug_assert!(suffix.is_empty());
            if prefix.is_empty() {
                return Ok(());
            }
            let value = self.encode(prefix, at)?;
            self.parts.push(Part {
                kind: PartType::FixedText,
                value,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
                at,
            });
            return Ok(());
        }
        let regexp_value = match regexp_or_wildcard {
            None => self.segment_wildcard.clone(),
            Some(t) if t.kind == TokenType::Asterisk => FULL_WILDCARD.to_string(),
            Some(t) => t.value(self.input).to_string(),
        };
        let (kind, value) = if regexp_value == self.segment_wildcard {
            (PartType::SegmentWildcard, String::new())
        } else if regexp_value == FULL_WILDCARD {
            (PartType::FullWildcard, String::new())
        } else {
            (PartType::Regexp, regexp_value)
        };
        let name_value = if let Some(n) = name {
            n.value(self.input).to_string()
        } else {
            let n = self.next_numeric_name.to_string();
            self.next_numeric_name += 1;
            n
        };
        let part_at = regexp_or_wildcard.or(name).map_or(at, |t| t.index);
        if self.parts.iter().any(|p| p.name == name_value) {
            return Err(Error::new(
                ErrorKind::DuplicateName,
                Some(name.map_or(part_at, |t| t.index)),
            ));
        }
        let prefix = self.encode(prefix, at)?;
        let suffix = self.encode(suffix, at)?;
        self.parts.push(Part {
            kind,
            value,
            modifier,
            name: name_value,
            prefix,
            suffix,
            at: part_at,
        });
        Ok(())
    }
}

/// [Parse a pattern string](https://urlpattern.spec.whatwg.org/#parse-a-pattern-string).
pub(crate) fn parse_pattern(input: &str, options: &Options, encode: Encode<'_>) -> Result<Vec<Part>, Error> {
    let tokens = tokenize(input, Policy::Strict)?;
    let mut p = Parser {
        input,
        tokens,
        encode,
        segment_wildcard: options.segment_wildcard_regexp(),
        parts: Vec::new(),
        pending: String::new(),
        pending_at: 0,
        index: 0,
        next_numeric_name: 0,
    };
    while p.index < p.tokens.len() {
        let at = p.tokens[p.index].index;
        let char_token = p.try_consume(TokenType::Char);
        let name_token = p.try_consume(TokenType::Name);
        let regexp_token = p.try_consume_regexp_or_wildcard(name_token);
        if name_token.is_some() || regexp_token.is_some() {
            let mut prefix = char_token.map_or("", |t| t.value(input));
            if !prefix.is_empty() && prefix != options.prefix {
                p.append_pending(prefix, at);
                prefix = "";
            }
            p.flush_pending()?;
            let modifier = p.try_consume_modifier();
            p.add_part(prefix, name_token, regexp_token, "", modifier, at)?;
            continue;
        }
        let fixed = char_token.or_else(|| p.try_consume(TokenType::EscapedChar));
        if let Some(t) = fixed {
            p.append_pending(t.value(input), at);
            continue;
        }
        if p.try_consume(TokenType::Open).is_some() {
            let text_at = p.tokens.get(p.index).map_or(at, |t| t.index);
            let prefix = p.consume_text();
            let name_token = p.try_consume(TokenType::Name);
            let regexp_token = p.try_consume_regexp_or_wildcard(name_token);
            let suffix = p.consume_text();
            p.consume_required(TokenType::Close, "'}'")?;
            let modifier = p.try_consume_modifier();
            p.add_part(&prefix, name_token, regexp_token, &suffix, modifier, text_at)?;
            continue;
        }
        p.flush_pending()?;
        p.consume_required(TokenType::End, "the end of the pattern")?;
    }
    Ok(p.parts)
}

/// [Escape a regexp string](https://urlpattern.spec.whatwg.org/#escape-a-regexp-string),
/// appending to `out`.
pub(crate) fn escape_regexp_into(input: &str, out: &mut String) {
    for c in input.chars() {
        if matches!(
            c,
            '.' | '+' | '*' | '?' | '^' | '$' | '{' | '}' | '(' | ')' | '[' | ']' | '|' | '/' | '\\'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// [Escape a pattern string](https://urlpattern.spec.whatwg.org/#escape-a-pattern-string).
pub(crate) fn escape_pattern(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// One piece of a generated regular expression: text in ECMAScript syntax from a user's
/// regexp group (translated later, positions kept for errors) or generated here.
pub(crate) enum Piece<'a> {
    Generated(String),
    User(&'a str, usize),
}

/// [Generate a regular expression and name list](https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list).
pub(crate) fn generate_regexp<'a>(parts: &'a [Part], options: &Options) -> (Vec<Piece<'a>>, Vec<String>) {
    let mut pieces = Vec::new();
    let mut r = String::from("^");
    let mut names = Vec::new();
    let segment = options.segment_wildcard_regexp();
    for part in parts {
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_regexp_into(&part.value, &mut r);
            } else {
                r.push_str("(?:");
                escape_regexp_into(&part.value, &mut r);
                r.push(')');
                r.push_str(part.modifier.as_str());
            }
            continue;
        }
        names.push(part.name.clone());
        let push_value = |r: &mut String, pieces: &mut Vec<Piece<'a>>| match part.kind {
            PartType::SegmentWildcard => r.push_str(&segment),
            PartType::FullWildcard => r.push_str(FULL_WILDCARD),
            _ => {
                pieces.push(Piece::Generated(core::mem::take(r)));
                pieces.push(Piece::User(&part.value, part.at));
            }
        };
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if matches!(part.modifier, Modifier::None | Modifier::Optional) {
                r.push('(');
                push_value(&mut r, &mut pieces);
                r.push(')');
                r.push_str(part.modifier.as_str());
            } else {
                r.push_str("((?:");
                push_value(&mut r, &mut pieces);
                r.push(')');
                r.push_str(part.modifier.as_str());
                r.push(')');
            }
            continue;
        }
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            r.push_str("(?:");
            escape_regexp_into(&part.prefix, &mut r);
            r.push('(');
            push_value(&mut r, &mut pieces);
            r.push(')');
            escape_regexp_into(&part.suffix, &mut r);
            r.push(')');
            r.push_str(part.modifier.as_str());
            continue;
        }
        r.push_str("(?:");
        escape_regexp_into(&part.prefix, &mut r);
        r.push_str("((?:");
        push_value(&mut r, &mut pieces);
        r.push_str(")(?:");
        escape_regexp_into(&part.suffix, &mut r);
        escape_regexp_into(&part.prefix, &mut r);
        r.push_str("(?:");
        push_value(&mut r, &mut pieces);
        r.push_str("))*)");
        escape_regexp_into(&part.suffix, &mut r);
        r.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            r.push('?');
        }
    }
    r.push('$');
    pieces.push(Piece::Generated(r));
    (pieces, names)
}

/// [Generate a pattern string](https://urlpattern.spec.whatwg.org/#generate-a-pattern-string).
pub(crate) fn generate_pattern_string(parts: &[Part], options: &Options) -> String {
    let mut result = String::new();
    for (index, part) in parts.iter().enumerate() {
        let previous = index.checked_sub(1).map(|i| &parts[i]);
        let next = parts.get(index + 1);
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                result.push_str(&escape_pattern(&part.value));
                continue;
            }
            result.push('{');
            result.push_str(&escape_pattern(&part.value));
            result.push('}');
            result.push_str(part.modifier.as_str());
            continue;
        }
        let custom_name = !part.name.starts_with(|c: char| c.is_ascii_digit());
        let mut needs_grouping =
            !part.suffix.is_empty() || (!part.prefix.is_empty() && part.prefix != options.prefix);
        if !needs_grouping
            && custom_name
            && part.kind == PartType::SegmentWildcard
            && part.modifier == Modifier::None
        {
            if let Some(next) = next.filter(|n| n.prefix.is_empty() && n.suffix.is_empty()) {
                if next.kind == PartType::FixedText {
                    needs_grouping = next
                        .value
                        .chars()
                        .next()
                        .is_some_and(|c| is_name_code_point(c, false));
                } else {
                    needs_grouping = next.name.starts_with(|c: char| c.is_ascii_digit());
                }
            }
        }
        if !needs_grouping && part.prefix.is_empty() {
            if let Some(prev) = previous {
                if prev.kind == PartType::FixedText
                    && !options.prefix.is_empty()
                    && prev.value.ends_with(options.prefix)
                {
                    needs_grouping = true;
                }
            }
        }
        if needs_grouping {
            result.push('{');
        }
        result.push_str(&escape_pattern(&part.prefix));
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        match part.kind {
            PartType::Regexp => {
                result.push('(');
                result.push_str(&part.value);
                result.push(')');
            }
            PartType::SegmentWildcard if !custom_name => {
                result.push('(');
                result.push_str(&options.segment_wildcard_regexp());
                result.push(')');
            }
            PartType::FullWildcard => {
                let plain =
                    previous.is_none_or(|p| p.kind == PartType::FixedText || p.modifier != Modifier::None);
                if !custom_name && (plain || needs_grouping || !part.prefix.is_empty()) {
                    result.push('*');
                } else {
                    result.push('(');
                    result.push_str(FULL_WILDCARD);
                    result.push(')');
                }
            }
            _ => {}
        }
        if part.kind == PartType::SegmentWildcard
            && custom_name
            && part
                .suffix
                .chars()
                .next()
                .is_some_and(|c| is_name_code_point(c, false))
        {
            result.push('\\');
        }
        result.push_str(&escape_pattern(&part.suffix));
        if needs_grouping {
            result.push('}');
        }
        result.push_str(part.modifier.as_str());
    }
    result
}
