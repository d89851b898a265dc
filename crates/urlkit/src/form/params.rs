//! [`SearchParams`] (the [`URLSearchParams` class](https://url.spec.whatwg.org/#interface-urlsearchparams))
//! and [`SearchParamsMut`], a list bound to a URL's query.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::ops::{Deref, DerefMut};
use core::str::FromStr;

use crate::Url;

/// An owned list of name-value pairs with the methods of the browser's
/// [`URLSearchParams`](https://url.spec.whatwg.org/#interface-urlsearchparams).
///
/// Names may repeat; order is kept. `Display` (and so `to_string`) is the
/// [urlencoded serialization](https://url.spec.whatwg.org/#concept-urlencoded-serializer).
///
/// ```
/// use urlkit::form::SearchParams;
/// let mut p = SearchParams::parse("?a=1&b=2&a=3");
/// assert_eq!(p.get("a"), Some("1"));
/// assert_eq!(p.get_all("a").collect::<Vec<_>>(), ["1", "3"]);
/// p.set("a", "x y");
/// p.append("c", "&");
/// assert_eq!(p.to_string(), "a=x+y&b=2&c=%26");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct SearchParams {
    list: Vec<(String, String)>,
}

impl SearchParams {
    /// An empty list (`new URLSearchParams()`).
    ///
    /// ```
    /// assert!(urlkit::form::SearchParams::new().is_empty());
    /// ```
    pub const fn new() -> Self {
        SearchParams { list: Vec::new() }
    }

    /// Parses `init` as the [constructor](https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams)
    /// does with a string: one leading `?` is removed, then the rest goes through the
    /// [urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser).
    ///
    /// ```
    /// let p = urlkit::form::SearchParams::parse("??a=b+c");
    /// assert_eq!(p.iter().collect::<Vec<_>>(), [("?a", "b c")]);
    /// ```
    pub fn parse(init: &str) -> Self {
        let init = init.strip_prefix('?').unwrap_or(init);
        Self::parse_query(init)
    }

    /// Parses `query` with the urlencoded parser, without removing a leading `?` (as a URL's
    /// query object is initialized).
    ///
    /// ```
    /// let p = urlkit::form::SearchParams::parse_query("?a=1");
    /// assert_eq!(p.get("?a"), Some("1"));
    /// ```
    pub fn parse_query(query: &str) -> Self {
        super::parse(query.as_bytes())
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect()
    }

    /// The number of pairs ([`size`](https://url.spec.whatwg.org/#dom-urlsearchparams-size)).
    ///
    /// ```
    /// assert_eq!(urlkit::form::SearchParams::parse("a&a&b").size(), 3);
    /// ```
    pub fn size(&self) -> usize {
        self.list.len()
    }

    /// The number of pairs; the same as [`size`](Self::size).
    ///
    /// ```
    /// assert_eq!(urlkit::form::SearchParams::parse("a=1").len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the list has no pairs.
    ///
    /// ```
    /// assert!(urlkit::form::SearchParams::parse("&&").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Appends a pair ([`append`](https://url.spec.whatwg.org/#dom-urlsearchparams-append)).
    ///
    /// ```
    /// let mut p = urlkit::form::SearchParams::new();
    /// p.append("a", "1");
    /// p.append(String::from("a"), String::from("2"));
    /// assert_eq!(p.to_string(), "a=1&a=2");
    /// ```
    pub fn append(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.list.push((name.into(), value.into()));
    }

