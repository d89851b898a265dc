//! Splitting without the list's private section, and telling an answer of the default rule
//! `*` (an unlisted top-level label) from a listed suffix.

use std::collections::BTreeSet;
use urlkit::domain::{List, Options, Section};

const DAT: &str = include_str!("../../src/domain/public_suffix_list.dat");

/// The built-in list's text up to its private section: what `Options::private(false)` must
/// behave as.
fn icann_text() -> &'static str {
    let at = DAT
        .find("===BEGIN PRIVATE DOMAINS===")
        .expect("the list has a private section");
    &DAT[..at]
}

/// The rules of the built-in list as written, by section (`true`: private).
fn rules() -> Vec<(String, bool)> {
    let mut private = false;
    let mut out = Vec::new();
    for line in DAT.lines() {
        let line = line.trim();
        if line.contains("===BEGIN PRIVATE DOMAINS===") {
            private = true;
        }
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        out.push((line.split_whitespace().next().unwrap().to_owned(), private));
    }
    out
}

/// Hosts of the real-world dataset (domains), and hosts made under every private rule
/// (wildcards and exceptions included): the inputs the option changes.
fn hosts() -> Vec<String> {
    let mut hosts: BTreeSet<String> = BTreeSet::new();
    for (rule, private) in rules() {
        if !private {
            continue;
        }
        let name = rule.trim_start_matches('!').trim_start_matches("*.");
        hosts.insert(name.to_owned());
        hosts.insert(format!("x.{name}"));
        hosts.insert(format!("a.b.{name}"));
        hosts.insert(format!("A.B.{}", name.to_uppercase()));
    }
    if let Some(lines) = crate::common::dataset_lines("realworld.txt") {
        for url in lines.iter().filter_map(|l| urlkit::Url::parse(l).ok()) {
            if let Some(urlkit::Host::Domain(d)) = url.host() {
                hosts.insert(d.to_owned());
            }
        }
    }
    hosts.into_iter().collect()
}

type Answer = Option<(String, Option<String>, Section, bool)>;

fn answer(parts: Option<urlkit::domain::Parts<'_>>) -> Answer {
    parts.map(|p| {
        (
            p.public_suffix().to_owned(),
            p.registrable_domain().map(str::to_owned),
            p.section(),
            p.is_known_suffix(),
        )
    })
}

#[test]
fn without_the_private_section_a_host_splits_as_by_the_icann_rules_alone() {
    let icann = List::parse(icann_text()).unwrap();
    let builtin = List::builtin();
    let options = Options::new().private(false);
    let hosts = hosts();
    let mut changed = 0;
    for host in &hosts {
        let got = answer(builtin.split_with(host, options));
        assert_eq!(got, answer(icann.split(host)), "{host}");
        assert_ne!(got.as_ref().map(|a| a.2), Some(Section::Private), "{host}");
        changed += usize::from(got != answer(builtin.split(host)));
    }
    // Every private rule gives some host a different answer.
    assert!(changed > 10_000, "{changed} of {}", hosts.len());
}

#[test]
fn the_default_options_are_the_whole_list() {
    let builtin = List::builtin();
    for host in hosts() {
        assert_eq!(
            answer(builtin.split_with(&host, Options::default())),
            answer(builtin.split(&host)),
            "{host}"
        );
    }
    assert!(Options::default().includes_private());
    assert!(!Options::new().private(false).includes_private());
}

