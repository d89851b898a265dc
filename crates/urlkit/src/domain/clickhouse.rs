//! URL helpers with the meaning ClickHouse's URL functions have (their names are doc
//! aliases), over a parsed [`Url`]: ClickHouse works on raw strings without parsing; here the
//! URL is parsed by the WHATWG URL Standard first, so hosts are lower-case, IDNA-processed
//! and default ports are gone. The significant-subdomain functions use the Public Suffix
//! List, as ClickHouse's `…Custom` variants do with a `public_suffix_list` TLD list.

use super::List;
use crate::{Host, Url};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// The host without one leading `www.` (`domainWithoutWWW`).
///
/// ```
/// use urlkit::{domain::domain_without_www, Url};
/// assert_eq!(domain_without_www(&Url::parse("http://www.example.com/a")?), "example.com");
/// assert_eq!(domain_without_www(&Url::parse("http://www.www.example.com/")?), "www.example.com");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "domainWithoutWWW")]
pub fn domain_without_www(url: &Url) -> &str {
    let host = url.hostname();
    host.strip_prefix("www.").unwrap_or(host)
}

/// The last label of a domain host (`topLevelDomain`); `None` for IP addresses, opaque and
/// empty hosts.
///
/// ```
/// use urlkit::{domain::top_level_domain, Url};
/// assert_eq!(top_level_domain(&Url::parse("https://svn.example.co.uk:8080/")?), Some("uk"));
/// assert_eq!(top_level_domain(&Url::parse("http://127.0.0.1/")?), None);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "topLevelDomain")]
pub fn top_level_domain(url: &Url) -> Option<&str> {
    let Some(Host::Domain(d)) = url.host() else {
        return None;
    };
    let d = d.strip_suffix('.').unwrap_or(d);
    d.rsplit('.').next().filter(|l| !l.is_empty())
}

/// The label before the public suffix (`firstSignificantSubdomain`,
/// `firstSignificantSubdomainCustom`): `example` for `news.example.co.uk`; `None` when the
/// host is a public suffix or not a domain.
///
/// ```
/// use urlkit::{domain::first_significant_subdomain, Url};
/// assert_eq!(first_significant_subdomain(&Url::parse("https://news.clickhouse.com.tr/")?).as_deref(), Some("clickhouse"));
/// assert_eq!(first_significant_subdomain(&Url::parse("https://co.uk/")?), None);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(
    alias = "firstSignificantSubdomain",
    alias = "firstSignificantSubdomainCustom"
)]
pub fn first_significant_subdomain(url: &Url) -> Option<Cow<'_, str>> {
    let reg = cut_to_first_significant_subdomain(url)?;
    let end = reg.find('.').unwrap_or(reg.len());
    Some(match reg {
        Cow::Borrowed(r) => Cow::Borrowed(&r[..end]),
        Cow::Owned(mut r) => {
            r.truncate(end);
            Cow::Owned(r)
        }
    })
}

/// The host from its first significant subdomain on: the registrable domain
/// (`cutToFirstSignificantSubdomain`, `cutToFirstSignificantSubdomainCustom`).
///
/// ```
/// use urlkit::{domain::cut_to_first_significant_subdomain, Url};
/// let url = Url::parse("https://www.kernel.org/pub/")?;
/// assert_eq!(cut_to_first_significant_subdomain(&url).as_deref(), Some("kernel.org"));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(
    alias = "cutToFirstSignificantSubdomain",
    alias = "cutToFirstSignificantSubdomainCustom"
)]
pub fn cut_to_first_significant_subdomain(url: &Url) -> Option<Cow<'_, str>> {
    List::builtin().split_host(url.host()?)?.into_registrable_domain()
}

/// As [`cut_to_first_significant_subdomain`], keeping a `www.` label right before it
/// (`cutToFirstSignificantSubdomainWithWWW`).
///
/// ```
/// use urlkit::{domain::cut_to_first_significant_subdomain_with_www, Url};
/// let url = Url::parse("https://a.www.kernel.org/")?;
/// assert_eq!(cut_to_first_significant_subdomain_with_www(&url).as_deref(), Some("www.kernel.org"));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "cutToFirstSignificantSubdomainWithWWW")]
pub fn cut_to_first_significant_subdomain_with_www(url: &Url) -> Option<Cow<'_, str>> {
    let host = url.hostname();
    let reg = cut_to_first_significant_subdomain(url)?;
    let start = host.len() - reg.len();
    Some(match host[..start].strip_suffix("www.") {
        Some(before) if before.is_empty() || before.ends_with('.') => Cow::Borrowed(&host[start - 4..]),
        _ => reg,
    })
}

