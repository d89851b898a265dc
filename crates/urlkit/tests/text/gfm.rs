//! Every example of the GFM spec's "Autolinks" and "Autolinks (extension)" sections, read
//! from `gfm-autolinks.md`: the links of the expected HTML (href and label) must be exactly
//! the links found. Core examples run with `<…>` autolinks only (CommonMark without the
//! extension, and GFM's whitespace rule); `example autolink` ones with the default options, and again with only the
//! kinds GFM's extension has.

use urlkit::text::{Finder, Kind, Options};

struct Example {
    line: usize,
    extension: bool,
    markdown: String,
    html: String,
}

fn examples(spec: &str) -> Vec<Example> {
    let fence = "````````````````````````````````";
    let mut out = Vec::new();
    let mut lines = spec.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        let Some(info) = line.strip_prefix(fence).and_then(|r| r.strip_prefix(" example")) else {
            continue;
        };
        let (mut markdown, mut html, mut in_html) = (String::new(), String::new(), false);
        for (_, l) in lines.by_ref() {
            if l == fence {
                break;
            }
            if l == "." && !in_html {
                in_html = true;
                continue;
            }
            let target = if in_html { &mut html } else { &mut markdown };
            target.push_str(&l.replace('→', "\t"));
            target.push('\n');
        }
        out.push(Example {
            line: n + 1,
            extension: info.trim() == "autolink",
            markdown,
            html,
        });
    }
    out
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// (href, label) of each `<a href="…">…</a>` in `html`.
fn expected_links(html: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("<a href=\"") {
        rest = &rest[i + 9..];
        let q = rest.find("\">").unwrap();
        let close = rest.find("</a>").unwrap();
        out.push((unescape(&rest[..q]), unescape(&rest[q + 2..close])));
        rest = &rest[close..];
    }
    out
}

fn found(options: Options, markdown: &str) -> Vec<(String, String)> {
    Finder::new(options)
        .links(markdown)
        .map(|l| (l.href(), l.url_text().to_owned()))
        .collect()
}

#[test]
fn every_gfm_autolink_example() {
    let Some(spec) = crate::specs::read("gfm-autolinks.md") else {
        return;
    };
    let all = examples(&spec);
    assert_eq!(all.len(), 30, "examples in gfm-autolinks.md");
    crate::shared_data::note_cases("specs/gfm-autolinks.md", all.len());
    assert_eq!(all.iter().filter(|e| e.extension).count(), 11);
    let core = Options::none().kind(Kind::Angle, true).angle_whitespace(false);
    let gfm_kinds = Options::none()
        .kind(Kind::Angle, true)
        .kind(Kind::Scheme, true)
        .kind(Kind::Www, true)
        .kind(Kind::Email, true);
    let mut failures = Vec::new();
    for ex in &all {
        let expected = expected_links(&ex.html);
        let runs: Vec<Options> = if ex.extension {
            vec![Options::new(), gfm_kinds.clone()]
        } else {
            vec![core.clone()]
        };
        for options in runs {
            let got = found(options, &ex.markdown);
            if got != expected {
                failures.push(format!(
                    "line {}: {:?}\n  expected {expected:?}\n  found    {got:?}",
                    ex.line, ex.markdown
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
