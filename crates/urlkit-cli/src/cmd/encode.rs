//! `urlkit encode` and `urlkit decode`: percent-encoding with one of the URL Standard's
//! encode sets (§1.3, named without "percent-encode set"), and percent-decoding.
//!
//! Text output is one line per input; JSON output `{"input","ok":true,"encoded"}` or
//! `{"input","ok":true,"decoded"}`. `application/x-www-form-urlencoded` encodes a space as
//! `+` (and decodes `+` as a space). A decoded input that is not UTF-8 fails
//! (`invalid-utf8`).

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::failure::{kind, Failure};
use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::borrow::Cow;
use urlkit::percent::{percent_decode_str, NamedSet, NAMED_SETS};

/// An encode set of the URL Standard (§1.3): a row of the library's one table of named sets
/// ([`urlkit::percent::NAMED_SETS`], its `whatwg` rows), which gives `--set` its names and
/// their help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EncodeSet(&'static NamedSet);

/// The URL Standard's rows of the table, in its order.
static WHATWG_SETS: [EncodeSet; 8] = {
    let mut out = [EncodeSet(&NAMED_SETS[0]); 8];
    let (mut i, mut n) = (0, 0);
    while i < NAMED_SETS.len() {
        if NAMED_SETS[i].whatwg {
            out[n] = EncodeSet(&NAMED_SETS[i]);
            n += 1;
        }
        i += 1;
    }
    assert!(n == out.len(), "the table's URL Standard sets");
    out
};

impl Default for EncodeSet {
    fn default() -> Self {
        EncodeSet::named("component")
    }
}

impl EncodeSet {
    /// The row named `name`, which the table has.
    fn named(name: &str) -> Self {
        let found = WHATWG_SETS.iter().find(|s| s.0.name == name);
        *found.unwrap_or(&WHATWG_SETS[0])
    }
}

impl ValueEnum for EncodeSet {
    fn value_variants<'a>() -> &'a [Self] {
        &WHATWG_SETS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name).help(self.0.summary))
    }
}

/// Percent-encode text with one of the URL Standard's encode sets (--set NAME, default component)
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  urlkit encode 'a b&c'                 # a%20b%26c\n  \
                        urlkit encode --set path '/a b?'      # /a%20b%3F\n  \
                        urlkit decode --set application/x-www-form-urlencoded 'a+b%21'   # a b!\n\n\
                        Exit status: 0 when every input was done, 1 when any failed, 2 on usage or I/O errors."
)]
pub struct EncodeArgs {
    /// The encode set
    #[arg(long = "set", value_enum, value_name = "NAME", default_value = "component")]
    pub set: EncodeSet,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// Percent-decode text
#[derive(Debug, Args)]
pub struct DecodeArgs {
    // The same arguments as `urlkit encode`: one encode set names what to decode.
    #[command(flatten)]
    pub args: EncodeArgs,
}

/// What `urlkit encode` and `urlkit decode` call their inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const VALUE: &'static str = "TEXT";
    const INPUTS: &'static str = "Texts";
    const JSON: &'static str = "Print one JSON object per input";
}

/// The object of an encoded or decoded input.
#[derive(Serialize)]
struct Coded<'a> {
    input: &'a str,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    encoded: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decoded: Option<&'a str>,
}

/// Writes the answer for `input` done into `text`.
fn answer(input: &str, text: &str, encoded: bool, out: &mut Sink) -> bool {
    if !out.is_json() {
        return out.line(text);
    }
    let (encoded, decoded) = if encoded {
        (Some(text), None)
    } else {
        (None, Some(text))
    };
    out.json(
        true,
        &Coded {
            input,
            ok: true,
            encoded,
            decoded,
        },
    )
}

/// Percent-encodes `input` with `set`.
pub fn encode(input: &str, set: EncodeSet) -> String {
    set.0.encode(input)
}

/// Percent-decodes `input` (`+` as a space for the form set).
pub fn decode(input: &str, set: EncodeSet) -> Result<String, Failure> {
    let input: Cow<'_, str> = if set.0.space_as_plus {
        Cow::Owned(input.replace('+', " "))
    } else {
        Cow::Borrowed(input)
    };
    let bytes = percent_decode_str(&input).into_bytes();
    String::from_utf8(bytes.into_owned()).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        Failure::at(
            kind::INVALID_UTF8,
            format!("decoded bytes are not utf-8 at byte {at}"),
            at,
        )
    })
}

impl super::Run for EncodeArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run_encode(self)
    }
}

impl super::Run for DecodeArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run_decode(self.args)
    }
}

/// Runs `urlkit encode`.
pub fn run_encode(args: EncodeArgs) -> Status {
    let set = args.set;
    let batch = args.inputs.line_batch();
    driver::run(batch, || {
        move |input: &str, out: &mut Sink| answer(input, &encode(input, set), true, out)
    })
}

/// Runs `urlkit decode`.
pub fn run_decode(args: EncodeArgs) -> Status {
    let set = args.set;
    let batch = args.inputs.line_batch();
    driver::run(batch, || {
        move |input: &str, out: &mut Sink| match decode(input, set) {
            Ok(text) => answer(input, &text, false, out),
            Err(failure) => out.fail(input, &failure),
        }
    })
}
