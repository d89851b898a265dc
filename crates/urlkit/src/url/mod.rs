//! [`Url`]: an absolute URL per the [WHATWG URL Standard](https://url.spec.whatwg.org/#urls).

pub(crate) mod attribute;
pub(crate) mod builder;
mod compat;
pub(crate) mod offsets;
pub(crate) mod origin;
pub(crate) mod position;
pub(crate) mod query_pairs;
pub(crate) mod redact;
pub(crate) mod segments;
pub(crate) mod setters;

use crate::error::Reporter;
use crate::host::HostInternal;
use crate::scheme::SpecialScheme;
use crate::url::offsets::Offsets;
use crate::{Host, Origin, ParseError, ValidationError};
use alloc::string::String;
use core::fmt;
use core::hash;
use core::str::FromStr;

/// A parsed, absolute URL per the [URL Standard](https://url.spec.whatwg.org/#concept-url).
///
/// A `Url` is its [serialization](https://url.spec.whatwg.org/#concept-url-serializer) (the
/// href) in one `String`, plus the offsets of each component in it, the kind of host and
/// the port. Every getter is a slice of the href; nothing is allocated after parsing.
///
/// ```text
///  https://user:pass@example.com:8080/a/b?q=1#top
///       ^          ^            ^    ^   ^   ^
///       |          |            |    |   |   fragment_start ('#')
///       |          |            |    |   query_start ('?')
///       |          |            |    path_start
///       |          |            host_end (':' of the port)
///       |          username_end (':' before the password)
///       scheme_end (':')         host_start = after '@'
/// ```
///
/// Without credentials `username_end == host_start == scheme_end + 3`; without host (as in
/// `mailto:x`) all of `username_end`, `host_start`, `host_end` are `scheme_end + 1`.
///
/// Equality, ordering and hashing are those of the href.
///
/// ```
/// use urlkit::Url;
/// let url = Url::parse("HTTPS://User:Pa%73s@EXAMPLE.com:8080/a/../b?q=1#top")?;
/// assert_eq!(url.as_str(), "https://User:Pa%73s@example.com:8080/b?q=1#top");
/// assert_eq!((url.username(), url.password()), ("User", Some("Pa%73s")));
/// assert_eq!((url.hostname(), url.port()), ("example.com", Some(8080)));
/// assert_eq!((url.pathname(), url.search(), url.hash_str()), ("/b", "?q=1", "#top"));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    pub(crate) serialization: String,
    pub(crate) offsets: Offsets,
    pub(crate) host: HostInternal,
    pub(crate) port: Option<u16>,
}

/// Options for one parse: a base URL and a listener for validation errors.
///
/// ```
/// use urlkit::Url;
/// let base = Url::parse("https://example.com/a/b")?;
/// let url = Url::options().base_url(Some(&base)).parse("../c")?;
/// assert_eq!(url.as_str(), "https://example.com/c");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub struct ParseOptions<'a> {
    base: Option<&'a Url>,
    on_validation_error: Option<&'a mut dyn FnMut(ValidationError)>,
    max_input_length: usize,
    #[cfg(feature = "encoding")]
    encoding: Option<&'static encoding_rs::Encoding>,
}

impl<'a> ParseOptions<'a> {
    /// Resolves relative input against `base`.
    ///
    /// ```
    /// let base = urlkit::Url::parse("http://h/x/y")?;
    /// let url = urlkit::Url::options().base_url(Some(&base)).parse("?q")?;
    /// assert_eq!(url.as_str(), "http://h/x/y?q");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn base_url(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }

