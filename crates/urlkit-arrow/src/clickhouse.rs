//! The ClickHouse helpers of [`urlkit::domain`] (`URLHierarchy`, `cutWWW`,
//! `extractURLParameter`, …) and the slices of the href ClickHouse's functions name (`netloc`,
//! `pathFull`, …) over whole columns. Every URL is parsed by the URL Standard first; with
//! [`OnError::Empty`] a row gives the empty string (list) where ClickHouse's function does.

use crate::input::Strings;
use crate::output::{OnError, Output, Row, run};
use crate::whatwg::{map_urls, map_urls_indexed, string_list_field};
use arrow_array::builder::{ListBuilder, StringBuilder, UInt16Builder};
use arrow_array::{Array, ListArray, StringViewArray, UInt16Array};
use arrow_schema::ArrowError;
use urlkit::domain::{self, List};
use urlkit::{Host, ParseError, Url};

/// Where the path starts and ends (where the query or fragment starts) in the href.
fn path_bounds(url: &Url) -> (usize, usize) {
    let href = url.as_str();
    let tail = url.query().map_or(0, |q| q.len() + 1) + url.fragment().map_or(0, |f| f.len() + 1);
    let end = href.len() - tail;
    (end - url.pathname().len(), end)
}

/// A slice of the href ([`slice`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slice {
    /// The href without its query (`?` included; the fragment stays): `cutQueryString`.
    CutQueryString,
    /// The href without its fragment (`#` included): `cutFragment`.
    CutFragment,
    /// The href without query and fragment: `cutQueryStringAndFragment`.
    CutQueryStringAndFragment,
    /// The href with one leading `www.` label of the host removed: `cutWWW`.
    CutWww,
    /// The host without one leading `www.`: `domainWithoutWWW`.
    DomainWithoutWww,
    /// What is between `//` and the path: username, password, host and port as serialized
    /// (`netloc`); absent when the URL has no host.
    Netloc,
    /// The path, query and fragment (`pathFull`).
    PathFull,
    /// The query without `?` and then `#` and the fragment; the fragment with its `#` when
    /// there is no query (`queryStringAndFragment`).
    QueryStringAndFragment,
}

/// One [`Slice`] of every URL. Null where the URL is null or fails to parse, or the slice is
/// absent (with [`OnError::Empty`], the empty string).
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// use urlkit_arrow::{slice, Slice};
/// let urls = StringArray::from(vec!["http://u:p@www.example.com:81/a?b=1#c"]);
/// let v = |s| slice(&urls, s, Default::default()).unwrap().values.value(0).to_owned();
/// assert_eq!(v(Slice::CutQueryString), "http://u:p@www.example.com:81/a#c");
/// assert_eq!(v(Slice::CutWww), "http://u:p@example.com:81/a?b=1#c");
/// assert_eq!(v(Slice::Netloc), "u:p@www.example.com:81");
/// assert_eq!(v(Slice::QueryStringAndFragment), "b=1#c");
/// ```
pub fn slice(
    urls: &dyn Array,
    which: Slice,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    let mut text = String::new();
    map_urls(urls, on_error, |url, out| {
        let href = url.as_str();
        let (start, end) = path_bounds(url);
        let value: &str = match which {
            Slice::CutQueryString => {
                text.clear();
                text.push_str(&href[..end]);
                if let Some(f) = url.fragment() {
                    text.push('#');
                    text.push_str(f);
                }
                &text
            }
            Slice::CutFragment => domain::cut_fragment(url),
            Slice::CutQueryStringAndFragment => &href[..end],
            Slice::CutWww => {
                text = domain::cut_www(url);
                &text
            }
            Slice::DomainWithoutWww => domain::domain_without_www(url),
            Slice::Netloc if url.host().is_some() => &href[url.protocol().len() + 2..start],
            Slice::Netloc => return Row::Null,
            Slice::PathFull => &href[start..],
            Slice::QueryStringAndFragment => match url.query() {
                Some(_) => &href[end + 1..],
                None => &href[end..],
            },
        };
        out.append_value(value);
        Row::Value
    })
}

