//! Vector scans over a class of ASCII bytes: the first byte at or after a start that is not
//! in the class. On x86-64 with AVX2 (detected at run time through `std`'s cached
//! `is_x86_feature_detected!`), 32 (or 16) bytes are classified at once by two nibble
//! lookups and the first outsider is found with one bit scan; elsewhere, and in `no_std`
//! builds, [`try_scan`] answers `None` and the caller runs its scalar scan.
//!
//! Besides doing fewer instructions per byte than a table-driven scalar loop, the vector
//! scan stops on a branch that is nearly always predicted (most URL components end within
//! the first block), where a scalar loop leaves at a data-dependent byte.
//!
//! One kernel is chosen when the crate is built instead: [`dots_and_odd`], the domain
//! list's check of a short host, in SSE2 (part of every x86-64) with a scalar form for
//! other targets that is also its tests' reference.
//!
//! The vector code's `unsafe` is confined to this module, for two reasons only: unaligned
//! vector loads take a raw pointer, and a `#[target_feature]` function may only be called
//! where the feature is known to be there (detected at run time for AVX2, enabled by the
//! build for SSE2). BENCHMARKS.md ("AVX2 class scan") has the measurements that justify it.
//!
//! The crate has one other place with `unsafe`, not vector code: `domain/list.rs`'s
//! `builtin` module publishes the parsed built-in Public Suffix List once, through an
//! `AtomicPtr` to a `Box` that is never freed (the pointer read back as a `&'static List`,
//! and a losing thread's `Box` released). `core` has no `OnceLock`, and a reference
//! cannot be read back out of an atomic pointer in safe code; `std`'s `OnceLock` would
//! cover `std` builds only, so the `no_std` build would keep the block anyway.
#![allow(unsafe_code)]

/// A set of ASCII bytes as nibble rows: `rows[lo]` has bit `hi` set when byte
/// `hi << 4 | lo` is in the set (only `hi < 8` exists, so eight bits suffice and non-ASCII
/// bytes are never members).
#[derive(Debug, Clone, Copy)]
pub(crate) struct AsciiClass {
    rows: [u8; 16],
}

impl AsciiClass {
    /// The ASCII bytes `b` with `table[b] & mask != 0` (a non-ASCII byte is never in a
    /// vector class: a caller whose table has some continues with its scalar scan).
    // Used by the RFC 3986 scanner (feature `rfc3986`) and the tests.
    #[cfg_attr(not(any(feature = "rfc3986", test)), allow(dead_code))]
    pub(crate) const fn of_bits(table: &[u8; 256], mask: u8) -> Self {
        let mut rows = [0u8; 16];
        let mut b = 0;
        while b < 128 {
            if table[b] & mask != 0 {
                rows[b & 15] |= 1 << (b >> 4);
            }
            b += 1;
        }
        AsciiClass { rows }
    }

    /// The ASCII bytes `b` with `table[b] == value` (see [`AsciiClass::of_bits`]).
    pub(crate) const fn of_value(table: &[u8; 256], value: u8) -> Self {
        let mut rows = [0u8; 16];
        let mut b = 0;
        while b < 128 {
            if table[b] == value {
                rows[b & 15] |= 1 << (b >> 4);
            }
            b += 1;
        }
        AsciiClass { rows }
    }

    /// Whether `b` is in the class (what the vector code computes, byte by byte).
    #[cfg(test)]
    pub(crate) fn contains(&self, b: u8) -> bool {
        b < 128 && self.rows[usize::from(b & 15)] & (1 << (b >> 4)) != 0
    }

    /// Whether `b` is in the class (what the vector code computes, for the scalar scans).
    #[inline(always)]
    pub(crate) const fn holds(&self, b: u8) -> bool {
        b < 128 && self.rows[(b & 15) as usize] & (1 << (b >> 4)) != 0
    }
}

/// Whether the vector forms run here (x86-64 with AVX2, `std`, not `urlkit_scalar`): for a
/// caller that picks between a scan over [`classify`]'s masks and a scalar one.
#[inline(always)]
pub(crate) fn vectors() -> bool {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if std::is_x86_feature_detected!("avx2") {
        return true;
    }
    false
}

/// The first index at or after `i` whose byte is not in `class` (`i` itself when past the
/// end), or `None` when no vector scan runs here: no AVX2, not x86-64, `no_std`, or fewer
/// than 16 bytes in `s`, or built with `--cfg urlkit_scalar` (CI runs the test suite that way
/// once more, so every caller's scalar scan is tested on this CPU too).
#[inline(always)]
pub(crate) fn try_scan(s: &[u8], i: usize, class: &AsciiClass) -> Option<usize> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if s.len() >= 16 && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (just detected), which `avx2::scan` enables.
        return Some(unsafe { avx2::scan(s, i, class) });
    }
    let _ = (s, i, class);
    None
}

/// The start of the run of `class` bytes that ends at `end`, looking back 32 bytes at most
/// (`end - 32` when all 32 are in the class: the caller goes on byte by byte), or `None`
/// when no vector scan runs here (as for [`try_scan`], or `end < 32`). One block for what
/// a byte loop does in a data-dependent number of steps (the scheme before every `:`).
#[inline(always)]
pub(crate) fn try_scan_back(s: &[u8], end: usize, class: &AsciiClass) -> Option<usize> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if end >= 32 && end <= s.len() && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (just detected), which `avx2::scan_back` enables.
        return Some(unsafe { avx2::scan_back(s, end, class) });
    }
    let _ = (s, end, class);
    None
}

/// The classes of 32 bytes of a host, one bit per byte (bit `j` for the byte at `at + j`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HostBits {
    /// ASCII letters and digits.
    pub alnum: u32,
    /// `-`.
    pub hyphen: u32,
    /// `.`.
    pub dot: u32,
    /// `_`.
    pub underscore: u32,
    /// Bytes from 0x80.
    pub high: u32,
}

/// [`HostBits`] of the 32 bytes of `s` from `at`, or `None` when no vector scan runs here
/// (as for [`try_scan`]) or fewer than 32 bytes are left: one load and a few compares
/// where a host's bytes are otherwise read three times (its run, its trailing dots, its
/// DNS shape).
#[inline(always)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) fn try_host_bits(s: &[u8], at: usize) -> Option<HostBits> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if at.checked_add(32).is_some_and(|e| e <= s.len()) && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (just detected), which `avx2::host_bits` enables, and
        // `at + 32 <= s.len()` (just checked).
        return Some(unsafe { avx2::host_bits(s, at) });
    }
    let _ = (s, at);
    None
}

/// [`HostBits`] byte by byte: the reference the vector form is tested against.
#[cfg(test)]
pub(crate) fn host_bits_naive(s: &[u8]) -> HostBits {
    let bits = |f: &dyn Fn(u8) -> bool| {
        s.iter()
            .take(32)
            .enumerate()
            .fold(0u32, |m, (j, &b)| m | u32::from(f(b)) << j)
    };
    HostBits {
        alnum: bits(&|b| b.is_ascii_alphanumeric()),
        hyphen: bits(&|b| b == b'-'),
        dot: bits(&|b| b == b'.'),
        underscore: bits(&|b| b == b'_'),
        high: bits(&|b| b >= 0x80),
    }
}

/// The number of `needle` bytes in `s` and the index of the last one, or `None` when no
/// vector count runs here (as for [`try_scan`], or fewer than 32 bytes in `s`): one pass
/// where `memchr`'s count and `memrchr` make two, each with its own setup (the text finder
/// counts the lines between two links this way).
#[inline(always)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) fn try_count_last(s: &[u8], needle: u8) -> Option<(usize, Option<usize>)> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if s.len() >= 32 && std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has AVX2 and POPCNT (just detected), which `avx2::count_last`
        // enables.
        return Some(unsafe { avx2::count_last(s, needle) });
    }
    let _ = (s, needle);
    None
}

/// The bytes equal to `needle` of the blocks of 64 bytes from `at` (`at`, `at + 64`, …, one
/// block per element of `masks`): bit `j` of `masks[k]` for byte `at + 64 k + j`, bytes past
/// the end of `s` never set; and in `before[k]` (as long as `masks`) how many there are in
/// the blocks before block `k`. `None` when no vector code runs here (as for [`try_scan`],
/// or `s` shorter than 32 bytes). Many blocks in one call, for a caller that keeps their
/// masks (the text finder's line breaks: a link's line is then read off them, without a
/// count per link). [`equal_blocks_scalar`] is the same answer without vectors.
#[inline(always)]
pub(crate) fn try_equal_blocks(
    s: &[u8],
    at: usize,
    needle: u8,
    masks: &mut [u64],
    before: &mut [u32],
) -> Option<()> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if s.len() >= 32 && std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has AVX2 and POPCNT (just detected), which `avx2::equal_blocks`
        // enables.
        unsafe { avx2::equal_blocks(s, at, needle, masks, before) };
        return Some(());
    }
    let _ = (s, at, needle, masks, before);
    None
}

/// [`try_equal_blocks`] a word at a time ([`equal_bits_scalar`] per block): the form without
/// vectors and the reference the vector form is tested against.
pub(crate) fn equal_blocks_scalar(s: &[u8], at: usize, needle: u8, masks: &mut [u64], before: &mut [u32]) {
    let mut ones = 0;
    for (k, (m, b)) in masks.iter_mut().zip(before.iter_mut()).enumerate() {
        let lo = at.saturating_add(64 * k).min(s.len());
        let hi = lo.saturating_add(64).min(s.len());
        *m = equal_bits_scalar(&s[lo..hi], needle);
        *b = ones;
        ones += m.count_ones();
    }
}

/// The bytes of `s` (at most 64) equal to `needle`, bit `j` for byte `j`, a word at a time.
fn equal_bits_scalar(s: &[u8], needle: u8) -> u64 {
    const LO: u64 = 0x0101_0101_0101_0101;
    const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    debug_assert!(s.len() <= 64);
    let mut mask = 0;
    for (k, chunk) in s.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let t = u64::from_le_bytes(word) ^ (LO * u64::from(needle));
        // The high bit of each byte equal to the needle, exactly, gathered into the low
        // eight bits (one bit a byte, in order) by one multiplication.
        let bits = (!(((t & LO7) + LO7) | t | LO7) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        // Bytes past the end of `s` read as 0: kept out.
        mask |= (bits & (0xff >> (8 - chunk.len()))) << (8 * k);
    }
    mask
}

/// Bit masks of the bytes of `s[start..end]`, bit `j` for byte `start + j`: those outside
/// `class`, those equal to `a` and those equal to `b`; `None` when no vector code runs here
/// (as for [`try_scan`]) or the window does not fit one load: empty, over 32 bytes, over 16
/// when `s` is shorter than 32 bytes, `s` shorter than 16, or not inside `s`. One load and
/// no loop for a short field (a host) whose bytes a loop would test one label at a time.
#[inline(always)]
#[cfg_attr(not(any(feature = "lint", test)), allow(dead_code))]
pub(crate) fn try_window(
    s: &[u8],
    start: usize,
    end: usize,
    class: &AsciiClass,
    a: u8,
    b: u8,
) -> Option<[u32; 3]> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if start < end
        && end <= s.len()
        && end - start <= 32
        && s.len() >= 16
        && std::is_x86_feature_detected!("avx2")
    {
        // SAFETY: the CPU has AVX2 (just detected), which `avx2::window` enables.
        return unsafe { avx2::window(s, start, end, class, a, b) };
    }
    let _ = (s, start, end, class, a, b);
    None
}

/// The byte classes a one-pass scan asks about: `C` classes of ASCII bytes and `E` single
/// bytes (none of them 0), all answered for 64 bytes at a time by [`classify`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Classifier<const C: usize, const E: usize> {
    /// The classes whose outsiders [`Masks::outside`] marks.
    pub(crate) classes: [AsciiClass; C],
    /// The bytes whose occurrences [`Masks::equal`] marks.
    pub(crate) bytes: [u8; E],
}

