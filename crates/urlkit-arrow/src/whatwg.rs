//! Single WHATWG components, validity, resolution and query parameters.

use crate::input::Strings;
use crate::output::{OnError, Output, Row, Sink, run, string_sink};
use arrow_array::builder::{BooleanBuilder, UInt16Builder};
use arrow_array::{Array, BooleanArray, StringViewArray, UInt16Array};
use arrow_schema::ArrowError;
use core::fmt;
use urlkit::{Attribute, ParseError, Url};

impl Sink for UInt16Builder {
    fn null(&mut self) {
        self.append_null();
    }
}

/// A string part of a URL that [`component`] extracts.
///
/// ```
/// use urlkit_arrow::Part;
/// assert_eq!(Part::from(urlkit::Attribute::Hash), Part::Attribute(urlkit::Attribute::Hash));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// An attribute of the URL API ([`Url::get`]): never null for a URL that parses (an
    /// absent component is the empty string, as in the API).
    Attribute(Attribute),
    /// The scheme without its `:` ([`Url::scheme`]).
    Scheme,
    /// The query without its `?` ([`Url::query`]); null when the URL has none.
    Query,
    /// The fragment without its `#` ([`Url::fragment`]); null when the URL has none.
    Fragment,
}

impl From<Attribute> for Part {
    fn from(attr: Attribute) -> Self {
        Part::Attribute(attr)
    }
}

/// One part of every URL: an attribute ([`Url::get`]: `"hostname"`, `"pathname"`, …) or
/// another [`Part`]. Null where the URL is null or fails to parse (or the part is absent,
/// for the parts that can be).
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit::Attribute;
/// use urlkit_arrow::{component, Part};
/// let urls = StringArray::from(vec!["https://user@EXAMPLE.com/p?q=1", "https://h/"]);
/// let out = component(&urls, Attribute::Hostname, Default::default())?;
/// assert_eq!(out.values.value(0), "example.com");
/// let out = component(&urls, Part::Query, Default::default())?;
/// assert_eq!(out.values.value(0), "q=1");
/// assert!(out.values.is_null(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn component(
    urls: &dyn Array,
    part: impl Into<Part>,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    let part = part.into();
    if let Part::Attribute(attr) = part {
        return attribute(urls, attr, on_error);
    }
    map_urls(urls, on_error, |url, out| {
        let value = match part {
            Part::Attribute(attr) => Some(url.get(attr)),
            Part::Scheme => Some(url.scheme()),
            Part::Query => url.query(),
            Part::Fragment => url.fragment(),
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

/// [`component`] for an attribute of the URL API. A row that is its own href (most of a
/// real column: [`Url::canonical_attribute_ranges`]) holds the attribute as written, so it
/// is sliced from the row without a parse; so does a row whose authority is as written for
/// `host` and `hostname` ([`Url::canonical_host_ranges`], which reads the authority only);
/// any other row is parsed.
fn attribute(
    urls: &dyn Array,
    attr: Attribute,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    let index = Attribute::ALL.iter().position(|a| *a == attr).unwrap_or_default();
    // `host` or `hostname`: their place in `canonical_host_ranges`' pair.
    let host_index = match attr {
        Attribute::Host => Some(0),
        Attribute::Hostname => Some(1),
        _ => None,
    };
    let input = Strings::try_from_array(urls)?;
    let mut out = string_sink(urls.len());
    let mut spare = String::new();
    let errors = run(input, urls.len(), on_error, &mut out, |_, s, out| {
        if let Some(k) = host_index {
            if let Some((ranges, _)) = Url::canonical_host_ranges(s) {
                out.append_value(&s[ranges[k].clone()]);
                return Row::Value;
            }
        } else if let Some((ranges, _)) = Url::canonical_attribute_ranges(s) {
            out.append_value(&s[ranges[index].clone()]);
            return Row::Value;
        }
        match Url::parse_reusing(s, core::mem::take(&mut spare)) {
            Ok(url) => {
                out.append_value(url.get(attr));
                spare = url.into_string();
                Row::Value
            }
            Err(e) => Row::Failed(e),
        }
    });
    Ok(Output {
        values: out.finish(),
        errors,
    })
}

/// The port of every URL as a number ([`Url::port`]): null where the URL is null, fails to
/// parse, or has no port (including a default port, which the parser drops).
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["http://h:8080/", "http://h:80/"]);
/// let out = urlkit_arrow::port(&urls, Default::default())?;
/// assert_eq!(out.values.value(0), 8080);
/// assert!(out.values.is_null(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn port(urls: &dyn Array, on_error: OnError) -> Result<Output<UInt16Array>, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let mut out = UInt16Builder::with_capacity(urls.len());
    let mut spare = String::new();
    let errors = run(
        input,
        urls.len(),
        on_error,
        &mut out,
        |_, s, out| match Url::parse_reusing(s, core::mem::take(&mut spare)) {
            Ok(url) => {
                let port = url.port();
                spare = url.into_string();
                match port {
                    Some(p) => {
                        out.append_value(p);
                        Row::Value
                    }
                    None => Row::Null,
                }
            }
            Err(e) => Row::Failed(e),
        },
    );
    Ok(Output {
        values: out.finish(),
        errors,
    })
}

/// Whether every URL parses ([`Url::can_parse`], decided without building the URL), against
/// `base` when it is given; null where the URL (or the base) is null.
///
/// # Errors
///
/// When `urls` is not a string array, or `base` is a column of another length.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::Strings;
/// let urls = StringArray::from(vec![Some("https://a/"), Some("/rel"), None]);
/// let out = urlkit_arrow::is_valid_with_base(&urls, Strings::Scalar(None))?;
/// assert!(out.value(0) && !out.value(1) && out.is_null(2));
/// let out = urlkit_arrow::is_valid_with_base(&urls, Strings::Scalar(Some("http://h/")))?;
/// assert!(out.value(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn is_valid_with_base(urls: &dyn Array, base: Strings<'_>) -> Result<BooleanArray, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    base.check_len(urls.len(), "the base")?;
    let mut out = BooleanBuilder::with_capacity(urls.len());
    for i in 0..urls.len() {
        match (input.get(i), base) {
            (None, _) => out.append_null(),
            (Some(s), Strings::Scalar(None)) => out.append_value(Url::can_parse(s, None)),
            (Some(s), base) => match base.get(i) {
                Some(b) => out.append_value(Url::can_parse(s, Some(b))),
                None => out.append_null(),
            },
        }
    }
    Ok(out.finish())
}