/// The href cut after each run of `/`, `?` and `#` in the path, query and fragment, the
/// first element being scheme, host and the path's first `/` (`URLHierarchy`).
///
/// ```
/// use urlkit::{domain::url_hierarchy, Url};
/// let url = Url::parse("https://example.com/browse/CONV-6788?x=1")?;
/// assert_eq!(url_hierarchy(&url), ["https://example.com/", "https://example.com/browse/",
///     "https://example.com/browse/CONV-6788?", "https://example.com/browse/CONV-6788?x=1"]);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "URLHierarchy")]
pub fn url_hierarchy(url: &Url) -> Vec<&str> {
    let href = url.as_str();
    let start = path_start(url);
    let mut out = Vec::new();
    // The first element: up to the path's first '/', when it has one.
    let first = if href[start..].starts_with('/') {
        start + 1
    } else {
        start
    };
    hierarchy(href, first, &mut out);
    out
}

/// As [`url_hierarchy`] from the path on, without the root `/` (`URLPathHierarchy`).
///
/// ```
/// use urlkit::{domain::url_path_hierarchy, Url};
/// let url = Url::parse("https://example.com/browse/CONV-6788")?;
/// assert_eq!(url_path_hierarchy(&url), ["/browse/", "/browse/CONV-6788"]);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "URLPathHierarchy")]
pub fn url_path_hierarchy(url: &Url) -> Vec<&str> {
    let href = url.as_str();
    let start = path_start(url);
    let rest = &href[start..];
    let mut out = Vec::new();
    let first = if rest.starts_with('/') { 1 } else { 0 };
    let mut cuts = Vec::new();
    hierarchy(rest, first, &mut cuts);
    out.extend(cuts.into_iter().skip(usize::from(first == 1)));
    out
}

/// Pushes `s[..first]` (when not empty), then `s` cut after each run of separators past
/// `first`, then `s` itself when it does not end with one.
fn hierarchy<'a>(s: &'a str, first: usize, out: &mut Vec<&'a str>) {
    let sep = |b: u8| matches!(b, b'/' | b'?' | b'#');
    if first > 0 {
        out.push(&s[..first]);
    }
    let b = s.as_bytes();
    let mut i = first;
    while i < b.len() {
        if sep(b[i]) {
            while i < b.len() && sep(b[i]) {
                i += 1;
            }
            out.push(&s[..i]);
        } else {
            i += 1;
        }
    }
    if b.len() > first && !sep(b[b.len() - 1]) {
        out.push(s);
    }
}

/// Where the path starts in the href.
fn path_start(url: &Url) -> usize {
    let tail = url.pathname().len()
        + url.query().map_or(0, |q| q.len() + 1)
        + url.fragment().map_or(0, |f| f.len() + 1);
    url.as_str().len() - tail
}

/// The `name=value` pieces of the query, not decoded (`extractURLParameters`).
///
/// ```
/// use urlkit::{domain::query_parameters, Url};
/// assert_eq!(query_parameters(&Url::parse("http://h/?a=1&b&&c=%20#x")?), ["a=1", "b", "c=%20"]);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "extractURLParameters")]
pub fn query_parameters(url: &Url) -> Vec<&str> {
    url.query()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
        .collect()
}

/// The names of the query's parameters, not decoded (`extractURLParameterNames`).
///
/// ```
/// use urlkit::{domain::query_parameter_names, Url};
/// assert_eq!(query_parameter_names(&Url::parse("http://h/?a=1&b&a=2")?), ["a", "b", "a"]);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "extractURLParameterNames")]
pub fn query_parameter_names(url: &Url) -> Vec<&str> {
    query_parameters(url)
        .into_iter()
        .map(|p| p.split('=').next().unwrap_or(p))
        .collect()
}

