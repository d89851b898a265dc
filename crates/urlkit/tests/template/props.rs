//! Property tests of matching over a bounded space: templates of up to three expressions
//! (every operator, one or two variables, explode and prefix modifiers) between small
//! literals, and every assignment of values from small alphabets to their variables.
//!
//! - The ambiguity check never accepts a template for which two different value sets (in
//!   the match's canonical form, see `canonical`) expand to the same URL.
//! - For an accepted template, matching each expansion gives back its value set.
//!
//! The canonical form is the one value set per URL that the `template` module's docs
//! name: an empty value under none or `+` is undefined (both expand to nothing); an
//! exploded `.` list's members hold no `.` and an exploded `+`/`#` list's no `,` (the
//! separator); a prefixed variable's value is within its prefix.

use proptest::prelude::*;
use std::collections::HashMap;
use urlkit::template::{Template, Value};

const OPS: [&str; 8] = ["", "+", "#", ".", "/", ";", "?", "&"];
const LITERALS: [&str; 8] = ["", "", "/", ".", "-", "/x", "?", "a"];
const STRINGS: [&str; 9] = ["", "a", "ab", "a.b", "/", ",", "%", "\u{e9}", "=&"];
const ITEMS: [&str; 4] = ["", "a", ".", ","];

#[derive(Clone, Debug)]
struct Spec {
    op: usize,
    explode: bool,
    prefix: Option<usize>,
}

fn shape() -> impl Strategy<Value = (String, Vec<Spec>)> {
    let spec = (any::<bool>(), prop::option::weighted(0.15, 1..3usize));
    let expr = (0..8usize, prop::collection::vec(spec, 1..3), 0..LITERALS.len());
    (0..LITERALS.len(), prop::collection::vec(expr, 1..4)).prop_filter_map(
        "three variables at most",
        |(lead, exprs)| {
            let mut text = String::from(LITERALS[lead]);
            let mut specs = Vec::new();
            for (op, vars, lit) in exprs {
                text.push('{');
                text.push_str(OPS[op]);
                for (k, (explode, prefix)) in vars.into_iter().enumerate() {
                    if k > 0 {
                        text.push(',');
                    }
                    let prefix = if explode { None } else { prefix };
                    text.push((b'a' + specs.len() as u8) as char);
                    match (explode, prefix) {
                        (true, _) => text.push('*'),
                        (false, Some(n)) => text.push_str(&format!(":{n}")),
                        _ => {}
                    }
                    specs.push(Spec { op, explode, prefix });
                }
                text.push('}');
                text.push_str(LITERALS[lit]);
            }
            (specs.len() <= 3).then_some((text, specs))
        },
    )
}

/// Every value a variable of `spec` takes (`None`: undefined), in canonical form only.
fn domain(spec: &Spec) -> Vec<Option<Value>> {
    let mut out = vec![None];
    if spec.explode {
        let mut lists: Vec<Vec<&str>> = ITEMS.iter().map(|i| vec![*i]).collect();
        for a in ITEMS {
            for b in ITEMS {
                lists.push(vec![a, b]);
            }
        }
        for list in lists {
            let sep_free = |c: &str| list.iter().all(|i| !i.contains(c));
            let ok = match OPS[spec.op] {
                "." => sep_free("."),
                "+" | "#" => sep_free(","),
                _ => true,
            };
            // [""] under none or `+` expands to nothing: undefined.
            let empty = matches!(OPS[spec.op], "" | "+") && list == [""];
            if ok && !empty {
                out.push(Some(Value::from(list)));
            }
        }
    } else {
        for s in STRINGS {
            if s.is_empty() && matches!(OPS[spec.op], "" | "+") {
                continue;
            }
            if spec.prefix.is_some_and(|n| s.chars().count() > n) {
                continue;
            }
            out.push(Some(Value::from(s)));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn ambiguity_check_is_sound_and_matching_inverts_expansion((text, specs) in shape()) {
        let t = Template::parse(&text).unwrap();
        let names: Vec<String> = (0..specs.len()).map(|i| ((b'a' + i as u8) as char).to_string()).collect();
        let domains: Vec<Vec<Option<Value>>> = specs.iter().map(domain).collect();
        let mut seen: HashMap<String, Vec<(String, Value)>> = HashMap::new();
        let mut index = vec![0usize; specs.len()];
        'all: loop {
            let vars: Vec<(String, Value)> = index.iter().enumerate()
                .filter_map(|(v, &i)| Some((names[v].clone(), domains[v][i].clone()?)))
                .collect();
            if let Ok(url) = t.expand(&vars) {
                if let Some(other) = seen.get(&url) {
                    prop_assert!(t.matchable().is_err(),
                        "{} accepted, but {:?} and {:?} both expand to {:?}", text, other, vars, url);
                } else {
                    if t.matchable().is_ok() {
                        let found = t.match_url(&url);
                        prop_assert!(found.is_some(), "{} does not match its expansion {:?} of {:?}", text, url, vars);
                        let found: Vec<(String, Value)> = found.unwrap().into_vec().into_iter()
                            .map(|(n, v)| (n.to_owned(), v)).collect();
                        prop_assert_eq!(&found, &vars, "{} on {:?}", text, url);
                    }
                    seen.insert(url, vars);
                }
            }
            // The next assignment (an odometer over the domains).
            for v in 0..index.len() {
                index[v] += 1;
                if index[v] < domains[v].len() {
                    continue 'all;
                }
                index[v] = 0;
            }
            break;
        }
    }
}
