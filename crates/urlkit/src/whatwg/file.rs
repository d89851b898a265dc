//! `file` URLs: [file](https://url.spec.whatwg.org/#file-state),
//! [file slash](https://url.spec.whatwg.org/#file-slash-state) and
//! [file host](https://url.spec.whatwg.org/#file-host-state) states, with the
//! (platform-independent) Windows drive letter quirks.

use super::output::Output;
use super::{Base, Override, Parser, State};
use crate::error::ErrorKind;
use crate::host::HostInternal;
use crate::whatwg::chars::{
    is_normalized_windows_drive_letter, is_windows_drive_letter, starts_with_windows_drive_letter,
    END_SPECIAL,
};
use crate::ParseError;

impl<'b, O: Output> Parser<'_, 'b, '_, '_, O> {
    /// The base URL when it is a `file` URL.
    fn file_base(&self) -> Option<Base<'b>> {
        self.base
            .filter(|b| b.special == Some(crate::scheme::SpecialScheme::File))
    }

    /// Writes the empty host: `//` after `file:`.
    fn empty_file_host(&mut self) {
        self.out.truncate(self.marks.scheme_end + 1);
        self.out.push_str("//");
        let at = self.out.len();
        self.marks.username_end = at;
        self.marks.host_start = at;
        self.marks.host_end = at;
        self.marks.path_start = at;
        self.host = HostInternal::Empty;
        self.port = None;
    }

    /// File state: the scheme is `file` and the host empty, unless a `file` base lends its
    /// host, path and query.
    pub(super) fn file(&mut self) -> State {
        self.empty_file_host();
        let c = self.peek();
        if let Some(b'/' | b'\\') = c {
            if c == Some(b'\\') {
                self.report(ErrorKind::InvalidReverseSolidus, self.pos);
            }
            self.pos += 1;
            return State::FileSlash;
        }
        let Some(base) = self.file_base() else {
            return State::Path;
        };
        self.copy_base(base, true, matches!(c, None | Some(b'#')));
        if let Some(next) = self.end_query_or_fragment(c) {
            return next;
        }
        if starts_with_windows_drive_letter(self.rest()) {
            self.report(ErrorKind::FileInvalidWindowsDriveLetter, self.pos);
            self.out.truncate(self.marks.path_start);
        } else {
            self.shorten_path();
        }
        State::Path
    }

    /// File slash state: a second slash starts the host; otherwise a `file` base lends its
    /// host, and its drive letter when the input has none.
    pub(super) fn file_slash(&mut self) -> State {
        let c = self.peek();
        if let Some(b'/' | b'\\') = c {
            if c == Some(b'\\') {
                self.report(ErrorKind::InvalidReverseSolidus, self.pos);
            }
            self.pos += 1;
            return State::FileHost;
        }
        if let Some(base) = self.file_base().and_then(|b| b.url) {
            self.out.push_str(base.hostname());
            self.host = base.host;
            self.marks.host_end = self.out.len();
            self.marks.path_start = self.out.len();
            let first = base.pathname().as_bytes().get(1..3).unwrap_or_default();
            let base_has_drive = is_normalized_windows_drive_letter(first)
                && base.pathname().as_bytes().get(3).is_none_or(|&b| b == b'/');
            if !starts_with_windows_drive_letter(self.rest()) && base_has_drive {
                self.out.push('/');
                self.out.push_str(core::str::from_utf8(first).unwrap_or_default());
            }
        }
        State::Path
    }

    /// File host state: the host runs to `/ \ ? #`. A drive letter there is a path (but for
    /// the host setters, whose state override ends the parse here), and `localhost` means the
    /// empty host.
    #[inline(always)]
    pub(super) fn file_host(&mut self) -> Result<State, ParseError> {
        let start = self.pos;
        let rest = self.rest();
        let len = rest
            .iter()
            .position(|&c| END_SPECIAL[c as usize])
            .unwrap_or(rest.len());
        let text = &self.input[start..start + len];
        let setter = !matches!(self.state_override, Override::None);
        if !setter && is_windows_drive_letter(text.as_bytes()) {
            self.report(ErrorKind::FileInvalidWindowsDriveLetterHost, start);
            return Ok(State::Path);
        }
        if !text.is_empty() {
            let host_start = self.marks.host_start;
            let host = self.parse_host_at(start, start + len, true)?;
            if self.out.text().get(host_start..) == Some("localhost") {
                self.out.truncate(host_start);
                self.host = HostInternal::Empty;
            } else {
                self.host = host;
            }
            self.marks.host_end = self.out.len();
            self.marks.path_start = self.out.len();
        }
        self.pos = start + len;
        Ok(if setter { State::Done } else { State::PathStart })
    }
}
