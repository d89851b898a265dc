//! URLs in free text: `urlkit::text` against the `linkify` crate (0.10), configured for the
//! same kinds, timed in the same rounds (rotating order), over
//!
//! - a prose corpus of at least 64 MB: the spec files (`shared/specs`), the Markdown files of
//!   the crates in `~/.cargo/registry/src` and the uncompressed text files of
//!   `/usr/share/doc`, in sorted path order, repeated (`BENCH_PROSE_MB`, default 64);
//! - the URL-dense `realworld.txt` (one URL per line), repeated to at least 16 MB;
//!
//! then a doubling test of `urlkit::text` on adversarial lines (`www.`, `(`, `a.`, `<URL:`
//! … repeated to 32 and 64 MB: linear time means a ratio near 2; every kind, then the
//! bare-domain mode on lines of dots: `a.b`, `1.2.`, `x.y(` …), and the count and span
//! differences of the two finders on the unrepeated corpora, by class (`BENCH_DIFF_SAMPLES`
//! examples each). `BENCH_ROUNDS` sets the rounds (default 7).
//!
//! Configurations: `scheme` (URLs with a scheme only: linkify `Url` with
//! `url_must_have_scheme(true)`; urlkit's kinds found from a `:` — bare, `<…>`, `<URL:…>`,
//! `"…"`, `URL:`), `scheme+email` (linkify's default), `all` (linkify
//! `url_must_have_scheme(false)` plus email; urlkit every default kind, `www.` links
//! included), `all + bare domains` (the same linkify, whose scheme-less mode finds bare
//! domains; urlkit with `Options::bare_domains`, what `urlkit extract --bare-domains` runs).

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use linkify::{LinkFinder, LinkKind};
use urlkit::text::{Finder, Kind, Options};
use urlkit_bench::stats::{median, paired_ratios, Spread};

struct Config {
    name: &'static str,
    urlkit: Finder,
    linkify: LinkFinder,
}

fn configs() -> Vec<Config> {
    let scheme = Options::none()
        .kind(Kind::Scheme, true)
        .kind(Kind::Angle, true)
        .kind(Kind::UrlWrapper, true)
        .kind(Kind::UrlPrefix, true)
        .kind(Kind::Quoted, true);
    let mut lf_scheme = LinkFinder::new();
    lf_scheme.kinds(&[LinkKind::Url]).url_must_have_scheme(true);
    let mut lf_email = LinkFinder::new();
    lf_email
        .kinds(&[LinkKind::Url, LinkKind::Email])
        .url_must_have_scheme(true);
    let lf_all = || {
        let mut lf = LinkFinder::new();
        lf.kinds(&[LinkKind::Url, LinkKind::Email])
            .url_must_have_scheme(false);
        lf
    };
    vec![
        Config {
            name: "scheme",
            urlkit: Finder::new(scheme.clone()),
            linkify: lf_scheme,
        },
        Config {
            name: "scheme+email",
            urlkit: Finder::new(scheme.kind(Kind::Email, true)),
            linkify: lf_email,
        },
        Config {
            name: "all (www., email)",
            urlkit: Finder::new(Options::new()),
            linkify: lf_all(),
        },
        Config {
            name: "all + bare domains",
            urlkit: Finder::new(Options::new().bare_domains(true)),
            linkify: lf_all(),
        },
    ]
}

fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        let Ok(kind) = e.file_type() else { continue };
        if kind.is_dir() {
            files_under(&path, keep, out);
        } else if kind.is_file() && keep(&path) {
            out.push(path);
        }
    }
}

/// The prose corpus before repetition, and a description of it.
fn prose_base() -> (String, String) {
    let mut groups: Vec<(&str, Vec<PathBuf>)> = Vec::new();
    let specs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/specs");
    let mut v = Vec::new();
    files_under(&specs, &|_| true, &mut v);
    groups.push(("shared/specs", v));
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
    let mut v = Vec::new();
    files_under(
        &home.join(".cargo/registry/src"),
        &|p| p.extension().is_some_and(|e| e == "md"),
        &mut v,
    );
    groups.push(("~/.cargo/registry/src/**/*.md", v));
    let mut v = Vec::new();
    files_under(
        Path::new("/usr/share/doc"),
        &|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !name.ends_with(".gz")
                && (name.ends_with(".txt") || name.ends_with(".md") || name.starts_with("README"))
        },
        &mut v,
    );
    groups.push(("/usr/share/doc/**/{*.txt,*.md,README*}", v));
    let mut text = String::new();
    let mut about = Vec::new();
    for (name, mut files) in groups {
        files.sort();
        let before = text.len();
        for f in &files {
            if let Ok(bytes) = std::fs::read(f) {
                text.push_str(&String::from_utf8_lossy(&bytes));
                text.push('\n');
            }
        }
        about.push(format!(
            "{name}: {} files, {:.1} MB",
            files.len(),
            (text.len() - before) as f64 / 1e6
        ));
    }
    (text, about.join("; "))
}

fn repeat_to(base: &str, bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + base.len());
    while s.len() < bytes {
        s.push_str(base);
    }
    s
}

