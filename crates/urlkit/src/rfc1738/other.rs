//! Schemes RFC 1738 does not define: `otherurl = genericurl = scheme ":" schemepart`
//! (RFC 1738 §5). `ip-schemepart` only uses `xchar`s, so `schemepart` is `*xchar`.

use super::bnf::{run_to_end, Res, Rule, XCHAR};

/// Strict `schemepart` from byte `i` (just after `scheme:`).
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    run_to_end(b, i, &XCHAR, Rule::Schemepart)
}

/// A URL of a scheme without a typed view: its raw scheme-specific part.
///
/// ```
/// let p = urlkit::rfc1738::parse("urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3").unwrap();
/// let o = p.view.as_other().unwrap();
/// assert_eq!(o.scheme_specific_part(), "/iana/dns/ch/cern/cn/techdoc/94/1642-3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OtherView<'a> {
    ssp: &'a str,
}

impl<'a> OtherView<'a> {
    /// Wraps a scheme-specific part.
    pub(super) fn parse(ssp: &'a str) -> Self {
        OtherView { ssp }
    }

    /// The raw scheme-specific part (everything after `scheme:`, fragment excluded).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("x-mine:a%20b").unwrap();
    /// assert_eq!(p.view.as_other().unwrap().scheme_specific_part(), "a%20b");
    /// ```
    pub fn scheme_specific_part(&self) -> &'a str {
        self.ssp
    }
}