/// The URL's hierarchy ([`domain::url_hierarchy`], `URLHierarchy`), or its path's
/// ([`domain::url_path_hierarchy`], `URLPathHierarchy`) where `path_only`, as a list of
/// strings. Null where the URL is null or fails to parse (an empty list with
/// [`OnError::Empty`]).
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// use arrow_array::cast::AsArray;
/// let urls = StringArray::from(vec!["https://example.com/browse/CONV-6788"]);
/// let out = urlkit_arrow::hierarchy(&urls, true, Default::default())?;
/// let v: Vec<_> = out.value(0).as_string::<i32>().iter().flatten().map(str::to_owned).collect();
/// assert_eq!(v, ["/browse/", "/browse/CONV-6788"]);
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn hierarchy(urls: &dyn Array, path_only: bool, on_error: OnError) -> Result<ListArray, ArrowError> {
    lists(urls, on_error, |url, out| {
        let items = match path_only {
            true => domain::url_path_hierarchy(url),
            false => domain::url_hierarchy(url),
        };
        for item in items {
            out.append_value(item);
        }
    })
}

/// The query's `name=value` pieces ([`domain::query_parameters`], `extractURLParameters`),
/// or their names alone ([`domain::query_parameter_names`], `extractURLParameterNames`)
/// where `names`, not decoded, as a list. Null where the URL is null or fails to parse (an
/// empty list with [`OnError::Empty`]).
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// use arrow_array::cast::AsArray;
/// let urls = StringArray::from(vec!["http://h/?a=1&b&c=%20"]);
/// let out = urlkit_arrow::query_pieces(&urls, true, Default::default())?;
/// let v: Vec<_> = out.value(0).as_string::<i32>().iter().flatten().map(str::to_owned).collect();
/// assert_eq!(v, ["a", "b", "c"]);
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn query_pieces(urls: &dyn Array, names: bool, on_error: OnError) -> Result<ListArray, ArrowError> {
    lists(urls, on_error, |url, out| {
        for piece in domain::query_parameters(url) {
            let piece = match names {
                true => piece.split('=').next().unwrap_or(piece),
                false => piece,
            };
            out.append_value(piece);
        }
    })
}

/// A list of strings per URL, written by `row` into the list's values.
fn lists(
    urls: &dyn Array,
    on_error: OnError,
    mut row: impl FnMut(&Url, &mut StringBuilder),
) -> Result<ListArray, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let mut out = ListBuilder::new(StringBuilder::new()).with_field(string_list_field());
    let mut spare = String::new();
    run(
        input,
        urls.len(),
        on_error,
        &mut out,
        |_, s, out| match Url::parse_reusing(s, core::mem::take(&mut spare)) {
            Ok(url) => {
                row(&url, out.values());
                out.append(true);
                spare = url.into_string();
                Row::Value
            }
            Err(e) => Row::<ParseError>::Failed(e),
        },
    );
    Ok(out.finish())
}

/// The raw (not decoded) value of the first query parameter `name`
/// ([`domain::query_parameter`], `extractURLParameter`): the empty string for a name without
/// `=`; absent when the query has no such parameter. Null where the URL or the name is null,
/// the URL fails to parse, or the parameter is absent (with [`OnError::Empty`], the empty
/// string but for a null argument).
///
/// # Errors
///
/// When `urls` is not a string array, or `name` a column of another length.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::Strings;
/// let urls = StringArray::from(vec!["http://h/?a=1&b=x%20y", "http://h/"]);
/// let out = urlkit_arrow::query_param_raw(&urls, Strings::Scalar(Some("b")), Default::default())?;
/// assert_eq!(out.values.value(0), "x%20y");
/// assert!(out.values.is_null(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn query_param_raw(
    urls: &dyn Array,
    name: Strings<'_>,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    name.check_len(urls.len(), "the parameter name")?;
    map_urls_indexed(urls, on_error, |i, url, out| {
        match name.get(i).and_then(|n| domain::query_parameter(url, n)) {
            Some(v) => {
                out.append_value(v);
                Row::Value
            }
            None => Row::Null,
        }
    })
}

