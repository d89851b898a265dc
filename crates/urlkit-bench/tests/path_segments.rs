//! Differential test of `PathSegmentsMut` (`push`, `extend`, `pop`, `pop_if_empty`, `clear`)
//! against the `url` crate: the same edit chains on the same URLs must give the same href.
//!
//! Segments are generated from classes: every ASCII byte alone and inside text,
//! `%`-sequences (valid, invalid, encoded dots, slashes and percents), the `.`/`..` forms,
//! Unicode, and random mixes of them; the lines of the datasets are held-out text. Two
//! differences are expected, each checked by applying its rule to `url`'s side (see
//! [`Known`]); any other fails. The chains are drawn with the seeded SplitMix64 of the
//! differential suites (`URLKIT_DIFF_SEED` and `URLKIT_DIFF_SCALE` as there), so that every
//! run edits the same way.

#[path = "diff_support/rng.rs"]
#[allow(dead_code)] // `boundary` serves the URL mutator of the other suites.
mod rng;

use rng::{scaled, seed, Rng};

// The data locator of all the workspace's tests: one note per missing directory per run.
#[path = "../../urlkit/tests/common/shared_data.rs"]
mod shared_data;
use shared_data::Shared;

/// URLs whose paths the edits start from: special and not, with and without a host, the
/// empty path of `foo://h`, `file:` with and without a drive letter.
const BASES: &[&str] = &[
    "http://h/",
    "https://u:p@example.com:8443/a/b/c?q=1#f",
    "http://h/a/b/",
    "ws://h/x",
    "file:///",
    "file:///C:/a/b",
    "file:///tmp/x/",
    "file://host/share/x",
    "foo://h",
    "foo://h/",
    "foo://h/a/b?q#f",
    "foo:/a/b",
    "foo:/",
    "foo://",
    "sc://h/%2e/x",
];

/// Segments of fixed classes: `%`-sequences, dot forms, separators, Unicode.
const FIXED: &[&str] = &[
    "",
    ".",
    "..",
    "...",
    ".a",
    "a.",
    "%2e",
    "%2E",
    ".%2e",
    "%2e.",
    "%2e%2e",
    "%2E%2E",
    "%2e%2e%2f",
    "..%2f..%2fetc%2fpasswd",
    "..%2F",
    "%252e",
    "%",
    "%%",
    "%2",
    "%zz",
    "%25",
    "%2f",
    "%2F",
    "%5c",
    "%5C",
    "%00",
    "%41",
    "%c3%a9",
    "%E2%82",
    "a%2Fb",
    "a/b",
    "a\\b",
    "/",
    "\\",
    "//",
    "a?b#c",
    "C:",
    "c|",
    "C:\\x",
    "é",
    "\u{20ac}",
    "\u{1F600}",
    "\u{FFFD}",
    "\u{301}",
    "\u{5d0}\u{5d1}",
    "\u{200b}",
    "\u{feff}",
    "\u{85}",
    "\u{a0}",
    "\u{2028}",
    "x y",
    " ",
    "a\tb",
    "a\nb",
    "a\rb",
];

/// The pieces random segments are built from.
const PIECES: &[&str] = &[
    ".",
    "..",
    "%",
    "%2e",
    "%2E",
    "%2f",
    "%25",
    "%5c",
    "/",
    "\\",
    "a",
    "Z",
    "0",
    "é",
    "\u{1F600}",
    "?",
    "#",
    " ",
];

/// Every segment of the fixed classes: each ASCII byte alone, between letters, and beside
/// a dot (the forms that could make a dot segment once tabs and newlines are removed), then
/// [`FIXED`].
fn fixed_segments() -> Vec<String> {
    let mut out = Vec::new();
    for b in 0u8..=0x7F {
        let c = char::from(b);
        out.push(c.to_string());
        out.push(format!("a{c}b"));
        out.push(format!(".{c}"));
        out.push(format!("{c}."));
        out.push(format!("..{c}"));
        out.push(format!("%{c}"));
    }
    out.extend(FIXED.iter().map(|s| (*s).to_owned()));
    out
}

/// A random segment: up to four pieces or single characters (any ASCII byte, or Unicode).
fn random_segment(rng: &mut Rng) -> String {
    let mut s = String::new();
    for _ in 0..rng.below(5) {
        match rng.below(4) {
            0 => s.push(char::from(rng.below(0x80) as u8)),
            1 => s.push(char::from_u32(0xA0 + rng.below(0x3000) as u32).unwrap_or('\u{FFFD}')),
            _ => s.push_str(PIECES[rng.below(PIECES.len())]),
        }
    }
    s
}

