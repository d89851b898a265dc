//! The interface of a lint check, and the one list of them (the `checks!` invocation below,
//! which defines [`ALL`] and [`run_all`]).
//!
//! A check is a type implementing [`Check`]: its codes, the input classes it needs to fire
//! ([`Needs`]), and a `run` producing findings from a shared [`Context`] (the parsed URL,
//! the input, the component spans, what the pre-filters saw). The driver runs every check
//! whose needs the pre-filters ([`super::prefilter`]) say the input may meet; what the
//! pre-filters look for is derived from the checks' needs ([`ESCAPES`]), so a check that
//! declares what it looks at is never skipped on an input that has it.
//!
//! Adding a check: a type implementing [`Check`] in the module of its standard or section,
//! and its name in the `checks!` list (its place there is the order of its findings among
//! equal spans). This module's tests run every listed check on inputs of every class a
//! check can declare (escapes of all 256 octets among them), with and without the
//! pre-filters, and fail where the pre-filters would skip a check that fires: a check that
//! looks at more than it declares is caught there.

use alloc::vec::Vec;

use super::finding::{Code, Finding};
use super::prefilter::{DomainShape, Scan};
use super::spans::LazySpans;
use crate::{Host, Url};

/// Percent-encoded octets, by value: whether a `%XY` encoding it, anywhere in the input or
/// only in the path, is one a check looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Escapes([u8; 256]);

/// Bit of [`Escapes`]: looked at anywhere.
const ANYWHERE: u8 = 1;
/// Bit of [`Escapes`]: looked at in the path.
const IN_PATH: u8 = 2;

impl Escapes {
    /// No escape.
    pub(crate) const NONE: Escapes = Escapes([0; 256]);

    /// These, and the octets `lo..=hi` anywhere.
    pub(crate) const fn anywhere(self, lo: u8, hi: u8) -> Escapes {
        self.with(lo, hi, ANYWHERE)
    }

    /// These, and the octets `lo..=hi` in the path.
    pub(crate) const fn in_path(self, lo: u8, hi: u8) -> Escapes {
        self.with(lo, hi, IN_PATH)
    }

    const fn with(mut self, lo: u8, hi: u8, bit: u8) -> Escapes {
        let mut o = lo as usize;
        while o <= hi as usize {
            self.0[o] |= bit;
            o += 1;
        }
        self
    }

    /// The escapes of both.
    pub(crate) const fn union(mut self, other: &Escapes) -> Escapes {
        let mut o = 0;
        while o < 256 {
            self.0[o] |= other.0[o];
            o += 1;
        }
        self
    }

    /// Whether no escape is looked at.
    pub(crate) const fn is_empty(&self) -> bool {
        let mut o = 0;
        while o < 256 {
            if self.0[o] != 0 {
                return false;
            }
            o += 1;
        }
        true
    }

    /// The octets' bits (`1`: looked at anywhere, `2`: in the path), as a class table.
    pub(crate) const fn table(&self) -> &[u8; 256] {
        &self.0
    }

    /// Whether every octet looked at is below `limit`.
    // Called only from a `const` assertion, which rustc 1.88 (the MSRV) does not count as a use.
    #[allow(dead_code)]
    pub(crate) const fn below(&self, limit: u8) -> bool {
        let mut o = limit as usize;
        while o < 256 {
            if self.0[o] != 0 {
                return false;
            }
            o += 1;
        }
        true
    }

    /// Whether an escape of `octet` is looked at, in the path or (`in_path` false) elsewhere.
    #[inline(always)]
    pub(crate) fn looks_at(&self, octet: u8, in_path: bool) -> bool {
        self.0[usize::from(octet)] & (ANYWHERE | u8::from(in_path) << 1) != 0
    }

    /// The octets looked at, each with whether only in the path.
    #[cfg(test)]
    pub(crate) fn octets(&self) -> impl Iterator<Item = (u8, bool)> + '_ {
        (0..=255u8).filter_map(|o| match self.0[usize::from(o)] {
            0 => None,
            bits => Some((o, bits & ANYWHERE == 0)),
        })
    }

    /// These less `octet`.
    #[cfg(test)]
    pub(crate) fn without(mut self, octet: u8) -> Escapes {
        self.0[usize::from(octet)] = 0;
        self
    }
}

