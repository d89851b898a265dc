//! `prospero` URLs: RFC 1738 §3.11 and §5 `prosperourl` (syntax); RFC 4157 §2 keeps the
//! same form.
//!
//! `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`

use super::bnf::{self, err, hostport, run, Login, Res, Rule, FIELD, FSEGMENT};
use alloc::borrow::Cow;
use alloc::vec::Vec;

/// Strict `prosperourl` from byte `i` (just after `prospero:`). No user name or password
/// is allowed (§3.11): an `@` fails `hostport`.
pub(super) fn validate(b: &[u8], i: usize) -> Res<()> {
    let i = bnf::literal(b, i, b"//", Rule::Prosperourl)?;
    let i = hostport(b, i)?;
    match b.get(i) {
        Some(b'/') => {}
        Some(_) => return Err(err(Rule::Hostport, i)),
        None => return Err(err(Rule::Prosperourl, i)),
    }
    // ppath = psegment *[ "/" psegment ]
    let mut i = i + 1;
    loop {
        i = run(b, i, &FSEGMENT, Rule::Psegment)?;
        match b.get(i) {
            None => return Ok(()),
            Some(b'/') => i += 1,
            Some(b';') => break,
            Some(_) => return Err(err(Rule::Psegment, i)),
        }
    }
    // fieldspec = ";" fieldname "=" fieldvalue
    while b.get(i) == Some(&b';') {
        let n = run(b, i + 1, &FIELD, Rule::Fieldname)?;
        if b.get(n) != Some(&b'=') {
            return Err(err(Rule::Fieldspec, n));
        }
        i = run(b, n + 1, &FIELD, Rule::Fieldvalue)?;
    }
    if i == b.len() {
        Ok(())
    } else {
        Err(err(Rule::Fieldvalue, i))
    }
}

/// A `prospero` URL's meaning (RFC 1738 §3.11, RFC 4157 §2): host, port, the decoded
/// host-specific object name (`/` in it has no assumed meaning) and the decoded
/// `;field=value` pairs.
///
/// ```
/// let p = urlkit::rfc1738::parse("prospero://host.dom//pros/name;OBJECT-VERSION=2").unwrap();
/// let pr = p.view.as_prospero().unwrap();
/// assert_eq!((pr.host(), pr.port(), pr.hsoname()), ("host.dom", Some(1525), "/pros/name"));
/// assert_eq!(pr.fields()[0].0, "OBJECT-VERSION");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProsperoView<'a> {
    host: &'a str,
    port: Option<u16>,
    hsoname: Cow<'a, str>,
    fields: Vec<(Cow<'a, str>, Cow<'a, str>)>,
}

impl<'a> ProsperoView<'a> {
    /// Builds the view leniently from the scheme-specific part.
    pub(super) fn parse(ssp: &'a str, default_port: Option<u16>) -> Self {
        let (auth, rest) = bnf::split_server(ssp, b"/").unwrap_or(("", ssp));
        let l = Login::split(auth);
        let rest = rest.strip_prefix('/').unwrap_or(rest);
        let mut parts = rest.split(';');
        let hsoname = parts.next().map_or(Cow::Borrowed(""), bnf::decode);
        let fields = parts
            .map(|f| {
                let (n, v) = f.split_once('=').unwrap_or((f, ""));
                (bnf::decode(n), bnf::decode(v))
            })
            .collect();
        ProsperoView {
            host: l.host,
            port: l.port_or(default_port),
            hsoname,
            fields,
        }
    }

    /// The host as written.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("prospero://h/x").unwrap();
    /// assert_eq!(p.view.as_prospero().unwrap().host(), "h");
    /// ```
    pub fn host(&self) -> &'a str {
        self.host
    }

    /// The explicit port, else 1525 (§3.11).
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("prospero://h:99/x").unwrap();
    /// assert_eq!(p.view.as_prospero().unwrap().port(), Some(99));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The decoded hsoname.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("prospero://h/a%3Bb").unwrap();
    /// assert_eq!(p.view.as_prospero().unwrap().hsoname(), "a;b");
    /// ```
    pub fn hsoname(&self) -> &str {
        &self.hsoname
    }

    /// The decoded `(field, value)` pairs, in order.
    ///
    /// ```
    /// let p = urlkit::rfc1738::parse("prospero://h/x;a=1;b=2").unwrap();
    /// assert_eq!(p.view.as_prospero().unwrap().fields().len(), 2);
    /// ```
    pub fn fields(&self) -> &[(Cow<'a, str>, Cow<'a, str>)] {
        &self.fields
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict() {
        let v = |s: &str| validate(s.as_bytes(), 9);
        for ok in [
            "prospero://h/",
            "prospero://h//pros/name",
            "prospero://h/x;a=b;c=d",
            "prospero://h/x;=;:=",
        ] {
            assert_eq!(v(ok), Ok(()), "{ok}");
        }
        assert_eq!(v("prospero://u@h/x"), Err(err(Rule::Hostport, 12)));
        assert_eq!(v("prospero://h"), Err(err(Rule::Prosperourl, 12)));
        assert_eq!(v("prospero://h/x;a"), Err(err(Rule::Fieldspec, 16)));
        assert_eq!(v("prospero://h/x;a=b=c"), Err(err(Rule::Fieldvalue, 18)));
        assert_eq!(v("prospero://h/x;a=b/c"), Err(err(Rule::Fieldvalue, 18)));
    }
}
