//! # urlkit-datafusion
//!
//! ## Overview
//!
//! urlkit's URL functions as [Apache DataFusion](https://datafusion.apache.org/) scalar
//! functions, so that SQL over web crawls, logs and clickstreams can split, check, resolve
//! and normalize URLs correctly (the WHATWG URL Standard, RFC 3986) instead of with regular
//! expressions. [`register`] adds them all to a `SessionContext`; [`functions`] lists them
//! for other registries (a Ballista scheduler's or executor's). [`register_with_list`] and
//! [`functions_with_list`] give the domain functions another Public Suffix List
//! (`urlkit sql --psl FILE`).
//!
//! Every function takes strings of any layout (`Utf8`, `LargeUtf8`, `Utf8View`), gives
//! NULL for a NULL argument and for a URL that does not parse, and runs the kernels of
//! `urlkit-arrow` over whole batches.
//!
//! Every function is one row of one table: registration, the functions' documentation and
//! `urlkit sql --functions` are built from it; the tests run each row's example and check
//! that this list names every row.
//!
//! | function | result | what |
//! | --- | --- | --- |
//! | `url_parse(url)` | struct | href, protocol, username, password, host, hostname, port (UInt16), pathname, search, hash |
//! | `url_host(url)`, `url_hostname(url)` | string | the host name, without port (`example.com`, `[::1]`, `192.0.2.1`) |
//! | `url_host_port(url)` | string | the URL API's `host`: host name and port |
//! | `url_scheme(url)` | string | scheme without `:` (`https`) |
//! | `url_protocol`, `url_username`, `url_password`, `url_pathname`, `url_search`, `url_hash`, `url_href` | string | that attribute of the URL API (empty when absent) |
//! | `url_path(url)` | string | same as `url_pathname` |
//! | `url_query(url)`, `url_fragment(url)` | string | without `?`/`#`; NULL when absent |
//! | `url_port(url)` | UInt16 | the port; NULL when none (default ports are dropped) |
//! | `url_is_valid(url [, base])` | boolean | whether it parses (against `base`) |
//! | `url_parse_error(url)` | string | why it does not parse, with the byte position; NULL when it does |
//! | `url_resolve(base, reference)` | string | the href of `reference` resolved against `base` |
//! | `url_query_param(url, name)` | string | the first query parameter `name`, decoded; NULL when absent |
//! | `url_normalize(url [, profile [, steps]])` | string | canonical form by a profile of the table in `urlkit::canon` (`'whatwg'`, the href, by default; `urlkit-sql --functions` lists the names; `_` may stand for `-`), then the comma-separated normalization steps (`'www,fragment,tracking'`) |
//! | `url_rfc3986(url)` | struct | RFC 3986 components (scheme, authority, userinfo, host, port, path, query, fragment), NULL when absent |
//! | `url_registrable_domain(url)` | string | the host's registrable domain (eTLD+1) by the Public Suffix List, also of an opaque host that is a valid domain (`git://git.kernel.org/`); NULL for IP addresses and public suffixes |
//! | `url_public_suffix(url)` | string | the host's public suffix (`co.uk`, `github.io`) |
//! | `url_registrable_domain_icann(url)`, `url_public_suffix_icann(url)` | string | the same without the list's private section (`github.io` → `io`), as `tldextract` answers by default |
//! | `url_lint(url)` | list of strings | the codes of urlkit's linter findings (`L001`, `L040`, …; `urlkit::lint`), in input order |
//! | `url_lint_severity(url)` | string | the highest severity found: `'error'`, `'warning'`, `'note'`; NULL when none |
//! | `data_url_mime(url)` | string | a `data:` URL's MIME type, serialized, as browsers read it (`urlkit::data`); NULL when it is not a valid `data:` URL |
//! | `data_url_body(url)` | binary | a `data:` URL's body bytes, percent- and base64-decoded; NULL as `data_url_mime` |
//! | `url_template_match(template, url)` | map of strings | the variables of a URI Template (RFC 6570, `urlkit::template`) that give the URL (`url_template_match(t, u)['owner']`), an exploded variable's members joined with `,`; NULL when it does not match, or the template does not parse or is not matchable |
//! | `url_template_expand(template, json)` | string | a URI Template expanded with a JSON object's variables (strings, arrays, objects); NULL on a bad template or bad JSON |
//! | `url_encode(text [, set])` | string | percent-encoded with an encode set by the names of `urlkit encode --set` (`'component'` by default, `'fragment'`, `'query'`, `'special-query'`, `'path'`, `'userinfo'`, `'c0-control'`, `'application/x-www-form-urlencoded'` or `'form'`: space as `+`), or `'unreserved'`/`'unreserved-form'` (all but RFC 3986's unreserved characters) |
//! | `url_decode(text [, set])` | string | percent-decoded (`+` as a space with the form sets); NULL when the bytes are not UTF-8 |
//! | `url_origin(url)` | string | the origin's ASCII serialization (`https://example.com`; `null` when opaque) |
//! | `url_query_params(url)` | map of strings | the decoded query parameters, each name with its **first** value (`url_query_params(u)['q']`); `url_query_param_all` for every value |
//! | `url_query_param_all(url, name)` | list of strings | every decoded value of one parameter |
//! | `url_set(url, component, value)` | string | the href after one URL API setter (`'pathname'`, `'search'`, `'hostname'`, …); NULL when the setter refuses |
//! | `url_build(scheme, host, path [, query [, fragment]])` | string | a URL from parts, each encoded with its component's set; NULL when they make no URL |
//! | `url_hierarchy(url)`, `url_path_hierarchy(url)` | list of strings | the href (the path) cut after each run of `/`, `?`, `#` (ClickHouse's `URLHierarchy`, `URLPathHierarchy`) |
//! | `url_query_pieces(url)`, `url_query_names(url)` | list of strings | the query's raw `name=value` pieces, their names |
//! | `url_query_param_raw(url, name)` | string | a parameter's first value, not decoded |
//! | `url_cut_query_parameter(url, name)` | string | the href without a parameter |
//! | `url_first_significant_subdomain(url)` | string | the first label of the registrable domain |
//! | `url_top_level_domain(url)` | string | the host's last label; NULL for IP addresses |
//! | `url_cut_www(url)`, `url_cut_query_string(url)`, `url_cut_fragment(url)`, `url_cut_query_string_and_fragment(url)` | string | the href without `www.`, the query, the fragment, both |
//! | `url_domain_without_www(url)` | string | the host without one leading `www.` |
//! | `url_netloc(url)` | string | `user:pw@host:port` as serialized; NULL without a host |
//! | `url_path_full(url)` | string | path, query and fragment |
//!
//! ## Examples
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! use datafusion::prelude::SessionContext;
//! let ctx = SessionContext::new();
//! urlkit_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT url_host('https://User@Example.COM:8080/a?b=1') AS host,
//!                  url_port('https://example.com:8080/') AS port,
//!                  url_query_param('https://h/?utm_source=news%20letter', 'utm_source') AS source,
//!                  url_resolve('https://h/a/b', '../c') AS resolved,
//!                  url_is_valid('http://[::1') AS valid")
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| example.com | 8080 | news letter | https://h/c | false |"), "{text}");
//! # Ok(())
//! # }
//! ```
//!
//! Hosts by count over a table of URLs, and a struct's fields:
//!
//! ```sql
//! SELECT url_host(url) AS host, count(*) AS n FROM urls GROUP BY host ORDER BY n DESC LIMIT 10;
//! SELECT url_parse(url)['pathname'] FROM urls WHERE url_parse(url)['protocol'] = 'https:';
//! SELECT url, url_parse_error(url) FROM urls WHERE NOT url_is_valid(url);
//! SELECT url_normalize(url, 'rfc3986') FROM urls;
//! SELECT url_registrable_domain(url) AS site, count(*) AS n FROM urls GROUP BY site ORDER BY n DESC;
//! SELECT url_normalize(url, 'surt') AS key FROM crawl ORDER BY key;  -- CDX order
//! SELECT url, url_lint(url) FROM urls WHERE url_lint_severity(url) = 'error';
//! ```
//!
//! ## Dialects: ClickHouse and Spark names
//!
//! [`register_clickhouse`] and [`register_spark`] (`urlkit sql --dialect clickhouse|spark`;
//! [`clickhouse_functions`], [`spark_functions`] and [`Dialect`] for other registries) add
//! the URL functions of those engines under their names, each a thin layer over a `url_*`
//! function's kernel. ClickHouse's names with capitals are also registered in lower case:
//! DataFusion folds unquoted names, so `cutToFirstSignificantSubdomain(u)` and
//! `"cutToFirstSignificantSubdomain"(u)` both work. Spark's `url_encode` and `url_decode`
//! replace urlkit's (register the dialect after [`register`]).
//!
//! Where the originals' documented behaviour differs from the URL Standard, **the URL
//! Standard wins** for what a URL is and what its parts are: ClickHouse reads bytes without
//! parsing and Spark uses `java.net.URI` (RFC 2396); here every URL is parsed by the WHATWG
//! parser first, so hosts are lower-case and IDNA-processed, default ports are dropped,
//! paths lose their dot segments, and a string that is not a URL (`'example.com/x'`, no
//! scheme) has no parts. **The originals win** for the shape of the answer: ClickHouse's
//! functions never give NULL for a non-NULL argument (`''`, an empty array, port 0), Spark's
//! `parse_url` gives NULL for an absent part; and for the bytes of the encoders
//! (`encodeURLComponent`, Spark's `url_encode`), which give what the original gives.
//!
//! | ClickHouse | result | as | where it differs from ClickHouse (the URL Standard wins unless said) |
//! | --- | --- | --- | --- |
//! | `protocol(url)` | string | `url_scheme` | scheme lower-cased; `''` when not a URL |
//! | `domain(url)` | string | `url_hostname` | no host found in a string without a scheme; host as the parser gives it |
//! | `domainWithoutWWW(url)` | string | `url_domain_without_www` | as `domain` |
//! | `topLevelDomain(url)` | string | `url_top_level_domain` | as `domain`; `''` for IP addresses |
//! | `firstSignificantSubdomain(url)` | string | `url_first_significant_subdomain` | by the Public Suffix List (as ClickHouse's `…Custom` with that list), not ClickHouse's built-in rule |
//! | `cutToFirstSignificantSubdomain(url)` | string | `url_registrable_domain` | the same; a bare host (`'www.tr'`) is not a URL |
//! | `cutWWW(url)`, `cutQueryString(url)`, `cutFragment(url)`, `cutQueryStringAndFragment(url)` | string | `url_cut_www`, `url_cut_query_string`, `url_cut_fragment`, `url_cut_query_string_and_fragment` | the href (serialized), not the input as written |
//! | `cutURLParameter(url, name)` | string | `url_cut_query_parameter` | one name (no array); the query only, not the fragment |
//! | `path(url)`, `pathFull(url)` | string | `url_path`, `url_path_full` | the parser's path (dot segments removed, encoded) |
//! | `queryString(url)`, `fragment(url)`, `queryStringAndFragment(url)` | string | `url_query`, `url_fragment` | as the parser encodes them |
//! | `extractURLParameter(url, name)` | string | `url_query_param_raw` | the query only (ClickHouse also reads `#a=1`) |
//! | `extractURLParameters(url)`, `extractURLParameterNames(url)` | array | `url_query_pieces`, `url_query_names` | the query only |
//! | `URLHierarchy(url)`, `URLPathHierarchy(url)` | array | `url_hierarchy`, `url_path_hierarchy` | over the href |
//! | `decodeURLComponent(text)`, `decodeURLFormComponent(text)` | string | `url_decode(text [, 'form'])` | bytes that are not UTF-8 become U+FFFD (ClickHouse keeps the bytes) |
//! | `encodeURLComponent(text)`, `encodeURLFormComponent(text)` | string | `url_encode(text, 'unreserved')`, `url_encode(text, 'unreserved-form')` | none: ClickHouse's bytes (stricter than the URL Standard's component set) |
//! | `netloc(url)` | string | `url_netloc` | as serialized: `http://h:80/` gives `h` |
//! | `port(url [, default_port])` | UInt16 | `coalesce(url_port(url), default_port)` | a scheme's default port written out is dropped, so `http://h:80/` gives `default_port` |
//!
//! | Spark | result | as | where it differs from Spark (the URL Standard wins unless said) |
//! | --- | --- | --- | --- |
//! | `parse_url(url, part [, key])` | string | `url_hostname`, `url_pathname`, `url_query`, `url_fragment`, `url_scheme`, `url_netloc`, `url_query_param_raw` | parts `HOST`, `PATH`, `QUERY`, `REF`, `PROTOCOL`, `FILE`, `AUTHORITY`, `USERINFO` (case-sensitive) and NULL where absent, as Spark; the URL Standard's parse instead of `java.net.URI`'s (hosts lower-cased, default ports dropped, dot segments removed, `'http://h'` has the path `/`, bytes Java refuses are encoded); a URL that does not parse is NULL, never an error |
//! | `url_encode(text)` | string | `url_encode(text, 'form')` | none: Java's `URLEncoder` bytes are the URL Standard's form serializer's |
//! | `url_decode(text)` | string | `url_decode(text, 'form')` | a bad `%` escape gives NULL (Spark fails the query; its `try_url_decode` gives NULL); bytes that are not UTF-8 become U+FFFD |
//!
//! ## Crate features
//!
//! - `cluster` (default): [`cluster`], the client of a Ballista cluster whose scheduler and
//!   executors carry these functions (`urlkit-ballista`), and `urlkit sql --cluster
//!   df://HOST:PORT`. It adds Ballista's client (gRPC, the plan codec) to the build.
//!
//! The crate needs Rust 1.94 (that of DataFusion 55). The `urlkit-sql` binary runs
//! SQL over files (`urlkit sql --help`; `urlkit sql --functions` lists the functions with
//! their examples).

#[cfg(feature = "cluster")]
pub mod cluster;
mod udf;

pub use udf::{
    Dialect, UnknownDialect, UrlFunction, clickhouse_functions, functions, functions_with_list, register,
    register_clickhouse, register_spark, register_with_list, spark_functions,
};
