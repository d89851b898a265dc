//! `urlkit.domain`: a host split by the Public Suffix List (<https://publicsuffix.org/list/>,
//! "Formal algorithm") into the fields of `tldextract`'s `ExtractResult`, from the list built
//! into urlkit ([`urlkit::domain::List::builtin`]): nothing is fetched or cached on disk.

use crate::error::{url_error, url_error_in};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use urlkit::domain::{List, Options, Section};
use urlkit::{Host, Url};

/// A host split by the Public Suffix List, with ``tldextract``'s names and meanings.
///
/// ``subdomain``, ``domain`` and ``suffix`` rebuild the host; ``suffix`` is ``""`` when no
/// rule of the list matched (an unlisted TLD, ``localhost``) and ``domain`` then holds the
/// last label (or the whole IP address). ``registered_domain`` (and its newer name
/// ``top_domain_under_public_suffix``) is ``domain.suffix`` when both are set;
/// ``fqdn`` the whole name when there is a suffix; ``is_private`` whether the suffix came
/// from the list's private section. Beyond tldextract, ``public_suffix`` and
/// ``registrable_domain`` follow the list's own algorithm, default rule ``*`` included
/// (an unlisted TLD is its own public suffix), as the list's tests expect.
///
/// >>> import urlkit
/// >>> d = urlkit.domain("https://forums.news.bbc.co.uk:8080/path")
/// >>> d.subdomain, d.domain, d.suffix, d.registered_domain
/// ('forums.news', 'bbc', 'co.uk', 'bbc.co.uk')
/// >>> urlkit.domain("whatwg.github.io").registered_domain
/// 'whatwg.github.io'
/// >>> urlkit.domain("whatwg.github.io", private=False).registered_domain
/// 'github.io'
/// >>> d = urlkit.domain("intranet.corp")
/// >>> d.suffix, d.domain, d.registered_domain, d.registrable_domain
/// ('', 'corp', '', 'intranet.corp')
#[pyclass(name = "Domain", module = "urlkit", frozen, eq)]
#[derive(PartialEq, Eq)]
pub struct Domain {
    /// The labels below ``domain`` (``""`` when none).
    #[pyo3(get)]
    subdomain: String,
    /// The label just below the suffix, or (no suffix) the last label or the IP address.
    #[pyo3(get)]
    domain: String,
    /// The public suffix a listed rule matched, ``""`` when none did.
    #[pyo3(get)]
    suffix: String,
    /// Whether the suffix is from the list's private section (always ``False`` with
    /// ``private=False``).
    #[pyo3(get)]
    is_private: bool,
    /// The public suffix by the list's algorithm, default rule ``*`` included (``""`` for an
    /// IP address or no host).
    #[pyo3(get)]
    public_suffix: String,
    /// The registrable domain by the list's algorithm (``None`` when the host is a public
    /// suffix itself, an IP address, or not a domain).
    #[pyo3(get)]
    registrable_domain: Option<String>,
}

#[pymethods]
impl Domain {
    /// ``domain`` and ``suffix`` joined with a dot when both are set, else ``""``.
    #[getter]
    fn registered_domain(&self) -> String {
        self.top_domain_under_public_suffix()
    }

    /// The same as ``registered_domain`` (tldextract's newer name).
    #[getter]
    fn top_domain_under_public_suffix(&self) -> String {
        if self.suffix.is_empty() || self.domain.is_empty() {
            return String::new();
        }
        format!("{}.{}", self.domain, self.suffix)
    }

    /// The whole name when there is a suffix (and a domain, or a private suffix), else ``""``.
    #[getter]
    fn fqdn(&self) -> String {
        if self.suffix.is_empty() || (self.domain.is_empty() && !self.is_private) {
            return String::new();
        }
        let parts = [&self.subdomain, &self.domain, &self.suffix];
        let parts: Vec<&str> = parts
            .iter()
            .filter(|p| !p.is_empty())
            .map(|p| p.as_str())
            .collect();
        parts.join(".")
    }

