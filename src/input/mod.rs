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
//!
//! This file holds the limits, the [`Item`]s and [`InputError`]s, the ordered walk over
//! paths and directories, and standard input. It does not open archives, read their
//! entries or tell what a stream is: that is `archive`, which hands back [`Item`]s and
//! nested archives to descend into. `lookup` finds one input again by the name a report
//! gave it, through the same walk.

mod archive;
mod lookup;
#[cfg(test)]
mod tests;

pub use archive::{Kind, kind_of_name, sniff};
pub use lookup::{LookupError, read_named, read_named_from};

use archive::{ArchiveSource, Data, open_archive, read_head, stream_source};
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Cursor, Read};
use std::path::{Path, PathBuf};

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

    /// Bytes this input will occupy once read: what a batch counts to bound its memory (a
    /// file's size on disk, whose games and reports grow with it; 0 when it cannot be known).
    pub fn weight(&self) -> u64 {
        match self {
            Item::File { path, .. } => std::fs::metadata(path).map_or(0, |m| m.len()),
            Item::Bytes { bytes, .. } => bytes.len() as u64,
            Item::Error { .. } | Item::Skipped { .. } => 0,
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
    /// A zip archive whose central directory cannot be read (a file cut short), read entry
    /// by entry from its local headers up to here: nothing from here on can be read.
    ZipStopped {
        /// Entries read from their local headers before this point.
        before: usize,
        /// Why the reading stops here.
        stop: ZipStop,
    },
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
            InputError::ZipStopped { before, stop } => match before {
                0 => write!(f, "{stop}; no entry before it"),
                1 => write!(f, "{stop}; 1 entry before it read from its local header"),
                n => write!(
                    f,
                    "{stop}; {n} entries before it read from their local headers"
                ),
            },
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

/// Where and why the reading of a zip archive by its local headers stops (it is read so only
/// when its central directory cannot be read: without it, an entry whose end is not known
/// hides everything after it).
#[derive(Debug)]
pub enum ZipStop {
    /// The file ends where the next local header (or the central directory) should start.
    End,
    /// The file ends inside a local header.
    InHeader,
    /// The file ends inside this entry's data (`have` bytes of `need`, when recorded) or in
    /// the data descriptor after it.
    InEntry {
        /// Bytes of the entry's data present.
        have: u64,
        /// Its compressed size as recorded before the data, if it is.
        need: Option<u64>,
    },
    /// The central directory is there, but cannot be read.
    Directory(zip::result::ZipError),
    /// Neither a local header nor the central directory at this byte.
    NotAHeader {
        /// Where a header was expected.
        offset: u64,
    },
    /// A local header that cannot be read.
    Header(zip::result::ZipError),
    /// Sizes recorded after the data (a data descriptor), with a compression method whose
    /// data does not say where it ends (only deflate's does).
    SizesAfterData {
        /// The compression method's number.
        method: u16,
    },
    /// Sizes recorded after the data, over the entry limit: its end is not looked for.
    TooLarge {
        /// The limit in bytes.
        max: u64,
    },
    /// Sizes recorded after the data, and the deflate data is corrupt.
    Deflate(io::Error),
    /// The data descriptor does not agree with the data before it.
    Descriptor,
    /// The file cannot be read.
    Io(io::Error),
}

impl std::fmt::Display for ZipStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const LOST: &str = "no central directory: nothing from here on can be read";
        const AFTER: &str = "sizes recorded after the data (data descriptor)";
        match self {
            ZipStop::End => f.write_str("zip archive truncated: no central directory"),
            ZipStop::InHeader => write!(f, "zip archive truncated inside a local header; {LOST}"),
            ZipStop::InEntry { have, need } => {
                f.write_str("zip archive truncated inside this entry (")?;
                match need {
                    Some(need) => write!(f, "{have} of {need} bytes of data")?,
                    None => write!(f, "{have} bytes of data, {AFTER}")?,
                }
                write!(f, "); {LOST}")
            }
            ZipStop::Directory(e) => write!(
                f,
                "zip archive truncated or corrupt: its central directory cannot be read ({e})"
            ),
            ZipStop::NotAHeader { offset } => {
                write!(
                    f,
                    "zip archive corrupt: no local header at byte {offset}; {LOST}"
                )
            }
            ZipStop::Header(e) => write!(f, "unreadable local header ({e}); {LOST}"),
            ZipStop::SizesAfterData { method } => write!(
                f,
                "{AFTER} and compression method {method}, whose data does not say where it \
                 ends; {LOST}"
            ),
            ZipStop::TooLarge { max } => write!(
                f,
                "entry over the {max}-byte limit, {AFTER}: its end is not looked for; {LOST}"
            ),
            ZipStop::Deflate(e) => write!(f, "{e}, {AFTER}: its end cannot be found; {LOST}"),
            ZipStop::Descriptor => {
                write!(f, "{AFTER}, which does not match the data; {LOST}")
            }
            ZipStop::Io(e) => write!(f, "{e}; {LOST}"),
        }
    }
}

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

