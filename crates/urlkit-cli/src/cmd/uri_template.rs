//! `urlkit template expand|match|vars`: URI Templates (RFC 6570) through
//! [`urlkit::template`].
//!
//! - `urlkit template expand TEMPLATE [--var NAME=VALUE…] [--vars JSON]` prints the
//!   expansion (`--vars` takes an object of strings, numbers, arrays and objects; each
//!   `--var` sets a string and overrides it). With `--jsonl` or `--format json|jsonl` and no
//!   TEMPLATE it reads request lines `{"template": T, "variables": {…}}` and answers
//!   `{"template","ok":true,"expansion"}` or the usual failure object.
//! - `urlkit template match TEMPLATE [URL…]` prints, for each URL, its variables as
//!   `NAME=VALUE` pairs on one line (a list's members joined with `,`), or reports that it
//!   does not match; JSON output is `{"input","ok","variables":{…}}`, `ok` false and
//!   `variables` `{}` for a URL that does not match.
//! - `urlkit template vars TEMPLATE` prints the variables' names, one a line (`--json`: an
//!   array).
//!
//! Exit status: 0 when every input succeeded, 1 when any failed (an expansion error, a URL
//! that does not match), 2 on a bad template (the error with a caret under its position), a
//! template that cannot be matched (the ambiguity, likewise), bad `--vars`, or usage or I/O
//! errors.

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::failure::{kind, Failure};
use crate::request::{str_field, Line};
use clap::{Args, Subcommand};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value as Json;
use urlkit::template::{Captures, Template, Value, ValueRef};

/// URI Templates (RFC 6570): expand one, match URLs against one, list its variables
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit template expand '/repos/{owner}/{repo}{?page}' --var owner=rust-lang --var repo=rust  # /repos/rust-lang/rust\n  \
                  urlkit template match '/repos/{owner}/{repo}{?page}' '/repos/rust-lang/rust?page=2'  # owner=rust-lang repo=rust page=2\n  \
                  urlkit template vars '/repos/{owner}/{repo}{?page}'  # owner, repo, page\n\n\
                  Exit status: 0 when every input succeeded, 1 when any failed (an expansion error, a URL that does not match), \
                  2 on a bad or ambiguous template, bad --vars, or usage or I/O errors.")]
pub struct TemplateArgs {
    /// What to do with the template
    #[command(subcommand)]
    pub action: Action,
}

/// The `urlkit template` actions.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Expand a URI Template with variables (--var NAME=VALUE, --vars JSON)
    Expand(ExpandArgs),
    /// Match URLs against a URI Template: the variables whose expansion gives each
    Match(MatchArgs),
    /// List a URI Template's variables, in order, each once
    Vars(VarsArgs),
}

/// `urlkit template expand`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit template expand '/repos/{owner}/{repo}{?page}' --var owner=rust-lang --var repo=rust  # /repos/rust-lang/rust\n  \
                  urlkit template expand '{/path*}{?tags}' --vars '{\"path\": [\"a\", \"b\"], \"tags\": [\"x\", \"y\"]}'  # /a/b?tags=x,y\n  \
                  echo '{\"template\": \"/u/{id}\", \"variables\": {\"id\": 7}}' | urlkit template expand --jsonl\n\n\
                  Exit status: 0 when every expansion succeeded, 1 when any failed, 2 on a bad template, bad --vars, or usage or I/O errors.")]
pub struct ExpandArgs {
    /// The URI Template, e.g. '/repos/{owner}/{repo}{?page}'
    #[arg(value_name = "TEMPLATE", required_unless_present_any = ["jsonl", "format"])]
    pub template: Option<String>,
    /// A variable's string value (repeatable; overrides --vars)
    #[arg(long = "var", value_name = "NAME=VALUE")]
    pub var: Vec<String>,
    /// Variables as a JSON object: strings, numbers, arrays (lists), objects (associative arrays)
    #[arg(long, value_name = "JSON")]
    pub vars: Option<String>,
    #[command(flatten)]
    pub inputs: Inputs<ExpandWords>,
}

/// What `urlkit template expand` calls its inputs.
#[derive(Debug)]
pub struct ExpandWords;

impl args::Words for ExpandWords {
    const VALUE: &'static str = "REQUEST";
    const INPUTS: &'static str =
        "Request lines {\"template\", \"variables\"} (read without TEMPLATE, with --jsonl or --format json|jsonl)";
    const JSON: &'static str = "Print one JSON object per expansion";
    const JSONL: Option<&'static str> = Some(
        "Read standard input: each line {\"template\": T, \"variables\": {…}}; print one JSON object per line",
    );
    const JSONL_CONFLICTS: &'static [&'static str] = &["template", "json"];
}

/// `urlkit template match`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit template match '/repos/{owner}/{repo}{?page}' '/repos/rust-lang/rust?page=2'  # owner=rust-lang repo=rust page=2\n  \
                  urlkit template match --jsonl 'https://{host}/{+rest}' < urls.txt\n\n\
                  Exit status: 0 when every URL matched, 1 when any did not, 2 on a bad or ambiguous template, or usage or I/O errors.")]
