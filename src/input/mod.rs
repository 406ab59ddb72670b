//! Finding inputs: files, directories, zip and tar archives, standard input.
//!
//! [`inputs`] returns a lazy iterator: directories are listed when reached, archives are
//! opened when reached and their entries yielded one at a time in archive order, so
//! memory stays bounded by one entry (plus a small read-ahead for tar streams). Plain
//! files are yielded as [`Item::File`] and read later, in parallel, by [`Item::load`].
//!
//! Order is deterministic: top-level paths as given; inside a directory, byte-wise order
//! of the full path string (a directory sorts as `name/`, which makes a depth-first walk
//! equal to sorting all paths); inside an archive, the archive's own order.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufReader, Cursor, Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

/// Size limits that keep a hostile or broken input from exhausting memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest plain SGF file read from disk or stdin, in bytes.
    pub max_file_bytes: u64,
    /// Largest archive entry read into memory (SGF or nested archive), in bytes.
    pub max_entry_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_bytes: 64 << 20,
            max_entry_bytes: 16 << 20,
        }
    }
}

/// One input found by [`inputs`].
#[derive(Debug)]
pub enum Item {
    /// A plain SGF file on disk, read later by [`Item::load`].
    File {
        /// The path as given or joined, e.g. `samples/x/a.sgf`.
        name: String,
        /// Where to read it.
        path: PathBuf,
    },
    /// An archive entry or standard input, already in memory.
    Bytes {
        /// `archive.zip!dir/g.sgf`, or `-` for stdin.
        name: String,
        /// The raw bytes.
        bytes: Vec<u8>,
    },
    /// An unreadable file or entry, an over-limit entry, or a corrupt archive.
    Error {
        /// The file, entry or archive concerned.
        name: String,
        /// What went wrong.
        error: InputError,
    },
    /// Not an SGF file (by extension), or an entry that cannot be followed.
    Skipped {
        /// The file or entry skipped.
        name: String,
        /// Why.
        reason: String,
    },
}

impl Item {
    /// The item's name: a path, `archive!entry`, or `-`.
    pub fn name(&self) -> &str {
        match self {
            Item::File { name, .. }
            | Item::Bytes { name, .. }
            | Item::Error { name, .. }
            | Item::Skipped { name, .. } => name,
        }
    }

    /// Returns the name and the bytes: reads a `File` under the size limit; `Error` and
    /// `Skipped` give their error or reason as the error.
    pub fn load(self, limits: &Limits) -> (String, Result<Vec<u8>, InputError>) {
        match self {
            Item::File { name, path } => {
                let r = read_file(&path, limits.max_file_bytes);
                (name, r)
            }
            Item::Bytes { name, bytes } => (name, Ok(bytes)),
            Item::Error { name, error } => (name, Err(error)),
            Item::Skipped { name, reason } => (name, Err(InputError::Skipped(reason))),
        }
    }
}