    /// Removes every pair named `name`, or only those whose value is also `value` when given
    /// ([`delete`](https://url.spec.whatwg.org/#dom-urlsearchparams-delete)).
    ///
    /// ```
    /// let mut p = urlkit::form::SearchParams::parse("a=1&b=2&a=3");
    /// p.delete("a", Some("3"));
    /// assert_eq!(p.to_string(), "a=1&b=2");
    /// p.delete("a", None);
    /// assert_eq!(p.to_string(), "b=2");
    /// ```
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        match value {
            Some(value) => self.list.retain(|(n, v)| !(n == name && v == value)),
            None => self.list.retain(|(n, _)| n != name),
        }
    }

    /// The value of the first pair named `name`
    /// ([`get`](https://url.spec.whatwg.org/#dom-urlsearchparams-get)).
    ///
    /// ```
    /// let p = urlkit::form::SearchParams::parse("a=1&a=2");
    /// assert_eq!(p.get("a"), Some("1"));
    /// assert_eq!(p.get("b"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The values of all pairs named `name`, in order
    /// ([`getAll`](https://url.spec.whatwg.org/#dom-urlsearchparams-getall)).
    ///
    /// ```
    /// let p = urlkit::form::SearchParams::parse("a=1&b=0&a=2");
    /// assert_eq!(p.get_all("a").collect::<Vec<_>>(), ["1", "2"]);
    /// assert_eq!(p.get_all("c").count(), 0);
    /// ```
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.list
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether a pair is named `name` (and has value `value`, when given)
    /// ([`has`](https://url.spec.whatwg.org/#dom-urlsearchparams-has)).
    ///
    /// ```
    /// let p = urlkit::form::SearchParams::parse("a=1");
    /// assert!(p.has("a", None) && p.has("a", Some("1")));
    /// assert!(!p.has("a", Some("2")) && !p.has("b", None));
    /// ```
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        match value {
            Some(value) => self.list.iter().any(|(n, v)| n == name && v == value),
            None => self.list.iter().any(|(n, _)| n == name),
        }
    }

    /// Sets the first pair named `name` to `value` and removes the other pairs of that name,
    /// or appends the pair when there is none
    /// ([`set`](https://url.spec.whatwg.org/#dom-urlsearchparams-set)).
    ///
    /// ```
    /// let mut p = urlkit::form::SearchParams::parse("a=1&b=2&a=3");
    /// p.set("a", "4");
    /// p.set("c", "5");
    /// assert_eq!(p.to_string(), "a=4&b=2&c=5");
    /// ```
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let name = name.into();
        let Some(first) = self.list.iter().position(|(n, _)| *n == name) else {
            self.list.push((name, value.into()));
            return;
        };
        self.list[first].1 = value.into();
        let mut i = 0;
        self.list.retain(|(n, _)| {
            let keep = i <= first || *n != name;
            i += 1;
            keep
        });
    }

    /// Sorts the pairs by name, comparing UTF-16 code units as the standard does; the sort
    /// is stable, so pairs with equal names keep their order
    /// ([`sort`](https://url.spec.whatwg.org/#dom-urlsearchparams-sort)).
    ///
    /// ```
    /// let mut p = urlkit::form::SearchParams::parse("z=1&a=2&z=0&\u{FB03}&\u{1F308}");
    /// p.sort();
    /// // U+1F308 is two UTF-16 code units starting 0xD83C, below U+FB03.
    /// let names: Vec<_> = p.iter().map(|(n, v)| format!("{n}{v}")).collect();
    /// assert_eq!(names, ["a2", "z1", "z0", "\u{1F308}", "\u{FB03}"]);
    /// ```
    pub fn sort(&mut self) {
        self.list.sort_by(|a, b| cmp_utf16(&a.0, &b.0));
    }

    /// Iterates over the pairs as `(name, value)`.
    ///
    /// ```
    /// let p = urlkit::form::SearchParams::parse("a=1&b=2");
    /// let v: Vec<(&str, &str)> = p.iter().collect();
    /// assert_eq!(v, [("a", "1"), ("b", "2")]);
    /// ```
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            inner: self.list.iter(),
        }
    }

    /// The pairs as a slice.
    ///
    /// ```
    /// let p = urlkit::form::SearchParams::parse("a=1");
    /// assert_eq!(p.as_slice(), [("a".to_string(), "1".to_string())]);
    /// ```
    pub fn as_slice(&self) -> &[(String, String)] {
        &self.list
    }

    /// Removes every pair.
    ///
    /// ```
    /// let mut p = urlkit::form::SearchParams::parse("a=1");
    /// p.clear();
    /// assert!(p.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// The pairs as a vector.
    ///
    /// ```
    /// let v = urlkit::form::SearchParams::parse("a").into_vec();
    /// assert_eq!(v, [("a".to_string(), String::new())]);
    /// ```
    pub fn into_vec(self) -> Vec<(String, String)> {
        self.list
    }
}

