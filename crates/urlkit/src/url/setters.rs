//! The URL API's setters (<https://url.spec.whatwg.org/#urlutils-members>): each runs the
//! parser's logic for one component (the standard's *state override*) on the new value and
//! edits the serialization through [`Offsets::splice`], then [`Offsets::place`]s the
//! boundaries inside the new text; debug builds check every invariant after each setter.
//!
//! [`Offsets::splice`]: crate::url::offsets::Offsets::splice
//! [`Offsets::place`]: crate::url::offsets::Offsets::place

use crate::error::Reporter;
use crate::host::{parse_host, HostInternal};
use crate::scheme::SpecialScheme;
use crate::url::offsets::Mark;
use crate::whatwg::chars::{
    FRAGMENT_ENC, QUERY_CLASS, QUERY_ENC, SPECIAL_QUERY_CLASS, SPECIAL_QUERY_ENC, TAB_OR_NEWLINE,
    USERINFO_ENC,
};
use crate::whatwg::encode::skip_copy;
use crate::whatwg::{
    encode::encode_into, input::remove_tab_newline, parse_host_override, parse_path_override,
    parse_port_override, path_is_canonical, plain_host_kind, scheme_len, Target,
};
use crate::{ErrorKind, ParseError, Url};
use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::ops::Range;

/// Why a setter left the URL unchanged.
///
/// ```
/// let mut url = urlkit::Url::parse("mailto:x@example.com")?;
/// assert_eq!(url.set_host_port("example.org"), Err(urlkit::SetterError::OpaquePath));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetterError {
    /// The URL [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port):
    /// no host, an empty host, or `file`.
    CannotHaveCredentialsOrPort,
    /// The URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path), which has no host or path to set.
    OpaquePath,
    /// The new value does not parse (the kind and position are the parser's, in the value).
    Invalid(ParseError),
    /// The standard ignores this value here (e.g. a scheme switch between special and
    /// non-special, or a port in a hostname).
    Ignored,
    /// The URL would exceed 4 GiB.
    TooLong,
}

impl fmt::Display for SetterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetterError::CannotHaveCredentialsOrPort => {
                f.write_str("url cannot have a username, password or port")
            }
            SetterError::OpaquePath => f.write_str("url has an opaque path"),
            SetterError::Invalid(e) => write!(f, "invalid value: {e}"),
            SetterError::Ignored => f.write_str("value ignored for this url"),
            SetterError::TooLong => f.write_str("url would be longer than 4 gib"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SetterError {}

/// A setter's failure as a parse error, so that `?` works in functions returning
/// `Result<_, ParseError>`: an invalid value gives the parser's error; `TooLong` gives
/// [`ErrorKind::InputTooLong`], the others [`ErrorKind::SetterNotApplicable`] (position 0).
///
/// ```
/// fn edit(url: &mut urlkit::Url) -> Result<(), urlkit::ParseError> {
///     url.set_port_str("99999")?;
///     Ok(())
/// }
/// let mut url = urlkit::Url::parse("http://h/")?;
/// assert_eq!(edit(&mut url).unwrap_err().kind(), urlkit::ErrorKind::PortOutOfRange);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl From<SetterError> for ParseError {
    fn from(e: SetterError) -> Self {
        match e {
            SetterError::Invalid(e) => e,
            SetterError::TooLong => ParseError::new(ErrorKind::InputTooLong, 0),
            SetterError::CannotHaveCredentialsOrPort | SetterError::OpaquePath | SetterError::Ignored => {
                ParseError::new(ErrorKind::SetterNotApplicable, 0)
            }
        }
    }
}

impl From<ParseError> for SetterError {
    fn from(e: ParseError) -> Self {
        SetterError::Invalid(e)
    }
}

/// A failure of a state-override entry point: a refusal that is not a parse error
/// ([`ErrorKind::SetterNotApplicable`]) is [`SetterError::Ignored`].
fn not_applicable(e: ParseError) -> SetterError {
    match e.kind() {
        ErrorKind::SetterNotApplicable => SetterError::Ignored,
        _ => SetterError::Invalid(e),
    }
}

impl Url {
    /// Replaces `range` of the serialization, moving the offsets from `first_moved` on.
    fn splice(&mut self, range: Range<usize>, with: &str, first_moved: Mark) -> Result<(), SetterError> {
        if self
            .offsets
            .splice(&mut self.serialization, range, with, first_moved)
        {
            Ok(())
        } else {
            Err(SetterError::TooLong)
        }
    }

    /// What the parser's state-override entry points need to know of this URL.
    fn target(&self) -> Target {
        Target {
            special: self.special_scheme(),
            credentials: self.has_credentials(),
            port: self.port,
        }
    }