/// The href without every query parameter named `name` ([`domain::cut_query_parameter`],
/// `cutURLParameter`; the `?` goes when none is left). Null where an argument is null or the
/// URL fails to parse (with [`OnError::Empty`], the empty string for a URL that fails).
///
/// # Errors
///
/// When `urls` is not a string array, or `name` a column of another length.
///
/// ```
/// use arrow_array::StringArray;
/// use urlkit_arrow::Strings;
/// let urls = StringArray::from(vec!["http://bigmir.net/?a=b&c=d&e=f#g"]);
/// let out = urlkit_arrow::cut_query_param(&urls, Strings::Scalar(Some("a")), Default::default())?;
/// assert_eq!(out.values.value(0), "http://bigmir.net/?c=d&e=f#g");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn cut_query_param(
    urls: &dyn Array,
    name: Strings<'_>,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    name.check_len(urls.len(), "the parameter name")?;
    map_urls_indexed(urls, on_error, |i, url, out| match name.get(i) {
        Some(n) => {
            out.append_value(domain::cut_query_parameter(url, n));
            Row::Value
        }
        None => Row::Null,
    })
}

/// Which label of the host [`labels`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Label {
    /// The last label of a domain (`topLevelDomain`): of a special URL's domain
    /// ([`domain::top_level_domain`]) or of an opaque host that is a valid domain (lower-cased,
    /// as the Public Suffix List functions read it). Absent for IP addresses and empty hosts.
    TopLevelDomain,
    /// The label before the public suffix by the list (`firstSignificantSubdomain`): the first
    /// label of the registrable domain. Absent where there is no registrable domain.
    FirstSignificantSubdomain,
}

/// One [`Label`] of every URL's host, by `list` (usually [`List::builtin`]). Null where the
/// URL is null or fails to parse, or the label is absent (with [`OnError::Empty`], the empty
/// string).
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit::domain::List;
/// use urlkit_arrow::{labels, Label};
/// let urls = StringArray::from(vec!["https://news.clickhouse.com.tr/", "http://10.0.0.1/"]);
/// let out = labels(&urls, Label::FirstSignificantSubdomain, List::builtin(), Default::default())?;
/// assert_eq!(out.values.value(0), "clickhouse");
/// let out = labels(&urls, Label::TopLevelDomain, List::builtin(), Default::default())?;
/// assert_eq!(out.values.value(0), "tr");
/// assert!(out.values.is_null(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn labels(
    urls: &dyn Array,
    which: Label,
    list: &List,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    map_urls(urls, on_error, |url, out| {
        // Appended where found (no copy of the label: the list's parts borrow the host).
        let found = match which {
            Label::TopLevelDomain => match url.host() {
                Some(Host::Domain(_)) => domain::top_level_domain(url).map(|l| out.append_value(l)),
                Some(h @ Host::Opaque(_)) => list.split_host(h).and_then(|p| {
                    let last = p.public_suffix().rsplit('.').next().filter(|l| !l.is_empty());
                    last.map(|l| out.append_value(l))
                }),
                _ => None,
            },
            Label::FirstSignificantSubdomain => {
                let parts = url.host().and_then(|h| list.split_host(h));
                parts.and_then(|p| {
                    let r = p.registrable_domain()?;
                    out.append_value(r.split('.').next().unwrap_or(r));
                    Some(())
                })
            }
        };
        match found {
            Some(()) => Row::Value,
            None => Row::Null,
        }
    })
}

/// The port of every URL ([`Url::port`]), `default` where it has none (the URL Standard
/// drops a scheme's default port: `http://h:80/` has none) or fails to parse, as
/// ClickHouse's `port(url, default)`. Null where the URL is null.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["http://h:8080/", "http://h:80/", "nope"]);
/// let out = urlkit_arrow::port_or(&urls, 0)?;
/// assert_eq!((out.value(0), out.value(1), out.value(2)), (8080, 0, 0));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn port_or(urls: &dyn Array, default: u16) -> Result<UInt16Array, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let mut out = UInt16Builder::with_capacity(urls.len());
    let mut spare = String::new();
    run(input, urls.len(), OnError::Null, &mut out, |_, s, out| {
        let port = match Url::parse_reusing(s, core::mem::take(&mut spare)) {
            Ok(url) => {
                let p = url.port();
                spare = url.into_string();
                p
            }
            Err(_) => None,
        };
        out.append_value(port.unwrap_or(default));
        Row::<ParseError>::Value
    });
    Ok(out.finish())
}
