//! `urlkit normalize`: the normal form of URLs, per the WHATWG URL Standard (the parsed
//! URL's href, the default) or RFC 3986 §6.2.2 (`--rfc3986`: case, percent-encoding and
//! path segment normalization, and scheme-based normalization of empty ports and paths).
//!
//! Text output is one normalized URL per line (failures on standard error); JSON output
//! (`--json`, `--jsonl`, `--format json`) one object per input:
//! `{"input","ok":true,"normalized"}` or
//! `{"input","ok":false,"error","position","expected","kind"}` (`expected` the ABNF rule
//! name with `--rfc3986`, `null` for the URL Standard, whose failures are not grammar
//! rules; `kind` the URL Standard's name for the error, or `syntax`). With the URL
//! Standard an input starting with `{` is a request `{"input", "base"}`.
//!
//! `--profile` picks a canonical form of `urlkit::canon` instead (a name of its profile
//! table: `whatwg`, the default, `rfc3986` as `--rfc3986`, `safe-browsing`, `surt`,
//! `crawler`; any other name is a usage error listing them); one line out per line in, the
//! JSON object as above.
//!
//! `--strip STEP[,STEP…]`, `--keep-query NAME[,GLOB…]`, `--force-https`, `--force-http` and
//! `--lowercase-path` choose normalization steps (`urlkit::canon::Step`, the library's table,
//! whose names `--strip` takes and lists): they apply in the table's order after the profile
//! (`whatwg`, `crawler`; under `surt` before the key), and after the edits (`--set`, …). An
//! unknown step, or steps with `--rfc3986` or `--profile safe-browsing`, is a usage error.

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::edit::{EditArgs, Edits};
use crate::failure::Failure;
use crate::standard::whatwg::Requests;
use crate::standard::{self, Normalizer};
use clap::Args;
use serde::Serialize;
use urlkit::canon::{CanonError, Profile, Step};

/// The normalizer of the library (the name `Normalizer` is the standards' trait here).
type Steps = urlkit::canon::Normalizer;

/// The steps of one `--strip` value.
#[derive(Debug, Clone)]
pub struct StepList(Vec<Step>);

/// `--strip STEP[,STEP…]`: the library's error lists the valid names.
fn parse_steps(list: &str) -> Result<StepList, String> {
    list.split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| n.parse::<Step>().map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()
        .map(StepList)
}

/// `--strip`'s help: every step of the library's table, in the order they apply.
fn strip_help() -> String {
    let names: Vec<&str> = Step::ALL.iter().map(|s| s.name()).collect();
    format!(
        "Normalization steps, comma-separated (repeatable): {}; they apply in that order, after the profile (whatwg, crawler; surt: before the key) and after the edits",
        names.join(", ")
    )
}

/// The normalization steps of `urlkit normalize`.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Normalization steps (one fixed order, after the profile)")]
pub struct StepArgs {
    #[arg(long, value_name = "STEP[,STEP…]", value_parser = parse_steps, help = strip_help())]
    pub strip: Vec<StepList>,
    /// Keep only the query parameters named: exact names or *-globs, comma-separated (repeatable; the keep-query step)
    #[arg(long, value_name = "NAME[,GLOB…]")]
    pub keep_query: Vec<String>,
    /// Make http: URLs https: (a port that is then the default is dropped; the force-https step)
    #[arg(long, conflicts_with = "force_http")]
    pub force_https: bool,
    /// Make https: URLs http: (the force-http step)
    #[arg(long)]
    pub force_http: bool,
    /// Lower-case the path's letters, for case-insensitive servers (the lowercase-path step)
    #[arg(long)]
    pub lowercase_path: bool,
}

impl StepArgs {
    /// The library's normalizer of `profile` with these steps; `None` when none is chosen.
    fn normalizer(&self, profile: Profile) -> Option<Steps> {
        let mut n = Steps::new(profile);
        for &step in self.strip.iter().flat_map(|l| &l.0) {
            n = n.step(step);
        }
        if !self.keep_query.is_empty() {
            let names = self.keep_query.iter().flat_map(|l| l.split(','));
            n = n.keep_query(names.map(str::trim).filter(|n| !n.is_empty()));
        }
        for (on, step) in [
            (self.force_https, Step::ForceHttps),
            (self.force_http, Step::ForceHttp),
            (self.lowercase_path, Step::LowercasePath),
        ] {
            if on {
                n = n.step(step);
            }
        }
        let any = n.chosen().next().is_some();
        any.then_some(n)
    }
}

/// `--profile NAME`.
fn parse_profile(name: &str) -> Result<Profile, String> {
    name.parse()
        .map_err(|e: urlkit::canon::UnknownProfile| e.to_string())
}

/// `--profile`'s help: "The canonical form: whatwg (default), rfc3986, … or crawler".
fn profile_help() -> String {
    let mut help = String::from("The canonical form: ");
    for (i, p) in Profile::ALL.into_iter().enumerate() {
        help.push_str(match i {
            0 => "",
            _ if i + 1 == Profile::ALL.len() => " or ",
            _ => ", ",
        });
        help.push_str(p.name());
        if p == Profile::Whatwg {
            help.push_str(" (default)");
        }
    }
    help
}

