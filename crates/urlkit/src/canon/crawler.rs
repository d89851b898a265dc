//! A deduplication form for crawlers, in the spirit of w3lib's `canonicalize_url` (Scrapy):
//! the WHATWG parse, then the fragment dropped, query parameters sorted by name, escapes
//! brought to one form, and tracking parameters dropped on request.

use crate::{ParseError, Url};
use alloc::string::String;
use alloc::vec::Vec;

/// Query parameters that only track where a visitor came from, dropped by
/// [`Crawler::strip_tracking`]: analytics campaign tags (`utm_*`), ad click identifiers
/// (`gclid`, `fbclid`, `msclkid`, …) and mailing-list tags. A trailing `*` matches any
/// name with that prefix; names are compared after percent-decoding, ASCII case-insensitively.
pub const TRACKING_PARAMETERS: &[&str] = &[
    // Urchin / Google Analytics campaign tags (utm_source, utm_medium, utm_campaign, …).
    "utm_*",
    // Google Ads click identifiers: auto-tagging (gclid, gclsrc), Display & Video 360
    // (dclid), iOS app campaigns (gbraid, wbraid).
    "gclid",
    "gclsrc",
    "dclid",
    "gbraid",
    "wbraid",
    // Meta (Facebook) click id.
    "fbclid",
    // Microsoft Advertising (Bing) click id.
    "msclkid",
    // Yandex Direct click id.
    "yclid",
    // X (Twitter) and TikTok ads click ids.
    "twclid",
    "ttclid",
    // LinkedIn Insight tag first-party id.
    "li_fat_id",
    // Instagram share id.
    "igshid",
    // Mailchimp campaign and email ids.
    "mc_cid",
    "mc_eid",
    // Google Analytics cross-domain linker parameters.
    "_ga",
    "_gl",
    // HubSpot email tracking.
    "_hsenc",
    "_hsmi",
    // Marketo email tracking token.
    "mkt_tok",
    // Omeda (Olytics) visitor ids.
    "oly_anon_id",
    "oly_enc_id",
    // Vero email tracking.
    "vero_id",
    // Rakuten / Rokt click id.
    "rb_clickid",
    // Adobe Analytics campaign id.
    "s_cid",
    // Google Search / Merchant Center result id.
    "srsltid",
    // X (Twitter) share source.
    "ref_src",
];

/// The crawler canonicalizer and its options.
///
/// ```
/// use urlkit::canon::Crawler;
/// let c = Crawler::new().strip_tracking(true);
/// assert_eq!(c.canonicalize("HTTP://Example.com/a/../b?utm_source=x&b=2&a=1#top")?, "http://example.com/b?a=1&b=2");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Crawler {
    tracking: Option<Vec<String>>,
    keep_fragment: bool,
}

