//! prose
