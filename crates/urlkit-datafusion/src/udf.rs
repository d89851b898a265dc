//! The scalar UDFs: one row of [`TABLE`] per SQL function (name, signature, volatility,
//! result type, kernel, documentation and a documented example), and the one
//! [`ScalarUDFImpl`] that serves every row. Registration ([`functions`], [`register`]), the
//! functions' documentation and the tests (`tests/sql.rs` runs every row's example) all
//! read the table, so adding a function is one row here (plus its kernel in `urlkit-arrow`
//! when it needs a new one) and a line of the crate docs' list.

use datafusion::arrow::array::{Array, ArrayRef};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{DataFusionError, Result, ScalarValue, exec_err, plan_err};
use datafusion::logical_expr::{
    ColumnarValue, DocSection, Documentation, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature,
    TypeSignature, Volatility,
};
use datafusion::prelude::SessionContext;
use std::sync::{Arc, OnceLock};
use urlkit::Attribute;
use urlkit::domain::{List, Options};
use urlkit_arrow::{DomainPart, OnError, Part, Profile, Strings};

/// One SQL function: everything about it.
struct Row {
    name: &'static str,
    /// The numbers of arguments it accepts, each coerced to a string type.
    strings: &'static [usize],
    volatility: Volatility,
    returns: fn() -> DataType,
    kernel: fn(&Call<'_>) -> Result<ColumnarValue>,
    /// `{profiles}` stands for the profile table's listing with summaries, `{profile names}`
    /// for its names alone, `{step names}` for the steps table's names (so that a new
    /// profile or step needs no edit here).
    description: &'static str,
    syntax: &'static str,
    arguments: &'static [(&'static str, &'static str)],
    /// A query of one value, and that value as printed (`NULL` for null, `''` for the empty
    /// string): shown in the documentation as `{example};  -- {answer}`, run by the tests.
    example: &'static str,
    answer: &'static str,
}

/// The arguments of one call of a function over a batch.
struct Call<'a> {
    name: &'static str,
    args: &'a [ColumnarValue],
    rows: usize,
    /// The Public Suffix List the functions were registered with.
    list: &'a List,
}

impl Call<'_> {
    /// The first argument as a column (a constant is expanded: the kernels read columns).
    fn urls(&self) -> Result<ArrayRef> {
        self.args[0].to_array(self.rows)
    }

    /// The argument `i` as kernel input: a column, or a scalar standing for every row (so
    /// that a constant base is parsed once).
    fn strings(&self, i: usize, what: &str) -> Result<Strings<'_>> {
        match &self.args[i] {
            ColumnarValue::Array(a) => Ok(Strings::try_from_array(a.as_ref())?),
            ColumnarValue::Scalar(s) => match s.try_as_str() {
                Some(v) => Ok(Strings::Scalar(v)),
                None => exec_err!(
                    "{} {what}: argument {} must be a string, found {}",
                    self.name,
                    i + 1,
                    s.data_type()
                ),
            },
        }
    }
}

/// A kernel's array as the function's result.
fn column(array: impl Array + 'static) -> Result<ColumnarValue> {
    Ok(ColumnarValue::Array(Arc::new(array)))
}

fn utf8_view() -> DataType {
    DataType::Utf8View
}

/// The kernel of the functions that give one [`Part`] of the URL.
fn part(c: &Call<'_>, p: Part) -> Result<ColumnarValue> {
    column(urlkit_arrow::component(c.urls()?.as_ref(), p, OnError::Null)?.values)
}

/// The kernel of the functions that give one part of the host's domain; `private`: with the
/// list's private section.
fn domain(c: &Call<'_>, part: DomainPart, private: bool) -> Result<ColumnarValue> {
    let options = Options::new().private(private);
    column(urlkit_arrow::domain_with(c.urls()?.as_ref(), part, c.list, options, OnError::Null)?.values)
}

/// `url_normalize`'s profile when none is given.
const DEFAULT_PROFILE: Profile = Profile::Whatwg;

