//! Domains: the [Public Suffix List](https://publicsuffix.org/list/) (public suffix,
//! registrable domain, subdomain, ICANN or private section) and the HTML Standard's
//! [sites](https://html.spec.whatwg.org/multipage/browsers.html#sites) (same site,
//! schemelessly same site).
//!
//! The free functions use the list built into urlkit ([`List::builtin`]); a newer
//! `public_suffix_list.dat` can be loaded at run time with [`List::parse`] and used through
//! the same methods on [`List`].
//!
//! ```
//! use urlkit::domain;
//! let parts = domain::split("a.b.example.co.uk").unwrap();
//! assert_eq!(parts.public_suffix(), "co.uk");
//! assert_eq!(parts.registrable_domain(), Some("example.co.uk"));
//! assert_eq!(parts.subdomain(), Some("a.b"));
//! assert!(parts.icann());
//! assert_eq!(domain::registrable_domain("user.github.io").as_deref(), Some("user.github.io"));
//! ```
//!
//! Sites, by the HTML Standard:
//!
//! ```
//! use urlkit::{domain, Url};
//! let a = Url::parse("https://a.example.com/")?.origin();
//! let b = Url::parse("https://b.example.com:8443/")?.origin();
//! let c = Url::parse("http://example.com/")?.origin();
//! assert!(domain::same_site(&a, &b));
//! assert!(!domain::same_site(&a, &c));
//! assert!(domain::schemelessly_same_site(&a, &c));
//! # Ok::<(), urlkit::ParseError>(())
//! ```

mod list;

pub use list::{List, ListError};

use crate::{Host, Origin};
use alloc::borrow::Cow;
use alloc::string::String;

/// The section of the list a host's public suffix comes from.
///
/// ```
/// use urlkit::domain::{split, Section};
/// assert_eq!(split("example.com").unwrap().section(), Section::Icann);
/// assert_eq!(split("x.github.io").unwrap().section(), Section::Private);
/// assert_eq!(split("example.invalidtld").unwrap().section(), Section::Unlisted);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    /// A rule of the ICANN section (`===BEGIN ICANN DOMAINS===`): domains delegated by
    /// registries.
    Icann,
    /// A rule of the private section (`===BEGIN PRIVATE DOMAINS===`): domains whose owners
    /// asked to be listed (`github.io`, `blogspot.com`).
    Private,
    /// No rule matched: the default rule `*` made the last label the public suffix.
    Unlisted,
}

/// A host split by the Public Suffix List: what [`List::split`] and [`split`] return.
///
/// The host is kept in canonical form (borrowed when it already was: lower-case ASCII);
/// each part is a slice of it, and keeps the host's trailing dot if it has one.
///
/// ```
/// let p = urlkit::domain::split("www.example.com.").unwrap();
/// assert_eq!((p.host(), p.public_suffix(), p.registrable_domain()), ("www.example.com.", "com.", Some("example.com.")));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Parts<'a> {
    host: Cow<'a, str>,
    suffix: usize,
    registrable: Option<usize>,
    section: Section,
}

impl<'a> Parts<'a> {
    pub(crate) fn new(
        host: Cow<'a, str>,
        suffix: usize,
        registrable: Option<usize>,
        section: Section,
    ) -> Self {
        Parts {
            host,
            suffix,
            registrable,
            section,
        }
    }

