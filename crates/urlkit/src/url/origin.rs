//! Origins (<https://url.spec.whatwg.org/#origin>, HTML's
//! [origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin) concept).

use crate::host::HostInternal;
use crate::{Host, Url};
use alloc::string::{String, ToString};
use core::fmt::Write;
use core::sync::atomic::{AtomicU64, Ordering};

/// An origin: opaque, or a (scheme, host, port) tuple. Two origins are equal when they are
/// [same origin](https://html.spec.whatwg.org/multipage/browsers.html#same-origin): tuples
/// component by component, an opaque origin only to itself (and its clones).
///
/// ```
/// use urlkit::Url;
/// let a = Url::parse("https://example.com/a")?.origin();
/// let b = Url::parse("https://example.com:443/b")?.origin();
/// assert_eq!(a, b);
/// let data = Url::parse("data:,x")?;
/// assert_ne!(data.origin(), data.origin());
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An opaque origin; each one is unique.
    Opaque(OpaqueOrigin),
    /// A tuple origin: scheme, host, port (`None` for the scheme's default).
    Tuple(String, Host<String>, Option<u16>),
}

/// Identity of an opaque origin: a fresh number from a process-wide counter.
///
/// ```
/// let o = urlkit::Origin::new_opaque();
/// assert_eq!(o.clone(), o);
/// assert_ne!(o, urlkit::Origin::new_opaque());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(pub(crate) u64);

/// The source of opaque origin identities.
static NEXT_OPAQUE: AtomicU64 = AtomicU64::new(0);

impl Origin {
    /// A new [opaque origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-opaque),
    /// different from every other.
    ///
    /// ```
    /// assert!(!urlkit::Origin::new_opaque().is_tuple());
    /// ```
    pub fn new_opaque() -> Origin {
        Origin::Opaque(OpaqueOrigin(NEXT_OPAQUE.fetch_add(1, Ordering::Relaxed)))
    }

    /// Whether this is a tuple origin.
    ///
    /// ```
    /// assert!(urlkit::Url::parse("ws://h")?.origin().is_tuple());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple(..))
    }

    /// The [ASCII serialization](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin):
    /// `scheme://host[:port]`, or `"null"` for opaque origins.
    ///
    /// ```
    /// let o = urlkit::Url::parse("http://[::1]:81/x")?.origin();
    /// assert_eq!(o.ascii_serialization(), "http://[::1]:81");
    /// assert_eq!(urlkit::Url::parse("file:///x")?.origin().ascii_serialization(), "null");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn ascii_serialization(&self) -> String {
        self.serialize(false)
    }

    /// The Unicode serialization: as the ASCII one, with the domain converted to Unicode.
    ///
    /// ```
    /// let o = urlkit::Url::parse("https://xn--caf-dma.example/")?.origin();
    /// assert_eq!(o.unicode_serialization(), "https://café.example");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn unicode_serialization(&self) -> String {
        self.serialize(true)
    }

    fn serialize(&self, unicode: bool) -> String {
        let Origin::Tuple(scheme, host, port) = self else {
            return "null".to_string();
        };
        let mut out = String::with_capacity(scheme.len() + 32);
        out.push_str(scheme);
        out.push_str("://");
        match host {
            Host::Domain(d) if unicode => out.push_str(&crate::host::domain_to_unicode(d).0),
            // The host serializer (IPv6 in brackets).
            _ => {
                let _ = write!(out, "{host}");
            }
        }
        if let Some(p) = port {
            let _ = write!(out, ":{p}");
        }
        out
    }
}

/// A URL's [origin](https://url.spec.whatwg.org/#concept-url-origin).
pub(crate) fn url_origin(url: &Url) -> Origin {
    match url.scheme() {
        "blob" => {
            // The inner URL of a blob URL; no blob URL store here, so no entry to consult.
            match Url::parse(url.pathname()) {
                Ok(inner) if matches!(inner.scheme(), "http" | "https") => tuple(&inner),
                _ => Origin::new_opaque(),
            }
        }
        "ftp" | "http" | "https" | "ws" | "wss" => tuple(url),
        _ => Origin::new_opaque(),
    }
}

/// The tuple origin of a special, non-file URL.
fn tuple(url: &Url) -> Origin {
    let text = || url.hostname().to_string();
    let host = match url.host {
        HostInternal::None | HostInternal::Empty => Host::Empty,
        HostInternal::Domain => Host::Domain(text()),
        HostInternal::Opaque => Host::Opaque(text()),
        HostInternal::Ipv4(a) => Host::Ipv4(a),
        HostInternal::Ipv6(a) => Host::Ipv6(a),
    };
    Origin::Tuple(url.scheme().to_string(), host, url.port)
}
