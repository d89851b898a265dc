//! Running an operation on all cores: the input's chunks cut into pieces (zero-copy slices),
//! the pieces handed out to scoped threads one at a time, each chunk's results joined again.

use super::kernels::{Layout, Op};
use arrow_array::builder::GenericStringBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, GenericStringArray, OffsetSizeTrait};
use arrow_buffer::{NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::sync::{Mutex, OnceLock};

/// Fewer rows than this are not worth a thread of their own.
const MIN_PIECE: usize = 4096;

/// The number of threads: `URLKIT_THREADS` when set to a positive number, else the cores
/// the process may use.
pub(crate) fn threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| {
        std::env::var("URLKIT_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
            .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
            .unwrap_or(1)
    })
}

/// Runs `op` over every chunk, returning one result chunk per input chunk. Pieces go to the
/// threads through a shared counter, so a slow piece (long URLs, lint findings) does not
/// hold the others up. A string result comes in the chunk's own string layout when `same_layout`
/// (the kernels write `Utf8View`, or `LargeUtf8` for a `Utf8` or `LargeUtf8` chunk where
/// they can: [`Layout::Offsets`]).
pub(crate) fn run(op: &Op, chunks: &[ArrayRef], same_layout: bool) -> Result<Vec<ArrayRef>, ArrowError> {
    let total: usize = chunks.iter().map(|c| c.len()).sum();
    let threads = threads().min(total / MIN_PIECE).max(1);
    // About four pieces a thread: balance without many joins.
    let piece = total.div_ceil(threads * 4).max(MIN_PIECE);
    let pieces: Vec<(usize, ArrayRef)> = chunks
        .iter()
        .enumerate()
        .flat_map(|(c, chunk)| {
            let len = chunk.len();
            (0..len.div_ceil(piece).max(1)).map(move |k| {
                let start = k * piece;
                (c, chunk.slice(start, piece.min(len - start)))
            })
        })
        .collect();
    let results: Vec<Mutex<Option<Result<ArrayRef, ArrowError>>>> =
        pieces.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let work = || loop {
        let k = next.fetch_add(1, Ordering::Relaxed);
        let Some((c, piece)) = pieces.get(k) else { break };
        let layout = match chunks[*c].data_type() {
            DataType::Utf8 | DataType::LargeUtf8 if same_layout => Layout::Offsets,
            _ => Layout::Views,
        };
        let out = op.run(piece.as_ref(), layout);
        if let Ok(mut slot) = results[k].lock() {
            *slot = Some(out);
        }
    };
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 1..threads {
                s.spawn(work);
            }
            work();
        });
    }
    // One result chunk per input chunk: its pieces joined (a single piece as it is).
    let mut out: Vec<Vec<ArrayRef>> = vec![Vec::new(); chunks.len()];
    for ((c, _), slot) in pieces.iter().zip(results) {
        let result = slot
            .into_inner()
            .ok()
            .flatten()
            .unwrap_or_else(|| Err(ArrowError::ComputeError("a batch thread stopped".into())))?;
        out[*c].push(result);
    }
    out.into_iter()
        .zip(chunks)
        .map(|(parts, chunk)| match chunk.data_type() {
            DataType::Utf8 if same_layout => join_strings::<i32>(&parts),
            DataType::LargeUtf8 if same_layout => join_strings::<i64>(&parts),
            _ => join(&parts),
        })
        .collect()
}

/// The pieces of one chunk as one array (a single piece as it is).
fn join(parts: &[ArrayRef]) -> Result<ArrayRef, ArrowError> {
    match parts {
        [one] => Ok(one.clone()),
        _ => arrow_select::concat::concat(&parts.iter().map(|a| a.as_ref()).collect::<Vec<_>>()),
    }
}

/// The `Utf8View` pieces of one chunk as one `Utf8` or `LargeUtf8` array, the strings copied
/// once (no joined views first, no second pass in Python). Other results, and text too long
/// for 32-bit offsets, are joined as they are.
fn join_strings<O: OffsetSizeTrait>(parts: &[ArrayRef]) -> Result<ArrayRef, ArrowError> {
    if parts.iter().all(|p| p.data_type() == &DataType::LargeUtf8) {
        return join_offsets::<O>(parts);
    }
    if parts.iter().any(|p| p.data_type() != &DataType::Utf8View) {
        return join(parts);
    }
    let views = parts.iter().map(|p| p.as_string_view());
    // A view's low 32 bits are its string's length.
    let bytes: usize = views
        .clone()
        .flat_map(|v| v.views().iter())
        .map(|&v| v as u32 as usize)
        .sum();
    if O::from_usize(bytes).is_none() {
        return join(parts);
    }
    let rows = parts.iter().map(|p| p.len()).sum();
    let mut out = GenericStringBuilder::<O>::with_capacity(rows, bytes);
    for view in views {
        out.extend(view.iter());
    }
    Ok(Arc::new(out.finish()))
}

/// The `LargeUtf8` pieces of one chunk ([`Layout::Offsets`]) as one `Utf8` or `LargeUtf8`
/// array: the values buffers copied one after the other, each piece's offsets moved by
/// the bytes before it. Text too long for 32-bit offsets stays `LargeUtf8`.
fn join_offsets<O: OffsetSizeTrait>(parts: &[ArrayRef]) -> Result<ArrayRef, ArrowError> {
    let parts: Vec<_> = parts.iter().map(|p| p.as_string::<i64>()).collect();
    let span = |p: &GenericStringArray<i64>| {
        let o = p.value_offsets();
        (o[0] as usize, o[o.len() - 1] as usize)
    };
    let bytes: usize = parts.iter().map(|p| span(p).1 - span(p).0).sum();
    if O::from_usize(bytes).is_none() {
        let parts: Vec<ArrayRef> = parts
            .iter()
            .map(|p| std::sync::Arc::new((*p).clone()) as ArrayRef)
            .collect();
        return join(&parts);
    }
    let rows: usize = parts.iter().map(|p| p.len()).sum();
    let mut offsets: Vec<O> = Vec::with_capacity(rows + 1);
    offsets.push(O::usize_as(0));
    let mut values: Vec<u8> = Vec::with_capacity(bytes);
    let mut nulls = NullBufferBuilder::new(rows);
    for p in parts {
        let (first, last) = span(p);
        // Each offset is at most `bytes`, which fits `O`.
        let moved = values.len() - first;
        offsets.extend(
            p.value_offsets()[1..]
                .iter()
                .map(|&o| O::usize_as(moved + o as usize)),
        );
        values.extend_from_slice(&p.value_data()[first..last]);
        match p.nulls() {
            Some(n) => nulls.append_buffer(n),
            None => nulls.append_n_non_nulls(p.len()),
        }
    }
    let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
    Ok(std::sync::Arc::new(GenericStringArray::<O>::try_new(
        offsets,
        values.into(),
        nulls.finish(),
    )?))
}
