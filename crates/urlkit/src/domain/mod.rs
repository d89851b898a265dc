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
//! Where tools differ, the defaults follow the URL Standard and browsers, and each choice is
//! one call away: [`Options::private`]`(false)` leaves out the list's private section (as
//! Python's `tldextract` and JavaScript's `tldts` do by default);
//! [`Parts::is_known_suffix`] tells a listed suffix from the default rule `*` (an unlisted
//! top-level label, where `tldextract` answers no suffix); [`List::split_host`] splits a
//! non-special URL's opaque host (`git://git.kernel.org/`) when it is a valid domain, and
//! [`Parts::from_opaque_host`] says so.
//!
//! ```
//! use urlkit::domain::{self, List, Options};
//! let no_private = Options::new().private(false);
//! assert_eq!(List::builtin().split_with("x.github.io", no_private).unwrap().registrable_domain(), Some("github.io"));
//! assert!(!domain::split("router.internal").unwrap().is_known_suffix());
//! let git = urlkit::Url::parse("git://git.kernel.org/pub")?;
//! let parts = List::builtin().split_host(git.host().unwrap()).unwrap();
//! assert_eq!((parts.registrable_domain(), parts.from_opaque_host()), (Some("kernel.org"), true));
//! # Ok::<(), urlkit::ParseError>(())
//! ```
//!
//! URL helpers with ClickHouse's meanings (searchable by their ClickHouse names:
//! `cutToFirstSignificantSubdomain`, `URLHierarchy`, `extractURLParameters`, …):
//!
//! ```
//! use urlkit::{domain, Url};
//! let url = Url::parse("https://www.news.example.co.uk/a/b?x=1&utm_source=y#top")?;
//! assert_eq!(domain::cut_to_first_significant_subdomain(&url).as_deref(), Some("example.co.uk"));
//! assert_eq!(domain::top_level_domain(&url), Some("uk"));
//! assert_eq!(domain::cut_query_parameter(&url, "utm_source"), "https://www.news.example.co.uk/a/b?x=1#top");
//! # Ok::<(), urlkit::ParseError>(())
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

mod clickhouse;
mod list;

pub use clickhouse::{
    cut_fragment, cut_query_parameter, cut_query_string, cut_query_string_and_fragment,
    cut_to_first_significant_subdomain, cut_to_first_significant_subdomain_with_www, cut_www,
    domain_without_www, first_significant_subdomain, query_parameter, query_parameter_names,
    query_parameters, top_level_domain, url_hierarchy, url_path_hierarchy,
};
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

impl Section {
    /// The section's name as urlkit's outputs write it (`urlkit domain`, the bindings):
    /// `icann`, `private` or `unlisted`.
    ///
    /// ```
    /// use urlkit::domain::{split, Section};
    /// assert_eq!(split("x.github.io").unwrap().section().name(), "private");
    /// assert_eq!(Section::Unlisted.name(), "unlisted");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Section::Icann => "icann",
            Section::Private => "private",
            Section::Unlisted => "unlisted",
        }
    }
}

/// How a host is split: which sections of the list apply. [`Options::new`] (the default)
/// takes the whole list, as the URL Standard and browsers do.
///
/// ```
/// use urlkit::domain::{List, Options};
/// let icann = Options::new().private(false);
/// assert!(!icann.includes_private());
/// let p = List::builtin().split_with("a.b.s3.amazonaws.com", icann).unwrap();
/// assert_eq!(p.registrable_domain(), Some("amazonaws.com"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Options {
    private: bool,
}

impl Options {
    /// The whole list: ICANN and private sections.
    ///
    /// ```
    /// assert_eq!(urlkit::domain::Options::new(), Default::default());
    /// ```
    #[inline]
    pub const fn new() -> Options {
        Options { private: true }
    }

    /// Whether the rules of the private section (`github.io`, `blogspot.com`) apply; `false`
    /// splits as if the list had only its ICANN section (Python's `tldextract` with
    /// `include_psl_private_domains=False`, its default).
    ///
    /// ```
    /// use urlkit::domain::{split, List, Options};
    /// let p = List::builtin().split_with("x.blogspot.com", Options::new().private(false)).unwrap();
    /// assert_eq!(p.registrable_domain(), Some("blogspot.com"));
    /// assert_eq!(split("x.blogspot.com").unwrap().registrable_domain(), Some("x.blogspot.com"));
    /// ```
    #[inline]
    #[must_use]
    pub const fn private(self, include: bool) -> Options {
        Options { private: include }
    }

