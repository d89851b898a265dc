//! RFC 1738 and its per-scheme successors: every example URL of the seed documents with its
//! validity and typed view, and property tests. One test binary; each file is one module.

#[path = "../common/mod.rs"]
mod common;

mod props;
mod schemes;
