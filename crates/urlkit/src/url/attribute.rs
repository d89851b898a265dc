//! The URL API's string attributes by name (<https://url.spec.whatwg.org/#api>): what a
//! binding to a scripting language, a setter test runner or a command line needs to get or
//! set "the `pathname`" without writing the dispatch itself.

use crate::host::HostInternal;
use crate::url::offsets::Marks;
use crate::url::setters::SetterError;
use crate::Url;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;
use core::str::FromStr;

/// One of the ten string attributes of the URL API that have both a getter and a setter
/// (`origin` and `searchParams` have no setter and are not here).
///
/// ```
/// use urlkit::{Attribute, Url};
/// let mut url = Url::parse("https://example.com/a?q")?;
/// let attr: Attribute = "pathname".parse()?;
/// url.set(attr, "/b c")?;
/// assert_eq!(url.get(attr), "/b%20c");
/// assert_eq!(url.get(Attribute::Search), "?q");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Attribute {
    /// `href`: [`Url::href`], [`Url::set_href`].
    Href,
    /// `protocol`: [`Url::protocol`], [`Url::set_protocol`].
    Protocol,
    /// `username`: [`Url::username`], [`Url::set_username`].
    Username,
    /// `password`: [`Url::password`], [`Url::set_password`].
    Password,
    /// `host`: [`Url::host_port`], [`Url::set_host_port`].
    Host,
    /// `hostname`: [`Url::hostname`], [`Url::set_hostname`].
    Hostname,
    /// `port`: [`Url::port_str`], [`Url::set_port_str`].
    Port,
    /// `pathname`: [`Url::pathname`], [`Url::set_pathname`].
    Pathname,
    /// `search`: [`Url::search`], [`Url::set_search`].
    Search,
    /// `hash`: [`Url::hash_str`], [`Url::set_hash`].
    Hash,
}

impl Attribute {
    /// All ten, in the order of the standard's IDL.
    ///
    /// ```
    /// let names: Vec<&str> = urlkit::Attribute::ALL.iter().map(|a| a.name()).collect();
    /// assert_eq!(names[..3], ["href", "protocol", "username"]);
    /// ```
    pub const ALL: [Attribute; 10] = [
        Attribute::Href,
        Attribute::Protocol,
        Attribute::Username,
        Attribute::Password,
        Attribute::Host,
        Attribute::Hostname,
        Attribute::Port,
        Attribute::Pathname,
        Attribute::Search,
        Attribute::Hash,
    ];

    /// The attribute's name in the URL API (`"hostname"`).
    ///
    /// ```
    /// assert_eq!(urlkit::Attribute::Hostname.name(), "hostname");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Attribute::Href => "href",
            Attribute::Protocol => "protocol",
            Attribute::Username => "username",
            Attribute::Password => "password",
            Attribute::Host => "host",
            Attribute::Hostname => "hostname",
            Attribute::Port => "port",
            Attribute::Pathname => "pathname",
            Attribute::Search => "search",
            Attribute::Hash => "hash",
        }
    }
}

impl fmt::Display for Attribute {
    /// The attribute's [name](Attribute::name).
    ///
    /// ```
    /// assert_eq!(urlkit::Attribute::Port.to_string(), "port");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an [`Attribute`] from a name that is none of the ten.
///
/// ```
/// let e = "origin".parse::<urlkit::Attribute>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown url attribute \"origin\" (expected href, protocol, username, password, host, hostname, port, pathname, search or hash)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAttribute(
    /// The name that was given (at most 64 bytes of it).
    pub alloc::string::String,
);

