//! # urlkit
//!
//! ## Overview
//!
//! urlkit parses, checks, normalizes, resolves and mines Uniform Resource Locators:
//!
//! - [`Url`]: the [WHATWG URL Standard](https://url.spec.whatwg.org/) — what browsers do.
//! - [`rfc3986`]: RFC 3986/3987 strict parsing with error positions, resolution, normalization.
//! - [`schemes`]: the RFC 1738 schemes, validated against its BNF, with typed views.
//! - [`percent`]: every named percent-encode set and lazy encoders/decoders.
//!
//! ## Examples
//!
//! ```
//! use urlkit::Url;
//! let url = Url::parse("https://user@example.com:8080/a/./b?q=1#top")?;
//! assert_eq!(url.as_str(), "https://user@example.com:8080/a/b?q=1#top");
//! assert_eq!(url.hostname(), "example.com");
//! assert_eq!(url.port(), Some(8080));
//! assert_eq!(url.join("../c")?.as_str(), "https://user@example.com:8080/c");
//! # Ok::<(), urlkit::ParseError>(())
//! ```
//!
//! ## Crate features
//!
//! - `std` (default): `std::error::Error` impls and host-OS file path helpers. Without it the
//!   crate is `no_std` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Url`] as its href.
//! - `encoding`: legacy encodings (via `encoding_rs`) for percent-encoding and query encoding
//!   overrides.

#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]

extern crate alloc;

mod chars;
mod error;
pub mod form;
pub mod host;
mod offsets;
mod origin;
pub mod percent;
pub mod rfc3986;
pub mod scheme;
pub mod schemes;
mod setters;
mod url;
mod whatwg;

pub use error::{ErrorKind, ParseError, ValidationError};
pub use host::Host;
pub use origin::{OpaqueOrigin, Origin};
pub use setters::SetterError;
pub use url::{ParseOptions, Url};
