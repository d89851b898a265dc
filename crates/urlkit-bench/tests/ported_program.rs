//! A realistic `url` program (a crawler's link handling: resolve, inspect, classify,
//! rewrite) written once and compiled against both crates: the `program!` macro expands the
//! same source with `use url::…` and with `use urlkit::…`. It runs on every line of the
//! datasets and the two outputs are compared line by line.
//!
//! Where the two parsers already disagree on the href (`url` is not WPT-complete), the line
//! is counted as a parser difference, not a porting one; any other difference fails.

use urlkit_bench::corpus;

// The data locator of all the workspace's tests: one note per missing directory per run.
#[path = "../../urlkit/tests/common/shared_data.rs"]
mod shared_data;
use shared_data::Shared;

macro_rules! program {
    ($name:ident, $krate:ident) => {
        mod $name {
            use std::fmt::Write;
            use $krate::{Position, Url};

            /// Resolves `input` against `page`, reports what a crawler looks at, then
            /// rewrites the link as a crawler would.
            pub fn process(page: &Url, input: &str) -> String {
                let mut out = String::new();
                let mut url = match page.join(input) {
                    Ok(url) => url,
                    Err(_) => return "error".to_string(),
                };
                let w = &mut out;
                let _ = writeln!(w, "href {}", url.as_str());
                let _ = writeln!(
                    w,
                    "scheme {} opaque {}",
                    url.scheme(),
                    url.cannot_be_a_base()
                );
                let _ = writeln!(w, "host {:?} domain {:?}", url.host_str(), url.domain());
                let _ = writeln!(
                    w,
                    "has_host {} authority {} {:?}",
                    url.has_host(),
                    url.has_authority(),
                    url.authority()
                );
                if url.has_host() {
                    let owned = url.host().map(|h| h.to_owned().to_string());
                    let _ = writeln!(w, "owned host {owned:?}");
                }
                let _ = writeln!(w, "port {:?} {:?}", url.port(), url.port_or_known_default());
                let _ = writeln!(w, "user {:?} password {:?}", url.username(), url.password());
                let segments = url.path_segments().map(|s| s.collect::<Vec<_>>());
                let _ = writeln!(w, "path {:?} {segments:?}", url.path());
                let _ = writeln!(w, "query {:?} fragment {:?}", url.query(), url.fragment());
                let pairs: Vec<(String, String)> = url
                    .query_pairs()
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect();
                let _ = writeln!(w, "pairs {pairs:?}");
                let _ = writeln!(w, "up to path {:?}", &url[..Position::AfterPath]);
                let _ = writeln!(
                    w,
                    "host and port {:?}",
                    &url[Position::BeforeHost..Position::AfterPort]
                );
                if url.has_authority() {
                    let _ = writeln!(
                        w,
                        "credentials {:?}",
                        &url[Position::BeforeUsername..Position::AfterPassword]
                    );
                }
                let _ = writeln!(w, "query on {:?}", &url[Position::BeforeQuery..]);
                let _ = writeln!(w, "origin {}", url.origin().ascii_serialization());
                let _ = writeln!(w, "relative {:?}", page.make_relative(&url));
                let _ = writeln!(w, "back {:?}", url.make_relative(page));
                let same_site = url.host_str() == page.host_str() && url.scheme() == page.scheme();
                let _ = writeln!(w, "same site {same_site}");

                // Rewrite: directory links get an index page, tracking parameters appended.
                if let Ok(mut segments) = url.path_segments_mut() {
                    if url_ends_with_slash(input) {
                        segments.pop_if_empty().push("index.html");
                    } else {
                        segments.push("seen by/crawler");
                    }
                }
                url.query_pairs_mut()
                    .append_pair("utm_source", "crawler & co")
                    .append_key_only("seen")
                    .extend_pairs([("a", "1"), ("b", "é")]);
                let _ = writeln!(w, "rewritten {}", url.as_str());
                if let Ok(mut segments) = url.path_segments_mut() {
                    segments.pop().pop();
                }
                let _ = writeln!(w, "popped {}", url.as_str());
                // Credentials out, a fixed port, a mirror host, no fragment.
                let user = url.set_username("crawler");
                let pass = url.set_password(None);
                let _ = writeln!(w, "credentials set {user:?} {pass:?} {}", url.as_str());
                let port = url.set_port(Some(8080));
                let _ = writeln!(w, "port set {port:?} {}", url.as_str());
                let host = url.set_host(Some("mirror.example.org")).is_ok();
                let _ = writeln!(w, "host set {host} {}", url.as_str());
                url.set_fragment(None);
                if url.query() == Some("") {
                    url.set_query(None);
                }
                let _ = writeln!(w, "trimmed {}", url.as_str());
                let secure = url.set_scheme("https");
                let _ = writeln!(w, "https {secure:?} {}", url.as_str());
                // (`url` leaves `?` raw in an opaque path, which then reads as a query.)
                if !url.cannot_be_a_base() {
                    url.set_path("/a b/c%2F?");
                    let _ = writeln!(w, "set_path {}", url.as_str());
                }
                let ip = url.set_ip_host("127.0.0.1".parse().unwrap());
                let _ = writeln!(w, "ip {ip:?} {}", url.as_str());
                if let Ok(mut segments) = url.path_segments_mut() {
                    segments.clear().extend(["x", "y z", "."]);
                }
                let _ = writeln!(w, "cleared {}", url.as_str());
                let text: String = url.into();
                let _ = writeln!(w, "string {text}");
                let again = Url::try_from(text.as_str()).map(|u| u.to_string());
                let _ = writeln!(w, "reparsed {}", again.unwrap_or_default());
                out
            }

            fn url_ends_with_slash(input: &str) -> bool {
                input.trim_end().ends_with('/')
            }
        }
    };
}