/// Whether every URL parses on its own ([`Url::can_parse`] without a base); null where the
/// URL is null.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let out = urlkit_arrow::is_valid(&StringArray::from(vec!["https://a/", "a b"]))?;
/// assert!(out.value(0) && !out.value(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn is_valid(urls: &dyn Array) -> Result<BooleanArray, ArrowError> {
    is_valid_with_base(urls, Strings::Scalar(None))
}

/// Why a resolution failed: the reference, or the base itself.
#[derive(Debug)]
enum ResolveError {
    Base(ParseError),
    Reference(ParseError),
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Base(e) => write!(f, "base: {e}"),
            ResolveError::Reference(e) => e.fmt(f),
        }
    }
}

/// Resolves every reference in `refs` against `base` with the WHATWG parser
/// ([`Url::parse_with_base`]) and gives the href. `base` is one URL for all rows (parsed
/// once) or a column; a null reference or base gives a null, a base or reference that fails
/// to parse a null and an error.
///
/// # Errors
///
/// When `refs` is not a string array, or `base` is a column of another length.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::{resolve, OnError, Strings};
/// let refs = StringArray::from(vec!["../c?x", "https://other/", "http://[::1"]);
/// let out = resolve(&refs, Strings::Scalar(Some("https://h/a/b/")), OnError::Message)?;
/// assert_eq!(out.values.value(0), "https://h/a/c?x");
/// assert_eq!(out.values.value(1), "https://other/");
/// assert!(out.values.is_null(2));
/// assert_eq!(out.errors.unwrap().value(2), "unclosed ipv6 address at byte 11");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn resolve(
    refs: &dyn Array,
    base: Strings<'_>,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    let input = Strings::try_from_array(refs)?;
    base.check_len(refs.len(), "the base")?;
    let scalar_base = match base {
        Strings::Scalar(Some(b)) => Some(Url::parse(b)),
        _ => None,
    };
    let mut out = string_sink(refs.len());
    let errors = run(input, refs.len(), on_error, &mut out, |i, s, out| {
        let joined = match &scalar_base {
            Some(Ok(b)) => b.join(s),
            Some(Err(e)) => return Row::Failed(ResolveError::Base(*e)),
            None => match base.get(i).map(Url::parse) {
                None => return Row::Null,
                Some(Err(e)) => return Row::Failed(ResolveError::Base(e)),
                Some(Ok(b)) => b.join(s),
            },
        };
        match joined {
            Ok(url) => {
                out.append_value(url.as_str());
                Row::Value
            }
            Err(e) => Row::Failed(ResolveError::Reference(e)),
        }
    });
    Ok(Output {
        values: out.finish(),
        errors,
    })
}

