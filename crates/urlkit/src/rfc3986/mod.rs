//! RFC 3986 / RFC 3987: strict URI and IRI references.
//!
//! * Parsing: [`UriRef`] borrows and validates a `URI-reference` against the ABNF of RFC 3986
//!   Appendix A (with RFC 6874 zone IDs), locating every component without allocating;
//!   [`Uri`] owns one. Entry points for each goal rule: [`UriRef::parse`] (`URI-reference`),
//!   [`UriRef::parse_uri`] (`URI`), [`UriRef::parse_absolute`] (`absolute-URI`),
//!   [`UriRef::parse_relative`] (`relative-ref`). Errors ([`ParseError`]) give the byte
//!   position, the [`Rule`] expected and what was found.
//! * Resolution (§5.2, strict): [`UriRef::resolve_against`], [`Uri::join`],
//!   [`remove_dot_segments`] (§5.2.4).
//! * Normalization and equivalence (§6.2.2, §6.2.3, RFC 5952): [`UriRef::normalized`],
//!   [`Uri::normalize`], [`equivalent`]; the inverse of resolution: [`Uri::make_relative`].
//! * IRIs (RFC 3987): [`IriRef`], [`IriRef::to_uri`] (§3.1), [`UriRef::to_iri`] (§3.2).
//! * Building and editing: [`Uri::builder`] and the setters ([`Uri::set_scheme`], …,
//!   [`Uri::set_fragment`]) check each component against its rule and the rules that tie
//!   the path to the rest (§3.3, §4.2), with [`SetError`] naming the component, the byte and
//!   the rule; the `*_encoded` setters and the builder percent-encode what needs it.
//! * Bridges to the URL Standard: [`Uri::from_url`], [`Uri::to_url`].
//!
//! ```
//! use urlkit::rfc3986::{Uri, UriRef};
//! let r = UriRef::parse("ftp://@host:/a?")?;
//! assert_eq!((r.userinfo(), r.port(), r.query(), r.fragment()), (Some(""), Some(""), Some(""), None));
//!
//! let base = Uri::parse("http://a/b/c/d;p?q")?;
//! let target = base.join("../g?x#y")?;
//! assert_eq!(target.as_str(), "http://a/b/g?x#y");
//! assert_eq!(base.make_relative(&target.as_ref()).as_deref(), Some("../g?x#y"));
//! assert_eq!(UriRef::parse("HTTP://A:80/%7e")?.normalized().as_str(), "http://a/~");
//! # Ok::<(), urlkit::rfc3986::ParseError>(())
//! ```

mod bridge;
mod chars;
mod error;
mod ip;
mod iri;
mod normalize;
mod parse;
mod relative;
mod resolve;
mod setters;
mod uri;

pub use error::{ParseError, Rule};
pub use iri::IriRef;
pub use normalize::equivalent;
pub use parse::HostKind;
pub use resolve::remove_dot_segments;
pub use setters::{Component, SetError, UriBuilder};
pub use uri::{Uri, UriRef};
