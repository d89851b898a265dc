//! `Serialize`/`Deserialize` for the public value types; the representations are listed in
//! the [module docs](super).

use crate::form::SearchParams;
#[cfg(feature = "rfc3986")]
use crate::rfc3986::{IriRef, Uri, UriRef};
use crate::{Attribute, Host, Origin, ParseError, PathStyle, Url, ValidationError};
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::net::{Ipv4Addr, Ipv6Addr};
use serde::de::{Error as _, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A string visitor that builds `T` with `f` (borrowing when the format allows).
struct StrVisitor<'de, T, F> {
    expecting: &'static str,
    f: F,
    _t: PhantomData<(T, &'de ())>,
}

impl<'de, T, E, F> Visitor<'de> for StrVisitor<'de, T, F>
where
    F: FnOnce(&str) -> Result<T, E>,
    E: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<Er: serde::de::Error>(self, s: &str) -> Result<T, Er> {
        (self.f)(s).map_err(Er::custom)
    }
}

/// Deserializes a string and builds `T` from it with `f`.
fn from_str<'de, D, T, E>(
    d: D,
    expecting: &'static str,
    f: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    E: fmt::Display,
{
    d.deserialize_str(StrVisitor {
        expecting,
        f,
        _t: PhantomData,
    })
}

/// The serialized form of [`Host`]: the `url` crate's (an externally tagged enum whose
/// first three variants are `url::Host`'s, in its order, so that formats that write the
/// variant's index agree too), plus the two hosts `url` has no variant for. The lower-case
/// names are the form urlkit wrote before, still read.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Host")]
enum HostRepr<S> {
    /// A domain, or (as `url` writes it) an opaque host.
    #[serde(alias = "domain")]
    Domain(S),
    #[serde(alias = "ipv4")]
    Ipv4(Ipv4Addr),
    #[serde(alias = "ipv6")]
    Ipv6(Ipv6Addr),
    /// An opaque host (`url` has no variant for it and writes it as a `Domain`, which is read
    /// too): written as its own variant so that it reads back as it was.
    #[serde(alias = "opaque")]
    Opaque(S),
    #[serde(alias = "empty")]
    Empty,
}

/// The `url` crate's form: `{"Domain": "example.com"}`, `{"Ipv4": "1.2.3.4"}`,
/// `{"Ipv6": "::1"}` (in JSON). The two hosts `url` has no variant for keep their own, so
/// that every host reads back as it was: an opaque host is `{"Opaque": …}` (where `url`
/// writes a `Domain`) and the empty host, which `url` has no value for (its `host()` is
/// `None`), is `"Empty"`; `url` refuses both.
///
/// ```
/// let url = urlkit::Url::parse("http://[::1]/")?;
/// assert_eq!(serde_json::to_string(&url.host()).unwrap(), r#"{"Ipv6":"::1"}"#);
/// let opaque = urlkit::Url::parse("foo://a%20b/")?;
/// assert_eq!(serde_json::to_string(&opaque.host()).unwrap(), r#"{"Opaque":"a%20b"}"#);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl<S: AsRef<str>> Serialize for Host<S> {
    fn serialize<Se: Serializer>(&self, s: Se) -> Result<Se::Ok, Se::Error> {
        let repr: HostRepr<&str> = match self {
            Host::Domain(d) => HostRepr::Domain(d.as_ref()),
            Host::Ipv4(a) => HostRepr::Ipv4(*a),
            Host::Ipv6(a) => HostRepr::Ipv6(*a),
            Host::Opaque(o) => HostRepr::Opaque(o.as_ref()),
            Host::Empty => HostRepr::Empty,
        };
        repr.serialize(s)
    }
}

