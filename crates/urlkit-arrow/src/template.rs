//! `template_match` and `template_expand`: URI Templates (RFC 6570, [`urlkit::template`])
//! matched against and expanded into every row.
//!
//! The template argument is a [`Strings`]: a scalar is parsed once for the whole batch (the
//! usual SQL call names one template), a column is parsed row by row, reusing the previous
//! row's template when the text repeats.

use crate::input::Strings;
use arrow_array::builder::{MapBuilder, MapFieldNames, StringBuilder};
use arrow_array::{Array, MapArray, StringArray};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;
use std::sync::Arc;
use urlkit::template::{Template, Value, ValueRef};

/// The templates of a batch: one parsed for every row (a scalar), or the last one parsed
/// from a column, kept while the text repeats.
struct Templates<'a> {
    input: Strings<'a>,
    /// The scalar's template, `None` inside when it does not parse.
    scalar: Option<Option<Template>>,
    /// The last column row's text and template.
    last: Option<(&'a str, Option<Template>)>,
}

impl<'a> Templates<'a> {
    fn new(input: Strings<'a>) -> Self {
        let scalar = match input {
            Strings::Scalar(t) => Some(t.and_then(|t| Template::parse(t).ok())),
            _ => None,
        };
        Templates {
            input,
            scalar,
            last: None,
        }
    }

    /// Row `i`'s template; `None` for a null or a template that does not parse.
    fn get(&mut self, i: usize) -> Option<&Template> {
        if let Some(t) = &self.scalar {
            return t.as_ref();
        }
        let text = self.input.get(i)?;
        if self.last.as_ref().is_none_or(|(last, _)| *last != text) {
            self.last = Some((text, Template::parse(text).ok()));
        }
        self.last.as_ref().and_then(|(_, t)| t.as_ref())
    }
}

/// The entries field of [`template_match`]'s map: `entries`, a struct of a non-null `Utf8`
/// `keys` (the variable's name) and a nullable `Utf8` `values`.
///
/// ```
/// use arrow_schema::DataType;
/// let t = DataType::Map(urlkit_arrow::template_match_field(), false);
/// assert_eq!(t.to_string(), "Map(\"entries\": non-null Struct(\"keys\": non-null Utf8, \"values\": Utf8), unsorted)");
/// ```
pub fn template_match_field() -> Arc<Field> {
    let entries = Fields::from(vec![
        Field::new("keys", DataType::Utf8, false),
        Field::new("values", DataType::Utf8, true),
    ]);
    Arc::new(Field::new("entries", DataType::Struct(entries), false))
}

/// A captured value as one string: a list's members (an exploded variable) joined with `,`,
/// an associative array's names and values too (as they expand without explode, §3.2.1).
fn joined(value: ValueRef<'_>, out: &mut String) {
    out.clear();
    match value {
        ValueRef::String(s) => out.push_str(s),
        ValueRef::List(l) => join(l.iter().map(String::as_str), out),
        ValueRef::StrList(l) => join(l.iter().copied(), out),
        ValueRef::Assoc(a) => join(a.iter().flat_map(|(k, v)| [k.as_str(), v.as_str()]), out),
        ValueRef::StrAssoc(a) => join(a.iter().flat_map(|&(k, v)| [k, v]), out),
    }
}

/// The strings joined with `,`.
fn join<'a>(strings: impl Iterator<Item = &'a str>, out: &mut String) {
    for (i, m) in strings.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(m);
    }
}

/// Matches every URL against its template ([`Template::match_url`]) and gives the variables
/// found, as a map from name to value in the template's order
/// ([`template_match_field`]): an exploded variable's members joined with `,`; a variable
/// the URL leaves undefined is absent. Null where the URL or the template is null, the
/// template does not parse (RFC 6570 §2), is not [matchable](Template::matchable) (its
/// match would not be unique), or the URL is not one of its expansions.
///
/// # Errors
///
/// When `urls` is not a string array, or `templates` is a column of another length.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use arrow_array::cast::AsArray;
/// use urlkit_arrow::Strings;
/// let urls = StringArray::from(vec![Some("/repos/rust-lang/rust/a/b"), Some("/users/1"), None]);
/// let out = urlkit_arrow::template_match(&urls, Strings::Scalar(Some("/repos/{owner}/{repo}{/path*}")))?;
/// let row = out.value(0);
/// let keys: Vec<_> = row.column(0).as_string::<i32>().iter().flatten().collect();
/// let values: Vec<_> = row.column(1).as_string::<i32>().iter().flatten().collect();
/// assert_eq!(keys, ["owner", "repo", "path"]);
/// assert_eq!(values, ["rust-lang", "rust", "a,b"]);
/// assert!(out.is_null(1) && out.is_null(2));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn template_match(urls: &dyn Array, templates: Strings<'_>) -> Result<MapArray, ArrowError> {
    let input = Strings::try_from_array(urls)?;
    templates.check_len(urls.len(), "the template")?;
    let mut templates = Templates::new(templates);
    let names = MapFieldNames {
        entry: "entries".into(),
        key: "keys".into(),
        value: "values".into(),
    };
    let mut out = MapBuilder::new(Some(names), StringBuilder::new(), StringBuilder::new());
    let mut text = String::new();
    for i in 0..urls.len() {
        let found = match (input.get(i), templates.get(i)) {
            (Some(url), Some(t)) => t.match_url(url),
            _ => None,
        };
        match found {
            Some(found) => {
                for (name, value) in found.iter() {
                    joined(value, &mut text);
                    out.keys().append_value(name);
                    out.values().append_value(&text);
                }
                out.append(true)?;
            }
            None => out.append(false)?,
        }
    }
    Ok(out.finish())
}

