//! Bulk edits of URLs (`urlkit normalize` and `urlkit parse`): `--set`, `--append`,
//! `--remove-query`, `--sort-query`, `--redirect`, applied to every URL in the order given
//! on the command line; `--iterate` expansion; and the output forms `--keep-port`,
//! `--default-port`, `--unicode[=safe]` and `--redact` ([`RedactArgs`], which every
//! subcommand that prints URLs flattens: `parse`, `normalize`, `resolve`, `set`, `extract`,
//! `build`; the URL is masked after every edit, and the input JSON objects echo is masked
//! too, [`masked_input`]). Between the edits and the mask come the normalization steps
//! `urlkit normalize` chose (`--strip`, …).
//!
//! Query edits work on the query's `&`-separated pairs as written, so the pairs an edit
//! does not touch keep their exact encoding; names are compared decoded
//! (`application/x-www-form-urlencoded`, as `URLSearchParams` does).

use crate::driver::Sink;
use crate::failure::{kind, Failure};
use crate::template::{unicode_host, Template};
use clap::{ArgMatches, Args};
use serde::Serialize;
use std::borrow::Cow;
use urlkit::percent::{sets, utf8_percent_encode};
use urlkit::{Attribute, Redact, SetterError, Url};

/// The edit flags of `urlkit normalize` and `urlkit parse`.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Edits (applied to every URL, in the order given)")]
pub struct EditArgs {
    /// Run a URL API setter: COMPONENT is href, protocol, username, password, host, hostname, port, pathname, search or hash; a value the URL cannot take fails the input (repeatable)
    #[arg(long = "set", value_name = "COMPONENT=VALUE")]
    pub set: Vec<String>,
    /// Append a path segment (path=SEG, percent-encoded) or a query pair (query=NAME=VALUE) (repeatable)
    #[arg(long, value_name = "path=SEG|query=NAME=VALUE")]
    pub append: Vec<String>,
    /// Remove the query pairs named NAME; NAME* removes every name starting with NAME; a comma-separated list removes each (repeatable)
    #[arg(long, value_name = "NAME[,NAME…]")]
    pub remove_query: Vec<String>,
    /// Sort the query pairs by name (stable)
    #[arg(long)]
    pub sort_query: bool,
    /// Follow a redirect: resolve REF against the URL; a REF without a fragment keeps the URL's (RFC 9110 §10.2.2) (repeatable)
    #[arg(long, value_name = "REF")]
    pub redirect: Vec<String>,
    /// Output the URL once per value, COMPONENT set to each: --iterate 'host=a.example b.example' (repeatable: every combination)
    #[arg(long, value_name = "COMPONENT=VALUES")]
    pub iterate: Vec<String>,
    /// Keep an explicit port even when it is the scheme's default (the URL Standard drops it)
    #[arg(long)]
    pub keep_port: bool,
    /// Show the port always, the scheme's default when none is given
    #[arg(long, conflicts_with = "keep_port")]
    pub default_port: bool,
    /// Show hosts in Unicode (IDNA ToUnicode) instead of Punycode: always (--unicode alone), or safe: only when the UTS 39 homograph checks of urlkit lint pass
    #[arg(long, value_enum, value_name = "WHEN", num_args = 0..=1, require_equals = true, default_missing_value = "always")]
    pub unicode: Option<Unicode>,
    #[command(flatten)]
    pub redact: RedactArgs,
    /// Print one line per URL from TEMPLATE: {href} {protocol} {username} {password} {host} {hostname} {port} {pathname} {search} {hash} {origin} {scheme} {path} {query} {fragment} {query:NAME} {query-all:NAME} {default:port} {puny:host} {idn:host} (at least one); {{ and }} for braces
    #[arg(long, value_name = "TEMPLATE")]
    pub get: Option<String>,
    /// Read an input without a scheme that starts with a host (example.org/path) as http://example.org/path (ftp:// for an ftp. host), as trurl and curl do; without it such an input fails with that hint
    #[arg(long)]
    pub guess_scheme: bool,
}