program!(with_url, url);
program!(with_urlkit, urlkit);

#[test]
fn ported_program_matches_url_on_the_datasets() {
    // Needs the datasets; without them, the run's one note about them (`shared_data.rs`).
    if Shared::Datasets.file("realworld.txt").is_none() {
        return;
    }
    let dir = Shared::Datasets.dir();
    let page = "https://example.com/dir/page.html?p=1";
    std::panic::set_hook(Box::new(|_| {}));
    let mut differences = Vec::new();
    let (mut lines, mut parser_differences, mut url_panics) = (0, 0, 0);
    for file in ["realworld.txt", "synthetic.txt", "messy.txt"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in corpus::split_lines(&text) {
            let Some(case) = corpus::messy_case(line) else {
                continue;
            };
            let base = case.base.as_deref().unwrap_or(page);
            let (Ok(theirs_page), Ok(ours_page)) = (url::Url::parse(base), urlkit::Url::parse(base)) else {
                continue;
            };
            lines += 1;
            // `url` has debug assertions that some inputs trip: a crash there is its bug.
            let Ok(theirs) = std::panic::catch_unwind(|| with_url::process(&theirs_page, &case.input)) else {
                url_panics += 1;
                continue;
            };
            let ours = with_urlkit::process(&ours_page, &case.input);
            if theirs == ours {
                continue;
            }
            if theirs.lines().next() != ours.lines().next() {
                parser_differences += 1;
                continue;
            }
            let diff: Vec<String> = theirs
                .lines()
                .zip(ours.lines())
                .filter(|(a, b)| a != b)
                .map(|(a, b)| format!("    url:    {a}\n    urlkit: {b}"))
                .collect();
            differences.push(format!(
                "{file}: {:?} (base {base:?})\n{}",
                case.input,
                diff.join("\n")
            ));
        }
    }
    let _ = std::panic::take_hook();
    if let Some(out) = std::env::var_os("URLKIT_PORT_DIFF_OUT") {
        std::fs::write(out, differences.join("\n")).unwrap();
    }
    shared_data::note(&format!(
        "ported program: {lines} lines, {} same output, {parser_differences} where the parsers differ, {url_panics} where url panics, {} porting differences",
        lines - parser_differences - url_panics - differences.len(),
        differences.len()
    ));
    assert!(
        differences.is_empty(),
        "{} porting differences, the first:\n{}",
        differences.len(),
        differences[..differences.len().min(15)].join("\n")
    );
}
