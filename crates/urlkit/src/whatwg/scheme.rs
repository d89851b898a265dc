//! [Scheme start](https://url.spec.whatwg.org/#scheme-start-state),
//! [scheme](https://url.spec.whatwg.org/#scheme-state) and
//! [no scheme](https://url.spec.whatwg.org/#no-scheme-state) states.

use super::{Parser, State};
use crate::error::ErrorKind;
use crate::scheme::SpecialScheme;
use crate::whatwg::chars::SCHEME_CHAR;
use crate::ParseError;

/// The scheme that the [scheme start](https://url.spec.whatwg.org/#scheme-start-state) and
/// [scheme](https://url.spec.whatwg.org/#scheme-state) states read from the input bytes `b`:
/// an ASCII alpha, then ASCII alphanumerics, `+`, `-` and `.`. Its length, or `None` when `b`
/// does not start with an ASCII alpha; what follows it (`:` or not) is the caller's to check.
/// The parser, the protocol setter and `can_parse` all read schemes with it.
#[inline]
pub(crate) fn scheme_len(b: impl IntoIterator<Item = u8>) -> Option<usize> {
    let mut b = b.into_iter();
    if !b.next()?.is_ascii_alphabetic() {
        return None;
    }
    Some(1 + b.take_while(|&c| SCHEME_CHAR[c as usize]).count())
}

impl Parser<'_, '_, '_, '_> {
    /// Scheme start and scheme states: an ASCII alpha, then scheme code points up to `:`.
    /// Anything else starts over in the no scheme state.
    pub(super) fn scheme_start(&mut self) -> State {
        let b = self.input.as_bytes();
        let Some(end) = scheme_len(b.iter().copied()) else {
            return State::NoScheme;
        };
        if b.get(end) != Some(&b':') {
            return State::NoScheme;
        }
        self.out.push_str(&self.input[..end]);
        self.out.make_ascii_lowercase();
        self.special = SpecialScheme::from_scheme(&self.out);
        self.marks.scheme_end = end;
        self.out.push(':');
        let after = self.out.len();
        self.marks.username_end = after;
        self.marks.host_start = after;
        self.marks.host_end = after;
        self.marks.path_start = after;
        self.pos = end + 1;
        self.after_scheme()
    }

    /// The scheme state's step 2.1.7 onwards: where a scheme leads.
    fn after_scheme(&mut self) -> State {
        let rest = self.rest();
        if self.is_file() {
            if !rest.starts_with(b"//") {
                self.report(ErrorKind::SpecialSchemeMissingFollowingSolidus, self.pos);
            }
            return State::File;
        }
        if self.is_special() {
            let same = self
                .base
                .is_some_and(|b| b.scheme() == &self.out[..self.marks.scheme_end]);
            return if same {
                State::SpecialRelativeOrAuthority
            } else {
                State::SpecialAuthoritySlashes
            };
        }
        if rest.first() == Some(&b'/') {
            self.pos += 1;
            State::PathOrAuthority
        } else {
            State::OpaquePath
        }
    }

    /// No scheme state: resolve against the base, or fail without a usable one.
    pub(super) fn no_scheme(&mut self) -> Result<State, ParseError> {
        let c = self.peek();
        let missing = || ParseError::new(ErrorKind::MissingSchemeNonRelativeUrl, 0);
        let Some(base) = self.base else {
            return Err(missing());
        };
        if base.has_opaque_path() {
            if c != Some(b'#') {
                return Err(missing());
            }
            self.copy_base(base, true, true);
            self.pos += 1;
            return Ok(self.start_fragment());
        }
        let scheme_end = base.offsets.scheme_end();
        self.out.push_str(&base.serialization[..=scheme_end]);
        self.special = SpecialScheme::from_scheme(base.scheme());
        self.marks.scheme_end = scheme_end;
        let after = scheme_end + 1;
        self.marks.username_end = after;
        self.marks.host_start = after;
        self.marks.host_end = after;
        self.marks.path_start = after;
        Ok(if self.is_file() {
            State::File
        } else {
            State::Relative
        })
    }
}
