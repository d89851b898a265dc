//! A URL for people to read: the host in Unicode only when the linter's UTS 39 checks
//! (`idn.rs`: mixed scripts, restricted characters, confusable skeletons, IDNA deviations)
//! find nothing in it, its punycode otherwise. Browsers do the same for the address bar
//! (an IDN display policy); applications write it by hand today.

use alloc::string::String;
use alloc::vec::Vec;

use crate::Url;

/// The Unicode form of the ASCII (punycode) domain `ascii` when it is safe to show: it has
/// an `xn--` label, decodes (UTS 46 ToUnicode without errors), and the homograph checks of
/// UTS 39 find nothing. `None` otherwise: show `ascii`.
///
/// ```
/// use urlkit::lint::unicode_safe_host;
/// assert_eq!(unicode_safe_host("xn--bcher-kva.de").as_deref(), Some("bücher.de"));
/// assert_eq!(unicode_safe_host("xn--pple-43d.com"), None); // Cyrillic а in аpple.com
/// assert_eq!(unicode_safe_host("example.com"), None); // nothing to decode
/// ```
pub fn unicode_safe_host(ascii: &str) -> Option<String> {
    if !ascii
        .split('.')
        .any(|l| l.len() > 4 && l[..4].eq_ignore_ascii_case("xn--"))
    {
        return None;
    }
    let (unicode, decoded) = crate::host::domain_to_unicode(ascii);
    if decoded.is_err() || unicode.is_ascii() {
        return None;
    }
    let mut findings = Vec::new();
    super::idn::check(ascii, || 0..0, &mut findings);
    findings.is_empty().then_some(unicode)
}

impl Url {
    /// The href with a domain host in Unicode when [`unicode_safe_host`] says it is safe to
    /// show, in punycode otherwise (the href as it is); for display, never for fetching.
    ///
    /// ```
    /// use urlkit::Url;
    /// let safe = Url::parse("https://例え.テスト/a")?;
    /// assert_eq!(safe.unicode_safe_href(), "https://例え.テスト/a");
    /// let homograph = Url::parse("https://аpple.com/")?; // Cyrillic а
    /// assert_eq!(homograph.unicode_safe_href(), "https://xn--pple-43d.com/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn unicode_safe_href(&self) -> String {
        let mut href = String::from(self.as_str());
        if let Some(crate::Host::Domain(domain)) = self.host() {
            if let Some(unicode) = unicode_safe_host(domain) {
                let range = self.attribute_ranges()[crate::Attribute::Hostname as usize].clone();
                href.replace_range(range, &unicode);
            }
        }
        href
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(input: &str) -> String {
        Url::parse(input).unwrap().unicode_safe_href()
    }

    #[test]
    fn homographs_stay_punycode() {
        // Cyrillic а (U+0430) among Latin letters: mixed scripts.
        assert_eq!(shown("https://\u{430}pple.com/"), "https://xn--pple-43d.com/");
        // Whole-Cyrillic lookalike of an ASCII domain: confusable skeleton.
        let cyrillic = "https://\u{430}\u{440}\u{440}\u{4cf}\u{435}.com/";
        assert!(shown(cyrillic).starts_with("https://xn--"), "{}", shown(cyrillic));
        // Latin with Greek omicron.
        assert!(shown("https://g\u{3bf}ogle.com/").starts_with("https://xn--"));
    }

    #[test]
    fn safe_idns_show_in_unicode() {
        assert_eq!(
            shown("https://b\u{fc}cher.de/x?y#z"),
            "https://b\u{fc}cher.de/x?y#z"
        );
        assert_eq!(shown("https://例え.テスト/"), "https://例え.テスト/");
        assert_eq!(
            shown("https://user:pw@xn--bcher-kva.de:8080/"),
            "https://user:pw@b\u{fc}cher.de:8080/"
        );
        // Nothing to decode: the href as it is.
        assert_eq!(shown("https://example.com/"), "https://example.com/");
        assert_eq!(shown("http://[::1]/"), "http://[::1]/");
        assert_eq!(shown("mailto:a@b"), "mailto:a@b");
    }
}