/// What [`classify`] sees of up to 64 bytes from a position: bit `j` for the byte at
/// `at + j`; a position past the end of the input sets no bit in any mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Masks<const C: usize, const E: usize> {
    /// For each class, its outsiders (non-ASCII bytes are outside every class).
    pub(crate) outside: [u64; C],
    /// For each byte, where it is.
    pub(crate) equal: [u64; E],
}

/// The [`Masks`] of the 64 bytes of `s` from `at` (fewer at the end; `at < s.len()`): a
/// fixed number of loads and no loop or branch on the bytes, where a scan per component
/// stops at each of its ends. The vector form with AVX2 (detected at run time, see
/// [`try_scan`]), else [`classify_scalar`], its reference.
#[inline(always)]
pub(crate) fn classify<const C: usize, const E: usize>(
    s: &[u8],
    at: usize,
    k: &Classifier<C, E>,
) -> Masks<C, E> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if at < s.len() && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (just detected), which `avx2::classify` enables, and
        // `at < s.len()` (just checked).
        return unsafe { avx2::classify(s, at, k) };
    }
    classify_scalar(s, at, k)
}

/// [`classify`] byte by byte: the form without vectors and the reference the vector form
/// is tested against.
pub(crate) fn classify_scalar<const C: usize, const E: usize>(
    s: &[u8],
    at: usize,
    k: &Classifier<C, E>,
) -> Masks<C, E> {
    let mut m = Masks {
        outside: [0; C],
        equal: [0; E],
    };
    let end = s.len().min(at.saturating_add(64));
    for (j, &b) in s.get(at..end).unwrap_or_default().iter().enumerate() {
        for (mask, class) in m.outside.iter_mut().zip(&k.classes) {
            *mask |= u64::from(!class.holds(b)) << j;
        }
        for (mask, &e) in m.equal.iter_mut().zip(&k.bytes) {
            *mask |= u64::from(b == e) << j;
        }
    }
    m
}

/// What [`try_census`] sees of an input's bytes in one pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(any(feature = "lint", test)), allow(dead_code))]
pub(crate) struct Census {
    /// Every byte is in the class, and `once` (one of its bytes) at most once.
    pub(crate) within: bool,
    /// Bit masks of the first 32 bytes (of all of them in a shorter input), bit `j` for byte
    /// `j`: those outside the head class, those equal to `a` and those equal to `b` (what
    /// [`try_window`] gives for a field among them, without loading it again).
    pub(crate) head: [u32; 3],
}

/// Whether every byte of `s` is in `class`, and `once` (which the class must hold) at most
/// once, with the [`Census::head`] masks of its first bytes for `head`, `a` and `b`; `None`
/// when no vector code runs here (as for [`try_scan`], or `s` shorter than 16 bytes). Inputs
/// of up to 96 bytes, and of 97 to 128, take a fixed number of loads (the last ones overlap
/// the first): no branch depends on where, or whether, a byte outside the class is, or on
/// the length within those bounds (a loop that stops at the first outsider mispredicts its
/// exit about once a call); only an input with a `once` byte has them counted after.
#[inline(always)]
#[cfg_attr(not(any(feature = "lint", test)), allow(dead_code))]
pub(crate) fn try_census(
    s: &[u8],
    class: &AsciiClass,
    once: u8,
    head: &AsciiClass,
    a: u8,
    b: u8,
) -> Option<Census> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if s.len() >= 16 && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (just detected), which `avx2::census` enables.
        return Some(unsafe { avx2::census(s, class, once, head, a, b) });
    }
    let _ = (s, class, once, head, a, b);
    None
}

/// The first block of 64 positions, of those from `at` on (`at`, `at + 64`, …), that holds
/// a percent-encoded octet of `octets`: a `%` and two hex digits (either case) encoding an
/// octet of the class (read as octet values, so below 0x80 only); its start and its bits
/// (bit `j`: such an escape at `start + j`), or a start at or past the end and no bits when
/// none is left; `None` when no vector code runs here (as for [`try_scan`], or `s` shorter
/// than 34 bytes). For a caller that looks at a few kinds of escape among many others (an
/// encoded query): the others cost no stop.
#[inline(always)]
#[cfg_attr(not(any(feature = "lint", test)), allow(dead_code))]
pub(crate) fn try_escape_bits(s: &[u8], at: usize, octets: &AsciiClass) -> Option<(usize, u64)> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if s.len() >= 34 && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (just detected), which `avx2::escape_bits` enables.
        return Some(unsafe { avx2::escape_bits(s, at, octets) });
    }
    let _ = (s, at, octets);
    None
}

/// The first block of 64 positions, of those from `at` on (`at`, `at + 64`, …), that holds a
/// byte outside `class`: its start and its bits (bit `j` for position `start + j`; positions
/// past the end are never set), or a start at or past the end and no bits when no such byte
/// is left; `None` when no vector scan runs here (then the caller steps over the bytes
/// itself). For a caller that stops at every outsider, as the linter's census does at each
/// `%` of an encoded query: the bits of a block cost one pass, where a [`try_scan`] per stop
/// would load the block again.
#[inline(always)]
#[cfg_attr(not(any(feature = "lint", test)), allow(dead_code))]
pub(crate) fn try_outside_bits(s: &[u8], at: usize, class: &AsciiClass) -> Option<(usize, u64)> {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
    if s.len() >= 32 && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (just detected), which `avx2::outside_bits` enables.
        return Some(unsafe { avx2::outside_bits(s, at, class) });
    }
    let _ = (s, at, class);
    None
}

/// The triggers of the text finder: `:` (only after a byte of a given class: the last byte
/// of a scheme), `@`, the start of `www.`, and a `.` that may start a bare domain's second
/// label (before a byte from `0` up: the caller keeps only letters, digits and non-ASCII).
#[derive(Debug, Clone, Copy)]
// Read only by the vector code, which is not built everywhere.
#[cfg_attr(
    not(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar))),
    allow(dead_code)
)]
pub(crate) struct Triggers {
    before_colon: AsciiClass,
    /// The vector loop of these kinds, chosen once (the CPU's features and the kinds do not
    /// change between blocks), and the same loop that also counts line breaks; `None` where
    /// no vector scan runs.
    kernel: Option<TriggerKernel>,
    counting: Option<TriggerKernel>,
}

/// A vector trigger loop: `unsafe` to call, for the CPU features it is compiled for.
type TriggerKernel = unsafe fn(&[u8], usize, usize, &Triggers, &mut LineTally) -> (usize, u64);

/// The line breaks that the counting trigger loop met, from the start of the text: every
/// byte before `upto` is counted, and the last block handed over is kept whole, so that a
/// link found in it (or just before it) gets its line and column without a pass of its
/// own over the text.
#[derive(Clone, Copy, Debug, Default)]
// Written only by the vector code, which is not built everywhere.
#[cfg_attr(
    not(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar))),
    allow(dead_code)
)]
pub(crate) struct LineTally {
    /// The line breaks before `upto`, and where the line holding `upto` starts.
    pub upto: usize,
    pub breaks: usize,
    pub line_start: usize,
    /// The last block handed over (`blk..blk + 64`, `upto` its end): its breaks (bit `j`
    /// for byte `blk + j`), the breaks before it, and where the line holding `blk` starts.
    pub blk: usize,
    pub mask: u64,
    pub before: usize,
    pub line_before: usize,
}

impl Triggers {
    /// `:` after a byte of `before_colon` when `colon`, `@` when `at`, a `w` three bytes
    /// before a `.` when `www`, and a `.` before a byte from `0` up (unsigned) when `dot`.
    pub(crate) fn new(colon: bool, at: bool, www: bool, dot: bool, before_colon: AsciiClass) -> Self {
        #[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
        let (kernel, counting) =
            if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
                (
                    Some(avx2::trigger_kernel::<false>(colon, at, www, dot)),
                    Some(avx2::trigger_kernel::<true>(colon, at, www, dot)),
                )
            } else {
                (None, None)
            };
        #[cfg(not(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar))))]
        let (kernel, counting) = (None, None);
        #[cfg(not(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar))))]
        let _ = (colon, at, www, dot);
        Triggers {
            before_colon,
            kernel,
            counting,
        }
    }
}

/// The first block of 64 positions, of those from `at` on (`at`, `at + 64`, …), that holds
/// a trigger: its start and its trigger bits (bit `j` for position `start + j`), or a start
/// at the end and no bits when no trigger is left; `None` when no vector scan runs here (as
/// for [`try_scan`]). A position is a trigger when its byte is a `:` after a byte of the
/// class (not at the start), an `@`, a `w` with a `.` three bytes later (the caller checks
/// the `ww` between), or a `.` before a byte from `0` up (unsigned: the caller checks for a
/// letter, digit or non-ASCII byte), each when asked for. Positions past the end are never set, nor a `w` whose `.` would be past the
/// end, nor a `.` at the end. One pass
/// finds every kind of trigger at once, and the caller keeps the bits: a rejected candidate
/// costs a bit clear, not a new search.
#[inline(always)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) fn try_triggers(s: &[u8], at: usize, t: &Triggers) -> Option<(usize, u64)> {
    let kernel = t.kernel?;
    // SAFETY: `Triggers::new` chose a kernel only for a CPU with the features it enables.
    Some(unsafe { kernel(s, at, at, t, &mut LineTally::default()) })
}

/// [`try_triggers`] from `at` that also counts the line breaks of every block it reads
/// into `tally`, from where it stopped (`tally.upto <= at`: the blocks start there, and
/// their triggers before `at` are dropped): afterwards it has counted up to the end of the
/// block handed over (a block may start before `at`), which it keeps (when no trigger is
/// left, up to where the search stopped).
#[inline(always)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) fn try_triggers_counting(
    s: &[u8],
    at: usize,
    t: &Triggers,
    tally: &mut LineTally,
) -> Option<(usize, u64)> {
    let kernel = t.counting?;
    debug_assert!(tally.upto <= at);
    // SAFETY: as for `try_triggers`.
    Some(unsafe { kernel(s, tally.upto, at, t, tally) })
}

/// Whether `s[start..end]` holds the byte `a`, and whether it holds `b` (a link's openers,
/// asked of nearly every link that ends with a closer). A link of up to 64 bytes, 64 bytes
/// or more into `s`, is read as the four 16-byte blocks before `end`, with no loop whose
/// exit depends on its length; like [`dots_and_odd`], with SSE2 (part of x86-64) where the
/// crate is built for it, else (and for other links) by [`holds_two_scalar`].
#[inline(always)]
pub(crate) fn holds_two(s: &[u8], start: usize, end: usize, a: u8, b: u8) -> (bool, bool) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urlkit_scalar)))]
    if start < end && end - start <= 64 && 64 <= end && end <= s.len() {
        // SAFETY: `sse2::holds_two` only needs SSE2, which this build enables (the `cfg`
        // above), and its bounds were just checked.
        return unsafe { sse2::holds_two(s, start, end, a, b) };
    }
    holds_two_scalar(s, start, end, a, b)
}

/// [`holds_two`] by `contains`: the form for long links and other targets, and the
/// reference the SSE2 form is tested against.
#[inline]
pub(crate) fn holds_two_scalar(s: &[u8], start: usize, end: usize, a: u8, b: u8) -> (bool, bool) {
    let r = s.get(start..end).unwrap_or_default();
    (r.contains(&a), r.contains(&b))
}