/// Compares two strings as sequences of UTF-16 code units, without allocating.
///
/// UTF-8 byte order is code point order, which agrees with UTF-16 order except between
/// U+E000..=U+FFFF and supplementary code points (encoded as surrogates 0xD800..=0xDFFF).
/// After the common byte prefix, the first differing characters decide, compared by a key
/// that moves U+E000..=U+FFFF above every supplementary code point.
fn cmp_utf16(a: &str, b: &str) -> Ordering {
    let common = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let mut i = common;
    // The prefix is identical, so a boundary in `a` is one in `b`.
    while !a.is_char_boundary(i) {
        i -= 1;
    }
    fn key(c: char) -> u32 {
        let c = c as u32;
        if (0xE000..=0xFFFF).contains(&c) {
            c + 0x20_0000
        } else {
            c
        }
    }
    let (a, b) = (a.get(i..).unwrap_or_default(), b.get(i..).unwrap_or_default());
    a.chars().map(key).cmp(b.chars().map(key))
}

/// Iterator over the `(name, value)` pairs of a [`SearchParams`], returned by
/// [`SearchParams::iter`].
///
/// ```
/// let p = urlkit::form::SearchParams::parse("a=1&b=2");
/// assert_eq!(p.iter().rev().next(), Some(("b", "2")));
/// ```
#[derive(Debug, Clone)]
pub struct Iter<'a> {
    inner: core::slice::Iter<'a, (String, String)>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

impl ExactSizeIterator for Iter<'_> {}
impl core::iter::FusedIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a SearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl IntoIterator for SearchParams {
    type Item = (String, String);
    type IntoIter = alloc::vec::IntoIter<(String, String)>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl<K: Into<String>, V: Into<String>> FromIterator<(K, V)> for SearchParams {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        SearchParams {
            list: iter.into_iter().map(|(k, v)| (k.into(), v.into())).collect(),
        }
    }
}

impl<K: Into<String>, V: Into<String>> Extend<(K, V)> for SearchParams {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        self.list
            .extend(iter.into_iter().map(|(k, v)| (k.into(), v.into())));
    }
}

impl From<Vec<(String, String)>> for SearchParams {
    fn from(list: Vec<(String, String)>) -> Self {
        SearchParams { list }
    }
}

impl fmt::Display for SearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The serializer's output, written piece by piece without a buffer.
        for (i, (name, value)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("&")?;
            }
            for piece in super::byte_serialize(name.as_bytes()) {
                f.write_str(piece)?;
            }
            f.write_str("=")?;
            for piece in super::byte_serialize(value.as_bytes()) {
                f.write_str(piece)?;
            }
        }
        Ok(())
    }
}

impl FromStr for SearchParams {
    type Err = core::convert::Infallible;

    /// The same as [`SearchParams::parse`]: never fails.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(SearchParams::parse(s))
    }
}

// ---------------------------------------------------------------------------------------------
// Bound view

/// A URL (or anything else with a query) that a [`SearchParamsMut`] can read and rewrite.
///
/// ```
/// use urlkit::form::QueryTarget;
/// struct Q(Option<String>);
/// impl QueryTarget for Q {
///     fn query(&self) -> Option<&str> { self.0.as_deref() }
///     fn set_query(&mut self, query: Option<&str>) { self.0 = query.map(String::from); }
/// }
/// let mut q = Q(Some("b=1&a=2".into()));
/// q.search_params_mut().sort();
/// assert_eq!(q.query(), Some("a=2&b=1"));
/// ```
pub trait QueryTarget {
    /// The query without its `?`, or `None` when there is none.
    ///
    /// ```
    /// # use urlkit::form::QueryTarget;
    /// # struct Q(Option<String>);
    /// # impl QueryTarget for Q {
    /// #     fn query(&self) -> Option<&str> { self.0.as_deref() }
    /// #     fn set_query(&mut self, query: Option<&str>) { self.0 = query.map(String::from); }
    /// # }
    /// assert_eq!(Q(Some("a=1".into())).query(), Some("a=1"));
    /// ```
    fn query(&self) -> Option<&str>;

    /// Replaces the query (without `?`; `None` removes it). The view passes only
    /// `application/x-www-form-urlencoded` output, which needs no further encoding.
    ///
    /// ```
    /// # use urlkit::form::QueryTarget;
    /// # struct Q(Option<String>);
    /// # impl QueryTarget for Q {
    /// #     fn query(&self) -> Option<&str> { self.0.as_deref() }
    /// #     fn set_query(&mut self, query: Option<&str>) { self.0 = query.map(String::from); }
    /// # }
    /// let mut q = Q(None);
    /// q.set_query(Some("x=1"));
    /// assert_eq!(q.query(), Some("x=1"));
    /// ```
    fn set_query(&mut self, query: Option<&str>);

