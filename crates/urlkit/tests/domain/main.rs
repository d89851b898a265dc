//! `urlkit::domain`: the Public Suffix List conformance file, a reference implementation of
//! the formal algorithm, and sites.

#[path = "../common/mod.rs"]
mod common;

mod clickhouse;
mod psl;
#[path = "../canon/python.rs"]
mod python;
mod reference;
mod site;
mod tldextract;