/// Why an input could not be read; `Display` gives the message a report shows.
#[derive(Debug)]
pub enum InputError {
    /// A path given on the command line does not exist or cannot be accessed.
    Path {
        /// The path as given.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A file, directory, entry or stream could not be read.
    Io(io::Error),
    /// A directory entry that could not be listed.
    ListEntry(io::Error),
    /// A symlink whose target cannot be read.
    BrokenSymlink(io::Error),
    /// An archive that cannot be opened (or its reader thread started).
    OpenArchive(io::Error),
    /// A zip archive whose central directory cannot be read.
    ZipArchive(zip::result::ZipError),
    /// One zip entry that cannot be read (method, password, local header).
    ZipEntry(zip::result::ZipError),
    /// A tar stream broken partway.
    CorruptArchive(io::Error),
    /// A gzip stream that cannot be decompressed.
    CorruptGzip(io::Error),
    /// The tar reader thread ended without finishing.
    TarReaderStopped,
    /// Larger than the limit by its recorded size (`what`: file, entry).
    TooLarge {
        /// What was measured: `file`, `entry`.
        what: &'static str,
        /// Its recorded size in bytes.
        len: u64,
        /// The limit in bytes.
        max: u64,
    },
    /// Found over the limit while reading, whatever size was recorded.
    OverLimit {
        /// What was read: `file`, `entry`, `input`, `zip stream`.
        what: &'static str,
        /// The limit in bytes.
        max: u64,
        /// The size recorded beforehand (0 for a stream).
        recorded: u64,
    },
    /// An item skipped rather than read, with the reason.
    Skipped(String),
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::Path { path, source } => write!(f, "{}: {source}", path.display()),
            InputError::Io(e) => write!(f, "{e}"),
            InputError::ListEntry(e) => write!(f, "cannot list an entry: {e}"),
            InputError::BrokenSymlink(e) => write!(f, "broken symlink: {e}"),
            InputError::OpenArchive(e) => write!(f, "cannot read archive: {e}"),
            InputError::ZipArchive(e) => write!(f, "cannot read archive: {e}"),
            InputError::ZipEntry(e) => write!(f, "{e}"),
            InputError::CorruptArchive(e) => write!(f, "corrupt archive: {e}"),
            InputError::CorruptGzip(e) => write!(f, "corrupt gzip stream: {e}"),
            InputError::TarReaderStopped => f.write_str("tar reader stopped unexpectedly"),
            InputError::TooLarge { what, len, max } => {
                write!(f, "{what} is {len} bytes, over the {max}-byte limit")
            }
            InputError::OverLimit {
                what,
                max,
                recorded,
            } => write!(
                f,
                "{what} is over the {max}-byte limit (size recorded as {recorded} bytes)"
            ),
            InputError::Skipped(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for InputError {}

fn read_file(path: &Path, max: u64) -> Result<Vec<u8>, InputError> {
    let f = File::open(path).map_err(InputError::Io)?;
    let len = f.metadata().map(|m| m.len()).unwrap_or(0);
    if len > max {
        return Err(InputError::TooLarge {
            what: "file",
            len,
            max,
        });
    }
    read_limited(f, len, max, "file")
}

/// Reads at most `max` bytes; `take(max + 1)` so a lying size header cannot make us
/// read (or allocate) more than one byte past the limit.
fn read_limited(
    r: impl Read,
    hint: u64,
    max: u64,
    what: &'static str,
) -> Result<Vec<u8>, InputError> {
    // Trust the hint for the allocation only up to the limit.
    let cap = usize::try_from(hint.min(max)).unwrap_or(0);
    let mut buf = Vec::with_capacity(cap);
    r.take(max.saturating_add(1))
        .read_to_end(&mut buf)
        .map_err(InputError::Io)?;
    if buf.len() as u64 > max {
        return Err(InputError::OverLimit {
            what,
            max,
            recorded: hint,
        });
    }
    Ok(buf)
}

/// What a name or a stream's first bytes say it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An SGF file.
    Sgf,
    /// A zip archive.
    Zip,
    /// An uncompressed tar archive.
    Tar,
    /// A gzip-compressed tar archive (or, on stdin, any gzip stream).
    TarGz,
    /// Anything else.
    Other,
}

/// Classifies a file or entry name by extension, case-insensitively.
pub fn kind_of_name(name: &str) -> Kind {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".sgf") {
        Kind::Sgf
    } else if lower.ends_with(".zip") {
        Kind::Zip
    } else if lower.ends_with(".tar") {
        Kind::Tar
    } else if lower.ends_with(".tar.gz") || lower.ends_with(".tgz") {
        Kind::TarGz
    } else {
        Kind::Other
    }
}

/// Classifies a stream by its first bytes (pass at least 512 when available):
/// zip, gzip, tar (ustar magic or a valid header checksum), else SGF.
pub fn sniff(head: &[u8]) -> Kind {
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        Kind::Zip
    } else if head.starts_with(&[0x1F, 0x8B]) {
        Kind::TarGz
    } else if is_tar_header(head) {
        Kind::Tar
    } else {
        Kind::Sgf
    }
}