    /// A [`SearchParamsMut`] over this target's query.
    ///
    /// ```
    /// # use urlkit::form::QueryTarget;
    /// # struct Q(Option<String>);
    /// # impl QueryTarget for Q {
    /// #     fn query(&self) -> Option<&str> { self.0.as_deref() }
    /// #     fn set_query(&mut self, query: Option<&str>) { self.0 = query.map(String::from); }
    /// # }
    /// let mut q = Q(Some("a=1".into()));
    /// q.search_params_mut().append("b", "2 3");
    /// assert_eq!(q.query(), Some("a=1&b=2+3"));
    /// ```
    fn search_params_mut(&mut self) -> SearchParamsMut<'_, Self> {
        SearchParamsMut::new(self)
    }
}

/// A [`Url`]'s query. Writing goes through the [search setter](Url::set_search), so the
/// value is percent-encoded as a query (already-encoded form output passes unchanged).
/// `Some("")` keeps an empty query (`?`); `None` removes it. A URL that would grow beyond
/// 4 GiB keeps its old query.
///
/// ```
/// use urlkit::{form::QueryTarget, Url};
/// let mut url = Url::parse("https://example.com/?x#top")?;
/// QueryTarget::set_query(&mut url, Some("?a=1"));
/// assert_eq!(url.as_str(), "https://example.com/??a=1#top");
/// QueryTarget::set_query(&mut url, None);
/// assert_eq!(url.as_str(), "https://example.com/#top");
/// # Ok::<(), urlkit::ParseError>(())
/// ```
impl QueryTarget for Url {
    fn query(&self) -> Option<&str> {
        Url::query(self)
    }

    fn set_query(&mut self, query: Option<&str>) {
        // The setter drops one leading `?` and reads "" as "no query": add a `?` when needed.
        let result = match query {
            None => self.set_search(""),
            Some(q) if q.is_empty() || q.starts_with('?') => {
                let mut with_mark = String::with_capacity(q.len() + 1);
                with_mark.push('?');
                with_mark.push_str(q);
                self.set_search(&with_mark)
            }
            Some(q) => self.set_search(q),
        };
        // Only `SetterError::TooLong` is possible; the URL is then unchanged.
        let _ = result;
    }
}

impl Url {
    /// The query parsed as a [`SearchParams`] list (no query: empty), detached from the URL.
    ///
    /// ```
    /// let url = urlkit::Url::parse("https://example.com/?q=a+b&q=c")?;
    /// let params = url.search_params();
    /// assert_eq!(params.get_all("q").collect::<Vec<_>>(), ["a b", "c"]);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn search_params(&self) -> SearchParams {
        SearchParams::parse_query(Url::query(self).unwrap_or(""))
    }

    /// The query as a [`SearchParamsMut`]: edits are written back to the query when the view
    /// is dropped. Pairs before the first edited one keep their text as written (`a=b,c&key`
    /// stays so when a pair is appended); the pairs from there on are serialized, and the
    /// `?` goes when the list is emptied. For the exact `URLSearchParams` update steps (the
    /// whole list serialized on any edit, as browsers do) see
    /// [`url_search_params_mut`](Self::url_search_params_mut).
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://h/?a=b,c&key&sp=a%20b")?;
    /// url.search_params_mut().append("n", "1");
    /// assert_eq!(url.as_str(), "https://h/?a=b,c&key&sp=a%20b&n=1");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://example.com/?b=2&a=1#f")?;
    /// url.search_params_mut().sort();
    /// assert_eq!(url.as_str(), "https://example.com/?a=1&b=2#f");
    /// {
    ///     let mut params = url.search_params_mut();
    ///     params.delete("a", None);
    ///     params.delete("b", None);
    /// }
    /// assert_eq!(url.as_str(), "https://example.com/#f");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn search_params_mut(&mut self) -> SearchParamsMut<'_> {
        SearchParamsMut::new(self)
    }

    /// The query as the URL's `searchParams` object with the standard's
    /// [update steps](https://url.spec.whatwg.org/#concept-urlsearchparams-update): any edit
    /// serializes the whole list (`a=b,c&key&sp=a%20b` becomes `a=b%2Cc&key=&sp=a+b`), and
    /// an empty list removes the query.
    ///
    /// ```
    /// let mut url = urlkit::Url::parse("https://h/?a=b,c&key&sp=a%20b")?;
    /// url.url_search_params_mut().append("n", "1");
    /// assert_eq!(url.as_str(), "https://h/?a=b%2Cc&key=&sp=a+b&n=1");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[doc(alias = "searchParams")]
    pub fn url_search_params_mut(&mut self) -> SearchParamsMut<'_> {
        SearchParamsMut::update_steps(self)
    }
}

