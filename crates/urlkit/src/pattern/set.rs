//! [`UrlPatternSet`]: many patterns compiled together, matched against a URL without trying
//! them one by one.
//!
//! The pathname patterns are indexed in a radix trie (path-compressed) over their fixed
//! parts. A pathname pattern's
//! *key* is its leading run of fixed text and full-segment named groups (`/books/:id/`):
//! bytes, and a segment edge for each `:name` that matches one whole segment (`[^/]+`). The
//! key ends at the first part the trie cannot follow (a regexp group, a modifier, `*`, a
//! group followed by more text in its segment); patterns whose key covers the whole pathname
//! are *exact*, the others are candidates whenever their key's node is reached.
//!
//! Matching walks the trie along the URL's pathname: a byte edge consumes its label, a
//! segment edge the rest of the segment. Each node is a different key, so each is visited at
//! most once and the walk costs at most the number of nodes consistent with the pathname
//! (never more than the pathname's length times its segments, whatever the patterns). Only
//! the patterns found at the nodes reached are then checked, component by component, so
//! the cost grows with the number of candidates, not with the size of the set.

use super::parser::{Modifier, PartType};
use super::{Component, UrlPattern, UrlPatternResult};
use crate::Url;
use alloc::vec::Vec;

/// One element of a trie key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Elem {
    Byte(u8),
    /// A named group matching one whole path segment.
    Segment,
}

/// A node of the radix trie: entered by consuming `label` (after its parent), or, for a
/// parent's segment child, one whole path segment (with an empty label).
#[derive(Debug, Clone, Default)]
struct Node {
    label: Vec<u8>,
    /// Byte edges by the first byte of the child's label, sorted.
    bytes: Vec<(u8, u32)>,
    /// The segment edge (0: none; the root is never a child).
    segment: u32,
    /// Patterns whose key ends here and covers the whole pathname.
    exact: Vec<u32>,
    /// Patterns whose key ends here, with more pathname pattern after it (or `*`).
    prefix: Vec<u32>,
}

/// A match in a [`UrlPatternSet`]: the pattern's index (insertion order) and its groups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetMatch {
    /// The index of the pattern, in insertion order.
    pub index: usize,
    /// The groups, as [`UrlPattern::exec_url`] gives them.
    pub result: UrlPatternResult,
}

/// Many [`UrlPattern`]s compiled together: a router's route table.
///
/// ```
/// use urlkit::pattern::{UrlPattern, UrlPatternSet};
/// use urlkit::Url;
/// let mut set = UrlPatternSet::new();
/// set.push(UrlPattern::parse("https://example.com/books/:id", None)?);
/// set.push(UrlPattern::parse("https://example.com/books/new", None)?);
/// set.push(UrlPattern::parse("https://example.com/*", None)?);
/// let url = Url::parse("https://example.com/books/new").unwrap();
/// assert_eq!(set.matches(&url), [0, 1, 2]);
/// let first = set.first_match(&url).unwrap();
/// assert_eq!((first.index, first.result.pathname.group("id")), (0, Some("new")));
/// # Ok::<(), urlkit::pattern::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct UrlPatternSet {
    patterns: Vec<UrlPattern>,
    /// Per pattern: the components to check after the trie, one bit per [`Component`] (the
    /// `*` components and a pathname the trie decided are left out).
    checks: Vec<u8>,
    nodes: Vec<Node>,
}

impl Default for UrlPatternSet {
    fn default() -> Self {
        Self::new()
    }
}

impl FromIterator<UrlPattern> for UrlPatternSet {
    fn from_iter<I: IntoIterator<Item = UrlPattern>>(iter: I) -> Self {
        let mut set = UrlPatternSet::new();
        for p in iter {
            set.push(p);
        }
        set
    }
}

/// How much of a pattern's pathname its trie key covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cover {
    /// All of it: the pathname matches when the walk ends at the key's node.
    Exact,
    /// All of it, the key followed by `*` (`.*`): the pathname matches whenever the walk
    /// reaches the key's node.
    AnyTail,
    /// A prefix: the pathname's regexp decides.
    Prefix,
}