    fn __repr__(&self) -> String {
        format!(
            "Domain(subdomain={:?}, domain={:?}, suffix={:?}, is_private={})",
            self.subdomain,
            self.domain,
            self.suffix,
            if self.is_private { "True" } else { "False" }
        )
    }
}

impl Domain {
    fn whole(domain: &str) -> Self {
        Domain {
            subdomain: String::new(),
            domain: domain.to_owned(),
            suffix: String::new(),
            is_private: false,
            public_suffix: String::new(),
            registrable_domain: None,
        }
    }

    /// Splits a domain name (not an IP address) by the built-in list.
    fn split(host: &str, private: bool) -> Self {
        // The root label's dot is no part of the split (tldextract drops it too).
        let host = host.trim_end_matches('.');
        let Some(parts) = List::builtin().split_with(host, Options::new().private(private)) else {
            return Domain::whole(host);
        };
        let public_suffix = parts.public_suffix().to_owned();
        let registrable_domain = parts.registrable_domain().map(str::to_owned);
        if parts.section() == Section::Unlisted {
            // Only the default rule `*` matched: tldextract reports no suffix, the last label
            // as the domain and the rest as the subdomain.
            let name = parts.host();
            let (subdomain, domain) = name.rsplit_once('.').unwrap_or(("", name));
            return Domain {
                subdomain: subdomain.to_owned(),
                domain: domain.to_owned(),
                suffix: String::new(),
                is_private: false,
                public_suffix,
                registrable_domain,
            };
        }
        let domain = registrable_domain
            .as_deref()
            .and_then(|r| r.split('.').next())
            .unwrap_or_default()
            .to_owned();
        Domain {
            subdomain: parts.subdomain().unwrap_or_default().to_owned(),
            domain,
            suffix: public_suffix.clone(),
            is_private: parts.section() == Section::Private,
            public_suffix,
            registrable_domain,
        }
    }
}

/// How a string that is not a bare host is read.
enum Form {
    /// It starts with a scheme and `:` (`https://…`, `mailto:…`).
    Url,
    /// `//host/…`: read as `http:` (a network-path reference).
    NetworkPath,
    /// `host:port/…` or `host/path`: read after `http://`.
    HostAndMore,
}

/// Reads `s` as tldextract reads a URL: a scheme when one is followed by `:` and not by a
/// port number (`example.com:8080` is a host and port).
fn url_form(s: &str) -> Form {
    if s.starts_with("//") {
        return Form::NetworkPath;
    }
    // RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    let scheme_len = s
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    let starts_alpha = s.bytes().next().is_some_and(|b| b.is_ascii_alphabetic());
    let rest = &s[scheme_len..];
    match rest.strip_prefix(':') {
        Some(after) if starts_alpha => {
            let port = after.bytes().take_while(u8::is_ascii_digit).count();
            let port_then_end = port > 0
                && after[port..]
                    .bytes()
                    .next()
                    .is_none_or(|b| matches!(b, b'/' | b'?' | b'#'));
            if port_then_end {
                Form::HostAndMore
            } else {
                Form::Url
            }
        }
        _ => Form::HostAndMore,
    }
}

/// Whether `s` is a URL rather than a bare host: it has an authority (`//`) or a character
/// that a host cannot hold but a URL, or a host with a port, can.
fn looks_like_url(s: &str) -> bool {
    s.bytes()
        .any(|b| matches!(b, b'/' | b':' | b'?' | b'#' | b'@' | b'\\'))
}

