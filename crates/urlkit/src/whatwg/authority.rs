//! The authority: [special authority slashes](https://url.spec.whatwg.org/#special-authority-slashes-state),
//! [special authority ignore slashes](https://url.spec.whatwg.org/#special-authority-ignore-slashes-state),
//! [authority](https://url.spec.whatwg.org/#authority-state),
//! [host](https://url.spec.whatwg.org/#host-state) and [port](https://url.spec.whatwg.org/#port-state) states.

use super::encode::{encode_into, skip_copy};
use super::output::Output;
use super::{Override, Parser, State};
use crate::error::ErrorKind;
use crate::whatwg::chars::{
    find_port_colon, AUTHORITY_CLASS, AUTHORITY_SPECIAL_CLASS, AUTH_AT, AUTH_BRACKET, AUTH_COLON, AUTH_PLAIN,
    END_NON_SPECIAL, END_SPECIAL, USERINFO_ENC,
};
use crate::ParseError;

impl<O: Output> Parser<'_, '_, '_, '_, O> {
    /// Special authority slashes state: expects `//`, goes on without it.
    pub(super) fn special_authority_slashes(&mut self) -> State {
        if self.rest().starts_with(b"//") {
            self.pos += 2;
        } else {
            self.report(ErrorKind::SpecialSchemeMissingFollowingSolidus, self.pos);
        }
        State::SpecialAuthorityIgnoreSlashes
    }

    /// Special authority ignore slashes state: skips any run of `/` and `\`.
    pub(super) fn special_authority_ignore_slashes(&mut self) -> State {
        let n = self
            .rest()
            .iter()
            .take_while(|&&c| c == b'/' || c == b'\\')
            .count();
        if n > 0 && self.reporter.is_active() {
            // One report per skipped slash, at its own position (the state's step 2 runs
            // once per code point).
            for i in 0..n {
                self.report(ErrorKind::SpecialSchemeMissingFollowingSolidus, self.pos + i);
            }
            // Beyond the standard's steps, but what the kind is for: say where a backslash
            // stood in for a slash.
            if let Some(i) = self.rest()[..n].iter().position(|&c| c == b'\\') {
                self.report(ErrorKind::InvalidReverseSolidus, self.pos + i);
            }
        }
        self.pos += n;
        State::Authority
    }

    /// Authority state: finds where the authority ends, and splits off the credentials at
    /// the last `@` (earlier ones are part of the userinfo and get encoded).
    pub(super) fn authority(&mut self) -> Result<State, ParseError> {
        self.out.push_str("//");
        let start = self.pos;
        let (end, at, colon) = self.scan_authority(start);
        self.auth_end = end;
        let user_start = self.out.len();
        self.host_colon = colon;
        if let Some(at) = at {
            self.report(ErrorKind::InvalidCredentials, start);
            if at + 1 == end {
                return Err(self.fail(ErrorKind::HostMissing, end));
            }
            self.check_units(start, at - start);
            let userinfo = &self.input[start..at];
            let (user, pass) = match userinfo.find(':') {
                Some(i) => (&userinfo[..i], &userinfo[i + 1..]),
                None => (userinfo, ""),
            };
            if let Some(out) = self.out.string() {
                encode_into(out, user, &USERINFO_ENC);
                self.marks.username_end = out.len();
                if !pass.is_empty() {
                    out.push(':');
                    encode_into(out, pass, &USERINFO_ENC);
                }
            }
            // The serializer writes "@" only when there are credentials to show.
            if self.out.len() > user_start {
                self.out.push('@');
            }
            self.pos = at + 1;
        } else {
            self.marks.username_end = user_start;
        }
        self.marks.host_start = self.out.len();
        Ok(State::Host)
    }

    /// One pass over the authority from `start`: where it ends, its last `@`, and the first
    /// `:` after that `@` and outside brackets (where the host ends and the port starts).
    fn scan_authority(&self, start: usize) -> (usize, Option<usize>, Option<usize>) {
        let classes = if self.is_special() {
            &AUTHORITY_SPECIAL_CLASS
        } else {
            &AUTHORITY_CLASS
        };
        let b = self.input.as_bytes();
        let (mut at, mut colon, mut bracket) = (None, None, false);
        let mut i = start;
        while i < b.len() {
            // AUTH_PLAIN is COPY's 0: skip plain runs in bulk.
            i += skip_copy(&b[i..], classes);
            let Some(&byte) = b.get(i) else {
                break;
            };
            match classes[byte as usize] {
                AUTH_PLAIN => {}
                AUTH_AT => {
                    at = Some(i);
                    colon = None;
                }
                AUTH_COLON => {
                    if colon.is_none() {
                        colon = Some(i);
                    }
                }
                AUTH_BRACKET => bracket = true,
                _ => break,
            }
            i += 1;
        }
        if bracket {
            // Rare (IPv6): redo the colon search with brackets in mind.
            let host_start = at.map_or(start, |a| a + 1);
            colon = find_port_colon(&b[host_start..i]).map(|c| host_start + c);
        }
        (i, at, colon)
    }

