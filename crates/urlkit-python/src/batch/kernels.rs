//! The operations of `urlkit.batch` over one piece of a column: each is the library call the
//! per-value API makes, once per row, through the SQL functions' kernels (`urlkit-arrow`)
//! where one exists.

use arrow_array::builder::{Int64Builder, LargeStringBuilder, ListBuilder, StringViewBuilder, StructBuilder};
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use std::sync::Arc;
use urlkit::canon::Profile;
use urlkit::domain::{List, Options as DomainOptions};
use urlkit::text::{Finder, Options as TextOptions};
use urlkit::{Attribute, Host, Url};
use urlkit_arrow::{OnError, Strings};

/// A component that `parse` can give: an attribute of the URL API, or the origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Component {
    /// [`Url::get`]: `href`, `protocol`, …, `hash` (`port` as the API's string).
    Attribute(Attribute),
    /// The [origin](https://url.spec.whatwg.org/#dom-url-origin), ASCII-serialized (`null`
    /// for an opaque origin).
    Origin,
}

impl Component {
    /// Every component, in the URL Standard's API order, `origin` after `href`.
    pub(crate) fn all() -> Vec<Component> {
        let mut all: Vec<Component> = Attribute::ALL.iter().map(|&a| Component::Attribute(a)).collect();
        all.insert(1, Component::Origin);
        all
    }

    /// The component named `name`, as the URL API's attribute names it.
    pub(crate) fn from_name(name: &str) -> Option<Component> {
        if name == "origin" {
            return Some(Component::Origin);
        }
        name.parse::<Attribute>().ok().map(Component::Attribute)
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Component::Attribute(a) => a.name(),
            Component::Origin => "origin",
        }
    }
}

/// What a list of links from `extract` holds for each link.
pub(crate) fn link_fields() -> Fields {
    Fields::from(vec![
        Field::new("url", DataType::Utf8View, false),
        Field::new("text", DataType::Utf8View, false),
        Field::new("start", DataType::Int64, false),
        Field::new("end", DataType::Int64, false),
        Field::new("kind", DataType::Utf8View, false),
    ])
}

/// How a piece's string result is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// `Utf8View`: the kernels' own layout.
    Views,
    /// `LargeUtf8`, for a `Utf8` or `LargeUtf8` column that gets its own layout back: each
    /// value copied once into one buffer, and the pieces' offsets rebased when they are
    /// joined (`parallel.rs`), instead of views copied again. Only the operations whose
    /// values are short slices of their row (`host`, `hostname`, `registered_domain`,
    /// `public_suffix`) give it; the others give views either way.
    Offsets,
}

/// A string column being built in either [`Layout`].
trait StringSink {
    fn push(&mut self, value: Option<&str>);
    fn done(self) -> ArrayRef;
}

impl StringSink for StringViewBuilder {
    #[inline]
    fn push(&mut self, value: Option<&str>) {
        self.append_option(value);
    }
    fn done(mut self) -> ArrayRef {
        Arc::new(self.finish())
    }
}

impl StringSink for LargeStringBuilder {
    #[inline]
    fn push(&mut self, value: Option<&str>) {
        self.append_option(value);
    }
    fn done(mut self) -> ArrayRef {
        Arc::new(self.finish())
    }
}

impl Layout {
    /// A sink for `rows` rows in this layout, given to `kernel` (generic: the row loop
    /// calls the builder inline).
    fn build(self, rows: usize, kernel: impl Kernel) -> ArrayRef {
        match self {
            Layout::Views => kernel.run(StringViewBuilder::with_capacity(rows), rows),
            // Hosts and domains: about 20 bytes a row.
            Layout::Offsets => kernel.run(LargeStringBuilder::with_capacity(rows, rows * 20), rows),
        }
    }
}

/// A row loop writing strings into any [`StringSink`].
trait Kernel {
    fn run<S: StringSink>(self, out: S, rows: usize) -> ArrayRef;
}

/// One batch operation with its arguments.
#[derive(Debug, Clone)]
pub(crate) enum Op {
    /// The URL API components, one struct field each.
    Parse(Vec<Component>),
    /// One URL API attribute (`host`, `hostname`).
    Attribute(Attribute),
    /// The registrable domain (`registered_domain`) or public suffix of the URL's host.
    Domain {
        /// `true`: the public suffix; `false`: the registrable domain.
        suffix: bool,
        /// The list's private section on.
        private: bool,
        /// Whether a host whose last label the list does not know (the default rule `*`)
        /// gets an answer; `tldextract` (and `urlkit.domain`) give none there.
        unlisted: bool,
    },
    /// A canonical form by profile.
    Normalize(Profile),
    /// `Url::can_parse`.
    IsValid,
    /// The highest lint severity.
    LintSeverity,
    /// The lint codes.
    LintCodes,
    /// The links in text.
    Extract {
        /// Scheme-less domains too.
        bare_domains: bool,
    },
}

