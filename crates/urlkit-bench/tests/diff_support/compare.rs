//! Parsing one input with urlkit and with ada and comparing every getter.

/// The getters compared, in the order of [`Getters`].
pub const FIELDS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

/// The values of [`FIELDS`] for one URL.
pub type Getters = [String; 11];

/// urlkit's getters (`host` is `host_port()`, `port` is `port_str()`).
pub fn urlkit_getters(u: &urlkit::Url) -> Getters {
    [
        u.href().to_owned(),
        u.origin().ascii_serialization(),
        u.protocol().to_owned(),
        u.username().to_owned(),
        u.password_str().to_owned(),
        u.host_port().to_owned(),
        u.hostname().to_owned(),
        u.port_str().to_owned(),
        u.pathname().to_owned(),
        u.search().to_owned(),
        u.hash_str().to_owned(),
    ]
}

/// ada's getters.
pub fn ada_getters(u: &ada_url::Url) -> Getters {
    [
        u.href().to_owned(),
        u.origin(),
        u.protocol().to_owned(),
        u.username().to_owned(),
        u.password().to_owned(),
        u.host().to_owned(),
        u.hostname().to_owned(),
        u.port().to_owned(),
        u.pathname().to_owned(),
        u.search().to_owned(),
        u.hash().to_owned(),
    ]
}

/// urlkit's parse of `input` against `base` (a base that does not parse fails).
pub fn urlkit_parse(input: &str, base: Option<&str>) -> Option<urlkit::Url> {
    match base {
        None => urlkit::Url::parse(input).ok(),
        Some(b) => {
            let b = urlkit::Url::parse(b).ok()?;
            urlkit::Url::parse_with_base(input, Some(&b)).ok()
        }
    }
}

/// ada's parse of `input` against `base`.
pub fn ada_parse(input: &str, base: Option<&str>) -> Option<ada_url::Url> {
    ada_url::Url::parse(input, base).ok()
}

/// One field on which the two sides differ.
#[derive(Clone, Debug)]
pub struct FieldDiff {
    /// The field (a getter name, `parse` or `can_parse`).
    pub field: &'static str,
    /// urlkit's value.
    pub urlkit: String,
    /// ada's value.
    pub ada: String,
}

/// A disagreement: the case (as key parts) and what differs.
#[derive(Clone, Debug)]
pub struct Disagreement {
    /// What identifies the case: input and base, or URL, setter and value.
    pub parts: Vec<Option<String>>,
    /// The differing fields.
    pub diffs: Vec<FieldDiff>,
}

impl Disagreement {
    /// The ledger key: the case parts plus the differing field names, as a JSON array.
    pub fn key(&self) -> String {
        let fields: Vec<&str> = self.diffs.iter().map(|d| d.field).collect();
        let mut parts = self.parts.clone();
        parts.push(Some(fields.join(",")));
        serde_json::to_string(&parts).unwrap_or_default()
    }
}

/// The fields on which two getter lists differ.
pub fn diff_getters(k: &Getters, a: &Getters) -> Vec<FieldDiff> {
    FIELDS
        .iter()
        .zip(k.iter().zip(a.iter()))
        .filter(|(_, (k, a))| k != a)
        .map(|(f, (k, a))| FieldDiff {
            field: f,
            urlkit: k.clone(),
            ada: a.clone(),
        })
        .collect()
}

fn describe(g: Option<&Getters>) -> String {
    g.map_or_else(|| "failure".to_owned(), |g| format!("ok {}", g[0]))
}

/// Compares urlkit and ada on `input` with `base`: success, every getter, `can_parse`.
pub fn compare(input: &str, base: Option<&str>) -> Option<Disagreement> {
    let k = urlkit_parse(input, base).map(|u| urlkit_getters(&u));
    let a = ada_parse(input, base).map(|u| ada_getters(&u));
    let mut diffs = match (&k, &a) {
        (Some(k), Some(a)) => diff_getters(k, a),
        (None, None) => Vec::new(),
        _ => vec![FieldDiff {
            field: "parse",
            urlkit: describe(k.as_ref()),
            ada: describe(a.as_ref()),
        }],
    };
    let kc = urlkit::Url::can_parse(input, base);
    let ac = ada_url::Url::can_parse(input, base);
    if kc != ac {
        diffs.push(FieldDiff {
            field: "can_parse",
            urlkit: kc.to_string(),
            ada: ac.to_string(),
        });
    }
    if diffs.is_empty() {
        return None;
    }
    Some(Disagreement {
        parts: vec![Some(input.to_owned()), base.map(str::to_owned)],
        diffs,
    })
}
