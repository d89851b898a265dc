//! Shared helpers for urlkit's paired benchmarks (see `benches/`). Not published.
