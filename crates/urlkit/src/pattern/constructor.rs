//! [Constructor string parsing](https://urlpattern.spec.whatwg.org/#constructor-string-parsing):
//! splitting `https://*.example.com/books/:id` into component pattern strings.

use super::canon;
use super::error::Error;
use super::parser::Options;
use super::tokenizer::{tokenize, Policy, Token, TokenType};
use super::{Component, UrlPatternInit};
use alloc::string::ToString;
use alloc::vec::Vec;

/// A [constructor string parser state](https://urlpattern.spec.whatwg.org/#constructor-string-parser-state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Init,
    Protocol,
    Authority,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
    Done,
}

impl State {
    fn component(self) -> Option<Component> {
        Some(match self {
            State::Protocol => Component::Protocol,
            State::Username => Component::Username,
            State::Password => Component::Password,
            State::Hostname => Component::Hostname,
            State::Port => Component::Port,
            State::Pathname => Component::Pathname,
            State::Search => Component::Search,
            State::Hash => Component::Hash,
            _ => return None,
        })
    }
}

/// The parsed dictionary and, per component, the byte offset in the input its string
/// starts at.
pub(crate) struct Parsed {
    pub(crate) init: UrlPatternInit,
    pub(crate) offsets: [Option<usize>; 8],
}

struct Parser<'a> {
    input: &'a str,
    tokens: Vec<Token>,
    result: Parsed,
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    ipv6_depth: isize,
    protocol_special: bool,
    state: State,
}