/// A constant string argument `i` of `url_normalize` (`what` names it): `Ok(None)` for a
/// SQL NULL (the answer is NULL), an error for a column or another type.
fn constant<'c>(c: &'c Call<'_>, i: usize, what: &str) -> Result<Option<&'c str>> {
    match &c.args[i] {
        ColumnarValue::Scalar(s) => match s.try_as_str() {
            Some(v) => Ok(v),
            None => exec_err!("url_normalize: the {what} must be a string"),
        },
        ColumnarValue::Array(_) => plan_err!("url_normalize: the {what} must be a constant"),
    }
}

/// `url_normalize(url [, profile [, steps]])`: the profile and the comma-separated steps
/// constants, looked up in the library's tables.
fn normalize(c: &Call<'_>) -> Result<ColumnarValue> {
    let null = || Ok(ColumnarValue::Scalar(ScalarValue::Utf8View(None)));
    let profile = match c.args.len() {
        1 => DEFAULT_PROFILE,
        _ => match constant(c, 1, "profile")? {
            Some(name) => urlkit_arrow::profile(name)
                .map_err(|e| DataFusionError::Execution(format!("url_normalize: {e}")))?,
            None => return null(),
        },
    };
    let steps = match c.args.len() {
        3 => match constant(c, 2, "steps")? {
            Some(list) => list,
            None => return null(),
        },
        _ => "",
    };
    let normalizer = urlkit_arrow::normalizer(profile, steps)
        .map_err(|e| DataFusionError::Execution(format!("url_normalize: {e}")))?;
    if normalizer.chosen().next().is_some() && !profile.takes_steps() {
        let e = urlkit::canon::CanonError::StepsUnsupported(profile);
        return exec_err!("url_normalize: {e}");
    }
    column(urlkit_arrow::normalize_with(c.urls()?.as_ref(), &normalizer, OnError::Null)?.values)
}

/// `'a', 'b' or 'c'`, each item written by `item`.
fn or_list(item: impl Fn(Profile) -> String) -> String {
    let mut out = String::new();
    for (i, p) in Profile::ALL.into_iter().enumerate() {
        out.push_str(match i {
            0 => "",
            _ if i + 1 == Profile::ALL.len() => " or ",
            _ => ", ",
        });
        out.push_str(&item(p));
    }
    out
}

/// `text` with the profile table's listings in place of `{profiles}` and `{profile names}`,
/// and the steps table's in place of `{step names}`.
fn with_profiles(text: &str) -> String {
    let steps: Vec<String> = urlkit_arrow::Step::ALL
        .iter()
        .map(|s| format!("'{}'", s.name()))
        .collect();
    let profiles = or_list(|p| {
        let default = if p == DEFAULT_PROFILE { "default: " } else { "" };
        format!("'{}' ({default}{})", p.name(), p.summary())
    });
    text.replace("{profiles}", &profiles)
        .replace("{profile names}", &or_list(|p| format!("'{}'", p.name())))
        .replace("{step names}", &steps.join(", "))
}

const URL_ARG: (&str, &str) = ("url", "A URL string (any string type).");

const SECTION: DocSection = DocSection {
    include: true,
    label: "URL Functions (urlkit)",
    description: Some("WHATWG URL Standard and RFC 3986 functions from urlkit."),
};

