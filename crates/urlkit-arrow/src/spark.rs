//! `java_part`: the parts of a URL that Spark's `parse_url` names (`HOST`, `PATH`, `QUERY`,
//! `REF`, `PROTOCOL`, `FILE`, `AUTHORITY`, `USERINFO`, after `java.net.URI`'s getters), read
//! from the URL Standard's parse.

use crate::input::Strings;
use crate::output::{OnError, Output, Row};
use crate::whatwg::map_urls_indexed;
use arrow_array::{Array, StringViewArray};
use arrow_schema::ArrowError;
use urlkit::{Host, Url};

/// A part of [`java_part`], by Spark's name for it.
///
/// ```
/// use urlkit_arrow::JavaPart;
/// assert_eq!(JavaPart::from_name("REF"), Some(JavaPart::Ref));
/// assert_eq!(JavaPart::from_name("ref"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JavaPart {
    /// `HOST`: the host (`[…]` around IPv6); absent when none or empty.
    Host,
    /// `PATH`: the path; absent for an opaque path (`mailto:x`, as Java's opaque URIs).
    Path,
    /// `QUERY`: the query without `?`; absent when none.
    Query,
    /// `REF`: the fragment without `#`; absent when none.
    Ref,
    /// `PROTOCOL`: the scheme.
    Protocol,
    /// `FILE`: the path and `?query`; absent for an opaque path.
    File,
    /// `AUTHORITY`: `userinfo@host:port` as serialized; absent when there is no host or it
    /// is empty.
    Authority,
    /// `USERINFO`: `username[:password]`; absent when both are empty.
    UserInfo,
}

impl JavaPart {
    /// Every part, in Spark's documentation's order.
    pub const ALL: [JavaPart; 8] = [
        JavaPart::Host,
        JavaPart::Path,
        JavaPart::Query,
        JavaPart::Ref,
        JavaPart::Protocol,
        JavaPart::File,
        JavaPart::Authority,
        JavaPart::UserInfo,
    ];

    /// Spark's name of the part (upper case).
    ///
    /// ```
    /// assert_eq!(urlkit_arrow::JavaPart::UserInfo.name(), "USERINFO");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            JavaPart::Host => "HOST",
            JavaPart::Path => "PATH",
            JavaPart::Query => "QUERY",
            JavaPart::Ref => "REF",
            JavaPart::Protocol => "PROTOCOL",
            JavaPart::File => "FILE",
            JavaPart::Authority => "AUTHORITY",
            JavaPart::UserInfo => "USERINFO",
        }
    }

    /// The part of that exact name (Spark compares case-sensitively).
    pub fn from_name(name: &str) -> Option<JavaPart> {
        JavaPart::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// Where the path starts and where the query or fragment starts, in the href.
fn path_bounds(url: &Url) -> (usize, usize) {
    let tail = url.fragment().map_or(0, |f| f.len() + 1);
    let end = url.as_str().len() - tail - url.query().map_or(0, |q| q.len() + 1);
    (end - url.pathname().len(), url.as_str().len() - tail)
}

/// One part of every URL named by `part` (a [`JavaPart`] name per row, or one for all),
/// as Spark's `parse_url(url, part[, key])`. With `key` (`QUERY` only), the raw value of the
/// first `key=value` piece of the query (Spark's `(&|^)key=([^&]*)`). Null where an
/// argument is null, the URL fails to parse, the part is not a name of [`JavaPart`], a key
/// is given with another part, or the part (the key) is absent.
///
/// # Errors
///
/// When `urls` is not a string array, or `part` or `key` a column of another length.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::{java_part, Strings};
/// let urls = StringArray::from(vec!["http://u@spark.apache.org:8080/path?query=1&k=v#frag"]);
/// let part = |p, key| java_part(&urls, Strings::Scalar(Some(p)), key, Default::default()).unwrap().values;
/// assert_eq!(part("HOST", None).value(0), "spark.apache.org");
/// assert_eq!(part("FILE", None).value(0), "/path?query=1&k=v");
/// assert_eq!(part("AUTHORITY", None).value(0), "u@spark.apache.org:8080");
/// assert_eq!(part("QUERY", Some(Strings::Scalar(Some("k")))).value(0), "v");
/// assert!(part("host", None).is_null(0));
/// ```
pub fn java_part(
    urls: &dyn Array,
    part: Strings<'_>,
    key: Option<Strings<'_>>,
    on_error: OnError,
) -> Result<Output<StringViewArray>, ArrowError> {
    part.check_len(urls.len(), "the part")?;
    if let Some(key) = key {
        key.check_len(urls.len(), "the key")?;
    }
    let mut text = String::new();
    map_urls_indexed(urls, on_error, |i, url, out| {
        let Some(part) = part.get(i).and_then(JavaPart::from_name) else {
            return Row::Null;
        };
        let href = url.as_str();
        let (start, end) = path_bounds(url);
        let value = match (part, key.map(|k| k.get(i))) {
            (_, Some(None)) => None,
            (JavaPart::Query, Some(Some(key))) => url.query().and_then(|q| {
                q.split('&')
                    .find_map(|piece| piece.strip_prefix(key)?.strip_prefix('='))
            }),
            (_, Some(Some(_))) => None,
            (JavaPart::Host, None) => match url.host() {
                None | Some(Host::Empty) => None,
                Some(_) => Some(url.hostname()),
            },
            (JavaPart::Path, None) => (!url.has_opaque_path()).then(|| url.pathname()),
            (JavaPart::Query, None) => url.query(),
            (JavaPart::Ref, None) => url.fragment(),
            (JavaPart::Protocol, None) => Some(url.scheme()),
            (JavaPart::File, None) => (!url.has_opaque_path()).then(|| &href[start..end]),
            (JavaPart::Authority, None) => match url.host() {
                None | Some(Host::Empty) => None,
                Some(_) => Some(&href[url.protocol().len() + 2..start]),
            },
            (JavaPart::UserInfo, None) => {
                let (user, password) = (url.username(), url.password_str());
                match (user.is_empty(), password.is_empty()) {
                    (true, true) => None,
                    (_, true) => Some(user),
                    _ => {
                        text.clear();
                        text.push_str(user);
                        text.push(':');
                        text.push_str(password);
                        Some(text.as_str())
                    }
                }
            }
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
