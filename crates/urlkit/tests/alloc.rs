//! Heap allocations per parse, counted by a `#[global_allocator]` that forwards to
//! [`System`]: a successful `Url::parse` of a common URL allocates its serialization and
//! nothing else, and `Url::can_parse` allocates nothing on the common inputs.
//!
//! The datasets come from `URLKIT_DATASETS` or `../shared/datasets` beside the checkout;
//! without them the tests print a message and pass (they fail if
//! `URLKIT_REQUIRE_CONFORMANCE` is set).

#![allow(unsafe_code)]

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use urlkit::Url;

thread_local! {
    /// Allocations (including reallocations) made by this thread.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// [`System`], counting each `alloc`, `alloc_zeroed` and `realloc` of the calling thread.
struct Counting;

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so this
// allocator upholds `GlobalAlloc`'s contract exactly as `System` does; the counter is a
// thread-local `Cell` with a const initializer and no destructor, so bumping it never
// allocates or re-enters the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: forwarded unchanged; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: forwarded unchanged; the caller upholds `alloc_zeroed`'s contract.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged; `ptr` came from `System` through this allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump();
        // SAFETY: forwarded unchanged; `ptr` came from `System` through this allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn bump() {
    // `try_with`: during thread teardown the slot may be gone; such allocations are not ours.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

/// The allocations `f` makes on this thread (its result's drop included).
fn allocations<T>(f: impl FnOnce() -> T) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    drop(std::hint::black_box(f()));
    ALLOCATIONS.with(Cell::get) - before
}

/// The authority of `line` as written (after `://`, up to `/ \\ ? #`), if it has one.
fn written_authority(line: &str) -> Option<&str> {
    let (_, rest) = line.split_once("://")?;
    Some(rest.split(['/', '\\', '?', '#']).next().unwrap_or(rest))
}

/// Whether the host parser can take `line`'s host without UTS 46 or percent-decoding: an
/// ASCII input without tabs or newlines whose authority has no `%` and no `xn--` label.
fn plain_ascii_host(line: &str) -> bool {
    line.is_ascii()
        && !line.contains(['\t', '\n', '\r'])
        && written_authority(line)
            .is_none_or(|a| !a.contains('%') && !a.to_ascii_lowercase().contains("xn--"))
}

/// An `http:` or `https:` URL with a domain or IPv4 host written as plain ASCII: the
/// common case that must allocate once.
fn common_http(line: &str, url: &Url) -> bool {
    matches!(url.scheme(), "http" | "https")
        && matches!(url.host(), Some(urlkit::Host::Domain(_) | urlkit::Host::Ipv4(_)))
        && plain_ascii_host(line)
}

/// Debug builds check every fast-path result against the full parser (one more parse), so
/// the exact bounds hold in release builds: `cargo test -p urlkit --release --test alloc`.
const EXACT: bool = !cfg!(debug_assertions);

/// Histogram of allocation counts over `lines`: `[0, 1, 2, 3+]`.
type Histogram = [usize; 4];

fn record(h: &mut Histogram, n: usize) {
    h[n.min(3)] += 1;
}

#[test]
fn parse_allocates_once() {
    for corpus in ["realworld.txt", "synthetic.txt"] {
        let Some(lines) = common::dataset_lines(corpus) else {
            continue;
        };
        let mut all: Histogram = [0; 4];
        let mut common: Histogram = [0; 4];
        let mut worst_common = Vec::new();
        for line in &lines {
            let Ok(url) = Url::parse(line) else {
                continue;
            };
            let n = allocations(|| Url::parse(line));
            record(&mut all, n);
            if common_http(line, &url) {
                record(&mut common, n);
                if n > 1 {
                    worst_common.push(line.clone());
                }
            }
        }
        let successes: usize = all.iter().sum();
        let common_count: usize = common.iter().sum();
        println!(
            "{corpus}: {successes} successes, allocations 0/1/2/3+ = {all:?}; \
             ASCII http(s) with a plain domain or IPv4 host: {common_count}, {common:?}"
        );
        if !EXACT {
            println!("debug build: bounds not asserted (the fast path is cross-checked)");
            continue;
        }
        // Every ASCII http(s) URL with a domain or IPv4 host: exactly one allocation.
        assert!(
            worst_common.is_empty(),
            "{corpus}: {} common URLs allocate more than once, e.g. {:?}",
            worst_common.len(),
            &worst_common[..worst_common.len().min(5)]
        );
        // At least 95% of all successes allocate at most once.
        assert!((all[0] + all[1]) * 100 >= successes * 95, "{corpus}: {all:?}");
    }
}