/// When `--unicode` shows a host in Unicode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Unicode {
    /// Always (IDNA ToUnicode)
    Always,
    /// Only when the homograph checks pass (urlkit::lint::unicode_safe_host), Punycode otherwise
    Safe,
}

/// `--redact` and its options, for every subcommand that prints URLs.
#[derive(Debug, Clone, Default, Args)]
pub struct RedactArgs {
    /// Mask secrets in the URLs printed: the password (with xxxxx, as Go's URL.Redacted) and the values of the query and fragment parameters access_token, key, sig, signature, token, X-Amz-Signature, … (urlkit::SECRET_PARAMETERS)
    #[arg(long)]
    pub redact: bool,
    /// Mask the username too (implies --redact)
    #[arg(long)]
    pub redact_userinfo: bool,
    /// Mask the values of the parameters NAME too (comma-separated, repeatable; implies --redact)
    #[arg(long, value_name = "NAME[,NAME…]")]
    pub redact_param: Vec<String>,
}

impl RedactArgs {
    /// What to mask, `None` without any of the flags.
    pub fn redact(&self) -> Option<Redact> {
        if !self.redact && !self.redact_userinfo && self.redact_param.is_empty() {
            return None;
        }
        let names = self
            .redact_param
            .iter()
            .flat_map(|n| n.split(','))
            .map(str::trim)
            .filter(|n| !n.is_empty());
        Some(names.fold(Redact::new().userinfo(self.redact_userinfo), Redact::parameter))
    }
}

/// `url` with what `redact` names masked (`--redact`), unchanged without it.
pub fn masked(mut url: Url, redact: Option<&Redact>) -> Url {
    if let Some(redact) = redact {
        url.redact(redact);
    }
    url
}

/// The input as JSON objects echo it under `--redact`: when it is a URL holding something
/// to mask, its href masked (the text as written would show the secret); otherwise as given.
pub fn masked_input<'a>(input: &'a str, redact: Option<&Redact>) -> Cow<'a, str> {
    let Some(redact) = redact else {
        return Cow::Borrowed(input);
    };
    match Url::parse(input) {
        Ok(url) => {
            let masked = url.redacted_with(redact);
            if masked.as_str() == url.as_str() {
                Cow::Borrowed(input)
            } else {
                Cow::Owned(masked.into_string())
            }
        }
        // A relative reference (or no URL at all): its query and fragment pairs as written.
        Err(_) => {
            let (head, fragment) = input.split_once('#').map_or((input, None), |(h, f)| (h, Some(f)));
            let (path, query) = head.split_once('?').map_or((head, None), |(p, q)| (p, Some(q)));
            let query_masked = query.and_then(|q| redact.mask_pairs(q));
            let fragment_masked = fragment.and_then(|f| redact.mask_pairs(f));
            if query_masked.is_none() && fragment_masked.is_none() {
                return Cow::Borrowed(input);
            }
            let mut out = String::from(path);
            if let Some(q) = query {
                out.push('?');
                out.push_str(query_masked.as_deref().unwrap_or(q));
            }
            if let Some(f) = fragment {
                out.push('#');
                out.push_str(fragment_masked.as_deref().unwrap_or(f));
            }
            Cow::Owned(out)
        }
    }
}

/// One edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// A URL API setter and its value.
    Set(Attribute, String),
    /// Append a path segment.
    AppendPath(String),
    /// Append a query pair.
    AppendQuery(String, String),
    /// Remove query pairs by name (`true`: the name is a prefix).
    RemoveQuery(String, bool),
    /// Sort the query pairs by name.
    SortQuery,
    /// Resolve a reference against the URL.
    Redirect(String),
}

