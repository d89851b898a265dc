//! States that resolve against the base URL or lead to the authority:
//! [special relative or authority](https://url.spec.whatwg.org/#special-relative-or-authority-state),
//! [path or authority](https://url.spec.whatwg.org/#path-or-authority-state),
//! [relative](https://url.spec.whatwg.org/#relative-state) and
//! [relative slash](https://url.spec.whatwg.org/#relative-slash-state).

use super::output::Output;
use super::{Parser, State};
use crate::error::ErrorKind;
use crate::ParseError;

impl<O: Output> Parser<'_, '_, '_, '_, O> {
    /// Special relative or authority state: `//` means an authority follows, anything else
    /// is relative to the base (same special scheme).
    pub(super) fn special_relative_or_authority(&mut self) -> State {
        if self.rest().starts_with(b"//") {
            self.pos += 2;
            State::SpecialAuthorityIgnoreSlashes
        } else {
            self.report(ErrorKind::SpecialSchemeMissingFollowingSolidus, self.pos);
            State::Relative
        }
    }

    /// Path or authority state (after `scheme:/`): a second `/` starts the authority.
    pub(super) fn path_or_authority(&mut self) -> State {
        if self.peek() == Some(b'/') {
            self.pos += 1;
            State::Authority
        } else {
            State::Path
        }
    }

    /// Relative state: the URL takes the base's scheme; a slash leads to the relative slash
    /// state, anything else keeps the base's authority and path.
    pub(super) fn relative(&mut self) -> Result<State, ParseError> {
        let Some(base) = self.base else {
            return Err(self.fail(ErrorKind::MissingSchemeNonRelativeUrl, self.pos));
        };
        let c = self.peek();
        match c {
            Some(b'/') => {
                self.pos += 1;
                return Ok(State::RelativeSlash);
            }
            Some(b'\\') if self.is_special() => {
                self.report(ErrorKind::InvalidReverseSolidus, self.pos);
                self.pos += 1;
                return Ok(State::RelativeSlash);
            }
            _ => {}
        }
        self.copy_base(base, true, matches!(c, None | Some(b'#')));
        Ok(self.end_query_or_fragment(c).unwrap_or_else(|| {
            self.shorten_path();
            State::Path
        }))
    }

    /// Relative slash state: a second slash starts an authority, otherwise the base's
    /// authority is kept and the path is absolute.
    pub(super) fn relative_slash(&mut self) -> Result<State, ParseError> {
        let c = self.peek();
        if self.is_special() && matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.report(ErrorKind::InvalidReverseSolidus, self.pos);
            }
            self.pos += 1;
            return Ok(State::SpecialAuthorityIgnoreSlashes);
        }
        if c == Some(b'/') {
            self.pos += 1;
            return Ok(State::Authority);
        }
        let Some(base) = self.base else {
            return Err(self.fail(ErrorKind::MissingSchemeNonRelativeUrl, self.pos));
        };
        self.copy_base(base, false, false);
        Ok(State::Path)
    }
}
