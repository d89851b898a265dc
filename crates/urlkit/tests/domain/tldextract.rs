//! Registrable domains against Python's `tldextract` (5.4.0) on every domain host of
//! `realworld.txt`, both given urlkit's built-in list file (no network, no cache): private
//! domains included (the PSL algorithm over the whole list), and left out
//! (`include_psl_private_domains=False` against `Options::private(false)`).

use urlkit::domain::Options;

#[test]
fn registrable_domains_agree_with_tldextract() {
    agree("tldextract", Options::new());
}

#[test]
fn registrable_domains_without_the_private_section_agree_with_tldextract() {
    agree("tldextract-icann", Options::new().private(false));
}

/// `mode` of `canon-expected.py` against [`List::split_with`](urlkit::domain::List::split_with)
/// with `options`.
fn agree(mode: &str, options: Options) {
    let Some(lines) = crate::common::dataset_lines("realworld.txt") else {
        return;
    };
    let mut hosts: Vec<String> = lines
        .iter()
        .filter_map(|l| urlkit::Url::parse(l).ok())
        .filter_map(|u| match u.host() {
            Some(urlkit::Host::Domain(d)) => Some(d.to_owned()),
            _ => None,
        })
        .collect();
    hosts.sort();
    hosts.dedup();
    let dat = concat!(env!("CARGO_MANIFEST_DIR"), "/src/domain/public_suffix_list.dat");
    let Some(expected) = crate::python::expected(mode, &[dat], &hosts) else {
        return;
    };
    // Differences with a reason, counted; any other difference fails the test.
    let mut explained = std::collections::BTreeMap::<&str, usize>::new();
    let mut differences = Vec::new();
    for (host, want) in hosts.iter().zip(&expected) {
        let parts = urlkit::domain::List::builtin().split_with(host, options);
        let ours = parts.as_ref().and_then(|p| p.registrable_domain());
        if ours == want.as_str() {
            continue;
        }
        let reason = if parts
            .as_ref()
            .is_some_and(|p| p.section() == urlkit::domain::Section::Unlisted)
            && want.is_null()
        {
            // The formal algorithm's default rule `*`; tldextract wants a listed suffix.
            Some("unlisted top-level label: the default rule `*` applies (tldextract: no suffix)")
        } else if parts.is_none() && host.split('.').any(str::is_empty) {
            Some("empty label: not a domain for the list (tldextract skips empty labels)")
        } else if ours.and_then(|o| o.strip_suffix('.')) == want.as_str() {
            Some(
                "trailing dot: kept, as the URL Standard's registrable domain keeps it (tldextract drops it)",
            )
        } else {
            None
        };
        match reason {
            Some(r) => *explained.entry(r).or_default() += 1,
            None => differences.push(format!("{host}: urlkit {ours:?}, tldextract {want}")),
        }
    }
    println!(
        "{mode}: {} distinct hosts; explained differences: {explained:#?}",
        hosts.len()
    );
    assert!(hosts.len() > 5_000);
    assert!(
        differences.is_empty(),
        "{} differences:\n{}",
        differences.len(),
        differences.join("\n")
    );
}