#[inline(never)]
fn urlkit_pass(f: &Finder, text: &str) -> usize {
    let mut n = 0;
    for l in f.links(black_box(text)) {
        n += l.end() - l.start() + 1;
    }
    black_box(n)
}

#[inline(never)]
fn linkify_pass(f: &LinkFinder, text: &str) -> usize {
    let mut n = 0;
    for l in f.links(black_box(text)) {
        n += l.end() - l.start() + 1;
    }
    black_box(n)
}

/// Times both finders over `text` for `rounds` rounds; prints one table row per config.
fn paired(corpus: &str, text: &str, configs: &[Config], rounds: usize) {
    let gb = text.len() as f64 / 1e9;
    for c in configs {
        let (mut tu, mut tl) = (Vec::new(), Vec::new());
        for r in 0..rounds {
            for k in 0..2 {
                let start = Instant::now();
                if (r + k) % 2 == 0 {
                    urlkit_pass(&c.urlkit, text);
                    tu.push(start.elapsed().as_secs_f64());
                } else {
                    linkify_pass(&c.linkify, text);
                    tl.push(start.elapsed().as_secs_f64());
                }
            }
        }
        let ratio = Spread::of(&paired_ratios(&tl, &tu)).unwrap();
        let (mu, ml) = (median(&tu).unwrap(), median(&tl).unwrap());
        println!(
            "| {corpus} | {} | {:.2} | {:.2} | **{:.2}×** ({:.2}–{:.2}) |",
            c.name,
            gb / mu,
            gb / ml,
            ratio.median,
            ratio.p25,
            ratio.p75
        );
    }
}

/// Spans of both finders on `text` (urlkit's URL span: the wrapper is not linkify's).
fn differences(corpus: &str, text: &str, configs: &[Config], samples: usize) {
    for c in configs {
        let ours: Vec<(usize, usize, Kind)> = c
            .urlkit
            .links(text)
            .map(|l| {
                let s = l.url_span();
                (s.start, s.end, l.kind())
            })
            .collect();
        let theirs: Vec<(usize, usize)> = c.linkify.links(text).map(|l| (l.start(), l.end())).collect();
        let mut classes: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let (mut i, mut j, mut same) = (0, 0, 0);
        let show = |a: usize, b: usize| {
            let mut lo = a.saturating_sub(12);
            while !text.is_char_boundary(lo) {
                lo -= 1;
            }
            let mut hi = (b + 12).min(text.len());
            while !text.is_char_boundary(hi) {
                hi += 1;
            }
            format!("`{}`", text[lo..hi].replace('\n', "⏎").replace('`', "ˋ"))
        };
        while i < ours.len() || j < theirs.len() {
            let o = ours.get(i);
            let t = theirs.get(j);
            match (o, t) {
                (Some(&(os, oe, kind)), Some(&(ts, te))) if os < te && ts < oe => {
                    if (os, oe) == (ts, te) {
                        same += 1;
                    } else {
                        let class = format!(
                            "overlap, {} start, {} end ({})",
                            if os == ts {
                                "same"
                            } else if os < ts {
                                "urlkit earlier"
                            } else {
                                "urlkit later"
                            },
                            if oe == te {
                                "same"
                            } else if oe > te {
                                "urlkit longer"
                            } else {
                                "urlkit shorter"
                            },
                            kind
                        );
                        classes.entry(class).or_default().push(format!(
                            "{} urlkit {:?} linkify {:?}",
                            show(os.min(ts), oe.max(te)),
                            &text[os..oe],
                            &text[ts..te]
                        ));
                    }
                    i += 1;
                    j += 1;
                }
                (Some(&(os, oe, kind)), t) if t.is_none_or(|&(ts, _)| os < ts) => {
                    classes
                        .entry(format!("urlkit only ({kind})"))
                        .or_default()
                        .push(show(os, oe));
                    i += 1;
                }
                (_, Some(&(ts, te))) => {
                    let s = &text[ts..te];
                    let class = if s.contains('@') && !s.contains("://") {
                        "linkify only (email)"
                    } else if s.contains("://") || s.contains(':') {
                        "linkify only (with scheme)"
                    } else {
                        "linkify only (no scheme)"
                    };
                    classes.entry(class.to_owned()).or_default().push(show(ts, te));
                    j += 1;
                }
                _ => unreachable!(),
            }
        }
        println!(
            "\n{corpus}, {}: urlkit {} links, linkify {} links, {same} identical spans",
            c.name,
            ours.len(),
            theirs.len()
        );
        for (class, ex) in &classes {
            println!("- {class}: {}", ex.len());
            for e in ex.iter().take(samples) {
                println!("    {e}");
            }
        }
    }
}

