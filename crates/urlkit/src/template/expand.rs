//! Expansion (RFC 6570 §3, the algorithm of Appendix A) and partial expansion.

use super::chars::{is, pct_at, push_pct, RESERVED, UNRESERVED};
use super::error::ExpandError;
use super::value::{ValueRef, Vars};
use super::{Expression, Modifier, Op, Part, Template, VarSpec};
use alloc::string::String;

/// Appends `value` with every character outside the operator's allow set pct-encoded as
/// UTF-8 octets (§1.6, Appendix A "allow": U, or U+R which also keeps reserved characters
/// and pct-encoded triplets).
pub(super) fn encode(value: &str, allow_reserved: bool, out: &mut String) {
    let s = value.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if is(b, UNRESERVED) || (allow_reserved && is(b, RESERVED)) {
            i += 1;
            continue;
        }
        if allow_reserved && pct_at(s, i) {
            i += 3;
            continue;
        }
        // `run..i` holds only ASCII bytes copied whole, so both ends are char boundaries.
        if run < i {
            out.push_str(&value[run..i]);
        }
        push_pct(out, b);
        i += 1;
        run = i;
    }
    if run < s.len() {
        out.push_str(&value[run..]);
    }
}

/// The first `n` characters of `s` (§2.4.1 counts Unicode characters, not octets).
fn prefix(s: &str, n: u16) -> &str {
    match s.char_indices().nth(usize::from(n)) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

impl Template {
    /// Appends the expansion of `expression` (Appendix A). Returns whether any variable
    /// was defined.
    pub(super) fn expand_expression<V: Vars + ?Sized>(
        &self,
        expression: &Expression,
        vars: &V,
        out: &mut String,
    ) -> Result<bool, ExpandError> {
        let op = expression.op;
        let mut any = false;
        for spec in &self.specs[expression.specs.clone()] {
            let name = &self.text[spec.name.clone()];
            let Some(value) = vars.get(name).filter(ValueRef::is_defined) else {
                continue;
            };
            out.push_str(if any { op.sep() } else { op.first() });
            any = true;
            self.expand_varspec(op, spec, name, value, out)?;
        }
        Ok(any)
    }

    fn expand_varspec(
        &self,
        op: Op,
        spec: &VarSpec,
        name: &str,
        value: ValueRef<'_>,
        out: &mut String,
    ) -> Result<(), ExpandError> {
        let allow = op.allow_reserved();
        if let ValueRef::String(s) = value {
            if op.named() {
                out.push_str(name);
                if s.is_empty() {
                    out.push_str(op.ifemp());
                    return Ok(());
                }
                out.push('=');
            }
            let s = match spec.modifier {
                Modifier::Prefix(n) => prefix(s, n),
                _ => s,
            };
            encode(s, allow, out);
            return Ok(());
        }
        let members = value.members().unwrap_or(0);
        match spec.modifier {
            Modifier::Prefix(_) => Err(ExpandError {
                position: spec.name.start,
            }),
            Modifier::None => {
                if op.named() {
                    out.push_str(name);
                    out.push('=');
                }
                for i in 0..members {
                    if i > 0 {
                        out.push(',');
                    }
                    if let Some(item) = value.item(i) {
                        encode(item, allow, out);
                    } else if let Some((k, v)) = value.pair(i) {
                        encode(k, allow, out);
                        out.push(',');
                        encode(v, allow, out);
                    }
                }
                Ok(())
            }
            Modifier::Explode => {
                for i in 0..members {
                    if i > 0 {
                        out.push_str(op.sep());
                    }
                    let (key, member) = match (value.item(i), value.pair(i)) {
                        (Some(item), _) => (None, item),
                        (None, Some((k, v))) => (Some(k), v),
                        (None, None) => continue,
                    };
                    if op.named() {
                        match key {
                            // A pair's name goes through the literal encoding (§3.1):
                            // characters allowed in a URI stay, the rest is pct-encoded.
                            Some(k) => encode(k, true, out),
                            None => out.push_str(name),
                        }
                        if member.is_empty() {
                            out.push_str(op.ifemp());
                            continue;
                        }
                        out.push('=');
                    } else if let Some(k) = key {
                        encode(k, allow, out);
                        out.push('=');
                    }
                    encode(member, allow, out);
                }
                Ok(())
            }
        }
    }

    /// Expands into `out` (appending): the zero-allocation form of [`Template::expand`].
    /// On an error `out` holds the expansion up to the failing expression.
    ///
    /// ```
    /// let t = urlkit::template::Template::parse("/search{?q}")?;
    /// let mut out = String::from("https://example.com");
    /// t.expand_into(&[("q", "a b")], &mut out).unwrap();
    /// assert_eq!(out, "https://example.com/search?q=a%20b");
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn expand_into<V: Vars + ?Sized>(&self, vars: &V, out: &mut String) -> Result<(), ExpandError> {
        for part in &self.parts {
            match part {
                Part::Literal { expanded, .. } => out.push_str(&self.literals[expanded.clone()]),
                Part::Expression(e) => {
                    self.expand_expression(e, vars, out)?;
                }
            }
        }
        Ok(())
    }

    /// Expands the template with `vars` (§3): literals copied (§3.1), each expression
    /// replaced by its variables' values as its operator says (§3.2), undefined variables
    /// left out. The only error is a prefix modifier on a list or associative array
    /// (§2.4.1).
    ///
    /// ```
    /// use urlkit::template::{Template, Value};
    /// let t = Template::parse("{/who*}{?dub,list*}")?;
    /// let vars = [("who", Value::from("fred")), ("list", Value::from(vec!["red", "green"]))];
    /// assert_eq!(t.expand(&vars).unwrap(), "/fred?list=red&list=green");
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn expand<V: Vars + ?Sized>(&self, vars: &V) -> Result<String, ExpandError> {
        let mut out = String::with_capacity(self.text.len() + 16);
        self.expand_into(vars, &mut out)?;
        Ok(out)
    }

    /// Partial expansion: the text of a template in which the defined variables are
    /// expanded and the undefined ones stay expressions, so that expanding it later with
    /// the remaining variables gives what expanding this template with all of them gives.
    ///
    /// Where the two could differ:
    /// - `?` expressions: defined members come first, the undefined ones follow as a `{&…}`
    ///   continuation (`{?a,b}` with only `b` defined becomes `?b=…{&a}`), so the query's
    ///   members may come in another order.
    /// - an expression of the operators without a separator of their own (none, `+`, `#`:
    ///   their second member starts with `,`, which no operator writes first) that holds
    ///   both defined and undefined variables stays whole, with its defined variables
    ///   unexpanded: expand the result with those variables too.
    ///
    /// ```
    /// use urlkit::template::Template;
    /// let t = Template::parse("/repos/{owner}/{repo}{?a,b}")?;
    /// let partial = t.expand_partial(&[("owner", "o"), ("b", "2")]).unwrap();
    /// assert_eq!(partial, "/repos/o/{repo}?b=2{&a}");
    /// let rest = Template::parse(&partial)?.expand(&[("repo", "r"), ("a", "1")]).unwrap();
    /// assert_eq!(rest, "/repos/o/r?b=2&a=1");
    /// # Ok::<(), urlkit::template::TemplateError>(())
    /// ```
    pub fn expand_partial<V: Vars + ?Sized>(&self, vars: &V) -> Result<String, ExpandError> {
        let mut out = String::with_capacity(self.text.len());
        for part in &self.parts {
            match part {
                Part::Literal { text, .. } => out.push_str(&self.text[text.clone()]),
                Part::Expression(e) => self.partial_expression(e, vars, &mut out)?,
            }
        }
        Ok(out)
    }

    fn partial_expression<V: Vars + ?Sized>(
        &self,
        e: &Expression,
        vars: &V,
        out: &mut String,
    ) -> Result<(), ExpandError> {
        let specs = &self.specs[e.specs.clone()];
        let defined = |spec: &VarSpec| {
            vars.get(&self.text[spec.name.clone()])
                .is_some_and(|v| v.is_defined())
        };
        let count = specs.iter().filter(|s| defined(s)).count();
        if count == 0 || (count < specs.len() && matches!(e.op, Op::Simple | Op::Reserved | Op::Fragment)) {
            out.push_str(&self.text[e.span.clone()]);
            return Ok(());
        }
        let mut expanded = String::new();
        if count == specs.len() {
            self.expand_expression(e, vars, &mut expanded)?;
            out.push_str(&expanded);
            return Ok(());
        }
        if e.op == Op::Query {
            // The defined members first, under `?`; the rest continue the query with `&`.
            let mut any = false;
            for spec in specs.iter().filter(|s| defined(s)) {
                let name = &self.text[spec.name.clone()];
                if let Some(value) = vars.get(name) {
                    expanded.push_str(if any { "&" } else { "?" });
                    any = true;
                    self.expand_varspec(e.op, spec, name, value, &mut expanded)?;
                }
            }
            out.push_str(&expanded);
            self.write_expression(Op::Continuation, specs.iter().filter(|s| !defined(s)), out);
            return Ok(());
        }
        // `.`, `/`, `;`, `&`: first and sep are the same string, so each run of defined
        // members expands in place and each run of undefined ones stays an expression.
        let mut i = 0;
        while i < specs.len() {
            let d = defined(&specs[i]);
            let mut j = i;
            while j < specs.len() && defined(&specs[j]) == d {
                j += 1;
            }
            if d {
                for spec in &specs[i..j] {
                    let name = &self.text[spec.name.clone()];
                    if let Some(value) = vars.get(name) {
                        expanded.clear();
                        expanded.push_str(e.op.first());
                        self.expand_varspec(e.op, spec, name, value, &mut expanded)?;
                        out.push_str(&expanded);
                    }
                }
            } else {
                self.write_expression(e.op, specs[i..j].iter(), out);
            }
            i = j;
        }
        Ok(())
    }

    fn write_expression<'s>(&self, op: Op, specs: impl Iterator<Item = &'s VarSpec>, out: &mut String) {
        out.push('{');
        out.push_str(op.symbol());
        for (k, spec) in specs.enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push_str(&self.text[spec.name.start..spec.end]);
        }
        out.push('}');
    }
}