    /// The host as looked up: lower-cased, and through UTS 46 ToUnicode when it had
    /// non-ASCII characters.
    ///
    /// ```
    /// assert_eq!(urlkit::domain::split("WWW.Example.COM").unwrap().host(), "www.example.com");
    /// ```
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The [public suffix](https://url.spec.whatwg.org/#host-public-suffix): the part a
    /// rule (or the default rule `*`) matched.
    ///
    /// ```
    /// assert_eq!(urlkit::domain::split("a.b.c.kobe.jp").unwrap().public_suffix(), "c.kobe.jp");
    /// ```
    pub fn public_suffix(&self) -> &str {
        &self.host[self.suffix..]
    }

    /// The [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) (eTLD+1):
    /// the public suffix and the label before it; `None` when the host is a public suffix.
    ///
    /// ```
    /// let split = urlkit::domain::split;
    /// assert_eq!(split("www.city.kobe.jp").unwrap().registrable_domain(), Some("city.kobe.jp"));
    /// assert_eq!(split("co.uk").unwrap().registrable_domain(), None);
    /// ```
    pub fn registrable_domain(&self) -> Option<&str> {
        self.registrable.map(|r| &self.host[r..])
    }

    /// The labels before the registrable domain (without the dot that joins them); `None`
    /// when there are none.
    ///
    /// ```
    /// let split = urlkit::domain::split;
    /// assert_eq!(split("a.b.example.com").unwrap().subdomain(), Some("a.b"));
    /// assert_eq!(split("example.com").unwrap().subdomain(), None);
    /// ```
    pub fn subdomain(&self) -> Option<&str> {
        match self.registrable {
            Some(r) if r > 0 => Some(&self.host[..r - 1]),
            _ => None,
        }
    }

    /// The section of the rule that gave the public suffix.
    ///
    /// ```
    /// assert_eq!(urlkit::domain::split("s3.amazonaws.com").unwrap().section(), urlkit::domain::Section::Private);
    /// ```
    pub fn section(&self) -> Section {
        self.section
    }

    /// Whether the public suffix comes from the ICANN section.
    ///
    /// ```
    /// assert!(urlkit::domain::split("example.co.uk").unwrap().icann());
    /// assert!(!urlkit::domain::split("example.blogspot.com").unwrap().icann());
    /// ```
    pub fn icann(&self) -> bool {
        self.section == Section::Icann
    }

    /// The registrable domain, owning or borrowing as the host does.
    ///
    /// ```
    /// let parts = urlkit::domain::split("a.example.com").unwrap();
    /// assert_eq!(parts.into_registrable_domain().as_deref(), Some("example.com"));
    /// ```
    pub fn into_registrable_domain(self) -> Option<Cow<'a, str>> {
        let r = self.registrable?;
        Some(tail(self.host, r))
    }

    /// The public suffix, owning or borrowing as the host does.
    ///
    /// ```
    /// assert_eq!(urlkit::domain::split("a.example.com").unwrap().into_public_suffix(), "com");
    /// ```
    pub fn into_public_suffix(self) -> Cow<'a, str> {
        tail(self.host, self.suffix)
    }
}

/// `host[from..]`, without a copy when borrowed.
fn tail(host: Cow<'_, str>, from: usize) -> Cow<'_, str> {
    match host {
        Cow::Borrowed(h) => Cow::Borrowed(&h[from..]),
        Cow::Owned(mut h) => {
            h.drain(..from);
            Cow::Owned(h)
        }
    }
}

impl List {
    /// [`List::split`] for a parsed [`Host`]: `None` unless it is a domain.
    ///
    /// ```
    /// use urlkit::{domain::List, Url};
    /// let url = Url::parse("https://www.Example.co.uk/")?;
    /// let parts = List::builtin().split_host(url.host().unwrap()).unwrap();
    /// assert_eq!(parts.registrable_domain(), Some("example.co.uk"));
    /// assert!(List::builtin().split_host(Url::parse("http://10.0.0.1/")?.host().unwrap()).is_none());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn split_host<'a>(&self, host: Host<&'a str>) -> Option<Parts<'a>> {
        match host {
            Host::Domain(d) => self.split(d),
            _ => None,
        }
    }

    /// The HTML Standard's [schemelessly same site](https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site):
    /// the same opaque origin, or tuple origins whose hosts are equal with no registrable
    /// domain, or whose registrable domains are equal (schemes and ports not compared).
    ///
    /// ```
    /// use urlkit::{domain::List, Url};
    /// let list = List::builtin();
    /// let a = Url::parse("https://x.example.com")?.origin();
    /// let b = Url::parse("http://y.example.com:81")?.origin();
    /// assert!(list.schemelessly_same_site(&a, &b));
    /// let ip = Url::parse("http://10.0.0.1")?.origin();
    /// assert!(list.schemelessly_same_site(&ip, &ip));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn schemelessly_same_site(&self, a: &Origin, b: &Origin) -> bool {
        match (a, b) {
            // Step 1: the same opaque origin (opaque origins are equal only to themselves).
            (Origin::Opaque(x), Origin::Opaque(y)) => x == y,
            // Step 2.
            (Origin::Tuple(_, host_a, _), Origin::Tuple(_, host_b, _)) => {
                let reg_a = self.host_registrable_domain(host_a);
                // Step 2.2: equal hosts whose registrable domain is null.
                if reg_a.is_none() {
                    return host_a == host_b;
                }
                // Step 2.3: equal non-null registrable domains.
                reg_a == self.host_registrable_domain(host_b)
            }
            _ => false,
        }
    }

    /// The HTML Standard's [same site](https://html.spec.whatwg.org/multipage/browsers.html#same-site):
    /// schemelessly same site, and both opaque or both tuples with the same scheme.
    ///
    /// ```
    /// use urlkit::{domain::List, Url};
    /// let list = List::builtin();
    /// let a = Url::parse("https://a.github.io")?.origin();
    /// let b = Url::parse("https://b.github.io")?.origin();
    /// assert!(!list.same_site(&a, &b)); // github.io is a public suffix
    /// let c = Url::parse("https://www.a.github.io")?.origin();
    /// assert!(list.same_site(&a, &c));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn same_site(&self, a: &Origin, b: &Origin) -> bool {
        self.schemelessly_same_site(a, b)
            && match (a, b) {
                (Origin::Opaque(_), Origin::Opaque(_)) => true,
                (Origin::Tuple(sa, ..), Origin::Tuple(sb, ..)) => sa == sb,
                _ => false,
            }
    }

    /// The registrable domain of a host (a borrowed domain for URL hosts).
    fn host_registrable_domain<'h>(&self, host: &'h Host<String>) -> Option<Cow<'h, str>> {
        match host {
            Host::Domain(d) => self.split(d)?.into_registrable_domain(),
            _ => None,
        }
    }
}

