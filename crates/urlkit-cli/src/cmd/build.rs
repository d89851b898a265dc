//! `urlkit build`: a URL from its components alone, as trurl builds one from `--set`
//! without a URL. `--set COMPONENT=VALUE` and `--append path=SEG|query=NAME=VALUE` are
//! read as `urlkit normalize` and `urlkit parse` read them (`crate::edit`), in command-line
//! order; the URL Standard's builder (`urlkit::Url::builder`) encodes each component with
//! its encode set and parses the result, or with `--rfc3986` the RFC 3986 builder
//! (`urlkit::rfc3986::Uri::builder`) checks each component against the grammar.
//!
//! Prints the URL and exits 0; a component that cannot be built fails with its name and
//! why (exit 1); a bad flag is a usage error (exit 2).

use crate::driver::{self, Status};
use crate::edit::{self, Edit, RedactArgs};
use clap::Args;
use std::io::Write;
use urlkit::rfc3986::{Uri, UriBuilder};
use urlkit::{Redact, Url, UrlBuilder};

/// Build a URL from its components (trurl's --set without a URL)
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit build --set scheme=https --set host=example.com --set path='/a b' --append query=q=1      # https://example.com/a%20b?q=1\n  \
                  urlkit build --set scheme=http --set host=bücher.example --append path=a/b --set fragment=top      # http://xn--bcher-kva.example/a%2Fb#top\n  \
                  urlkit build --rfc3986 --set scheme=urn --set path=isbn:0451450523      # urn:isbn:0451450523\n  \
                  urlkit build --set scheme=https --set path=/a      # exit 1: the scheme needs a host\n\n\
                  COMPONENT is scheme, user, password, host, port, path, query or fragment (or the URL API's names: protocol, \
                  username, hostname, pathname, search, hash; with --rfc3986: scheme, userinfo, host, port, path, query, fragment).\n\
                  Each value is text: it is percent-encoded as its component needs (a % that starts an escape is kept).\n\n\
                  Exit status: 0 when the URL was built, 1 when a component could not be, 2 on usage errors.")]
pub struct BuildArgs {
    /// Set a component: COMPONENT=VALUE (repeatable; a later one replaces an earlier one)
    #[arg(long = "set", value_name = "COMPONENT=VALUE", required = true)]
    pub set: Vec<String>,
    /// Append a path segment (path=SEG, / and % encoded) or a query pair (query=NAME=VALUE, form-encoded) (repeatable)
    #[arg(long, value_name = "path=SEG|query=NAME=VALUE")]
    pub append: Vec<String>,
    /// Build an RFC 3986 URI (each component checked against the grammar) instead of a WHATWG URL
    #[arg(long)]
    pub rfc3986: bool,
    #[command(flatten)]
    pub redact: RedactArgs,
}

impl super::Run for BuildArgs {
    fn run(self, ctx: &super::Context<'_>) -> Status {
        let positions = |id: &str, count: usize| -> Vec<usize> {
            ctx.matches
                .and_then(|m| m.indices_of(id))
                .map(|i| i.collect())
                .unwrap_or_else(|| (0..count).collect())
        };
        let mut steps: Vec<(usize, Step)> = Vec::new();
        for (value, at) in self.set.iter().zip(positions("set", self.set.len())) {
            match edit::split("set", value) {
                Ok((name, value)) => steps.push((at, Step::Set(name, value))),
                Err(message) => return driver::usage(&message),
            }
        }
        for (value, at) in self.append.iter().zip(positions("append", self.append.len())) {
            match edit::append(value) {
                Ok(edit) => steps.push((at, Step::Append(edit))),
                Err(message) => return driver::usage(&message),
            }
        }
        steps.sort_by_key(|&(at, _)| at);
        let steps: Vec<Step> = steps.into_iter().map(|(_, step)| step).collect();
        let redact = self.redact.redact();
        if redact.is_some() && self.rfc3986 {
            return driver::usage("--redact works on URL Standard URLs, not with --rfc3986");
        }
        let built = if self.rfc3986 {
            rfc3986(&steps)
        } else {
            whatwg(&steps, redact.as_ref())
        };
        match built {
            Ok(Built::Url(href)) => {
                let mut out = std::io::stdout().lock();
                match writeln!(out, "{href}").and_then(|()| out.flush()) {
                    Ok(()) => Status::Success,
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Status::Success,
                    Err(e) => driver::usage(&format!(
                        "error writing standard output: {}",
                        driver::lower_first(&e.to_string())
                    )),
                }
            }
            Ok(Built::Usage(message)) => driver::usage(&message),
            Err(message) => {
                eprintln!("urlkit: cannot build the url: {message}");
                Status::Failure
            }
        }
    }
}

/// A `--set` or an `--append`, in command-line order.
#[derive(Debug)]
enum Step {
    Set(String, String),
    Append(Edit),
}

/// What was built: the href, or a usage message (an unknown component).
enum Built {
    Url(String),
    Usage(String),
}

/// The URL Standard's builder.
fn whatwg(steps: &[Step], redact: Option<&Redact>) -> Result<Built, String> {
    let mut b: UrlBuilder = Url::builder();
    for step in steps {
        b = match step {
            Step::Set(name, value) => match name.as_str() {
                "scheme" => b.scheme(value),
                "protocol" => b.scheme(value.strip_suffix(':').unwrap_or(value)),
                "user" | "username" => b.username(value),
                "password" => b.password(value),
                "host" | "hostname" => b.host(value),
                "port" => match value.parse::<u16>() {
                    Ok(port) => b.port(port),
                    Err(_) => return Err(format!("port: {value:?} is not a port number (0 to 65535)")),
                },
                "path" | "pathname" => b.path(value),
                "query" => b.query(value),
                "search" => b.query(value.strip_prefix('?').unwrap_or(value)),
                "fragment" => b.fragment(value),
                "hash" => b.fragment(value.strip_prefix('#').unwrap_or(value)),
                _ => return Ok(Built::Usage(unknown(name, WHATWG_NAMES))),
            },
            Step::Append(Edit::AppendPath(segment)) => b.path_segment(segment),
            Step::Append(Edit::AppendQuery(name, value)) => b.query_pair(name, value),
            Step::Append(_) => b,
        };
    }
    b.build()
        .map(|url| Built::Url(edit::masked(url, redact).into_string()))
        .map_err(|e| e.to_string())
}

const WHATWG_NAMES: &str = "scheme, user, password, host, port, path, query, fragment";
const RFC3986_NAMES: &str = "scheme, userinfo, host, port, path, query, fragment";

fn unknown(name: &str, names: &str) -> String {
    format!("--set {name:?}: unknown component (expected one of {names})")
}

/// The RFC 3986 builder; `--append` adds a segment or a `&`-separated pair, encoded.
fn rfc3986(steps: &[Step]) -> Result<Built, String> {
    let mut b: UriBuilder = Uri::builder();
    let mut path = String::new();
    let mut query: Option<String> = None;
    for step in steps {
        match step {
            Step::Set(name, value) => match name.as_str() {
                "scheme" => b = b.scheme(value),
                "userinfo" => b = b.userinfo(value),
                "host" => b = b.host(value),
                "port" => b = b.port(value),
                "path" => path = value.clone(),
                "query" => query = Some(value.clone()),
                "fragment" => b = b.fragment(value),
                _ => return Ok(Built::Usage(unknown(name, RFC3986_NAMES))),
            },
            Step::Append(Edit::AppendPath(segment)) => {
                if !path.ends_with('/') {
                    path.push('/');
                }
                path.extend(urlkit::percent::utf8_percent_encode(segment, &SEGMENT));
            }
            Step::Append(Edit::AppendQuery(name, value)) => {
                let pair = urlkit::form::serialize([(name, value)]);
                query = Some(match query {
                    Some(q) if !q.is_empty() => format!("{q}&{pair}"),
                    _ => pair,
                });
            }
            Step::Append(_) => {}
        }
    }
    b = b.path(&path);
    if let Some(query) = &query {
        b = b.query(query);
    }
    b.build()
        .map(|uri| Built::Url(uri.into_string()))
        .map_err(|e| e.to_string())
}

/// An appended RFC 3986 segment is data: everything but `unreserved` and `sub-delims`
/// (and `:` `@`, which `pchar` allows) is encoded, `/` and `%` included.
const SEGMENT: urlkit::percent::sets::AsciiSet = urlkit::percent::sets::RFC3986_PCHAR.complement();
