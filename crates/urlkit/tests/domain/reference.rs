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
