//! `urlkit path-to-url` and `urlkit url-to-path`: file paths and `file:` URLs, both ways,
//! for Unix or Windows paths (`--style`, default the system's).
//!
//! Text output is one line per input; JSON output `{"input","ok":true,"url"}` or
//! `{"input","ok":true,"path"}`, failures in the usual shape (`kind` `file-path`).

use crate::args::{self, Inputs};
use crate::driver::{self, Sink, Status};
use crate::failure::Failure;
use crate::standard::whatwg::Whatwg;
use clap::{Args, ValueEnum};
use serde::Serialize;
use urlkit::file_path::{self, PathStyle};

/// Path styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Style {
    /// POSIX paths (/home/a b.txt)
    Unix,
    /// Windows paths (C:\dir\a b.txt, \\server\share\x)
    Windows,
}

/// The file: URL of file paths
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  urlkit path-to-url '/tmp/a b.txt'                 # file:///tmp/a%20b.txt\n  \
                        urlkit url-to-path --style windows file:///C:/a%20b   # C:\\a b\n\n\
                        Exit status: 0 when every input was converted, 1 when any failed, 2 on usage or I/O errors."
)]
pub struct PathArgs {
    /// The path style [default: the system's]
    #[arg(long, value_enum)]
    pub style: Option<Style>,
    #[command(flatten)]
    pub inputs: Inputs<Words>,
}

/// The file path of file: URLs
#[derive(Debug, Args)]
pub struct UrlToPathArgs {
    // The same arguments as `urlkit path-to-url`, the other way round.
    #[command(flatten)]
    pub args: PathArgs,
}

/// What `urlkit path-to-url` and `urlkit url-to-path` call their inputs and JSON flags.
#[derive(Debug)]
pub struct Words;

impl args::Words for Words {
    const VALUE: &'static str = "INPUT";
    const INPUTS: &'static str = "Paths or URLs";
    const JSON: &'static str = "Print one JSON object per input";
}

impl PathArgs {
    fn style(&self) -> PathStyle {
        match self.style {
            Some(Style::Unix) => PathStyle::Unix,
            Some(Style::Windows) => PathStyle::Windows,
            None => PathStyle::native(),
        }
    }
}

/// The object of a converted input.
#[derive(Serialize)]
struct Converted<'a> {
    input: &'a str,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<&'a str>,
}

/// A path conversion failure.
fn failure(e: file_path::FilePathError) -> Failure {
    Failure::new("file-path", e.to_string())
}

impl super::Run for PathArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run_to_url(self)
    }
}

impl super::Run for UrlToPathArgs {
    fn run(self, _: &super::Context<'_>) -> Status {
        run_to_path(self.args)
    }
}

/// Runs `urlkit path-to-url`.
pub fn run_to_url(args: PathArgs) -> Status {
    let style = args.style();
    let batch = args.inputs.line_batch();
    driver::run(batch, || {
        move |input: &str, out: &mut Sink| match file_path::from_path(input, style) {
            Ok(url) if out.is_json() => out.json(
                true,
                &Converted {
                    input,
                    ok: true,
                    url: Some(url.href()),
                    path: None,
                },
            ),
            Ok(url) => out.line(url.href()),
            Err(e) => out.fail(input, &failure(e)),
        }
    })
}

/// Runs `urlkit url-to-path`.
pub fn run_to_path(args: PathArgs) -> Status {
    let style = args.style();
    let batch = args.inputs.line_batch();
    driver::run(batch, || {
        move |input: &str, out: &mut Sink| {
            let path = Whatwg::WITHOUT_BASE
                .resolve(input)
                .and_then(|url| file_path::to_path(&url, style).map_err(failure));
            match path {
                Ok(path) if out.is_json() => out.json(
                    true,
                    &Converted {
                        input,
                        ok: true,
                        url: None,
                        path: Some(&path),
                    },
                ),
                Ok(path) => out.line(&path),
                Err(failure) => out.fail(input, &failure),
            }
        }
    })
}