/// A tar header: "ustar" magic at 257, or (old v7 tar) a valid octal checksum.
fn is_tar_header(h: &[u8]) -> bool {
    if h.len() < 512 {
        return h.len() >= 262 && &h[257..262] == b"ustar";
    }
    if &h[257..262] == b"ustar" {
        return true;
    }
    let field = &h[148..156];
    let digits: Vec<u8> = field
        .iter()
        .copied()
        .skip_while(|b| *b == b' ')
        .take_while(|b| (b'0'..=b'7').contains(b))
        .collect();
    if digits.is_empty() {
        return false;
    }
    let stored = digits
        .iter()
        .fold(0u64, |acc, d| acc * 8 + u64::from(d - b'0'));
    // The checksum counts its own field as eight spaces.
    let sum: u64 = h[..512]
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            if (148..156).contains(&i) {
                u64::from(b' ')
            } else {
                u64::from(b)
            }
        })
        .sum();
    stored == sum && sum != 8 * u64::from(b' ')
}

/// Nested archives deeper than this are skipped (a zip quine would never end).
const MAX_NESTING: u32 = 4;
/// Entries buffered ahead by a tar reader thread.
const TAR_READ_AHEAD: usize = 2;

/// Expands paths into a lazy, ordered stream of [`Item`]s; `-` is standard input.
/// Fails only when a top-level path does not exist or cannot be accessed.
pub fn inputs(paths: &[PathBuf], limits: &Limits) -> Result<Inputs, InputError> {
    for p in paths {
        if p.as_os_str() != "-" {
            std::fs::metadata(p).map_err(|source| InputError::Path {
                path: p.clone(),
                source,
            })?;
        }
    }
    Ok(Inputs {
        limits: *limits,
        pending: paths.iter().cloned().collect(),
        stack: Vec::new(),
    })
}

/// Lazy iterator over the items under the given paths.
pub struct Inputs {
    limits: Limits,
    pending: VecDeque<PathBuf>,
    stack: Vec<Source>,
}

/// What a source produces: a finished item, or something to descend into.
enum Out {
    Item(Item),
    Dir {
        name: String,
        path: PathBuf,
    },
    Archive {
        name: String,
        kind: Kind,
        data: Data,
        depth: u32,
    },
}

impl Out {
    /// An error item.
    fn error(name: String, error: InputError) -> Out {
        Out::Item(Item::Error { name, error })
    }
}

/// Where an archive's bytes come from.
enum Data {
    Path(PathBuf),
    Mem(Vec<u8>),
    Stream(Box<dyn Read + Send>),
}

trait ReadSeek: Read + Seek + Send {}
impl<T: Read + Seek + Send> ReadSeek for T {}

/// One directory entry, listed but not yet yielded.
struct DirEntry {
    path: PathBuf,
    name: String,
    is_dir: bool,
    /// Set when the entry itself could not be read.
    error: Option<InputError>,
}

enum Source {
    /// One output already decided (used for a stream given to [`from_reader`]).
    Pending(Option<Out>),
    /// A directory's sorted entries not yet yielded.
    Dir(std::vec::IntoIter<DirEntry>),
    Zip {
        name: String,
        archive: Box<zip::ZipArchive<Box<dyn ReadSeek>>>,
        next: usize,
        depth: u32,
    },
    /// Tar entries read by a helper thread: `tar::Entries` borrows its archive, so it
    /// cannot live in this iterator; the bounded channel keeps memory bounded.
    Tar {
        name: String,
        /// None once the thread has died and that has been reported.
        rx: Option<Receiver<TarMsg>>,
    },
}

enum TarMsg {
    Out(Out),
    Done,
}

impl Iterator for Inputs {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            let out = match self.stack.last_mut() {
                Some(src) => match src.next(&self.limits) {
                    Some(o) => o,
                    None => {
                        self.stack.pop();
                        continue;
                    }
                },
                None => top_level(self.pending.pop_front()?, &self.limits),
            };
            match out {
                Out::Item(item) => return Some(item),
                Out::Dir { name, path } => match list_dir(&path, &name) {
                    Ok(entries) => self.stack.push(Source::Dir(entries.into_iter())),
                    Err(item) => return Some(item),
                },
                Out::Archive {
                    name,
                    kind,
                    data,
                    depth,
                } => match open_archive(name, kind, data, depth, &self.limits) {
                    Ok(src) => self.stack.push(src),
                    Err(item) => return Some(item),
                },
            }
        }
    }
}