/// Splits the host of ``url_or_host`` by the Public Suffix List built into urlkit.
///
/// ``url_or_host`` is a URL (``https://a.b.example.co.uk/x``, or scheme-less with a port or
/// path: ``a.example.com:8080/x``), parsed by the WHATWG URL Standard, or a bare host, split
/// as given (Unicode stays Unicode, upper case is folded). ``private=False`` leaves out the
/// list's private section, like ``tldextract``'s default. Raises ``URLError`` when a URL
/// does not parse; a URL without a host gives empty fields.
///
/// >>> import urlkit
/// >>> urlkit.domain("http://www.google.co.uk").registered_domain
/// 'google.co.uk'
/// >>> urlkit.domain("127.0.0.1").domain
/// '127.0.0.1'
#[pyfunction]
#[pyo3(signature = (url_or_host, *, private = true))]
pub(crate) fn domain(py: Python<'_>, url_or_host: PyBackedStr, private: bool) -> PyResult<Domain> {
    // URL Standard §4.4 step 1-2 (basic URL parser): leading and trailing C0 controls and
    // spaces are not part of a URL; a bare host is read the same way (tldextract strips too).
    let original: &str = &url_or_host;
    let input = original.trim_start_matches(|c: char| c <= ' ');
    let lead = original.len() - input.len();
    let input = input.trim_end_matches(|c: char| c <= ' ');
    if !looks_like_url(input) {
        return Ok(match Host::parse(input) {
            Ok(Host::Ipv4(_) | Host::Ipv6(_)) => Domain::whole(input),
            _ => Domain::split(input, private),
        });
    }
    // §4.4 step 3: the parser removes ASCII tabs and newlines anywhere; read the form without them.
    let form = if input.contains(['\t', '\n', '\r']) {
        url_form(&input.replace(['\t', '\n', '\r'], ""))
    } else {
        url_form(input)
    };
    let prefix = match form {
        Form::Url => "",
        Form::NetworkPath => "http:",
        Form::HostAndMore => "http://",
    };
    let url = if prefix.is_empty() {
        Url::parse(input)
    } else {
        Url::parse(&format!("{prefix}{input}"))
    }
    .map_err(|e| {
        // The position in what the caller gave: without the scheme added, after the spaces trimmed.
        let byte = e.position().saturating_sub(prefix.len()) + lead;
        url_error_in(py, e, original, byte)
    })?;
    Ok(match url.host() {
        // An opaque host (a non-special scheme's) is split as written, lower-cased by the list.
        Some(Host::Domain(d) | Host::Opaque(d)) => Domain::split(d, private),
        Some(Host::Ipv4(_) | Host::Ipv6(_)) => Domain::whole(url.hostname()),
        Some(Host::Empty) | None => Domain::whole(""),
    })
}

/// The `urlkit domain --json` object of `input` (for `python -m urlkit domain`): the host
/// as the CLI reads it (a URL's hostname, else the input parsed as a host), split by the
/// list; a URL that does not parse and is no host raises `URLError`.
#[pyfunction]
#[pyo3(signature = (input, private = true))]
pub(crate) fn _domain_record<'py>(
    py: Python<'py>,
    input: PyBackedStr,
    private: bool,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let host = urlkit::domain::host_of(&input).map_err(|e| url_error(py, e, &input))?;
    let parts = List::builtin().split_host_with(host.as_deref(), Options::new().private(private));
    let host = host.to_string();
    let section = parts.as_ref().map_or("-", |p| p.section().name());
    let d = pyo3::types::PyDict::new(py);
    d.set_item("input", &*input)?;
    d.set_item("ok", true)?;
    d.set_item("host", &host)?;
    d.set_item("public_suffix", parts.as_ref().map(|p| p.public_suffix()))?;
    d.set_item(
        "registrable_domain",
        parts.as_ref().and_then(|p| p.registrable_domain()),
    )?;
    d.set_item("subdomain", parts.as_ref().and_then(|p| p.subdomain()))?;
    d.set_item("icann", parts.as_ref().is_some_and(|p| p.icann()))?;
    d.set_item("known_suffix", parts.as_ref().map(|p| p.is_known_suffix()))?;
    d.set_item(
        "from_opaque_host",
        parts.as_ref().is_some_and(|p| p.from_opaque_host()),
    )?;
    d.set_item("section", section)?;
    Ok(d)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Domain>()?;
    m.add_function(wrap_pyfunction!(domain, m)?)?;
    m.add_function(wrap_pyfunction!(_domain_record, m)?)
}
