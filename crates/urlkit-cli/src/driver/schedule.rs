//! Order: the run over a batch on one thread ([`run_on`]) or on several
//! ([`run_threaded`]: a reader cutting work units, workers answering them, a writer putting
//! the answers back in input order), in bounded memory.

use super::batch::Batch;
use super::read::{read_all, Event, Raw, Source};
use super::report::{Closed, Output, RunError, Tally};
use super::sink::{Sink, IO_BUFFER};
use super::worker::{Chunk, Worker};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// [`super::run`] writing to `output`; `unreadable` hears of each source that could not be read
/// (the run goes on with the next).
pub(super) fn run_on<W, M, H>(
    batch: Batch,
    output: W,
    make: M,
    unreadable: &mut dyn FnMut(&str, io::Error),
) -> Result<Closed, RunError>
where
    W: Write + Send,
    M: Fn() -> H + Sync,
    H: FnMut(&str, &mut Sink) -> bool,
{
    let streams = batch.sources.iter().any(|s| !matches!(s, Source::Arg(_)));
    if batch.threads > 1 && streams {
        return run_threaded(batch, output, make, unreadable);
    }
    let mut worker = Worker::new(make(), &batch);
    let started = std::time::Instant::now();
    let mut out = Output::new(output, &batch);
    let mut spare = Vec::with_capacity(IO_BUFFER + 4096);
    // Writes the answers so far, keeping the buffer for the next ones.
    let mut write = |worker: &mut Worker<'_, H>, out: &mut Output<W>| {
        let mut chunk = worker.take_into(std::mem::take(&mut spare));
        let written = out.write(&chunk);
        chunk.out.clear();
        spare = chunk.out;
        written
    };
    read_all(
        &batch.sources,
        batch.hygiene.max_length,
        unreadable,
        &mut |event| {
            match event {
                Event::Source(source) => {
                    write(&mut worker, &mut out)?;
                    worker.source = source;
                }
                Event::Arg(raw) => worker.raw(raw, false),
                Event::Line(raw) => worker.raw(raw, true),
                Event::Lines(block) => worker.lines(block),
                // Nothing may wait in our buffers while reading waits for input (`tail -f`).
                Event::Waiting => {
                    write(&mut worker, &mut out)?;
                    out.flush()?;
                }
            }
            if worker.due() || batch.line_buffered {
                write(&mut worker, &mut out)?;
            }
            Ok(())
        },
    )?;
    write(&mut worker, &mut out)?;
    out.close(started)
}

/// What one stretch of a work unit's bytes holds.
#[derive(Debug, Clone, Copy)]
enum Seg {
    /// Whole lines (see [`super::read::Block::Lines`]).
    Lines,
    /// One input: `line` (a line of a stream, else an argument), `too_long` (only the
    /// start of an overlong line or argument).
    One { line: bool, too_long: bool },
}

/// Inputs handed to a worker thread: their bytes and what each stretch holds.
struct Work {
    data: Vec<u8>,
    /// Where each stretch ends in `data`, and what it holds.
    segs: Vec<(usize, Seg)>,
    /// The source of the inputs (see [`Chunk::source`]).
    source: Option<usize>,
    /// Flush once the answers are written.
    flush: bool,
}

/// Stretches per work unit (one per argument; lines come in blocks of up to the read
/// buffer).
const WORK_ITEMS: usize = 4096;

/// Bytes of input per work unit (a unit is handed over when either limit is reached).
const WORK_BYTES: usize = 4 * IO_BUFFER;

/// Buffers handed back for reuse, so that a long run does not allocate (and fault in)
/// fresh work units and output buffers all the time.
struct Pool<T>(std::sync::Mutex<Vec<T>>);

impl<T> Pool<T> {
    fn new() -> Self {
        Pool(std::sync::Mutex::new(Vec::new()))
    }

    /// A buffer from the pool, else a new one from `make`.
    fn get(&self, make: impl FnOnce() -> T) -> T {
        self.0
            .lock()
            .ok()
            .and_then(|mut pool| pool.pop())
            .unwrap_or_else(make)
    }

