//! Differential test of urlkit's WHATWG `Url` against ada (which passes all of WPT).
//!
//! Every line of `realworld.txt`, `synthetic.txt` and `messy.txt`, ~30k generated damaged
//! inputs and a grid of setter calls are run through both; every getter must agree unless
//! the disagreement is listed in `tests/differential-ledger.txt` (see `diff_support::ledger`).

mod diff_support;

use diff_support::compare::{compare, Disagreement};
use diff_support::data::{cases, Case};
use diff_support::{grammar, ledger, mutate, setters};

fn run(cases: &[Case]) -> Vec<Disagreement> {
    cases
        .iter()
        .filter_map(|c| compare(&c.input, c.base.as_deref()))
        .collect()
}

fn corpus(suite: &str, file: &str) {
    let Some(cases) = cases(file) else { return };
    let found = run(&cases);
    ledger::check(suite, cases.len(), &found);
}

#[test]
fn realworld_agrees_with_ada() {
    corpus("realworld", "realworld.txt");
}

#[test]
fn synthetic_agrees_with_ada() {
    corpus("synthetic", "synthetic.txt");
}

#[test]
fn messy_agrees_with_ada() {
    corpus("messy", "messy.txt");
}

#[test]
fn generated_agrees_with_ada() {
    let Some(real) = diff_support::data::lines("realworld.txt") else {
        return;
    };
    let cases = mutate::generate(&real, mutate::COUNT, mutate::SEED);
    let found = run(&cases);
    ledger::check("generated", cases.len(), &found);
}

#[test]
fn setters_agree_with_ada() {
    let Some((total, found)) = setters::run() else {
        return;
    };
    ledger::check("setters", total, &found);
}

#[test]
fn token_strings_agree_with_ada() {
    if diff_support::data::datasets_dir().is_err() {
        return;
    }
    let cases = grammar::token_inputs(grammar::TOKEN_COUNT, 0x70CE_2026);
    ledger::check("tokens", cases.len(), &run(&cases));
}

#[test]
fn code_points_agree_with_ada() {
    if diff_support::data::datasets_dir().is_err() {
        return;
    }
    let cases = grammar::code_point_inputs();
    ledger::check("code-points", cases.len(), &run(&cases));
}
