//! Property: template parsing, expansion and partial expansion never panic, the expansion's
//! length is linear in the template and the values (RFC 6570 §3: each value byte becomes at
//! most one pct-encoded triplet), and a partial expansion is itself a template (data:
//! `template \0 values`, the values split on `\0` and handed to the variables in order, a
//! value with `,` as a list and with `=` as pairs).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlkit::template::{Template, Value};

fuzz_target!(|data: &str| {
    let (text, rest) = data.split_once('\0').unwrap_or((data, "a\0b,c\0k=v,l=w"));
    let Ok(t) = Template::parse(text) else {
        return;
    };
    assert_eq!(t.to_string(), text);
    let mut values = rest.split('\0').cycle();
    let vars: Vec<(&str, Value)> = t
        .variables()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % 3 != 2) // some undefined
        .map(|(_, name)| {
            let v = values.next().unwrap_or("");
            let value = if v.contains('=') {
                Value::from(
                    v.split(',')
                        .map(|p| p.split_once('=').unwrap_or((p, "")))
                        .collect::<Vec<_>>(),
                )
            } else if v.contains(',') {
                Value::from(v.split(',').collect::<Vec<_>>())
            } else {
                Value::from(v)
            };
            (name, value)
        })
        .collect();
    let value_bytes: usize = vars
        .iter()
        .map(|(n, v)| match v {
            Value::String(s) => n.len() + 2 + s.len(),
            Value::List(l) => l.iter().map(|s| n.len() + 2 + s.len()).sum(),
            Value::Assoc(a) => a.iter().map(|(k, v)| k.len() + v.len() + 2).sum(),
        })
        .sum();
    // Every variable can be named by several varspecs: the bound is per varspec.
    let specs = text.matches([',', '{']).count() + 1;
    if let Ok(out) = t.expand(&vars) {
        assert!(
            out.len() <= 3 * text.len() + 3 * specs * (value_bytes + 2),
            "{text:?}: {} bytes",
            out.len()
        );
        let mut into = String::new();
        t.expand_into(&vars, &mut into).unwrap();
        assert_eq!(into, out);
    }
    if let Ok(partial) = t.expand_partial(&vars) {
        assert!(Template::parse(&partial).is_ok(), "{text:?} gave {partial:?}");
    }
});
