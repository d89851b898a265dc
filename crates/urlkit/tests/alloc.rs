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
            // `messy` records with a base are parsed here without it (with it below).
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
            if n > 0 {
                allocating.push(input);
            }
        }
        println!(
            "{corpus}: can_parse allocations 0/1/2/3+ = {all:?}; \
             with a plain ASCII host (no %, no xn--): {plain:?}"
        );
        if EXACT {
            // No allocation at all, whatever the host.
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

/// Where allocation-free `can_parse` ends, exactly; beyond, it still answers as parsing does.
/// What is left needs one label that UTS 46 (the `idna` crate, and `icu_normalizer` under
/// it) cannot take within its inline buffers, which splitting the domain between labels
/// cannot help (see `host::domain::domain_parses`): a label mapped to more than 253 code
/// points (251 when validated again as part of a Bidi domain name of several chunks), an
/// `xn--` label decoding to more than 59, more than 17 non-starters in a row; and a label of
/// more than 1,021 bytes once percent-decoded, left to the full parser.
#[test]
fn can_parse_allocation_bounds() {
    let count = |s: &str| {
        assert_eq!(Url::can_parse(s, None), Url::parse(s).is_ok(), "{s:?}");
        allocations(|| Url::can_parse(s, None))
    };
    let chars = |k: usize| format!("http://{}/", "\u{fc}".repeat(k));
    let bidi_chars = |k: usize| format!("http://{}.\u{5D0}/", "\u{fc}".repeat(k));
    // An ASCII label after a non-ASCII one, percent-encoded: `k` bytes once decoded.
    let pct = |k: usize| format!("http://%C3%BC.{}/", "%61".repeat(k));
    // `xn--` and `k` + 1 code points once decoded (`a` × k, then U+00E4).
    let punycode = |k: usize| format!("http://\u{fc}.xn--{}-kva/", "a".repeat(k));
    let marks = |k: usize| format!("http://a{}/", "\u{301}".repeat(k));
    for (name, f, around) in [
        (
            "mapped code points of a label",
            &chars as &dyn Fn(usize) -> String,
            253,
        ),
        ("... validated again in a Bidi domain", &bidi_chars, 251),
        ("percent-decoded bytes of a label", &pct, 1021),
        ("xn-- label decoded (code points - 1)", &punycode, 58),
        ("non-starters in a row", &marks, 17),
    ] {
        let counts: Vec<(usize, usize)> = (around - 1..=around + 2).map(|k| (k, count(&f(k)))).collect();
        println!("{name}: {counts:?}");
        if EXACT {
            // Up to the bound: nothing; past it: the `idna` crate's (or `icu_normalizer`'s)
            // inline buffers spill, or the full parser decides (the stack buffer).
            assert!(counts[..2].iter().all(|&(_, n)| n == 0), "{name}: {counts:?}");
            assert!(counts[2..].iter().all(|&(_, n)| n > 0), "{name}: {counts:?}");
        }
    }
    // No bound: any number of labels, of percent-encoded bytes in many labels, of bytes with
    // tabs and newlines; mixed Bidi and non-Bidi chunks.
    let unbounded = [
        format!("http://{}/", ["\u{fc}"; 9].join(".")),
        format!("http://{}/", ["\u{fc}"; 5000].join(".")),
        format!("http://{}/", ["\u{fc}"; 5000].join("\u{3002}")),
        format!("http://{}/", ["%C3%BC"; 3000].join(".")),
        format!("http://{}/", ["%C3%BC%C3%BC%C3%BC"; 300].join("%2E")),
        format!("http://{}.\u{5D0}/", ["b\u{fc}"; 100].join(".")),
        format!("http://1a.{}.\u{5D0}/", ["b\u{fc}"; 100].join(".")),
        format!("http://\u{5D0}.{}.1a/", ["b\u{fc}"; 100].join(".")),
        format!("http://{}/", vec!["\u{3300}".repeat(11); 30].join(".")),
        format!("http://{}/", ["\u{FDFA}\u{FDFA}"; 30].join(".")),
        format!("http://{}/", "\u{fc}".repeat(253)),
        format!("http://h\t/{}?{}", "p".repeat(10_000), "q".repeat(5000)),
        format!("http://\t{}\t/", ["b\u{fc}"; 2000].join(".\t")),
        format!("ht\ttp://{}:8\t0/", ["a"; 3000].join("\n.")),
        format!("file://{}/x", ["\u{fc}"; 3000].join(".")),
        format!("sc://{}/", "a".repeat(10_000)),
    ];
    for s in &unbounded {
        let n = count(s);
        assert!(!EXACT || n == 0, "{n} allocations: {:?}", &s[..s.len().min(80)]);
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
    // Allocations of the cross product, `file:` bases included.
    let mut cross: Histogram = [0; 4];
    for base in BASES {
        for input in &sample {
            if Url::can_parse(input, Some(base)) != parse(input, base) {
                disagree.push(((*input).clone(), (*base).to_owned()));
            }
            let n = allocations(|| Url::can_parse(input, Some(base)));
            record(&mut cross, n);
            assert!(!EXACT || n == 0, "{input:?} {base:?}: {n}");
        }
    }
    println!("bases x sampled inputs: can_parse allocations 0/1/2/3+ = {cross:?}");
    assert!(
        disagree.is_empty(),
        "{} disagreements, e.g. {:?}",
        disagree.len(),
        &disagree[..disagree.len().min(10)]
    );
}

/// `can_parse` with a base allocates nothing on the `messy` records with a base, `file:` bases
/// included, as without one.
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
        }
        if n > 0 {
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

/// `file:` bases (file state, file slash state, file host state: the base's host and path are
/// copied, only the input's own host can fail) × inputs with drive letters, hosts, `localhost`,
/// `\\` slashes, tabs, relative references, other schemes: the same answer as parsing, and no
/// allocation.
#[test]
fn can_parse_with_a_file_base() {
    let bases = [
        "file:///C:/dir/f",
        "file:///c|/dir/",
        "file://host/share/x",
        "file://localhost/x",
        "FILE:/x",
        "file:",
        "file:c:/x",
        "fi\tle://h/",
        "file:\\\\h\\p",
        "  file://[::1]/p?q#f",
        "file://1.2.3.4/",
        "file://b\u{fc}cher.de/",
        "file://%C3%BC/",
        "file://a b/",
        "file://1.2.3.4.5/",
    ];
    let inputs = [
        "",
        " ",
        "x",
        "../y",
        "/p",
        "?q",
        "#f",
        "c:",
        "c:/x",
        "C|/x",
        "/c:/x",
        "//c:/x",
        "//C|",
        "//c\t:/x",
        "//c:x",
        "//",
        "///x",
        "////x",
        "//h/x",
        "//localhost/x",
        "//LOCALHOST",
        "\\\\h\\s",
        "/\\h",
        "\\/h",
        "//a b/",
        "//a\tb/",
        "\t//a b/",
        "//h\t o/",
        "//%C3%BC/",
        "//%zz/",
        "//\u{fc}.\u{5D0}/",
        "//1a.\u{5D0}/",
        "//[::1]/",
        "//[::g]/",
        "//1.2.3.4.5/",
        "//0x7f.1/",
        "//u@h/",
        "//h:1/",
        "file:x",
        "file:/x",
        "file://a b/",
        "file://h/",
        "FILE:\\\\c:",
        "http:x",
        "http://a b/",
        "sc:x",
        "sc://a b/",
        " //a b/ ",
        "//a/ ",
    ];
    let long = format!("//{}/", ["\u{fc}"; 2000].join("."));
    let mut disagree = Vec::new();
    let mut all: Histogram = [0; 4];
    for base in bases {
        for input in inputs.iter().copied().chain([long.as_str()]) {
            let parsed = Url::parse(base).is_ok_and(|b| b.join(input).is_ok());
            if Url::can_parse(input, Some(base)) != parsed {
                disagree.push((input, base));
            }
            let n = allocations(|| Url::can_parse(input, Some(base)));
            record(&mut all, n);
            assert!(!EXACT || n == 0, "{input:?} {base:?}: {n}");
        }
    }
    println!("file: bases x inputs: can_parse allocations 0/1/2/3+ = {all:?}");
    assert!(disagree.is_empty(), "{disagree:?}");
}

/// URI Template expansion (`urlkit::template`) into a buffer with room allocates nothing:
/// values are read through `Vars` as borrowed `ValueRef`s and encoded straight into it.
#[test]
fn template_expand_into_does_not_allocate() {
    use urlkit::template::{Template, ValueRef};
    let t =
        Template::parse("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels}{&page}{#frag}")
            .unwrap();
    let labels: &[&str] = &["C-bug", "A docs", "é"];
    let vars = [
        ("owner", ValueRef::String("rust-lang")),
        ("repo", ValueRef::String("rust")),
        ("state", ValueRef::String("open now")),
        ("labels", ValueRef::StrList(labels)),
        ("page", ValueRef::String("2")),
        ("frag", ValueRef::String("a/b?c")),
    ];
    let mut out = String::with_capacity(256);
    let n = allocations(|| t.expand_into(&vars, &mut out).unwrap());
    assert_eq!(n, 0, "{out}");
    assert_eq!(
        out,
        "https://api.example.com/repos/rust-lang/rust/issues?state=open%20now&labels=C-bug,A%20docs,%C3%A9&page=2#a/b?c"
    );
}
