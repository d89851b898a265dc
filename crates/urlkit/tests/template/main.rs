//! URI Template (RFC 6570) tests: the shared uritemplate-test suite (read from the
//! conformance directory at test time) with its expected-failures ledger, partial
//! expansion, matching and template sets, and the property tests.

#[path = "../common/mod.rs"]
mod common;

mod conformance;
mod matching;
mod partial;
mod props;
mod set;