/// One edit, applied through either crate's editor.
#[derive(Clone, Debug)]
enum Edit {
    Push(String),
    Extend(Vec<String>),
    Pop,
    PopIfEmpty,
    Clear,
}

/// Applies `edits` through one `path_segments_mut` editor of the URL type named (the two
/// crates' editors have the same methods but no common trait); the href, or `None` for an
/// opaque path.
macro_rules! edited {
    ($url:ty, $base:expr, $edits:expr) => {{
        let mut url = <$url>::parse($base).ok()?;
        {
            let mut editor = url.path_segments_mut().ok()?;
            for edit in $edits {
                match edit {
                    Edit::Push(s) => editor.push(s),
                    Edit::Extend(v) => editor.extend(v),
                    Edit::Pop => editor.pop(),
                    Edit::PopIfEmpty => editor.pop_if_empty(),
                    Edit::Clear => editor.clear(),
                };
            }
        }
        Some(url.as_str().to_owned())
    }};
}

/// `edits` applied by `url::Url`.
fn with_url(base: &str, edits: &[Edit]) -> Option<String> {
    edited!(url::Url, base, edits)
}

/// `edits` applied by `urlkit::Url`.
fn with_urlkit(base: &str, edits: &[Edit]) -> Option<String> {
    edited!(urlkit::Url, base, edits)
}

/// Why an href differs from `url`'s, when the difference is one of the two known rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    /// `url` 2.5 leaves `^` raw in paths; the current URL Standard's path percent-encode
    /// set has it (as urlkit's parser and editor do): `url`'s href with `^` as `%5E` is ours.
    Caret,
    /// A segment that is `.` or `..` once ASCII tab and newline are removed: `url` checks
    /// for the dot segment before removing them, so that `..\t` removes the previous
    /// segment (and `.\t` appends an empty one), where its documentation (and urlkit) ignore
    /// `.` and `..`. `url` given the segments without tab and newline gives our href.
    TabDot,
}

/// ASCII tab and newline, which the URL parser removes from its input.
fn is_tab_or_newline(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r')
}

/// `edits` with tab and newline removed from every segment, if that makes a segment `.` or
/// `..` that was not one before.
fn without_tab_dots(edits: &[Edit]) -> Option<Vec<Edit>> {
    let clean = |s: &String| s.chars().filter(|&c| !is_tab_or_newline(c)).collect::<String>();
    let tab_dot = |s: &String| s.contains(is_tab_or_newline) && matches!(clean(s).as_str(), "." | "..");
    let any = edits.iter().any(|e| match e {
        Edit::Push(s) => tab_dot(s),
        Edit::Extend(v) => v.iter().any(tab_dot),
        _ => false,
    });
    any.then(|| {
        edits
            .iter()
            .map(|e| match e {
                Edit::Push(s) => Edit::Push(clean(s)),
                Edit::Extend(v) => Edit::Extend(v.iter().map(clean).collect()),
                other => other.clone(),
            })
            .collect()
    })
}

/// Whether a difference is one of the [`Known`] rules (checked, not assumed: `url` must give
/// our href once the rule is applied to its side).
fn known(base: &str, edits: &[Edit], theirs: &Option<String>, ours: &Option<String>) -> Option<Known> {
    let caret = |h: &Option<String>| h.as_ref().map(|t| t.replace('^', "%5E"));
    if caret(theirs) == *ours {
        return Some(Known::Caret);
    }
    let cleaned = without_tab_dots(edits)?;
    (caret(&with_url(base, &cleaned)) == *ours).then_some(Known::TabDot)
}

/// What a suite found: the unexplained differences (described) and the count of each
/// known one.
#[derive(Default)]
struct Found {
    unexplained: Vec<String>,
    caret: usize,
    tab_dot: usize,
}

/// Runs every case: `url` and urlkit must give the same href (or both refuse the editor),
/// and urlkit's href must parse back to itself.
fn run(cases: &[(&str, Vec<Edit>)]) -> Found {
    let mut found = Found::default();
    for (base, edits) in cases {
        let theirs = with_url(base, edits);
        let ours = with_urlkit(base, edits);
        if let Some(href) = &ours {
            let again = urlkit::Url::parse(href).map(|u| u.as_str().to_owned());
            assert_eq!(
                again.as_deref(),
                Ok(href.as_str()),
                "{base:?} {edits:?}: not a parsed href"
            );
        }
        if theirs == ours {
            continue;
        }
        match known(base, edits, &theirs, &ours) {
            Some(Known::Caret) => found.caret += 1,
            Some(Known::TabDot) => found.tab_dot += 1,
            None => found.unexplained.push(format!(
                "{base:?} {edits:?}\n    url:    {theirs:?}\n    urlkit: {ours:?}"
            )),
        }
    }
    found
}

