//! Many templates matched at once: a trie over the templates' compiled matching steps.

use super::matching::{Ambiguity, Captures, Step};
use super::Template;
use alloc::boxed::Box;
use alloc::vec::Vec;

/// A set of [matchable](Template::matchable) templates, matched against a URL at once,
/// which answers with the most specific template that matches.
///
/// The templates' matching steps (see [`Template::match_url`]) are kept in one trie: the
/// literals as path-compressed edges, the other steps (an expression's extent) as edges that
/// templates of the same shape share. A URL walks the trie once per reachable node, so it
/// only tries the templates that share its literal prefix, and among them only those whose
/// later literals fit too, instead of matching each template in turn.
///
/// **Most specific**: of the templates that match, the one with the most literal bytes
/// (its expanded literals' total length), then the fewest variables, then the one added
/// first.
///
/// ```
/// use urlkit::template::{Template, TemplateSet, ValueRef};
/// let mut set = TemplateSet::new();
/// set.push(Template::parse("/repos/{owner}/{repo}")?).unwrap();
/// set.push(Template::parse("/repos/{owner}/{repo}/issues{?state}")?).unwrap();
/// set.push(Template::parse("/repos/rust-lang/{repo}")?).unwrap();
/// let (index, found) = set.match_url("/repos/rust-lang/rust").unwrap();
/// assert_eq!(index, 2);
/// assert_eq!(found.get("repo"), Some(ValueRef::String("rust")));
/// assert_eq!(set.match_url("/repos/o/r/issues?state=open").unwrap().0, 1);
/// assert!(set.match_url("/users/o").is_none());
/// # Ok::<(), urlkit::template::TemplateError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct TemplateSet {
    templates: Vec<Template>,
    /// Per template: (literal bytes, variables), the specificity order.
    ranks: Vec<(usize, usize)>,
    nodes: Vec<Node>,
}

#[derive(Debug, Clone, Default)]
struct Node {
    /// Literal edges (path-compressed: no two begin with the same byte), sorted by their
    /// first byte.
    lits: Vec<(Box<[u8]>, u32)>,
    /// With more than one literal edge: per byte, the index of the edge that may begin
    /// with it (the walk checks that it does), so that the edge is found in one step.
    dispatch: Option<Box<[u8; 256]>>,
    /// Expression steps, each with its child and whether that child is a leaf (no edge
    /// leaves it).
    steps: Vec<(Step, u32, bool)>,
    /// `steps` as the walk runs them.
    leaps: Vec<Leap>,
    /// The templates whose steps end here.
    ends: Vec<u32>,
    /// The node and index of the step edge that leads here, if one does.
    via_step: Option<(u32, u32)>,
}

impl TemplateSet {
    /// An empty set.
    ///
    /// ```
    /// assert!(urlkit::template::TemplateSet::new().is_empty());
    /// ```
    pub fn new() -> TemplateSet {
        TemplateSet {
            nodes: alloc::vec![Node::default()],
            ..TemplateSet::default()
        }
    }