    /// Host state: the host runs to the first `:` outside brackets (then the port) or to the
    /// end of the authority; the host parser writes its serialization.
    ///
    /// Under the host setters' state override there was no authority state: the host runs to
    /// the first `:` outside brackets or the first `/ ? #` (and `\` in special URLs); `file`
    /// URLs go to the file host state. Refusals that are not parse errors (a port given to
    /// the hostname setter, an empty host where credentials or a port exist) fail with
    /// [`ErrorKind::SetterNotApplicable`].
    #[inline(always)]
    pub(super) fn host_state(&mut self) -> Result<State, ParseError> {
        let start = self.pos;
        let setter = match self.state_override {
            Override::Host {
                hostname,
                credentials,
            } => {
                if self.is_file() {
                    return self.file_host();
                }
                let b = &self.input.as_bytes()[start..];
                let table = if self.is_special() {
                    &END_SPECIAL
                } else {
                    &END_NON_SPECIAL
                };
                let end = b.iter().position(|&c| table[c as usize]).unwrap_or(b.len());
                self.auth_end = start + end;
                self.host_colon = find_port_colon(&b[..end]).map(|c| start + c);
                Some((hostname, credentials))
            }
            _ => None,
        };
        let colon = self.host_colon;
        let host_end = colon.unwrap_or(self.auth_end);
        if host_end == start && (colon.is_some() || self.is_special()) {
            return Err(self.fail(ErrorKind::HostMissing, start));
        }
        if let Some((hostname, credentials)) = setter {
            let refused = match colon {
                Some(_) => hostname,
                None => host_end == start && (credentials || self.port.is_some()),
            };
            if refused {
                return Err(self.fail(ErrorKind::SetterNotApplicable, host_end));
            }
        }
        let special = self.is_special();
        self.host = self.parse_host_at(start, host_end, special)?;
        self.marks.host_end = self.out.len();
        match colon {
            Some(c) => {
                self.pos = c + 1;
                Ok(State::Port)
            }
            None => {
                self.pos = host_end;
                self.marks.path_start = self.out.len();
                Ok(if setter.is_some() {
                    State::Done
                } else {
                    State::PathStart
                })
            }
        }
    }

    /// Port state: ASCII digits up to the end of the authority. The default port of a
    /// special scheme is dropped; leading zeros are allowed. Under a state override (the
    /// port and host setters) the leading digits are the port and what follows is ignored,
    /// but there must be one.
    #[inline(always)]
    pub(super) fn port_state(&mut self) -> Result<State, ParseError> {
        let start = self.pos;
        if !matches!(self.state_override, Override::None) {
            let b = self.input.as_bytes().get(start..).unwrap_or_default();
            let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
            if n == 0 {
                return Err(self.fail(ErrorKind::PortInvalid, start));
            }
            self.auth_end = start + n;
        }
        let digits = &self.input.as_bytes()[start..self.auth_end];
        if let Some(bad) = digits.iter().position(|c| !c.is_ascii_digit()) {
            return Err(self.fail(ErrorKind::PortInvalid, start + bad));
        }
        if !digits.is_empty() {
            let port = port_number(digits.iter().copied())
                .ok_or_else(|| self.fail(ErrorKind::PortOutOfRange, start))?;
            self.port = crate::scheme::port_unless_default(self.special, port);
            if let Some(port) = self.port {
                if let Some(out) = self.out.string() {
                    out.push(':');
                    push_u16(out, port);
                }
            }
        }
        self.pos = self.auth_end;
        self.marks.path_start = self.out.len();
        Ok(if matches!(self.state_override, Override::None) {
            State::PathStart
        } else {
            State::Done
        })
    }
}

/// The number that the [port state](https://url.spec.whatwg.org/#port-state) reads from
/// `digits` (ASCII digits; leading zeros allowed), `None` when it is greater than
/// 2<sup>16</sup> − 1 (step 2.1.2: port-out-of-range). Every reader of a port uses this: the
/// parser, the fast path, `can_parse` and the port setter.
#[inline]
pub(crate) fn port_number(digits: impl IntoIterator<Item = u8>) -> Option<u16> {
    let mut value: u32 = 0;
    for d in digits {
        debug_assert!(d.is_ascii_digit());
        value = value * 10 + u32::from(d.wrapping_sub(b'0'));
        if value > 65535 {
            return None;
        }
    }
    u16::try_from(value).ok()
}

/// Appends `n` in decimal.
fn push_u16(out: &mut alloc::string::String, n: u16) {
    let mut buf = [0u8; 5];
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &buf[i..] {
        out.push(d as char);
    }
}
