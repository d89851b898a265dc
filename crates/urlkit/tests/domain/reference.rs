//! The formal algorithm (https://github.com/publicsuffix/list/wiki/Format#formal-algorithm)
//! written as plainly as it reads, against `List` on hosts made from the list's own rules.

use std::collections::HashMap;
use urlkit::domain::{List, Section};

/// Rules as written: text (without `*.`/`!`) → (kind, section).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Normal,
    Wildcard,
    Exception,
}

struct Reference {
    rules: HashMap<(String, Kind), Section>,
}

impl Reference {
    fn parse(dat: &str) -> Reference {
        let mut rules = HashMap::new();
        let mut section = Section::Icann;
        for line in dat.lines() {
            let line = line.trim();
            if line.contains("===BEGIN PRIVATE DOMAINS===") {
                section = Section::Private;
            }
            if line.starts_with("//") || line.is_empty() {
                continue;
            }
            let rule = line.split_whitespace().next().unwrap();
            // Only ASCII rules: IDN rules are covered by test_psl.txt and the unit tests.
            if !rule.is_ascii() {
                continue;
            }
            let (kind, name) = if let Some(r) = rule.strip_prefix('!') {
                (Kind::Exception, r)
            } else if let Some(r) = rule.strip_prefix("*.") {
                (Kind::Wildcard, r)
            } else {
                (Kind::Normal, rule)
            };
            rules.insert((name.to_owned(), kind), section);
        }
        Reference { rules }
    }

    /// (public suffix, registrable domain, section) of a lower-case ASCII host.
    fn lookup(&self, host: &str) -> (String, Option<String>, Section) {
        let labels: Vec<&str> = host.split('.').collect();
        // 1-2: the rules that match, as (number of labels of the rule, exception?, section).
        let mut matches = Vec::new();
        for k in 1..=labels.len() {
            let suffix = labels[labels.len() - k..].join(".");
            if let Some(&s) = self.rules.get(&(suffix.clone(), Kind::Normal)) {
                matches.push((k, false, s));
            }
            if let Some(&s) = self.rules.get(&(suffix.clone(), Kind::Exception)) {
                matches.push((k, true, s));
            }
            if k < labels.len() {
                if let Some(&s) = self.rules.get(&(suffix, Kind::Wildcard)) {
                    matches.push((k + 1, false, s));
                }
            }
        }
        // 3-5: an exception wins; else the rule with the most labels; else `*`.
        let (k, section) = if let Some(&(k, _, s)) = matches.iter().find(|m| m.1) {
            (k - 1, s)
        } else if let Some(&(k, _, s)) = matches.iter().max_by_key(|m| m.0) {
            (k, s)
        } else {
            (1, Section::Unlisted)
        };
        let suffix = labels[labels.len() - k..].join(".");
        let registrable = (k < labels.len()).then(|| labels[labels.len() - k - 1..].join("."));
        (suffix, registrable, section)
    }
}

#[test]
fn list_agrees_with_the_formal_algorithm() {
    let dat = include_str!("../../src/domain/public_suffix_list.dat");
    let reference = Reference::parse(dat);
    let list = List::builtin();
    let mut hosts = Vec::new();
    for (name, kind) in reference.rules.keys() {
        let name = match kind {
            Kind::Wildcard => format!("w.{name}"),
            _ => name.clone(),
        };
        for prefix in ["", "a.", "b.a.", "www.", "c.b.a."] {
            hosts.push(format!("{prefix}{name}"));
        }
        // The rule's labels under other parents: a rule's suffixes shifted left; and its
        // shorter suffixes (which need not be rules) under new labels.
        let labels: Vec<&str> = name.split('.').collect();
        for k in 1..labels.len() {
            let shorter = labels[k..].join(".");
            hosts.push(format!("q.{shorter}"));
            hosts.push(format!("p.q.{shorter}"));
        }
        if labels.len() > 1 {
            hosts.push(format!("{}.example", labels[0]));
            hosts.push(format!("x.{}.zz", labels[..labels.len() - 1].join(".")));
        }
    }
    let mut checked = 0;
    for host in &hosts {
        let expected = reference.lookup(host);
        let parts = list.split(host).unwrap_or_else(|| panic!("{host}: none"));
        let got = (
            parts.public_suffix().to_owned(),
            parts.registrable_domain().map(str::to_owned),
            parts.section(),
        );
        assert!(
            got == expected,
            "{host}: got {:?}, expected {:?}",
            (got.0, got.1),
            (expected.0, expected.1)
        );
        checked += 1;
    }
    assert!(checked > 90_000, "{checked}");
}

/// The eight-bytes-at-a-time host check, at every position of hosts shorter and longer than
/// the 64 bytes of its dot bitmap: an empty label anywhere makes the host no domain, an
/// upper-case letter anywhere is lower-cased, and long hosts split like short ones.
#[test]
fn every_position_of_short_and_long_hosts() {
    let list = List::builtin();
    for tail in [
        "example.co.uk",
        "a.b.c.kobe.jp",
        "x.github.io",
        "www.ck",
        "example.com.",
    ] {
        let want = list.split(tail).unwrap();
        for n in 0..90 {
            // Labels of 1 to 9 letters before the tail, n bytes in all (plus a dot).
            let mut prefix = String::new();
            let mut k = 0;
            while prefix.len() < n {
                prefix.push(char::from(b'a' + (k % 26) as u8));
                k += 1;
                if k % 9 == 0 && prefix.len() < n {
                    prefix.push('.');
                }
            }
            let prefix = prefix.trim_end_matches('.').to_owned();
            let host = if prefix.is_empty() {
                tail.to_owned()
            } else {
                format!("{prefix}.{tail}")
            };
            let parts = list.split(&host).unwrap_or_else(|| panic!("{host}"));
            assert_eq!(
                (parts.public_suffix(), parts.registrable_domain().is_some()),
                (want.public_suffix(), true),
                "{host}"
            );
            assert!(
                parts
                    .registrable_domain()
                    .unwrap()
                    .ends_with(want.registrable_domain().unwrap()),
                "{host}"
            );
            for at in 0..host.len() {
                let bytes = host.as_bytes();
                // Upper case at `at`: the same parts, lower-cased.
                if bytes[at].is_ascii_lowercase() {
                    let mut upper = host.clone().into_bytes();
                    upper[at].make_ascii_uppercase();
                    let upper = String::from_utf8(upper).unwrap();
                    assert_eq!(
                        list.split(&upper).as_ref().map(|p| p.host()),
                        Some(host.as_str()),
                        "{upper}"
                    );
                }
                // An extra dot first or beside a dot: an empty label.
                if at == 0 || bytes[at] == b'.' {
                    let doubled = format!("{}.{}", &host[..at], &host[at..]);
                    assert!(list.split(&doubled).is_none(), "{doubled}");
                }
                // A non-ASCII letter at `at` (when it replaces a letter): still a domain,
                // now in Unicode, with the same public suffix when it is not in it.
                if bytes[at].is_ascii_lowercase() {
                    let accented = format!("{}é{}", &host[..at], &host[at + 1..]);
                    if let Some(p) = list.split(&accented) {
                        assert!(p.host().contains('é'), "{accented}");
                    }
                }
            }
        }
    }
}