impl fmt::Display for UnknownAttribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown url attribute {:?} (expected ", self.0)?;
        for (i, a) in Attribute::ALL.iter().enumerate() {
            let sep = match i {
                0 => "",
                9 => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{a}")?;
        }
        f.write_str(")")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownAttribute {}

impl FromStr for Attribute {
    type Err = UnknownAttribute;

    /// The attribute of that exact (case-sensitive) name, as in the URL API.
    ///
    /// ```
    /// use urlkit::Attribute;
    /// assert_eq!("search".parse(), Ok(Attribute::Search));
    /// assert!("Search".parse::<Attribute>().is_err());
    /// ```
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Attribute::ALL
            .into_iter()
            .find(|a| a.name() == name)
            .ok_or_else(|| {
                let mut end = name.len().min(64);
                while !name.is_char_boundary(end) {
                    end -= 1;
                }
                UnknownAttribute(name[..end].into())
            })
    }
}

impl Url {
    /// The getter of `attr` ([`Url::pathname`] for [`Attribute::Pathname`], and so on).
    ///
    /// ```
    /// use urlkit::{Attribute, Url};
    /// let url = Url::parse("http://h:8080/p")?;
    /// assert_eq!(url.get(Attribute::Host), "h:8080");
    /// assert_eq!(url.get(Attribute::Port), "8080");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn get(&self, attr: Attribute) -> &str {
        match attr {
            Attribute::Href => self.href(),
            Attribute::Protocol => self.protocol(),
            Attribute::Username => self.username(),
            Attribute::Password => self.password_str(),
            Attribute::Host => self.host_port(),
            Attribute::Hostname => self.hostname(),
            Attribute::Port => self.port_str(),
            Attribute::Pathname => self.pathname(),
            Attribute::Search => self.search(),
            Attribute::Hash => self.hash_str(),
        }
    }

    /// Where every attribute's value lies in the href ([`Url::as_str`]), in
    /// [`Attribute::ALL`]'s order: `&url.as_str()[ranges[i].clone()] == url.get(Attribute::ALL[i])`
    /// for each `i`. An attribute whose value is `""` has an empty range. One call instead of
    /// ten getters, for code that copies the href once and refers to its parts by position
    /// (the Arrow parse kernel's string views).
    ///
    /// ```
    /// use urlkit::{Attribute, Url};
    /// let url = Url::parse("https://u:p@example.com:8080/a?q#f")?;
    /// let ranges = url.attribute_ranges();
    /// for (attr, range) in Attribute::ALL.into_iter().zip(ranges.clone()) {
    ///     assert_eq!(&url.as_str()[range], url.get(attr));
    /// }
    /// assert_eq!(ranges[Attribute::Hostname as usize], 12..23);
    /// assert!(Url::parse("mailto:x")?.attribute_ranges()[Attribute::Host as usize].is_empty());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn attribute_ranges(&self) -> [Range<usize>; 10] {
        ranges_of(
            &self.offsets.widen(),
            self.serialization.len(),
            self.host != HostInternal::None,
            self.port.is_some(),
        )
    }

    /// Where each non-empty component lies in the href, named as the URL API names it, in
    /// the order a diagram of nested spans draws them: the single components (`protocol`,
    /// `hash`, `search`, `pathname`, `username`, `password`, `port`, `hostname`), then the
    /// two that span several, `host` and `origin` (the latter only when the href starts with
    /// it, i.e. holds no credentials). Unlike the getters, a lone `?` or `#` gets the
    /// one-byte span of its delimiter, so that every byte a reader sees has a label. This is
    /// what `urlkit parse --diagram`, the WebAssembly viewer and `python -m urlkit parse`
    /// draw from.
    ///
    /// ```
    /// use urlkit::Url;
    /// let url = Url::parse("https://example.com:8080/a?#top")?;
    /// let spans = url.component_spans();
    /// let text = |name| spans.iter().find(|(n, _)| *n == name).map(|(_, r)| &url.as_str()[r.clone()]);
    /// assert_eq!(text("search"), Some("?"));
    /// assert_eq!(text("hash"), Some("#top"));
    /// assert_eq!(text("host"), Some("example.com:8080"));
    /// assert_eq!(text("origin"), Some("https://example.com:8080"));
    /// assert_eq!(text("username"), None);
    /// // No host: no authority spans, no origin.
    /// let names: Vec<_> = Url::parse("mailto:a@b")?.component_spans().into_iter().map(|(n, _)| n).collect();
    /// assert_eq!(names, ["protocol", "pathname"]);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn component_spans(&self) -> Vec<(&'static str, Range<usize>)> {
        let href = self.as_str();
        let ranges = self.attribute_ranges();
        let range = |attribute: Attribute| ranges[attribute as usize].clone();
        // The getters give "" for a lone `?` or `#`; its delimiter still gets a span.
        let delimiter = |range: Range<usize>, lone: bool, at: usize| {
            if range.is_empty() && lone {
                at..at + 1
            } else {
                range
            }
        };
        let search = delimiter(
            range(Attribute::Search),
            self.query() == Some(""),
            range(Attribute::Pathname).end,
        );
        let hash = delimiter(
            range(Attribute::Hash),
            self.fragment() == Some(""),
            href.len().saturating_sub(1),
        );
        let mut spans = Vec::with_capacity(10);
        let mut add = |name: &'static str, range: Range<usize>| {
            if !range.is_empty() {
                spans.push((name, range));
            }
        };
        add("protocol", range(Attribute::Protocol));
        add("hash", hash);
        add("search", search);
        add("pathname", range(Attribute::Pathname));
        if self.host == HostInternal::None {
            return spans;
        }
        for attribute in [
            Attribute::Username,
            Attribute::Password,
            Attribute::Port,
            Attribute::Hostname,
            Attribute::Host,
        ] {
            add(attribute.name(), range(attribute));
        }
        let origin = self.origin().ascii_serialization();
        if origin != "null" && href.starts_with(origin.as_str()) {
            add("origin", 0..origin.len());
        }
        spans
    }

    /// The [`attribute_ranges`](Url::attribute_ranges) and [`port`](Url::port) of the URL
    /// that `input` parses to, when `input` is already that URL's href
    /// (`Url::parse(input)?.as_str() == input`) in a form the parser's fast path recognizes:
    /// a special URL such as `https://example.com/a/b?q=1#top`, lower case, with a path, with
    /// nothing to encode, trim or resolve. Then the ranges are into `input` itself, and
    /// nothing is allocated or written: code that keeps the input (a column of an array) can
    /// refer to the attributes there instead of copying the href.
    ///
    /// `None` says only that this shortcut does not apply: the input may still parse, to the
    /// same or to another href ([`Url::parse`] decides).
    ///
    /// ```
    /// use urlkit::{Attribute, Url};
    /// let input = "https://example.com:8080/a?q#f";
    /// let (ranges, port) = Url::canonical_attribute_ranges(input).unwrap();
    /// let url = Url::parse(input)?;
    /// for (attr, range) in Attribute::ALL.into_iter().zip(ranges) {
    ///     assert_eq!(&input[range], url.get(attr));
    /// }
    /// assert_eq!(port, Some(8080));
    /// // Parsed to another href (upper case, no path, a dot segment), or not at all.
    /// for input in ["HTTPS://example.com/", "https://example.com", "https://h/./a", "no url"] {
    ///     assert!(Url::canonical_attribute_ranges(input).is_none());
    /// }
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    // Inline in full (the scan stays a call): the ranges go straight to the caller's use.
    #[inline(always)]
    pub fn canonical_attribute_ranges(input: &str) -> Option<([Range<usize>; 10], Option<u16>)> {
        let (marks, host, port) = crate::whatwg::canonical_as_is(input)?;
        Some((
            ranges_of(&marks, input.len(), host != HostInternal::None, port.is_some()),
            port,
        ))
    }

    /// The [`host`](Url::host_port) and [`hostname`](Url::hostname) attributes (in that
    /// order, as in [`Attribute::ALL`]) of the URL that `input` parses to, as ranges into
    /// `input`, with the [`host`](Url::host), when `input`'s authority is already in the form
    /// the parser writes: a special scheme (in any case) and `://`, a lower-case ASCII domain
    /// without `xn--` labels or a dotted-decimal IPv4 address, optional credentials, an
    /// optional port that is not the default. Only the authority is read: whatever follows
    /// it (the path, query and fragment, which the parser may rewrite but never rejects)
    /// leaves the host as it is. So a column's `host` can be sliced from each row without a
    /// parse even where the row is not its own href ([`Url::canonical_attribute_ranges`]).
    ///
    /// `None` says only that this shortcut does not apply: the input may still parse
    /// ([`Url::parse`] decides).
    ///
    /// ```
    /// use urlkit::{Host, Url};
    /// let input = "HTTPS://user@example.com:8080/a b/../c?q=\u{e9}";
    /// let ([host, hostname], kind) = Url::canonical_host_ranges(input).unwrap();
    /// let url = Url::parse(input)?;
    /// assert_eq!((&input[host], &input[hostname.clone()]), (url.host_port(), url.hostname()));
    /// assert_eq!(kind, Host::Domain("example.com"));
    /// assert_eq!(hostname, 13..24);
    /// // Another host (case, IDNA, a default port, an IPv4 shorthand), or no URL at all.
    /// for input in ["https://Example.com/", "https://xn--nxa.gr/", "http://h:80/", "http://1.2.3/", "h/"] {
    ///     assert!(Url::canonical_host_ranges(input).is_none());
    /// }
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline(always)]
    pub fn canonical_host_ranges(input: &str) -> Option<([Range<usize>; 2], crate::Host<&str>)> {
        let (start, end, authority_end, host) = crate::whatwg::canonical_host(input)?;
        let kind = match host {
            HostInternal::Ipv4(a) => crate::Host::Ipv4(a),
            _ => crate::Host::Domain(&input[start..end]),
        };
        Some(([start..authority_end, start..end], kind))
    }

    /// The setter of `attr` ([`Url::set_pathname`] for [`Attribute::Pathname`], and so on).
    ///
    /// # Errors
    ///
    /// The setter's: `Err` leaves the URL unchanged (see [`SetterError`]).
    ///
    /// ```
    /// use urlkit::{Attribute, Url};
    /// let mut url = Url::parse("http://h/p")?;
    /// url.set(Attribute::Hash, "top")?;
    /// assert_eq!(url.as_str(), "http://h/p#top");
    /// assert!(url.set(Attribute::Port, "x").is_err());
    /// # Ok::<(), urlkit::SetterError>(())
    /// ```
    pub fn set(&mut self, attr: Attribute, value: &str) -> Result<(), SetterError> {
        match attr {
            Attribute::Href => self.set_href(value),
            Attribute::Protocol => self.set_protocol(value),
            Attribute::Username => self.set_username_str(value),
            Attribute::Password => self.set_password_str(value),
            Attribute::Host => self.set_host_port(value),
            Attribute::Hostname => self.set_hostname(value),
            Attribute::Port => self.set_port_str(value),
            Attribute::Pathname => self.set_pathname(value),
            Attribute::Search => self.set_search(value),
            Attribute::Hash => self.set_hash(value),
        }
    }
}

