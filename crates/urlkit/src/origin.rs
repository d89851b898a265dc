//! Origins (<https://url.spec.whatwg.org/#origin>, HTML's origin concept).
//!
//! CONTRACT STUB — the whatwg branch fills this in.

#![allow(missing_docs)]

use crate::Host;
use alloc::string::String;

/// An origin: opaque, or a (scheme, host, port) tuple (stub).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An opaque origin; each one is unique.
    Opaque(OpaqueOrigin),
    /// A tuple origin.
    Tuple(String, Host<String>, Option<u16>),
}

/// Identity of an opaque origin (stub).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(pub(crate) u64);

impl Origin {
    /// The ASCII serialization (`"null"` for opaque origins).
    pub fn ascii_serialization(&self) -> String {
        todo!("whatwg branch")
    }
}