/// [`List::split`] with the built-in list.
///
/// ```
/// let p = urlkit::domain::split("shop.example.com.au").unwrap();
/// assert_eq!(p.registrable_domain(), Some("example.com.au"));
/// ```
pub fn split(host: &str) -> Option<Parts<'_>> {
    List::builtin().split(host)
}

/// The [public suffix](https://url.spec.whatwg.org/#host-public-suffix) of a domain, by
/// the built-in list; `None` when `host` is not a domain (see [`List::split`]).
///
/// ```
/// assert_eq!(urlkit::domain::public_suffix("www.example.co.uk").as_deref(), Some("co.uk"));
/// assert_eq!(urlkit::domain::public_suffix("EXAMPLE.COM").as_deref(), Some("com"));
/// ```
pub fn public_suffix(host: &str) -> Option<Cow<'_, str>> {
    Some(split(host)?.into_public_suffix())
}

/// The [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) (eTLD+1)
/// of a domain, by the built-in list; `None` for public suffixes and non-domains.
///
/// ```
/// use urlkit::domain::registrable_domain;
/// assert_eq!(registrable_domain("a.b.example.com").as_deref(), Some("example.com"));
/// assert_eq!(registrable_domain("com"), None);
/// ```
pub fn registrable_domain(host: &str) -> Option<Cow<'_, str>> {
    split(host)?.into_registrable_domain()
}

/// The labels before a domain's registrable domain, by the built-in list.
///
/// ```
/// assert_eq!(urlkit::domain::subdomain("a.b.example.com").as_deref(), Some("a.b"));
/// assert_eq!(urlkit::domain::subdomain("example.com"), None);
/// ```
pub fn subdomain(host: &str) -> Option<Cow<'_, str>> {
    let parts = split(host)?;
    let end = parts.registrable?.checked_sub(1)?;
    Some(match parts.host {
        Cow::Borrowed(h) => Cow::Borrowed(&h[..end]),
        Cow::Owned(mut h) => {
            h.truncate(end);
            Cow::Owned(h)
        }
    })
}

/// [`List::same_site`] with the built-in list.
///
/// ```
/// use urlkit::Url;
/// let a = Url::parse("https://news.example.co.uk")?.origin();
/// let b = Url::parse("https://shop.example.co.uk")?.origin();
/// assert!(urlkit::domain::same_site(&a, &b));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub fn same_site(a: &Origin, b: &Origin) -> bool {
    List::builtin().same_site(a, b)
}

/// [`List::schemelessly_same_site`] with the built-in list.
///
/// ```
/// use urlkit::Url;
/// let a = Url::parse("https://example.com")?.origin();
/// let b = Url::parse("http://www.example.com")?.origin();
/// assert!(urlkit::domain::schemelessly_same_site(&a, &b));
/// assert!(!urlkit::domain::same_site(&a, &b));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub fn schemelessly_same_site(a: &Origin, b: &Origin) -> bool {
    List::builtin().schemelessly_same_site(a, b)
}