impl Op {
    /// The data type of the result column.
    pub(crate) fn data_type(&self) -> DataType {
        match self {
            Op::Parse(fields) => DataType::Struct(parse_fields(fields)),
            Op::IsValid => DataType::Boolean,
            Op::LintCodes => DataType::List(urlkit_arrow::lint_codes_field()),
            Op::Extract { .. } => DataType::List(Arc::new(Field::new(
                "item",
                DataType::Struct(link_fields()),
                false,
            ))),
            _ => DataType::Utf8View,
        }
    }

    /// Runs the operation over one piece of a string column; a string result in `layout`
    /// where the operation has it (see [`Layout::Offsets`]), else as views.
    pub(crate) fn run(&self, piece: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
        Ok(match self {
            Op::Parse(fields) => Arc::new(parse(piece, fields)?),
            Op::Attribute(attr) if layout == Layout::Offsets => layout.build(
                piece.len(),
                AttributeKernel {
                    input: Strings::try_from_array(piece)?,
                    attr: *attr,
                },
            ),
            Op::Attribute(attr) => Arc::new(urlkit_arrow::component(piece, *attr, OnError::Null)?.values),
            Op::Domain {
                suffix,
                private,
                unlisted,
            } => domain(piece, *suffix, *private, *unlisted, layout)?,
            Op::Normalize(profile) => {
                Arc::new(urlkit_arrow::normalize(piece, *profile, OnError::Null)?.values)
            }
            Op::IsValid => Arc::new(urlkit_arrow::is_valid(piece)?),
            Op::LintSeverity => Arc::new(urlkit_arrow::lint_severity(piece)?),
            Op::LintCodes => Arc::new(urlkit_arrow::lint_codes(piece)?),
            Op::Extract { bare_domains } => Arc::new(extract(piece, *bare_domains)?),
        })
    }
}

fn parse_fields(fields: &[Component]) -> Fields {
    fields
        .iter()
        .map(|c| Field::new(c.name(), DataType::Utf8View, true))
        .collect()
}

/// `parse`: each row parsed once ([`Url::parse_reusing`], one URL buffer for the piece), the
/// requested components written as strings, as `urlkit.URL(s).<name>` gives them; a null
/// row where the input is null or fails to parse.
fn parse(piece: &dyn Array, fields: &[Component]) -> Result<StructArray, ArrowError> {
    let input = Strings::try_from_array(piece)?;
    let rows = piece.len();
    let mut columns: Vec<StringViewBuilder> = fields
        .iter()
        .map(|_| StringViewBuilder::with_capacity(rows))
        .collect();
    let mut valid = Vec::with_capacity(rows);
    let mut spare = String::new();
    for i in 0..rows {
        let url = input
            .get(i)
            .and_then(|s| Url::parse_reusing(s, core::mem::take(&mut spare)).ok());
        match url {
            Some(url) => {
                for (column, field) in columns.iter_mut().zip(fields) {
                    match field {
                        Component::Attribute(a) => column.append_value(url.get(*a)),
                        Component::Origin => column.append_value(url.origin().ascii_serialization()),
                    }
                }
                valid.push(true);
                spare = url.into_string();
            }
            None => {
                columns.iter_mut().for_each(StringViewBuilder::append_null);
                valid.push(false);
            }
        }
    }
    let arrays: Vec<ArrayRef> = columns
        .into_iter()
        .map(|mut c| Arc::new(c.finish()) as ArrayRef)
        .collect();
    StructArray::try_new_with_length(parse_fields(fields), arrays, Some(valid.into()), rows)
}

/// `host` and `hostname` ([`Layout::Offsets`]): as [`urlkit_arrow::component`] gives them,
/// whose views are the [`Layout::Views`] result. A row whose authority is as the parser
/// writes it holds its host as written ([`Url::canonical_host_ranges`]: the authority is
/// read, nothing else); any other row is parsed.
struct AttributeKernel<'a> {
    input: Strings<'a>,
    attr: Attribute,
}

impl Kernel for AttributeKernel<'_> {
    fn run<S: StringSink>(self, mut out: S, rows: usize) -> ArrayRef {
        // The attribute's place in `canonical_host_ranges`' pair.
        let slot = match self.attr {
            Attribute::Host => Some(0),
            Attribute::Hostname => Some(1),
            _ => None,
        };
        let mut spare = String::new();
        for i in 0..rows {
            let Some(s) = self.input.get(i) else {
                out.push(None);
                continue;
            };
            if let Some(k) = slot {
                if let Some((ranges, _)) = Url::canonical_host_ranges(s) {
                    out.push(Some(&s[ranges[k].clone()]));
                    continue;
                }
            }
            match Url::parse_reusing(s, core::mem::take(&mut spare)) {
                Ok(url) => {
                    out.push(Some(url.get(self.attr)));
                    spare = url.into_string();
                }
                Err(_) => out.push(None),
            }
        }
        out.done()
    }
}