/// The `url` crate's form and urlkit's earlier one (`{"domain": …}`, `{"opaque": …}`,
/// `"empty"`, …). The text must be in its parsed form (the host parser gives it back
/// unchanged). A `Domain` is a domain when the domain parser keeps its text, else an opaque
/// host (`url` writes both as `Domain`): an opaque host that is also a parsed domain, such as
/// that of `foo://example.com`, reads back as `Host::Domain`.
///
/// ```
/// use urlkit::Host;
/// let host: Host = serde_json::from_str(r#"{"Domain":"example.com"}"#).unwrap();
/// assert_eq!(host, Host::Domain("example.com".to_string()));
/// let opaque: Host = serde_json::from_str(r#"{"Domain":"EXAMPLE"}"#).unwrap();
/// assert_eq!(opaque, Host::Opaque("EXAMPLE".to_string()));
/// let old: Host = serde_json::from_str(r#"{"opaque":"example.com"}"#).unwrap();
/// assert_eq!(old, Host::Opaque("example.com".to_string()));
/// assert!(serde_json::from_str::<Host>(r#"{"Domain":"a b"}"#).is_err());
/// ```
impl<'de> Deserialize<'de> for Host<String> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let host = match HostRepr::<String>::deserialize(d)? {
            HostRepr::Domain(s) => {
                if Host::parse(&s).is_ok_and(|h| h == Host::Domain(s.clone())) {
                    Host::Domain(s)
                } else if Host::parse_opaque(&s).is_ok_and(|h| h == Host::Opaque(s.clone())) {
                    Host::Opaque(s)
                } else {
                    return Err(D::Error::custom(format_args!("not a parsed host: {s:?}")));
                }
            }
            HostRepr::Opaque(s) => {
                let parsed = Host::parse_opaque(&s).map_err(D::Error::custom)?;
                if parsed != Host::Opaque(s.clone()) {
                    return Err(D::Error::custom(format_args!("not a parsed opaque host: {s:?}")));
                }
                parsed
            }
            HostRepr::Ipv4(a) => Host::Ipv4(a),
            HostRepr::Ipv6(a) => Host::Ipv6(a),
            HostRepr::Empty => Host::Empty,
        };
        Ok(host)
    }
}

/// The ASCII serialization: `"https://example.com:8443"`, or `"null"` for an opaque origin.
///
/// ```
/// let origin = urlkit::Url::parse("https://example.com:8443/x")?.origin();
/// assert_eq!(serde_json::to_string(&origin).unwrap(), r#""https://example.com:8443""#);
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl Serialize for Origin {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.ascii_serialization())
    }
}

/// An ASCII serialization of a tuple origin, or `"null"`, which gives a new opaque origin.
///
/// ```
/// let origin: urlkit::Origin = serde_json::from_str(r#""http://h:81""#).unwrap();
/// assert_eq!(origin, urlkit::Url::parse("http://h:81/x")?.origin());
/// let opaque: urlkit::Origin = serde_json::from_str(r#""null""#).unwrap();
/// assert!(!opaque.is_tuple());
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl<'de> Deserialize<'de> for Origin {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        from_str(d, "an origin's ASCII serialization", |s| {
            if s == "null" {
                return Ok(Origin::new_opaque());
            }
            let origin = Url::parse(s).map_err(|e| e.to_string())?.origin();
            if origin.is_tuple() && origin.ascii_serialization() == s {
                Ok(origin)
            } else {
                Err(alloc::format!("not an origin's ASCII serialization: {s:?}"))
            }
        })
    }
}

/// The reference's text.
///
/// ```
/// let uri = urlkit::rfc3986::Uri::parse("http://a/b?c")?;
/// assert_eq!(serde_json::to_string(&uri).unwrap(), r#""http://a/b?c""#);
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
#[cfg(feature = "rfc3986")]
impl Serialize for Uri {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A `URI-reference` (RFC 3986 §4.1).
///
/// ```
/// let uri: urlkit::rfc3986::Uri = serde_json::from_str(r#""../a?b""#).unwrap();
/// assert_eq!(uri.as_str(), "../a?b");
/// assert!(serde_json::from_str::<urlkit::rfc3986::Uri>(r#""a b""#).is_err());
/// ```
#[cfg(feature = "rfc3986")]
impl<'de> Deserialize<'de> for Uri {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        from_str(d, "a URI reference", Uri::parse)
    }
}

/// The reference's text.
///
/// ```
/// let r = urlkit::rfc3986::UriRef::parse("x:y")?;
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#""x:y""#);
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
#[cfg(feature = "rfc3986")]
impl Serialize for UriRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A `URI-reference` borrowed from the input (formats that can lend strings, e.g. JSON
/// without escapes).
///
/// ```
/// let r: urlkit::rfc3986::UriRef<'_> = serde_json::from_str(r#""/a?b""#).unwrap();
/// assert_eq!(r.query(), Some("b"));
/// ```
#[cfg(feature = "rfc3986")]
impl<'de> Deserialize<'de> for UriRef<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <&'de str>::deserialize(d)?;
        UriRef::parse(s).map_err(D::Error::custom)
    }
}

