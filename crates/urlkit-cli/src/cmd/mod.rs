//! The subcommands, one file each. Each defines its clap arguments (`FooArgs`, flattening
//! the shared [`crate::args::Inputs`]) and `pub fn run(args: FooArgs) -> Status`, which
//! hands its inputs to the batch driver ([`crate::driver`]) with a handler built from the
//! standards' answers ([`crate::standard`]).
//!
//! # Adding a subcommand
//!
//! A subcommand `foo` is one file, `cmd/foo.rs`, plus `pub mod foo;` here and two lines in
//! `main.rs`: a variant `Foo(cmd::foo::FooArgs)` with a doc comment (its `--help` line) in
//! `Command`, and `Command::Foo(args) => cmd::foo::run(args),` in `main`.
//!
//! ```ignore
//! use crate::args::{self, Inputs};
//! use crate::driver::{self, Sink, Status};
//! use crate::failure::Failure;
//!
//! /// Arguments of `urlkit foo`.
//! #[derive(Debug, clap::Args)]
//! #[command(after_help = "Examples:\n  urlkit foo https://example.com/\n\n\
//!                         Exit status: 0 when every input …, 1 when any failed, 2 on usage or I/O errors.")]
//! pub struct FooArgs {
//!     // The subcommand's own options first, then the shared ones: the inputs, --json,
//!     // --jsonl, -f FILE, --format, hygiene, --threads, --quiet.
//!     #[command(flatten)]
//!     pub inputs: Inputs<Words>,
//! }
//!
//! /// What `urlkit foo` calls its inputs and JSON flags.
//! #[derive(Debug)]
//! pub struct Words;
//!
//! impl args::Words for Words {
//!     const INPUTS: &'static str = "URLs to foo";
//!     const JSONL: Option<&'static str> = Some("Read standard input: each line a URL; print one JSON object per line");
//! }
//!
//! /// The success object, fields in the order declared (serde derive).
//! #[derive(serde::Serialize)]
//! struct FooObject<'a> { input: &'a str, ok: bool, foo: String }
//!
//! pub fn run(args: FooArgs) -> Status {
//!     driver::run(args.inputs.batch(), || {
//!         |input: &str, out: &mut Sink| match urlkit::foo::foo(input) {
//!             Ok(foo) if out.is_json() => out.json(true, &FooObject { input, ok: true, foo }),
//!             Ok(foo) => out.line(&foo),
//!             Err(e) => out.fail(input, &Failure::at("foo-kind", e.to_string(), e.position())),
//!         }
//!     })
//! }
//! ```

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