    /// Calls `cb` for every [validation error](https://url.spec.whatwg.org/#validation-error);
    /// listening never changes the result.
    ///
    /// ```
    /// let mut n = 0;
    /// let mut cb = |_e: urlkit::ValidationError| n += 1;
    /// let url = urlkit::Url::options().on_validation_error(&mut cb).parse("http://u@h/")?;
    /// assert_eq!(url.as_str(), "http://u@h/");
    /// assert!(n > 0);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn on_validation_error(mut self, cb: &'a mut dyn FnMut(ValidationError)) -> Self {
        self.on_validation_error = Some(cb);
        self
    }

    /// Refuses input longer than `bytes` with [`ErrorKind::InputTooLong`](crate::ErrorKind::InputTooLong)
    /// at byte position `bytes` (the first byte over the limit), before any work. The default,
    /// [`ParseOptions::DEFAULT_MAX_INPUT_LENGTH`], is 2³² − 1 bytes (4 GiB, ada's default
    /// `max_input_length`), the most a URL's `u32` offsets can address; a larger value
    /// is lowered to it. The input is counted as given, before leading and trailing C0 controls
    /// and spaces are trimmed.
    ///
    /// ```
    /// use urlkit::{ErrorKind, Url};
    /// let err = Url::options().max_input_length(16).parse("https://example.com/long/path").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::InputTooLong, 16));
    /// assert_eq!(err.to_string(), "input too long at byte 16");
    /// assert!(Url::options().max_input_length(16).parse("https://h.test/").is_ok());
    /// ```
    pub fn max_input_length(mut self, bytes: usize) -> Self {
        self.max_input_length = bytes.min(Self::DEFAULT_MAX_INPUT_LENGTH);
        self
    }

    /// The default [`ParseOptions::max_input_length`]: 2³² − 1 bytes, what `u32` offsets
    /// address (ada's default too).
    ///
    /// ```
    /// assert_eq!(urlkit::ParseOptions::DEFAULT_MAX_INPUT_LENGTH, u32::MAX as usize);
    /// ```
    pub const DEFAULT_MAX_INPUT_LENGTH: usize = u32::MAX as usize;

    /// Encodes the query with `encoding` instead of UTF-8: the basic URL parser's *encoding*
    /// argument, which HTML passes as a document's character encoding. As the
    /// [query state](https://url.spec.whatwg.org/#query-state) says, it applies only to
    /// special URLs other than `ws:` and `wss:`; paths and fragments stay UTF-8, and a code
    /// point the encoding cannot represent is written as a percent-encoded `&#N;`.
    /// Needs the `encoding` feature.
    ///
    /// ```
    /// let url = urlkit::Url::options()
    ///     .encoding_override(encoding_rs::WINDOWS_1252)
    ///     .parse("https://example.com/é?é=\u{3042}#é")?;
    /// assert_eq!(url.as_str(), "https://example.com/%C3%A9?%E9=%26%2312354%3B#%C3%A9");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[cfg(feature = "encoding")]
    pub fn encoding_override(mut self, encoding: &'static encoding_rs::Encoding) -> Self {
        self.encoding = Some(encoding);
        self
    }

    /// Parses `input` with these options.
    ///
    /// # Errors
    ///
    /// When the URL parser returns failure; the error says why and where.
    ///
    /// ```
    /// assert!(urlkit::Url::options().parse("no scheme").is_err());
    /// ```
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        if input.len() > self.max_input_length {
            return Err(ParseError::new(
                crate::ErrorKind::InputTooLong,
                self.max_input_length,
            ));
        }
        let mut reporter = Reporter::new(self.on_validation_error);
        #[cfg(feature = "encoding")]
        if let Some(encoding) = self.encoding {
            return crate::whatwg::parse_with_encoding(input, self.base, &mut reporter, encoding);
        }
        crate::whatwg::parse(input, self.base, &mut reporter)
    }
}