/// The edits and output forms of a run.
#[derive(Debug, Clone, Default)]
pub struct Edits {
    /// `--get`.
    pub template: Option<Template>,
    /// The edits, in command-line order.
    pub edits: Vec<Edit>,
    /// `--iterate`: components and their values.
    pub iterate: Vec<(Attribute, Vec<String>)>,
    /// `--keep-port`.
    pub keep_port: bool,
    /// `--default-port`.
    pub default_port: bool,
    /// `--unicode`.
    pub unicode: Option<Unicode>,
    /// `--redact` (applied last, to every URL shown).
    pub redact: Option<Redact>,
    /// `--guess-scheme` (not an edit of a parsed URL: it changes what is parsed).
    pub guess_scheme: bool,
    /// The normalization steps (`urlkit normalize --strip`, …), applied after the edits.
    pub steps: Option<urlkit::canon::Normalizer>,
}

/// The attribute named `name`, or the usage message.
fn attribute(name: &str) -> Result<Attribute, String> {
    name.parse::<Attribute>().map_err(|_| {
        let names: Vec<&str> = Attribute::ALL.iter().map(|a| a.name()).collect();
        format!(
            "unknown component {name:?} (expected one of {})",
            names.join(", ")
        )
    })
}

/// One `--append` value: `path=SEGMENT` or `query=NAME=VALUE` (`query=NAME`: an empty
/// value); the error is a usage message. `urlkit build` reads its `--append` with it too.
pub fn append(value: &str) -> Result<Edit, String> {
    match value.split_once('=') {
        Some(("path", segment)) => Ok(Edit::AppendPath(segment.to_owned())),
        Some(("query", pair)) => {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            Ok(Edit::AppendQuery(name.to_owned(), value.to_owned()))
        }
        _ => Err(format!(
            "--append {value:?}: expected path=SEGMENT or query=NAME=VALUE"
        )),
    }
}

/// `NAME=VALUE` split at the first `=`; the error is a usage message naming `--flag`.
pub fn split(flag: &str, text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .ok_or_else(|| format!("--{flag} {text:?}: expected NAME=VALUE"))
}