/// The allocations UTS 46 may make on `input`'s host: `idna`'s `Uts46::process` keeps one
/// entry per label in a `SmallVec<[_; 8]>`, which grows (doubling) beyond 8 labels. Only for
/// hosts that are not ASCII (ASCII domains are only lower-cased); counts labels as written,
/// tabs and newlines removed, ideographic and fullwidth full stops included.
fn idna_label_spills(input: &str) -> usize {
    let clean: String = input
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let Some(host) = written_authority(&clean).map(|a| a.rsplit('@').next().unwrap_or(a)) else {
        return 0;
    };
    let decoded = urlkit::percent::percent_decode_str(host).decode_utf8_lossy();
    if decoded.is_ascii() {
        return 0;
    }
    let labels = 1 + decoded
        .chars()
        .filter(|c| matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}'))
        .count();
    let (mut capacity, mut spills) = (8, 0);
    while capacity < labels {
        capacity *= 2;
        spills += 1;
    }
    spills
}

#[test]
fn can_parse_does_not_allocate() {
    for corpus in ["realworld.txt", "synthetic.txt", "messy.txt"] {
        let Some(lines) = common::dataset_lines(corpus) else {
            continue;
        };
        let mut all: Histogram = [0; 4];
        let mut plain: Histogram = [0; 4];
        let mut allocating = Vec::new();
        for line in &lines {
            // `messy` records with a base are parsed here without it: with a base,
            // `can_parse` parses the base into a `Url`.
            let input = if corpus == "messy.txt" {
                common::messy_record(line).0
            } else {
                line.clone()
            };
            let n = allocations(|| Url::can_parse(&input, None));
            record(&mut all, n);
            if plain_ascii_host(&input) {
                record(&mut plain, n);
            }
            if n > idna_label_spills(&input) {
                allocating.push(input);
            }
        }
        println!(
            "{corpus}: can_parse allocations 0/1/2/3+ = {all:?}; \
             with a plain ASCII host (no %, no xn--): {plain:?}"
        );
        if EXACT {
            // No allocation at all, whatever the host, but for UTS 46 on more than 8 labels.
            assert!(
                allocating.is_empty(),
                "{corpus}: {} lines allocate, e.g. {:?}",
                allocating.len(),
                &allocating[..allocating.len().min(20)]
            );
        }
    }
}

/// The allocation-free `can_parse` answers exactly what parsing answers, on every input of
/// the three corpora (with and without a base for `messy`).
#[test]
fn can_parse_agrees_with_parse() {
    for corpus in ["realworld.txt", "synthetic.txt", "messy.txt"] {
        let Some(lines) = common::dataset_lines(corpus) else {
            continue;
        };
        let mut disagree = Vec::new();
        for line in &lines {
            let (input, base) = if corpus == "messy.txt" {
                common::messy_record(line)
            } else {
                (line.clone(), None)
            };
            let parsed = match &base {
                None => Url::parse(&input).is_ok(),
                Some(b) => Url::parse(b).is_ok_and(|b| b.join(&input).is_ok()),
            };
            if Url::can_parse(&input, base.as_deref()) != parsed {
                disagree.push((input, base));
            }
        }
        assert!(
            disagree.is_empty(),
            "{corpus}: {} disagreements, e.g. {:?}",
            disagree.len(),
            &disagree[..disagree.len().min(5)]
        );
    }
}

/// Where allocation-free `can_parse` ends, exactly; beyond, it still answers as parsing does:
/// UTS 46 (`idna`'s `Uts46::process`) on more than 8 labels or 253 mapped code points after
/// its pass-through ASCII prefix; a percent-encoded non-ASCII host decoding to more than
/// 1,024 bytes; input with tabs or newlines longer than 2,048 bytes (once they are removed)
/// before its first `?` or `#`.
#[test]
fn can_parse_allocation_bounds() {
    let count = |s: &str| {
        assert_eq!(Url::can_parse(s, None), Url::parse(s).is_ok(), "{s:?}");
        allocations(|| Url::can_parse(s, None))
    };
    let labels = |k: usize| format!("http://{}/", vec!["\u{fc}"; k].join("."));
    let chars = |k: usize| format!("http://{}/", "\u{fc}".repeat(k));
    // 1,000 bytes of ASCII labels (which UTS 46 passes through), then `b…b.ü`: `k` bytes.
    let pct = |k: usize| {
        let labels = format!(
            "%61{}.{}",
            "a".repeat(48),
            format!("{}.", "a".repeat(49)).repeat(19)
        );
        format!("http://{labels}{}.%C3%BC/", "b".repeat(k - 1003))
    };
    let tabs = |k: usize| format!("http://h\t/{}?{}", "p".repeat(k - 10), "q".repeat(5000));
    for (name, f, around) in [
        ("labels", &labels as &dyn Fn(usize) -> String, 8),
        ("mapped chars", &chars, 253),
        ("percent-decoded bytes", &pct, 1024),
        ("bytes without tabs up to ?", &tabs, 2048),
    ] {
        let counts: Vec<(usize, usize)> = (around - 1..=around + 2).map(|k| (k, count(&f(k)))).collect();
        println!("{name}: {counts:?}");
        if EXACT {
            // Up to the bound: nothing; one past it: the `idna` crate's inline buffers spill
            // (labels, mapped chars) or the full parser decides (the stack buffers).
            assert!(counts[..2].iter().all(|&(_, n)| n == 0), "{name}: {counts:?}");
            assert!(counts[2..].iter().all(|&(_, n)| n > 0), "{name}: {counts:?}");
        }
    }
}

