//! Callgrind driver: one operation over every line of a corpus, for instruction counts per
//! call (BENCHMARKS.md, "How it was measured"). Build with `--profile bench`, then
//! `valgrind --tool=callgrind --toggle-collect='*cg_pass*' target/release/examples/cg OP FILE`;
//! OP is `parse`, `can_parse`, `normalize_steps5`, `set_pathname`, `set_search` or `set_host`.
//! `normalize_steps5` is the canon bench's `whatwg` profile with its five steps
//! (`www,fragment,tracking,trailing-slash,sort-query`), the input parsed and normalized; its
//! instructions per line against `parse`'s are the issue 28 ratio. The setters run on
//! the http(s) lines that parse, 4 passes to the next line's value and back.
//! OP `template_set` or `template_each` (no FILE) matches the template bench's `api/match-1000`
//! URLs against its 1,000 templates, once each: `TemplateSet::match_url`, or every template's
//! `match_url` keeping the most specific (divide the pass's instructions by 1,000).
use std::hint::black_box;
use urlkit::canon::{Normalizer, Profile};
use urlkit::template::{Template, TemplateSet};
use urlkit::Url;
use urlkit_bench::template_corpus::{best_each, match_corpus, match_urls, specificity};

#[inline(never)]
fn cg_pass_parse(lines: &[&str]) -> usize {
    let mut n = 0;
    for l in lines {
        if let Ok(u) = Url::parse(black_box(l)) {
            n += black_box(u.as_str()).len();
        }
    }
    n
}

#[inline(never)]
fn cg_pass_normalize_steps5(lines: &[&str], steps: &Normalizer) -> usize {
    let mut n = 0;
    for l in lines {
        if let Ok(s) = steps.normalize(black_box(l)) {
            n += black_box(s.as_str()).len();
        }
    }
    n
}

#[inline(never)]
fn cg_pass_can_parse(lines: &[&str]) -> usize {
    lines
        .iter()
        .filter(|l| Url::can_parse(black_box(l), None))
        .count()
}

#[inline(never)]
fn cg_pass_set(urls: &mut [Url], values: &[[String; 2]], op: &str) -> usize {
    let mut n = 0;
    for pass in 0..4 {
        for (u, v) in urls.iter_mut().zip(values) {
            let v = black_box(&v[(pass + 1) % 2]);
            match op {
                "set_pathname" => n += usize::from(u.set_pathname(v).is_ok()),
                "set_search" => n += usize::from(u.set_search(v).is_ok()),
                _ => n += usize::from(u.set_host_port(v).is_ok()),
            }
            n += black_box(u.as_str()).len();
        }
    }
    n
}

#[inline(never)]
fn cg_pass_template_set(set: &TemplateSet, urls: &[String]) -> usize {
    urls.iter()
        .filter_map(|u| set.match_url(black_box(u)).map(|(i, found)| i + found.len()))
        .sum()
}

#[inline(never)]
fn cg_pass_template_each(templates: &[Template], specificity: &[(usize, usize)], urls: &[String]) -> usize {
    urls.iter()
        .filter_map(|u| best_each(templates, specificity, black_box(u)))
        .sum()
}

/// The template operations, over the bench's corpus rather than a file.
fn template_op(op: &str) -> usize {
    let templates = match_corpus();
    let urls = match_urls(&templates);
    let n = if op == "template_set" {
        let set: TemplateSet = templates.iter().cloned().collect();
        cg_pass_template_set(&set, &urls)
    } else {
        cg_pass_template_each(&templates, &specificity(&templates), &urls)
    };
    eprintln!("urls {} result {}", urls.len(), n);
    n
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let op @ ("template_set" | "template_each") = args[1].as_str() {
        template_op(op);
        return;
    }
    let text = std::fs::read_to_string(&args[2]).expect("corpus");
    let lines = urlkit_bench::corpus::split_lines(&text);
    let n = match args[1].as_str() {
        "parse" => cg_pass_parse(&lines),
        "can_parse" => cg_pass_can_parse(&lines),
        "normalize_steps5" => {
            let steps = Normalizer::new(Profile::Whatwg)
                .steps(["www,fragment,tracking,trailing-slash,sort-query"])
                .expect("step names");
            cg_pass_normalize_steps5(&lines, &steps)
        }
        op => {
            let mut urls: Vec<Url> = lines
                .iter()
                .filter_map(|l| Url::parse(l).ok())
                .filter(|u| matches!(u.protocol(), "http:" | "https:"))
                .collect();
            let get = |u: &Url| -> String {
                match op {
                    "set_pathname" => u.pathname().to_owned(),
                    "set_search" => u.search().to_owned(),
                    _ => u.host_port().to_owned(),
                }
            };
            let values: Vec<[String; 2]> = (0..urls.len())
                .map(|i| [get(&urls[i]), get(&urls[(i + 1) % urls.len()])])
                .collect();
            eprintln!("calls {}", urls.len() * 4);
            cg_pass_set(&mut urls, &values, op)
        }
    };
    eprintln!("lines {} result {}", lines.len(), n);
}
