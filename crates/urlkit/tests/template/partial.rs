//! Partial expansion: expanding the partial result with the remaining variables gives what
//! expanding the template with all of them gives (the query's members may change order; an
//! expression of the none/`+`/`#` operators that mixes defined and undefined variables keeps
//! them all, so its defined ones are supplied again).

use proptest::prelude::*;
use urlkit::template::{Template, Value};

const OPS: [&str; 8] = ["", "+", "#", ".", "/", ";", "?", "&"];
const NAMES: [&str; 5] = ["a", "b", "c", "d", "e"];

/// The query's members sorted, so that reordered queries compare equal.
fn canonical(url: &str) -> String {
    match url.split_once('?') {
        Some((head, query)) => {
            let mut members: Vec<&str> = query.split('&').collect();
            members.sort_unstable();
            format!("{head}?{}", members.join("&"))
        }
        None => url.to_owned(),
    }
}

fn value() -> impl Strategy<Value = Value> {
    let s = prop::sample::select(vec!["", "x", "a b", "é", "1,2", "p/q"]);
    prop_oneof![
        s.clone().prop_map(Value::from),
        prop::collection::vec(s.clone(), 1..3).prop_map(Value::from),
        prop::collection::vec((prop::sample::select(vec!["k", "l"]), s), 1..3)
            .prop_map(|pairs| Value::Assoc(pairs.into_iter().map(|(k, v)| (k.into(), v.into())).collect())),
    ]
}

/// Each expression: its operator's index in `OPS`, and (name index, explode) per variable.
type Shape = Vec<(usize, Vec<(usize, bool)>)>;

/// A template of up to four expressions (the `?` ones last) with literals between.
fn template() -> impl Strategy<Value = (String, Shape)> {
    let expr = (0..8usize, prop::collection::vec((0..5usize, any::<bool>()), 1..4));
    prop::collection::vec(expr, 1..5).prop_map(|mut exprs| {
        // `?` and `&` at the end, as in real templates (what `canonical` compares).
        exprs.sort_by_key(|(op, _)| usize::from(*op >= 6));
        // One `?` at most, first of the query expressions: the rest continue with `&`.
        let mut query = false;
        for (op, _) in &mut exprs {
            if *op >= 6 {
                *op = if query { 7 } else { 6 };
                query = true;
            }
        }
        let mut text = String::from("/x");
        for (op, specs) in &exprs {
            text.push('{');
            text.push_str(OPS[*op]);
            let specs: Vec<String> = specs
                .iter()
                .map(|&(n, explode)| format!("{}{}", NAMES[n], if explode { "*" } else { "" }))
                .collect();
            text.push_str(&specs.join(","));
            text.push('}');
            if *op < 6 {
                text.push_str("/y");
            }
        }
        (text, exprs)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn partial_then_rest_equals_all(
        (text, exprs) in template(),
        values in prop::collection::vec(prop::option::of(value()), 5),
        now in prop::collection::vec(any::<bool>(), 5),
    ) {
        let t = Template::parse(&text).unwrap();
        let all: Vec<(&str, Value)> = NAMES.iter().zip(&values)
            .filter_map(|(n, v)| Some((*n, v.clone()?))).collect();
        let first: Vec<(&str, Value)> = all.iter().filter(|(n, _)| now[NAMES.iter().position(|m| m == n).unwrap()])
            .cloned().collect();
        let defined = |n: usize| first.iter().any(|(m, v)| *m == NAMES[n] && !matches!(v, Value::List(l) if l.is_empty()));
        // Variables of mixed none/`+`/`#` expressions stay unexpanded: supply them again.
        let mut again: Vec<&str> = Vec::new();
        for (op, specs) in &exprs {
            let d = specs.iter().filter(|(n, _)| defined(*n)).count();
            if *op < 3 && d > 0 && d < specs.len() {
                again.extend(specs.iter().map(|(n, _)| NAMES[*n]));
            }
        }
        let rest: Vec<(&str, Value)> = all.iter()
            .filter(|(n, _)| !first.iter().any(|(m, _)| m == n) || again.contains(n))
            .cloned().collect();
        let Ok(whole) = t.expand(&all) else { return Ok(()); };
        let partial = t.expand_partial(&first).unwrap();
        let later = Template::parse(&partial).unwrap_or_else(|e| panic!("{partial:?}: {e}"));
        let got = later.expand(&rest).unwrap();
        prop_assert_eq!(canonical(&got), canonical(&whole), "partial {:?}", partial);
    }
}

#[test]
fn examples() {
    let t = Template::parse("{?a,b}").unwrap();
    assert_eq!(t.expand_partial(&[("b", "2")]).unwrap(), "?b=2{&a}");
    let t = Template::parse("/s{/a,b,c}{.d,e}{;f,g}").unwrap();
    let p = t.expand_partial(&[("b", "B"), ("e", "E"), ("f", "")]).unwrap();
    assert_eq!(p, "/s{/a}/B{/c}{.d}.E;f{;g}");
    let t = Template::parse("{a,b}{+c}").unwrap();
    assert_eq!(t.expand_partial(&[("a", "1"), ("c", "/x")]).unwrap(), "{a,b}/x");
    assert_eq!(t.expand_partial(&[] as &[(&str, &str)]).unwrap(), "{a,b}{+c}");
}