    /// Adds a template and returns its index, or why it cannot be matched.
    ///
    /// ```
    /// use urlkit::template::{Template, TemplateSet};
    /// let mut set = TemplateSet::new();
    /// assert_eq!(set.push(Template::parse("/a/{x}")?), Ok(0));
    /// assert!(set.push(Template::parse("/a/{x}{y}")?).is_err());
    /// assert_eq!(set.len(), 1);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn push(&mut self, template: Template) -> Result<usize, Ambiguity> {
        template.matchable()?;
        if self.nodes.is_empty() {
            self.nodes.push(Node::default());
        }
        let id = self.templates.len() as u32;
        let mut node = 0usize;
        let mut literal = 0;
        for (step, _) in template.program_steps() {
            match step {
                Step::Lit(s) => {
                    literal += s.len();
                    node = self.insert_literal(node, s.as_bytes());
                }
                step => {
                    if let Step::Run { tail, .. } | Step::UntilLast { lit: tail } = step {
                        literal += tail.len();
                    }
                    node = match self.nodes[node].steps.iter().find(|(s, _, _)| s == step) {
                        Some(&(_, child, _)) => child as usize,
                        None => {
                            let child = self.nodes.len();
                            let via = (node as u32, self.nodes[node].steps.len() as u32);
                            self.nodes.push(Node {
                                via_step: Some(via),
                                ..Node::default()
                            });
                            self.nodes[node].steps.push((step.clone(), child as u32, true));
                            self.nodes[node].leaps.push(Leap::new(step, child as u32));
                            self.unleaf(node);
                            child
                        }
                    };
                }
            }
        }
        self.nodes[node].ends.push(id);
        self.ranks.push((literal, template.specs_len()));
        self.templates.push(template);
        Ok(id as usize)
    }

    /// `node` gains an edge: the step that leads to it no longer leads to a leaf.
    fn unleaf(&mut self, node: usize) {
        if let Some((parent, edge)) = self.nodes[node].via_step {
            let parent = &mut self.nodes[parent as usize];
            if let Some(e) = parent.steps.get_mut(edge as usize) {
                e.2 = false;
            }
            if let Some(e) = parent.leaps.get_mut(edge as usize) {
                e.leaf = false;
            }
        }
    }

    /// Follows or makes the literal edges from `node` for `lit`; returns the node after it.
    fn insert_literal(&mut self, mut node: usize, mut lit: &[u8]) -> usize {
        while let Some(&first) = lit.first() {
            let edges = &self.nodes[node].lits;
            match edges.binary_search_by_key(&first, |e| e.0[0]) {
                Err(_) => {
                    let child = self.new_node();
                    self.add_edge(node, lit.into(), child);
                    return child as usize;
                }
                Ok(i) => {
                    let (label, child) = &edges[i];
                    let common = label.iter().zip(lit).take_while(|(a, b)| a == b).count();
                    let (child, len) = (*child, label.len());
                    if common < len {
                        // Split the edge: its first `common` bytes lead to a new node.
                        let rest: Box<[u8]> = label[common..].into();
                        let head: Box<[u8]> = label[..common].into();
                        let middle = self.new_node();
                        self.add_edge(middle as usize, rest, child);
                        self.nodes[node].lits[i] = (head, middle);
                        node = middle as usize;
                    } else {
                        node = child as usize;
                    }
                    lit = &lit[common..];
                }
            }
        }
        node
    }

    /// Adds the literal edge `(label, child)` at its sorted place in `node`.
    fn add_edge(&mut self, node: usize, label: Box<[u8]>, child: u32) {
        self.unleaf(node);
        let n = &mut self.nodes[node];
        let first = label[0];
        let at = n.lits.partition_point(|e| e.0[0] < first);
        n.lits.insert(at, (label, child));
        n.dispatch = None;
        if n.lits.len() > 1 {
            // At most 256 edges (one per first byte): each index fits a byte.
            let mut table = Box::new([0u8; 256]);
            for (i, (label, _)) in n.lits.iter().enumerate() {
                table[usize::from(label[0])] = i as u8;
            }
            n.dispatch = Some(table);
        }
    }

    fn new_node(&mut self) -> u32 {
        self.nodes.push(Node::default());
        (self.nodes.len() - 1) as u32
    }

    /// The number of templates.
    ///
    /// ```
    /// let mut set = urlkit::template::TemplateSet::new();
    /// set.push("/{a}".parse()?).unwrap();
    /// assert_eq!(set.len(), 1);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.templates.len()
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(urlkit::template::TemplateSet::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.templates.is_empty()
    }

    /// The template at `index`.
    ///
    /// ```
    /// let mut set = urlkit::template::TemplateSet::new();
    /// set.push("/{a}".parse()?).unwrap();
    /// assert_eq!(set.get(0).unwrap().as_str(), "/{a}");
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn get(&self, index: usize) -> Option<&Template> {
        self.templates.get(index)
    }

    /// The templates whose steps reach the end of `url` (a superset of the matches: the
    /// values are not read yet), each with its walk's last entry in `spans`: the ranges of
    /// the non-literal steps, chained back to the root, so that reading a template's values
    /// does not run its steps again.
    fn candidates(&self, url: &str, out: &mut Small<(u32, u32)>, spans: &mut Small<Span, 16>) {
        let url = url.as_bytes();
        // Depth first: the walk follows one way on (the usual case) in local variables and
        // leaves the others, if any, on the stack.
        let mut stack: Small<(u32, usize, u32), 4> = Small::default();
        let (mut node, mut pos, mut span) = (0u32, 0usize, NO_SPAN);
        loop {
            let mut next: Option<(u32, usize, u32)> = None;
            if let Some(n) = self.nodes.get(node as usize) {
                match url.get(pos) {
                    None => {
                        for &end in &n.ends {
                            out.push((end, span));
                        }
                    }
                    Some(&b) => {
                        let index = n.dispatch.as_ref().map_or(0, |t| usize::from(t[usize::from(b)]));
                        if let Some((label, child)) = n.lits.get(index) {
                            if label.first() == Some(&b) && starts_with(&url[pos + 1..], &label[1..]) {
                                if n.leaps.is_empty() {
                                    // The one way on (the usual literal): straight to it.
                                    (node, pos) = (*child, pos + label.len());
                                    continue;
                                }
                                next = Some((*child, pos + label.len(), span));
                            }
                        }
                    }
                }
                for leap in &n.leaps {
                    let Some((start, body_end, end)) = leap.advance(url, pos) else {
                        continue;
                    };
                    // A leaf is a match only at the URL's end.
                    if leap.leaf && end != url.len() {
                        continue;
                    }
                    let at = spans.push(Span {
                        start,
                        end: body_end,
                        before: span,
                    });
                    let way = (leap.child, end, at as u32);
                    match next {
                        None => next = Some(way),
                        Some(_) => {
                            stack.push(way);
                        }
                    }
                }
            }
            match next.or_else(|| stack.pop()) {
                Some(way) => (node, pos, span) = way,
                None => return,
            }
        }
    }

    /// Reads the values of candidate `id` from the spans its walk recorded.
    fn read(&self, url: &str, (id, last): (u32, u32), spans: &Small<Span, 16>) -> Option<Captures<'_>> {
        let spans = spans.as_slice();
        let mut at = last;
        let bodies = core::iter::from_fn(|| {
            let span = spans.get(at as usize)?;
            at = span.before;
            Some((span.start, span.end))
        });
        self.templates[id as usize].read_spans(url, bodies)
    }

    /// The indices of every template that matches `url`, most specific first.
    ///
    /// ```
    /// use urlkit::template::TemplateSet;
    /// let mut set = TemplateSet::new();
    /// for t in ["/{a}/b", "/{a}/{b}", "/x/{b}"] {
    ///     set.push(t.parse()?).unwrap();
    /// }
    /// assert_eq!(set.matches("/x/b"), [0, 2, 1]); // 3, 3 and 2 literal bytes
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn matches(&self, url: &str) -> Vec<usize> {
        let (mut found, mut spans) = (Small::default(), Small::default());
        self.candidates(url, &mut found, &mut spans);
        let found = found.as_mut_slice();
        self.order(found);
        found
            .iter()
            .filter(|&&c| self.read(url, c, &spans).is_some())
            .map(|&(i, _)| i as usize)
            .collect()
    }

    /// The most specific template that matches `url`, with what it found.
    ///
    /// ```
    /// use urlkit::template::TemplateSet;
    /// let mut set = TemplateSet::new();
    /// set.push("/users/{id}".parse()?).unwrap();
    /// set.push("/users/me".parse()?).unwrap();
    /// assert_eq!(set.match_url("/users/me").unwrap().0, 1);
    /// assert_eq!(set.match_url("/users/7").unwrap().0, 0);
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn match_url(&self, url: &str) -> Option<(usize, Captures<'_>)> {
        let (mut found, mut spans) = (Small::default(), Small::default());
        self.candidates(url, &mut found, &mut spans);
        let found = found.as_mut_slice();
        self.order(found);
        found
            .iter()
            .find_map(|&c| Some((c.0 as usize, self.read(url, c, &spans)?)))
    }

    fn order(&self, ids: &mut [(u32, u32)]) {
        ids.sort_unstable_by_key(|&(i, _)| {
            let (literal, vars) = self.ranks[i as usize];
            (core::cmp::Reverse(literal), vars, i)
        });
    }
}