impl Edits {
    /// The edits of `args`, in the order given on the command line (`matches` are the
    /// subcommand's, for the positions); the error is a usage message.
    pub fn new(args: &EditArgs, matches: Option<&ArgMatches>) -> Result<Edits, String> {
        let mut edits: Vec<(usize, Edit)> = Vec::new();
        let positions = |id: &str, count: usize| -> Vec<usize> {
            matches
                .and_then(|m| m.indices_of(id))
                .map(|i| i.collect())
                .unwrap_or_else(|| (0..count).collect())
        };
        for (value, at) in args.set.iter().zip(positions("set", args.set.len())) {
            let (name, value) = split("set", value)?;
            edits.push((at, Edit::Set(attribute(&name)?, value)));
        }
        for (value, at) in args.append.iter().zip(positions("append", args.append.len())) {
            edits.push((at, append(value)?));
        }
        for (names, at) in args
            .remove_query
            .iter()
            .zip(positions("remove_query", args.remove_query.len()))
        {
            // A comma-separated list, as `--keep-query` takes it; a comma cannot be part of
            // a name worth removing alone (it would be written %2C in a query).
            for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                let edit = match name.strip_suffix('*') {
                    Some(prefix) => Edit::RemoveQuery(prefix.to_owned(), true),
                    None => Edit::RemoveQuery(name.to_owned(), false),
                };
                edits.push((at, edit));
            }
        }
        if args.sort_query {
            let at = matches
                .and_then(|m| m.index_of("sort_query"))
                .unwrap_or(usize::MAX);
            edits.push((at, Edit::SortQuery));
        }
        for (reference, at) in args
            .redirect
            .iter()
            .zip(positions("redirect", args.redirect.len()))
        {
            edits.push((at, Edit::Redirect(reference.clone())));
        }
        edits.sort_by_key(|&(at, _)| at);
        let mut iterate = Vec::new();
        for spec in &args.iterate {
            let (name, values) = split("iterate", spec)?;
            iterate.push((
                attribute(&name)?,
                values.split_whitespace().map(str::to_owned).collect(),
            ));
        }
        Ok(Edits {
            template: args.get.as_deref().map(Template::parse).transpose()?,
            edits: edits.into_iter().map(|(_, edit)| edit).collect(),
            iterate,
            keep_port: args.keep_port,
            default_port: args.default_port,
            unicode: args.unicode,
            redact: args.redact.redact(),
            guess_scheme: args.guess_scheme,
            steps: None,
        })
    }

    /// Whether there is anything to do beyond parsing.
    pub fn is_empty(&self) -> bool {
        self.edits.is_empty()
            && self.template.is_none()
            && self.iterate.is_empty()
            && !self.keep_port
            && !self.default_port
            && self.unicode.is_none()
            && self.redact.is_none()
    }

    /// Applies the edits to `url`, in order.
    pub fn apply(&self, mut url: Url) -> Result<Url, Failure> {
        for edit in &self.edits {
            match edit {
                Edit::Set(attribute, value) => set(&mut url, *attribute, value)?,
                Edit::AppendPath(segment) => {
                    let path = url.pathname();
                    let encoded: Cow<'_, str> = utf8_percent_encode(segment, &sets::COMPONENT).into();
                    let path = format!("{}/{encoded}", path.strip_suffix('/').unwrap_or(path));
                    let _ = url.set_pathname(&path);
                }
                Edit::AppendQuery(name, value) => {
                    let pair = urlkit::form::serialize([(name.as_str(), value.as_str())]);
                    let query = match url.query() {
                        Some(q) if !q.is_empty() => format!("{q}&{pair}"),
                        _ => pair,
                    };
                    url.set_query(Some(&query));
                }
                Edit::RemoveQuery(name, prefix) => {
                    edit_pairs(&mut url, |pairs| {
                        pairs.retain(|raw| {
                            let decoded = pair_name(raw);
                            !(if *prefix {
                                decoded.starts_with(name.as_str())
                            } else {
                                decoded == name.as_str()
                            })
                        })
                    });
                }
                // The library's `sort-query` step: the same answers as the edit always gave
                // (empty pairs dropped, stable by decoded name; tested below).
                Edit::SortQuery => sort_query().apply(&mut url),
                Edit::Redirect(reference) => {
                    let mut target = Url::parse_with_base(reference, Some(&url)).map_err(|e| Failure {
                        message: format!("cannot redirect to {reference:?}: {e}"),
                        ..Failure::at(e.kind().spec_name(), "", e.position())
                    })?;
                    // RFC 9110 §10.2.2: a target without a fragment inherits the original's.
                    if target.fragment().is_none() {
                        target.set_fragment(url.fragment());
                    }
                    url = target;
                }
            }
        }
        if let Some(steps) = &self.steps {
            steps.apply(&mut url);
        }
        Ok(url)
    }

    /// The URLs `--iterate` makes of `url`: every combination of the values, in order (no
    /// `--iterate`: the URL itself).
    pub fn expand(&self, url: Url) -> Result<Vec<Url>, Failure> {
        let mut urls = vec![url];
        for (attribute, values) in &self.iterate {
            let mut next = Vec::with_capacity(urls.len() * values.len());
            for url in &urls {
                for value in values {
                    let mut url = url.clone();
                    set(&mut url, *attribute, value)?;
                    next.push(url);
                }
            }
            urls = next;
        }
        Ok(urls)
    }

    /// The href to show for `url` (parsed from `input`): with the port kept or defaulted,
    /// the host in Unicode, as asked.
    pub fn href<'u>(&self, input: &str, url: &'u Url) -> Cow<'u, str> {
        let mut href = Cow::Borrowed(url.href());
        if self.keep_port || self.default_port {
            if let Some(port) = self.shown_port(input, url) {
                if url.port_str().is_empty() {
                    let at = url.attribute_ranges()[Attribute::Host as usize].end;
                    href.to_mut().insert_str(at, &format!(":{port}"));
                }
            }
        }
        let unicode = match self.unicode {
            None => None,
            Some(Unicode::Always) => unicode_host(url.hostname()),
            Some(Unicode::Safe) => match url.host() {
                Some(urlkit::Host::Domain(domain)) => urlkit::lint::unicode_safe_host(domain),
                _ => None,
            },
        };
        if let Some(unicode) = unicode {
            let hostname = url.attribute_ranges()[Attribute::Hostname as usize].clone();
            href.to_mut().replace_range(hostname, &unicode);
        }
        href
    }

    /// The port `--keep-port`/`--default-port` show when the URL has none.
    fn shown_port(&self, input: &str, url: &Url) -> Option<u16> {
        if self.default_port {
            return url.port_or_known_default();
        }
        // --keep-port: the port as written, when it is the default the URL Standard drops.
        let written = urlkit::rfc3986::UriRef::parse(input.trim())
            .ok()?
            .port()?
            .parse::<u16>()
            .ok()?;
        (url.port().is_none() && url.port_or_known_default() == Some(written)).then_some(written)
    }
}

