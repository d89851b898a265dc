//! `urlkit match PATTERN [--base B] [URL…]`: matches URLs against a URL Pattern
//! (<https://urlpattern.spec.whatwg.org/>), e.g. `https://*.example.com/books/:id(\\d+)`.
//!
//! `--base B` is the base URL of a relative pattern (as `new URLPattern(PATTERN, B)`) and of
//! relative URLs. JSON output (`--json`, `--jsonl`, `--format json`) is one object per URL:
//! `{"input","matched":bool,"groups":{"protocol":{…},"username":{…},…,"hash":{…}}}`, each
//! component's groups by name (`null` for an optional group that did not take part);
//! `groups` is `{}` without a match. Text output is `match INPUT` followed by the non-empty
//! named groups as `component.name=value`, or `no match INPUT`.
//!
//! Exit status: 0 when every URL matched, 1 when any did not, 2 for a bad pattern (the error
//! with a caret under its position in the pattern) or a bad base.

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::failure::{kind, Failure};
use clap::Args;
use serde::ser::{Serialize, SerializeMap, Serializer};
use urlkit::pattern::{
    Component, ComponentResult, UrlPattern, UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};

/// Match URLs against a URL Pattern (https://*.example.com/books/:id); groups as text or --json
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 when every URL matched, 1 when any did not, 2 on a bad pattern, a bad base, or usage or I/O errors."
)]
pub struct MatchArgs {
    /// The URL pattern, e.g. 'https://*.example.com/books/:id(\d+)' (relative with --base)
    #[arg(value_name = "PATTERN")]
    pub pattern: String,
    /// Base URL of a relative pattern and of relative URLs
    #[arg(long, value_name = "B")]
    pub base: Option<String>,
    /// Match the pathname, search and hash case-insensitively (the pattern's ignoreCase)
    #[arg(long)]
    pub ignore_case: bool,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// What `urlkit match` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const INPUTS: &'static str = "URLs to match";
    const JSONL: Option<&'static str> =
        Some("Read standard input: each line a URL; print one JSON object per line");
    const JSONL_CONFLICTS: &'static [&'static str] = &["urls"];
}

/// One component's groups as a JSON object, in pattern order.
struct Groups<'a>(&'a ComponentResult);

impl Serialize for Groups<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.groups.len()))?;
        for (name, value) in &self.0.groups {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// Every component's groups, or `{}` without a match.
struct AllGroups<'a>(Option<&'a UrlPatternResult>);

impl Serialize for AllGroups<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(if self.0.is_some() { 8 } else { 0 }))?;
        if let Some(result) = self.0 {
            for c in Component::ALL {
                map.serialize_entry(c.name(), &Groups(result.get(c)))?;
            }
        }
        map.end()
    }
}

/// The answer object.
#[derive(serde::Serialize)]
struct Answer<'a> {
    input: &'a str,
    matched: bool,
    groups: AllGroups<'a>,
}

/// The text line of a match: `match INPUT comp.name=value …`.
fn text_line(input: &str, result: &UrlPatternResult) -> String {
    let mut line = format!("match {input}");
    for c in Component::ALL {
        for (name, value) in &result.get(c).groups {
            if let Some(v) = value.as_deref().filter(|v| !v.is_empty()) {
                line.push_str(&format!(" {}.{name}={v}", c.name()));
            }
        }
    }
    line
}

impl super::Run for MatchArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit match`.
pub fn run(args: MatchArgs) -> Status {
    if let Some(base) = &args.base {
        if let Err(e) = urlkit::Url::parse(base) {
            let failure = Failure::new(kind::INVALID_BASE, e.to_string());
            eprint!("{}", failure.report_with("urlkit: bad base", base));
            return Status::Error;
        }
    }
    let options = UrlPatternOptions {
        ignore_case: args.ignore_case,
    };
    let pattern = match UrlPattern::new(
        UrlPatternInput::String(&args.pattern),
        args.base.as_deref(),
        options,
    ) {
        Ok(p) => p,
        Err(e) => {
            let failure = match e.position() {
                Some(p) => Failure::at("pattern", e.to_string(), p),
                None => Failure::new("pattern", e.to_string()),
            };
            eprint!("{}", failure.report_with("urlkit: bad pattern", &args.pattern));
            return Status::Error;
        }
    };
    let batch = args.inputs.batch();
    let base = args.base;
    let pattern = &pattern;
    let base = base.as_deref();
    driver::run(batch, || {
        move |input: &str, out: &mut Sink| {
            let result = pattern.exec(input, base);
            let matched = result.is_some();
            if out.is_json() {
                out.json(
                    matched,
                    &Answer {
                        input,
                        matched,
                        groups: AllGroups(result.as_ref()),
                    },
                )
            } else {
                match &result {
                    Some(r) => out.line(&text_line(input, r)),
                    None => out.line(&format!("no match {input}")),
                };
                matched
            }
        }
    })
}
