//! Redaction for logs and display: a URL with its secrets replaced by a mask. Go's
//! `URL.Redacted` replaces the password with `xxxxx` and nothing else; Node's `url.format`
//! can leave out the userinfo (`auth: false`). [`Url::redacted`] is Go's; a [`Redact`]
//! value also masks the username and the values of named query (and fragment) parameters,
//! where signed URLs and OAuth's implicit grant (RFC 6749 §4.2.2) carry their secrets.
//! The mask is Go's, [`REDACTED`], and the result is still a valid URL.

use crate::Url;
use alloc::string::String;
use alloc::vec::Vec;

/// The mask that replaces a secret: Go's `URL.Redacted` uses the same.
///
/// ```
/// assert_eq!(urlkit::REDACTED, "xxxxx");
/// ```
pub const REDACTED: &str = "xxxxx";

/// The query parameters [`Redact::new`] masks, compared ASCII case-insensitively with the
/// decoded name: API keys and tokens (OAuth 2.0, RFC 6749 §4.1.2, §4.2.2, §5.1), passwords,
/// and the signatures and credentials of signed URLs (AWS Signature Version 4 query
/// authentication, Google Cloud Storage V4 signing, Azure shared access signatures' `sig`).
///
/// ```
/// assert!(urlkit::SECRET_PARAMETERS.contains(&"X-Amz-Signature"));
/// ```
pub const SECRET_PARAMETERS: &[&str] = &[
    "access_token",
    "api_key",
    "apikey",
    "auth",
    "client_secret",
    "id_token",
    "key",
    "passwd",
    "password",
    "pwd",
    "refresh_token",
    "secret",
    "sig",
    "signature",
    "token",
    "X-Amz-Credential",
    "X-Amz-Security-Token",
    "X-Amz-Signature",
    "X-Goog-Credential",
    "X-Goog-Signature",
];

/// What [`Url::redact`] masks: the password always; on request the username, and the
/// values of the named parameters in the query and (as `name=value` pairs) the fragment.
///
/// ```
/// use urlkit::{Redact, Url};
/// let url = Url::parse("https://me:pw@example.com/cb?state=1&token=abc#access_token=def")?;
/// assert_eq!(
///     url.redacted_with(&Redact::new().userinfo(true)).as_str(),
///     "https://xxxxx:xxxxx@example.com/cb?state=1&token=xxxxx#access_token=xxxxx"
/// );
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redact {
    userinfo: bool,
    names: Vec<String>,
    fragment: bool,
}

impl Default for Redact {
    /// [`Redact::new`].
    fn default() -> Self {
        Redact::new()
    }
}

impl Redact {
    /// The password, and the values of [`SECRET_PARAMETERS`] in the query and fragment.
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://u:p@h/?key=1&q=2")?;
    /// assert_eq!(url.redacted_with(&urlkit::Redact::new()).as_str(), "https://u:xxxxx@h/?key=xxxxx&q=2");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn new() -> Self {
        Redact {
            userinfo: false,
            names: SECRET_PARAMETERS.iter().map(|&n| n.into()).collect(),
            fragment: true,
        }
    }

    /// The password only, as Go's `URL.Redacted` (what [`Url::redacted`] does).
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://u:p@h/?key=1")?;
    /// assert_eq!(url.redacted_with(&urlkit::Redact::password()).as_str(), "https://u:xxxxx@h/?key=1");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn password() -> Self {
        Redact {
            userinfo: false,
            names: Vec::new(),
            fragment: false,
        }
    }

    /// Masks the username too (the whole userinfo).
    ///
    /// ```
    /// let url = urlkit::Url::parse("ftp://anna@h/")?;
    /// assert_eq!(url.redacted_with(&urlkit::Redact::password().userinfo(true)).as_str(), "ftp://xxxxx@h/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn userinfo(mut self, whole: bool) -> Self {
        self.userinfo = whole;
        self
    }

    /// Masks the values of the parameters named `name` too.
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://h/?session=s1")?;
    /// assert_eq!(url.redacted_with(&urlkit::Redact::new().parameter("session")).as_str(), "https://h/?session=xxxxx");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parameter(mut self, name: &str) -> Self {
        self.names.push(name.into());
        self
    }

    /// Masks the values of exactly these parameters (none: an empty list).
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://h/?token=t&a=1")?;
    /// let only_a = urlkit::Redact::new().parameters(["a"]);
    /// assert_eq!(url.redacted_with(&only_a).as_str(), "https://h/?token=t&a=xxxxx");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parameters<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.names = names.into_iter().map(|n| n.as_ref().into()).collect();
        self
    }

    /// Whether `name=value` pairs of the fragment are masked as the query's are (on in
    /// [`Redact::new`]: OAuth's implicit grant returns its token there).
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://h/#token=t")?;
    /// assert_eq!(url.redacted_with(&urlkit::Redact::new().fragment(false)).as_str(), "https://h/#token=t");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn fragment(mut self, pairs: bool) -> Self {
        self.fragment = pairs;
        self
    }

    /// The parameter names masked.
    ///
    /// ```
    /// assert!(urlkit::Redact::password().names().is_empty());
    /// ```
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Whether the decoded parameter name `name` is one to mask.
    fn masks(&self, name: &str) -> bool {
        self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// `pairs` (a query or fragment as written, `&`-separated `name=value`) with the values
    /// of the named parameters replaced by [`REDACTED`]; `None` when nothing changes. For
    /// text that is not a whole URL (a relative reference's query).
    ///
    /// ```
    /// let r = urlkit::Redact::new();
    /// assert_eq!(r.mask_pairs("a=1&token=t").as_deref(), Some("a=1&token=xxxxx"));
    /// assert_eq!(r.mask_pairs("a=1"), None);
    /// ```
    pub fn mask_pairs(&self, pairs: &str) -> Option<String> {
        let mut out = String::with_capacity(pairs.len());
        let mut changed = false;
        for (i, pair) in pairs.split('&').enumerate() {
            if i > 0 {
                out.push('&');
            }
            match pair.split_once('=') {
                Some((name, value)) if value != REDACTED && self.masks(&decoded_name(name)) => {
                    out.push_str(name);
                    out.push('=');
                    out.push_str(REDACTED);
                    changed = true;
                }
                _ => out.push_str(pair),
            }
        }
        changed.then_some(out)
    }
}