pub struct MatchArgs {
    /// The URI Template, e.g. '/repos/{owner}/{repo}{?page}'
    #[arg(value_name = "TEMPLATE")]
    pub template: String,
    #[command(flatten)]
    pub inputs: Inputs<MatchWords>,
}

/// What `urlkit template match` calls its inputs.
#[derive(Debug)]
pub struct MatchWords;

impl args::Words for MatchWords {
    const INPUTS: &'static str = "URLs to match";
    const JSONL: Option<&'static str> =
        Some("Read standard input: each line a URL; print one JSON object per line");
    const JSONL_CONFLICTS: &'static [&'static str] = &["urls"];
}

/// `urlkit template vars`.
#[derive(Debug, Args)]
pub struct VarsArgs {
    /// The URI Template
    #[arg(value_name = "TEMPLATE")]
    pub template: String,
    /// Print the names as a JSON array
    #[arg(long)]
    pub json: bool,
}

impl super::Run for TemplateArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        match self.action {
            Action::Expand(args) => expand(args),
            Action::Match(args) => matching(args),
            Action::Vars(args) => vars(args),
        }
    }
}

/// The message of an expansion error (§2.4.1); its position is the failure's.
const EXPAND_ERROR: &str = "prefix modifier on a list or associative array";

/// Parses TEMPLATE, or reports the error with a caret and gives exit status 2.
fn parse(template: &str) -> Result<Template, Status> {
    Template::parse(template).map_err(|e| {
        let failure = Failure::at("template", e.kind().message(), e.position());
        eprint!("{}", failure.report_with("urlkit: bad template", template));
        Status::Error
    })
}

/// A JSON value as a template variable: `None` for `null` (undefined).
fn value(json: &Json) -> Result<Option<Value>, String> {
    let scalar = |v: &Json| match v {
        Json::String(s) => Ok(s.clone()),
        Json::Number(n) => Ok(n.to_string()),
        Json::Bool(b) => Ok(b.to_string()),
        _ => Err("a list or object member must be a string, number or boolean".to_owned()),
    };
    Ok(match json {
        Json::Null => None,
        Json::Array(items) => Some(Value::List(items.iter().map(scalar).collect::<Result<_, _>>()?)),
        Json::Object(pairs) => Some(Value::Assoc(
            pairs
                .iter()
                .map(|(k, v)| Ok((k.clone(), scalar(v)?)))
                .collect::<Result<_, String>>()?,
        )),
        other => Some(Value::String(scalar(other)?)),
    })
}

/// The variables of a JSON object.
fn variables(json: &Json) -> Result<Vec<(String, Value)>, String> {
    let Json::Object(map) = json else {
        return Err("the variables must be a json object".to_owned());
    };
    let mut out = Vec::new();
    for (name, v) in map {
        if let Some(v) = value(v).map_err(|e| format!("variable \"{name}\": {e}"))? {
            out.push((name.clone(), v));
        }
    }
    Ok(out)
}

/// The answer of an expansion.
#[derive(serde::Serialize)]
struct Expansion<'a> {
    template: &'a str,
    ok: bool,
    expansion: &'a str,
}

fn expand(args: ExpandArgs) -> Status {
    let Some(text) = args.template.as_deref() else {
        return expand_requests(&args);
    };
    let template = match parse(text) {
        Ok(t) => t,
        Err(status) => return status,
    };
    let mut vars = match args.vars.as_deref().map(serde_json::from_str::<Json>) {
        None => Vec::new(),
        Some(Ok(json)) => match variables(&json) {
            Ok(v) => v,
            Err(e) => return usage(&format!("bad --vars: {e}")),
        },
        Some(Err(e)) => return usage(&format!("bad --vars: {}", e.to_string().to_lowercase())),
    };
    for var in &args.var {
        let Some((name, v)) = var.split_once('=') else {
            return usage(&format!("bad --var {var:?}: expected NAME=VALUE"));
        };
        vars.retain(|(n, _)| n != name);
        vars.push((name.to_owned(), Value::from(v)));
    }
    let json = args.inputs.json || args.inputs.io.format.is_some_and(|f| f != args::FormatArg::Text);
    match template.expand(&vars) {
        Ok(expansion) if json => {
            let answer = Expansion {
                template: text,
                ok: true,
                expansion: &expansion,
            };
            println!("{}", serde_json::to_string(&answer).unwrap_or_default());
            Status::Success
        }
        Ok(expansion) => {
            println!("{expansion}");
            Status::Success
        }
        Err(e) => {
            let failure = Failure::at("expand", EXPAND_ERROR, e.position());
            if json {
                println!("{}", serde_json::to_string(&failure.object(text)).unwrap_or_default());
            } else {
                eprint!("{}", failure.report_with("urlkit: cannot expand", text));
            }
            Status::Failure
        }
    }
}

