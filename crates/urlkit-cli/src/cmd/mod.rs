//! The subcommands, one file each. Each defines its clap arguments (`FooArgs`, flattening
//! the shared [`crate::args::Io`]) and `pub fn run(args: FooArgs) -> Status`, which hands
//! its inputs to the batch driver ([`crate::driver`]) with a handler built from the
//! standards' answers ([`crate::standard`]).

pub mod domain;
pub mod encode;
pub mod extract;
pub mod help;
pub mod inspect;
pub mod lint;
pub mod matching;
pub mod normalize;
pub mod parse;
pub mod path;
pub mod query;
pub mod relative;
pub mod resolve;
pub mod set;
pub mod validate;
