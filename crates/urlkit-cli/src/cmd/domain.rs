//! `urlkit domain`: the Public Suffix List's view of URLs' hosts (urlkit's built-in list, or
//! the file given with `--list`): public suffix, registrable domain, subdomain, and whether
//! the suffix is in the ICANN section.
//!
//! Each input is a URL (its host is taken after WHATWG parsing) or a bare host. A URL's
//! opaque host (a non-special scheme's: `git://`, `ssh://`, `s3://`) is split in its
//! lower-cased form when it is a valid domain. `--no-private` leaves out the list's private
//! section (`github.io`, `blogspot.com`), as Python's `tldextract` does by default.
//!
//! Text output is one tab-separated line per input: host, public suffix, registrable domain,
//! subdomain and section (`icann`, `private` or `unlisted`), `-` for what is absent. JSON
//! output (`--json`, `--jsonl`, `--format json`) is one object per input:
//! `{"input","ok":true,"host","public_suffix","registrable_domain","subdomain","icann",
//! "known_suffix","from_opaque_host"}` (null where absent: IP addresses and opaque hosts
//! that are not valid domains have no public suffix, and then no `known_suffix`), or the
//! usual failure object when the input is neither a URL nor a host.

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::failure::Failure;
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};
use urlkit::domain::{List, Options};

/// Public suffix, registrable domain and subdomain of URLs' hosts (Public Suffix List)
#[derive(Debug, Args)]
#[command(
    after_help = "JSON fields beyond the parts: \"icann\" (the suffix is in the list's ICANN \
section), \"known_suffix\" (a rule of the list matched; false when only the default rule `*` did, \
for a top-level label the list does not know, as in printer.corp; null when the host was not \
split) and \"from_opaque_host\" (the host is a non-special URL's opaque host, as in \
git://git.kernel.org/, split in its lower-cased form because it is a valid domain).

Exit status: 0 when every input had a host, 1 when any failed, 2 on usage or I/O errors \
(including a --list file that cannot be read or parsed)."
)]
pub struct DomainArgs {
    /// Leave out the list's private section (github.io, blogspot.com): split by the ICANN
    /// rules alone, as Python's tldextract and tldts do by default
    #[arg(long)]
    pub no_private: bool,
    /// Use this public_suffix_list.dat instead of the list built into urlkit
    #[arg(long, value_name = "FILE")]
    pub list: Option<PathBuf>,
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

/// The success object (field order as the contract lists it; new fields go last).
#[derive(Serialize)]
struct DomainObject<'a> {
    input: &'a str,
    ok: bool,
    host: &'a str,
    public_suffix: Option<&'a str>,
    registrable_domain: Option<&'a str>,
    subdomain: Option<&'a str>,
    icann: bool,
    known_suffix: Option<bool>,
    from_opaque_host: bool,
}

fn answer(input: &str, out: &mut Sink, list: &List, options: Options) -> bool {
    let host = match urlkit::domain::host_of(input) {
        Ok(host) => host,
        Err(e) => return out.fail(input, &Failure::at(e.kind().spec_name(), e.to_string(), e.position())),
    };
    let parts = list.split_host_with(host.as_deref(), options);
    let host = host.to_string();
    let object = DomainObject {
        input,
        ok: true,
        host: &host,
        public_suffix: parts.as_ref().map(|p| p.public_suffix()),
        registrable_domain: parts.as_ref().and_then(|p| p.registrable_domain()),
        subdomain: parts.as_ref().and_then(|p| p.subdomain()),
        icann: parts.as_ref().is_some_and(|p| p.icann()),
        known_suffix: parts.as_ref().map(|p| p.is_known_suffix()),
        from_opaque_host: parts.as_ref().is_some_and(|p| p.from_opaque_host()),
    };
    if out.is_json() {
        return out.json(true, &object);
    }
    let section = parts.as_ref().map_or("-", |p| p.section().name());
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

/// The list file `--list` names, read and parsed.
fn load(path: &Path) -> Result<List, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("urlkit: cannot read the list {}: {e}", path.display()))?;
    List::parse(&text).map_err(|e| format!("urlkit: bad list {}: {e}", path.display()))
}

/// Runs `urlkit domain`.
pub fn run(args: DomainArgs) -> Status {
    let loaded = match args.list.as_deref().map(load).transpose() {
        Ok(list) => list,
        Err(message) => {
            eprintln!("{message}");
            return Status::Error;
        }
    };
    let list: &List = loaded.as_ref().unwrap_or_else(|| List::builtin());
    let options = Options::new().private(!args.no_private);
    driver::run(args.inputs.line_batch(), || {
        move |input: &str, out: &mut Sink| answer(input, out, list, options)
    })
}