/// The trie key of a pattern's pathname, and how much of the pathname it covers.
fn key(pattern: &UrlPattern) -> (Vec<Elem>, Cover) {
    let c = pattern.compiled(Component::Pathname);
    let mut key = Vec::new();
    // Segment groups are the `[^/]+?` of the pathname options only.
    if c.ignore_case || c.delimiter != "/" {
        return (key, Cover::Prefix);
    }
    // A segment edge consumes the whole segment: what follows it in the key must start
    // with `/` (or be the end, or a part the key does not follow).
    fn after_segment_ok(key: &[Elem], text: &str) -> bool {
        key.last() != Some(&Elem::Segment) || text.is_empty() || text.starts_with('/')
    }
    let cut = |mut key: Vec<Elem>| {
        if key.last() == Some(&Elem::Segment) {
            key.pop();
        }
        (key, Cover::Prefix)
    };
    let last = c.parts.len().wrapping_sub(1);
    for (i, part) in c.parts.iter().enumerate() {
        match (part.kind, part.modifier) {
            (PartType::FixedText, Modifier::None) => {
                if !after_segment_ok(&key, &part.value) {
                    return cut(key);
                }
                key.extend(part.value.bytes().map(Elem::Byte));
            }
            (PartType::SegmentWildcard, Modifier::None) if part.suffix.is_empty() => {
                if !after_segment_ok(&key, &part.prefix)
                    || (part.prefix.is_empty() && key.last() == Some(&Elem::Segment))
                {
                    return cut(key);
                }
                key.extend(part.prefix.bytes().map(Elem::Byte));
                key.push(Elem::Segment);
            }
            (PartType::FullWildcard, Modifier::None) if part.suffix.is_empty() && i == last => {
                if !after_segment_ok(&key, &part.prefix) {
                    return cut(key);
                }
                key.extend(part.prefix.bytes().map(Elem::Byte));
                return (key, Cover::AnyTail);
            }
            _ => return (key, Cover::Prefix),
        }
    }
    (key, Cover::Exact)
}

impl UrlPatternSet {
    /// An empty set.
    ///
    /// ```
    /// assert!(urlkit::pattern::UrlPatternSet::new().is_empty());
    /// ```
    pub fn new() -> Self {
        UrlPatternSet {
            patterns: Vec::new(),
            checks: Vec::new(),
            nodes: alloc::vec![Node::default()],
        }
    }

