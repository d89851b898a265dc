//! Paths: [path start](https://url.spec.whatwg.org/#path-start-state),
//! [path](https://url.spec.whatwg.org/#path-state) and
//! [opaque path](https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state) states, and
//! [shorten a URL's path](https://url.spec.whatwg.org/#shorten-a-urls-path).
//!
//! A path of segments is written as `/segment` per segment, so the output between
//! `path_start` and its end is always the path's serialization and shortening is a truncate.

use super::{encode::encode_into, Parser, State};
use crate::chars::{
    is_double_dot, is_normalized_windows_drive_letter, is_single_dot, is_windows_drive_letter,
    C0_CONTROL_ENC, END_NON_SPECIAL, END_SPECIAL, OPAQUE_PATH_END, PATH_ENC,
};
use crate::error::ErrorKind;

impl Parser<'_, '_, '_, '_> {
    /// Path start state: consumes the slash (or backslash, in special URLs) that starts
    /// the path; non-special URLs may go straight to the query or fragment.
    pub(super) fn path_start(&mut self) -> State {
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
            Some(b'?') => {
                self.pos += 1;
                self.start_query()
            }
            Some(b'#') => {
                self.pos += 1;
                self.start_fragment()
            }
            Some(b'/') => {
                self.pos += 1;
                State::Path
            }
            Some(_) => State::Path,
            None => State::Done,
        }
    }

    /// Path state, entered at the start of a segment: one segment per iteration, found with
    /// a table and copied in bulk; dot segments pop or vanish.
    pub(super) fn path(&mut self) -> State {
        let special = self.is_special();
        let table = if special { &END_SPECIAL } else { &END_NON_SPECIAL };
        loop {
            let start = self.pos;
            let rest = self.rest();
            let len = rest.iter().position(|&c| table[c as usize]).unwrap_or(rest.len());
            let term = rest.get(len).copied();
            let seg = &self.input[start..start + len];
            self.check_units(start, len);
            if term == Some(b'\\') {
                self.report(ErrorKind::InvalidReverseSolidus, start + len);
            }
            let slash = matches!(term, Some(b'/' | b'\\'));
            let bytes = seg.as_bytes();
            if is_double_dot(bytes) {
                self.shorten_path();
                if !slash {
                    self.out.push('/');
                }
            } else if is_single_dot(bytes) {
                if !slash {
                    self.out.push('/');
                }
            } else {
                let path_empty = self.out.len() == self.marks.path_start;
                let seg_start = self.out.len();
                self.out.push('/');
                encode_into(&mut self.out, seg, &PATH_ENC);
                if self.is_file() && path_empty && is_windows_drive_letter(bytes) {
                    self.out.replace_range(seg_start + 2..seg_start + 3, ":");
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
        let rest = self.rest();
        let len = rest.iter().position(|&c| OPAQUE_PATH_END[c as usize]).unwrap_or(rest.len());
        let term = rest.get(len).copied();
        self.check_units(start, len);
        let seg = &self.input[start..start + len];
        match seg.strip_suffix(' ') {
            Some(head) if term.is_some() => {
                encode_into(&mut self.out, head, &C0_CONTROL_ENC);
                self.out.push_str("%20");
            }
            _ => encode_into(&mut self.out, seg, &C0_CONTROL_ENC),
        }
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
        let path = self.out.as_bytes().get(start..).unwrap_or_default();
        if self.is_file() && path.len() == 3 && is_normalized_windows_drive_letter(&path[1..]) {
            return;
        }
        if let Some(i) = path.iter().rposition(|&c| c == b'/') {
            self.out.truncate(start + i);
        }
    }
}
