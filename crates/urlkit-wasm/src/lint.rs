//! `lint(input)` and `policy(input, name?)`: the library's URL linter
//! ([`urlkit::lint::lint`]) and the safe-fetch policy's verdict ([`urlkit::lint::Policy`]),
//! spans as UTF-16 offsets.

use crate::error::plain_error;
use crate::index::utf16_at;
use serde::Serialize;
use urlkit::lint::{Finding as LibFinding, Policy};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_LINT: &'static str = r#"
/** One finding of the linter; `input.slice(start, end)` is what it is about. */
export interface Finding {
  code: string; name: string; severity: "error" | "warning" | "note";
  start: number; end: number; message: string; help: string;
}
/** A policy's decision: `ok` (allowed) and the findings that denied it. */
export interface Verdict { ok: boolean; policy: string; reasons: Finding[]; findings: Finding[] }
"#;

#[wasm_bindgen]
extern "C" {
    /// `Finding[]`.
    #[wasm_bindgen(typescript_type = "Finding[]")]
    pub type JsFindings;
    /// `Verdict`.
    #[wasm_bindgen(typescript_type = "Verdict")]
    pub type JsVerdict;
}

/// One finding, spans in UTF-16.
#[derive(Debug, Serialize)]
pub struct Finding {
    code: String,
    name: &'static str,
    severity: &'static str,
    start: usize,
    end: usize,
    message: String,
    help: &'static str,
}

fn convert(input: &str, findings: &[LibFinding]) -> Vec<Finding> {
    findings
        .iter()
        .map(|f| Finding {
            code: f.code().to_string(),
            name: f.code().name(),
            severity: f.severity().as_str(),
            start: utf16_at(input, f.span().start),
            end: utf16_at(input, f.span().end),
            message: f.message().to_owned(),
            help: f.help(),
        })
        .collect()
}

/// The findings on `input`, an absolute URL, in input order.
#[wasm_bindgen]
pub fn lint(input: &str) -> JsFindings {
    crate::js::to_js(&convert(input, &urlkit::lint::lint(input))).unchecked_into()
}

#[derive(Serialize)]
struct Verdict {
    ok: bool,
    policy: &'static str,
    reasons: Vec<Finding>,
    findings: Vec<Finding>,
}

/// The verdict of the policy `name` (`"strict"`, the default, or `"default"`) on `input`;
/// throws for another name.
#[wasm_bindgen]
pub fn policy(input: &str, name: Option<String>) -> Result<JsVerdict, JsValue> {
    let (policy, name) = match name.as_deref().unwrap_or("strict") {
        "strict" => (Policy::strict(), "strict"),
        "default" => (Policy::default(), "default"),
        other => {
            return Err(plain_error(
                "TypeError",
                &format!("unknown lint policy '{other}' (expected strict or default)"),
            ))
        }
    };
    let verdict = policy.check(input);
    let out = Verdict {
        ok: verdict.is_allowed(),
        policy: name,
        reasons: convert(input, verdict.deciding()),
        findings: convert(input, verdict.findings()),
    };
    Ok(crate::js::to_js(&out).unchecked_into())
}
