//! `Url::redact` over every dataset line that parses: the result is a valid URL that is
//! its own href, masking twice is masking once, a URL with nothing to mask is unchanged,
//! and no masked value is left in the href.

use crate::common;

use urlkit::{Redact, Url};

fn run(name: &str, records: impl Iterator<Item = (String, Option<String>)>) -> usize {
    let all = Redact::new().userinfo(true);
    let (mut ok, mut masked, mut bad) = (0, 0, Vec::new());
    for (input, base) in records {
        let base = base.and_then(|b| Url::parse(&b).ok());
        let Ok(url) = Url::parse_with_base(&input, base.as_ref()) else {
            continue;
        };
        ok += 1;
        let once = url.redacted_with(&all);
        let twice = once.redacted_with(&all);
        if once.as_str() != url.as_str() {
            masked += 1;
        }
        let reparsed = Url::parse(once.as_str()).map(|u| u.as_str() == once.as_str());
        let nothing_left = once.password().is_none_or(|p| p == urlkit::REDACTED);
        if twice.as_str() != once.as_str() || reparsed != Ok(true) || !nothing_left {
            bad.push(format!(
                "{:?} masks as {:?}, then {:?}",
                url.as_str(),
                once.as_str(),
                twice.as_str()
            ));
        }
        let secrets = url.password().is_some()
            || !url.username().is_empty()
            || url
                .query_pairs()
                .chain(
                    url.fragment()
                        .map(|f| urlkit::form::parse(f.as_bytes()))
                        .into_iter()
                        .flatten(),
                )
                .any(|(k, _)| {
                    urlkit::SECRET_PARAMETERS
                        .iter()
                        .any(|s| s.eq_ignore_ascii_case(&k))
                });
        if !secrets && once.as_str() != url.as_str() {
            bad.push(format!(
                "{:?} has nothing to mask but became {:?}",
                url.as_str(),
                once.as_str()
            ));
        }
    }
    println!(
        "{name}: {ok} URLs, {masked} with something masked, {} wrong",
        bad.len()
    );
    assert!(bad.is_empty(), "{name}:\n{}", bad[..bad.len().min(20)].join("\n"));
    ok
}

#[test]
fn datasets() {
    for file in ["realworld.txt", "synthetic.txt"] {
        if let Some(lines) = common::dataset_lines(file) {
            assert!(run(file, lines.into_iter().map(|l| (l, None))) > 0);
        }
    }
    if let Some(lines) = common::dataset_lines("messy.txt") {
        assert!(run("messy.txt", lines.iter().map(|l| common::messy_record(l))) > 0);
    }
}
