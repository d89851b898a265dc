//! # urlkit
//!
//! ## Overview
//!
//! urlkit parses, checks, normalizes, resolves and mines Uniform Resource Locators, under
//! each of the standards that define them:
//!
//! - [`Url`]: the [WHATWG URL Standard](https://url.spec.whatwg.org/), what browsers do:
//!   parsing with and without a base, serialization, the API getters and setters, origins
//!   ([`Origin`]), hosts ([`Host`]: domains through UTS 46, IPv4 in every number form, IPv6),
//!   validation errors with byte positions ([`ParseOptions::on_validation_error`]).
//! - [`form`]: `application/x-www-form-urlencoded` and [`form::SearchParams`]
//!   (URLSearchParams), standalone or bound to a [`Url`]'s query.
//! - [`percent`]: every named percent-encode set of the URL Standard, RFC 3986 and RFC 1738,
//!   with lazy encoders and decoders.
//! - [`host`]: the host parser and the IDNA API (`domain_to_ascii`, `domain_to_unicode`).
//! - [`file_path`]: file URLs to and from Unix and Windows paths, on any host OS.
//! - `pattern` (feature `pattern`): the URL Pattern Standard (`UrlPattern`: test and exec
//!   with groups) and `UrlPatternSet`, thousands of patterns matched at once.
//! - [`rfc3986`] (feature `rfc3986`): RFC 3986/3987 strict, zero-copy parsing with error positions, reference
//!   resolution, normalization and equivalence, make-relative, IRI ↔ URI, bridges to [`Url`].
//! - [`rfc1738`] (feature `rfc1738`): the RFC 1738 schemes validated against its BNF, with typed views that give
//!   each scheme's meaning (the FTP command plan, gopher selectors, mailto headers, …).
//! - [`scheme`]: special schemes and one registry of default ports.
//! - [`domain`]: the Public Suffix List (public suffix, registrable domain, subdomain, ICANN
//!   or private section) and the HTML Standard's sites.
//! - [`text`]: the URLs in free text (RFC 1738's `<URL:…>`, RFC 3986 Appendix C's `<…>`,
//!   GFM's bare URLs, `www.` links and email addresses) with exact byte offsets, from a
//!   string or a stream.
//! - `canon` (feature `canon`): canonical forms for comparing and deduplicating URLs (SURT,
//!   Google Safe Browsing, a crawler's profile).
//! - `lint` (feature `lint`): security findings on URLs (credentials, internal addresses,
//!   parser differentials, homographs) and a safe-fetch policy.
//! - [`template`]: URI Templates (RFC 6570) expanded, partially expanded and matched back to their variables.
//! - [`data`]: `data:` URLs as browsers read them (the Fetch Standard's processor: the MIME
//!   type and the body bytes), forgiving base64 ([`data::base64`]), and building a `data:`
//!   URL from bytes.
//! - [`mime`]: MIME types as the MIME Sniffing Standard parses and serializes them (type,
//!   subtype, parameters, essence, charset).
//! - `http_target` (feature `rfc3986`): HTTP/1.1 request targets (RFC 9112 §3.2: origin-,
//!   absolute-, authority- and asterisk-form, chosen with the method) and the target URI
//!   reconstructed from one (§3.3).
//! - [`interop`]: conversions to and from the `url` crate's `Url` and `http::Uri`, and the
//!   `serde` representations.
//!
//! ### Which module for which job
//!
//! | The job | The module | Feature |
//! | --- | --- | --- |
//! | Parse a URL as a browser does, read or set its parts, resolve a link against a page | [`Url`] (crate root) | default |
//! | Read or build a query string (`URLSearchParams`) | [`form`] | default |
//! | Percent-encode or decode with a named encode set | [`percent`] | default |
//! | Parse a host, convert a domain to and from Punycode | [`host`] | default |
//! | Turn a file path into a `file:` URL and back, Unix or Windows | [`file_path`] | default |
//! | Know a scheme's default port, whether it is special | [`scheme`] | default |
//! | Find the registrable domain (eTLD+1), public suffix or site of a host | [`domain`] | default |
//! | Find the URLs in text, logs or e-mail, with their offsets | [`text`] | default |
//! | Read what a `data:` URL holds (type and bytes), or make one | [`data`] | default |
//! | Parse or serialize a `Content-Type` / MIME type as browsers do | [`mime`] | default |
//! | Convert to and from `url::Url`, `http::Uri`, serde | [`interop`] | `url`, `http`, `serde` |
//! | Check, resolve or normalize URI references strictly per RFC 3986 (IRIs per RFC 3987) | `rfc3986` | `rfc3986` |
//! | Read an HTTP request line's target (`CONNECT example.com:443`, `OPTIONS *`) and rebuild the target URI | `http_target` | `rfc3986` |
//! | Validate `ftp:`, `mailto:`, `news:`, `gopher:`, … URLs against RFC 1738 and read what they mean | `rfc1738` | `rfc1738` |
//! | Compare or deduplicate URLs by a canonical form (SURT, Safe Browsing, crawler) | `canon` | `canon` |
//! | Flag risky URLs before fetching them, or apply a safe-fetch policy | `lint` | `lint` |
//! | Match URLs against patterns like `https://*.example.com/books/:id` | `pattern` | `pattern` |
//!
//! The owned [`Url`] is one serialization buffer plus `Copy` offsets: getters return slices,
//! and already-canonical input is parsed by one scan and one copy.
//!
//! Domain names go through UTS 46 with the mapping data of ICU4X (via the `idna` crate), so
//! the Unicode version is that of the `icu_normalizer` release your lock file resolves. This
//! repository's lock file pins ICU4X 2.3 (Unicode 17.0), the version of the web-platform-tests
//! IDNA data and of current browsers; a newer ICU4X brings newer Unicode assignments.
//!
//! ## Examples
//!
//! Parse, read components, resolve a reference, and edit through a setter:
//!
//! ```
//! use urlkit::Url;
//! let mut url = Url::parse("https://user@EXAMPLE.com:8080/a/./b?q=1#top")?;
//! assert_eq!(url.as_str(), "https://user@example.com:8080/a/b?q=1#top");
//! assert_eq!(url.hostname(), "example.com");
//! assert_eq!(url.port(), Some(8080));
//! assert_eq!(url.join("../c")?.as_str(), "https://user@example.com:8080/c");
//! url.set_pathname("/x y").unwrap();
//! assert_eq!(url.pathname(), "/x%20y");
//! # Ok::<(), urlkit::ParseError>(())
//! ```
//!
//! Query parameters:
//!
//! ```
//! use urlkit::form::SearchParams;
//! let mut params = SearchParams::parse("?b=2&a=1&b=3");
//! params.sort();
//! assert_eq!(params.to_string(), "a=1&b=2&b=3");
//! ```
//!
//! RFC 3986: strict parsing keeps absent and empty apart; resolution and normalization:
//!
//! ```
//! use urlkit::rfc3986::{Uri, UriRef};
//! let r = UriRef::parse("http://h?")?;
//! assert_eq!((r.query(), r.fragment()), (Some(""), None));
//! let base = Uri::parse("http://a/b/c/d;p?q")?;
//! assert_eq!(base.join("../../g")?.as_str(), "http://a/g");
//! assert_eq!(UriRef::parse("HTTP://a:80/%7e")?.normalized().as_str(), "http://a/~");
//! # Ok::<(), urlkit::rfc3986::ParseError>(())
//! ```
//!
//! The registrable domain of a host, and the URLs in a piece of text:
//!
//! ```
//! assert_eq!(urlkit::domain::registrable_domain("a.b.example.co.uk").as_deref(), Some("example.co.uk"));
//! let urls: Vec<_> = urlkit::text::links("see https://example.com/a, or <www.example.org>.")
//!     .map(|link| link.url().into_owned())
//!     .collect();
//! assert_eq!(urls, ["https://example.com/a", "http://www.example.org"]);
//! ```
//!
//! RFC 1738: what an FTP client must send (§3.2.2):
//!
//! ```
//! let parsed = urlkit::rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
//! let ftp = parsed.view.as_ftp().unwrap();
//! assert_eq!(ftp.commands(), ["CWD /etc", "RETR motd"]);
//! ```
//!
//! ## Crate features
//!
//! - `std` (default): `std::error::Error` impls, `std::path` conversions for file URLs, and
//!   the AVX2 byte-class scans on x86-64, chosen at run time (they need `std`'s CPU feature
//!   detection). Without it the crate is `no_std`, needs only `alloc` and scans bytes with
//!   table lookups (same results, slower).
//! - `pattern` (needs `std`): the URL Pattern Standard, `pattern::UrlPattern` and the
//!   many-pattern matcher `pattern::UrlPatternSet`, with regexp groups run by the `regex`
//!   crate (linear-time matching). Off by default: `regex` and its automata about double a
//!   cold release build of the crate.
//! - `serde`: `Serialize`/`Deserialize` for every public value type ([`Url`] as its href,
//!   [`Host`], [`Origin`], [`rfc3986::Uri`], [`form::SearchParams`], …), with the stable
//!   representations listed in [`interop`].
//! - `rfc3986`: the [`rfc3986`] module. Off by default, like `rfc1738` and `pattern`, so
//!   that a program that needs only the URL Standard compiles about what it would with the
//!   `url` crate (a cold release build in about the same time).
//! - `rfc1738`: the [`rfc1738`] module (turns on `rfc3986`).
//! - `canon`: the canonicalization profiles (`canon`; turns on `rfc3986`).
//! - `lint`: the URL linter and safe-fetch policy (`lint`; turns on `rfc1738`, and UTS 39
//!   through `unicode-security`).
//! - `url`: lossless `TryFrom` conversions to and from `url::Url` ([`interop`]).
//! - `http`: `TryFrom` conversions to and from `http::Uri`, and what `http` drops ([`interop`]).
//! - `encoding`: legacy (non-UTF-8) encodings via `encoding_rs` (re-exported): a URL's query
//!   encoded with a document's encoding (`ParseOptions::encoding_override`, as the URL
//!   Standard's parser allows), and `percent::percent_encode_after_encoding`.

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