/// Whether a path given on the command line can be read at all: a directory listed, a
/// regular file opened and its first byte read (a pipe or a device is left to the walk: a
/// byte read from it now would be lost). What the user named and cannot read is a usage
/// error (exit 2); inside a directory the same is a read-error record.
fn usable(p: &Path) -> io::Result<()> {
    let meta = std::fs::metadata(p)?;
    if meta.is_dir() {
        std::fs::read_dir(p).map(drop)
    } else if meta.is_file() {
        let mut first = [0u8; 1];
        File::open(p)?.read(&mut first).map(drop)
    } else {
        Ok(())
    }
}

/// Expands paths into a lazy, ordered stream of [`Item`]s; `-` is standard input.
/// Fails only when a top-level path does not exist or cannot be accessed.
pub fn inputs(paths: &[PathBuf], limits: &Limits) -> Result<Inputs, InputError> {
    for p in paths.iter().filter(|p| p.as_os_str() != "-") {
        usable(p).map_err(|source| InputError::Path {
            path: p.clone(),
            source,
        })?;
    }
    Ok(Inputs {
        limits: *limits,
        pending: paths.iter().cloned().collect(),
        stack: Vec::new(),
    })
}

/// The files under `paths` that [`inputs`] reads, in its order, each as a path that can be
/// given alone: SGF files and archives (not opened), unreadable entries (a batch given one
/// alone fails on it), `-` as given; directories are walked as [`inputs`] walks them and
/// files skipped by their extension are left out. Concatenating the records of each in this
/// order gives the records of the whole, which is how a batch is split across machines.
pub fn units(paths: &[PathBuf]) -> Result<Vec<PathBuf>, InputError> {
    for p in paths.iter().filter(|p| p.as_os_str() != "-") {
        usable(p).map_err(|source| InputError::Path {
            path: p.clone(),
            source,
        })?;
    }
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() != "-" && std::fs::metadata(p).is_ok_and(|m| m.is_dir()) {
            units_under(p, &mut out);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// [`units`] of one directory, depth first in [`list_dir`]'s order.
fn units_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = list_dir(dir, "") else {
        // The walk makes it one error record: so does the directory given alone.
        out.push(dir.to_path_buf());
        return;
    };
    for e in entries {
        if e.error.is_some() {
            out.push(e.path);
        } else if e.is_dir {
            units_under(&e.path, out);
        } else {
            match dir_entry(e.path.clone(), e.name) {
                Out::Item(Item::Skipped { .. }) => {}
                _ => out.push(e.path),
            }
        }
    }
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

/// One directory entry, listed but not yet yielded.
struct DirEntry {
    path: PathBuf,
    name: String,
    is_dir: bool,
    /// Set when the entry itself could not be read.
    error: Option<InputError>,
}

/// One level of the walk: a decided output, a directory, or an open archive.
enum Source {
    /// One output already decided (used for a stream given to [`from_reader`]).
    Pending(Option<Out>),
    /// A directory's sorted entries not yet yielded.
    Dir(std::vec::IntoIter<DirEntry>),
    /// An open zip or tar archive's entries not yet yielded.
    Archive(ArchiveSource),
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
                    Ok(src) => self.stack.push(Source::Archive(src)),
                    Err(item) => return Some(item),
                },
            }
        }
    }
}

fn display(p: &Path) -> String {
    name_of_bytes(p.as_os_str().as_encoded_bytes())
}

/// The name reports give a file or entry whose name is these bytes: the text itself when
/// it is UTF-8; otherwise, so that the file can be found again, every byte outside a valid
/// UTF-8 sequence is written `\xHH` and a backslash `\\` ([`bytes_of_name`] undoes it).
pub fn name_of_bytes(bytes: &[u8]) -> String {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_string();
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(&chunk.valid().replace('\\', "\\\\"));
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// The path a name from a report stands for: the name itself when such a file exists, else
/// the path its escapes ([`name_of_bytes`]) spell.
pub fn path_of_name(name: &str) -> PathBuf {
    let plain = PathBuf::from(name);
    if plain.exists() {
        return plain;
    }
    #[cfg(unix)]
    if let Some(bytes) = bytes_of_name(name) {
        use std::os::unix::ffi::OsStrExt;
        return PathBuf::from(std::ffi::OsStr::from_bytes(&bytes));
    }
    plain
}

/// The bytes of a name written by [`name_of_bytes`] with escapes (`None` when it holds none,
/// or an escape that is not `\\` or `\xHH`).
pub fn bytes_of_name(name: &str) -> Option<Vec<u8>> {
    if !name.contains("\\x") {
        return None;
    }
    let b = name.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'\\') => {
                out.push(b'\\');
                i += 2;
            }
            Some(b'x') => {
                let hex = std::str::from_utf8(b.get(i + 2..i + 4)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 4;
            }
            _ => return None,
        }
    }
    Some(out)
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
            Source::Archive(a) => a.next(limits),
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