/// A [`SearchParams`] bound to a URL's query, like a `URL` object's `searchParams`.
///
/// It derefs to [`SearchParams`]. Once it has been borrowed mutably (any editing method),
/// the query is rewritten by the [update steps](https://url.spec.whatwg.org/#concept-urlsearchparams-update)
/// when the view is dropped or [`commit`](Self::commit)ted: the list is serialized, and an
/// empty serialization removes the query (and its `?`). Only reading leaves the query exactly
/// as it was.
///
/// ```
/// use urlkit::form::{QueryTarget, SearchParamsMut};
/// # struct Q(Option<String>);
/// # impl QueryTarget for Q {
/// #     fn query(&self) -> Option<&str> { self.0.as_deref() }
/// #     fn set_query(&mut self, query: Option<&str>) { self.0 = query.map(String::from); }
/// # }
/// let mut q = Q(Some("a=b,c".into()));
/// {
///     let view = SearchParamsMut::new(&mut q);
///     assert_eq!(view.get("a"), Some("b,c"));
/// }
/// assert_eq!(q.query(), Some("a=b,c")); // untouched
/// SearchParamsMut::new(&mut q).delete("a", None);
/// assert_eq!(q.query(), None); // emptied: the `?` goes too
/// ```
pub struct SearchParamsMut<'a, T: QueryTarget + ?Sized = Url> {
    target: &'a mut T,
    params: SearchParams,
    dirty: bool,
    /// Serialize the whole list on commit (the update steps), not only the edited tail.
    whole: bool,
}

impl<'a, T: QueryTarget + ?Sized> SearchParamsMut<'a, T> {
    /// A view of `target`'s query, parsed with the urlencoded parser (no query: empty list).
    ///
    /// ```
    /// # use urlkit::form::{QueryTarget, SearchParamsMut};
    /// # struct Q(Option<String>);
    /// # impl QueryTarget for Q {
    /// #     fn query(&self) -> Option<&str> { self.0.as_deref() }
    /// #     fn set_query(&mut self, query: Option<&str>) { self.0 = query.map(String::from); }
    /// # }
    /// let mut q = Q(Some("x=%41".into()));
    /// assert_eq!(SearchParamsMut::new(&mut q).get("x"), Some("A"));
    /// ```
    pub fn new(target: &'a mut T) -> Self {
        let params = SearchParams::parse_query(target.query().unwrap_or(""));
        SearchParamsMut {
            target,
            params,
            dirty: false,
            whole: false,
        }
    }

    /// As [`new`](Self::new), with the standard's update steps on commit: the whole list
    /// is serialized, whatever was edited.
    ///
    /// ```
    /// # use urlkit::form::{QueryTarget, SearchParamsMut};
    /// # struct Q(Option<String>);
    /// # impl QueryTarget for Q {
    /// #     fn query(&self) -> Option<&str> { self.0.as_deref() }
    /// #     fn set_query(&mut self, query: Option<&str>) { self.0 = query.map(String::from); }
    /// # }
    /// let mut q = Q(Some("a=b,c".into()));
    /// SearchParamsMut::update_steps(&mut q).append("d", "e");
    /// assert_eq!(q.query(), Some("a=b%2Cc&d=e"));
    /// ```
    pub fn update_steps(target: &'a mut T) -> Self {
        let mut view = SearchParamsMut::new(target);
        view.whole = true;
        view
    }