/// The input classes on which a check can fire: it is run on an input the pre-filters put
/// in any one of them, and skipped on any other. Each field is a class the pre-filters can
/// tell; [`Needs::ANY`] is for a check that looks at what every URL has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Needs {
    /// Any input: the check is never skipped.
    pub(crate) any: bool,
    /// Inputs holding one of these escapes (where they say).
    pub(crate) escapes: Escapes,
    /// Inputs that are not an RFC 3986 URI written as the WHATWG parser serializes it
    /// (a byte outside RFC 3986's characters, or not canonical).
    pub(crate) not_uri: bool,
    /// URLs whose host is a domain with an `xn--` label (the only way a WHATWG domain holds
    /// a non-ASCII character).
    pub(crate) ace_domain: bool,
    /// Inputs with a byte that is not an ASCII URL unit (a control character, a space,
    /// non-ASCII; or a `'` in the query), canonical or not.
    pub(crate) not_units: bool,
}

impl Needs {
    /// Any input.
    pub(crate) const ANY: Needs = Needs {
        any: true,
        ..Needs::NOTHING
    };
    /// No class (the start of a declaration).
    pub(crate) const NOTHING: Needs = Needs {
        any: false,
        escapes: Escapes::NONE,
        not_uri: false,
        ace_domain: false,
        not_units: false,
    };

    /// Whether the pre-filters put the input of `cx` in one of these classes;
    /// `escapes`: whether these name an escape (worked out once, in a const).
    #[inline(always)]
    fn met(&self, escapes: bool, cx: &Context<'_>) -> bool {
        self.any
            || (escapes && cx.scan.percent)
            || (self.not_uri && !cx.scan.rfc3986)
            || (self.ace_domain && cx.shape.ace)
            || (self.not_units && !cx.units)
    }
}

/// What the checks read, worked out once per input. The host and scheme are read from the
/// input when it is written canonically (the same bytes at the same offsets as the
/// serialization, read without waiting for the parser's fresh copy).
pub(crate) struct Context<'a> {
    /// The input as given.
    pub(crate) input: &'a str,
    /// The WHATWG parse of the input.
    pub(crate) url: &'a Url,
    /// [`Url::host`], read from `text`. Borrowed, not copied: the copy would be one wide
    /// load of what was just stored a field at a time, which waits for those stores.
    pub(crate) host: &'a Option<Host<&'a str>>,
    /// [`Url::scheme`], read from `text`.
    pub(crate) scheme: &'a str,
    /// The shape of the domain (default for another host).
    pub(crate) shape: DomainShape,
    /// What the byte pre-filter saw ([`Scan::UNKNOWN`] for an input not written canonically).
    pub(crate) scan: Scan,
    /// The input is the URL's serialization (or that less a root path's `/`).
    pub(crate) canonical: bool,
    /// Every byte of the input is an ASCII URL unit: what the byte pre-filter saw, which
    /// holds whether or not the input is canonical.
    pub(crate) units: bool,
    /// Where the components are in the input, located on first use.
    pub(crate) spans: LazySpans<'a>,
}

/// A lint check.
pub(crate) trait Check {
    /// The codes of its findings.
    const CODES: &'static [Code];
    /// The input classes it can fire on.
    const NEEDS: Needs;
    /// Appends its findings on `cx` to `out`.
    fn run(cx: &mut Context<'_>, out: &mut Vec<Finding>);
    /// Whether [`Check::NEEDS`] names an escape.
    const ESCAPES: bool = !Self::NEEDS.escapes.is_empty();
}

/// A registered check, as data: what the tests and the pre-filters read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    /// The check's type name, for test messages.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) name: &'static str,
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) codes: &'static [Code],
    pub(crate) needs: Needs,
}

/// Runs `C` when its needs may be met, or always without `PREFILTERED` (the tests compare
/// both ways; a constant, not a field, so that the common path tests nothing for it);
/// debug builds run it anyway when they are not, and check that it says nothing.
#[inline(always)]
fn run<const PREFILTERED: bool, C: Check>(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
    if !PREFILTERED || C::NEEDS.met(C::ESCAPES, cx) {
        C::run(cx, out);
    } else {
        #[cfg(debug_assertions)]
        {
            let mut none = Vec::new();
            C::run(cx, &mut none);
            debug_assert!(none.is_empty(), "{:?}: skipped check fires: {none:?}", cx.input);
        }
    }
}