    /// Whether the private section applies.
    ///
    /// ```
    /// assert!(urlkit::domain::Options::new().includes_private());
    /// ```
    #[inline]
    pub const fn includes_private(self) -> bool {
        self.private
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::new()
    }
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
    /// The host was a URL's opaque host (a non-special scheme's), lower-cased.
    opaque: bool,
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
            opaque: false,
        }
    }

    /// The host as looked up: lower-cased, and through UTS 46 ToUnicode when it had
    /// non-ASCII characters.
    ///
    /// ```
    /// assert_eq!(urlkit::domain::split("WWW.Example.COM").unwrap().host(), "www.example.com");
    /// ```
    #[inline]
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The [public suffix](https://url.spec.whatwg.org/#host-public-suffix): the part a
    /// rule (or the default rule `*`) matched.
    ///
    /// ```
    /// assert_eq!(urlkit::domain::split("a.b.c.kobe.jp").unwrap().public_suffix(), "c.kobe.jp");
    /// ```
    #[inline]
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
    #[inline]
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
    #[inline]
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
    #[inline]
    pub fn section(&self) -> Section {
        self.section
    }

    /// Whether the public suffix comes from the ICANN section.
    ///
    /// ```
    /// assert!(urlkit::domain::split("example.co.uk").unwrap().icann());
    /// assert!(!urlkit::domain::split("example.blogspot.com").unwrap().icann());
    /// ```
    #[inline]
    pub fn icann(&self) -> bool {
        self.section == Section::Icann
    }

    /// Whether a rule of the list matched: `false` when only the default rule `*` did, so
    /// that the public suffix is just the last label of a top-level label the list does not
    /// know (`foo.internal`, `localhost`, a new or made-up TLD); the same as
    /// `section() != Section::Unlisted`. Python's `tldextract` answers no suffix there.
    ///
    /// ```
    /// let split = urlkit::domain::split;
    /// assert!(split("www.example.co.uk").unwrap().is_known_suffix());
    /// let p = split("printer.corp").unwrap();
    /// assert_eq!((p.public_suffix(), p.registrable_domain()), ("corp", Some("printer.corp")));
    /// assert!(!p.is_known_suffix());
    /// ```
    #[inline]
    pub fn is_known_suffix(&self) -> bool {
        self.section != Section::Unlisted
    }

    /// Whether the host was a URL's [opaque host](https://url.spec.whatwg.org/#opaque-host)
    /// (a non-special scheme's, as in `git://git.kernel.org/`), split because it is a
    /// [valid domain](https://url.spec.whatwg.org/#valid-domain): its lower-cased form was
    /// looked up. See [`List::split_host`].
    ///
    /// ```
    /// use urlkit::{domain::List, Url};
    /// let url = Url::parse("ssh://git@GitHub.com/rust-lang/rust")?;
    /// let p = List::builtin().split_host(url.host().unwrap()).unwrap();
    /// assert_eq!((p.registrable_domain(), p.from_opaque_host()), (Some("github.com"), true));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn from_opaque_host(&self) -> bool {
        self.opaque
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
    /// [`List::split`] for a parsed [`Host`]: a domain, or an opaque host (a non-special
    /// URL's, as in `git://git.kernel.org/` or `s3://bucket.example.com/`) that is a
    /// [valid domain](https://url.spec.whatwg.org/#valid-domain) as written, split in its
    /// lower-cased form ([`Parts::from_opaque_host`] says so). `None` for IP addresses, the
    /// empty host, and opaque hosts that are not valid domains (percent-encoded, with `_`,
    /// a label that starts or ends with `-`, or ending in a number).
    ///
    /// ```
    /// use urlkit::{domain::List, Url};
    /// let url = Url::parse("https://www.Example.co.uk/")?;
    /// let parts = List::builtin().split_host(url.host().unwrap()).unwrap();
    /// assert_eq!(parts.registrable_domain(), Some("example.co.uk"));
    /// assert!(List::builtin().split_host(Url::parse("http://10.0.0.1/")?.host().unwrap()).is_none());
    /// let git = Url::parse("git://Git.Kernel.org/pub")?;
    /// let parts = List::builtin().split_host(git.host().unwrap()).unwrap();
    /// assert_eq!((parts.registrable_domain(), parts.from_opaque_host()), (Some("kernel.org"), true));
    /// assert!(List::builtin().split_host(Url::parse("foo://a_b.example/")?.host().unwrap()).is_none());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn split_host<'a>(&self, host: Host<&'a str>) -> Option<Parts<'a>> {
        self.split_host_with(host, Options::new())
    }

    /// [`List::split_host`] with [`Options`].
    ///
    /// ```
    /// use urlkit::{domain::{List, Options}, Url};
    /// let url = Url::parse("git://x.github.io/")?;
    /// let parts = List::builtin().split_host_with(url.host().unwrap(), Options::new().private(false)).unwrap();
    /// assert_eq!(parts.registrable_domain(), Some("github.io"));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn split_host_with<'a>(&self, host: Host<&'a str>, options: Options) -> Option<Parts<'a>> {
        match host {
            Host::Domain(d) => self.split_with(d, options),
            Host::Opaque(h) => self.split_opaque(h, options),
            _ => None,
        }
    }

    /// An opaque host that is a valid domain, split in its lower-cased form. The opaque host
    /// parser keeps the host as written (its case, percent-encoding; non-ASCII arrives
    /// percent-encoded), so strict domain to ASCII decides: it accepts exactly the valid
    /// domains, and its output is the lower-cased ASCII form a special URL would hold.
    #[cold]
    fn split_opaque<'a>(&self, host: &'a str, options: Options) -> Option<Parts<'a>> {
        let ascii = crate::host::domain_to_ascii_strict(host).ok()?;
        let mut parts = if ascii == host {
            self.split_with(host, options)?
        } else {
            // Lower-case ASCII: split borrows it, so the offsets hold for the owned text.
            let (suffix, registrable, section) = {
                let p = self.split_with(&ascii, options)?;
                (p.suffix, p.registrable, p.section)
            };
            Parts::new(Cow::Owned(ascii), suffix, registrable, section)
        };
        parts.opaque = true;
        Some(parts)
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

