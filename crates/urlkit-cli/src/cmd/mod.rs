//! The subcommands, one file each. Each defines its clap arguments (`FooArgs`, flattening
//! the shared [`crate::args::Inputs`]; the struct's doc comment is the subcommand's `--help`
//! line) and implements [`Run`] for them, handing its inputs to the batch driver
//! ([`crate::driver`]) with a handler built from the standards' answers ([`crate::standard`]).
//!
//! # Adding a subcommand
//!
//! A subcommand `foo` is one file, `cmd/foo.rs`, plus one line in the [`subcommands!`] list
//! below: `mod foo: Foo(FooArgs);`. That line declares the module, the variant of
//! [`Command`] (`urlkit foo`, named after the variant in kebab case) and its dispatch. A
//! file holding two subcommands names both on its line, in `--help` order:
//! `mod encode: Encode(EncodeArgs), Decode(DecodeArgs);`.
//!
//! ```ignore
//! use crate::args::{self, Inputs};
//! use crate::driver::{self, Sink, Status};
//! use crate::failure::Failure;
//!
//! /// Foo URLs (its `--help` line: one sentence, no trailing dot)
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
//! impl super::Run for FooArgs {
//!     fn run(self, _: &super::Context<'_>) -> Status {
//!         driver::run(self.inputs.batch(), || {
//!             |input: &str, out: &mut Sink| match urlkit::foo::foo(input) {
//!                 Ok(foo) if out.is_json() => out.json(true, &FooObject { input, ok: true, foo }),
//!                 Ok(foo) => out.line(&foo),
//!                 Err(e) => out.fail(input, &Failure::at("foo-kind", e.to_string(), e.position())),
//!             }
//!         })
//!     }
//! }
//! ```

use crate::driver::Status;
use std::ffi::OsString;

/// What a subcommand may need besides its own arguments.
pub struct Context<'a> {
    /// The subcommand's matches: which arguments were given, in which order (the edits are
    /// applied in command-line order).
    pub matches: Option<&'a clap::ArgMatches>,
    /// The whole command line's definition, for what is made from it (`man`, `completions`).
    pub cli: fn() -> clap::Command,
}

/// A subcommand's arguments, ready to run.
pub trait Run {
    /// Runs the subcommand: its exit status.
    fn run(self, ctx: &Context<'_>) -> Status;
}

/// Declares the subcommand modules, the [`Command`] enum (in `--help` order) and its
/// dispatch, from one line per module: `mod file: Variant(ArgsType), …;`.
macro_rules! subcommands {
    ($(mod $module:ident: $($variant:ident($args:ident)),+;)*) => {
        $(pub mod $module;)*

        /// The subcommands; each one's `--help` line is its arguments' doc comment.
        #[derive(Debug, clap::Subcommand)]
        pub enum Command {
            $($($variant($module::$args),)+)*
            /// An external subcommand: urlkit-NAME beside urlkit or on PATH
            #[command(external_subcommand)]
            External(Vec<OsString>),
        }

        impl Command {
            /// Runs the subcommand.
            pub fn run(self, ctx: &Context<'_>) -> Status {
                match self {
                    $($(Command::$variant(args) => Run::run(args, ctx),)+)*
                    Command::External(args) => help::external(&args),
                }
            }
        }
    };
}

subcommands! {
    mod parse: Parse(ParseArgs);
    mod resolve: Resolve(ResolveArgs);
    mod normalize: Normalize(NormalizeArgs);
    mod relative: Relative(RelativeArgs);
    mod validate: Validate(ValidateArgs);
    mod set: Set(SetArgs);
    mod build: Build(BuildArgs);
    mod query: Query(QueryArgs);
    mod inspect: Inspect(InspectArgs);
    mod encode: Encode(EncodeArgs), Decode(DecodeArgs);
    mod path: PathToUrl(PathArgs), UrlToPath(UrlToPathArgs);
    mod help: Completions(CompletionsArgs), Man(ManArgs);
    mod lint: Lint(LintArgs);
    mod matching: Match(MatchArgs);
    mod domain: Domain(DomainArgs);
    mod extract: Extract(ExtractArgs);
    mod uri_template: Template(TemplateArgs);
    mod data: Data(DataArgs);
}