fn usage(message: &str) -> Status {
    eprintln!("urlkit: {message}");
    Status::Error
}

/// `--jsonl`/`--format json|jsonl` without TEMPLATE: one request a line.
fn expand_requests(args: &ExpandArgs) -> Status {
    driver::run(args.inputs.batch(), || {
        |line: &str, out: &mut Sink| {
            let request = Line::object(line).and_then(|map| {
                let template = str_field(&map, "template")?.to_owned();
                let vars = match map.get("variables") {
                    None | Some(Json::Null) => Vec::new(),
                    Some(v) => variables(v).map_err(|e| format!("invalid json line: {e}"))?,
                };
                Ok((template, vars))
            });
            let (text, vars) = match request {
                Ok(r) => r,
                Err(e) => return out.fail(line, &Failure::new(kind::INVALID_REQUEST, e)),
            };
            let result = Template::parse(&text)
                .map_err(|e| Failure::at("template", e.kind().message(), e.position()))
                .and_then(|t| {
                    t.expand(&vars)
                        .map_err(|e| Failure::at("expand", EXPAND_ERROR, e.position()))
                });
            match result {
                Ok(expansion) if out.is_json() => out.json(
                    true,
                    &Expansion {
                        template: &text,
                        ok: true,
                        expansion: &expansion,
                    },
                ),
                Ok(expansion) => out.line(&expansion),
                Err(failure) => out.fail(&text, &failure),
            }
        }
    })
}

/// The variables found, in the template's order: strings, or arrays for lists.
struct Found<'a>(Option<&'a Captures<'a>>);

impl Serialize for Found<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for (name, value) in self.0.iter().flat_map(|c| c.iter()) {
            match value {
                ValueRef::String(v) => map.serialize_entry(name, v)?,
                ValueRef::List(l) => map.serialize_entry(name, l)?,
                ValueRef::StrList(l) => map.serialize_entry(name, l)?,
                ValueRef::Assoc(_) | ValueRef::StrAssoc(_) => {
                    let pairs: serde_json::Map<String, Json> = assoc(value)
                        .into_iter()
                        .map(|(k, v)| (k.to_owned(), Json::String(v.to_owned())))
                        .collect();
                    map.serialize_entry(name, &pairs)?
                }
            }
        }
        map.end()
    }
}

/// An associative array's pairs (none for other values).
fn assoc(value: ValueRef<'_>) -> Vec<(&str, &str)> {
    match value {
        ValueRef::Assoc(a) => a.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect(),
        ValueRef::StrAssoc(a) => a.to_vec(),
        _ => Vec::new(),
    }
}

/// The answer of a match.
#[derive(serde::Serialize)]
struct MatchAnswer<'a> {
    input: &'a str,
    ok: bool,
    variables: Found<'a>,
}

/// `NAME=VALUE …`, a list's members joined with `,`.
fn pairs(found: &Captures<'_>) -> String {
    let mut line = String::new();
    for (name, value) in found.iter() {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(name);
        line.push('=');
        match value {
            ValueRef::String(v) => line.push_str(v),
            ValueRef::List(l) => line.push_str(&l.join(",")),
            ValueRef::StrList(l) => line.push_str(&l.join(",")),
            ValueRef::Assoc(_) | ValueRef::StrAssoc(_) => {
                let members: Vec<String> = assoc(value)
                    .into_iter()
                    .map(|(k, v)| format!("{k},{v}"))
                    .collect();
                line.push_str(&members.join(","));
            }
        }
    }
    line
}

fn matching(args: MatchArgs) -> Status {
    let template = match parse(&args.template) {
        Ok(t) => t,
        Err(status) => return status,
    };
    if let Err(e) = template.matchable() {
        let failure = Failure::at("ambiguous", e.kind().message(), e.position());
        eprint!("{}", failure.report_with("urlkit: this template cannot be matched", &args.template));
        return Status::Error;
    }
    let template = &template;
    driver::run(args.inputs.batch(), || {
        move |input: &str, out: &mut Sink| {
            let found = template.match_url(input);
            if out.is_json() {
                let ok = found.is_some();
                if !ok {
                    out.failed_as("no-match");
                }
                return out.json(
                    ok,
                    &MatchAnswer {
                        input,
                        ok,
                        variables: Found(found.as_ref()),
                    },
                );
            }
            match found {
                Some(found) => out.line(&pairs(&found)),
                None => out.report("no-match", &format!("urlkit: no match: {input}\n")),
            }
        }
    })
}

fn vars(args: VarsArgs) -> Status {
    let template = match parse(&args.template) {
        Ok(t) => t,
        Err(status) => return status,
    };
    let names = template.variables();
    if args.json {
        println!("{}", serde_json::to_string(&names).unwrap_or_default());
    } else {
        for name in names {
            println!("{name}");
        }
    }
    Status::Success
}
