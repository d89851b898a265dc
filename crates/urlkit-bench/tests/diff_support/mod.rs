//! Shared code of the differential test against ada: data loading, the comparison, the
//! ledger of known disagreements, a seeded PRNG and the URL mutator.

pub mod compare;
pub mod data;
pub mod grammar;
pub mod ledger;
pub mod mutate;
pub mod rng;
pub mod setters;
// The data locator the library's tests use too: one note per missing directory per run.
#[path = "../../../urlkit/tests/common/shared_data.rs"]
pub mod shared_data;
