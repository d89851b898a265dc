//! `urlkit lint`: security findings on URLs ([`urlkit::lint`]), printed as a compiler prints
//! diagnostics; with `--policy` the safe-fetch policy's verdict ([`urlkit::lint::Policy`]).
//!
//! Text, per finding: `severity[code]: message`, the URL, a caret line under the span, and
//! the help. JSON (`--jsonl` reads standard input; `--json`, `--format json`): one object
//! per input, `{"input","ok","findings":[{"code","severity","start","end","message","name",
//! "help"}]}`, with `"policy"` and `"deciding"` (the codes that denied it) under `--policy`.
//! An input is ok when nothing was found at warning level or above (under `--policy`:
//! when the policy allows it). Exit 0 when every input is ok, 1 otherwise, 2 on usage or
//! I/O errors.

use crate::args::{self, Inputs};
use crate::diagram;
use crate::driver::{self, Sink, Status};
use crate::failure::{kind, Failure};
use crate::request::Request;
use clap::{Args, ValueEnum};
use serde::Serialize;
use urlkit::lint::{lint, Finding, Policy, Severity};

/// Security findings on URLs (credentials, internal addresses, parser differentials, homographs, …), or --policy strict
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  urlkit lint 'http://google.com@0x7f.1:25/'   # exit 1: credentials, an internal address\n  urlkit lint --policy strict --jsonl < urls.txt\n\n\
                  Exit status: 0 when nothing was found at warning level or above (with --policy: when the policy allows every URL), 1 otherwise, 2 on usage or I/O errors."
)]
pub struct LintArgs {
    /// Apply a safe-fetch policy: the input is ok only when the policy allows it
    #[arg(long, value_enum, value_name = "POLICY")]
    pub policy: Option<PolicyArg>,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// What `urlkit lint` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const INPUTS: &'static str = "URLs to lint";
    const JSON: &'static str = "Print one JSON object per input";
    const JSONL: Option<&'static str> = Some(
        r#"Read standard input: each line a URL (or a {"input"} object); print one JSON object per line"#,
    );
    const JSONL_CONFLICTS: &'static [&'static str] = &["json"];
}

/// The policies `--policy` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PolicyArg {
    /// http and https on ports 80 and 443, no credentials, no internal addresses, nothing at warning level
    Strict,
    /// http and https, no credentials, no internal addresses, nothing at error level
    Default,
}

impl PolicyArg {
    fn policy(self) -> Policy {
        match self {
            PolicyArg::Strict => Policy::strict(),
            PolicyArg::Default => Policy::default(),
        }
    }

    fn name(self) -> &'static str {
        match self {
            PolicyArg::Strict => "strict",
            PolicyArg::Default => "default",
        }
    }
}

/// One finding in JSON.
#[derive(Serialize)]
struct FindingObject<'a> {
    code: &'static str,
    severity: &'static str,
    start: usize,
    end: usize,
    message: &'a str,
    name: &'static str,
    help: &'static str,
}

impl<'a> FindingObject<'a> {
    fn new(f: &'a Finding) -> Self {
        FindingObject {
            code: f.code().as_str(),
            severity: f.severity().as_str(),
            start: f.span().start,
            end: f.span().end,
            message: f.message(),
            name: f.code().name(),
            help: f.help(),
        }
    }
}

/// The answer for one input in JSON.
#[derive(Serialize)]
struct LintObject<'a> {
    input: &'a str,
    ok: bool,
    findings: Vec<FindingObject<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    policy: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deciding: Option<Vec<&'static str>>,
}

/// A finding as a compiler prints it: header, the URL, carets under the span, the help.
fn report(input: &str, f: &Finding, deciding: bool) -> String {
    let span = f.span();
    let column = |end: usize| -> usize {
        input
            .char_indices()
            .take_while(|&(i, _)| i < end)
            .map(|(_, c)| diagram::char_width(c))
            .sum()
    };
    let start = column(span.start.min(input.len()));
    let width = (column(span.end.min(input.len())) - start).max(1);
    let denied = if deciding { " (denied by the policy)" } else { "" };
    format!(
        "{}[{}]: {}{denied}\n  {}\n  {}{}\n  = help: {}\n",
        f.severity(),
        f.code(),
        f.message(),
        diagram::visible_str(input),
        " ".repeat(start),
        "^".repeat(width),
        f.help()
    )
}

/// Lints `input` and writes the answer; returns whether it is ok.
fn answer(input: &str, policy: Option<PolicyArg>, out: &mut Sink) -> bool {
    let (findings, deciding, ok) = match policy {
        Some(p) => {
            let verdict = p.policy().check(input);
            let deciding: Vec<Finding> = verdict.deciding().to_vec();
            (verdict.findings().to_vec(), Some(deciding), verdict.is_allowed())
        }
        None => {
            let findings = lint(input);
            let ok = findings.iter().all(|f| f.severity() < Severity::Warning);
            (findings, None, ok)
        }
    };
    if out.is_json() {
        let object = LintObject {
            input,
            ok,
            findings: findings.iter().map(FindingObject::new).collect(),
            policy: policy.map(PolicyArg::name),
            deciding: deciding
                .as_ref()
                .map(|d| d.iter().map(|f| f.code().as_str()).collect()),
        };
        return out.json(ok, &object);
    }
    out.block();
    let verdict = match (policy, ok) {
        (Some(p), true) => format!(" (allowed by the {} policy)", p.name()),
        (Some(p), false) => format!(" (denied by the {} policy)", p.name()),
        (None, _) => String::new(),
    };
    let count = match findings.len() {
        0 => "no findings".to_owned(),
        1 => "1 finding".to_owned(),
        n => format!("{n} findings"),
    };
    out.text(&format!("{}: {count}{verdict}\n", diagram::visible_str(input)));
    for f in &findings {
        let decided = deciding.as_ref().is_some_and(|d| d.contains(f));
        out.text(&report(input, f, decided));
    }
    ok
}

impl super::Run for LintArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit lint`.
pub fn run(args: LintArgs) -> Status {
    let batch = args.inputs.batch();
    let policy = args.policy;
    driver::run(batch, || {
        move |line: &str, out: &mut Sink| {
            if !line.starts_with('{') {
                return answer(line, policy, out);
            }
            match Request::parse(line) {
                Ok(request) => answer(&request.input, policy, out),
                Err(message) => out.fail(line, &Failure::new(kind::INVALID_REQUEST, message)),
            }
        }
    })
}