/// The object of a `--get` line.
#[derive(Serialize)]
struct Got<'a> {
    input: &'a str,
    ok: bool,
    get: &'a str,
}

impl Edits {
    /// Answers `input`, parsed as `parsed`: edits it, expands it, and writes each URL with
    /// `show` (given the input to echo, masked under `--redact`, the URL and the href to
    /// show), or as the `--get` template says.
    pub fn answer<F>(&self, input: &str, parsed: Result<Url, Failure>, out: &mut Sink, mut show: F) -> bool
    where
        F: FnMut(&str, &Url, &str, &mut Sink) -> bool,
    {
        let input = &*masked_input(input, self.redact.as_ref());
        let url = match parsed {
            Ok(url) => url,
            Err(failure) => return out.fail(input, &failure),
        };
        let urls = match self.apply(url).and_then(|url| self.expand(url)) {
            Ok(mut urls) => {
                // Masked last, whatever the edits put in.
                if let Some(redact) = &self.redact {
                    urls.iter_mut().for_each(|url| url.redact(redact));
                }
                urls
            }
            Err(failure) if out.is_json() => return out.fail(input, &failure),
            // The input parsed: what failed is an edit of it.
            Err(failure) => {
                return out.report(failure.kind, &failure.report_as("cannot edit", input));
            }
        };
        let mut ok = true;
        for url in &urls {
            let href = self.href(input, url);
            ok &= match &self.template {
                Some(template) if out.is_json() => {
                    let get = template.render(url, &href);
                    out.json(
                        true,
                        &Got {
                            input,
                            ok: true,
                            get: &get,
                        },
                    )
                }
                Some(template) => out.line(&template.render(url, &href)),
                None => show(input, url, &href, out),
            };
        }
        ok
    }
}

/// Runs a setter. Where the URL API would leave the URL as it was (an invalid value, a
/// component the URL cannot have, a value the standard ignores) the edit fails: the input
/// fails with the parser's kind for an invalid value, else `invalid-edit`.
fn set(url: &mut Url, attribute: Attribute, value: &str) -> Result<(), Failure> {
    let name = attribute.name();
    match url.set(attribute, value) {
        Ok(()) => Ok(()),
        Err(SetterError::Invalid(e)) if attribute == Attribute::Href => Err(Failure::at(
            e.kind().spec_name(),
            format!("invalid href value: {e}"),
            e.position(),
        )),
        Err(SetterError::Invalid(e)) => Err(Failure::new(
            e.kind().spec_name(),
            format!("cannot set {name} to {value:?}: {}", e.kind()),
        )),
        Err(e) => Err(Failure::new(
            kind::INVALID_EDIT,
            format!("cannot set {name} to {value:?}: {e}"),
        )),
    }
}

/// The normalizer with the one step `sort-query`, built once.
fn sort_query() -> &'static urlkit::canon::Normalizer {
    static SORT: std::sync::OnceLock<urlkit::canon::Normalizer> = std::sync::OnceLock::new();
    SORT.get_or_init(|| {
        urlkit::canon::Normalizer::new(urlkit::canon::Profile::Whatwg).step(urlkit::canon::Step::SortQuery)
    })
}

