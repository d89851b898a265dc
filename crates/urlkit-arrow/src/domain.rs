//! `registrable_domain` and `public_suffix`: a URL's host split by the Public Suffix List.

use crate::output::{OnError, Output, Row};
use crate::whatwg::map_urls;
use arrow_array::{Array, StringViewArray};
use arrow_schema::ArrowError;
use urlkit::domain::{List, Options};

/// Which part of a host [`domain`] gives, by the [Public Suffix List](https://publicsuffix.org/list/).
///
/// ```
/// use urlkit_arrow::DomainPart;
/// assert_eq!(DomainPart::RegistrableDomain.name(), "registrable_domain");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DomainPart {
    /// The [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) (eTLD+1):
    /// null for a public suffix itself, an IP address or an opaque host that is not a valid
    /// domain.
    RegistrableDomain,
    /// The [public suffix](https://url.spec.whatwg.org/#host-public-suffix): null for an IP
    /// address or an opaque host that is not a valid domain.
    PublicSuffix,
}

impl DomainPart {
    /// The part's name: `registrable_domain` or `public_suffix`.
    ///
    /// ```
    /// assert_eq!(urlkit_arrow::DomainPart::PublicSuffix.name(), "public_suffix");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            DomainPart::RegistrableDomain => "registrable_domain",
            DomainPart::PublicSuffix => "public_suffix",
        }
    }
}

/// The registrable domain or public suffix of every URL's host by `list` (usually
/// [`List::builtin`]), as [`List::split_host`] gives it for [`urlkit::Url::host`]: a domain,
/// or a non-special URL's opaque host (`git://git.kernel.org/`) that is a valid domain, in
/// its lower-cased form. Null where the URL is null or fails to parse (an error with
/// [`OnError::Message`]), where its host is not a domain (an IP address, an opaque host that
/// is not a valid domain, none), and, for the registrable domain, where the host is a public
/// suffix.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit::domain::List;
/// use urlkit_arrow::{domain, DomainPart};
/// let urls = StringArray::from(vec!["https://www.Example.co.uk/a", "http://10.0.0.1/", "https://user.github.io/"]);
/// let out = domain(&urls, DomainPart::RegistrableDomain, List::builtin(), Default::default())?;
/// assert_eq!(out.values.value(0), "example.co.uk");
/// assert!(out.values.is_null(1));
/// assert_eq!(out.values.value(2), "user.github.io");
/// let out = domain(&urls, DomainPart::PublicSuffix, List::builtin(), Default::default())?;
/// assert_eq!(out.values.value(0), "co.uk");
/// assert_eq!(out.values.value(2), "github.io");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn domain(
    urls: &dyn Array,
    part: DomainPart,
    list: &List,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    domain_with(urls, part, list, Options::new(), on_error)
}

/// [`domain`] with [`Options`]: `Options::new().private(false)` leaves out the list's private
/// section (the ICANN rules alone, as Python's `tldextract` does by default).
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit::domain::{List, Options};
/// use urlkit_arrow::{domain_with, DomainPart};
/// let urls = StringArray::from(vec!["https://user.github.io/", "git://git.kernel.org/pub"]);
/// let icann = Options::new().private(false);
/// let out = domain_with(&urls, DomainPart::RegistrableDomain, List::builtin(), icann, Default::default())?;
/// assert_eq!(out.values.value(0), "github.io");
/// assert_eq!(out.values.value(1), "kernel.org");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn domain_with(
    urls: &dyn Array,
    part: DomainPart,
    list: &List,
    options: Options,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    map_urls(urls, on_error, |url, out| {
        let Some(parts) = url.host().and_then(|h| list.split_host_with(h, options)) else {
            return Row::Null;
        };
        let value = match part {
            DomainPart::RegistrableDomain => parts.registrable_domain(),
            DomainPart::PublicSuffix => Some(parts.public_suffix()),
        };
        match value {
            Some(v) => {
                out.append_value(v);
                Row::Value
            }
            None => Row::Null,
        }
    })
}

/// [`domain`] with [`DomainPart::RegistrableDomain`] and the built-in list.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["https://a.b.example.com/"]);
/// let out = urlkit_arrow::registrable_domain(&urls, Default::default())?;
/// assert_eq!(out.values.value(0), "example.com");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn registrable_domain(
    urls: &dyn Array,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    domain(urls, DomainPart::RegistrableDomain, List::builtin(), on_error)
}

/// [`domain`] with [`DomainPart::PublicSuffix`] and the built-in list.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["https://shop.example.com.au/"]);
/// let out = urlkit_arrow::public_suffix(&urls, Default::default())?;
/// assert_eq!(out.values.value(0), "com.au");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn public_suffix(urls: &dyn Array, on_error: OnError) -> Result<Output<StringViewArray>, ArrowError> {
    domain(urls, DomainPart::PublicSuffix, List::builtin(), on_error)
}
