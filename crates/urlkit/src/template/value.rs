//! Variable values (RFC 6570 §2.3: strings, lists, associative arrays; undefined is absent)
//! and the [`Vars`] trait through which expansion looks them up.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;

/// An owned variable value (§2.3). An undefined variable is one that is absent; an empty
/// list or associative array counts as undefined, as §2.3 says.
///
/// ```
/// use urlkit::template::{Template, Value};
/// let t = Template::parse("{?q,tags}")?;
/// let vars = [("q", Value::from("rust")), ("tags", Value::from(vec!["a", "b"]))];
/// assert_eq!(t.expand(&vars).unwrap(), "?q=rust&tags=a,b");
/// # Ok::<(), urlkit::template::TemplateError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// A string.
    String(String),
    /// A list of strings.
    List(Vec<String>),
    /// An associative array: (name, value) pairs in order.
    Assoc(Vec<(String, String)>),
}

/// A borrowed variable value, as [`Vars::get`] returns it: from a [`Value`] or straight
/// from borrowed strings, so that expansion never copies a value.
///
/// ```
/// use urlkit::template::{Template, ValueRef};
/// let t = Template::parse("{/path*}")?;
/// let path: &[&str] = &["a", "b c"];
/// assert_eq!(t.expand(&[("path", ValueRef::StrList(path))]).unwrap(), "/a/b%20c");
/// # Ok::<(), urlkit::template::TemplateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueRef<'a> {
    /// A string.
    String(&'a str),
    /// A list of owned strings.
    List(&'a [String]),
    /// A list of borrowed strings.
    StrList(&'a [&'a str]),
    /// An associative array of owned strings.
    Assoc(&'a [(String, String)]),
    /// An associative array of borrowed strings.
    StrAssoc(&'a [(&'a str, &'a str)]),
}

impl<'a> ValueRef<'a> {
    /// The number of members of a list or an associative array (`None` for a string).
    ///
    /// ```
    /// use urlkit::template::ValueRef;
    /// assert_eq!(ValueRef::StrList(&["a", "b"]).members(), Some(2));
    /// assert_eq!(ValueRef::String("a").members(), None);
    /// ```
    pub fn members(&self) -> Option<usize> {
        match self {
            ValueRef::String(_) => None,
            ValueRef::List(l) => Some(l.len()),
            ValueRef::StrList(l) => Some(l.len()),
            ValueRef::Assoc(a) => Some(a.len()),
            ValueRef::StrAssoc(a) => Some(a.len()),
        }
    }

    /// Whether the value is defined (§2.3): a string, or a non-empty list or array.
    ///
    /// ```
    /// use urlkit::template::ValueRef;
    /// assert!(ValueRef::String("").is_defined());
    /// assert!(!ValueRef::StrList(&[]).is_defined());
    /// ```
    pub fn is_defined(&self) -> bool {
        self.members() != Some(0)
    }

    /// Member `i` of a list (`None` for other kinds or out of range).
    pub(super) fn item(&self, i: usize) -> Option<&'a str> {
        match *self {
            ValueRef::List(l) => l.get(i).map(String::as_str),
            ValueRef::StrList(l) => l.get(i).copied(),
            _ => None,
        }
    }

    /// Pair `i` of an associative array.
    pub(super) fn pair(&self, i: usize) -> Option<(&'a str, &'a str)> {
        match *self {
            ValueRef::Assoc(a) => a.get(i).map(|(k, v)| (k.as_str(), v.as_str())),
            ValueRef::StrAssoc(a) => a.get(i).copied(),
            _ => None,
        }
    }

    /// An owned copy.
    ///
    /// ```
    /// use urlkit::template::{Value, ValueRef};
    /// assert_eq!(ValueRef::StrList(&["a"]).to_value(), Value::List(vec!["a".into()]));
    /// ```
    pub fn to_value(&self) -> Value {
        match *self {
            ValueRef::String(s) => Value::String(s.into()),
            ValueRef::List(l) => Value::List(l.to_vec()),
            ValueRef::StrList(l) => Value::List(l.iter().map(|&s| s.into()).collect()),
            ValueRef::Assoc(a) => Value::Assoc(a.to_vec()),
            ValueRef::StrAssoc(a) => Value::Assoc(a.iter().map(|&(k, v)| (k.into(), v.into())).collect()),
        }
    }
}

impl Value {
    /// The borrowed form.
    ///
    /// ```
    /// use urlkit::template::{Value, ValueRef};
    /// assert_eq!(Value::from("x").as_ref(), ValueRef::String("x"));
    /// ```
    pub fn as_ref(&self) -> ValueRef<'_> {
        match self {
            Value::String(s) => ValueRef::String(s),
            Value::List(l) => ValueRef::List(l),
            Value::Assoc(a) => ValueRef::Assoc(a),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.into())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

impl From<Vec<&str>> for Value {
    fn from(l: Vec<&str>) -> Value {
        Value::List(l.into_iter().map(String::from).collect())
    }
}

impl From<Vec<String>> for Value {
    fn from(l: Vec<String>) -> Value {
        Value::List(l)
    }
}

impl From<Vec<(&str, &str)>> for Value {
    fn from(a: Vec<(&str, &str)>) -> Value {
        Value::Assoc(a.into_iter().map(|(k, v)| (k.into(), v.into())).collect())
    }
}

/// Something that can stand as a variable's value: `None` is undefined.
///
/// ```
/// use urlkit::template::{AsValue, ValueRef};
/// assert_eq!("a".as_value(), Some(ValueRef::String("a")));
/// assert_eq!(None::<&str>.as_value(), None);
/// ```
pub trait AsValue {
    /// The value, or `None` when undefined.
    fn as_value(&self) -> Option<ValueRef<'_>>;
}

impl AsValue for Value {
    fn as_value(&self) -> Option<ValueRef<'_>> {
        Some(self.as_ref())
    }
}

impl AsValue for ValueRef<'_> {
    fn as_value(&self) -> Option<ValueRef<'_>> {
        Some(*self)
    }
}