/// The one list of checks: [`ALL`] as data, [`run_all`] as calls (static ones, inlined into
/// the driver).
macro_rules! checks {
    ($($check:path),* $(,)?) => {
        /// Every check, in the order they run.
        pub(crate) const ALL: &[Entry] = &[$(Entry {
            name: stringify!($check),
            codes: <$check as Check>::CODES,
            needs: <$check as Check>::NEEDS,
        }),*];

        /// Runs every check on `cx`, in the order of [`ALL`] ([`run`] for `PREFILTERED`).
        #[inline(always)]
        pub(crate) fn run_all<const PREFILTERED: bool>(cx: &mut Context<'_>, out: &mut Vec<Finding>) {
            $(run::<PREFILTERED, $check>(cx, out);)*
        }
    };
}

checks![
    super::checks::Scheme,
    super::checks::Credentials,
    super::checks::UserinfoLikeHost,
    super::checks::HostAfterAt,
    super::checks::Port,
    super::checks::Address,
    super::checks::Length,
    super::idn::Idn,
    super::encoding::Encoding,
    super::encoding::EncodedHost,
    super::control::RawControl,
    super::rfc1738::Smuggling,
    super::differential::Differential,
];

/// Every escape some check looks at: what the byte pre-filter looks for.
pub(crate) static ESCAPES: Escapes = {
    let mut all = Escapes::NONE;
    let mut i = 0;
    while i < ALL.len() {
        all = all.union(&ALL[i].needs.escapes);
        i += 1;
    }
    all
};