impl FromIterator<Template> for TemplateSet {
    /// Collects the matchable templates, leaving out the others (their indices then count
    /// only the templates kept).
    fn from_iter<I: IntoIterator<Item = Template>>(iter: I) -> TemplateSet {
        let mut set = TemplateSet::new();
        for t in iter {
            let _ = set.push(t);
        }
        set
    }
}

/// Whether `s` starts with `prefix`; a short prefix byte by byte (most edges are a few
/// bytes: cheaper than a call to `memcmp`).
#[inline]
fn starts_with(s: &[u8], prefix: &[u8]) -> bool {
    if prefix.len() > 8 {
        return s.starts_with(prefix);
    }
    s.len() >= prefix.len() && s.iter().zip(prefix).all(|(a, b)| a == b)
}

/// A step edge as the walk runs it: a run of class bytes inline, the other steps through
/// [`Step::advance`].
#[derive(Debug, Clone)]
struct Leap {
    kind: LeapKind,
    child: u32,
    /// Whether `child` is a leaf (no edge leaves it).
    leaf: bool,
}

#[derive(Debug, Clone)]
enum LeapKind {
    /// [`Step::Run`]: the class as a table of the 256 bytes (no URL byte past ASCII is in
    /// a class).
    Run {
        class: Box<[bool; 256]>,
        tail: Box<[u8]>,
    },
    Other(Step),
}

