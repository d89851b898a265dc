//! RFC 3986 / RFC 3987: strict URI and IRI references.
//!
//! * [`UriRef`] borrows and validates a `URI-reference` against the ABNF of RFC 3986
//!   Appendix A (with RFC 6874 zone IDs), keeping every component's offsets; [`Uri`] owns one.
//! * Errors ([`ParseError`]) give the byte position, the [`Rule`] expected and what was found.
//!
//! ```
//! use urlkit::rfc3986::UriRef;
//! let r = UriRef::parse("ftp://@host:/a?")?;
//! assert_eq!((r.userinfo(), r.port(), r.query(), r.fragment()), (Some(""), Some(""), Some(""), None));
//! # Ok::<(), urlkit::rfc3986::ParseError>(())
//! ```

mod chars;
mod error;
mod ip;
mod iri;
mod normalize;
mod parse;
mod relative;
mod resolve;
mod uri;

pub use error::{ParseError, Rule};
pub use iri::IriRef;
pub use normalize::equivalent;
pub use parse::HostKind;
pub use resolve::remove_dot_segments;
pub use uri::{Uri, UriRef};