/// The dots and the odd bytes (upper-case ASCII, or not ASCII) of 16 bytes, `lo` then `hi`
/// (little-endian): bit `k` of each mask for byte `k`. The domain list checks a short host
/// with it in one step per 16 bytes: no empty label, and lower-case ASCII only.
///
/// Unlike the scans above it is chosen when the crate is built, not at run time: SSE2 is
/// part of x86-64, so it needs no detection (nor `std`). Elsewhere, and with
/// `--cfg urlkit_scalar`, it is [`dots_and_odd_scalar`].
#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urlkit_scalar)))]
#[inline(always)]
pub(crate) fn dots_and_odd(lo: u64, hi: u64) -> (u32, u32) {
    // SAFETY: `sse2::dots_and_odd` only needs SSE2, which this build enables (the `cfg`
    // above; it is part of x86-64).
    unsafe { sse2::dots_and_odd(lo, hi) }
}

/// [`dots_and_odd`] where no vector form is built: [`dots_and_odd_scalar`].
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(urlkit_scalar))))]
#[inline(always)]
pub(crate) fn dots_and_odd(lo: u64, hi: u64) -> (u32, u32) {
    dots_and_odd_scalar(lo, hi)
}

/// [`dots_and_odd`] eight bytes at a time with [`dots_and_odd_word`]: the form on other
/// targets (and with `--cfg urlkit_scalar`), and the reference the SSE2 form is tested
/// against.
#[cfg_attr(
    all(
        target_arch = "x86_64",
        target_feature = "sse2",
        not(urlkit_scalar),
        not(test)
    ),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) fn dots_and_odd_scalar(lo: u64, hi: u64) -> (u32, u32) {
    let word = |w: u64| -> (u32, u32) {
        let (dot, odd) = dots_and_odd_word(w);
        // One bit per byte: the high bits gathered into the top byte by a multiply.
        let gather = |x: u64| (((x >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u32;
        (gather(dot), gather(odd))
    };
    let (dl, ol) = word(lo);
    let (dh, oh) = word(hi);
    (dl | dh << 8, ol | oh << 8)
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// A word's dots and odd bytes (upper-case ASCII or non-ASCII), exactly: in the high bit of
/// their byte, every other bit clear. Plain integer arithmetic, on every target: the domain
/// list's scan of a long host runs on it directly.
#[inline(always)]
pub(crate) fn dots_and_odd_word(w: u64) -> (u64, u64) {
    // Dots: bytes equal to 0x2E, exactly (no borrow between bytes).
    let t = w ^ (ONES * u64::from(b'.'));
    let dot = !(((t & !HIGH) + !HIGH) | t) & HIGH;
    // Non-ASCII, or ASCII from `A` (0x41) to `Z` (0x5A): the sums are over the low seven bits
    // (at most 0x7f + 0x3f), so no carry reaches the next byte and marks it (the SSE2 form
    // and the unit test read the bits one by one).
    let x = w & !HIGH;
    let upper = (x + ONES * 0x3f) & !(x + ONES * 0x25);
    let odd = (w | upper) & HIGH;
    (dot, odd)
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(urlkit_scalar)))]
mod sse2 {
    /// [`super::holds_two`] with SSE2, for `start < end`, `end - start <= 64` and
    /// `64 <= end <= s.len()`.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn holds_two(s: &[u8], start: usize, end: usize, a: u8, b: u8) -> (bool, bool) {
        use core::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        };
        assert!(start < end && end - start <= 64 && 64 <= end && end <= s.len());
        let base = end - 64;
        let (va, vb) = (_mm_set1_epi8(a as i8), _mm_set1_epi8(b as i8));
        let (mut in_a, mut in_b) = (0u64, 0u64);
        for k in 0..4 {
            // SAFETY: `base + 16 k + 16 <= end <= s.len()` (asserted); the load may be
            // unaligned.
            let v = unsafe { _mm_loadu_si128(s.as_ptr().add(base + 16 * k).cast::<__m128i>()) };
            in_a |= u64::from(_mm_movemask_epi8(_mm_cmpeq_epi8(v, va)) as u16) << (16 * k);
            in_b |= u64::from(_mm_movemask_epi8(_mm_cmpeq_epi8(v, vb)) as u16) << (16 * k);
        }
        // The bytes before `start`: `start - base = 64 - (end - start)`, below 64.
        let keep = u64::MAX << (start - base);
        (in_a & keep != 0, in_b & keep != 0)
    }

    /// [`super::dots_and_odd`] with SSE2.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn dots_and_odd(lo: u64, hi: u64) -> (u32, u32) {
        use core::arch::x86_64::{
            _mm_add_epi8, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
            _mm_set_epi64x,
        };
        let v = _mm_set_epi64x(hi as i64, lo as i64);
        let dot = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'.' as i8))) as u32;
        // `A`..=`Z` moved to -128..=-103, the only bytes below -102 after the shift.
        let upper = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(0x3f)), _mm_set1_epi8(-102));
        // Non-ASCII bytes have their high bit set already.
        let odd = _mm_movemask_epi8(_mm_or_si128(v, upper)) as u32;
        (dot, odd)
    }
}

#[cfg(all(feature = "std", target_arch = "x86_64", not(urlkit_scalar)))]
mod avx2 {
    use super::AsciiClass;
    use core::arch::x86_64::{
        __m128i, __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256,
        _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_loadu_si256,
        _mm256_max_epu8, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
        _mm256_set_m128i, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_sub_epi8,
        _mm256_testz_si256, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
    };

    /// `1 << hi` for the high nibbles of ASCII bytes, 0 for the others.
    static HIGH_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

    /// [`super::try_scan`] on a CPU with AVX2, for `s` of at least 16 bytes.
    #[target_feature(enable = "avx2")]
    pub(super) fn scan(s: &[u8], i: usize, class: &AsciiClass) -> usize {
        let len = s.len();
        if i >= len {
            return i;
        }
        // SAFETY: both arrays are 16 bytes; the loads may be unaligned.
        let (rows, high_bits) = unsafe {
            (
                _mm_loadu_si128(class.rows.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(HIGH_BITS.as_ptr().cast::<__m128i>()),
            )
        };
        if len >= 32 {
            let rows = _mm256_broadcastsi128_si256(rows);
            let high_bits = _mm256_broadcastsi128_si256(high_bits);
            return blocks::<32>(len, i, |at| {
                // SAFETY: `blocks` asks only for blocks inside `s` (`at + 32 <= len`).
                let v = unsafe { _mm256_loadu_si256(s.as_ptr().add(at).cast::<__m256i>()) };
                outside32(v, rows, high_bits)
            });
        }
        blocks::<16>(len, i, |at| {
            // SAFETY: `blocks` asks only for blocks inside `s` (`at + 16 <= len`).
            let v = unsafe { _mm_loadu_si128(s.as_ptr().add(at).cast::<__m128i>()) };
            outside16(v, rows, high_bits)
        })
    }

    /// [`super::classify`] on a CPU with AVX2, for `at < s.len()`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn classify<const C: usize, const E: usize>(
        s: &[u8],
        at: usize,
        k: &super::Classifier<C, E>,
    ) -> super::Masks<C, E> {
        // SAFETY: this function enables AVX2.
        unsafe { classify_body(s, at, k) }
    }

