//! `urlkit::domain`: the Public Suffix List conformance file, a reference implementation of
//! the formal algorithm, and sites.

#[path = "../common/mod.rs"]
mod common;

mod clickhouse;
mod opaque;
mod psl;
#[path = "../canon/python.rs"]
mod python;
mod reference;
mod sections;
mod site;
mod tldextract;
