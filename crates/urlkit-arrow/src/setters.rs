//! `set` and `build`: URLs modified through the URL Standard's API setters (§6.1) and built
//! from parts ([`urlkit::UrlBuilder`]).

use crate::input::Strings;
use crate::output::{OnError, Output, Row, run, string_sink};
use arrow_array::{Array, StringViewArray};
use arrow_schema::ArrowError;
use core::fmt;
use urlkit::{Attribute, BuildError, ParseError, SetterError, UnknownAttribute, Url};

/// Why [`set`] gave no URL for a row.
#[derive(Debug)]
enum SetError {
    Parse(ParseError),
    Attribute(UnknownAttribute),
    Setter(Attribute, SetterError),
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Parse(e) => e.fmt(f),
            SetError::Attribute(e) => e.fmt(f),
            SetError::Setter(a, e) => write!(f, "{a}: {e}"),
        }
    }
}

/// Every URL with one attribute set through its setter ([`Url::set`]: `href`, `protocol`,
/// `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`, the URL
/// API's names), and its href. `component` and `value` are one value for every row or
/// columns. Null where an argument is null, the URL fails to parse, the component is not an
/// attribute's name, or the setter refuses the value (a setter the URL Standard would leave
/// the URL unchanged with: `port` `x`, a host on a URL without one, …).
///
/// # Errors
///
/// When `urls` is not a string array, or `component` or `value` is a column of another length.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::{set, Strings};
/// let urls = StringArray::from(vec!["https://h/a?b#c", "mailto:x@y"]);
/// let out = set(&urls, Strings::Scalar(Some("pathname")), Strings::Scalar(Some("/x y")), Default::default())?;
/// assert_eq!(out.values.value(0), "https://h/x%20y?b#c");
/// assert!(out.values.is_null(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn set(
    urls: &dyn Array,
    component: Strings<'_>,
    value: Strings<'_>,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    component.check_len(urls.len(), "the component")?;
    value.check_len(urls.len(), "the value")?;
    let scalar = match component {
        Strings::Scalar(Some(name)) => Some(name.parse::<Attribute>()),
        _ => None,
    };
    let mut out = string_sink(urls.len());
    let mut spare = String::new();
    let errors = run(input, urls.len(), on_error, &mut out, |i, s, out| {
        let attr = match &scalar {
            Some(a) => a.clone(),
            None => match component.get(i) {
                Some(name) => name.parse::<Attribute>(),
                None => return Row::Null,
            },
        };
        let attr = match attr {
            Ok(a) => a,
            Err(e) => return Row::Failed(SetError::Attribute(e)),
        };
        let Some(v) = value.get(i) else {
            return Row::Null;
        };
        let mut url = match Url::parse_reusing(s, core::mem::take(&mut spare)) {
            Ok(url) => url,
            Err(e) => return Row::Failed(SetError::Parse(e)),
        };
        let done = match url.set(attr, v) {
            Ok(()) => {
                out.append_value(url.as_str());
                Row::Value
            }
            Err(e) => Row::Failed(SetError::Setter(attr, e)),
        };
        spare = url.into_string();
        done
    });
    Ok(Output {
        values: out.finish(),
        errors,
    })
}

/// The parts of [`build`], each one value for every row or a column.
///
/// ```
/// use urlkit_arrow::{Parts, Strings};
/// let parts = Parts { scheme: Strings::Scalar(Some("https")), host: Strings::Scalar(Some("h")),
///     path: Strings::Scalar(None), query: Strings::Scalar(None), fragment: Strings::Scalar(None) };
/// assert!(parts.scheme.get(0).is_some());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Parts<'a> {
    /// The scheme (null: no URL).
    pub scheme: Strings<'a>,
    /// The host (null: none).
    pub host: Strings<'a>,
    /// The path (null: empty).
    pub path: Strings<'a>,
    /// The query without `?` (null: none).
    pub query: Strings<'a>,
    /// The fragment without `#` (null: none).
    pub fragment: Strings<'a>,
}

/// A URL built from parts per row ([`Url::builder`]: each part percent-encoded with its
/// component's encode set, the host through the host parser, the result parsed), as its
/// href. Null where the scheme is null, and where the parts make no URL (a special scheme
/// without a host, a host that does not parse, …; the reason with [`OnError::Message`]).
///
/// # Errors
///
/// When a part is a column of a length other than `rows`.
///
/// ```
/// use arrow_array::Array;
/// use urlkit_arrow::{build, Parts, Strings};
/// let parts = Parts { scheme: Strings::Scalar(Some("https")), host: Strings::Scalar(Some("Example.com")),
///     path: Strings::Scalar(Some("/a b")), query: Strings::Scalar(Some("q=1")), fragment: Strings::Scalar(None) };
/// let out = build(parts, 1, Default::default())?;
/// assert_eq!(out.values.value(0), "https://example.com/a%20b?q=1");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn build(
    parts: Parts<'_>,
    rows: usize,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    for (p, what) in [
        (parts.scheme, "the scheme"),
        (parts.host, "the host"),
        (parts.path, "the path"),
        (parts.query, "the query"),
        (parts.fragment, "the fragment"),
    ] {
        p.check_len(rows, what)?;
    }
    let mut out = string_sink(rows);
    let errors = run(parts.scheme, rows, on_error, &mut out, |i, scheme, out| {
        let mut b = Url::builder().scheme(scheme);
        if let Some(host) = parts.host.get(i) {
            b = b.host(host);
        }
        if let Some(path) = parts.path.get(i) {
            b = b.path(path);
        }
        if let Some(query) = parts.query.get(i) {
            b = b.query(query);
        }
        if let Some(fragment) = parts.fragment.get(i) {
            b = b.fragment(fragment);
        }
        match b.build() {
            Ok(url) => {
                out.append_value(url.as_str());
                Row::Value
            }
            Err(e) => Row::<BuildError>::Failed(e),
        }
    });
    Ok(Output {
        values: out.finish(),
        errors,
    })
}
