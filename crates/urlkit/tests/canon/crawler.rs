//! `canon::crawler` against w3lib's `canonicalize_url` (2.5.0) on every input of the
//! datasets.

#[allow(unused_imports)]
use crate::python;