    /// Adds a pattern; returns its index.
    ///
    /// ```
    /// let mut set = urlkit::pattern::UrlPatternSet::new();
    /// let i = set.push(urlkit::pattern::UrlPattern::parse("https://h/a", None)?);
    /// assert_eq!((i, set.len()), (0, 1));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn push(&mut self, pattern: UrlPattern) -> usize {
        let index = self.patterns.len() as u32;
        let (key, cover) = key(&pattern);
        let mut node = 0usize;
        let mut rest = key.as_slice();
        while let Some(first) = rest.first() {
            if *first == Elem::Segment {
                rest = &rest[1..];
                node = match self.nodes[node].segment {
                    0 => {
                        let child = self.new_node(Vec::new());
                        self.nodes[node].segment = child as u32;
                        child
                    }
                    s => s as usize,
                };
                continue;
            }
            let run_len = rest
                .iter()
                .position(|e| *e == Elem::Segment)
                .unwrap_or(rest.len());
            let run: Vec<u8> = rest[..run_len]
                .iter()
                .map(|e| match e {
                    Elem::Byte(b) => *b,
                    Elem::Segment => 0,
                })
                .collect();
            let (consumed, child) = self.byte_step(node, &run);
            node = child;
            rest = &rest[consumed..];
        }
        match cover {
            Cover::Exact => self.nodes[node].exact.push(index),
            Cover::AnyTail | Cover::Prefix => self.nodes[node].prefix.push(index),
        }
        let mut checks = 0u8;
        for c in Component::ALL {
            let decided = c == Component::Pathname && cover != Cover::Prefix;
            if !decided && !pattern.compiled(c).is_any() {
                checks |= 1 << c as u8;
            }
        }
        self.patterns.push(pattern);
        self.checks.push(checks);
        index as usize
    }

    fn new_node(&mut self, label: Vec<u8>) -> usize {
        self.nodes.push(Node {
            label,
            ..Node::default()
        });
        self.nodes.len() - 1
    }

    /// Follows (or makes) the byte edge of `node` for `run` (non-empty): returns how many
    /// bytes of `run` the child's label took and the child. A label that only partly matches
    /// is split in two.
    fn byte_step(&mut self, node: usize, run: &[u8]) -> (usize, usize) {
        let edges = &self.nodes[node].bytes;
        let slot = edges.binary_search_by_key(&run[0], |&(k, _)| k);
        let child = match slot {
            Err(i) => {
                let child = self.new_node(run.to_vec());
                self.nodes[node].bytes.insert(i, (run[0], child as u32));
                return (run.len(), child);
            }
            Ok(i) => self.nodes[node].bytes[i].1 as usize,
        };
        let label = &self.nodes[child].label;
        let common = label.iter().zip(run).take_while(|(a, b)| a == b).count();
        if common == label.len() {
            return (common, child);
        }
        // Split: `node -> mid (label[..common]) -> child (label[common..])`.
        let tail = self.nodes[child].label.split_off(common);
        let head = core::mem::take(&mut self.nodes[child].label);
        self.nodes[child].label = tail;
        let mid = self.new_node(head);
        let first = self.nodes[child].label[0];
        self.nodes[mid].bytes.push((first, child as u32));
        if let Ok(i) = slot {
            self.nodes[node].bytes[i].1 = mid as u32;
        }
        (common, mid)
    }

    /// The number of patterns.
    ///
    /// ```
    /// assert_eq!(urlkit::pattern::UrlPatternSet::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Whether the set has no pattern.
    ///
    /// ```
    /// assert!(urlkit::pattern::UrlPatternSet::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The pattern at `index`.
    ///
    /// ```
    /// let set: urlkit::pattern::UrlPatternSet = [urlkit::pattern::UrlPattern::parse("https://h/a", None)?].into_iter().collect();
    /// assert_eq!(set.get(0).unwrap().pathname(), "/a");
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn get(&self, index: usize) -> Option<&UrlPattern> {
        self.patterns.get(index)
    }

    /// The patterns whose pathname key is consistent with `path`, unsorted.
    fn candidates(&self, path: &[u8], out: &mut Vec<u32>) {
        let mut stack: Vec<(u32, usize)> = alloc::vec![(0, 0)];
        while let Some((n, pos)) = stack.pop() {
            let node = &self.nodes[n as usize];
            out.extend_from_slice(&node.prefix);
            if pos == path.len() {
                out.extend_from_slice(&node.exact);
                continue;
            }
            let b = path[pos];
            if let Ok(i) = node.bytes.binary_search_by_key(&b, |&(k, _)| k) {
                let child = node.bytes[i].1;
                let label = &self.nodes[child as usize].label;
                if path[pos..].starts_with(label) {
                    stack.push((child, pos + label.len()));
                }
            }
            if node.segment != 0 && b != b'/' {
                let end = path[pos..]
                    .iter()
                    .position(|&c| c == b'/')
                    .map_or(path.len(), |e| pos + e);
                stack.push((node.segment, end));
            }
        }
    }

    fn verify(&self, i: u32, url: &Url) -> bool {
        let checks = self.checks[i as usize];
        if checks == 0 {
            return true;
        }
        let p = &self.patterns[i as usize];
        Component::ALL
            .iter()
            .all(|&c| checks & (1 << c as u8) == 0 || p.compiled(c).is_match(c.of(url)))
    }

    /// The indices of every pattern that matches `url`, in insertion order.
    ///
    /// ```
    /// use urlkit::pattern::{UrlPattern, UrlPatternSet};
    /// let set: UrlPatternSet = ["https://h/a/:x", "https://h/b/*", "https://h/:y/c"]
    ///     .iter()
    ///     .map(|p| UrlPattern::parse(p, None))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(set.matches(&urlkit::Url::parse("https://h/a/c").unwrap()), [0, 2]);
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn matches(&self, url: &Url) -> Vec<usize> {
        let mut cands = Vec::new();
        self.candidates(url.pathname().as_bytes(), &mut cands);
        cands.sort_unstable();
        cands
            .into_iter()
            .filter(|&i| self.verify(i, url))
            .map(|i| i as usize)
            .collect()
    }

    /// Whether any pattern matches `url`.
    ///
    /// ```
    /// let set: urlkit::pattern::UrlPatternSet = [urlkit::pattern::UrlPattern::parse("https://h/a", None)?].into_iter().collect();
    /// assert!(set.is_match(&urlkit::Url::parse("https://h/a").unwrap()));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn is_match(&self, url: &Url) -> bool {
        let mut cands = Vec::new();
        self.candidates(url.pathname().as_bytes(), &mut cands);
        cands.into_iter().any(|i| self.verify(i, url))
    }

    /// The first pattern (in insertion order) that matches `url`, with its groups.
    ///
    /// ```
    /// use urlkit::pattern::{UrlPattern, UrlPatternSet};
    /// let set: UrlPatternSet = ["https://h/users/me", "https://h/users/:id"]
    ///     .iter()
    ///     .map(|p| UrlPattern::parse(p, None))
    ///     .collect::<Result<_, _>>()?;
    /// let m = set.first_match(&urlkit::Url::parse("https://h/users/42").unwrap()).unwrap();
    /// assert_eq!((m.index, m.result.pathname.group("id")), (1, Some("42")));
    /// # Ok::<(), urlkit::pattern::Error>(())
    /// ```
    pub fn first_match(&self, url: &Url) -> Option<SetMatch> {
        let mut cands = Vec::new();
        self.candidates(url.pathname().as_bytes(), &mut cands);
        cands.sort_unstable();
        let i = cands.into_iter().find(|&i| self.verify(i, url))?;
        let result = self.patterns[i as usize].exec_url(url)?;
        Some(SetMatch {
            index: i as usize,
            result,
        })
    }
}