impl Url {
    /// Parses an absolute URL ([API URL parser](https://url.spec.whatwg.org/#api-url-parser), no base).
    ///
    /// # Errors
    ///
    /// When the input is not a valid absolute URL, with the failure's kind and byte position.
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://example.org/ä")?;
    /// assert_eq!(url.as_str(), "https://example.org/%C3%A4");
    /// assert!(urlkit::Url::parse("/relative").is_err());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        crate::whatwg::parse(input, None, &mut Reporter::none())
    }

    /// [`Url::parse`], writing the serialization into `buffer`'s allocation instead of a new
    /// one (`buffer`'s contents are discarded). A loop that hands each URL back with
    /// [`into_string`](Url::into_string) allocates only when an input needs more room than
    /// the buffer has: the Arrow kernels parse a column this way. On failure the buffer is
    /// dropped.
    ///
    /// # Errors
    ///
    /// As [`Url::parse`].
    ///
    /// ```
    /// let mut buffer = String::with_capacity(64);
    /// let mut hosts = Vec::new();
    /// for input in ["https://a.example/x", "HTTP://B.example:80/./y"] {
    ///     let url = urlkit::Url::parse_reusing(input, buffer)?;
    ///     hosts.push(url.hostname().to_owned());
    ///     buffer = url.into_string();
    /// }
    /// assert_eq!(hosts, ["a.example", "b.example"]);
    /// assert_eq!(buffer, "http://b.example/y");
    /// assert!(buffer.capacity() >= 64);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parse_reusing(input: &str, buffer: String) -> Result<Url, ParseError> {
        crate::whatwg::parse_into(input, None, &mut Reporter::none(), buffer)
    }

    /// Parses `input` against an optional base URL.
    ///
    /// # Errors
    ///
    /// When the parser returns failure.
    ///
    /// ```
    /// let base = urlkit::Url::parse("http://h/a/b")?;
    /// let url = urlkit::Url::parse_with_base("c", Some(&base))?;
    /// assert_eq!(url.as_str(), "http://h/a/c");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parse_with_base(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        crate::whatwg::parse(input, base, &mut Reporter::none())
    }

    /// Parses `input` relative to this URL.
    ///
    /// # Errors
    ///
    /// When the parser returns failure.
    ///
    /// ```
    /// let base = urlkit::Url::parse("https://example.com/a/b?x")?;
    /// assert_eq!(base.join("../c#f")?.as_str(), "https://example.com/c#f");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        crate::whatwg::parse(input, Some(self), &mut Reporter::none())
    }

    /// Whether `input` parses, against `base` when given (which must parse too)
    /// (<https://url.spec.whatwg.org/#dom-url-canparse>).
    ///
    /// The parser's own states run, with an output that stores nothing: decided without
    /// building the URL and without allocating, whatever the input and base, except for a
    /// host with one label that UTS 46 cannot process within the `idna` crate's inline
    /// buffers (more than 253 code points once mapped, 251 in some Bidi domain names; an
    /// `xn--` label decoding to more than 59; more than 17 combining marks in a row once
    /// decomposed) or longer than 1,021 bytes once percent-decoded, and for an input with
    /// tabs or newlines whose scheme and authority exceed 16 KiB once they are removed,
    /// where the answer comes from a full parse.
    ///
    /// ```
    /// assert!(urlkit::Url::can_parse("x", Some("http://h/")));
    /// assert!(!urlkit::Url::can_parse("x", None));
    /// ```
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        let answer = crate::whatwg::can_parse(input, base);
        debug_assert_eq!(
            answer,
            match base {
                None => Url::parse(input).is_ok(),
                Some(b) => Url::parse(b).is_ok_and(|b| b.join(input).is_ok()),
            },
            "{input:?} {base:?}"
        );
        answer
    }

    /// Options for a parse with a base URL or a validation error listener.
    ///
    /// ```
    /// let url = urlkit::Url::options().parse("http://h")?;
    /// assert_eq!(url.as_str(), "http://h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions {
            base: None,
            on_validation_error: None,
            max_input_length: ParseOptions::DEFAULT_MAX_INPUT_LENGTH,
            #[cfg(feature = "encoding")]
            encoding: None,
        }
    }

    /// The serialization (href).
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("HTTP://H")?.as_str(), "http://h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// The [href](https://url.spec.whatwg.org/#dom-url-href): the serialization.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("a:b")?.href(), "a:b");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The serialization, by value.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("a:b")?.into_string(), "a:b");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// Checks the offsets against the serialization: debug builds run it after every parse
    /// and every setter, so the test suites (run in debug) check every URL they make. Errs
    /// with the first broken invariant, which only a bug in urlkit can cause.
    pub(crate) fn check_invariants(&self) -> Result<(), &'static str> {
        self.offsets.check(&self.serialization, self.host, self.port)?;
        let special = self.is_special();
        if special && self.host == HostInternal::None {
            return Err("special URL without host");
        }
        if self.host != HostInternal::None && !self.has_opaque_path() {
            let p = self.pathname();
            if !(p.is_empty() || p.starts_with('/')) || (special && p.is_empty()) {
                return Err("path of a URL with a host must be empty or start with '/'");
            }
        }
        Ok(())
    }

    /// The [origin](https://url.spec.whatwg.org/#concept-url-origin).
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://example.com:8443/x")?;
    /// assert_eq!(url.origin().ascii_serialization(), "https://example.com:8443");
    /// assert!(!urlkit::Url::parse("data:,x")?.origin().is_tuple());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn origin(&self) -> Origin {
        crate::url::origin::url_origin(self)
    }

    /// The [protocol](https://url.spec.whatwg.org/#dom-url-protocol): scheme and `:`.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("wss://h")?.protocol(), "wss:");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn protocol(&self) -> &str {
        &self.serialization[..=self.offsets.scheme_end()]
    }

    /// The [scheme](https://url.spec.whatwg.org/#concept-url-scheme), lower-case.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("Web+Demo:x")?.scheme(), "web+demo");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> &str {
        &self.serialization[..self.offsets.scheme_end()]
    }

    /// Whether the scheme is [special](https://url.spec.whatwg.org/#is-special).
    ///
    /// ```
    /// assert!(urlkit::Url::parse("ftp://h")?.is_special());
    /// assert!(!urlkit::Url::parse("sftp://h")?.is_special());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn is_special(&self) -> bool {
        self.special_scheme().is_some()
    }

    /// The special scheme, if any. (Always inlined: the setters call it on every edit.)
    #[inline(always)]
    pub(crate) fn special_scheme(&self) -> Option<SpecialScheme> {
        SpecialScheme::from_scheme(self.scheme())
    }

    /// The [username](https://url.spec.whatwg.org/#dom-url-username), percent-encoded.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://a b@h")?.username(), "a%20b");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn username(&self) -> &str {
        if self.host == HostInternal::None {
            return "";
        }
        let start = self.offsets.scheme_end() + 3;
        &self.serialization[start..self.offsets.username_end()]
    }

    /// The password, percent-encoded; `None` when there is none (the `url` crate's
    /// `password`; the URL Standard's serialization never keeps an empty password).
    /// Formerly the URL API's getter, now [`password_str`](Self::password_str).
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://u:p:q@h")?.password(), Some("p%3Aq"));
    /// assert_eq!(urlkit::Url::parse("http://u@h")?.password(), None);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn password(&self) -> Option<&str> {
        Some(self.password_str()).filter(|p| !p.is_empty())
    }

    /// The API's [password](https://url.spec.whatwg.org/#dom-url-password), percent-encoded:
    /// `""` when there is none.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://u:p:q@h")?.password_str(), "p%3Aq");
    /// assert_eq!(urlkit::Url::parse("http://u@h")?.password_str(), "");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn password_str(&self) -> &str {
        let o = &self.offsets;
        if o.username_end() < o.host_start() && self.serialization.as_bytes()[o.username_end()] == b':' {
            &self.serialization[o.username_end() + 1..o.host_start() - 1]
        } else {
            ""
        }
    }

    /// Whether the URL [includes credentials](https://url.spec.whatwg.org/#include-credentials).
    ///
    /// ```
    /// assert!(urlkit::Url::parse("http://:p@h")?.has_credentials());
    /// assert!(!urlkit::Url::parse("http://@h")?.has_credentials());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn has_credentials(&self) -> bool {
        self.offsets.username_end() < self.offsets.host_start()
    }

    /// The [host](https://url.spec.whatwg.org/#concept-url-host); `None` for a null host.
    ///
    /// ```
    /// use urlkit::{Host, Url};
    /// assert_eq!(Url::parse("http://EXAMPLE.com")?.host(), Some(Host::Domain("example.com")));
    /// assert_eq!(Url::parse("x://a%20b")?.host(), Some(Host::Opaque("a%20b")));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<Host<&str>> {
        Some(match self.host {
            HostInternal::None => return None,
            HostInternal::Empty => Host::Empty,
            HostInternal::Domain => Host::Domain(self.hostname()),
            HostInternal::Opaque => Host::Opaque(self.hostname()),
            HostInternal::Ipv4(a) => Host::Ipv4(a),
            HostInternal::Ipv6(a) => Host::Ipv6(a),
        })
    }

    /// The API's [host](https://url.spec.whatwg.org/#dom-url-host): host and `:port`.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h:81/")?.host_port(), "h:81");
    /// assert_eq!(urlkit::Url::parse("http://h:80/")?.host_port(), "h");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn host_port(&self) -> &str {
        if self.host == HostInternal::None {
            return "";
        }
        &self.serialization[self.offsets.host_start()..self.offsets.path_start()]
    }

    /// The [hostname](https://url.spec.whatwg.org/#dom-url-hostname): the serialized host
    /// (IPv6 in brackets), or `""`.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://[::1]:81/")?.hostname(), "[::1]");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn hostname(&self) -> &str {
        &self.serialization[self.offsets.host_start()..self.offsets.host_end()]
    }

    /// The [port](https://url.spec.whatwg.org/#concept-url-port); `None` when absent or the
    /// scheme's default.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("https://h:443/")?.port(), None);
    /// assert_eq!(urlkit::Url::parse("https://h:0/")?.port(), Some(0));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The API's [port](https://url.spec.whatwg.org/#dom-url-port) as text, `""` when absent.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h:0081/")?.port_str(), "81");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn port_str(&self) -> &str {
        if self.port.is_none() {
            return "";
        }
        &self.serialization[self.offsets.host_end() + 1..self.offsets.path_start()]
    }

    /// The port, or the special scheme's default port.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("https://h/")?.port_or_known_default(), Some(443));
    /// assert_eq!(urlkit::Url::parse("x://h/")?.port_or_known_default(), None);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port
            .or_else(|| self.special_scheme().and_then(SpecialScheme::default_port))
    }

    /// The [pathname](https://url.spec.whatwg.org/#dom-url-pathname): the serialized path.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h/a/./b/../c")?.pathname(), "/a/c");
    /// assert_eq!(urlkit::Url::parse("mailto:x@y")?.pathname(), "x@y");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn pathname(&self) -> &str {
        let end = self.offsets.path_end(self.serialization.len());
        &self.serialization[self.offsets.path_start()..end]
    }

    /// Whether the path is [opaque](https://url.spec.whatwg.org/#url-opaque-path) (a string,
    /// not segments), as in `mailto:` or `data:` URLs.
    ///
    /// ```
    /// assert!(urlkit::Url::parse("data:,x")?.has_opaque_path());
    /// assert!(!urlkit::Url::parse("x:/a")?.has_opaque_path());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn has_opaque_path(&self) -> bool {
        self.host == HostInternal::None && !self.pathname().starts_with('/')
    }

    /// The path's segments (without the leading `/`); `None` for an opaque path, and (as in
    /// the `url` crate) for the empty path of a non-special URL such as `foo://h`.
    ///
    /// ```
    /// let url = urlkit::Url::parse("http://h/a/b%20c/")?;
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["a", "b%20c", ""]);
    /// assert!(urlkit::Url::parse("foo://h")?.path_segments().is_none());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> Option<core::str::Split<'_, char>> {
        self.pathname().strip_prefix('/').map(|p| p.split('/'))
    }

    /// The API's [search](https://url.spec.whatwg.org/#dom-url-search): `?` and the query,
    /// or `""` when the query is null or empty.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h/?a=1")?.search(), "?a=1");
    /// assert_eq!(urlkit::Url::parse("http://h/?")?.search(), "");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn search(&self) -> &str {
        match self.offsets.query_start() {
            Some(q) => {
                let end = self.offsets.fragment_start().unwrap_or(self.serialization.len());
                if end - q <= 1 {
                    ""
                } else {
                    &self.serialization[q..end]
                }
            }
            None => "",
        }
    }

    /// The [query](https://url.spec.whatwg.org/#concept-url-query) without `?`; `None` when null.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h/?")?.query(), Some(""));
    /// assert_eq!(urlkit::Url::parse("http://h/")?.query(), None);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&str> {
        let q = self.offsets.query_start()?;
        let end = self.offsets.fragment_start().unwrap_or(self.serialization.len());
        Some(&self.serialization[q + 1..end])
    }

    /// The API's [hash](https://url.spec.whatwg.org/#dom-url-hash): `#` and the fragment, or
    /// `""` when it is null or empty. (Named `hash_str` so that it does not shadow
    /// [`Hash::hash`](core::hash::Hash::hash).)
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h/#x y")?.hash_str(), "#x%20y");
    /// assert_eq!(urlkit::Url::parse("http://h/#")?.hash_str(), "");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    #[doc(alias = "hash")]
    pub fn hash_str(&self) -> &str {
        match self.offsets.fragment_start() {
            Some(f) if self.serialization.len() - f > 1 => &self.serialization[f..],
            _ => "",
        }
    }

    /// The [fragment](https://url.spec.whatwg.org/#concept-url-fragment) without `#`; `None`
    /// when null.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h/#")?.fragment(), Some(""));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        let f = self.offsets.fragment_start()?;
        Some(&self.serialization[f + 1..])
    }
}

impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for Url {}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url {
    fn cmp(&self, other: &Url) -> core::cmp::Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

/// By the href, as `url::Url` hashes (the URL API's `hash` getter is
/// [`hash_str`](Url::hash_str), so that `url.hash(&mut hasher)` is this method).
///
/// ```
/// use std::hash::{DefaultHasher, Hash, Hasher};
/// let url = urlkit::Url::parse("https://h/#top")?;
/// let (mut a, mut b) = (DefaultHasher::new(), DefaultHasher::new());
/// url.hash(&mut a);
/// url.as_str().hash(&mut b);
/// assert_eq!(a.finish(), b.finish());
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl hash::Hash for Url {
    fn hash<H: hash::Hasher>(&self, state: &mut H) {
        self.serialization.hash(state);
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.as_str())
            .field("scheme", &self.scheme())
            .field("username", &self.username())
            .field("password", &self.password_str())
            .field("host", &self.host())
            .field("port", &self.port)
            .field("path", &self.pathname())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl FromStr for Url {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

/// [`Url::parse`].
///
/// ```
/// let url = urlkit::Url::try_from("http://h")?;
/// assert_eq!(url.as_str(), "http://h/");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl TryFrom<&str> for Url {
    type Error = ParseError;

    fn try_from(input: &str) -> Result<Url, ParseError> {
        Url::parse(input)
    }
}

/// [`Url::parse`].
///
/// ```
/// let url = urlkit::Url::try_from(String::from("http://h"))?;
/// assert_eq!(url.as_str(), "http://h/");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl TryFrom<String> for Url {
    type Error = ParseError;

    fn try_from(input: String) -> Result<Url, ParseError> {
        Url::parse(&input)
    }
}

/// The serialization ([`Url::into_string`]).
///
/// ```
/// let s: String = urlkit::Url::parse("http://h")?.into();
/// assert_eq!(s, "http://h/");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl From<Url> for String {
    fn from(url: Url) -> String {
        url.into_string()
    }
}

/// Serializes as the href (feature `serde`).
#[cfg(feature = "serde")]
impl serde::Serialize for Url {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.serialization)
    }
}

/// Deserializes from a string, which must parse as an absolute URL (feature `serde`).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Url {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Url;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an absolute URL")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Url, E> {
                Url::parse(s).map_err(E::custom)
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}
