//! [Scheme start](https://url.spec.whatwg.org/#scheme-start-state),
//! [scheme](https://url.spec.whatwg.org/#scheme-state) and
//! [no scheme](https://url.spec.whatwg.org/#no-scheme-state) states.

use super::output::Output;
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

impl<O: Output> Parser<'_, '_, '_, '_, O> {
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
        self.special = match self.out.string() {
            Some(out) => {
                out.push_str(&self.input[..end]);
                out.make_ascii_lowercase();
                SpecialScheme::from_scheme(out)
            }
            None => SpecialScheme::from_scheme_ignore_case(&b[..end]),
        };
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
            // Both special: the same scheme is the same entry of the table.
            let same = self.base.is_some_and(|b| b.special == self.special);
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
            self.opaque = true;
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
        if base.opaque {
            if c != Some(b'#') {
                return Err(missing());
            }
            self.copy_base(base, true, true);
            self.opaque = true;
            self.pos += 1;
            return Ok(self.start_fragment());
        }
        self.special = base.special;
        let scheme_end = base.url.map_or(0, |b| b.offsets.scheme_end());
        if let Some(b) = base.url {
            self.out.push_str(&b.serialization[..=scheme_end]);
        }
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
