//! Property: splitting a host by the Public Suffix List never panics, and when it answers,
//! the public suffix is a whole-label suffix of the host, the registrable domain is the
//! public suffix plus exactly one label, the subdomain is what precedes it, and splitting
//! the (canonical) host again gives the same parts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::domain;

/// Whether `part` is `whole` or the labels after one of its dots.
fn label_suffix(whole: &str, part: &str) -> bool {
    whole == part || (whole.ends_with(part) && whole[..whole.len() - part.len()].ends_with('.'))
}

fuzz_target!(|host: &str| {
    let Some(parts) = domain::split(host) else { return };
    let (h, suffix) = (parts.host(), parts.public_suffix());
    assert!(
        !suffix.is_empty() && label_suffix(h, suffix),
        "{host:?}: suffix {suffix:?} of {h:?}"
    );
    match parts.registrable_domain() {
        Some(reg) => {
            assert!(label_suffix(h, reg), "{host:?}: registrable {reg:?} of {h:?}");
            let label = reg.strip_suffix(suffix).and_then(|l| l.strip_suffix('.'));
            assert!(
                label.is_some_and(|l| !l.is_empty() && !l.contains('.')),
                "{host:?}: {reg:?} is not one label before {suffix:?}"
            );
            let sub = domain::subdomain(host);
            let expected = h.strip_suffix(reg).and_then(|s| s.strip_suffix('.'));
            assert_eq!(sub.as_deref(), expected, "{host:?}: subdomain");
        }
        None => assert!(domain::subdomain(host).is_none()),
    }
    assert_eq!(
        domain::split(h).as_ref(),
        Some(&parts),
        "{host:?}: split of {h:?}"
    );
    assert_eq!(domain::public_suffix(host).as_deref(), Some(suffix));
    assert_eq!(
        domain::registrable_domain(host).as_deref(),
        parts.registrable_domain()
    );
});
