//! `mailto` URLs: RFC 1738 §3.5 and §5 `mailtourl` (syntax), refined by RFC 6068 §2
//! (several addresses and `?hname=hvalue&…` header fields), which the view follows.
//!
//! `mailtourl = "mailto:" encoded822addr`, `encoded822addr = 1*xchar`

use super::bnf::{self, err, run_to_end, Res, Rule, XCHAR};
use alloc::borrow::Cow;
use alloc::vec::Vec;

/// Strict `mailtourl` from byte `i` (just after `mailto:`): one or more `xchar`. RFC 6068
/// header fields (`?`, `&`, `=` are `reserved`, so `xchar`) pass; an empty address fails.
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    if i == b.len() {
        return Err(err(Rule::Encoded822addr, i));
    }
    run_to_end(b, i, &XCHAR, Rule::Encoded822addr)
}

/// A `mailto` URL's meaning (RFC 1738 §3.5, RFC 6068 §2): the decoded addresses of its
/// path (split on `,` before decoding, so `%2C` stays inside an address) and its decoded
/// header fields in order. Addresses given in a `to=` header stay in [`headers`]; RFC
/// 6068 §2 says they are added to the path's when the message is composed.
///
/// [`headers`]: MailtoView::headers
///
/// ```
/// let p = urlkit::rfc1738::parse("mailto:joe@example.com?cc=bob@example.com&body=hello").unwrap();
/// let m = p.view.as_mailto().unwrap();
/// assert_eq!(m.addresses(), ["joe@example.com"]);
/// assert_eq!(m.headers()[1].0, "body");
/// assert_eq!(m.headers()[1].1, "hello");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailtoView<'a> {
    addresses: Vec<Cow<'a, str>>,
    headers: Vec<(Cow<'a, str>, Cow<'a, str>)>,
}

impl<'a> MailtoView<'a> {
    /// Builds the view leniently from the scheme-specific part.
    pub(super) fn parse(ssp: &'a str) -> Self {
        let (to, hfields) = match ssp.find('?') {
            Some(q) => (&ssp[..q], Some(&ssp[q + 1..])),
            None => (ssp, None),
        };
        let addresses = to.split(',').filter(|a| !a.is_empty()).map(bnf::decode).collect();
        let headers = hfields
            .into_iter()
            .flat_map(|h| h.split('&'))
            .filter(|h| !h.is_empty())
            .map(|h| match h.find('=') {
                Some(e) => (bnf::decode(&h[..e]), bnf::decode(&h[e + 1..])),
                None => (bnf::decode(h), Cow::Borrowed("")),
            })
            .collect();
        MailtoView { addresses, headers }
    }

    /// The decoded addresses before `?` (RFC 6068 `to`).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("mailto:gorby%25kremvax@example.com").unwrap();
    /// assert_eq!(p.view.as_mailto().unwrap().addresses(), ["gorby%kremvax@example.com"]);
    /// ```
    pub fn addresses(&self) -> &[Cow<'a, str>] {
        &self.addresses
    }

    /// The decoded `(hfname, hfvalue)` pairs after `?`, in order (RFC 6068 `hfields`).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("mailto:u@example.org?subject=caf%C3%A9").unwrap();
    /// let h = &p.view.as_mailto().unwrap().headers()[0];
    /// assert_eq!((h.0.as_ref(), h.1.as_ref()), ("subject", "café"));
    /// ```
    pub fn headers(&self) -> &[(Cow<'a, str>, Cow<'a, str>)] {
        &self.headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_and_view() {
        assert_eq!(validate(b"mailto:", 7), Err(err(Rule::Encoded822addr, 7)));
        assert_eq!(validate(b"mailto:a b", 7), Err(err(Rule::Encoded822addr, 8)));
        assert_eq!(validate(b"mailto:a@b?x=y&z", 7), Ok(()));
        let m = MailtoView::parse("a%2Cb@x,c@y?flag&=v");
        assert_eq!(m.addresses(), ["a,b@x", "c@y"]);
        assert_eq!(m.headers(), [("flag".into(), "".into()), ("".into(), "v".into())]);
    }
}
