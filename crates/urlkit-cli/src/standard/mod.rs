//! The answers of the three standards behind one interface: [`Standard`] describes an
//! input (its components, as a JSON object or a table) and checks it strictly;
//! [`Normalizer`] gives its normal form. [`whatwg`] (the URL Standard), [`rfc3986`] (URI
//! references as written) and [`rfc1738`] (the RFC 1738 scheme views) implement them, and
//! [`select`] picks one from a subcommand's `--rfc3986`/`--rfc1738` flags.
//!
//! Why one input failed is a [`crate::failure::Failure`].

pub mod rfc1738;
pub mod rfc3986;
pub mod whatwg;

use crate::driver::Sink;
use crate::failure::Failure;

/// One standard's reading of inputs.
pub trait Standard: Sync {
    /// `urlkit parse`: writes the components of `input` (a JSON object, or a table for
    /// people `width` columns wide) or why it has none; returns whether it parsed.
    fn describe(&self, input: &str, sink: &mut Sink, width: usize) -> bool;

    /// `urlkit validate`: whether `input` is valid, strictly, per the standard.
    fn check(&self, input: &str) -> Result<(), Failure>;
}

/// A standard's normal form of inputs (`urlkit normalize`).
pub trait Normalizer: Sync {
    /// The normal form of `input`.
    fn normalize(&self, input: &str) -> Result<String, Failure>;
}

/// The standard of a subcommand's flags: RFC 3986 (RFC 3987 with `--iri`), RFC 1738,
/// else the URL Standard.
pub fn select(rfc3986: bool, iri: bool, rfc1738: bool) -> &'static dyn Standard {
    if rfc3986 && iri {
        &rfc3986::Rfc3986::IRI
    } else if rfc3986 {
        &rfc3986::Rfc3986::URI
    } else if rfc1738 {
        &rfc1738::Rfc1738
    } else {
        &whatwg::Whatwg::WITHOUT_BASE
    }
}

/// The normalizer of a subcommand's flags: RFC 3986 §6.2.2 (of IRIs with `--iri`), else
/// the URL Standard.
pub fn normalizer(rfc3986: bool, iri: bool) -> &'static dyn Normalizer {
    if rfc3986 && iri {
        &rfc3986::Rfc3986::IRI
    } else if rfc3986 {
        &rfc3986::Rfc3986::URI
    } else {
        &whatwg::Whatwg::WITHOUT_BASE
    }
}

/// The diagram width when neither `--width` nor `COLUMNS` says otherwise.
const DEFAULT_WIDTH: usize = 80;

/// The diagram width: `width` when given, else `$COLUMNS` when set to a number, else 80;
/// never under 10.
pub fn width(width: Option<usize>) -> usize {
    width
        .or_else(|| std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse().ok()))
        .unwrap_or(DEFAULT_WIDTH)
        .max(10)
}