/// The reference's text.
///
/// ```
/// let r = urlkit::rfc3986::IriRef::parse("/ü")?;
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#""/ü""#);
/// # Ok::<(), urlkit::rfc3986::ParseError>(())
/// ```
#[cfg(feature = "rfc3986")]
impl Serialize for IriRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// An `IRI-reference` (RFC 3987 §2.2) borrowed from the input.
///
/// ```
/// let r: urlkit::rfc3986::IriRef<'_> = serde_json::from_str(r#""/ü""#).unwrap();
/// assert_eq!(r.path(), "/ü");
/// ```
#[cfg(feature = "rfc3986")]
impl<'de> Deserialize<'de> for IriRef<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <&'de str>::deserialize(d)?;
        IriRef::parse(s).map_err(D::Error::custom)
    }
}

/// A sequence of `[name, value]` pairs, in order, duplicates kept.
///
/// ```
/// let p = urlkit::form::SearchParams::parse("a=1&b=&a=2");
/// assert_eq!(serde_json::to_string(&p).unwrap(), r#"[["a","1"],["b",""],["a","2"]]"#);
/// ```
impl Serialize for SearchParams {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// A sequence of `[name, value]` pairs.
///
/// ```
/// let p: urlkit::form::SearchParams = serde_json::from_str(r#"[["a","1 2"]]"#).unwrap();
/// assert_eq!(p.to_string(), "a=1+2");
/// ```
impl<'de> Deserialize<'de> for SearchParams {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(SearchParams::from(Vec::<(String, String)>::deserialize(d)?))
    }
}

/// Its name, as in the URL API (`"hostname"`).
///
/// ```
/// let json = serde_json::to_string(&urlkit::Attribute::Hostname).unwrap();
/// assert_eq!(json, r#""hostname""#);
/// let back: urlkit::Attribute = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, urlkit::Attribute::Hostname);
/// ```
impl Serialize for Attribute {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// One of the ten attribute names.
///
/// ```
/// assert!(serde_json::from_str::<urlkit::Attribute>(r#""origin""#).is_err());
/// ```
impl<'de> Deserialize<'de> for Attribute {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        from_str(d, "a URL attribute name", str::parse::<Attribute>)
    }
}

/// The serialized form of [`PathStyle`].
#[derive(Serialize, Deserialize)]
#[serde(rename = "PathStyle", rename_all = "lowercase")]
enum PathStyleRepr {
    Unix,
    Windows,
}

/// `"unix"` or `"windows"`.
///
/// ```
/// let json = serde_json::to_string(&urlkit::PathStyle::Windows).unwrap();
/// assert_eq!(json, r#""windows""#);
/// assert_eq!(serde_json::from_str::<urlkit::PathStyle>(&json).unwrap(), urlkit::PathStyle::Windows);
/// ```
impl Serialize for PathStyle {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PathStyle::Unix => PathStyleRepr::Unix,
            PathStyle::Windows => PathStyleRepr::Windows,
        }
        .serialize(s)
    }
}

/// `"unix"` or `"windows"`.
///
/// ```
/// assert!(serde_json::from_str::<urlkit::PathStyle>(r#""Unix""#).is_err());
/// ```
impl<'de> Deserialize<'de> for PathStyle {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match PathStyleRepr::deserialize(d)? {
            PathStyleRepr::Unix => PathStyle::Unix,
            PathStyleRepr::Windows => PathStyle::Windows,
        })
    }
}

/// Serializes an error as `{"kind": spec name, "position": byte}`.
fn error_struct<S: Serializer>(
    s: S,
    name: &'static str,
    kind: &'static str,
    position: usize,
) -> Result<S::Ok, S::Error> {
    let mut st = s.serialize_struct(name, 2)?;
    st.serialize_field("kind", kind)?;
    st.serialize_field("position", &position)?;
    st.end()
}

/// `{"kind": "IPv4-empty-part", "position": 7}`: the spec's name for the error, and where.
///
/// ```
/// let err = urlkit::Url::parse("http://[::1/").unwrap_err();
/// let json = serde_json::to_string(&err).unwrap();
/// assert!(json.starts_with(r#"{"kind":"IPv6-unclosed","position":"#));
/// ```
impl Serialize for ParseError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        error_struct(s, "ParseError", self.kind().spec_name(), self.position())
    }
}

/// As [`ParseError`]'s: `{"kind": spec name, "position": byte}`.
///
/// ```
/// let v = urlkit::ValidationError::new(urlkit::ErrorKind::HostMissing, 3);
/// assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"kind":"host-missing","position":3}"#);
/// ```
impl Serialize for ValidationError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        error_struct(s, "ValidationError", self.kind().spec_name(), self.position())
    }
}