/// [`Url::attribute_ranges`] of a serialization of `len` bytes with boundaries `m`, a host
/// (`has_host`) or not, a port or not: the one place the ranges are worked out.
#[inline(always)]
fn ranges_of(m: &Marks, len: usize, has_host: bool, has_port: bool) -> [Range<usize>; 10] {
    let (se, ue, hs, he, ps) = (
        m.scheme_end,
        m.username_end,
        m.host_start,
        m.host_end,
        m.path_start,
    );
    let path_end = m.query_start.or(m.fragment_start).unwrap_or(len);
    // Without host, username and host are empty (`he == hs`, just after the `:`).
    let username = if has_host { se + 3..ue } else { hs..hs };
    // A password is kept only when not empty: `ue` is then its `:` and `hs - 1` the `@`
    // (without one, `ue` is the `@` or `hs`).
    let password = if ue + 1 < hs { ue + 1..hs - 1 } else { hs..hs };
    let host = if has_host { hs..ps } else { hs..hs };
    let port = if has_port { he + 1..ps } else { ps..ps };
    let fragment_start = m.fragment_start;
    let search = match m.query_start {
        Some(q) => {
            let end = fragment_start.unwrap_or(len);
            if end - q <= 1 {
                end..end
            } else {
                q..end
            }
        }
        None => path_end..path_end,
    };
    let hash = match fragment_start {
        Some(f) if len - f > 1 => f..len,
        _ => len..len,
    };
    [
        0..len,
        0..se + 1,
        username,
        password,
        host,
        hs..he,
        port,
        ps..path_end,
        search,
        hash,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_ranges_agree_with_the_getters() {
        let inputs = [
            "https://u:p@example.com:8080/a/b?q=1#f",
            "https://u@h/",
            "https://:p@h/",
            "http://h/?",
            "http://h/#",
            "http://h/?#",
            "http://[::1]:81/p",
            "mailto:x@y",
            "sc:",
            "sc:/.//p?q",
            "sc://h",
            "sc:///p",
            "file:///C:/x",
            "data:,x#",
        ];
        for input in inputs {
            let url = Url::parse(input).unwrap();
            for (attr, range) in Attribute::ALL.into_iter().zip(url.attribute_ranges()) {
                assert_eq!(&url.as_str()[range], url.get(attr), "{input} {attr}");
            }
        }
    }

    #[test]
    fn canonical_attribute_ranges_are_those_of_the_parsed_url() {
        let canonical = [
            "https://example.com/a/b?q=1#top",
            "http://a-b.c:8080/",
            "https://u:p@example.com:8080/a?q#f",
            "https://u@h/",
            "ws://h/?x",
            "ftp://h/#f",
            "http://1.2.3.4/a.b/c.",
            "http://h/?",
            "http://h/#",
            "http://h/?#",
        ];
        for input in canonical {
            let (ranges, port) = Url::canonical_attribute_ranges(input).expect(input);
            let url = Url::parse(input).unwrap();
            assert_eq!(url.as_str(), input);
            assert_eq!(port, url.port(), "{input}");
            assert_eq!(ranges, url.attribute_ranges(), "{input}");
            for (attr, range) in Attribute::ALL.into_iter().zip(ranges) {
                assert_eq!(&input[range], url.get(attr), "{input} {attr}");
            }
        }
        // Another href (case, a path to insert, trimming, encoding, dot segments, a default
        // port), not special, or no URL at all.
        for input in [
            "HTTP://h/",
            "http://H/",
            "http://h",
            "http://h?q",
            " http://h/",
            "http://h/ ",
            "http://h/\t",
            "http://h/a b",
            "http://h/./a",
            "http://h:80/",
            "https://h/\u{e9}",
            "mailto:x@y",
            "sc://h/",
            "http://[::1]/",
            "",
            "no url",
        ] {
            assert!(Url::canonical_attribute_ranges(input).is_none(), "{input:?}");
        }
    }

    #[test]
    fn canonical_host_ranges_are_those_of_the_parsed_url() {
        let as_written = [
            ("https://example.com/a/b?q=1#top", "example.com"),
            ("https://example.com", "example.com"),
            ("HTTP://a-b.c:8080", "a-b.c:8080"),
            ("wss://u:p@h:444/?x", "h:444"),
            ("ftp://h#f", "h"),
            ("http://1.2.3.4/a b/../\u{e9}", "1.2.3.4"),
            ("https://h/ \t\n", "h"),
            ("https://h?\t", "h"),
            ("http://h.i:81", "h.i:81"),
            ("http://h\\p", "h"),
        ];
        for (input, expected) in as_written {
            let ([host, hostname], kind) = Url::canonical_host_ranges(input).expect(input);
            let url = Url::parse(input).unwrap();
            assert_eq!(&input[host.clone()], expected);
            assert_eq!(&input[host.clone()], url.host_port(), "{input:?}");
            assert_eq!(&input[hostname], url.hostname(), "{input:?}");
            assert_eq!(Some(kind), url.host(), "{input:?}");
        }
        // A host or port the parser rewrites or may reject, no authority, not special, or
        // something the authority's scan is unsure of: left to the parser.
        for input in [
            "http://H/",
            "http://xn--nxa/",
            "http://a.xn--nxa/",
            "http://h:80/",
            "https://h:443",
            "http://h:08/",
            "http://h:65536/",
            "http://h:/",
            "http://1.2.3/",
            "http://1.2.3.04/",
            "http://0x1/",
            "http://a.1/",
            "http://h%41/",
            "http://[::1]/",
            "http:///h",
            "http://",
            "http://h /",
            " http://h/",
            "http://h\t/",
            "http://u@/",
            "http:h/",
            "file://h/",
            "sc://h/",
            "mailto:x@y",
            "",
        ] {
            assert!(Url::canonical_host_ranges(input).is_none(), "{input:?}");
        }
    }

    #[test]
    fn names_round_trip_and_unknown_names_are_cut() {
        for a in Attribute::ALL {
            assert_eq!(a.name().parse(), Ok(a));
        }
        let long = "\u{e9}".repeat(40);
        let err = long.parse::<Attribute>().unwrap_err();
        assert_eq!(err.0, "\u{e9}".repeat(32));
    }
}
