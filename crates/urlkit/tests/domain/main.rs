//! `urlkit::domain`: the Public Suffix List conformance file, a reference implementation of
//! the formal algorithm, and sites.

#[path = "../common/mod.rs"]
mod common;

mod psl;
mod reference;
mod site;
