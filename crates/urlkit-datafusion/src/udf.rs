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
use urlkit_arrow::{Decoding, DomainPart, EncodeSet, Label, OnError, Part, Parts, Profile, Slice, Strings};

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
    /// The numbers of arguments it also accepts of any type, uncoerced (`port(url, 8080)`).
    any: &'static [usize],
    /// The dialect it belongs to; `None`: urlkit's own (`register`).
    dialect: Option<Dialect>,
}

impl Row {
    /// The row in `dialect`'s table.
    const fn of(mut self, dialect: Dialect) -> Row {
        self.dialect = Some(dialect);
        self
    }
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
            None => exec_err!("{}: the {what} must be a string", c.name),
        },
        ColumnarValue::Array(_) => plan_err!("{}: the {what} must be a constant", c.name),
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
    let sets: Vec<String> = EncodeSet::ALL.iter().map(|s| format!("'{}'", s.name())).collect();
    text.replace("{profiles}", &profiles)
        .replace("{profile names}", &or_list(|p| format!("'{}'", p.name())))
        .replace("{step names}", &steps.join(", "))
        .replace("{encode sets}", &sets.join(", "))
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
        any: &[],
        dialect: None,
    }
}

/// [`part`] with ClickHouse's answer for a row without one (the empty string).
fn part_or_empty(c: &Call<'_>, p: Part) -> Result<ColumnarValue> {
    column(urlkit_arrow::component(c.urls()?.as_ref(), p, OnError::Empty)?.values)
}

/// The kernel of the functions that give one [`Slice`] of the href.
fn slice(c: &Call<'_>, s: Slice, on_error: OnError) -> Result<ColumnarValue> {
    column(urlkit_arrow::slice(c.urls()?.as_ref(), s, on_error)?.values)
}

/// The kernel of the functions that give one [`Label`] of the host, by the registered list.
fn label(c: &Call<'_>, l: Label, on_error: OnError) -> Result<ColumnarValue> {
    column(urlkit_arrow::labels(c.urls()?.as_ref(), l, c.list, on_error)?.values)
}

fn string_list() -> DataType {
    DataType::List(urlkit_arrow::string_list_field())
}

/// The encode set named by the constant argument `i` (`default` without one); `Ok(None)`
/// for a SQL NULL.
fn encode_set(c: &Call<'_>, i: usize) -> Result<Option<EncodeSet>> {
    if c.args.len() <= i {
        return Ok(Some(EncodeSet::Component));
    }
    match constant(c, i, "encode set")? {
        Some(name) => name
            .parse::<EncodeSet>()
            .map(Some)
            .map_err(|e| DataFusionError::Execution(format!("{}: {e}", c.name))),
        None => Ok(None),
    }
}

/// `url_encode(s [, set])`.
fn encode(c: &Call<'_>) -> Result<ColumnarValue> {
    match encode_set(c, 1)? {
        Some(set) => column(urlkit_arrow::percent_encode(c.urls()?.as_ref(), set)?),
        None => Ok(ColumnarValue::Scalar(ScalarValue::Utf8(None))),
    }
}

/// `url_decode(s [, set])`: the set says whether `+` is a space.
fn decode(c: &Call<'_>) -> Result<ColumnarValue> {
    match encode_set(c, 1)? {
        Some(set) => column(urlkit_arrow::percent_decode(
            c.urls()?.as_ref(),
            set.space_as_plus(),
            Decoding::Strict,
        )?),
        None => Ok(ColumnarValue::Scalar(ScalarValue::Utf8(None))),
    }
}

/// The argument `i` as kernel input, a NULL when the call has fewer arguments.
fn optional<'c>(c: &'c Call<'_>, i: usize, what: &str) -> Result<Strings<'c>> {
    match c.args.len() > i {
        true => c.strings(i, what),
        false => Ok(Strings::Scalar(None)),
    }
}

/// `url_build(scheme, host, path [, query [, fragment]])`.
fn build(c: &Call<'_>) -> Result<ColumnarValue> {
    let parts = Parts {
        scheme: c.strings(0, "scheme")?,
        host: c.strings(1, "host")?,
        path: c.strings(2, "path")?,
        query: optional(c, 3, "query")?,
        fragment: optional(c, 4, "fragment")?,
    };
    column(urlkit_arrow::build(parts, c.rows, OnError::Null)?.values)
}

/// ClickHouse's `port(url [, default_port])`: the default a constant number (0 when not
/// given), the URL any string type.
fn clickhouse_port(c: &Call<'_>) -> Result<ColumnarValue> {
    let default = match c.args.get(1) {
        None => 0,
        Some(ColumnarValue::Scalar(s)) => match s.cast_to(&DataType::UInt16) {
            Ok(ScalarValue::UInt16(Some(p))) => p,
            Ok(_) => return Ok(ColumnarValue::Scalar(ScalarValue::UInt16(None))),
            Err(_) => return exec_err!("port: the default port must be a number from 0 to 65535"),
        },
        Some(ColumnarValue::Array(_)) => return plan_err!("port: the default port must be a constant"),
    };
    let urls = c.urls()?;
    let urls = match urls.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => urls,
        _ => datafusion::arrow::compute::cast(&urls, &DataType::Utf8View)?,
    };
    column(urlkit_arrow::port_or(urls.as_ref(), default)?)
}

/// Spark's `parse_url(url, part [, key])`.
fn parse_url(c: &Call<'_>) -> Result<ColumnarValue> {
    let part = c.strings(1, "part")?;
    let key = match c.args.len() {
        3 => Some(c.strings(2, "key")?),
        _ => None,
    };
    column(urlkit_arrow::java_part(c.urls()?.as_ref(), part, key, OnError::Null)?.values)
}

