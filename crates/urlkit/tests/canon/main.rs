//! `urlkit::canon`: the profiles against the real Python packages (`surt`, `w3lib`) over the
//! datasets, and the Safe Browsing examples of the published documentation.

#[path = "../common/mod.rs"]
mod common;

mod crawler;
mod python;
mod safe_browsing;
mod steps;
mod surt;