#[test]
fn private_rules_are_left_out_at_every_depth() {
    let no_private = Options::new().private(false);
    let list = List::builtin();
    let p = list.split_with("foo.github.io", no_private).unwrap();
    assert_eq!(
        (p.public_suffix(), p.registrable_domain(), p.subdomain()),
        ("io", Some("github.io"), Some("foo"))
    );
    assert_eq!(p.section(), Section::Icann);
    let p = list.split_with("a.b.s3.amazonaws.com", no_private).unwrap();
    assert_eq!(p.registrable_domain(), Some("amazonaws.com"));
    // A private wildcard and exception, and a private rule under no ICANN rule: the default
    // rule then answers.
    let custom = List::parse(
        "// ===BEGIN ICANN DOMAINS===\nuk\n// ===BEGIN PRIVATE DOMAINS===\n*.p.uk\n!www.p.uk\nfoo\n",
    )
    .unwrap();
    let p = custom.split_with("a.b.p.uk", no_private).unwrap();
    assert_eq!(
        (p.public_suffix(), p.registrable_domain(), p.section()),
        ("uk", Some("p.uk"), Section::Icann)
    );
    let p = custom.split_with("www.p.uk", no_private).unwrap();
    assert_eq!(p.registrable_domain(), Some("p.uk"));
    let p = custom.split_with("a.foo", no_private).unwrap();
    assert_eq!(
        (p.public_suffix(), p.section(), p.is_known_suffix()),
        ("foo", Section::Unlisted, false)
    );
    let p = custom.split("a.foo").unwrap();
    assert!(matches!(List::builtin().split("w.example.za"), Some(p) if !p.is_known_suffix()));
    assert_eq!(
        (p.public_suffix(), p.section(), p.is_known_suffix()),
        ("foo", Section::Private, true)
    );
    // Hosts that need canonicalizing take the same option.
    let p = list.split_with("Foo.GitHub.IO", no_private).unwrap();
    assert_eq!(p.registrable_domain(), Some("github.io"));
    let p = list.split_with("ü.blogspot.com", no_private).unwrap();
    assert_eq!(p.registrable_domain(), Some("blogspot.com"));
}

#[test]
fn an_unlisted_top_level_label_is_not_a_known_suffix() {
    let list = List::builtin();
    for host in [
        "foo.{partitionresult}",
        "xn--j28h.xn--938h",
        "localhost",
        "a.b.notatld",
        "x.corp.",
        "ck",
    ] {
        let Some(p) = list.split(host) else {
            // `{` is no domain code point for the URL parser, but the list answers any text.
            panic!("{host}");
        };
        assert!(!p.is_known_suffix(), "{host}");
        assert_eq!(p.section(), Section::Unlisted, "{host}");
    }
    for host in [
        "example.com",
        "x.github.io",
        "a.b.kobe.jp",
        "www.ck",
        "foo.ck",
        "食狮.公司.cn",
        "example.com.",
    ] {
        assert!(list.split(host).unwrap().is_known_suffix(), "{host}");
    }
}

#[test]
fn a_known_suffix_is_one_some_rule_matched_on_made_up_hosts() {
    // Held-out hosts: made-up top-level labels, some of them rules (or under rules only, as
    // `za` is under `co.za`, or a wildcard's, as `ck` is), most not; `is_known_suffix` must
    // follow the list's rules, not a table of examples.
    let (mut normal, mut wild) = (BTreeSet::new(), BTreeSet::new());
    for (rule, _) in rules() {
        match rule.strip_prefix("*.") {
            Some(base) => wild.insert(base.to_owned()),
            None => normal.insert(rule.trim_start_matches('!').to_owned()),
        };
    }
    // Some rule matches a suffix of `host`: a normal or exception rule, or a wildcard rule
    // with a label in front of its base.
    let matched = |host: &str| {
        let labels: Vec<&str> = host.split('.').collect();
        (1..=labels.len()).any(|k| {
            let suffix = labels[labels.len() - k..].join(".");
            normal.contains(&suffix) || (k < labels.len() && wild.contains(&suffix))
        })
    };
    let top: BTreeSet<String> = rules()
        .iter()
        .map(|(r, _)| r.rsplit('.').next().unwrap().to_owned())
        .collect();
    let list = List::builtin();
    let mut next = 0x5eed_u64;
    let (mut unknown, mut listed_top) = (0, 0);
    for i in 0..5_000 {
        next ^= next << 13;
        next ^= next >> 7;
        next ^= next << 17;
        let len = 2 + (next % 9) as usize;
        let label: String = (0..len)
            .map(|k| (b'a' + ((next >> (k * 5)) % 26) as u8) as char)
            .collect();
        let label = if i % 3 == 0 { format!("xn--{label}") } else { label };
        let host = format!("w{i}.example.{label}");
        let p = list.split(&host).unwrap();
        assert_eq!(p.is_known_suffix(), matched(&host), "{host}");
        unknown += usize::from(!p.is_known_suffix());
        listed_top += usize::from(top.contains(&label));
    }
    // Two-letter labels are mostly country codes: both kinds are there.
    assert!(listed_top > 50, "{listed_top}");
    assert!(unknown > 1_000, "{unknown}");
    for (rule, _) in rules() {
        let name = rule.trim_start_matches('!').trim_start_matches("*.");
        let host = format!("x.y.{name}");
        assert!(list.split(&host).unwrap().is_known_suffix(), "{rule}");
    }
}