/// The row of a function of one URL argument with a string result (most of them).
const fn of_url(
    name: &'static str,
    kernel: fn(&Call<'_>) -> Result<ColumnarValue>,
    description: &'static str,
    syntax: &'static str,
    example: &'static str,
    answer: &'static str,
) -> Row {
    Row {
        name,
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel,
        description,
        syntax,
        arguments: &[URL_ARG],
        example,
        answer,
    }
}

/// Every function, in the order of the crate's list.
static TABLE: &[Row] = &[
    Row {
        name: "url_parse",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Struct(urlkit_arrow::parse_fields()),
        kernel: |c| column(urlkit_arrow::parse(c.urls()?.as_ref(), OnError::Null)?.values),
        description: "Parses a URL with the WHATWG URL parser into a struct of its components: href, protocol, username, password, host, hostname, port (UInt16, NULL when none), pathname, search, hash. NULL when the URL does not parse.",
        syntax: "url_parse(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_parse('https://example.com:8080/a?b#c')['port']",
        answer: "8080",
    },
    of_url(
        "url_host",
        |c| part(c, Part::Attribute(Attribute::Hostname)),
        "The host name of a URL, without the port: a domain (lower-case, IDNA to ASCII), an IPv4 address, or an IPv6 address in brackets.",
        "url_host(url)",
        "SELECT url_host('https://Example.COM:8080/')",
        "example.com",
    ),
    of_url(
        "url_hostname",
        |c| part(c, Part::Attribute(Attribute::Hostname)),
        "The URL API's hostname (same as url_host).",
        "url_hostname(url)",
        "SELECT url_hostname('https://[::1]:8080/')",
        "[::1]",
    ),
    of_url(
        "url_host_port",
        |c| part(c, Part::Attribute(Attribute::Host)),
        "The URL API's host: the host name and, when not the default, the port.",
        "url_host_port(url)",
        "SELECT url_host_port('https://example.com:8080/')",
        "example.com:8080",
    ),
    of_url(
        "url_scheme",
        |c| part(c, Part::Scheme),
        "The scheme, lower-case, without the ':'.",
        "url_scheme(url)",
        "SELECT url_scheme('HTTPS://h/')",
        "https",
    ),
    of_url(
        "url_protocol",
        |c| part(c, Part::Attribute(Attribute::Protocol)),
        "The URL API's protocol: the scheme and ':'.",
        "url_protocol(url)",
        "SELECT url_protocol('https://h/')",
        "https:",
    ),
    of_url(
        "url_username",
        |c| part(c, Part::Attribute(Attribute::Username)),
        "The URL API's username (percent-encoded; empty when none).",
        "url_username(url)",
        "SELECT url_username('ftp://me:pw@h/')",
        "me",
    ),
    of_url(
        "url_password",
        |c| part(c, Part::Attribute(Attribute::Password)),
        "The URL API's password (percent-encoded; empty when none).",
        "url_password(url)",
        "SELECT url_password('ftp://me:pw@h/')",
        "pw",
    ),
    of_url(
        "url_pathname",
        |c| part(c, Part::Attribute(Attribute::Pathname)),
        "The URL API's pathname (dot segments removed, percent-encoded).",
        "url_pathname(url)",
        "SELECT url_pathname('https://h/a/../b%20c')",
        "/b%20c",
    ),
    of_url(
        "url_path",
        |c| part(c, Part::Attribute(Attribute::Pathname)),
        "The path (same as url_pathname).",
        "url_path(url)",
        "SELECT url_path('https://h/a/./b')",
        "/a/b",
    ),
    of_url(
        "url_search",
        |c| part(c, Part::Attribute(Attribute::Search)),
        "The URL API's search: '?' and the query, empty when the query is absent or empty.",
        "url_search(url)",
        "SELECT url_search('https://h/?q=1')",
        "?q=1",
    ),
    of_url(
        "url_hash",
        |c| part(c, Part::Attribute(Attribute::Hash)),
        "The URL API's hash: '#' and the fragment, empty when absent or empty.",
        "url_hash(url)",
        "SELECT url_hash('https://h/#top')",
        "#top",
    ),
    of_url(
        "url_href",
        |c| part(c, Part::Attribute(Attribute::Href)),
        "The URL's serialization (its href), the WHATWG canonical form.",
        "url_href(url)",
        "SELECT url_href('HTTP://h:80/a/./b')",
        "http://h/a/b",
    ),
    of_url(
        "url_query",
        |c| part(c, Part::Query),
        "The query without '?'; NULL when the URL has none (empty for a bare '?').",
        "url_query(url)",
        "SELECT url_query('https://h/?a=1&b=2')",
        "a=1&b=2",
    ),
    of_url(
        "url_fragment",
        |c| part(c, Part::Fragment),
        "The fragment without '#'; NULL when the URL has none.",
        "url_fragment(url)",
        "SELECT url_fragment('https://h/#top')",
        "top",
    ),
    Row {
        name: "url_port",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::UInt16,
        kernel: |c| column(urlkit_arrow::port(c.urls()?.as_ref(), OnError::Null)?.values),
        description: "The port as a number (UInt16); NULL when the URL has none (a scheme's default port is dropped by the parser).",
        syntax: "url_port(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_port('https://h:8443/')",
        answer: "8443",
    },
    Row {
        name: "url_is_valid",
        strings: &[1, 2],
        volatility: Volatility::Immutable,
        returns: || DataType::Boolean,
        kernel: |c| {
            let urls = c.urls()?;
            match c.args.len() {
                1 => column(urlkit_arrow::is_valid(urls.as_ref())?),
                _ => column(urlkit_arrow::is_valid_with_base(
                    urls.as_ref(),
                    c.strings(1, "base")?,
                )?),
            }
        },
        description: "Whether the URL parses with the WHATWG URL parser, against base when given (decided without building the URL).",
        syntax: "url_is_valid(url [, base])",
        arguments: &[
            URL_ARG,
            (
                "base",
                "An optional base URL that relative URLs are resolved against.",
            ),
        ],
        example: "SELECT url_is_valid('/a', 'https://h/')",
        answer: "true",
    },
    Row {
        name: "url_parse_error",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| {
            let out = urlkit_arrow::component(c.urls()?.as_ref(), Attribute::Href, OnError::Message)?;
            let errors = out
                .errors
                .ok_or_else(|| DataFusionError::Internal("no error column".into()))?;
            Ok(ColumnarValue::Array(datafusion::arrow::compute::cast(
                &errors,
                &DataType::Utf8View,
            )?))
        },
        description: "Why a URL does not parse: the error and its byte position; NULL when it parses.",
        syntax: "url_parse_error(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_parse_error('http://[::1')",
        answer: "unclosed ipv6 address at byte 11",
    },
    Row {
        name: "url_resolve",
        strings: &[2],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| {
            // SQL order: url_resolve(base, reference).
            let refs = c.args[1].to_array(c.rows)?;
            let base = c.strings(0, "base")?;
            column(urlkit_arrow::resolve(refs.as_ref(), base, OnError::Null)?.values)
        },
        description: "Resolves a reference against a base URL (the WHATWG URL parser with a base) and gives the result's href; NULL when the base or the result does not parse. The base may be a constant (parsed once) or a column.",
        syntax: "url_resolve(base, reference)",
        arguments: &[
            ("base", "The base URL."),
            ("reference", "The URL or relative reference to resolve."),
        ],
        example: "SELECT url_resolve('https://h/a/b?x', '../c#d')",
        answer: "https://h/c#d",
    },
    Row {
        name: "url_query_param",
        strings: &[2],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| {
            let urls = c.urls()?;
            let name = c.strings(1, "name")?;
            column(urlkit_arrow::query_param(urls.as_ref(), name, OnError::Null)?.values)
        },
        description: "The value of the first query parameter with this name, decoded as application/x-www-form-urlencoded (as URLSearchParams.get); NULL when absent.",
        syntax: "url_query_param(url, name)",
        arguments: &[URL_ARG, ("name", "The parameter's name (decoded form).")],
        example: "SELECT url_query_param('https://h/?q=a+b&q=c', 'q')",
        answer: "a b",
    },
    Row {
        name: "url_normalize",
        strings: &[1, 2, 3],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: normalize,
        description: "The URL's canonical form under a profile (urlkit::canon): {profiles}; then the normalization steps listed, in one fixed order (whatwg, crawler: on the profile's URL; surt: before the key; rfc3986 and safe-browsing take none). Names are case-insensitive and '_' may stand for '-'. NULL when the profile gives no form (the URL does not parse under its standard; Safe Browsing: no host).",
        syntax: "url_normalize(url [, profile [, steps]])",
        arguments: &[
            URL_ARG,
            ("profile", "{profile names} (a constant)."),
            (
                "steps",
                "A comma-separated list of normalization steps (a constant): {step names}.",
            ),
        ],
        example: "SELECT url_normalize('HTTP://www.Example.com:80/a/./b/?utm_source=x&b=2&a=1#x', 'whatwg', 'www,fragment,tracking,trailing-slash,sort-query')",
        answer: "http://example.com/a/b?a=1&b=2",
    },
    Row {
        name: "url_rfc3986",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Struct(urlkit_arrow::rfc3986_fields()),
        kernel: |c| column(urlkit_arrow::rfc3986(c.urls()?.as_ref(), OnError::Null)?.values),
        description: "Parses a URI reference strictly by RFC 3986 into a struct of its components as written: scheme, authority, userinfo, host, port, path, query, fragment (NULL when absent). NULL when it does not match the grammar.",
        syntax: "url_rfc3986(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_rfc3986('http://h?')['query']",
        answer: "''",
    },
    Row {
        name: "url_registrable_domain",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| domain(c, DomainPart::RegistrableDomain, true),
        description: "The registrable domain (eTLD+1) of the URL's host by the Public Suffix List (built into urlkit, or the one `urlkit sql --psl FILE` reads; ICANN and private sections): what to group a crawl or a log by site. A non-special URL's opaque host (git://git.kernel.org/, s3://bucket.example.com/) counts when it is a valid domain, lower-cased. NULL when the URL does not parse, its host is not a domain (an IP address, an opaque host that is not a valid domain) or is itself a public suffix. A top-level label the list does not know is its own public suffix (the list's default rule `*`).",
        syntax: "url_registrable_domain(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_registrable_domain('https://www.news.example.co.uk/a')",
        answer: "example.co.uk",
    },
    Row {
        name: "url_registrable_domain_icann",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| domain(c, DomainPart::RegistrableDomain, false),
        description: "url_registrable_domain without the list's private section (github.io, blogspot.com): by the ICANN rules alone, as Python's tldextract and tldts answer by default.",
        syntax: "url_registrable_domain_icann(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_registrable_domain_icann('https://user.github.io/')",
        answer: "github.io",
    },
    Row {
        name: "url_public_suffix",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| domain(c, DomainPart::PublicSuffix, true),
        description: "The public suffix (effective top-level domain) of the URL's host by the Public Suffix List (built into urlkit, or the one `urlkit sql --psl FILE` reads), also of an opaque host that is a valid domain. NULL when the URL does not parse or its host is not a domain.",
        syntax: "url_public_suffix(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_public_suffix('https://user.github.io/')",
        answer: "github.io",
    },
    Row {
        name: "url_public_suffix_icann",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| domain(c, DomainPart::PublicSuffix, false),
        description: "url_public_suffix without the list's private section: by the ICANN rules alone.",
        syntax: "url_public_suffix_icann(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_public_suffix_icann('https://user.github.io/')",
        answer: "io",
    },
    Row {
        name: "url_lint",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::List(urlkit_arrow::lint_codes_field()),
        kernel: |c| column(urlkit_arrow::lint_codes(c.urls()?.as_ref())?),
        description: "The codes of urlkit's linter findings (urlkit::lint: L001 password, L011 other protocol's port, L020 encoded line break, L031 internal address, L040 userinfo like a host, L050 parser differential, L061 not a URL, L072 confusable domain, ...), in input order, as a list of strings; an empty list when there is nothing to say. Any string gets an answer (one that is not a URL: L061).",
        syntax: "url_lint(url)",
        arguments: &[URL_ARG],
        example: "SELECT array_has(url_lint('https://bank.example@evil.example/'), 'L040')",
        answer: "true",
    },
    Row {
        name: "url_lint_severity",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| column(urlkit_arrow::lint_severity(c.urls()?.as_ref())?),
        description: "The highest severity among urlkit's linter findings: 'error', 'warning' or 'note'; NULL when there is none.",
        syntax: "url_lint_severity(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_lint_severity('http://user:pw@example.com/')",
        answer: "error",
    },
    Row {
        name: "data_url_mime",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: |c| column(urlkit_arrow::data_url_mime(c.urls()?.as_ref())?),
        description: "The MIME type of a data: URL, serialized, as browsers read it (the Fetch Standard's data: URL processor, urlkit::data): lower-case type and subtype, parameters kept in order; 'text/plain;charset=US-ASCII' when the URL names none or an invalid one. NULL when the string is not a URL, not a data: URL, has no ',' after the type, or has a ';base64' body that is not base64.",
        syntax: "data_url_mime(url)",
        arguments: &[URL_ARG],
        example: "SELECT data_url_mime('data:Text/HTML;Charset=UTF-8;base64,PHA+aGk=')",
        answer: "text/html;charset=UTF-8",
    },
    Row {
        name: "data_url_body",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Binary,
        kernel: |c| column(urlkit_arrow::data_url_body(c.urls()?.as_ref())?),
        description: "The body of a data: URL as bytes (binary): percent-decoded, then base64-decoded (forgiving base64) when the type ends in ';base64'. NULL where data_url_mime is NULL.",
        syntax: "data_url_body(url)",
        arguments: &[URL_ARG],
        example: "SELECT data_url_body('data:;base64,SGk=')",
        answer: "4869",
    },
    Row {
        name: "url_template_match",
        strings: &[2],
        volatility: Volatility::Immutable,
        returns: || DataType::Map(urlkit_arrow::template_match_field(), false),
        kernel: |c| {
            // SQL order: url_template_match(template, url).
            let urls = c.args[1].to_array(c.rows)?;
            let template = c.strings(0, "template")?;
            column(urlkit_arrow::template_match(urls.as_ref(), template)?)
        },
        description: "Matches a URL against a URI Template (RFC 6570, urlkit::template) and gives the variables whose expansion is the URL, as a map from name to value (read one with ['name']; a variable the URL leaves undefined is absent, so NULL): values decoded, an exploded variable's members ({/path*}, {?list*}) joined with ','. NULL when the URL does not match, or the template does not parse or is not matchable (its match would not be unique: two expressions with no literal between them that can take the same characters, ...). The template may be a constant (parsed once) or a column.",
        syntax: "url_template_match(template, url)",
        arguments: &[("template", "The URI Template (RFC 6570)."), URL_ARG],
        example: "SELECT url_template_match('https://github.com/{owner}/{repo}{/path*}', 'https://github.com/apache/datafusion/tree/main')['path']",
        answer: "tree,main",
    },
    Row {
        name: "url_template_expand",
        strings: &[2],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: |c| {
            // SQL order: url_template_expand(template, json).
            let vars = c.args[1].to_array(c.rows)?;
            let template = c.strings(0, "template")?;
            column(urlkit_arrow::template_expand(vars.as_ref(), template)?)
        },
        description: "Expands a URI Template (RFC 6570, urlkit::template, all four levels) with the variables of a JSON object: a string, number or boolean is a string, an array of those a list, an object of those an associative array, null undefined. NULL when the template does not parse, the JSON is not such an object, or the expansion fails (a prefix modifier {var:3} on a list). The template may be a constant (parsed once) or a column.",
        syntax: "url_template_expand(template, json)",
        arguments: &[
            ("template", "The URI Template (RFC 6570)."),
            ("json", "A JSON object of the variables."),
        ],
        example: "SELECT url_template_expand('https://example.com/search{?q,tags*}', '{\"q\": \"a b\", \"tags\": [\"x\", \"y\"]}')",
        answer: "https://example.com/search?q=a%20b&tags=x&tags=y",
    },
];

/// One of urlkit's SQL functions ([`functions`] lists them all): a row of the table.
///
/// ```
/// let f = urlkit_datafusion::functions().into_iter().find(|f| f.name() == "url_host").unwrap();
/// assert!(f.documentation().is_some());
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlFunction {
    /// The row's index in [`TABLE`].
    row: usize,
    signature: Signature,
    list: SharedList,
}

/// The list a function was registered with: the built-in one (`None`) or another, the same
/// when it is the same allocation (functions with different lists are different functions).
#[derive(Clone)]
struct SharedList(Option<Arc<List>>);

impl SharedList {
    fn get(&self) -> &List {
        self.0.as_deref().unwrap_or_else(|| List::builtin())
    }
}

impl PartialEq for SharedList {
    fn eq(&self, other: &SharedList) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl Eq for SharedList {}

impl std::hash::Hash for SharedList {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.as_ref().map(Arc::as_ptr).hash(state);
    }
}

impl std::fmt::Debug for SharedList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            None => f.write_str("builtin"),
            Some(list) => list.fmt(f),
        }
    }
}

