//! The [`url`](https://docs.rs/url) crate's API on [`Url`], for programs that switch from it:
//! the methods `url::Url` has and the URL API does not, with `url`'s names, signatures and
//! semantics (including its `Result<_, ()>` errors), and `url`'s `Host::to_owned`.
//! `docs/migrating-from-url.md` in the repository maps every `url` item and lists the
//! behaviour differences.
//!
//! The rest of that surface sits with its topic in `url/`: slicing by
//! [`Position`](crate::Position) in `position.rs`, the editors
//! [`PathSegmentsMut`](crate::PathSegmentsMut) in `segments.rs` and
//! [`QueryPairsMut`](crate::QueryPairsMut) in `query_pairs.rs`, and the conversions from
//! and to text beside the type in `mod.rs`.
//!
//! ```
//! use urlkit::{Position, Url};
//! let mut url = Url::parse("https://example.com/a/b?x=1#f")?;
//! url.path_segments_mut().unwrap().pop().push("c d");
//! url.query_pairs_mut().append_pair("y", "2").append_key_only("z");
//! assert_eq!(url.as_str(), "https://example.com/a/c%20d?x=1&y=2&z#f");
//! assert_eq!(&url[..Position::AfterPath], "https://example.com/a/c%20d");
//! assert_eq!(url.host_str(), Some("example.com"));
//! # Ok::<(), urlkit::ParseError>(())
//! ```

// `Result<_, ()>` is `url`'s signature for these methods; the detailed errors stay on the
// URL API's methods.
#![allow(clippy::result_unit_err)]

use crate::host::HostInternal;
use crate::percent::sets::AsciiSet;
use crate::percent::utf8_percent_encode;
use crate::{form, Host, ParseError, Url};
use alloc::string::String;
use core::borrow::Borrow;
use core::net::IpAddr;

/// An opaque path set by [`Url::set_path`]: C0 controls, and `?`/`#`, which would start a
/// query or fragment.
const OPAQUE_PATH: AsciiSet = crate::percent::sets::C0_CONTROL.add_all(b"?#");