/// The host `input` names, read as `urlkit domain` and the bindings' `domain()` read it:
/// the host of the URL `input` parses to, else `input` itself parsed as a special URL's
/// host ([`Host::parse`]: `Example.COM`, `127.1`, `[::1]`). A bare host must not be empty
/// and must not hold `://` (that is a URL that failed, and its error is the one to report).
/// Split the answer with [`List::split_host`] and [`Host::as_deref`].
///
/// # Errors
///
/// The URL parser's error when `input` is neither a URL nor a host.
///
/// ```
/// use urlkit::{domain, Host};
/// assert_eq!(domain::host_of("https://WWW.Example.co.uk/a")?, Host::Domain("www.example.co.uk".into()));
/// assert_eq!(domain::host_of("Docs.RS")?, Host::Domain("docs.rs".into()));
/// assert_eq!(domain::host_of("git://git.kernel.org/pub")?, Host::Opaque("git.kernel.org".into()));
/// let host = domain::host_of("foo.github.io")?;
/// let parts = domain::List::builtin().split_host(host.as_deref()).unwrap();
/// assert_eq!(parts.registrable_domain(), Some("foo.github.io"));
/// assert!(domain::host_of("http://a b/").is_err());
/// assert!(domain::host_of("").is_err());
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub fn host_of(input: &str) -> Result<Host, crate::ParseError> {
    match crate::Url::parse(input) {
        Ok(url) => Ok(match url.host() {
            Some(Host::Domain(d)) => Host::Domain(d.into()),
            Some(Host::Opaque(h)) => Host::Opaque(h.into()),
            Some(Host::Ipv4(a)) => Host::Ipv4(a),
            Some(Host::Ipv6(a)) => Host::Ipv6(a),
            Some(Host::Empty) | None => Host::Empty,
        }),
        Err(url_error) => match Host::parse(input) {
            Ok(host) if host != Host::Empty && !input.contains("://") => Ok(host),
            _ => Err(url_error),
        },
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
