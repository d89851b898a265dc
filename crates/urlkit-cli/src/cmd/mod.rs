//! The subcommands, one file each. Each defines its clap arguments (`FooArgs`) and
//! `pub fn run(args: FooArgs) -> Status`, which hands its inputs to the batch driver
//! ([`crate::driver`]) with a handler built from the standards' answers
//! ([`crate::standard`]).

pub mod normalize;
pub mod parse;
pub mod query;
pub mod relative;
pub mod resolve;
pub mod set;
pub mod validate;

use std::ffi::OsString;

/// Arguments as text (invalid UTF-8 replaced with U+FFFD).
pub fn lossy(args: &[OsString]) -> Vec<String> {
    args.iter().map(|a| a.to_string_lossy().into_owned()).collect()
}
