//! RFC 3986 and RFC 3987: parsing, resolution, normalization, make-relative, IRIs, the
//! bridges to the WHATWG `Url`, and robustness. One test binary; each file is one module.

#[path = "../common/mod.rs"]
mod common;

mod bridge;
mod extra;
mod iri;
mod normalize;
mod parse;
mod relative;
mod resolve;
mod robust;
mod setters;
