//! urlkit for JavaScript: the library's readings of a URL (WHATWG, RFC 3986/3987, RFC 1738)
//! side by side, the linter and its policy, the Public Suffix List, canonical forms and
//! normalization steps, percent-encoding, URLs in text, URL Pattern, URI Templates and
//! `data:` URLs, as a wasm-bindgen module (the npm package `urlkit`, built by `build.sh`).
//!
//! Each JavaScript concept sits in its own module, named as in the Python binding
//! (`crates/urlkit-python`), the names in camelCase. The binding converts types and nothing
//! more: every behaviour is the library's public API. Positions given to JavaScript are
//! UTF-16 code-unit offsets into the string JavaScript passed in ([`index`]); errors are
//! JavaScript `Error`s with `name`, `kind` and `position` set ([`error`]).

#[cfg(feature = "core")]
pub mod canon;
#[cfg(feature = "core")]
pub mod data;
#[cfg(feature = "core")]
pub mod domain;
pub mod error;
pub mod index;
mod js;
#[cfg(feature = "core")]
pub mod lint;
#[cfg(feature = "pattern")]
pub mod pattern;
#[cfg(feature = "core")]
pub mod percent;
#[cfg(feature = "core")]
pub mod readings;
#[cfg(feature = "core")]
pub mod template;
#[cfg(feature = "core")]
pub mod text;
#[cfg(feature = "core")]
pub mod url;