impl Parser<'_> {
    /// [Get a safe token](https://urlpattern.spec.whatwg.org/#get-a-safe-token).
    fn safe_token(&self, index: usize) -> Token {
        match self.tokens.get(index) {
            Some(t) => *t,
            None => self.tokens[self.tokens.len() - 1],
        }
    }

    /// [Is a non-special pattern char](https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char).
    fn is_non_special(&self, index: usize, value: &str) -> bool {
        let t = self.safe_token(index);
        t.value(self.input) == value
            && matches!(
                t.kind,
                TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar
            )
    }

    fn here(&self, value: &str) -> bool {
        self.is_non_special(self.token_index, value)
    }

    /// [Is a search prefix](https://urlpattern.spec.whatwg.org/#is-a-search-prefix).
    fn is_search_prefix(&self) -> bool {
        if self.here("?") {
            return true;
        }
        if self.tokens[self.token_index].value(self.input) != "?" {
            return false;
        }
        let Some(previous) = self.token_index.checked_sub(1) else {
            return true;
        };
        let previous = self.safe_token(previous);
        !matches!(
            previous.kind,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    /// [Next is authority slashes](https://urlpattern.spec.whatwg.org/#next-is-authority-slashes).
    fn next_is_authority_slashes(&self) -> bool {
        self.is_non_special(self.token_index + 1, "/") && self.is_non_special(self.token_index + 2, "/")
    }

    /// [Make a component string](https://urlpattern.spec.whatwg.org/#make-a-component-string).
    fn component_string(&self) -> (usize, &str) {
        let token = self.tokens[self.token_index];
        let start = self.safe_token(self.component_start).index;
        (start, &self.input[start..token.index])
    }

    /// [Change state](https://urlpattern.spec.whatwg.org/#change-state).
    fn change_state(&mut self, new: State, skip: usize) {
        if let Some(c) = self.state.component() {
            let (start, s) = self.component_string();
            let s = s.to_string();
            *self.result.init.get_mut(c) = Some(s);
            self.result.offsets[c as usize] = Some(start);
        }
        let from = self.state;
        if from != State::Init && new != State::Done {
            let init = &mut self.result.init;
            use State::*;
            if matches!(from, Protocol | Authority | Username | Password)
                && matches!(new, Port | Pathname | Search | Hash)
                && init.hostname.is_none()
            {
                init.hostname = Some(Default::default());
            }
            if matches!(from, Protocol | Authority | Username | Password | Hostname | Port)
                && matches!(new, Search | Hash)
                && init.pathname.is_none()
            {
                init.pathname = Some(if self.protocol_special { "/" } else { "" }.to_string());
            }
            if matches!(
                from,
                Protocol | Authority | Username | Password | Hostname | Port | Pathname
            ) && new == Hash
                && init.search.is_none()
            {
                init.search = Some(Default::default());
            }
        }
        self.state = new;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    /// [Rewind](https://urlpattern.spec.whatwg.org/#rewind).
    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    /// [Rewind and set state](https://urlpattern.spec.whatwg.org/#rewind-and-set-state).
    fn rewind_and_set(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    /// [Compute protocol matches a special scheme flag](https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag).
    fn compute_protocol_special(&mut self) -> Result<(), Error> {
        let (start, s) = self.component_string();
        let protocol = super::compile_component(s, &canon::protocol, &Options::DEFAULT)
            .map_err(|e| e.in_component(Component::Protocol, Some(start)))?;
        self.protocol_special = super::matches_special_scheme(&protocol);
        Ok(())
    }
}

/// [Parse a constructor string](https://urlpattern.spec.whatwg.org/#parse-a-constructor-string).
pub(crate) fn parse_constructor_string(input: &str) -> Result<Parsed, Error> {
    let tokens = tokenize(input, Policy::Lenient)?;
    let mut p = Parser {
        input,
        tokens,
        result: Parsed {
            init: UrlPatternInit::default(),
            offsets: [None; 8],
        },
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        ipv6_depth: 0,
        protocol_special: false,
        state: State::Init,
    };
    while p.token_index < p.tokens.len() {
        p.token_increment = 1;
        if p.tokens[p.token_index].kind == TokenType::End {
            if p.state == State::Init {
                p.rewind();
                if p.here("#") {
                    p.change_state(State::Hash, 1);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else {
                    p.change_state(State::Pathname, 0);
                }
                p.token_index += p.token_increment;
                continue;
            }
            if p.state == State::Authority {
                p.rewind_and_set(State::Hostname);
                p.token_index += p.token_increment;
                continue;
            }
            p.change_state(State::Done, 0);
            break;
        }
        if p.tokens[p.token_index].kind == TokenType::Open {
            p.group_depth += 1;
            p.token_index += p.token_increment;
            continue;
        }
        if p.group_depth > 0 {
            if p.tokens[p.token_index].kind == TokenType::Close {
                p.group_depth -= 1;
            } else {
                p.token_index += p.token_increment;
                continue;
            }
        }
        match p.state {
            State::Init => {
                if p.here(":") {
                    p.rewind_and_set(State::Protocol);
                }
            }
            State::Protocol => {
                if p.here(":") {
                    p.compute_protocol_special()?;
                    let (mut next, mut skip) = (State::Pathname, 1);
                    if p.next_is_authority_slashes() {
                        next = State::Authority;
                        skip = 3;
                    } else if p.protocol_special {
                        next = State::Authority;
                    }
                    p.change_state(next, skip);
                }
            }
            State::Authority => {
                if p.here("@") {
                    p.rewind_and_set(State::Username);
                } else if p.here("/") || p.is_search_prefix() || p.here("#") {
                    p.rewind_and_set(State::Hostname);
                }
            }
            State::Username => {
                if p.here(":") {
                    p.change_state(State::Password, 1);
                } else if p.here("@") {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Password => {
                if p.here("@") {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Hostname => {
                if p.here("[") {
                    p.ipv6_depth += 1;
                } else if p.here("]") {
                    p.ipv6_depth -= 1;
                } else if p.here(":") && p.ipv6_depth == 0 {
                    p.change_state(State::Port, 1);
                } else if p.here("/") {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.here("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Port => {
                if p.here("/") {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.here("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Pathname => {
                if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.here("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Search => {
                if p.here("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Hash | State::Done => {}
        }
        p.token_index += p.token_increment;
    }
    if p.result.init.hostname.is_some() && p.result.init.port.is_none() {
        p.result.init.port = Some(Default::default());
    }
    Ok(p.result)
}
