//! Paths: [path start](https://url.spec.whatwg.org/#path-start-state),
//! [path](https://url.spec.whatwg.org/#path-state) and
//! [opaque path](https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state) states, and
//! [shorten a URL's path](https://url.spec.whatwg.org/#shorten-a-urls-path).
//!
//! A path of segments is written as `/segment` per segment, so the output between
//! `path_start` and its end is always the path's serialization and shortening is a truncate.

use super::output::Output;
use super::{encode::encode_until, Override, Parser, State};
use crate::error::ErrorKind;
use crate::whatwg::chars::{
    is_double_dot, is_normalized_windows_drive_letter, is_single_dot, is_windows_drive_letter,
    OPAQUE_PATH_CLASS, PATH_CLASS, PATH_OVERRIDE_CLASS, PATH_OVERRIDE_SPECIAL_CLASS, PATH_SPECIAL_CLASS,
};

impl<O: Output> Parser<'_, '_, '_, '_, O> {
    /// Path start state: consumes the slash (or backslash, in special URLs) that starts
    /// the path; non-special URLs may go straight to the query or fragment. Nothing fails
    /// here or after: without output, the parser is done.
    pub(super) fn path_start(&mut self) -> State {
        if !O::STORE {
            return State::Done;
        }
        let c = self.peek();
        if self.is_special() {
            if c == Some(b'\\') {
                self.report(ErrorKind::InvalidReverseSolidus, self.pos);
            }
            if let Some(b'/' | b'\\') = c {
                self.pos += 1;
            }
            return State::Path;
        }
        match c {
            Some(b'?') if matches!(self.state_override, Override::None) => {
                self.pos += 1;
                self.start_query()
            }
            Some(b'#') if matches!(self.state_override, Override::None) => {
                self.pos += 1;
                self.start_fragment()
            }
            Some(b'/') => {
                self.pos += 1;
                State::Path
            }
            Some(_) => State::Path,
            None => {
                if !matches!(self.state_override, Override::None)
                    && self.host == crate::host::HostInternal::None
                {
                    self.out.push('/');
                }
                State::Done
            }
        }
    }

    /// Path state, entered at the start of a segment: one segment per iteration, encoded
    /// and copied in the same pass that finds its end; dot segments are then taken back out.
    pub(super) fn path(&mut self) -> State {
        if !O::STORE {
            return State::Done;
        }
        // Under a state override `?` and `#` belong to the path (and get encoded).
        let classes = match (self.is_special(), !matches!(self.state_override, Override::None)) {
            (true, false) => &PATH_SPECIAL_CLASS,
            (false, false) => &PATH_CLASS,
            (true, true) => &PATH_OVERRIDE_SPECIAL_CLASS,
            (false, true) => &PATH_OVERRIDE_CLASS,
        };
        loop {
            let start = self.pos;
            let path_empty = self.out.len() == self.marks.path_start;
            let seg_start = self.out.len();
            self.out.push('/');
            let len = match self.out.string() {
                Some(out) => encode_until(out, &self.input[start..], classes),
                None => 0,
            };
            let term = self.input.as_bytes().get(start + len).copied();
            self.check_units(start, len);
            if term == Some(b'\\') {
                self.report(ErrorKind::InvalidReverseSolidus, start + len);
            }
            let slash = matches!(term, Some(b'/' | b'\\'));
            let raw = &self.input.as_bytes()[start..start + len];
            if is_double_dot(raw) {
                self.out.truncate(seg_start);
                self.shorten_path();
                if !slash {
                    self.out.push('/');
                }
            } else if is_single_dot(raw) {
                self.out.truncate(seg_start);
                if !slash {
                    self.out.push('/');
                }
            } else if path_empty && self.is_file() && is_windows_drive_letter(raw) {
                if let Some(out) = self.out.string() {
                    out.replace_range(seg_start + 2..seg_start + 3, ":");
                }
            }
            self.pos = start + len + usize::from(term.is_some());
            match term {
                None => return State::Done,
                Some(b'?') => return self.start_query(),
                Some(b'#') => return self.start_fragment(),
                Some(_) => {}
            }
        }
    }

    /// Opaque path state: everything up to `?` or `#`, encoded with the C0 control set; a
    /// space right before `?` or `#` becomes `%20` so it cannot be lost.
    pub(super) fn opaque_path(&mut self) -> State {
        let start = self.pos;
        let Some(out) = self.out.string() else {
            return State::Done;
        };
        let len = encode_until(out, &self.input[start..], &OPAQUE_PATH_CLASS);
        let term = self.input.as_bytes().get(start + len).copied();
        if term.is_some() && out.ends_with(' ') && len > 0 {
            out.pop();
            out.push_str("%20");
        }
        self.check_units(start, len);
        self.pos = start + len + usize::from(term.is_some());
        match term {
            Some(b'?') => self.start_query(),
            Some(b'#') => self.start_fragment(),
            _ => State::Done,
        }
    }

    /// Shorten a URL's path: drop the last segment, but never a `file` URL's lone
    /// normalized drive letter.
    pub(super) fn shorten_path(&mut self) {
        let start = self.marks.path_start;
        let path = self.out.text().as_bytes().get(start..).unwrap_or_default();
        if self.is_file() && path.len() == 3 && is_normalized_windows_drive_letter(&path[1..]) {
            return;
        }
        if let Some(i) = path.iter().rposition(|&c| c == b'/') {
            self.out.truncate(start + i);
        }
    }
}
