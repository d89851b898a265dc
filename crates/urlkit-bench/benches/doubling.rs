//! Doubling benchmark: every parser and transformer on pathological inputs of size n and 2n.
//! The time ratio t(2n)/t(n) is ≈ 2 for linear work; a ratio above 3 is flagged `QUADRATIC?`.
//! Results go into RELIABILITY.md ("Pathological inputs in linear time").
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench doubling                  # n = 2^15 units (short run)
//! DOUBLING_UNITS=131072 cargo bench -p urlkit-bench --bench doubling   # bigger sizes
//! cargo bench -p urlkit-bench --bench doubling -- idn            # filter on "family/operation"
//! ```
//!
//! A *unit* is one repetition of the family's pattern (one `../`, one `%41`, one tab...), so
//! inputs are a few bytes per unit. Each measurement is the minimum of `DOUBLING_REPS` (default
//! 3) runs, which is the most stable statistic on a busy machine; n and 2n run back to back.

use std::hint::black_box;
use std::time::{Duration, Instant};
use urlkit::form::SearchParams;
use urlkit::percent::{percent_decode_str, sets, utf8_percent_encode};
use urlkit::rfc3986::UriRef;
use urlkit::{PathStyle, Url};

/// A family of pathological inputs: name and generator of the input with `n` units.
struct Family {
    name: &'static str,
    make: fn(usize) -> String,
    /// Units are multiplied by this factor (below 1 for families whose unit is large).
    scale: f64,
}

fn rep(prefix: &str, unit: &str, n: usize, suffix: &str) -> String {
    let mut s = String::with_capacity(prefix.len() + unit.len() * n + suffix.len());
    s.push_str(prefix);
    for _ in 0..n {
        s.push_str(unit);
    }
    s.push_str(suffix);
    s
}

const FAMILIES: &[Family] = &[
    Family {
        name: "long-host",
        make: |n| rep("http://", "a", n, "/"),
        scale: 1.0,
    },
    Family {
        name: "many-labels",
        make: |n| rep("http://", "a.", n, "com/"),
        scale: 1.0,
    },
    Family {
        name: "dot-dot-slash",
        make: |n| rep("http://h/", "../", n, "x"),
        scale: 1.0,
    },
    Family {
        name: "percent",
        make: |n| rep("http://h/", "%", n, "?q"),
        scale: 1.0,
    },
    Family {
        name: "percent-41",
        make: |n| rep("http://h/", "%41", n, "#f"),
        scale: 1.0,
    },
    Family {
        name: "at-signs",
        make: |n| rep("http://", "@", n, "h/"),
        scale: 1.0,
    },
    Family {
        name: "ipv6-like",
        make: |n| rep("http://[", "1:", n, "1]/"),
        scale: 1.0,
    },
    Family {
        name: "brackets",
        make: |n| rep("http://h/", "[", n, "]") + &"]".repeat(n),
        scale: 1.0,
    },
    Family {
        name: "tabs-newlines",
        make: |n| rep("http://h/", "a\t\n", n, ""),
        scale: 1.0,
    },
    // One IDN label of n code points, all the same: Punycode's cost grows with the number of
    // *distinct* code points, so this one is cheap.
    Family {
        name: "idn-label-same",
        make: |n| rep("http://", "é", n, "/"),
        scale: 1.0 / 64.0,
    },
    // One IDN label of n distinct code points (CJK): the RFC 3492 encoder does work
    // proportional to (distinct code points) x (length) here, which urlkit avoids for labels
    // of more than 59 code points (its own O(n log n) encoder, `host::punycode`).
    // Above 1,000 code points `idna` rejects the label early, so the default stays below that.
    Family {
        name: "idn-label-distinct",
        make: distinct_label,
        scale: 1.0 / 128.0,
    },
    // Many 1,000-code-point IDN labels: linear in the number of labels only if each label's
    // work is bounded.
    Family {
        name: "idn-labels-1000",
        make: |n| rep("http://", &("é".repeat(1000) + "."), n, "/"),
        scale: 1.0 / 2048.0,
    },
    // Many labels of 1,000 distinct code points, the most a label may have: the issue's
    // worst case (≈ 1 ms a label inside `idna`'s encoder).
    Family {
        name: "idn-labels-distinct",
        make: |n| {
            let label: String = (0..1000).filter_map(|i| char::from_u32(0x4E00 + i)).collect();
            rep("http://", &(label + "."), n, "/")
        },
        scale: 1.0 / 4096.0,
    },
    // n = 2^17 units (DOUBLING_UNITS=131072) gives sort on 1 M and 2 M pairs.
    Family {
        name: "pairs",
        make: |n| pairs(n),
        scale: 8.0,
    },
];

/// `http://` and one label of `n` distinct CJK code points.
fn distinct_label(n: usize) -> String {
    let mut s = String::from("http://");
    s.extend((0..n as u32).filter_map(|i| char::from_u32(0x4E00 + i % 0x5000)));
    s.push('/');
    s
}

/// `z&y&x…`: `n` name-value pairs in reverse order, so `sort` has work to do.
fn pairs(n: usize) -> String {
    let mut s = String::from("http://h/?");
    for i in (0..n).rev() {
        s.push_str(&format!("k{i}=v&"));
    }
    s
}