    /// [`classify`]'s code, inlined into its caller: where that has AVX2 enabled, its
    /// intrinsics are inlined too (no closures or `array::map`, which would be functions of
    /// their own, compiled without AVX2).
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(super) unsafe fn classify_body<const C: usize, const E: usize>(
        s: &[u8],
        at: usize,
        k: &super::Classifier<C, E>,
    ) -> super::Masks<C, E> {
        let len = s.len();
        assert!(at < len);
        // SAFETY: every array is 16 bytes; the loads may be unaligned.
        let high_bits =
            _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(HIGH_BITS.as_ptr().cast::<__m128i>()) });
        let mut rows = [_mm256_setzero_si256(); C];
        for (r, c) in rows.iter_mut().zip(&k.classes) {
            // SAFETY: as above.
            *r = _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(c.rows.as_ptr().cast::<__m128i>()) });
        }
        let mut needles = [_mm256_setzero_si256(); E];
        for (n, &b) in needles.iter_mut().zip(&k.bytes) {
            *n = _mm256_set1_epi8(b as i8);
        }
        /// The outsiders of each class and the places of each byte in the 32 bytes `v`.
        ///
        /// # Safety
        ///
        /// The CPU must have AVX2.
        #[inline(always)]
        unsafe fn block<const C: usize, const E: usize>(
            v: __m256i,
            rows: &[__m256i; C],
            high_bits: __m256i,
            needles: &[__m256i; E],
        ) -> ([u32; C], [u32; E]) {
            let nibble = _mm256_set1_epi8(0x0F);
            let low = _mm256_and_si256(v, nibble);
            let high = _mm256_shuffle_epi8(high_bits, _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble));
            let mut outside = [0u32; C];
            for c in 0..C {
                let hit = _mm256_and_si256(_mm256_shuffle_epi8(rows[c], low), high);
                outside[c] = _mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())) as u32;
            }
            let mut equal = [0u32; E];
            for e in 0..E {
                equal[e] = _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, needles[e])) as u32;
            }
            (outside, equal)
        }
        // Two blocks of 32 whose bits (`lo` from 0, `hi` from `hi_at`) are those of the
        // bytes from `base`; then the bits from `at`, none past the end: a shift in the last
        // block of a long input (`at > base`), the padding cut off in a short one.
        let (base, hi_at, (lo, hi), keep) = if len >= 64 {
            let base = at.min(len - 64);
            // SAFETY: `base + 64 <= len`: both 32-byte loads are inside `s`.
            let (a, b) = unsafe {
                (
                    _mm256_loadu_si256(s.as_ptr().add(base).cast::<__m256i>()),
                    _mm256_loadu_si256(s.as_ptr().add(base + 32).cast::<__m256i>()),
                )
            };
            // SAFETY: the CPU has AVX2 (this function's contract), all `block` asks.
            let bits = unsafe {
                (
                    block(a, &rows, high_bits, &needles),
                    block(b, &rows, high_bits, &needles),
                )
            };
            (base, 32, bits, u64::MAX)
        } else if len >= 32 {
            // SAFETY: `32 <= len`: the loads at 0 and `len - 32` are inside `s`.
            let (a, b) = unsafe {
                (
                    _mm256_loadu_si256(s.as_ptr().cast::<__m256i>()),
                    _mm256_loadu_si256(s.as_ptr().add(len - 32).cast::<__m256i>()),
                )
            };
            // SAFETY: as above.
            let bits = unsafe {
                (
                    block(a, &rows, high_bits, &needles),
                    block(b, &rows, high_bits, &needles),
                )
            };
            (0, len - 32, bits, u64::MAX)
        } else if len >= 16 {
            // SAFETY: `16 <= len`: the 16-byte loads at 0 and `len - 16` are inside `s`.
            let v = unsafe {
                _mm256_set_m128i(
                    _mm_loadu_si128(s.as_ptr().add(len - 16).cast::<__m128i>()),
                    _mm_loadu_si128(s.as_ptr().cast::<__m128i>()),
                )
            };
            // SAFETY: the CPU has AVX2 (this function's contract), all `block` asks.
            let (outside, equal) = unsafe { block(v, &rows, high_bits, &needles) };
            // The high lane's bits are those of the bytes from `len - 16`.
            let split = |m: u32| (m & 0xFFFF) | (m >> 16) << (len - 16);
            let mut lo = (outside, equal);
            for m in lo.0.iter_mut().chain(lo.1.iter_mut()) {
                *m = split(*m);
            }
            (0, 0, (lo, ([0u32; C], [0u32; E])), u64::MAX)
        } else {
            let mut padded = [0u8; 32];
            padded[..len].copy_from_slice(s);
            // SAFETY: `padded` is 32 bytes.
            let a = unsafe { _mm256_loadu_si256(padded.as_ptr().cast::<__m256i>()) };
            // SAFETY: the CPU has AVX2 (this function's contract), all `block` asks.
            let lo = unsafe { block(a, &rows, high_bits, &needles) };
            (0, 0, (lo, lo), (1u64 << len) - 1)
        };
        let shift = at - base;
        let mut m = super::Masks {
            outside: [0; C],
            equal: [0; E],
        };
        for c in 0..C {
            m.outside[c] = u64::from(lo.0[c]) | u64::from(hi.0[c]) << hi_at;
        }
        for e in 0..E {
            m.equal[e] = u64::from(lo.1[e]) | u64::from(hi.1[e]) << hi_at;
        }
        // Only the last block of a long input, or a short input, has bits to drop.
        if shift != 0 || keep != u64::MAX {
            for c in 0..C {
                m.outside[c] = (m.outside[c] & keep) >> shift;
            }
            for e in 0..E {
                m.equal[e] = (m.equal[e] & keep) >> shift;
            }
        }
        m
    }

    /// [`super::try_window`] on a CPU with AVX2, for `start < end <= s.len()`, `end - start
    /// <= 32` and `s.len() >= 16`.
    #[target_feature(enable = "avx2")]
    pub(super) fn window(
        s: &[u8],
        start: usize,
        end: usize,
        class: &AsciiClass,
        a: u8,
        b: u8,
    ) -> Option<[u32; 3]> {
        let (len, n) = (s.len(), end - start);
        assert!(start < end && end <= len && n <= 32 && len >= 16);
        // SAFETY: both arrays are 16 bytes; the loads may be unaligned.
        let (rows, high_bits) = unsafe {
            (
                _mm_loadu_si128(class.rows.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(HIGH_BITS.as_ptr().cast::<__m128i>()),
            )
        };
        // The load starts at `start`, or earlier when that would read past the end: `at <=
        // start` and `end <= at + width`, so the window's bytes are bits `start - at ..`.
        let (at, masks) = if len >= 32 {
            let at = start.min(len - 32);
            // SAFETY: `at + 32 <= len`: the 32 bytes at `at` are inside `s`.
            let v = unsafe { _mm256_loadu_si256(s.as_ptr().add(at).cast::<__m256i>()) };
            let rows = _mm256_broadcastsi128_si256(rows);
            let high_bits = _mm256_broadcastsi128_si256(high_bits);
            let eq_a = _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(a as i8))) as u32;
            let eq_b = _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8))) as u32;
            (at, [outside32(v, rows, high_bits), eq_a, eq_b])
        } else if n <= 16 {
            let at = start.min(len - 16);
            // SAFETY: `at + 16 <= len`: the 16 bytes at `at` are inside `s`.
            let v = unsafe { _mm_loadu_si128(s.as_ptr().add(at).cast::<__m128i>()) };
            let eq_a = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(a as i8))) as u32;
            let eq_b = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8))) as u32;
            (at, [outside16(v, rows, high_bits), eq_a, eq_b])
        } else {
            return None;
        };
        let keep = u32::MAX >> (32 - n);
        Some(masks.map(|m| m >> (start - at) & keep))
    }

    /// [`super::try_census`] on a CPU with AVX2, for `s` of at least 16 bytes.
    #[target_feature(enable = "avx2")]
    pub(super) fn census(
        s: &[u8],
        class: &AsciiClass,
        once: u8,
        head: &AsciiClass,
        a: u8,
        b: u8,
    ) -> super::Census {
        let len = s.len();
        assert!(len >= 16);
        // SAFETY: the three arrays are 16 bytes; the loads may be unaligned.
        let (rows, head_rows, high_bits) = unsafe {
            (
                _mm_loadu_si128(class.rows.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(head.rows.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(HIGH_BITS.as_ptr().cast::<__m128i>()),
            )
        };
        if len < 32 {
            // Two loads, at 0 and `len - 16`: every position is below 32, so the masks are
            // exact bit sets of the input (a byte read twice sets the same bit).
            let n = _mm_set1_epi8(once as i8);
            let (eq_a, eq_b) = (_mm_set1_epi8(a as i8), _mm_set1_epi8(b as i8));
            let (mut bad, mut onces, mut masks) = (0u32, 0u32, [0u32; 3]);
            for at in [0, len - 16] {
                // SAFETY: `at + 16 <= len`: the 16 bytes at `at` are inside `s`.
                let v = unsafe { _mm_loadu_si128(s.as_ptr().add(at).cast::<__m128i>()) };
                let eq = _mm_movemask_epi8(_mm_cmpeq_epi8(v, n)) as u32;
                bad |= outside16(v, rows, high_bits) << at;
                onces |= eq << at;
                masks[0] |= outside16(v, head_rows, high_bits) << at;
                masks[1] |= (_mm_movemask_epi8(_mm_cmpeq_epi8(v, eq_a)) as u32) << at;
                masks[2] |= (_mm_movemask_epi8(_mm_cmpeq_epi8(v, eq_b)) as u32) << at;
            }
            return super::Census {
                within: bad == 0 && onces & onces.wrapping_sub(1) == 0,
                head: masks,
            };
        }
        let high_bits = _mm256_broadcastsi128_si256(high_bits);
        let (rows, n) = (_mm256_broadcastsi128_si256(rows), _mm256_set1_epi8(once as i8));
        let load = |at: usize| {
            assert!(at + 32 <= len);
            // SAFETY: the 32 bytes at `at` are inside `s` (just checked); unaligned load.
            unsafe { _mm256_loadu_si256(s.as_ptr().add(at).cast::<__m256i>()) }
        };
        let first = load(0);
        let head = [
            outside32(first, _mm256_broadcastsi128_si256(head_rows), high_bits),
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(first, _mm256_set1_epi8(a as i8))) as u32,
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(first, _mm256_set1_epi8(b as i8))) as u32,
        ];
        // `bad`: all ones in the lanes of an outsider; `onces`: in the lanes of a `once`
        // byte. The lanes of two loads are not the same positions, so the
        // `once` bytes are counted after, in the few inputs that have one.
        let (mut bad, mut onces) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        let mut block = |v: __m256i| {
            let eq = _mm256_cmpeq_epi8(v, n);
            bad = _mm256_or_si256(bad, outside32_vec(v, rows, high_bits));
            onces = _mm256_or_si256(onces, eq);
        };
        block(first);
        let end = len - 32;
        // Three loads up to 96 bytes (nine URLs in ten), four up to 128: a branch on the
        // length that goes the same way for most inputs.
        if len <= 96 {
            for at in [32.min(end), end] {
                block(load(at));
            }
        } else if len <= 128 {
            for at in [32, 64, end] {
                block(load(at));
            }
        } else {
            let mut at = 32;
            while at < end {
                block(load(at));
                at += 32;
            }
            block(load(end));
        }
        let within = _mm256_testz_si256(bad, bad) == 1
            && (_mm256_testz_si256(onces, onces) == 1 || at_most_one(s, once));
        super::Census { within, head }
    }

    /// Whether `once` is in `s` (of at least 32 bytes) at most once: the bits of its blocks
    /// of 32, the last one shifted past the bytes already seen.
    #[target_feature(enable = "avx2")]
    fn at_most_one(s: &[u8], once: u8) -> bool {
        let len = s.len();
        let n = _mm256_set1_epi8(once as i8);
        let mut seen = false;
        let mut take = |m: u32| {
            let fine = m == 0 || (!seen && m & (m - 1) == 0);
            seen |= m != 0;
            fine
        };
        let mut at = 0;
        while at + 32 <= len {
            if !take(equal32(s, at, n)) {
                return false;
            }
            at += 32;
        }
        at == len || take(equal32(s, len - 32, n) >> (at - (len - 32)))
    }

    /// Hex digits, the bytes an escape's two digits are.
    static HEX: AsciiClass = AsciiClass::of_bits(
        &{
            let mut t = [0u8; 256];
            let mut c = 0;
            while c < 128 {
                t[c] = (c as u8).is_ascii_hexdigit() as u8;
                c += 1;
            }
            t
        },
        1,
    );

    /// [`super::try_escape_bits`] on a CPU with AVX2, for `s` of at least 34 bytes.
    #[target_feature(enable = "avx2")]
    pub(super) fn escape_bits(s: &[u8], mut at: usize, octets: &AsciiClass) -> (usize, u64) {
        let len = s.len();
        assert!(len >= 34);
        // SAFETY: the three arrays are 16 bytes; the loads may be unaligned.
        let (rows, hex, high_bits) = unsafe {
            (
                _mm256_broadcastsi128_si256(_mm_loadu_si128(octets.rows.as_ptr().cast::<__m128i>())),
                _mm256_broadcastsi128_si256(_mm_loadu_si128(HEX.rows.as_ptr().cast::<__m128i>())),
                _mm256_broadcastsi128_si256(_mm_loadu_si128(HIGH_BITS.as_ptr().cast::<__m128i>())),
            )
        };
        // A hex digit's value: its low nibble, and 9 more for a letter (above `9`); any
        // other byte gives a value the digit test throws away.
        let value = |v: __m256i| {
            let letter = _mm256_and_si256(
                _mm256_cmpgt_epi8(v, _mm256_set1_epi8(b'9' as i8)),
                _mm256_set1_epi8(9),
            );
            _mm256_add_epi8(_mm256_and_si256(v, _mm256_set1_epi8(0x0F)), letter)
        };
        // The escapes at the 32 positions from `p`: the bytes at `p`, `p + 1` and `p + 2`
        // loaded as three vectors, the octet looked up by its two digits' values as an
        // ASCII byte is by its nibbles.
        let escapes = |p: usize| {
            assert!(p + 34 <= len);
            // SAFETY: the 34 bytes at `p` are inside `s` (just checked); unaligned loads.
            let (v0, v1, v2) = unsafe {
                let at = s.as_ptr().add(p);
                (
                    _mm256_loadu_si256(at.cast::<__m256i>()),
                    _mm256_loadu_si256(at.add(1).cast::<__m256i>()),
                    _mm256_loadu_si256(at.add(2).cast::<__m256i>()),
                )
            };
            let percent = _mm256_cmpeq_epi8(v0, _mm256_set1_epi8(b'%' as i8));
            let not_hex = _mm256_or_si256(
                outside32_vec(v1, hex, high_bits),
                outside32_vec(v2, hex, high_bits),
            );
            let hit = _mm256_and_si256(
                _mm256_shuffle_epi8(rows, value(v2)),
                _mm256_shuffle_epi8(high_bits, value(v1)),
            );
            let miss = _mm256_or_si256(not_hex, _mm256_cmpeq_epi8(hit, _mm256_setzero_si256()));
            u64::from(_mm256_movemask_epi8(_mm256_andnot_si256(miss, percent)) as u32)
        };
        // An escape starts at most 2 bytes before the end.
        let end = len - 2;
        while at.saturating_add(64) <= end {
            let bits = escapes(at) | escapes(at + 32) << 32;
            if bits != 0 {
                return (at, bits);
            }
            at += 64;
        }
        if at >= end {
            return (len.max(at), 0);
        }
        // Fewer than 64 positions left: the last 32, and the 32 from `at` when more than 32
        // are left (the two overlap; a position read twice gives the same bit).
        let last = end - 32;
        let bits = if end - at <= 32 {
            escapes(last) >> (at - last)
        } else {
            escapes(at) | escapes(last) << (last - at)
        };
        (if bits == 0 { len } else { at }, bits)
    }

    /// [`super::try_outside_bits`] on a CPU with AVX2, for `s` of at least 32 bytes.
    #[target_feature(enable = "avx2")]
    pub(super) fn outside_bits(s: &[u8], mut at: usize, class: &AsciiClass) -> (usize, u64) {
        let len = s.len();
        assert!(len >= 32);
        // SAFETY: both arrays are 16 bytes; the loads may be unaligned.
        let (rows, high_bits) = unsafe {
            (
                _mm256_broadcastsi128_si256(_mm_loadu_si128(class.rows.as_ptr().cast::<__m128i>())),
                _mm256_broadcastsi128_si256(_mm_loadu_si128(HIGH_BITS.as_ptr().cast::<__m128i>())),
            )
        };
        let outside = |at: usize| {
            assert!(at + 32 <= len);
            // SAFETY: the 32 bytes at `at` are inside `s` (just checked); unaligned load.
            let v = unsafe { _mm256_loadu_si256(s.as_ptr().add(at).cast::<__m256i>()) };
            u64::from(outside32(v, rows, high_bits))
        };
        while at.saturating_add(64) <= len {
            let bits = outside(at) | outside(at + 32) << 32;
            if bits != 0 {
                return (at, bits);
            }
            at += 64;
        }
        if at >= len {
            return (at, 0);
        }
        // Fewer than 64 bytes left: the last 32 bytes, and the 32 from `at` when more than
        // 32 are left (the two loads overlap; a byte read twice gives the same bit).
        let (rest, last) = (len - at, len - 32);
        let bits = if rest <= 32 {
            outside(last) >> (at - last)
        } else {
            outside(at) | outside(last) << (last - at)
        };
        (if bits == 0 { len } else { at }, bits)
    }

    /// Bytes read for the 64 positions of a trigger block: a `www.` at the last one ends 3
    /// bytes later (the byte before the first is read too).
    const TRIGGER_SPAN: usize = 64 + 3;

    /// The loop of [`super::try_triggers`] for these kinds, on a CPU with AVX2.
    pub(super) fn trigger_kernel<const LINES: bool>(
        colon: bool,
        at: bool,
        www: bool,
        dot: bool,
    ) -> super::TriggerKernel {
        if dot {
            return with_dot::<true, LINES>(colon, at, www);
        }
        with_dot::<false, LINES>(colon, at, www)
    }

    fn with_dot<const DOT: bool, const LINES: bool>(
        colon: bool,
        at: bool,
        www: bool,
    ) -> super::TriggerKernel {
        match (colon, at, www) {
            (true, true, true) => trigger_blocks::<true, true, true, DOT, LINES>,
            (true, true, false) => trigger_blocks::<true, true, false, DOT, LINES>,
            (true, false, true) => trigger_blocks::<true, false, true, DOT, LINES>,
            (true, false, false) => trigger_blocks::<true, false, false, DOT, LINES>,
            (false, true, true) => trigger_blocks::<false, true, true, DOT, LINES>,
            (false, true, false) => trigger_blocks::<false, true, false, DOT, LINES>,
            (false, false, true) => trigger_blocks::<false, false, true, DOT, LINES>,
            (false, false, false) => trigger_blocks::<false, false, false, DOT, LINES>,
        }
    }

    /// The trigger loop of one set of kinds (one loop per set, so that the loop tests no
    /// option; the `.` trigger of bare domains has loops of its own, so that the default
    /// kinds pay nothing for it), with or without a count of line breaks (`LINES`).
    #[target_feature(enable = "avx2,popcnt")]
    fn trigger_blocks<
        const COLON: bool,
        const AT: bool,
        const WWW: bool,
        const DOT: bool,
        const LINES: bool,
    >(
        s: &[u8],
        mut at: usize,
        from: usize,
        t: &super::Triggers,
        tally: &mut super::LineTally,
    ) -> (usize, u64) {
        // The line breaks so far, and where the last line starts, in registers; the tally is
        // written once, with the block handed over. The blocks start at `at <= from`, and a
        // trigger before `from` is dropped (the bytes between are read for their line
        // breaks only: the rest of a link, mostly).
        // The line breaks so far, and the last block that had one (or, with no mask, where
        // the line starts), in registers: the tally is written once, with the block handed
        // over. The blocks start at `at <= from`, and a trigger before `from` is dropped
        // (the bytes between are read for their line breaks only: the rest of a link,
        // mostly).
        let mut lines = (tally.breaks, (tally.line_start, 0u64));
        // The bytes before `from` (the rest of a link): their line breaks only, 32 a step,
        // then the blocks from `from` on, as without a count.
        if LINES && at < from {
            let breaks = |k: usize| {
                // SAFETY: callers pass `k + 32 <= from <= s.len()`; the load may be unaligned.
                let v = unsafe { _mm256_loadu_si256(s.as_ptr().add(k).cast::<__m256i>()) };
                _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\n' as i8))) as u32
            };
            let from = from.min(s.len());
            let mut k = at;
            while k + 32 <= from {
                let m = breaks(k);
                lines.0 += m.count_ones() as usize;
                if m != 0 {
                    lines.1 = (k + 32 - m.leading_zeros() as usize, 0);
                }
                k += 32;
            }
            if k < from {
                // The last `from - k` bytes (under 32): the 32 before `from`, shifted down.
                let m = if from >= 32 {
                    breaks(from - 32) >> (32 - (from - k))
                } else {
                    (k..from)
                        .filter(|&j| s[j] == b'\n')
                        .fold(0, |m, j| m | 1 << (j - k))
                };
                lines.0 += m.count_ones() as usize;
                if m != 0 {
                    lines.1 = (k + 32 - m.leading_zeros() as usize, 0);
                }
            }
            at = from;
        }
        let line_start = |(base, nl): (usize, u64)| {
            if nl == 0 {
                base
            } else {
                base + 64 - nl.leading_zeros() as usize
            }
        };
        let mut count = |at: usize, nl: u64| {
            let before = lines;
            if LINES {
                lines.0 += nl.count_ones() as usize;
                if nl != 0 {
                    lines.1 = (at, nl);
                }
            }
            before
        };
        let from_on = |at: usize, bits: u64| {
            if at < from {
                bits & u64::MAX.checked_shl((from - at) as u32).unwrap_or(0)
            } else {
                bits
            }
        };
        let mut kept;
        let found = 'search: {
            if at == 0 {
                let (bits, nl) = edge_block::<COLON, AT, WWW, DOT, LINES>(s, 0, t);
                kept = Some((0, nl, count(0, nl)));
                let bits = from_on(0, bits);
                if bits != 0 || s.len() <= 64 {
                    break 'search (0, bits);
                }
                at = 64;
            }
            // `at <= last` says `at + TRIGGER_SPAN <= s.len()` without an overflow, and `at`
            // is not 0: the block's bounds check folds into the loop's test.
            let last = s.len().saturating_sub(TRIGGER_SPAN);
            while at <= last {
                let (bits, nl) = trigger_block::<COLON, AT, WWW, DOT, LINES>(s, at, t);
                if let Some(bits) = bits.map(|b| from_on(at, b)).filter(|&b| b != 0) {
                    kept = Some((at, nl, count(at, nl)));
                    break 'search (at, bits);
                }
                count(at, nl);
                at += 64;
            }
            if at >= s.len() {
                kept = None;
                break 'search (at, 0);
            }
            let (bits, nl) = edge_block::<COLON, AT, WWW, DOT, LINES>(s, at, t);
            kept = Some((at, nl, count(at, nl)));
            let bits = from_on(at, bits);
            // The last one or two positions, past the 64 of this edge block.
            if bits == 0 && at + 64 < s.len() {
                let (bits, nl) = edge_block::<COLON, AT, WWW, DOT, LINES>(s, at + 64, t);
                kept = Some((at + 64, nl, count(at + 64, nl)));
                break 'search (at + 64, from_on(at + 64, bits));
            }
            (at, bits)
        };
        if LINES {
            // The block handed over is kept; with none, an empty one where the search
            // stopped.
            let (blk, mask, before) = kept.unwrap_or((found.0, 0, lines));
            let upto = if kept.is_some() { blk + 64 } else { blk };
            *tally = super::LineTally {
                upto,
                breaks: lines.0,
                line_start: line_start(lines.1),
                blk,
                mask,
                before: before.0,
                line_before: line_start(before.1),
            };
        }
        found
    }

    /// The trigger bits of the 64 positions from `at` at the start or the end of the input,
    /// and their line breaks (`LINES`): on a zeroed copy (a zero byte is no trigger, `w`,
    /// `.`, scheme byte or line break), so that nothing outside `s` is read or matched.
    #[target_feature(enable = "avx2,popcnt")]
    #[inline(never)]
    fn edge_block<const COLON: bool, const AT: bool, const WWW: bool, const DOT: bool, const LINES: bool>(
        s: &[u8],
        at: usize,
        t: &super::Triggers,
    ) -> (u64, u64) {
        let mut buf = [0u8; 1 + TRIGGER_SPAN];
        if at > 0 {
            buf[0] = s[at - 1];
        }
        let n = s.len().saturating_sub(at).min(TRIGGER_SPAN);
        buf[1..1 + n].copy_from_slice(&s[at..at + n]);
        let (bits, nl) = trigger_block::<COLON, AT, WWW, DOT, LINES>(&buf, 1, t);
        (bits.unwrap_or(0), nl)
    }

    /// The trigger bits of the 64 positions from `at` (with `1 <= at` and
    /// `at + TRIGGER_SPAN <= s.len()`), `None` when there is none (one test for the 64), and
    /// their line breaks when `LINES` (else 0).
    #[target_feature(enable = "avx2,popcnt")]
    #[inline]
    fn trigger_block<
        const COLON: bool,
        const AT: bool,
        const WWW: bool,
        const DOT: bool,
        const LINES: bool,
    >(
        s: &[u8],
        at: usize,
        t: &super::Triggers,
    ) -> (Option<u64>, u64) {
        assert!(at >= 1 && at + TRIGGER_SPAN <= s.len());
        let (colon, at_sign) = (_mm256_set1_epi8(b':' as i8), _mm256_set1_epi8(b'@' as i8));
        let (w, dot) = (_mm256_set1_epi8(b'w' as i8), _mm256_set1_epi8(b'.' as i8));
        // SAFETY: both arrays are 16 bytes; the loads may be unaligned.
        let (rows, high_bits) = unsafe {
            (
                _mm_loadu_si128(t.before_colon.rows.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(HIGH_BITS.as_ptr().cast::<__m128i>()),
            )
        };
        let (rows, high_bits) = (
            _mm256_broadcastsi128_si256(rows),
            _mm256_broadcastsi128_si256(high_bits),
        );
        // SAFETY (of the loads below): `1 <= at <= k` and
        // `k + 3 + 32 <= at + TRIGGER_SPAN <= s.len()` (asserted above), so the 32-byte loads
        // at `k - 1`, `k` and `k + 3` are inside `s`; they may be unaligned.
        let load = |k: usize| unsafe { _mm256_loadu_si256(s.as_ptr().add(k).cast::<__m256i>()) };
        let half = |k: usize| -> (__m256i, __m256i) {
            let v = load(k);
            let mut hit = _mm256_setzero_si256();
            let mut colons = _mm256_setzero_si256();
            if COLON {
                colons = _mm256_cmpeq_epi8(v, colon);
                hit = colons;
            }
            if AT {
                hit = _mm256_or_si256(hit, _mm256_cmpeq_epi8(v, at_sign));
            }
            if WWW {
                let www = _mm256_and_si256(_mm256_cmpeq_epi8(v, w), _mm256_cmpeq_epi8(load(k + 3), dot));
                hit = _mm256_or_si256(hit, www);
            }
            if DOT {
                // The byte after is `0` or above (unsigned, one `max`): digits, letters and
                // non-ASCII bytes, with a few ASCII symbols that the caller drops. Two
                // operations instead of the exact classes' ten, in every block; a space or
                // punctuation after (a sentence's end) is none of these, nor the zeros past
                // an edge block's end.
                let next = load(k + 1);
                let from_zero = _mm256_cmpeq_epi8(_mm256_max_epu8(next, _mm256_set1_epi8(b'0' as i8)), next);
                hit = _mm256_or_si256(hit, _mm256_and_si256(_mm256_cmpeq_epi8(v, dot), from_zero));
            }
            (hit, colons)
        };
        let ((lo, lo_colons), (hi, hi_colons)) = (half(at), half(at + 32));
        let nl = if LINES {
            let breaks =
                |k: usize| _mm256_movemask_epi8(_mm256_cmpeq_epi8(load(k), _mm256_set1_epi8(b'\n' as i8)));
            u64::from(breaks(at) as u32) | u64::from(breaks(at + 32) as u32) << 32
        } else {
            0
        };
        let any = _mm256_or_si256(lo, hi);
        if _mm256_testz_si256(any, any) == 1 {
            return (None, nl);
        }
        // A `:` right after a byte that cannot end a scheme is never a URL's (classified only
        // in the blocks that have a trigger at all).
        let drop = |k: usize, hit: __m256i, colons: __m256i| {
            let outside = outside32_vec(load(k - 1), rows, high_bits);
            _mm256_andnot_si256(_mm256_and_si256(colons, outside), hit)
        };
        let (lo, hi) = if COLON {
            (drop(at, lo, lo_colons), drop(at + 32, hi, hi_colons))
        } else {
            (lo, hi)
        };
        let (lo, hi) = (_mm256_movemask_epi8(lo) as u32, _mm256_movemask_epi8(hi) as u32);
        let bits = u64::from(lo) | u64::from(hi) << 32;
        ((bits != 0).then_some(bits), nl)
    }

    /// [`super::try_scan_back`] on a CPU with AVX2, for `32 <= end <= s.len()`.
    #[target_feature(enable = "avx2")]
    pub(super) fn scan_back(s: &[u8], end: usize, class: &AsciiClass) -> usize {
        assert!((32..=s.len()).contains(&end));
        // SAFETY: the arrays are 16 bytes, and the 32 bytes before `end` are inside `s`
        // (just checked); the loads may be unaligned.
        let (rows, high_bits, v) = unsafe {
            (
                _mm_loadu_si128(class.rows.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(HIGH_BITS.as_ptr().cast::<__m128i>()),
                _mm256_loadu_si256(s.as_ptr().add(end - 32).cast::<__m256i>()),
            )
        };
        let bad = outside32(
            v,
            _mm256_broadcastsi128_si256(rows),
            _mm256_broadcastsi128_si256(high_bits),
        );
        // Bit `j` is byte `end - 32 + j`: the highest outsider is the byte before the run.
        end - bad.leading_zeros() as usize
    }

    /// [`super::try_equal_blocks`] on a CPU with AVX2 and POPCNT, for `s` of at least 32
    /// bytes.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) fn equal_blocks(s: &[u8], at: usize, needle: u8, masks: &mut [u64], before: &mut [u32]) {
        let (len, n) = (s.len(), _mm256_set1_epi8(needle as i8));
        let blocks = masks.len().min(before.len());
        // The whole blocks, then the one cut by the end of `s`, then none.
        let whole = (len.saturating_sub(at) / 64).min(blocks);
        assert!(whole == 0 || at + 64 * whole <= len);
        let mut ones = 0;
        for (k, (m, b)) in masks[..whole].iter_mut().zip(&mut before[..whole]).enumerate() {
            // SAFETY: `at + 64 k + 64 <= at + 64 whole <= len` (checked above): both loads
            // are inside `s`.
            let (v, w) = unsafe {
                let p = s.as_ptr().add(at + 64 * k);
                (
                    _mm256_loadu_si256(p.cast::<__m256i>()),
                    _mm256_loadu_si256(p.add(32).cast::<__m256i>()),
                )
            };
            *m = u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, n)) as u32)
                | u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(w, n)) as u32) << 32;
            *b = ones;
            ones += m.count_ones();
        }
        let lo = at.saturating_add(64 * whole);
        for (k, (m, b)) in masks[whole..blocks]
            .iter_mut()
            .zip(&mut before[whole..blocks])
            .enumerate()
        {
            *m = if k == 0 && lo < len {
                equal_tail(s, lo, n)
            } else {
                0
            };
            *b = ones;
            ones += m.count_ones();
        }
    }

    /// The bytes equal to `n`'s among the last `s.len() - lo` bytes of `s` (1 to 63 of them,
    /// `s` at least 32 bytes long), bit `j` for byte `lo + j`: the 32 bytes that end at
    /// `lo + 64` and the 32 that end at the end of `s`, each moved inside `s` and shifted.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn equal_tail(s: &[u8], lo: usize, n: __m256i) -> u64 {
        let len = s.len();
        assert!(lo < len && len - lo < 64 && len >= 32);
        // The first load starts at `lo` (earlier when that would read past the end), the
        // second ends at the end: `first <= lo`, and together they hold `lo..len`.
        let (first, second) = (lo.min(len - 32), len - 32);
        // SAFETY: `first + 32 <= len` and `second + 32 == len`: both loads are inside `s`.
        let (v, w) = unsafe {
            (
                _mm256_loadu_si256(s.as_ptr().add(first).cast::<__m256i>()),
                _mm256_loadu_si256(s.as_ptr().add(second).cast::<__m256i>()),
            )
        };
        // Byte `second + j` is bit `second - lo + j`, an offset from -31 to 31: one right
        // shift of the second mask placed in the upper half moves it either way.
        let low = u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, n)) as u32) >> (lo - first);
        let high =
            u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(w, n)) as u32) << 32 >> (32 + lo - second);
        (low | high) & (u64::MAX >> (64 - (len - lo)))
    }

    /// [`super::try_host_bits`] on a CPU with AVX2, for `at + 32 <= s.len()`.
    #[target_feature(enable = "avx2")]
    pub(super) fn host_bits(s: &[u8], at: usize) -> super::HostBits {
        assert!(at + 32 <= s.len());
        // SAFETY: `at + 32 <= s.len()` (asserted); the load may be unaligned.
        let v = unsafe { _mm256_loadu_si256(s.as_ptr().add(at).cast::<__m256i>()) };
        // `b - lo <= span` (unsigned): one subtraction, one `min`, one compare.
        let within = |x: __m256i, lo: u8, span: u8| {
            let d = _mm256_sub_epi8(x, _mm256_set1_epi8(lo as i8));
            _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(span as i8)), d)
        };
        let digit = within(v, b'0', 9);
        let letter = within(_mm256_or_si256(v, _mm256_set1_epi8(0x20)), b'a', 25);
        let bits = |m: __m256i| _mm256_movemask_epi8(m) as u32;
        let eq = |b: u8| bits(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8)));
        super::HostBits {
            alnum: bits(_mm256_or_si256(digit, letter)),
            hyphen: eq(b'-'),
            dot: eq(b'.'),
            underscore: eq(b'_'),
            high: bits(v),
        }
    }

    /// [`super::try_count_last`] on a CPU with AVX2 and POPCNT, for `s` of at least 32 bytes.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) fn count_last(s: &[u8], needle: u8) -> (usize, Option<usize>) {
        let len = s.len();
        let n = _mm256_set1_epi8(needle as i8);
        // `end`: one past the last needle so far, 0 for none. No branch depends on where the
        // needles are (a line break every few dozen bytes of prose is a coin toss per block):
        // a block without one contributes 0 to the `max`.
        let (mut count, mut end) = (0, 0);
        let mut i = 0;
        while i + 64 <= len {
            let m = u64::from(equal32(s, i, n)) | u64::from(equal32(s, i + 32, n)) << 32;
            count += m.count_ones() as usize;
            end = end.max((i + 64 - m.leading_zeros() as usize) * usize::from(m != 0));
            i += 64;
        }
        if i + 32 <= len {
            let m = equal32(s, i, n);
            count += m.count_ones() as usize;
            end = end.max((i + 32 - m.leading_zeros() as usize) * usize::from(m != 0));
            i += 32;
        }
        if i < len {
            // The last block overlaps bytes already counted: they are shifted out.
            let base = len - 32;
            let m = equal32(s, base, n) >> (i - base) << (i - base);
            count += m.count_ones() as usize;
            end = end.max((base + 32 - m.leading_zeros() as usize) * usize::from(m != 0));
        }
        (count, end.checked_sub(1))
    }

    /// A bit per byte of the 32 at `at` (with `at + 32 <= s.len()`) equal to `n`'s bytes.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn equal32(s: &[u8], at: usize, n: __m256i) -> u32 {
        assert!(at + 32 <= s.len());
        // SAFETY: the 32 bytes at `at` are inside `s` (just checked); the load may be unaligned.
        let v = unsafe { _mm256_loadu_si256(s.as_ptr().add(at).cast::<__m256i>()) };
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, n)) as u32
    }

    /// The scan over blocks of `W` bytes from `i < len` (with `len >= W`): `outside(at)` is
    /// the bit mask of the bytes outside the class among the `W` at `at`, and is only asked
    /// for `at + W <= len`. The last block overlaps bytes already passed; they are shifted
    /// out of its mask.
    #[inline(always)]
    fn blocks<const W: usize>(len: usize, mut i: usize, outside: impl Fn(usize) -> u32) -> usize {
        debug_assert!(i < len && len >= W);
        while i + W <= len {
            let bad = outside(i);
            if bad != 0 {
                return i + bad.trailing_zeros() as usize;
            }
            i += W;
        }
        if i == len {
            return len;
        }
        let base = len - W;
        let bad = outside(base) >> (i - base);
        if bad != 0 {
            i + bad.trailing_zeros() as usize
        } else {
            len
        }
    }

    /// A bit per byte of `v`, set for the bytes outside the class whose rows are `rows`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn outside32(v: __m256i, rows: __m256i, high_bits: __m256i) -> u32 {
        _mm256_movemask_epi8(outside32_vec(v, rows, high_bits)) as u32
    }

    /// [`outside32`] as a vector: all ones in the bytes outside the class.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn outside32_vec(v: __m256i, rows: __m256i, high_bits: __m256i) -> __m256i {
        let nibble = _mm256_set1_epi8(0x0F);
        let low = _mm256_and_si256(v, nibble);
        let high = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
        let hit = _mm256_and_si256(
            _mm256_shuffle_epi8(rows, low),
            _mm256_shuffle_epi8(high_bits, high),
        );
        _mm256_cmpeq_epi8(hit, _mm256_setzero_si256())
    }

    /// [`outside32`] for 16 bytes.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn outside16(v: __m128i, rows: __m128i, high_bits: __m128i) -> u32 {
        let nibble = _mm_set1_epi8(0x0F);
        let low = _mm_and_si128(v, nibble);
        let high = _mm_and_si128(_mm_srli_epi16::<4>(v), nibble);
        let hit = _mm_and_si128(_mm_shuffle_epi8(rows, low), _mm_shuffle_epi8(high_bits, high));
        _mm_movemask_epi8(_mm_cmpeq_epi8(hit, _mm_setzero_si128())) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    /// `dots_and_odd` bit by bit: a dot bit per `.`, an odd bit per upper-case ASCII or
    /// non-ASCII byte.
    fn dots_and_odd_naive(lo: u64, hi: u64) -> (u32, u32) {
        let (mut dot, mut odd) = (0, 0);
        for (i, b) in lo.to_le_bytes().into_iter().chain(hi.to_le_bytes()).enumerate() {
            dot |= u32::from(b == b'.') << i;
            odd |= u32::from(b.is_ascii_uppercase() || !b.is_ascii()) << i;
        }
        (dot, odd)
    }

    /// The form built here (SSE2 on x86-64, else the words) and the scalar reference, each
    /// against a byte-by-byte reading; Miri checks the intrinsics.
    #[test]
    fn dots_and_odd_match_a_byte_by_byte_reading() {
        // Bytes the forms treat differently: dots, the ends of `A`..=`Z` and their
        // neighbours, lower case, the ends of ASCII, and bytes with the high bit set.
        const EDGES: [u8; 14] = [
            b'.', b'-', b'@', b'A', b'Z', b'[', b'`', b'a', b'z', 0, 0x7f, 0x80, 0xbf, 0xff,
        ];
        let mut next = crate::test_rng::xorshift(0x5eed_1e55);
        let rounds = if cfg!(miri) { 200 } else { 200_000 };
        for round in 0..rounds {
            let (mut lo, mut hi) = (next(), next());
            if round % 2 == 0 {
                // Mostly edge bytes, where a wrong comparison would show.
                let mut bytes = [0u8; 16];
                for b in &mut bytes {
                    *b = EDGES[(next() % EDGES.len() as u64) as usize];
                }
                lo = u64::from_le_bytes(bytes[..8].try_into().unwrap());
                hi = u64::from_le_bytes(bytes[8..].try_into().unwrap());
            }
            let want = dots_and_odd_naive(lo, hi);
            assert_eq!(dots_and_odd_scalar(lo, hi), want, "{lo:#018x} {hi:#018x}");
            assert_eq!(dots_and_odd(lo, hi), want, "{lo:#018x} {hi:#018x}");
        }
    }

    /// A class of `a`-`z` and a sprinkling of punctuation, and its membership test.
    fn sample() -> (AsciiClass, impl Fn(u8) -> bool) {
        let member = |b: u8| b.is_ascii_lowercase() || b"-./:@~".contains(&b);
        let mut table = [0u8; 256];
        for b in 0..=255u8 {
            table[usize::from(b)] = u8::from(member(b)) * 4;
        }
        (AsciiClass::of_bits(&table, 4), member)
    }

    /// [`classify`] bit by bit, from the definitions (not through [`AsciiClass::holds`]).
    fn classify_naive<const C: usize, const E: usize>(
        s: &[u8],
        at: usize,
        members: &[&dyn Fn(u8) -> bool; C],
        bytes: &[u8; E],
    ) -> Masks<C, E> {
        let mut m = Masks {
            outside: [0; C],
            equal: [0; E],
        };
        for (j, &b) in s.iter().enumerate().skip(at).take(64) {
            for (mask, member) in m.outside.iter_mut().zip(members) {
                *mask |= u64::from(!member(b)) << (j - at);
            }
            for (mask, &e) in m.equal.iter_mut().zip(bytes) {
                *mask |= u64::from(b == e) << (j - at);
            }
        }
        m
    }

    #[test]
    fn classify_matches_naive() {
        let (class, member) = sample();
        let digit = |b: u8| b.is_ascii_digit();
        let mut digits = [0u8; 256];
        for b in b'0'..=b'9' {
            digits[usize::from(b)] = 1;
        }
        let k = Classifier {
            classes: [class, AsciiClass::of_value(&digits, 1)],
            bytes: [b'/', b'%', b'.'],
        };
        let members: [&dyn Fn(u8) -> bool; 2] = [&member, &digit];
        let mut next = crate::test_rng::xorshift(0xC1A5_51F1_0000_0001);
        let alphabet = b"az09-./:@~%?#A\\\x80\xff\x00 ";
        for _ in 0..if cfg!(miri) { 10 } else { 3000 } {
            // Every length up to 200 over the rounds: the padded, overlapping and full loads.
            let len = 1 + (next() % 200) as usize;
            let mut v: Vec<u8> = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            let j = (next() % len as u64) as usize;
            v[j] = next() as u8;
            for at in 0..len {
                let want = classify_naive(&v, at, &members, &k.bytes);
                assert_eq!(classify(&v, at, &k), want, "{v:?} {at}");
                assert_eq!(classify_scalar(&v, at, &k), want, "{v:?} {at}");
            }
        }
    }

    #[test]
    fn host_bits_match_naive() {
        let mut next = crate::test_rng::xorshift(0x1234_5678_9ABC_DEF1);
        let alphabet = b"aZz09-._@:/\x80\xff\x7f[`{AM";
        for _ in 0..if cfg!(miri) { 20 } else { 5000 } {
            let len = 32 + (next() % 40) as usize;
            let mut v: Vec<u8> = (0..len).map(|_| alphabet[(next() % 19) as usize]).collect();
            // Every byte value somewhere, over the rounds.
            let j = (next() % len as u64) as usize;
            v[j] = next() as u8;
            for at in 0..=len - 32 {
                if let Some(got) = try_host_bits(&v, at) {
                    assert_eq!(got, host_bits_naive(&v[at..]), "{v:?} {at}");
                }
            }
            assert_eq!(try_host_bits(&v, len - 31), None);
        }
    }

    #[test]
    fn count_last_matches_a_scan() {
        let all: Vec<u8> = (0..300u32)
            .map(|i| if i % 7 == 0 || i % 11 == 3 { b'\n' } else { b'a' })
            .collect();
        for start in 0..40 {
            for end in start..all.len() {
                let s = &all[start..end];
                let want = (
                    s.iter().filter(|&&b| b == b'\n').count(),
                    s.iter().rposition(|&b| b == b'\n'),
                );
                if let Some(got) = try_count_last(s, b'\n') {
                    assert_eq!(got, want, "{start}..{end}");
                }
            }
        }
    }

    fn vectors_here() -> bool {
        let here = try_scan(&[b'a'; 16], 0, &sample().0).is_some();
        #[cfg(feature = "std")]
        if !here {
            std::eprintln!("no vector scan on this CPU or build: only the class rows are tested");
        }
        here
    }

    /// `--cfg urlkit_scalar` really switches the vector scans off.
    #[test]
    #[cfg(urlkit_scalar)]
    fn scalar_switch_disables_vectors() {
        assert!(try_scan(&[b'a'; 64], 0, &sample().0).is_none());
    }

    #[test]
    fn rows_hold_the_class() {
        let (class, member) = sample();
        for b in 0u8..=255 {
            assert_eq!(class.contains(b), member(b), "{b:#x}");
        }
        let mut table = [1u8; 256];
        table[..128].fill(0);
        table[b'%' as usize] = 1;
        let values = AsciiClass::of_value(&table, 0);
        assert!((0u8..=255).all(|b| values.contains(b) == (b < 128 && b != b'%')));
        // Non-ASCII members of a table are left to the caller's scalar scan.
        assert!((0u8..=255).all(|b| AsciiClass::of_value(&[0; 256], 0).contains(b) == (b < 128)));
    }

    /// Every start, stop position and length from 16 to 80 bytes, with the stopping byte
    /// drawn from ASCII outsiders and non-ASCII bytes. Under Miri (about a million times
    /// slower) the lengths around the block sizes only, and two stopping bytes.
    #[test]
    fn scan_matches_naive() {
        if !vectors_here() {
            return;
        }
        let (class, member) = sample();
        let (lengths, stops): (Vec<usize>, &[u8]) = if cfg!(miri) {
            (vec![16, 17, 31, 32, 33, 64, 65], &[b'%', 0x80])
        } else {
            ((16..80).collect(), &[b'%', b' ', 0x80, 0xFF, b'#', b'A'])
        };
        for len in lengths {
            for bad in 0..=len {
                for &stop in stops {
                    let mut v = vec![b'a'; len];
                    if bad < len {
                        v[bad] = stop;
                    }
                    // `next[j]`: the first index at or after `j` outside the class.
                    let mut next = vec![len; len + 2];
                    next[len + 1] = len + 1;
                    for j in (0..len).rev() {
                        next[j] = if member(v[j]) { next[j + 1] } else { j };
                    }
                    for (i, &naive) in next.iter().enumerate() {
                        assert_eq!(try_scan(&v, i, &class), Some(naive), "{len} {bad} {i}");
                    }
                }
            }
        }
    }

    /// Outsider blocks against a byte-by-byte census: every length around the block sizes,
    /// every start, outsiders sprinkled at random.
    #[test]
    fn outside_bits_match_naive() {
        if !vectors_here() {
            assert!(try_outside_bits(&[b'a'; 64], 0, &sample().0).is_none());
            return;
        }
        let (class, member) = sample();
        let mut next = crate::test_rng::xorshift(0x5EED_0B17_2024_0001);
        let lengths: Vec<usize> = if cfg!(miri) {
            vec![32, 33, 63, 64, 65, 97, 130]
        } else {
            (32..200).collect()
        };
        for len in lengths {
            for round in 0..4 {
                let v: Vec<u8> = (0..len)
                    .map(|_| match next() % (8 + 8 * round) {
                        0 => b"%# \x80A"[(next() % 5) as usize],
                        _ => b'a' + (next() % 26) as u8,
                    })
                    .collect();
                for at in 0..=len + 1 {
                    let (start, bits) = try_outside_bits(&v, at, &class).unwrap();
                    let first = (at..len).find(|&j| !member(v[j]));
                    match first {
                        None => assert!(bits == 0 && start >= len, "{len} {at}"),
                        Some(j) => {
                            // The block holding the first outsider, on the grid from `at`.
                            assert_eq!(start, at + (j - at) / 64 * 64, "{len} {at}");
                            for k in 0..64 {
                                let want = start + k < len && !member(v[start + k]);
                                assert_eq!(bits >> k & 1 == 1, want, "{len} {at} {k}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// A random text for the trigger tests, from `alphabet`, and the finder triggers of one
    /// set of kinds (bit 0 `:`, 1 `@`, 2 `www.`, 3 `.`, from `round`), with a byte-by-byte
    /// answer for each position.
    struct TriggerCase {
        v: Vec<u8>,
        t: Triggers,
        kinds: (bool, bool, bool, bool),
    }

    impl TriggerCase {
        fn new(next: &mut impl FnMut() -> u64, round: usize, alphabet: &[u8]) -> Self {
            let len = (next() % 300) as usize;
            let v: Vec<u8> = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            let kinds = (round & 1 != 0, round & 2 != 0, round & 4 != 0, round & 8 != 0);
            let mut table = [0u8; 256];
            table[usize::from(b'a')] = 1;
            table[usize::from(b'w')] = 1;
            let t = Triggers::new(kinds.0, kinds.1, kinds.2, kinds.3, AsciiClass::of_bits(&table, 1));
            TriggerCase { v, t, kinds }
        }

        fn hit(&self, j: usize) -> bool {
            let (v, (colon, at, www, dot)) = (&self.v, self.kinds);
            (colon && v[j] == b':' && j > 0 && b"aw".contains(&v[j - 1]))
                || (at && v[j] == b'@')
                || (www && v[j] == b'w' && v.get(j + 3) == Some(&b'.'))
                || (dot && v[j] == b'.' && v.get(j + 1).is_some_and(|&b| b >= b'0'))
        }
    }

    /// Trigger blocks against a byte-by-byte search, for every set of trigger kinds, on
    /// random text rich in `:`, `@`, `w` and `.`, from every start.
    #[test]
    fn triggers_match_naive() {
        if !vectors_here() {
            return;
        }
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        for round in 0..if cfg!(miri) { 4 } else { 300 } {
            let case = TriggerCase::new(&mut next, round, b":@w.wa\0x.\xc31Z-");
            let (v, len) = (&case.v, case.v.len());
            for from in 0..=len + 1 {
                let Some((blk, bits)) = try_triggers(v, from, &case.t) else {
                    return;
                };
                let first = (from..len).find(|&j| case.hit(j));
                match first {
                    None => assert_eq!(bits, 0, "{v:?} {from}"),
                    Some(j) => {
                        assert_eq!(blk, from + (j - from) / 64 * 64, "{v:?} {from}");
                        for k in 0..64 {
                            let want = blk + k < len && case.hit(blk + k);
                            assert_eq!(bits >> k & 1 == 1, want, "{v:?} {from} {k}");
                        }
                    }
                }
            }
        }
    }

    /// The counting trigger loop against a byte-by-byte search and count: from a tally that
    /// stopped anywhere before the start, the same triggers from the start on, and the line
    /// breaks and the last line start up to the tally's new end, with the block handed over.
    #[test]
    fn counting_triggers_match_naive() {
        if !vectors_here() {
            return;
        }
        let mut next = crate::test_rng::xorshift(0xC0_0717_0000_0001);
        for round in 0..if cfg!(miri) { 4 } else { 160 } {
            let case = TriggerCase::new(&mut next, round, b":@w.wa\n\nx.1Z-");
            let (v, len, t) = (&case.v, case.v.len(), &case.t);
            let hit = |j: usize| case.hit(j);
            let breaks =
                |a: usize, b: usize| v[a.min(len)..b.min(len)].iter().filter(|&&c| c == b'\n').count();
            let line_start = |p: usize| {
                v[..p.min(len)]
                    .iter()
                    .rposition(|&c| c == b'\n')
                    .map_or(0, |i| i + 1)
            };
            for upto in (0..=len).step_by(7) {
                for from in upto..=(upto + 140).min(len) {
                    let mut tally = LineTally {
                        upto,
                        breaks: breaks(0, upto),
                        line_start: line_start(upto),
                        ..LineTally::default()
                    };
                    let (blk, bits) = try_triggers_counting(v, from, t, &mut tally).unwrap();
                    let first = (from..len).find(|&j| hit(j));
                    let got: Vec<usize> = (0..64).filter(|&k| bits >> k & 1 == 1).map(|k| blk + k).collect();
                    match first {
                        None => assert!(got.is_empty(), "{v:?} {upto} {from}"),
                        Some(j) => {
                            let want: Vec<usize> = (j..(blk + 64).min(len)).filter(|&k| hit(k)).collect();
                            assert!(blk <= j && j < blk + 64, "{v:?} {upto} {from} {blk}");
                            assert_eq!(got, want, "{v:?} {upto} {from}");
                        }
                    }
                    // Counted up to its end, the kept block whole.
                    let end = tally.upto;
                    assert!(end == tally.blk || end == tally.blk + 64, "{upto} {from}");
                    assert_eq!(tally.breaks, breaks(0, end), "{v:?} {upto} {from}");
                    assert_eq!(tally.line_start, line_start(end), "{v:?} {upto} {from}");
                    assert_eq!(tally.before, breaks(0, tally.blk), "{v:?} {upto} {from}");
                    assert_eq!(tally.line_before, line_start(tally.blk), "{v:?} {upto} {from}");
                    let mask = (0..64).filter(|&k| tally.blk + k < len && v[tally.blk + k] == b'\n');
                    assert_eq!(tally.mask, mask.fold(0, |m, k| m | 1 << k), "{v:?} {upto} {from}");
                }
            }
        }
    }

    /// Every range of inputs of 0 to 150 bytes, rich in both needles and sparse in them,
    /// against `contains`.
    #[test]
    fn holds_two_matches_contains() {
        let mut next = crate::test_rng::xorshift(0x4010_D500_0000_0001);
        for len in if cfg!(miri) {
            vec![0, 63, 64, 70]
        } else {
            (0..150).collect()
        } {
            let dense: Vec<u8> = (0..len).map(|_| b"ab([xyz"[(next() % 7) as usize]).collect();
            let sparse: Vec<u8> = (0..len)
                .map(|_| {
                    if next().is_multiple_of(40) {
                        b"(["[(next() % 2) as usize]
                    } else {
                        b'a'
                    }
                })
                .collect();
            for s in [&dense, &sparse] {
                for end in 0..=len {
                    for start in 0..=end + 1 {
                        let r = s.get(start..end).unwrap_or_default();
                        let want = (r.contains(&b'('), r.contains(&b'['));
                        assert_eq!(holds_two(s, start, end, b'(', b'['), want, "{s:?} {start} {end}");
                    }
                }
            }
        }
    }

    /// Every start of blocks over inputs of 0 to 200 bytes, against byte-by-byte masks.
    #[test]
    fn equal_blocks_matches_naive() {
        let mut next = crate::test_rng::xorshift(0xB10C_5000_0000_0001);
        let vectors = vectors_here();
        for len in if cfg!(miri) {
            vec![0, 33, 64, 130]
        } else {
            (0..200).collect()
        } {
            let v: Vec<u8> = (0..len).map(|_| b"ab\n"[(next() % 3) as usize]).collect();
            for at in 0..=len + 1 {
                let want: Vec<u64> = (0..4)
                    .map(|k| {
                        (at + 64 * k..at + 64 * k + 64)
                            .filter(|&j| j < len && v[j] == b'\n')
                            .fold(0u64, |m, j| m | 1 << (j - at - 64 * k))
                    })
                    .collect();
                let counts: Vec<u32> = (0..4)
                    .map(|k| want[..k].iter().map(|m| m.count_ones()).sum())
                    .collect();
                let (mut got, mut before) = ([u64::MAX; 4], [u32::MAX; 4]);
                equal_blocks_scalar(&v, at, b'\n', &mut got, &mut before);
                assert_eq!((&got[..], &before[..]), (&want[..], &counts[..]), "{len} {at}");
                let (mut got, mut before) = ([u64::MAX; 4], [u32::MAX; 4]);
                match try_equal_blocks(&v, at, b'\n', &mut got, &mut before) {
                    Some(()) => assert_eq!((&got[..], &before[..]), (&want[..], &counts[..]), "{len} {at}"),
                    None => assert!(!vectors || len < 32),
                }
            }
        }
    }

    /// Every window of 1 to 32 bytes (and a few that do not fit) of inputs of 16 to 80
    /// bytes, against byte-by-byte masks.
    #[test]
    fn window_matches_naive() {
        if !vectors_here() {
            assert!(try_window(&[b'a'; 64], 0, 8, &sample().0, b'.', b'-').is_none());
            return;
        }
        let (class, member) = sample();
        let mut next = crate::test_rng::xorshift(0x51_7CC1_B727_220A);
        for len in if cfg!(miri) {
            vec![16, 31, 32, 40]
        } else {
            (0..80).collect()
        } {
            let v: Vec<u8> = (0..len).map(|_| b"ab.-%A\x80"[(next() % 7) as usize]).collect();
            for start in 0..=len + 1 {
                for end in start..=len + 1 {
                    let got = try_window(&v, start, end, &class, b'.', b'-');
                    let fits = start < end
                        && end <= len
                        && len >= 16
                        && end - start <= if len >= 32 { 32 } else { 16 };
                    if !fits {
                        assert_eq!(got, None, "{v:?} {start} {end}");
                        continue;
                    }
                    let mask = |f: &dyn Fn(u8) -> bool| {
                        (start..end)
                            .filter(|&j| f(v[j]))
                            .fold(0u32, |m, j| m | 1 << (j - start))
                    };
                    let want = [mask(&|c| !member(c)), mask(&|c| c == b'.'), mask(&|c| c == b'-')];
                    assert_eq!(got, Some(want), "{v:?} {start} {end}");
                }
            }
        }
    }

    /// Inputs of 0 to 300 bytes with a few outsiders, `#`s, `.`s and `-`s at random places,
    /// against a byte-by-byte count and byte-by-byte masks of the first 32 bytes.
    #[test]
    fn census_matches_naive() {
        // The sample class and `#`, the byte allowed once.
        let member = |b: u8| sample().1(b) || b == b'#';
        let class = {
            let mut table = [0u8; 256];
            for b in 0..=255u8 {
                table[usize::from(b)] = u8::from(member(b));
            }
            AsciiClass::of_bits(&table, 1)
        };
        let (head, in_head) = {
            let in_head = |b: u8| b.is_ascii_lowercase() || b == b'.';
            let mut table = [0u8; 256];
            for b in 0..=255u8 {
                table[usize::from(b)] = u8::from(in_head(b));
            }
            (AsciiClass::of_bits(&table, 1), in_head)
        };
        if !vectors_here() {
            assert!(try_census(&[b'a'; 64], &class, b'#', &head, b'.', b'-').is_none());
            return;
        }
        let mut next = crate::test_rng::xorshift(0x2F0B_3A49_5C6D_7E81);
        for round in 0..if cfg!(miri) { 300 } else { 30_000 } {
            let len = (next() % if round % 4 == 0 { 300 } else { 140 }) as usize;
            let mut v: Vec<u8> = (0..len).map(|_| b'a' + (next() % 26) as u8).collect();
            for _ in 0..next() % 5 {
                if len > 0 {
                    let at = (next() % len as u64) as usize;
                    v[at] = b"##%A\x80 .-:"[(next() % 9) as usize];
                }
            }
            let outsiders = v.iter().filter(|&&c| !member(c) && c != b'#').count();
            let hashes = v.iter().filter(|&&c| c == b'#').count();
            let mask = |f: &dyn Fn(u8) -> bool| {
                (0..len.min(32))
                    .filter(|&j| f(v[j]))
                    .fold(0u32, |m, j| m | 1 << j)
            };
            let want = (len >= 16).then(|| Census {
                within: outsiders == 0 && hashes <= 1,
                head: [mask(&|c| !in_head(c)), mask(&|c| c == b'.'), mask(&|c| c == b'-')],
            });
            assert_eq!(try_census(&v, &class, b'#', &head, b'.', b'-'), want, "{v:?}");
        }
    }

    /// Inputs of 0 to 200 bytes of `%`, hex digits of both cases and other bytes, every
    /// start, against a byte-by-byte reading of the escapes.
    #[test]
    fn escape_bits_match_naive() {
        // Octets 0x00-0x1f, `%`, `.`, `/`, `\` and DEL.
        let wanted = |o: u8| o < 0x20 || b"%./\\\x7f".contains(&o);
        let mut table = [0u8; 256];
        for o in 0..=255u8 {
            table[usize::from(o)] = u8::from(wanted(o));
        }
        let octets = AsciiClass::of_bits(&table, 1);
        if !vectors_here() {
            assert!(try_escape_bits(&[b'%'; 64], 0, &octets).is_none());
            return;
        }
        let hex = |c: u8| char::from(c).to_digit(16);
        let mut next = crate::test_rng::xorshift(0x6A09_E667_F3BC_C908);
        for round in 0..if cfg!(miri) { 100 } else { 3_000 } {
            let len = (next() % if round % 4 == 0 { 200 } else { 100 }) as usize;
            let v: Vec<u8> = (0..len)
                .map(|_| b"%%%0123456789abcdefABCDEF2e5C7fgz\x80/."[(next() % 36) as usize])
                .collect();
            let escape = |j: usize| {
                v[j] == b'%'
                    && j + 2 < len
                    && matches!((hex(v[j + 1]), hex(v[j + 2])), (Some(h), Some(l)) if wanted((h * 16 + l) as u8))
            };
            for at in 0..=len + 1 {
                let Some((start, bits)) = try_escape_bits(&v, at, &octets) else {
                    assert!(len < 34, "{v:?}");
                    break;
                };
                let first = (at..len).find(|&j| escape(j));
                match first {
                    None => assert_eq!((bits, start >= len), (0, true), "{v:?} {at}"),
                    Some(j) => {
                        assert!(start <= j && j < start + 64, "{v:?} {at} {start}");
                        let want = (start..(start + 64).min(len))
                            .filter(|&k| k >= at && escape(k))
                            .fold(0u64, |m, k| m | 1 << (k - start));
                        assert_eq!(bits, want, "{v:?} {at} {start}");
                    }
                }
            }
        }
    }

    /// Random bytes at random starts, against a byte-by-byte scan.
    #[test]
    fn random_inputs() {
        if !vectors_here() {
            return;
        }
        let (class, member) = sample();
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..if cfg!(miri) { 200 } else { 20_000 } {
            let len = 16 + (next() % 100) as usize;
            let sparse = 1 + next() % 40;
            let v: Vec<u8> = (0..len)
                .map(|_| {
                    let r = next();
                    if r.is_multiple_of(sparse) {
                        (r >> 8) as u8
                    } else {
                        b'a' + (r >> 8) as u8 % 26
                    }
                })
                .collect();
            let i = (next() % (len as u64 + 2)) as usize;
            let naive = (i..len).find(|&j| !member(v[j])).unwrap_or(len.max(i));
            assert_eq!(try_scan(&v, i, &class), Some(naive), "{v:?} {i}");
        }
    }
}