    /// Runs the update steps now if the list may have changed: writes the serialization to
    /// the target's query (`None` when empty). Dropping the view does the same.
    ///
    /// ```
    /// # use urlkit::form::{QueryTarget, SearchParamsMut};
    /// # struct Q(Option<String>);
    /// # impl QueryTarget for Q {
    /// #     fn query(&self) -> Option<&str> { self.0.as_deref() }
    /// #     fn set_query(&mut self, query: Option<&str>) { self.0 = query.map(String::from); }
    /// # }
    /// let mut q = Q(None);
    /// let mut view = SearchParamsMut::new(&mut q);
    /// view.append("a", "1");
    /// view.commit();
    /// assert_eq!(view.target().query(), Some("a=1"));
    /// ```
    pub fn commit(&mut self) {
        if !self.dirty {
            return;
        }
        self.dirty = false;
        let query = self.target.query().unwrap_or("");
        // The pairs of the query as written, each with the end of its text: the urlencoded
        // parser gives one pair per non-empty `&`-separated piece.
        let mut kept_end = 0;
        let mut kept = 0;
        if !self.whole {
            let mut at = 0;
            for piece in query.split('&') {
                let end = at + piece.len();
                at = end + 1;
                if piece.is_empty() {
                    continue;
                }
                let same = super::parse(piece.as_bytes())
                    .next()
                    .zip(self.params.as_slice().get(kept))
                    .is_some_and(|((n, v), (pn, pv))| n == pn.as_str() && v == pv.as_str());
                if !same {
                    break;
                }
                kept += 1;
                kept_end = end;
            }
            let pieces = query.split('&').filter(|p| !p.is_empty()).count();
            if kept == pieces && kept == self.params.len() {
                return; // nothing changed: the query stays exactly as written
            }
        }
        let rest = &self.params.as_slice()[kept..];
        let mut out = String::from(&query[..kept_end]);
        super::Serializer::for_suffix(&mut out, 0).extend_pairs(rest.iter().map(|(n, v)| (n, v)));
        self.target
            .set_query(Some(out.as_str()).filter(|s| !s.is_empty()));
    }

    /// The target, as of the last commit.
    ///
    /// ```
    /// # use urlkit::form::{QueryTarget, SearchParamsMut};
    /// # struct Q(Option<String>);
    /// # impl QueryTarget for Q {
    /// #     fn query(&self) -> Option<&str> { self.0.as_deref() }
    /// #     fn set_query(&mut self, query: Option<&str>) { self.0 = query.map(String::from); }
    /// # }
    /// let mut q = Q(Some("a".into()));
    /// let view = SearchParamsMut::new(&mut q);
    /// assert_eq!(view.target().query(), Some("a"));
    /// ```
    pub fn target(&self) -> &T {
        self.target
    }
}

impl<T: QueryTarget + ?Sized> Deref for SearchParamsMut<'_, T> {
    type Target = SearchParams;

    fn deref(&self) -> &SearchParams {
        &self.params
    }
}

impl<T: QueryTarget + ?Sized> DerefMut for SearchParamsMut<'_, T> {
    fn deref_mut(&mut self) -> &mut SearchParams {
        self.dirty = true;
        &mut self.params
    }
}

impl<T: QueryTarget + ?Sized> Drop for SearchParamsMut<'_, T> {
    fn drop(&mut self) {
        self.commit();
    }
}

impl<T: QueryTarget + ?Sized> fmt::Debug for SearchParamsMut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchParamsMut")
            .field("params", &self.params)
            .field("dirty", &self.dirty)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_order() {
        assert_eq!(cmp_utf16("\u{1F308}", "\u{FB03}"), Ordering::Less);
        assert_eq!(cmp_utf16("\u{FB03}", "\u{1F308}"), Ordering::Greater);
        assert_eq!(cmp_utf16("\u{D7FF}", "\u{10000}"), Ordering::Less);
        assert_eq!(cmp_utf16("a\u{1F308}", "a\u{1F4A9}"), Ordering::Less);
        assert_eq!(cmp_utf16("é", "e\u{FFFD}"), Ordering::Greater);
        assert_eq!(cmp_utf16("aa", "aaa"), Ordering::Less);
        assert_eq!(cmp_utf16("", ""), Ordering::Equal);
        // Shared first byte of a multi-byte character (U+00E9 vs U+00E8).
        assert_eq!(cmp_utf16("é", "è"), Ordering::Greater);
    }

    #[test]
    fn set_keeps_first_position() {
        let mut p = SearchParams::parse("b=0&a=1&b=2&a=3&b=4");
        p.set("b", "x");
        assert_eq!(p.to_string(), "b=x&a=1&a=3");
    }
}