/// The decoded name of a raw query pair.
fn pair_name(raw: &str) -> String {
    let name = raw.split_once('=').map_or(raw, |(n, _)| n);
    urlkit::form::parse(name.as_bytes())
        .next()
        .map(|(n, _)| n.into_owned())
        .unwrap_or_default()
}

/// Edits the query's raw `&`-separated pairs (empty ones dropped); no pair left removes
/// the query.
fn edit_pairs(url: &mut Url, edit: impl FnOnce(&mut Vec<&str>)) {
    let Some(query) = url.query().map(str::to_owned) else {
        return;
    };
    let mut pairs: Vec<&str> = query.split('&').filter(|p| !p.is_empty()).collect();
    edit(&mut pairs);
    if pairs.is_empty() {
        url.set_query(None);
    } else {
        url.set_query(Some(&pairs.join("&")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edits(list: Vec<Edit>) -> Edits {
        Edits {
            edits: list,
            ..Edits::default()
        }
    }

    fn run(list: Vec<Edit>, url: &str) -> String {
        edits(list).apply(Url::parse(url).unwrap()).unwrap().into_string()
    }

    #[test]
    fn query_edits_keep_other_pairs_as_written() {
        let url = "http://h/?b=%20x&a=1&utm_source=x&utm_medium=y#f";
        assert_eq!(
            run(vec![Edit::RemoveQuery("utm_".into(), true)], url),
            "http://h/?b=%20x&a=1#f"
        );
        assert_eq!(
            run(vec![Edit::SortQuery], url),
            "http://h/?a=1&b=%20x&utm_medium=y&utm_source=x#f"
        );
        assert_eq!(
            run(vec![Edit::RemoveQuery("b".into(), false)], "http://h/?b=1"),
            "http://h/"
        );
        assert_eq!(
            run(vec![Edit::AppendQuery("q".into(), "a b&c".into())], "http://h/?x"),
            "http://h/?x&q=a+b%26c"
        );
    }

    /// `--sort-query` is the library's `sort-query` step: the same answers as the edit's
    /// own code (empty pairs dropped, stable sort by decoded name) gave.
    #[test]
    fn sort_query_is_the_library_step() {
        let old = |url: &str| {
            let mut url = Url::parse(url).unwrap();
            edit_pairs(&mut url, |pairs| pairs.sort_by_cached_key(|raw| pair_name(raw)));
            url.into_string()
        };
        for url in [
            "http://h/?b=2&a=1&b=1",
            "http://h/?",
            "http://h/?&&",
            "http://h/?b&&a=&c=1&",
            "http://h/?%62=1&a+b=2&a%20a=3&=4&a=5#f",
            "http://h/?z=%F0%9F%98%80&%C3%A9=1&e=2",
            "http://h/?a=1&b=2",
            "http://h/",
            "foo:x?b&a",
        ] {
            assert_eq!(run(vec![Edit::SortQuery], url), old(url), "{url}");
        }
    }

    #[test]
    fn path_and_setter_edits_in_order() {
        let list = vec![
            Edit::AppendPath("a b/c".into()),
            Edit::Set(Attribute::Port, "8080".into()),
            Edit::Redirect("../x".into()),
        ];
        assert_eq!(run(list, "http://h/p/"), "http://h:8080/x");
    }

    #[test]
    fn ports_and_unicode_hosts() {
        let mut e = Edits {
            keep_port: true,
            ..Edits::default()
        };
        let url = Url::parse("http://xn--bcher-kva.example:80/").unwrap();
        assert_eq!(
            e.href("http://xn--bcher-kva.example:80/", &url),
            "http://xn--bcher-kva.example:80/"
        );
        e.unicode = Some(Unicode::Always);
        assert_eq!(
            e.href("http://xn--bcher-kva.example:80/", &url),
            "http://bücher.example:80/"
        );
        let e = Edits {
            default_port: true,
            ..Edits::default()
        };
        let url = Url::parse("https://h/p").unwrap();
        assert_eq!(e.href("https://h/p", &url), "https://h:443/p");
    }
}