impl Leap {
    fn new(step: &Step, child: u32) -> Leap {
        let kind = match step {
            Step::Run { class, tail } => {
                let words = class.words();
                let mut table = Box::new([false; 256]);
                for (b, member) in table.iter_mut().enumerate().take(128) {
                    *member = (words[b / 64] >> (b % 64)) & 1 == 1;
                }
                LeapKind::Run {
                    class: table,
                    tail: tail.as_bytes().into(),
                }
            }
            other => LeapKind::Other(other.clone()),
        };
        Leap {
            kind,
            child,
            leaf: true,
        }
    }

    /// Where the step ends from `pos`: the body's start and end, and the next position.
    #[inline]
    fn advance(&self, url: &[u8], pos: usize) -> Option<(usize, usize, usize)> {
        match &self.kind {
            LeapKind::Run { class, tail } => {
                let rest = url.get(pos..)?;
                let end = pos
                    + rest
                        .iter()
                        .position(|&b| !class[usize::from(b)])
                        .unwrap_or(rest.len());
                if tail.is_empty() {
                    return Some((pos, end, end));
                }
                let body_end = end.checked_sub(tail.len()).filter(|&e| e >= pos)?;
                (url.get(body_end..end)? == &**tail).then_some((pos, body_end, end))
            }
            LeapKind::Other(step) => {
                let (body, end) = step.advance(url, pos)?;
                Some((body.start, body.end, end))
            }
        }
    }
}

/// No span: the walk is at the root or has passed literals only.
const NO_SPAN: u32 = u32::MAX;

/// The range of a non-literal step's body met on a set's walk, and the span before it on
/// the same path.
#[derive(Clone, Copy, Default)]
struct Span {
    start: usize,
    end: usize,
    before: u32,
}

/// A short list kept on the stack (the usual few candidates, branches and spans of a URL),
/// on the heap past `N`.
struct Small<T, const N: usize = 8> {
    inline: [T; N],
    len: usize,
    spill: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Default for Small<T, N> {
    fn default() -> Self {
        Small {
            inline: [T::default(); N],
            len: 0,
            spill: Vec::new(),
        }
    }
}

impl<T: Copy + Default, const N: usize> Small<T, N> {
    /// Appends `v` and returns its index.
    fn push(&mut self, v: T) -> usize {
        if self.spill.is_empty() && self.len < self.inline.len() {
            self.inline[self.len] = v;
            self.len += 1;
            return self.len - 1;
        }
        if self.spill.is_empty() {
            self.spill.extend_from_slice(&self.inline[..self.len]);
        }
        self.spill.push(v);
        self.spill.len() - 1
    }

    fn pop(&mut self) -> Option<T> {
        if !self.spill.is_empty() {
            let v = self.spill.pop();
            if self.spill.is_empty() {
                self.len = 0;
            }
            return v;
        }
        self.len = self.len.checked_sub(1)?;
        Some(self.inline[self.len])
    }

    fn as_slice(&self) -> &[T] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        if self.spill.is_empty() {
            &mut self.inline[..self.len]
        } else {
            &mut self.spill
        }
    }
}