fn verdict(suite: &str, total: usize, found: &Found) {
    println!(
        "{suite}: {total} edit chains, {} same href, {} `^` encoded (current standard), {} tab/newline dot segments ignored, {} other differences",
        total - found.caret - found.tab_dot - found.unexplained.len(),
        found.caret,
        found.tab_dot,
        found.unexplained.len()
    );
    assert!(
        found.unexplained.is_empty(),
        "{suite}: {} of {total} edit chains differ from the url crate, the first:\n{}",
        found.unexplained.len(),
        found.unexplained[..found.unexplained.len().min(15)].join("\n")
    );
}

/// Each fixed segment pushed onto each base, alone, after a `pop` and after a `clear`.
#[test]
fn fixed_segments_agree_with_url() {
    let mut cases = Vec::new();
    for base in BASES {
        for seg in fixed_segments() {
            cases.push((*base, vec![Edit::Push(seg.clone())]));
            cases.push((
                *base,
                vec![Edit::Pop, Edit::Push(seg.clone()), Edit::Push("z".into())],
            ));
            cases.push((*base, vec![Edit::Clear, Edit::Extend(vec![seg.clone(), seg])]));
        }
    }
    let found = run(&cases);
    verdict("fixed segments", cases.len(), &found);
    // The generator reaches both known rules (were `url` to change, this says so).
    assert!(found.caret > 0 && found.tab_dot > 0);
}

/// Random chains of every edit with random segments.
#[test]
fn random_edit_chains_agree_with_url() {
    let mut rng = Rng::new(seed(0x5E6_2026));
    let fixed = fixed_segments();
    let mut cases = Vec::new();
    for _ in 0..scaled(20_000) {
        let base = *rng.pick(BASES);
        let mut edits = Vec::new();
        for _ in 0..1 + rng.below(6) {
            let segment = |rng: &mut Rng| {
                if rng.chance(30) {
                    rng.pick(&fixed).clone()
                } else {
                    random_segment(rng)
                }
            };
            let edit = match rng.below(8) {
                0..=2 => Edit::Push(segment(&mut rng)),
                3..=4 => Edit::Extend((0..rng.below(4)).map(|_| segment(&mut rng)).collect()),
                5 => Edit::Pop,
                6 => Edit::PopIfEmpty,
                _ => Edit::Clear,
            };
            edits.push(edit);
        }
        cases.push((base, edits));
    }
    verdict("random chains", cases.len(), &run(&cases));
}

/// Held-out text: every line of the datasets (whole URLs, and their pieces split at `/`)
/// pushed as segments, text that neither generator wrote.
#[test]
fn dataset_text_as_segments_agrees_with_url() {
    let mut cases = Vec::new();
    for file in ["realworld.txt", "messy.txt"] {
        let Some(path) = Shared::Datasets.file(file) else {
            return;
        };
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        for (i, line) in text.lines().enumerate() {
            let base = BASES[i % BASES.len()];
            cases.push((base, vec![Edit::Push(line.to_owned())]));
            let pieces: Vec<String> = line.split('/').map(str::to_owned).collect();
            cases.push((base, vec![Edit::Pop, Edit::Extend(pieces)]));
        }
    }
    verdict("dataset text", cases.len(), &run(&cases));
}

/// The examples, pinned: `%` is data in a pushed segment, so an encoded separator
/// or dot stays one segment of that text.
#[test]
fn percent_in_a_segment_is_data() {
    let push = |base: &str, seg: &str| with_urlkit(base, &[Edit::Push(seg.to_owned())]).unwrap();
    assert_eq!(push("https://h/", "a%2Fb"), "https://h/a%252Fb");
    assert_eq!(push("https://h/x", "%2e"), "https://h/x/%252e");
    assert_eq!(
        push("https://h/x", "..%2f..%2fetc%2fpasswd"),
        "https://h/x/..%252f..%252fetc%252fpasswd"
    );
    assert_eq!(push("foo://h/x", "%2E%2e"), "foo://h/x/%252E%252e");
    // Decoding the path gives the pushed text back, the segment intact.
    let url = urlkit::Url::parse(&push("https://h/", "a%2Fb%25")).unwrap();
    let segments: Vec<_> = url.path_segments().unwrap().collect();
    assert_eq!(segments, ["a%252Fb%2525"]);
    assert_eq!(
        urlkit::percent::percent_decode_str(segments[0]).decode_utf8_lossy(),
        "a%2Fb%25"
    );
}