extern crate alloc;

// README.md's Rust examples run as doctests, so that the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

#[cfg(feature = "canon")]
pub mod canon;
pub mod data;
mod decimal;
pub mod domain;
mod error;
pub mod file_path;
pub mod form;
pub mod host;
#[cfg(feature = "rfc3986")]
pub mod http_target;
pub mod interop;
#[cfg(feature = "lint")]
pub mod lint;
pub mod mime;
#[cfg(feature = "pattern")]
pub mod pattern;
pub mod percent;
#[cfg(feature = "rfc1738")]
pub mod rfc1738;
#[cfg(feature = "rfc3986")]
pub mod rfc3986;
pub mod scheme;
mod simd;
pub mod template;
#[cfg(test)]
mod test_rng;
pub mod text;
mod url;
mod whatwg;

pub use error::{ErrorKind, ParseError, ValidationError};
pub use file_path::PathStyle;
pub use host::Host;
pub use url::attribute::{Attribute, UnknownAttribute};
pub use url::builder::{BuildError, BuildErrorKind, UrlBuilder};
pub use url::origin::{OpaqueOrigin, Origin};
pub use url::position::Position;
pub use url::query_pairs::QueryPairsMut;
pub use url::redact::{Redact, REDACTED, SECRET_PARAMETERS};
pub use url::segments::PathSegmentsMut;
pub use url::setters::SetterError;
pub use url::{ParseOptions, Url};

/// The `encoding_rs` crate, whose encodings [`ParseOptions::encoding_override`] and
/// `percent::percent_encode_after_encoding` take (feature `encoding`).
///
/// ```
/// let url = urlkit::Url::options().encoding_override(urlkit::encoding_rs::EUC_KR).parse("http://h/?\u{2020}")?;
/// assert_eq!(url.search(), "?%A2%D3");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[cfg(feature = "encoding")]
pub use encoding_rs;