fn doubling(rounds: usize) {
    // Every kind, then the bare-domain mode, where every `.` is a place to look at: the
    // units that make its runs (`a.b`, `1.2.`), calls (`x.y(`), underscores and non-ASCII
    // labels repeat.
    let finders = [
        (
            "all kinds",
            Finder::new(Options::new()),
            &["www.", "(", "a.", "<URL:", "<http:", "a@", "http://a/", "_www.a_"][..],
        ),
        (
            "all + bare domains",
            Finder::new(Options::new().bare_domains(true)),
            &["a.", "a.b", "1.2.", "x.y(", "a_b.c", "\u{e9}.a", "a.com "][..],
        ),
    ];
    for (name, finder, units) in &finders {
        println!("\n{name}:\n\n| adversarial line | 32 MB (ms) | 64 MB (ms) | ratio | links |");
        println!("|---|---|---|---|---|");
        for unit in units.iter() {
            let mut times = Vec::new();
            let mut links = 0;
            for mb in [32usize, 64] {
                let text = repeat_to(unit, mb << 20);
                let mut t = Vec::new();
                for _ in 0..rounds.min(3) {
                    let start = Instant::now();
                    links = finder.links(black_box(&text)).count();
                    t.push(start.elapsed().as_secs_f64());
                }
                times.push(t.into_iter().fold(f64::INFINITY, f64::min));
            }
            println!(
                "| `{unit}` repeated | {:.1} | {:.1} | {:.2} | {links} |",
                times[0] * 1e3,
                times[1] * 1e3,
                times[1] / times[0]
            );
        }
    }
}

fn main() {
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(7);
    let samples: usize = std::env::var("BENCH_DIFF_SAMPLES")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(4);
    let prose_mb: usize = std::env::var("BENCH_PROSE_MB")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(64);
    let only = std::env::var("BENCH_ONLY").ok();
    let want = |part: &str| only.as_deref().is_none_or(|o| o == part);
    print!("{}", urlkit_bench::machine_info());
    let configs = configs();
    let (prose, about) = prose_base();
    let dense =
        std::fs::read_to_string(urlkit_bench::datasets_dir().join("realworld.txt")).unwrap_or_default();
    println!(
        "- prose: {about}; {:.1} MB, repeated to {prose_mb} MB",
        prose.len() as f64 / 1e6
    );
    println!(
        "- dense: realworld.txt, {:.1} MB, repeated to 16 MB",
        dense.len() as f64 / 1e6
    );
    // `BENCH_ONLY=profile-urlkit` / `profile-linkify`: one finder (`BENCH_CONFIG` 0, 1, 2, 3;
    // default all kinds) over the prose or `BENCH_FILE=realworld.txt` (for `perf record`).
    for (name, k) in [("profile-urlkit", 0), ("profile-linkify", 1)] {
        if only.as_deref() == Some(name) {
            let corpus = if std::env::var("BENCH_FILE").is_ok_and(|f| f == "realworld.txt") {
                &dense
            } else {
                &prose
            };
            let mut big = repeat_to(corpus, prose_mb << 20);
            // `BENCH_PROFILE_BYTES`: a prefix only (for callgrind).
            if let Some(n) = std::env::var("BENCH_PROFILE_BYTES")
                .ok()
                .and_then(|n| n.parse().ok())
            {
                let mut n: usize = n;
                while n < big.len() && !big.is_char_boundary(n) {
                    n += 1;
                }
                big.truncate(n);
            }
            let c = &configs[std::env::var("BENCH_CONFIG")
                .ok()
                .and_then(|c| c.parse().ok())
                .unwrap_or(2)];
            // The built-in suffix list (bare domains) is parsed on first use: outside the
            // counted passes, so that a single pass under callgrind counts the scan alone.
            black_box(c.urlkit.links("see example.com").count());
            for _ in 0..rounds {
                let start = Instant::now();
                let n = if k == 0 {
                    urlkit_pass(&c.urlkit, &big)
                } else {
                    linkify_pass(&c.linkify, &big)
                };
                println!("{name}: {n} in {:?}", start.elapsed());
            }
        }
    }
    if want("speed") {
        println!(
            "\n| corpus | configuration | urlkit GB/s | linkify GB/s | linkify time / urlkit time (IQR) |"
        );
        println!("|---|---|---|---|---|");
        let big = repeat_to(&prose, prose_mb << 20);
        paired("prose", &big, &configs, rounds);
        drop(big);
        if !dense.is_empty() {
            paired("realworld.txt", &repeat_to(&dense, 16 << 20), &configs, rounds);
        }
        // The streaming form over the same prose (what `urlkit extract` runs).
        let big = repeat_to(&prose, prose_mb << 20);
        let finder = Finder::new(Options::new());
        let mut t = Vec::new();
        for _ in 0..rounds.min(3) {
            let start = Instant::now();
            black_box(finder.links_in(big.as_bytes()).count());
            t.push(start.elapsed().as_secs_f64());
        }
        println!(
            "\nstreaming (links_in over a &[u8]), all kinds, prose: {:.2} GB/s",
            big.len() as f64 / 1e9 / median(&t).unwrap()
        );
    }
    if want("doubling") {
        doubling(rounds);
    }
    if want("diff") {
        differences("prose", &prose, &configs, samples);
        if !dense.is_empty() {
            differences("realworld.txt", &dense, &configs, samples);
        }
    }
}
