//! `urlkit domain`: the Public Suffix List's view of URLs' hosts (urlkit's built-in list):
//! public suffix, registrable domain, subdomain, and whether the suffix is in the ICANN
//! section.
//!
//! Each input is a URL (its host is taken after WHATWG parsing) or a bare host. Text output
//! is one tab-separated line per input: host, public suffix, registrable domain, subdomain
//! and section (`icann`, `private` or `unlisted`), `-` for what is absent. JSON output
//! (`--json`, `--jsonl`, `--format json`) is one object per input:
//! `{"input","ok":true,"host","public_suffix","registrable_domain","subdomain","icann"}`
//! (null where absent: IP addresses and opaque hosts have no public suffix), or the usual
//! failure object when the input is neither a URL nor a host.

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::failure::Failure;
use clap::Args;
use serde::Serialize;
use urlkit::domain::{List, Section};
use urlkit::{Host, Url};

/// Public suffix, registrable domain and subdomain of URLs' hosts (Public Suffix List)
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 when every input had a host, 1 when any failed, 2 on usage or I/O errors."
)]
pub struct DomainArgs {
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// What `urlkit domain` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const INPUTS: &'static str = "URLs or hosts";
    const JSONL: Option<&'static str> =
        Some("Read standard input: each line a URL; print one JSON object per line");
    const JSONL_CONFLICTS: &'static [&'static str] = &["json"];
}

/// The success object (field order as the contract lists it).
#[derive(Serialize)]
struct DomainObject<'a> {
    input: &'a str,
    ok: bool,
    host: &'a str,
    public_suffix: Option<&'a str>,
    registrable_domain: Option<&'a str>,
    subdomain: Option<&'a str>,
    icann: bool,
}

/// The host of `input`: a URL's (serialized), or `input` parsed as a host.
fn host_of(input: &str) -> Result<(String, bool), Failure> {
    match Url::parse(input) {
        Ok(url) => {
            let domain = matches!(url.host(), Some(Host::Domain(_)));
            Ok((url.hostname().to_owned(), domain))
        }
        Err(url_error) => match Host::parse(input) {
            Ok(host) if !input.contains("://") && host != Host::Empty => {
                let domain = matches!(host, Host::Domain(_));
                Ok((host.to_string(), domain))
            }
            _ => Err(Failure::at(
                url_error.kind().spec_name(),
                url_error.to_string(),
                url_error.position(),
            )),
        },
    }
}

fn answer(input: &str, out: &mut Sink) -> bool {
    let (host, is_domain) = match host_of(input) {
        Ok(h) => h,
        Err(failure) => return out.fail(input, &failure),
    };
    let parts = if is_domain {
        List::builtin().split(&host)
    } else {
        None
    };
    let object = DomainObject {
        input,
        ok: true,
        host: &host,
        public_suffix: parts.as_ref().map(|p| p.public_suffix()),
        registrable_domain: parts.as_ref().and_then(|p| p.registrable_domain()),
        subdomain: parts.as_ref().and_then(|p| p.subdomain()),
        icann: parts.as_ref().is_some_and(|p| p.icann()),
    };
    if out.is_json() {
        return out.json(true, &object);
    }
    let section = match parts.as_ref().map(|p| p.section()) {
        Some(Section::Icann) => "icann",
        Some(Section::Private) => "private",
        Some(Section::Unlisted) => "unlisted",
        None => "-",
    };
    let dash = |s: Option<&str>| s.map_or_else(|| String::from("-"), str::to_owned);
    out.line(&format!(
        "{}\t{}\t{}\t{}\t{section}",
        if host.is_empty() { "-" } else { &host },
        dash(object.public_suffix),
        dash(object.registrable_domain),
        dash(object.subdomain),
    ))
}

impl super::Run for DomainArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run(self)
    }
}

/// Runs `urlkit domain`.
pub fn run(args: DomainArgs) -> Status {
    driver::run(args.inputs.line_batch(), || answer)
}