impl UrlFunction {
    fn row(&self) -> &'static Row {
        &TABLE[self.row]
    }
}

/// Every urlkit SQL function, for registries other than a `SessionContext`'s (a Ballista
/// scheduler's or executor's function registry).
///
/// ```
/// let names: Vec<String> = urlkit_datafusion::functions().iter().map(|f| f.name().to_owned()).collect();
/// assert!(names.contains(&"url_parse".to_owned()) && names.contains(&"url_resolve".to_owned()));
/// ```
pub fn functions() -> Vec<ScalarUDF> {
    functions_of(&SharedList(None))
}

/// [`functions`] whose Public Suffix List (`url_registrable_domain`, `url_public_suffix` and
/// their `_icann` forms) is `list` instead of the built-in one, as `urlkit sql --psl FILE`
/// registers them.
///
/// ```
/// use std::sync::Arc;
/// let list = urlkit::domain::List::parse("example\n").unwrap();
/// let fs = urlkit_datafusion::functions_with_list(Arc::new(list));
/// assert_eq!(fs.len(), urlkit_datafusion::functions().len());
/// ```
pub fn functions_with_list(list: Arc<List>) -> Vec<ScalarUDF> {
    functions_of(&SharedList(Some(list)))
}

fn functions_of(list: &SharedList) -> Vec<ScalarUDF> {
    TABLE
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let sigs = r.strings.iter().map(|&n| TypeSignature::String(n)).collect();
            let signature = Signature::one_of(sigs, r.volatility);
            ScalarUDF::new_from_impl(UrlFunction {
                row: i,
                signature,
                list: list.clone(),
            })
        })
        .collect()
}