/// `registered_domain` and `public_suffix`. With `unlisted` this is the SQL function's kernel
/// (the URL Standard's public suffix: the default rule `*` counts); without it, a host whose
/// suffix the list does not know gives null, as `tldextract` and `urlkit.domain` give `''`.
fn domain(
    piece: &dyn Array,
    suffix: bool,
    private: bool,
    unlisted: bool,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    let options = DomainOptions::new().private(private);
    let part = if suffix {
        urlkit_arrow::DomainPart::PublicSuffix
    } else {
        urlkit_arrow::DomainPart::RegistrableDomain
    };
    if unlisted {
        let out = urlkit_arrow::domain_with(piece, part, List::builtin(), options, OnError::Null)?;
        return Ok(Arc::new(out.values));
    }
    let kernel = DomainKernel {
        input: Strings::try_from_array(piece)?,
        suffix,
        options,
    };
    Ok(layout.build(piece.len(), kernel))
}

/// [`domain`] without `unlisted`, in either layout.
struct DomainKernel<'a> {
    input: Strings<'a>,
    suffix: bool,
    options: DomainOptions,
}

impl Kernel for DomainKernel<'_> {
    fn run<S: StringSink>(self, mut out: S, rows: usize) -> ArrayRef {
        let mut spare = String::new();
        for i in 0..rows {
            let Some(s) = self.input.get(i) else {
                out.push(None);
                continue;
            };
            // The host as written where the parser keeps it (no parse), else the parsed one.
            let as_written = Url::canonical_host_ranges(s).map(|(_, host)| host);
            let parsed = match as_written {
                Some(_) => None,
                None => match Url::parse_reusing(s, core::mem::take(&mut spare)) {
                    Ok(url) => Some(url),
                    Err(_) => {
                        out.push(None);
                        continue;
                    }
                },
            };
            let host = as_written.or_else(|| parsed.as_ref().and_then(Url::host));
            // As `urlkit.domain` reads a host (tldextract's reading): a domain or an opaque host
            // split as written, without the root label's dot; an IP address has no suffix.
            let parts = match host {
                Some(Host::Domain(d) | Host::Opaque(d)) => {
                    List::builtin().split_with(d.trim_end_matches('.'), self.options)
                }
                _ => None,
            }
            .filter(|p| p.is_known_suffix());
            let value = parts.as_ref().and_then(|p| {
                if self.suffix {
                    Some(p.public_suffix())
                } else {
                    p.registrable_domain()
                }
            });
            out.push(value);
            if let Some(url) = parsed {
                spare = url.into_string();
            }
        }
        out.done()
    }
}

/// `extract`: the links in each row's text ([`urlkit::text`]), each with `start` and `end`
/// counted in code points, as Python indexes a `str`.
fn extract(piece: &dyn Array, bare_domains: bool) -> Result<arrow_array::ListArray, ArrowError> {
    let input = Strings::try_from_array(piece)?;
    let finder = Finder::new(TextOptions::new().bare_domains(bare_domains));
    let fields = link_fields();
    let item = StructBuilder::new(
        fields.clone(),
        vec![
            Box::new(StringViewBuilder::new()),
            Box::new(StringViewBuilder::new()),
            Box::new(Int64Builder::new()),
            Box::new(Int64Builder::new()),
            Box::new(StringViewBuilder::new()),
        ],
    );
    let mut out = ListBuilder::with_capacity(item, piece.len()).with_field(Arc::new(Field::new(
        "item",
        DataType::Struct(fields),
        false,
    )));
    for i in 0..piece.len() {
        let Some(text) = input.get(i) else {
            out.append_null();
            continue;
        };
        let links = out.values();
        // Code points before byte `at`, counted on from the last link (links come in order).
        let (mut byte, mut chars) = (0usize, 0usize);
        let mut count = |at: usize| {
            if at < byte {
                (byte, chars) = (0, 0);
            }
            chars += text.get(byte..at).map_or(0, |s| s.chars().count());
            byte = at;
            i64::try_from(chars).unwrap_or(i64::MAX)
        };
        for link in finder.links(text) {
            let (start, end) = (count(link.start()), count(link.end()));
            field::<StringViewBuilder>(links, 0).append_value(link.url());
            field::<StringViewBuilder>(links, 1).append_value(link.as_str());
            field::<Int64Builder>(links, 2).append_value(start);
            field::<Int64Builder>(links, 3).append_value(end);
            field::<StringViewBuilder>(links, 4).append_value(link.kind().as_str());
            links.append(true);
        }
        out.append(true);
    }
    Ok(out.finish())
}

/// The builder of field `i` of the links' struct (its type is fixed by [`link_fields`]).
fn field<T: arrow_array::builder::ArrayBuilder>(links: &mut StructBuilder, i: usize) -> &mut T {
    links
        .field_builder::<T>(i)
        .expect("the builders are those of link_fields")
}
