//! URL Pattern tests: the web-platform-tests records (`wpt/urlpatterntestdata.json`, read
//! from the conformance directory at test time), the pattern set against one-by-one
//! matching, and adversarial patterns and inputs.

#[path = "../common/mod.rs"]
mod common;

mod adversarial;
mod regexp;
mod set;
mod wpt;