/// The value of the first query parameter named `name` in every URL's query, decoded as
/// `application/x-www-form-urlencoded` (as `URLSearchParams.get` does). Null where the URL
/// or the name is null, the URL fails to parse, or the parameter is absent; an empty
/// string for `?name` and `?name=`.
///
/// # Errors
///
/// When `urls` is not a string array, or `name` is a column of another length.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::{query_param, Strings};
/// let urls = StringArray::from(vec!["https://h/?a=1&utm_source=x%20y", "https://h/?a=2", "https://h/?utm_source"]);
/// let out = query_param(&urls, Strings::Scalar(Some("utm_source")), Default::default())?;
/// assert_eq!(out.values.value(0), "x y");
/// assert!(out.values.is_null(1));
/// assert_eq!(out.values.value(2), "");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn query_param(
    urls: &dyn Array,
    name: Strings<'_>,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    name.check_len(urls.len(), "the parameter name")?;
    map_urls_indexed(urls, on_error, |i, url, out| {
        let (Some(query), Some(name)) = (url.query(), name.get(i)) else {
            return Row::Null;
        };
        match urlkit::form::parse(query.as_bytes()).find(|(n, _)| n == name) {
            Some((_, value)) => {
                out.append_value(value);
                Row::Value
            }
            None => Row::Null,
        }
    })
}

/// Runs `row` on every URL that parses (no base) into a string column.
pub(crate) fn map_urls(
    urls: &dyn Array,
    on_error: OnError,
    mut row: impl FnMut(&Url, &mut arrow_array::builder::StringViewBuilder) -> Row<ParseError>,
) -> Result<Output<StringViewArray>, ArrowError> {
    map_urls_indexed(urls, on_error, |_, url, out| row(url, out))
}

/// [`map_urls`] with the row's index, for kernels with a second argument.
pub(crate) fn map_urls_indexed(
    urls: &dyn Array,
    on_error: OnError,
    mut row: impl FnMut(usize, &Url, &mut arrow_array::builder::StringViewBuilder) -> Row<ParseError>,
) -> Result<Output<StringViewArray>, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    let mut out = string_sink(urls.len());
    // One URL buffer for all rows (see `parse`).
    let mut spare = String::new();
    let errors = run(
        input,
        urls.len(),
        on_error,
        &mut out,
        |i, s, out| match Url::parse_reusing(s, core::mem::take(&mut spare)) {
            Ok(url) => {
                let done = row(i, &url, out);
                spare = url.into_string();
                done
            }
            Err(e) => Row::Failed(e),
        },
    );
    Ok(Output {
        values: out.finish(),
        errors,
    })
}

/// The [ASCII serialization of every URL's origin](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin)
/// ([`Url::origin`]): `scheme://host[:port]` for `http`, `https`, `ws`, `wss`, `ftp` and a
/// `blob:` URL of one of those, `null` for an opaque origin (every other URL). Null where the
/// URL is null or fails to parse.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::StringArray;
/// let urls = StringArray::from(vec!["https://user@Example.com:443/a?b", "http://h:8080/", "data:,x"]);
/// let out = urlkit_arrow::origin(&urls, Default::default())?;
/// assert_eq!((out.values.value(0), out.values.value(1), out.values.value(2)), ("https://example.com", "http://h:8080", "null"));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn origin(urls: &dyn Array, on_error: OnError) -> Result<Output<StringViewArray>, ArrowError> {
    use core::fmt::Write as _;
    let mut text = String::new();
    map_urls(urls, on_error, |url, out| {
        // A tuple origin is the href's scheme, host and port (§4.5 serializes them the
        // same way); `blob:` takes its path's origin.
        match url.scheme() {
            "http" | "https" | "ws" | "wss" | "ftp" => {
                text.clear();
                let _ = write!(text, "{}//{}", url.protocol(), url.host_port());
                out.append_value(&text);
            }
            "blob" => out.append_value(url.origin().ascii_serialization()),
            _ => out.append_value("null"),
        }
        Row::Value
    })
}

/// The entries field of [`query_params`]'s map: as [`crate::template_match_field`]'s,
/// `entries` of a non-null `Utf8` `keys` and a nullable `Utf8` `values`.
///
/// ```
/// assert_eq!(urlkit_arrow::query_params_field().name(), "entries");
/// ```
pub fn query_params_field() -> std::sync::Arc<arrow_schema::Field> {
    crate::template::template_match_field()
}