/// A raw parameter name decoded as `application/x-www-form-urlencoded` (URL Standard §5.1).
fn decoded_name(raw: &str) -> String {
    crate::form::parse(raw.as_bytes())
        .next()
        .map(|(name, _)| name.into_owned())
        .unwrap_or_default()
}

impl Url {
    /// The href with the password replaced by [`REDACTED`], as Go's `URL.Redacted`; for
    /// logs. A URL without a password comes back as it is.
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://user:hunter2@example.com/a?token=t")?;
    /// assert_eq!(url.redacted(), "https://user:xxxxx@example.com/a?token=t");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn redacted(&self) -> String {
        self.redacted_with(&Redact::password()).into_string()
    }

    /// A copy with what `redact` names masked; see [`Url::redact`].
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://h/?X-Amz-Signature=abc")?;
    /// assert_eq!(url.redacted_with(&urlkit::Redact::new()).query(), Some("X-Amz-Signature=xxxxx"));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn redacted_with(&self, redact: &Redact) -> Url {
        let mut url = self.clone();
        url.redact(redact);
        url
    }

    /// Masks, in place, the password (when there is one), the username (with
    /// [`Redact::userinfo`], when there is one) and the values of the named parameters;
    /// the other parameters keep their text as written.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://u:p@h/?a=1&Token=2&token")?;
    /// url.redact(&urlkit::Redact::new());
    /// assert_eq!(url.as_str(), "https://u:xxxxx@h/?a=1&Token=xxxxx&token");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn redact(&mut self, redact: &Redact) {
        // Setting a value on a URL that has a password or username cannot fail (it has a
        // host that is not empty, §4.2 "cannot have a username/password/port").
        if !self.password_str().is_empty() {
            let _ = self.set_password_str(REDACTED);
        }
        if redact.userinfo && !self.username().is_empty() {
            let _ = self.set_username_str(REDACTED);
        }
        if redact.names.is_empty() {
            return;
        }
        if let Some(query) = self.query().and_then(|q| redact.mask_pairs(q)) {
            self.set_query(Some(&query));
        }
        if redact.fragment {
            if let Some(fragment) = self.fragment().and_then(|f| redact.mask_pairs(f)) {
                self.set_fragment(Some(&fragment));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redact(input: &str, r: &Redact) -> String {
        Url::parse(input).unwrap().redacted_with(r).into_string()
    }

    #[test]
    fn masks_and_keeps() {
        let all = Redact::new().userinfo(true);
        assert_eq!(redact("https://:pw@h/", &all), "https://:xxxxx@h/");
        assert_eq!(redact("https://u@h/", &Redact::new()), "https://u@h/");
        assert_eq!(
            redact("https://h/?sig=a%20b&sig=&x=1", &all),
            "https://h/?sig=xxxxx&sig=xxxxx&x=1"
        );
        // Names are compared decoded and without regard to ASCII case.
        assert_eq!(
            redact("https://h/?%74oken=1&API_KEY=2", &all),
            "https://h/?%74oken=xxxxx&API_KEY=xxxxx"
        );
        // A fragment that is not pairs stays.
        assert_eq!(redact("https://h/#token", &all), "https://h/#token");
        // Nothing to mask: the same URL.
        assert_eq!(redact("mailto:a@b?subject=hi", &all), "mailto:a@b?subject=hi");
        // Redacting twice is redacting once.
        let once = redact("https://u:p@h/?token=t#key=k", &all);
        assert_eq!(redact(&once, &all), once);
    }
}