impl Crawler {
    /// Sorting and escapes only; tracking parameters are kept, the fragment dropped.
    ///
    /// ```
    /// assert_eq!(urlkit::canon::Crawler::new().canonicalize("http://h/?utm_a=1")?, "http://h/?utm_a=1");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn new() -> Crawler {
        Crawler::default()
    }

    /// Drop the [`TRACKING_PARAMETERS`] (`true`) or keep every parameter (`false`).
    ///
    /// ```
    /// let c = urlkit::canon::Crawler::new().strip_tracking(true);
    /// assert_eq!(c.canonicalize("http://h/?fbclid=1&UTM_Medium=2&q=3")?, "http://h/?q=3");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn strip_tracking(mut self, strip: bool) -> Crawler {
        self.tracking = strip.then(|| TRACKING_PARAMETERS.iter().map(|&s| String::from(s)).collect());
        self
    }

    /// Drop the parameters named in `names` instead (a trailing `*` for a prefix).
    ///
    /// ```
    /// let c = urlkit::canon::Crawler::new().tracking_parameters(&["sessionid", "ref*"]);
    /// assert_eq!(c.canonicalize("http://h/?referrer=a&sessionid=b&x=1")?, "http://h/?x=1");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn tracking_parameters(mut self, names: &[&str]) -> Crawler {
        self.tracking = Some(names.iter().map(|&s| String::from(s)).collect());
        self
    }

    /// Keep the fragment (w3lib's `keep_fragments`).
    ///
    /// ```
    /// let c = urlkit::canon::Crawler::new().keep_fragment(true);
    /// assert_eq!(c.canonicalize("http://h/#x")?, "http://h/#x");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn keep_fragment(mut self, keep: bool) -> Crawler {
        self.keep_fragment = keep;
        self
    }

    /// The canonical form of `url`: parsed by the WHATWG URL Standard (host lower-cased and
    /// IDNA-processed, default port dropped, dot segments resolved, characters that need it
    /// percent-encoded); then the fragment removed; in the path and the query, escapes of
    /// unreserved characters (`A-Z a-z 0-9 - . _ ~`) decoded, other escapes' hex made
    /// upper-case and a `%` that starts no escape written `%25`; the query split on `&`,
    /// empty pieces dropped, `%20` written `+` (the form encoding of a space), a name without
    /// `=` given one, tracking parameters dropped, and the parameters sorted by name, stably
    /// (the order of values of one name is kept: it can matter to a server).
    ///
    /// # Errors
    ///
    /// When the URL does not parse.
    ///
    /// ```
    /// use urlkit::canon::crawler;
    /// assert_eq!(crawler("http://h/%7euser/a%2fb?b=2&a=%7e&a&&c=x%20y")?, "http://h/~user/a%2Fb?a=~&a=&b=2&c=x+y");
    /// // A lone `%` is the character itself.
    /// assert_eq!(crawler("http://h/100%?p=5%")?, "http://h/100%25?p=5%25");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn canonicalize(&self, url: &str) -> Result<String, ParseError> {
        let url = Url::parse(url)?;
        let href = url.as_str();
        // What follows the path in the href: `?query` and `#fragment`, empty ones included.
        let tail = url.pathname().len()
            + url.query().map_or(0, |q| q.len() + 1)
            + url.fragment().map_or(0, |f| f.len() + 1);
        let mut out = String::with_capacity(href.len());
        out.push_str(&href[..href.len() - tail]);
        let mut path = url.pathname();
        if url.scheme() == "file" {
            if let Some(escape) = escaped_drive_letter(path) {
                out.push('/');
                out.push_str(&escape.to_ascii_uppercase());
                path = &path[1 + escape.len()..];
            }
        }
        normalize_escapes(path, false, &mut out);
        if let Some(query) = url.query() {
            let mut params: Vec<(String, &str)> = Vec::new();
            for piece in query.split('&').filter(|p| !p.is_empty()) {
                let (name, value) = piece.split_once('=').unwrap_or((piece, ""));
                if self.is_tracking(name) {
                    continue;
                }
                let mut n = String::with_capacity(name.len());
                normalize_escapes(name, true, &mut n);
                params.push((n, value));
            }
            // A stable sort: values of one name keep their order.
            params.sort_by(|a, b| a.0.cmp(&b.0));
            for (k, (name, value)) in params.iter().enumerate() {
                out.push(if k == 0 { '?' } else { '&' });
                out.push_str(name);
                out.push('=');
                normalize_escapes(value, true, &mut out);
            }
        }
        if let Some(f) = url.fragment().filter(|_| self.keep_fragment) {
            out.push('#');
            out.push_str(f);
        }
        Ok(out)
    }

    fn is_tracking(&self, name: &str) -> bool {
        let Some(list) = &self.tracking else {
            return false;
        };
        let decoded = crate::percent::percent_decode_str(name).decode_utf8_lossy();
        list.iter().any(|t| match t.strip_suffix('*') {
            Some(prefix) => {
                decoded.len() >= prefix.len()
                    && decoded.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
            }
            None => decoded.eq_ignore_ascii_case(t),
        })
    }
}

/// The escape at the start of a `file:` path (`/%43|`, `/%6a:`) that decodes to an ASCII
/// letter before a `|` or `:`: decoded, the letter and that byte would be a Windows drive
/// letter, which the next parse rewrites (`C|` → `C:`, URL Standard §4.4 file host and path
/// states), so the escape is kept.
fn escaped_drive_letter(path: &str) -> Option<&str> {
    let b = path.as_bytes();
    let hex = |c: u8| char::from(c).to_digit(16);
    let letter = (hex(*b.get(2)?)? * 16 + hex(*b.get(3)?)?) as u8;
    (b[..2] == *b"/%" && letter.is_ascii_alphabetic() && matches!(b.get(4), Some(b':' | b'|')))
        .then(|| &path[1..4])
}

/// Escapes of unreserved characters decoded, others' hex upper-cased; in a query (`form`),
/// `%20` written `+`.
fn normalize_escapes(s: &str, form: bool, out: &mut String) {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let digit = |at: usize| b.get(at).and_then(|&c| char::from(c).to_digit(16));
            if let (Some(h), Some(l)) = (digit(i + 1), digit(i + 2)) {
                let byte = (h * 16 + l) as u8;
                if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
                    out.push(char::from(byte));
                } else if form && byte == b' ' {
                    out.push('+');
                } else {
                    out.push('%');
                    out.push(char::from(b"0123456789ABCDEF"[usize::from(byte >> 4)]));
                    out.push(char::from(b"0123456789ABCDEF"[usize::from(byte & 15)]));
                }
                i += 3;
                continue;
            }
            // A `%` that starts no escape means itself: written `%25` (RFC 3986 §2.4), or an
            // escape decoded after it could form a new one (`%%33` → `%3` + `3`), and a second
            // pass would decode that too.
            out.push_str("%25");
            i += 1;
            continue;
        }
        // Copy up to the next '%' at once (the input is ASCII after WHATWG parsing).
        let next = b[i + 1..]
            .iter()
            .position(|&c| c == b'%')
            .map_or(b.len(), |p| i + 1 + p);
        out.push_str(&s[i..next]);
        i = next;
    }
}

/// [`Crawler::canonicalize`] with the default options (tracking parameters kept).
///
/// ```
/// assert_eq!(urlkit::canon::crawler("http://www.example.com/do?c=3&b=5&a=50#frag")?, "http://www.example.com/do?a=50&b=5&c=3");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
pub fn crawler(url: &str) -> Result<String, ParseError> {
    Crawler::new().canonicalize(url)
}