/// Every URL's query parameters as a map, decoded as `application/x-www-form-urlencoded`
/// (§5.1, as `URLSearchParams`): each name once, with its first value (as
/// `URLSearchParams.get`), in the query's order. An empty map for a URL without a query;
/// null where the URL is null or fails to parse.
///
/// # Errors
///
/// When `urls` is not a string array.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use arrow_array::cast::AsArray;
/// let urls = StringArray::from(vec![Some("https://h/?a=1&b=x+y&a=2"), Some("https://h/"), Some("no url")]);
/// let out = urlkit_arrow::query_params(&urls)?;
/// let row = out.value(0);
/// let keys: Vec<_> = row.column(0).as_string::<i32>().iter().flatten().collect();
/// let values: Vec<_> = row.column(1).as_string::<i32>().iter().flatten().collect();
/// assert_eq!((keys, values), (vec!["a", "b"], vec!["1", "x y"]));
/// assert_eq!(out.value(1).len(), 0);
/// assert!(out.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn query_params(urls: &dyn Array) -> Result<arrow_array::MapArray, ArrowError> {
    use arrow_array::builder::{ArrayBuilder, MapBuilder, MapFieldNames, StringBuilder};
    let input = Strings::try_from_array(urls)?;
    let names = MapFieldNames {
        entry: "entries".into(),
        key: "keys".into(),
        value: "values".into(),
    };
    let mut out = MapBuilder::new(Some(names), StringBuilder::new(), StringBuilder::new());
    let mut spare = String::new();
    // The hashes of the row's names so far: a name seen again is checked against the row's
    // keys only when its hash was seen, so a row costs no allocation and stays linear.
    let state = std::hash::RandomState::new();
    let mut seen = std::collections::HashSet::new();
    for i in 0..urls.len() {
        let Some(s) = input.get(i) else {
            out.append(false)?;
            continue;
        };
        let Ok(url) = Url::parse_reusing(s, core::mem::take(&mut spare)) else {
            out.append(false)?;
            continue;
        };
        if let Some(query) = url.query() {
            seen.clear();
            let first = out.keys().len();
            for (name, value) in urlkit::form::parse(query.as_bytes()) {
                let hash = std::hash::BuildHasher::hash_one(&state, &*name);
                if !seen.insert(hash) && has_key(out.keys(), first, &name) {
                    continue;
                }
                out.keys().append_value(&name);
                out.values().append_value(&value);
            }
        }
        out.append(true)?;
        spare = url.into_string();
    }
    Ok(out.finish())
}

/// The element field of [`query_param_all`]'s list: `item`, a non-null `Utf8`.
///
/// ```
/// assert_eq!(urlkit_arrow::string_list_field().name(), "item");
/// ```
pub fn string_list_field() -> std::sync::Arc<arrow_schema::Field> {
    std::sync::Arc::new(arrow_schema::Field::new(
        "item",
        arrow_schema::DataType::Utf8,
        false,
    ))
}

/// Every value of the query parameter `name` in every URL's query, decoded as
/// `application/x-www-form-urlencoded` (as `URLSearchParams.getAll`), in order. An empty list
/// when there is none; null where the URL or the name is null, or the URL fails to parse.
///
/// # Errors
///
/// When `urls` is not a string array, or `name` is a column of another length.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use arrow_array::cast::AsArray;
/// use urlkit_arrow::Strings;
/// let urls = StringArray::from(vec!["https://h/?a=1&b=2&a=x%20y", "https://h/"]);
/// let out = urlkit_arrow::query_param_all(&urls, Strings::Scalar(Some("a")))?;
/// let all: Vec<_> = out.value(0).as_string::<i32>().iter().flatten().map(str::to_owned).collect();
/// assert_eq!(all, ["1", "x y"]);
/// assert_eq!(out.value(1).len(), 0);
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn query_param_all(urls: &dyn Array, name: Strings<'_>) -> Result<arrow_array::ListArray, ArrowError> {
    use arrow_array::builder::{ListBuilder, StringBuilder};
    let input = Strings::try_from_array(urls)?;
    name.check_len(urls.len(), "the parameter name")?;
    let mut out = ListBuilder::new(StringBuilder::new()).with_field(string_list_field());
    let mut spare = String::new();
    run(input, urls.len(), OnError::Null, &mut out, |i, s, out| {
        let Some(name) = name.get(i) else {
            return Row::<ParseError>::Null;
        };
        match Url::parse_reusing(s, core::mem::take(&mut spare)) {
            Ok(url) => {
                if let Some(query) = url.query() {
                    for (n, value) in urlkit::form::parse(query.as_bytes()) {
                        if n == name {
                            out.values().append_value(value);
                        }
                    }
                }
                out.append(true);
                spare = url.into_string();
                Row::Value
            }
            Err(e) => Row::Failed(e),
        }
    });
    Ok(out.finish())
}

/// Whether `keys` holds `name` from its key `first` on.
fn has_key(keys: &arrow_array::builder::StringBuilder, first: usize, name: &str) -> bool {
    use arrow_array::builder::ArrayBuilder;
    let (bytes, offsets) = (keys.values_slice(), keys.offsets_slice());
    (first..keys.len()).any(|k| {
        let (a, b) = (offsets[k] as usize, offsets[k + 1] as usize);
        bytes.get(a..b) == Some(name.as_bytes())
    })
}