impl AsValue for str {
    fn as_value(&self) -> Option<ValueRef<'_>> {
        Some(ValueRef::String(self))
    }
}

impl AsValue for String {
    fn as_value(&self) -> Option<ValueRef<'_>> {
        Some(ValueRef::String(self))
    }
}

impl<T: AsValue + ?Sized> AsValue for &T {
    fn as_value(&self) -> Option<ValueRef<'_>> {
        (**self).as_value()
    }
}

impl<T: AsValue> AsValue for Option<T> {
    fn as_value(&self) -> Option<ValueRef<'_>> {
        self.as_ref().and_then(AsValue::as_value)
    }
}

/// The variables of an expansion: a lookup by name. Implemented for slices, arrays and
/// vectors of `(name, value)` pairs (the first pair of a name wins), for `BTreeMap`, and
/// with `std` for `HashMap`, whatever the value type implementing [`AsValue`].
///
/// ```
/// use std::collections::BTreeMap;
/// use urlkit::template::{Template, Value};
/// let t = Template::parse("/repos/{owner}/{repo}")?;
/// assert_eq!(t.expand(&[("owner", "rust-lang"), ("repo", "rust")]).unwrap(), "/repos/rust-lang/rust");
/// let mut map = BTreeMap::new();
/// map.insert("owner", Value::from("o"));
/// assert_eq!(t.expand(&map).unwrap(), "/repos/o/");
/// # Ok::<(), urlkit::template::TemplateError>(())
/// ```
pub trait Vars {
    /// The value of `name`, or `None` when it is undefined.
    fn get(&self, name: &str) -> Option<ValueRef<'_>>;
}

impl<T: Vars + ?Sized> Vars for &T {
    fn get(&self, name: &str) -> Option<ValueRef<'_>> {
        (**self).get(name)
    }
}

impl<K: AsRef<str>, V: AsValue> Vars for [(K, V)] {
    fn get(&self, name: &str) -> Option<ValueRef<'_>> {
        self.iter()
            .find(|(k, _)| k.as_ref() == name)
            .and_then(|(_, v)| v.as_value())
    }
}

impl<K: AsRef<str>, V: AsValue, const N: usize> Vars for [(K, V); N] {
    fn get(&self, name: &str) -> Option<ValueRef<'_>> {
        Vars::get(self.as_slice(), name)
    }
}

impl<K: AsRef<str>, V: AsValue> Vars for Vec<(K, V)> {
    fn get(&self, name: &str) -> Option<ValueRef<'_>> {
        Vars::get(self.as_slice(), name)
    }
}

impl<K: Borrow<str> + Ord, V: AsValue> Vars for BTreeMap<K, V> {
    fn get(&self, name: &str) -> Option<ValueRef<'_>> {
        BTreeMap::get(self, name).and_then(AsValue::as_value)
    }
}

#[cfg(feature = "std")]
impl<K, V, S> Vars for std::collections::HashMap<K, V, S>
where
    K: Borrow<str> + core::hash::Hash + Eq,
    V: AsValue,
    S: core::hash::BuildHasher,
{
    fn get(&self, name: &str) -> Option<ValueRef<'_>> {
        std::collections::HashMap::get(self, name).and_then(AsValue::as_value)
    }
}
