//! [Tokenizing](https://urlpattern.spec.whatwg.org/#tokenizing) pattern strings.
//!
//! Indices are byte offsets into the input (the standard counts code points; the two agree
//! on ASCII and byte offsets are what error carets need).

use super::error::{Error, ErrorKind};
use alloc::vec::Vec;

/// A [token type](https://urlpattern.spec.whatwg.org/#token-type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokenType {
    Open,
    Close,
    Regexp,
    Name,
    Char,
    EscapedChar,
    OtherModifier,
    Asterisk,
    End,
    InvalidChar,
}

/// A [token](https://urlpattern.spec.whatwg.org/#token): its type, where it starts in the
/// input, and its value as a range of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: TokenType,
    pub(crate) index: usize,
    pub(crate) value_start: usize,
    pub(crate) value_end: usize,
}

impl Token {
    pub(crate) fn value<'a>(&self, input: &'a str) -> &'a str {
        &input[self.value_start..self.value_end]
    }
}

/// A [tokenize policy](https://urlpattern.spec.whatwg.org/#tokenize-policy).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Policy {
    Strict,
    Lenient,
}

/// [Is a valid name code point](https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point):
/// ECMAScript's `IdentifierStart` / `IdentifierPart`.
pub(crate) fn is_name_code_point(c: char, first: bool) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic() || c == '$' || c == '_' || (!first && c.is_ascii_digit());
    }
    if !first && (c == '\u{200C}' || c == '\u{200D}') {
        return true;
    }
    super::regexp::unicode_id(c, first)
}

struct Tokenizer<'a> {
    input: &'a str,
    policy: Policy,
    tokens: Vec<Token>,
    index: usize,
    next_index: usize,
    code_point: char,
}

impl Tokenizer<'_> {
    /// [Get the next code point](https://urlpattern.spec.whatwg.org/#get-the-next-code-point).
    fn next_code_point(&mut self) {
        let c = self.input[self.next_index..].chars().next().unwrap_or('\0');
        self.code_point = c;
        self.next_index += c.len_utf8();
    }

    /// [Seek and get the next code point](https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point).
    fn seek(&mut self, index: usize) {
        self.next_index = index;
        self.next_code_point();
    }

    /// [Add a token](https://urlpattern.spec.whatwg.org/#add-a-token).
    fn add(&mut self, kind: TokenType, next_position: usize, value_start: usize, value_end: usize) {
        self.tokens.push(Token {
            kind,
            index: self.index,
            value_start,
            value_end,
        });
        self.index = next_position;
    }

    /// [Add a token with default position and length](https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length).
    fn add_default(&mut self, kind: TokenType) {
        let (next, index) = (self.next_index, self.index);
        self.add(kind, next, index, next);
    }

    /// [Process a tokenizing error](https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error).
    fn error(&mut self, next_position: usize, value_position: usize, kind: ErrorKind) -> Result<(), Error> {
        if self.policy == Policy::Strict {
            return Err(Error::new(kind, Some(value_position.min(self.index))));
        }
        self.add(
            TokenType::InvalidChar,
            next_position,
            value_position,
            next_position,
        );
        Ok(())
    }

    /// The name after `:` (the tokenizer's `:` branch).
    fn name(&mut self) -> Result<(), Error> {
        let name_start = self.next_index;
        let mut pos = name_start;
        while pos < self.input.len() {
            self.seek(pos);
            if !is_name_code_point(self.code_point, pos == name_start) {
                break;
            }
            pos = self.next_index;
        }
        if pos <= name_start {
            let index = self.index;
            return self.error(name_start, index, ErrorKind::MissingName);
        }
        self.add(TokenType::Name, pos, name_start, pos);
        Ok(())
    }

    /// The regexp group after `(` (the tokenizer's `(` branch).
    fn regexp(&mut self) -> Result<(), Error> {
        let len = self.input.len();
        let mut depth = 1usize;
        let start = self.next_index;
        let mut pos = start;
        let index = self.index;
        while pos < len {
            self.seek(pos);
            let c = self.code_point;
            if !c.is_ascii() {
                return self.error(start, index, ErrorKind::RegexpNotAscii);
            }
            if pos == start && c == '?' {
                return self.error(start, index, ErrorKind::RegexpStartsWithQuestionMark);
            }
            if c == '\\' {
                if pos == len - 1 {
                    return self.error(start, index, ErrorKind::TrailingBackslash);
                }
                self.next_code_point();
                if !self.code_point.is_ascii() {
                    return self.error(start, index, ErrorKind::RegexpNotAscii);
                }
                pos = self.next_index;
                continue;
            }
            if c == ')' {
                depth -= 1;
                if depth == 0 {
                    pos = self.next_index;
                    break;
                }
            } else if c == '(' {
                depth += 1;
                if pos == len - 1 {
                    return self.error(start, index, ErrorKind::UnbalancedRegexp);
                }
                let temporary = self.next_index;
                self.next_code_point();
                if self.code_point != '?' {
                    return self.error(start, index, ErrorKind::RegexpCapturingGroup);
                }
                self.next_index = temporary;
            }
            pos = self.next_index;
        }
        if depth != 0 {
            return self.error(start, index, ErrorKind::UnbalancedRegexp);
        }
        if pos - start - 1 == 0 {
            return self.error(start, index, ErrorKind::EmptyRegexp);
        }
        self.add(TokenType::Regexp, pos, start, pos - 1);
        Ok(())
    }
}

/// [Tokenize](https://urlpattern.spec.whatwg.org/#tokenize) `input` under `policy`.
pub(crate) fn tokenize(input: &str, policy: Policy) -> Result<Vec<Token>, Error> {
    let mut t = Tokenizer {
        input,
        policy,
        tokens: Vec::new(),
        index: 0,
        next_index: 0,
        code_point: '\0',
    };
    while t.index < input.len() {
        t.seek(t.index);
        match t.code_point {
            '*' => t.add_default(TokenType::Asterisk),
            '+' | '?' => t.add_default(TokenType::OtherModifier),
            '\\' => {
                if t.next_index == input.len() {
                    let (next, index) = (t.next_index, t.index);
                    t.error(next, index, ErrorKind::TrailingBackslash)?;
                    continue;
                }
                let escaped = t.next_index;
                t.next_code_point();
                let next = t.next_index;
                t.add(TokenType::EscapedChar, next, escaped, next);
            }
            '{' => t.add_default(TokenType::Open),
            '}' => t.add_default(TokenType::Close),
            ':' => t.name()?,
            '(' => t.regexp()?,
            _ => t.add_default(TokenType::Char),
        }
    }
    let index = t.index;
    t.add(TokenType::End, index, index, index);
    Ok(t.tokens)
}