impl Url {
    /// Whether the serialization has `//` after the scheme (`url`'s `has_authority`): true
    /// for every URL with a host, empty hosts included.
    ///
    /// ```
    /// assert!(urlkit::Url::parse("file:///tmp")?.has_authority());
    /// assert!(!urlkit::Url::parse("mailto:a@b")?.has_authority());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn has_authority(&self) -> bool {
        self.as_str()[self.scheme().len()..].starts_with("://")
    }

    /// The authority as written: `userinfo@host:port` (percent-encoded, the default port
    /// left out), `""` without one.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("ftp://u:p@h:21/x")?.authority(), "u:p@h");
    /// assert_eq!(urlkit::Url::parse("ftp://u:p@h:2121/x")?.authority(), "u:p@h:2121");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn authority(&self) -> &str {
        if !self.has_authority() {
            return "";
        }
        &self.as_str()[self.offsets.scheme_end() + 3..self.offsets.path_start()]
    }

    /// `url`'s name for [`has_opaque_path`](Self::has_opaque_path).
    ///
    /// ```
    /// assert!(urlkit::Url::parse("data:,x")?.cannot_be_a_base());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[doc(alias = "has_opaque_path")]
    pub fn cannot_be_a_base(&self) -> bool {
        self.has_opaque_path()
    }

    /// Whether the URL has a non-empty host (`url`'s `has_host`: the empty host of
    /// `file:///x` counts as none there).
    ///
    /// ```
    /// assert!(urlkit::Url::parse("foo://h")?.has_host());
    /// assert!(!urlkit::Url::parse("file:///x")?.has_host());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn has_host(&self) -> bool {
        !matches!(self.host, HostInternal::None | HostInternal::Empty)
    }

    /// The serialized host (`url`'s `host_str`): [`hostname`](Self::hostname), or `None`
    /// without a host or with the empty host.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://[::1]/")?.host_str(), Some("[::1]"));
    /// assert_eq!(urlkit::Url::parse("file:///x")?.host_str(), None);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[doc(alias = "hostname")]
    pub fn host_str(&self) -> Option<&str> {
        self.has_host().then(|| self.hostname())
    }

    /// The host when it is a domain or (`url` calls them domains too) an opaque host.
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("https://example.com/")?.domain(), Some("example.com"));
    /// assert_eq!(urlkit::Url::parse("foo://bar/")?.domain(), Some("bar"));
    /// assert_eq!(urlkit::Url::parse("https://127.0.0.1/")?.domain(), None);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn domain(&self) -> Option<&str> {
        match self.host() {
            Some(Host::Domain(d) | Host::Opaque(d)) => Some(d),
            _ => None,
        }
    }

    /// `url`'s name for [`pathname`](Self::pathname).
    ///
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h/a%20b")?.path(), "/a%20b");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[doc(alias = "pathname")]
    pub fn path(&self) -> &str {
        self.pathname()
    }

    /// The query parsed as `application/x-www-form-urlencoded` pairs (empty without one).
    ///
    /// ```
    /// let url = urlkit::Url::parse("http://h/?a=1&b=x+y")?;
    /// let pairs: Vec<_> = url.query_pairs().collect();
    /// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "x y".into())]);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[doc(alias = "search_params")]
    pub fn query_pairs(&self) -> form::Parse<'_> {
        form::parse(self.query().unwrap_or("").as_bytes())
    }

    /// Parses `input`, then appends `pairs` to its query (`url`'s `parse_with_params`).
    ///
    /// # Errors
    ///
    /// When `input` does not parse.
    ///
    /// ```
    /// let url = urlkit::Url::parse_with_params("https://h/?a=1", [("b", "2 3")])?;
    /// assert_eq!(url.as_str(), "https://h/?a=1&b=2+3");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parse_with_params<I, K, V>(input: &str, pairs: I) -> Result<Url, ParseError>
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Url::parse(input)?;
        url.query_pairs_mut().extend_pairs(pairs);
        Ok(url)
    }

    /// Sets the path (`url`'s `set_path`): for a URL with segments, the
    /// [pathname setter](Self::set_pathname) (`?` and `#` are encoded); an opaque path is
    /// replaced by `path` with C0 controls, `?` and `#` encoded (and a leading `/` as `%2F`,
    /// so that it stays opaque).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/a?q")?;
    /// url.set_path("b c/d?");
    /// assert_eq!(url.as_str(), "http://h/b%20c/d%3F?q");
    /// let mut mail = urlkit::Url::parse("mailto:a@b?subject=x")?;
    /// mail.set_path("c@d");
    /// assert_eq!(mail.as_str(), "mailto:c@d?subject=x");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_path(&mut self, path: &str) {
        if !self.has_opaque_path() {
            // Only `TooLong` can fail here, which leaves the URL as it was, as `url` would.
            let _ = self.set_pathname(path);
            return;
        }
        let (slash, rest) = match path.strip_prefix('/') {
            Some(rest) => ("%2F", rest),
            None => ("", path),
        };
        let rest = crate::whatwg::input::remove_tab_newline(rest, 0, &mut crate::error::Reporter::none());
        let after = self.offsets.path_end(self.as_str().len());
        let mut href = String::with_capacity(self.as_str().len() + path.len());
        href.push_str(self.protocol());
        href.push_str(slash);
        href.extend(utf8_percent_encode(&rest, &OPAQUE_PATH));
        href.push_str(&self.as_str()[after..]);
        if let Ok(url) = Url::parse(&href) {
            *self = url;
        }
    }

    /// Sets the scheme (`url`'s `set_scheme`): `scheme` must be a scheme alone (a trailing
    /// `:` is allowed), and the [protocol setter](Self::set_protocol) must accept it.
    ///
    /// # Errors
    ///
    /// `Err(())`, the URL unchanged, when `scheme` is not a scheme or the setter refuses
    /// it (special to non-special or back, `file` with credentials or a port, …).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// assert_eq!(url.set_scheme("https"), Ok(()));
    /// assert_eq!(url.set_scheme("foo"), Err(()));
    /// assert_eq!(url.set_scheme("ws:x"), Err(()));
    /// assert_eq!(url.as_str(), "https://h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ()> {
        let name = scheme.strip_suffix(':').unwrap_or(scheme);
        let valid = name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return Err(());
        }
        self.set_protocol(name).map_err(|_| ())?;
        if self.scheme().eq_ignore_ascii_case(name) {
            Ok(())
        } else {
            Err(())
        }
    }

    /// Sets or removes the port (`url`'s `set_port`): the scheme's default port is not
    /// written. The URL API's setter, which takes text, is [`set_port_str`](Self::set_port_str).
    ///
    /// # Errors
    ///
    /// `Err(())`, the URL unchanged, when it cannot have a port (no host, an empty host, or
    /// `file:`).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://h/")?;
    /// url.set_port(Some(8443)).unwrap();
    /// assert_eq!(url.as_str(), "https://h:8443/");
    /// url.set_port(Some(443)).unwrap();
    /// assert_eq!(url.as_str(), "https://h/");
    /// assert_eq!(urlkit::Url::parse("file:///x")?.set_port(Some(1)), Err(()));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[doc(alias = "port_setter")]
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), ()> {
        let text = port.map(|p| alloc::format!("{p}")).unwrap_or_default();
        self.set_port_str(&text).map_err(|_| ())
    }

    /// Sets or removes the host (`url`'s `set_host`), leaving the port alone: in `h:8080`
    /// the `:8080` is ignored, as `url` does. `None` removes the host of a non-special URL
    /// (and its credentials and port; an empty path becomes `/`). The URL API's setter,
    /// which sets the port too, is [`set_host_port`](Self::set_host_port).
    ///
    /// # Errors
    ///
    /// When the URL has an opaque path, when a special URL would lose its host, or when the
    /// host does not parse; the URL is unchanged.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h:81/p")?;
    /// url.set_host(Some("EXAMPLE.org"))?;
    /// assert_eq!(url.as_str(), "http://example.org:81/p");
    /// url.set_host(Some("x:1"))?;
    /// assert_eq!(url.as_str(), "http://x:81/p");
    /// assert!(url.set_host(None).is_err());
    /// let mut other = urlkit::Url::parse("foo://u@h:1/p")?;
    /// other.set_host(None)?;
    /// assert_eq!(other.as_str(), "foo:/p");
    /// let mut bare = urlkit::Url::parse("foo://h?q")?;
    /// bare.set_host(None)?;
    /// assert_eq!(bare.as_str(), "foo:/?q");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), ParseError> {
        let not_applicable = || ParseError::new(crate::ErrorKind::SetterNotApplicable, 0);
        if self.has_opaque_path() {
            return Err(not_applicable());
        }
        let Some(host) = host else {
            if self.is_special() {
                return Err(ParseError::new(crate::ErrorKind::HostMissing, 0));
            }
            if self.host().is_none() {
                return Ok(());
            }
            // Scheme, then the path (behind "/." if it starts with "//"), query, fragment.
            let path_start = self.offsets.path_start();
            let rest = &self.as_str()[path_start..];
            // An empty path becomes "/" (as in `url`): "foo:" alone would be an opaque path.
            let guard = if rest.starts_with("//") {
                "/."
            } else if rest.starts_with('/') {
                ""
            } else {
                "/"
            };
            let href = alloc::format!("{}{guard}{rest}", self.protocol());
            *self = Url::parse(&href)?;
            return Ok(());
        };
        // A port after the host is ignored (outside an IPv6 literal's brackets).
        let end = if host.starts_with('[') {
            host.find(']').map_or(host.len(), |i| i + 1)
        } else {
            host.find(':').unwrap_or(host.len())
        };
        self.set_hostname(&host[..end]).map_err(ParseError::from)
    }

    /// Sets or removes the password (`url`'s `set_password`; `None` and `Some("")` both
    /// remove it). The URL API's setter is [`set_password_str`](Self::set_password_str).
    ///
    /// # Errors
    ///
    /// `Err(())` when the URL cannot have credentials (no host, an empty host, or `file:`).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://u@h/")?;
    /// url.set_password(Some("p w")).unwrap();
    /// assert_eq!(url.as_str(), "http://u:p%20w@h/");
    /// url.set_password(None).unwrap();
    /// assert_eq!(url.as_str(), "http://u@h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), ()> {
        self.set_password_str(password.unwrap_or("")).map_err(|_| ())
    }

    /// Sets the username (`url`'s `set_username`). The URL API's setter, with a detailed
    /// error, is [`set_username_str`](Self::set_username_str).
    ///
    /// # Errors
    ///
    /// `Err(())` when the URL cannot have credentials (no host, an empty host, or `file:`).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// url.set_username("a b").unwrap();
    /// assert_eq!(url.as_str(), "http://a%20b@h/");
    /// assert_eq!(urlkit::Url::parse("mailto:x")?.set_username("u"), Err(()));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_username(&mut self, username: &str) -> Result<(), ()> {
        self.set_username_str(username).map_err(|_| ())
    }

    /// Sets the [query](https://url.spec.whatwg.org/#concept-url-query) itself (`url`'s
    /// `set_query`): `None` removes it, `Some(q)` (even `""`) sets it, `q` going through the
    /// query state with a state override (tabs and newlines removed, `#` and the rest of the
    /// query set encoded). Unlike [`set_search`](Self::set_search), a leading `?` is data.
    /// A URL that would exceed 4 GiB is left unchanged.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/#f")?;
    /// url.set_query(Some("a b#"));
    /// assert_eq!(url.as_str(), "http://h/?a%20b%23#f");
    /// url.set_query(None);
    /// assert_eq!(url.as_str(), "http://h/#f");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) {
        let _ = self.write_query(query);
    }

    /// Sets the [fragment](https://url.spec.whatwg.org/#concept-url-fragment) itself
    /// (`url`'s `set_fragment`): `None` removes it, `Some(f)` (even `""`) sets it through the
    /// fragment state. Unlike [`set_hash`](Self::set_hash), a leading `#` is data. A URL that
    /// would exceed 4 GiB is left unchanged.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h/")?;
    /// url.set_fragment(Some("x y"));
    /// assert_eq!(url.as_str(), "http://h/#x%20y");
    /// url.set_fragment(None);
    /// assert_eq!(url.as_str(), "http://h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        let _ = self.write_fragment(fragment);
    }

    /// Sets the host to an IP address (`url`'s `set_ip_host`).
    ///
    /// # Errors
    ///
    /// `Err(())` when the URL has an opaque path.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("http://h:8/x")?;
    /// url.set_ip_host("::1".parse().unwrap()).unwrap();
    /// assert_eq!(url.as_str(), "http://[::1]:8/x");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), ()> {
        if self.has_opaque_path() {
            return Err(());
        }
        let text = match address {
            IpAddr::V4(a) => alloc::format!("{a}"),
            IpAddr::V6(a) => alloc::format!("[{a}]"),
        };
        self.set_hostname(&text).map_err(|_| ())
    }

    /// A relative reference that resolves against `self` to `url` (`url`'s
    /// `make_relative`, with its semantics): `None` when `self` has an opaque path or the
    /// scheme, host or port differ; credentials are ignored; query and fragment come from
    /// `url`. For RFC 3986's make-relative (which also shortens against a shared query and
    /// handles paths without authority) see `rfc3986::Uri::make_relative` (feature `rfc3986`).
    ///
    /// ```
    /// let base = urlkit::Url::parse("https://h/a/b/c.html")?;
    /// let target = urlkit::Url::parse("https://h/a/d/e.html?x#y")?;
    /// assert_eq!(base.make_relative(&target).as_deref(), Some("../d/e.html?x#y"));
    /// assert_eq!(base.make_relative(&base).as_deref(), Some(""));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        if self.has_opaque_path()
            || self.scheme() != url.scheme()
            || self.host() != url.host()
            || self.port() != url.port()
        {
            return None;
        }
        // Directory and last segment ("filename") of each path.
        fn split(path: &str) -> (&str, &str) {
            match path.rfind('/') {
                Some(i) => (&path[..i], &path[i + 1..]),
                None => ("", path),
            }
        }
        let (base_dir, base_file) = split(self.path());
        let (dir, file) = split(url.path());
        let mut base_segs = base_dir.split('/').peekable();
        let mut segs = dir.split('/').peekable();
        while base_segs.peek().is_some() && base_segs.peek() == segs.peek() {
            base_segs.next();
            segs.next();
        }
        let mut out = String::new();
        let push = |out: &mut String, seg: &str| {
            if !out.is_empty() {
                out.push('/');
            }
            out.push_str(seg);
        };
        // One `..` per remaining base directory, up to an empty one.
        for seg in base_segs.by_ref() {
            if seg.is_empty() {
                break;
            }
            push(&mut out, "..");
        }
        for seg in segs {
            push(&mut out, seg);
        }
        if !out.is_empty() || base_file != file {
            if file.is_empty() {
                out.push('/');
            } else {
                push(&mut out, file);
            }
        }
        if let Some(q) = url.query() {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = url.fragment() {
            out.push('#');
            out.push_str(f);
        }
        Some(out)
    }

    /// Resolves the host to socket addresses (`url`'s `socket_addrs`), with the port, the
    /// scheme's default port, or `default_port_number()`.
    ///
    /// # Errors
    ///
    /// Without a host or a port, and when name resolution fails.
    ///
    /// ```
    /// let url = urlkit::Url::parse("http://127.0.0.1/")?;
    /// let addrs = url.socket_addrs(|| None).unwrap();
    /// assert_eq!(addrs, ["127.0.0.1:80".parse().unwrap()]);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> std::io::Result<std::vec::Vec<std::net::SocketAddr>> {
        use std::io::{Error, ErrorKind};
        use std::net::ToSocketAddrs;
        let port = self
            .port_or_known_default()
            .or_else(default_port_number)
            .ok_or_else(|| Error::new(ErrorKind::InvalidInput, "no port number in the url"))?;
        match self.host() {
            Some(Host::Domain(d) | Host::Opaque(d)) => Ok((d, port).to_socket_addrs()?.collect()),
            Some(Host::Ipv4(a)) => Ok(std::vec![(a, port).into()]),
            Some(Host::Ipv6(a)) => Ok(std::vec![(a, port).into()]),
            _ => Err(Error::new(ErrorKind::InvalidInput, "no host name in the url")),
        }
    }

    /// The `file:` URL of an absolute path of the host OS (`url`'s `from_file_path`); see
    /// [`file_path::from_std_path`](crate::file_path::from_std_path) for the detailed error.
    ///
    /// # Errors
    ///
    /// `Err(())` for a relative path (or one the URL cannot hold).
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let url = urlkit::Url::from_file_path("/tmp/a b").unwrap();
    /// assert_eq!(url.as_str(), "file:///tmp/a%20b");
    /// assert!(urlkit::Url::from_file_path("relative").is_err());
    /// # }
    /// ```
    #[cfg(feature = "std")]
    pub fn from_file_path(path: impl AsRef<std::path::Path>) -> Result<Url, ()> {
        crate::file_path::from_std_path(path.as_ref()).map_err(|_| ())
    }

    /// As [`from_file_path`](Self::from_file_path), with a trailing `/` so that the URL is a
    /// base for the directory's entries (`url`'s `from_directory_path`).
    ///
    /// # Errors
    ///
    /// As `from_file_path`.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let dir = urlkit::Url::from_directory_path("/srv/www").unwrap();
    /// assert_eq!(dir.join("index.html").unwrap().as_str(), "file:///srv/www/index.html");
    /// # }
    /// ```
    #[cfg(feature = "std")]
    pub fn from_directory_path(path: impl AsRef<std::path::Path>) -> Result<Url, ()> {
        let mut url = Url::from_file_path(path)?;
        if !url.path().ends_with('/') {
            let path = alloc::format!("{}/", url.path());
            url.set_pathname(&path).map_err(|_| ())?;
        }
        Ok(url)
    }

    /// The host OS path of a `file:` URL (`url`'s `to_file_path`); see
    /// [`file_path::to_std_path`](crate::file_path::to_std_path) for the detailed error.
    ///
    /// # Errors
    ///
    /// `Err(())` when the URL is not a `file:` URL the host OS can name.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let url = urlkit::Url::parse("file:///tmp/a%20b").unwrap();
    /// assert_eq!(url.to_file_path(), Ok(std::path::PathBuf::from("/tmp/a b")));
    /// # }
    /// ```
    #[cfg(feature = "std")]
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, ()> {
        crate::file_path::to_std_path(self).map_err(|_| ())
    }
}

impl Host<&str> {
    /// The host with its text owned (`url`'s `Host::to_owned`).
    ///
    /// ```
    /// use urlkit::{Host, Url};
    /// let url = Url::parse("http://example.com/")?;
    /// let host: Host<String> = url.host().unwrap().to_owned();
    /// assert_eq!(host, Host::Domain("example.com".to_string()));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn to_owned(&self) -> Host<String> {
        match *self {
            Host::Domain(d) => Host::Domain(d.into()),
            Host::Opaque(o) => Host::Opaque(o.into()),
            Host::Ipv4(a) => Host::Ipv4(a),
            Host::Ipv6(a) => Host::Ipv6(a),
            Host::Empty => Host::Empty,
        }
    }
}