/// The value of the first parameter named `name`, not decoded (`extractURLParameter`);
/// `Some("")` for a name without `=`.
///
/// ```
/// use urlkit::{domain::query_parameter, Url};
/// let url = Url::parse("http://h/?a=1&b=x%20y&a=2")?;
/// assert_eq!((query_parameter(&url, "a"), query_parameter(&url, "b"), query_parameter(&url, "c")), (Some("1"), Some("x%20y"), None));
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "extractURLParameter")]
pub fn query_parameter<'a>(url: &'a Url, name: &str) -> Option<&'a str> {
    query_parameters(url)
        .into_iter()
        .find_map(|p| match p.split_once('=') {
            Some((n, v)) if n == name => Some(v),
            None if p == name => Some(""),
            _ => None,
        })
}

/// The href without the parameters named `name` (`cutURLParameter`); without `?` when none
/// is left.
///
/// ```
/// use urlkit::{domain::cut_query_parameter, Url};
/// let url = Url::parse("http://bigmir.net/?a=b&c=d&e=f&a=g#g")?;
/// assert_eq!(cut_query_parameter(&url, "a"), "http://bigmir.net/?c=d&e=f#g");
/// assert_eq!(cut_query_parameter(&Url::parse("http://h/?a=1")?, "a"), "http://h/");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "cutURLParameter")]
pub fn cut_query_parameter(url: &Url, name: &str) -> String {
    let href = url.as_str();
    let Some(query) = url.query() else {
        return String::from(href);
    };
    let before = path_start(url) + url.pathname().len();
    let mut out = String::from(&href[..before]);
    let kept = query
        .split('&')
        .filter(|p| !p.is_empty() && p.split('=').next() != Some(name));
    for (k, p) in kept.enumerate() {
        out.push(if k == 0 { '?' } else { '&' });
        out.push_str(p);
    }
    if let Some(f) = url.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// The href without its query, `?` included (`cutQueryString`); the fragment stays.
///
/// ```
/// use urlkit::{domain::cut_query_string, Url};
/// assert_eq!(cut_query_string(&Url::parse("http://h/p?a=1#f")?), "http://h/p#f");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "cutQueryString")]
pub fn cut_query_string(url: &Url) -> String {
    let href = url.as_str();
    let end = path_start(url) + url.pathname().len();
    let mut out = String::from(&href[..end]);
    if let Some(f) = url.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// The href without its fragment, `#` included (`cutFragment`).
///
/// ```
/// use urlkit::{domain::cut_fragment, Url};
/// assert_eq!(cut_fragment(&Url::parse("http://h/p?a=1#f")?), "http://h/p?a=1");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "cutFragment")]
pub fn cut_fragment(url: &Url) -> &str {
    let href = url.as_str();
    &href[..href.len() - url.fragment().map_or(0, |f| f.len() + 1)]
}

/// The href without query and fragment (`cutQueryStringAndFragment`).
///
/// ```
/// use urlkit::{domain::cut_query_string_and_fragment, Url};
/// assert_eq!(cut_query_string_and_fragment(&Url::parse("http://h/p?a=1#f")?), "http://h/p");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "cutQueryStringAndFragment")]
pub fn cut_query_string_and_fragment(url: &Url) -> &str {
    &url.as_str()[..path_start(url) + url.pathname().len()]
}

/// The href with one leading `www.` removed from the host (`cutWWW`).
///
/// ```
/// use urlkit::{domain::cut_www, Url};
/// assert_eq!(cut_www(&Url::parse("http://www.example.com/a")?), "http://example.com/a");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[doc(alias = "cutWWW")]
pub fn cut_www(url: &Url) -> String {
    let href = url.as_str();
    let host = url.hostname();
    if !host.starts_with("www.") {
        return String::from(href);
    }
    // The host sits right before the port (if any) and the path.
    let port = url.port_str();
    let host_end = path_start(url) - if port.is_empty() { 0 } else { port.len() + 1 };
    let host_start = host_end - host.len();
    let mut out = String::with_capacity(href.len());
    out.push_str(&href[..host_start]);
    out.push_str(&href[host_start + 4..]);
    out
}
