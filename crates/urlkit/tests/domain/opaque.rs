//! The registrable domain of a non-special URL's opaque host (`git://git.kernel.org/`,
//! `s3://bucket.example.com/`): the list applies when the host is a valid domain.

use urlkit::domain::{List, Options};
use urlkit::{Host, Url};

fn registrable(url: &str) -> Option<(String, bool)> {
    let url = Url::parse(url).unwrap();
    let parts = List::builtin().split_host(url.host()?)?;
    Some((parts.registrable_domain()?.to_owned(), parts.from_opaque_host()))
}

#[test]
fn an_opaque_host_that_is_a_valid_domain_has_a_registrable_domain() {
    let some = |s: &str| Some((s.to_owned(), true));
    assert_eq!(
        registrable("git://git.kernel.org/pub/scm/linux.git"),
        some("kernel.org")
    );
    assert_eq!(
        registrable("ssh://git@GitHub.com/rust-lang/rust"),
        some("github.com")
    );
    assert_eq!(registrable("s3://foo.com/key"), some("foo.com"));
    assert_eq!(
        registrable("registry+https://github.com/rust-lang/crates.io-index"),
        some("github.com")
    );
    assert_eq!(
        registrable("redis://cache.Example.CO.uk:6379/0"),
        some("example.co.uk")
    );
    assert_eq!(registrable("git://user.github.io/x"), some("user.github.io"));
    assert_eq!(
        registrable("https://www.example.com/"),
        Some(("example.com".to_owned(), false))
    );
}

#[test]
fn an_opaque_host_that_is_not_a_valid_domain_has_none() {
    for url in [
        "foo://a%2Eb.com/",      // percent-encoded: not a domain as written
        "foo://b%C3%BCcher.de/", // non-ASCII arrives percent-encoded
        "foo://under_score.example.com/",
        "foo://-x.example.com/",
        "foo://1.2.3.4/", // ends in a number: an address, not a domain
        "foo://[::1]/",
        "foo:///path",
        "mailto:a@example.com",
        "foo://a..b.com/",
    ] {
        let parsed = Url::parse(url).unwrap();
        let parts = parsed.host().and_then(|h| List::builtin().split_host(h));
        assert!(parts.is_none(), "{url}: {parts:?}");
    }
}

#[test]
fn the_opaque_host_is_split_in_its_lower_case_form() {
    let url = Url::parse("git://A.B.Example.COM/").unwrap();
    let parts = List::builtin().split_host(url.host().unwrap()).unwrap();
    assert_eq!(
        (
            parts.host(),
            parts.public_suffix(),
            parts.registrable_domain(),
            parts.subdomain()
        ),
        ("a.b.example.com", "com", Some("example.com"), Some("a.b"))
    );
    assert!(parts.from_opaque_host());
    let no_private = Options::new().private(false);
    let url = Url::parse("git://x.github.io/").unwrap();
    let parts = List::builtin()
        .split_host_with(url.host().unwrap(), no_private)
        .unwrap();
    assert_eq!(parts.registrable_domain(), Some("github.io"));
}

#[test]
fn every_domain_under_a_non_special_scheme_splits_as_under_a_special_one() {
    // Held-out inputs: each domain host of the datasets, upper-cased in part and put under a
    // non-special scheme, must split as the special URL's host does when it is a valid
    // domain, and not at all when it is not.
    let mut seen = 0;
    let mut split = 0;
    for file in ["realworld.txt", "synthetic.txt"] {
        let Some(lines) = crate::common::dataset_lines(file) else {
            return;
        };
        for (i, line) in lines.iter().enumerate() {
            let Ok(url) = Url::parse(line) else { continue };
            let Some(Host::Domain(d)) = url.host() else {
                continue;
            };
            let mixed: String = d
                .chars()
                .enumerate()
                .map(|(k, c)| {
                    if (k + i) % 3 == 0 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect();
            let Ok(opaque) = Url::parse(&format!("x-test://{mixed}/p")) else {
                continue;
            };
            let Some(host @ Host::Opaque(h)) = opaque.host() else {
                continue;
            };
            seen += 1;
            let got = List::builtin().split_host(host);
            let valid = urlkit::host::domain_to_ascii_strict(h).is_ok();
            if !valid {
                assert!(got.is_none(), "{line}");
                continue;
            }
            let want = List::builtin().split(d);
            assert_eq!(
                got.as_ref()
                    .map(|p| (p.host(), p.public_suffix(), p.registrable_domain(), p.section())),
                want.as_ref()
                    .map(|p| (p.host(), p.public_suffix(), p.registrable_domain(), p.section())),
                "{line}"
            );
            split += usize::from(got.is_some_and(|p| p.from_opaque_host()));
        }
    }
    assert!(seen > 50_000 && split * 10 > seen * 9, "{split} of {seen}");
}

#[test]
fn the_opaque_hosts_of_the_datasets_split_when_they_are_valid_domains() {
    let mut opaque = 0;
    for file in ["realworld.txt", "synthetic.txt", "messy.txt"] {
        let Some(lines) = crate::python::dataset_inputs(file) else {
            return;
        };
        for line in &lines {
            let Ok(url) = Url::parse(line) else { continue };
            let Some(host @ Host::Opaque(h)) = url.host() else {
                continue;
            };
            opaque += 1;
            let got = List::builtin().split_host(host);
            let want = urlkit::host::domain_to_ascii_strict(h).ok().and_then(|ascii| {
                List::builtin()
                    .split(&ascii)
                    .map(|p| p.registrable_domain().map(str::to_owned))
            });
            assert_eq!(
                got.as_ref().map(|p| p.registrable_domain().map(str::to_owned)),
                want,
                "{line}"
            );
            assert!(got.is_none_or(|p| p.from_opaque_host()), "{line}");
        }
    }
    assert!(opaque > 100, "{opaque}");
}