/// Registers every urlkit SQL function on `ctx`.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> datafusion::error::Result<()> {
/// let ctx = datafusion::prelude::SessionContext::new();
/// urlkit_datafusion::register(&ctx);
/// let df = ctx.sql("SELECT url_scheme('HTTPS://h/') AS s").await?;
/// let batches = df.collect().await?;
/// assert_eq!(batches[0].num_rows(), 1);
/// # Ok(())
/// # }
/// ```
pub fn register(ctx: &SessionContext) {
    for f in functions() {
        ctx.register_udf(f);
    }
}

/// [`register`] with [`functions_with_list`]: the domain functions use `list`.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> datafusion::error::Result<()> {
/// let list = urlkit::domain::List::parse("example\n").unwrap();
/// let ctx = datafusion::prelude::SessionContext::new();
/// urlkit_datafusion::register_with_list(&ctx, std::sync::Arc::new(list));
/// let batches = ctx.sql("SELECT url_registrable_domain('https://a.b.example/') AS r").await?.collect().await?;
/// let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
/// assert!(text.contains("| b.example |"), "{text}");
/// # Ok(())
/// # }
/// ```
pub fn register_with_list(ctx: &SessionContext, list: Arc<List>) {
    for f in functions_with_list(list) {
        ctx.register_udf(f);
    }
}

impl ScalarUDFImpl for UrlFunction {
    fn name(&self) -> &str {
        self.row().name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok((self.row().returns)())
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let row = self.row();
        let call = Call {
            name: row.name,
            args: &args.args,
            rows: args.number_rows,
            list: self.list.get(),
        };
        let out = (row.kernel)(&call)?;
        if let ColumnarValue::Array(a) = &out {
            debug_assert_eq!(a.len(), call.rows);
        }
        Ok(out)
    }

    fn documentation(&self) -> Option<&Documentation> {
        // One built documentation per row, kept for the process's life.
        static DOCS: OnceLock<Vec<Documentation>> = OnceLock::new();
        let docs = DOCS.get_or_init(|| {
            TABLE
                .iter()
                .map(|r| {
                    let mut b = Documentation::builder(SECTION, with_profiles(r.description), r.syntax)
                        .with_sql_example(format!("{};  -- {}", r.example, r.answer));
                    for (name, text) in r.arguments {
                        b = b.with_argument(*name, with_profiles(text));
                    }
                    b.build()
                })
                .collect()
        });
        docs.get(self.row)
    }
}