    /// Checks the invariants after an edit (debug builds).
    fn edited(&self) {
        debug_assert_eq!(self.check_invariants(), Ok(()), "{:?}", self.serialization);
    }

    /// [Cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port).
    fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.host, HostInternal::None | HostInternal::Empty) || self.scheme() == "file"
    }

    /// The [href setter](https://url.spec.whatwg.org/#dom-url-href): parses `value` as a new URL.
    ///
    /// # Errors
    ///
    /// [`SetterError::Invalid`] when `value` does not parse; the URL is unchanged.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://a/")?;
    /// url.set_href("https://b/c").unwrap();
    /// assert_eq!(url.as_str(), "https://b/c");
    /// assert!(url.set_href("no scheme").is_err());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_href(&mut self, value: &str) -> Result<(), SetterError> {
        *self = Url::parse(value)?;
        Ok(())
    }

    /// The [protocol setter](https://url.spec.whatwg.org/#dom-url-protocol): the
    /// [scheme state](https://url.spec.whatwg.org/#scheme-state) with a state override, on
    /// `value` up to its first `:`.
    ///
    /// # Errors
    ///
    /// [`SetterError::Invalid`] for a value that is not a scheme; [`SetterError::Ignored`]
    /// for a switch between special and non-special schemes, to `file` with credentials or a
    /// port, or from `file` with an empty host.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h:443/")?;
    /// url.set_protocol("HTTPS:ignored").unwrap();
    /// assert_eq!(url.as_str(), "https://h/");
    /// assert!(url.set_protocol("foo").is_err());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        let value = remove_tab_newline(value, 0, &mut Reporter::none());
        let b = value.as_bytes();
        let end = scheme_len(b.iter().copied()).ok_or(SetterError::Invalid(ParseError::new(
            ErrorKind::InvalidUrlUnit,
            0,
        )))?;
        // The setter appends ":", so the end of the value also ends the scheme.
        if end < b.len() && b[end] != b':' {
            return Err(SetterError::Invalid(ParseError::new(
                ErrorKind::InvalidUrlUnit,
                end,
            )));
        }
        let scheme = value[..end].to_ascii_lowercase();
        let new_special = SpecialScheme::from_scheme(&scheme);
        if self.is_special() != new_special.is_some()
            || (scheme == "file" && (self.has_credentials() || self.port.is_some()))
            || (self.scheme() == "file" && self.host == HostInternal::Empty)
        {
            return Err(SetterError::Ignored);
        }
        let scheme_end = self.offsets.scheme_end();
        self.splice(0..scheme_end, &scheme, Mark::SchemeEnd)?;
        if self
            .port
            .is_some_and(|p| crate::scheme::port_unless_default(new_special, p).is_none())
        {
            let range = self.offsets.host_end()..self.offsets.path_start();
            self.splice(range, "", Mark::PathStart)?;
            self.port = None;
        }
        self.edited();
        Ok(())
    }

    /// Writes username and password (already encoded) between `//` and the host.
    fn set_userinfo(&mut self, username: &str, password: &str) -> Result<(), SetterError> {
        let start = self.offsets.scheme_end() + 3;
        let mut text = String::with_capacity(username.len() + password.len() + 2);
        text.push_str(username);
        if !password.is_empty() {
            text.push(':');
            text.push_str(password);
        }
        if !text.is_empty() {
            text.push('@');
        }
        self.splice(start..self.offsets.host_start(), &text, Mark::HostStart)?;
        self.offsets
            .place(Mark::UsernameEnd, Some(start + username.len()));
        self.edited();
        Ok(())
    }

    /// Formerly `set_username`, the name that now has the `url` crate's signature and semantics
    /// ([`set_username`](Self::set_username)); also reachable as `Url::set(Attribute::…, value)`.
    ///
    /// The [username setter](https://url.spec.whatwg.org/#dom-url-username): `value`
    /// percent-encoded with the userinfo set.
    ///
    /// # Errors
    ///
    /// [`SetterError::CannotHaveCredentialsOrPort`] for URLs without a (non-empty) host or `file` URLs.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// url.set_username_str("a b").unwrap();
    /// assert_eq!(url.as_str(), "http://a%20b@h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_username_str(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_credentials_or_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let mut username = String::with_capacity(value.len());
        encode_into(&mut username, value, &USERINFO_ENC);
        let password = String::from(self.password_str());
        self.set_userinfo(&username, &password)
    }

    /// Formerly `set_password`, the name that now has the `url` crate's signature and semantics
    /// ([`set_password`](Self::set_password)); also reachable as `Url::set(Attribute::…, value)`.
    ///
    /// The [password setter](https://url.spec.whatwg.org/#dom-url-password): `value`
    /// percent-encoded with the userinfo set.
    ///
    /// # Errors
    ///
    /// [`SetterError::CannotHaveCredentialsOrPort`] for URLs without a (non-empty) host or `file` URLs.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://u@h/")?;
    /// url.set_password_str("p@ss").unwrap();
    /// assert_eq!(url.as_str(), "http://u:p%40ss@h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_password_str(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_credentials_or_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let mut password = String::with_capacity(value.len());
        encode_into(&mut password, value, &USERINFO_ENC);
        let username = String::from(self.username());
        self.set_userinfo(&username, &password)
    }

    /// Formerly `set_host`, the name that now has the `url` crate's signature and semantics
    /// ([`set_host`](Self::set_host)); also reachable as `Url::set(Attribute::…, value)`.
    ///
    /// The [host setter](https://url.spec.whatwg.org/#dom-url-host): the
    /// [host state](https://url.spec.whatwg.org/#host-state) with a state override; a port
    /// after the host is set too (and when only the port is bad, the host still changes).
    ///
    /// # Errors
    ///
    /// [`SetterError::OpaquePath`]; [`SetterError::Invalid`] when the host does not parse;
    /// [`SetterError::Ignored`] for an empty host where credentials or a port exist.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/p")?;
    /// url.set_host_port("EXAMPLE.org:8080").unwrap();
    /// assert_eq!(url.as_str(), "http://example.org:8080/p");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_host_port(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_or_hostname(value, false)
    }

    /// The [hostname setter](https://url.spec.whatwg.org/#dom-url-hostname): as
    /// [`set_host_port`](Self::set_host_port), but a value with a port is ignored.
    ///
    /// # Errors
    ///
    /// As [`set_host_port`](Self::set_host_port); [`SetterError::Ignored`] when `value` has a port.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h:81/p")?;
    /// url.set_hostname("example.org").unwrap();
    /// assert_eq!(url.as_str(), "http://example.org:81/p");
    /// assert!(url.set_hostname("x:1").is_err());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_or_hostname(value, true)
    }

    /// The host and hostname setters: [host state](https://url.spec.whatwg.org/#host-state)
    /// (or [file host state](https://url.spec.whatwg.org/#file-host-state)) with an override.
    fn set_host_or_hostname(&mut self, value: &str, hostname: bool) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        // The common case: a lower-case ASCII domain (or canonical IPv4 address) without port
        // for a special URL with a host: the host parser would keep it as is.
        if self.host != HostInternal::None
            && !matches!(self.special_scheme(), None | Some(SpecialScheme::File))
        {
            if let Some(kind) = plain_host_kind(value) {
                debug_assert!({
                    let mut out = String::new();
                    parse_host(value, 0, true, &mut out, &mut Reporter::none())
                        .is_ok_and(|h| h == kind && out == value)
                });
                let o = self.offsets;
                self.splice(o.host_start()..o.host_end(), value, Mark::HostEnd)?;
                self.host = kind;
                self.edited();
                return Ok(());
            }
        }
        self.set_host_through_parser(value, hostname)
    }

    /// The host and hostname setters beyond the common case: the parser's host state with a
    /// state override. (Out of line, so that the common case stays small.)
    #[inline(never)]
    fn set_host_through_parser(&mut self, value: &str, hostname: bool) -> Result<(), SetterError> {
        let target = self.target();
        // The host is parsed onto the end of the serialization and moved into place from
        // there (no temporary string).
        let at = self.serialization.len();
        let (serialization, result) =
            parse_host_override(value, core::mem::take(&mut self.serialization), target, hostname);
        self.serialization = serialization;
        let parsed = match result {
            Ok(parsed) => parsed,
            Err(e) => {
                self.serialization.truncate(at);
                return Err(not_applicable(e));
            }
        };
        // A port that failed leaves the old one: only the host goes in.
        let port = match parsed.port {
            Some(Ok(port)) => Some(port),
            _ => {
                self.serialization.truncate(parsed.host_end);
                None
            }
        };
        let host_len = parsed.host_end - at;
        let o = self.offsets;
        if self.host == HostInternal::None {
            // No authority yet: "//" and the host replace a "/." that guarded the path.
            let text = String::from(&self.serialization[at..]);
            self.serialization.truncate(at);
            let start = o.scheme_end() + 1;
            if !self.offsets.splice_parts(
                &mut self.serialization,
                start..o.path_start(),
                ["//", &text],
                Mark::PathStart,
            ) {
                return Err(SetterError::TooLong);
            }
            self.offsets.place(Mark::UsernameEnd, Some(start + 2));
            self.offsets.place(Mark::HostStart, Some(start + 2));
            self.offsets.place(Mark::HostEnd, Some(start + 2 + host_len));
        } else {
            // With a port, host and port replace both; otherwise the host alone.
            let (range, first_moved) = match port {
                Some(_) => (o.host_start()..o.path_start(), Mark::PathStart),
                None => (o.host_start()..o.host_end(), Mark::HostEnd),
            };
            if !self
                .offsets
                .splice_from_end(&mut self.serialization, range, at, first_moved)
            {
                return Err(SetterError::TooLong);
            }
            self.offsets.place(Mark::HostEnd, Some(o.host_start() + host_len));
        }
        self.host = parsed.host;
        if let Some(port) = port {
            self.port = port;
        }
        self.edited();
        Ok(())
    }

    /// Formerly `set_port`, the name that now has the `url` crate's signature and semantics
    /// ([`set_port`](Self::set_port)); also reachable as `Url::set(Attribute::…, value)`.
    ///
    /// The [port setter](https://url.spec.whatwg.org/#dom-url-port): the leading digits of
    /// `value` (after removing tabs and newlines), or no port for `""`.
    ///
    /// # Errors
    ///
    /// [`SetterError::CannotHaveCredentialsOrPort`]; [`SetterError::Invalid`] when `value`
    /// does not start with a digit or the port exceeds 65535.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// url.set_port_str("8080abc").unwrap();
    /// assert_eq!(url.as_str(), "http://h:8080/");
    /// url.set_port_str("").unwrap();
    /// assert_eq!(url.as_str(), "http://h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_port_str(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_credentials_or_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        if value.is_empty() {
            return self.write_port(None, "");
        }
        let (port, text) = parse_port_override(value, self.special_scheme())?;
        self.write_port(port, &text)
    }

    /// Writes `text` (`:port` or nothing) between host and path.
    fn write_port(&mut self, port: Option<u16>, text: &str) -> Result<(), SetterError> {
        let range = self.offsets.host_end()..self.offsets.path_start();
        self.splice(range, text, Mark::PathStart)?;
        self.port = port;
        self.edited();
        Ok(())
    }

    /// The [pathname setter](https://url.spec.whatwg.org/#dom-url-pathname): the
    /// [path start state](https://url.spec.whatwg.org/#path-start-state) with a state
    /// override (`?` and `#` are encoded, not delimiters).
    ///
    /// # Errors
    ///
    /// [`SetterError::OpaquePath`].
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/a?q")?;
    /// url.set_pathname("/b/../c d?#").unwrap();
    /// assert_eq!(url.as_str(), "http://h/c%20d%3F%23?q");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let null_host = self.host == HostInternal::None;
        // A canonical value (the common case) is the path as is; otherwise the path states run.
        let special = self.special_scheme();
        let canonical = special != Some(SpecialScheme::File) && path_is_canonical(value, special.is_some());
        debug_assert!(!canonical || parse_path_override(value, special, null_host) == value);
        let path = if canonical {
            Cow::Borrowed(value)
        } else {
            Cow::Owned(parse_path_override(value, special, null_host))
        };
        let o = self.offsets;
        let path_end = o.path_end(self.serialization.len());
        // Without a host, a path starting with an empty segment needs "/." before it.
        let dot = null_host && path.starts_with("//");
        let start = if null_host { o.host_end() } else { o.path_start() };
        let guard = if dot { "/." } else { "" };
        if !self.offsets.splice_parts(
            &mut self.serialization,
            start..path_end,
            [guard, &path],
            Mark::QueryStart,
        ) {
            return Err(SetterError::TooLong);
        }
        self.offsets.place(Mark::PathStart, Some(start + guard.len()));
        self.edited();
        Ok(())
    }

    /// The [search setter](https://url.spec.whatwg.org/#dom-url-search): `""` removes the
    /// query; otherwise one leading `?` is dropped and the rest goes through the
    /// [query state](https://url.spec.whatwg.org/#query-state) with a state override
    /// (`#` is encoded).
    ///
    /// # Errors
    ///
    /// [`SetterError::TooLong`] only.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/?a#f")?;
    /// url.set_search("?b c#").unwrap();
    /// assert_eq!(url.as_str(), "http://h/?b%20c%23#f");
    /// url.set_search("").unwrap();
    /// assert_eq!(url.as_str(), "http://h/#f");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_search(&mut self, value: &str) -> Result<(), SetterError> {
        if value.is_empty() {
            return self.write_query(None);
        }
        self.write_query(Some(value.strip_prefix('?').unwrap_or(value)))
    }

    /// Sets the [query](https://url.spec.whatwg.org/#concept-url-query) itself: `None`
    /// removes it, `Some(q)` (even `""`) sets it, `q` going through the query state with a
    /// state override (tabs and newlines removed, `#` and the rest of the query set encoded).
    /// Unlike [`set_search`](Self::set_search), a leading `?` is data.
    ///
    /// # Errors
    ///
    /// [`SetterError::TooLong`] only.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/#f")?;
    /// url.set_query(Some(""));
    /// assert_eq!(url.as_str(), "http://h/?#f");
    /// url.set_query(Some("?a=1"));
    /// assert_eq!(url.query(), Some("?a=1"));
    /// url.set_query(None);
    /// assert_eq!(url.as_str(), "http://h/#f");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub(crate) fn write_query(&mut self, query: Option<&str>) -> Result<(), SetterError> {
        let len = self.serialization.len();
        let o = self.offsets;
        let start = o.query_start().unwrap_or(o.path_end(len));
        let end = o.fragment_start().unwrap_or(len);
        let (table, classes) = if self.is_special() {
            (&SPECIAL_QUERY_ENC, &SPECIAL_QUERY_CLASS)
        } else {
            (&QUERY_ENC, &QUERY_CLASS)
        };
        // Tabs and newlines, which the setter removes, are in both encode sets (C0 controls),
        // and `#`, which the classes stop at, too: a value of bytes the classes copy has
        // nothing to encode or remove.
        let text = match query {
            None => Cow::Borrowed(""),
            // The common case: nothing to encode or remove, the value goes in as is (a
            // vector scan where the CPU allows).
            Some(q) if skip_copy(q.as_bytes(), classes) == q.len() => {
                debug_assert!(!q.bytes().any(|c| table[c as usize] || TAB_OR_NEWLINE[c as usize]));
                Cow::Borrowed(q)
            }
            Some(q) => {
                let q = remove_tab_newline(q, 0, &mut Reporter::none());
                let mut text = String::with_capacity(q.len());
                encode_into(&mut text, &q, table);
                Cow::Owned(text)
            }
        };
        let prefix = if query.is_some() { "?" } else { "" };
        if !self.offsets.splice_parts(
            &mut self.serialization,
            start..end,
            [prefix, &text],
            Mark::FragmentStart,
        ) {
            return Err(SetterError::TooLong);
        }
        self.offsets.place(Mark::QueryStart, query.map(|_| start));
        self.edited();
        Ok(())
    }

    /// The [hash setter](https://url.spec.whatwg.org/#dom-url-hash): `""` removes the
    /// fragment; otherwise one leading `#` is dropped and the rest goes through the
    /// [fragment state](https://url.spec.whatwg.org/#fragment-state).
    ///
    /// # Errors
    ///
    /// [`SetterError::TooLong`] only.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// url.set_hash("#a b").unwrap();
    /// assert_eq!(url.as_str(), "http://h/#a%20b");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        if value.is_empty() {
            return self.write_fragment(None);
        }
        self.write_fragment(Some(value.strip_prefix('#').unwrap_or(value)))
    }

    /// Sets the [fragment](https://url.spec.whatwg.org/#concept-url-fragment) itself: `None`
    /// removes it, `Some(f)` (even `""`) sets it through the fragment state. Unlike
    /// [`set_hash`](Self::set_hash), a leading `#` is data.
    ///
    /// # Errors
    ///
    /// [`SetterError::TooLong`] only.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// url.set_fragment(Some(""));
    /// assert_eq!(url.as_str(), "http://h/#");
    /// url.set_fragment(Some("#x y"));
    /// assert_eq!(url.fragment(), Some("#x%20y"));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub(crate) fn write_fragment(&mut self, fragment: Option<&str>) -> Result<(), SetterError> {
        let len = self.serialization.len();
        let start = self.offsets.fragment_start().unwrap_or(len);
        let text = match fragment {
            None => String::new(),
            Some(f) => {
                let f = remove_tab_newline(f, 0, &mut Reporter::none());
                encoded_with_prefix('#', &f, &FRAGMENT_ENC)
            }
        };
        self.splice(start..len, &text, Mark::End)?;
        self.offsets.place(Mark::FragmentStart, fragment.map(|_| start));
        self.edited();
        Ok(())
    }
}

/// `prefix` followed by `value` percent-encoded with `table`.
fn encoded_with_prefix(prefix: char, value: &str, table: &[bool; 256]) -> String {
    let mut text = String::with_capacity(value.len() + 1);
    text.push(prefix);
    encode_into(&mut text, value, table);
    text
}
