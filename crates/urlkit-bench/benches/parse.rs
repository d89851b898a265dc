//! Paired parse benchmarks (placeholder until the harness lands).

fn main() {}