/// Every check, run with and without the pre-filters on inputs of every class a check
/// declares: a pre-filter that skips a check where it fires fails here.
#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use super::super::prefilter::Scan;
    use super::*;

    /// Inputs of no particular class: what every URL has, in its common and rare forms.
    const COMMON: &[&str] = &[
        "https://example.com/a/b?q=1",
        "https://example.com",
        "http://user:pass@example.com/",
        "http://user@example.com/",
        "http://google.com@0x7f.1:25/",
        "https://bank.example@evil.example/",
        "http://127.0.0.1/",
        "http://10.0.0.1:8080/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::ffff:127.0.0.1]/",
        "http://[64:ff9b::a00:1]/",
        "http://localhost/",
        "http://a.localhost./",
        "gopher://0x7f.1/",
        "foo://127.1/",
        "https://example.com:25/",
        "https://example.com:8443/",
        "ftp://example.com:21/",
        "javascript:alert(1)",
        "vbscript:x",
        "data:text/plain,x",
        "file:///etc/passwd",
        "mailto:a@example.com",
    ];

    /// Inputs outside RFC 3986, or not written as the WHATWG parser serializes them.
    const NOT_URI: &[&str] = &[
        "https://example.com/a b",
        "https://example.com/a|b",
        "https://example.com/{x}",
        "https://example.com/é",
        "http://h/a\\b",
        "HTTP://EXAMPLE.COM/",
        "https://example.com:443/",
        "http:/example.com",
        "http:\\\\example.com\\a",
        "https://example.com/a#b#c",
        "https://ex%41mple.com/",
        "https://[::1]/",
        "https://example.com/?a'b",
        "foo://h/a b",
        "foo://h/a'b",
        "https://example.com/a/../b",
        "http://a@b@example.com/",
        "https://example.com\t/",
        " https://example.com/",
        "https://example.com/a\u{0}b",
        "https://example.com/?a\u{7f}b",
        "https://u\u{1}@example.com/",
        "http://example.com#@evil.example/",
        "http://example.com?x@127.0.0.1",
        "https://%65vil.example/",
        "not a url",
    ];

    /// Domains whose ASCII form has an `xn--` label.
    const UNICODE_DOMAINS: &[&str] = &[
        "аррӏе.com",
        "pаypal.com",
        "gооgle.com",
        "例え.テスト",
        "münchen.de",
        "ѕсоре.com",
        "xn--80ak6aa92e.com",
        "xn--mnchen-3ya.de",
    ];

    /// Templates an escape `{}` goes into: every component, special and not, opaque paths.
    const ESCAPE_TEMPLATES: &[&str] = &[
        "https://example.com/{}",
        "https://example.com/a{}b/c",
        "https://example.com/{}41",
        "https://example.com/?q={}",
        "https://example.com/#{}",
        "https://u{}@example.com/",
        "https://u:p{}@example.com/",
        "ftp://example.com/a{}b",
        "gopher://example.com/1{}x",
        "mailto:a@example.com?subject={}",
        "foo://h/{}",
        "foo://h{}/",
        "foo:{}",
        "foo:a/{}/b",
        "file:///{}",
    ];

    /// The inputs of the classes `needs` declares.
    fn inputs_of(needs: &Needs) -> Vec<String> {
        let mut v = Vec::new();
        if needs.any {
            v.extend(COMMON.iter().map(|s| s.to_string()));
            // Over the length limits: the URL, a label, a domain.
            v.push(format!("https://example.com/{}", "a".repeat(2100)));
            v.push(format!("https://{}.com/", "a".repeat(70)));
            v.push(format!("https://{}com/", "abcdefgh.".repeat(30)));
        }
        for (octet, _) in needs.escapes.octets() {
            for e in [format!("%{octet:02X}"), format!("%{octet:02x}")] {
                for t in ESCAPE_TEMPLATES {
                    v.push(t.replace("{}", &e));
                }
            }
        }
        if needs.not_uri {
            v.extend(NOT_URI.iter().map(|s| s.to_string()));
        }
        if needs.not_units {
            v.extend(NOT_URI.iter().map(|s| s.to_string()));
        }
        if needs.ace_domain {
            for d in UNICODE_DOMAINS {
                for t in ["https://{}/", "https://{}", "http://u@{}:81/x", "foo://{}/"] {
                    let input = t.replace("{}", d);
                    // The ASCII form too, as the parser writes it.
                    if let Ok(url) = crate::Url::parse(&input) {
                        v.push(url.as_str().to_string());
                    }
                    v.push(input);
                }
            }
        }
        v
    }

    /// Inputs of every class a check can declare, whether or not a check declares it: the
    /// escapes of all 256 octets, so that a check looking at an escape it does not declare
    /// (which the byte pre-filter then does not look for) is caught.
    fn all_inputs() -> Vec<String> {
        let every = Needs {
            any: true,
            escapes: Escapes::NONE.anywhere(0x00, 0xff),
            not_uri: true,
            ace_domain: true,
            not_units: true,
        };
        let mut v = inputs_of(&every);
        v.sort();
        v.dedup();
        v
    }

    fn of(findings: &[Finding], codes: &[Code]) -> Vec<String> {
        findings
            .iter()
            .filter(|f| codes.contains(&f.code()))
            .map(|f| format!("{f:?}"))
            .collect()
    }

    #[test]
    fn the_prefilters_skip_no_check_where_it_fires() {
        let inputs = all_inputs();
        let mut fired = alloc::vec![0usize; ALL.len()];
        for input in &inputs {
            let with = super::super::lint_with::<true>(input);
            let without = super::super::lint_with::<false>(input);
            for (k, check) in ALL.iter().enumerate() {
                let (a, b) = (of(&with, check.codes), of(&without, check.codes));
                assert_eq!(a, b, "{}: {input:?}", check.name);
                fired[k] += usize::from(!b.is_empty());
            }
            // And nothing else changes: validation errors, their order.
            assert_eq!(format!("{with:?}"), format!("{without:?}"), "{input:?}");
        }
        // Every check fires on some input of its classes: the comparison is not empty.
        for (check, n) in ALL.iter().zip(&fired) {
            assert!(*n > 0, "{} fires on no generated input", check.name);
        }
    }

    /// The byte pre-filter is derived from the checks' needs: without any one declared
    /// escape it would skip a check on a canonical input where that check fires, which the
    /// comparison above would catch.
    #[test]
    fn a_prefilter_missing_a_declared_escape_would_skip_a_firing_check() {
        for check in ALL {
            for (octet, _) in check.needs.escapes.octets() {
                let reduced = ESCAPES.without(octet);
                let missed = inputs_of(&check.needs).into_iter().find(|input| {
                    let canonical =
                        crate::Url::parse(input).is_ok_and(|u| super::super::is_canonical(input, &u));
                    canonical
                        && Scan::of(input).0.percent
                        && !Scan::stepwise(input, &reduced).percent
                        && !of(&super::super::lint_with::<false>(input), check.codes).is_empty()
                });
                assert!(
                    missed.is_some(),
                    "{}: no canonical input needs escape {octet:#04x}",
                    check.name
                );
            }
        }
    }

    /// What the pre-filter looks for is the union of the registered checks' escapes.
    #[test]
    fn the_escapes_looked_for_are_the_checks_declared_ones() {
        for o in 0..=255u8 {
            for in_path in [false, true] {
                let declared = ALL.iter().any(|c| c.needs.escapes.looks_at(o, in_path));
                assert_eq!(ESCAPES.looks_at(o, in_path), declared, "{o:#04x} {in_path}");
            }
        }
        assert!(
            ESCAPES.looks_at(b'\n', false) && ESCAPES.looks_at(b'/', true) && !ESCAPES.looks_at(b'/', false)
        );
    }
}