/// A JSON scalar as a value's string: a string as it is, a number or boolean as JSON
/// writes it.
struct Scalar(String);

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ScalarVisitor)
    }
}

struct ScalarVisitor;

impl Visitor<'_> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string, number or boolean")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar, E> {
        Ok(Scalar(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Scalar, E> {
        Ok(Scalar(v))
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar, E> {
        Ok(Scalar(v.to_string()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar, E> {
        // As serde_json writes the number (`1.5`, `1e100`).
        Ok(Scalar(
            serde_json::Number::from_f64(v).map_or_else(String::new, |n| n.to_string()),
        ))
    }
}

/// A variable of the JSON object (RFC 6570 §2.3's kinds): `None` for `null` (undefined).
struct Var(Option<Value>);

impl<'de> Deserialize<'de> for Var {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(VarVisitor)
    }
}

struct VarVisitor;

impl<'de> Visitor<'de> for VarVisitor {
    type Value = Var;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string, number, boolean, null, or an array or object of those but null")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Var, E> {
        Ok(Var(None))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Var, E> {
        Ok(Var(Some(Value::String(v.to_owned()))))
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Var, E> {
        ScalarVisitor.visit_bool(v).map(|s| Var(Some(Value::String(s.0))))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Var, E> {
        ScalarVisitor.visit_i64(v).map(|s| Var(Some(Value::String(s.0))))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Var, E> {
        ScalarVisitor.visit_u64(v).map(|s| Var(Some(Value::String(s.0))))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Var, E> {
        ScalarVisitor.visit_f64(v).map(|s| Var(Some(Value::String(s.0))))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Var, A::Error> {
        let mut list = Vec::new();
        while let Some(Scalar(s)) = seq.next_element()? {
            list.push(s);
        }
        Ok(Var(Some(Value::List(list))))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Var, A::Error> {
        // An associative array keeps the document's order (§2.3: "ordered").
        let mut pairs = Vec::new();
        while let Some((k, Scalar(v))) = map.next_entry::<String, Scalar>()? {
            pairs.push((k, v));
        }
        Ok(Var(Some(Value::Assoc(pairs))))
    }
}

/// The variables of a JSON object, in the document's order (a name given twice: the first
/// counts, as [`urlkit::template::Vars`] reads pairs).
struct Variables(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Variables {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(VariablesVisitor)
    }
}

struct VariablesVisitor;

impl<'de> Visitor<'de> for VariablesVisitor {
    type Value = Variables;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a json object of the variables")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Variables, A::Error> {
        let mut vars = Vec::new();
        while let Some((name, Var(value))) = map.next_entry::<String, Var>()? {
            if let Some(value) = value {
                vars.push((name, value));
            }
        }
        Ok(Variables(vars))
    }
}

/// The variables of a JSON text; `None` when it is not JSON, not an object, or a list or
/// object holds anything but strings, numbers and booleans.
fn variables(text: &str) -> Option<Vec<(String, Value)>> {
    serde_json::from_str::<Variables>(text).ok().map(|v| v.0)
}

/// Expands every row's template ([`Template::expand`], RFC 6570 §3) with the variables of
/// the row's JSON object: a string, number or boolean is a string, an array of those a
/// list, an object of those an associative array (its members in the document's order),
/// `null` (or absence) undefined. Null
/// where the JSON or the template is null, the template does not parse, the JSON is not
/// such an object, or the expansion fails (a prefix modifier on a list, §2.4.1).
///
/// # Errors
///
/// When `vars` is not a string array, or `templates` is a column of another length.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use urlkit_arrow::Strings;
/// let vars = StringArray::from(vec![
///     Some(r#"{"owner": "rust-lang", "labels": ["C-bug", "A docs"]}"#),
///     Some(r#"{"owner": 7}"#),
///     Some("[1]"),
///     None,
/// ]);
/// let out = urlkit_arrow::template_expand(&vars, Strings::Scalar(Some("/repos/{owner}/issues{?labels*}")))?;
/// assert_eq!(out.value(0), "/repos/rust-lang/issues?labels=C-bug&labels=A%20docs");
/// assert_eq!(out.value(1), "/repos/7/issues");
/// assert!(out.is_null(2) && out.is_null(3));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn template_expand(vars: &dyn Array, templates: Strings<'_>) -> Result<StringArray, ArrowError> {
    let input = Strings::try_from_array(vars)?;
    templates.check_len(vars.len(), "the template")?;
    let mut templates = Templates::new(templates);
    let mut out = StringBuilder::with_capacity(vars.len(), vars.len() * 32);
    let mut text = String::new();
    for i in 0..vars.len() {
        let expanded = match (input.get(i), templates.get(i)) {
            (Some(json), Some(t)) => variables(json).and_then(|v| {
                text.clear();
                t.expand_into(&v, &mut text).ok()
            }),
            _ => None,
        };
        match expanded {
            Some(()) => out.append_value(&text),
            None => out.append_null(),
        }
    }
    Ok(out.finish())
}