    /// Returns a buffer (already emptied) to the pool.
    fn put(&self, item: T) {
        if let Ok(mut pool) = self.0.lock() {
            if pool.len() < 16 {
                pool.push(item);
            }
        }
    }
}

impl Work {
    /// An empty work unit with room for a full one.
    fn new() -> Self {
        Work {
            data: Vec::with_capacity(WORK_BYTES + IO_BUFFER),
            segs: Vec::with_capacity(64),
            source: None,
            flush: false,
        }
    }

    /// Adds a stretch of `bytes` holding `seg`.
    fn push(&mut self, bytes: &[u8], seg: Seg) {
        self.data.extend_from_slice(bytes);
        self.segs.push((self.data.len(), seg));
    }

    /// Adds one input (`line`: a line of a stream, else an argument).
    fn push_one(&mut self, raw: Raw<'_>, line: bool) {
        match raw {
            Raw::Line(bytes) => self.push(
                bytes,
                Seg::One {
                    line,
                    too_long: false,
                },
            ),
            Raw::TooLong(bytes) => self.push(bytes, Seg::One { line, too_long: true }),
        }
    }

    /// Whether the unit should be handed over.
    fn full(&self) -> bool {
        self.data.len() >= WORK_BYTES || self.segs.len() >= WORK_ITEMS
    }

    /// Answers every input of the unit with `worker`.
    fn answer<H>(&self, worker: &mut Worker<'_, H>)
    where
        H: FnMut(&str, &mut Sink) -> bool,
    {
        worker.source = self.source;
        let mut start = 0;
        for &(end, seg) in &self.segs {
            let bytes = &self.data[start..end];
            match seg {
                Seg::Lines => worker.lines(bytes),
                Seg::One { line, too_long } => worker.raw(
                    if too_long {
                        Raw::TooLong(bytes)
                    } else {
                        Raw::Line(bytes)
                    },
                    line,
                ),
            }
            start = end;
        }
    }
}

/// [`run_on`] with `batch.threads` workers: the calling thread reads and cuts the input
/// into work units (whole blocks of lines, so that it does nothing per line), the workers
/// answer them, a writer thread writes the answers in input order. Channels are bounded,
/// so memory is too.
fn run_threaded<W, M, H>(
    batch: Batch,
    output: W,
    make: M,
    unreadable: &mut dyn FnMut(&str, io::Error),
) -> Result<Closed, RunError>
where
    W: Write + Send,
    M: Fn() -> H + Sync,
    H: FnMut(&str, &mut Sink) -> bool,
{
    let threads = batch.threads;
    let (work_tx, work_rx) = sync_channel::<(u64, Work)>(threads * 2);
    // The workers share the receiving end and the last one to stop drops it, so that the
    // reader's next send fails instead of waiting for ever once the writer has stopped (a
    // closed pipe, a full disk) and the workers with it.
    let work_rx = Arc::new(Mutex::new(work_rx));
    let (done_tx, done_rx) = sync_channel::<(u64, Chunk)>(threads * 2);
    let (works, outs) = (Pool::new(), Pool::new());
    // Set by the writer when it stops early: the reader stops reading.
    let stopped = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (work_rx, done_tx, make, batch) = (Arc::clone(&work_rx), done_tx.clone(), &make, &batch);
            let (works, outs) = (&works, &outs);
            scope.spawn(move || answer_units(make, batch, work_rx, done_tx, works, outs));
        }
        drop((done_tx, work_rx));
        let started = Instant::now();
        let (batch, outs, stopped) = (&batch, &outs, &stopped);
        let writer = scope.spawn(move || write_in_order(output, batch, done_rx, outs, stopped, started));
        send_units(batch, unreadable, work_tx, &works, stopped);
        writer.join().unwrap_or_else(|_| {
            Err(RunError::new(
                Tally::default(),
                "error writing standard output",
                io::Error::other("writer panicked"),
            ))
        })
    })
}