/// An operation: name and the work on one input (returns a number so the work is kept).
type Op = (&'static str, fn(&str) -> usize);

fn base() -> Url {
    Url::parse("http://example.com/a/b?c#d").unwrap()
}

const OPS: &[Op] = &[
    ("whatwg-parse", |s| Url::parse(s).map_or(0, |u| u.as_str().len())),
    ("can-parse", |s| usize::from(Url::can_parse(s, None))),
    ("join", |s| base().join(s).map_or(0, |u| u.as_str().len())),
    ("set-href", |s| usize::from(base().set_href(s).is_ok())),
    ("set-host", |s| {
        let mut u = base();
        let _ = u.set_host_port(s.get(7..).unwrap_or(s));
        u.as_str().len()
    }),
    ("set-pathname", |s| {
        let mut u = base();
        let _ = u.set_pathname(s);
        u.as_str().len()
    }),
    ("set-search", |s| {
        let mut u = base();
        let _ = u.set_search(s);
        u.as_str().len()
    }),
    ("set-hash", |s| {
        let mut u = base();
        let _ = u.set_hash(s);
        u.as_str().len()
    }),
    ("rfc3986-parse", |s| {
        UriRef::parse(s).map_or(0, |u| u.path().len())
    }),
    ("rfc3986-normalize", |s| {
        UriRef::parse(s).map_or(0, |u| u.normalized().into_string().len())
    }),
    ("rfc3986-resolve", |s| {
        let b = UriRef::parse("http://a/b/c/d;p?q").unwrap();
        UriRef::parse(s.get(7..).unwrap_or(s)).map_or(0, |r| r.resolve_against(&b).into_string().len())
    }),
    ("remove-dot-segments", |s| {
        urlkit::rfc3986::remove_dot_segments(s).len()
    }),
    ("iri-to-uri", |s| {
        urlkit::rfc3986::IriRef::parse(s).map_or(0, |i| i.to_uri().into_string().len())
    }),
    ("search-params-sort", |s| {
        let mut p = SearchParams::parse(s.split_once('?').map_or(s, |(_, q)| q));
        p.sort();
        p.len()
    }),
    ("form-parse", |s| urlkit::form::parse(s.as_bytes()).count()),
    ("form-serialize", |s| urlkit::form::serialize([(s, s)]).len()),
    ("percent-decode", |s| {
        percent_decode_str(s).decode_utf8_lossy().len()
    }),
    ("percent-encode", |s| {
        utf8_percent_encode(s, &sets::COMPONENT).to_string().len()
    }),
    ("rfc1738-parse", |s| urlkit::rfc1738::parse(s).map_or(0, |_| 1)),
    ("rfc1738-view", |s| {
        urlkit::rfc1738::SchemeView::parse(s).map_or(0, |v| v.port().map_or(1, usize::from))
    }),
    ("file-path-unix", |s| {
        urlkit::file_path::from_path(s, PathStyle::Unix).map_or(0, |u| u.as_str().len())
    }),
    ("file-path-windows", |s| {
        urlkit::file_path::from_path(s, PathStyle::Windows).map_or(0, |u| u.as_str().len())
    }),
];

fn time(op: fn(&str) -> usize, input: &str, reps: usize) -> Duration {
    (0..reps)
        .map(|_| {
            let start = Instant::now();
            black_box(op(black_box(input)));
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let units = env("DOUBLING_UNITS", 1 << 15);
    let reps = env("DOUBLING_REPS", 3).max(1);
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    println!("doubling benchmark: n = {units} units (scaled per family), min of {reps} runs");
    println!(
        "{:<16} {:<20} {:>10} {:>11} {:>11} {:>6}",
        "family", "operation", "bytes(n)", "t(n)", "t(2n)", "ratio"
    );
    let mut flagged = 0;
    for family in FAMILIES {
        let n = ((units as f64 * family.scale) as usize).max(1);
        let small = (family.make)(n);
        let large = (family.make)(2 * n);
        for &(name, op) in OPS {
            let key = format!("{}/{}", family.name, name);
            if !filter.is_empty() && !filter.iter().any(|f| key.contains(f.as_str())) {
                continue;
            }
            let (mut a, mut b) = (time(op, &small, reps), time(op, &large, reps));
            if b.as_secs_f64() > 3.0 * a.as_secs_f64() {
                // A busy machine makes single outliers: measure a suspect row again, longer.
                (a, b) = (time(op, &small, 3 * reps), time(op, &large, 3 * reps));
            }
            let ratio = b.as_secs_f64() / a.as_secs_f64().max(1e-9);
            // Below 50 µs timer noise dominates: such rows never count as quadratic.
            let flag = ratio > 3.0 && b > Duration::from_micros(50);
            flagged += usize::from(flag);
            println!(
                "{:<16} {:<20} {:>10} {:>9.3}ms {:>9.3}ms {:>6.2}{}",
                family.name,
                name,
                small.len(),
                a.as_secs_f64() * 1e3,
                b.as_secs_f64() * 1e3,
                ratio,
                if flag { "  QUADRATIC?" } else { "" }
            );
        }
    }
    println!("{flagged} rows above ratio 3");
}