const NAME_ARG: (&str, &str) = ("name", "The parameter's name.");

const CLICKHOUSE_SECTION: DocSection = DocSection {
    include: true,
    label: "URL Functions (urlkit, ClickHouse dialect)",
    description: Some(
        "ClickHouse's URL functions by their names, over the WHATWG URL Standard's parse (urlkit sql --dialect clickhouse).",
    ),
};

const SPARK_SECTION: DocSection = DocSection {
    include: true,
    label: "URL Functions (urlkit, Spark dialect)",
    description: Some(
        "Spark's URL functions by their names, over the WHATWG URL Standard's parse (urlkit sql --dialect spark).",
    ),
};

/// Every function, in the order of the crate's list: urlkit's, then the dialects'.
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
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
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_encode",
        strings: &[1, 2],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: encode,
        description: "Percent-encodes text (as UTF-8) with an encode set: each byte of the set and every byte above 0x7E as %XX. The sets are the URL Standard's (section 1.3), by the names `urlkit encode --set` takes, and RFC 3986's: {encode sets}. 'application/x-www-form-urlencoded' (or 'form') and 'unreserved-form' write a space as '+'. Names are case-insensitive, '_' may stand for '-'.",
        syntax: "url_encode(text [, set])",
        arguments: &[
            ("text", "The text to encode."),
            ("set", "The encode set's name (a constant; 'component' by default)."),
        ],
        example: "SELECT url_encode('a b&c/d')",
        answer: "a%20b%26c%2Fd",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_decode",
        strings: &[1, 2],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: decode,
        description: "Percent-decodes text: each %XX to its byte, a '%' without two hexadecimal digits after it kept as it is (the URL Standard's percent-decode); with the set 'application/x-www-form-urlencoded' (or 'form', 'unreserved-form') each '+' is a space first. NULL when the decoded bytes are not UTF-8.",
        syntax: "url_decode(text [, set])",
        arguments: &[
            ("text", "The text to decode."),
            ("set", "An encode set's name, as url_encode's (a constant); only whether '+' is a space matters."),
        ],
        example: "SELECT url_decode('a%20b+c%C3%A9', 'form')",
        answer: "a b cé",
        any: &[],
        dialect: None,
    },
    of_url(
        "url_origin",
        |c| column(urlkit_arrow::origin(c.urls()?.as_ref(), OnError::Null)?.values),
        "The ASCII serialization of the URL's origin (HTML): scheme://host[:port] for http, https, ws, wss, ftp and a blob: URL of one of those; 'null' for every other URL (an opaque origin).",
        "url_origin(url)",
        "SELECT url_origin('https://user@Example.com:443/a?b')",
        "https://example.com",
    ),
    Row {
        name: "url_query_params",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Map(urlkit_arrow::query_params_field(), false),
        kernel: |c| column(urlkit_arrow::query_params(c.urls()?.as_ref())?),
        description: "The query's parameters as a map from name to value, decoded as application/x-www-form-urlencoded (URLSearchParams): each name once, with its first value (as URLSearchParams.get and url_query_param; url_query_param_all gives every value), in the query's order. An empty map when the URL has no query; NULL when it does not parse.",
        syntax: "url_query_params(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_query_params('https://h/?a=1&b=x+y&a=2')['a']",
        answer: "1",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_query_param_all",
        strings: &[2],
        volatility: Volatility::Immutable,
        returns: string_list,
        kernel: |c| {
            let urls = c.urls()?;
            column(urlkit_arrow::query_param_all(urls.as_ref(), c.strings(1, "name")?)?)
        },
        description: "Every value of the query parameter with this name, decoded (URLSearchParams.getAll), in order, as a list; an empty list when there is none; NULL when the URL does not parse.",
        syntax: "url_query_param_all(url, name)",
        arguments: &[URL_ARG, ("name", "The parameter's name (decoded form).")],
        example: "SELECT url_query_param_all('https://h/?a=1&b=2&a=x%20y', 'a')",
        answer: "[1, x y]",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_set",
        strings: &[3],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| {
            let urls = c.urls()?;
            let (component, value) = (c.strings(1, "component")?, c.strings(2, "value")?);
            column(urlkit_arrow::set(urls.as_ref(), component, value, OnError::Null)?.values)
        },
        description: "The URL's href after one component is set through the URL Standard's API setter (section 6.1: the value is parsed with the component's state override and encode set). The component is an attribute's name: 'href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search' or 'hash'. NULL when the URL does not parse, the component is no such name, or the setter refuses the value (where the URL Standard would leave the URL unchanged: a port that is not a number, a host on a URL that cannot have one, ...).",
        syntax: "url_set(url, component, value)",
        arguments: &[
            URL_ARG,
            ("component", "The attribute to set, by its URL API name."),
            ("value", "The new value."),
        ],
        example: "SELECT url_set('https://h/a?b#c', 'pathname', '/x y')",
        answer: "https://h/x%20y?b#c",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_build",
        strings: &[3, 4, 5],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: build,
        description: "A URL from its parts (urlkit's UrlBuilder): each part percent-encoded with its component's encode set, the host through the host parser, the result parsed by the URL Standard, as its href. A NULL host is none (mailto:), a NULL path empty, a NULL query or fragment absent. NULL when the scheme is NULL or the parts make no URL (a special scheme without a host, a host that does not parse, ...).",
        syntax: "url_build(scheme, host, path [, query [, fragment]])",
        arguments: &[
            ("scheme", "The scheme, without ':'."),
            ("host", "The host (a domain, an IP address; no port)."),
            ("path", "The path."),
            ("query", "The query, without '?'."),
            ("fragment", "The fragment, without '#'."),
        ],
        example: "SELECT url_build('https', 'Example.com', '/a b', 'q=1', 'top')",
        answer: "https://example.com/a%20b?q=1#top",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_hierarchy",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: string_list,
        kernel: |c| column(urlkit_arrow::hierarchy(c.urls()?.as_ref(), false, OnError::Null)?),
        description: "The href cut after each run of '/', '?' and '#' in the path, query and fragment, as a list: first the scheme, host and the path's first '/', then longer and longer prefixes, the whole href last (ClickHouse's URLHierarchy, urlkit::domain::url_hierarchy). NULL when the URL does not parse.",
        syntax: "url_hierarchy(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_hierarchy('https://example.com/browse/CONV-6788?x=1')",
        answer: "[https://example.com/, https://example.com/browse/, https://example.com/browse/CONV-6788?, https://example.com/browse/CONV-6788?x=1]",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_path_hierarchy",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: string_list,
        kernel: |c| column(urlkit_arrow::hierarchy(c.urls()?.as_ref(), true, OnError::Null)?),
        description: "url_hierarchy from the path on, without the root '/' (ClickHouse's URLPathHierarchy).",
        syntax: "url_path_hierarchy(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_path_hierarchy('https://example.com/browse/CONV-6788')",
        answer: "[/browse/, /browse/CONV-6788]",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_query_pieces",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: string_list,
        kernel: |c| column(urlkit_arrow::query_pieces(c.urls()?.as_ref(), false, OnError::Null)?),
        description: "The query's 'name=value' pieces as written (not decoded; empty pieces left out), as a list (ClickHouse's extractURLParameters); an empty list without a query; NULL when the URL does not parse.",
        syntax: "url_query_pieces(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_query_pieces('http://h/?a=1&b&&c=%20#x')",
        answer: "[a=1, b, c=%20]",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_query_names",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: string_list,
        kernel: |c| column(urlkit_arrow::query_pieces(c.urls()?.as_ref(), true, OnError::Null)?),
        description: "The names of url_query_pieces (not decoded, repeated as they repeat), as a list (ClickHouse's extractURLParameterNames).",
        syntax: "url_query_names(url)",
        arguments: &[URL_ARG],
        example: "SELECT url_query_names('http://h/?a=1&b&a=2')",
        answer: "[a, b, a]",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_query_param_raw",
        strings: &[2],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| {
            let urls = c.urls()?;
            column(urlkit_arrow::query_param_raw(urls.as_ref(), c.strings(1, "name")?, OnError::Null)?.values)
        },
        description: "The value of the first query parameter with this name as written, not decoded (ClickHouse's extractURLParameter); '' for the name without '='; NULL when absent or the URL does not parse.",
        syntax: "url_query_param_raw(url, name)",
        arguments: &[URL_ARG, NAME_ARG],
        example: "SELECT url_query_param_raw('http://h/?a=1&b=x%20y', 'b')",
        answer: "x%20y",
        any: &[],
        dialect: None,
    },
    Row {
        name: "url_cut_query_parameter",
        strings: &[2],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| {
            let urls = c.urls()?;
            column(urlkit_arrow::cut_query_param(urls.as_ref(), c.strings(1, "name")?, OnError::Null)?.values)
        },
        description: "The href without every query parameter with this name (names compared as written); without '?' when none is left (ClickHouse's cutURLParameter). NULL when the URL does not parse.",
        syntax: "url_cut_query_parameter(url, name)",
        arguments: &[URL_ARG, NAME_ARG],
        example: "SELECT url_cut_query_parameter('http://bigmir.net/?a=b&c=d&e=f&a=g#g', 'a')",
        answer: "http://bigmir.net/?c=d&e=f#g",
        any: &[],
        dialect: None,
    },
    of_url(
        "url_first_significant_subdomain",
        |c| label(c, Label::FirstSignificantSubdomain, OnError::Null),
        "The label before the host's public suffix: the first label of url_registrable_domain, by the same Public Suffix List (ClickHouse's firstSignificantSubdomainCustom with the list). NULL where url_registrable_domain is NULL.",
        "url_first_significant_subdomain(url)",
        "SELECT url_first_significant_subdomain('https://news.clickhouse.com.tr/')",
        "clickhouse",
    ),
    of_url(
        "url_top_level_domain",
        |c| label(c, Label::TopLevelDomain, OnError::Null),
        "The last label of the host when it is a domain (also an opaque host that is a valid domain, lower-cased), without a trailing dot. NULL for IP addresses, empty hosts, URLs without a host and URLs that do not parse.",
        "url_top_level_domain(url)",
        "SELECT url_top_level_domain('https://svn.example.co.uk:8080/')",
        "uk",
    ),
    of_url(
        "url_cut_www",
        |c| slice(c, Slice::CutWww, OnError::Null),
        "The href with one leading 'www.' label removed from the host (ClickHouse's cutWWW).",
        "url_cut_www(url)",
        "SELECT url_cut_www('http://www.example.com/a')",
        "http://example.com/a",
    ),
    of_url(
        "url_cut_query_string",
        |c| slice(c, Slice::CutQueryString, OnError::Null),
        "The href without its query, '?' included; the fragment stays (ClickHouse's cutQueryString).",
        "url_cut_query_string(url)",
        "SELECT url_cut_query_string('http://h/p?a=1#f')",
        "http://h/p#f",
    ),
    of_url(
        "url_cut_fragment",
        |c| slice(c, Slice::CutFragment, OnError::Null),
        "The href without its fragment, '#' included (ClickHouse's cutFragment).",
        "url_cut_fragment(url)",
        "SELECT url_cut_fragment('http://h/p?a=1#f')",
        "http://h/p?a=1",
    ),
    of_url(
        "url_cut_query_string_and_fragment",
        |c| slice(c, Slice::CutQueryStringAndFragment, OnError::Null),
        "The href without query and fragment (ClickHouse's cutQueryStringAndFragment).",
        "url_cut_query_string_and_fragment(url)",
        "SELECT url_cut_query_string_and_fragment('http://h/p?a=1#f')",
        "http://h/p",
    ),
    of_url(
        "url_domain_without_www",
        |c| slice(c, Slice::DomainWithoutWww, OnError::Null),
        "The host name without one leading 'www.' (ClickHouse's domainWithoutWWW).",
        "url_domain_without_www(url)",
        "SELECT url_domain_without_www('http://www.www.example.com/')",
        "www.example.com",
    ),
    of_url(
        "url_netloc",
        |c| slice(c, Slice::Netloc, OnError::Null),
        "What lies between '//' and the path as serialized: username, password, host and port ('user:pw@host:port', Python's netloc); NULL when the URL has no host ('' for an empty one, file:///).",
        "url_netloc(url)",
        "SELECT url_netloc('http://paul@www.example.com:8080/a')",
        "paul@www.example.com:8080",
    ),
    of_url(
        "url_path_full",
        |c| slice(c, Slice::PathFull, OnError::Null),
        "The path with the query and the fragment (ClickHouse's pathFull).",
        "url_path_full(url)",
        "SELECT url_path_full('https://h/a/./b?q#f')",
        "/a/b?q#f",
    ),
    of_url(
        "protocol",
        |c| part_or_empty(c, Part::Scheme),
        "The scheme, lower-case, without ':' (coalesce(url_scheme(url), '')). ClickHouse reads the letters before ':' without parsing, keeping their case; here the URL must parse: '' for a string that is not a URL (URL Standard wins).",
        "protocol(url)",
        "SELECT protocol('https://clickhouse.com/')",
        "https",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "domain",
        |c| part_or_empty(c, Part::Attribute(Attribute::Hostname)),
        "The host name (coalesce(url_hostname(url), '')): lower-case, IDNA to ASCII, IPv6 in brackets. ClickHouse also finds a host in a string without a scheme ('example.com/x') and leaves the host as written; here such a string is no URL and gives '' (or is read as the URL Standard reads it: 'host.example:80/x' has the scheme 'host.example'), and the host is the parser's (URL Standard wins).",
        "domain(url)",
        "SELECT domain('svn+ssh://some.svn-hosting.com:80/repo/trunk')",
        "some.svn-hosting.com",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "domainWithoutWWW",
        |c| slice(c, Slice::DomainWithoutWww, OnError::Empty),
        "domain without one leading 'www.' (coalesce(url_domain_without_www(url), '')). As ClickHouse's, over the parsed host (URL Standard wins where they differ: see domain).",
        "domainWithoutWWW(url)",
        "SELECT domainWithoutWWW('http://paul@www.example.com:80/')",
        "example.com",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "topLevelDomain",
        |c| label(c, Label::TopLevelDomain, OnError::Empty),
        "The host's last label (coalesce(url_top_level_domain(url), '')); '' for an IP address. As ClickHouse's, over the parsed host (URL Standard wins where they differ: see domain).",
        "topLevelDomain(url)",
        "SELECT topLevelDomain('svn+ssh://www.some.svn-hosting.com:80/repo/trunk')",
        "com",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "firstSignificantSubdomain",
        |c| label(c, Label::FirstSignificantSubdomain, OnError::Empty),
        "The label before the public suffix (coalesce(url_first_significant_subdomain(url), '')). ClickHouse's built-in rule is its own (a top-level domain list and a few second-level names such as com, net, org, co); here the Public Suffix List decides, as ClickHouse's firstSignificantSubdomainCustom with that list does (the list wins; it knows github.io, co.uk, ...).",
        "firstSignificantSubdomain(url)",
        "SELECT firstSignificantSubdomain('https://news.clickhouse.com.tr/')",
        "clickhouse",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "cutToFirstSignificantSubdomain",
        |c| {
            let options = urlkit::domain::Options::new();
            let urls = c.urls()?;
            let out = urlkit_arrow::domain_with(urls.as_ref(), DomainPart::RegistrableDomain, c.list, options, OnError::Empty)?;
            column(out.values)
        },
        "The host from its first significant subdomain on: the registrable domain (coalesce(url_registrable_domain(url), '')). The Public Suffix List decides (see firstSignificantSubdomain); ClickHouse accepts a bare host ('www.tr'), here a URL is needed (URL Standard wins).",
        "cutToFirstSignificantSubdomain(url)",
        "SELECT cutToFirstSignificantSubdomain('https://news.clickhouse.com.tr/')",
        "clickhouse.com.tr",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "cutWWW",
        |c| slice(c, Slice::CutWww, OnError::Empty),
        "The URL with one leading 'www.' removed from the host (coalesce(url_cut_www(url), '')). ClickHouse returns the input as written; here the href (the URL Standard's serialization: host lower-cased, default port dropped, path normalized; URL Standard wins), '' when the URL does not parse.",
        "cutWWW(url)",
        "SELECT cutWWW('http://www.example.com/path?query=value#fragment')",
        "http://example.com/path?query=value#fragment",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "cutQueryString",
        |c| slice(c, Slice::CutQueryString, OnError::Empty),
        "The URL without its query, '?' included (coalesce(url_cut_query_string(url), '')); the href as in cutWWW (URL Standard wins).",
        "cutQueryString(url)",
        "SELECT cutQueryString('http://example.com/path?query=value&param=123#fragment')",
        "http://example.com/path#fragment",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "cutFragment",
        |c| slice(c, Slice::CutFragment, OnError::Empty),
        "The URL without its fragment, '#' included (coalesce(url_cut_fragment(url), '')); the href as in cutWWW (URL Standard wins).",
        "cutFragment(url)",
        "SELECT cutFragment('http://example.com/path?query=value&param=123#fragment')",
        "http://example.com/path?query=value&param=123",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "cutQueryStringAndFragment",
        |c| slice(c, Slice::CutQueryStringAndFragment, OnError::Empty),
        "The URL without query and fragment (coalesce(url_cut_query_string_and_fragment(url), '')); the href as in cutWWW (URL Standard wins).",
        "cutQueryStringAndFragment(url)",
        "SELECT cutQueryStringAndFragment('http://example.com/path?query=value&param=123#fragment')",
        "http://example.com/path",
    )
    .of(Dialect::ClickHouse),
    Row {
        name: "cutURLParameter",
        strings: &[2],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| {
            let urls = c.urls()?;
            column(urlkit_arrow::cut_query_param(urls.as_ref(), c.strings(1, "name")?, OnError::Empty)?.values)
        },
        description: "The URL without every query parameter with this name (coalesce(url_cut_query_parameter(url, name), '')). ClickHouse also takes an array of names and also cuts 'name=value' pieces of the fragment; here one name, and the query only (the fragment is not the query: URL Standard wins); the href as in cutWWW.",
        syntax: "cutURLParameter(url, name)",
        arguments: &[URL_ARG, NAME_ARG],
        example: "SELECT cutURLParameter('http://bigmir.net/?a=b&c=d&e=f#g', 'a')",
        answer: "http://bigmir.net/?c=d&e=f#g",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    of_url(
        "path",
        |c| part_or_empty(c, Part::Attribute(Attribute::Pathname)),
        "The path without query and fragment (url_path(url), '' when the URL does not parse). ClickHouse gives the bytes as written; here the parser's path: dot segments removed, percent-encoded, '/' for a special URL without one (URL Standard wins).",
        "path(url)",
        "SELECT path('https://example.com/browse/CONV-6788?x=1')",
        "/browse/CONV-6788",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "pathFull",
        |c| slice(c, Slice::PathFull, OnError::Empty),
        "The path with the query and the fragment (coalesce(url_path_full(url), '')), the parser's (see path; URL Standard wins).",
        "pathFull(url)",
        "SELECT pathFull('https://example.com/browse/CONV-6788?x=1#f')",
        "/browse/CONV-6788?x=1#f",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "queryString",
        |c| part_or_empty(c, Part::Query),
        "The query without '?' and the fragment (coalesce(url_query(url), '')), as the parser encodes it (URL Standard wins).",
        "queryString(url)",
        "SELECT queryString('http://example.com/?page=1&lr=213#frag')",
        "page=1&lr=213",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "fragment",
        |c| part_or_empty(c, Part::Fragment),
        "The fragment without '#' (coalesce(url_fragment(url), '')), as the parser encodes it (URL Standard wins).",
        "fragment(url)",
        "SELECT fragment('http://example.com/?page=1#29390')",
        "29390",
    )
    .of(Dialect::ClickHouse),
    of_url(
        "queryStringAndFragment",
        |c| slice(c, Slice::QueryStringAndFragment, OnError::Empty),
        "The query without '?', then '#' and the fragment; without a query, '#' and the fragment, as ClickHouse answers (queryString, '#', fragment of the parsed URL).",
        "queryStringAndFragment(url)",
        "SELECT queryStringAndFragment('http://example.com/?page=1&lr=213#29390')",
        "page=1&lr=213#29390",
    )
    .of(Dialect::ClickHouse),
    Row {
        name: "extractURLParameter",
        strings: &[2],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: |c| {
            let urls = c.urls()?;
            column(urlkit_arrow::query_param_raw(urls.as_ref(), c.strings(1, "name")?, OnError::Empty)?.values)
        },
        description: "The first value of the query parameter with this name, not decoded; '' when absent (coalesce(url_query_param_raw(url, name), '')). ClickHouse also looks in the fragment ('#a=1'); here the query only (URL Standard wins).",
        syntax: "extractURLParameter(url, name)",
        arguments: &[URL_ARG, NAME_ARG],
        example: "SELECT extractURLParameter('http://example.com/?param1=value1&param2=value2', 'param1')",
        answer: "value1",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    Row {
        name: "extractURLParameters",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: string_list,
        kernel: |c| column(urlkit_arrow::query_pieces(c.urls()?.as_ref(), false, OnError::Empty)?),
        description: "The query's 'name=value' pieces, not decoded, as an array (url_query_pieces; an empty array when the URL does not parse). ClickHouse also splits the fragment; here the query only (URL Standard wins).",
        syntax: "extractURLParameters(url)",
        arguments: &[URL_ARG],
        example: "SELECT extractURLParameters('http://example.com/?param1=value1&param2=value2')",
        answer: "[param1=value1, param2=value2]",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    Row {
        name: "extractURLParameterNames",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: string_list,
        kernel: |c| column(urlkit_arrow::query_pieces(c.urls()?.as_ref(), true, OnError::Empty)?),
        description: "The names of extractURLParameters, not decoded (url_query_names; an empty array when the URL does not parse); the query only, as extractURLParameters (URL Standard wins).",
        syntax: "extractURLParameterNames(url)",
        arguments: &[URL_ARG],
        example: "SELECT extractURLParameterNames('http://example.com/?param1=value1&param2=value2')",
        answer: "[param1, param2]",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    Row {
        name: "URLHierarchy",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: string_list,
        kernel: |c| column(urlkit_arrow::hierarchy(c.urls()?.as_ref(), false, OnError::Empty)?),
        description: "The URL cut after each run of '/', '?' and '#' in path, query and fragment, scheme and host first (url_hierarchy; an empty array when the URL does not parse), over the href (URL Standard wins: see cutWWW).",
        syntax: "URLHierarchy(url)",
        arguments: &[URL_ARG],
        example: "SELECT URLHierarchy('https://example.com/browse/CONV-6788')",
        answer: "[https://example.com/, https://example.com/browse/, https://example.com/browse/CONV-6788]",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    Row {
        name: "URLPathHierarchy",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: string_list,
        kernel: |c| column(urlkit_arrow::hierarchy(c.urls()?.as_ref(), true, OnError::Empty)?),
        description: "URLHierarchy from the path on, without the root '/' (url_path_hierarchy; an empty array when the URL does not parse), over the href (URL Standard wins: see cutWWW).",
        syntax: "URLPathHierarchy(url)",
        arguments: &[URL_ARG],
        example: "SELECT URLPathHierarchy('https://example.com/browse/CONV-6788')",
        answer: "[/browse/, /browse/CONV-6788]",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    Row {
        name: "decodeURLComponent",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: |c| column(urlkit_arrow::percent_decode(c.urls()?.as_ref(), false, Decoding::Lossy)?),
        description: "Percent-decodes any text, a '%' without two hexadecimal digits after it kept, as ClickHouse does (url_decode(text) where that is not NULL). Decoded bytes that are not UTF-8 become U+FFFD (ClickHouse keeps the bytes; SQL strings here are UTF-8).",
        syntax: "decodeURLComponent(text)",
        arguments: &[("text", "The text to decode.")],
        example: "SELECT decodeURLComponent('http://127.0.0.1:8123/?query=SELECT%201%3B')",
        answer: "http://127.0.0.1:8123/?query=SELECT 1;",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    Row {
        name: "encodeURLComponent",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: |c| column(urlkit_arrow::percent_encode(c.urls()?.as_ref(), EncodeSet::Unreserved)?),
        description: "Percent-encodes any text, every byte but RFC 3986's unreserved characters (letters, digits, '-', '.', '_', '~'), as ClickHouse does (url_encode(text, 'unreserved')); a stricter set than the URL Standard's component set, which leaves !'()* alone (ClickHouse's bytes win: the output is the same as ClickHouse's).",
        syntax: "encodeURLComponent(text)",
        arguments: &[("text", "The text to encode.")],
        example: "SELECT encodeURLComponent('http://127.0.0.1:8123/?query=SELECT 1;')",
        answer: "http%3A%2F%2F127.0.0.1%3A8123%2F%3Fquery%3DSELECT%201%3B",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    Row {
        name: "decodeURLFormComponent",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: |c| column(urlkit_arrow::percent_decode(c.urls()?.as_ref(), true, Decoding::Lossy)?),
        description: "decodeURLComponent with each '+' a space first, as ClickHouse does (url_decode(text, 'form') where that is not NULL); bytes that are not UTF-8 as decodeURLComponent.",
        syntax: "decodeURLFormComponent(text)",
        arguments: &[("text", "The text to decode.")],
        example: "SELECT decodeURLFormComponent('http://127.0.0.1:8123/?query=SELECT%201+2%2B3')",
        answer: "http://127.0.0.1:8123/?query=SELECT 1 2+3",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    Row {
        name: "encodeURLFormComponent",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: |c| column(urlkit_arrow::percent_encode(c.urls()?.as_ref(), EncodeSet::UnreservedForm)?),
        description: "encodeURLComponent with a space as '+', as ClickHouse does (url_encode(text, 'unreserved-form')). It differs from the URL Standard's application/x-www-form-urlencoded serializer, which leaves '*' and encodes '~' (ClickHouse's bytes win).",
        syntax: "encodeURLFormComponent(text)",
        arguments: &[("text", "The text to encode.")],
        example: "SELECT encodeURLFormComponent('http://127.0.0.1:8123/?query=SELECT 1 2+3')",
        answer: "http%3A%2F%2F127.0.0.1%3A8123%2F%3Fquery%3DSELECT+1+2%2B3",
        any: &[],
        dialect: Some(Dialect::ClickHouse),
    },
    of_url(
        "netloc",
        |c| slice(c, Slice::Netloc, OnError::Empty),
        "Username, password, host and port (coalesce(url_netloc(url), '')). ClickHouse gives them as written; here as serialized: a scheme's default port is dropped ('http://h:80/' gives 'h'), the host lower-cased (URL Standard wins).",
        "netloc(url)",
        "SELECT netloc('http://paul@www.example.com:80/')",
        "paul@www.example.com",
    )
    .of(Dialect::ClickHouse),
    Row {
        name: "port",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::UInt16,
        kernel: clickhouse_port,
        description: "The port (UInt16), or default_port (0 when not given) when the URL has none or does not parse (coalesce(url_port(url), default_port)). ClickHouse reads the digits as written, so 'http://h:80/' gives 80; the URL Standard drops a scheme's default port, so here it gives default_port (URL Standard wins).",
        syntax: "port(url [, default_port])",
        arguments: &[URL_ARG, ("default_port", "The answer without a port (a constant number; 0 by default).")],
        example: "SELECT port('http://paul@www.example.com:8080/')",
        answer: "8080",
        any: &[2],
        dialect: Some(Dialect::ClickHouse),
    },
    Row {
        name: "parse_url",
        strings: &[2, 3],
        volatility: Volatility::Immutable,
        returns: utf8_view,
        kernel: parse_url,
        description: "A part of the URL as Spark's parse_url names it: 'HOST', 'PATH', 'QUERY', 'REF' (the fragment), 'PROTOCOL', 'FILE' (path and query), 'AUTHORITY' (userinfo, host, port), 'USERINFO', upper case as in Spark; with a key, the raw value of the first 'key=value' piece of the query ('QUERY' only). NULL where Spark gives NULL: the part absent (no query, no fragment, no user info; no path for an opaque URL such as mailto:), an unknown part name, a key that is not there. Spark reads the URL with java.net.URI (RFC 2396) and, in ANSI mode, fails the query on a bad URL; here the URL Standard parses it (URL Standard wins): hosts lower-cased and IDNA-processed, default ports dropped from AUTHORITY, dot segments removed, '/' as the path of 'http://h', spaces and other bytes Java refuses percent-encoded instead of NULL; a URL that does not parse gives NULL.",
        syntax: "parse_url(url, part [, key])",
        arguments: &[
            URL_ARG,
            ("part", "HOST, PATH, QUERY, REF, PROTOCOL, FILE, AUTHORITY or USERINFO."),
            ("key", "With QUERY: a parameter's name."),
        ],
        example: "SELECT parse_url('http://spark.apache.org/path?query=1', 'QUERY', 'query')",
        answer: "1",
        any: &[],
        dialect: Some(Dialect::Spark),
    },
    Row {
        name: "url_encode",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: |c| column(urlkit_arrow::percent_encode(c.urls()?.as_ref(), EncodeSet::Form)?),
        description: "Spark's url_encode (Java's URLEncoder in UTF-8): every byte but letters, digits and '*', '-', '.', '_' as %XX, a space as '+'; the same bytes as the URL Standard's application/x-www-form-urlencoded serializer, so urlkit's url_encode(text, 'form'). Registered by the Spark dialect in place of urlkit's url_encode.",
        syntax: "url_encode(text)",
        arguments: &[("text", "The text to encode.")],
        example: "SELECT url_encode('https://spark.apache.org')",
        answer: "https%3A%2F%2Fspark.apache.org",
        any: &[],
        dialect: Some(Dialect::Spark),
    },
    Row {
        name: "url_decode",
        strings: &[1],
        volatility: Volatility::Immutable,
        returns: || DataType::Utf8,
        kernel: |c| column(urlkit_arrow::percent_decode(c.urls()?.as_ref(), true, Decoding::Java)?),
        description: "Spark's url_decode (Java's URLDecoder in UTF-8): '+' as a space, %XX decoded, bytes that are not UTF-8 as U+FFFD. A '%' without two hexadecimal digits after it fails the query in Spark (try_url_decode gives NULL); here it gives NULL. Registered by the Spark dialect in place of urlkit's url_decode (which keeps such a '%' and leaves '+' alone).",
        syntax: "url_decode(text)",
        arguments: &[("text", "The text to decode.")],
        example: "SELECT url_decode('https%3A%2F%2Fspark.apache.org')",
        answer: "https://spark.apache.org",
        any: &[],
        dialect: Some(Dialect::Spark),
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
    /// The name in lower case when it has capitals (`cuttofirstsignificantsubdomain`):
    /// DataFusion folds unquoted names to lower case.
    aliases: Vec<String>,
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
    functions_of(&SharedList(None), None)
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
    functions_of(&SharedList(Some(list)), None)
}

/// The rows of `dialect` (urlkit's own for `None`) as functions.
fn functions_of(list: &SharedList, dialect: Option<Dialect>) -> Vec<ScalarUDF> {
    TABLE
        .iter()
        .enumerate()
        .filter(|(_, r)| r.dialect == dialect)
        .map(|(i, r)| {
            let strings = r.strings.iter().map(|&n| TypeSignature::String(n));
            let any = r.any.iter().map(|&n| TypeSignature::Any(n));
            let signature = Signature::one_of(strings.chain(any).collect(), r.volatility);
            let lower = r.name.to_ascii_lowercase();
            ScalarUDF::new_from_impl(UrlFunction {
                row: i,
                signature,
                list: list.clone(),
                aliases: (lower != r.name).then_some(lower).into_iter().collect(),
            })
        })
        .collect()
}

/// A SQL dialect whose URL functions urlkit also gives under their names there (registered
/// on request: [`register_clickhouse`], [`register_spark`], `urlkit sql --dialect NAME`).
///
/// ```
/// use urlkit_datafusion::Dialect;
/// assert_eq!("clickhouse".parse::<Dialect>(), Ok(Dialect::ClickHouse));
/// assert_eq!(Dialect::Spark.name(), "spark");
/// assert!(Dialect::ClickHouse.functions().iter().any(|f| f.name() == "cutToFirstSignificantSubdomain"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// ClickHouse's URL functions (`domain`, `cutToFirstSignificantSubdomain`,
    /// `extractURLParameter`, `URLHierarchy`, …): [`clickhouse_functions`].
    ClickHouse,
    /// Spark's `parse_url`, `url_encode` and `url_decode`: [`spark_functions`].
    Spark,
}

impl Dialect {
    /// Both dialects.
    pub const ALL: [Dialect; 2] = [Dialect::ClickHouse, Dialect::Spark];

    /// The dialect's name, as `urlkit sql --dialect` takes it: `clickhouse`, `spark`.
    ///
    /// ```
    /// assert_eq!(urlkit_datafusion::Dialect::ClickHouse.name(), "clickhouse");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::ClickHouse => "clickhouse",
            Dialect::Spark => "spark",
        }
    }

    /// The dialect's functions, for registries other than a `SessionContext`'s (a Ballista
    /// scheduler's or executor's, after [`functions`]: Spark's `url_encode` and `url_decode`
    /// replace urlkit's).
    ///
    /// ```
    /// assert_eq!(urlkit_datafusion::Dialect::Spark.functions().len(), 3);
    /// ```
    pub fn functions(self) -> Vec<ScalarUDF> {
        functions_of(&SharedList(None), Some(self))
    }

    /// [`Dialect::functions`] whose Public Suffix List is `list` (the domain functions), as
    /// [`functions_with_list`].
    ///
    /// ```
    /// let list = std::sync::Arc::new(urlkit::domain::List::parse("example\n").unwrap());
    /// assert!(!urlkit_datafusion::Dialect::ClickHouse.functions_with_list(list).is_empty());
    /// ```
    pub fn functions_with_list(self, list: Arc<List>) -> Vec<ScalarUDF> {
        functions_of(&SharedList(Some(list)), Some(self))
    }

    /// Registers the dialect's functions on `ctx`, after (and over) urlkit's own when
    /// [`register`] was called first.
    ///
    /// ```
    /// use datafusion::execution::FunctionRegistry;
    /// let ctx = datafusion::prelude::SessionContext::new();
    /// urlkit_datafusion::Dialect::Spark.register(&ctx);
    /// assert!(ctx.udf("parse_url").is_ok());
    /// ```
    pub fn register(self, ctx: &SessionContext) {
        for f in self.functions() {
            ctx.register_udf(f);
        }
    }
}

/// A name that is no [`Dialect`]'s.
///
/// ```
/// let e = "mysql".parse::<urlkit_datafusion::Dialect>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown sql dialect 'mysql' (expected clickhouse or spark)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDialect(pub String);

impl std::fmt::Display for UnknownDialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown sql dialect '{}' (expected clickhouse or spark)",
            self.0
        )
    }
}

impl std::error::Error for UnknownDialect {}

impl std::str::FromStr for Dialect {
    type Err = UnknownDialect;

    /// The dialect of that name, in any case.
    fn from_str(name: &str) -> std::result::Result<Self, Self::Err> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownDialect(name.to_owned()))
    }
}

/// ClickHouse's URL functions ([`Dialect::ClickHouse`]), for other registries; the name the
/// Ballista registries use.
///
/// ```
/// let names: Vec<String> = urlkit_datafusion::clickhouse_functions().iter().map(|f| f.name().to_owned()).collect();
/// assert!(names.contains(&"domain".to_owned()) && names.contains(&"URLHierarchy".to_owned()));
/// ```
pub fn clickhouse_functions() -> Vec<ScalarUDF> {
    Dialect::ClickHouse.functions()
}

/// Spark's URL functions ([`Dialect::Spark`]), for other registries.
///
/// ```
/// let names: Vec<String> = urlkit_datafusion::spark_functions().iter().map(|f| f.name().to_owned()).collect();
/// assert_eq!(names, ["parse_url", "url_encode", "url_decode"]);
/// ```
pub fn spark_functions() -> Vec<ScalarUDF> {
    Dialect::Spark.functions()
}

/// Registers ClickHouse's URL functions on `ctx` (under their names and in lower case, so
/// that an unquoted `cutToFirstSignificantSubdomain(u)` finds them).
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> datafusion::error::Result<()> {
/// let ctx = datafusion::prelude::SessionContext::new();
/// urlkit_datafusion::register(&ctx);
/// urlkit_datafusion::register_clickhouse(&ctx);
/// let batches = ctx.sql("SELECT cutToFirstSignificantSubdomain('https://news.example.co.uk/') AS d").await?.collect().await?;
/// let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
/// assert!(text.contains("| example.co.uk |"), "{text}");
/// # Ok(())
/// # }
/// ```
pub fn register_clickhouse(ctx: &SessionContext) {
    Dialect::ClickHouse.register(ctx);
}

/// Registers Spark's URL functions on `ctx`: `parse_url`, and `url_encode` and `url_decode`
/// with Spark's meaning (Java's form encoding) in place of urlkit's, so call it after
/// [`register`].
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> datafusion::error::Result<()> {
/// let ctx = datafusion::prelude::SessionContext::new();
/// urlkit_datafusion::register(&ctx);
/// urlkit_datafusion::register_spark(&ctx);
/// let sql = "SELECT parse_url('http://spark.apache.org/path?query=1', 'HOST') AS h, url_encode('a b') AS e";
/// let batches = ctx.sql(sql).await?.collect().await?;
/// let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
/// assert!(text.contains("| spark.apache.org | a+b |"), "{text}");
/// # Ok(())
/// # }
/// ```
pub fn register_spark(ctx: &SessionContext) {
    Dialect::Spark.register(ctx);
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

    fn aliases(&self) -> &[String] {
        &self.aliases
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
                    let section = match r.dialect {
                        None => SECTION,
                        Some(Dialect::ClickHouse) => CLICKHOUSE_SECTION,
                        Some(Dialect::Spark) => SPARK_SECTION,
                    };
                    let mut b = Documentation::builder(section, with_profiles(r.description), r.syntax)
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