fn display(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

fn top_level(path: PathBuf, limits: &Limits) -> Out {
    if path.as_os_str() == "-" {
        return stdin_source(limits);
    }
    let name = display(&path);
    // Top-level paths are followed even when they are symlinks: the user named them.
    match std::fs::metadata(&path) {
        Ok(m) if m.is_dir() => Out::Dir { name, path },
        Ok(_) => classify_file(name, path),
        Err(e) => Out::error(name, InputError::Io(e)),
    }
}

fn classify_file(name: String, path: PathBuf) -> Out {
    match kind_of_name(&name) {
        Kind::Sgf => Out::Item(Item::File { name, path }),
        Kind::Other => Out::Item(Item::Skipped {
            name,
            reason: "not an SGF file (by extension)".to_string(),
        }),
        kind => Out::Archive {
            name,
            kind,
            data: Data::Path(path),
            depth: 0,
        },
    }
}

/// Lists a directory sorted so that a depth-first walk is in full-path byte order.
fn list_dir(dir: &Path, dir_name: &str) -> Result<Vec<DirEntry>, Item> {
    let rd = std::fs::read_dir(dir).map_err(|e| Item::Error {
        name: dir_name.to_string(),
        error: InputError::Io(e),
    })?;
    let mut v = Vec::new();
    for e in rd {
        let e = match e {
            Ok(e) => e,
            Err(err) => {
                v.push(DirEntry {
                    path: dir.to_path_buf(),
                    name: dir_name.to_string(),
                    is_dir: false,
                    error: Some(InputError::ListEntry(err)),
                });
                continue;
            }
        };
        // file_type does not follow symlinks, so symlinked directories are not entered
        // (no loops); symlinks to files are read like files.
        let is_dir = e.file_type().map(|t| t.is_dir()).unwrap_or(false);
        let path = e.path();
        let name = display(&path);
        v.push(DirEntry {
            path,
            name,
            is_dir,
            error: None,
        });
    }
    // Key: the name's bytes, plus `/` for directories.
    v.sort_by_cached_key(|x| {
        let mut k = x
            .path
            .file_name()
            .unwrap_or_default()
            .as_encoded_bytes()
            .to_vec();
        if x.is_dir {
            k.push(b'/');
        }
        k
    });
    Ok(v)
}

impl Source {
    fn next(&mut self, limits: &Limits) -> Option<Out> {
        match self {
            Source::Pending(o) => o.take(),
            Source::Dir(it) => {
                let e = it.next()?;
                if let Some(error) = e.error {
                    return Some(Out::error(e.name, error));
                }
                if e.is_dir {
                    return Some(Out::Dir {
                        name: e.name,
                        path: e.path,
                    });
                }
                Some(dir_entry(e.path, e.name))
            }
            Source::Zip {
                name,
                archive,
                next,
                depth,
            } => {
                while *next < archive.len() {
                    let i = *next;
                    *next += 1;
                    if let Some(out) = zip_entry(name, archive, i, *depth, limits) {
                        return Some(out);
                    }
                }
                None
            }
            Source::Tar { name, rx } => match rx.as_ref()?.recv() {
                Ok(TarMsg::Out(o)) => Some(o),
                Ok(TarMsg::Done) => None,
                // The reader thread ended without saying Done: it panicked.
                Err(_) => {
                    *rx = None;
                    Some(Out::error(name.clone(), InputError::TarReaderStopped))
                }
            },
        }
    }
}

fn dir_entry(path: PathBuf, name: String) -> Out {
    match std::fs::symlink_metadata(&path) {
        Ok(m) if m.file_type().is_symlink() => match std::fs::metadata(&path) {
            Ok(t) if t.is_dir() => Out::Item(Item::Skipped {
                name,
                reason: "symlinked directory not followed".to_string(),
            }),
            Ok(_) => classify_file(name, path),
            Err(e) => Out::error(name, InputError::BrokenSymlink(e)),
        },
        Ok(_) => classify_file(name, path),
        Err(e) => Out::error(name, InputError::Io(e)),
    }
}

fn open_archive(
    name: String,
    kind: Kind,
    data: Data,
    depth: u32,
    limits: &Limits,
) -> Result<Source, Item> {
    let err = |name: &str, error: InputError| Item::Error {
        name: name.to_string(),
        error,
    };
    match kind {
        Kind::Zip => {
            let reader: Box<dyn ReadSeek> = match data {
                Data::Path(p) => Box::new(BufReader::new(
                    File::open(&p).map_err(|e| err(&name, InputError::OpenArchive(e)))?,
                )),
                Data::Mem(b) => Box::new(Cursor::new(b)),
                // Zip needs seeking: a stream (stdin) is read whole first, under the file limit.
                Data::Stream(r) => {
                    let b = read_limited(r, 0, limits.max_file_bytes, "zip stream")
                        .map_err(|e| err(&name, e))?;
                    Box::new(Cursor::new(b))
                }
            };
            let archive =
                zip::ZipArchive::new(reader).map_err(|e| err(&name, InputError::ZipArchive(e)))?;
            Ok(Source::Zip {
                name,
                archive: Box::new(archive),
                next: 0,
                depth,
            })
        }
        Kind::Tar | Kind::TarGz => {
            let raw: Box<dyn Read + Send> = match data {
                Data::Path(p) => Box::new(BufReader::new(
                    File::open(&p).map_err(|e| err(&name, InputError::OpenArchive(e)))?,
                )),
                Data::Mem(b) => Box::new(Cursor::new(b)),
                Data::Stream(r) => r,
            };
            let reader: Box<dyn Read + Send> = if kind == Kind::TarGz {
                Box::new(flate2::read::MultiGzDecoder::new(raw))
            } else {
                raw
            };
            let (tx, rx) = sync_channel(TAR_READ_AHEAD);
            let (n, l) = (name.clone(), *limits);
            std::thread::Builder::new()
                .name("echelle-tar".to_string())
                .spawn(move || read_tar(reader, &n, depth, &l, &tx))
                .map_err(|e| err(&name, InputError::OpenArchive(e)))?;
            Ok(Source::Tar { name, rx: Some(rx) })
        }
        Kind::Sgf | Kind::Other => Err(Item::Skipped {
            name,
            reason: "not an archive".to_string(),
        }),
    }
}

/// What to do with one archive entry, given its name and recorded size.
fn entry_out(
    archive: &str,
    entry: &str,
    size: u64,
    reader: impl Read,
    depth: u32,
    limits: &Limits,
) -> Out {
    let name = format!("{archive}!{entry}");
    let kind = kind_of_name(entry);
    if kind == Kind::Other {
        return Out::Item(Item::Skipped {
            name,
            reason: "not an SGF file (by extension)".to_string(),
        });
    }
    if kind != Kind::Sgf && depth + 1 > MAX_NESTING {
        return Out::Item(Item::Skipped {
            name,
            reason: format!("archive nested more than {MAX_NESTING} deep"),
        });
    }
    let max = limits.max_entry_bytes;
    if size > max {
        let error = InputError::TooLarge {
            what: "entry",
            len: size,
            max,
        };
        return Out::error(name, error);
    }
    match read_limited(reader, size, max, "entry") {
        Ok(bytes) if kind == Kind::Sgf => Out::Item(Item::Bytes { name, bytes }),
        Ok(bytes) => Out::Archive {
            name,
            kind,
            data: Data::Mem(bytes),
            depth: depth + 1,
        },
        Err(error) => Out::error(name, error),
    }
}

/// One zip entry; None for directories.
fn zip_entry(
    name: &str,
    archive: &mut zip::ZipArchive<Box<dyn ReadSeek>>,
    i: usize,
    depth: u32,
    limits: &Limits,
) -> Option<Out> {
    // Name first, from the central directory, so a bad entry is reported by name.
    let entry_name = match archive.name_for_index(i) {
        Some(Ok(n)) => n.into_owned(),
        _ => format!("#{i}"),
    };
    let f = match archive.by_index(i) {
        Ok(f) => f,
        // One bad entry (unsupported method, password, bad local header) does not
        // spoil the others: the central directory still lists them.
        Err(e) => {
            return Some(Out::error(
                format!("{name}!{entry_name}"),
                InputError::ZipEntry(e),
            ));
        }
    };
    if f.is_dir() {
        return None;
    }
    let size = f.size();
    Some(entry_out(name, &entry_name, size, f, depth, limits))
}

/// Runs on the tar thread: sends each entry; stops when the receiver is gone.
fn read_tar(
    reader: Box<dyn Read + Send>,
    name: &str,
    depth: u32,
    limits: &Limits,
    tx: &SyncSender<TarMsg>,
) {
    let send = |o: Out| tx.send(TarMsg::Out(o)).is_ok();
    let corrupt = |e: io::Error| Out::error(name.to_string(), InputError::CorruptArchive(e));
    let mut ar = tar::Archive::new(reader);
    let entries = match ar.entries() {
        Ok(e) => e,
        Err(e) => {
            send(corrupt(e));
            let _ = tx.send(TarMsg::Done);
            return;
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(e) => e,
            // A broken stream cannot be resynchronised: report and stop this archive.
            Err(e) => {
                send(corrupt(e));
                break;
            }
        };
        let entry_name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let t = entry.header().entry_type();
        let out = if t.is_dir() {
            continue;
        } else if !t.is_file() {
            Out::Item(Item::Skipped {
                name: format!("{name}!{entry_name}"),
                reason: "not a regular file".to_string(),
            })
        } else {
            let size = entry.size();
            entry_out(name, &entry_name, size, entry, depth, limits)
        };
        if !send(out) {
            return;
        }
    }
    let _ = tx.send(TarMsg::Done);
}

/// Reads enough of stdin to sniff it, then treats it as an archive or one SGF file.
fn stdin_source(limits: &Limits) -> Out {
    let name = "-".to_string();
    let mut stdin = io::stdin();
    let head = match read_head(&mut stdin) {
        Ok(h) => h,
        Err(e) => return Out::error(name, InputError::Io(e)),
    };
    let stream: Box<dyn Read + Send> = Box::new(Cursor::new(head.clone()).chain(stdin));
    stream_source(name, &head, stream, limits)
}

/// Treats a stream as zip, tar, gzip (tar inside, or one SGF file) or one SGF file.
fn stream_source(name: String, head: &[u8], stream: Box<dyn Read + Send>, limits: &Limits) -> Out {
    match sniff(head) {
        Kind::TarGz => {
            // Look inside the gzip stream: a tar, or a single gzipped SGF file.
            let mut gz = flate2::read::MultiGzDecoder::new(stream);
            let inner = match read_head(&mut gz) {
                Ok(h) => h,
                Err(e) => return Out::error(name, InputError::CorruptGzip(e)),
            };
            let rest: Box<dyn Read + Send> = Box::new(Cursor::new(inner.clone()).chain(gz));
            match sniff(&inner) {
                Kind::Tar => Out::Archive {
                    name,
                    kind: Kind::Tar,
                    data: Data::Stream(rest),
                    depth: 0,
                },
                _ => whole(name, rest, limits),
            }
        }
        kind @ (Kind::Zip | Kind::Tar) => Out::Archive {
            name,
            kind,
            data: Data::Stream(stream),
            depth: 0,
        },
        _ => whole(name, stream, limits),
    }
}

fn whole(name: String, r: impl Read, limits: &Limits) -> Out {
    match read_limited(r, 0, limits.max_file_bytes, "input") {
        Ok(bytes) => Out::Item(Item::Bytes { name, bytes }),
        Err(error) => Out::error(name, error),
    }
}

/// Reads up to 512 bytes (one tar header), fewer only at end of stream.
fn read_head(r: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(512);
    r.take(512).read_to_end(&mut head)?;
    Ok(head)
}

/// Like reading stdin, for any stream: used by tests and by callers with piped data.
pub fn from_reader(name: &str, r: impl Read + Send + 'static, limits: &Limits) -> Inputs {
    let mut r = r;
    let out = match read_head(&mut r) {
        Ok(head) => {
            let stream: Box<dyn Read + Send> = Box::new(Cursor::new(head.clone()).chain(r));
            stream_source(name.to_string(), &head, stream, limits)
        }
        Err(e) => Out::error(name.to_string(), InputError::Io(e)),
    };
    let mut inputs = Inputs {
        limits: *limits,
        pending: VecDeque::new(),
        stack: Vec::new(),
    };
    inputs.stack.push(Source::Pending(Some(out)));
    inputs
}

#[cfg(test)]
mod tests;