/// A worker thread of [`run_threaded`]: answers the work units it takes from `work_rx`
/// until the reader is done or the writer has stopped, handing the buffers back for reuse.
fn answer_units<M, H>(
    make: &M,
    batch: &Batch,
    work_rx: Arc<Mutex<Receiver<(u64, Work)>>>,
    done_tx: SyncSender<(u64, Chunk)>,
    works: &Pool<Work>,
    outs: &Pool<Vec<u8>>,
) where
    M: Fn() -> H,
    H: FnMut(&str, &mut Sink) -> bool,
{
    let mut worker = Worker::new(make(), batch);
    loop {
        let next = work_rx
            .lock()
            .map_err(drop)
            .and_then(|rx| rx.recv().map_err(drop));
        let Ok((seq, mut work)) = next else { break };
        work.answer(&mut worker);
        let mut chunk = worker.take_into(outs.get(|| Vec::with_capacity(WORK_BYTES + IO_BUFFER)));
        chunk.flush = work.flush;
        work.data.clear();
        work.segs.clear();
        works.put(work);
        if done_tx.send((seq, chunk)).is_err() {
            break;
        }
    }
}

/// The writer thread of [`run_threaded`]: writes the chunks in input order (by sequence
/// number). A failed write sets `stopped` and returns, dropping the receiver so that the
/// workers' sends fail.
fn write_in_order<W: Write>(
    output: W,
    batch: &Batch,
    done_rx: Receiver<(u64, Chunk)>,
    outs: &Pool<Vec<u8>>,
    stopped: &AtomicBool,
    started: Instant,
) -> Result<Closed, RunError> {
    let mut out = Output::new(output, batch);
    let mut pending = BTreeMap::new();
    let mut next = 0u64;
    let write = || -> Result<(), RunError> {
        for (seq, chunk) in done_rx {
            pending.insert(seq, chunk);
            while let Some(mut chunk) = pending.remove(&next) {
                out.write(&chunk)?;
                chunk.out.clear();
                outs.put(chunk.out);
                next += 1;
            }
        }
        Ok(())
    };
    if let Err(e) = write() {
        stopped.store(true, Ordering::Relaxed);
        return Err(e);
    }
    out.close(started)
}

/// The reading half of [`run_threaded`]: reads the sources and sends their inputs in work
/// units, numbered in order, until the end or until the writer has `stopped`; dropping
/// `work_tx` at the end tells the workers there is no more.
fn send_units(
    batch: &Batch,
    unreadable: &mut dyn FnMut(&str, io::Error),
    work_tx: SyncSender<(u64, Work)>,
    works: &Pool<Work>,
    stopped: &AtomicBool,
) {
    let mut work = Work::new();
    let mut seq = 0u64;
    let mut send = |work: &mut Work, flush: bool| -> Result<(), ()> {
        let source = work.source;
        let mut unit = std::mem::replace(work, works.get(Work::new));
        work.source = source;
        unit.flush = flush;
        work_tx.send((seq, unit)).map_err(drop)?;
        seq += 1;
        Ok(())
    };
    let mut sent_unflushed = false;
    let _ = read_all(
        &batch.sources,
        batch.hygiene.max_length,
        unreadable,
        &mut |event| -> Result<(), ()> {
            if stopped.load(Ordering::Relaxed) {
                return Err(());
            }
            match event {
                Event::Source(source) => {
                    if !work.segs.is_empty() {
                        send(&mut work, false)?;
                        sent_unflushed = true;
                    }
                    work.source = source;
                    return Ok(());
                }
                Event::Arg(raw) => work.push_one(raw, false),
                Event::Line(raw) => work.push_one(raw, true),
                Event::Lines(block) => work.push(block, Seg::Lines),
                // Hand over what was read and have it flushed before input waits.
                Event::Waiting => {
                    if !work.segs.is_empty() || sent_unflushed {
                        send(&mut work, true)?;
                        sent_unflushed = false;
                    }
                    return Ok(());
                }
            }
            if work.full() || batch.line_buffered {
                send(&mut work, batch.line_buffered)?;
                sent_unflushed = !batch.line_buffered;
            }
            Ok(())
        },
    );
    if !work.segs.is_empty() {
        let _ = send(&mut work, false);
    }
}
