//! The `urlkit` command-line tool.

fn main() {}