/// Bases of every kind for [`can_parse_with_base_agrees_with_parse`]: special, non-special,
/// opaque paths, `file:`, invalid ones, tabs, upper case and leading spaces.
const BASES: &[&str] = &[
    "http://example.com/a/b?q#f",
    "HTTPS://Example.COM:8443/x/y",
    "ws://h/",
    "wss://h:1/p",
    "ftp://u:p@h/d/",
    "  http://h/\t",
    "ht\ttp://h/p",
    "http:\\\\h\\p",
    "sc://h/p?q",
    "sc:/p",
    "SC://U@H:9/",
    "sc:",
    "mailto:x",
    "javascript:void(0)",
    "data:text/plain,x",
    "m\tailto:x",
    "sc:\t/p",
    "file:///C:/dir/f",
    "file://host/share",
    "FILE:/x",
    "http://a b/",
    "nobase",
    "",
    "http://h:99999/",
];

/// `can_parse` with a base answers as `Url::parse_with_base` does: on the `messy` records
/// with a base, and on [`BASES`] × a deterministic sample of every corpus line.
#[test]
fn can_parse_with_base_agrees_with_parse() {
    let Some(lines) = common::dataset_lines("messy.txt") else {
        return;
    };
    let parse = |input: &str, base: &str| {
        Url::parse(base).is_ok_and(|b| Url::parse_with_base(input, Some(&b)).is_ok())
    };
    let mut disagree = Vec::new();
    let mut inputs = Vec::new();
    for line in &lines {
        let (input, base) = common::messy_record(line);
        if let Some(b) = &base {
            if Url::can_parse(&input, Some(b)) != parse(&input, b) {
                disagree.push((input.clone(), b.clone()));
            }
        }
        inputs.push(input);
    }
    let extra = [
        "",
        " ",
        "\t",
        "#f",
        " #f",
        "\t#f",
        "?q",
        "/p",
        "//h/p",
        "//a b/",
        "\\\\h",
        "\\/h",
        "/\\h",
        "//",
        "///x",
        "//h:99999",
        "//h:1x",
        "//u@",
        "//[::1]/",
        "//[::g]/",
        "http:x",
        "http:/x",
        "http:\\\\a b",
        "http://a b",
        "HTTP:\t//h",
        "h\tttp:x",
        "sc:x",
        "sc://a b",
        "mailto:y",
        "file:x",
        "file://a b/",
        "x",
        "../y",
        "a b:c",
        "1a:b",
    ];
    inputs.extend(extra.iter().map(|s| (*s).to_owned()));
    let step = (inputs.len() / 500).max(1);
    let sample: Vec<&String> = inputs
        .iter()
        .step_by(step)
        .chain(inputs.iter().rev().take(extra.len()))
        .collect();
    // Allocations of the cross product, `file:` bases (left to the full parser) apart.
    let mut cross: Histogram = [0; 4];
    for base in BASES {
        for input in &sample {
            if Url::can_parse(input, Some(base)) != parse(input, base) {
                disagree.push(((*input).clone(), (*base).to_owned()));
            }
            if !base.to_ascii_lowercase().starts_with("file:") {
                let n = allocations(|| Url::can_parse(input, Some(base)));
                record(&mut cross, n);
                assert!(!EXACT || n <= idna_label_spills(input), "{input:?} {base:?}: {n}");
            }
        }
    }
    println!("bases x sampled inputs (no file: base): can_parse allocations 0/1/2/3+ = {cross:?}");
    assert!(
        disagree.is_empty(),
        "{} disagreements, e.g. {:?}",
        disagree.len(),
        &disagree[..disagree.len().min(10)]
    );
}

/// `can_parse` with a base allocates nothing on the `messy` records with a (non-`file:`)
/// base, as without one (UTS 46 on more than 8 labels aside).
#[test]
fn can_parse_with_base_does_not_allocate() {
    let Some(lines) = common::dataset_lines("messy.txt") else {
        return;
    };
    let mut all: Histogram = [0; 4];
    let mut allocating = Vec::new();
    let mut file_bases = 0;
    for line in &lines {
        let (input, Some(base)) = common::messy_record(line) else {
            continue;
        };
        let n = allocations(|| Url::can_parse(&input, Some(&base)));
        record(&mut all, n);
        if base
            .trim_start_matches(|c| c <= ' ')
            .get(..5)
            .is_some_and(|s| s.eq_ignore_ascii_case("file:"))
        {
            file_bases += 1;
        } else if n > idna_label_spills(&input) + idna_label_spills(&base) {
            allocating.push((input, base));
        }
    }
    println!("messy.txt with a base: can_parse allocations 0/1/2/3+ = {all:?}; file: bases {file_bases}");
    if EXACT {
        assert!(
            allocating.is_empty(),
            "{} lines allocate, e.g. {:?}",
            allocating.len(),
            &allocating[..allocating.len().min(20)]
        );
    }
}
