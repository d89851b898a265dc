//! # urlkit-arrow
//!
//! ## Overview
//!
//! urlkit's URL functions as [Apache Arrow](https://arrow.apache.org/) kernels: each takes a
//! string array (`Utf8`, `LargeUtf8` or `Utf8View`) and returns an Arrow array with one value
//! per row. A null gives a null. A row that fails (a URL that does not parse) gives a null
//! too and, with [`OnError::Message`], its error message in a second column ([`Output`]).
//!
//! | kernel | result | per row |
//! | --- | --- | --- |
//! | [`parse`] | struct ([`parse_fields`]) | the WHATWG URL's components, `port` as `UInt16` |
//! | [`component`] | `Utf8View` | one [`Part`]: an attribute ([`urlkit::Attribute`]: `hostname`, `pathname`, …), the scheme, query or fragment |
//! | [`port`] | `UInt16` | the port, null when none |
//! | [`is_valid`], [`is_valid_with_base`] | `Boolean` | whether it parses |
//! | [`resolve`] | `Utf8View` | the href of a reference resolved against a base (scalar or column) |
//! | [`query_param`] | `Utf8View` | a query parameter's decoded value, by name |
//! | [`normalize`] | `Utf8View` | the canonical form under a [`Profile`] of [`urlkit::canon`]'s table ([`Profile::ALL`]: `whatwg`, `rfc3986`, `safe-browsing`, …); an unknown name is an [`UnknownProfile`] |
//! | [`normalize_with`] | `Utf8View` | the same with normalization steps ([`normalizer`]: a profile and a comma-separated list of [`Step`] names; an unknown one is an [`UnknownStep`]) |
//! | [`rfc3986`] | struct ([`rfc3986_fields`]) | the RFC 3986 components of a URI reference |
//! | [`registrable_domain`], [`public_suffix`], [`domain`], [`domain_with`] | `Utf8View` | the host's eTLD+1 or public suffix by the Public Suffix List ([`urlkit::domain`]), also of an opaque host that is a valid domain; `domain_with` can leave out the list's private section |
//! | [`lint_codes`] | `List<Utf8View>` | the codes of the linter's findings ([`urlkit::lint`]: `L001`, …) |
//! | [`lint_severity`] | `Utf8View` | the highest severity found: `error`, `warning`, `note`; null when none |
//! | [`data_url_mime`] | `Utf8` | a `data:` URL's serialized MIME type ([`urlkit::data`]); null when the row is not a valid `data:` URL |
//! | [`data_url_body`] | `Binary` | a `data:` URL's body bytes (percent- and base64-decoded); null as `data_url_mime` |
//! | [`template_match`] | `Map<Utf8, Utf8>` ([`template_match_field`]) | the variables of a URI Template ([`urlkit::template`], RFC 6570) that give the URL, an exploded one's members joined with `,`; null when the template does not parse, is not matchable or does not give the URL |
//! | [`template_expand`] | `Utf8` | a URI Template expanded with a JSON object's variables; null when the template or the JSON is bad |
//! | [`percent_encode`], [`percent_decode`] | `Utf8` | text percent-encoded with an [`EncodeSet`] (the URL Standard's by `urlkit encode --set`'s names, RFC 3986's unreserved), and decoded ([`Decoding`]: strict, lossy, Java's) |
//! | [`origin`] | `Utf8View` | the ASCII serialization of the URL's origin (`null` when opaque) |
//! | [`query_params`] | `Map<Utf8, Utf8>` ([`query_params_field`]) | the decoded query parameters, each name with its first value |
//! | [`query_param_all`] | `List<Utf8>` ([`string_list_field`]) | every decoded value of one parameter |
//! | [`set`] | `Utf8View` | the href after one attribute's setter ([`urlkit::Url::set`]) |
//! | [`build`] | `Utf8View` | the href of a URL built from [`Parts`] ([`urlkit::UrlBuilder`]) |
//! | [`slice`] | `Utf8View` | a [`Slice`] of the href: ClickHouse's `cutWWW`, `cutQueryString`, `netloc`, `pathFull`, … |
//! | [`hierarchy`], [`query_pieces`] | `List<Utf8>` | `URLHierarchy`/`URLPathHierarchy`, `extractURLParameters`/`extractURLParameterNames` ([`urlkit::domain`]'s ClickHouse helpers) |
//! | [`query_param_raw`], [`cut_query_param`] | `Utf8View` | a parameter's raw value, the href without a parameter |
//! | [`labels`] | `Utf8View` | a [`Label`] of the host: top-level domain, first significant subdomain |
//! | [`port_or`] | `UInt16` | the port, or a default |
//! | [`java_part`] | `Utf8View` | a [`JavaPart`] as Spark's `parse_url` names it |
//!
//! With [`OnError::Empty`] the kernels of one row answer the empty string (list) where they
//! would answer null for a URL that is not null, as ClickHouse's functions do.
//!
//! Results are written straight into the output buffers: nothing is allocated per row
//! besides what the library's own parse of that row allocates (the URL's buffer). [`parse`]
//! and [`rfc3986`] copy each row's text once and give every component as a view into it.
//! Every kernel agrees with the library's row-by-row API on every line of the URL datasets
//! (`tests/agree.rs`).
//!
//! ## Examples
//!
//! ```
//! use arrow_array::{Array, StringArray};
//! use urlkit::Attribute;
//! use urlkit_arrow::{component, OnError};
//! let urls = StringArray::from(vec![Some("https://EXAMPLE.com/a"), None, Some("http://[::1")]);
//! let hosts = component(&urls, Attribute::Hostname, OnError::Message)?;
//! assert_eq!(hosts.values.value(0), "example.com");
//! assert!(hosts.values.is_null(1) && hosts.values.is_null(2));
//! let errors = hosts.errors.unwrap();
//! assert!(errors.is_null(0) && errors.is_null(1));
//! assert_eq!(errors.value(2), "unclosed ipv6 address at byte 11");
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```
//!
//! ## Crate features
//!
//! None. The crate needs Rust 1.94 (that of Arrow 59), and turns on urlkit's `rfc3986`,
//! `canon` and `lint` features.

mod clickhouse;
mod data;
mod domain;
mod input;
mod lint;
mod normalize;
mod output;
mod parse;
mod percent;
mod rfc3986;
mod setters;
mod spark;
mod template;
mod whatwg;

pub use clickhouse::{
    Label, Slice, cut_query_param, hierarchy, labels, port_or, query_param_raw, query_pieces, slice,
};
pub use data::{data_url_body, data_url_mime};
pub use domain::{DomainPart, domain, domain_with, public_suffix, registrable_domain};
pub use input::Strings;
pub use lint::{lint_codes, lint_codes_field, lint_severity};
pub use normalize::{
    Normalizer, Profile, Step, UnknownProfile, UnknownStep, normalize, normalize_with, normalizer, profile,
};
pub use output::{OnError, Output};
pub use parse::{parse, parse_fields};
pub use percent::{Decoding, EncodeSet, UnknownEncodeSet, percent_decode, percent_encode};
pub use rfc3986::{rfc3986, rfc3986_fields};
pub use setters::{Parts, build, set};
pub use spark::{JavaPart, java_part};
pub use template::{template_expand, template_match, template_match_field};
pub use whatwg::{
    Part, component, is_valid, is_valid_with_base, origin, port, query_param, query_param_all, query_params,
    query_params_field, resolve, string_list_field,
};