/// Normalize URLs (WHATWG href, RFC 3986 §6.2.2 with --rfc3986, or another canonical form with --profile)
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
                  urlkit normalize 'HTTP://Example.COM:80/a/./b/../c'     # http://example.com/a/c\n  \
                  urlkit normalize -f urls.txt.zst --format jsonl\n  \
                  urlkit normalize --rfc3986 'HTTP://A/%7e/./b'          # http://a/~/b\n  \
                  urlkit normalize --set port=8080 --remove-query 'utm_*' --sort-query -f urls.txt\n  \
                  urlkit normalize --strip www,fragment,tracking,trailing-slash 'https://www.example.com/a/?utm_source=x&id=7#top'   # https://example.com/a?id=7\n  \
                  urlkit normalize --keep-query 'id,page*' --force-https 'http://example.com/?id=7&ref=x&page=2'   # https://example.com/?id=7&page=2\n  \
                  urlkit normalize --profile surt --strip tracking -f urls.txt\n  \
                  urlkit extract --plain access.log | urlkit normalize --get '{host}'\n\n\
                  Exit status: 0 when every input normalized, 1 when any failed, 2 on usage or I/O errors.")]
pub struct NormalizeArgs {
    /// Normalize per RFC 3986 §6.2.2 instead of the WHATWG URL Standard
    #[arg(long)]
    pub rfc3986: bool,
    /// With --rfc3986: read IRI references (RFC 3987), Unicode allowed where the IRI grammar allows it
    #[arg(long, requires = "rfc3986")]
    pub iri: bool,
    // The help lists the profile table's names, so that a new profile needs no edit here.
    #[arg(long, value_name = "PROFILE", value_parser = parse_profile, conflicts_with = "rfc3986", help = profile_help())]
    pub profile: Option<Profile>,
    // Before the inputs: the Edits section of --help comes before Input and output.
    #[command(flatten)]
    pub steps: StepArgs,
    #[command(flatten)]
    pub edits: EditArgs,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// What `urlkit normalize` calls its inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const INPUTS: &'static str = "URLs (or, with --rfc3986, URI references) to normalize";
    const JSONL: Option<&'static str> =
        Some("Read standard input: each line a URL; print one JSON object per line");
}

/// The success object.
#[derive(Serialize)]
struct Normalized<'a> {
    input: &'a str,
    ok: bool,
    normalized: &'a str,
}

/// Writes the answer for `input` normalized to `result`.
fn answer(input: &str, result: Result<String, Failure>, out: &mut Sink) -> bool {
    match result {
        Ok(normalized) if out.is_json() => out.json(
            true,
            &Normalized {
                input,
                ok: true,
                normalized: &normalized,
            },
        ),
        Ok(normalized) => out.line(&normalized),
        Err(failure) => out.fail(input, &failure),
    }
}

impl super::Run for NormalizeArgs {
    fn run(self, ctx: &super::Context<'_>) -> Status {
        run(self, ctx.matches)
    }
}

/// Runs `urlkit normalize`; `matches` give the order of the edits.
pub fn run(args: NormalizeArgs, matches: Option<&clap::ArgMatches>) -> Status {
    let mut edits = match Edits::new(&args.edits, matches) {
        Ok(edits) => edits,
        Err(message) => return driver::usage(&message),
    };
    let batch = args.inputs.line_batch();
    let profile = args.profile.unwrap_or(if args.rfc3986 {
        Profile::Rfc3986
    } else {
        Profile::Whatwg
    });
    let steps = args.steps.normalizer(profile);
    if steps.is_some() && !profile.takes_steps() {
        return driver::usage(&CanonError::StepsUnsupported(profile).to_string());
    }
    if (!edits.is_empty() || edits.guess_scheme) && profile != Profile::Whatwg {
        return driver::usage(
            "edits, --get, --guess-scheme and the output forms work on URL Standard URLs, not with --rfc3986 or another --profile",
        );
    }
    if !edits.is_empty() {
        // The steps come last, after the edits.
        edits.steps = steps;
        let edits = &edits;
        return driver::run(batch, || {
            let mut requests = Requests::new(None).guessing(edits.guess_scheme);
            move |line: &str, out: &mut Sink| {
                requests.answer(line, out, |input, whatwg, out| {
                    edits.answer(input, whatwg.resolve(input), out, |input, _, href, out| {
                        answer(input, Ok(href.to_owned()), out)
                    })
                })
            }
        });
    }
    let guess_scheme = edits.guess_scheme;
    match profile {
        Profile::Whatwg if steps.is_some() => {
            let steps = steps.as_ref();
            driver::run(batch, || {
                let mut requests = Requests::new(None).guessing(guess_scheme);
                move |line: &str, out: &mut Sink| {
                    requests.answer(line, out, |input, whatwg, out| {
                        let result = whatwg.resolve(input).map(|mut url| {
                            if let Some(steps) = steps {
                                steps.apply(&mut url);
                            }
                            url.into_string()
                        });
                        answer(input, result, out)
                    })
                }
            })
        }
        Profile::Whatwg => driver::run(batch, || {
            let mut requests = Requests::new(None).guessing(guess_scheme);
            move |line: &str, out: &mut Sink| {
                requests.answer(line, out, |input, whatwg, out| {
                    answer(input, whatwg.normalize(input), out)
                })
            }
        }),
        // The standard's own normalizer: its failures carry a position and a grammar rule.
        Profile::Rfc3986 => {
            let normalizer = standard::normalizer(true, args.iri);
            driver::run(batch, || {
                |input: &str, out: &mut Sink| answer(input, normalizer.normalize(input), out)
            })
        }
        // Any other row of the profile table: its own function (and the steps), failures of
        // kind its name.
        _ => {
            let normalizer = steps.unwrap_or_else(|| Steps::new(profile));
            let normalizer = &normalizer;
            driver::run(batch, || {
            move |input: &str, out: &mut Sink| {
                let result = normalizer
                    .normalize(input)
                    .map_err(|e| Failure::new(profile.name(), e.to_string()));
                answer(input, result, out)
            }
        })
        }
    }
}
