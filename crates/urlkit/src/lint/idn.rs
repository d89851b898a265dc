//! Internationalized domain names that deceive: labels mixing scripts or using restricted
//! characters ([UTS 39](https://www.unicode.org/reports/tr39/) §5 and §3.1, through the
//! `unicode-security` crate), domains confusable with an ASCII domain (UTS 39 §4
//! skeletons), and deviation characters IDNA 2003 readers map to another domain (UTS 46 §4).
//!
//! A restricted character of the label's own script (a Hebrew point in a Hebrew label: UTS 39
//! restricts it as uncommon in identifiers, IDNA 2008 allows it) is not reported: it makes
//! no homograph that the mixed-script and confusable checks do not see.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{GeneralSecurityProfile, MixedScript, RestrictionLevel, RestrictionLevelDetection};

use super::check::{Check, Context, Needs};
use super::finding::{Code, Detail, Finding};

/// Deceptive internationalized domains (L070–L072).
pub(crate) struct Idn;

impl Check for Idn {
    const CODES: &'static [Code] = &[
        Code::IdnMixedScript,
        Code::IdnRestricted,
        Code::IdnConfusable,
        Code::IdnDeviation,
    ];
    /// Only an `xn--` label holds a non-ASCII character, hence a script, a restricted
    /// character or a confusable (WHATWG domains are ASCII).
    const NEEDS: Needs = Needs {
        ace_domain: true,
        ..Needs::NOTHING
    };
    // Out of line: few domains have an `xn--` label.
    #[cold]
    #[inline(never)]
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
        if let Some(crate::Host::Domain(d)) = *cx.host {
            let spans = &mut cx.spans;
            check(d, || spans.get().host.clone().unwrap_or_default(), out);
        }
    }
}

/// Checks the WHATWG domain `ascii` (lower-case, punycode), which has an `xn--` label (the
/// only way to hold a non-ASCII character); `span` is the host in the input.
pub(crate) fn check(ascii: &str, span: impl FnOnce() -> Range<usize>, out: &mut Vec<Finding>) {
    let span = span();
    let (unicode, _) = crate::host::domain_to_unicode(ascii);
    if unicode.is_ascii() {
        return;
    }
    let idn = |lookalike: Option<String>| Detail::Idn {
        unicode: unicode.clone(),
        ascii: ascii.into(),
        lookalike,
    };
    for label in unicode.split('.').filter(|l| !l.is_ascii()) {
        let single_script = label.is_single_script();
        let any_restricted = label.chars().any(|c| !c.identifier_allowed() && c != '-');
        let restricted: Vec<String> = label
            .chars()
            .filter(|&c| !c.identifier_allowed() && c != '-')
            // A character of one script in a label of that script (not Common or Inherited,
            // which any label may hold: symbols, emoji).
            .filter(|&c| !single_script || AugmentedScriptSet::for_char(c).is_all())
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        if !restricted.is_empty() {
            let message = format!(
                "label {label:?} of {unicode:?} ({ascii}) uses characters uts 39 restricts: {}",
                restricted.join(", ")
            );
            out.push(Finding::new(Code::IdnRestricted, span.clone(), message).with_detail(idn(None)));
        }
        // UTS 39's restriction levels count a restricted character as a script of its own.
        let mixed = if !any_restricted {
            label.detect_restriction_level() > RestrictionLevel::HighlyRestrictive
        } else {
            !single_script
        };
        if mixed {
            let message = format!("label {label:?} of {unicode:?} ({ascii}) mixes scripts");
            out.push(Finding::new(Code::IdnMixedScript, span.clone(), message).with_detail(idn(None)));
        }
    }
    if let Some(transitional) = transitional(&unicode) {
        let message = format!(
            "{unicode:?} ({ascii}) has an idna deviation character: idna 2003 readers look up {transitional:?}"
        );
        out.push(
            Finding::new(Code::IdnDeviation, span.clone(), message).with_detail(idn(Some(transitional))),
        );
    }
    // The registrable domain is what a reader takes for the site: a confusable one is an
    // error; a confusable subdomain under an ASCII site, a warning.
    let site = crate::domain::registrable_domain(&unicode);
    let site = site.as_deref().unwrap_or(&unicode);
    if let Some(lookalike) = ascii_lookalike(site) {
        let message =
            format!("{unicode:?} ({ascii}) is confusable with the ascii registrable domain {lookalike:?}");
        out.push(Finding::new(Code::IdnConfusable, span, message).with_detail(idn(Some(lookalike))));
    } else if let Some(lookalike) = ascii_lookalike(&unicode) {
        let message = format!("{unicode:?} ({ascii}) is confusable with the ascii host {lookalike:?}");
        let f =
            Finding::new(Code::IdnConfusable, span, message).with_severity(super::finding::Severity::Warning);
        out.push(f.with_detail(idn(Some(lookalike))));
    }
}

/// The ASCII domain with the same UTS 39 skeleton as `unicode`, if there is one: each
/// non-ASCII character replaced by its prototype, which must be ASCII.
pub(crate) fn ascii_lookalike(unicode: &str) -> Option<String> {
    let mut lookalike = String::with_capacity(unicode.len());
    for c in unicode.chars() {
        if c.is_ascii() {
            lookalike.push(c);
            continue;
        }
        let mut buf = [0u8; 4];
        for p in unicode_security::skeleton(c.encode_utf8(&mut buf)) {
            if !p.is_ascii() {
                return None;
            }
            lookalike.push(p.to_ascii_lowercase());
        }
    }
    let same = unicode_security::skeleton(unicode).eq(unicode_security::skeleton(&lookalike));
    (same && lookalike != unicode).then_some(lookalike)
}

/// `unicode` as IDNA 2003 and UTS 46's transitional processing map it, if that differs: the
/// deviation characters (UTS 46 §4) ß to `ss`, ς to σ, and ZWJ and ZWNJ removed.
fn transitional(unicode: &str) -> Option<String> {
    const DEVIATIONS: [char; 4] = ['\u{df}', '\u{3c2}', '\u{200c}', '\u{200d}'];
    if !unicode.contains(DEVIATIONS) {
        return None;
    }
    let mut mapped = String::with_capacity(unicode.len() + 1);
    for c in unicode.chars() {
        match c {
            '\u{df}' => mapped.push_str("ss"),
            '\u{3c2}' => mapped.push('\u{3c3}'),
            '\u{200c}' | '\u{200d}' => {}
            c => mapped.push(c),
        }
    }
    Some(mapped)
}
